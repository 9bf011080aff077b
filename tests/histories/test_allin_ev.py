"""All-in adjusted EV of hands read from histories, against independent computations.

The reference for flop and turn all-ins is ``naive_pots`` (pots built chip layer by chip
layer, every completion of the board settled by the naive evaluator, exact fractions):
adjusted result = real result + expected chips back from the pots of the all-in -
what those pots paid on the real board. Preflop all-ins are checked against
:func:`omaha8eq.allin_equity` directly.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import naive_pots
from history_files import STARS_SYNTHETIC, WINAMAX_SYNTHETIC, shared_hands

from omaha8eq import allin_equity, allin_ev, read_hands
from omaha8eq.cards import parse_cards
from omaha8eq.histories import Collected
from omaha8eq.histories.allin_ev import hand_ev
from omaha8eq.histories.settlement import check_settlement


def _hands(*paths):
    return {h.hand_id: h for h in read_hands(*paths)}


def _reference(hand, put_then, board_then, chip):
    """The naive adjusted result of every player (units), ``put_then`` in chips of ``chip`` units."""
    names = [s.name for s in hand.seats]
    live = [n for n in names if put_then.get(n) is not None and n in hand.live()]
    cards = [parse_cards(hand.hole_cards[n]) if n in live else None for n in names]
    chips = [put_then.get(n, 0) for n in names]
    button = max(i for i, s in enumerate(hand.seats) if s.number <= hand.button)
    dead = [c for n, h in hand.hole_cards.items() if n not in live for c in parse_cards(h)]
    expected = naive_pots.expected_chips(cards, chips, parse_cards(board_then), dead)
    paid = naive_pots.payouts(cards, parse_cards(hand.board), chips, button)
    net = hand.net()
    return {n: net[n] + (expected[i] - paid[i]) * chip for i, n in enumerate(names) if n in net}


def test_turn_allin_three_way_side_pot_against_naive():
    hand = _hands(shared_hands())["1676150046"]
    ev = hand_ev(hand)
    assert (ev.adjusted_hand, ev.allin_street, ev.exhaustive) == (True, "turn", True)
    assert set(ev.allin_players) == {"Player2", "Player5", "Hero"}
    # What each had put in when the last all-in was called (Player5's 302 uncalled chips back).
    put = {"Player2": 1555, "Player5": 1598, "Hero": 1598, "Player3": 50, "Player4": 50}
    reference = _reference(hand, put, "3d Ad As 5c", 100)
    assert ev.adjusted_exact == {n: reference[n] for n in ev.net}


def test_flop_allin_with_money_after_against_naive():
    # Bob is all-in on the flop; Cat and Dan bet and call 500 more on the turn: that
    # side pot is accounted as it was played.
    hand = _hands(STARS_SYNTHETIC)["200000000001"]
    ev = hand_ev(hand)
    assert (ev.allin_street, ev.allin_players) == ("flop", ("Ann", "Bob", "Cat", "Dan"))
    reference = _reference(hand, {"Ann": 500, "Bob": 1210, "Cat": 1210, "Dan": 1210}, "Ah 2d 7c", 100)
    assert ev.adjusted_exact == reference
    assert ev.adjusted_exact is not None and sum(ev.adjusted_exact.values()) == 0


def test_preflop_allin_against_allin_equity():
    hand = _hands(WINAMAX_SYNTHETIC)["1000000000-7-1600000000"]
    ev = hand_ev(hand)
    assert (ev.allin_street, ev.exhaustive) == ("preflop", True)
    players = [(hand.hole_cards[s.name], 102500) for s in hand.seats]
    expected = allin_equity(players).players
    # Ann won the main pot (3075): her adjusted result is her expectation minus her stake.
    assert ev.adjusted_exact is not None
    assert ev.adjusted_exact["Ann"] == expected[0].expected_exact - 102500
    # Bob and Cat keep the side pot they played after the all-in as it was played.
    assert ev.adjusted_exact["Bob"] == ev.net["Bob"] + expected[1].expected_exact
    assert ev.adjusted_exact["Cat"] == ev.net["Cat"] + expected[2].expected_exact
    assert sum(ev.adjusted_exact.values()) == 0


def test_adjusted_results_add_up_to_the_pots_minus_the_rake():
    for hand in read_hands(shared_hands(), STARS_SYNTHETIC, WINAMAX_SYNTHETIC):
        ev = hand_ev(hand)
        if ev.adjusted_hand and not ev.exhaustive:  # a Monte Carlo hand: its floats add up too
            assert abs(sum(ev.adjusted.values()) + hand.rake) < 1e-6, hand.hand_id
            continue
        exact = ev.adjusted_exact if ev.adjusted_hand else {n: Fraction(v) for n, v in ev.net.items()}
        assert exact is not None
        assert sum(exact.values()) == -hand.rake, hand.hand_id
        assert sum(ev.net.values()) == -hand.rake
        if not ev.adjusted_hand:
            assert ev.adjusted == {n: float(v) for n, v in ev.net.items()}


def test_hands_that_cannot_be_adjusted_say_why():
    hands = _hands(STARS_SYNTHETIC)
    # Dan's cards were not shown: he is played as a random hand, and the hand says so.
    mucked = hand_ev(hands["200000000003"])
    assert (mucked.adjusted_hand, mucked.reason, mucked.assumed, mucked.ranges) == (
        True,
        "",
        ("Dan",),
        {"Dan": "random"},
    )
    assert hand_ev(hands["200000000002"]).allin_street is None


def test_a_hand_run_twice_is_valued_as_one_run():
    # Ann and Bob all-in on the flop, run twice: Ann scoops run 1, Bob takes run 2.
    hand = _hands(STARS_SYNTHETIC)["200000000004"]
    ev = hand_ev(hand)
    assert (ev.adjusted_hand, ev.allin_street, ev.exhaustive, ev.reason) == (True, "flop", True, "")
    assert ev.net == {"Ann": -25, "Bob": -25}  # each got half the $9.50 pot back
    # Running it twice changes the variance, not the EV: the same all-in run once, on
    # either board (the winner of that run paid the whole pot), has the same adjusted results.
    for run, winner in ((0, "Ann"), (1, "Bob")):
        once = replace(
            hand,
            boards=(hand.boards[run],),
            collected=(Collected(winner, 950),),
            actions=tuple(a for a in hand.actions if a.kind != "show" or a.player == winner),
        )
        assert check_settlement(once).status == "matches"
        single = hand_ev(once)
        assert single.adjusted_exact == ev.adjusted_exact and single.net != ev.net
    assert ev.adjusted_exact is not None and sum(ev.adjusted_exact.values()) == -hand.rake
    # Runs that do not share the cards dealt by the all-in (the flop here) are not valued.
    odd = replace(hand, boards=(hand.boards[0], "5c 8d Kh Qs 9c"))
    assert hand_ev(odd).reason == "the runs differ before the all-in"


def test_report_totals_luck_and_outputs(tmp_path):
    stream = read_hands(STARS_SYNTHETIC, WINAMAX_SYNTHETIC)
    report = allin_ev(stream)
    summary = report.summary()
    assert summary == {
        "hands_read": 6,
        "hands_skipped": 0,
        "pots_checked": 8,
        "pots_differing": 0,
        "allin_hands": 4,
        "monte_carlo_hands": 1,
        "assumed_hands": 1,
        "sites": {"PokerStars": 4, "Winamax": 2},
    }
    # Money and tournament chips are totalled apart.
    assert sorted(report.players) == [
        ("Ann", "EUR"),
        ("Ann", "USD"),
        ("Ann", "chips"),
        ("Bob", "EUR"),
        ("Bob", "USD"),
        ("Bob", "chips"),
        ("Cat", "chips"),
        ("Dan", "USD"),
        ("Dan", "chips"),
    ]
    ann = report.players["Ann", "chips"]
    assert (ann.hands, ann.allin_hands) == (2, 2)
    assert ann.net == sum(h.net["Ann"] for h in report.hands if "Ann" in h.net and h.unit == "chips") / 100
    assert abs(ann.luck - (ann.net - ann.allin_ev_net)) < 1e-9
    assert abs(sum(t.net for t in report.players.values()) + (45 + 50) / 100) < 1e-9  # the two raked hands
    lucks = [h.luck("Ann") for h in report.by_luck("Ann", "chips")]
    assert lucks == sorted(lucks, reverse=True) and len(lucks) == 2
    rows = report.csv_text().splitlines()
    assert rows[0].startswith("hand_id,date,player,unit,net,allin_ev_net,luck")
    assert len(rows) == 1 + sum(len(h.net) for h in report.hands)
    document = report.to_dict()
    assert document["summary"] == summary and document["focus"] == {
        "player": "Ann",
        "unit": "USD",
    }  # 2 all-in hands each, more in USD
    net, adjusted = report.cumulative("Ann", "chips")
    assert len(net) == 2 and abs(net[-1] - ann.net) < 1e-9 and abs(adjusted[-1] - ann.allin_ev_net) < 1e-9
    only_bob = allin_ev(read_hands(STARS_SYNTHETIC), player="Bob")
    assert list(only_bob.players) == [("Bob", "chips"), ("Bob", "USD")]
    path = tmp_path / "luck.svg"
    report.draw(path)
    assert path.read_text().lstrip().startswith("<?xml")


def test_totals_use_exact_fractions():
    ev = hand_ev(_hands(STARS_SYNTHETIC)["200000000001"])
    assert ev.adjusted_exact is not None
    assert all(isinstance(v, Fraction) for v in ev.adjusted_exact.values())
    assert ev.adjusted == {n: float(v) for n, v in ev.adjusted_exact.items()}
