"""sweep_boards (an explicit weighted board list) equals sweep_ranges over the same
runouts, count for count and per hand; weights multiply; chunks add up to the whole."""

from __future__ import annotations

import numba
import numpy as np
import pytest

from omaha8eq.cards import parse_cards
from omaha8eq.engine import range_vs_range
from omaha8eq.engine.range_vs_range import RangeSweep, sweep_boards, sweep_ranges
from omaha8eq.engine.spot import integer_weights
from omaha8eq.errors import OmahaInputError
from omaha8eq.games import game_for
from omaha8eq.ranges.range import parse_range


@pytest.fixture(params=["sweep", "pairwise"])
def method(request, monkeypatch):
    monkeypatch.setattr(range_vs_range, "PAIRWISE_SIDE", -1 if request.param == "sweep" else 10**9)
    return request.param


def _sides(a: str, b: str, size: int = 4):
    ra, rb = parse_range(a, hole_size=size), parse_range(b, hole_size=size)
    return ra.hands, integer_weights(ra.weights), rb.hands, integer_weights(rb.weights)


def _same_counts(x: RangeSweep, y: RangeSweep, factor: int = 1) -> None:
    for name in ("hands_a", "hands_b", "dealt_a", "dealt_b", "total_a", "total_b"):
        assert (getattr(x, name) * factor).tolist() == getattr(y, name).tolist(), name


SPOTS = [
    ("AsAh2c*@50, KhKd2c*", "AsAh2c*, Ad3d4c*@30", "Qc8c5h9d", "", True, 4),
    ("AsAh2c*@50, KhKd2c*", "AsAh2c*, Ad3d4c*@30", "Qc8c5h9d", "Jc", False, 4),
    ("AsAhKd2c*", "AsAhKd2c*@20, Ad2s3s4c*", "Qc8c5h9d", "", True, 5),
    ("AsAhKsKd2c*", "AsAhKsKd2c*@40, AdQd2d3h4h*", "Ac8c5h9d", "", True, 6),
]


@pytest.mark.parametrize(("a", "b", "board", "dead", "hilo", "size"), SPOTS)
def test_explicit_runouts_equal_the_turn_sweep(method, a, b, board, dead, hilo, size):
    sides = _sides(a, b, size)
    game = game_for(size, hilo)
    turn = sweep_ranges(*sides, parse_cards(board), parse_cards(dead), game=game)
    # The same runouts, shuffled: the order of the list does not matter.
    order = np.random.default_rng(5).permutation(turn.runouts)
    boards = turn.boards[order]
    ones = np.ones(len(boards), dtype=np.int64)
    explicit = sweep_boards(*sides, boards, ones, parse_cards(dead), game=game)
    _same_counts(turn, explicit)
    assert explicit.boards.tolist() == boards.tolist() and explicit.runouts == turn.runouts
    assert explicit.board_totals.tolist() == turn.board_totals[order].tolist()
    tripled = sweep_boards(*sides, boards, 3 * ones, parse_cards(dead), game=game, per_board=False)
    _same_counts(turn, tripled, 3)
    assert tripled.board_totals.shape == (0, 2, 3, 5) and tripled.board_weights.tolist() == (3 * ones).tolist()


def test_chunks_add_up_to_the_whole(method):
    sides = _sides("AsAh2c*@50, KhKd2c*, 7s8s9d*", "AsAh2c*, Ad3d4c*@30, Kc*")
    rng = np.random.default_rng(11)
    deck = np.arange(52)
    boards = np.array([rng.choice(deck, 5, replace=False) for _ in range(60)])
    times = rng.integers(1, 25, size=len(boards))
    whole = sweep_boards(*sides, boards, times)
    parts = [sweep_boards(*sides, boards[i : i + 17], times[i : i + 17]) for i in range(0, len(boards), 17)]
    for name in ("hands_a", "hands_b", "dealt_a", "dealt_b", "total_a", "total_b"):
        assert sum(getattr(p, name) for p in parts).tolist() == getattr(whole, name).tolist(), name
    # Each board counted its weight times: the same as the board listed that many times.
    repeated = sweep_boards(*sides, np.repeat(boards, times, axis=0), np.ones(int(times.sum()), dtype=np.int64))
    _same_counts(whole, repeated)
    assert whole.board_totals.sum(axis=0).tolist() == [whole.total_a.tolist(), whole.total_b.tolist()]


def test_long_rank_groups_are_split_into_calls(method, monkeypatch):
    """With a tiny call budget every board is a call of its own: the same counts."""
    sides = _sides("AsAh2c*@50, KhKd2c*", "AsAh2c*, Ad3d4c*@30")
    board = parse_cards("Qc8c5h")
    whole = sweep_ranges(*sides, board)
    calls: list[tuple[int, int | None]] = []
    monkeypatch.setattr(range_vs_range, "ROW_TOUCHES_PER_CALL", 1)
    threads = numba.get_num_threads()
    numba.set_num_threads(1)
    try:
        split = sweep_ranges(*sides, board, progress=lambda done, total: calls.append((done, total)))
    finally:
        numba.set_num_threads(threads)
    _same_counts(whole, split)
    assert split.board_totals.tolist() == whole.board_totals.tolist()
    assert [done for done, _ in calls] == list(range(1, whole.runouts + 1))


def test_an_empty_board_list_counts_nothing():
    swept = sweep_boards(*_sides("AsAh2c*", "Kc*"), np.zeros((0, 5), dtype=np.int8), np.zeros(0, dtype=np.int64))
    assert swept.runouts == 0 and not swept.total_a.any() and not swept.hands_b.any()


@pytest.mark.parametrize(
    ("boards", "weights", "dead", "message"),
    [
        ([[0, 1, 2, 3]], [1], [], "boards: expected an"),
        ([[0, 1, 2, 3, 52]], [1], [], "ints 0..51"),
        ([[0, 1, 2, 3, 3]], [1], [], "same card twice"),
        ([[0, 1, 2, 3, 4]], [0], [], "board_weights"),
        ([[0, 1, 2, 3, 4]], [1, 1], [], "board_weights"),
        ([[0, 1, 2, 3, 4]], [1], [4], "dead card"),
        ([[0, 1, 2, 3, 4]], [1], [60], "dead"),
    ],
)
def test_bad_boards_are_refused(boards, weights, dead, message):
    with pytest.raises(OmahaInputError, match=message):
        sweep_boards(*_sides("AsAh2c*", "Kc*"), np.array(boards), np.array(weights), dead)
