"""The high kernel (core/high.py) against the naive oracle, through evaluate_batch(low=False).

Deal families: uniform deals on every board size and deals from two suits (flushes and
straight flushes are common there).
"""

import numpy as np
import pytest
from deals import FULL_DECK, TWO_SUITS, assert_no_mismatch, compare_with_naive, deal_from, split
from numba import njit

from omaha8eq.core.high import describe_board


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


@njit
def _describe_rows(boards, out):
    for i in range(boards.shape[0]):
        out[i] = describe_board(boards, i, boards.shape[1])


@pytest.mark.parametrize("b", [3, 4, 5])
def test_describe_board_against_plain_python(b):
    """describe_board's flush suit, suited ranks and low mask (the state is checked through
    every evaluation against the naive oracle above) for every suit and none."""
    rng = np.random.default_rng(4100 + b)
    boards = deal_from(rng, 5_000, b, FULL_DECK).astype(np.int8)
    out = np.zeros((len(boards), 4), dtype=np.int64)
    _describe_rows(boards, out)
    for row, (_, flush_suit, flush_ranks, low_mask) in zip(boards.tolist(), out.tolist(), strict=True):
        suits = [card & 3 for card in row]
        want_suit = next((s for s in range(4) if suits.count(s) >= 3), -1)
        want_ranks = sum(1 << (card >> 2) for card in row if card & 3 == want_suit) if want_suit >= 0 else 0
        low_ranks = {card >> 2 for card in row if card >> 2 <= 6 or card >> 2 == 12}
        want_low = sum(1 if r == 12 else 1 << (r + 1) for r in low_ranks)
        assert (flush_suit, flush_ranks, low_mask) == (want_suit, want_ranks, want_low), row
    assert set(out[:, 1].tolist()) == {-1, 0, 1, 2, 3}  # every suit and none seen
