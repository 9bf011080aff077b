"""Counterfeit and low-draw odds (omaha8eq.counterfeit) against the brute-force reference.

Card format: int 0..51, card = 4*rank + suit, rank 0..12 = 2..A, suit 0..3 = c, d, h, s.
Rules and the two counterfeiting examples: docs/RULES.md ("Counterfeiting").
The reference, tests/naive_counterfeit.py, visits every runout one by one with naive.py.
"""

from __future__ import annotations

import json
import random
from fractions import Fraction
from itertools import chain, combinations
from math import comb, gcd

import naive_counterfeit
import numpy as np
import pytest

import omaha8eq
from omaha8eq import (
    CounterfeitReport,
    DuplicateCardError,
    HandSizeError,
    InvalidCardError,
    NextCard,
    OmahaInputError,
    counterfeit_odds,
    evaluate_batch,
    evaluate_low,
    format_cards,
    format_hand,
    parse_cards,
)
from omaha8eq.core.tables import get_tables

PROBABILITIES = (
    "p_counterfeit", "p_low", "p_nut_low", "p_low_if_counterfeited", "p_nut_low_if_counterfeited",
)  # fmt: skip
EQUITIES = ("equity", "equity_if_counterfeited", "equity_if_not_counterfeited")
LOW_CARDS = [c for c in range(52) if c // 4 in (12, 0, 1, 2, 3, 4, 5, 6)]


def low_tuple(low):
    """A LowHand as naive's descending rank tuple, None as None."""
    return None if low is None else tuple(low.ranks)


def assert_matches_reference(hand, board, dead=(), opponents=()):
    """Every count, probability, equity and next card agrees with the brute force."""
    report = counterfeit_odds(hand, board, dead, opponents=list(opponents) or None)
    ref = naive_counterfeit.counterfeit_odds(hand, board, dead, opponents)
    spot = f"{format_cards(hand)} on [{format_cards(board)}] dead [{format_cards(dead)}]"
    assert (
        report.runouts
        == ref["runouts"]
        == comb(52 - len(hand) - len(board) - len(dead) - sum(map(len, opponents)), 5 - len(board))
    ), spot
    assert report.counterfeit_runouts == ref["counterfeit"], spot
    assert report.low_runouts == ref["low"], spot
    assert report.nut_low_runouts == ref["nut"], spot
    assert report.counterfeit_low_runouts == ref["counterfeit_low"], spot
    assert report.counterfeit_nut_low_runouts == ref["counterfeit_nut"], spot
    assert report.low_cards == ref["low_cards"], spot
    for name in PROBABILITIES:
        assert getattr(report.exact, name) == ref[name], (spot, name)
        assert getattr(report, name) == pytest.approx(float(ref[name])), (spot, name)
    assert low_tuple(report.low) == ref["low_now"], spot
    assert report.low_is_nut == ref["low_now_nut"], spot
    got_next = {parse_cards(n.card)[0]: (n.counterfeits, low_tuple(n.low), n.nut_low) for n in report.next_cards}
    assert got_next == ref["next"], spot
    assert [parse_cards(n.card)[0] for n in report.next_cards] == sorted(got_next), spot
    if opponents:
        for name in EQUITIES:
            assert getattr(report.exact, name) == ref[name], (spot, name)
    else:
        assert all(getattr(report.exact, name) is None for name in EQUITIES)
    return report


def random_spot(rng, n_board, n_hole=4, n_dead=0, n_opponents=0, low_bias=0.7):
    """A random deal biased towards low cards (so that lows, draws and counterfeits are common)."""
    taken = []

    def draw(n):
        out = []
        for _ in range(n):
            low_left = [c for c in LOW_CARDS if c not in taken]
            pool = low_left if low_left and rng.random() < low_bias else [c for c in range(52) if c not in taken]
            card = rng.choice(pool)
            taken.append(card)
            out.append(card)
        return tuple(out)

    hand = draw(n_hole)
    board = draw(n_board)
    dead = draw(n_dead)
    opponents = [draw(n_hole) for _ in range(n_opponents)]
    return hand, board, dead, opponents


# ---------------------------------------------------------------------------
# The rules' examples
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("hand", ["As 2c Kh Qd", "Ad 2h 9c 9s", "Ah 2d Jc Tc", "Ac 2s Kd Kh"])
def test_a2xx_on_3_4_k_is_counterfeited_498_times_in_1980(hand):
    report = counterfeit_odds(hand, "3d 4h Ks")
    assert report.exact.p_counterfeit == Fraction(498, 1980) == 1 - Fraction(comb(39, 2), comb(45, 2))
    assert report.p_counterfeit == pytest.approx(0.251515, abs=1e-6)
    assert report.runouts == 990 and report.counterfeit_runouts == 990 - comb(39, 2)
    assert sorted(c // 4 for c in report.low_cards) == [0, 12]  # the ace and the deuce
    assert report.low is None and report.street == "flop" and report.reason is None


def test_a2kk_on_4_6_8_holds_the_nut_low_and_a_turn_deuce_counterfeits_it():
    report = counterfeit_odds("As 2c Kh Kd", "4d 6h 8s")
    assert str(report.low) == "8-6-4-2-A" and report.low_is_nut
    assert format_cards(report.low_cards) == "As 2c"
    by_card = {n.card: n for n in report.next_cards}
    assert len(by_card) == 45
    for deuce in ("2d", "2h", "2s"):
        turn = by_card[deuce]
        assert turn.counterfeits
        assert str(turn.low) == "8-6-4-2-A"  # still the same low ...
        assert not turn.nut_low  # ... no longer the nuts
    assert by_card["3c"].nut_low and str(by_card["3c"].low) == "6-4-3-2-A"
    assert not by_card["3c"].counterfeits
    assert str(evaluate_low("Ac 3c Qd Jd", "4d 6h 8s 2h")) == "6-4-3-2-A"  # A-3 now beats it

    turn = counterfeit_odds("As 2c Kh Kd", "4d 6h 8s 2h")
    assert turn.street == "turn" and turn.runouts == 44
    assert str(turn.low) == "8-6-4-2-A" and not turn.low_is_nut
    assert turn.p_low == 1


def test_a234_is_better_protected_than_a2kk_on_a_flop():
    a234 = counterfeit_odds("As 2c 3h 4d", "6d 7h 8s")
    a2kk = counterfeit_odds("Ah 2d Kc Ks", "6d 7h 8s")
    assert str(a234.low) == str(a2kk.low) == "8-7-6-2-A"
    assert a234.low_is_nut and a2kk.low_is_nut
    # both lows use the ace and the deuce: equally likely to be counterfeited ...
    assert a234.exact.p_counterfeit == a2kk.exact.p_counterfeit
    # ... but A-2-3-4 falls back on 2-3, A-3 or 3-4 and stays the nuts far more often
    assert a234.exact.p_nut_low_if_counterfeited > a2kk.exact.p_nut_low_if_counterfeited
    assert a234.exact.p_nut_low > a2kk.exact.p_nut_low
    assert a234.exact.p_low_if_counterfeited == a2kk.exact.p_low_if_counterfeited == 1
    ace = {n.card: n for n in a234.next_cards}["Ac"]
    assert ace.counterfeits and ace.nut_low and str(ace.low) == "7-6-3-2-A"
    ace = {n.card: n for n in a2kk.next_cards}["Ac"]
    assert ace.counterfeits and not ace.nut_low and str(ace.low) == "8-7-6-2-A"


def test_a234_is_the_best_protected_a2_start_and_a2kk_among_the_least():
    reports = {}
    for x, y in combinations("345678KA2", 2):
        reports[x + y] = counterfeit_odds(f"As 2c {x}h {y}d")
    for x in "345678K":
        reports[x + x] = counterfeit_odds(f"As 2c {x}h {x}d")
    best, worst = reports["34"], reports["KK"]
    assert best.runouts == worst.runouts == comb(48, 5) == 1_712_304
    # the counterfeit depends on the two low cards' ranks only: equal for A-2-3-4 and A-2-K-K
    assert best.exact.p_counterfeit == worst.exact.p_counterfeit == 1 - Fraction(comb(42, 5), comb(48, 5))
    for name in ("p_low", "p_nut_low", "p_low_if_counterfeited", "p_nut_low_if_counterfeited"):
        assert getattr(best.exact, name) == max(getattr(r.exact, name) for r in reports.values()), name
    assert best.exact.p_nut_low_if_counterfeited > max(
        r.exact.p_nut_low_if_counterfeited for key, r in reports.items() if key != "34"
    )
    others = [r for key, r in reports.items() if "A" not in key and "2" not in key and key != "KK"]
    for name in ("p_low", "p_low_if_counterfeited", "p_nut_low_if_counterfeited"):
        assert getattr(worst.exact, name) <= min(getattr(r.exact, name) for r in others), name
    assert worst.exact.p_low_if_counterfeited < min(r.exact.p_low_if_counterfeited for r in others)
    assert best.p_low > 0.53 > 0.37 > worst.p_low
    assert best.p_nut_low_if_counterfeited > 0.6 > 0.02 > worst.p_nut_low_if_counterfeited


# ---------------------------------------------------------------------------
# Against the brute force
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(8))
def test_random_flops_match_the_reference(seed):
    rng = random.Random(1000 + seed)
    hand, board, dead, _ = random_spot(rng, 3, n_dead=rng.choice([0, 0, 2]))
    assert_matches_reference(hand, board, dead)


@pytest.mark.parametrize("seed", range(24))
def test_random_turns_match_the_reference(seed):
    rng = random.Random(2000 + seed)
    hand, board, dead, _ = random_spot(rng, 4, n_hole=rng.choice([4, 4, 5, 6]), n_dead=rng.choice([0, 3]))
    assert_matches_reference(hand, board, dead)


@pytest.mark.parametrize("n_hole, seed", [(5, 1), (6, 2)])
def test_five_and_six_card_flops_match_the_reference(n_hole, seed):
    hand, board, dead, _ = random_spot(random.Random(3000 + seed), 3, n_hole=n_hole)
    assert_matches_reference(hand, board, dead)


@pytest.mark.parametrize(
    "hand, board",
    [
        ("As 2c Kh Kd", "4d 6h 8s"),
        ("As 2c 3h 4d", "6d 7h 8s"),
        ("As 2c Kh Qd", "3d 4h Ks"),
        ("As 2c Kh Kd", "4d 6h 8s 2h"),
        ("As 2c 3h Kd", "2d 3d 4h 5s"),  # several hole pairs make the wheel
        ("Ah 3c 4d Kc", "2d 3h Qs"),  # a draw with a hole rank on the board
        ("As 2c 5h Kd", "Ad 2h Qs"),  # both low ranks on the board: no low possible
    ],
)
def test_chosen_spots_match_the_reference(hand, board):
    assert_matches_reference(parse_cards(hand), parse_cards(board))


def test_preflop_matches_the_reference_on_a_small_deck():
    """Preflop with 32 dead cards: C(16, 5) = 4,368 runouts, few enough for the brute force."""
    rng = random.Random(7)
    for hand in (parse_cards("As 2c 3h Kd"), parse_cards("Ad 2d Kc Ks")):
        rest = [c for c in range(52) if c not in hand]
        dead = tuple(rng.sample(rest, 32))
        report = assert_matches_reference(hand, (), dead)
        assert report.runouts == comb(16, 5) and report.next_cards == ()


@pytest.mark.parametrize("hand", ["As 2c Kh Kd", "As 2c 3h 4d", "Ad 3c 5h 7s 9d"])
def test_preflop_matches_a_board_by_board_enumeration(hand):
    """All C(48, 5) boards, one by one: the compiled evaluator for the low, numpy for the rest."""
    hole = parse_cards(hand)
    deck = [c for c in range(52) if c not in hole]
    n = comb(len(deck), 5)
    boards = np.fromiter(chain.from_iterable(combinations(deck, 5)), dtype=np.int8, count=5 * n).reshape(n, 5)
    _, low = evaluate_batch(np.tile(np.array(hole, dtype=np.int8), (n, 1)), boards, high=False)
    ranks = boards // 4
    low_bit = np.where(ranks == 12, 0, ranks + 1)  # ace 0, deuce 1 ... eight 7, others 8+
    board_mask = np.zeros(n, dtype=np.int64)
    unseen_mask = np.zeros(n, dtype=np.int64)
    for bit in range(8):
        on_board = (low_bit == bit).sum(axis=1)
        left = sum(1 for c in deck if (12 if bit == 0 else bit - 1) == c // 4) - on_board
        board_mask |= np.where(on_board > 0, 1 << bit, 0)
        unseen_mask |= np.where(left > 0, 1 << bit, 0)
    nut = get_tables().low[board_mask * 256 + unseen_mask]
    has_low = low >= 0
    is_nut = has_low & (low >= nut)

    report = counterfeit_odds(hand)
    cf_ranks = [c // 4 for c in report.low_cards]
    counterfeit = np.isin(ranks, cf_ranks).any(axis=1)
    assert report.runouts == n == (1_712_304 if len(hole) == 4 else comb(47, 5))
    assert report.low_runouts == int(has_low.sum())
    assert report.nut_low_runouts == int(is_nut.sum())
    assert report.counterfeit_runouts == int(counterfeit.sum())
    assert report.counterfeit_low_runouts == int((has_low & counterfeit).sum())
    assert report.counterfeit_nut_low_runouts == int((is_nut & counterfeit).sum())
    assert report.exact.p_low == Fraction(int(has_low.sum()), n)


# ---------------------------------------------------------------------------
# Opponents: equity with and without the counterfeit
# ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "hand, board, opponents",
    [
        ("As 2c Kh Kd", "4d 6h 8s", ["Ac 3c Qd Jd"]),
        ("As 2c 3h 4d", "6d 7h Ks", ["Ad 2d Kc Qs"]),
        ("As 2c Kh Kd", "4d 6h 8s 2h", ["Ac 3c Qd Jd", "7c 7d 9h 9s"]),
    ],
)
def test_equity_split_matches_the_reference(hand, board, opponents):
    report = assert_matches_reference(parse_cards(hand), parse_cards(board), (), [parse_cards(o) for o in opponents])
    whole = omaha8eq.equity([hand, *opponents], board, exhaustive=True)
    assert report.exact.equity == whole.players[0].exact_equity()
    assert report.opponents == tuple(format_hand(parse_cards(o)) for o in opponents)
    # the two parts average back to the whole
    n_cf, n = report.counterfeit_runouts, report.runouts
    assert (
        report.exact.equity_if_counterfeited * n_cf + report.exact.equity_if_not_counterfeited * (n - n_cf)
    ) == report.exact.equity * n


def test_equity_preflop_with_an_opponent():
    report = counterfeit_odds("As 2c 3h 4d", opponents=["Ks Kh Qd Jd"])
    whole = omaha8eq.equity(["As 2c 3h 4d", "Ks Kh Qd Jd"])
    assert report.exact.equity == whole.players[0].exact_equity()
    assert report.runouts == whole.outcomes == comb(44, 5)
    n_cf, n = report.counterfeit_runouts, report.runouts
    assert (
        report.exact.equity_if_counterfeited * n_cf + report.exact.equity_if_not_counterfeited * (n - n_cf)
    ) == report.exact.equity * n
    # a board ace or deuce is a low card: the low half is played more often, A-2-3-4 alone in it
    assert report.equity_if_counterfeited > report.equity_if_not_counterfeited


def test_opponent_cards_are_seen_cards():
    with_opponent = counterfeit_odds("As 2c Kh Kd", "3d 4h Qs", opponents=["Ad 2d Kc Qc"])
    as_dead = counterfeit_odds("As 2c Kh Kd", "3d 4h Qs", "Ad 2d Kc Qc")
    for name in PROBABILITIES:
        assert getattr(with_opponent.exact, name) == getattr(as_dead.exact, name)
    assert with_opponent.exact.p_counterfeit == 1 - Fraction(comb(37, 2), comb(41, 2))


def test_equity_when_every_runout_counterfeits_or_none_does():
    """Dead cards and an opponent leave only the aces and deuces, or none of them, unseen."""
    hand, board = parse_cards("As 2c Kh Kd"), parse_cards("4d 6h 8s 3c")
    aces_deuces = parse_cards("Ac Ad Ah 2d 2h 2s")
    rest = [c for c in range(52) if c not in hand + board + aces_deuces]
    report = counterfeit_odds(hand, board, rest[4:], opponents=[rest[:4]])
    assert report.runouts == 6 and report.p_counterfeit == 1
    assert report.exact.equity_if_not_counterfeited is None
    assert report.exact.equity_if_counterfeited == report.exact.equity is not None

    report = counterfeit_odds(hand, board, rest[8:] + list(aces_deuces), opponents=[rest[:4]])
    assert report.runouts == 4 and report.p_counterfeit == 0
    assert report.reason.startswith("the counterfeit cannot happen")
    assert report.exact.equity_if_counterfeited is None
    assert report.exact.equity_if_not_counterfeited == report.exact.equity is not None


# ---------------------------------------------------------------------------
# No low possible, no counterfeit possible
# ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "hand, board, why",
    [
        ("Ks Qc Jh Td", "2c 3d 4h", "the hand holds no card of 8 or lower"),
        ("As Kc Kh Qd", "2c 3d 4h", "the hand holds only one rank of 8 or lower"),
        ("As Ac Kh Qd", "", "only one rank of 8 or lower"),
        ("As 2c Kh Qd", "9c Td Jh", "the board shows 0 different rank(s) of 8 or lower with 2 cards to come"),
        ("As 2c Kh Qd", "9c Td Jh 3s", "the board shows 1 different rank(s) of 8 or lower with 1 card to come"),
        ("As 2c Kh Kd", "Ah 2h Kc", "no runout of the unseen cards"),
    ],
)
def test_no_low_possible_reports_zero_and_why(hand, board, why):
    report = counterfeit_odds(hand, board, opponents=["7c 7d 8h 9s"])
    assert report.low_cards == ()
    assert report.low is None and not report.low_is_nut
    assert report.low_runouts == report.nut_low_runouts == report.counterfeit_runouts == 0
    for name in PROBABILITIES:
        assert getattr(report, name) == 0 and getattr(report.exact, name) == 0
    assert all(not n.counterfeits and n.low is None and not n.nut_low for n in report.next_cards)
    assert report.reason.startswith("no low possible: ") and why in report.reason
    assert report.exact.equity is not None  # the high half is still played for
    assert report.exact.equity_if_counterfeited is None
    assert report.exact.equity_if_not_counterfeited == report.exact.equity


def test_counterfeit_impossible_when_every_other_ace_and_deuce_is_dead():
    report = counterfeit_odds("As 2s Kh Kd", "3d 4h Ks", "Ah Ad Ac 2h 2d 2c")
    assert format_cards(report.low_cards) == "As 2s"
    assert report.p_counterfeit == 0 and report.p_low > 0
    assert report.p_low_if_counterfeited == report.p_nut_low_if_counterfeited == 0
    assert report.reason.startswith("the counterfeit cannot happen") and "A or 2" in report.reason


# ---------------------------------------------------------------------------
# Low cards, next cards, streets
# ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "hand, board, expected",
    [
        ("Kd As 3h 2c", "", "As 2c"),  # a draw: the two lowest ranks, in hand order
        ("As 2c 3h 4d", "", "As 2c"),
        ("Ad 2h 4c Kc", "2d 3h Qs", "Ad 4c"),  # the deuce pairs the board: A-4 is the draw
        ("Ad 2h Kc Kd", "2d 3h Qs", "Ad 2h"),  # no other low rank: still A-2
        ("7d 8h 2c Ks", "6d 5h 9s", "7d 2c"),  # a draw: 2 and 7, the lowest off the board
        ("As 3c 5h Kd", "2d 4h 8s", "As 3c"),  # a made low: 8-4-3-2-A's hole cards
        ("As 2c 3h Kd", "2d 3d 4h 5s", "As 2c"),  # make the wheel: the lower pair
        ("3h As 2c Kd", "2d 3d 4h 5s", "As 2c"),
    ],
)
def test_low_cards(hand, board, expected):
    report = counterfeit_odds(hand, board)
    assert format_cards(report.low_cards) == expected
    if report.low is not None:
        assert report.low.value == evaluate_low(report.low_cards + parse_cards("Qc Jc"), board).value


def test_next_cards_on_a_turn_give_the_river_probabilities():
    report = counterfeit_odds("As 2c 3h Kd", "4d 7h 9s Qc")
    n = len(report.next_cards)
    assert n == report.runouts == 44
    assert Fraction(sum(x.counterfeits for x in report.next_cards), n) == report.exact.p_counterfeit
    assert Fraction(sum(x.low is not None for x in report.next_cards), n) == report.exact.p_low
    assert Fraction(sum(x.nut_low for x in report.next_cards), n) == report.exact.p_nut_low
    assert all(isinstance(x, NextCard) for x in report.next_cards)


def test_preflop_has_no_next_cards_and_counts_every_board():
    report = counterfeit_odds("As 2c 3h 4d 5s")
    assert report.street == "preflop" and report.next_cards == () and report.low is None
    assert report.runouts == comb(47, 5)
    assert report.exact.p_counterfeit == 1 - Fraction(comb(41, 5), comb(47, 5))


def test_report_types_and_json():
    report = counterfeit_odds("As 2c Kh Kd", "4d 6h 8s", "Qs", opponents=["Ac 3c Qd Jd"])
    assert isinstance(report, CounterfeitReport)
    with pytest.raises(AttributeError):
        report.runouts = 1  # frozen
    data = json.loads(json.dumps(report.to_dict()))
    assert data["hand"] == "As Kh Kd 2c" and data["board"] == "4d 6h 8s" and data["dead"] == "Qs"
    assert data["low_cards"] == "As 2c" and data["low"]["text"] == "8-6-4-2-A"
    assert data["runouts"] == comb(40, 2) and data["street"] == "flop"
    assert Fraction(data["exact"]["p_counterfeit"]) == report.exact.p_counterfeit
    assert data["p_counterfeit"] == pytest.approx(report.p_counterfeit)
    assert data["equity"] == pytest.approx(report.equity)
    assert len(data["next_cards"]) == 40
    two = next(n for n in data["next_cards"] if n["card"] == "2h")
    low = evaluate_low("As 2c Kh Kd", "4d 6h 8s 2h")  # the low with the turn deuce: one JSON form of a low
    assert low is not None and low.to_dict()["text"] == "8-6-4-2-A"
    assert two == {"card": "2h", "counterfeits": True, "low": low.to_dict(), "nut_low": False}


def test_accepts_card_ints_and_lists():
    text = counterfeit_odds("As 2c Kh Qd", "3d 4h Ks")
    ints = counterfeit_odds(parse_cards("As 2c Kh Qd"), list(parse_cards("3d 4h Ks")))
    assert text.exact == ints.exact and text.low_cards == ints.low_cards


# ---------------------------------------------------------------------------
# Bad input
# ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "args, kwargs, error, words",
    [
        (("As 2c Kh Xx", "3d 4h Ks"), {}, InvalidCardError, ["hand", "Xx"]),
        (("As 2c Kh", "3d 4h Ks"), {}, HandSizeError, ["hand", "3 cards"]),
        (("As 2c Kh Kd Qd Qc Qs", ""), {}, HandSizeError, ["hand", "7 cards"]),
        (("As 2c Kh Kd", "3d 4h"), {}, HandSizeError, ["board", "2 cards", "0 (preflop)"]),
        (("As 2c Kh Kd", "3d"), {}, HandSizeError, ["board", "1 cards"]),
        (("As 2c Kh Kd", "3d 4h 5s 6c 7d"), {}, HandSizeError, ["board", "river", "nothing to come"]),
        (("As 2c Kh Kd", "3d 4h 5s 6c 7d 8d"), {}, HandSizeError, ["board", "6 cards"]),
        (("As 2c Kh Kd", "3d 4h 3d"), {}, DuplicateCardError, ["board", "3d"]),
        (("As 2c Kh Kd", "3d 4h As"), {}, DuplicateCardError, ["As", "the hand", "the board"]),
        (("As 2c Kh Kd", "3d 4h 5s", "5s"), {}, DuplicateCardError, ["5s", "dead"]),
        (("As 2c Kh Kd", "3d 4h 5s", "Zz"), {}, InvalidCardError, ["dead cards", "Zz"]),
        (("As 2c Kh Kd", "3d 4h 5s"), {"opponents": ["Ac 3c Qd"]}, HandSizeError, ["opponent 1"]),
        (
            ("As 2c Kh Kd", "3d 4h 5s"),
            {"opponents": ["Ac 3c Qd Jd Tc"]},
            HandSizeError,
            ["the hand: 4", "opponent 1: 5"],
        ),
        (
            ("As 2c Kh Kd", "3d 4h 5s"),
            {"opponents": ["Ac 3c Qd Jd", "Ac 7c 7d 7h"]},
            DuplicateCardError,
            ["Ac", "opponent 1", "opponent 2"],
        ),
        (("As 2c Kh Kd", "3d 4h 5s"), {"opponents": ["random"]}, OmahaInputError, ["opponent 1", "random"]),
        (("As 2c Kh Kd", "3d 4h 5s"), {"opponents": ["Ac 3c Qd Xx"]}, InvalidCardError, ["opponent 1", "Xx"]),
    ],
)
def test_bad_input_names_the_problem(args, kwargs, error, words):
    with pytest.raises(error) as caught:
        counterfeit_odds(*args, **kwargs)
    for word in words:
        assert word in str(caught.value)


@pytest.mark.parametrize("hand", ["AA2*", "random", " Random "])
def test_the_hand_must_be_one_known_hand(hand):
    with pytest.raises(OmahaInputError, match=r"the hand: give its cards|not all 'random'"):
        counterfeit_odds(hand, "4d 6h 8s")
    with pytest.raises(OmahaInputError, match="the hand: give its cards"):
        counterfeit_odds(hand, "4d 6h 8s", opponents=["KsKhQdJd"])


def test_too_many_cards():
    hand, board = parse_cards("As 2c Kh Kd"), parse_cards("3d 4h 5s 6c")
    dead = [c for c in range(52) if c not in hand + board]
    with pytest.raises(OmahaInputError, match=r"too many cards: .* 0 unseen cards, fewer than the 1"):
        counterfeit_odds(hand, board, dead)
    opponents = [dead[i : i + 4] for i in range(0, 44, 4)]
    with pytest.raises(OmahaInputError, match="too many cards"):
        counterfeit_odds(hand, "", opponents=opponents)
    counterfeit_odds(hand, board, dead[:-1])  # one card left: fine


def test_wrong_types():
    with pytest.raises(TypeError, match="opponents"):
        counterfeit_odds("As 2c Kh Kd", "3d 4h 5s", opponents="Ac 3c Qd Jd")
    with pytest.raises(TypeError, match="hand"):
        counterfeit_odds(None, "3d 4h 5s")
    with pytest.raises(TypeError, match="board"):
        counterfeit_odds("As 2c Kh Kd", 3.5)


# ---------------------------------------------------------------------------
# Opponents' ranges: the joint model, against per-combination brute force
# ---------------------------------------------------------------------------

REPORT_FIELDS = (
    "hand", "board", "dead", "street", "low", "low_is_nut", "low_cards", "runouts", "combinations",
    "counterfeit_runouts", "low_runouts", "nut_low_runouts", "counterfeit_low_runouts",
    "counterfeit_nut_low_runouts", "next_cards", "exact", "reason",
)  # fmt: skip


def range_rows(expr, hole_size=4):
    """The range's hands (card-int tuples) with whole-number weights, computed here:
    round(1000 w) divided by their greatest common divisor (the package's documented rule)."""
    parsed = omaha8eq.parse_range(expr, hole_size=hole_size)
    hands = [tuple(int(c) for c in h) for h in parsed.hands]
    scaled = [max(round(float(w) * 1000), 1) for w in parsed.weights]
    common = gcd(*scaled)
    return [(h, w // common) for h, w in zip(hands, scaled, strict=True)]


def assert_ranges_match_reference(hand, board, dead, opponents):
    """``opponents``: known hands (text) and ranges (expressions), in any order."""
    hand, board, dead = parse_cards(hand), parse_cards(board), parse_cards(dead)
    known = [parse_cards(o) for o in opponents if not omaha8eq.is_range_expression(o)]
    ranges_given = [o for o in opponents if omaha8eq.is_range_expression(o)]
    ranges = [range_rows(o) for o in ranges_given]
    report = counterfeit_odds(hand, board, dead, opponents=opponents)
    ref = naive_counterfeit.range_counterfeit_odds(hand, board, dead, known, ranges)
    # known hands are written high card first, ranges as given
    assert report.opponents == tuple(o.strip() if o in ranges_given else format_hand(parse_cards(o)) for o in opponents)
    assert report.combinations == ref["combinations"]
    assert report.runouts == ref["runouts"]
    assert report.counterfeit_runouts == ref["counterfeit"]
    assert report.low_runouts == ref["low"]
    assert report.nut_low_runouts == ref["nut"]
    assert report.counterfeit_low_runouts == ref["counterfeit_low"]
    assert report.counterfeit_nut_low_runouts == ref["counterfeit_nut"]
    assert report.low_cards == ref["low_cards"]
    for name in PROBABILITIES + EQUITIES:
        assert getattr(report.exact, name) == ref[name], name
    assert low_tuple(report.low) == ref["low_now"]
    assert report.low_is_nut == ref["low_now_nut"]
    got_next = {parse_cards(n.card)[0]: (n.counterfeits, low_tuple(n.low), n.nut_low) for n in report.next_cards}
    assert got_next == ref["next"]
    return report, ref


# Dead cards of ranks 9 to J keep the flops' brute force small (fewer runouts).
NINES_TO_JACKS = "9c 9d 9h 9s Tc Td Th Ts Jc Jd Jh Js"


@pytest.mark.parametrize(
    "hand, board, dead, opponents",
    [
        # one range on a turn: weights, and a hand colliding with the board
        ("As 2c Kh Kd", "4d 6h 8s 2h", "Qs", ["Ac3cQQ@50, Ac3dQQ@50, Ah5hJJ, Ah5sJJ, 4d5d6d7d"]),
        # two ranges on a turn, some of their combinations sharing a card (Ah)
        (
            "Ad 2d 9c Tc",
            "3h 5s Kc Qd",
            "",
            ["Ah4hKdKs, Ah4sKdKs, Ah4hKhKs@50, Ah4sKhKs", "2c3cQQ, 2h3cQQ, 6c6d7c7d, Ah5h6c7c@50"],
        ),
        # a known opponent and a range on a turn; the range holds aces and deuces
        ("As 2c Kh Kd", "4d 6h 8s 2h", "", ["Ac 3c Qd Jd", "Ah3dQQ@50, Ah3hQQ@50, Ad2d9h9s, 7c7d9h9s"]),
        # flops (dead cards keep the reference fast): one range, weights, collisions
        (
            "As 2c Kh Kd",
            "4d 6h 8s",
            NINES_TO_JACKS + " Qc Qd",
            ["Ac3cQhQs@50, Ad3dQhQs, Ah5h7c7d, 4d5d6d7d, 9c9dQsQh, Ad2d3h3s"],
        ),
        # a flop with a range and a known hand listed first, and a 3-way flop of two ranges
        ("Ah 3h 5c Kd", "2s 7d Qc", NINES_TO_JACKS + " Ks Kh", ["Ac 4c Qd Qh", "As2d8c8d, Ad2h6c6d@50, Ac4d6h6s"]),
        (
            "Ah 3h 5c Kd",
            "2s 7d Qc",
            NINES_TO_JACKS + " Ks Kh Kc Qs",
            ["As2d8c8d, Ad4d6c6d@50", "Ac2c8h8s, As4s6h6s, 2h4h7h7s"],
        ),
    ],
)
def test_ranges_match_the_per_combination_reference(hand, board, dead, opponents):
    report, ref = assert_ranges_match_reference(hand, board, dead, opponents)
    assert ref["combinations"] >= 2  # a real range, not one hand
    assert report.equity is not None


def _fields(report):
    return {name: getattr(report, name) for name in REPORT_FIELDS}


@pytest.mark.parametrize(
    "hand, board, dead, one_hand_range, known",
    [
        # the other hands hold a board card, a dead card or the hand's card (the hand left
        # weighs 2 against the other's 1 in the first case: its counts must not double)
        ("As 2c Kh Kd", "4d 6h 8s", "Qs", "Ac3cQdJd, Ac3cQsJd@50, 4d5d6d7d", "Ac 3c Qd Jd"),
        ("As 2c Kh Kd", "4d 6h 8s 2h", "", "Ac3cQdJd@50, Ac3cKhJh, 2h3h4h5h", "Ac 3c Qd Jd"),
        ("As 2c 3h 4d", "", "Kd", "AdKdQcJc, Ac2hKsKh@20, As2d3d4s", "Ac 2h Ks Kh"),
    ],
)
def test_a_range_left_with_one_hand_is_that_known_hand(hand, board, dead, one_hand_range, known):
    as_range = counterfeit_odds(hand, board, dead, opponents=[one_hand_range])
    as_known = counterfeit_odds(hand, board, dead, opponents=[known])
    assert _fields(as_range) == _fields(as_known)  # every count, probability, equity, next card
    assert as_range.opponents == (one_hand_range,)
    assert as_known.opponents == (format_hand(parse_cards(known)),)
    assert as_range.combinations == 1 and as_range.exact.equity is not None


def test_a_range_object_is_accepted_and_so_is_a_known_hand_with_it():
    rng = omaha8eq.parse_range("Ah3dQQ@50, Ah3hQQ@50, Ad2d9h9s")
    by_object = counterfeit_odds("As 2c Kh Kd", "4d 6h 8s 2h", opponents=["Ac 3c Qd Jd", rng])
    by_text = counterfeit_odds(
        "As 2c Kh Kd", "4d 6h 8s 2h", opponents=["Ac 3c Qd Jd", " Ah3dQQ@50, Ah3hQQ@50, Ad2d9h9s "]
    )
    assert _fields(by_object) == _fields(by_text)
    assert by_text.opponents == ("Ac Qd Jd 3c", "Ah3dQQ@50, Ah3hQQ@50, Ad2d9h9s")


def test_a_range_of_aces_and_deuces_makes_the_counterfeit_less_likely():
    """Card removal: A-2-x-x on a turn; an opponent holding two aces and two deuces leaves
    two of them among 40 cards, instead of six among 44."""
    hand, board = "As 2c Kh Qd", "3d 4h Ks 9c"
    alone = counterfeit_odds(hand, board)
    assert alone.exact.p_counterfeit == Fraction(6, 44)
    report, ref = assert_ranges_match_reference(hand, board, "", ["AA22"])
    assert report.combinations == 9  # Ac Ad Ah x 2d 2h 2s, two of each
    assert report.exact.p_counterfeit == ref["p_counterfeit"] == Fraction(2, 40)
    assert report.p_counterfeit < alone.p_counterfeit
    # a range with no ace or deuce leaves them all to come: more likely than alone
    report, ref = assert_ranges_match_reference(hand, board, "", ["KK[QJ]J:$ds"])
    assert report.exact.p_counterfeit == ref["p_counterfeit"] == Fraction(6, 40)
    # the next cards are every card not known: 44, whatever the range holds
    assert len(report.next_cards) == 44


def test_counterfeit_impossible_when_the_range_holds_every_ace_and_deuce_left():
    report, _ = assert_ranges_match_reference("As 2c Kh Kd", "4d 6h 8s 3c", "Ac Ad 2d 2h", ["Ah2sQQ"])
    assert report.combinations == 6 and report.p_counterfeit == 0 and report.p_low == 1
    assert report.reason.startswith(
        "the counterfeit cannot happen: no card to come can be an A or 2: the opponents' ranges hold every one left"
    )
    assert report.exact.equity_if_counterfeited is None
    assert report.exact.equity_if_not_counterfeited == report.exact.equity
    assert {n.card for n in report.next_cards if n.counterfeits} == {"Ah", "2s"}  # unseen, not known


def test_preflop_with_a_range():
    """Preflop: the counts add up over the combinations, and the equity is the range equity."""
    report = counterfeit_odds("As 2c 3h 4d", opponents=["KK[QJ]J:$ds"])
    whole = omaha8eq.equity(["As 2c 3h 4d", "KK[QJ]J:$ds"], exhaustive=True)
    assert report.exact.equity == whole.players[0].exact_equity()
    assert report.runouts == int(whole.players[0].counts.sum()) == report.combinations * comb(44, 5)
    # no low card in the range: the counterfeit is as likely as with any known no-low hand
    known = counterfeit_odds("As 2c 3h 4d", opponents=["Ks Kh Qs Jh"])
    assert report.exact.p_counterfeit == known.exact.p_counterfeit
    n_cf, n = report.counterfeit_runouts, report.runouts
    assert (
        report.exact.equity_if_counterfeited * n_cf + report.exact.equity_if_not_counterfeited * (n - n_cf)
    ) == report.exact.equity * n


def test_ranges_that_cannot_be_dealt_or_are_too_wide():
    with pytest.raises(OmahaInputError, match="opponent 1: no hand of the range 'AcAd2c2h, Ah4d5d6d'"):
        counterfeit_odds("As 2c Kh Kd", "4d 6h 8s", opponents=["AcAd2c2h, Ah4d5d6d"])
    with pytest.raises(OmahaInputError, match="opponent 1, opponent 2: the ranges cannot be dealt together"):
        counterfeit_odds("As 2c Kh Kd", "4d 6h 8s", opponents=["AcQcQdQh, AcJcJdJh", "AcTcTdTh, Ac9c9d9h"])
    with pytest.raises(OmahaInputError, match=r"opponent 2, opponent 3: .* more than 5,000,000 .* narrower"):
        counterfeit_odds("As 2c Kh Kd", "4d 6h 8s", opponents=["Ac 3c Qd Jd", "AA", "$ds"])
    with pytest.raises(HandSizeError, match="opponent 1: a range of 5-card hands"):
        counterfeit_odds("As 2c Kh Kd", "4d 6h 8s", opponents=[omaha8eq.parse_range("AsAd3c3d7h", hole_size=5)])
    with pytest.raises(omaha8eq.RangeSyntaxError, match="position"):
        counterfeit_odds("As 2c Kh Kd", "4d 6h 8s", opponents=["AA:$xs"])
    with pytest.raises(InvalidCardError, match="opponent 1"):
        counterfeit_odds("As 2c Kh Kd", "4d 6h 8s", opponents=["Ac 3c Qd Xd"])


def test_too_many_cards_counts_the_ranges_hands():
    hand, board = parse_cards("As 2c Kh Kd"), parse_cards("3d 4h 5s")
    left = parse_cards("Ac Ad Ah 2d 2h")
    dead = [c for c in range(52) if c not in hand + board + left]
    # the range's hands are 4 of the 5 cards left: one card for the 2 to come
    with pytest.raises(OmahaInputError, match=r"too many cards: .* 1 unseen cards, fewer than the 2"):
        counterfeit_odds(hand, board, dead, opponents=["AA2*"])
    dead.remove(parse_cards("7c")[0])
    report = counterfeit_odds(hand, board + parse_cards("7c"), dead, opponents=["AA2*"])
    assert report.combinations == 5 and report.runouts == 5  # one river card each


def test_progress_is_reported_while_the_equity_is_enumerated():
    calls = []
    report = counterfeit_odds(
        "As 2c Kh Kd", "4d 6h 8s", opponents=["AA2*:$ds"], progress=lambda d, t: calls.append((d, t))
    )
    assert calls and calls[-1] == (report.combinations, report.combinations) > (0, 0)
    assert [d for d, _ in calls] == sorted(d for d, _ in calls)
    calls.clear()
    report = counterfeit_odds(
        "As 2c Kh Kd", "4d 6h 8s", opponents=["Ac 3c Qd Jd"], progress=lambda d, t: calls.append((d, t))
    )
    assert calls == [(report.runouts, report.runouts)]
    calls.clear()
    counterfeit_odds("As 2c Kh Kd", "4d 6h 8s", progress=lambda d, t: calls.append((d, t)))
    assert calls == []  # no opponent: no equity to enumerate
