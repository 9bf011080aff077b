"""Self-test of the plain-Python reference tests/naive.py (standard library only)."""

from collections import Counter, defaultdict
from fractions import Fraction
from itertools import combinations_with_replacement, pairwise

import pytest
from golden import HANDS, SHOWDOWNS, cards, case_id, equities, low_ranks
from naive import best_high, best_low, best_low_cards, category5, equity, rank5


def test_parse_helper():
    assert cards("2c") == (0,)
    assert cards("As") == (51,)
    assert cards("Td 9h") == (4 * 8 + 1, 4 * 7 + 2)


# ---------------------------------------------------------------------------
# 5-card class table
# ---------------------------------------------------------------------------


def all_patterns():
    """One concrete 5-card hand for every rank pattern (non-flush and flush)."""
    for combo in combinations_with_replacement(range(13), 5):
        if max(Counter(combo).values()) > 4:
            continue
        # non-flush: the k-th copy of a rank gets suit k; for five distinct
        # ranks use suits 0,0,0,0,1 so that it is not a flush.
        seen = Counter()
        hand = []
        for r in combo:
            hand.append(4 * r + seen[r])
            seen[r] += 1
        if len(set(combo)) == 5:
            hand[-1] += 1
            yield tuple(hand)
            yield tuple(4 * r for r in combo)  # flush: all clubs
        else:
            yield tuple(hand)


EXPECTED_COUNTS = {
    "High card": 1277,
    "One pair": 2860,
    "Two pair": 858,
    "Three of a kind": 858,
    "Straight": 10,
    "Flush": 1277,
    "Full house": 156,
    "Four of a kind": 156,
    "Straight flush": 10,
}
ORDER = [
    "High card",
    "One pair",
    "Two pair",
    "Three of a kind",
    "Straight",
    "Flush",
    "Full house",
    "Four of a kind",
    "Straight flush",
]


def test_class_counts_and_order():
    values = defaultdict(set)
    hands = list(all_patterns())
    assert len(hands) == 7462
    for h in hands:
        values[category5(h)].add(rank5(h))
    assert {k: len(v) for k, v in values.items()} == EXPECTED_COUNTS
    everything = set().union(*values.values())
    assert everything == set(range(7462))
    # categories occupy consecutive, increasing blocks of values
    for lo_cat, hi_cat in pairwise(ORDER):
        assert max(values[lo_cat]) < min(values[hi_cat])


def test_extremes_and_wheel():
    assert rank5(cards("7c 5d 4h 3s 2c")) == 0
    assert rank5(cards("As Ks Qs Js Ts")) == 7461
    assert category5(cards("As Ks Qs Js Ts")) == "Straight flush"
    wheel = rank5(cards("Ac 2d 3h 4s 5c"))
    six_high = rank5(cards("2d 3h 4s 5c 6c"))
    assert category5(cards("Ac 2d 3h 4s 5c")) == "Straight"
    assert wheel < six_high
    assert wheel > rank5(cards("Ac Ad Ah Ks Qc"))  # best trips
    assert rank5(cards("Ah 2h 3h 4h 5h")) < rank5(cards("2h 3h 4h 5h 6h"))
    assert category5(cards("Ah 2h 3h 4h 5h")) == "Straight flush"
    # no wrap-around
    assert category5(cards("Kc Ad 2h 3s 4c")) == "High card"
    # suits never break ties
    assert rank5(cards("As Kd 9h 7c 3c")) == rank5(cards("Ac Kh 9s 7d 3d"))
    assert category5(cards("Kc Kd Kh 4s 4c")) == "Full house"
    assert rank5(cards("Kc Kd Kh 4s 4c")) > rank5(cards("Qc Qd Qh As Ac"))
    assert rank5(cards("9c 9d 5h 5s Ac")) > rank5(cards("9c 9d 5h 5s Kc"))
    assert rank5(cards("9c 9d 5h 5s 2c")) > rank5(cards("9c 9d 4h 4s Ac"))


def test_rank5_rejects_bad_input():
    with pytest.raises(ValueError):
        rank5(cards("As Ks Qs Js"))
    with pytest.raises(ValueError):
        rank5(cards("As As Qs Js Ts"))


# ---------------------------------------------------------------------------
# Worked examples of RULES.md (tests/data/rules_examples.json)
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("case", HANDS, ids=case_id)
def test_rules_examples(case):
    hole, board = cards(case["hole"]), cards(case["board"])
    if "high" in case:
        value, hole_used, board_used = best_high(hole, board)
        assert category5(hole_used + board_used) == case["high"]["category"]
        if "cards" in case["high"]:
            assert value == rank5(cards(case["high"]["cards"]))
        if "hole_used" in case["high"]:
            assert sorted(hole_used) == sorted(cards(case["high"]["hole_used"]))
    if case["low"] is None:
        assert best_low(hole, board) is None
        return
    low, hole_used, board_used = best_low_cards(hole, board)
    assert low == best_low(hole, board) == low_ranks(case["low"]["text"])
    if "hole_used" in case["low"]:
        assert sorted(hole_used) == sorted(cards(case["low"]["hole_used"]))
        assert sorted(board_used) == sorted(cards(case["low"]["board_used"]))


@pytest.mark.parametrize("showdown", SHOWDOWNS, ids=lambda s: f"example {s['example']}")
def test_rules_showdowns(showdown):
    hands = [cards(hole) for hole, _ in showdown["players"]]
    res = equity(hands, cards(showdown["board"]))
    assert res["outcomes"] == 1
    assert [p["equity"] for p in res["players"]] == equities(showdown)
    pot = sum(chips for _, chips in showdown["players"])
    assert [p["equity"] * pot for p in res["players"]] == showdown["payouts"]


def test_example_1_breakdown():
    res = equity([cards(hole) for hole, _ in SHOWDOWNS[0]["players"]], cards(SHOWDOWNS[0]["board"]))
    assert res["no_low"] == 0
    pa, pb, pc = res["players"]
    assert (pa["hi_lose"], pa["lo_tie"]) == (1, 1)
    assert (pb["hi_tie"], pb["lo_tie"]) == (1, 1)
    assert (pc["hi_tie"], pc["lo_lose"]) == (1, 1)
    assert pa["shares"] == {Fraction(1, 4): 1}
    assert pb["shares"] == {Fraction(1, 2): 1}
    assert all(p["scoop"] == 0 for p in res["players"])
    # C cannot make 5-6-7-8-9 (three hole cards): his straight is the 8-high one
    assert best_high(cards("6s 7s 8d 9d"), cards("4c 5d Ks Qs 8c"))[0] == rank5(cards("4c 5d 6d 7d 8c"))


def test_example_2_breakdown():
    res = equity([cards(hole) for hole, _ in SHOWDOWNS[1]["players"]], cards(SHOWDOWNS[1]["board"]))
    pa, pb = res["players"]
    assert pa["scoop"] == 1 and pa["hi_win"] == 1 and pa["lo_win"] == 1
    assert pb["no_low"] == 1 and pb["hi_lose"] == 1
    assert res["no_low"] == 0


def test_example_3_text_is_worse():
    hole, board = cards("As 2c Kh Kd"), cards("Ad 7s 4c 8h Qc")
    v, h, b = best_high(hole, board)
    assert v == rank5(cards("As Kh Ad Qc 8h")) and rank5(h + b) == v
    assert v > rank5(cards("Kh Kd Ad 8h Qc"))  # the text's pair of kings is worse


def test_example_4_breakdown():
    res = equity([cards(hole) for hole, _ in SHOWDOWNS[2]["players"]], cards(SHOWDOWNS[2]["board"]))
    assert res["players"][0]["hi_win"] == 1 and res["players"][0]["lo_tie"] == 1
    assert res["players"][0]["scoop"] == 0


# ---------------------------------------------------------------------------
# Traps
# ---------------------------------------------------------------------------


def test_trap_four_suited_board_is_not_a_flush():
    hole, board = cards("As Kc Qh Jd"), cards("2s 5s 8s 9s Th")
    v, h, b = best_high(hole, board)
    assert category5(h + b) != "Flush"
    assert v < min(rank5(x) for x in [cards("2s 3s 4s 5s 7s")])  # below every flush
    # with two spades in the hole it is a flush
    _v2, h2, b2 = best_high(cards("As Ks Qh Jd"), board)
    assert category5(h2 + b2) == "Flush"


def test_trap_four_straight_on_board_needs_two_hole_cards():
    hole, board = cards("9d 2c Qh Qs"), cards("5c 6d 7h 8s Kc")
    _v, h, b = best_high(hole, board)
    assert category5(h + b) == "One pair"
    _v2, h2, b2 = best_high(cards("9d Tc Qh Qs"), board)
    assert category5(h2 + b2) == "Straight"


def test_trap_board_trips_need_hole_pair_for_full_house():
    board = cards("Kc Kd Kh 5s 7d")
    v, h, b = best_high(cards("As 5c 9d 2h"), board)
    assert category5(h + b) == "Three of a kind"
    v, h, b = best_high(cards("9c 9s 2h 3h"), board)
    assert category5(h + b) == "Full house"
    assert v == rank5(cards("Kc Kd Kh 9c 9s"))


def test_trap_aaaa_is_one_pair():
    v, h, b = best_high(cards("As Ah Ad Ac"), cards("Kc Qd 7h 5s 2c"))
    assert category5(h + b) == "One pair"
    assert v == rank5(cards("As Ah Kc Qd 7h"))
    assert best_low(cards("As Ah Ad Ac"), cards("Kc Qd 7h 5s 2c")) is None


def test_low_needs_two_hole_and_three_board():
    # five low cards on board but only one low hole card: no low
    assert best_low(cards("Ac Kd Kh Ks"), cards("2c 3d 4h 5s 7c")) is None
    # a pair in the only low combination disqualifies it
    assert best_low(cards("Ac 2d Kh Ks"), cards("Ah 2c 3d Qs Jc")) is None
    assert best_low(cards("Ac 3d Kh Ks"), cards("2h 4c 5d 9s Jc")) == (5, 4, 3, 2, 1)
    assert (7, 6, 5, 3, 2) < (7, 6, 5, 4, 1)


# ---------------------------------------------------------------------------
# Equity
# ---------------------------------------------------------------------------


def test_no_low_board_high_takes_all():
    board = cards("9c Td Jh Qs Kc")
    a, b = cards("Ac Kd 3h 4s"), cards("8c 7d 2c 3c")
    res = equity([a, b], board)
    assert res["outcomes"] == 1 and res["no_low"] == 1
    pa, pb = res["players"]
    # a: A-K with Q-J-T, the ace-high straight; b: 8-7 with 9-T-J, jack-high
    assert category5(sum(best_high(a, board)[1:], ())) == "Straight"
    assert category5(sum(best_high(b, board)[1:], ())) == "Straight"
    assert pa["equity"] == 1 and pb["equity"] == 0
    assert pa["scoop"] == 1 and pa["hi_win"] == 1 and pa["no_low"] == 1
    assert pb["no_low"] == 1 and pb["hi_lose"] == 1
    assert pa["shares"] == {Fraction(1): 1}
    assert pb["shares"] == {Fraction(0): 1}


def test_hilo_false():
    res = equity([cards("Ac 2d 3h 4s"), cards("Kc Kd 9h 9s")], cards("5c 7d 8h Qs 2s"), hilo=False)
    assert res["no_low"] == res["outcomes"] == 1
    pa, pb = res["players"]
    assert pb["equity"] == 1 and pb["scoop"] == 1
    assert pa["no_low"] == pb["no_low"] == 1
    assert pa["lo_win"] == pa["lo_tie"] == pa["lo_lose"] == 0


def check_consistency(res):
    n = res["outcomes"]
    assert sum(p["equity"] for p in res["players"]) == 1
    for p in res["players"]:
        assert p["hi_win"] + p["hi_tie"] + p["hi_lose"] == n
        assert p["lo_win"] + p["lo_tie"] + p["lo_lose"] + p["no_low"] == n
        assert sum(p["shares"].values()) == n
        assert p["shares"].get(Fraction(1), 0) == p["scoop"]
        assert p["equity"] == sum(s * k for s, k in p["shares"].items()) / n
        assert p["no_low"] >= res["no_low"]


def test_turn_enumeration_with_dead_cards():
    hands = [cards("Ac 2d Kh Ks"), cards("As 3h 9c 9d"), cards("7c 8c 6d 5d")]
    board = cards("4c 6h 8h 2c")
    dead = cards("Qd Jd")
    res = equity(hands, board, dead)
    assert res["outcomes"] == 52 - 12 - 4 - 2
    check_consistency(res)


def test_flop_enumeration_five_and_six_card_hands():
    hands = [cards("Ac 2d Kh Ks Jc"), cards("As 3h 9c 9d Tc 5s")]
    res = equity(hands, cards("4c 6h 8h"))
    assert res["outcomes"] == 38 * 37 // 2  # 52 - 9 - 5 - 3 = 38 unseen
    check_consistency(res)
    # symmetric hands split exactly
    res = equity([cards("Ac 2c Kc Qc"), cards("Ad 2d Kd Qd")], cards("3h 4s 9h"))
    check_consistency(res)
    assert res["players"][0]["equity"] == res["players"][1]["equity"] == Fraction(1, 2)


def test_equity_rejects_bad_input():
    with pytest.raises(ValueError):
        equity([cards("Ac 2d Kh Ks")], cards("4c 6h 8h"))
    with pytest.raises(ValueError):
        equity([cards("Ac 2d Kh Ks"), cards("Ac 3h 9c 9d")], cards("4c 6h 8h"))
    with pytest.raises(ValueError):
        equity([cards("Ac 2d Kh Ks"), cards("As 3h 9c 9d")], cards("4c 6h 8h"), dead=cards("2d"))
