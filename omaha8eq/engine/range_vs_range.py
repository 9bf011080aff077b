"""Exact heads-up range-vs-range counts on a flop, turn or river, for every hand of both ranges.

:func:`sweep_ranges` counts, for each hand of two weighted ranges, its outcome
histogram against the whole other range over every runout of the missing board
cards, with exact card removal and no pair of hands ever compared: the kernels
(``omaha8eq.core.range_sweep``) evaluate each live hand once per board, bucket the
hands by high value and sweep both sides upwards, keeping for every card subset
held on both sides the running weight of the hands holding it, split by low. A
hand's counts against the opponents that share no card with it come from those
sums by inclusion-exclusion over its own card subsets (16 for four cards, 32 for
five, 64 for six, the empty one included). :func:`sweep_boards` runs the same
kernels over an explicit list of five-card boards, each counted a given number of
times (preflop: the suit classes of boards, weighted by their sizes; a distributed
run: chunks of a board list, whose integer counts add up to the whole list's).

Cost, per board: about ``n * 2**k`` subset-row reads and updates for ``n`` live
hands of ``k`` cards (``15%`` against ``15%``, four cards: about 50,000 live hands
and 800,000 row touches), so a river is one board, a turn about 44 and a flop
about 1,000 (boards adding the same ranks share the evaluation of every hand's
high without flushes and its low), fewer when suits are interchangeable: boards that
a suit permutation leaving the whole spot unchanged maps onto each other are swept
once (``runout_symmetry``: 721 of the 1,176 runouts of ``Ac 8c 5h``), and, unless every
hand is counted with each board's totals, boards that evaluate alike and differ in one
card are swept together (424 sweeps for those 721 runouts, 24 for the 48 of a turn;
each board's totals are then split from its set's sweep). Memory: two int32 rows (int64 when a side's
weights sum to 2**31 or more) of at most 29 cells per card subset held on both
sides, per thread, plus each hand's subset ids (int32, ``2**k`` per hand) and its
15 histogram cells (int64, per thread). When a side has at most ``PAIRWISE_SIDE``
live hands (a known hand against a range), every pair is compared instead: no
subset ids or rows. Each board's per-side weighted histogram is kept as well
(``RangeSweep.board_totals``, 30 int64 cells a board): summed over the boards that
bring a card, it is the count of the board plus that card (the next-card table).

Cards are ints 0..51 (``card = 4 * rank + suit``). The histogram layout is
``core.showdown``'s for two players: ``[high_state, low_state]`` with high state
0 = loses the high, 1 = wins it alone, 2 = ties; low state 0 = has a low and loses
it, 1 = wins it alone, 2 = ties it, 3 = has no low while the other has one, 4 =
nobody has a low.
"""

from __future__ import annotations

import math
import sys
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from itertools import combinations, pairwise

import numba
import numpy as np

from ..core import parallel
from ..core.hand_isomorphism import card_masks
from ..core.range_sweep import (
    dense_subset_ids,
    row_strides,
    subset_key_offsets,
    sweep_runouts,
)
from ..core.tables import get_tables
from ..deck import DECK_SIZE, HOLE_SIZES, MAX_HOLE_CARDS
from ..errors import OmahaInputError
from ..games import Game, game_for
from .deal import kernel_game
from .runout_symmetry import runout_orbits, spread_board_totals, symmetrize

__all__ = ["PAIRWISE_SIDE", "RangeSweep", "one_range", "row_touches", "sweep_boards", "sweep_ranges", "weigh_side"]

ProgressCallback = Callable[[int, "int | None"], None]

#: Row touches (live hands x subsets) one kernel call may do: about 0.3 s.
ROW_TOUCHES_PER_CALL = 20_000_000
#: Up to this many live hands on the smaller side, every pair of hands is compared
#: instead of sweeping (a known hand against a range: 1).
PAIRWISE_SIDE = 8


@dataclass(frozen=True)
class RangeSweep:
    """Exact counts of a heads-up range-vs-range spot (see :func:`sweep_ranges`).

    Attributes:
        hands_a, hands_b: each side's outcome histogram per hand, (n, 3, 5): the sum
            over runouts and over the other side's hands that share no card with it
            (and none with the board or the dead cards) of the other hand's weight.
            Hands holding a board or dead card are all zeros. Without ``per_hand``
            (see :func:`sweep_ranges`) no hand's: (0, 3, 5).
        dealt_a, dealt_b: per hand, its weight times the total of its histogram: how
            often it is the one dealt, in the units of the totals ((0,) without
            ``per_hand``).
        total_a, total_b: each side's histogram, (3, 5): the sum of its hands' weights
            times their histograms (int64, or Python ints when they could overflow).
        runouts: the number of boards counted (runouts of the missing cards, or
            the boards given to :func:`sweep_boards`).
        boards: the five cards of each board counted, (runouts, 5) int8.
        board_totals: per board, each side's weighted histogram (runouts, 2, 3, 5)
            int64, times the board's weight: ``board_totals.sum(axis=0)`` is
            ``[total_a, total_b]`` (when those fit int64), and the boards holding a
            card give the counts of the board plus that card (the next-card table).
            Empty, (0, 2, 3, 5), when ``sweep_boards(..., per_board=False)``.
        board_weights: how many times each board is counted, (runouts,) int64
            (ones for :func:`sweep_ranges`).
    """

    hands_a: np.ndarray
    hands_b: np.ndarray
    dealt_a: np.ndarray
    dealt_b: np.ndarray
    total_a: np.ndarray
    total_b: np.ndarray
    runouts: int
    boards: np.ndarray
    board_totals: np.ndarray
    board_weights: np.ndarray


def row_touches(n_a: int, n_b: int, hole_size: int, mirror: bool = False) -> int:
    """The work of one board for ``n_a`` and ``n_b`` live hands of ``hole_size`` cards:
    row touches (hands times subsets) when sweeping, hand pairs when comparing pairs.
    ``mirror``: the two sides are one range, swept once (half the touches)."""
    if min(n_a, n_b) <= PAIRWISE_SIDE:
        return (n_a + n_b) * min(n_a, n_b)
    return (n_a + n_b) << hole_size >> mirror


def one_range(masks_a: np.ndarray, weights_a: np.ndarray, masks_b: np.ndarray, weights_b: np.ndarray) -> bool:
    """True when both sides are one range (the same card masks and weights, in the same
    order): it is swept once, as a mirror (see ``core.range_sweep``)."""
    return np.array_equal(masks_a, masks_b) and np.array_equal(weights_a, weights_b)


def _check_side(hands: np.ndarray, weights: np.ndarray, what: str) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The side's hands (int8), weights (int64) and card masks, checked."""
    hands = np.ascontiguousarray(hands, dtype=np.int8)
    weights = np.ascontiguousarray(weights, dtype=np.int64)
    if hands.ndim != 2 or hands.shape[1] not in HOLE_SIZES:
        raise OmahaInputError(f"{what}: expected an (n, 4..{MAX_HOLE_CARDS}) card array, got shape {hands.shape}")
    if weights.shape != (hands.shape[0],) or (weights <= 0).any():
        raise OmahaInputError(f"{what}: expected one positive integer weight per hand")
    if hands.size and (hands.min() < 0 or hands.max() >= DECK_SIZE):
        raise OmahaInputError(f"{what}: cards must be ints 0..{DECK_SIZE - 1}")
    masks = card_masks(hands)
    if (np.bitwise_count(masks) != hands.shape[1]).any():
        raise OmahaInputError(f"{what}: a hand holds the same card twice")
    return hands, weights, masks


def _twin_weights(masks: np.ndarray, other_masks: np.ndarray, other_weights: np.ndarray) -> np.ndarray:
    """Per hand, the total weight of the other side's hands with the same cards."""
    if np.array_equal(masks, other_masks) and _strictly_monotone(other_masks):
        return other_weights.astype(np.int64)  # a range against itself: each hand's twin is its own row
    distinct, summed = _weight_by_mask(other_masks, other_weights)
    if not len(distinct):
        return np.zeros(len(masks), dtype=np.int64)
    at = np.minimum(np.searchsorted(distinct, masks), len(distinct) - 1)
    return np.where(distinct[at] == masks, summed[at], 0).astype(np.int64)


def _strictly_monotone(masks: np.ndarray) -> bool:
    """Whether the masks strictly decrease (a Range's standard order) or increase: distinct, sorted."""
    return bool((masks[1:] < masks[:-1]).all() or (masks[1:] > masks[:-1]).all())


def _weight_by_mask(masks: np.ndarray, weights: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The distinct masks in increasing order and the total weight of each. A range in
    its standard order (distinct hands, masks decreasing) needs no sort."""
    if (masks[1:] < masks[:-1]).all():
        return masks[::-1], weights[::-1]
    if (masks[1:] > masks[:-1]).all():
        return masks, weights
    distinct, where = np.unique(masks, return_inverse=True)
    return distinct, np.bincount(where, weights=weights, minlength=len(distinct)).astype(np.int64)


def _runouts(board: tuple[int, ...], known_mask: int) -> tuple[np.ndarray, np.ndarray]:
    """Every completion of ``board`` to five cards from the unknown cards, grouped by
    the ranks they add; the start of each group (and the end of the last)."""
    deck = [c for c in range(DECK_SIZE) if not (known_mask >> c) & 1]
    extra = sorted(combinations(deck, 5 - len(board)), key=lambda combo: sorted(c >> 2 for c in combo))
    runouts = np.array([board + combo for combo in extra], dtype=np.int8).reshape(len(extra), 5)
    ranks = [tuple(sorted(c >> 2 for c in combo)) for combo in extra]
    starts = [0] + [i for i in range(1, len(ranks)) if ranks[i] != ranks[i - 1]] + [len(ranks)]
    return runouts, np.array(starts, dtype=np.int64)


def _check_board(board: Sequence[int], dead: Sequence[int]) -> tuple[tuple[int, ...], int]:
    cards = tuple(int(c) for c in board) + tuple(int(c) for c in dead)
    if len(board) not in (3, 4, 5):
        raise OmahaInputError(f"board: expected 3, 4 or 5 cards (flop, turn or river), got {len(board)}")
    if any(not 0 <= c <= 51 for c in cards) or len(set(cards)) != len(cards):
        raise OmahaInputError("board and dead cards: expected distinct ints 0..51")
    return tuple(int(c) for c in board), sum(1 << c for c in cards)


def sweep_ranges(
    hands_a: np.ndarray,
    weights_a: np.ndarray,
    hands_b: np.ndarray,
    weights_b: np.ndarray,
    board: Sequence[int],
    dead: Sequence[int] = (),
    *,
    game: Game | None = None,
    progress: ProgressCallback | None = None,
    per_hand: bool = True,
    per_board: bool = True,
) -> RangeSweep:
    """Every hand's exact heads-up outcome counts against the other range.

    Args:
        hands_a, hands_b: the ranges, (n, k) arrays of card ints (k = 4, 5 or 6, the
            same on both sides). A hand may appear in both ranges.
        weights_a, weights_b: one positive integer weight per hand.
        board: the known board, 3, 4 or 5 card ints.
        dead: cards out of play.
        game: the game played (its hole cards are the hands'); None: the Hi-Lo game of the
            hands' size.
        progress: called as ``progress(done, total)`` (runouts) between kernel calls;
            a KeyboardInterrupt raised meanwhile stops the run.
        per_hand: False counts the totals only (both sides' and each board's: the
            same integers), in about two thirds of the queries (see
            ``core.range_sweep``); ``hands_a``, ``hands_b``, ``dealt_a`` and
            ``dealt_b`` then have no rows. Ignored (the hands are counted) when a side
            has at most ``PAIRWISE_SIDE`` hands, or when the totals could overflow int64.
        per_board: keep each board's totals (``board_totals``). False leaves them empty,
            (0, 2, 3, 5). Either way the runouts that evaluate alike and differ in one
            card are swept once together (see ``core.range_sweep.sweep_runouts``): the
            same counts, in about half the sweeps on a turn; with each board's totals
            only without ``per_hand`` (the totals are then split board by board from
            the set's sweep).

    Returns:
        A :class:`RangeSweep`. ``total_a`` equals the counts of
        ``omaha8eq.equity([A, B], board, dead, exhaustive=True)`` for player 1 when
        the weights are the integer weights it uses.
    """
    side_a = _check_side(hands_a, weights_a, "hands_a")
    side_b = _check_side(hands_b, weights_b, "hands_b")
    board_cards, known_mask = _check_board(board, dead)
    runouts, group_starts = _runouts(board_cards, known_mask)
    times = np.ones(len(runouts), dtype=np.int64)
    return _count(
        side_a, side_b, known_mask, runouts, times, group_starts, game, progress, per_board, per_hand, True
    )  # fmt: skip


def sweep_boards(
    hands_a: np.ndarray,
    weights_a: np.ndarray,
    hands_b: np.ndarray,
    weights_b: np.ndarray,
    boards: np.ndarray,
    board_weights: np.ndarray,
    dead: Sequence[int] = (),
    *,
    game: Game | None = None,
    progress: ProgressCallback | None = None,
    per_board: bool = True,
    per_hand: bool = True,
) -> RangeSweep:
    """Every hand's exact heads-up outcome counts against the other range, summed over
    an explicit list of five-card boards, board ``i`` counted ``board_weights[i]`` times.

    The counts are those of :func:`sweep_ranges` with each board's counts multiplied by
    its weight: card removal is exact against each board's cards and the dead cards.
    Integer sums, so a list split into chunks and swept chunk by chunk adds up to the
    whole list, count for count (what a distributed run does).

    Args:
        hands_a, hands_b, weights_a, weights_b: the ranges, as for :func:`sweep_ranges`.
        boards: (m, 5) card ints, five distinct cards a board, none of them dead.
        board_weights: (m,) positive integers, how many times each board counts (for
            example the size of a board's suit class).
        dead: cards out of play (hands holding one are never dealt).
        game, progress: as for :func:`sweep_ranges` (progress counts boards).
        per_board: keep each board's totals (``board_totals``, 240 bytes a board);
            False leaves ``board_totals`` empty, (0, 2, 3, 5), for long board lists.
        per_hand: as for :func:`sweep_ranges`.

    Returns:
        A :class:`RangeSweep` whose ``boards`` and ``board_weights`` are the given ones,
        in the given order.
    """
    side_a = _check_side(hands_a, weights_a, "hands_a")
    side_b = _check_side(hands_b, weights_b, "hands_b")
    dead_mask = _check_dead(dead)
    boards, times = _check_boards(boards, board_weights, dead_mask)
    ranks = np.sort(boards >> 2, axis=1).astype(np.int64)
    keys = ranks @ (13 ** np.arange(4, -1, -1, dtype=np.int64))
    order = np.argsort(keys, kind="stable")
    changes = np.flatnonzero(np.diff(keys[order])) + 1
    group_starts = np.unique(np.concatenate([[0], changes, [len(boards)]])).astype(np.int64)
    swept = _count(
        side_a, side_b, dead_mask, boards[order], times[order], group_starts, game, progress, per_board, per_hand
    )
    if not per_board:
        return replace(swept, boards=boards, board_weights=times)
    board_totals = np.empty_like(swept.board_totals)
    board_totals[order] = swept.board_totals
    return replace(swept, boards=boards, board_weights=times, board_totals=board_totals)


def _check_game(game: Game | None, hole_size: int) -> Game:
    """The game the hands play: ``game``, whose hole cards must be the hands', or (None)
    the Hi-Lo game of the hands' size. Raises OmahaInputError naming both sizes."""
    if game is None:
        return game_for(hole_size)
    if game.hole_cards != hole_size:
        raise OmahaInputError(f"game: {game.name} deals {game.hole_cards} hole cards, the hands have {hole_size}")
    return game


def _check_dead(dead: Sequence[int]) -> int:
    cards = [int(c) for c in dead]
    if any(not 0 <= c <= 51 for c in cards) or len(set(cards)) != len(cards):
        raise OmahaInputError("dead: expected distinct ints 0..51")
    return sum(1 << c for c in cards)


def _check_boards(boards: np.ndarray, board_weights: np.ndarray, dead_mask: int) -> tuple[np.ndarray, np.ndarray]:
    """The boards (int8) and their weights (int64), checked."""
    cards = np.asarray(boards)
    times = np.asarray(board_weights)
    if cards.ndim != 2 or cards.shape[1] != 5 or (cards.size and not np.issubdtype(cards.dtype, np.integer)):
        raise OmahaInputError(f"boards: expected an (m, 5) array of card ints, got shape {cards.shape}")
    integers = not times.size or np.issubdtype(times.dtype, np.integer)
    if times.shape != (len(cards),) or not integers or (times <= 0).any():
        raise OmahaInputError("board_weights: expected one positive integer per board")
    if cards.size and (cards.min() < 0 or cards.max() > 51):
        raise OmahaInputError("boards: cards must be ints 0..51")
    cards = np.ascontiguousarray(cards, dtype=np.int8)
    masks = card_masks(cards)
    if (np.bitwise_count(masks) != 5).any():
        raise OmahaInputError("boards: a board holds the same card twice")
    if (masks & dead_mask).any():
        raise OmahaInputError("boards: a board holds a dead card")
    return cards, np.ascontiguousarray(times, dtype=np.int64)


def _count(
    side_a: tuple[np.ndarray, np.ndarray, np.ndarray],
    side_b: tuple[np.ndarray, np.ndarray, np.ndarray],
    known_mask: int,
    boards: np.ndarray,
    times: np.ndarray,
    group_starts: np.ndarray,
    game: Game | None,
    progress: ProgressCallback | None,
    per_board: bool,
    per_hand: bool,
    together: bool = False,
) -> RangeSweep:
    """Sweep ``boards`` (grouped by rank multiset from ``group_starts``), each counted
    ``times`` times, for the hands of both sides holding no card of ``known_mask``, in
    ``game`` (None: the Hi-Lo game of the hands' size; ``per_hand``: see
    :func:`sweep_ranges`; ``together``: boards that evaluate alike and differ in one
    card are swept together, with ``per_board`` only without ``per_hand``)."""
    (hands_a, weights_a, masks_a), (hands_b, weights_b, masks_b) = side_a, side_b
    if hands_a.shape[1] != hands_b.shape[1]:
        raise OmahaInputError("hands_a and hands_b: both ranges must have the same number of hole cards")
    played = _check_game(game, hands_a.shape[1])
    live_a = (masks_a & known_mask) == 0
    live_b = (masks_b & known_mask) == 0
    n_a = int(live_a.sum())
    board_totals = np.zeros((0, 2, 15), dtype=np.int64)
    # A range against itself is swept once (see core.range_sweep); its counts are both sides'.
    mirror = n_a > PAIRWISE_SIDE and one_range(masks_a, weights_a, masks_b, weights_b)
    # The totals alone come from the boards' int64 totals: only when they cannot overflow
    # (a bound in floats, with a margin: the int64 sums of huge weights could wrap).
    most = math.prod(float(w.sum(dtype=np.float64)) for w in (weights_a[live_a], weights_b[live_b], times))
    per_hand = per_hand or min(n_a, int(live_b.sum())) <= PAIRWISE_SIDE or most >= 2.0**62
    if mirror:
        hands_b, weights_b, masks_b, live_b = hands_a[:0], weights_a[:0], masks_a[:0], live_a[:0]
    # Sorted rows: the subset keys read each hand's cards in increasing order.
    hands = np.sort(np.concatenate([hands_a[live_a], hands_b[live_b]]), axis=1)
    weights = np.concatenate([weights_a[live_a], weights_b[live_b]])
    masks = np.concatenate([masks_a[live_a], masks_b[live_b]])
    # Suit-equivalent boards are swept once (see runout_symmetry), their counts spread back.
    orbits = runout_orbits(masks, weights, n_a, known_mask, card_masks(boards), times)
    kept_before = np.concatenate([[0], np.cumsum(orbits.keep)])
    kept_starts = np.unique(kept_before[group_starts]).astype(np.int64)
    rep_totals = np.zeros((int(orbits.keep.sum()) if per_board else 0, 2, 15), dtype=np.int64)
    hist, dealt, summed = _sweep(
        hands, weights, masks, n_a, boards[orbits.keep], orbits.times, kept_starts, played,
        _covered(progress, orbits.orbit_size[orbits.keep]), rep_totals, mirror, per_hand, together,
    )  # fmt: skip
    if per_board:
        board_totals = spread_board_totals(rep_totals, orbits)
    if mirror:
        board_totals[:, 1] = board_totals[:, 0]
        summed[1] = summed[0]
    if not per_hand:
        no_hands, no_dealt = np.zeros((0, 3, 5), dtype=np.int64), np.zeros(0, dtype=np.int64)
        totals = summed.reshape(2, 3, 5)
        board_views = board_totals.reshape(len(board_totals), 2, 3, 5)
        return RangeSweep(
            no_hands, no_hands, no_dealt, no_dealt, totals[0], totals[1], len(boards), boards, board_views, times
        )
    hist, dealt = symmetrize(hist, orbits.hand_maps), symmetrize(dealt, orbits.hand_maps)
    if mirror:
        hist, dealt, weights = np.concatenate([hist, hist]), np.concatenate([dealt, dealt]), np.tile(weights, 2)
        live_b = live_a
    return _result(hist, dealt, weights, n_a, live_a, live_b, boards, times, board_totals)


def _covered(progress: ProgressCallback | None, orbit_sizes: np.ndarray) -> ProgressCallback | None:
    """``progress`` counting the boards whose orbits are swept (of all of them), given
    the swept boards' orbit sizes in sweep order."""
    if progress is None:
        return None
    covered = np.concatenate([[0], np.cumsum(orbit_sizes)])
    callback = progress
    return lambda done, total: callback(int(covered[done]), int(covered[-1]))


def _sweep(
    hands: np.ndarray,
    weights: np.ndarray,
    masks: np.ndarray,
    n_a: int,
    runouts: np.ndarray,
    times: np.ndarray,
    group_starts: np.ndarray,
    game: Game,
    progress: ProgressCallback | None,
    board_totals: np.ndarray,
    mirror: bool = False,
    per_hand: bool = True,
    together: bool = False,
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Run the kernels over every board, a chunk per call: each live hand's (n, 15)
    histogram and its dealt total (the sums over the threads' accumulators; no rows
    without ``per_hand``), and the sum of every board's per-side weighted counts (2,
    15); each board's into ``board_totals`` (boards, 2, 15) unless it is empty.
    ``mirror``: the hands (all side A) are one range played against itself; side B's
    counts are side A's, and side B's totals are left to the caller. ``together``
    (``board_totals`` empty): the boards of a rank group that evaluate alike and
    differ in one card are swept together (see :func:`_sweep_sets`)."""
    n_hole = hands.shape[1]
    pairwise = not mirror and min(n_a, len(hands) - n_a) <= PAIRWISE_SIDE
    ids = np.empty((len(hands), 1 if pairwise else 1 << n_hole), dtype=np.int32)
    counts = np.zeros(len(hands), dtype=np.int32)
    n_ids = 0
    twins = np.zeros(len(hands), dtype=np.int64)  # compared pair by pair, identical hands need no twin
    offsets = subset_key_offsets(n_hole)
    id_odd = np.zeros(offsets[n_hole] if not pairwise else 0, dtype=np.int8)  # per subset id: an odd size
    if mirror:  # side B is side A: its ids are computed into scratch and dropped
        n_ids = dense_subset_ids(
            hands, hands, offsets, ids, np.empty_like(ids), counts, np.empty_like(counts), id_odd
        )  # fmt: skip
        twins[:] = _twin_weights(masks, masks, weights)
    elif not pairwise:
        n_ids = dense_subset_ids(
            hands[:n_a], hands[n_a:], offsets, ids[:n_a], ids[n_a:], counts[:n_a], counts[n_a:], id_odd
        )  # fmt: skip
        twins[:n_a] = _twin_weights(masks[:n_a], masks[n_a:], weights[n_a:])
        twins[n_a:] = _twin_weights(masks[n_a:], masks[:n_a], weights[:n_a])
    tables = get_tables()
    _, hilo = kernel_game(game)
    strides = np.ones(len(runouts), dtype=np.int64)
    if hilo:
        row_strides(runouts, tables.low, strides)
    n_threads = numba.get_num_threads()
    # A row cell holds a sum of one side's weights: int32 unless that could overflow.
    heaviest = max(int(weights[:n_a].sum()), int(weights[n_a:].sum()))
    row_cells = 2 * n_ids * int(strides.max(initial=1))
    rows = np.empty((n_threads, row_cells), dtype=np.int32 if heaviest < 2**31 else np.int64)
    counted = len(hands) if per_hand else 0
    hist = np.zeros((n_threads, counted, 15), dtype=np.int64)
    dealt = np.zeros((n_threads, counted), dtype=np.int64)
    summed = np.zeros((2, 15), dtype=np.int64)
    touches = row_touches(n_a, n_a, n_hole, mirror=True) if mirror else row_touches(n_a, len(hands) - n_a, n_hole)
    # A call takes whole rank groups: split those longer than about ROW_TOUCHES_PER_CALL
    # (preflop, a rank multiset has dozens of board classes and 100% vs 100% takes 0.3 s
    # a board), so that progress and Ctrl-C come within about a second.
    group_starts = _split_groups(group_starts, max(1, ROW_TOUCHES_PER_CALL // max(1, touches)))
    joins = np.zeros(len(runouts), dtype=np.bool_)
    # Two sums packed in a row cell (see sweep_runouts): the weights below 2**shift,
    # less bias and plus it; the weighted removed times in the bits above, within budget.
    bias = int(twins.max(initial=0))
    shift = (heaviest + 2 * bias).bit_length()
    budget = (int(np.iinfo(rows.dtype).max) - heaviest) >> shift if shift <= 62 else 0
    # Each board's totals from its set's one sweep: no packed sums, so no budget (see
    # sweep_runouts' split_sets); the counting of every hand keeps its boards apart.
    split_sets = together and len(board_totals) > 0 and not per_hand and not pairwise
    order = None
    if split_sets or (together and not len(board_totals) and budget > 0):
        limit = budget if not split_sets else sys.maxsize
        order, joins = _sweep_sets(runouts, times, group_starts, _card_weights(masks, weights, n_a), limit)
        runouts, times = runouts[order], times[order]
    runout_masks = card_masks(runouts)
    # Whole rank groups per call, about ROW_TOUCHES_PER_CALL row touches a thread,
    # and with several threads four groups each at least, so that they share the
    # work evenly (a thread takes every n_threads-th group of the call).
    boards_per_call = max(1, ROW_TOUCHES_PER_CALL * n_threads // max(1, touches))
    groups_per_call = 1 if n_threads == 1 else 4 * n_threads
    first = 0
    n_groups = len(group_starts) - 1
    while first < n_groups:
        last = first + 1
        while last < n_groups and (
            last - first < groups_per_call or group_starts[last + 1] - group_starts[first] <= boards_per_call
        ):
            last += 1
        lo, hi = int(group_starts[first]), int(group_starts[last])
        call_totals = board_totals[lo:hi] if len(board_totals) else np.zeros((hi - lo, 2, 15), dtype=np.int64)
        parallel.run(
            sweep_runouts,
            hands, n_a, masks, weights, twins, ids, counts, runouts, runout_masks, times, group_starts, first, last,
            hilo, tables.board_pair, tables.flush5, tables.suited, tables.low, n_ids, rows, hist, dealt, pairwise,
            mirror, call_totals, per_hand, id_odd, joins, shift, bias, split_sets,
        )  # fmt: skip
        summed += call_totals.sum(axis=0)
        if progress is not None:
            progress(hi, len(runouts))
        first = last
    if order is not None and len(board_totals):  # back in the runouts' order
        board_totals[order] = board_totals.copy()
    for t in range(1, n_threads):  # in place: no third copy of the histograms while the ids live
        hist[0] += hist[t]
        dealt[0] += dealt[t]
    return hist[0], dealt[0], summed


def _card_weights(masks: np.ndarray, weights: np.ndarray, n_a: int) -> np.ndarray:
    """Per card, the larger of the two sides' weights of the hands holding it (52,)."""
    held = (masks[:, np.newaxis] >> np.arange(DECK_SIZE)) & 1
    weights_by_card: np.ndarray = np.maximum(weights[:n_a] @ held[:n_a], weights[n_a:] @ held[n_a:])
    return weights_by_card


def _flush_key(board: np.ndarray) -> tuple[int, int]:
    """What a board's suits add to its evaluation: the suit with 3+ cards and that
    suit's rank bits, or (-1, 0)."""
    suits = [int(c) & 3 for c in board]
    for suit in set(suits):
        if suits.count(suit) >= 3:
            return suit, sum(1 << (int(c) >> 2) for c in board if int(c) & 3 == suit)
    return -1, 0


def _sweep_sets(
    boards: np.ndarray, times: np.ndarray, group_starts: np.ndarray, card_weights: np.ndarray, budget: int
) -> tuple[np.ndarray, np.ndarray]:
    """An order of the boards inside each group, and per board in that order whether it
    joins the sweep set of the board before it (see ``core.range_sweep.sweep_runouts``).

    A set's boards evaluate alike (one rank group, the same flush suit and flush
    ranks) and hold four cards in common; for the cells' packed sums, the set's
    times times the weights of the hands holding each board's fifth card (a bound of
    a cell's second sum, per ``card_weights``) add up to ``budget`` at most. Each set
    takes the four cards that most of the remaining boards of its kind hold.
    """
    masks = [int(m) for m in card_masks(boards)]
    order: list[int] = []
    joins: list[bool] = []
    for start, end in pairwise(group_starts):
        kinds: dict[tuple[int, int], list[int]] = {}
        for r in range(start, end):
            kinds.setdefault(_flush_key(boards[r]), []).append(r)
        for left in kinds.values():
            while left:
                bases = Counter(masks[r] & ~(1 << int(c)) for r in left for c in boards[r])
                base = bases.most_common(1)[0][0]
                taken: list[int] = []
                packed = 0
                for r in left:
                    fifth = masks[r] & ~base
                    cost = int(times[r]) * int(card_weights[fifth.bit_length() - 1])
                    if masks[r] & base == base and (not taken or packed + cost <= budget):
                        taken.append(r)
                        packed += cost
                order += taken
                joins += [False] + [True] * (len(taken) - 1)
                chosen = set(taken)
                left = [r for r in left if r not in chosen]
    return np.array(order, dtype=np.int64), np.array(joins, dtype=np.bool_)


def _split_groups(group_starts: np.ndarray, longest: int) -> np.ndarray:
    """The group starts (and the end) with every group cut into runs of at most
    ``longest`` boards (a run evaluates its ranks again: cheap beside its boards)."""
    pieces = [np.arange(a, b, longest) for a, b in pairwise(group_starts)]
    return np.concatenate([*pieces, group_starts[-1:]]).astype(np.int64)


def _result(
    hist: np.ndarray,
    dealt: np.ndarray,
    weights: np.ndarray,
    n_a: int,
    live_a: np.ndarray,
    live_b: np.ndarray,
    runouts: np.ndarray,
    times: np.ndarray,
    board_totals: np.ndarray,
) -> RangeSweep:
    """Scatter the live hands' counts back to every hand and weigh the totals."""
    sides = []
    for live, rows in ((live_a, slice(0, n_a)), (live_b, slice(n_a, len(hist)))):
        per_hand = hist[rows].reshape(-1, 3, 5)
        weighted_dealt, total = weigh_side(weights[rows], per_hand, dealt[rows])
        if not live.all():  # the engine's ranges hold no known card: no scatter needed
            per_hand, weighted_dealt = _scatter(per_hand, live), _scatter(weighted_dealt, live)
        sides.append((per_hand, weighted_dealt, total))
    (hands_a, dealt_a, total_a), (hands_b, dealt_b, total_b) = sides
    boards = board_totals.reshape(len(board_totals), 2, 3, 5)
    return RangeSweep(hands_a, hands_b, dealt_a, dealt_b, total_a, total_b, len(runouts), runouts, boards, times)


def weigh_side(weights: np.ndarray, per_hand: np.ndarray, dealt: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """A side's weighted results from its hands' ``weights``, outcome histograms
    ``per_hand`` ((n, 3, 5)) and ``dealt`` counts (each histogram's total): per hand its
    weight times its dealt count, and the side's weighted histogram ((3, 5)). In Python
    ints (object arrays) when int64 could overflow: only for huge weighted ranges."""
    if int(weights.max(initial=0)) * int(dealt.sum()) >= 2**63:
        weights, per_hand, dealt = weights.astype(object), per_hand.astype(object), dealt.astype(object)
    return weights * dealt, np.tensordot(weights, per_hand, axes=1)


def _scatter(values: np.ndarray, live: np.ndarray) -> np.ndarray:
    """``values`` of the live hands placed at their rows among all hands, zeros elsewhere."""
    placed = np.zeros((len(live), *values.shape[1:]), dtype=values.dtype)
    placed[live] = values
    return placed
