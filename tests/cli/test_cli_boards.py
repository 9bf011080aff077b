"""``omaha8eq equity`` with two boards and with --runs."""

from __future__ import annotations

import json

import pytest
from cli_run import fails, run

from omaha8eq.boards import boards_equity

ACES, KINGS = "AsAh2c3d", "KsKhQdJd"


def test_two_boards_report_each_board_and_the_pot_shares(capsys):
    code, out, _ = run(capsys, "equity", ACES, KINGS, "--board", "4c5d7s8h", "--board", "KcQs9h2d")
    assert code == 0
    expected = boards_equity([ACES, KINGS], ("4c5d7s8h", "KcQs9h2d"))
    first = out.splitlines()[1].split()
    assert first[4] == f"{100 * expected.players[0].equity:.2f}"
    assert [first[5], first[6]] == [f"{100 * b.players[0].equity:.2f}" for b in expected.boards]
    assert "Board 1: 4c 5d 7s 8h" in out and "Board 2: Kc Qs 9h 2d" in out
    assert f"Exact: enumerated {expected.outcomes:,} deals" in out
    assert "Pot shares of hand 1, % of deals: " in out


def test_runs_json_names_the_runs_and_keeps_the_equity(capsys):
    code, out, _ = run(capsys, "equity", ACES, KINGS, "--board", "4c5d7s8h", "--runs", "3", "--json")
    assert code == 0
    document = json.loads(out)
    assert [b["name"] for b in document["boards"]] == ["run 1", "run 2", "run 3"]
    single = json.loads(run(capsys, "equity", ACES, KINGS, "--board", "4c5d7s8h", "--json")[1])
    assert document["players"][0]["exact"]["equity"] == single["players"][0]["exact"]["equity"]


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (("--board", "4c5d7s", "--board", "4c"), "4c appears in board 1 and in board 2"),
        (("--board", "4c5d7s", "--runs", "5"), "runs"),
        (("--board", "4c5d7s", "--board", "8h", "--runs", "2"), "one board"),
        (("--board", "4c5d7s", "--runs", "2", "--next-cards"), "--next-cards: not available"),
        (("--board", "4c5d7s", "--runs", "2", "--max-memory", "1e9"), "--max-memory: not available"),
    ],
)
def test_bad_input_is_one_line(capsys, argv, message):
    assert message in fails(capsys, "equity", ACES, KINGS, *argv)


def test_batch_answers_boards(capsys, monkeypatch):
    from omaha8eq.cli.batch import answer

    document = answer('{"command": "boards", "hands": ["AsAh2c3d", "KsKhQdJd"], "boards": "4c5d7s8h", "runs": 2}')
    assert [b["name"] for b in document["boards"]] == ["run 1", "run 2"]
    assert (
        "runs"
        in answer('{"command": "boards", "hands": ["AsAh2c3d", "KsKhQdJd"], "boards": "4c5d7s", "runs": 9}')["error"]
    )


def test_a_double_board_game_with_one_board_and_high_only_take_the_game(capsys):
    argv = ("--board", "4c5d7s8h", "--game", "omahahi-double", "--samples", "2000", "--seed", "1", "--json")
    code, out, _ = run(capsys, "equity", ACES, KINGS, *argv)
    assert code == 0
    document = json.loads(out)
    expected = boards_equity([ACES, KINGS], ("4c5d7s8h", ""), game="omahahi-double", samples=2000, seed=1)
    assert document["game"] == "omahahi-double" and len(document["boards"]) == 2
    assert document["players"][0]["equity"] == expected.players[0].equity
    code, out, err = run(capsys, "equity", ACES, KINGS, "--board", "4c5d7s8h", "--runs", "2", "--high-only", "--json")
    assert code == 0 and "Deprecation" not in err
    assert json.loads(out)["game"] == "omahahi"
