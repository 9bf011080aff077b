"""Exact heads-up range vs range before the flop: which boards to sweep, and per-class sums.

Preflop, the range sweep (:func:`~.range_vs_range.sweep_boards`) visits five-card
boards. When both ranges are unchanged by every permutation of the four suits (the
same hands with the same weights: ``15%``, ``A2**``, ``AA:$ds``, a random hand) and no
card is dead, every board of a suit class gives the same totals, so the 134,459
class representatives (:func:`~.board_isomorphism.board_isomorphism`), each counted as many
times as its class has boards, give the totals of all 2,598,960 boards. Otherwise
every board of the cards that are neither dead nor held by every hand of a side is
swept (C(48, 5) = 1,712,304 for a known four-card hand).

Per hand, a class sweep's counts are not each hand's own: a hand sees the
representatives in one suit orientation only. Its exact counts are the mean of the
class sweep's counts over its suit class of starting hands (each hand of the class is
in both ranges when they are symmetric; the mean of a class is exact and an integer,
see :func:`class_average`). :func:`class_totals` sums per-hand arrays by starting-hand
suit class (the preflop table of every class against a random hand).

Cards are ints 0..51 (``card = 4 * rank + suit``); hands are rows of an int8 array.
"""

from __future__ import annotations

from math import comb

import numpy as np

from ..core.hand_isomorphism import all_hands, card_masks, class_keys
from .board_isomorphism import BOARD_CLASSES, board_isomorphism
from .runout_symmetry import permute_suits

__all__ = ["PreflopBoards", "class_average", "class_totals", "preflop_board_count", "preflop_boards", "suit_symmetric"]

#: A transposition and a 4-cycle of the suits: together they generate every permutation.
_GENERATORS = ((1, 0, 2, 3), (1, 2, 3, 0))

PreflopBoards = tuple[np.ndarray, np.ndarray, bool]


def _weighted_set(masks: np.ndarray, weights: np.ndarray) -> np.ndarray:
    order = np.lexsort((weights, masks))
    return np.stack([masks[order], weights[order]])


def suit_symmetric(hands: np.ndarray, weights: np.ndarray) -> bool:
    """True when every permutation of the suits maps the weighted range ``hands`` (n, k)
    with ``weights`` (n,) onto itself: the same hands with the same weights."""
    masks = card_masks(np.asarray(hands))
    weights = np.asarray(weights, dtype=np.int64)
    this = _weighted_set(masks, weights)
    return all(np.array_equal(this, _weighted_set(permute_suits(masks, g), weights)) for g in _GENERATORS)


def _held_by_all(hands: np.ndarray) -> int:
    """The mask of the cards every hand holds (a known hand: its own); 0 for no hands."""
    return int(np.bitwise_and.reduce(card_masks(hands))) if len(hands) else 0


def _by_class(sides: tuple[tuple[np.ndarray, np.ndarray], ...], dead: tuple[int, ...]) -> bool:
    return not dead and all(suit_symmetric(hands, weights) for hands, weights in sides)


def preflop_board_count(sides: tuple[tuple[np.ndarray, np.ndarray], ...], dead: tuple[int, ...]) -> int:
    """How many boards :func:`preflop_boards` gives for these sides (hands, weights)."""
    if _by_class(sides, dead):
        return BOARD_CLASSES
    excluded = sum(1 << c for c in dead) | _held_by_all(sides[0][0]) | _held_by_all(sides[1][0])
    return comb(52 - excluded.bit_count(), 5)


def preflop_boards(sides: tuple[tuple[np.ndarray, np.ndarray], ...], dead: tuple[int, ...]) -> PreflopBoards:
    """The boards to sweep preflop for two sides, each ``(hands, weights)``, and ``dead``.

    Returns ``(boards, board_weights, by_class)``: the suit-class representatives with
    their sizes and True when both sides are suit-symmetric and nothing is dead; else
    every board of the cards neither dead nor held by every hand of a side (the other
    boards deal no hand of that side), weights 1, and False. Boards are (m, 5) int8.
    """
    if _by_class(sides, dead):
        boards, sizes = board_isomorphism()
        return boards, sizes, True
    excluded = sum(1 << c for c in dead) | _held_by_all(sides[0][0]) | _held_by_all(sides[1][0])
    every = all_hands(5)
    boards = every[(card_masks(every) & excluded) == 0]
    return boards, np.ones(len(boards), dtype=np.int64), False


def class_totals(hands: np.ndarray, per_hand: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Sum per-hand arrays by suit class of starting hands.

    Args:
        hands: (n, k) card ints, distinct hands (for example ``all_hands(k)``).
        per_hand: (n, ...) integer values per hand (a :class:`~.range_vs_range.RangeSweep`'s
            ``hands_a`` (n, 3, 5) or ``dealt_a`` (n,); int64 or Python ints).

    Returns:
        ``(keys, totals, members)``: the classes present, by increasing key of
        :func:`omaha8eq.core.hand_isomorphism.class_keys` (turn them into hands with
        ``class_representatives(keys, k)``); per class the sum of its hands' values
        (``totals.shape == (len(keys),) + per_hand.shape[1:]``, exact integers); and
        how many of ``hands`` are in it (its size when every hand is given).
    """
    per_hand = np.asarray(per_hand)
    keys, inverse, members = np.unique(class_keys(hands), return_inverse=True, return_counts=True)
    if not len(keys):
        return keys, per_hand[:0].copy(), members
    order = np.argsort(inverse, kind="stable")
    starts = np.concatenate([[0], np.cumsum(members)[:-1]])
    totals = np.add.reduceat(per_hand[order], starts, axis=0)
    return keys, totals, members


def class_average(hands: np.ndarray, per_hand: np.ndarray) -> np.ndarray:
    """Each hand's value replaced by the mean over the hands of its suit class among ``hands``.

    For a class sweep of suit-symmetric ranges these means are the exact per-hand
    counts: a suit permutation maps the boards of a class onto each other, so the mean
    over a hand's class of its counts on one representative is its mean over the
    class's boards, and summed over the classes, weighted by their sizes, its count over
    every board, which is the same for every hand of its class. Being that count,
    the mean is an integer (checked).
    """
    per_hand = np.asarray(per_hand)
    keys, totals, members = class_totals(hands, per_hand)
    where = np.searchsorted(keys, class_keys(hands))
    divisor = members[where].reshape((-1,) + (1,) * (per_hand.ndim - 1))
    mean, remainder = np.divmod(totals[where], divisor)
    if remainder.any():
        raise AssertionError("class_average: a class total is not a multiple of its hands (not a class sweep?)")
    return mean.astype(per_hand.dtype)
