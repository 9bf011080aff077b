"""The betting commands of the CLI: potlimit and betting; text, JSON and errors."""

from __future__ import annotations

import json

import pytest
from cli_run import fails, run

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
    _status, out, _ = run(capsys, "betting", "pot-limit", "--players", "6", "--blinds", "5/10", "--json")
    data = json.loads(out)
    assert data["options"]["max_raise_to"] == 35 and data["options"]["seat"] == 3
    assert data["finished"] is False and data["pot"] == 15


@pytest.mark.parametrize(
    "argv, message",
    [
        (
            ["pot-limit", "r=40", "--players", "6", "--blinds", "5/10"],
            "'r=40' (player 4): illegal: above the pot limit: the raise can be to at most 35",
        ),
        (
            ["limit", "r", "r", "r", "r", "--players", "4"],
            "'r' (player 3): illegal: cannot raise: the betting is capped",
        ),
        (["no-limit", "x"], "'x' (player 1): illegal: cannot check: 1 to call"),
        (["no-limit", "jump"], "action 'jump': expected fold, check, call"),
        (["no-limit", "--blinds", "5"], "--blinds: '5' is not SMALL/BIG"),
        (["spread", "c"], "argument STRUCTURE: invalid choice: 'spread'"),
    ],
)
def test_betting_errors(capsys, argv, message):
    assert message in fails(capsys, "betting", *argv)


@pytest.mark.parametrize(
    "argv, message",
    [
        (["limit", "b=²"], "action 'b=²': '²' is not a whole number of chips"),
        (["limit", "c", "--stacks", "10,²"], "--stacks: '²' (player 2) is not a whole number of chips"),
        (["limit", "c", "--blinds", "1/²"], "--blinds: '1/²' is not SMALL/BIG"),
        (["limit", "c", "--players", "0"], "--players: 0 players; a betting round needs 2 or more"),
        (["limit", "c", "--stacks", "100"], "--stacks: 1 player; a betting round needs 2 or more"),
    ],
)
def test_betting_numbers_and_players_are_checked_first(capsys, argv, message):
    assert message in fails(capsys, "betting", *argv)
