"""``rank_multisets`` (numpy) is row for row the plain-Python listing of every multiset."""

from __future__ import annotations

from itertools import combinations_with_replacement

import numpy as np

from omaha8eq.core.exact_multisets import rank_multisets
from omaha8eq.core.tables import multiset_index


def naive_rank_multisets() -> tuple[list[list[int]], list[list[int]], list[int]]:
    """Every multiset of 0..5 ranks sorted by its board-state index, padded to 5 columns:
    (ranks, count of each rank at its first occurrence else 0, where each size starts)."""
    ranks, multiplicities, offsets = [], [], [0]
    for size in range(6):
        for multiset in sorted(combinations_with_replacement(range(13), size), key=multiset_index):
            first = [multiset.count(r) if multiset.index(r) == i else 0 for i, r in enumerate(multiset)]
            ranks.append(list(multiset) + [0] * (5 - size))
            multiplicities.append(first + [0] * (5 - size))
        offsets.append(len(ranks))
    return ranks, multiplicities, offsets


def test_rank_multisets_equal_the_plain_listing():
    expected = naive_rank_multisets()
    got = rank_multisets()
    for array, rows in zip(got, expected, strict=True):
        assert array.dtype == np.int64 and array.flags.c_contiguous
        assert array.tolist() == rows


def test_each_size_is_in_board_state_order():
    multisets = rank_multisets()
    for size in range(6):
        rows = multisets.ranks[multisets.offsets[size] : multisets.offsets[size + 1], :size]
        assert [multiset_index(row) for row in rows.tolist()] == list(range(len(rows)))
