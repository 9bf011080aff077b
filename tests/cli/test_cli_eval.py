"""The ``omaha8eq eval`` command: the text and JSON reports."""

from __future__ import annotations

import json

from cli_run import run


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
    assert data["hand"] == "As Ah 6s 3d" and data["board"] == "Ad 8c 5h Ks 2c"
    high, low = data["high"], data["low"]
    assert high["category"] == "Three of a kind"
    assert high["text"] == "Three aces"
    assert high["cards"] == "As Ah Ad Ks 8c"
    assert high["hole_used"] == "As Ah" and high["board_used"] == "Ad 8c Ks"
    assert isinstance(high["value"], int)
    assert low["text"] == "6-5-3-2-A" and low["ranks"] == [6, 5, 3, 2, 1]
    assert low["cards"] == "6s 5h 3d 2c Ad"
    assert low["hole_used"] == "3d 6s" and low["board_used"] == "Ad 5h 2c"
    assert isinstance(low["value"], int)
    no_low = json.loads(run(capsys, "eval", "As Ah 3d 6s", "--board", "Ad Kc Th", "--json")[1])
    assert no_low["low"] is None
