"""Compiled exhaustive enumeration of every deal: board completions and random hands.

A deal fills the unknown cards from ``deck`` (the cards nobody holds, not on the
board and not dead): first the ``n_missing`` board cards, then ``n_hole`` cards for
each random player, every group a combination of deck positions. Every deal is
visited exactly once, so all deals are equally likely and the histogram counts
them exactly.

Work is split into chunks of consecutive board combinations (colex order); each
chunk writes only its own slice of the histogram, so the counts do not depend on
the number of threads.
"""

from __future__ import annotations

from math import comb

import numpy as np
from numba import njit, prange

from ..deck import BOARD_CARDS, MAX_HOLE_CARDS
from .loop_body import loop_body
from .showdown import record_showdown, showdown_scratch
from .tables import BINOM

#: A row of dealing positions: the board cards to come (row 0) or a random hand's cards.
_POSITIONS = max(BOARD_CARDS, MAX_HOLE_CARDS)


def board_combinations(n_deck: int, n_missing: int) -> int:
    """How many ways the missing board cards can come from a deck of ``n_deck`` cards."""
    return comb(n_deck, n_missing)


def deal_count(n_deck: int, n_missing: int, n_random: int, n_hole: int) -> int:
    """Number of deals the enumerator visits: boards, then each random hand in turn."""
    total = comb(n_deck, n_missing)
    left = n_deck - n_missing
    for _ in range(n_random):
        total *= comb(left, n_hole)
        left -= n_hole
    return total


@njit(cache=True, inline="always")
def _unrank(index, size, positions, group):
    """Set ``positions[group, :size]`` to the colex combination number ``index``."""
    for i in range(size, 0, -1):
        c = i - 1
        while BINOM[c + 1, i] <= index:
            c += 1
        positions[group, i - 1] = c
        index -= BINOM[c, i]


@njit(cache=True, inline="always")
def _advance(positions, group, size, n_deck):
    """Step ``positions[group, :size]`` to the next combination; False when exhausted."""
    for i in range(size):
        limit = positions[group, i + 1] if i + 1 < size else n_deck
        if positions[group, i] + 1 < limit:
            positions[group, i] += 1
            for j in range(i):
                positions[group, j] = j
            return True
    return False


@njit(cache=True, inline="always")
def deal_fields(deal):
    """The fields of a ``kernel_args.DealArrays`` that every dealing kernel reads, with their
    sizes: ``(holes, n_hole, random_players, deck, n_players, n_random, n_deck)`` (inlined:
    one copy of the unpacking, compiled into each kernel)."""
    holes, random_players, deck = deal.holes, deal.random_players, deal.deck
    return holes, deal.n_hole, random_players, deck, holes.shape[0], random_players.shape[0], deck.shape[0]


@njit(cache=True, inline="always")
def _group_mask(positions, group, size):
    mask = 0
    for i in range(size):
        mask |= 1 << positions[group, i]
    return mask


@njit(cache=True, parallel=True)
def enumerate_deals(deal, tables, chunk_first, chunk_last, counts):
    """Count the showdown of every deal whose board combination is in each chunk.

    ``deal`` is a ``kernel_args.DealArrays``: ``deal.holes`` (P, n_hole) holds the fixed
    hands; rows listed in ``deal.random_players`` are overwritten per deal
    (``deal.fixed`` is False for them); ``deal.board[:n_known]`` are the known board
    cards; the missing ones and the random hands come from ``deal.deck``. ``tables`` is
    a ``kernel_args.LookupTables``. Chunk ``c`` covers board combinations
    ``chunk_first[c] <= i < chunk_last[c]`` and adds to ``counts[c]``.
    """
    holes, _, _, _, n_players, n_random, _ = deal_fields(deal)
    board = deal.board
    n_known = deal.n_known
    # The chunk's deals are a loop body compiled apart (``_enumerate_chunk``): once for the
    # parallel build and its serial twin, and without reference counts, so it takes its
    # scratch arrays from here.
    for c in prange(chunk_first.shape[0]):
        work_board = np.empty((1, BOARD_CARDS), dtype=np.int8)
        work_board[0, :n_known] = board[:n_known]
        high_values, low_values, cells = showdown_scratch(n_players)
        positions = np.zeros((n_random + 1, _POSITIONS), dtype=np.int64)
        scratch = (holes.copy(), work_board, high_values, low_values, cells, positions)
        _enumerate_chunk(np.int64(c), deal, tables, chunk_first, chunk_last, counts, scratch)


@loop_body
def _enumerate_chunk(c, deal, tables, chunk_first, chunk_last, counts, scratch):
    """Chunk ``c`` of :func:`enumerate_deals`: its deals, into ``counts[c]``. ``scratch`` is
    ``(work_holes, work_board, high_values, low_values, cells, positions)``: copies of the
    holes and of the known board, ``showdown.showdown_scratch`` and zeroed odometer
    positions (``(n_random + 1, _POSITIONS)``)."""
    _, n_hole, random_players, deck, _, n_random, n_deck = deal_fields(deal)
    work_holes, work_board, high_values, low_values, cells, positions = scratch
    n_known = deal.n_known
    n_missing = 5 - n_known
    _unrank(chunk_first[c], n_missing, positions, 0)
    for _ in range(chunk_last[c] - chunk_first[c]):
        for i in range(n_missing):
            work_board[0, n_known + i] = deck[positions[0, i]]
        board_used = _group_mask(positions, 0, n_missing)
        for g in range(1, n_random + 1):
            for i in range(n_hole):
                positions[g, i] = i
        while True:
            used = board_used
            disjoint = True
            for g in range(1, n_random + 1):
                mask = _group_mask(positions, g, n_hole)
                if mask & used:
                    disjoint = False
                    break
                used |= mask
            if disjoint:
                for g in range(1, n_random + 1):
                    for i in range(n_hole):
                        work_holes[random_players[g - 1], i] = deck[positions[g, i]]
                record_showdown(work_holes, deal, tables, work_board, high_values, low_values, counts, c, cells)
            # Odometer over the random hands: the last one moves fastest.
            g = n_random
            while g >= 1 and not _advance(positions, g, n_hole, n_deck):
                for i in range(n_hole):
                    positions[g, i] = i
                g -= 1
            if g < 1:
                break
        _advance(positions, 0, n_missing, n_deck)
