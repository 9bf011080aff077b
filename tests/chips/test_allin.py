"""allin_equity(): expected chips per side pot against brute-force enumeration.

The reference (``naive_pots.expected_chips``) builds the pots chip layer by chip layer
and settles every completion of the board with the naive evaluator, with exact
fractional shares; it shares no code with the package.
"""

from __future__ import annotations

from fractions import Fraction

import naive_pots
import pytest

from omaha8eq import AllinResult, allin_equity, settle
from omaha8eq.cards import parse_cards
from omaha8eq.errors import DuplicateCardError, HandSizeError, OmahaInputError, OmahaTypeError


def _reference(players, board="", dead=""):
    hands = [None if h is None else parse_cards(h) for h, _ in players]
    chips = [c for _, c in players]
    return naive_pots.expected_chips(hands, chips, parse_cards(board), parse_cards(dead))


def _check_exact(players, board="", dead=""):
    result = allin_equity(players, board, dead)
    assert result.exhaustive and result.seed is None
    expected = _reference(players, board, dead)
    assert [p.expected_exact for p in result.players] == expected
    assert [p.expected for p in result.players] == pytest.approx([float(e) for e in expected])
    assert [p.net_exact for p in result.players] == [e - c for e, (_, c) in zip(expected, players, strict=False)]
    assert sum(p.expected_exact for p in result.players) == sum(c for _, c in players)
    for pot in result.pots:
        assert sum(pot.exact_equities) == 1
    return result


# ---------------------------------------------------------------------------
# brute force: river and turn cases
# ---------------------------------------------------------------------------

SHORT, MID, BIG = "As 2s 3d Kc", "Qh Qd Jh Tc", "9h 8h 7c 6c"


def test_river_to_come_one_all_in():
    players = [(SHORT, 20), (MID, 60), (BIG, 60)]
    result = _check_exact(players, board="4c 5d Ks 8s")
    assert result.outcomes == 52 - 12 - 4
    assert [(p.amount, p.eligible) for p in result.pots] == [(60, (0, 1, 2)), (80, (1, 2))]


def test_river_to_come_two_all_ins_a_fold_and_an_uncalled_bet():
    # seat 3 folded after putting in 15 (dead money in the two lower pots); seat 4's
    # last 40 chips are uncalled.
    players = [(SHORT, 10), (MID, 30), (None, 15), (BIG, 100), ("Ac Ad 4h 5h", 60)]
    result = _check_exact(players, board="2c 7d Qs Jd")
    assert [(p.amount, p.eligible) for p in result.pots] == [
        (50, (0, 1, 3, 4)), (65, (1, 3, 4)), (60, (3, 4)),
    ]  # fmt: skip
    assert result.players[3].returned == 40
    assert result.players[2].expected_exact == 0 and result.players[2].hand is None


def test_turn_and_river_to_come_three_pots():
    players = [("Ah 2h 3c 4c", 15), ("Kc Kd 9s 8s", 40), ("Js Ts 6d 6h", 100), ("5s 5c Qc Jc", 100)]
    result = _check_exact(players, board="7h 8d Kh")
    assert result.outcomes == 528  # C(33, 2) turn-river pairs, the same for every pot
    assert [len(p.eligible) for p in result.pots] == [4, 3, 2]
    assert all(p.result is not None and p.result.exhaustive for p in result.pots)


def test_turn_and_river_to_come_five_card_hands_and_dead_cards():
    players = [("Ah 2h 3c 4c 9d", 25), ("Kc Kd 9s 8s Td", 50), ("Js Ts 6d 6h 2d", 50)]
    _check_exact(players, board="7h 8d Kh", dead="Ad 3s")


def test_omaha_high_per_pot():
    players = [(SHORT, 20), (MID, 60), (BIG, 60)]
    result = allin_equity(players, "4c 5d Ks 8s", game="omahahi")
    hands = [parse_cards(h) for h, _ in players]
    pots = naive_pots.layer_pots([20, 60, 60], [True] * 3)
    deck = [c for c in range(52) if c not in set(sum(hands, ())) | set(parse_cards("4c 5d Ks 8s"))]
    total = [Fraction(0)] * 3
    for river in deck:
        shares = naive_pots.fair_shares(hands, (*parse_cards("4c 5d Ks 8s"), river), pots, hilo=False)
        total = [t + s for t, s in zip(total, shares, strict=False)]
    assert [p.expected_exact for p in result.players] == [t / len(deck) for t in total]
    assert not result.hilo


def test_expected_chips_are_the_mean_of_settle_within_odd_chips():
    # Settling every river and averaging gives the expectation, to within one chip
    # per pot (settle's odd chips go to particular players; EV counts fair shares).
    players = [(SHORT, 21), (MID, 61), (BIG, 61)]
    board = parse_cards("4c 5d Ks 8s")
    result = allin_equity(players, board)
    used = set(board) | {c for h, _ in players for c in parse_cards(h)}
    rivers = [c for c in range(52) if c not in used]
    mean = [Fraction(0)] * 3
    for river in rivers:
        s = settle(players, (*board, river))
        mean = [m + Fraction(p, len(rivers)) for m, p in zip(mean, s.payouts, strict=False)]
    for m, p in zip(mean, result.players, strict=False):
        assert abs(m - p.expected_exact) <= len(result.pots)


# ---------------------------------------------------------------------------
# pot equities, Monte Carlo, trivial cases
# ---------------------------------------------------------------------------


def test_pot_equities_are_the_eligible_players_equities_with_others_dead():
    from omaha8eq import equity

    players = [(SHORT, 20), (MID, 60), (BIG, 60)]
    result = allin_equity(players, "4c 5d Ks")
    side = result.pots[1]
    direct = equity([MID, BIG], "4c 5d Ks", dead=SHORT)
    assert side.exact_equities == tuple(p.exact_equity() for p in direct.players)
    assert side.equities == tuple(p.equity for p in direct.players)
    assert side.name == "side pot 1" and result.pots[0].name == "main pot"


def test_preflop_three_way_exact_and_monte_carlo():
    players = [(SHORT, 20), (MID, 60), (BIG, 60)]
    exact = allin_equity(players)
    assert exact.exhaustive and exact.outcomes == 658_008 and exact.seed is None
    sampled = allin_equity(players, samples=200_000, seed=11)
    assert not sampled.exhaustive and sampled.seed == 11 and sampled.outcomes == 200_000
    assert all(p.expected_exact is None and p.net_exact is None for p in sampled.players)
    assert sampled.pots[0].exact_equities is None
    for e, s in zip(exact.players, sampled.players, strict=False):
        assert s.expected == pytest.approx(e.expected, abs=0.5)  # within a few standard errors
    again = allin_equity(players, samples=200_000, seed=11)
    assert [p.expected for p in again.players] == [p.expected for p in sampled.players]
    assert all(max(p.equity_stderrs) > 0 for p in sampled.pots)


def test_uncontested_only():
    result = allin_equity([(None, 10), ("As Ah 2c 3d", 50), (None, 20)])
    assert [p.expected_exact for p in result.players] == [0, 80, 0]
    assert result.exhaustive and result.outcomes == 1
    assert result.pots[0].result is None and result.pots[0].equities == (1.0,)


def test_to_dict_is_json_ready():
    import json

    result = allin_equity([(SHORT, 20), (MID, 60), (BIG, 60)], "4c 5d Ks 8s")
    assert isinstance(result, AllinResult)
    data = json.loads(json.dumps(result.to_dict()))
    assert data["total"] == 140 and len(data["pots"]) == 2 and data["exhaustive"] is True
    assert Fraction(data["players"][0]["expected_exact"]) == result.players[0].expected_exact


@pytest.mark.parametrize(
    "players, board, dead, error, match",
    [
        ([(SHORT, 20), ("As Kd Qd Jd", 60)], "", "", DuplicateCardError, r"As appears in player 1 and in player 2"),
        ([(SHORT, 20), (MID, 60)], "", "Qh", DuplicateCardError, r"Qh appears in player 2 and in the dead cards"),
        ([(SHORT, 20), (MID, 60)], "4c 5d Ks 8s 9s 9d", "", HandSizeError, r"board: 6 cards"),
        ([(SHORT, -20), (MID, 60)], "", "", OmahaInputError, r"player 1's chips: must not be negative"),
        ([(None, 20), (None, 60)], "", "", OmahaInputError, r"every player folded"),
    ],
)
def test_bad_input(players, board, dead, error, match):
    with pytest.raises(error, match=match):
        allin_equity(players, board, dead)


@pytest.mark.parametrize("flag", [object(), [1]])  # hilo=None: not given (hilo= is deprecated)
def test_hilo_must_be_a_boolean(flag):
    with pytest.warns(DeprecationWarning), pytest.raises(OmahaTypeError, match="hilo: expected True or False"):
        allin_equity([(SHORT, 20), (MID, 60)], hilo=flag)


def test_a_hopeless_exact_pot_is_refused_and_max_work_is_passed_on():
    players = [("As Ah 2c 3d", 50), ("Ks Kh Qd Jd", 50), ("9s 8s 7d 6d", 50)]
    with pytest.raises(OmahaInputError, match="max_work=1e"):
        allin_equity(players, exhaustive=True, max_work=1000)
    assert allin_equity(players, "4c 5d Js 9h", exhaustive=True, max_work=10**6).pots[0].exact_equities is not None
