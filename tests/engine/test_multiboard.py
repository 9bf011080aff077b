"""Double board and running it N times, count for count against the brute force (tests/naive_boards.py)."""

from __future__ import annotations

from collections import Counter

import naive_boards
import numpy as np
import pytest

from omaha8eq import format_cards
from omaha8eq.boards import boards_equity
from omaha8eq.games import game_for

HIGH_WORDS = {"win": "hi_win", "tie": "hi_tie", "lose": "hi_lose"}
LOW_WORDS = {"win": "lo_win", "tie": "lo_tie", "lose": "lo_lose", "none": "no_low", "nobody": "no_low"}
# Low cards (ace to eight) drawn more often, so that lows, ties and counterfeits come up.
WEIGHTS = np.array([3.0 if c // 4 <= 6 or c // 4 == 12 else 1.0 for c in range(52)])


def random_spot(rng, known_sizes, n_players, hole, deck_left=None):
    """Hands, boards (board b with known_sizes[b] cards) and dead cards, low-card heavy.

    With ``deck_left`` the dead cards leave that many cards in the deck (so that the brute
    force stays small), else 0 to 2 dead cards.
    """
    order = rng.choice(52, size=52, replace=False, p=WEIGHTS / WEIGHTS.sum()).tolist()
    hands = [tuple(order[i * hole : (i + 1) * hole]) for i in range(n_players)]
    at = n_players * hole
    boards = []
    for size in known_sizes:
        boards.append(tuple(order[at : at + size]))
        at += size
    n_dead = int(rng.integers(0, 3)) if deck_left is None else 52 - at - deck_left
    return hands, boards, tuple(order[at : at + n_dead])


def assert_matches(result, reference):
    """Every count of the result equals the brute force's."""
    assert result.exhaustive
    assert result.outcomes == reference["outcomes"]
    for player, expected in zip(result.players, reference["players"], strict=True):
        assert player.exact_equity() == expected["equity"]
        assert player.share_counts == {s: k for s, k in expected["shares"].items() if k}
        assert dict(enumerate(player.scooped)) == {k: expected["scooped"].get(k, 0) for k in range(len(player.scooped))}
        for on_board, board_expected in zip(player.boards, expected["boards"], strict=True):
            tally = Counter()
            for (high, low), count in board_expected["states"].items():
                tally[HIGH_WORDS[high]] += count
                tally[LOW_WORDS[low]] += count
                tally["nobody_low"] += count * (low == "nobody")
            counts = on_board.outcome_counts
            for name in ("hi_win", "hi_tie", "hi_lose", "lo_win", "lo_tie", "lo_lose", "no_low", "nobody_low"):
                assert getattr(counts, name) == tally[name], name
            assert on_board.exact_equity() == board_expected["equity"]


# (known cards on board 1, on board 2, cards left in the deck or None for the full deck)
DOUBLE_SPOTS = [(5, 4, None), (4, 5, None), (4, 4, None), (3, 5, 14), (5, 3, 14), (0, 5, 9), (3, 3, 12), (5, 5, None)]


@pytest.mark.parametrize("case", range(12))
def test_double_board_matches_brute_force(case):
    rng = np.random.default_rng(2700 + case)
    first, second, deck_left = DOUBLE_SPOTS[case % len(DOUBLE_SPOTS)]
    hole = (4, 5, 6)[case % 3]
    n_players = 2 + (case % 4 == 1)
    hilo = case % 4 != 3
    hands, boards, dead = random_spot(rng, (first, second), n_players, hole, deck_left)
    result = boards_equity(
        [format_cards(h) for h in hands], [format_cards(b) for b in boards], dead, game=game_for(len(hands[0]), hilo)
    )
    assert_matches(result, naive_boards.boards_equity(hands, boards, dead, hilo))


@pytest.mark.parametrize(
    ("case", "runs", "known", "deck_left"),
    [(0, 2, 4, None), (1, 2, 4, None), (2, 3, 4, 12), (3, 4, 4, 10), (4, 2, 3, 14), (5, 2, 5, None), (6, 2, 0, 11)],
)
def test_runs_match_brute_force(case, runs, known, deck_left):
    rng = np.random.default_rng(2750 + case)
    hole = (4, 5, 6)[case % 3]
    n_players = 2 + (case == 4)
    hands, (board,), dead = random_spot(rng, (known,), n_players, hole, deck_left)
    hilo = case != 1
    result = boards_equity(
        [format_cards(h) for h in hands], format_cards(board), dead, runs=runs, game=game_for(len(hands[0]), hilo)
    )
    assert result.kind == "run" and len(result.boards) == runs
    assert_matches(result, naive_boards.boards_equity(hands, [board] * runs, dead, hilo))
