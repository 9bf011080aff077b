"""The low kernel (core/low.py) against the naive oracle, through evaluate_batch(high=False).

Deals biased to the low ranks A-8: lows, counterfeits, paired boards are common.
"""

import numpy as np
import pytest
from deals import ALL_LOWS, FULL_DECK, LOW_VALUE, LOW_WEIGHTS, assert_no_mismatch, compare_with_naive, deal_from, split


def test_low_value_numbering_helper():
    assert len(ALL_LOWS) == 56
    assert LOW_VALUE[(5, 4, 3, 2, 1)] == 55
    assert LOW_VALUE[(8, 7, 6, 5, 4)] == 0
    # RULES.md: 6-4-3-2-A beats 7-5-4-3-2; 7-6-5-3-2 beats 7-6-5-4-A.
    assert LOW_VALUE[(6, 4, 3, 2, 1)] > LOW_VALUE[(7, 5, 4, 3, 2)]
    assert LOW_VALUE[(7, 6, 5, 3, 2)] > LOW_VALUE[(7, 6, 5, 4, 1)]


@pytest.mark.parametrize("h", [4, 5, 6])
def test_deals_biased_to_low_ranks(h):
    """Cards mostly A-8: lows, counterfeits, paired boards and full houses are common."""
    rng = np.random.default_rng(3000 + h)
    n = 5_000
    rows = deal_from(rng, n, h + 5, FULL_DECK, LOW_WEIGHTS)
    holes, boards = split(rows, h)
    mismatches, stats = compare_with_naive(holes, boards, high=False)
    assert_no_mismatch(mismatches, n)
    assert stats["low"] > 0.6 * n, stats
    assert stats["counterfeit"] > 0.8 * n, stats
    assert stats["Full house"] > 0.1 * n, stats
    assert stats["Straight"] > 0.1 * n, stats
    assert stats["Four of a kind"] > 0, stats


@pytest.mark.parametrize("b", [3, 4])
@pytest.mark.parametrize("h", [4, 5, 6])
def test_short_boards_biased_to_low_ranks(h, b):
    rng = np.random.default_rng(3100 + 10 * h + b)
    n = 2_000
    holes, boards = split(deal_from(rng, n, h + b, FULL_DECK, LOW_WEIGHTS), h)
    mismatches, stats = compare_with_naive(holes, boards, high=False)
    assert_no_mismatch(mismatches, n)
    assert stats["low"] > 0.3 * n, stats
