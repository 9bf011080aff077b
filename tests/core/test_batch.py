"""The batch kernel (core/batch.py): highs and lows together against the naive oracle,
the high/low switches, memory layouts, the row checks (``first_bad_row`` and the one
inside ``evaluate_rows``), and value for value the per-row path evaluate_rows replaced.
"""

from itertools import product

import naive
import numpy as np
import pytest
from deals import (
    FULL_DECK,
    LOW_VALUE,
    LOW_WEIGHTS,
    TWO_SUITS,
    TWO_SUITS_LOW_WEIGHTS,
    assert_no_mismatch,
    compare_with_naive,
    deal_from,
    split,
)
from numba import njit

from omaha8eq import DuplicateCardError, InvalidCardError, evaluate_batch
from omaha8eq.core.batch import evaluate_rows, first_bad_row, narrow_cards, narrow_rows
from omaha8eq.core.high import describe_board, hand_high
from omaha8eq.core.low import hand_low
from omaha8eq.core.tables import get_tables


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


def test_column_slices_reach_the_kernel_uncopied(monkeypatch):
    """int8 column slices of one array are handed to the kernel as they are (two strided
    views: no copy); a strided view paired with a C-contiguous array is copied to C
    order, so that the kernel has two builds, not four."""
    from omaha8eq.core import parallel

    seen = []
    run = parallel.run
    monkeypatch.setattr(parallel, "run", lambda kernel, *args: seen.append(args[:2]) or run(kernel, *args))
    rng = np.random.default_rng(10)
    deals = deal_from(rng, 200, 9, FULL_DECK).astype(np.int8)
    want = evaluate_batch(np.ascontiguousarray(deals[:, :4]), np.ascontiguousarray(deals[:, 4:]))
    got = evaluate_batch(deals[:, :4], deals[:, 4:])
    assert np.array_equal(got[0], want[0]) and np.array_equal(got[1], want[1])
    holes, boards = seen[-1]
    assert np.shares_memory(holes, deals) and np.shares_memory(boards, deals)
    evaluate_batch(deals[:, :4], np.ascontiguousarray(deals[:, 4:]))
    holes, boards = seen[-1]
    assert holes.flags.c_contiguous and boards.flags.c_contiguous and not np.shares_memory(holes, deals)


@pytest.mark.parametrize("dtype", [np.int16, np.int64, np.uint64])
def test_wide_values_do_not_wrap_into_cards(dtype):
    """A wider value that is a card modulo 256 (or a uint64 past 2**63) is refused, not
    narrowed into that card; the error names the first bad row of either kind."""
    rng = np.random.default_rng(11)
    holes, boards = split(deal_from(rng, 8, 9, FULL_DECK), 4)
    holes, boards = holes.astype(dtype), boards.astype(dtype)
    holes[5, 1] = 2**63 + 7 if dtype == np.uint64 else int(holes[5, 1]) + 256
    with pytest.raises(InvalidCardError, match="holes: row 5 holds"):
        evaluate_batch(holes, boards)
    boards[2, 0] = boards[2, 3]  # a repeat in an earlier row is named first
    with pytest.raises(DuplicateCardError, match="row 2"):
        evaluate_batch(holes[:, ::-1], boards)


#: Every integer type but int8 (which the row kernel reads as it is): each is narrowed to int8.
WIDE_TYPES = [np.int16, np.int32, np.int64, np.uint8, np.uint16, np.uint32, np.uint64]
#: Values that are not cards, in each kind: negative, 52..255 (fit in uint8), 256 and 308 (0 and 52
#: in int8), past 16 and 32 bits, the ends of int64, and uint64 values past 2**63 (negative as int64).
NOT_CARDS = [-1, -128, -(2**31), -(2**63), 52, 63, 64, 127, 128, 200, 255, 256, 308, 2**16 + 5, 2**32 + 3,
             2**40, 2**63 - 1, 2**63 + 7, 2**64 - 1]  # fmt: skip


def fitting(values, dtype):
    """The values that ``dtype`` can hold."""
    info = np.iinfo(dtype)
    return [v for v in values if info.min <= v <= info.max]


@pytest.mark.parametrize("dtype", WIDE_TYPES)
def test_the_narrowing_kernels_copy_cards_and_report_anything_else(dtype):
    """narrow_cards (one run of values) and narrow_rows (two 2-D arrays, row by row, any
    layout) copy cards exactly, and report a value that is not a card wherever it lies,
    whatever it would become in int8."""
    rng = np.random.default_rng(13)
    deals = deal_from(rng, 40, 11, FULL_DECK).astype(dtype)
    holes, boards = deals[:, :6], deals[:, 6:]

    def narrowed(holes, boards):
        out_holes, out_boards = np.empty(holes.shape, np.int8), np.empty(boards.shape, np.int8)
        run = narrow_cards(np.ascontiguousarray(holes).reshape(-1), out_holes.reshape(-1))
        run &= narrow_cards(np.ascontiguousarray(boards).reshape(-1), out_boards.reshape(-1))
        rows = np.empty(holes.shape, np.int8), np.empty(boards.shape, np.int8)
        assert narrow_rows(holes, boards, *rows) == run
        return run, out_holes, out_boards, rows

    valid, out_holes, out_boards, rows = narrowed(holes, boards)
    assert valid and np.array_equal(out_holes, holes) and np.array_equal(out_boards, boards)
    assert np.array_equal(rows[0], holes) and np.array_equal(rows[1], boards)
    for value in fitting(NOT_CARDS, dtype):
        for row, column in ((0, 0), (17, 5), (39, 10), (22, 6)):
            bad = deals.copy()
            bad[row, column] = value
            assert not narrowed(bad[:, :6], bad[:, 6:])[0], (value, row, column)


@pytest.mark.parametrize("dtype", [*WIDE_TYPES, list])
def test_every_integer_type_gives_the_int8_answers(dtype):
    """Rows of any other integer type, C-contiguous or column slices of one array (the two
    narrowing kernels), and lists of ints evaluate exactly as the same rows in int8, high
    and low, on uniform and on flush- and low-heavy rows of every shape."""
    rng = np.random.default_rng(14)
    for h, b in ((4, 5), (5, 4), (6, 3)):
        deals = np.concatenate(
            [deal_from(rng, 2_000, h + b, FULL_DECK), deal_from(rng, 2_000, h + b, TWO_SUITS, TWO_SUITS_LOW_WEIGHTS)]
        )
        if dtype is list:
            cases = [(deals[:, :h].tolist(), deals[:, h:].tolist())]
        else:
            wide = deals.astype(dtype)
            cases = [split(wide, h), (wide[:, :h], wide[:, h:])]
        for high, low in ((True, True), (True, False)):
            want_high, want_low = evaluate_batch(*split(deals.astype(np.int8), h), high=high, low=low)
            assert (want_high >= 0).all()
            for holes, boards in cases:
                got_high, got_low = evaluate_batch(holes, boards, high=high, low=low)
                assert np.array_equal(got_high, want_high) and np.array_equal(got_low, want_low)


@pytest.mark.parametrize("dtype", WIDE_TYPES)
def test_values_that_are_not_cards_are_named_in_every_integer_type(dtype):
    """A value outside 0..51 in any integer type, C-contiguous or in column slices, is refused
    with the message it always had, naming its row and the value as given (never what it
    would wrap to in int8); a card twice in an earlier row is named first."""
    rng = np.random.default_rng(15)
    deals = deal_from(rng, 300, 9, FULL_DECK).astype(dtype)
    for value in fitting(NOT_CARDS, dtype):
        for name, column in (("holes", 1), ("boards", 8)):
            bad = deals.copy()
            bad[257, column] = value
            message = rf"^{name}: row 257 holds {value}, not a card \(card numbers are 0\.\.51\)$"
            for holes, boards in (split(bad, 4), (bad[:, :4], bad[:, 4:])):
                with pytest.raises(InvalidCardError, match=message):
                    evaluate_batch(holes, boards)
            bad[31, 0] = bad[31, 6]
            for holes, boards in (split(bad, 4), (bad[:, :4], bad[:, 4:])):
                with pytest.raises(DuplicateCardError, match=r"^row 31: \w\w appears twice among its cards$"):
                    evaluate_batch(holes, boards, high=False)


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


@njit  # not cached: numba would not see a change of the core functions it inlines
def _evaluate_rows_before(holes, boards, board_pair, flush5, suited, low, out_high, out_low):
    """The per-row path evaluate_rows replaced: describe_board, then hand_high and hand_low."""
    for i in range(holes.shape[0]):
        state, flush_suit, flush_ranks, low_mask = describe_board(boards, i, boards.shape[1])
        out_high[i] = hand_high(holes, i, holes.shape[1], state, flush_suit, flush_ranks, board_pair, flush5, suited)
        out_low[i] = hand_low(holes, i, holes.shape[1], low_mask, low)


@pytest.mark.parametrize("b", [3, 4, 5])
@pytest.mark.parametrize("h", [4, 5, 6])
def test_same_values_as_the_per_row_path(h, b):
    """Value for value against describe_board + hand_high + hand_low, on uniform and
    flush- and low-heavy rows."""
    rng = np.random.default_rng(7000 + 10 * h + b)
    tables = get_tables()
    for deck, weights in ((FULL_DECK, None), (TWO_SUITS, TWO_SUITS_LOW_WEIGHTS)):
        holes, boards = split(deal_from(rng, 20_000, h + b, deck, weights), h)
        holes, boards = holes.astype(np.int8), boards.astype(np.int8)
        want_high, want_low = np.empty(len(holes), np.int16), np.empty(len(holes), np.int16)
        _evaluate_rows_before(
            holes, boards, tables.board_pair, tables.flush5, tables.suited, tables.low, want_high, want_low
        )
        high, low = evaluate_batch(holes, boards)
        assert np.array_equal(high, want_high) and np.array_equal(low, want_low)
        assert (high >= 0).all() and (low >= 0).any()


def test_kernel_counts_the_rows_first_bad_row_rejects():
    """evaluate_rows' own check agrees with first_bad_row, row by row (int8: the only
    dtype evaluate_batch passes it; wider input is checked before it is narrowed)."""
    rng = np.random.default_rng(8)
    holes, boards = split(deal_from(rng, 400, 9, FULL_DECK), 4)
    holes, boards = holes.astype(np.int8), boards.astype(np.int8)
    values = [-128, -1, 52, 63, 64, 127]
    for k, value in enumerate(values):
        holes[3 * k + 1, k % 4] = value
        boards[3 * k + 2, k % 5] = value
    for k in range(len(values)):
        boards[300 + k, 1] = boards[300 + k, 4]  # a repeat on the board
        holes[350 + k, 2] = boards[350 + k, 0]  # a card in the hand and on the board
    tables = get_tables()
    out_high, out_low = np.empty(len(holes), np.int16), np.empty(len(holes), np.int16)
    bad = evaluate_rows(holes, boards, True, True, tables.board_pair, tables.flush5, tables.suited, tables.low,
                        out_high, out_low)  # fmt: skip
    rejected = [i for i in range(len(holes)) if first_bad_row(holes[i : i + 1], boards[i : i + 1]) == 0]
    assert len(rejected) == 4 * len(values) and bad == len(rejected)
    assert (out_high[rejected] == -1).all() and (out_low[rejected] == -1).all()
    good = np.setdiff1d(np.arange(len(holes)), rejected)
    assert (out_high[good] >= 0).all()


def test_bad_int8_row_is_named_after_the_fused_check():
    rng = np.random.default_rng(9)
    holes, boards = split(deal_from(rng, 50_000, 9, FULL_DECK), 4)
    holes, boards = holes.astype(np.int8), boards.astype(np.int8)
    holes[41_234, 2] = 60
    boards[45_000, 0] = boards[45_000, 3]
    with pytest.raises(InvalidCardError, match="holes: row 41234 holds 60"):
        evaluate_batch(holes, boards)
    holes[41_234, 2] = holes[41_234, 1]
    with pytest.raises(DuplicateCardError, match="row 41234"):
        evaluate_batch(holes, boards, high=False)


def _deals_with_bad_rows(rng, n, h, b):
    """``n`` int8 rows of ``h`` hole + ``b`` board cards, half uniform and half flush- and
    low-heavy, with bad rows planted: values outside 0..51 in the hand or on the board, and
    a card twice in the hand, on the board, or in both. Returns the rows, the bad rows in
    order and which of them hold a value outside 0..51."""
    half = n // 2
    deals = np.concatenate(
        [deal_from(rng, half, h + b, FULL_DECK), deal_from(rng, n - half, h + b, TWO_SUITS, TWO_SUITS_LOW_WEIGHTS)]
    ).astype(np.int8)
    bad_rows = rng.choice(n, size=20, replace=False)
    for k, row in enumerate(bad_rows):
        column = [0, h - 1, h, h + b - 1][k % 4]  # the first and the last card of each part
        if k < 8:
            deals[row, column] = (-1, 52, 127, -128)[k % 4]
        elif k < 12:
            deals[row, k % 2] = deals[row, h - 1]  # twice in the hand
        elif k < 16:
            deals[row, h + k % 2] = deals[row, h + b - 1]  # twice on the board
        else:
            deals[row, column] = deals[row, h + b - 1 if column < h else 0]  # in the hand and on the board
    return deals, np.sort(bad_rows), set(bad_rows[:8].tolist())


@pytest.mark.parametrize("b", [3, 4, 5])
@pytest.mark.parametrize("h", [4, 5, 6])
def test_both_layouts_against_the_naive_evaluator(h, b):
    """The kernel's two builds row for row: column slices of one (n, h + b) int8 array (the
    strided build) and C-contiguous copies of them give, for every high and low switch, the
    plain-Python evaluator's values on every good row, -1 on the bad rows, and the same count
    of bad rows; evaluate_batch names the first bad row of the slices, as of the copies."""
    rng = np.random.default_rng(8000 + 10 * h + b)
    n = 1_200
    deals, bad_rows, value_rows = _deals_with_bad_rows(rng, n, h, b)
    good = np.setdiff1d(np.arange(n), bad_rows)
    want_high = np.full(n, -1, np.int16)
    want_low = np.full(n, -1, np.int16)
    for i in good:
        hole, board = deals[i, :h].tolist(), deals[i, h:].tolist()
        want_high[i] = naive.best_high(hole, board)[0]
        ranks = naive.best_low(hole, board)
        want_low[i] = -1 if ranks is None else LOW_VALUE[ranks]
    assert (want_low[good] >= 0).sum() > 50 and (want_high[good] >= 5863).sum() > 50  # lows; flushes and up

    tables = get_tables()
    slices = deals[:, :h], deals[:, h:]
    assert not slices[0].flags.c_contiguous and not slices[1].flags.c_contiguous
    for holes, boards in (slices, tuple(np.ascontiguousarray(part) for part in slices)):
        for high, low in product([True, False], repeat=2):
            out_high, out_low = np.empty(n, np.int16), np.empty(n, np.int16)
            bad = evaluate_rows(holes, boards, high, low, tables.board_pair, tables.flush5, tables.suited,
                                tables.low, out_high, out_low)  # fmt: skip
            assert bad == len(bad_rows)
            assert (out_high[bad_rows] == -1).all() and (out_low[bad_rows] == -1).all()
            assert np.array_equal(out_high[good], want_high[good] if high else np.full(len(good), -1))
            assert np.array_equal(out_low[good], want_low[good] if low else np.full(len(good), -1))
        assert first_bad_row(np.ascontiguousarray(holes), np.ascontiguousarray(boards)) == bad_rows[0]
        error = InvalidCardError if bad_rows[0] in value_rows else DuplicateCardError
        with pytest.raises(error, match=rf"\brow {bad_rows[0]}\b"):
            evaluate_batch(holes, boards)
        high, low = evaluate_batch(holes[good], boards[good])
        assert np.array_equal(high, want_high[good]) and np.array_equal(low, want_low[good])
