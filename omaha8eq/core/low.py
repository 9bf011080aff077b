"""Compiled low-hand kernel: the Omaha 8-or-better low of one hand.

Cards are ints 0..51 (``card = 4 * rank + suit``), trusted (validated by the caller).
A hand's low is one read: ``low[board_low_mask * 256 + hole_low_mask]``, where each
mask has bit ``r`` for low rank ``r`` (bit 0 = ace ... bit 7 = eight) and the table
(``core/tables.py``) holds the best 2+3 low of every pair of masks, or ``NO_LOW``.
:func:`nut_low` is the one definition of the nut low (the query language's ``nutLo``
and the counterfeit odds read it).
"""

from __future__ import annotations

from numba import njit

from .tables import LOW_BIT


@njit(cache=True, inline="always")
def low_bits(ranks):
    """The 8-bit low-rank mask (as ``LOW_BIT``) of a 13-bit rank mask (bit r for rank r, 0 = deuce)."""
    return ((ranks & 0x7F) << 1) | (ranks >> 12)


@njit(cache=True, inline="always")
def hand_low(holes, row, n_hole, board_low_mask, low):
    """Omaha 8-or-better low class (0..55, 55 = wheel) of ``holes[row, :n_hole]``, or NO_LOW."""
    mask = 0
    for i in range(n_hole):
        mask |= LOW_BIT[holes[row, i] >> 2]
    return low[board_low_mask * 256 + mask]


@njit(cache=True, inline="always")
def nut_low(board_low_mask, unseen_low_mask, low):
    """The nut low on a board: the best low (NO_LOW: none) that two cards of different
    low ranks among the cards still unseen make with it; a hand whose low is at least
    this holds the nuts (a tie for the best counts).

    ``unseen_low_mask`` has bit ``r`` when a card of low rank ``r`` is unseen. One read:
    the table takes a hole mask of any number of ranks and gives its best two, which is
    the best pair of unseen ranks. Compiled kernels inline it; Python code runs the same
    source, ``nut_low.py_func``, on the table as a tuple (a compiled call per lookup would
    cost more than the lookup)."""
    return low[board_low_mask * 256 + unseen_low_mask]
