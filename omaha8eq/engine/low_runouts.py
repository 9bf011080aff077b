"""Low draws counted by rank category: the runouts behind ``omaha8eq.counterfeit``.

Cards are ints 0..51 (``4 * rank + suit``, rank 12 = ace). Lows depend on ranks only,
so a card is reduced to its *category*: its low bit 0..7 (ace = 0, deuce = 1 ... eight
= 7) or 8 for the cards 9 to K. Every multiset of categories the cards to come can form
is visited once, weighted by the number of runouts that have it (the product of
C(unseen cards of the category, times it appears)); opponents' ranges are grouped by how
many cards of each category their joint combinations hold. The definitions (low cards,
counterfeit, nut low) are in ``omaha8eq.counterfeit``'s module docstring.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from itertools import combinations
from math import comb
from typing import Any, cast

import numpy as np

from ..core.hand_isomorphism import card_masks
from ..core.low import nut_low
from ..core.tables import get_tables
from ..errors import OmahaInputError
from ..hand_values import LowHand
from ..inputs import DECK_SIZE
from .spot import Seat

__all__ = [
    "LOW_TEXT",
    "MAX_COMBINATIONS",
    "OTHER_CATEGORY",
    "Runouts",
    "category_counts",
    "count_runouts",
    "joint_combinations",
    "low_category",
    "low_mask",
    "low_table",
    "no_low_reason",
    "nut_low_value",
    "pick_low_cards",
    "rank_runouts",
]

#: The low-rank letter of each low bit (bit 0 = ace ... bit 7 = eight).
LOW_TEXT = "A2345678"
#: The category of the cards 9 to K (no low).
OTHER_CATEGORY = 8
#: Most joint combinations of the opponents' range hands (raises OmahaInputError above).
MAX_COMBINATIONS = 5_000_000
_BLOCK = 1 << 22  # pairs tested at once when combining ranges
#: The one nut-low rule, run as Python on the table as a tuple (see its docstring).
_NUT_LOW = cast(Callable[[int, int, Sequence[int]], int], nut_low.py_func)


def low_category(card: int) -> int:
    """The category of a card: its low bit 0..7 (ace = 0, deuce = 1 ... eight = 7), or 8."""
    rank = card >> 2
    if rank == 12:
        return 0
    return rank + 1 if rank <= 6 else OTHER_CATEGORY


def low_mask(cards: Sequence[int]) -> int:
    """8-bit mask of the low ranks among ``cards`` (bit 0 = ace ... bit 7 = eight)."""
    mask = 0
    for c in cards:
        bit = low_category(c)
        if bit != OTHER_CATEGORY:
            mask |= 1 << bit
    return mask


def _category_keys() -> np.ndarray:
    """Each card's category as a key: 5 bits per category (at most 20 cards, 9 to K)."""
    return np.array([1 << (5 * low_category(c)) for c in range(DECK_SIZE)], dtype=np.int64)


@functools.lru_cache(maxsize=1)
def low_table() -> tuple[int, ...]:
    """The low table as a tuple: index ``board_mask * 256 + hole_mask`` -> low value or -1."""
    return tuple(int(v) for v in get_tables().low)


def rank_runouts(counts: Sequence[int], k: int) -> Iterator[tuple[tuple[int, ...], int]]:
    """Every way to take ``k`` cards by category, and how many runouts do it.

    ``counts[i]`` is the number of unseen cards of category ``i``. Yields
    ``(taken, weight)``: the cards taken of each category and the number of k-card
    sets that take exactly those, the product of ``C(counts[i], taken[i])``.
    """
    n = len(counts)
    taken = [0] * n

    def visit(i: int, left: int, weight: int) -> Iterator[tuple[tuple[int, ...], int]]:
        if i == n - 1:
            if left <= counts[i]:
                taken[i] = left
                yield tuple(taken), weight * comb(counts[i], left)
            return
        for t in range(min(left, counts[i]) + 1):
            taken[i] = t
            yield from visit(i + 1, left - t, weight * comb(counts[i], t))

    yield from visit(0, k, 1)


def joint_combinations(ranges: list[Seat], names: list[str]) -> tuple[list[tuple[tuple[int, ...], int]], int]:
    """The joint combinations of the ranges' hands (one hand each, no card shared),
    grouped by how many cards of each of the 9 categories they hold.

    Returns ``([(count per category, summed weight)], number of combinations)``: the
    weight of a combination is the product of its hands' integer weights. Without
    ranges: ``([((0,) * 9, 1)], 1)``.
    Raises OmahaInputError above ``MAX_COMBINATIONS`` combinations, or when no
    combination exists.
    """
    keys_of_card = _category_keys()
    bound = MAX_COMBINATIONS
    for seat in ranges:
        bound *= int(seat.range_weights().max())
    dtype: Any = np.int64 if bound < 2**63 else object  # object: exact Python ints
    masks = np.zeros(1, dtype=np.int64)
    keys = np.zeros(1, dtype=np.int64)
    weights = np.ones(1, dtype=dtype)
    for seat in ranges:
        hand_masks = card_masks(seat.range_hands())
        hand_keys = keys_of_card[seat.range_hands().astype(np.int64)].sum(axis=1)
        hand_weights = seat.range_weights().astype(dtype)
        pieces = []
        found = 0
        rows = max(1, _BLOCK // len(hand_masks))
        for first in range(0, len(masks), rows):
            i, j = np.nonzero((masks[first : first + rows, None] & hand_masks[None, :]) == 0)
            found += len(i)
            if found > MAX_COMBINATIONS:
                raise OmahaInputError(
                    f"{', '.join(names)}: the ranges make more than {MAX_COMBINATIONS:,} joint "
                    "combinations of hands; give narrower ranges"
                )
            i += first
            pieces.append((masks[i] | hand_masks[j], keys[i] + hand_keys[j], weights[i] * hand_weights[j]))
        if found == 0:
            raise OmahaInputError(
                f"{', '.join(names)}: the ranges cannot be dealt together: every combination "
                "of their hands shares a card"
            )
        masks, keys, weights = (np.concatenate(part) for part in zip(*pieces, strict=True))
    order = np.argsort(keys, kind="stable")
    keys, weights = keys[order], weights[order]
    starts = np.flatnonzero(np.concatenate(([True], keys[1:] != keys[:-1])))
    sums = np.add.reduceat(weights, starts)
    grouped = [
        (tuple((int(key) >> (5 * i)) & 31 for i in range(9)), int(weight))
        for key, weight in zip(keys[starts].tolist(), sums.tolist(), strict=True)
    ]
    return grouped, len(keys)


def pick_low_cards(hand: tuple[int, ...], board_mask: int, low: LowHand | None) -> tuple[int, ...]:
    """The two hole cards the counterfeit is measured against (see the module docstring)."""
    table = low_table()
    if low is not None:
        candidates = [
            pair
            for pair in combinations(hand, 2)
            if low_category(pair[0]) != low_category(pair[1])
            and OTHER_CATEGORY not in (low_category(pair[0]), low_category(pair[1]))
            and table[board_mask * 256 + low_mask(pair)] == low.value
        ]
        return min(candidates, key=lambda p: sorted((low_category(c) for c in p), reverse=True))
    first_of_rank: dict[int, int] = {}
    for c in hand:
        if low_category(c) != OTHER_CATEGORY:
            first_of_rank.setdefault(low_category(c), c)
    bits = sorted(first_of_rank)
    free = [b for b in bits if not board_mask >> b & 1]
    chosen = set((free if len(free) >= 2 else bits)[:2])
    return tuple(c for c in hand if low_category(c) in chosen and first_of_rank[low_category(c)] == c)


def no_low_reason(hand: tuple[int, ...], board: tuple[int, ...], to_come: int) -> str:
    hand_ranks = bin(low_mask(hand)).count("1")
    board_ranks = bin(low_mask(board)).count("1")
    if hand_ranks < 2:
        held = "no card" if hand_ranks == 0 else "only one rank"
        return f"no low possible: the hand holds {held} of 8 or lower; a low needs two different ones"
    if board_ranks + to_come < 3:
        plural = "s" if to_come != 1 else ""
        return (
            f"no low possible: the board shows {board_ranks} different rank(s) of 8 or lower "
            f"with {to_come} card{plural} to come; a low needs three"
        )
    return (
        "no low possible: no runout of the unseen cards gives the hand two hole cards and "
        "three board cards of five different ranks of 8 or lower"
    )


def nut_low_value(final_board_mask: int, left: Sequence[int]) -> int:
    """The nut low (:func:`omaha8eq.core.low.nut_low`; -1: none) on the board of low-rank
    mask ``final_board_mask`` when the cards still unseen are ``left`` (count per category)."""
    unseen_mask = sum(1 << b for b in range(8) if left[b] > 0)
    return _NUT_LOW(final_board_mask, unseen_mask, low_table())


@dataclass
class Runouts:
    """Every (combination, runout) deal, weighted, by the low ranks the runout brings.

    ``by_ranks[brought]`` and ``total``: [deals, deals with a low, deals with the nut
    low]; ``combinations``: the joint combinations of the ranges' hands.
    """

    by_ranks: dict[int, list[int]]
    total: list[int]
    combinations: int

    def counterfeit(self, bits_mask: int) -> list[int]:
        """[deals, with a low, with the nut low] over the runouts bringing a rank of ``bits_mask``."""
        hits = [e for brought, e in self.by_ranks.items() if brought & bits_mask]
        return [sum(e[i] for e in hits) for i in range(3)]


def category_counts(cards: Sequence[int]) -> list[int]:
    """How many of ``cards`` fall in each of the 9 categories (see :func:`low_category`)."""
    counts = [0] * 9
    for c in cards:
        counts[low_category(c)] += 1
    return counts


def count_runouts(
    hand: tuple[int, ...], board: tuple[int, ...], unseen: Sequence[int], ranges: list[Seat], range_names: list[str]
) -> Runouts:
    """Count every runout of the ``unseen`` cards that completes ``board``, by the low
    ranks it brings, for each group of joint combinations of the ``ranges``' hands (the
    cards they hold are not dealt): whether ``hand`` ends with a low, and with the nut low."""
    combinations_by_counts, n_combinations = joint_combinations(ranges, range_names)
    to_come = 5 - len(board)
    table = low_table()
    hole_mask = low_mask(hand)
    board_mask = low_mask(board)
    counts = category_counts(unseen)
    by_ranks: dict[int, list[int]] = {}
    for held, combination_weight in combinations_by_counts:
        free = [n - h for n, h in zip(counts, held, strict=True)]
        for taken, weight in rank_runouts(free, to_come):
            brought = sum(1 << b for b in range(8) if taken[b])
            final_mask = board_mask | brought
            value = table[final_mask * 256 + hole_mask]
            nut = value >= 0 and value >= nut_low_value(final_mask, [n - t for n, t in zip(free, taken, strict=True)])
            entry = by_ranks.setdefault(brought, [0, 0, 0])
            weight *= combination_weight
            entry[0] += weight
            entry[1] += weight if value >= 0 else 0
            entry[2] += weight if nut else 0
    total = [sum(e[i] for e in by_ranks.values()) for i in range(3)]
    total_weight = sum(weight for _, weight in combinations_by_counts)
    in_ranges = len(ranges) * len(hand)
    assert total[0] == total_weight * comb(len(unseen) - in_ranges, to_come)
    return Runouts(by_ranks, total, n_combinations)
