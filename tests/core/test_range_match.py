"""The range kernels (omaha8eq.core.range_match) against plain-Python definitions.

match_kernel is checked on random patterns and random hands against ``naive_ranges``
(which shares no code with omaha8eq), with slot arrays built here from its parsed slots.
"""

from __future__ import annotations

import random
from collections import Counter

import numpy as np
import pytest
from naive_ranges import RANK_VARS, RANKS, SUIT_VARS, matches, parse_slots

from omaha8eq.core.range_match import features_kernel, match_kernel

_RANK_PARTS = [*"2589TKA", *"RON", "*", "[2-5]", "[T-A]", "[3,7,Q]"]
_SUIT_PARTS = ["", "", "c", "s", "x", "y", "z"]


def _hands(rng: np.random.Generator, k: int, n: int) -> np.ndarray:
    return np.sort(np.array([rng.choice(52, k, replace=False) for _ in range(n)], dtype=np.int8), axis=1)


def _slot_arrays(pattern: str, after_prev: bool) -> tuple[np.ndarray, ...]:
    """The kernel's slot arrays for a pattern, from naive_ranges' parse of it.

    Variables never take a rank or suit written in the pattern, so those are taken
    out of the variables' sets (as the parser does). With ``after_prev`` the slots
    are sorted and each one equal to the one before is flagged.
    """
    slots = parse_slots(pattern)
    written_ranks = sum(1 << r for r in {min(r) for r, _, v, _ in slots if v is None and len(r) == 1})
    written_suits = sum(1 << s for s in {s for _, s, _, _ in slots if s is not None})
    rows = []
    for ranks, suit, rank_var, suit_var in slots:
        rank_set = sum(1 << r for r in ranks) & (~written_ranks if rank_var else -1)
        suit_set = (1 << suit) if suit is not None else 15 & (~written_suits if suit_var else -1)
        rows.append(
            (
                rank_set & 0x1FFF,
                suit_set,
                RANK_VARS.index(rank_var) if rank_var else -1,
                SUIT_VARS.index(suit_var) if suit_var else -1,
            )
        )
    if after_prev:
        rows.sort()
    flags = [after_prev and i > 0 and rows[i] == rows[i - 1] for i in range(len(rows))]
    columns = [np.array(column, dtype=np.int64) for column in zip(*rows, strict=True)]
    return (*columns, np.array(flags, dtype=np.bool_))


def _random_pattern(rng: random.Random, slots: int) -> str:
    while True:
        parts = [rng.choice(_RANK_PARTS) + rng.choice(_SUIT_PARTS) for _ in range(slots)]
        written = [p for p in parts if p[0] in RANKS and p[1:] in ("c", "s")]
        if len(written) == len(set(written)):  # a card written twice is not a pattern
            return "".join(parts)


@pytest.mark.parametrize("k, patterns, hands", [(4, 150, 300), (5, 40, 120), (6, 25, 80)])
def test_match_kernel_equals_the_naive_pattern_match(k, patterns, hands):
    rng = random.Random(k)
    rows = _hands(np.random.default_rng(k), k, hands)
    for _ in range(patterns):
        pattern = _random_pattern(rng, rng.randint(1, 4))
        expected = [matches(pattern, tuple(row)) for row in rows.tolist()]
        for after_prev in (False, True):
            got = match_kernel(rows, *_slot_arrays(pattern, after_prev))
            assert got.tolist() == expected, (pattern, after_prev)


def test_match_kernel_on_written_patterns():
    rows = np.array([[0, 1, 50, 51], [4, 8, 12, 16], [48, 49, 44, 45]], dtype=np.int8)  # 2c2dAhAs 3c4c5c6c AcAdKcKd
    rows.sort(axis=1)
    for pattern, expected in [
        ("AA", [True, False, True]),
        ("RROO", [True, False, True]),
        ("RON", [False, True, False]),
        ("AxKx", [False, False, True]),
        ("*x*x*y*y", [False, False, True]),
        ("[3-6][3-6][3-6][3-6]", [False, True, False]),
    ]:
        assert match_kernel(rows, *_slot_arrays(pattern, True)).tolist() == expected, pattern


@pytest.mark.parametrize("k", [4, 5, 6])
def test_features_kernel_counts_ranks_and_suits(k):
    rows = _hands(np.random.default_rng(20 + k), k, 500)
    rank_counts, suit_counts, masks = features_kernel(rows)
    assert rank_counts.shape == (500, 13) and suit_counts.shape == (500, 4) and masks.dtype == np.int64
    for row, ranks, suits, mask in zip(rows.tolist(), rank_counts, suit_counts, masks.tolist(), strict=True):
        by_rank, by_suit = Counter(c // 4 for c in row), Counter(c % 4 for c in row)
        assert ranks.tolist() == [by_rank[r] for r in range(13)]
        assert suits.tolist() == [by_suit[s] for s in range(4)]
        assert mask == sum(1 << c for c in row)
