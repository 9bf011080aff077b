"""The high kernel (core/high.py) against the naive oracle, through evaluate_batch(low=False).

Deal families: uniform deals on every board size and deals from two suits (flushes and
straight flushes are common there).
"""

import numpy as np
import pytest
from deals import FULL_DECK, TWO_SUITS, assert_no_mismatch, compare_with_naive, deal_from, split


@pytest.mark.slow
@pytest.mark.parametrize("h", [4, 5, 6])
def test_uniform_deals_five_card_board(h):
    rng = np.random.default_rng(1000 + h)
    n = 20_000
    holes, boards = split(deal_from(rng, n, h + 5, FULL_DECK), h)
    mismatches, stats = compare_with_naive(holes, boards, low=False)
    assert_no_mismatch(mismatches, n)
    # Sanity: a uniform sample reaches most categories.
    assert stats["Flush"] > 100 and stats["Full house"] > 100 and stats["low"] > 2000


@pytest.mark.parametrize("h", [4, 5, 6])
def test_deals_biased_to_two_suits(h):
    """Two suits only: flushes and straight flushes are common."""
    rng = np.random.default_rng(4000 + h)
    n = 5_000
    holes, boards = split(deal_from(rng, n, h + 5, TWO_SUITS), h)
    mismatches, stats = compare_with_naive(holes, boards, low=False)
    assert_no_mismatch(mismatches, n)
    assert stats["Flush"] > 0.3 * n, stats
    assert stats["Straight flush"] > 0.005 * n, stats
    # Two suits hold at most two cards of a rank: no trips, so no full house.
    assert stats["Full house"] == stats["Three of a kind"] == 0, stats
