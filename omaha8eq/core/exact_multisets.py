"""Compiled exact enumeration without a board loop: rank multisets plus flush corrections.

Every hand's high without flushes, and every low, depend only on the board's ranks.
So instead of visiting each of the (up to 1,086,008) boards, the enumeration visits
each rank multiset the missing board cards can form, once, weighted by how many
boards have it: the product over ranks of C(cards of that rank left, times it
appears). That counts every board as if no flush were possible.

Then the boards where a flush *is* possible are corrected exactly: a suit ``s`` can
make a flush only on boards holding 3+ cards of ``s``, for a player holding 2+ of
``s``. For each such suit the correction visits every set of ``s`` ranks the
missing cards can add (each one specific cards) together with every rank multiset
of the other, off-suit, missing cards (weighted as above), and replaces the
rank-only outcome of those boards (weight ``-w``) with the true one (``+w``). A
board holds 3+ cards of at most one suit, so no board is corrected twice.

Every visited point knows the ranks of the cards it deals (the multiset, plus the
suited cards of a correction), so the outcomes can also be split by them: with a
13-bit ``split_ranks`` mask, boards whose missing cards hold a card of one of those
ranks are counted in ``counts[1]``, the others in ``counts[0]``
(``omaha8eq.equities.split_equity``). With ``split_ranks = 0`` everything goes to
``counts[0]``.

Only fixed hands: deals with random hands go through ``exact_boards.py``, which also
serves as this module's reference in the tests.
"""

from __future__ import annotations

import functools
from itertools import combinations_with_replacement

import numpy as np
from numba import njit

from .high import best_flush, board_state, popcount
from .kernel_args import RankMultisets
from .showdown import count_outcome
from .tables import BINOM, BOARD_OFFSET, LOW_BIT, multiset_index


@functools.cache
def rank_multisets() -> RankMultisets:
    """All multisets of 0..5 ranks, for weighting the ways the missing cards can fall.

    Returns ``RankMultisets(ranks, multiplicities, offsets)``; the multisets of ``k`` ranks are
    rows ``offsets[k]:offsets[k + 1]``, in board-state (colex) order. Row ``m``
    lists its ranks in ``ranks[m, :k]`` (sorted); ``multiplicities[m, i]`` is how
    often ``ranks[m, i]`` appears at its first occurrence and 0 at the repeats, so
    that with ``a[r]`` cards of rank r available the multiset can be dealt in
    ``prod(C(a[ranks[m, i]], multiplicities[m, i]))`` ways.
    """
    ranks, multiplicities, offsets = [], [], [0]
    for size in range(6):
        # Preflop the states are then read in turn, which keeps the table reads local.
        for multiset in sorted(combinations_with_replacement(range(13), size), key=multiset_index):
            first = [multiset.count(r) if multiset.index(r) == i else 0 for i, r in enumerate(multiset)]
            ranks.append(list(multiset) + [0] * (5 - size))
            multiplicities.append(first + [0] * (5 - size))
        offsets.append(len(ranks))
    return RankMultisets(
        np.array(ranks, dtype=np.int64),
        np.array(multiplicities, dtype=np.int64),
        np.array(offsets, dtype=np.int64),
    )


@njit(cache=True, inline="always")
def _deal_multiset(m, size, ranks, multiplicities, available, work_board, start):
    """Write multiset ``m`` (``size`` ranks) into ``work_board[0, start:]``; return its weight."""
    ways = 1
    for i in range(size):
        ways *= BINOM[available[ranks[m, i]], multiplicities[m, i]]
        work_board[0, start + i] = 4 * ranks[m, i]
    return ways


@njit(cache=True, inline="always")
def _board_summary(work_board):
    """(rank-multiset state, low mask) of the five cards in ``work_board[0]``."""
    board_low = 0
    for i in range(5):
        board_low |= LOW_BIT[work_board[0, i] >> 2]
    return board_state(work_board, 0, 5), board_low


@njit(cache=True, inline="always")
def _split_chunk(work_board, n_known, split_ranks):
    """1 if a missing card (``work_board[0, n_known:]``) has a rank in ``split_ranks``, else 0."""
    dealt = 0
    for i in range(n_known, 5):
        dealt |= 1 << (work_board[0, i] >> 2)
    return 1 if dealt & split_ranks else 0


@njit(cache=True, inline="always")
def _visit_multisets(
    position, available, player_flush, correcting, work_board, multisets, fixed_highs, hole_low, low, hilo,
    high_values, flush_values, low_values, counts, cells, n_known, split_ranks,
):  # fmt: skip
    """Fill ``work_board[0, position:]`` with every rank multiset of the cards left
    (``available`` per rank) and count each board's outcome, weighted by its ways.

    Each player's high is the larger of its rank-only high and ``player_flush[p]``
    (-1: none). Not ``correcting``: add the outcome. ``correcting``: where a flush
    changes a high, move the weight from the rank-only outcome to the true one.
    The outcome goes to ``counts[1]`` when a missing card (``work_board[0, n_known:]``)
    has a rank in ``split_ranks``, else to ``counts[0]``.
    """
    n_players = fixed_highs.shape[0]
    n_off = 5 - position
    for m in range(multisets.offsets[n_off], multisets.offsets[n_off + 1]):
        weight = _deal_multiset(m, n_off, multisets.ranks, multisets.multiplicities, available, work_board, position)
        if weight == 0:
            continue
        chunk = _split_chunk(work_board, n_known, split_ranks) if split_ranks else 0
        state, board_low = _board_summary(work_board)
        changed = False
        for p in range(n_players):
            high_values[p] = fixed_highs[p, state - BOARD_OFFSET[5]]
            flush_values[p] = max(high_values[p], player_flush[p])
            changed = changed or flush_values[p] != high_values[p]
            if hilo:
                low_values[p] = low[board_low * 256 + hole_low[p]]
        if not correcting:
            count_outcome(high_values, low_values, n_players, counts, chunk, weight, cells)
        elif changed:
            count_outcome(high_values, low_values, n_players, counts, chunk, -weight, cells)
            count_outcome(flush_values, low_values, n_players, counts, chunk, weight, cells)


@njit(cache=True)
def aggregate_showdowns(deal, tables, multisets, split_ranks, counts):
    """Add every deal's outcome to ``counts``, one visit per rank multiset.

    ``deal`` is a ``kernel_args.DealArrays`` whose hands are all fixed: ``deal.fixed_tables``
    holds their highs without flushes (the first columns of
    ``showdown.fixed_hand_tables``, the only ones read); ``deal.board[:n_known]`` the
    known board cards; ``deal.deck`` the cards left. ``tables`` is the
    ``kernel_args.LookupTables`` (``flush5``, ``suited`` and ``low`` are read),
    ``multisets`` the ``kernel_args.RankMultisets`` of :func:`rank_multisets`.
    ``split_ranks`` is a 13-bit rank mask (bit r: rank r, 0 = deuce ... 12 = ace): the
    deals whose missing board cards hold a card of one of those ranks go to
    ``counts[1]``, the others to ``counts[0]``; with 0 (and ``counts`` of shape
    ``(1, ...)``) everything goes to ``counts[0]``.
    """
    holes = deal.holes
    n_hole = deal.n_hole
    fixed_highs = deal.fixed_tables
    board = deal.board
    n_known = deal.n_known
    deck = deal.deck
    hilo = deal.hilo
    flush5 = tables.flush5
    suited = tables.suited
    low = tables.low
    n_players = holes.shape[0]
    n_missing = 5 - n_known
    # Per player: the low mask and the rank mask of each suit held.
    hole_low = np.zeros(n_players, dtype=np.int64)
    hole_suit_ranks = np.zeros((n_players, 4), dtype=np.int64)
    for p in range(n_players):
        for i in range(n_hole):
            hole_low[p] |= LOW_BIT[holes[p, i] >> 2]
            hole_suit_ranks[p, holes[p, i] & 3] |= 1 << (holes[p, i] >> 2)

    high_values = np.empty(n_players, dtype=np.int64)
    flush_values = np.empty(n_players, dtype=np.int64)
    low_values = np.full(n_players, -1, dtype=np.int64)
    cells = np.empty((n_players, 2), dtype=np.int64)
    available = np.zeros(13, dtype=np.int64)
    deck_suit_ranks = np.zeros(4, dtype=np.int64)
    for i in range(deck.shape[0]):
        available[deck[i] >> 2] += 1
        deck_suit_ranks[deck[i] & 3] |= 1 << (deck[i] >> 2)
    known_suit_ranks = np.zeros(4, dtype=np.int64)
    work_board = np.empty((1, 5), dtype=np.int8)
    for i in range(n_known):
        work_board[0, i] = board[i]
        known_suit_ranks[board[i] & 3] |= 1 << (board[i] >> 2)

    # Every board, read by its ranks alone.
    player_flush = np.full(n_players, -1, dtype=np.int64)
    _visit_multisets(
        n_known, available, player_flush, False, work_board, multisets, fixed_highs, hole_low, low, hilo,
        high_values, flush_values, low_values, counts, cells, n_known, split_ranks,
    )  # fmt: skip

    # Boards with 3+ cards of a suit that some player holds 2+ of: the true outcome.
    off_suit = np.empty(13, dtype=np.int64)
    for s in range(4):
        flush_draw = False
        for p in range(n_players):
            flush_draw = flush_draw or popcount(hole_suit_ranks[p, s]) >= 2
        known_suited = popcount(known_suit_ranks[s])
        if not flush_draw or known_suited + n_missing < 3:
            continue
        for r in range(13):
            off_suit[r] = available[r] - ((deck_suit_ranks[s] >> r) & 1)
        lowest = max(0, 3 - known_suited)
        subset = deck_suit_ranks[s]
        while True:  # every subset of the suit's ranks still in the deck
            if lowest <= popcount(subset) <= n_missing:
                position = n_known
                for r in range(13):
                    if (subset >> r) & 1:
                        work_board[0, position] = 4 * r
                        position += 1
                # A player's flush depends only on the suited cards: fixed for this subset.
                for p in range(n_players):
                    player_flush[p] = -1
                    if popcount(hole_suit_ranks[p, s]) >= 2:
                        player_flush[p] = best_flush(
                            known_suit_ranks[s] | subset, hole_suit_ranks[p, s], flush5, suited
                        )
                _visit_multisets(
                    position, off_suit, player_flush, True, work_board, multisets, fixed_highs, hole_low,
                    low, hilo, high_values, flush_values, low_values, counts, cells, n_known, split_ranks,
                )  # fmt: skip
            if subset == 0:
                break
            subset = (subset - 1) & deck_suit_ranks[s]
