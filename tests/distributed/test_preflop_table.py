"""The preflop table job: exact tasks equal the enumeration of every (hand, board,
opponent), sampled tasks are the same for any partitioning, the breakdown equals
summarize_player's, and the files hold what the table holds."""

from __future__ import annotations

import json

import numpy as np
import pytest
from cli_run import run
from range_helpers import combination_path

from omaha8eq.cards import format_cards
from omaha8eq.core.hand_isomorphism import all_hands, card_masks, class_keys
from omaha8eq.data.table_format import breakdown, read_table
from omaha8eq.distributed import Task
from omaha8eq.distributed.preflop_table import (
    PreflopTable,
    _exact_task,
    _sampled_task,
    class_seed,
    starting_classes,
    table_from_counts,
    table_job,
)
from omaha8eq.distributed.table_file import write_table
from omaha8eq.engine.board_isomorphism import board_isomorphism
from omaha8eq.engine.options import RunOptions
from omaha8eq.engine.spot import parse_spot
from omaha8eq.equities import equity
from omaha8eq.errors import OmahaInputError
from omaha8eq.results import summarize_player


def _enumerated(hand, board: str) -> np.ndarray:
    """``hand`` against one random hand on a river, every opponent enumerated (not swept)."""
    spot = parse_spot([format_cards(hand), "random"], board, "")
    return combination_path(spot, RunOptions(exhaustive=True)).players[0].counts


def test_an_exact_task_sums_every_hand_of_a_class_over_its_boards():
    boards, sizes = board_isomorphism()
    start = 5000
    counts = _exact_task({"hole_size": 4, "hilo": True}, Task(0, start, start + 2))["counts"]
    keys, representatives, class_sizes = starting_classes(4)
    assert counts.shape == (len(keys), 3, 5)
    # Every class counted its hands x the boards they miss x C(43, 4) opponents.
    hands = all_hands(4)
    class_of_hand = np.searchsorted(keys, class_keys(hands))
    misses = (card_masks(hands)[:, None] & card_masks(boards[start : start + 2])[None, :]) == 0
    per_hand = misses.astype(np.int64) @ sizes[start : start + 2] * 123_410
    assert counts.sum(axis=(1, 2)).tolist() == np.bincount(class_of_hand, weights=per_hand).astype(int).tolist()
    for c in (0, int(np.argmax(class_sizes)), 9_999):
        expected = np.zeros((3, 5), dtype=np.int64)
        for hand in hands[class_of_hand == c]:
            for b in range(start, start + 2):
                if set(hand.tolist()) & set(boards[b].tolist()):
                    continue  # a hand holding a board card is never dealt
                expected += int(sizes[b]) * _enumerated(hand, format_cards(boards[b]))
        assert counts[c].tolist() == expected.tolist(), format_cards(representatives[c])


def test_sampled_tasks_do_not_depend_on_the_partition():
    params = {"hole_size": 4, "players": 3, "hilo": True, "samples": 500, "seed": 11}
    whole = _sampled_task(params, Task(0, 3, 7))["counts"]
    parts = [_sampled_task(params, Task(i, a, b))["counts"] for i, (a, b) in enumerate([(3, 4), (4, 7)])]
    assert whole.tolist() == np.concatenate(parts).tolist()
    assert whole.shape == (4, 4, 6) and (whole.sum(axis=(1, 2)) == 500).all()
    representative = starting_classes(4)[1][5]
    alone = equity([representative.tolist(), "random", "random"], samples=500, seed=class_seed(11, 5))
    assert whole[2].tolist() == alone.players[0].counts.tolist()
    assert len({class_seed(11, i) for i in range(100)} | {class_seed(12, 0)}) == 101


def test_the_breakdown_equals_summarize_player():
    rng = np.random.default_rng(3)
    for players in (2, 3):
        counts = rng.integers(0, 1000, (5, players + 1, players + 3))
        columns = breakdown(counts)
        for row in range(5):
            player = summarize_player("", counts[row], True)
            for name in ("equity", "scoop", "quarter", "hi_win", "hi_tie", "lo_win", "lo_tie", "no_low"):
                assert columns[name][row] == pytest.approx(getattr(player, name)), name


def test_table_jobs_are_checked():
    assert table_job(4).n_items == 134_459 and not table_job(4).rows
    sampled = table_job(5, 3, samples=1000, seed=2)
    assert sampled.rows and sampled.n_items == 134_459 and sampled.params["samples"] == 1000
    assert table_job(4, 3).digest != table_job(4, 3, seed=1).digest
    for bad in ({"hole_size": 7}, {"hole_size": 4, "players": 12}, {"hole_size": 4, "samples": 100}):
        with pytest.raises(OmahaInputError):
            table_job(**bad)
    with pytest.raises(ValueError, match="not a finished exact table"):
        table_from_counts(table_job(4), np.zeros((16_432, 3, 5), dtype=np.int64))


def test_the_files_hold_the_table(tmp_path):
    keys, hands, sizes = starting_classes(4)
    counts = np.random.default_rng(8).integers(1, 1000, (len(keys), 4, 6))
    table = PreflopTable(4, 3, True, False, 1000, 7, keys, hands, sizes, counts, "d" * 64)
    npz, csv = write_table(table, tmp_path / "t.npz")
    header, arrays = read_table(npz)
    assert header["players"] == 3 and header["exact"] is False and header["samples"] == 1000
    assert header["digest"] == "d" * 64 and "Monte Carlo" in header["method"]
    for name in ("keys", "hands", "sizes", "counts"):
        assert arrays[name].tolist() == getattr(table, name).tolist()
    lines = csv.read_text().splitlines()
    comments = [line for line in lines if line.startswith("#")]
    rows = [line.split(",") for line in lines[len(comments) + 1 :]]
    assert lines[len(comments)] == "rank,hand,hands,equity,scoop,quarter,hi_win,hi_tie,lo_win,lo_tie,no_low"
    assert len(rows) == 16_432 and [int(r[0]) for r in rows] == list(range(1, 16_433))
    equities = [float(r[3]) for r in rows]
    assert equities == sorted(equities, reverse=True)
    best = int(np.argmax(breakdown(counts)["equity"]))
    assert rows[0][2] == str(sizes[best]) and float(rows[0][3]) == pytest.approx(breakdown(counts)["equity"][best])


@pytest.mark.slow
def test_the_command_builds_a_sampled_table_and_resumes(capsys, tmp_path):
    out = str(tmp_path / "p3.npz")
    argv = ("table", "preflop", "--hole-size", "4", "--players", "3", "--samples", "2", "--out", out)
    status, stdout, _ = run(capsys, *argv, "--scheduler", "local", "--workers", "2")
    assert status == 0 and "Wrote" in stdout
    header, arrays = read_table(out)
    assert json.loads(json.dumps(header))["players"] == 3 and (arrays["counts"].sum(axis=(1, 2)) == 2).all()
    # Everything is in the checkpoint: a second run only adds it up.
    status, _, _ = run(capsys, *argv, "--workers", "1")
    assert status == 0 and read_table(out)[1]["counts"].tolist() == arrays["counts"].tolist()
