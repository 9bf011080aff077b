"""split_equity: one exact enumeration split by the ranks of the cards to come, against
a board-by-board reference (tests/naive.py) that classifies every runout itself."""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations, product
from math import prod

import naive
import numpy as np
import pytest

from omaha8eq import equity, parse_cards, parse_range
from omaha8eq.equities import split_equity
from omaha8eq.errors import OmahaInputError

ACE, DEUCE, KING = 1 << 12, 1 << 0, 1 << 11


def reference(players, board, dead, ranks):
    """Per part ("hit": a card to come has a rank in ``ranks``; "missed": none does):
    the deals (unweighted), each player's exact equity, scoop share and the no-low share,
    every runout of every combination of the ranges' hands weighted by its weight.

    ``players``: known hands (card-int tuples) or ranges (lists of (hand, weight)).
    """
    board, dead = tuple(board), tuple(dead)
    known = {c for p in players if isinstance(p, tuple) for c in p} | set(board) | set(dead)
    options = [
        [(p, 1)] if isinstance(p, tuple) else [(h, Fraction(w)) for h, w in p if not known & set(h)] for p in players
    ]
    n = len(players)
    parts = {
        part: {"deals": 0, "weight": 0, "won": [0] * n, "scoop": [0] * n, "no_low": 0} for part in ("hit", "missed")
    }
    for choice in product(*options):
        hands = [h for h, _ in choice]
        cards = [c for h in hands for c in h]
        if len(set(cards)) != len(cards):
            continue
        weight = prod(w for _, w in choice)
        deck = [c for c in range(52) if c not in known and c not in cards]
        for extra in combinations(deck, 5 - len(board)):
            result = naive.equity(hands, board + extra)
            part = parts["hit" if any(ranks >> (c // 4) & 1 for c in extra) else "missed"]
            part["deals"] += 1
            part["weight"] += weight
            part["no_low"] += weight * result["no_low"]
            for p, player in enumerate(result["players"]):
                part["won"][p] += weight * player["equity"]
                part["scoop"][p] += weight * player["scoop"]
    out = {}
    for name, part in parts.items():
        if part["deals"] == 0:
            out[name] = None
            continue
        total = part["weight"]
        out[name] = {
            "deals": part["deals"],
            "equity": [Fraction(x) / total for x in part["won"]],
            "scoop": [Fraction(x) / total for x in part["scoop"]],
            "no_low": Fraction(part["no_low"]) / total,
        }
    return out


def summary(result):
    """The same numbers from an EquityResult, exactly (from its counts)."""
    if result is None:
        return None
    first = result.players[0].outcome_counts
    return {
        "deals": result.outcomes,
        "equity": [p.exact_equity() for p in result.players],
        "scoop": [Fraction(p.outcome_counts.scoop, p.outcome_counts.deals) for p in result.players],
        "no_low": Fraction(first.nobody_low, first.deals),
    }


def rows(expr):
    parsed = parse_range(expr)
    return [(tuple(int(c) for c in h), float(w)) for h, w in zip(parsed.hands, parsed.weights, strict=True)]


def cards(text):
    return tuple(parse_cards(text))


SPOTS = [
    # heads-up turn, the counterfeit ranks A and 2
    (["As Ah 2c 3d", "Ks Kh Qd Jd"], "4c 5d 7s 9h", "", ACE | DEUCE),
    # heads-up flop with dead cards; a high rank and a low one
    (["As 2c Kh Kd", "Ac 3c Qd Jd"], "4d 6h 8s", "9c 9d 9h Tc Td Th Jc Jh Qs Qh", KING | (1 << 1)),
    # three-way turn with dead cards, suited hands (flush corrections split too)
    (["Ad Kd 3s 2s", "Ac 2h 9c 9h", "Qh Jh Th 9d"], "Jd 4d 3c 5d", "7d 8d", ACE | DEUCE),
    # three-way flop, monotone, many dead cards
    (
        ["Ad Kd 3s 2s", "Ac 2h 9c 9h", "Qh Jh Th 8h"],
        "Jd 4d 3d",
        "2c 2d 5c 5s 6c 6s 7c 7s 8c 8s Kc Ks Qc Qs Tc Ts",
        1 << 3 | 1 << 10,
    ),
    # ranges: heads-up turn with weights and collisions; three-way turn, two ranges
    (["As 2c Kh Kd", "Ac3cQdJd@50, Ad3dQcJc, 4d5d6d7d, AhAd3h3s"], "4d 6h 8s 2h", "Qs", ACE | DEUCE),
    (["As 2c Kh Kd", "Ac3cQdJd@50, Ad3dQcJc, Ah5hJhJs", "7c7d9h9s, Ah8c8dTc@50"], "4d 6h 8s 2h", "", ACE | DEUCE),
    # a range on a flop with dead cards
    (
        ["As 2c Kh Kd", "Ac3cQhQs@50, Ad3dQhQs, Ah5h7c7d"],
        "4d 6h 8s",
        "9c 9d 9h 9s Tc Td Th Ts Jc Jd Jh Js Qc Qd",
        ACE | DEUCE,
    ),
]


@pytest.mark.parametrize("hands, board, dead, ranks", SPOTS)
def test_split_matches_the_runout_by_runout_reference(hands, board, dead, ranks):
    overall, hit, missed = split_equity(hands, board, dead, ranks=ranks)
    players = [rows(h) if "," in h else cards(h) for h in hands]
    ref = reference(players, cards(board), cards(dead), ranks)
    assert summary(hit) == ref["hit"]
    assert summary(missed) == ref["missed"]
    assert hit is not None and missed is not None
    # the overall result is equity()'s, count for count
    whole = equity(hands, board, dead, exhaustive=True)
    assert overall.outcomes == whole.outcomes == hit.outcomes + missed.outcomes
    for a, b, h, m in zip(overall.players, whole.players, hit.players, missed.players, strict=True):
        assert np.array_equal(a.counts, b.counts)
        assert np.array_equal(a.counts, h.counts + m.counts)
        assert a.exact_equity() == b.exact_equity()
    assert overall.nobody_low == whole.nobody_low


def test_no_ranks_give_no_hit_part():
    hands, board = ["As Ah 2c 3d", "Ks Kh Qd Jd"], "4c 5d 7s"
    overall, hit, missed = split_equity(hands, board, ranks=0)
    assert hit is None
    assert missed.outcomes == overall.outcomes == 820
    for a, b in zip(overall.players, missed.players, strict=True):
        assert np.array_equal(a.counts, b.counts)
    # with a range too
    overall, hit, missed = split_equity([hands[0], "KsKhQdJd, 9h9d8c7c@50"], board, ranks=0)
    assert hit is None and summary(missed) == summary(overall)


def test_every_runout_hits():
    """Only aces and deuces are left to come: every runout brings one, none misses."""
    hand, opponent, board = cards("As 2c Kh Kd"), cards("Qs Qh Jd Jc"), cards("4d 6h 8s 3c")
    left = cards("Ac Ad Ah 2d 2h 2s")
    dead = [c for c in range(52) if c not in hand + opponent + board + left]
    overall, hit, missed = split_equity([hand, opponent], board, dead, ranks=ACE | DEUCE)
    assert missed is None and hit.outcomes == overall.outcomes == 6
    assert summary(hit) == summary(overall)


@pytest.mark.parametrize("ranks", [-1, 8192, 1.5, True, "A"])
def test_bad_ranks(ranks):
    with pytest.raises(OmahaInputError, match="ranks"):
        split_equity(["As Ah 2c 3d", "Ks Kh Qd Jd"], "4c 5d 7s", ranks=ranks)


def test_random_hands_are_refused():
    with pytest.raises(OmahaInputError, match="random"):
        split_equity(["As Ah 2c 3d", "random"], "4c 5d 7s", ranks=ACE)
