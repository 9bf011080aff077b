"""Compiled high-hand kernels: the Omaha high of one hand (the low is in ``core/low.py``).

Inputs are trusted: card ints 0..51 (``card = 4 * rank + suit``), distinct, with
4..6 hole cards and 3..5 board cards. numba does not bounds-check, so callers
validate in Python first (see ``omaha8eq.evaluation``).

How a hand is evaluated (exactly 2 hole + exactly 3 board cards, each way):

* High, ignoring suits: the board's rank multiset has one index (``board_state``)
  and each hole pair one of 91; ``board_pair[board_state, pair]`` already holds the
  best of that pair with every board triple, so the hand's value is the maximum
  over its hole pairs (6 reads for four cards, 15 for six).
* Flushes: only a suit with 3+ board cards and 2+ hole cards can make one. The best
  plain flush takes the top two suited hole ranks and top three suited board ranks
  (that choice dominates every other rank by rank); a straight flush exists when some
  straight window holds exactly three of the suited board ranks and two of the
  suited hole ranks. The hand's high is the larger of the two paths.

The large tables are arguments, never globals: numba would freeze a global array
into every compiled function and its on-disk cache.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ..deck import HOLE_SIZES, MAX_HOLE_CARDS
from .low import low_bits
from .tables import (
    BINOM,
    BOARD_OFFSET,
    PAIR_INDEX,
    STRAIGHT_WINDOWS,
    TOP_2,
    TOP_3,
    WINDOWS_WITH_2,
    WINDOWS_WITH_3,
)

_RANK_MASK13 = 0x1FFF
_FEWEST_HOLE_CARDS = min(HOLE_SIZES)
# Per suit (16-bit fields): adding 5 to a card count of 3+ sets the field's bit 3.
_PLUS_FIVE = 0x0005000500050005
_COUNT_BIT3 = 0x0008000800080008


@njit(cache=True, inline="always")
def popcount(x):
    """Set bits of a non-negative integer below 2**16."""
    x = x - ((x >> 1) & 0x5555)
    x = (x & 0x3333) + ((x >> 2) & 0x3333)
    x = (x + (x >> 4)) & 0x0F0F
    return (x + (x >> 8)) & 0x1F


@njit(cache=True, inline="always")
def unsigned(index):
    """A non-negative array index as uint64: numba then leaves out its negative-index
    fix-up (a compare and a select per index, measurable in the hottest loops).

    Only for indexing: numba types uint64 mixed with int64 arithmetic as float64.
    """
    return np.uint64(index)


@njit(cache=True, inline="always")
def _sorted_pair(a, b):
    return min(a, b), max(a, b)


@njit(cache=True, inline="always")
def board_state(boards, row, n_board):
    """Rank-multiset index of the first ``n_board`` cards of ``boards[row]`` (3..5 cards)."""
    # Missing cards of a short board sort last as rank 13 and are left out of the sum.
    r0 = boards[row, 0] >> 2
    r1 = boards[row, 1] >> 2
    r2 = boards[row, 2] >> 2
    r3 = boards[row, 3] >> 2 if n_board > 3 else 13
    r4 = boards[row, 4] >> 2 if n_board > 4 else 13
    # Optimal 9-comparator sorting network for five values.
    r0, r1 = _sorted_pair(r0, r1)
    r3, r4 = _sorted_pair(r3, r4)
    r2, r4 = _sorted_pair(r2, r4)
    r2, r3 = _sorted_pair(r2, r3)
    r1, r4 = _sorted_pair(r1, r4)
    r0, r3 = _sorted_pair(r0, r3)
    r0, r2 = _sorted_pair(r0, r2)
    r1, r3 = _sorted_pair(r1, r3)
    r1, r2 = _sorted_pair(r1, r2)
    index = (
        BOARD_OFFSET[unsigned(n_board)]
        + BINOM[unsigned(r0), 1]
        + BINOM[unsigned(r1 + 1), 2]
        + BINOM[unsigned(r2 + 2), 3]
    )
    if n_board > 3:
        index += BINOM[unsigned(r3 + 3), 4]
    if n_board > 4:
        index += BINOM[unsigned(r4 + 4), 5]
    return index


@njit(cache=True, inline="always")
def best_flush(board_suited, hole_suited, flush5, suited):
    """Best flush of exactly 2 hole + 3 board ranks of one suit (13-bit rank masks).

    A straight flush needs a window holding exactly three suited board ranks and
    two suited hole ranks; otherwise the top 2 hole and top 3 board ranks are best.
    """
    board_suited = unsigned(board_suited)
    hole_suited = unsigned(hole_suited)
    windows = suited[WINDOWS_WITH_3, board_suited] & suited[WINDOWS_WITH_2, hole_suited]
    if windows:
        w = 9
        while not (windows >> w) & 1:
            w -= 1
        return flush5[STRAIGHT_WINDOWS[w]]
    return flush5[unsigned(suited[TOP_3, board_suited] | suited[TOP_2, hole_suited])]


@njit(cache=True, inline="always")
def read_cards(cards, row, n):
    """``(sign, mask, suit_counts)`` of the first ``n`` values of ``cards[row]`` (``n`` up to
    MAX_HOLE_CARDS), safe for any value.

    ``mask`` has bit ``16 * suit + rank`` of each card (four 16-bit suit fields of
    13-bit rank masks), ``suit_counts`` one 16-bit card count per suit. ``sign`` is
    negative once a value lies outside 0..51: every other shift amount is masked so
    that unchecked values set some bit below 64 and index nothing.
    """
    sign = 0
    mask = 0
    suit_counts = 0
    # A bound fixed when compiled, the cards past ``n`` skipped, lets LLVM unroll the loop
    # for any ``n``. A loop to ``n`` paid loop control and never-used vector paths on every
    # row, and made evaluate_rows' strided build 1.2x slower than its C-contiguous one. All
    # rows of a batch skip the same cards: the branches are predicted.
    for j in range(MAX_HOLE_CARDS):
        if j < n:
            card = cards[row, j]
            sign |= card | (51 - card)
            suit_shift = (card & 3) << 4
            mask |= 1 << (suit_shift + ((card >> 2) & 15))
            suit_counts += 1 << suit_shift
    return sign, mask, suit_counts


@njit(cache=True, inline="always")
def rank_mask(mask):
    """The 13-bit rank mask of a card mask (its four suit fields OR-ed)."""
    return (mask | (mask >> 16) | (mask >> 32) | (mask >> 48)) & _RANK_MASK13


@njit(cache=True, inline="always")
def flush_field(suit_counts):
    """The 13 rank bits of the suit field with 3+ cards (at most 5 board cards: one such suit), else 0."""
    return (((suit_counts + _PLUS_FIVE) & _COUNT_BIT3) >> 3) * _RANK_MASK13


@njit(cache=True, inline="always")
def describe_board(boards, row, n_board):
    """Summarise the board ``boards[row, :n_board]`` for hand_high/hand_low.

    Returns ``(state, flush_suit, flush_ranks, low_mask)``: the rank-multiset index,
    the suit with 3+ cards (at most one exists) or -1, that suit's 13-bit rank mask,
    and the board's 8-bit low-rank mask. Computed without data-dependent branches.
    """
    _, mask, suit_counts = read_cards(boards, row, n_board)
    field = flush_field(suit_counts)
    # The field's position gives the suit: bit 0, 16, 32 or 48; none: -1.
    flush_suit = (field > 0xFFFF) + (field > 0xFFFFFFFF) + (field > 0xFFFFFFFFFFFF) - (field == 0)
    return board_state(boards, row, n_board), flush_suit, rank_mask(mask & field), low_bits(rank_mask(mask))


@njit(cache=True, inline="always")
def rank_high(holes, row, n_hole, state, board_pair):
    """High value of ``holes[row, :n_hole]`` on board state ``state``, flushes left out."""
    best = -1
    pair_values = board_pair[unsigned(state)]
    # Unrolled as read_cards' loop; every hand has 4+ cards, so only a 5th and a 6th are tested.
    for j in range(1, MAX_HOLE_CARDS):
        if j < _FEWEST_HOLE_CARDS or j < n_hole:
            rank_j = unsigned(holes[row, j] >> 2)
            for i in range(j):
                best = max(best, pair_values[unsigned(PAIR_INDEX[unsigned(holes[row, i] >> 2), rank_j])])
    return best


@njit(cache=True, inline="always")
def pair_columns(holes, row, n_hole, columns):
    """The distinct columns of ``board_pair`` (hole-rank pairs) that :func:`rank_high`
    reads for ``holes[row, :n_hole]``, written to ``columns`` (at least C(n_hole, 2)
    cells); returns how many. ``rank_high`` is their largest value in a state's row:
    for many states of one hand, find them once (a repeated pair is read once)."""
    found = 0
    for j in range(1, n_hole):
        for i in range(j):
            column = PAIR_INDEX[holes[row, i] >> 2, holes[row, j] >> 2]
            seen = False
            for k in range(found):
                seen |= columns[k] == column
            if not seen:
                columns[found] = column
                found += 1
    return found


@njit(cache=True, inline="always")
def flush_high(holes, row, n_hole, flush_suit, flush_ranks, flush5, suited_table):
    """Best flush of ``holes[row, :n_hole]`` with 3 board cards of ``flush_suit``, or -1."""
    if flush_suit < 0:
        return -1
    suited = 0
    for i in range(n_hole):
        c = holes[row, i]
        if c & 3 == flush_suit:
            suited |= 1 << (c >> 2)
    if popcount(suited) < 2:
        return -1
    return best_flush(flush_ranks, suited, flush5, suited_table)


@njit(cache=True, inline="always")
def hand_high(holes, row, n_hole, state, flush_suit, flush_ranks, board_pair, flush5, suited_table):
    """Omaha high value (0..7461) of ``holes[row, :n_hole]`` against a board summarised by describe_board."""
    return max(
        rank_high(holes, row, n_hole, state, board_pair),
        flush_high(holes, row, n_hole, flush_suit, flush_ranks, flush5, suited_table),
    )
