"""``omaha8eq solve``: the table, the JSON, bad input in one line (exit 2), Ctrl-C (exit 130)."""

from __future__ import annotations

import json

from cli_run import run

SPOT = (
    "solve",
    "--board",
    "Ac8c5h9dKs",
    "--oop",
    "AA2*",
    "--ip",
    "KsKhQdJd,QsQhJdTd",
    "--pot",
    "100",
    "--stack",
    "400",
)


def test_solve_prints_the_root_strategy_by_class(capsys):
    status, out, err = run(capsys, *SPOT, "--bets", "50,100", "--raises", "100", "--max-iterations", "20")
    assert status == 0 and err == ""
    assert "check %" in out and "bet 100 %" in out and "nut low" in out and "Exploitability" in out


def test_solve_json(capsys):
    status, out, _ = run(capsys, *SPOT, "--max-iterations", "10", "--json")
    document = json.loads(out)
    assert status == 0 and document["nodes"][0]["actions"] == ["check", "bet 50", "bet 100"]
    assert abs(document["ev"]["oop"] + document["ev"]["ip"] - 100) < 1e-9


def test_bad_input_is_one_line_and_exit_2(capsys):
    status, out, err = run(capsys, *SPOT[:-1], "-5")
    assert status == 2 and out == "" and len(err.strip().splitlines()) == 1 and "stack" in err
    status, _, err = run(capsys, *SPOT, "--bets", "half")
    assert status == 2 and "--bets" in err and len(err.strip().splitlines()) == 1


def test_ctrl_c_is_one_line_and_exit_130(capsys, monkeypatch):
    import omaha8eq.solver.engine as engine

    def interrupted(self, count=1):
        raise KeyboardInterrupt

    monkeypatch.setattr(engine.SolverState, "iterate", interrupted)
    status, _, err = run(capsys, *SPOT)
    assert status == 130 and err.strip() == "omaha8eq: interrupted"


def test_solve_a_turn_spot(capsys):
    status, out, _ = run(
        capsys, "solve", "--board", "Ac8c5h9d", "--oop", "AhAd2s3s,AhAs2d3d", "--ip", "KsKhQdJd,QsQhJdTd", "--pot",
        "100", "--stack", "400", "--bets", "100", "--raises", "", "--max-iterations", "10", "--threads", "1", "--json",
    )  # fmt: skip
    document = json.loads(out)
    assert status == 0 and document["street"] == "turn" and document["board"] == "Ac 8c 5h 9d"
    assert document["nodes"][0]["actions"] == ["check", "bet 100"]
    assert abs(document["ev"]["oop"] + document["ev"]["ip"] - 100) < 1e-9


def test_ctrl_c_on_a_turn_spot_is_one_line_and_exit_130(capsys, monkeypatch):
    import omaha8eq.solver.engine as engine

    calls = []

    def interrupted(self, count=1):
        calls.append(type(self).__name__)
        raise KeyboardInterrupt

    monkeypatch.setattr(engine.TurnState, "iterate", interrupted)
    status, _, err = run(capsys, "solve", "--board", "Ac8c5h9d", *SPOT[3:], "--bets", "100", "--raises", "")
    assert status == 130 and err.strip() == "omaha8eq: interrupted" and calls == ["TurnState"]
