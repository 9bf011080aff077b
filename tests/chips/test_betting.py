"""Bet sizing: the rules' pot-limit and limit examples, no-limit minimum raises, short
all-ins that do not reopen the betting, and illegal actions rejected with a reason."""

from __future__ import annotations

import numpy as np
import pytest
from cli_run import fails

from omaha8eq import BettingRound, IllegalActionError, OmahaInputError, limit_bet_size, pot_limit_max_raise
from omaha8eq.errors import OmahaTypeError
from omaha8eq.inputs import MAX_PLAYERS

# ---------------------------------------------------------------------------
# pot limit
# ---------------------------------------------------------------------------


def test_pot_limit_rules_examples():
    # $5/$10 preflop: 5 + 10 + 10 = 25 raise, to 35.
    assert pot_limit_max_raise(0, [5, 10]) == 35
    # a $75 pot and a $75 bet: 75 + 75 + 75 = 225 raise, to 300.
    assert pot_limit_max_raise(75, [75]) == 300


def test_pot_limit_other_spots():
    assert pot_limit_max_raise(100) == 100  # no bet yet: a pot-sized bet
    assert pot_limit_max_raise(0, [5, 10, 10], own=5) == 10 + 25 + 5  # the small blind raising
    assert pot_limit_max_raise(0, [10, 10, 10], own=10) == 40  # the big blind's option
    assert pot_limit_max_raise(0, [5, 10, 35]) == 35 + 50 + 35  # a re-raise: to 120


@pytest.mark.parametrize(
    "args, error, match",
    [
        ((-1, [5]), OmahaInputError, r"pot: must not be negative"),
        ((0, [5, -10]), OmahaInputError, r"bet 2: must not be negative"),
        ((0, [5, 10], 20), OmahaInputError, r"own: 20 chips is more than the biggest bet \(10\)"),
        ((0, [5, 10], 7), OmahaInputError, r"own: 7 chips is none of the bets"),
        ((0.5, [5]), OmahaTypeError, r"pot: expected an integer"),
        ((0, "5 10"), OmahaTypeError, r"bets: expected a list"),
    ],
)
def test_pot_limit_bad_input(args, error, match):
    with pytest.raises(error, match=match):
        pot_limit_max_raise(*args)


def test_pot_limit_round_preflop():
    r = BettingRound.preflop("pot-limit", 6, blinds=(5, 10))
    assert r.to_act == 3 and r.bets == (0, 5, 10, 0, 0, 0)
    o = r.options()
    assert (o.to_call, o.min_raise_to, o.max_raise_to) == (10, 20, 35)
    with pytest.raises(IllegalActionError, match="above the pot limit: the raise can be to at most 35") as err:
        r.raise_to(40)
    assert err.value.reason.startswith("above the pot limit") and err.value.seat == 3
    assert (
        r.why_illegal("raise", 19)
        == "the raise must be to at least 20 (the current bet 10 plus the last full raise 10)"
    )
    r.raise_to(35)
    assert r.options().max_raise_to == pot_limit_max_raise(0, [0, 5, 10, 35]) == 120


def test_pot_limit_round_flop():
    r = BettingRound.postflop("pot-limit", 3, bet_size=10, pot=75)
    assert r.to_act == 1 and r.options().max_raise_to == 75  # a pot-sized bet
    r.bet(75)
    o = r.options()
    assert (o.seat, o.to_call, o.min_raise_to, o.max_raise_to) == (2, 75, 150, 300)
    r.raise_to(300)
    assert r.total_pot == 75 + 75 + 300


# ---------------------------------------------------------------------------
# limit
# ---------------------------------------------------------------------------


def test_limit_bet_sizes_by_street():
    assert [limit_bet_size(2, s) for s in ("preflop", "flop", "turn", "river")] == [2, 2, 4, 4]
    with pytest.raises(OmahaInputError, match="street: 'showdown'"):
        limit_bet_size(2, "showdown")


def test_limit_2_4_small_blind_calls_5_or_caps_with_7():
    # $2/$4, blinds $1/$2: after two raises the bet is $6; the small blind calls with $5
    # more or caps it to $8 with $7 more.
    r = BettingRound.preflop("limit", 4, blinds=(1, 2), button=0)
    assert (r.to_act, r.current_bet) == (3, 2)
    r.raise_to()  # the first raise: to 4 (the fixed size)
    r.raise_to(6)
    assert r.current_bet == 6
    o = r.options()
    assert o.seat == 1 and o.to_call == 5
    assert o.min_raise_to == o.max_raise_to == 8 and o.min_raise_to - r.bets[1] == 7
    assert r.why_illegal("raise", 10) == "in limit the raise is to 8"
    assert r.why_illegal("raise", 7) == "in limit the raise is to 8 (the bet 6 plus 2)"
    capped = r.raise_to()
    assert (capped.added, capped.to, capped.full) == (7, 8, True)
    o = r.options()
    assert o.seat == 2 and not o.can_raise and o.to_call == 6
    assert o.reason == "the betting is capped (one bet and 3 raises were made)"
    with pytest.raises(IllegalActionError, match="cannot raise: the betting is capped"):
        r.raise_to()
    r.call()
    r.call()
    r.call()
    assert r.finished and r.bets == (8, 8, 8, 8)


def test_limit_5_10_blinds_raise_to_20_30_cap_40_turn_bets_20():
    r = BettingRound.preflop("limit", 6, blinds=(5, 10), small_bet=10)
    assert [r.raise_to().to for _ in range(3)] == [20, 30, 40]
    assert not r.options().can_raise
    turn = BettingRound.postflop("limit", 3, bet_size=limit_bet_size(10, "turn"), pot=120)
    assert turn.options().min_raise_to == turn.options().max_raise_to == 20
    assert turn.why_illegal("bet", 30) == "in limit the bet is to 20"
    assert turn.bet().to == 20 and turn.raise_to().to == 40


def test_limit_cap_lifted_heads_up():
    r = BettingRound.preflop("limit", 2, blinds=(1, 2), uncapped_heads_up=True)
    assert r.to_act == 0  # heads-up: the button posts the small blind and acts first
    for expected in (4, 6, 8, 10, 12):
        assert r.raise_to().to == expected
    capped = BettingRound.preflop("limit", 2, blinds=(1, 2))
    for _ in range(3):
        capped.raise_to()
    assert "capped" in capped.options().reason
    # with three players the option does not apply until one folds
    three = BettingRound.preflop("limit", 3, blinds=(1, 2), uncapped_heads_up=True)
    three.raise_to(), three.raise_to(), three.raise_to()
    assert not three.options().can_raise
    three.fold()
    assert three.options().can_raise and three.options().min_raise_to == 10


# ---------------------------------------------------------------------------
# no limit
# ---------------------------------------------------------------------------


def test_no_limit_minimum_raise():
    r = BettingRound.preflop("no-limit", [200, 200, 200, 200], blinds=(1, 2))
    o = r.options()
    assert (o.min_raise_to, o.max_raise_to) == (4, 200)
    assert r.why_illegal("raise", 3) == "the raise must be to at least 4 (the current bet 2 plus the last full raise 2)"
    r.raise_to(10)  # a raise of 8
    assert r.options().min_raise_to == 18
    assert r.why_illegal("raise", 17) is not None
    assert r.why_illegal("raise", 201) == "he has only 200 chips: his bet can come to at most 200"
    r.raise_to(18)
    assert r.options().min_raise_to == 26


def test_no_limit_minimum_bet_is_the_big_blind():
    r = BettingRound.postflop("no-limit", [100, 100, 5], bet_size=10, pot=30)
    assert r.to_act == 1
    assert r.why_illegal("bet", 5) == "the bet must be at least 10 (the minimum bet)"
    r.check()
    o = r.options()  # seat 2 has 5 chips: he may bet them all, short of the minimum
    assert (o.seat, o.min_raise_to, o.max_raise_to) == (2, 5, 5)
    assert r.why_illegal("bet", 4) == "he can only go all-in, to 5: he has less than a full bet"
    short = r.all_in()
    assert (short.kind, short.to, short.full) == ("bet", 5, False)
    o = r.options()  # a short bet: a raise must still be a full bet over it
    assert (o.seat, o.to_call, o.min_raise_to) == (0, 5, 15)


def test_no_limit_all_in_short_of_a_full_raise_does_not_reopen_the_betting():
    r = BettingRound.postflop("no-limit", [1000, 1000, 150], bet_size=10, pot=100)
    r.bet(100)  # seat 1
    short = r.all_in()  # seat 2: 150, a raise of 50 < 100
    assert (short.kind, short.to, short.all_in, short.full) == ("raise", 150, True, False)
    o = r.options()  # seat 0 has not acted: he may raise, by a full raise over 150
    assert (o.seat, o.can_raise, o.min_raise_to) == (0, True, 250)
    r.call()
    o = r.options()  # seat 1 already acted: he may only call the extra 50 (or fold)
    assert (o.seat, o.to_call, o.can_raise) == (1, 50, False)
    assert o.reason == (
        "the betting was not reopened (since he acted the bet went from 100 to 150, less than a full raise of 100)"
    )
    with pytest.raises(IllegalActionError) as err:
        r.raise_to(400)
    assert "not reopened" in err.value.reason and err.value.action == "raise" and err.value.seat == 1
    assert r.why_illegal("check") == "cannot check: 50 to call"
    r.call()
    assert r.finished and r.bets == (150, 150, 150) and r.stacks == (850, 850, 0)


def test_no_limit_short_all_ins_adding_up_to_a_full_raise_reopen_the_betting():
    r = BettingRound.postflop("no-limit", [1000, 150, 210], bet_size=10, pot=0, button=2)
    r.bet(100)  # seat 0
    r.all_in()  # seat 1: 150
    r.all_in()  # seat 2: 210, 60 over 150, but 110 over the 100 seat 0 acted on
    o = r.options()
    assert (o.seat, o.can_raise, o.to_call) == (0, False, 110)  # nobody left to call a raise
    assert o.reason == "nobody could call a raise (every other player is all-in or has folded)"
    r4 = BettingRound.postflop("no-limit", [1000, 150, 210, 1000], bet_size=10, pot=0, button=3)
    r4.bet(100)
    r4.all_in()
    r4.all_in()
    r4.call()  # seat 3 calls 210
    o = r4.options()
    assert (o.seat, o.can_raise, o.min_raise_to) == (0, True, 310)


def test_big_blind_option_and_heads_up_order():
    r = BettingRound.preflop("no-limit", 3, blinds=(1, 2))
    r.call()  # seat 0 (the button)
    r.call()  # seat 1, the small blind, completes
    o = r.options()  # the big blind is live: he may check or raise
    assert (o.seat, o.can_check, o.can_raise, o.min_raise_to) == (2, True, True, 4)
    r.check()
    assert r.finished and r.total_pot == 6
    hu = BettingRound.preflop("no-limit", 2, blinds=(1, 2), button=1)
    assert hu.bets == (2, 1) and hu.to_act == 1  # the button posts the small blind, acts first
    flop = BettingRound.postflop("no-limit", 2, bet_size=2, pot=4, button=1)
    assert flop.to_act == 0  # and acts last after the flop


def test_illegal_actions_have_reasons():
    r = BettingRound.postflop("no-limit", 3, bet_size=2, pot=10)
    assert r.why_illegal("call") == "nothing to call: check instead"
    assert r.why_illegal("jump") == "unknown action 'jump'; expected one of fold, check, call, bet, raise, all-in"
    assert r.why_illegal("bet") == "say how much to bet: to 2 or more"
    assert r.why_illegal("check", 5) == "check takes no amount"
    assert r.why_illegal("all-in") == "the player's stack is unlimited: say how much to bet"
    r.fold(), r.fold()
    assert r.finished and r.to_act is None
    with pytest.raises(IllegalActionError, match="the betting round is over"):
        r.check()
    assert issubclass(IllegalActionError, ValueError)


def test_short_stack_can_only_call_all_in():
    r = BettingRound.postflop("no-limit", [1000, 40], bet_size=10, pot=0, button=1)
    r.bet(100)
    o = r.options()
    assert (o.seat, o.to_call, o.can_raise) == (1, 40, False)
    call = r.call()
    assert (call.added, call.to, call.all_in) == (40, 40, True)
    assert r.finished


def test_all_in_below_the_minimum_raise_is_allowed():
    r2 = BettingRound.postflop("no-limit", [1000, 1000, 130], bet_size=10, pot=0)
    r2.bet(100)
    o = r2.options()
    assert (o.seat, o.min_raise_to, o.max_raise_to) == (2, 130, 130)  # only all-in, short
    assert r2.why_illegal("raise", 120) == "he can only go all-in, to 130: he has less than a full raise"
    assert r2.raise_to(130).full is False


@pytest.mark.parametrize(
    "kwargs, match",
    [
        ({"structure": "spread-limit"}, r"structure: 'spread-limit' is not one of limit, pot-limit, no-limit"),
        ({"stacks": 1}, r"stacks: 1 players"),
        ({"stacks": [100, -5]}, r"stack 2: must not be negative"),
        ({"bet_size": 0}, r"bet_size: must be at least 1"),
        ({"button": 5}, r"button: 5 is not a seat"),
        ({"cap": 0}, r"cap: expected a positive number"),
    ],
)
def test_bad_round_setup(kwargs, match):
    args = {"structure": "limit", "stacks": 3, "bet_size": 2} | kwargs
    with pytest.raises(OmahaInputError, match=match):
        BettingRound(args.pop("structure"), args.pop("stacks"), **args)


# ---------------------------------------------------------------------------
# sizes and types the rules cannot hold (issue 16: no MemoryError, no foreign errors)
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("stacks", [MAX_PLAYERS + 1, 100_000_000, [100] * (MAX_PLAYERS + 1)])
def test_more_players_than_a_deck_deals_is_refused(stacks):
    with pytest.raises(OmahaInputError, match=rf"stacks: .* players; one deck deals Omaha to at most {MAX_PLAYERS}"):
        BettingRound.preflop("limit", stacks, blinds=(1, 2))
    assert BettingRound.preflop("limit", MAX_PLAYERS, blinds=(1, 2)).to_act == 3


@pytest.mark.parametrize(
    "kwargs, error, match",
    [
        ({"folded": None}, OmahaTypeError, r"folded: expected a list of seats, got None"),
        ({"folded": "0"}, OmahaTypeError, r"folded: expected a list of seats"),
        ({"folded": [0.0]}, OmahaInputError, r"folded: 0.0 is not a seat"),
        ({"stacks": "3"}, OmahaTypeError, r"stacks: expected a list of chip counts"),
        ({"stacks": [100, 2.5]}, OmahaTypeError, r"stack 2: expected an integer number of chips, got 2.5"),
        ({"bet_size": True}, OmahaTypeError, r"bet_size: expected an integer number of chips, got True"),
        ({"uncapped_heads_up": None}, OmahaTypeError, r"uncapped_heads_up: expected True or False"),
    ],
)
def test_bad_types_are_omaha_input_errors(kwargs, error, match):
    args = {"structure": "limit", "stacks": 3, "bet_size": 2} | kwargs
    with pytest.raises(error, match=match):
        BettingRound(args.pop("structure"), args.pop("stacks"), **args)


def test_numpy_integers_are_chips():
    r = BettingRound.preflop("no-limit", [np.int64(100), np.int32(100), 100], blinds=(np.int8(1), np.int64(2)))
    assert r.raise_to(np.int64(6)).to == 6 and type(r.bets[0]) is int
    assert pot_limit_max_raise(np.int64(75), [np.int16(75)]) == 300
    with pytest.raises(IllegalActionError, match=r"must be an integer, got 6\.0"):
        r.raise_to(6.0)


def test_error_messages_show_only_an_excerpt():
    with pytest.raises(OmahaTypeError) as err:
        BettingRound("limit", "x" * 1_000_000, bet_size=2)
    assert len(str(err.value)) < 200


# ---------------------------------------------------------------------------
# the command line's betting input
# ---------------------------------------------------------------------------


def test_cli_refuses_more_players_than_a_deck_deals(capsys):
    message = fails(capsys, "betting", "limit", "call", "--players", "100000000")
    assert f"--players: 100,000,000 players; one deck deals Omaha to at most {MAX_PLAYERS}" in message


@pytest.mark.parametrize(
    "argv, shown",
    [
        (["bet=²"], "action 'bet=²': '²' is not a whole number of chips"),
        (["raise=1٣"], "'1٣' is not a whole number of chips"),
        (["call", "--stacks", "1²,5"], "--stacks: '1²' (player 1)"),
        (["call", "--blinds", "²/5"], "--blinds: '²/5' is not SMALL/BIG"),
    ],
)
def test_cli_refuses_digits_that_are_not_ascii(capsys, argv, shown):
    assert shown in fails(capsys, "betting", "no-limit", *argv)
