"""Settlement checks: the pots settled from the shown cards against what the site paid."""

from __future__ import annotations

import io

import naive_pots
from history_files import STARS_SYNTHETIC, WINAMAX_SYNTHETIC, WPN2019_SYNTHETIC, shared_hands

from omaha8eq import read_hands, settle, settle_boards
from omaha8eq.cards import parse_cards
from omaha8eq.histories.settlement import check_settlement, run_part, settle_hand, settle_runs


def _checks(path):
    return {h.hand_id: (h, check_settlement(h)) for h in read_hands(path)}


def test_shared_files_settle_exactly():
    checks = _checks(shared_hands())
    checked = [c for _, c in checks.values() if c.checked]
    assert len(checked) == 13 and sum(len(c.pots) for c in checked) == 14
    assert all(p.matches for c in checked for p in c.pots)
    # Winamax's "collected 84€ from side pot 1" is Hero's bet nobody could call: handed
    # back, not a pot; the one pot is Player0's (a flush, no low).
    _, five = checks["9247976-232-1478874498"]
    assert [(p.pot, p.expected, p.site) for p in five.pots] == [(0, {"Player0": 15450}, {"Player0": 15450})]
    # Every hand not checked ended without a showdown.
    assert {c.reason for _, c in checks.values() if not c.checked} == {"no showdown"}
    # The 2005 tournament: the main pot and the side pot compared one by one (quartered low, odd chips).
    _, tour = checks["1676150046"]
    assert [(p.pot, p.expected) for p in tour.pots] == [
        (0, {"Player2": 238300, "Player5": 119100, "Hero": 119100}),
        (1, {"Player5": 2200, "Hero": 6400}),
    ]


def test_synthetic_settlements():
    checks = {**_checks(STARS_SYNTHETIC), **_checks(WINAMAX_SYNTHETIC)}
    _, side_pots = checks["200000000001"]
    assert [(p.pot, p.matches) for p in side_pots.pots] == [(0, True), (1, True), (2, True)]
    _, mucked = checks["200000000003"]  # Dan mucks: his chips are dead money; compared over all pots
    assert [(p.pot, p.expected, p.matches) for p in mucked.pots] == [(None, {"Bob": 935}, True)]
    _, twice = checks["200000000004"]  # run twice: each run's half settled on its own board
    assert [(p.name, p.expected, p.matches) for p in twice.pots] == [
        ("main pot", {"Ann": 475}, True),
        ("main pot, run 2", {"Bob": 475}, True),
    ]
    assert checks["200000000002"][1].reason == "no showdown"
    _, winamax = checks["1000000000-7-1600000000"]
    assert [(p.pot, p.expected) for p in winamax.pots] == [(0, {"Ann": 307500}), (1, {"Cat": 150000, "Bob": 150000})]


def test_a_wrong_payout_is_reported():
    text = STARS_SYNTHETIC.read_bytes().split(b"\n\n\n\n")[0]
    # The site pays Dan what Ann won: the chips still balance, the main pot differs.
    wrong = text.replace(b"Ann collected 500 from main pot", b"Dan collected 500 from main pot")
    hand = next(read_hands(io.BytesIO(wrong)))
    check = check_settlement(hand)
    assert [(p.pot, p.site.get("Dan"), p.expected.get("Ann")) for p in check.differing] == [(0, 50000, 50000)]


def test_unraked_settlements_agree_with_settle_and_the_naive_reference():
    hands = [
        h
        for h in read_hands(shared_hands(), STARS_SYNTHETIC, WINAMAX_SYNTHETIC)
        if check_settlement(h).checked and h.rake == 0 and len(h.boards) == 1
    ]
    assert len(hands) >= 8
    for hand in hands:
        names = [s.name for s in hand.seats]
        put = hand.contributions()
        contenders = hand.contenders()
        back, _ = settle_hand(hand, put, hand.board, contenders, 0)
        button = max(i for i, s in enumerate(hand.seats) if s.number <= hand.button)
        players = [(hand.hole_cards[n] if n in contenders else None, put[n]) for n in names]
        library = settle(players, hand.board, button=button, chip=hand.chip)
        assert [back[n] for n in names] == list(library.payouts), hand.hand_id
        cards = [parse_cards(h) if h else None for h, _ in players]
        reference = naive_pots.payouts(cards, parse_cards(hand.board), [c for _, c in players], button, hand.chip)
        assert [back[n] for n in names] == reference, hand.hand_id


def test_runs_agree_with_settle_boards():
    # Unraked, each run's part settled here is what omaha8eq.settle_boards(runs=True) pays.
    hands = [h for h in read_hands(STARS_SYNTHETIC, WPN2019_SYNTHETIC) if len(h.boards) == 2]
    assert [h.hand_id for h in hands] == ["200000000004", "900000004"]
    for hand in hands:
        names = [s.name for s in hand.seats]
        put, live = hand.contributions(), hand.contenders()
        back, runs = settle_runs(hand, put, hand.boards, live, 0)
        button = max(i for i, s in enumerate(hand.seats) if s.number <= hand.button)
        players = [(hand.hole_cards[n] if n in live else None, put[n]) for n in names]
        library = settle_boards(players, list(hand.boards), runs=True, button=button, chip=hand.chip, game=hand.game)
        assert [back[n] for n in names] == list(library.payouts), hand.hand_id
        for run, pots in enumerate(runs):
            assert [p.amount for p in pots] == [b.parts[run].amount for b in library.pots]


def test_a_run_twice_odd_chip_goes_to_the_first_run():
    # PokerStars pays the odd cent of a pot run twice on the first run (its public
    # sample of 2012: $223.17 paid $111.59 and $111.58); the house rule of settle_boards.
    text = STARS_SYNTHETIC.read_bytes().split(b"\n\n\n\n")[3]
    assert text.startswith(b"PokerStars Hand #200000000004")
    odd = (
        text.replace(b"Rake $0.50", b"Rake $0.49")
        .replace(b"Ann collected $4.75", b"Ann collected $4.76")
        .replace(b"won ($4.75) with HI: two", b"won ($4.76) with HI: two")
    )
    check = check_settlement(next(read_hands(io.BytesIO(odd))))
    assert [(p.name, p.expected, p.matches) for p in check.pots] == [
        ("main pot", {"Ann": 476}, True),
        ("main pot, run 2", {"Bob": 475}, True),
    ]
    assert [run_part(951, r, 2, 1) for r in (0, 1)] == [476, 475]
    assert [run_part(700, r, 2, 100) for r in (0, 1)] == [400, 300]  # 7 chips of 100: 4 and 3
    # The site paying the odd cent on the second run differs on both runs.
    swapped = odd.replace(b"Ann collected $4.76", b"Ann collected $4.75").replace(
        b"Bob collected $4.75", b"Bob collected $4.76"
    )
    check = check_settlement(next(read_hands(io.BytesIO(swapped))))
    assert [(p.name, p.site, p.expected) for p in check.differing] == [
        ("main pot", {"Ann": 475}, {"Ann": 476}),
        ("main pot, run 2", {"Bob": 476}, {"Bob": 475}),
    ]
