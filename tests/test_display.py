"""Results as text, HTML and DataFrames (omaha8eq.present.display and the result classes'
``__str__``, ``_repr_html_`` and ``to_pandas``)."""

from __future__ import annotations

import sys

import numpy as np
import pytest

import omaha8eq
from omaha8eq.cards import cards_to_mask
from omaha8eq.errors import OmahaInputError
from omaha8eq.present.display import HAND_COLUMNS, PLAYER_COLUMNS, SHOWN_SPOTS, format_equity, range_sizes

BOARD = "Ac8c5h"


@pytest.fixture(scope="module")
def ranged():
    return omaha8eq.equity(["AsAh2c3d", "KK:$ds", "random"], BOARD, by_hand=True, samples=2000, seed=1)


@pytest.fixture(scope="module")
def spots():
    deals = [(["AsAh2c3d", "KsKhQdJd"], BOARD), (["2c3c4d5d", "AhKhQhJh"], "Kd7s2s9c")]
    return omaha8eq.spot_equities(deals * 6)


def test_a_range_is_marked_with_its_size_once_the_known_cards_are_out(ranged):
    # independently: the range's hands that hold no card of the known hand or the board
    expected = omaha8eq.parse_range("KK:$ds").without(cards_to_mask("AsAh2c3d" + BOARD)).count
    assert range_sizes(ranged) == [None, expected, None]
    text = str(ranged)
    assert f"KK:$ds (range, {expected:,} hands)" in text
    assert "As Ah 3d 2c " in text and "random (range" not in text


def test_str_is_the_command_line_table(ranged):
    text = str(ranged)
    assert text == format_equity(ranged)
    lines = text.splitlines()
    assert lines[0].split()[:3] == ["Hand", "Equity", "%"]
    assert f"{100 * ranged.players[0].equity:.2f}" in lines[1]
    assert "Monte Carlo: 2,000 samples, seed 1" in text
    assert len(text) < 800


def test_html_has_every_row_escaped(ranged):
    page = ranged._repr_html_()
    assert page.startswith("<div><table>") and page.count("<tr>") == 1 + len(ranged.players)
    assert "KK:$ds (range," in page and "<td>random</td>" in page
    from omaha8eq.present.protocol import html_table as _html_table

    assert _html_table(["Hand"], [["<b>&"]], ["x < y"]) == (
        "<div><table><thead><tr><th>Hand</th></tr></thead><tbody><tr><td>&lt;b&gt;&amp;</td></tr></tbody></table>"
        "x &lt; y</div>"
    )


def test_to_pandas_one_row_per_player(ranged):
    frame = ranged.to_pandas()
    assert list(frame.columns) == ["hand", "range_hands", *PLAYER_COLUMNS]
    assert list(frame.index) == [1, 2, 3] and frame.index.name == "player"
    assert frame["hand"].tolist() == [p.hand for p in ranged.players]
    for name in PLAYER_COLUMNS:
        assert frame[name].tolist() == [getattr(p, name) for p in ranged.players]
    assert frame["range_hands"].isna().tolist() == [True, False, True]
    assert frame["range_hands"][2] == range_sizes(ranged)[1]


def test_to_pandas_of_a_range_lists_its_hands_best_first(ranged):
    player = ranged.players[1]
    frame = player.to_pandas()
    assert list(frame.columns) == ["hand", *HAND_COLUMNS]
    assert frame["hand"].tolist() == [h.hand for h in player.by_hand]
    assert frame["equity"].tolist() == [h.equity for h in player.by_hand]
    assert frame["equity"].is_monotonic_decreasing
    with pytest.raises(ValueError, match="no per-hand results"):
        ranged.players[0].to_pandas()


def test_to_pandas_without_pandas_says_how_to_install_it(ranged, monkeypatch):
    monkeypatch.setitem(sys.modules, "pandas", None)
    with pytest.raises(OmahaInputError, match=r"pip install 'omaha8eq\[pandas\]'"):
        ranged.to_pandas()


def test_many_spots_as_text_html_and_a_long_frame(spots):
    text = str(spots)
    assert f"... and {len(spots) - SHOWN_SPOTS:,} more spots" in text
    assert f"{len(spots)} spots of 2 players, Omaha Hi-Lo, exact" in text
    assert f"{100 * spots.equity[0, 0]:.2f}" in text.splitlines()[1]
    assert spots._repr_html_().count("<tr>") == 1 + 2 * SHOWN_SPOTS
    frame = spots.to_pandas()
    assert len(frame) == 2 * len(spots)
    assert frame["spot"].tolist() == np.repeat(np.arange(len(spots)), 2).tolist()
    assert np.array_equal(frame["equity"].to_numpy().reshape(len(spots), 2), spots.equity)
    assert np.array_equal(frame["outcomes"].to_numpy()[::2], spots.outcomes)
    # each row agrees with the spot's own result
    one = spots.result(1)
    row = frame[(frame["spot"] == 1) & (frame["player"] == 1)].iloc[0]
    assert (row["hand"], row["board"], row["equity"]) == (one.players[1].hand, one.board, one.players[1].equity)


def test_the_time_line_gives_compiling_apart_from_running(ranged):
    from dataclasses import replace

    result = replace(ranged, elapsed=14.0)
    assert "Monte Carlo: 2,000 samples, seed 1, in 14.0 s\n" in format_equity(result) + "\n"
    line = format_equity(result, compiling=11.5).splitlines()[-1]
    assert line == "Monte Carlo: 2,000 samples, seed 1, in 2.50 s, plus 11.5 s compiling kernels for first use"


def test_the_time_line_gives_loading_apart_from_the_work(ranged):
    from dataclasses import replace

    result = replace(ranged, elapsed=0.5)
    line = format_equity(result, loading=0.42).splitlines()[-1]
    assert line == "Monte Carlo: 2,000 samples, seed 1, in 0.08 s, plus 0.42 s loading compiled kernels"
    both = format_equity(replace(ranged, elapsed=14.0), compiling=11.5, loading=0.5).splitlines()[-1]
    assert both.endswith("in 2.00 s, plus 11.5 s compiling kernels for first use, plus 0.50 s loading compiled kernels")


def test_the_command_line_reports_loading_time_apart(capsys, monkeypatch):
    # A warm run's first kernel calls load the kernels from numba's cache: said apart from
    # the work (the first calls that compiled are the compiling time, not the loading).
    from cli_run import run

    from omaha8eq.cli import equity as equity_command

    readings = iter([10.0, 10.4])  # before and after the run: 0.4 s of first calls
    monkeypatch.setattr(equity_command, "loading_seconds", lambda: next(readings))
    status, out, _ = run(capsys, "equity", "AsAh2c3d", "KsKhQdJd", "--board", "4c5d7s")
    assert status == 0
    assert out.splitlines()[-1].endswith(" s, plus 0.40 s loading compiled kernels")


def test_first_calls_are_timed_once_numba_is_loaded():
    import numba

    from omaha8eq.cli.startup import loading_engine, loading_seconds

    @numba.njit
    def plus_one(x):
        return x + 1

    with loading_engine():
        pass
    before = loading_seconds()
    assert plus_one(1) == 2  # its first call: typed and compiled here, timed as a first call
    assert loading_seconds() > before


def test_the_command_line_reports_compile_time_apart(capsys, monkeypatch):
    from cli_run import run

    from omaha8eq.core import registry

    readings = iter([100.0, 102.5])  # before and after the run: 2.5 s compiling
    monkeypatch.setattr(registry, "compile_seconds", lambda: next(readings))
    status, out, _ = run(capsys, "equity", "AsAh2c3d", "KsKhQdJd", "--board", "4c5d7s")
    assert status == 0
    assert out.splitlines()[-1].endswith(" s, plus 2.50 s compiling kernels for first use")


def test_a_counterfeit_report_prints_as_the_command_line_does(capsys):
    from cli_run import run

    report = omaha8eq.counterfeit_odds("As 2c Kh Kd", "4d 6h 8s")
    status, out, _ = run(capsys, "counterfeit", "As2cKhKd", "--board", "4d6h8s")
    assert status == 0
    drop_time = lambda text: text.rsplit(" in ", 1)[0]  # noqa: E731 - the last line's time differs
    assert drop_time(str(report)) == drop_time(out.rstrip("\n"))
    assert "Counterfeited" in str(report) and report._repr_html_().startswith("<pre>Hand: As Kh Kd 2c")


def test_settlements_and_allins_print_as_the_command_line_does(capsys):
    from cli_run import run

    settled = omaha8eq.settle([(None, 10), ("As Ah 2c 3d", 50)])
    status, out, _ = run(capsys, "settle", "fold:10", "AsAh2c3d:50")
    assert status == 0 and str(settled) == out.rstrip("\n")
    assert settled._repr_html_().startswith("<pre>Board: -")
    players = [("As 2s 3d Kc", 20), ("Qh Qd Jh Tc", 60)]
    allin = omaha8eq.allin_equity(players, "4c 5d Ks Jd")
    status, out, _ = run(capsys, "allin", "As2s3dKc:20", "QhQdJhTc:60", "--board", "4c5dKsJd")
    assert status == 0
    assert str(allin).rsplit(" in ", 1)[0] == out.rstrip("\n").rsplit(" in ", 1)[0]  # the time differs


def test_one_column_tuple_gives_the_tables_the_frames_and_the_json(ranged):
    import dataclasses

    from omaha8eq.outcomes import NAMED_SHARES
    from omaha8eq.present.display import EQUITY_COLUMNS, SPOT_FIGURES
    from omaha8eq.results import HandEquity, PlayerEquity
    from omaha8eq.spot_results import PLAYER_FIGURES

    # Every float figure of the result classes has its column, and only those (a named
    # pot share, such as the quarter, is a property of PlayerEquity).
    floats = [f.name for f in dataclasses.fields(PlayerEquity) if f.type in ("float", float)]
    assert list(PLAYER_COLUMNS) == [*floats, *NAMED_SHARES]
    assert list(HAND_COLUMNS) == [f.name for f in dataclasses.fields(HandEquity) if f.name not in ("hand", "counts")]
    assert SPOT_FIGURES == PLAYER_FIGURES
    # The JSON's players carry the same columns, in the same order.
    document = ranged.to_dict()["players"][0]
    assert [k for k in document if k in PLAYER_COLUMNS] == list(PLAYER_COLUMNS)
    assert all(document[k] == getattr(ranged.players[0], k) for k in PLAYER_COLUMNS)
    # The text table's header: the hand, then the columns a hi-lo Monte Carlo run shows.
    header = str(ranged).splitlines()[0]
    shown = [c.column.header for c in EQUITY_COLUMNS if c.player_table]
    assert header.split("  ")[0] == "Hand" and [h.strip() for h in header.split("  ") if h.strip()][1:] == shown
    exact = omaha8eq.equity(["AsAh2c3d", "KsKhQdJd"], "Ac8c5h7d", game="omahahi")
    assert "± s.e." not in str(exact) and "Win lo %" not in str(exact) and "Scoop %" in str(exact)
