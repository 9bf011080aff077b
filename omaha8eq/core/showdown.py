"""Compiled showdown of one deal: who wins each half, recorded as an outcome count.

For every deal (a complete five-card board and every player's hole cards) the
enumerator and the sampler call :func:`record_showdown`, which only increments one
cell per player of an outcome histogram; all pot arithmetic happens once, at the
end, in Python (``omaha8eq.equities``).

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

import functools
import itertools

import numpy as np
from numba import njit

from .high import best_flush, describe_board, flush_high, rank_high, unsigned
from .low import hand_low
from .tables import BOARD_OFFSET, BOARD_STATES, LOW_BIT, PAIR_INDEX


def histogram_shape(n_players: int) -> tuple[int, int, int]:
    """Shape of one chunk's outcome histogram: (player, high_state, low_state)."""
    return n_players, n_players + 1, n_players + 3


#: Columns of a fixed-hand table (see ``fixed_hand_tables``).
FIVE_CARD_STATES = BOARD_STATES - int(BOARD_OFFSET[5])
FLUSH_COLUMN = FIVE_CARD_STATES
NO_FLUSH_SUIT = 4
LOW_COLUMN = FLUSH_COLUMN + (NO_FLUSH_SUIT + 1) * 8192
TABLE_WIDTH = LOW_COLUMN + 256

# The rank masks a flush suit's board cards can have (3 to 5 ranks).
_FLUSH_BOARD_MASKS = np.array([m for m in range(8192) if 3 <= bin(m).count("1") <= 5], dtype=np.int64)
_PAIR_ROW = PAIR_INDEX.tolist()


@njit(cache=True)
def best_flushes(board_masks, hole_ranks, flush5, suited, out):
    """``out[i]``: the best flush of the suited hole ranks ``hole_ranks`` with suited
    board ranks ``board_masks[i]`` (13-bit masks; see ``kernels.best_flush``)."""
    for i in range(board_masks.shape[0]):
        out[i] = best_flush(board_masks[i], hole_ranks, flush5, suited)


@functools.cache
def _hole_pairs(hole_size: int) -> tuple[tuple[int, int], ...]:
    """The two positions of every pair of hole cards."""
    return tuple(itertools.combinations(range(hole_size), 2))


def fixed_hand_tables(holes: np.ndarray, fixed: np.ndarray, tables, flushes_and_lows: bool = True) -> np.ndarray:
    """Each fixed hand's values by board summary, so a showdown reads table cells
    instead of evaluating the hole cards (int16, one row per hand).

    Columns of row p (hand ``holes[p]``; rows with ``fixed[p]`` false are -1):

    - ``[s]`` for ``s < FIVE_CARD_STATES``: the high without flushes on five-card
      board state ``BOARD_OFFSET[5] + s``, the best over the hand's hole pairs;
    - ``[FLUSH_COLUMN + 8192 * suit + ranks]``: the best flush with the board's
      cards of ``suit`` having the 13-bit rank mask ``ranks`` (-1: none; the block of
      ``NO_FLUSH_SUIT`` stands for boards without three cards of a suit);
    - ``[LOW_COLUMN + board_low]``: the low with a board low-rank mask (-1: none).

    ``flushes_and_lows=False`` builds only the high columns (the exact aggregation,
    which treats flushes and lows itself, needs no more).
    """
    width = TABLE_WIDTH if flushes_and_lows else FIVE_CARD_STATES
    table = np.full((holes.shape[0], width), -1, dtype=np.int16)
    pairs = _hole_pairs(holes.shape[1])
    for p in np.flatnonzero(fixed).tolist():
        ranks = [card >> 2 for card in holes[p].tolist()]
        # Small numpy calls cost microseconds each: one row per distinct rank pair.
        rows = sorted({_PAIR_ROW[ranks[i]][ranks[j]] for i, j in pairs})
        highs = table[p, :FIVE_CARD_STATES]
        highs[:] = tables.pair_five[rows[0]]
        for row in rows[1:]:
            np.maximum(highs, tables.pair_five[row], out=highs)
        if not flushes_and_lows:
            continue
        cards = holes[p].tolist()
        for suit in range(4):
            hole_ranks = sum({1 << (card >> 2) for card in cards if card & 3 == suit})
            if hole_ranks.bit_count() < 2:
                continue
            flushes = np.empty(len(_FLUSH_BOARD_MASKS), dtype=np.int16)
            best_flushes(_FLUSH_BOARD_MASKS, hole_ranks, tables.flush5, tables.suited, flushes)
            table[p, FLUSH_COLUMN + 8192 * suit + _FLUSH_BOARD_MASKS] = flushes
        hole_low = sum({int(LOW_BIT[rank]) for rank in ranks})
        table[p, LOW_COLUMN:] = tables.low[hole_low::256]
    return table


@njit(cache=True, inline="always")
def count_outcome(high_values, low_values, n_players, counts, chunk, weight, cells):
    """Add ``weight`` to each player's outcome cell for these high and low values.

    ``high_values[p]`` is player p's high (0..7461), ``low_values[p]`` the low
    (0..55, or -1 for none). ``cells[p]`` receives player p's (high_state, low_state).
    """
    # Written without data-dependent branches: who wins is a coin flip the branch
    # predictor cannot learn, and a mispredicted branch costs more than the selects.
    best_high = high_values[0]
    best_low = low_values[0]
    for p in range(1, n_players):
        best_high = max(best_high, high_values[p])
        best_low = max(best_low, low_values[p])
    n_best_high = 0
    n_best_low = 0
    for p in range(n_players):
        n_best_high += high_values[p] == best_high
        n_best_low += low_values[p] == best_low
    for p in range(n_players):
        high_state = n_best_high * (high_values[p] == best_high)
        low_column = low_state(low_values[p], best_low, n_best_low, n_players)
        counts[unsigned(chunk), unsigned(p), unsigned(high_state), unsigned(low_column)] += weight
        cells[p, 0] = high_state
        cells[p, 1] = low_column


@njit(cache=True, inline="always")
def low_state(low_value, best_low, n_best_low, n_players):
    """A player's ``low_state`` (see the module) for its low ``low_value`` (-1: none)
    when the best low of the ``n_players`` is ``best_low`` (-1: nobody has one), held by
    ``n_best_low`` of them. Selects, not branches (see :func:`count_outcome`)."""
    # best low: n_best_low; no low of its own (someone has one): P + 1; else 0
    own_low = n_best_low * (low_value == best_low) + (n_players + 1) * (low_value < 0)
    return own_low + (best_low < 0) * (n_players + 2 - own_low)


@njit(cache=True, inline="always")
def settle(
    holes, deal, tables, state, flush_suit, flush_ranks, board_low, high_values, low_values, counts, chunk,
    weight, cells,
):  # fmt: skip
    """Evaluate ``holes`` (the deal's hands, random ones dealt) on a board summarised as
    by ``describe_board`` and add ``weight`` to each player's outcome cell in ``counts[chunk]``.

    ``deal`` is a ``kernel_args.DealArrays``, ``tables`` the ``kernel_args.LookupTables``. Fixed hands
    (``deal.fixed[p]``) read their values from ``deal.fixed_tables`` (see
    ``fixed_hand_tables``); the others evaluate their hole cards.
    """
    n_players = holes.shape[0]
    n_hole = deal.n_hole
    fixed = deal.fixed
    fixed_tables = deal.fixed_tables
    hilo = deal.hilo
    board_pair = tables.board_pair
    flush5 = tables.flush5
    suited = tables.suited
    low = tables.low
    flush_block = FLUSH_COLUMN + 8192 * (flush_suit if flush_suit >= 0 else NO_FLUSH_SUIT)
    for p in range(n_players):
        if fixed[p]:
            values = fixed_tables[unsigned(p)]
            high_values[p] = max(values[unsigned(state - BOARD_OFFSET[5])], values[unsigned(flush_block + flush_ranks)])
            low_values[p] = values[unsigned(LOW_COLUMN + board_low)] if hilo else -1
        else:
            high_values[p] = max(
                rank_high(holes, p, n_hole, state, board_pair),
                flush_high(holes, p, n_hole, flush_suit, flush_ranks, flush5, suited),
            )
            low_values[p] = hand_low(holes, p, n_hole, board_low, low) if hilo else -1
    count_outcome(high_values, low_values, n_players, counts, chunk, weight, cells)


@njit(cache=True, inline="always")
def showdown_scratch(n_players):
    """One thread's scratch arrays for :func:`settle` and :func:`record_showdown` of
    ``n_players`` hands: ``(high_values, low_values, cells)``."""
    high_values = np.empty(n_players, dtype=np.int64)
    low_values = np.empty(n_players, dtype=np.int64)
    return high_values, low_values, np.empty((n_players, 2), dtype=np.int64)


@njit(cache=True, inline="always")
def record_showdown(holes, deal, tables, board, high_values, low_values, counts, chunk, cells):
    """Evaluate ``holes`` on the 5-card ``board[0]`` and count the outcome once (see :func:`settle`)."""
    state, flush_suit, flush_ranks, board_low = describe_board(board, 0, 5)
    settle(
        holes, deal, tables, state, flush_suit, flush_ranks, board_low, high_values, low_values, counts,
        chunk, 1, cells,
    )  # fmt: skip
