"""The exact loop over range-hand combinations.

Every combination of the ranges' hands (one hand per range) that shares no card is
enumerated exactly by the rank-multiset kernel (``core.exact_multisets``), its
counts weighted by the product of the hands' integer weights. Weighted counts stay
exact: int64 while they surely fit, Python ints beyond (several weighted ranges
preflop can pass 2**63).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import product
from math import prod
from typing import Any

import numpy as np

from ..core.exact_boards import board_combinations
from ..core.hand_isomorphism import card_masks
from ..core.kernel_args import DealArrays, LookupTables
from ..core.showdown import fixed_hand_tables, histogram_shape
from ..core.tables import get_tables
from ..errors import OmahaInputError
from ..results import range_hand_results
from .deal import Deal
from .exact import aggregate_counts
from .progress import ProgressCallback, report
from .summary import HandResults

__all__ = ["UNDEALABLE", "RangeCounts", "exact_range_counts"]

#: The error when no combination of the ranges' hands can be dealt.
UNDEALABLE = "hands: the ranges cannot be dealt together: every combination of their hands shares a card"

# Combinations between two progress reports.
_REPORT_EVERY = 256


@dataclass
class RangeCounts:
    """The result of :func:`exact_range_counts`.

    ``counts``: the weighted histograms, one per part of ``split_ranks`` (shape
    ``(parts, *histogram_shape(P))``, int64 or object); ``outcomes``: the number of
    (combination, runout) deals of each part, unweighted (int64); ``hand_results``:
    with ``by_hand``, per range seat the per-hand results.
    """

    counts: np.ndarray
    outcomes: np.ndarray
    hand_results: HandResults = field(default_factory=dict)


@dataclass
class _Ranges:
    """The ranges of a deal, ready for the loop (one entry per range seat, in seat order)."""

    seats: list[int]
    hands: list[np.ndarray]
    weights: list[np.ndarray]
    masks: list[np.ndarray]
    highs: list[np.ndarray]  # preflop, each hand's highs without flushes (``fixed_hand_tables``); else none

    @classmethod
    def of(cls, deal: Deal) -> _Ranges:
        seats = deal.ranged
        hands = [deal.seats[i].range_hands() for i in seats]
        tables = get_tables()
        return cls(
            seats=seats,
            hands=hands,
            weights=[deal.seats[i].range_weights() for i in seats],
            masks=[card_masks(h) for h in hands],
            # After a flop the aggregation builds the highs it reads (``aggregate_showdowns``).
            highs=[]
            if deal.spot.board
            else [fixed_hand_tables(h, np.ones(len(h), dtype=bool), tables, flushes_and_lows=False) for h in hands],
        )

    def combinations(self) -> int:
        return prod(len(h) for h in self.hands)

    def disjoint(self, choice: tuple[int, ...]) -> int | None:
        """The card mask of the combination ``choice``, or None if two hands share a card."""
        used = 0
        for masks, k in zip(self.masks, choice, strict=True):
            if int(masks[k]) & used:
                return None
            used |= int(masks[k])
        return used


def _count_dtype(ranges: _Ranges, arrays: DealArrays) -> Any:
    """int64 when the weighted counts surely fit, else object (exact Python ints)."""
    largest = ranges.combinations() * board_combinations(len(arrays.deck), 5 - arrays.n_known)
    largest *= prod(int(w.max()) for w in ranges.weights)
    return np.int64 if largest < 2**63 else object


def exact_range_counts(
    deal: Deal,
    arrays: DealArrays,
    tables: LookupTables,
    *,
    by_hand: bool,
    progress: ProgressCallback | None,
    split_ranks: int = 0,
) -> RangeCounts:
    """Exact counts with ranges (and fixed hands, no random one): every combination of
    range hands that shares no card, weighted by the product of the hands' weights.

    ``arrays`` is the deal's :class:`DealArrays` (fixed hands' high columns at least);
    ``split_ranks`` as for ``core.exact_multisets.aggregate_showdowns``. Raises
    OmahaInputError when no combination can be dealt.
    """
    ranges = _Ranges.of(deal)
    n_players = deal.n_players
    weighted = _count_dtype(ranges, arrays)
    parts = 2 if split_ranks else 1
    total = np.zeros((parts, *histogram_shape(n_players)), dtype=weighted)
    per_hand = (
        [np.zeros((len(h), *histogram_shape(n_players)[1:]), dtype=weighted) for h in ranges.hands] if by_hand else []
    )
    dealt = [np.zeros(len(h), dtype=weighted) for h in ranges.hands]
    outcomes = np.zeros(parts, dtype=np.int64)
    # One DealArrays for every combination, its arrays filled in place: numba then types
    # it once (see core.kernel_args). The ranges' hands hold no known card and a
    # combination's hands share none, so every combination leaves the same number of cards.
    combination = arrays._replace(
        holes=arrays.holes.copy(),
        fixed_tables=arrays.fixed_tables.copy(),
        deck=np.empty(len(arrays.deck) - len(ranges.seats) * arrays.n_hole, dtype=np.int8),
    )
    deck_bits = np.left_shift(np.int64(1), arrays.deck.astype(np.int64))
    n_combinations = ranges.combinations()
    for done, choice in enumerate(product(*(range(len(h)) for h in ranges.hands)), start=1):
        used = ranges.disjoint(choice)
        if used is not None:
            weight = 1
            for r, (i, k) in enumerate(zip(ranges.seats, choice, strict=True)):
                combination.holes[i] = ranges.hands[r][k]
                if ranges.highs:
                    combination.fixed_tables[i] = ranges.highs[r][k]
                weight *= int(ranges.weights[r][k])
            np.compress((deck_bits & used) == 0, arrays.deck, out=combination.deck)
            counts = aggregate_counts(combination, tables, split_ranks)
            part_deals = counts[:, 0].sum(axis=(1, 2))
            outcomes += part_deals
            weighted_deals = weight * int(part_deals.sum())
            counts = counts.astype(weighted, copy=False)
            total += weight * counts
            for r, k in enumerate(choice):
                dealt[r][k] += weighted_deals
            if by_hand:
                both = counts[0] if parts == 1 else counts.sum(axis=0)
                for r, k in enumerate(choice):
                    per_hand[r][k] += (weight // int(ranges.weights[r][k])) * both[ranges.seats[r]]
        if done % _REPORT_EVERY == 0 or done == n_combinations:
            report(progress, done, n_combinations)
    if outcomes.sum() == 0:
        raise OmahaInputError(UNDEALABLE)
    hand_results: HandResults = {}
    if by_hand:
        for r, i in enumerate(ranges.seats):
            hand_results[i] = range_hand_results(ranges.hands[r], per_hand[r], dealt[r])
    return RangeCounts(total, outcomes, hand_results)
