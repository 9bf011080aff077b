"""Unshown cards played as ranges in the all-in EV, against brute force in plain Python.

The reference enumerates every hand the unknown player could hold (a small range's
hands, or every hand of a deck made small by many dead cards) and every river, and
settles each with ``naive_pots.fair_shares`` (the naive evaluator, exact Fractions):
the expected chips are the plain average over those (hand, river) pairs, each hand
of a range being equally likely and dealt the same number of rivers.
"""

from __future__ import annotations

import io
import json
from fractions import Fraction
from itertools import combinations

import naive_pots
import pytest
from cli_run import fails, run
from history_files import STARS_SYNTHETIC, TURN_HIDDEN_WINNER, TURN_MUCK

from omaha8eq import allin_ev, read_hands
from omaha8eq.cards import format_cards, parse_cards
from omaha8eq.errors import OmahaInputError
from omaha8eq.histories.allin_ev import hand_ev
from omaha8eq.histories.pot_values import Assumed, value_pots


def _hand(text):
    stream = read_hands(io.StringIO(text))
    hands = list(stream)
    assert stream.skipped == [] and len(hands) == 1
    return hands[0]


def _brute_expected(known, unknown_hands, chips, board, dead=()):
    """Each seat's exact expected chips: every hand of ``unknown_hands`` for the seat whose
    entry in ``known`` is None, every river, settled by the naive reference."""
    seat = known.index(None)
    live = [True] * len(known)
    pots = naive_pots.layer_pots(chips, live)
    used = {c for h in known if h is not None for c in h} | set(board) | set(dead)
    total = [Fraction(0)] * len(known)
    deals = 0
    for hand in unknown_hands:
        if used & set(hand):
            continue  # a hand holding a known card is not his
        hands = [hand if i == seat else h for i, h in enumerate(known)]
        for river in (c for c in range(52) if c not in used and c not in hand):
            shares = naive_pots.fair_shares(hands, (*board, river), pots)
            total = [t + s for t, s in zip(total, shares, strict=True)]
            deals += 1
    return [t / deals for t in total]


def _cards(text):
    return tuple(parse_cards(text))


def _names(cards):
    return format_cards(cards).split()


RANGE = "QhQcJcTc, 5h6h7c7d, 9h9sJdTd, AsKs2c3c"  # the last holds Hero's As: never his


@pytest.mark.parametrize("text", [TURN_MUCK, TURN_HIDDEN_WINNER])
def test_turn_allin_against_a_range_equals_brute_force(text):
    hand = _hand(text)
    ev = hand_ev(hand, {"Villain": RANGE})
    assert (ev.adjusted_hand, ev.exhaustive, ev.allin_street) == (True, True, "turn")
    assert (ev.assumed, ev.ranges) == (("Villain",), {"Villain": RANGE})
    villain_hands = [_cards(h) for h in RANGE.split(", ")]
    # Both put in 1000 cents; the pot of 2000 loses 50 of rake: scale the shares of the pot.
    expected = _brute_expected([_cards("As 2s 3d Kh"), None], villain_hands, [1000, 1000], _cards("4c 8d Kd Qs"))
    expected = [e * Fraction(1950, 2000) for e in expected]
    won = hand.won()
    reference = {n: hand.net()[n] + expected[i] - won[n] for i, n in enumerate(("Hero", "Villain"))}
    assert ev.adjusted_exact == reference
    assert sum(reference.values()) == -50


def test_random_is_every_hand_the_cards_could_be():
    # A deck made small by 32 dead cards: Villain's random hand is one of C(12, 4) = 495.
    hero, board = _cards("As 2s 3d Kh"), _cards("4c 8d Kd Qs")
    dead = [c for c in range(52) if c not in hero + board][:32]
    deck = [c for c in range(52) if c not in hero + board + tuple(dead)]
    assert len(deck) == 12
    value = value_pots(
        ["As 2s 3d Kh", Assumed("random")],
        [700, 300],
        "4c 8d Kd Qs",
        " ".join(_names(dead)),
        game="omaha8",
        rake=0,
        seed=1,
    )
    expected = _brute_expected([hero, None], combinations(deck, 4), [700, 300], board, dead)
    assert value.exhaustive and value.expected_exact == tuple(expected)
    assert value.expected_exact[0] >= 400  # Hero's 400 uncalled chips come back


def test_random_player_outside_a_side_pot_is_exact():
    # Short is all-in for 100 and shows nothing; Hero and Villain (known) play a side
    # pot of 400 he cannot win: his random hand leaves its board's distribution as it was.
    hero, villain, board = _cards("As 2s 3d Kh"), _cards("Qh Qc Jc Tc"), _cards("4c 8d Kd Qs")
    known = hero + villain + board
    dead = [c for c in range(52) if c not in known][:28]
    deck = [c for c in range(52) if c not in known + tuple(dead)]
    value = value_pots(
        ["As 2s 3d Kh", "Qh Qc Jc Tc", Assumed("random")],
        [300, 300, 100],
        "4c 8d Kd Qs",
        " ".join(_names(dead)),
        game="omaha8",
        rake=0,
        seed=1,
    )
    expected = _brute_expected([hero, villain, None], combinations(deck, 4), [300, 300, 100], board, dead)
    assert value.exhaustive and value.expected_exact == tuple(expected)
    assert sum(expected) == 700


def test_a_narrow_range_outside_a_side_pot_is_not_valued():
    from omaha8eq.histories.pot_values import NotValued

    with pytest.raises(NotValued, match="outside a side pot"):
        value_pots(
            ["As 2s 3d Kh", "Qh Qc Jc Tc", Assumed("AA**")],
            [300, 300, 100],
            "4c 8d Kd Qs",
            "",
            game="omaha8",
            rake=0,
            seed=1,
        )


def test_players_of_the_same_range_share_equally():
    value = value_pots(
        [Assumed("random"), Assumed("random")], [500, 500], "4c 8d Kd", "", game="omaha8", rake=10, seed=1
    )
    assert value.exhaustive and value.expected_exact == (Fraction(495), Fraction(495)) and value.rake == 10


def test_hand_with_only_the_heros_cards_gets_an_ev():
    ev = hand_ev(_hand(TURN_HIDDEN_WINNER))
    assert ev.adjusted_hand and ev.exhaustive and ev.assumed == ("Villain",) and ev.ranges == {"Villain": "random"}
    assert ev.cards == "assumed" and ev.adjusted_exact is not None
    assert sum(ev.adjusted_exact.values()) == -50


def test_chips_after_the_allin_with_cards_unknown_are_not_adjusted():
    hands = {h.hand_id: h for h in read_hands(STARS_SYNTHETIC)}
    # Cat and Dan bet 500 more on the turn after Bob's flop all-in; hide Dan's cards.
    hand = hands["200000000001"]
    hidden = type(hand)(**{**hand.__dict__, "hole_cards": {k: v for k, v in hand.hole_cards.items() if k != "Dan"}})
    ev = hand_ev(hidden)
    assert not ev.adjusted_hand and ev.reason == "cards not shown: Dan, and chips bet after the all-in"


def test_a_range_with_no_hand_left_says_why():
    ev = hand_ev(_hand(TURN_MUCK), {"Villain": "AsAh**"})  # Hero holds As
    assert not ev.adjusted_hand and ev.reason.startswith("ranges of Villain: ") and "no hand" in ev.reason


def test_report_separates_known_from_assumed(tmp_path):
    text = TURN_MUCK + "\n\n\n" + STARS_SYNTHETIC.read_text("utf-8")
    report = allin_ev(read_hands(io.StringIO(text)), ranges={"Villain": RANGE})
    summary = report.summary()
    assert (summary["allin_hands"], summary["assumed_hands"]) == (4, 2)  # Villain here, Dan in 200000000003
    document = report.to_dict()
    assert document["ranges"] == {"Villain": RANGE}
    villain = next(h for h in report.hands if h.hand_id == "300000000001")
    row = villain.to_dict()
    assert (row["site"], row["cards"], row["assumed"]) == ("PokerStars", "assumed", {"Villain": RANGE})
    # Villain mucked: he conceded, and the site paid Hero the pot less the rake.
    assert row["settlement"] == {
        "status": "matches",
        "reason": "",
        "pots": [{"pot": 0, "board": 0, "expected": {"Hero": 19.5}, "site": {"Hero": 19.5}, "matches": True}],
    }
    hidden = allin_ev(read_hands(io.StringIO(TURN_HIDDEN_WINNER))).hands[0].to_dict()["settlement"]
    assert hidden == {"status": "unchecked", "reason": "cards not shown: Villain", "pots": []}


def test_bad_ranges_are_input_errors(capsys):
    with pytest.raises(OmahaInputError, match="ranges: Villain: range 'ZZ"):
        allin_ev([], ranges={"Villain": "ZZ**"})
    with pytest.raises(OmahaInputError, match="ranges: expected a dict"):
        allin_ev([], ranges=["Villain"])  # type: ignore[arg-type]
    message = fails(capsys, "hands", str(STARS_SYNTHETIC), "--range", "Villain")
    assert message.startswith("omaha8eq: error: --range: expected NAME=RANGE") and "\n" not in message.strip()
    assert "ranges: Dan:" in fails(capsys, "hands", str(STARS_SYNTHETIC), "--range", "Dan=ZZ**")


def test_cli_range_is_used(capsys):
    status, out, _ = run(capsys, "hands", str(STARS_SYNTHETIC), "--range", "Dan=random", "--json")
    assert status == 0
    document = json.loads(out)
    assert document["ranges"] == {"Dan": "random"} and document["summary"]["assumed_hands"] == 1
