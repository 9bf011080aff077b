"""The range sweep's building blocks: dense subset ids and the lows a board allows."""

from __future__ import annotations

from itertools import combinations

import numpy as np
from numba.core import types

from omaha8eq.core.range_sweep import MAX_STRIDE, dense_subset_ids, row_strides, subset_key_offsets
from omaha8eq.core.tables import LOW_BIT, get_tables


def _ids(hands_a, hands_b):
    hands_a = np.sort(np.array(hands_a, dtype=np.int8), axis=1)
    hands_b = np.sort(np.array(hands_b, dtype=np.int8), axis=1)
    k = hands_a.shape[1]
    ids_a = np.empty((len(hands_a), 1 << k), dtype=np.int32)
    ids_b = np.empty((len(hands_b), 1 << k), dtype=np.int32)
    counts_a = np.empty(len(hands_a), dtype=np.int32)
    counts_b = np.empty(len(hands_b), dtype=np.int32)
    offsets = subset_key_offsets(k)
    id_odd = np.full(offsets[k], -1, dtype=np.int8)
    n_ids = dense_subset_ids(hands_a, hands_b, offsets, ids_a, ids_b, counts_a, counts_b, id_odd)
    lists_a = [row[:count].tolist() for row, count in zip(ids_a, counts_a, strict=True)]
    lists_b = [row[:count].tolist() for row, count in zip(ids_b, counts_b, strict=True)]
    # Each id's parity is its entries' (every entry is 2 * id + an odd size).
    for entry in {e for lists in (lists_a, lists_b) for row in lists for e in row}:
        assert id_odd[entry >> 1] == entry & 1
    assert (id_odd[n_ids:] == -1).all()
    return hands_a, hands_b, lists_a, lists_b, n_ids


def _subset(hand, j):
    return frozenset(int(c) for p, c in enumerate(hand) if (j >> p) & 1)


def test_subset_ids_name_the_proper_subsets_held_on_both_sides():
    hands_a = [(0, 1, 2, 3), (0, 1, 4, 5), (10, 11, 12, 13)]
    hands_b = [(0, 1, 2, 6), (4, 5, 7, 8), (0, 1, 2, 3)]
    hands_a, hands_b, ids_a, ids_b, n_ids = _ids(hands_a, hands_b)
    full = (1 << 4) - 1

    def proper(hands):
        return {_subset(h, j) for h in hands for j in range(full)}

    shared = proper(hands_a) & proper(hands_b)
    assert n_ids == len(shared)
    named: dict[frozenset, int] = {}
    for hands, lists in ((hands_a, ids_a), (hands_b, ids_b)):
        for hand, entries in zip(hands, lists, strict=True):
            # Listed: the shared proper subsets (never the whole hand), in subset order.
            subsets = [_subset(hand, j) for j in range(full) if _subset(hand, j) in shared]
            assert len(entries) == len(subsets)
            for subset, entry in zip(subsets, entries, strict=True):
                assert entry & 1 == len(subset) % 2
                assert named.setdefault(subset, entry >> 1) == entry >> 1
    assert sorted(named.values()) == list(range(n_ids))
    assert named[frozenset()] == 0


def test_subset_ids_for_six_card_hands():
    hands_a = [tuple(range(6)), tuple(range(3, 9))]
    hands_b = [tuple(range(4, 10))]
    hands_a, hands_b, ids_a, ids_b, n_ids = _ids(hands_a, hands_b)
    # Shared proper subsets: the subsets of {4..8} (32), those of {4, 5} already counted.
    assert n_ids == 2**5
    assert len(ids_a[0]) == 4  # the subsets of {4, 5}
    assert len(ids_b[0]) == 32


def test_row_strides_count_the_lows_a_board_allows():
    tables = get_tables()
    rng = np.random.default_rng(7)
    boards = np.array([rng.choice(52, 5, replace=False) for _ in range(200)], dtype=np.int8)
    strides = np.empty(len(boards), dtype=np.int64)
    row_strides(boards, tables.low, strides)
    for board, stride in zip(boards.tolist(), strides.tolist(), strict=True):
        board_low = 0
        for card in board:
            board_low |= int(LOW_BIT[card >> 2])
        lows = {int(tables.low[board_low * 256 + (1 << i | 1 << j)]) for i, j in combinations(range(8), 2)} - {-1}
        assert stride == 1 + len(lows) <= MAX_STRIDE


def test_no_sweep_helper_is_compiled_for_a_literal_argument():
    # A literal argument (a 0 or 1 in the call) types a helper apart: it compiles once
    # more for each. Two ranges, one range against itself (mirrored), a hand against a
    # range (pairwise), on the parallel build and the serial twin, compile them (a cold
    # cache, as in CI; loaded from the cache, the helpers have no signature). The rows'
    # dtype (int32, or int64 for large weights) may give a second signature, by design.
    from omaha8eq import equity
    from omaha8eq.core import parallel, range_sweep

    for hands in (["AA:$ds", "KK:$ds"], ["AA:$ds", "AA:$ds"], ["AsAh2s3d", "KK:$ds"]):
        board = "4c5d7s8h"
        equity(hands, board, exhaustive=True)
        with parallel.serial_builds():
            equity(hands, board + "9c", exhaustive=True)  # another spot: not a result remembered
    helpers = (
        range_sweep._sweep_thread, range_sweep._evaluate_set, range_sweep._sweep_board, range_sweep._pair_board,
        range_sweep._add_all_pairs,
    )  # fmt: skip
    for helper in helpers:
        literals = [str(t) for signature in helper.signatures for t in signature if isinstance(t, types.Literal)]
        assert literals == [], (helper.py_func.__name__, literals)
