"""The compiled showdown values against a plain pair loop (``naive_solver``).

The values are read through the solver's one compiled entry point: a tree with no bet
(check, check, showdown) walked with both players' strategies fixed, so the root's values
are the showdown's ``sum over disjoint y of reach[y] * pot * share(x, y)`` and the norm
the disjoint reach ``sum of reach[y]``.
"""

from __future__ import annotations

import numpy as np
import pytest
from solver.naive_solver import hand_values, showdown_sums

from omaha8eq.cards import parse_cards
from omaha8eq.evaluation import evaluate_batch
from omaha8eq.solver.cfr import AVERAGE
from omaha8eq.solver.engine import SolverState, discounts
from omaha8eq.solver.showdown import prepare
from omaha8eq.solver.tree import build_tree, flatten

POT = 1.0


def compiled_sums(hands, reach, board, hilo):
    """Both players' (shares, disjoint reach) from the compiled walk of a check-check tree."""
    board_rows = np.array(board, dtype=np.int8)
    ev = [evaluate_batch(h, np.tile(board_rows, (len(h), 1)), low=hilo) for h in hands]
    showdown = prepare(hands, (ev[0][0], ev[1][0]), (ev[0][1], ev[1][1]))
    tree = flatten(build_tree(POT, 0.0, (), (), 0), POT)
    state = SolverState(tree, reach, showdown)
    out = []
    for p in (0, 1):
        values = state._walk(AVERAGE, p, discounts("dcfr", 1)).copy()
        out.append((values / POT, state._norm[0, : len(hands[p])].copy()))
    return out


def random_hands(rng, board, hole_size, count, pool=None):
    """``count`` distinct random hands (cards ascending) holding no board card, from ``pool``."""
    deck = np.array([c for c in (range(52) if pool is None else pool) if c not in board])
    seen = set()
    rows = []
    while len(rows) < count:
        row = tuple(sorted(rng.choice(deck, hole_size, replace=False).tolist()))
        if row not in seen:
            seen.add(row)
            rows.append(row)
    return np.array(rows, dtype=np.int8)


BOARDS = {
    "low possible": "Ac 8c 5h 9d Ks",
    "wheel board": "2c 3d 4h 5s Kd",
    "no low": "Kc Kd 9h 9s 2c",
    "paired low": "2c 2d 7h 7s 8c",
}


@pytest.mark.parametrize("hilo", [True, False], ids=["hilo", "high"])
@pytest.mark.parametrize("hole_size", [4, 5])
@pytest.mark.parametrize("board_name", sorted(BOARDS))
def test_showdown_matches_the_pair_loop(board_name, hole_size, hilo):
    board = parse_cards(BOARDS[board_name])
    rng = np.random.default_rng(hole_size * 100 + len(board_name) + hilo)
    # A small pool of cards: many shared cards, identical hands on both sides, ties.
    pool = [c for c in range(52) if c not in board][:18]
    h0 = random_hands(rng, board, hole_size, 40, pool)
    h1 = np.concatenate([h0[:8], random_hands(rng, board, hole_size, 30, pool)])
    h1 = np.unique(h1, axis=0)
    hands = (h0, h1)
    reach = (rng.uniform(0.1, 1.0, len(h0)), rng.uniform(0.0, 1.0, len(h1)))
    reach[1][::5] = 0.0
    compiled = compiled_sums(hands, reach, board, hilo)
    values = [hand_values(h, board, hilo) for h in hands]
    for p in (0, 1):
        shares, totals = showdown_sums(hands, reach[1 - p], values, p)
        np.testing.assert_allclose(compiled[p][0], shares, rtol=0, atol=1e-9)
        np.testing.assert_allclose(compiled[p][1], totals, rtol=0, atol=1e-9)


def one_against_one(mine: str, theirs: str, board: str, hilo: bool = True) -> float:
    hands = (
        np.array([sorted(parse_cards(mine))], dtype=np.int8),
        np.array([sorted(parse_cards(theirs))], dtype=np.int8),
    )
    compiled = compiled_sums(hands, (np.ones(1), np.ones(1)), parse_cards(board), hilo)
    return float(compiled[0][0][0])


def test_the_same_nut_low_and_a_better_high_wins_three_quarters():
    # Both hold A-3 for 7-4-3-2-A; kings beat queens: 1/2 + 1/4 for the first, a quarter for the second.
    assert one_against_one("Ah 3h Kd Jc", "As 3c Qh Td", "2c 4d 7h Ks Qs") == 0.75
    assert one_against_one("As 3c Qh Td", "Ah 3h Kd Jc", "2c 4d 7h Ks Qs") == 0.25


def test_a_hand_locked_to_a_quarter():
    # Both make the nine-high straight 5-6-7-8-9; only the second has a low (7-5-4-2-A):
    # the first is quartered (a tied high: 1/4; the low lost: 0), the second takes 3/4.
    board = "4c 5d 6h 7s Kd"
    assert one_against_one("8c 9d Jh Js", "8h 9s Ac 2d", board) == 0.25
    assert one_against_one("8h 9s Ac 2d", "8c 9d Jh Js", board) == 0.75
    # Rules' example 1, heads-up: B (As 2s 6d 7d) and C (6s 7s 8d 9d) tie the high; B alone has the low.
    assert one_against_one("6s 7s 8d 9d", "As 2s 6d 7d", "4c 5d Ks Qs 8c") == 0.25
    assert one_against_one("As 2s 6d 7d", "6s 7s 8d 9d", "4c 5d Ks Qs 8c") == 0.75


def test_no_low_gives_the_whole_pot_to_the_high():
    assert one_against_one("Ah 2h Kh Jc", "Qs Qc 3d 4d", "Kc Kd 9h 9s 2c") == 1.0
    assert one_against_one("Qs Qc 3d 4d", "Ah 2h Kh Jc", "Kc Kd 9h 9s 2c") == 0.0


def test_a_scoop_and_a_split_pot():
    assert one_against_one("As Ah 3d 6s", "Kh Qd Jc Th", "Ad 8c 5h Ks 2c") == 1.0  # the rules' example 2
    assert one_against_one("As 2s Kd Kc", "Ah 2h Kh Qc", "3c 4d 8h Js Ks", hilo=False) == 1.0
    # Identical strengths both ways: a split.
    assert one_against_one("As 2s Td Tc", "Ah 2h Th Ts", "3c 4d 8h Js Ks") == 0.5
