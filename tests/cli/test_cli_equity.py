"""The ``omaha8eq equity`` command: the text table, JSON, Monte Carlo, options."""

from __future__ import annotations

import json
import re
from fractions import Fraction

import pytest
from cli_run import fails, run

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


#: The end of a timing line: the work's seconds, and the kernels' loading time when this
#: command is the first of the test process to call them (the tests run in any order).
TOOK = r"in \d+\.\d+ s(, plus \d+\.\d+ s loading compiled kernels)?$"


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
    assert list(rows) == ["As Ah 3d 2c", "Ks Kh Qd Jd"]
    aces, kings = (list(map(float, r)) for r in rows.values())
    assert aces[0] + kings[0] == pytest.approx(100, abs=0.011)
    assert 90 < aces[0] < 97  # AA23 has the only low and the best high most of the time
    assert aces[3] == 100.0 and kings[3] == 0.0  # the wheel draw: A-2 low on every board
    assert "Board: 4c 5d 7s" in out
    assert "No low: 0.00% of boards" in out
    assert re.search(r"^Exact: enumerated 820 boards " + TOOK, out, re.M)
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
    assert [p["hand"] for p in players] == ["As Ah 3d 2c", "Ks Kh Qd Jd"]
    assert sum(p["equity"] for p in players) == pytest.approx(1.0)
    assert "1/2" in players[0]["shares"] and "1" in players[0]["shares"]
    for p in players:
        assert sum(p["shares"].values()) == pytest.approx(1.0)
        assert p["quarter"] == p["shares"].get("1/4", 0.0)


def test_equity_monte_carlo_is_seeded_and_repeatable(capsys):
    argv = ["equity", *HANDS, "random", "--samples", "20000", "--seed", "1"]
    status, first, err = run(capsys, *argv)
    assert status == 0 and err == ""
    assert re.search(r"^Monte Carlo: 20,000 samples, seed 1, " + TOOK, first, re.M)
    assert "± s.e." in first.splitlines()[0]
    assert "No low:" in first and "of deals" in first
    rows = table_rows(first)
    assert list(rows) == ["As Ah 3d 2c", "Ks Kh Qd Jd", "random"]
    assert all(r[1].startswith("±") for r in rows.values())
    assert sum(float(r[0]) for r in rows.values()) == pytest.approx(100, abs=0.02)
    _, second, _ = run(capsys, *argv)

    def without_time(text):
        return re.sub(TOOK, "", text, flags=re.M)

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


RANGE_SPOT = ["equity", "AsAh2c3d", "KK:$ds", *FLOP, "--exact"]


def test_by_hand_lists_the_best_and_worst_hands_with_their_breakdown_and_deciles(capsys):
    status, out, _ = run(capsys, *RANGE_SPOT, "--by-hand", "3")
    assert status == 0
    section = out[out.index("Hand 2 (KK:$ds)") :].splitlines()
    assert re.match(r"Hand 2 \(KK:\$ds\): the best 3 and the worst 3 of [\d,]+ hands$", section[0])
    assert section[1].split() == [
        "Hand", "Equity", "%", "Dealt", "%", "Win", "hi", "%", "Tie", "hi", "%", "Win", "lo", "%", "Tie", "lo", "%",
        "No", "low", "%", "Scoop", "%", "Quarter", "%",
    ]  # fmt: skip
    rows = section[2:9]
    assert rows[3].strip() == "..."
    equities = [float(re.split(r"\s{2,}", row.strip())[1]) for row in rows[:3] + rows[4:]]
    assert equities == sorted(equities, reverse=True)
    deciles = re.match(r"Equity deciles \(10% to 90% of the range, worst first\): (.*)$", section[9])
    values = [float(v) for v in deciles.group(1).split()]
    assert len(values) == 9 and values == sorted(values)
    assert equities[-1] <= values[0] <= values[-1] <= equities[0]
    assert "Hand 1 (" not in out  # a known hand has no per-hand list


def test_by_hand_json_has_the_breakdown_and_the_deciles(capsys):
    status, out, _ = run(capsys, *RANGE_SPOT, "--by-hand", "2", "--json")
    assert status == 0
    document = json.loads(out)
    assert document["exhaustive"] is True
    kings = document["players"][1]
    assert set(kings["by_hand"][0]) == {
        "hand", "equity", "frequency", "hi_win", "hi_tie", "lo_win", "lo_tie", "no_low", "scoop", "quarter", "exact",
    }  # fmt: skip
    for hand in kings["by_hand"]:  # each hand's exact equity "p/q" beside its float, as a player's
        assert float(Fraction(hand["exact"]["equity"])) == pytest.approx(hand["equity"], abs=1e-15)
    assert len(kings["deciles"]) == 9


@pytest.mark.parametrize("suffix", [".png", ".svg"])
def test_graph_is_written(capsys, tmp_path, suffix):
    path = tmp_path / f"distribution{suffix}"
    status, out, _ = run(capsys, *RANGE_SPOT, "--graph", str(path))
    assert status == 0
    assert out.rstrip().endswith(f"Equity distribution drawn in {path}")
    assert "Hand 2 (" not in out  # the graph alone does not list the hands
    data = path.read_bytes()
    assert data.startswith(b"\x89PNG") if suffix == ".png" else b"<svg" in data


def test_graph_errors(capsys, tmp_path, monkeypatch):
    from cli_run import fails

    assert "expected a file name ending in .png, .svg, .pdf" in fails(capsys, *RANGE_SPOT, "--graph", "x.txt")
    assert "no hand is a range" in fails(capsys, "equity", *HANDS, *FLOP, "--graph", str(tmp_path / "x.png"))
    assert not (tmp_path / "x.png").exists()
    import importlib.util

    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: None if name == "matplotlib" else real(name, *a))
    message = fails(capsys, *RANGE_SPOT, "--graph", str(tmp_path / "y.png"))
    assert message == "omaha8eq: error: --graph needs matplotlib: pip install 'omaha8eq[plot]'"
    assert not (tmp_path / "y.png").exists()


def test_next_cards_table(capsys):
    status, out, _ = run(capsys, "equity", *HANDS, "--board", "4c5d7s9h", "--next-cards")
    assert status == 0
    section = out[out.index("By river card") :].splitlines()
    assert section[0] == "By river card (40 cards), best for hand 1 first:"
    assert section[1].split() == ["Card", "Dealt", "%", "Equity", "1", "%", "Equity", "2", "%", "Scoop", "1", "%",
                                  "Scoop", "2", "%"]  # fmt: skip
    rows = [line.split() for line in section[2:]]
    assert len(rows) == 40 and all(float(r[1]) == 2.5 for r in rows)
    assert all(float(r[2]) + float(r[3]) == pytest.approx(100, abs=0.011) for r in rows)
    status, out, _ = run(capsys, "equity", *HANDS, "--board", "4c5d7s", "--next-cards", "--json")
    cards = json.loads(out)["by_next_card"]
    assert len(cards) == 41 and set(cards[0]) == {"card", "frequency", "equity", "scoop"}


def test_next_cards_needs_a_flop_or_turn(capsys):
    from cli_run import fails

    message = fails(capsys, "equity", *HANDS, "--board", "4c5d7s9hTh", "--next-cards")
    assert message.startswith("omaha8eq: error: by_next_card: needs two players")


def test_max_memory_refuses_a_run_estimated_above_it_in_one_line(capsys):
    message = fails(capsys, "equity", "100%", "99%", "--game", "omaha86", "--samples", "1000", "--max-memory", "1e9")
    assert "max_memory: this run would need about 7.7 GB" in message and "\n" not in message.strip()
