"""Compiled batch evaluation: the high and low of many rows, checked as they are read.

:func:`evaluate_rows` evaluates row ``i``'s hole cards on row ``i``'s board (cards
``4 * rank + suit``, rank 0..12 = 2..A, suit 0..3 = c, d, h, s). It checks every row
in the same pass (the check used to cost a fifth of the time as a pass of its own):
a row with a value outside 0..51 or a card twice is counted and left unevaluated,
and the caller raises (:func:`first_bad_row` then names the row). Both functions see
unvalidated card values, so until a row has passed they index no memory with them
and mask every shift amount.

How a row is read: one pass over its cards (``high.read_cards``) gives a 64-bit card
mask (bit ``16 * suit + rank``; the board's and the hand's apart) and the board's
suit counts. A repeated card shows as fewer mask bits than cards. The masks give
everything but the board's rank multiset without reading the cards again: the flush
suit's rank field, its suited ranks on the board and in the hand, and the low-rank
masks. The flush is evaluated on every row without a branch: with no flush suit both
suited masks are empty and the tables answer -1, which costs less than a branch the
predictor cannot learn. ``evaluate_batch`` passes int8 arrays only, both C-contiguous or
both strided views such as column slices (read in place, as fast: two builds of
:func:`evaluate_rows`; the card loops of ``high`` run to a fixed bound, so both builds
unroll them); the error path hands :func:`first_bad_row` C-contiguous int8 copies (one
build).

Input of another integer type (int64, numpy's default) is copied into int8 first by
:func:`narrow_cards` (C-contiguous arrays, read as one run of values) or
:func:`narrow_rows` (strided ones), which check every value as they copy it, so that
no value wraps around into a card: small kernels, one build per type and layout used,
instead of a build of :func:`evaluate_rows` per type (compiling it takes seconds).
They read eight bytes a card where the row kernel reads one, and memory bounds them:
a million int64 rows of 4 + 5 cards take 4-5 ms to copy, a tenth of their evaluation on one
thread (one read of the input alone takes 3-3.5 ms).
"""

from __future__ import annotations

import numpy as np
from numba import njit, prange

from ..deck import BOARD_CARDS, MAX_HOLE_CARDS
from .high import best_flush, board_state, flush_field, rank_high, rank_mask, read_cards, unsigned
from .low import low_bits
from .tables import NO_LOW

_MAX_ROW_CARDS = max(MAX_HOLE_CARDS, BOARD_CARDS)


@njit(cache=True, inline="always")
def _popcount64(x):
    """Set bits of a non-negative 64-bit integer below 2**63."""
    x = x - ((x >> 1) & 0x5555555555555555)
    x = (x & 0x3333333333333333) + ((x >> 2) & 0x3333333333333333)
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0F
    return ((x * 0x0101010101010101) >> 56) & 0xFF


@njit(cache=True)
def narrow_cards(cards, out):
    """Copy the 1-D integer array ``cards`` (any integer type) into the int8 array ``out``
    of the same length, checking every value as it is read.

    Returns True when every value is a card 0..51. False: some value is not, and the
    copy means nothing (a value outside int8 wraps around in it).
    """
    sign = 0
    for k in range(cards.size):
        card = np.int64(cards[k])  # a uint64 past 2**63 turns negative: not a card either
        sign |= card | (51 - card)
        out[k] = card
    return sign >= 0


@njit(cache=True, inline="always")
def _copy_row(cards, row, out):
    """Copy ``cards[row]`` into ``out[row]``; return the OR of ``card | (51 - card)``
    over the row: negative once a value lies outside 0..51."""
    sign = 0
    # A bound fixed when compiled, as in ``high.read_cards``: the loop unrolls for any width.
    for j in range(_MAX_ROW_CARDS):
        if j < cards.shape[1]:
            card = np.int64(cards[row, j])  # as in narrow_cards
            sign |= card | (51 - card)
            out[row, j] = card
    return sign


@njit(cache=True)
def narrow_rows(holes, boards, out_holes, out_boards):
    """:func:`narrow_cards` of two 2-D arrays of any layout, row by row: ``holes[i]`` into
    ``out_holes[i]`` and ``boards[i]`` into ``out_boards[i]`` in one pass, so that column
    slices of one wider array are read once. True when every value is a card 0..51.
    """
    sign = 0
    for i in range(holes.shape[0]):
        sign |= _copy_row(holes, i, out_holes) | _copy_row(boards, i, out_boards)
    return sign >= 0


@njit(cache=True)
def first_bad_row(holes, boards):
    """Index of the first row holding a value outside 0..51 or a card twice, else -1."""
    n_cards = holes.shape[1] + boards.shape[1]
    for i in range(holes.shape[0]):
        board_sign, board_mask, _ = read_cards(boards, i, boards.shape[1])
        hole_sign, hole_mask, _ = read_cards(holes, i, holes.shape[1])
        # Distinct cards set distinct bits: fewer bits than cards means a repeat.
        if board_sign | hole_sign < 0 or _popcount64(board_mask | hole_mask) != n_cards:
            return i
    return -1


@njit(cache=True, parallel=True)
def evaluate_rows(holes, boards, want_high, want_low, board_pair, flush5, suited, low, out_high, out_low):
    """Evaluate every row: ``out_high[i]``, ``out_low[i]`` for ``holes[i]`` on ``boards[i]``.

    Returns the number of bad rows (a value outside 0..51 or a card twice); their
    outputs are -1 and mean nothing. Rows the caller did not ask for
    (``want_high``/``want_low`` false) get -1.
    """
    n_hole = holes.shape[1]
    n_board = boards.shape[1]
    n_cards = n_hole + n_board
    bad = 0
    for i in prange(holes.shape[0]):
        board_sign, board_mask, suit_counts = read_cards(boards, i, n_board)
        hole_sign, hole_mask, _ = read_cards(holes, i, n_hole)
        if board_sign | hole_sign < 0 or _popcount64(board_mask | hole_mask) != n_cards:
            bad += 1
            out_high[i] = -1
            out_low[i] = NO_LOW
            continue
        if want_high:
            high = rank_high(holes, i, n_hole, board_state(boards, i, n_board), board_pair)
            field = flush_field(suit_counts)  # 0 without a flush suit: no flush
            flush = best_flush(rank_mask(board_mask & field), rank_mask(hole_mask & field), flush5, suited)
            out_high[i] = max(high, flush)
        else:
            out_high[i] = -1
        if want_low:
            out_low[i] = low[unsigned(low_bits(rank_mask(board_mask)) * 256 + low_bits(rank_mask(hole_mask)))]
        else:
            out_low[i] = NO_LOW
    return bad
