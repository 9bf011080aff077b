"""The ``omaha8eq range`` command: text and JSON output, options, errors."""

from __future__ import annotations

import json

from cli_run import run

import omaha8eq


def test_text_report(capsys):
    status, out, err = run(capsys, "range", "AA:$ds", "--list", "3")
    assert status == 0 and err == ""
    lines = out.splitlines()
    assert lines[0] == "Range: AA:$ds"
    assert lines[1].startswith("Meaning: holding two aces and $ds: double-suited")
    assert lines[2] == "Hands: 864 hands of 270,725 4-card hands (0.32%), in 78 suit classes"
    assert lines[4] == "First 3 of 864 (highest cards first):"
    assert lines[5].startswith("  As Ah Ks Kh") and "preflop rank" in lines[5]
    assert len(lines) == 8


def test_weighted_and_list_zero(capsys):
    status, out, _ = run(capsys, "range", "AA2*@50", "--list", "0")
    assert status == 0
    assert "Hands: 1,108 hands of 270,725 4-card hands (0.41%)" in out
    assert "Total weight: 554.00" in out and "First" not in out


def test_json_five_cards(capsys):
    status, out, _ = run(capsys, "range", "RROO", "--hole-size", "5", "--json", "--list", "2")
    assert status == 0
    doc = json.loads(out)
    assert doc["expression"] == "RROO" and doc["hole_size"] == 5
    assert doc["hands"] == 127296 and doc["all_hands"] == 2598960
    assert [(e["hand"], e["weight"]) for e in doc["listed"]] == [("As Ah Ad Ks Kh", 1.0), ("As Ah Ad Ks Kd", 1.0)]
    # the 5-card preflop ranking: both hands are one suit class
    rank, _, equity = omaha8eq.preflop_rank("As Ah Ad Ks Kh")
    assert [(e["preflop_rank"], e["preflop_equity"]) for e in doc["listed"]] == [(rank, equity)] * 2
    assert doc["classes"] > 0 and not doc["weighted"]


def test_json_four_cards_has_preflop_columns(capsys):
    status, out, _ = run(capsys, "range", "AsAh2s3h", "--json")
    doc = json.loads(out)
    assert status == 0 and doc["hands"] == 1 and doc["classes"] == 1
    (entry,) = doc["listed"]
    assert entry["hand"] == "As Ah 3h 2s" and entry["preflop_rank"] >= 1 and 0.5 < entry["preflop_equity"] < 1


def test_errors_are_one_line(capsys):
    status, out, err = run(capsys, "range", "AA:$xs")
    assert status == 2 and out == ""
    assert err == (
        "omaha8eq: error: range 'AA:$xs': unknown macro (known: $ds, $ss, $r, $np, $low) at position 4 ('$xs')\n"
    )
    status, _, err = run(capsys, "range", "15%-5%", "--hole-size", "6")
    assert status == 2 and "runs backwards" in err and err.count("\n") == 1
    status, _, err = run(capsys, "range", "AA", "--hole-size", "7")
    assert status == 2 and "invalid choice" in err
    status, _, err = run(capsys, "range", "AA", "--list", "-1")
    assert status == 2 and "--list" in err
