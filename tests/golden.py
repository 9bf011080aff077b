"""The worked examples of docs/RULES.md as data: tests/data/rules_examples.json.

The evaluation tests, the naive-oracle tests and the pots tests read the same cases
from here instead of restating them. ``cards`` parses the text form without the
package (card = 4 * rank + suit, rank 0..12 = 2..A, suit 0..3 = c, d, h, s).
"""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

RANKS = "23456789TJQKA"
SUITS = "cdhs"

_DATA = json.loads((Path(__file__).parent / "data" / "rules_examples.json").read_text(encoding="utf-8"))

#: One entry per hand: hole, board, and what the rules say of its high and low.
HANDS: list[dict] = _DATA["hands"]
#: One entry per showdown: players as (hole, chips), board, payouts, equities ("p/q").
SHOWDOWNS: list[dict] = _DATA["showdowns"]


def cards(text: str) -> tuple[int, ...]:
    """Parse "As Kd 2c" into card ints, independently of the package."""
    return tuple(4 * RANKS.index(t[0].upper()) + SUITS.index(t[1].lower()) for t in text.split())


def low_ranks(text: str) -> tuple[int, ...]:
    """ "8-5-4-2-A" as the descending rank tuple (8, 5, 4, 2, 1), the ace as 1."""
    return tuple(1 if r == "A" else int(r) for r in text.split("-"))


def equities(showdown: dict) -> list[Fraction]:
    """The showdown's equities as Fractions."""
    return [Fraction(e) for e in showdown["equities"]]


def case_id(case: dict) -> str:
    """A short test id: the example and the hole cards."""
    return f"example {case['example']}: {case.get('hole') or case['board']}"
