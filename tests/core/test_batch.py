"""The batch kernel (core/batch.py): highs and lows together against the naive oracle,
the high/low switches, memory layouts, and the row check ``first_bad_row``.
"""

import numpy as np
import pytest
from deals import (
    FULL_DECK,
    LOW_WEIGHTS,
    TWO_SUITS,
    TWO_SUITS_LOW_WEIGHTS,
    assert_no_mismatch,
    compare_with_naive,
    deal_from,
    split,
)

from omaha8eq import evaluate_batch
from omaha8eq.core.batch import first_bad_row


@pytest.mark.parametrize("b", [3, 4])
@pytest.mark.parametrize("h", [4, 5, 6])
def test_uniform_deals_short_board(h, b):
    rng = np.random.default_rng(2000 + 10 * h + b)
    n = 5_000
    holes, boards = split(deal_from(rng, n, h + b, FULL_DECK), h)
    assert boards.shape == (n, b)
    mismatches, stats = compare_with_naive(holes, boards)
    assert_no_mismatch(mismatches, n)
    assert stats["low"] > 100


@pytest.mark.parametrize("b", [3, 4, 5])
@pytest.mark.parametrize("h", [4, 5, 6])
def test_deals_biased_to_two_suits_and_low_ranks(h, b):
    rng = np.random.default_rng(5000 + 10 * h + b)
    n = 2_000
    holes, boards = split(deal_from(rng, n, h + b, TWO_SUITS, TWO_SUITS_LOW_WEIGHTS), h)
    mismatches, stats = compare_with_naive(holes, boards)
    assert_no_mismatch(mismatches, n)
    assert stats["low"] > 0.3 * n, stats
    assert stats["Flush"] + stats["Straight flush"] > 0.1 * n, stats
    assert stats["counterfeit"] > 0.3 * n, stats


@pytest.mark.parametrize("b", [3, 4, 5])
@pytest.mark.parametrize("h", [4, 5, 6])
def test_high_and_low_switches(h, b):
    rng = np.random.default_rng(900 + 10 * h + b)
    holes, boards = split(deal_from(rng, 500, h + b, FULL_DECK, LOW_WEIGHTS), h)
    high, low = evaluate_batch(holes, boards)
    assert (low >= 0).sum() > 50 and (low == -1).sum() > 0
    assert high.min() >= 0 and high.max() <= 7461 and low.max() <= 55

    high2, low2 = evaluate_batch(holes, boards, low=False)
    assert np.array_equal(high2, high)
    assert (low2 == -1).all()

    high3, low3 = evaluate_batch(holes, boards, high=False)
    assert (high3 == -1).all()
    assert np.array_equal(low3, low)

    high4, low4 = evaluate_batch(holes, boards, high=False, low=False)
    assert (high4 == -1).all() and (low4 == -1).all()

    # Any integer dtype and plain lists are accepted.
    high5, low5 = evaluate_batch(holes.astype(np.int64).tolist(), boards.astype(np.uint8))
    assert np.array_equal(high5, high) and np.array_equal(low5, low)


def test_empty_batch():
    high, low = evaluate_batch(np.empty((0, 4), dtype=np.int64), np.empty((0, 5), dtype=np.int64))
    assert high.shape == low.shape == (0,)


def test_non_contiguous_input():
    rng = np.random.default_rng(6)
    holes, boards = split(deal_from(rng, 300, 10, FULL_DECK, LOW_WEIGHTS), 5)
    want_high, want_low = evaluate_batch(holes, boards)
    # Reversed columns (a negative-stride view) and Fortran order give the same answers.
    high, low = evaluate_batch(holes[:, ::-1], np.asfortranarray(boards))
    assert np.array_equal(high, want_high) and np.array_equal(low, want_low)
    # Every other row of a bigger array.
    big_h = np.repeat(holes, 2, axis=0)
    big_b = np.repeat(boards, 2, axis=0)
    high, low = evaluate_batch(big_h[::2], big_b[1::2])
    assert np.array_equal(high, want_high) and np.array_equal(low, want_low)


def test_does_not_modify_input():
    rng = np.random.default_rng(5)
    holes, boards = split(deal_from(rng, 100, 11, FULL_DECK), 6)
    before = holes.copy(), boards.copy()
    evaluate_batch(holes, boards)
    assert np.array_equal(holes, before[0]) and np.array_equal(boards, before[1])


@pytest.mark.parametrize("dtype", [np.int8, np.int64])
def test_first_bad_row(dtype):
    rng = np.random.default_rng(7)
    holes, boards = split(deal_from(rng, 6, 9, FULL_DECK), 4)
    holes, boards = holes.astype(dtype), boards.astype(dtype)
    assert first_bad_row(holes, boards) == -1
    for row, value in ((4, 52), (2, -1), (5, 127)):
        bad = holes.copy()
        bad[row, 1] = value
        assert first_bad_row(bad, boards) == row
    repeated = boards.copy()
    repeated[3, 4] = holes[3, 0]  # a card in the hand and on the board
    assert first_bad_row(holes, repeated) == 3
    if dtype == np.int64:  # a value that is a card modulo 64 must not pass as that card
        wrapped = holes.copy()
        wrapped[1, 0] = int(holes[1, 0]) + 64
        assert first_bad_row(wrapped, boards) == 1
