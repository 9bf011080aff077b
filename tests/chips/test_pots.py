"""settle(): side pots, hi/lo halves, quarters, odd chips, uncalled bets, validation.

Payouts are checked against hand-worked cases (the rules' example among them) and,
over thousands of random hands, for conservation of chips, the odd-chip rules and the
fair shares of an independent layer-by-layer reference (``naive_pots.py``).
"""

from __future__ import annotations

import random

import naive_pots
import numpy as np
import pytest
from golden import SHOWDOWNS, cards, equities
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from omaha8eq import Settlement, format_cards, settle
from omaha8eq.errors import DuplicateCardError, HandSizeError, InvalidCardError, OmahaInputError, OmahaTypeError
from omaha8eq.games import game_for
from omaha8eq.inputs import MAX_PLAYERS

# The rules' worked example 1 (tests/data/rules_examples.json)
(A, _), (B, _), (C, _) = SHOWDOWNS[0]["players"]
BOARD = SHOWDOWNS[0]["board"]


def won(pot_awards) -> list[tuple[int, int]]:
    return [(a.seat, a.chips) for a in pot_awards]


# ---------------------------------------------------------------------------
# the rules' example
# ---------------------------------------------------------------------------


def test_rules_example_quartered():
    s = settle([(A, 40), (B, 40), (C, 40)], BOARD)
    assert isinstance(s, Settlement)
    assert s.payouts == (30, 60, 30)
    assert s.net == (-10, 20, -10)
    assert s.contributions == (40, 40, 40) and s.returned == (0, 0, 0)
    assert s.showdown and s.board == BOARD and s.hilo and s.chip == 1
    (pot,) = s.pots
    assert (pot.index, pot.name, pot.amount, pot.level, pot.eligible) == (0, "main pot", 120, 40, (0, 1, 2))
    assert (pot.high_amount, pot.low_amount) == (60, 60)
    assert won(pot.high) == [(1, 30), (2, 30)]
    assert won(pot.low) == [(0, 30), (1, 30)]
    # the hands, described, with the cards used
    assert pot.high[0].describe() == "Eight-high straight (8c 7d 6d 5d 4c)"
    assert pot.high[1].describe() == "Eight-high straight (8c 7s 6s 5d 4c)"  # not 5-6-7-8-9
    assert str(pot.low[0].hand) == str(pot.low[1].hand) == "8-5-4-2-A"
    assert format_cards(pot.low[0].hand.hole_used) == "Ah 2h"
    assert str(s.lows[2]) == "8-7-6-5-4" and s.highs[0].describe() == "Pair of aces"
    assert (A, B, C) == ("Ah Ac 2h 3c", "As 2s 6d 7d", "6s 7s 8d 9d")  # as the rules write them
    assert s.hands == ("Ah Ac 3c 2h", "As 7d 6d 2s", "9d 8d 7s 6s")  # high card first


@pytest.mark.parametrize("showdown", SHOWDOWNS, ids=lambda s: f"example {s['example']}")
def test_rules_examples(showdown):
    # Example 1: A and C quartered. Example 2: Alice scoops. Example 4: the nut flush and
    # the nut low against another A-2 win three quarters of the pot.
    players = [tuple(p) for p in showdown["players"]]
    s = settle(players, showdown["board"])
    assert list(s.payouts) == showdown["payouts"]
    total = sum(chips for _, chips in players)
    assert [e * total for e in equities(showdown)] == showdown["payouts"]
    assert list(s.payouts) == naive_pots.payouts(
        [cards(h) for h, _ in players], cards(showdown["board"]), [c for _, c in players], 0, 1, True
    )


def test_omaha_high_takes_the_whole_pot():
    s = settle([(A, 40), (B, 40), (C, 40)], BOARD, game="omahahi")
    assert s.payouts == (0, 60, 60)
    assert s.pots[0].low == () and s.pots[0].low_amount == 0 and s.lows == (None, None, None)


# ---------------------------------------------------------------------------
# odd chips
# ---------------------------------------------------------------------------


def test_odd_chip_of_a_halved_pot_goes_high():
    # 121 chips: A (high) gets 61, C (low) 60; the folded player's chip is dead money.
    s = settle([("Kh Kd Jc Tc", 60), ("Ah Ac 2h 3c", 60), (None, 1)], BOARD)
    assert s.pots[0].amount == 121
    assert (s.pots[0].high_amount, s.pots[0].low_amount) == (61, 60)
    assert s.payouts == (61, 60, 0)


@pytest.mark.parametrize("button, expected", [(0, (30, 61, 30, 0)), (1, (30, 60, 31, 0)), (2, (30, 61, 30, 0))])
def test_odd_chip_in_a_tied_half_goes_clockwise_from_the_button(button, expected):
    # 121 chips: the high half (61) is tied by B and C; its odd chip goes to whichever of
    # them comes first clockwise from the button's left (the button itself last).
    s = settle([(A, 40), (B, 40), (C, 40), (None, 1)], BOARD, button=button)
    assert s.payouts == expected
    assert sum(s.payouts) == 121


@pytest.mark.parametrize("button, low", [(0, (16, 17, 17)), (1, (17, 16, 17)), (2, (17, 17, 16)), (3, (17, 17, 16))])
def test_three_way_tie_for_the_low_half(button, low):
    # Three wheels split 50 chips: 16 each plus 2 odd chips, clockwise from the button.
    players = [("As 5s 9c 9d", 25), ("Ah 5h Tc Td", 25), ("Ad 5d Jc Jd", 25), ("Kh Ks Qh Qs", 25)]
    s = settle(players, "2c 3d 4h Kc Kd", button=button)
    pot = s.pots[0]
    assert [a.chips for a in pot.low] == list(low)
    assert all(str(a.hand) == "5-4-3-2-A" for a in pot.low)
    assert won(pot.high) == [(3, 50)] and pot.high[0].hand.describe() == "Four kings"
    assert s.payouts == (*low, 50)


def test_three_way_tie_for_the_high_half():
    # Three players hold A-K-x-x on a Q-J-T board: three ace-high straights split 40
    # chips (no low is possible): 13 each and the odd chip to the first left of the button.
    players = [("Ac Kc 2d 3d", 10), ("Ad Kd 4c 5c", 10), ("Ah Kh 6c 6d", 10), ("9s 9h 7c 7d", 10)]
    s = settle(players, "Qs Js Ts 2h 3h", button=3)
    pot = s.pots[0]
    assert pot.amount == 40 and pot.low == ()  # no low possible: only 2 and 3 on board
    assert [a.chips for a in pot.high] == [14, 13, 13]  # seat 0 is first left of seat 3
    assert all(a.hand.describe() == "Ace-high straight" for a in pot.high)


def test_chip_units_split_whole_chips():
    # Amounts in cents with 25-cent chips: 9 chips in all. High 5 chips (B and C tie: B,
    # first left of the button, gets the odd one), low 4 chips (A and B, 2 each).
    s = settle([(A, 75), (B, 75), (C, 75)], BOARD, chip=25)
    assert (s.pots[0].high_amount, s.pots[0].low_amount) == (125, 100)
    assert won(s.pots[0].high) == [(1, 75), (2, 50)] and won(s.pots[0].low) == [(0, 50), (1, 50)]
    assert s.payouts == (50, 125, 50)


# ---------------------------------------------------------------------------
# side pots
# ---------------------------------------------------------------------------


def test_one_all_in_short_stack_wins_one_half():
    # A is all-in for 20 with the best low; C's straight wins every high; C's low is the
    # only low left in the side pot, so C scoops it.
    s = settle([("Ah Ac 2h 3c", 20), ("6s 7s 8d 9d", 100), ("Kh Kd Jc Tc", 100)], BOARD)
    main, side = s.pots
    assert (main.amount, main.level, main.eligible) == (60, 20, (0, 1, 2))
    assert won(main.high) == [(1, 30)] and won(main.low) == [(0, 30)]
    assert (side.index, side.name, side.amount, side.level, side.eligible) == (1, "side pot 1", 160, 100, (1, 2))
    assert won(side.high) == [(1, 80)] and won(side.low) == [(1, 80)]
    assert s.payouts == (30, 190, 0)


def test_no_low_in_the_side_pot_but_a_low_in_the_main_pot():
    s = settle([("Ah Ac 2h 3c", 20), ("Kh Kd Jc Tc", 100), ("Qh Qd 9c 9h", 100)], BOARD)
    main, side = s.pots
    assert won(main.high) == [(1, 30)] and won(main.low) == [(0, 30)]
    assert side.low == () and side.low_amount == 0 and won(side.high) == [(1, 160)]
    assert s.payouts == (30, 190, 0)


def test_two_all_ins():
    players = [("Ah Ac 2h 3c", 10), ("6s 7s 8d 9d", 30), ("Kh Kd Jc Tc", 100), ("As 2s 3d 6d", 100)]
    s = settle(players, BOARD)
    assert [(p.amount, p.level, p.eligible) for p in s.pots] == [
        (40, 10, (0, 1, 2, 3)), (60, 30, (1, 2, 3)), (140, 100, (2, 3)),
    ]  # fmt: skip
    main, side1, side2 = s.pots
    assert won(main.high) == [(1, 20)] and won(main.low) == [(0, 10), (3, 10)]  # quartered low
    assert won(side1.high) == [(1, 30)] and won(side1.low) == [(3, 30)]
    assert won(side2.high) == [(2, 70)] and won(side2.low) == [(3, 70)]
    assert s.payouts == (10, 50, 70, 110)
    assert s.net == (0, 20, -30, 10)


def test_folded_chips_stay_in_the_pots_at_their_level():
    # D folded after putting in 25: 10 of it in the main pot, 15 in the side pot.
    players = [("Ah Ac 2h 3c", 10), ("6s 7s 8d 9d", 100), ("Kh Kd Jc Tc", 100), (None, 25)]
    s = settle(players, BOARD)
    assert [(p.amount, p.eligible) for p in s.pots] == [(40, (0, 1, 2)), (195, (1, 2))]
    assert s.payouts == (20, 215, 0, 0)


# ---------------------------------------------------------------------------
# uncalled bets and no showdown
# ---------------------------------------------------------------------------


def test_uncalled_bet_is_returned():
    s = settle([(A, 30), (B, 100)], BOARD)
    assert s.returned == (0, 70)
    assert [(p.amount, p.eligible) for p in s.pots] == [(60, (0, 1))]
    # B's straight takes the high (30); both have 8-5-4-2-A: the low (30) is split
    assert won(s.pots[0].high) == [(1, 30)] and won(s.pots[0].low) == [(0, 15), (1, 15)]
    assert s.payouts == (15, 115)


def test_uncalled_part_above_a_folded_players_bet():
    # A (live) 100, B folded after 80, C (live) all-in 50: A gets 20 back, wins 60 uncontested.
    s = settle([("Kh Kd Jc Tc", 100), (None, 80), ("Qh Qd 9c 9h", 50)], BOARD)
    assert s.returned == (20, 0, 0)
    main, side = s.pots
    assert (main.amount, main.eligible, main.showdown) == (150, (0, 2), True)
    assert (side.amount, side.eligible, side.showdown) == (60, (0,), False)
    assert side.high[0].hand is None and side.high[0].describe() == "uncontested"
    assert s.payouts == (230, 0, 0)


def test_one_player_left_takes_everything_without_showdown():
    s = settle([(None, 10), ("As Ah 2c 3d", 50), (None, 20)])
    assert not s.showdown
    assert s.payouts == (0, 80, 0) and s.returned == (0, 30, 0) and s.net == (-10, 30, -20)
    assert s.highs == (None, None, None) and s.board == ""
    (pot,) = s.pots
    assert pot.amount == 50 and not pot.showdown and won(pot.high) == [(1, 50)]
    # a partial board is fine without a showdown; "fold" works like None
    assert settle([("fold", 10), ("As Ah 2c 3d", 50)], "4c 5d 7s").payouts == (0, 60)


def test_dead_blind_above_the_live_bets_goes_to_the_pot():
    # A returning player posts 3 (2 live, 1 dead) and folds; the big blind (2) wins it all.
    s = settle([(None, 3), ("As Ah 2c 3d", 2), (None, 1)])
    assert s.payouts == (0, 6, 0) and s.returned == (0, 0, 0)


def test_zero_contributions():
    s = settle([(A, 0), (B, 0)], BOARD)
    assert s.payouts == (0, 0) and s.pots == ()


def test_five_and_six_card_hands():
    s = settle([("Ah Ac 2h 3c Td", 40), ("As 2s 6d 7d Jh", 40)], BOARD)
    assert sum(s.payouts) == 80
    s = settle([("Ah Ac 2h 3c Td Th", 40), ("As 2s 6d 7d Jh Js", 40)], BOARD, game="omahahi6")
    assert s.payouts == (0, 80)


# ---------------------------------------------------------------------------
# validation
# ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "players, board, kwargs, error, match",
    [
        ([(A, -5), (B, 10)], BOARD, {}, OmahaInputError, r"player 1's chips: must not be negative, got -5"),
        ([(None, 5), (None, 10)], BOARD, {}, OmahaInputError, r"every player folded"),
        ([(A, 10), (B, 10)], "4c 5d Ks", {}, HandSizeError, r"board: 3 cards given; a showdown .* needs all 5"),
        ([(A, 10), (B, 10)], "", {}, HandSizeError, r"board: 0 cards given"),
        ([(A, 10), (None, 10)], "4c 5d Ks Qs 8c 9c", {}, HandSizeError, r"board: 6 cards"),
        ([(A, 10), ("Ah Kd Qd Jd", 10)], BOARD, {}, DuplicateCardError, r"Ah appears in player 1 and in player 2"),
        ([(A, 10), ("4c Kd Qd Jd", 10)], BOARD, {}, DuplicateCardError, r"4c appears in player 2 and in the board"),
        ([(A, 10), ("Kd Qd Jd", 10)], BOARD, {}, HandSizeError, r"player 2: 3 cards given"),
        ([(A, 10), ("Kd Qd Jd Td 9d", 10)], BOARD, {}, HandSizeError, r"player 1: 4, player 2: 5"),
        ([(A, 10), ("Kd Qd Jd Xx", 10)], BOARD, {}, InvalidCardError, r"player 2: 'Xx'"),
        ([(A, 10), (B, 15)], BOARD, {"chip": 10}, OmahaInputError,
         r"player 2: 15 chips is not a multiple of the smallest chip \(10\)"),
        ([(A, 10), (B, 10)], BOARD, {"chip": 0}, OmahaInputError, r"chip \(the smallest chip\): must be at least 1"),
        ([(A, 10), (B, 10)], BOARD, {"button": 2}, OmahaInputError, r"button: seat 2 is not a seat; seats are 0..1"),
        ([], BOARD, {}, OmahaInputError, r"no players"),
    ],
)  # fmt: skip
def test_bad_input_names_the_problem(players, board, kwargs, error, match):
    with pytest.raises(error, match=match):
        settle(players, board, **kwargs)


@pytest.mark.parametrize(
    "players, kwargs, match",
    [
        ([(A, 10.0), (B, 10)], {}, r"player 1's chips: expected an integer, got 10.0"),
        ([(A, True), (B, 10)], {}, r"player 1's chips: expected an integer, got True"),
        ([(A, 10, 3), (B, 10)], {}, r"player 1: expected a \(hand, chips\) pair"),
        ("AsAh2c3d:10", {}, r"players: expected a list"),
        ([(A, 10), (B, 10)], {"button": "1"}, r"button: expected a seat number"),
    ],
)
def test_bad_types(players, kwargs, match):
    with pytest.raises(OmahaTypeError, match=match):
        settle(players, BOARD, **kwargs)


def test_errors_are_value_errors():
    with pytest.raises(ValueError):
        settle([(A, -1), (B, 10)], BOARD)


# ---------------------------------------------------------------------------
# property: chips are conserved, odd chips follow the rules, shares are fair
# ---------------------------------------------------------------------------


@st.composite
def hands_at_showdown(draw, min_live=1):
    """A random hand: 2..7 players, 4-6 hole cards, contributions, folds, button, chip."""
    n = draw(st.integers(2, 7))
    hole = draw(st.sampled_from([4, 4, 4, 5, 6])) if n <= 7 else 4
    while n * hole + 5 > 52:
        hole -= 1
    deck = list(range(52))
    random.Random(draw(st.integers(0, 2**32 - 1))).shuffle(deck)  # cheaper than st.permutations
    chip = draw(st.sampled_from([1, 1, 1, 2, 5, 25]))
    units = draw(st.lists(st.integers(0, 60), min_size=n, max_size=n))
    live = draw(st.lists(st.booleans(), min_size=n, max_size=n).filter(lambda v: sum(v) >= min_live))
    button = draw(st.integers(0, n - 1))
    hilo = draw(st.booleans()) if draw(st.integers(0, 9)) == 0 else True
    hands = [tuple(deck[i * hole : (i + 1) * hole]) if live[i] else None for i in range(n)]
    board = tuple(deck[n * hole : n * hole + 5])
    return [(h, u * chip) for h, u in zip(hands, units, strict=False)], board, button, chip, hilo


def _game(players, hilo):
    """The game of a drawn deal: its hands' size, hi-lo or high only."""
    return game_for(next((len(hand) for hand, _ in players if hand is not None), 4), hilo)


@pytest.mark.slow
@settings(max_examples=2000, deadline=None, suppress_health_check=[HealthCheck.too_slow], derandomize=True)
@given(hands_at_showdown())
def test_property_chips_are_conserved(case):
    players, board, button, chip, hilo = case
    s = settle(players, board, button=button, chip=chip, game=_game(players, hilo))
    total = sum(c for _, c in players)
    assert sum(s.payouts) == total
    assert all(p >= 0 and p % chip == 0 for p in s.payouts)
    assert s.net == tuple(p - c for p, (_, c) in zip(s.payouts, players, strict=False))
    n = len(players)
    for seat, (hand, _) in enumerate(players):
        if hand is None:
            assert s.payouts[seat] == 0 and s.returned[seat] == 0
    assert sum(s.returned) + sum(p.amount for p in s.pots) == total
    levels = [p.level for p in s.pots]
    assert levels == sorted(levels) and len(set(levels)) == len(levels)
    for pot in s.pots:
        assert pot.high_amount + pot.low_amount == pot.amount
        assert sum(a.chips for a in pot.high) == pot.high_amount
        assert sum(a.chips for a in pot.low) == pot.low_amount
        if pot.low:  # halved: the odd chip goes high
            assert pot.high_amount - pot.low_amount in (0, chip)
        for half in (pot.high, pot.low):
            assert {a.seat for a in half} <= set(pot.eligible)
            # tied players get equal chips but for odd chips, which go clockwise from the button
            ordered = sorted(half, key=lambda a: (a.seat - button - 1) % n)
            chips = [a.chips for a in ordered]
            assert chips == sorted(chips, reverse=True)
            assert max(chips, default=0) - min(chips, default=0) <= chip


@pytest.mark.slow
@settings(max_examples=500, deadline=None, suppress_health_check=[HealthCheck.too_slow], derandomize=True)
@given(hands_at_showdown(min_live=2))
def test_property_payouts_match_the_naive_reference(case):
    # The payouts equal those of an independent layer-by-layer reference with the naive
    # evaluator and the same odd-chip rules, and are within two chips per pot of the
    # exact fair shares (a player can gain under one chip in each tied half).
    players, board, button, chip, hilo = case
    hands = [h for h, _ in players]
    chips = [c for _, c in players]
    live = [h is not None for h in hands]
    try:
        layers = naive_pots.layer_pots(chips, live)
    except ValueError:  # folded players put in more than every live player: not modelled there
        return
    s = settle(players, board, button=button, chip=chip, game=_game(players, hilo))
    assert list(s.payouts) == naive_pots.payouts(hands, board, chips, button, chip, hilo)
    fair = naive_pots.fair_shares(hands, board, layers, hilo)
    for seat in range(len(players)):
        assert abs(s.payouts[seat] - fair[seat]) < 2 * chip * max(len(s.pots), 1)


def test_more_players_than_a_deck_deals_is_refused():
    players = [(None, 1)] * MAX_PLAYERS + [(A, 1)]
    with pytest.raises(OmahaInputError, match=rf"players: {MAX_PLAYERS + 1} players; one deck deals Omaha"):
        settle(players)
    assert settle(players[1:]).payouts[-1] == MAX_PLAYERS


@pytest.mark.parametrize("flag", [object(), [1], 1])  # hilo=None: not given (hilo= is deprecated)
def test_hilo_must_be_a_boolean(flag):
    with pytest.warns(DeprecationWarning), pytest.raises(OmahaTypeError, match="hilo: expected True or False"):
        settle([(A, 10), (B, 10)], BOARD, hilo=flag)


def test_numpy_integers_are_chips():
    s = settle([(A, np.int64(40)), (B, np.int32(40)), (C, 40)], BOARD, button=np.int8(0), chip=np.int64(1))
    assert s.payouts == (30, 60, 30) and all(type(p) is int for p in s.payouts)


def test_json_hands_have_one_shape():
    data = settle([(A, 40), (B, 40), (C, 40)], BOARD).to_dict()
    keys = {"value", "text", "cards", "hole_used", "board_used"}
    for player in data["players"]:
        assert set(player["high"]) == keys | {"category"} and set(player["low"]) == keys | {"ranks"}
    award = data["pots"][0]["low"][0]
    assert award["hand"]["text"] == "8-5-4-2-A" and award["hand"]["hole_used"] == "Ah 2h"
    assert data["pots"][0]["name"] == "main pot"
