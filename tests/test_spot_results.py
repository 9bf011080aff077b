"""``spot_equities``: many spots of known hands as arrays, figure for figure ``equity()``'s.

Every array cell is compared with ``==`` (not approximately) to the same spot's
``equity(..., exhaustive=True)`` result, on random spots (preflop, flop, turn, river; 2 to
4 players of 4, 5 or 6 cards; dead cards; Hi-Lo and high only), and the counts also to
the per-board enumeration (``run_method(spot, Method.ENUMERATE)``), the reference the aggregation
is checked against.
"""

from __future__ import annotations

import dataclasses
import itertools

import numba
import numpy as np
import pytest
from deals import batches_by_game, game_of_spot, random_known_spots, without_elapsed

from omaha8eq import OmahaInputError, OmahaTypeError, SpotEquities, equity, equity_many, spot_equities
from omaha8eq.engine import run as engine_run
from omaha8eq.engine.method import Method
from omaha8eq.engine.options import RunOptions
from omaha8eq.engine.run import run_method
from omaha8eq.engine.spot import parse_spot
from omaha8eq.spot_results import PLAYER_FIGURES

ACES, KINGS = "As Ah 2c 3d", "Ks Kh Qd Jd"


@pytest.mark.parametrize("hilo", [True, False])
@pytest.mark.parametrize("n_players, boards", [(2, (0, 3, 4, 5)), (3, (3, 4, 5)), (4, (3, 4, 5))])
def test_every_figure_is_equity_s_bit_for_bit(n_players, boards, hilo):
    spots = random_known_spots(40 + n_players, 14, players=(n_players, n_players), boards=boards)
    for game, where in batches_by_game(spots, hilo):
        batch = [spots[i] for i in where]
        table = spot_equities(batch, game=game)
        assert len(table) == len(batch) and table.players == n_players and table.hilo is hilo
        for i, spot in enumerate(batch):
            alone = equity(*spot, game=game_of_spot(spot, hilo), exhaustive=True)
            assert table.outcomes[i] == alone.outcomes
            assert table.nobody_low[i] == alone.nobody_low
            for p, player in enumerate(alone.players):
                assert np.array_equal(table.counts[i, p], player.counts)
                for name in PLAYER_FIGURES:
                    assert table_figure(table, name)[i, p] == getattr(player, name), (spot, p, name)
            assert without_elapsed(table.result(i)) == without_elapsed(alone)
            assert without_elapsed(table.results()[i]) == without_elapsed(alone)
            assert table.exact_equity(i, 0) == alone.players[0].exact_equity()


def table_figure(table, name):
    figure = getattr(table, name)
    assert figure.shape == (len(table), table.players) and figure.dtype == np.float64
    return figure


def test_the_counts_are_the_per_board_enumeration_s():
    spots = [*random_known_spots(50, 8, players=(3, 3)), ([ACES, KINGS, "9s 8s 7d 6d"], "", "Tc")]
    table = spot_equities(spots)
    for i, spot in enumerate(spots):
        reference = run_method(parse_spot(*spot), Method.ENUMERATE, RunOptions(exhaustive=True))
        assert table.outcomes[i] == reference.outcomes
        assert np.array_equal(table.counts[i], [player.counts for player in reference.players])


def test_the_rows_add_up():
    table = spot_equities(random_known_spots(51, 20, players=(3, 3)))
    assert np.allclose(table.equity.sum(axis=1), 1.0)
    for halves in (("hi_win", "hi_tie", "hi_lose"), ("lo_win", "lo_tie", "lo_lose", "no_low")):
        assert np.allclose(sum(getattr(table, name) for name in halves), 1.0)
    assert (table.counts.sum(axis=(2, 3)) == table.outcomes[:, None]).all()


def test_the_figures_are_the_fields_it_documents():
    names = [f.name for f in dataclasses.fields(SpotEquities) if not f.name.startswith("_")]
    assert names[: len(PLAYER_FIGURES)] == list(PLAYER_FIGURES)


def test_equity_many_gives_each_table_row_as_a_result():
    # Mixed player counts: equity_many counts each group as one table, in the order given.
    spots = random_known_spots(52, 5, players=(2, 2)) + random_known_spots(53, 4, players=(3, 3))
    spots = [spots[k] for k in (0, 5, 1, 6, 2, 7, 3, 8, 4)]
    for spot, result in zip(spots, equity_many(spots), strict=True):
        assert without_elapsed(result) == without_elapsed(equity(*spot, exhaustive=True))


def test_no_spot_gives_an_empty_table():
    table = spot_equities([])
    assert len(table) == 0 and table.equity.shape == (0, 0) and table.outcomes.shape == (0,)


def test_progress_counts_spots_and_max_work_bounds_them_all():
    seen = []
    spot_equities([([ACES, KINGS], "4c 5d 7s")] * 3, progress=lambda done, total: seen.append((done, total)))
    assert seen[-1] == (3, 3)
    with pytest.raises(OmahaInputError, match="max_work"):
        spot_equities([([ACES, KINGS], "4c 5d 7s")] * 2, max_work=2 * 1640 - 1)  # 2 hands x 820 boards each


@pytest.mark.parametrize(
    "spots, error, message",
    [
        (
            [([ACES, KINGS], "4c 5d 7s"), ([ACES, KINGS, "9s 8s 7d 6d"], "4c 5d 7s")],
            OmahaInputError,
            "spot 2: 3 players",
        ),
        ([([ACES, KINGS], "4c 5d 7s"), ([ACES, "random"],)], OmahaInputError, "spot 2: spot_equities takes known"),
        ([([ACES, KINGS], "4c 5d 7s"), ([ACES, "KK*"],)], OmahaInputError, "spot 2: spot_equities takes known"),
        ([([ACES, KINGS], "4c 5d Xs")], OmahaInputError, "spot 1: board"),
        ([([ACES, KINGS], "4c 5d As")], OmahaInputError, "spot 1: .*As"),
        ([([ACES, KINGS], "", "", "")], OmahaTypeError, "spot 1: expected a tuple"),
        ("4c 5d 7s", OmahaTypeError, "spots: expected a list"),
    ],
)
def test_a_bad_spot_is_named(spots, error, message):
    with pytest.raises(error, match=message):
        spot_equities(spots)


def test_options_are_checked():
    with pytest.warns(DeprecationWarning), pytest.raises(OmahaTypeError, match="hilo"):
        spot_equities([([ACES, KINGS],)], hilo="yes")  # the deprecated flag warns, then is refused
    with pytest.raises(OmahaInputError, match="threads"):
        spot_equities([([ACES, KINGS],)], threads=0)


def test_kernel_calls_of_a_few_spots_and_two_threads_count_the_same(monkeypatch):
    # Mixed hole sizes in one player count, cut into kernel calls of 3 spots (progress after each).
    spots = random_known_spots(54, 20, players=(3, 3))
    whole = spot_equities(spots, threads=1)
    monkeypatch.setattr(engine_run, "SPOTS_PER_CALL", 3)
    seen = []
    threads = min(2, numba.config.NUMBA_NUM_THREADS)  # two where the machine has them
    cut = spot_equities(spots, threads=threads, progress=lambda done, total: seen.append((done, total)))
    assert np.array_equal(cut.counts, whole.counts) and np.array_equal(cut.equity, whole.equity)
    assert len(seen) >= 7 and seen[-1] == (20, 20)  # 7 calls at least
    assert all(done < later for (done, _), (later, _) in itertools.pairwise(seen))
