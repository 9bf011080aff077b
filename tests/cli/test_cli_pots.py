"""The pot commands of the CLI: settle and allin; text, JSON and errors."""

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
    assert table[1].split() == ["1", "Ah", "Ac", "3c", "2h", "40", "30", "-10"]
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
        (
            ["AhAc2h3c:40", "As2s6d7d:40", "--board", "4c5dKs"],
            "board: 3 cards given; a showdown between 2 players needs all 5 board cards",
        ),
        (["AhAc2h3c:40", "Ah2s6d7d:40", "--board", "4c5dKsQs8c"], "Ah appears in player 1 and in player 2"),
        (
            ["AhAc2h3c:40", "As2s6d7d:40", "--board", "4c5dKsQs8c", "--button", "3"],
            "--button: 3 is not a player; players are numbered 1 to 2",
        ),
        (["fold:40", "fold:40"], "players: every player folded; at least one must still be in the hand"),
        (
            ["AhAc2h3c:40", "As2s6d7d:45", "--board", "4c5dKsQs8c", "--chip", "10"],
            "player 2: 45 chips is not a multiple of the smallest chip (10)",
        ),
    ],
)
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
    assert "1       As Kc 3d 2s      20     37.30  +17.30" in out
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


def test_allin_max_work_refuses_with_the_option_named_and_lets_a_longer_run_go(capsys):
    argv = ["allin", "AsAh2c3d:50", "KsKhQdJd:50", "9s8s7d6d:50", "--exact"]
    error = fails(capsys, *argv, "--max-work", "1000")  # preflop: about 1e8 evaluations
    assert "max_work=1e+03" in error and "--max-work" in error
    status, out, _ = run(capsys, *argv, "--board", "4c5dJs9h", "--max-work", "1e6", "--json")
    assert status == 0 and json.loads(out)["exhaustive"] is True
    assert "--max-work" in fails(capsys, *argv, "--max-work", "0")
