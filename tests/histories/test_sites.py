"""The formats added after PokerStars and Winamax, each read from its real file untouched:
WPN (Americas Cardroom), partypoker, 888 (Pacific) and Bovada; and Winamax's gaps."""

from __future__ import annotations

import io

from history_files import shared_hands

from omaha8eq import read_hands
from omaha8eq.histories import Hand
from omaha8eq.histories.settlement import check_settlement

WINNING = "cash-Winning-PLO8-6max-USD-0.10-0.25-201608.HH00000000_G0.txt"
PARTY = "tour-PartyPoker-PLO8-10max-USD-20-2-201310.chat.fix.txt"
PACIFIC = "tour-PacificPoker-PLO8-USD-STT-10-1-201308.no.pot.awarded.txt"
BOVADA = "tour-Bovada-PLO8-9max-USD-10-MTT-201207.txt"


def _hands(name: str) -> list[Hand]:
    stream = read_hands(shared_hands() / name)
    hands = list(stream)
    assert stream.skipped == []
    return hands


def _moves(hand: Hand) -> list[tuple[str, str, str, int]]:
    return [(a.street, a.player, a.kind, a.amount) for a in hand.actions]


def test_winning_utf16_one_card_a_line():
    hands = _hands(WINNING)
    assert [h.hand_id for h in hands] == ["693977531", "693977937", "693978138", "693978351", "693978609"]
    first = hands[0]
    assert (first.site, first.game, first.limit, first.tournament, first.currency) == (
        "Winning Poker Network",
        "omaha8",
        "pot limit",
        None,
        "USD",
    )
    assert (first.small_blind, first.big_blind, first.table, first.button, first.date) == (
        10,
        25,
        "Elepaio",
        4,
        "2016/8/2 11:16:59",
    )
    assert [(s.number, s.name, s.stack) for s in first.seats] == [
        (1, "fullstacker", 3715),
        (3, "ChazDazzle", 1000),
        (4, "ramair7", 1530),
    ]
    # The hero's cards, one a line; "10h" is Th.
    assert (first.hero, first.hole_cards) == ("ChazDazzle", {"ChazDazzle": "Th Jc 8s 4d"})
    # "Pot: 0.57. Rake 0.03": the pot after the rake; the payout is in the summary.
    assert (first.total_pot, first.rake, [(c.player, c.amount) for c in first.collected]) == (60, 3, [("ramair7", 57)])
    # A raise is the chips it adds (0.85 from nothing), the jackpot fee is taken like the rake.
    third = hands[2]
    raise_ = next(a for a in third.actions if a.kind == "raise")
    assert (raise_.player, raise_.amount, raise_.to) == ("fullstacker", 85, 85)
    assert (third.total_pot, third.rake) == (420, 21) and third.board == "Js 4c 5s 3s"
    assert ("turn", "fullstacker", "uncalled", 290) in _moves(third)
    # Cards shown in the summary settle the river pot; ramair7 mucked and conceded.
    fourth = hands[3]
    assert fourth.hole_cards["fullstacker"] == "2s 8h 2h Jd" and fourth.contenders() == ("fullstacker",)
    check = check_settlement(fourth)
    assert [(p.pot, p.expected, p.matches) for p in check.pots] == [(0, {"fullstacker": 95}, True)]
    assert sum(len(check_settlement(h).pots) for h in hands) == 1


def test_partypoker_chat_and_hi_lo_payouts():
    (hand,) = _hands(PARTY)
    assert (hand.site, hand.hand_id, hand.game, hand.limit) == ("partypoker", "13387439135", "omaha8", "pot limit")
    assert (hand.tournament, hand.level, hand.small_blind, hand.big_blind, hand.currency, hand.chip) == (
        "105411156",
        "2",
        2000,
        4000,
        None,
        100,
    )
    assert (hand.button, hand.hero, hand.hole_cards["Hero"]) == (6, "Hero", "Ac 2c 5d 5c")
    assert len(hand.seats) == 9 and hand.seats[0] == (1, "Player3", 424900, False)
    # The chat line ("Player6: u r getting boring with ur min raises") is no action.
    assert [(a.street, a.kind, a.amount) for a in hand.actions if a.player == "Player6"] == [
        ("preflop", "big blind", 4000),
        ("preflop", "call", 4000),
        ("flop", "check", 0),
        ("flop", "call", 16000),
        ("turn", "check", 0),
        ("river", "check", 0),
        ("river", "call", 32000),
        ("showdown", "show", 0),
    ]
    assert ("preflop", "Player2", "raise", 8000) in _moves(hand)
    assert hand.board == "Qc 3s Ks 5s 6h"
    assert hand.hole_cards == {"Hero": "Ac 2c 5d 5c", "Player2": "2d Jd Qs Ah", "Player6": "9s Kh 4h Ts"}
    # No total pot and no rake written: what was put in is the pot; the payouts take it all.
    assert (hand.total_pot, hand.rake) == (128000, 0)
    assert [(c.player, c.amount, c.half) for c in hand.collected] == [
        ("Player6", 64000, None),
        ("Player2", 64000, "lo"),
    ]
    check = check_settlement(hand)
    assert [(p.pot, p.expected, p.matches) for p in check.pots] == [(0, {"Player6": 64000, "Player2": 64000}, True)]


def test_pacific_no_pot_awarded_is_the_sites_error():
    stream = read_hands(shared_hands() / PACIFIC)
    assert list(stream) == []
    (skipped,) = stream.skipped
    assert (skipped.line, skipped.hand_id) == (2, "424764397")
    assert skipped.reason == "the summary awards no pot: a pot of 1049 paid to nobody (the site's own error)"
    # The same hand with the payout the site owed: read, thousands separators and all.
    text = (shared_hands() / PACIFIC).read_bytes() + b"Player4 collected [ $2,098 ]\n"
    hands = list(read_hands(io.BytesIO(text)))
    (hand,) = hands
    assert (hand.site, hand.game, hand.limit, hand.tournament, hand.currency) == (
        "888",
        "omaha8",
        "pot limit",
        "50321242",
        None,
    )
    assert (hand.small_blind, hand.big_blind, hand.button, hand.hero) == (1500, 3000, 5, "Hero")
    assert hand.seats[0][:3] == (1, "Hero", 346500) and hand.board == "8h Js 5s 6s 6c"
    # Raises are the chips they add; the bet nobody called comes back out of the payout.
    assert ("preflop", "Player4", "raise", 3000) in _moves(hand)
    assert ("river", "Player4", "uncalled", 104900) in _moves(hand)
    assert [(c.player, c.amount) for c in hand.collected] == [("Player4", 104900)]
    assert (hand.total_pot, hand.rake) == (104900, 0)


def test_bovada_anonymous_seats_and_the_hero():
    (hand,) = _hands(BOVADA)
    assert (hand.site, hand.hand_id, hand.game, hand.limit) == ("Bovada", "2645486142", "omaha8", "pot limit")
    assert (hand.tournament, hand.level, hand.small_blind, hand.big_blind, hand.table) == (
        "1909784",
        "5",
        5000,
        10000,
        "19",
    )
    # Seats named by position; the hero, "UTG+4 [ME]", is "[ME]".
    assert [s.name for s in hand.seats] == [
        "[ME]",
        "UTG+5",
        "Small Blind",
        "Big Blind",
        "UTG",
        "UTG+1",
        "UTG+2",
        "UTG+3",
    ]
    assert (hand.hero, hand.hole_cards["[ME]"], hand.seats[0].stack) == ("[ME]", "5s 2d 2h Qh", 300000)
    assert len(hand.hole_cards) == 8  # Bovada writes every seat's cards once the hand is over
    # No dealer line: the button is the seat before the small blind's.
    assert hand.button == 2
    # "Raises 200" is a total; the uncalled bet is written; "Total Pot(450)", no rake.
    assert ("preflop", "UTG+5", "raise", 20000) in _moves(hand)
    assert [(c.player, c.amount) for c in hand.collected] == [("UTG+5", 45000)]
    assert (hand.total_pot, hand.rake, hand.board) == (45000, 0, "5d 5h 9d")
    assert check_settlement(hand).reason == "no showdown"


def test_winamax_gaps():
    (five,) = _hands("cash-Winamax-5-Card-PLO8-6max-EUR-1.00-2.00-201611.txt")
    # "Hero collected 84€ from side pot 1" is his bet Player0 could not call: handed back.
    assert [(a.player, a.amount, a.street) for a in five.actions if a.kind == "uncalled"] == [("Hero", 8400, "flop")]
    assert [(c.player, c.amount, c.pot) for c in five.collected] == [("Player0", 15450, 0)]
    assert (five.total_pot, five.rake) == (15600, 150) and five.contributions() == {"Player0": 7800, "Hero": 7800}
    # "Omaha8 pot limit": Omaha Hi/Lo, play money.
    (play,) = _hands("cash-Winamax-PLO8-2max-play-0.05-0.10-201610.export.txt")
    assert (play.game, play.limit, play.small_blind, play.big_blind, play.currency) == (
        "omaha8",
        "pot limit",
        5,
        10,
        None,
    )
    assert [(c.player, c.amount, c.half) for c in play.collected] == [("Player0", 47, "hi"), ("Hero", 46, "lo")]
    assert all(p.matches for p in check_settlement(play).pots)


def test_text_streams_and_utf16_bytes_are_read():
    stars = (shared_hands() / "cash-Stars-PLO8-6max-USD-0.01-0.02-200911.txt").read_text(encoding="utf-8")
    stream = read_hands(io.StringIO(stars))
    assert len(list(stream)) == 15 and stream.skipped == []
    utf16 = "\ufeff".encode("utf-16-le") + stars.encode("utf-16-le")
    assert len(list(read_hands(io.BytesIO(utf16)))) == 15
