"""Compiled batch evaluation: the high and low of many rows, and their input check.

:func:`evaluate_rows` evaluates row ``i``'s hole cards on row ``i``'s board (cards
``4 * rank + suit``, trusted). :func:`first_bad_row` finds the first row with a bad
card before that: it is the only compiled code that sees unvalidated card values, so it
never indexes memory with them and masks every shift amount. It exists because
the equivalent numpy checks cost as much as the evaluation itself. Callers pass
int8 or int64 arrays only, to keep the compiled signatures to two.
"""

from __future__ import annotations

from numba import njit, prange

from .high import describe_board, hand_high
from .low import hand_low
from .tables import NO_LOW


@njit(cache=True, inline="always")
def _popcount52(x):
    """Set bits of 0 <= x < 2**52."""
    x = x - ((x >> 1) & 0x5555555555555)
    x = (x & 0x3333333333333) + ((x >> 2) & 0x3333333333333)
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F
    return ((x * 0x01010101010101) >> 48) & 0xFF


@njit(cache=True)
def first_bad_row(holes, boards):
    """Index of the first row holding a value outside 0..51 or a card twice, else -1."""
    n_cards = holes.shape[1] + boards.shape[1]
    for i in range(holes.shape[0]):
        sign = 0  # negative once any value is below 0 or above 51
        seen = 0
        for j in range(holes.shape[1]):
            card = holes[i, j]
            sign |= card | (51 - card)
            seen |= 1 << (card & 63)
        for j in range(boards.shape[1]):
            card = boards[i, j]
            sign |= card | (51 - card)
            seen |= 1 << (card & 63)
        # Distinct cards set distinct bits: fewer bits than cards means a repeat.
        if sign < 0 or _popcount52(seen) != n_cards:
            return i
    return -1


@njit(cache=True, parallel=True)
def evaluate_rows(holes, boards, want_high, want_low, board_pair, flush5, suited, low, out_high, out_low):
    """Evaluate every row: ``out_high[i]``, ``out_low[i]`` for ``holes[i]`` on ``boards[i]``.

    Rows the caller did not ask for (``want_high``/``want_low`` false) get -1.
    """
    n_hole = holes.shape[1]
    n_board = boards.shape[1]
    for i in prange(holes.shape[0]):
        state, flush_suit, flush_ranks, low_mask = describe_board(boards, i, n_board)
        if want_high:
            out_high[i] = hand_high(holes, i, n_hole, state, flush_suit, flush_ranks, board_pair, flush5, suited)
        else:
            out_high[i] = -1
        if want_low:
            out_low[i] = hand_low(holes, i, n_hole, low_mask, low)
        else:
            out_low[i] = NO_LOW
