"""Compiled showdown of one deal: who wins each half, recorded as an outcome count.

For every deal (a complete five-card board and every player's hole cards) the
enumerator and the sampler call :func:`record_showdown`, which only increments one
cell per player of an outcome histogram; all pot arithmetic happens once, at the
end, in Python (``omaha8eq.equity``).

Outcome histogram ``counts[chunk, player, high_state, low_state]`` (int64):

``high_state``
    0 when the player's high loses; ``k`` (1..P) when it is the best high, shared by
    ``k`` players (1 = alone).
``low_state``
    0 when the player's own low qualifies but loses; ``k`` (1..P) when it is the
    best low, shared by ``k`` players; ``P + 1`` when the player has no qualifying
    low but someone does; ``P + 2`` when nobody has a low (the high takes the whole
    pot; always so in Omaha high, ``hilo`` false).

``P`` is the number of players. Inputs are trusted (validated in Python).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from .kernels import describe_board, flush_high, hand_low, rank_high
from .tables import BOARD_OFFSET, PAIR_INDEX


def histogram_shape(n_players: int) -> tuple[int, int, int]:
    """Shape of one chunk's outcome histogram: (player, high_state, low_state)."""
    return n_players, n_players + 1, n_players + 3


def fixed_hand_highs(holes: np.ndarray, fixed: np.ndarray, pair_five: np.ndarray) -> np.ndarray:
    """Each fixed hand's high without flushes on every five-card board state.

    Row p, column ``state - BOARD_OFFSET[5]``: the best value over the hand's hole
    pairs (``pair_five`` is the tables' five-card ``board_pair``, transposed), so that
    a showdown reads one cell instead of 6-15. Rows of hands that are not fixed
    (random, dealt per deal) are -1 and never read.
    """
    table = np.full((holes.shape[0], pair_five.shape[1]), -1, dtype=np.int16)
    for p in np.flatnonzero(fixed):
        ranks = holes[p].astype(np.int64) >> 2
        i, j = np.triu_indices(len(ranks), k=1)
        np.max(pair_five[PAIR_INDEX[ranks[i], ranks[j]]], axis=0, out=table[p])
    return table


@njit(cache=True, inline="always")
def count_outcome(high_values, low_values, n_players, counts, chunk, weight, cells):
    """Add ``weight`` to each player's outcome cell for these high and low values.

    ``high_values[p]`` is player p's high (0..7461), ``low_values[p]`` the low
    (0..55, or -1 for none). ``cells[p]`` receives player p's (high_state, low_state).
    """
    best_high = -1
    n_best_high = 0
    best_low = -1
    n_best_low = 0
    for p in range(n_players):
        if high_values[p] > best_high:
            best_high = high_values[p]
            n_best_high = 1
        elif high_values[p] == best_high:
            n_best_high += 1
        if low_values[p] > best_low:
            best_low = low_values[p]
            n_best_low = 1
        elif low_values[p] == best_low and best_low >= 0:
            n_best_low += 1
    for p in range(n_players):
        high_state = n_best_high if high_values[p] == best_high else 0
        if best_low < 0:
            low_state = n_players + 2
        elif low_values[p] == best_low:
            low_state = n_best_low
        elif low_values[p] >= 0:
            low_state = 0
        else:
            low_state = n_players + 1
        counts[chunk, p, high_state, low_state] += weight
        cells[p, 0] = high_state
        cells[p, 1] = low_state


@njit(cache=True, inline="always")
def settle(
    holes, n_players, n_hole, fixed, fixed_highs, state, flush_suit, flush_ranks, board_low,
    hilo, board_pair, flush5, suited, low, high_values, low_values, counts, chunk, weight, cells,
):  # fmt: skip
    """Evaluate ``holes[:n_players]`` on a board summarised as by ``describe_board``
    and add ``weight`` to each player's outcome cell in ``counts[chunk]``.

    Fixed hands (``fixed[p]``) read their high without flushes from ``fixed_highs``
    (see ``fixed_hand_highs``); the others evaluate their hole pairs.
    """
    for p in range(n_players):
        if fixed[p]:
            high = fixed_highs[p, state - BOARD_OFFSET[5]]
        else:
            high = rank_high(holes, p, n_hole, state, board_pair)
        high_values[p] = max(
            high, flush_high(holes, p, n_hole, flush_suit, flush_ranks, flush5, suited)
        )
        low_values[p] = hand_low(holes, p, n_hole, board_low, low) if hilo else -1
    count_outcome(high_values, low_values, n_players, counts, chunk, weight, cells)


@njit(cache=True, inline="always")
def record_showdown(
    holes, n_players, n_hole, fixed, fixed_highs, board, hilo, board_pair, flush5, suited,
    low, high_values, low_values, counts, chunk, cells,
):  # fmt: skip
    """Evaluate ``holes[:n_players]`` on the 5-card ``board[0]`` and count the outcome once."""
    state, flush_suit, flush_ranks, board_low = describe_board(board, 0, 5)
    settle(
        holes, n_players, n_hole, fixed, fixed_highs, state, flush_suit, flush_ranks,
        board_low, hilo, board_pair, flush5, suited, low, high_values, low_values, counts,
        chunk, 1, cells,
    )  # fmt: skip
