"""The ``omaha8eq counterfeit`` command: text and JSON output, options, errors."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from fractions import Fraction

import pytest
from cli_run import fails, run

from omaha8eq.cli.app import main


def table(out: str) -> dict[str, tuple[str, str]]:
    """The probabilities table: row name -> (percent, exact)."""
    rows = {}
    for line in out.splitlines():
        match = re.match(r"^(\S.*?)\s{2,}(\d+\.\d\d|n/a)\s{2}(\S+)$", line)
        if match:
            rows[match.group(1)] = (match.group(2), match.group(3))
    return rows


def test_flop_text_report(capsys):
    status, out, err = run(capsys, "counterfeit", "As2cKhKd", "--board", "4d6h8s")
    assert status == 0 and err == ""
    lines = out.splitlines()
    assert lines[0] == "Hand: As Kh Kd 2c"  # high card first
    assert lines[1] == "Board: 4d 6h 8s (flop: 2 cards to come, 990 runouts)"
    assert "Low now: 8-6-4-2-A, the nut low (As 2c + 4d 6h 8s)" in lines
    assert "Low cards: As 2c (the low; counterfeited by any A or 2 to come)" in lines
    rows = table(out)
    assert list(rows) == [
        "Counterfeited", "Low", "Nut low", "Low if counterfeited", "Nut low if counterfeited",
    ]  # fmt: skip
    assert rows["Counterfeited"] == ("25.15", "83/330")
    assert rows["Low"] == ("100.00", "1")
    assert rows["Nut low if counterfeited"] == ("0.00", "0")
    assert "Next card (turn), 45 possible:" in lines
    assert re.search(r"^  counterfeits, 8-6-4-2-A, not the nut low: +A A A 2 2 2 \(6 cards\)$", out, re.M)
    assert re.search(r"^  6-4-3-2-A, the nut low: +3 3 3 3 \(4 cards\)$", out, re.M)
    counted = sum(int(n) for n in re.findall(r"\((\d+) cards?\)$", out, re.M))
    assert counted == 45
    assert re.search(r"^Exact: counted 990 runouts in \d+\.\d\d s$", out, re.M)


def test_the_a2_on_3_4_k_example(capsys):
    status, out, _ = run(capsys, "counterfeit", "As 2c Kh Qd", "--board", "3d 4h Ks")
    assert status == 0
    assert table(out)["Counterfeited"] == ("25.15", "83/330")  # 498/1980
    assert "Low now: none" in out and "(the low draw;" in out
    assert re.search(r"^  counterfeits, no low yet: +A A A 2 2 2 \(6 cards\)$", out, re.M)


def test_turn_and_preflop(capsys):
    status, out, _ = run(capsys, "counterfeit", "As2cKhKd", "-b", "4d6h8s2h")
    assert status == 0
    assert "Low now: 8-6-4-2-A, not the nut low" in out
    assert "Next card (river), 44 possible:" in out
    status, out, _ = run(capsys, "counterfeit", "As2c3h4d")
    assert status == 0
    assert "Board: (none) (preflop: 5 cards to come, 1,712,304 runouts)" in out
    assert "Next card" not in out and "Low now" not in out
    assert table(out)["Counterfeited"][1] == str(1 - Fraction(42 * 41 * 40 * 39 * 38, 48 * 47 * 46 * 45 * 44))


def test_vs_adds_the_equity_rows(capsys):
    status, out, _ = run(capsys, "counterfeit", "As2cKhKd", "--board", "4d6h8s", "--vs", "Ac3cQdJd")
    assert status == 0
    assert "Vs: Ac Qd Jd 3c" in out
    rows = table(out)
    assert rows["Equity"] == ("86.13", "565/656")
    assert rows["Equity if counterfeited"] == ("59.08", "449/760")
    assert rows["Equity if not counterfeited"] == ("94.29", "33/35")
    assert "820 runouts" in out  # the opponent's cards are seen

    _, one_flag, _ = run(capsys, "counterfeit", "As2cKhKd", "-b", "4d6h8s", "--vs", "Ac3cQdJd", "7c7d9h9s")
    _, two_flags, _ = run(capsys, "counterfeit", "As2cKhKd", "-b", "4d6h8s", "--vs", "Ac3cQdJd", "--vs", "7c7d9h9s")
    assert "Vs: Ac Qd Jd 3c, 9s 9h 7d 7c" in one_flag
    assert one_flag.split("Exact: counted")[0] == two_flags.split("Exact: counted")[0]


def test_vs_a_range(capsys):
    """A range opponent holding two aces and two deuces: 2 of them left among 40 cards."""
    status, out, err = run(capsys, "counterfeit", "As2cKhQd", "-b", "3d4hKs9c", "--vs", "AA22")
    assert status == 0 and err == ""
    assert "Board: 3d 4h Ks 9c (turn: 1 card to come, 360 weighted runouts of 9 range deals)" in out
    assert "Vs: AA22" in out
    rows = table(out)
    assert rows["Counterfeited"] == ("5.00", "1/20")
    assert set(rows) >= {"Equity", "Equity if counterfeited", "Equity if not counterfeited"}
    assert "Next card (river), 44 possible:" in out  # a range's cards are not known
    assert re.search(r"^Exact: counted 360 weighted runouts of 9 range deals in \d+\.\d\d s$", out, re.M)

    status, out, _ = run(capsys, "counterfeit", "As2cKhQd", "-b", "3d4hKs9c", "--vs", "AA22", "QsQh JdJc", "--json")
    assert status == 0
    data = json.loads(out)
    assert data["opponents"] == ["AA22", "Qs Qh Jd Jc"]
    assert data["combinations"] == 9 and data["exact"]["p_counterfeit"] == "1/18"  # 2 of 36


def test_no_low_and_impossible_counterfeit_are_explained(capsys):
    status, out, _ = run(capsys, "counterfeit", "KsQcJhTd", "--board", "2c3d4h")
    assert status == 0
    assert "Note: no low possible: the hand holds no card of 8 or lower" in out
    assert all(pct == "0.00" for pct, _ in table(out).values())
    status, out, _ = run(capsys, "counterfeit", "As2sKhKd", "-b", "3d4hKs", "--dead", "AhAdAc2h2d2c")
    assert status == 0
    assert "Dead: Ah Ad Ac 2h 2d 2c" in out
    assert "Note: the counterfeit cannot happen" in out


def test_json(capsys):
    status, out, err = run(capsys, "counterfeit", "As2cKhKd", "--board", "4d6h8s", "--vs", "Ac3cQdJd", "--json")
    assert status == 0 and err == ""
    data = json.loads(out)
    assert data["hand"] == "As Kh Kd 2c" and data["opponents"] == ["Ac Qd Jd 3c"]
    assert data["low_cards"] == "As 2c" and data["low"]["text"] == "8-6-4-2-A" and data["low_is_nut"]
    assert data["runouts"] == 820 and data["counterfeit_runouts"] == 190
    assert data["exact"]["p_counterfeit"] == "19/82" and data["p_counterfeit"] == pytest.approx(19 / 82)
    assert data["exact"]["equity_if_counterfeited"] == "449/760"
    assert len(data["next_cards"]) == 41 and data["reason"] is None


@pytest.mark.parametrize(
    "argv, token",
    [
        (["counterfeit", "AsAhXx3d", "--board", "4d6h8s"], "Xx"),
        (["counterfeit", "As2cKh", "--board", "4d6h8s"], "3 cards"),
        (["counterfeit", "As2cKhKd", "--board", "4d6h"], "2 cards"),
        (["counterfeit", "As2cKhKd", "--board", "4d6h8s9cTc"], "river"),
        (["counterfeit", "As2cKhKd", "--board", "4d6hAs"], "As"),
        (["counterfeit", "As2cKhKd", "--board", "4d6h8s", "--dead", "4d"], "4d"),
        (["counterfeit", "As2cKhKd", "--board", "4d6h8s", "--vs", "Ac3cQd"], "opponent 1"),
        (["counterfeit", "As2cKhKd", "--board", "4d6h8s", "--vs", "random"], "random"),
        (["counterfeit", "As2cKhKd", "--board", "4d6h8s", "--vs", "Ac3cQdJd", "AcTcTdTh"], "Ac"),
        (["counterfeit", "As2cKhKd", "--board", "4d6h8s", "--vs", "AA:$xs"], "$xs"),
        (
            ["counterfeit", "As2cKhKd", "--board", "4d6h8s", "--vs", "AcQcQdQh, AcJcJdJh", "AcTcTdTh, Ac9c9d9h"],
            "cannot be dealt together",
        ),
        (["counterfeit", "As2cKhKd", "--board", "4d6h8s", "--vs", "AsAd2d3d, KhKcQdJd"], "no hand of the range"),
        (["counterfeit", "As2cKhKd", "--board", "4d6h8s", "--vs"], "--vs"),
        (["counterfeit"], "HAND"),
    ],
)
def test_bad_input_is_one_line_and_status_2(capsys, argv, token):
    assert token in fails(capsys, *argv)


def test_help(capsys):
    assert main(["--help"]) == 0
    assert "counterfeit" in capsys.readouterr().out
    assert main(["counterfeit", "--help"]) == 0
    help_text = capsys.readouterr().out
    assert "--vs" in help_text and "--board" in help_text and "--dead" in help_text


def test_python_dash_m():
    done = subprocess.run(
        [sys.executable, "-m", "omaha8eq", "counterfeit", "As2cKhQd", "--board", "3d4hKs"],
        check=False, capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "83/330" in done.stdout
