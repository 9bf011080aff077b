"""Tests of omaha8eq's hand evaluation against the plain-Python reference tests/naive.py.

Card format: int 0..51, card = 4*rank + suit, rank 0..12 = 2..A, suit 0..3 = c, d, h, s.
Rules: docs/RULES.md (exactly 2 hole + exactly 3 board cards, each way).
"""

from collections import Counter
from itertools import combinations

import naive
import numpy as np
import pytest

import omaha8eq
from omaha8eq import (
    DuplicateCardError,
    HandSizeError,
    HighHand,
    InvalidCardError,
    LowHand,
    evaluate,
    evaluate_batch,
    evaluate_high,
    evaluate_low,
    format_cards,
    parse_cards,
)

RANKS = "23456789TJQKA"
SUITS = "cdhs"


def cards(text):
    """Parse "As Kd 2c" into card ints with a helper independent of the package."""
    return tuple(4 * RANKS.index(t[0].upper()) + SUITS.index(t[1].lower()) for t in text.split())


def low_rank(card):
    """Rank of a card in ace-to-five lowball: ace 1, deuce 2, ..., king 13."""
    r = card // 4
    return 1 if r == 12 else r + 2


# Every 8-or-better low as a descending rank tuple, best first (lexicographically smallest
# is best: compare from the highest card down). The package numbers them 55 (wheel) .. 0.
ALL_LOWS = sorted(combinations(range(8, 0, -1), 5))
LOW_VALUE = {ranks: 55 - i for i, ranks in enumerate(ALL_LOWS)}


def test_low_value_numbering_helper():
    assert len(ALL_LOWS) == 56
    assert LOW_VALUE[(5, 4, 3, 2, 1)] == 55
    assert LOW_VALUE[(8, 7, 6, 5, 4)] == 0
    # RULES.md: 6-4-3-2-A beats 7-5-4-3-2; 7-6-5-3-2 beats 7-6-5-4-A.
    assert LOW_VALUE[(6, 4, 3, 2, 1)] > LOW_VALUE[(7, 5, 4, 3, 2)]
    assert LOW_VALUE[(7, 6, 5, 3, 2)] > LOW_VALUE[(7, 6, 5, 4, 1)]


# ---------------------------------------------------------------------------
# Random deals
# ---------------------------------------------------------------------------


def deal_from(rng, n, k, deck, weights=None):
    """n rows of k distinct cards drawn from ``deck`` (without replacement).

    With ``weights`` a card is drawn with probability proportional to its weight at each
    step (successive sampling, done as the k smallest of Exp(1)/weight).
    """
    deck = np.asarray(deck, dtype=np.int64)
    keys = rng.random((n, len(deck)))
    if weights is not None:
        keys = rng.exponential(size=(n, len(deck))) / np.asarray(weights, dtype=float)
    order = np.argsort(keys, axis=1)[:, :k]
    # Shuffle each row too: weighted draws come out roughly in weight order.
    return rng.permuted(deck[order], axis=1)


def split(rows, h):
    return np.ascontiguousarray(rows[:, :h]), np.ascontiguousarray(rows[:, h:])


FULL_DECK = np.arange(52)
LOW_WEIGHTS = np.array([8.0 if (c // 4 <= 6 or c // 4 == 12) else 1.0 for c in range(52)])
TWO_SUITS = np.array([c for c in range(52) if c % 4 in (1, 3)])  # diamonds and spades
TWO_SUITS_LOW_WEIGHTS = np.array([6.0 if (c // 4 <= 6 or c // 4 == 12) else 1.0 for c in TWO_SUITS])


def compare_with_naive(holes, boards):
    """Evaluate with evaluate_batch and naive; return (mismatches, stats)."""
    high, low = evaluate_batch(holes, boards)
    assert high.dtype == np.int16 and low.dtype == np.int16
    assert high.shape == low.shape == (len(holes),)
    mismatches = []
    stats = Counter()
    for i, (hole, board) in enumerate(zip(holes.tolist(), boards.tolist())):
        value, hole2, board3 = naive.best_high(hole, board)
        ranks = naive.best_low(hole, board)
        want_low = -1 if ranks is None else LOW_VALUE[ranks]
        if high[i] != value or low[i] != want_low:
            mismatches.append((format_cards(hole), format_cards(board), (int(high[i]), int(low[i])), (value, want_low)))
        stats[naive.category5(hole2 + board3)] += 1
        stats["low"] += ranks is not None
        hole_low_ranks = {low_rank(c) for c in hole if low_rank(c) <= 8}
        board_ranks = {low_rank(c) for c in board}
        stats["counterfeit"] += bool(hole_low_ranks & board_ranks)
    return mismatches, stats


def assert_no_mismatch(mismatches, n):
    assert not mismatches, (
        f"{len(mismatches)} of {n} deals differ from naive; first ones "
        f"(hole, board, got (high, low), expected (high, low)): {mismatches[:5]}"
    )


@pytest.mark.parametrize("h", [4, 5, 6])
def test_uniform_deals_five_card_board(h):
    rng = np.random.default_rng(1000 + h)
    n = 20_000
    holes, boards = split(deal_from(rng, n, h + 5, FULL_DECK), h)
    mismatches, stats = compare_with_naive(holes, boards)
    assert_no_mismatch(mismatches, n)
    # Sanity: a uniform sample reaches most categories.
    assert stats["Flush"] > 100 and stats["Full house"] > 100 and stats["low"] > 2000


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


@pytest.mark.parametrize("h", [4, 5, 6])
def test_deals_biased_to_low_ranks(h):
    """Cards mostly A-8: lows, counterfeits, paired boards and full houses are common."""
    rng = np.random.default_rng(3000 + h)
    n = 5_000
    rows = deal_from(rng, n, h + 5, FULL_DECK, LOW_WEIGHTS)
    holes, boards = split(rows, h)
    mismatches, stats = compare_with_naive(holes, boards)
    assert_no_mismatch(mismatches, n)
    assert stats["low"] > 0.6 * n, stats
    assert stats["counterfeit"] > 0.8 * n, stats
    assert stats["Full house"] > 0.1 * n, stats
    assert stats["Straight"] > 0.1 * n, stats
    assert stats["Four of a kind"] > 0, stats


@pytest.mark.parametrize("h", [4, 5, 6])
def test_deals_biased_to_two_suits(h):
    """Two suits only: flushes and straight flushes are common."""
    rng = np.random.default_rng(4000 + h)
    n = 5_000
    holes, boards = split(deal_from(rng, n, h + 5, TWO_SUITS), h)
    mismatches, stats = compare_with_naive(holes, boards)
    assert_no_mismatch(mismatches, n)
    assert stats["Flush"] > 0.3 * n, stats
    assert stats["Straight flush"] > 0.005 * n, stats
    # Two suits hold at most two cards of a rank: no trips, so no full house.
    assert stats["Full house"] == stats["Three of a kind"] == 0, stats


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


# ---------------------------------------------------------------------------
# Single-hand API against naive
# ---------------------------------------------------------------------------


def check_single(hole, board):
    hi, lo = evaluate(list(hole), list(board))
    value, _, _ = naive.best_high(hole, board)
    assert hi.rank_index == value
    assert isinstance(hi, HighHand)
    assert len(hi.hole_used) == 2 and set(hi.hole_used) <= set(hole)
    assert len(hi.board_used) == 3 and set(hi.board_used) <= set(board)
    used = tuple(hi.hole_used) + tuple(hi.board_used)
    assert naive.rank5(used) == hi.rank_index
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
        assert hi.rank_index == high[i]
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
        assert other[0].rank_index == by_text[0].rank_index
        assert other[1].value == by_text[1].value
        assert other[0].cards == by_text[0].cards


# ---------------------------------------------------------------------------
# RULES.md worked examples and traps
# ---------------------------------------------------------------------------


def rule_hand(hole, board):
    hi, lo = evaluate(hole, board)
    # Independent confirmation with the reference.
    assert hi.rank_index == naive.best_high(cards(hole), cards(board))[0]
    want_low = naive.best_low(cards(hole), cards(board))
    assert (lo.ranks if lo else None) == want_low
    return hi, lo


def test_rules_example_1():
    board = "4c 5d Ks Qs 8c"
    a_hi, a_lo = rule_hand("Ah Ac 2h 3c", board)
    b_hi, b_lo = rule_hand("As 2s 6d 7d", board)
    c_hi, c_lo = rule_hand("6s 7s 8d 9d", board)
    assert a_hi.describe() == "Pair of aces"
    assert a_hi.cards == cards("Ah Ac Ks Qs 8c")
    assert b_hi.describe() == c_hi.describe() == "Eight-high straight"
    assert b_hi.rank_index == c_hi.rank_index
    assert b_hi == c_hi and not b_hi > c_hi and not b_hi < c_hi and b_hi >= c_hi and b_hi <= c_hi
    assert b_hi > a_hi and a_hi < c_hi
    # C cannot play 5-6-7-8-9: that would need three hole cards.
    assert set(c_hi.hole_used) == set(cards("6s 7s"))
    assert set(c_hi.board_used) == set(cards("4c 5d 8c"))
    assert str(a_lo) == str(b_lo) == "8-5-4-2-A"
    assert a_lo.ranks == b_lo.ranks == (8, 5, 4, 2, 1)
    assert a_lo == b_lo and a_lo.value == b_lo.value
    assert str(c_lo) == "8-7-6-5-4" and c_lo.value == 0
    assert a_lo > c_lo and c_lo < b_lo
    assert sorted(c // 4 for c in a_lo.hole_used) == [0, 12]  # a deuce and an ace
    assert set(a_lo.board_used) == set(cards("4c 5d 8c"))


def test_rules_example_2():
    board = "Ad 8c 5h Ks 2c"
    alice_hi, alice_lo = rule_hand("As Ah 3d 6s", board)
    bob_hi, bob_lo = rule_hand("Kh Qd Jc Th", board)
    assert alice_hi.describe() == "Three aces"
    assert alice_hi.category == "Three of a kind"
    assert set(alice_hi.hole_used) == set(cards("As Ah"))
    assert sorted(alice_hi.cards) == sorted(cards("As Ah Ad Ks 8c"))
    assert bob_hi.describe() == "Pair of kings"
    assert alice_hi > bob_hi
    assert str(alice_lo) == "6-5-3-2-A"
    assert set(alice_lo.hole_used) == set(cards("3d 6s"))
    assert set(alice_lo.board_used) == set(cards("Ad 5h 2c"))
    assert alice_lo.cards == cards("6s 5h 3d 2c Ad")
    # 8-5-3-2-A qualifies too but is not her best.
    assert alice_lo > LowHand(LOW_VALUE[(8, 5, 3, 2, 1)], (8, 5, 3, 2, 1), (), (), ())
    assert bob_lo is None


def test_rules_example_3():
    hi, lo = rule_hand("As 2c Kh Kd", "Ad 7s 4c 8h Qc")
    assert hi.describe() == "Pair of aces"
    assert [c // 4 for c in hi.cards] == [12, 12, 11, 10, 6]  # A-A-K-Q-8
    assert set(hi.hole_used) == set(cards("As Kh")) or set(hi.hole_used) == set(cards("As Kd"))
    assert set(hi.board_used) == set(cards("Ad Qc 8h"))
    # Not a pair of kings (Kh Kd with A-Q-8).
    assert hi.rank_index > naive.rank5(cards("Kh Kd Ad Qc 8h"))
    assert str(lo) == "8-7-4-2-A"
    assert set(lo.hole_used) == set(cards("As 2c"))
    assert set(lo.board_used) == set(cards("7s 4c 8h"))


def test_rules_example_4():
    hi, lo = rule_hand("Ad Kd 3s 2s", "Jd 4d 3c Qd 5h")
    assert hi.describe() == "Ace-high flush"
    assert hi.category == "Flush"
    assert hi.cards == cards("Ad Kd Qd Jd 4d")
    assert set(hi.hole_used) == set(cards("Ad Kd"))
    assert set(hi.board_used) == set(cards("Jd 4d Qd"))
    assert str(lo) == "5-4-3-2-A" and lo.value == 55
    assert set(lo.hole_used) == set(cards("Ad 2s"))
    assert set(lo.board_used) == set(cards("4d 3c 5h"))
    # The same ace plays in both directions.
    assert cards("Ad")[0] in hi.hole_used and cards("Ad")[0] in lo.hole_used


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


def test_counterfeit_example():
    # RULES.md: hole A 2 K K, flop 4 6 8 -> 8-6-4-2-A; the turn 2 keeps it.
    _, lo = rule_hand("Ac 2d Kh Ks", "4c 6d 8h")
    assert str(lo) == "8-6-4-2-A"
    _, lo = rule_hand("Ac 2d Kh Ks", "4c 6d 8h 2s")
    assert str(lo) == "8-6-4-2-A"
    _, opponent = rule_hand("As 3c Qh Qs", "4c 6d 8h 2s")
    assert str(opponent) == "6-4-3-2-A"
    assert opponent > lo


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
    assert hi.rank_index == naive.best_high(cards(hole), cards(board))[0]
    assert hi.describe() == text
    assert hi.cards == cards(reading)
    assert str(hi) == f"{text} ({reading})"


def test_describe_covers_every_category():
    seen = {evaluate_high(hole, board).category for hole, board, _, _ in DESCRIBE_CASES}
    assert seen == set(omaha8eq.core.tables.CATEGORIES)


def test_describe_cases_are_ordered_by_strength():
    # Within the list, categories never increase downwards.
    values = [evaluate_high(h, b).rank_index for h, b, _, _ in DESCRIBE_CASES]
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


def test_hilo_false_gives_no_low():
    hi, lo = evaluate("Ad 2s Kc Qh", "Ac 3d 4h Kd 5s", hilo=False)
    assert lo is None
    assert hi.rank_index == evaluate_high("Ad 2s Kc Qh", "Ac 3d 4h Kd 5s").rank_index
    hi2, lo2 = evaluate("Ad 2s Kc Qh", "Ac 3d 4h Kd 5s")
    assert lo2 is not None and hi2 == hi


# ---------------------------------------------------------------------------
# evaluate_batch options
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("b", [3, 4, 5])
@pytest.mark.parametrize("h", [4, 5, 6])
def test_batch_options(h, b):
    rng = np.random.default_rng(900 + 10 * h + b)
    holes, boards = split(deal_from(rng, 500, h + b, FULL_DECK, LOW_WEIGHTS), h)
    high, low = evaluate_batch(holes, boards)
    assert (low >= 0).sum() > 50 and (low == -1).sum() > 0
    assert high.min() >= 0 and high.max() <= 7461 and low.max() <= 55

    high2, low2 = evaluate_batch(holes, boards, hilo=False)
    assert np.array_equal(high2, high)
    assert (low2 == -1).all()

    high3, low3 = evaluate_batch(holes, boards, high=False)
    assert (high3 == -1).all()
    assert np.array_equal(low3, low)

    # Any integer dtype and plain lists are accepted.
    high4, low4 = evaluate_batch(holes.astype(np.int64).tolist(), boards.astype(np.uint8))
    assert np.array_equal(high4, high) and np.array_equal(low4, low)

    # Row by row, the single-hand API agrees.
    for i in range(0, 500, 50):
        hi, lo = evaluate(holes[i].tolist(), boards[i].tolist())
        assert hi.rank_index == high[i]
        assert (lo.value if lo else -1) == low[i]


def test_batch_empty():
    high, low = evaluate_batch(np.empty((0, 4), dtype=np.int64), np.empty((0, 5), dtype=np.int64))
    assert high.shape == low.shape == (0,)


def test_batch_non_contiguous_input():
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


def test_batch_does_not_modify_input():
    rng = np.random.default_rng(5)
    holes, boards = split(deal_from(rng, 100, 11, FULL_DECK), 6)
    before = holes.copy(), boards.copy()
    evaluate_batch(holes, boards)
    assert np.array_equal(holes, before[0]) and np.array_equal(boards, before[1])


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
    msg = raises(TypeError, evaluate, [51, 45, 0, 7.0], [1, 2, 3])
    assert "7.0" in msg and "float" in msg
    msg = raises(TypeError, evaluate, [51, 45, 0, None], [1, 2, 3])
    assert "None" in msg
    msg = raises(TypeError, evaluate, None, [1, 2, 3])
    assert "NoneType" in msg
    msg = raises(TypeError, evaluate, GOOD_HOLE, 3.5)
    assert "float" in msg and "board" in msg
    msg = raises(TypeError, evaluate, [51, 45, 0, True], [1, 2, 3])
    assert "True" in msg


def batch_ok(n=3, h=4, b=5, seed=0):
    rng = np.random.default_rng(seed)
    return split(deal_from(rng, n, h + b, FULL_DECK), h)


def test_batch_bad_dtype():
    holes, boards = batch_ok()
    msg = raises(TypeError, evaluate_batch, holes.astype(float), boards)
    assert "holes" in msg and "float" in msg
    msg = raises(TypeError, evaluate_batch, holes, boards.astype(bool))
    assert "boards" in msg and "bool" in msg
    msg = raises(TypeError, evaluate_batch, holes.astype(object), boards)
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
    msg = raises(ValueError, evaluate_batch, holes, boards[:2])
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


def test_batch_duplicate_in_row():
    holes, boards = batch_ok(n=5, seed=3)
    holes[3, 2] = holes[3, 0]
    msg = raises(DuplicateCardError, evaluate_batch, holes, boards)
    assert "row 3" in msg and format_cards([holes[3, 0]]) in msg
    holes, boards = batch_ok(n=5, seed=4)
    boards[1, 4] = holes[1, 1]  # shared between the hand and the board
    msg = raises(DuplicateCardError, evaluate_batch, holes, boards)
    assert "row 1" in msg and format_cards([holes[1, 1]]) in msg


def test_parse_helper_matches_package():
    text = "As Kd 2c 3h Td 9s"
    assert cards(text) == parse_cards(text)
