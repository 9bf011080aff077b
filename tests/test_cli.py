"""The command-line interface: output of ``equity`` and ``eval``, errors, ``python -m``."""

from __future__ import annotations

import importlib.util
import json
import re
import subprocess
import sys
import textwrap

import pytest
from cli_run import fails, run

from omaha8eq.cli.app import main
from omaha8eq.core import registry as compiled
from omaha8eq.core.registry import compile_notice, needs_compile

HANDS = ["AsAh2c3d", "KsKhQdJd"]
FLOP = ["--board", "4c5d7s"]


def table_rows(out: str) -> dict[str, list[str]]:
    """The table's rows keyed by hand text, each the row's numeric cells."""
    rows = {}
    for line in out.splitlines()[1:]:
        if not line.strip():
            break
        match = re.match(r"(.+?)\s{2,}(.*)$", line)
        rows[match.group(1)] = match.group(2).replace("± ", "±").split()
    return rows


# ---------------------------------------------------------------------------
# equity
# ---------------------------------------------------------------------------


def test_equity_table_exact(capsys):
    status, out, err = run(capsys, "equity", *HANDS, *FLOP)
    assert status == 0
    assert err == ""
    lines = out.splitlines()
    header = lines[0].split("  ")
    assert [h.strip() for h in header if h.strip()] == [
        "Hand", "Equity %", "Win hi %", "Tie hi %", "Win lo %", "Tie lo %", "Scoop %", "Quarter %",
    ]  # fmt: skip
    rows = table_rows(out)
    assert list(rows) == ["As Ah 2c 3d", "Ks Kh Qd Jd"]
    aces, kings = (list(map(float, r)) for r in rows.values())
    assert aces[0] + kings[0] == pytest.approx(100, abs=0.011)
    assert 90 < aces[0] < 97  # AA23 has the only low and the best high most of the time
    assert aces[3] == 100.0 and kings[3] == 0.0  # the wheel draw: A-2 low on every board
    assert "Board: 4c 5d 7s" in out
    assert "No low: 0.00% of boards" in out
    assert re.search(r"^Exact: enumerated 820 boards in \d+\.\d+ s$", out, re.M)
    assert "Monte Carlo" not in out and "Omaha high" not in out
    # every row has the same width: the table is aligned
    assert len({len(line) for line in lines[:3]}) == 1


def test_equity_json(capsys):
    status, out, err = run(capsys, "equity", *HANDS, *FLOP, "--json")
    assert status == 0 and err == ""
    data = json.loads(out)
    assert data["exhaustive"] is True and data["seed"] is None
    assert data["board"] == "4c 5d 7s" and data["outcomes"] == 820
    players = data["players"]
    assert [p["hand"] for p in players] == ["As Ah 2c 3d", "Ks Kh Qd Jd"]
    assert sum(p["equity"] for p in players) == pytest.approx(1.0)
    assert "1/2" in players[0]["shares"] and "1" in players[0]["shares"]
    for p in players:
        assert sum(p["shares"].values()) == pytest.approx(1.0)
        assert p["quarter"] == p["shares"].get("1/4", 0.0)


def test_equity_monte_carlo_is_seeded_and_repeatable(capsys):
    argv = ["equity", *HANDS, "random", "--samples", "20000", "--seed", "1"]
    status, first, err = run(capsys, *argv)
    assert status == 0 and err == ""
    assert re.search(r"^Monte Carlo: 20,000 samples, seed 1, in \d+\.\d+ s$", first, re.M)
    assert "± s.e." in first.splitlines()[0]
    assert "No low:" in first and "of deals" in first
    rows = table_rows(first)
    assert list(rows) == ["As Ah 2c 3d", "Ks Kh Qd Jd", "random"]
    assert all(r[1].startswith("±") for r in rows.values())
    assert sum(float(r[0]) for r in rows.values()) == pytest.approx(100, abs=0.02)
    _, second, _ = run(capsys, *argv)

    def without_time(text):
        return re.sub(r"in \d+\.\d+ s", "", text)

    assert without_time(first) == without_time(second)


def test_equity_stderr_target_accepts_percent(capsys):
    status, out, _ = run(capsys, "equity", *HANDS, *FLOP, "--stderr", "1%", "--seed", "3")
    assert status == 0
    assert "Monte Carlo:" in out and "standard error target 1.00%" in out


def test_equity_high_only(capsys):
    status, out, _ = run(capsys, "equity", *HANDS, *FLOP, "--high-only")
    assert status == 0
    assert out.rstrip().splitlines()[-1] == "Omaha high"
    assert "lo %" not in out and "No low" not in out
    aces, kings = (list(map(float, r)) for r in table_rows(out).values())
    assert aces[0] == aces[1]  # no ties possible here: equity = high wins
    assert aces[0] + kings[0] == pytest.approx(100, abs=0.011)
    data = json.loads(run(capsys, "equity", *HANDS, *FLOP, "--high-only", "--json")[1])
    assert data["hilo"] is False


def test_equity_dead_cards_are_listed(capsys):
    status, out, _ = run(capsys, "equity", *HANDS, *FLOP, "--dead", "9h Tc")
    assert status == 0
    assert "Dead: 9h Tc" in out
    assert "enumerated 741 boards" in out  # C(39, 2)


# ---------------------------------------------------------------------------
# eval
# ---------------------------------------------------------------------------


def test_eval_text(capsys):
    status, out, err = run(capsys, "eval", "As Ah 3d 6s", "--board", "Ad 8c 5h Ks 2c")
    assert status == 0 and err == ""
    assert out.splitlines() == [
        "High: Three aces (As Ah Ad Ks 8c) -- hole As Ah + board Ad 8c Ks",
        "Low: 6-5-3-2-A (6s 5h 3d 2c Ad) -- hole 3d 6s + board Ad 5h 2c",
    ]


def test_eval_no_low_and_high_only(capsys):
    _, out, _ = run(capsys, "eval", "As Ah 3d 6s", "--board", "Ad Kc Th Ks 2c")
    assert out.splitlines()[-1] == "Low: none"
    _, out, _ = run(capsys, "eval", "As Ah 3d 6s", "--board", "Ad 8c 5h Ks 2c", "--high-only")
    assert out.splitlines() == ["High: Three aces (As Ah Ad Ks 8c) -- hole As Ah + board Ad 8c Ks"]


def test_eval_json(capsys):
    status, out, _ = run(capsys, "eval", "As Ah 3d 6s", "--board", "Ad 8c 5h Ks 2c", "--json")
    assert status == 0
    data = json.loads(out)
    assert data["hand"] == "As Ah 3d 6s" and data["board"] == "Ad 8c 5h Ks 2c"
    high, low = data["high"], data["low"]
    assert high["category"] == "Three of a kind"
    assert high["description"] == "Three aces"
    assert high["cards"] == "As Ah Ad Ks 8c"
    assert high["hole_used"] == "As Ah" and high["board_used"] == "Ad 8c Ks"
    assert isinstance(high["rank_index"], int)
    assert low["text"] == "6-5-3-2-A" and low["ranks"] == [6, 5, 3, 2, 1]
    assert low["cards"] == "6s 5h 3d 2c Ad"
    assert low["hole_used"] == "3d 6s" and low["board_used"] == "Ad 5h 2c"
    assert isinstance(low["value"], int)
    no_low = json.loads(run(capsys, "eval", "As Ah 3d 6s", "--board", "Ad Kc Th", "--json")[1])
    assert no_low["low"] is None


# ---------------------------------------------------------------------------
# bad input: one line on stderr, exit status 2
# ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "argv, token",
    [
        (["equity", "AsAhXx3d", "KsKhQdJd"], "Xx"),
        (["equity", "AsAh2c3d", "KsAhQdJd"], "Ah"),
        (["equity", "AsAh2c", "KsKhQdJd"], "3 cards"),
        (["equity", *["random"] * 12, "AsAh2c3d"], "13 players"),
        (["equity", *HANDS, "--board", "4c5d7s8h9hTh"], "6 cards"),
        (["equity", *HANDS, "--dead", "Ks"], "Ks"),
        (["equity", *HANDS, "--samples", "0"], "samples"),
        (["equity", *HANDS, "--seed", "-1"], "seed"),
        (["equity", *HANDS, "--exact", "--samples", "10"], "--exact"),
        (["equity", *HANDS, "--samples", "many"], "many"),
        (["equity", "AsAh2c3d"], "2 or more"),
        (["eval", "As Ah 3d 6s", "--board", "Ad 8c Zz"], "Zz"),
        (["eval", "As Ah 3d 6s", "--board", "Ad 8c"], "2 cards"),
        (["eval", "As Ah 3d 6s"], "--board"),
        (["evaluate", "As Ah 3d 6s"], "evaluate"),
    ],
)
def test_bad_input_is_one_line_and_status_2(capsys, argv, token):
    assert token in fails(capsys, *argv)


def test_help_and_version(capsys):
    assert main(["--version"]) == 0
    assert "omaha8eq" in capsys.readouterr().out
    assert main(["equity", "--help"]) == 0
    assert "--stderr" in capsys.readouterr().out


# ---------------------------------------------------------------------------
# first-run compile notice
# ---------------------------------------------------------------------------


@pytest.fixture
def fresh_kernel(tmp_path):
    """A cached numba function in a new module file: nothing on disk yet."""
    source = tmp_path / "fresh_kernel_module.py"
    source.write_text(
        textwrap.dedent("""
        from numba import njit

        @njit(cache=True)
        def double(x):
            return 2 * x
    """)
    )
    spec = importlib.util.spec_from_file_location("fresh_kernel_module", source)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.double


def test_needs_compile_until_cached(fresh_kernel):
    assert needs_compile(fresh_kernel)
    assert not needs_compile(len, object())  # not a cached dispatcher: False
    assert fresh_kernel(21) == 42
    assert not needs_compile(fresh_kernel)


def test_compile_notice_is_printed_once_when_compiling(fresh_kernel, capsys):
    with compile_notice("omaha8eq: compiling", fresh_kernel):
        assert fresh_kernel(1) == 2
        assert fresh_kernel(1.5) == 3.0  # a second compilation: no second notice
    assert capsys.readouterr().err == "omaha8eq: compiling\n"
    with compile_notice("omaha8eq: compiling", fresh_kernel):  # cached now
        fresh_kernel(2)
    assert capsys.readouterr().err == ""


def test_cli_checks_the_kernels_and_bad_input_gets_no_notice(monkeypatch, capsys):
    seen = []

    def fake_needs_compile(*dispatchers):
        seen.append({d.__name__ for d in dispatchers})
        return True

    monkeypatch.setattr(compiled, "needs_compile", fake_needs_compile)
    assert main(["equity", "AsAhXx3d", "KsKhQdJd", "--exact"]) == 2
    assert capsys.readouterr().err.count("\n") == 1  # the error only: nothing compiled
    main(["equity", *HANDS, "--samples", "100", "--seed", "1"])
    main(["equity", *HANDS, *FLOP])
    main(["eval", "As Ah 3d 6s", "--board", "Ad 8c 5h"])
    capsys.readouterr()
    equity_kernels = {d.__name__ for d in compiled.entry_points("equity")}
    evaluation_kernels = {d.__name__ for d in compiled.entry_points("evaluation")}
    assert {"aggregate_showdowns", "enumerate_deals", "sample_deals", "best_flushes"} <= equity_kernels
    assert "evaluate_rows" in evaluation_kernels
    assert seen == [equity_kernels, equity_kernels, equity_kernels, evaluation_kernels]


# ---------------------------------------------------------------------------
# python -m omaha8eq
# ---------------------------------------------------------------------------


def test_python_dash_m(tmp_path):
    done = subprocess.run(
        [sys.executable, "-m", "omaha8eq", "equity", *HANDS, *FLOP],
        capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "As Ah 2c 3d" in done.stdout and "Ks Kh Qd Jd" in done.stdout
    assert "Exact: enumerated 820 boards" in done.stdout


def test_python_dash_m_bad_card():
    done = subprocess.run(
        [sys.executable, "-m", "omaha8eq", "equity", "AsAhXx3d", "KsKhQdJd"],
        capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert done.returncode == 2
    assert done.stdout == ""
    assert len(done.stderr.splitlines()) == 1
    assert "Traceback" not in done.stderr
    assert "Xx" in done.stderr
