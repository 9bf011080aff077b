"""What players look at: the chart split by site and by known or assumed cards; the CSV and JSON carry them."""

from __future__ import annotations

import csv
import io
import json

import matplotlib
import pytest
from cli_run import run
from history_files import STARS_SYNTHETIC, TURN_MUCK, WINAMAX_SYNTHETIC

from omaha8eq import allin_ev, read_hands
from omaha8eq.histories.report import CSV_COLUMNS


@pytest.fixture
def report():
    text = TURN_MUCK + "\n\n\n" + STARS_SYNTHETIC.read_text("utf-8")
    return allin_ev(read_hands(io.StringIO(text), WINAMAX_SYNTHETIC))


def _svg_text(report, tmp_path, player, unit):
    path = tmp_path / f"{player}.svg"
    with matplotlib.rc_context({"svg.fonttype": "none"}):  # text kept as text, to be read here
        report.draw(path, player, unit)
    return path.read_text("utf-8")


def test_chart_by_site_and_by_assumption(report, tmp_path):
    # Ann's chips: a PokerStars and a Winamax tournament hand, every card known.
    ann = _svg_text(report, tmp_path, "Ann", "chips")
    assert (
        "by site, over each site's hands" in ann and "PokerStars: net won" in ann and "Winamax: all-in adjusted" in ann
    )
    assert "all cards known" not in ann
    # Dan's dollars: one site, and a hand where his own cards were assumed.
    dan = _svg_text(report, tmp_path, "Dan", "USD")
    assert "all-in adjusted, all cards known" in dan and "Dan at PokerStars" in dan and "by site" not in dan


def test_csv_carries_site_assumption_and_settlement(report):
    rows = list(csv.DictReader(io.StringIO(report.csv_text())))
    assert tuple(rows[0]) == CSV_COLUMNS
    hero = next(r for r in rows if r["hand_id"] == "300000000001" and r["player"] == "Hero")
    assert (hero["site"], hero["cards"], hero["assumed"], hero["settlement"]) == (
        "PokerStars", "assumed", "Villain=random", "matches",
    )  # fmt: skip
    assert hero["error"] == ""  # exact: no error to state
    dan = next(r for r in rows if r["hand_id"] == "200000000003" and r["player"] == "Dan")
    assert dan["cards"] == "assumed" and dan["exact"] == "0" and float(dan["error"]) > 0  # sampled: its error
    ann = next(r for r in rows if r["hand_id"] == "1000000000-7-1600000000" and r["player"] == "Ann")
    assert (ann["site"], ann["cards"], ann["assumed"], ann["settlement"]) == ("Winamax", "known", "", "matches")
    folded = next(r for r in rows if r["hand_id"] == "200000000002")
    assert (folded["cards"], folded["settlement"]) == ("", "unchecked")


def test_json_carries_site_assumption_and_settlement(capsys):
    status, out, _ = run(capsys, "hands", str(STARS_SYNTHETIC), str(WINAMAX_SYNTHETIC), "--player", "Dan", "--json")
    assert status == 0
    document = json.loads(out)
    [hand] = [h for h in document["hands_by_luck"] if h["hand_id"] == "200000000003"]
    assert (hand["site"], hand["cards"], hand["assumed"]) == ("PokerStars", "assumed", {"Dan": "random"})
    assert hand["settlement"]["status"] == "matches" and hand["players"]["Dan"]["error"] > 0
    assert document["summary"]["sites"] == {"PokerStars": 4, "Winamax": 2}
