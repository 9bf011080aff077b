"""Reading hand histories: the real files untouched, synthetic edge cases, hostile files."""

from __future__ import annotations

import io
import json

import pytest
from history_files import SHARED_FILES, SHARED_SKIPPED, STARS_SYNTHETIC, WINAMAX_SYNTHETIC, shared_hands

from omaha8eq import read_hands
from omaha8eq.errors import OmahaInputError
from omaha8eq.histories import Hand
from omaha8eq.histories.lines import MAX_LINE
from omaha8eq.histories.ohh import to_ohh


def _balanced(hand: Hand) -> None:
    """Chips balance: nobody put in more than his stack, what was put in is the total
    pot, and the collected amounts plus the rake are the total pot."""
    put = hand.contributions()
    stacks = {s.name: s.stack for s in hand.seats}
    assert all(0 <= put[p] <= stacks[p] for p in put)
    assert sum(put.values()) == hand.total_pot
    assert sum(c.amount for c in hand.collected) + hand.rake == hand.total_pot
    assert sum(hand.net().values()) == -hand.rake


def _by_id(path) -> dict[str, Hand]:
    stream = read_hands(path)
    hands = {h.hand_id: h for h in stream}
    assert stream.skipped == []
    return hands


def test_shared_files_every_hand_read_and_balanced():
    folder = shared_hands()
    for name, count in SHARED_FILES.items():
        stream = read_hands(folder / name)
        hands = list(stream)
        reasons = [s.reason for s in stream.skipped]
        assert (len(hands), reasons) == (count, [SHARED_SKIPPED[name]] if name in SHARED_SKIPPED else []), name
        for hand in hands:
            _balanced(hand)
    stream = read_hands(folder)  # a folder: every file
    assert sum(1 for _ in stream) == sum(SHARED_FILES.values()) == stream.hands_read == 27
    assert len(stream.skipped) == len(SHARED_SKIPPED) == 1


def test_shared_2005_tournament_record():
    hand = next(read_hands(shared_hands() / "tour-Stars-PLO8-9max-USD-STT-5.00-200505.hero.quartered.txt"))
    assert (hand.site, hand.hand_id, hand.game, hand.limit) == ("PokerStars", "1676150046", "omaha8", "pot limit")
    assert (hand.tournament, hand.level, hand.small_blind, hand.big_blind) == ("7817460", "III", 2500, 5000)
    assert (hand.currency, hand.button, hand.chip, hand.board) == (None, 3, 100, "3d Ad As 5c 7c")
    # 2005 files do not write the uncalled bet: Player5's 302 chips nobody matched come back.
    uncalled = [(a.player, a.amount, a.street) for a in hand.actions if a.kind == "uncalled"]
    assert uncalled == [("Player5", 30200, "turn")]
    assert hand.contributions()["Player5"] == hand.contributions()["Hero"] == 159800
    assert hand.hole_cards == {"Hero": "6h 3h 2h 4s", "Player5": "2d 9h 3s 4d", "Player2": "Qs Ac 7h Tc"}
    assert [(c.player, c.amount, c.pot) for c in hand.collected][:3] == [
        ("Hero", 4300, 1),
        ("Player5", 2200, 1),
        ("Hero", 2100, 1),
    ]
    assert hand.total_pot == 485100 and hand.rake == 0


def test_shared_five_card_and_winamax_records():
    folder = shared_hands()
    five = next(read_hands(folder / "cash-Stars-5-Card-PLO8-6max-USD-2.00-4.00-201304.txt"))
    assert (five.game, five.hole_cards["Hero"], five.rake, five.total_pot) == ("omaha85", "Td Kh 3d 4s 9d", 81, 1800)
    assert five.date == "2013/04/10 19:06:22 WET" and five.currency == "USD"
    wina = next(read_hands(folder / "cash-Winamax-PLO8-6max-EUR-1.00-2.00-201611.txt"))
    assert (wina.site, wina.game, wina.currency) == ("Winamax", "omaha8", "EUR")
    assert (wina.small_blind, wina.big_blind) == (100, 200)
    assert wina.table == "Göttingen 04"
    # Winamax's "Total pot" is after the rake; the record's total_pot is what was put in.
    assert (wina.total_pot, wina.rake) == (1060, 69)
    assert [(c.player, c.amount, c.half) for c in wina.collected] == [("Hero", 496, "hi"), ("Hero", 495, "lo")]
    assert [a.player for a in wina.actions if a.kind == "show"] == ["Player0", "Hero"]  # Hero shows once


def test_synthetic_stars_tournament_antes_side_pots():
    hand = _by_id(STARS_SYNTHETIC)["200000000001"]
    _balanced(hand)
    assert [(a.player, a.kind, a.amount) for a in hand.actions[:6]] == [
        ("Ann", "ante", 1000),
        ("Bob", "ante", 1000),
        ("Cat", "ante", 1000),
        ("Dan", "ante", 1000),
        ("Ann", "small blind", 5000),
        ("Bob", "big blind", 10000),
    ]
    # An all-in raise "to" 490 over a posted small blind adds 440 (the ante is not part of the bet).
    ann_raise = next(a for a in hand.actions if a.player == "Ann" and a.kind == "raise")
    assert (ann_raise.amount, ann_raise.to, ann_raise.allin) == (44000, 49000, True)
    assert hand.contributions() == {"Ann": 50000, "Bob": 121000, "Cat": 171000, "Dan": 171000}
    assert {(c.player, c.pot): c.amount for c in hand.collected} == {
        ("Cat", 2): 100000,
        ("Cat", 1): 106500,
        ("Bob", 1): 106500,
        ("Cat", 0): 100000,
        ("Ann", 0): 50000,
        ("Bob", 0): 50000,
    }
    assert hand.net() == {"Ann": 0, "Bob": 35500, "Cat": 135500, "Dan": -171000}


def test_synthetic_stars_cash_edge_cases():
    hands = _by_id(STARS_SYNTHETIC)
    # Sitting out, a chat line that looks like an action, an uncalled raise, "doesn't show".
    h2 = hands["200000000002"]
    assert [s.sitting_out for s in h2.seats] == [False, False, True, False]
    assert h2.players() == ("Ann", "Bob", "Dan") and h2.live() == ("Ann",)
    assert [(a.player, a.amount) for a in h2.actions if a.kind == "uncalled"] == [("Ann", 70)]
    assert h2.contributions() == {"Ann": 35, "Bob": 35, "Cat": 0, "Dan": 5} and h2.net()["Ann"] == 40
    # All-in for less than a call; a muck at showdown; rake; named main and side pots.
    h3 = hands["200000000003"]
    dan = next(a for a in h3.actions if a.player == "Dan" and a.allin)
    assert (dan.kind, dan.amount, dan.street) == ("call", 170, "flop")
    assert [(a.player, a.kind) for a in h3.actions if a.street == "showdown"] == [
        ("Bob", "show"),
        ("Ann", "show"),
        ("Dan", "muck"),
    ]
    assert h3.live() == ("Ann", "Bob", "Dan") and h3.contenders() == ("Ann", "Bob")
    assert (h3.rake, h3.total_pot) == (45, 980) and "Dan" not in h3.hole_cards
    # Run it twice: two boards, each half collected on its own board.
    h4 = hands["200000000004"]
    assert h4.boards == ("4c 8d Kh 2s 7h", "4c 8d Kh Qs 9c")
    assert [(c.player, c.amount, c.board) for c in h4.collected] == [("Ann", 475, 0), ("Bob", 475, 1)]
    for hand in hands.values():
        _balanced(hand)


def test_synthetic_winamax():
    hands = _by_id(WINAMAX_SYNTHETIC)
    tour = hands["1000000000-7-1600000000"]
    assert (tour.tournament, tour.level, tour.small_blind, tour.big_blind, tour.currency) == (
        "Synthetic",
        "7",
        10000,
        20000,
        None,
    )
    assert [a.kind for a in tour.actions[:5]] == ["ante", "ante", "ante", "small blind", "big blind"]
    assert tour.contributions() == {"Ann": 102500, "Bob": 252500, "Cat": 252500}
    assert {(c.player, c.pot, c.half) for c in tour.collected} == {
        ("Cat", 1, "hi"),
        ("Bob", 1, "lo"),
        ("Ann", 0, "hi"),
        ("Ann", 0, "lo"),
    }
    cash = hands["1000001-2-1600000001"]
    # Winamax writes no uncalled bet: the 4 euros nobody called come back all the same.
    assert [(a.player, a.amount) for a in cash.actions if a.kind == "uncalled"] == [("Ann", 400)]
    for hand in hands.values():
        _balanced(hand)


def test_json_and_ohh_export():
    hand = _by_id(STARS_SYNTHETIC)["200000000003"]
    record = json.loads(json.dumps(hand.to_dict()))
    assert record["total_pot"] == 9.8 and record["rake"] == 0.45 and record["game"] == "omaha8"
    assert record["actions"][-1] == {
        "street": "showdown",
        "player": "Dan",
        "action": "muck",
        "amount": 0.0,
        "to": None,
        "allin": False,
    }
    ohh = json.loads(json.dumps(to_ohh(hand)))["ohh"]
    assert (ohh["game_type"], ohh["bet_limit"]["bet_type"], ohh["currency"]) == ("OmahaHiLo", "PL", "USD")
    assert [r["street"] for r in ohh["rounds"]] == ["Preflop", "Flop", "Turn", "River", "Showdown"]
    assert ohh["rounds"][1]["cards"] == ["4c", "8d", "Kh"]
    wins = {(p["number"], w["player_id"]): w["win_amount"] for p in ohh["pots"] for w in p["player_wins"]}
    assert wins == {(0, 1): 5.55, (1, 1): 3.8}
    assert ohh["players"][ohh["hero_player_id"]]["name"] == "Ann"


def _read_bytes(data: bytes):
    stream = read_hands(io.BytesIO(data))
    return list(stream), stream.skipped


HAND = STARS_SYNTHETIC.read_bytes().split(b"\n\n\n\n")[1]  # hand 200000000002, LF line ends


def test_bom_crlf_and_mixed_encodings():
    utf8 = HAND.replace(b"Bob", "Jürgen".encode())
    cp1252 = HAND.replace(b"Bob", "Jürgen".encode("cp1252")).replace(b"200000000002", b"200000000005")
    data = b"\xef\xbb\xbf" + (utf8 + b"\n\n" + cp1252).replace(b"\n", b"\r\n")
    hands, skipped = _read_bytes(data)
    assert skipped == [] and [h.hand_id for h in hands] == ["200000000002", "200000000005"]
    assert all(h.seats[1].name == "Jürgen" for h in hands)


def test_hostile_files_never_crash():
    # Binary data, a truncated hand, an unknown game, a hand that does not balance:
    # each skipped with its line and reason, the good hands around them still read.
    truncated = HAND.split(b"*** SUMMARY ***")[0]
    holdem = HAND.replace(b"Omaha Hi/Lo Pot Limit", b"Hold'em No Limit").replace(b"200000000002", b"7")
    unbalanced = HAND.replace(b"Ann collected $0.75", b"Ann collected $0.76").replace(b"200000000002", b"8")
    binary = bytes(range(256)) * 40
    data = b"\n".join([binary, truncated, HAND, holdem, unbalanced])
    hands, skipped = _read_bytes(data)
    assert [h.hand_id for h in hands] == ["200000000002"]
    reasons = [(s.hand_id, s.reason.split(":")[0]) for s in skipped]
    assert reasons[0][0] is None and "binary data" in skipped[0].reason
    assert reasons[1:4] == [
        ("200000000002", "truncated"),
        ("7", "not an Omaha game this reader knows"),
        ("8", "chips do not balance"),
    ]
    assert all(s.line >= 1 and s.source == "<bytes>" for s in skipped)
    assert len(skipped) == 4 and skipped[1].line == data[: data.index(truncated)].count(b"\n") + 1
    # Binary data inside a hand: that hand is skipped.
    hands, skipped = _read_bytes(HAND.replace(b"Dan: folds", b"Dan: \x00\xff\xfe folds"))
    assert hands == [] and [s.hand_id for s in skipped] == ["200000000002"] and "binary data" in skipped[0].reason


def test_overlong_line_is_skipped_not_held(tmp_path):
    # A 100 MB line inside a hand: the hand is skipped, the line is never held whole.
    path = tmp_path / "long.txt"
    with path.open("wb") as out:
        lines = HAND.split(b"\n")
        out.write(b"\n".join(lines[:8]) + b"\n")
        chunk = b"x" * (1 << 20)
        for _ in range(100):
            out.write(chunk)
        out.write(b"\n" + b"\n".join(lines[8:]) + b"\n\n" + HAND.replace(b"200000000002", b"9") + b"\n")
    stream = read_hands(path)
    assert [h.hand_id for h in stream] == ["9"]
    assert len(stream.skipped) == 1 and f"longer than {MAX_LINE:,} bytes" in stream.skipped[0].reason


def test_bad_sources():
    with pytest.raises(OmahaInputError, match="not a file or a folder"):
        list(read_hands("/nonexistent/hands.txt"))
    with pytest.raises(OmahaInputError, match="expected a path"):
        list(read_hands(42))  # type: ignore[arg-type]


def test_small_and_big_blinds_posted_together():
    # A player posting both blinds: the big blind is his bet, the small blind's part is dead.
    text = HAND.replace(b"posts big blind $0.10\n", b"posts big blind $0.10\nBob: posts small & big blinds $0.15\n")
    text = text.replace(b"collected $0.75 from", b"collected $0.80 from").replace(b"pot $0.75", b"pot $0.80")
    hands, skipped = _read_bytes(text)
    assert skipped == []
    assert [(a.kind, a.amount) for a in hands[0].actions if a.player == "Bob"] == [
        ("blinds", 15),
        ("raise", 25),
        ("fold", 0),
    ]
    # A raise without its amount is not guessed: the hand is skipped.
    hands, skipped = _read_bytes(HAND.replace(b"Bob: raises $0.25 to $0.35", b"Bob: raises"))
    assert hands == [] and "raises without an amount" in skipped[0].reason
