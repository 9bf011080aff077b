"""``rank_multisets`` (numpy) is row for row the plain-Python listing of every multiset."""

from __future__ import annotations

from itertools import combinations, combinations_with_replacement
from math import comb

import numpy as np
import pytest

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
    # Ranks and multiplicities are int8 (a preflop pass reads 6,188 rows of both), offsets int64.
    for array, rows, dtype in zip(got[:3], expected, (np.int8, np.int8, np.int64), strict=True):
        assert array.dtype == dtype and array.flags.c_contiguous
        assert array.tolist() == rows


def test_masks_of_each_multiset():
    """``low_masks``: bit r + 1 for a rank r = 0..6 (2..8), bit 0 for the ace (12); ``rank_masks``: bit r."""
    got = rank_multisets()
    ranks, _, offsets = naive_rank_multisets()
    sizes = [size for size in range(6) for _ in range(offsets[size], offsets[size + 1])]
    low_bit = {r: 1 << (r + 1) for r in range(7)} | {12: 1}
    for m, (row, size) in enumerate(zip(ranks, sizes, strict=True)):
        assert got.low_masks[m] == sum({low_bit.get(r, 0) for r in row[:size]})
        assert got.rank_masks[m] == sum({1 << r for r in row[:size]})


@pytest.mark.parametrize("k", [3, 4, 5])
def test_states_of_suited_ranks_and_a_multiset(k):
    """``with_suited``: the five-card state of every k-subset (in colex order) joined with
    every multiset of 5 - k ranks (in board-state order)."""
    got = rank_multisets()
    subsets = sorted(combinations(range(13), k), key=lambda c: sum(comb(r, i + 1) for i, r in enumerate(c)))
    rest = sorted(combinations_with_replacement(range(13), 5 - k), key=multiset_index)
    first = got.with_suited_offsets[k]
    assert got.with_suited_offsets[k + 1] - first == len(subsets) * len(rest)
    for c, subset in enumerate(subsets):
        row = got.with_suited[first + c * len(rest) : first + (c + 1) * len(rest)].tolist()
        assert row == [multiset_index(sorted(subset + other)) for other in rest]


def test_each_size_is_in_board_state_order():
    multisets = rank_multisets()
    for size in range(6):
        rows = multisets.ranks[multisets.offsets[size] : multisets.offsets[size + 1], :size]
        assert [multiset_index(row) for row in rows.tolist()] == list(range(len(rows)))
