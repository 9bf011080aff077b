"""``omaha8eq hands``: reading hand histories from the command line."""

from __future__ import annotations

import io
import json

from cli_run import fails, run
from history_files import STARS_SYNTHETIC, WINAMAX_SYNTHETIC


def test_text_report(capsys):
    status, out, err = run(capsys, "hands", str(STARS_SYNTHETIC), str(WINAMAX_SYNTHETIC))
    assert status == 0 and err == ""
    lines = out.splitlines()
    assert lines[:4] == [
        "hands read: 6, skipped: 0",
        "pots checked: 8, differing from the site: 0",
        "all-in hands adjusted: 4 (1 by Monte Carlo), 1 with unshown cards played as ranges",
        "sites: PokerStars 4, Winamax 2",
    ]
    assert lines[5].split() == ["Player", "Unit", "Hands", "All-in", "Net", "won", "All-in", "EV", "Luck"]
    assert "Ann's all-in hands by luck (USD):" in lines


def test_json_summary_and_files(capsys, tmp_path):
    csv_path, graph, export = tmp_path / "h.csv", tmp_path / "h.svg", tmp_path / "h.jsonl"
    status, out, _ = run(
        capsys,
        "hands",
        str(STARS_SYNTHETIC.parent),
        "--player",
        "Bob",
        "--json",
        "--csv",
        str(csv_path),
        "--graph",
        str(graph),
        "--export",
        str(export),
        "--ohh",
    )
    assert status == 0
    document = json.loads(out)
    summary = document["summary"]
    assert {k: summary[k] for k in ("hands_read", "hands_skipped", "pots_checked", "pots_differing")} == {
        "hands_read": 10,  # the folder: PokerStars 4, Winamax 2, WPN 2019 4
        "hands_skipped": 0,
        "pots_checked": 13,
        "pots_differing": 0,
    }
    assert [(p["player"], p["unit"]) for p in document["players"]] == [("Bob", "USD"), ("Bob", "chips"), ("Bob", "EUR")]
    bob = document["players"][1]
    assert set(bob) == {"player", "unit", "hands", "allin_hands", "net", "allin_ev_net", "luck"}
    assert abs(bob["luck"] - (bob["net"] - bob["allin_ev_net"])) < 0.011
    assert csv_path.read_text().startswith("hand_id,date,player,unit,net,allin_ev_net,luck")
    assert graph.read_text().lstrip().startswith("<?xml")
    exported = [json.loads(line) for line in export.read_text().splitlines()]
    assert len(exported) == 10 and all(set(e) == {"ohh"} for e in exported)


def test_standard_input_and_skipped_hands(capsys, monkeypatch):
    data = STARS_SYNTHETIC.read_bytes() + b"\n\nPokerStars Hand #1:  Hold'em No Limit ($1/$2 USD) - 2020/01/01\n"
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(data)))
    status, out, _ = run(capsys, "hands", "-", "--json")
    document = json.loads(out)
    assert status == 0 and document["summary"]["hands_read"] == 4 and document["summary"]["hands_skipped"] == 1
    assert document["skipped"][0]["source"] == "<stdin>" and document["skipped"][0]["hand_id"] == "1"


def test_bad_input(capsys, tmp_path):
    assert "is not a file or a folder" in fails(capsys, "hands", str(tmp_path / "missing.txt"))
    assert "--ohh" in fails(capsys, "hands", str(STARS_SYNTHETIC), "--ohh")
    assert "--graph" in fails(capsys, "hands", str(STARS_SYNTHETIC), "--graph", str(tmp_path / "x.gif"))


def test_unreadable_names_are_one_line_errors(capsys):
    # A file name too long for the system: one line on stderr, exit 2, no traceback.
    message = fails(capsys, "hands", "a" * 300 + ".txt")
    assert "cannot read" in message and "File name too long" in message


def test_every_real_file_read_without_difference(capsys):
    from history_files import SHARED_FILES, SHARED_SKIPPED, shared_hands

    status, out, err = run(capsys, "hands", str(shared_hands()), "--json")
    summary = json.loads(out)["summary"]
    assert status == 0 and err == ""
    assert (summary["hands_read"], summary["hands_skipped"]) == (sum(SHARED_FILES.values()), len(SHARED_SKIPPED))
    assert (summary["pots_checked"], summary["pots_differing"]) == (14, 0)
