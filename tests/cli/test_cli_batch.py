"""``omaha8eq batch``: JSON Lines in, one JSON line out per input line."""

from __future__ import annotations

import io
import json
import subprocess
import sys

import pytest

from omaha8eq import counterfeit_odds, equity
from omaha8eq.cli.app import main

SPOT = {"hands": ["AsAh2c3d", "KsKhQdJd"], "board": "4c5d7s"}


def batch(capsys, monkeypatch, *lines: str) -> tuple[int, list[dict]]:
    monkeypatch.setattr(sys, "stdin", io.StringIO("".join(line + "\n" for line in lines)))
    status = main(["batch"])
    out = capsys.readouterr().out
    return status, [json.loads(line) for line in out.splitlines()]


def test_players_is_read_as_hands(capsys, monkeypatch):
    # The web API's name for the hands is an alias here; giving both is an error.
    aliased = {"players": SPOT["hands"], "board": SPOT["board"]}
    status, (by_players, both) = batch(capsys, monkeypatch, json.dumps(aliased), json.dumps({**aliased, **SPOT}))
    assert status == 2
    assert by_players["players"][0]["equity"] == equity(SPOT["hands"], SPOT["board"]).players[0].equity
    assert "give the hands once" in both["error"]


def test_each_command_answers_as_the_python_function(capsys, monkeypatch):
    lines = [
        json.dumps(SPOT),
        json.dumps({"command": "eval", "hole": "AsAh3d6s", "board": "Ad8c5hKs2c"}),
        json.dumps({"command": "counterfeit", "hand": "As2cKhKd", "board": "4d6h8s"}),
    ]
    status, (eq, ev, cf) = batch(capsys, monkeypatch, *lines)
    assert status == 0
    expected = equity(SPOT["hands"], SPOT["board"]).to_dict()
    assert [p["equity"] for p in eq["players"]] == [p["equity"] for p in expected["players"]]
    assert eq["outcomes"] == 820 and eq["exhaustive"] is True
    assert ev["high"]["text"] == "Three aces" and ev["low"]["text"] == "6-5-3-2-A"
    expected_cf = counterfeit_odds("As2cKhKd", "4d6h8s").to_dict()
    expected_cf.pop("elapsed"), cf.pop("elapsed")
    assert cf == json.loads(json.dumps(expected_cf))


def test_equity_many_answers_every_spot_as_equity_does(capsys, monkeypatch):
    spots = [[SPOT["hands"], SPOT["board"]], [["As2c3h4d", "KsKhQdJd"], "Ac8c5h", "Th"]]
    status, (answer,) = batch(capsys, monkeypatch, json.dumps({"command": "equity_many", "spots": spots}))
    assert status == 0
    for document, spot in zip(answer["results"], spots, strict=True):
        expected = equity(*spot).to_dict()
        assert [p["exact"] for p in document["players"]] == [p["exact"] for p in expected["players"]]
        assert document["outcomes"] == expected["outcomes"]


def test_spot_equities_answers_the_arrays_of_every_spot(capsys, monkeypatch):
    spots = [[SPOT["hands"], SPOT["board"]], [["As2c3h4d", "KsKhQdJd"], "Ac8c5h", "Th"]]
    status, (answer,) = batch(capsys, monkeypatch, json.dumps({"command": "spot_equities", "spots": spots}))
    assert status == 0
    assert (answer["spots"], answer["players"], answer["hilo"]) == (2, 2, True)
    for i, spot in enumerate(spots):
        expected = equity(*spot)
        assert answer["outcomes"][i] == expected.outcomes
        assert answer["nobody_low"][i] == expected.nobody_low
        for p, player in enumerate(expected.players):
            assert answer["equity"][i][p] == player.equity and answer["scoop"][i][p] == player.scoop
            assert answer["lo_win"][i][p] == player.lo_win and answer["quarter"][i][p] == player.quarter
            assert answer["counts"][i][p] == player.counts.tolist()


def test_spot_equities_refuses_a_spot_of_another_player_count(capsys, monkeypatch):
    spots = [[SPOT["hands"], SPOT["board"]], [[*SPOT["hands"], "9s8s7d6d"], SPOT["board"]]]
    status, (answer,) = batch(capsys, monkeypatch, json.dumps({"command": "spot_equities", "spots": spots}))
    assert status == 2
    assert answer["error"].startswith("spot 2: 3 players, spot 1 has 2")


@pytest.mark.parametrize(
    "line, error",
    [
        ("not json", "not a JSON object"),
        ("[1, 2]", "expected a JSON object, got list"),
        (
            '{"command": "deal"}',
            "command: expected one of 'equity', 'equity_many', 'spot_equities', 'eval', 'counterfeit', 'boards', "
            "'query', got \"deal\"",
        ),
        ('{"hands": ["AsAh2c3d", "KK"], "bord": "4c5d7s", "x": 1}', "equity: unknown keys 'bord', 'x'"),
        ('{"board": "4c5d7s"}', "equity: missing key 'hands'"),
        ('{"hands": ["AsAh2c3d", "KK"], "hilo": [1]}', "hilo: expected true or false or null, got [1]"),
        ('{"hands": ["AsAh2c3d", "KK"], "samples": "10"}', 'samples: expected an integer or null, got "10"'),
        ('{"hands": ["AsAhXx3d", "KsKhQdJd"]}', "Xx"),
        ('{"hands": 5}', "hands: expected a list of hands"),
        ('{"command": "eval", "hole": "AsAh3d6s", "board": "Ad8c", "progress": 1}', "eval: unknown key 'progress'"),
    ],
)
def test_a_bad_line_is_an_error_line_and_the_others_are_answered(capsys, monkeypatch, line, error):
    status, answers = batch(capsys, monkeypatch, json.dumps(SPOT), line, json.dumps(SPOT))
    assert status == 2
    assert len(answers) == 3
    assert list(answers[1]) == ["error"] and error in answers[1]["error"]
    assert answers[0]["players"] == answers[2]["players"]


def test_blank_lines_are_skipped(capsys, monkeypatch):
    status, answers = batch(capsys, monkeypatch, "", json.dumps(SPOT), "   ")
    assert status == 0 and len(answers) == 1


def test_a_co_process_gets_each_answer_before_sending_the_next_spot():
    with subprocess.Popen(
        [sys.executable, "-m", "omaha8eq", "batch"],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
    ) as process:  # fmt: skip
        assert process.stdin is not None and process.stdout is not None
        for _ in range(2):
            process.stdin.write(json.dumps(SPOT) + "\n")
            process.stdin.flush()
            assert json.loads(process.stdout.readline())["outcomes"] == 820
        process.stdin.close()
        assert process.wait(timeout=120) == 0
