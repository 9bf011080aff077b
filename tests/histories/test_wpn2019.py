"""WPN's 2019-2021 ``Hand #`` format (Americas Cardroom), read from a synthetic file.

No real file of it is in shared/hands: the format was learnt from public descriptions
and samples (tests/data/hands/README.md), and the synthetic hands are written in it.
"""

from __future__ import annotations

import io
import random

from history_files import WPN2019_SYNTHETIC

from omaha8eq import read_hands
from omaha8eq.histories import Hand
from omaha8eq.histories.allin_ev import hand_ev
from omaha8eq.histories.settlement import check_settlement

TEXT = WPN2019_SYNTHETIC.read_text("utf-8")


def _hands(text: str = TEXT) -> dict[str, Hand]:
    stream = read_hands(io.StringIO(text))
    hands = {h.hand_id: h for h in stream}
    assert stream.skipped == []
    return hands


def _hand_text(hand_id: str) -> str:
    start = TEXT.index(f"Hand #{hand_id}")
    start = TEXT.rfind("\n", 0, start) + 1
    end = TEXT.find("Hand #", TEXT.index("\n", start))
    end = len(TEXT) if end < 0 else TEXT.rfind("\n", 0, end) + 1
    return TEXT[start:end]


def test_every_hand_read_and_every_pot_paid_as_the_rules_say():
    hands = _hands()
    assert list(hands) == ["900000001", "900000002", "900000003", "900000004"]
    assert {h.site for h in hands.values()} == {"Winning Poker Network"}
    checks = {k: check_settlement(h) for k, h in hands.items()}
    assert {k: c.status for k, c in checks.items()} == {
        "900000001": "matches",
        "900000002": "unchecked",
        "900000003": "matches",
        "900000004": "matches",
    }
    for hand in hands.values():
        assert sum(hand.contributions().values()) == hand.total_pot
        assert sum(c.amount for c in hand.collected) + hand.rake == hand.total_pot


def test_cash_hi_lo_side_pot_rake_and_jackpot_fee():
    hand = _hands()["900000001"]
    assert (hand.game, hand.limit, hand.tournament, hand.currency, hand.small_blind, hand.big_blind) == (
        "omaha8",
        "no limit",
        None,
        "USD",
        25,
        50,
    )
    assert (hand.table, hand.max_seats, hand.button, hand.date, hand.hero) == (
        "Synthetic One",
        6,
        1,
        "2021/05/01 18:00:00 UTC",
        "Ann",
    )
    assert [(s.number, s.name, s.stack, s.sitting_out) for s in hand.seats] == [
        (1, "Ann", 2000, False),
        (2, "Bob", 800, False),
        (3, "Cat", 5000, False),
        (4, "Dan", 3000, True),
    ]
    # Raises are totals: Cat's "raises $18.75 to $18.75" on the flop adds 18.75; his
    # unmatched 0.50 comes back; the rake and the jackpot fee are after "Total pot".
    assert hand.contributions() == {"Ann": 2000, "Bob": 800, "Cat": 2000, "Dan": 0}
    assert (hand.total_pot, hand.rake) == (4800, 120)
    check = check_settlement(hand)
    # Main pot (rake out): Cat's full house the high half, Ann and Bob tie the low
    # (8-7-3-2-A) and share the other half; the side pot: Cat high, Ann low.
    assert [(p.name, p.expected) for p in check.pots] == [
        ("main pot", {"Cat": 1140, "Ann": 570, "Bob": 570}),
        ("side pot 1", {"Cat": 1200, "Ann": 1200}),
    ]
    ev = hand_ev(hand)
    assert (ev.allin_street, ev.exhaustive, ev.cards) == ("flop", True, "known")
    assert ev.adjusted_exact is not None and sum(ev.adjusted_exact.values()) == -hand.rake


def test_high_only_dead_post_and_a_pot_won_without_a_showdown():
    hand = _hands()["900000002"]
    assert (hand.game, hand.limit) == ("omahahi", "pot limit")
    # "posts dead $0.75" at $0.25/$0.50: both blinds, the big one live, so "raises
    # $1.50 to $2.00" adds 1.50.
    assert [(a.kind, a.amount, a.to) for a in hand.actions if a.player == "Ann"][:2] == [
        ("blinds", 75, None),
        ("raise", 150, 200),
    ]
    # Paid only in the summary ("did not show and won $4.30").
    assert [(c.player, c.amount) for c in hand.collected] == [("Ann", 430)]
    assert (hand.total_pot, hand.rake, check_settlement(hand).reason) == (450, 20, "no showdown")


def test_tournament_antes_the_draw_for_the_button_and_an_odd_chip():
    hand = _hands()["900000003"]
    assert (hand.tournament, hand.level, hand.currency, hand.table, hand.chip) == ("77000001", "3", None, "1", 100)
    assert (hand.small_blind, hand.big_blind, hand.button) == (5000, 10000, 1)
    # The one card dealt to each seat before the hand draws for the button: not hole cards.
    assert (hand.hero, hand.hole_cards["Hero"]) == ("Hero", "Ac 3c 4d Tc")
    assert set(hand.hole_cards) == {"Hero", "Eve"}
    assert [a.kind for a in hand.actions[:3]] == ["ante", "ante", "ante"]
    # 3,415 chips: the odd chip to the high half (Eve's kings), Hero's 8-6-5-3-A low the rest.
    check = check_settlement(hand)
    assert [(p.pot, p.expected, p.matches) for p in check.pots] == [(0, {"Eve": 170800, "Hero": 170700}, True)]
    ev = hand_ev(hand)
    assert (ev.allin_street, ev.allin_players, ev.exhaustive) == ("turn", ("Hero", "Eve"), True)


def test_a_hand_run_twice():
    hand = _hands()["900000004"]
    assert hand.boards == ("4d 7c Kh 5s Jd", "5c 4h 9d Qd 6s")
    assert [(c.player, c.amount, c.board) for c in hand.collected] == [
        ("Gus", 4950, 0),
        ("Hero", 4950, 0),
        ("Hero", 9900, 1),
    ]
    check = check_settlement(hand)
    # $201 less $3 of rake and fee: $99 a run; run 1 split high (Gus) and low (Hero),
    # run 2 scooped by Hero's six-high straight and 6-5-4-2-A.
    assert [(p.name, p.expected, p.matches) for p in check.pots] == [
        ("main pot", {"Gus": 4950, "Hero": 4950}, True),
        ("main pot, run 2", {"Hero": 9900}, True),
    ]
    ev = hand_ev(hand)
    assert (ev.allin_street, ev.adjusted_hand, ev.exhaustive) == ("preflop", True, True)
    assert ev.adjusted_exact is not None and sum(ev.adjusted_exact.values()) == -hand.rake
    # The site paying run 2 to Gus is caught on that run alone.
    wrong = _hand_text("900000004").replace(
        "Hero collected $99.00 from main pot 2", "Gus collected $99.00 from main pot 2"
    )
    check = check_settlement(next(iter(_hands(wrong).values())))
    assert [(p.name, p.site) for p in check.differing] == [("main pot, run 2", {"Gus": 9900})]


def test_five_card_header_and_what_is_not_read():
    five = (
        _hand_text("900000002")
        .replace("Omaha(Pot Limit)", "5Card Omaha H/L(Pot Limit)")
        .replace("[Jc Jd 4h 6s]", "[Jc Jd 4h 6s 7s]")
    )
    assert _hands(five)["900000002"].game == "omaha85"
    # A cap table's "caps" (chips added or a total? not known) and a Hold'em hand are skipped, with reasons.
    capped = _hand_text("900000002").replace("Ann bets $3.00", "Ann caps $3.00")
    holdem = _hand_text("900000002").replace("Omaha(Pot Limit)", "Holdem(No Limit)")
    stream = read_hands(io.StringIO(capped + holdem))
    assert list(stream) == []
    reasons = [s.reason for s in stream.skipped]
    assert reasons[0] == "line 19: not read: 'Ann caps $3.00'"
    assert reasons[1].startswith("not an Omaha game this reader knows: 'Hand #900000002 - Holdem(No Limit)")


def test_damaged_copies_never_raise():
    rng = random.Random(2019)
    data = TEXT.encode()
    skipped = 0
    for _ in range(300):
        at = rng.randrange(len(data))
        damaged = data[:at] + rng.randbytes(rng.randint(1, 8)) + data[at + rng.randint(0, 8) :]
        stream = read_hands(io.BytesIO(damaged))
        for hand in stream:
            assert sum(hand.contributions().values()) == hand.total_pot
            check_settlement(hand)
            hand_ev(hand)
        skipped += len(stream.skipped)
    assert skipped > 50  # the damage does break hands: the test reads damaged text
