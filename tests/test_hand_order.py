"""Hands are written as players write them, high card first with suits s h d c within a
rank, in every output: the hands the user typed too (issue 29 item 5). The board keeps
its dealt order."""

from __future__ import annotations

import json
import warnings

import pytest
from cli_run import run

import omaha8eq
from omaha8eq import format_hand, parse_cards

TYPED = "2d3cAd4c"
WRITTEN = "Ad 4c 3c 2d"
OTHER, OTHER_WRITTEN = "JdKhQdKs", "Ks Kh Qd Jd"
BOARD, BOARD_WRITTEN = "9s5c8h", "9s 5c 8h"  # dealt order, not sorted


def _written_by_hand(cards: str) -> str:
    """High card first, suits s h d c within a rank: written here from the rule, not the package."""
    rank_order, suit_order = "23456789TJQKA", "cdhs"
    pairs = [cards[i : i + 2] for i in range(0, len(cards), 2)]
    return " ".join(sorted(pairs, key=lambda c: (rank_order.index(c[0]), suit_order.index(c[1])), reverse=True))


def test_format_hand_follows_the_rule_on_many_hands():
    import random

    rng = random.Random(29)
    names = [r + s for r in "23456789TJQKA" for s in "cdhs"]
    for _ in range(500):
        typed = "".join(rng.sample(names, rng.choice((4, 5, 6))))
        assert format_hand(parse_cards(typed)) == _written_by_hand(typed)
    assert format_hand(parse_cards(TYPED)) == WRITTEN


def test_the_library_writes_typed_hands_high_card_first():
    result = omaha8eq.equity([TYPED, OTHER], BOARD, game="omaha8")
    assert [p.hand for p in result.players] == [WRITTEN, OTHER_WRITTEN]
    assert result.to_dict()["players"][0]["hand"] == WRITTEN
    assert WRITTEN in str(result) and TYPED not in str(result) and "2d 3c Ad 4c" not in str(result)
    assert result.to_dict()["board"] == BOARD_WRITTEN
    assert omaha8eq.counterfeit_odds(TYPED, BOARD).hand == WRITTEN
    report = str(omaha8eq.counterfeit_odds("2cKhAsKd", "4d6h8s"))
    assert "Hand: As Kh Kd 2c" in report and "Low cards: As 2c (the low; counterfeited by any A or 2" in report
    settled = omaha8eq.settle([(TYPED, 10), (OTHER, 10)], BOARD + "2h7c", game="omaha8")
    assert settled.hands == (WRITTEN, OTHER_WRITTEN)
    allin = omaha8eq.allin_equity([(TYPED, 10), (OTHER, 10)], BOARD, game="omaha8")
    assert [p.hand for p in allin.players] == [WRITTEN, OTHER_WRITTEN]


def test_the_command_line_writes_typed_hands_high_card_first(capsys):
    status, out, _ = run(capsys, "equity", TYPED, OTHER, "--board", BOARD)
    assert status == 0 and WRITTEN in out and OTHER_WRITTEN in out and "2d 3c Ad 4c" not in out
    assert "Board: " + BOARD_WRITTEN in out
    status, out, _ = run(capsys, "equity", TYPED, OTHER, "--board", BOARD, "--json")
    assert status == 0
    assert [p["hand"] for p in json.loads(out)["players"]] == [WRITTEN, OTHER_WRITTEN]
    status, out, _ = run(capsys, "eval", TYPED, "--board", BOARD, "--json")
    assert status == 0 and json.loads(out)["hand"] == WRITTEN


def test_the_web_api_writes_typed_hands_high_card_first():
    pytest.importorskip("starlette")
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message=".*httpx2")
        from starlette.testclient import TestClient

    from omaha8eq.web.app import create_app

    with TestClient(create_app()) as client:
        got = client.post("/api/equity", json={"players": [TYPED, OTHER], "board": BOARD})
        assert got.status_code == 200 and [p["hand"] for p in got.json()["players"]] == [WRITTEN, OTHER_WRITTEN]
        got = client.post("/api/evaluate", json={"hand": TYPED, "board": BOARD})
        assert got.status_code == 200 and got.json()["hand"] == WRITTEN
        got = client.post("/api/counterfeit", json={"hand": TYPED, "board": BOARD})
        assert got.status_code == 200 and got.json()["hand"] == WRITTEN
