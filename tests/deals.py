"""Random deals for the kernel tests, and the comparison with the naive oracle.

Card format: int 0..51, card = 4*rank + suit, rank 0..12 = 2..A, suit 0..3 = c, d, h, s.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import naive
import numpy as np

from omaha8eq import evaluate_batch, format_cards, parse_cards
from omaha8eq.games import game_for

# Every 8-or-better low as a descending rank tuple, best first (lexicographically smallest
# is best: compare from the highest card down). The package numbers them 55 (wheel) .. 0.
ALL_LOWS = sorted(combinations(range(8, 0, -1), 5))
LOW_VALUE = {ranks: 55 - i for i, ranks in enumerate(ALL_LOWS)}

FULL_DECK = np.arange(52)
LOW_WEIGHTS = np.array([8.0 if (c // 4 <= 6 or c // 4 == 12) else 1.0 for c in range(52)])
TWO_SUITS = np.array([c for c in range(52) if c % 4 in (1, 3)])  # diamonds and spades
TWO_SUITS_LOW_WEIGHTS = np.array([6.0 if (c // 4 <= 6 or c // 4 == 12) else 1.0 for c in TWO_SUITS])


def low_rank(card):
    """Rank of a card in ace-to-five lowball: ace 1, deuce 2, ..., king 13."""
    r = card // 4
    return 1 if r == 12 else r + 2


def deal_from(rng, n, k, deck, weights=None):
    """n rows of k distinct cards drawn from ``deck`` (without replacement).

    With ``weights`` a card is drawn with probability proportional to its weight at each
    step (successive sampling, done as the k smallest of Exp(1)/weight).
    """
    deck = np.asarray(deck, dtype=np.int64)
    keys = rng.random((n, len(deck)))
    if weights is not None:
        keys = rng.exponential(size=(n, len(deck))) / np.asarray(weights, dtype=float)
    order = np.argsort(keys, axis=1)[:, :k]
    # Shuffle each row too: weighted draws come out roughly in weight order.
    return rng.permuted(deck[order], axis=1)


def split(rows, h):
    """Rows of h + b cards as (holes, boards), both C-contiguous."""
    return np.ascontiguousarray(rows[:, :h]), np.ascontiguousarray(rows[:, h:])


def compare_with_naive(holes, boards, *, high=True, low=True):
    """Evaluate with evaluate_batch and naive; return (mismatches, stats).

    Halves not asked for must come back as -1.
    """
    got_high, got_low = evaluate_batch(holes, boards, high=high, low=low)
    assert got_high.dtype == np.int16 and got_low.dtype == np.int16
    assert got_high.shape == got_low.shape == (len(holes),)
    mismatches = []
    stats = Counter()
    for i, (hole, board) in enumerate(zip(holes.tolist(), boards.tolist(), strict=True)):
        value, hole2, board3 = naive.best_high(hole, board)
        ranks = naive.best_low(hole, board)
        want_high = value if high else -1
        want_low = -1 if ranks is None or not low else LOW_VALUE[ranks]
        if got_high[i] != want_high or got_low[i] != want_low:
            got = (int(got_high[i]), int(got_low[i]))
            mismatches.append((format_cards(hole), format_cards(board), got, (want_high, want_low)))
        stats[naive.category5(hole2 + board3)] += 1
        stats["low"] += ranks is not None
        hole_low_ranks = {low_rank(c) for c in hole if low_rank(c) <= 8}
        board_ranks = {low_rank(c) for c in board}
        stats["counterfeit"] += bool(hole_low_ranks & board_ranks)
    return mismatches, stats


def assert_no_mismatch(mismatches, n):
    assert not mismatches, (
        f"{len(mismatches)} of {n} deals differ from naive; first ones "
        f"(hole, board, got (high, low), expected (high, low)): {mismatches[:5]}"
    )


def random_known_spots(seed, count, players=(2, 4), boards=(3, 4, 5)):
    """``count`` spots ``(hands as text, board, dead)`` of random known hands: ``players[0]``
    to ``players[1]`` players of 4, 5 or 6 cards, a board of one of the sizes ``boards``,
    0 to 2 dead cards."""
    rng = np.random.default_rng(seed)
    spots = []
    for _ in range(count):
        n_players = int(rng.integers(players[0], players[1] + 1))
        n_hole = int(rng.choice([4, 5, 6]))
        n_board = int(rng.choice(boards))
        n_dead = int(rng.integers(0, 3))
        cards = [int(c) for c in rng.permutation(52)[: n_players * n_hole + n_board + n_dead]]
        hands = [format_cards(cards[i * n_hole : (i + 1) * n_hole]) for i in range(n_players)]
        rest = cards[n_players * n_hole :]
        spots.append((hands, format_cards(rest[:n_board]), format_cards(rest[n_board:])))
    return spots


def game_of_spot(spot, hilo):
    """The game of a spot ``(hands, ...)`` of known hands: its hole size, hi-lo or high only."""
    return game_for(len(parse_cards(spot[0][0])), hilo)


def batches_by_game(spots, hilo):
    """``(game, indices)`` batches of ``spots`` for one ``equity_many``/``spot_equities``
    call each: hi-lo, one batch of all (game None: each spot's own hole size); high only,
    one batch a game (a game sets the hole size; only the deprecated hilo=False said
    "high only, any size")."""
    if hilo:
        return [(None, list(range(len(spots))))]
    games = [game_of_spot(spot, False) for spot in spots]
    return [(game, [i for i, g in enumerate(games) if g is game]) for game in dict.fromkeys(games)]


def without_elapsed(result):
    """A result's ``to_dict()`` without its timing, to compare two results field for field."""
    document = result.to_dict()
    del document["elapsed"]
    return document
