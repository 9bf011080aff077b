"""Compiled input check for batch evaluation: the first row with a bad card.

This kernel is the only compiled code that sees unvalidated card values, so it
never indexes memory with them and masks every shift amount. It exists because
the equivalent numpy checks cost as much as the evaluation itself. Callers pass
int8 or int64 arrays only, to keep the compiled signatures to two.
"""

from __future__ import annotations

from numba import njit


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
