"""The ``omaha8eq explore`` command: text, JSON, --where, --graph and errors."""

from __future__ import annotations

import json

import pytest
from cli_run import fails, run

from omaha8eq.explorer import explore, hand_list


def test_text_table_groups_classes_by_weight(capsys):
    status, out, err = run(capsys, "explore", "AA2*", "--board", "Kc8c5h")
    assert status == 0 and err == ""
    lines = out.splitlines()
    assert lines[0] == "AA2* on Kc 8c 5h (omaha8): 1,036 live hands"
    start = lines.index("low draw                  hands  share %")
    assert lines[start + 1].split() == ["unprotected", "nut", "low", "draw", "940", "90.73"]
    assert lines[start + 2].split() == ["protected", "nut", "low", "draw", "96", "9.27"]


def test_against_adds_the_equity_columns_and_json_matches_the_library(capsys):
    status, out, _ = run(capsys, "explore", "AA2*", "-b", "Kc8c5h", "--against", "KsKhQdJd", "--json")
    assert status == 0
    document = json.loads(out)
    assert document == json.loads(json.dumps(explore("AA2*", "Kc8c5h", against="KsKhQdJd").to_dict()))
    status, out, _ = run(capsys, "explore", "AA2*", "-b", "Kc8c5h", "--against", "KsKhQdJd")
    assert "equity %" in out and "against KsKhQdJd" in out.splitlines()[0]


def test_json_lists_the_hands_asked_for(capsys):
    found = explore("AA2*", "Kc8c5h", against="KsKhQdJd")
    for argv, count in ((["--hands", "2"], 2), (["--hands", "all"], found.total.hands), ([], 100)):
        status, out, _ = run(capsys, "explore", "AA2*", "-b", "Kc8c5h", "-a", "KsKhQdJd", "--json", *argv)
        assert status == 0
        listed = json.loads(out)["per_hand"]
        assert len(listed) == count and listed[:2] == json.loads(json.dumps(found.per_hand(2)))


def test_where_prints_the_sub_range_as_a_hand_list(capsys):
    status, out, _ = run(capsys, "explore", "AA2*", "-b", "Kc8c5h", "--where", "protected nut low draw")
    assert status == 0
    assert out.strip() == hand_list(explore("AA2*", "Kc8c5h").where("protected nut low draw"))


def test_high_only_has_no_low_groups(capsys):
    status, out, _ = run(capsys, "explore", "AA**", "-b", "Kc8c5h", "--high-only")
    assert status == 0 and "(omahahi)" in out.splitlines()[0] and "low draw" not in out


def test_graph_is_written(capsys, tmp_path):
    pytest.importorskip("matplotlib")
    path = tmp_path / "classes.svg"
    status, _, _ = run(capsys, "explore", "AA2*", "-b", "Kc8c5h", "--graph", str(path))
    assert status == 0 and path.read_text().startswith("<?xml")


@pytest.mark.parametrize(
    ("argv", "part"),
    [
        (["AA2*", "-b", "Kc8c"], "board: 2 cards"),
        (["AA2*", "-b", "Kc8c5h", "--where", "sett"], "unknown class 'sett'"),
        (["AA2*", "-b", "Kc8c5h", "--game", "omaha9"], "game"),
        (["AA2*", "-b", "Kc8c5h", "--graph", "x.txt"], "--graph"),
        (["AA2*(", "-b", "Kc8c5h"], "range"),
        (["AA2*", "-b", "Kc8c5h", "--against", "ZZ"], "range 'ZZ'"),
        (["AA2*", "-b", "Kc8c5h", "--where", "set and " * 20_000], "filter"),
        (["AA2*", "-b", "Kc8c5h", "--where", "sett " * 1_900], "unknown class"),  # under the 10,000-character limit
        (["AA2*", "-b", "Kc8c5h", "--hands", "-3"], "argument --hands: expected a number of hands"),
        (["AA2*", "-b", "Kc8c5h", "--hands", "3"], "--hands: the hands' figures are in the JSON only"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(capsys, argv, part):
    message = fails(capsys, "explore", *argv)
    assert part in message and len(message) < 500  # long input is excerpted


def test_a_hopeless_exploration_is_refused_with_the_options_to_raise(capsys):
    error = fails(capsys, "explore", "15%", "-b", "Kc8c5h", "-a", "50%", "--max-work", "1e6")
    assert "max_work=1e+06" in error and "--max-work" in error
    error = fails(capsys, "explore", "AA2*", "-b", "Kc8c5h", "--max-memory", "1000")
    assert "max_memory=1,000 bytes" in error and "--max-memory" in error
    assert "--max-work" in fails(capsys, "explore", "AA2*", "-b", "Kc8c5h", "--max-work", "0")
    assert "--threads" in fails(capsys, "explore", "AA2*", "-b", "Kc8c5h", "--threads", "0")


def test_threads_and_limits_change_no_number(capsys):
    _, plain, _ = run(capsys, "explore", "AA2*", "-b", "Kc8c5h", "-a", "KsKhQdJd", "--json")
    argv = ["--threads", "1", "--max-work", "1e12", "--max-memory", "8e9"]
    status, limited, _ = run(capsys, "explore", "AA2*", "-b", "Kc8c5h", "-a", "KsKhQdJd", "--json", *argv)
    assert status == 0 and json.loads(limited) == json.loads(plain)
