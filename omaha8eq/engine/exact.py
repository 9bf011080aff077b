"""Exact counts of a deal without ranges: rank multisets (fixed hands) or every board.

:func:`aggregate_counts` counts fixed hands by rank multisets plus flush corrections
(``omaha8eq.core.exact_multisets``); :func:`enumerate_counts` visits every board and
every random hand (``omaha8eq.core.exact_boards``), a batch of board chunks per
kernel call: about ``DEALS_PER_CALL`` deals a thread (a fraction of a second), so
that progress is reported, and Ctrl-C honoured, between calls. A single board is the
smallest unit: with several random hands one board can take longer (such runs are
refused unless ``max_work`` is raised, see ``.method``).
"""

from __future__ import annotations

from typing import Any

import numba
import numpy as np

from ..core import parallel
from ..core.exact_boards import board_combinations, enumerate_deals
from ..core.exact_multisets import aggregate_showdowns, aggregate_spots, rank_multisets
from ..core.kernel_args import DealArrays, LookupTables, SpotBatch
from ..core.showdown import FIVE_CARD_STATES, histogram_shape
from ..deck import check_deal_limits
from .deal import board_row, hand_highs, kernel_game, known_mask, no_highs
from .progress import CHUNKS_PER_CALL, ProgressCallback, report
from .spot import Spot

__all__ = [
    "CHUNK_BOARDS",
    "DEALS_PER_CALL",
    "SMALL_WORK",
    "aggregate_cards",
    "aggregate_counts",
    "aggregate_many",
    "enumerate_counts",
]

#: Most board combinations per enumeration chunk (the unit of parallel work).
CHUNK_BOARDS = 1 << 12
#: Deals one thread enumerates per kernel call, at most (about 0.2 s): calls are
#: sized so, down to one board per chunk.
DEALS_PER_CALL = 5_000_000
#: Below this many deals one thread is faster than waking the others.
SMALL_WORK = 50_000


def aggregate_counts(
    arrays: DealArrays, tables: LookupTables, split_ranks: int = 0, *, share_threads: bool = False
) -> np.ndarray:
    """The exact counts of the deal's :class:`DealArrays` (``fixed_tables`` may hold the
    high columns only), one histogram per part of ``split_ranks`` (see :func:`_aggregate`)."""
    deal = arrays.holes, arrays.n_hole, arrays.fixed_tables, arrays.board, arrays.n_known, arrays.deck, arrays.hilo
    return _aggregate(deal, tables, split_ranks, share_threads)


def aggregate_cards(
    spot: Spot, holes: np.ndarray, board: np.ndarray, deck: np.ndarray, tables: LookupTables
) -> np.ndarray:
    """Exact counts of a spot of known hands after a flop, from its card arrays
    (:func:`~.deal.known_card_arrays`): one histogram, ``histogram_shape(P)``. The kernel
    builds the few highs it reads (no table) in serial code. Raises ValueError preflop,
    where the highs come from a table (:func:`aggregate_counts`)."""
    if not spot.board:
        raise ValueError("aggregate_cards counts after a flop; preflop, aggregate_counts reads the highs' table")
    n_hole, hilo = kernel_game(spot.game)
    deal = holes, n_hole, no_highs(len(holes)), board, len(spot.board), deck, hilo
    alone: np.ndarray = _aggregate(deal, tables, 0, False)[0]
    return alone


def _aggregate(deal_fields: tuple[Any, ...], tables: LookupTables, split_ranks: int, share_threads: bool) -> np.ndarray:
    """Exact counts of fixed hands, one histogram per part of ``split_ranks``: shape
    ``(parts, *histogram_shape(P))``, one part when it is 0, else two (see
    ``core.exact_multisets.aggregate_showdowns``), of the kernel's deal arguments
    ``(holes, n_hole, highs, board, n_known, deck, hilo)``, as a :class:`DealArrays` holds
    them: ``highs`` is its ``fixed_tables`` (high columns, read preflop only: after a flop
    ``deal.no_highs(P)`` will do).

    With ``share_threads`` a preflop spot's work is shared among numba's threads (a
    run of one spot; the range combinations, a call per combination, do not: on a busy
    machine every parallel call waits for a core for each thread). Preflop the parallel
    build runs, on one thread unless shared (it is also the faster build on one
    thread); after a flop (a few thousand boards at most) the serial build, which starts
    faster. A process's first call while the build is not compiled yet runs the kernel's
    body as Python instead, so that only the kernels it calls compile
    (``core.parallel.run_body_soon``: the same counts)."""
    holes, _, _, _, n_known, _, _ = deal_fields
    parts = 2 if split_ranks else 1
    shape = histogram_shape(holes.shape[0])
    # The tables as plain tuples: numba types those in C (see aggregate_showdowns).
    deal = *deal_fields, tuple(tables), tuple(rank_multisets()), split_ranks
    if n_known:  # after a flop: serial code, safe after a fork and from several threads
        counts = np.zeros((1, parts, *shape), dtype=np.int64)
        parallel.run_body_soon(aggregate_showdowns, *deal, counts, serial=True)
        alone: np.ndarray = counts[0]
        return alone
    threads = numba.get_num_threads()
    workers = threads if share_threads else 1
    counts = np.zeros((workers, parts, *shape), dtype=np.int64)
    args = (*deal, counts)
    if workers > 1 or threads == 1:
        parallel.run_body_soon(aggregate_showdowns, *args)
    else:
        numba.set_num_threads(1)
        try:
            parallel.run_body_soon(aggregate_showdowns, *args)
        finally:
            numba.set_num_threads(threads)
    total: np.ndarray = counts[0] if workers == 1 else counts.sum(axis=0)
    return total


def aggregate_many(spots: list[Spot], tables: LookupTables) -> np.ndarray:
    """``aggregate_counts(prepare_deal(spot).arrays(high_only=True), tables)[0]`` of
    every spot, in one kernel call that shares the spots among numba's threads (on a
    first call that would compile it, one thread: ``core.parallel.run_soon``): shape
    ``(len(spots), *histogram_shape(P))``.

    The spots have the same number of players and game, fixed hands only: the
    batch's shape passes :func:`~omaha8eq.deck.check_deal_limits` first (the hands' widths
    are checked by the array they make, a check per spot would cost more than its work).
    """
    # A few numpy calls for the whole batch: a call per spot would cost more than its kernel work.
    hands = [seat.hole() for spot in spots for seat in spot.seats]
    n_known = np.array([len(spot.board) for spot in spots], dtype=np.int64)
    try:
        holes = np.array(hands, dtype=np.int8)
    except ValueError:  # hands of different widths: the check names them
        check_deal_limits(len(spots[0].seats), {len(hand) for hand in hands}, 0)
        raise
    hole_cards, hilo = kernel_game(spots[0].game)
    check_deal_limits(len(spots[0].seats), {holes.shape[1], hole_cards}, int(n_known.max()))
    batch = SpotBatch(
        holes=holes,
        n_hole=hole_cards,
        fixed_tables=_preflop_highs(spots, hands),
        boards=np.array([board_row(spot) for spot in spots], dtype=np.int8),
        n_known=n_known,
        known=np.array([known_mask(spot) for spot in spots], dtype=np.int64),
        hilo=hilo,
    )
    counts = np.zeros((len(spots), *histogram_shape(len(spots[0].seats))), dtype=np.int64)
    parallel.run_soon(aggregate_spots, batch, tables, rank_multisets(), counts)
    return counts


def _preflop_highs(spots: list[Spot], hands: list[tuple[int, ...]]) -> np.ndarray:
    """``SpotBatch.fixed_tables`` of ``spots`` (``hands``: their hands in turn): the rows
    of the preflop spots' hands filled by :func:`~.deal.hand_highs`, the others left
    unwritten (the kernel builds the few states a known board reaches: a whole table per
    new hand would cost more than the spot's count)."""
    n_players = len(spots[0].seats)
    highs = np.empty((len(hands), FIVE_CARD_STATES), dtype=np.int16)
    for i, spot in enumerate(spots):
        if not spot.board:
            for row in range(i * n_players, (i + 1) * n_players):
                highs[row] = hand_highs(hands[row])
    return highs


def enumerate_counts(
    arrays: DealArrays, tables: LookupTables, deals: int, progress: ProgressCallback | None
) -> np.ndarray:
    """Exact counts of every deal (boards, then each random hand): one histogram.

    ``deals`` is their number (for progress, the size of the calls, and one thread
    below ``SMALL_WORK``)."""
    threads = numba.get_num_threads()
    if deals < SMALL_WORK:
        numba.set_num_threads(1)
    try:
        return _enumerate(arrays, tables, deals, progress)
    finally:
        numba.set_num_threads(threads)


def _enumerate(arrays: DealArrays, tables: LookupTables, deals: int, progress: ProgressCallback | None) -> np.ndarray:
    """:func:`enumerate_counts` on numba's threads as they are set."""
    n_boards = board_combinations(len(arrays.deck), 5 - arrays.n_known)
    chunk_boards, chunks_per_call = _call_size(deals, n_boards)
    starts = np.arange(0, n_boards, chunk_boards, dtype=np.int64)
    ends = np.append(starts[1:], n_boards)
    shape = histogram_shape(arrays.holes.shape[0])
    total = np.zeros(shape, dtype=np.int64)
    for first in range(0, len(starts), chunks_per_call):
        batch = slice(first, first + chunks_per_call)
        counts = np.zeros((len(starts[batch]), *shape), dtype=np.int64)
        parallel.run(enumerate_deals, arrays, tables, starts[batch], ends[batch], counts)
        total += counts.sum(axis=0)
        report(progress, int(deals * ends[batch][-1] // n_boards), deals)
    return total


def _call_size(deals: int, n_boards: int) -> tuple[int, int]:
    """Boards per chunk (1 to ``CHUNK_BOARDS``) and chunks per call (1 to
    ``CHUNKS_PER_CALL``) so that a call makes about ``DEALS_PER_CALL`` deals a thread,
    or one board a thread when a board alone makes more."""
    threads = numba.get_num_threads()
    per_board = max(1, deals // n_boards)
    boards_per_call = max(1, DEALS_PER_CALL * threads // per_board)
    chunk_boards = max(1, min(CHUNK_BOARDS, boards_per_call // CHUNKS_PER_CALL))
    return chunk_boards, min(CHUNKS_PER_CALL, max(threads, boards_per_call // chunk_boards))
