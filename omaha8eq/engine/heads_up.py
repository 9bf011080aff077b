"""Exact heads-up counts by the range sweep, in the combination path's terms.

Two players, each a range or a known hand (a range of one hand, weight 1), before
the flop or on a flop, turn or river: :func:`~.range_vs_range.sweep_ranges` (preflop
:func:`~.range_vs_range.sweep_boards` over the boards of :mod:`.preflop`) counts
every hand of both sides at once, and :func:`sweep_counts` returns exactly what
:func:`~.range_combinations.exact_range_counts` returns for the same deal: the
weighted histograms, the number of (combination, runout) deals unweighted and the
per-hand results; on a flop or turn, also the next-card table (each board's
per-side counts summed over the boards that bring the card). Cards are ints 0..51
(``4 * rank + suit``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache, partial
from itertools import combinations
from math import comb

import numpy as np

from ..cards import format_cards
from ..core.exact_boards import board_combinations
from ..core.hand_isomorphism import card_masks
from ..errors import OmahaInputError
from ..inputs import DECK_SIZE
from ..results import NextCardEquity, range_hand_results, summarize_player
from .deal import Deal
from .preflop import class_average, preflop_board_count, preflop_boards
from .progress import ProgressCallback
from .range_combinations import UNDEALABLE, RangeCounts
from .range_vs_range import RangeSweep, one_range, row_touches, sweep_boards, sweep_ranges
from .runout_symmetry import hand_symmetries, runout_orbit_count
from .spot import Seat
from .summary import HandResults

__all__ = [
    "RANDOM_HANDS_LIMIT",
    "SweepCounts",
    "heads_up_sweepable",
    "sweep_board_count",
    "sweep_counts",
    "sweep_work",
]

#: A random hand is swept as the range of every hand of the unseen cards (unit
#: weights: each deal counts once, as when enumerating) when there are at most this
#: many: four- and five-card hands (C(49, 5) = 1.9 million on a flop), not six.
RANDOM_HANDS_LIMIT = 2_000_000


#: A function with the arguments of :func:`~.range_vs_range.sweep_boards` that
#: returns its :class:`~.range_vs_range.RangeSweep` (a distributed run of it).
BoardSweeper = Callable[..., RangeSweep]


@dataclass
class SweepCounts(RangeCounts):
    """:class:`~.range_combinations.RangeCounts` plus, when asked, the next-card table."""

    next_cards: tuple[NextCardEquity, ...] | None = None


def heads_up_sweepable(deal: Deal) -> bool:
    """True for two players before the flop or on a flop, turn or river, each a range or
    a known hand, or one of them random with at most ``RANDOM_HANDS_LIMIT`` hands to deal."""
    random_ok = all(_side_size(deal, seat) <= RANDOM_HANDS_LIMIT for seat in deal.seats if seat.is_random)
    return deal.n_players == 2 and len(deal.spot.board) in (0, 3, 4, 5) and random_ok


def _side_size(deal: Deal, seat: Seat) -> int:
    """How many hands the seat's side of a sweep has."""
    if seat.is_random:
        return comb(_unseen(deal), deal.spot.hole_size)
    return len(seat.range_hands()) if seat.is_range else 1


def _side(deal: Deal, seat: Seat) -> tuple[np.ndarray, np.ndarray]:
    """A seat as a weighted range: its hands and integer weights (a known hand: one, weight
    1; a random hand: every hand of the cards not on the board nor dead, weight 1)."""
    if seat.is_range:
        return seat.range_hands(), seat.range_weights()
    if seat.cards is not None:
        return np.array([seat.cards], dtype=np.int8), np.ones(1, dtype=np.int64)
    return _random_side(frozenset(deal.spot.board) | frozenset(deal.spot.dead), deal.spot.hole_size)


@lru_cache(maxsize=2)
def _random_side(known: frozenset[int], hole_size: int) -> tuple[np.ndarray, np.ndarray]:
    """Every hand of the cards not in ``known``, weight 1 (read-only: the estimate and
    the run both ask for it)."""
    unseen = [c for c in range(DECK_SIZE) if c not in known]
    hands = np.array(list(combinations(unseen, hole_size)), dtype=np.int8).reshape(-1, hole_size)
    weights = np.ones(len(hands), dtype=np.int64)
    for array in (hands, weights):
        array.setflags(write=False)
    return hands, weights


def sweep_board_count(deal: Deal) -> int:
    """The boards a sweep of ``deal`` visits: completions of the board from the cards
    that neither the board nor the dead cards hold; preflop, those of
    :func:`~.preflop.preflop_boards` (134,459 suit classes for symmetric ranges)."""
    if not deal.spot.board:
        return preflop_board_count(tuple(_side(deal, seat) for seat in deal.seats), deal.spot.dead)
    return board_combinations(_unseen(deal), deal.n_missing)


def _unseen(deal: Deal) -> int:
    """The cards neither on the board nor dead."""
    return DECK_SIZE - len(deal.spot.board) - len(deal.spot.dead)


def sweep_work(deal: Deal) -> int:
    """The estimated work of :func:`sweep_counts`: row touches (or hand pairs) per board
    times the boards swept (about 100 million a second on one core: 15% vs 15% on a turn,
    2.4e7 of them, a range against itself being swept once, takes 0.25-0.35 s)."""
    n_a, n_b = (_side_size(deal, seat) for seat in deal.seats)
    return row_touches(n_a, n_b, deal.spot.hole_size, mirror=_one_range(deal)) * _swept_board_count(deal)


def _swept_board_count(deal: Deal) -> int:
    """The boards the sweep of ``deal`` runs: after the flop, one runout of each class of
    suit-equivalent ones (:func:`~.runout_symmetry.runout_orbit_count`, the count
    :func:`~.runout_symmetry.runout_orbits` keeps); preflop, :func:`sweep_board_count`."""
    if not deal.spot.board:
        return sweep_board_count(deal)
    known_mask = sum(1 << c for c in (*deal.spot.board, *deal.spot.dead))
    # The known cards and a known hand often leave the identity alone: no range is read.
    sides = [_live_side(deal, seat, known_mask) for seat in deal.seats if seat.cards is not None]
    if not hand_symmetries(sides, known_mask):
        return sweep_board_count(deal)
    # A random side, every hand of the unseen cards, is mapped onto itself by every
    # permutation that maps the known cards onto themselves: not built to be checked.
    sides += [_live_side(deal, seat, known_mask) for seat in deal.seats if seat.is_range]
    return runout_orbit_count(sides, known_mask, deal.n_missing)


def _live_side(deal: Deal, seat: Seat, known_mask: int) -> tuple[np.ndarray, np.ndarray]:
    """A seat's hands that hold none of ``known_mask``: their card masks and weights."""
    hands, weights = _side(deal, seat)
    masks = card_masks(hands)
    live = (masks & known_mask) == 0
    return masks[live], weights[live]


def _one_range(deal: Deal) -> bool:
    """True when both seats hold the same range (swept once: see ``range_vs_range.one_range``)."""
    if not all(seat.is_range for seat in deal.seats):
        return False
    (hands_a, weights_a), (hands_b, weights_b) = (_side(deal, seat) for seat in deal.seats)
    return one_range(card_masks(hands_a), weights_a, card_masks(hands_b), weights_b)


def _disjoint_pairs(hands_a: np.ndarray, hands_b: np.ndarray) -> int:
    """How many pairs (one hand per side) share no card: by inclusion-exclusion over the
    card subsets S held on both sides, the sum of (-1)**|S| times the number of hands
    of each side holding S."""
    counted = []
    for hands in (hands_a, hands_b):
        bits = np.left_shift(np.int64(1), hands.astype(np.int64))
        subsets = [np.bitwise_or.reduce(bits[:, [j for j in range(hands.shape[1]) if s >> j & 1]], axis=1)
                   for s in range(1 << hands.shape[1])]  # fmt: skip
        counted.append(np.unique(np.concatenate(subsets), return_counts=True))
    (keys_a, counts_a), (keys_b, counts_b) = counted
    both, in_a, in_b = np.intersect1d(keys_a, keys_b, assume_unique=True, return_indices=True)
    signs = np.where(np.bitwise_count(both) % 2 == 0, 1, -1)
    return int((signs * counts_a[in_a] * counts_b[in_b]).sum())


def sweep_counts(
    deal: Deal,
    *,
    by_hand: bool,
    progress: ProgressCallback | None,
    by_next_card: bool = False,
    sweeper: BoardSweeper | None = None,
) -> SweepCounts:
    """Exact counts of a heads-up deal before the flop or on a 3-, 4- or 5-card board:
    ``counts`` (1, 2, 3, 5), ``outcomes`` (1,) and, with ``by_hand``, each range's
    per-hand results, as :func:`~.range_combinations.exact_range_counts` gives them
    (preflop by suit classes of boards: each hand's mean over its suit class, which
    is its exact result, see :func:`~.preflop.class_average`); with ``by_next_card``
    (a flop or turn), the next-card table. Preflop, ``sweeper`` (with the arguments
    of :func:`~.range_vs_range.sweep_boards`) sweeps the boards instead of
    ``sweep_boards``: a distributed run (``omaha8eq.distributed``). Raises
    OmahaInputError when no pair of hands can be dealt."""
    sides = tuple(_side(deal, seat) for seat in deal.seats)
    (hands_a, weights_a), (hands_b, weights_b) = sides
    by_class = False
    if deal.spot.board:
        swept = sweep_ranges(
            hands_a, weights_a, hands_b, weights_b, deal.spot.board, deal.spot.dead, game=deal.spot.game,
            progress=progress, per_hand=by_hand, per_board=by_next_card,
        )  # fmt: skip
    else:
        boards, board_weights, by_class = preflop_boards(sides, deal.spot.dead)
        # A distributed run adds up its chunks' per-hand counts: it keeps them.
        swept = (sweeper or partial(sweep_boards, per_hand=by_hand))(
            hands_a, weights_a, hands_b, weights_b, boards, board_weights, deal.spot.dead,
            game=deal.spot.game, progress=progress, per_board=False,
        )  # fmt: skip
    # Every pair of hands sharing no card leaves the same cards for the runouts.
    if (weights_a == 1).all() and (weights_b == 1).all():
        outcomes = int(swept.total_a.sum())
    else:
        per_pair = board_combinations(_unseen(deal) - 2 * deal.spot.hole_size, deal.n_missing)
        outcomes = _disjoint_pairs(hands_a, hands_b) * per_pair
    if outcomes == 0:
        raise OmahaInputError(UNDEALABLE)
    counts = np.stack([swept.total_a, swept.total_b])[np.newaxis]
    hand_results: HandResults = {}
    if by_hand:
        for p, (seat, hands, dealt) in enumerate(
            zip(deal.seats, (swept.hands_a, swept.hands_b), (swept.dealt_a, swept.dealt_b), strict=True)
        ):
            if seat.is_range:
                if by_class:
                    hands, dealt = class_average(seat.range_hands(), hands), class_average(seat.range_hands(), dealt)
                hand_results[p] = range_hand_results(seat.range_hands(), hands, dealt)
    next_cards = _next_cards(deal, swept) if by_next_card else None
    return SweepCounts(counts, np.array([outcomes], dtype=np.int64), hand_results, next_cards)


def _next_cards(deal: Deal, swept: RangeSweep) -> tuple[NextCardEquity, ...]:
    """Per card that can come next, the counts of the boards bringing it: exactly the
    counts of the board plus that card (each later board is one of them once)."""
    added = swept.boards[:, len(deal.spot.board) :]
    rows = []
    for card in np.unique(added):
        counts = swept.board_totals[(added == card).any(axis=1)].sum(axis=0)
        if counts[0].sum():  # else every pair of hands holds the card
            players = [summarize_player("", counts[p], True) for p in range(2)]
            rows.append((int(counts[0].sum()), int(card), players))
    dealt = sum(deals for deals, _, _ in rows)
    table = [
        NextCardEquity(
            format_cards([card]), deals / dealt, tuple(p.equity for p in players), tuple(p.scoop for p in players)
        )
        for deals, card, players in rows
    ]
    return tuple(sorted(table, key=lambda row: -row.equity[0]))
