"""Fixed-hand tables: reading a hand's cells gives what evaluating its cards gives."""

from __future__ import annotations

import numpy as np
import pytest

from omaha8eq import evaluate_batch
from omaha8eq.core.showdown import (
    FIVE_CARD_STATES,
    FLUSH_COLUMN,
    LOW_COLUMN,
    NO_FLUSH_SUIT,
    TABLE_WIDTH,
    fixed_hand_tables,
)
from omaha8eq.core.tables import LOW_BIT, get_tables, multiset_index


def _read_tables(table, row, board):
    """(high, low) of hand ``row`` on a five-card ``board``, from its table cells only."""
    ranks = sorted(c >> 2 for c in board)
    suits = [c & 3 for c in board]
    flush_suit = next((s for s in range(4) if suits.count(s) >= 3), NO_FLUSH_SUIT)
    flush_ranks = sum(1 << (c >> 2) for c in board if c & 3 == flush_suit)
    board_low = 0
    for rank in set(ranks):
        board_low |= int(LOW_BIT[rank])
    high = max(table[row, multiset_index(ranks)], table[row, FLUSH_COLUMN + 8192 * flush_suit + flush_ranks])
    return int(high), int(table[row, LOW_COLUMN + board_low])


@pytest.mark.parametrize("hole_size", [4, 5, 6])
def test_table_cells_equal_evaluation(hole_size):
    rng = np.random.default_rng(hole_size)
    tables = get_tables()
    n_hands, boards_per_hand = 40, 100
    deals = []
    for _ in range(n_hands * boards_per_hand):
        deck = rng.permutation(52)
        if rng.random() < 0.5:  # three or more board cards of one suit, so the flush cells are read
            suit = rng.integers(4)
            board_start = deck[deck % 4 == suit][:3]
            rest = deck[~np.isin(deck, board_start)]
            deck = np.concatenate([rest[:hole_size], board_start, rest[hole_size:]])
        deals.append(deck[: hole_size + 5])
    deals = np.array(deals)
    holes = deals[:, :hole_size].astype(np.int8)
    boards = deals[:, hole_size:].astype(np.int8)
    high, low = evaluate_batch(holes, boards)
    table = fixed_hand_tables(holes, np.ones(len(holes), dtype=bool), tables)
    assert table.shape == (len(holes), TABLE_WIDTH)
    read = np.array([_read_tables(table, i, boards[i].tolist()) for i in range(len(holes))])
    assert (read[:, 0] == high).all()
    assert (read[:, 1] == low).all()
    assert (read[:, 0] >= 5863).sum() > 100  # flushes and better were met, not only rank-only highs


def test_rows_of_hands_that_are_not_fixed_stay_unread():
    tables = get_tables()
    holes = np.array([[48, 49, 0, 5], [44, 45, 40, 37]], dtype=np.int8)
    table = fixed_hand_tables(holes, np.array([True, False]), tables)
    assert (table[1] == -1).all()
    assert (table[0, :FIVE_CARD_STATES] >= 0).all()
    high_only = fixed_hand_tables(holes, np.array([True, True]), tables, flushes_and_lows=False)
    assert high_only.shape == (2, FIVE_CARD_STATES)
    assert (high_only == fixed_hand_tables(holes, np.ones(2, dtype=bool), tables)[:, :FIVE_CARD_STATES]).all()
