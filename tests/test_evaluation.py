"""The public evaluation API (omaha8eq.evaluation): evaluate, evaluate_high,
evaluate_low, evaluate_batch's checks, the hands' descriptions, order and JSON form,
and bad input. The kernels themselves are checked in tests/core/.

Card format: int 0..51, card = 4*rank + suit, rank 0..12 = 2..A, suit 0..3 = c, d, h, s.
Rules: docs/RULES.md (exactly 2 hole + exactly 3 board cards, each way); its worked
examples come from tests/data/rules_examples.json (see golden.py).
"""

import json

import naive
import numpy as np
import pytest
from deals import FULL_DECK, LOW_VALUE, LOW_WEIGHTS, TWO_SUITS, TWO_SUITS_LOW_WEIGHTS, deal_from, low_rank, split
from golden import HANDS, cards, case_id, low_ranks

import omaha8eq
from omaha8eq import (
    DuplicateCardError,
    HandSizeError,
    HighHand,
    InvalidCardError,
    LowHand,
    OmahaInputError,
    evaluate,
    evaluate_batch,
    evaluate_high,
    evaluate_low,
    format_cards,
    parse_cards,
)
from omaha8eq.errors import OmahaTypeError

# ---------------------------------------------------------------------------
# Single-hand API against naive
# ---------------------------------------------------------------------------


def check_single(hole, board):
    hi, lo = evaluate(list(hole), list(board))
    value, _, _ = naive.best_high(hole, board)
    assert hi.value == value
    assert isinstance(hi, HighHand)
    assert len(hi.hole_used) == 2 and set(hi.hole_used) <= set(hole)
    assert len(hi.board_used) == 3 and set(hi.board_used) <= set(board)
    used = tuple(hi.hole_used) + tuple(hi.board_used)
    assert naive.rank5(used) == hi.value
    assert hi.category == naive.category5(used)
    assert sorted(hi.cards) == sorted(used)

    want = naive.best_low(hole, board)
    if want is None:
        assert lo is None
        return
    assert isinstance(lo, LowHand)
    assert lo.ranks == want
    assert lo.value == LOW_VALUE[want]
    assert len(lo.hole_used) == 2 and set(lo.hole_used) <= set(hole)
    assert len(lo.board_used) == 3 and set(lo.board_used) <= set(board)
    low_used = tuple(lo.hole_used) + tuple(lo.board_used)
    assert sorted(lo.cards) == sorted(low_used)
    assert tuple(low_rank(c) for c in lo.cards) == want  # cards high to low, ace last
    assert tuple(sorted((low_rank(c) for c in low_used), reverse=True)) == want


def test_single_hand_api_random():
    rng = np.random.default_rng(77)
    count = 0
    for h in (4, 5, 6):
        for b in (3, 4, 5):
            for weights in (None, LOW_WEIGHTS):
                rows = deal_from(rng, 20, h + b, FULL_DECK, weights)
                for row in rows.tolist():
                    check_single(tuple(row[:h]), tuple(row[h:]))
                    count += 1
            rows = deal_from(rng, 15, h + b, TWO_SUITS, TWO_SUITS_LOW_WEIGHTS)
            for row in rows.tolist():
                check_single(tuple(row[:h]), tuple(row[h:]))
                count += 1
    assert count >= 450


def test_single_hand_agrees_with_batch():
    rng = np.random.default_rng(78)
    holes, boards = split(deal_from(rng, 100, 9, FULL_DECK, LOW_WEIGHTS), 4)
    high, low = evaluate_batch(holes, boards)
    for i in range(len(holes)):
        hi, lo = evaluate(holes[i].tolist(), boards[i].tolist())
        assert hi.value == high[i]
        assert (lo.value if lo is not None else -1) == low[i]
        assert evaluate_high(holes[i].tolist(), boards[i].tolist()) == hi
        assert evaluate_low(holes[i].tolist(), boards[i].tolist()) == lo


def test_accepts_text_ints_and_numpy_ints():
    hole, board = "As Ah 3d 6s", "Ad 8c 5h Ks 2c"
    by_text = evaluate(hole, board)
    by_ints = evaluate(list(cards(hole)), list(cards(board)))
    by_tokens = evaluate(hole.split(), board.split())
    by_numpy = evaluate(np.array(cards(hole), dtype=np.int64), np.array(cards(board), dtype=np.int8))
    for other in (by_ints, by_tokens, by_numpy):
        assert other[0].value == by_text[0].value
        assert other[1].value == by_text[1].value
        assert other[0].cards == by_text[0].cards


# ---------------------------------------------------------------------------
# RULES.md worked examples (tests/data/rules_examples.json) and traps
# ---------------------------------------------------------------------------


def rule_hand(hole, board):
    hi, lo = evaluate(hole, board)
    # Independent confirmation with the reference.
    assert hi.value == naive.best_high(cards(hole), cards(board))[0]
    want_low = naive.best_low(cards(hole), cards(board))
    assert (lo.ranks if lo else None) == want_low
    return hi, lo


def assert_used(hand, expected):
    """The cards, hole and board cards the rules name (sets where the order is free)."""
    if "cards" in expected:
        assert hand.cards == cards(expected["cards"])
    for key in ("hole_used", "board_used"):
        if key in expected:
            assert set(getattr(hand, key)) == set(cards(expected[key]))


@pytest.mark.parametrize("case", HANDS, ids=case_id)
def test_rules_examples(case):
    hi, lo = rule_hand(case["hole"], case["board"])
    if "high" in case:
        assert hi.describe() == case["high"]["text"]
        assert hi.category == case["high"]["category"]
        assert_used(hi, case["high"])
    if case["low"] is None:
        assert lo is None
    else:
        assert str(lo) == case["low"]["text"]
        assert lo.ranks == low_ranks(case["low"]["text"])
        assert lo.value == LOW_VALUE[lo.ranks]
        assert_used(lo, case["low"])


def test_rules_example_1_ties_and_order():
    board = "4c 5d Ks Qs 8c"
    a_hi, a_lo = evaluate("Ah Ac 2h 3c", board)
    b_hi, b_lo = evaluate("As 2s 6d 7d", board)
    c_hi, c_lo = evaluate("6s 7s 8d 9d", board)
    assert b_hi.value == c_hi.value
    assert b_hi == c_hi and not b_hi > c_hi and not b_hi < c_hi and b_hi >= c_hi and b_hi <= c_hi
    assert b_hi > a_hi and a_hi < c_hi
    assert a_lo == b_lo and a_lo.value == b_lo.value
    assert c_lo.value == 0 and a_lo > c_lo and c_lo < b_lo
    assert sorted(c // 4 for c in a_lo.hole_used) == [0, 12]  # a deuce and an ace


def test_rules_examples_2_to_4_comparisons():
    alice_hi, alice_lo = evaluate("As Ah 3d 6s", "Ad 8c 5h Ks 2c")
    assert alice_hi > evaluate_high("Kh Qd Jc Th", "Ad 8c 5h Ks 2c")
    # 8-5-3-2-A qualifies too but is not her best.
    assert alice_lo > LowHand(LOW_VALUE[(8, 5, 3, 2, 1)], (8, 5, 3, 2, 1), (), (), ())
    hi, _ = evaluate("As 2c Kh Kd", "Ad 7s 4c 8h Qc")
    assert [c // 4 for c in hi.cards] == [12, 12, 11, 10, 6]  # A-A-K-Q-8
    assert hi.value > naive.rank5(cards("Kh Kd Ad Qc 8h"))  # not a pair of kings
    hi, lo = evaluate("Ad Kd 3s 2s", "Jd 4d 3c Qd 5h")
    assert lo.value == 55
    # The same ace plays in both directions.
    assert cards("Ad")[0] in hi.hole_used and cards("Ad")[0] in lo.hole_used


def test_counterfeited_low_is_beaten():
    _, lo = evaluate("Ac 2d Kh Ks", "4c 6d 8h 2s")
    _, opponent = evaluate("As 3c Qh Qs", "4c 6d 8h 2s")
    assert opponent > lo


def test_trap_four_suited_board_plus_one_suited_hole_card_is_no_flush():
    hi, _ = rule_hand("Qh 7s 7d 3c", "Ah Kh 9h 5h 2c")
    assert hi.category != "Flush"
    assert hi.describe() == "Pair of sevens"
    # Five suited board cards and no suited hole pair: no flush either.
    hi, _ = rule_hand("As Ad Qc Tc", "2h 5h 8h Jh Kh")
    assert hi.describe() == "Pair of aces"
    # Two suited hole cards do make it.
    hi, _ = rule_hand("Qh 7h 7d 3c", "Ah Kh 9h 5s 2c")
    assert hi.describe() == "Ace-high flush"


def test_trap_four_straight_board_plus_one_hole_card_is_no_straight():
    hi, _ = rule_hand("9d As Ac Jh", "5c 6d 7h 8s Kc")
    assert hi.category != "Straight"
    assert hi.describe() == "Pair of aces"
    hi, _ = rule_hand("9d Ts Ac Jh", "5c 6d 7h 8s Kc")
    assert hi.describe() == "Ten-high straight"
    assert set(hi.hole_used) == set(cards("9d Ts"))


def test_trap_board_trips_needs_hole_pair_for_full_house():
    hi, _ = rule_hand("As Qd 7c 3h", "Kc Kd Kh 7s 2c")
    assert hi.category == "Three of a kind"
    assert hi.describe() == "Three kings"
    hi, _ = rule_hand("3c 3d As Qd", "Kc Kd Kh 7s 2c")
    assert hi.describe() == "Kings full of threes"


def test_trap_four_aces_in_hole_play_as_one_pair():
    hi, lo = rule_hand("Ac Ad Ah As", "Kc 9d 6h 4s 2c")
    assert hi.describe() == "Pair of aces"
    assert [c // 4 for c in hi.cards] == [12, 12, 11, 7, 4]
    assert lo is None  # the only low rank in the hole is the ace


def test_trap_hole_pair_does_not_make_a_low():
    _, lo = rule_hand("2c 2d Kh Qs", "Ac 3d 4h 9s Tc")
    assert lo is None
    # Five low board cards still need two different low hole ranks.
    _, lo = rule_hand("Ac Kd Qh Js", "2c 3d 4h 5s 7c")
    assert lo is None
    _, lo = rule_hand("Kc Kd Qh Qs", "Ac 2d 3h 4s 5c")
    assert lo is None
    # With two different low hole ranks the pair is ignored.
    _, lo = rule_hand("As Ad 2c 3d", "4h 5s 6c Kd Tc")
    assert str(lo) == "6-5-4-2-A"


def test_trap_same_ace_high_and_low():
    hi, lo = rule_hand("Ad 2s Kc Qh", "Ac 3d 4h Kd 9s")
    assert hi.describe() == "Two pair, aces and kings"
    assert cards("Ad")[0] in hi.hole_used
    assert lo is None  # only two low board cards besides the 9
    hi, lo = rule_hand("Ad 2s Kc Qh", "Ac 3d 4h Kd 5s")
    assert hi.describe() == "Five-high straight"
    assert str(lo) == "5-4-3-2-A"
    assert cards("Ad")[0] in hi.hole_used and cards("Ad")[0] in lo.hole_used


# ---------------------------------------------------------------------------
# describe(), ordering, str()
# ---------------------------------------------------------------------------

DESCRIBE_CASES = [
    # hole, board, describe(), cards in reading order
    ("Ah Kh 2c 3d", "Qh Jh Th 4s 5c", "Royal flush", "Ah Kh Qh Jh Th"),
    ("9s 8s 2c 2d", "7s 6s 5s Kd Qc", "Nine-high straight flush", "9s 8s 7s 6s 5s"),
    ("As 2s Kd Kc", "3s 4s 5s Qd 9c", "Five-high straight flush", "5s 4s 3s 2s As"),
    ("Ac Ad 7c 2d", "Ah As Kc 7d 2h", "Four aces", "As Ah Ad Ac Kc"),
    ("Ac Kd 7c 2d", "Ah As Kc 9d 3h", "Aces full of kings", "As Ah Ac Kd Kc"),
    ("3c 3d As Qd", "Kc Kd Kh 7s 2c", "Kings full of threes", "Kh Kd Kc 3d 3c"),
    ("Ad Kd 3s 2s", "Jd 4d 3c Qd 5h", "Ace-high flush", "Ad Kd Qd Jd 4d"),
    ("9h 8h 2s 2c", "Jh 3h 4h Kc Qd", "Jack-high flush", "Jh 9h 8h 4h 3h"),
    ("Ac Kd 9h 9s", "Qh Js Tc 2d 3d", "Ace-high straight", "Ac Kd Qh Js Tc"),
    ("Ac 2d 9h 9s", "3h 4s 5c Kd Qd", "Five-high straight", "5c 4s 3h 2d Ac"),
    ("As Ah 3d 6s", "Ad 8c 5h Ks 2c", "Three aces", "As Ah Ad Ks 8c"),
    ("Ac Kd 7h 2s", "Ad Kh 9c 4d 3s", "Two pair, aces and kings", "Ad Ac Kh Kd 9c"),
    ("7c 7d 3h 2s", "5d 5h Jc Tc 9s", "Two pair, sevens and fives", "7d 7c 5h 5d Jc"),
    ("As Ad Qc Tc", "2h 5h 8h Jh Kh", "Pair of aces", "As Ad Kh Jh 8h"),
    ("2c 2d 3h 4s", "7c 9d Jh Qs 6c", "Pair of deuces", "2d 2c Qs Jh 9d"),
    ("Kc 9d 8h 7s", "2c 4d 6h Js Qc", "King-high", "Kc Qc Js 9d 6h"),
]


@pytest.mark.parametrize("hole, board, text, reading", DESCRIBE_CASES)
def test_describe(hole, board, text, reading):
    hi = evaluate_high(hole, board)
    assert hi.value == naive.best_high(cards(hole), cards(board))[0]
    assert hi.describe() == text
    assert hi.cards == cards(reading)
    assert str(hi) == f"{text} ({reading})"


def test_describe_covers_every_category():
    seen = {evaluate_high(hole, board).category for hole, board, _, _ in DESCRIBE_CASES}
    assert seen == set(omaha8eq.core.tables.CATEGORIES)


def test_describe_cases_are_ordered_by_strength():
    # Within the list, categories never increase downwards.
    values = [evaluate_high(h, b).value for h, b, _, _ in DESCRIBE_CASES]
    order = omaha8eq.core.tables.CATEGORIES
    cats = [order.index(evaluate_high(h, b).category) for h, b, _, _ in DESCRIBE_CASES]
    assert cats == sorted(cats, reverse=True)
    assert values[0] == 7461  # royal flush is the best class
    assert values == sorted(values, reverse=True)


def test_high_hand_ordering():
    royal = evaluate_high("Ah Kh 2c 3d", "Qh Jh Th 4s 5c")
    quads = evaluate_high("Ac Ad 7c 2d", "Ah As Kc 7d 2h")
    king_high = evaluate_high("Kc 9d 8h 7s", "2c 4d 6h Js Qc")
    assert royal > quads > king_high
    assert king_high < quads < royal
    assert royal >= quads and quads <= royal and royal >= royal and royal <= royal
    assert not royal < quads and not quads > royal
    assert max([king_high, royal, quads]) is royal
    assert sorted([royal, king_high, quads]) == [king_high, quads, royal]


def test_low_hand_ordering_and_str():
    wheel = evaluate_low("Ad 2s Kc Qh", "Ac 3d 4h Kd 5s")
    six = evaluate_low("As Ah 3d 6s", "Ad 8c 5h Ks 2c")
    eight = evaluate_low("6s 7s 8d 9d", "4c 5d Ks Qs 8c")
    assert str(wheel) == "5-4-3-2-A" and wheel.ranks == (5, 4, 3, 2, 1)
    assert str(six) == "6-5-3-2-A"
    assert str(eight) == "8-7-6-5-4"
    assert wheel > six > eight
    assert eight < six < wheel
    assert wheel >= six and eight <= six and not wheel < six and not eight > six
    assert sorted([six, wheel, eight]) == [eight, six, wheel]
    assert six.describe() == "6-5-3-2-A low"
    assert six.with_cards() == "6-5-3-2-A low (6s 5h 3d 2c Ad)"
    high = evaluate_high("As Ah 3d 6s", "Ad 8c 5h Ks 2c")
    assert high.with_cards() == str(high) == "Three aces (As Ah Ad Ks 8c)"


def test_hilo_false_gives_no_low():
    hi, lo = evaluate("Ad 2s Kc Qh", "Ac 3d 4h Kd 5s", game="omahahi")
    assert lo is None
    assert hi.value == evaluate_high("Ad 2s Kc Qh", "Ac 3d 4h Kd 5s").value
    hi2, lo2 = evaluate("Ad 2s Kc Qh", "Ac 3d 4h Kd 5s")
    assert lo2 is not None and hi2 == hi


# ---------------------------------------------------------------------------
# Bad input
# ---------------------------------------------------------------------------

GOOD_HOLE = "As Kd 2c 3h"
GOOD_BOARD = "Ad 8c 5h Ks 2d"


def raises(exc, fn, *args, **kwargs):
    with pytest.raises(exc) as info:
        fn(*args, **kwargs)
    return str(info.value)


@pytest.mark.parametrize("fn", [evaluate, evaluate_high, evaluate_low])
def test_wrong_hole_count(fn):
    msg = raises(HandSizeError, fn, "As Kd 2c", GOOD_BOARD)
    assert "hand" in msg and "3 cards" in msg
    msg = raises(HandSizeError, fn, "As Kd 2c 3h 4h 5h 6h", GOOD_BOARD)
    assert "hand" in msg and "7 cards" in msg
    assert issubclass(HandSizeError, ValueError)


@pytest.mark.parametrize("fn", [evaluate, evaluate_high, evaluate_low])
def test_wrong_board_count(fn):
    msg = raises(HandSizeError, fn, GOOD_HOLE, "Ad 8c")
    assert "board" in msg and "2 cards" in msg
    msg = raises(HandSizeError, fn, GOOD_HOLE, "Ad 8c 5h Ks 2d 7s")
    assert "board" in msg and "6 cards" in msg
    msg = raises(HandSizeError, fn, GOOD_HOLE, "")
    assert "board" in msg and "0 cards" in msg
    msg = raises(HandSizeError, fn, GOOD_HOLE, [])
    assert "board" in msg and "0 cards" in msg


def test_duplicate_cards():
    msg = raises(DuplicateCardError, evaluate, "As Kd As 3h", GOOD_BOARD)
    assert "As" in msg and "hand" in msg
    msg = raises(DuplicateCardError, evaluate, GOOD_HOLE, "Ad 8c 8c Ks 2d")
    assert "8c" in msg and "board" in msg
    msg = raises(DuplicateCardError, evaluate, "As Kd 2c 3h", "Ad 8c 5h Ks 3h")
    assert "3h" in msg and "hand" in msg and "board" in msg
    msg = raises(DuplicateCardError, evaluate, [51, 45, 0, 51], [1, 2, 3])
    assert "As" in msg
    assert issubclass(DuplicateCardError, ValueError)


def test_invalid_cards():
    msg = raises(InvalidCardError, evaluate, "As Kd 2c Xx", GOOD_BOARD)
    assert "Xx" in msg
    msg = raises(InvalidCardError, evaluate, GOOD_HOLE, "Ad 8c 5h Ks 1d")
    assert "1d" in msg and "board" in msg
    msg = raises(InvalidCardError, evaluate, [51, 45, 0, 52], [1, 2, 3])
    assert "52" in msg
    msg = raises(InvalidCardError, evaluate, [51, 45, 0, 7], [1, 2, -1])
    assert "-1" in msg and "board" in msg
    assert issubclass(InvalidCardError, ValueError)


def test_wrong_types():
    msg = raises(OmahaTypeError, evaluate, [51, 45, 0, 7.0], [1, 2, 3])
    assert "7.0" in msg and "float" in msg
    msg = raises(OmahaTypeError, evaluate, [51, 45, 0, None], [1, 2, 3])
    assert "None" in msg
    msg = raises(OmahaTypeError, evaluate, None, [1, 2, 3])
    assert "NoneType" in msg
    msg = raises(OmahaTypeError, evaluate, GOOD_HOLE, 3.5)
    assert "float" in msg and "board" in msg
    msg = raises(OmahaTypeError, evaluate, [51, 45, 0, True], [1, 2, 3])
    assert "True" in msg


def batch_ok(n=3, h=4, b=5, seed=0):
    rng = np.random.default_rng(seed)
    return split(deal_from(rng, n, h + b, FULL_DECK), h)


def test_batch_bad_dtype():
    holes, boards = batch_ok()
    msg = raises(OmahaTypeError, evaluate_batch, holes.astype(float), boards)
    assert "holes" in msg and "float" in msg
    msg = raises(OmahaTypeError, evaluate_batch, holes, boards.astype(bool))
    assert "boards" in msg and "bool" in msg
    msg = raises(OmahaTypeError, evaluate_batch, holes.astype(object), boards)
    assert "holes" in msg


def test_batch_bad_shape():
    holes, boards = batch_ok()
    msg = raises(HandSizeError, evaluate_batch, holes[:, :3], boards)
    assert "holes" in msg and "(3, 3)" in msg
    msg = raises(HandSizeError, evaluate_batch, np.zeros((3, 7), dtype=int), boards)
    assert "holes" in msg and "(3, 7)" in msg
    msg = raises(HandSizeError, evaluate_batch, holes, boards[:, :2])
    assert "boards" in msg and "(3, 2)" in msg
    msg = raises(HandSizeError, evaluate_batch, holes, np.zeros((3, 6), dtype=int))
    assert "boards" in msg and "(3, 6)" in msg
    # 1-D input: a single hand must still be given as a row.
    msg = raises(HandSizeError, evaluate_batch, holes[0], boards[0])
    assert "holes" in msg and "(4,)" in msg
    msg = raises(HandSizeError, evaluate_batch, holes, boards[0])
    assert "boards" in msg and "(5,)" in msg
    msg = raises(HandSizeError, evaluate_batch, holes[None], boards)
    assert "holes" in msg


def test_batch_mismatched_rows():
    holes, boards = batch_ok(n=3)
    msg = raises(OmahaInputError, evaluate_batch, holes, boards[:2])
    assert "3" in msg and "2" in msg and "rows" in msg


@pytest.mark.parametrize("bad", [52, -1, 100])
def test_batch_bad_values(bad):
    holes, boards = batch_ok(n=4)
    holes = holes.astype(np.int64)
    holes[2, 1] = bad
    msg = raises(InvalidCardError, evaluate_batch, holes, boards)
    assert "holes" in msg and "row 2" in msg and str(bad) in msg
    holes, boards = batch_ok(n=4)
    boards = boards.astype(np.int64)
    boards[3, 0] = bad
    msg = raises(InvalidCardError, evaluate_batch, holes, boards)
    assert "boards" in msg and "row 3" in msg and str(bad) in msg


def test_batch_lists_mixed_and_foreign_integer_types():
    """Lists of ints, int8 holes with int64 boards and big-endian arrays (read from a file
    written on another machine) give the int8 answers; a value that is not a card is named
    as given, in a list as in a big-endian array."""
    holes, boards = batch_ok(n=60, seed=6)
    want_high, want_low = evaluate_batch(holes.astype(np.int8), boards.astype(np.int8))
    for h, b in (
        (holes.tolist(), boards.tolist()),
        (holes.astype(np.int8), boards.astype(np.int64)),
        (holes.astype(">i8"), boards.astype(">u2")),
    ):
        high, low = evaluate_batch(h, b)
        assert np.array_equal(high, want_high) and np.array_equal(low, want_low)
    listed = boards.tolist()
    listed[41][2] = 2**40
    msg = raises(InvalidCardError, evaluate_batch, holes.tolist(), listed)
    assert msg == f"boards: row 41 holds {2**40}, not a card (card numbers are 0..51)"
    big_endian = holes.astype(">i4")
    big_endian[7, 3] = 256  # 0 in int8
    msg = raises(InvalidCardError, evaluate_batch, big_endian, boards)
    assert msg == "holes: row 7 holds 256, not a card (card numbers are 0..51)"


def test_batch_duplicate_in_row():
    holes, boards = batch_ok(n=5, seed=3)
    holes[3, 2] = holes[3, 0]
    msg = raises(DuplicateCardError, evaluate_batch, holes, boards)
    assert "row 3" in msg and format_cards([holes[3, 0]]) in msg
    holes, boards = batch_ok(n=5, seed=4)
    boards[1, 4] = holes[1, 1]  # shared between the hand and the board
    msg = raises(DuplicateCardError, evaluate_batch, holes, boards)
    assert "row 1" in msg and format_cards([holes[1, 1]]) in msg


# ---------------------------------------------------------------------------
# The JSON form of a hand
# ---------------------------------------------------------------------------


def test_to_dict_has_the_same_keys_for_both_hands():
    hi, lo = evaluate("As Ah 3d 6s", "Ad 8c 5h Ks 2c")
    high, low = hi.to_dict(), lo.to_dict()
    shared = {"value", "text", "cards", "hole_used", "board_used"}
    assert set(high) == shared | {"category"} and set(low) == shared | {"ranks"}
    assert high["value"] == hi.value and high["text"] == "Three aces" and high["category"] == "Three of a kind"
    assert high["cards"] == format_cards(hi.cards) and high["hole_used"] == format_cards(hi.hole_used)
    assert low == {
        "value": lo.value,
        "text": "6-5-3-2-A",
        "cards": "6s 5h 3d 2c Ad",
        "hole_used": format_cards(lo.hole_used),
        "board_used": format_cards(lo.board_used),
        "ranks": [6, 5, 3, 2, 1],
    }
    assert json.loads(json.dumps([high, low])) == [high, low]


# ---------------------------------------------------------------------------
# Flags and batch input that never reach the kernels
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("flag", [object(), [1], 1, 0, "yes", 1.0])  # hilo=None: not given (hilo= is deprecated)
def test_flags_must_be_booleans(flag):
    with pytest.warns(DeprecationWarning), pytest.raises(OmahaTypeError, match="hilo: expected True or False"):
        evaluate(GOOD_HOLE, GOOD_BOARD, hilo=flag)  # the deprecated flag warns, then is refused
    holes, boards = batch_ok()
    with pytest.raises(OmahaTypeError, match="high: expected True or False"):
        evaluate_batch(holes, boards, high=flag)
    with pytest.raises(OmahaTypeError, match="low: expected True or False"):
        evaluate_batch(holes, boards, low=flag)


def test_numpy_booleans_are_flags():
    holes, boards = batch_ok()
    high, low = evaluate_batch(holes, boards, high=np.bool_(True), low=np.bool_(False))
    assert (low == -1).all() and (high >= 0).all()
    with pytest.warns(DeprecationWarning, match="hilo= is deprecated"):  # the deprecated flag reads numpy bools
        assert evaluate(GOOD_HOLE, GOOD_BOARD, hilo=np.bool_(False))[1] is None


def test_batch_ragged_rows():
    msg = raises(HandSizeError, evaluate_batch, [[51, 45, 0, 7], [51, 45, 0]], [[1, 2, 3], [1, 2, 3]])
    assert "holes" in msg and "different lengths" in msg
    msg = raises(HandSizeError, evaluate_batch, [[51, 45, 0, 7]], [[1, 2, 3, 4, [5]]])
    assert "boards" in msg


def test_every_bad_input_is_an_omaha_input_error():
    holes, boards = batch_ok()
    for args, kwargs in (
        ((holes, boards[:2]), {}),
        ((holes.astype(float), boards), {}),
        (([[51, 45, 0, 7], [51, 45, 0]], boards[:2]), {}),
        ((holes, boards), {"low": None}),
    ):
        with pytest.raises(OmahaInputError):
            evaluate_batch(*args, **kwargs)
    assert issubclass(OmahaTypeError, TypeError) and issubclass(OmahaTypeError, OmahaInputError)


def test_parse_helper_matches_package():
    text = "As Kd 2c 3h Td 9s"
    assert cards(text) == parse_cards(text)
