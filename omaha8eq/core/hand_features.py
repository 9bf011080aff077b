"""Compiled per-hand features on a street: the nut high and the nut low the hand's holder
cannot rule out.

Rows are deals: ``holes[i]`` one player's hole cards, ``boards[i, :n_board]`` the board
on the street (cards ``4 * rank + suit``, trusted: the caller dealt them). For each row
:func:`nut_values` gives the best high and the best 8-or-better low that two cards
*unseen* by that player make with the board: cards that are not in the hand, not on the
board and not dead (``dead_mask``, bit ``card``). A hand holds the nuts when its own
value is at least that (a tie for the nuts is the nuts). The query language's ``nutHi``
and ``nutLo`` read it; the range explorer can too. :func:`nut_high_by_type` gives the
best high of each hand type instead (``nutHiForHandType``).

How: the best high of two unseen cards is the best of two paths, as in ``high.py``:
without flushes, the maximum of ``board_pair[board state, pair]`` over the rank pairs
the unseen cards can form (a pair of one rank needs two unseen cards of it); with a
flush, ``best_flush`` of the suit's board ranks and every unseen rank of that suit (its
top two ranks, or the straight-flush windows whose two missing ranks are both unseen).
The best low is :func:`omaha8eq.core.low.nut_low` of the low ranks with an unseen card.
"""

from __future__ import annotations

from numba import njit, prange

from .high import best_flush, board_state, describe_board, popcount, read_cards, unsigned
from .low import low_bits, nut_low
from .showdown import FLUSH_COLUMN, LOW_COLUMN, NO_FLUSH_SUIT
from .tables import BOARD_OFFSET, PAIR_INDEX


@njit(cache=True, parallel=True)
def nut_values(holes, boards, n_board, dead_mask, want_high, board_pair, flush5, suited, low, out_high, out_low):
    """``out_high[i]``, ``out_low[i]``: the best high and low (NO_LOW: none) two cards unseen
    by the holder of ``holes[i]`` make on ``boards[i, :n_board]`` (see the module docstring).
    Without ``want_high`` only the lows are computed (``out_high`` is left as it is)."""
    n_hole = holes.shape[1]
    for i in prange(holes.shape[0]):
        _, board_mask, _ = read_cards(boards, i, n_board)
        _, hole_mask, _ = read_cards(holes, i, n_hole)
        seen = board_mask | hole_mask | dead_mask
        if want_high:
            out_high[i] = _nut_high(boards, i, n_board, board_mask, seen, board_pair, flush5, suited)
        ranks = 0
        for rank in range(13):
            if _unseen(seen, rank) > 0:
                ranks |= 1 << rank
        board_low = low_bits((board_mask | (board_mask >> 16) | (board_mask >> 32) | (board_mask >> 48)) & 0x1FFF)
        out_low[i] = nut_low(board_low, low_bits(ranks), low)


@njit(cache=True, inline="always")
def _unseen(seen, rank):
    """How many cards of ``rank`` the card mask ``seen`` leaves unseen (0..4)."""
    held = (seen >> rank) & 0x0001000100010001  # the rank's bit in each suit field
    return 4 - ((held + (held >> 16) + (held >> 32) + (held >> 48)) & 7)


@njit(cache=True, inline="always")
def _nut_high(boards, i, n_board, board_mask, seen, board_pair, flush5, suited):
    """The best high of two unseen cards on ``boards[i, :n_board]``."""
    pair_values = board_pair[unsigned(board_state(boards, i, n_board))]
    best = -1
    for b in range(13):
        if _unseen(seen, b) == 0:
            continue
        for a in range(b + 1):
            if _unseen(seen, a) - (a == b) > 0:
                best = max(best, pair_values[unsigned(PAIR_INDEX[a, b])])
    for suit in range(4):
        board_suited = (board_mask >> (16 * suit)) & 0x1FFF
        if popcount(board_suited) >= 3:
            unseen_suited = ~(seen >> (16 * suit)) & 0x1FFF
            if popcount(unseen_suited) >= 2:
                best = max(best, best_flush(board_suited, unseen_suited, flush5, suited))
    return best


@njit(cache=True, parallel=True)
def nut_high_by_type(holes, boards, n_board, dead_mask, board_pair, flush5, suited, categories, out_best):
    """``out_best[i, t]``: the best high of hand type ``t`` (``categories[value]``, 0..8)
    that two cards unseen by the holder of ``holes[i]`` make on ``boards[i, :n_board]``;
    -1 where no two unseen cards make that type.

    Every pair of unseen cards is read as it plays: its rank pair's ``board_pair`` value,
    or, when both cards are of a suit the board shows three times or more, the better of
    that and its flush (``best_flush`` of the two cards alone), so a suited pair whose
    flush beats its straight counts as a flush, not as a straight.
    """
    n_hole = holes.shape[1]
    for i in prange(holes.shape[0]):
        _, board_mask, _ = read_cards(boards, i, n_board)
        _, hole_mask, _ = read_cards(holes, i, n_hole)
        seen = board_mask | hole_mask | dead_mask
        pair_values = board_pair[unsigned(board_state(boards, i, n_board))]
        for t in range(out_best.shape[1]):
            out_best[i, t] = -1
        for c1 in range(52):
            if (seen >> (16 * (c1 & 3) + (c1 >> 2))) & 1:
                continue
            for c2 in range(c1 + 1, 52):
                if (seen >> (16 * (c2 & 3) + (c2 >> 2))) & 1:
                    continue
                r1, r2 = c1 >> 2, c2 >> 2
                value = pair_values[unsigned(PAIR_INDEX[min(r1, r2), max(r1, r2)])]
                suit = c1 & 3
                if suit == (c2 & 3):
                    board_suited = (board_mask >> (16 * suit)) & 0x1FFF
                    if popcount(board_suited) >= 3:
                        value = max(value, best_flush(board_suited, (1 << r1) | (1 << r2), flush5, suited))
                kind = categories[unsigned(value)]
                out_best[i, kind] = max(out_best[i, kind], value)


@njit(cache=True, parallel=True)
def fixed_river_values(values, boards, hilo, out_high, out_low):
    """``out_high[i]``, ``out_low[i]``: the river high and low (-1: none) of one known hand on
    ``boards[i]`` (five cards), read from the hand's row ``values`` of
    ``showdown.fixed_hand_tables`` (as the equity sampler reads it) instead of evaluating
    its hole cards on every board."""
    for i in prange(boards.shape[0]):
        state, flush_suit, flush_ranks, board_low = describe_board(boards, i, 5)
        flush_block = FLUSH_COLUMN + 8192 * (flush_suit if flush_suit >= 0 else NO_FLUSH_SUIT)
        out_high[i] = max(values[unsigned(state - BOARD_OFFSET[5])], values[unsigned(flush_block + flush_ranks)])
        out_low[i] = values[unsigned(LOW_COLUMN + board_low)] if hilo else -1
