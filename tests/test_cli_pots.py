"""The pot commands of the CLI: settle, allin, potlimit, betting; text, JSON and errors."""

from __future__ import annotations

import json
import re

import pytest
from cli_run import fails, run

RULES = ["AhAc2h3c:40", "As2s6d7d:40", "6s7s8d9d:40", "--board", "4c5dKsQs8c"]


# ---------------------------------------------------------------------------
# settle
# ---------------------------------------------------------------------------


def test_settle_rules_example_text(capsys):
    status, out, err = run(capsys, "settle", *RULES)
    assert status == 0 and err == ""
    assert out.splitlines()[0] == "Board: 4c 5d Ks Qs 8c"
    assert "Main pot: 120 (players 1, 2, 3)" in out
    assert re.search(r"High 60: player 2 wins 30: Eight-high straight \(8c 7d 6d 5d 4c; hole 6d 7d\)", out)
    assert re.search(r"player 3 wins 30: Eight-high straight \(8c 7s 6s 5d 4c; hole 6s 7s\)", out)
    assert re.search(r"Low 60: player 1 wins 30: 8-5-4-2-A low \(8c 5d 4c 2h Ah; hole Ah 2h\)", out)
    table = out.split("\n\n")[-1].splitlines()
    assert table[0].split() == ["Player", "Hand", "Put", "in", "Gets", "Net"]
    assert table[1].split() == ["1", "Ah", "Ac", "2h", "3c", "40", "30", "-10"]
    assert table[2].split()[-2:] == ["60", "+20"]
    assert table[3].split()[-2:] == ["30", "-10"]


def test_settle_json(capsys):
    status, out, err = run(capsys, "settle", *RULES[:3], "fold:1", *RULES[3:], "--button", "2", "--json")
    assert status == 0 and err == ""
    data = json.loads(out)
    assert data["total"] == 121 and data["button"] == 1 and data["showdown"] is True
    assert [p["payout"] for p in data["players"]] == [30, 60, 31, 0]  # the odd chip: player 3
    assert data["players"][3]["folded"] is True and data["players"][3]["hand"] is None
    (pot,) = data["pots"]
    assert pot["high_amount"] == 61 and pot["low_amount"] == 60
    assert pot["high"][1] == {
        "seat": 2, "chips": 31, "hand": {
            "value": 5856, "text": "Eight-high straight", "cards": "8c 7s 6s 5d 4c",
            "hole_used": "6s 7s", "board_used": "4c 5d 8c", "category": "Straight",
        },
    }  # fmt: skip
    assert pot["low"][0]["hand"]["text"] == "8-5-4-2-A" and pot["low"][0]["hand"]["cards"] == "8c 5d 4c 2h Ah"


def test_settle_side_pots_uncalled_and_no_low(capsys):
    status, out, _ = run(capsys, "settle", "AhAc2h3c:20", "KhKdJcTc:130", "QhQd9c9h:100", "--board", "4c5dKsQs8c")
    assert status == 0
    assert "Main pot: 60 (players 1, 2, 3)" in out
    assert "Side pot 1: 160 (players 2, 3)" in out
    assert "High 160 (no low): player 2 wins 160: Three kings" in out
    assert "Returned to player 2: 30 (uncalled)" in out


def test_settle_without_showdown(capsys):
    status, out, _ = run(capsys, "settle", "fold:10", "AsAh2c3d:50", "fold:20")
    assert status == 0
    assert "No showdown: player 2 is the only player left" in out
    assert "player 2 takes 50 uncontested" in out
    assert "Returned to player 2: 30 (uncalled)" in out


@pytest.mark.parametrize(
    "argv, message",
    [
        (["AhAc2h3c:40", "As2s6d7d"], "player 2: 'As2s6d7d' is not HAND:CHIPS (e.g. AsAh2c3d:40 or fold:10)"),
        (["AhAc2h3c:40", "As2s6d7d:ten"], "player 2: chips 'ten' (in 'As2s6d7d:ten') is not a whole number"),
        (["AhAc2h3c:40", "As2s6d7d:-5"], "player 2: chips must not be negative, got -5"),
        (["AhAc2h3c:40", "As2s6d7d:40", "--board", "4c5dKs"], "board: 3 cards given; a showdown between 2 players needs all 5 board cards"),
        (["AhAc2h3c:40", "Ah2s6d7d:40", "--board", "4c5dKsQs8c"], "Ah appears in player 1 and in player 2"),
        (["AhAc2h3c:40", "As2s6d7d:40", "--board", "4c5dKsQs8c", "--button", "3"], "--button: 3 is not a player; players are numbered 1 to 2"),
        (["fold:40", "fold:40"], "players: every player folded; at least one must still be in the hand"),
        (["AhAc2h3c:40", "As2s6d7d:45", "--board", "4c5dKsQs8c", "--chip", "10"], "player 2: 45 chips is not a multiple of the smallest chip (10)"),
    ],
)  # fmt: skip
def test_settle_errors(capsys, argv, message):
    err = fails(capsys, "settle", *argv)
    assert message in err


def test_settle_bad_chip_option(capsys):
    assert "argument --chip: invalid value '0': must be at least 1" in fails(
        capsys, "settle", "AsAh2c3d:5", "--chip", "0"
    )


# ---------------------------------------------------------------------------
# allin
# ---------------------------------------------------------------------------

ALLIN = ["As2s3dKc:20", "QhQdJhTc:60", "9h8h7c6c:60", "--board", "4c5dKs"]


def test_allin_text(capsys):
    status, out, err = run(capsys, "allin", *ALLIN)
    assert status == 0 and err == ""
    lines = out.splitlines()
    assert lines[0] == "Board: 4c 5d Ks"
    assert lines[2].split() == ["Pot", "Chips", "Players", "Equity", "%"]
    assert lines[3].split() == ["Main", "pot", "60", "1", "2", "3", "62.16", "/", "11.41", "/", "26.43"]
    assert lines[4].split() == ["Side", "pot", "1", "80", "2", "3", "33.48", "/", "66.52"]
    assert "1       As 2s 3d Kc      20     37.30  +17.30" in out
    assert re.search(r"^Exact: enumerated 666 boards for each of 2 contested pots in \d+\.\d\d s$", out, re.M)


def test_allin_json_and_monte_carlo(capsys):
    status, out, _ = run(capsys, "allin", *ALLIN, "--json")
    data = json.loads(out)
    assert data["exhaustive"] is True and data["outcomes"] == 666
    assert data["players"][0]["expected_exact"] == "1380/37"
    assert data["pots"][1]["exact_equities"] == ["223/666", "443/666"]
    status, out, _ = run(
        capsys, "allin", "As2s3dKc:20", "QhQdJhTc:60", "9h8h7c6c:60", "--samples", "50000", "--seed", "5"
    )
    assert status == 0
    assert "Monte Carlo: 50,000 samples for each of 2 contested pots, seed 5, in" in out


def test_allin_errors(capsys):
    assert "Qh appears in player 2 and in the dead cards" in fails(capsys, "allin", *ALLIN, "--dead", "Qh")
    assert "not allowed with argument" in fails(capsys, "allin", *ALLIN, "--exact", "--samples", "5")


# ---------------------------------------------------------------------------
# potlimit
# ---------------------------------------------------------------------------


def test_potlimit_rules_examples(capsys):
    status, out, _ = run(capsys, "potlimit", "0", "5", "10")
    assert status == 0
    assert out.splitlines() == [
        "To call: 10",
        "Pot after the call: 25 (pot 0 + bets 15 + call 10)",
        "Largest raise: 25 more, to 35 (puts in 35)",
    ]
    status, out, _ = run(capsys, "potlimit", "75", "75", "--json")
    assert json.loads(out) == {
        "pot": 75, "bets": [75], "own": 0, "to_call": 75, "pot_after_call": 225,
        "max_raise_by": 225, "max_raise_to": 300, "puts_in": 300,
    }  # fmt: skip
    status, out, _ = run(capsys, "potlimit", "120")
    assert out.splitlines()[-1] == "Largest bet: 120 more, to 120 (puts in 120)"


def test_potlimit_errors(capsys):
    assert "argument BET: invalid value '-5': must not be negative" in fails(capsys, "potlimit", "0", "5", "--", "-5")
    assert "own: 7 chips is none of the bets" in fails(capsys, "potlimit", "0", "5", "10", "--own", "7")


# ---------------------------------------------------------------------------
# betting
# ---------------------------------------------------------------------------


def test_betting_limit_example(capsys):
    status, out, _ = run(capsys, "betting", "limit", "raise", "r", "--players", "4")
    assert status == 0
    assert out.splitlines() == [
        "Player 2: post 1",
        "Player 3: post 2",
        "Player 4: raise to 4",
        "Player 1: raise to 6",
        "Player 2 to act: call 5, raise to 8 (7 more), fold",
    ]


def test_betting_no_limit_short_all_in(capsys):
    status, out, _ = run(
        capsys, "betting", "no-limit", "b=100", "allin", "c",
        "--stacks", "1000,1000,150", "--street", "flop", "--blinds", "5/10", "--pot", "100",
    )  # fmt: skip
    assert status == 0
    assert "Player 3: raise to 150 (all-in, not a full raise)" in out
    assert "Player 2 to act: call 50, fold" in out
    assert "May not raise: the betting was not reopened" in out


def test_betting_json(capsys):
    status, out, _ = run(capsys, "betting", "pot-limit", "--players", "6", "--blinds", "5/10", "--json")
    data = json.loads(out)
    assert data["options"]["max_raise_to"] == 35 and data["options"]["seat"] == 3
    assert data["finished"] is False and data["pot"] == 15


@pytest.mark.parametrize(
    "argv, message",
    [
        (["pot-limit", "r=40", "--players", "6", "--blinds", "5/10"], "'r=40' (player 4): illegal: above the pot limit: the raise can be to at most 35"),
        (["limit", "r", "r", "r", "r", "--players", "4"], "'r' (player 3): illegal: cannot raise: the betting is capped"),
        (["no-limit", "x"], "'x' (player 1): illegal: cannot check: 1 to call"),
        (["no-limit", "jump"], "action 'jump': expected fold, check, call"),
        (["no-limit", "--blinds", "5"], "--blinds: '5' is not SMALL/BIG"),
        (["spread", "c"], "argument STRUCTURE: invalid choice: 'spread'"),
    ],
)  # fmt: skip
def test_betting_errors(capsys, argv, message):
    assert message in fails(capsys, "betting", *argv)
