"""The river solver: a game with a known answer, an exact best response recomputed in plain
Python, zero sums, determinism, the exploitability's course, the tree and bad input."""

from __future__ import annotations

import itertools
import json
import re

import numpy as np
import pytest
from solver.naive_solver import best_response

import omaha8eq
from omaha8eq.cards import parse_cards
from omaha8eq.errors import OmahaInputError
from omaha8eq.ranges.range import Range
from omaha8eq.solver.tree import FOLD, IP, OOP, SHOWDOWN, build_tree, flatten

NO_LOW_BOARD = "Kc Kd 9h 9s 2c"  # one rank of 8 or lower: no low is possible


def cards(text: str) -> list[int]:
    return list(parse_cards(text))


def toy_ranges() -> tuple[Range, Range, int, int]:
    """The polarised game on ``NO_LOW_BOARD``, with disjoint card sets (no card removal):
    IP holds quad kings (Kh Ks and two of 3c-8c: the value) or four different ranks of
    3-8 in diamonds and hearts (air: a pair of kings from the board); OOP holds four of
    the jacks and queens (two pair, kings and its pair: a bluff-catcher)."""
    value = [cards("Kh Ks") + list(pair) for pair in itertools.combinations(cards("3c 4c 5c 6c 7c 8c"), 2)]
    low_cards = {r: cards(f"{r}d {r}h") for r in "345678"}
    air = [
        list(choice)
        for ranks in itertools.combinations("345678", 4)
        for choice in itertools.product(*(low_cards[r] for r in ranks))
    ]
    catchers = [list(c) for c in itertools.combinations(cards("Qc Qd Qh Qs Jc Jd Jh Js"), 4)]
    return Range(catchers), Range(value + air), len(value), len(air)


def test_the_polarised_game_reaches_its_analytic_equilibrium():
    """Pot P = 100, one bet B = 100 (all-in), no raise. At equilibrium IP bets all its
    value and bluffs so that bluffs are B / (P + 2B) = 1/3 of its bets, and OOP calls
    P / (P + B) = 1/2 of the time (docs/solver.md derives both); OOP never leads (a lead is
    called by the value only)."""
    oop, ip, n_value, n_air = toy_ranges()
    solution = omaha8eq.solve(
        NO_LOW_BOARD, oop, ip, pot=100, stack=100, bets=(1.0,), raises=(), raise_cap=0, target=0.01,
        max_iterations=3000,
    )  # fmt: skip
    assert solution.exploitability <= 0.01
    root = solution.node("")
    assert root.actions == ("check", "all-in 100")
    assert root.overall[0] > 0.99
    after_check = solution.node("check")
    assert after_check.actions == ("check", "all-in 100")
    value = np.array([set(cards("Kh Ks")) <= set(h.tolist()) for h in after_check.hands])
    w = after_check.weight
    bets = w * after_check.frequencies[:, 1]
    value_bets, bluffs = bets[value].sum(), bets[~value].sum()
    assert value_bets / w[value].sum() == pytest.approx(1.0, abs=0.01)
    assert bluffs / (bluffs + value_bets) == pytest.approx(100 / (100 + 2 * 100), abs=0.01)
    facing = solution.node("check, all-in 100")
    assert facing.actions == ("fold", "call")
    assert facing.overall[1] == pytest.approx(100 / (100 + 100), abs=0.01)
    assert n_value == 15 and n_air == 240
    # IP's value wins P + B half the time and P otherwise, its air nothing: its EV in chips.
    assert solution.ev[1] == pytest.approx(n_value / (n_value + n_air) * (100 + 100 * 0.5), abs=0.01 * 100 / 100)


def small_spot(game: str = "omaha8", hole: int = 4):
    board = "Ac 8c 5h 9d Ks" if game.startswith("omaha8") else "Qc Jd 5h 9d 2s"
    rng = np.random.default_rng(7)
    deck = [c for c in range(52) if c not in parse_cards(board)]
    hands = [sorted(rng.choice(deck, hole, replace=False).tolist()) for _ in range(50)]
    return board, Range(hands[:25]), Range(hands[25:])


@pytest.mark.parametrize("game", ["omaha8", "omahahi"])
def test_the_exploitability_is_what_a_plain_best_response_gains(game):
    board, oop, ip = small_spot(game)
    solution = omaha8eq.solve(
        board, oop, ip, pot=60, stack=150, bets=(0.5, 1.0), raises=(1.0,), raise_cap=2, game=game, target=0.0,
        max_iterations=40,
    )  # fmt: skip
    board_cards = parse_cards(board)
    gains = [best_response(solution, p, board_cards) for p in (0, 1)]
    expected = 100 * (gains[0] + gains[1] - 60) / 2 / 60
    assert solution.exploitability == pytest.approx(expected, abs=1e-9)
    assert solution.exploitability > 0  # 40 iterations are not an equilibrium: the check compares something
    # Each best response gains at least the player's value under the average strategies.
    assert gains[0] >= solution.ev[0] - 1e-9 and gains[1] >= solution.ev[1] - 1e-9


def test_the_evs_add_up_to_the_pot_and_the_payoffs_at_every_terminal_too():
    board, oop, ip = small_spot()
    solution = omaha8eq.solve(board, oop, ip, pot=80, stack=200, target=0.0, max_iterations=30)
    assert sum(solution.ev) == pytest.approx(80, rel=1e-12)
    # One hand each: at every terminal, payoff = counterfactual value / the other's reach.
    one = omaha8eq.solve(board, "AhAd2c3c", "KcKhQsQh", pot=80, stack=200, target=0.0, max_iterations=30)
    tree, avg = one.tree, one.averages
    checked = 0
    for node in range(tree.size):
        if tree.kind[node] < FOLD:
            continue
        reach = [avg.reach[q][node, 0] for q in (0, 1)]
        if min(reach) <= 1e-12:
            continue
        payoffs = [avg.values[p][node, 0] / reach[1 - p] for p in (0, 1)]
        assert payoffs[0] + payoffs[1] == pytest.approx(80, abs=1e-9)
        checked += 1
    assert checked >= 5
    assert sum(one.ev) == pytest.approx(80, rel=1e-12)


def test_the_exploitability_falls():
    board, oop, ip = small_spot()
    solution = omaha8eq.solve(board, oop, ip, pot=100, stack=300, target=0.0, max_iterations=200)
    course = [e for _, e in solution.history]
    assert len(course) == 20 and course[-1] < course[0] / 10
    for before, after in itertools.pairwise(course[2:]):
        assert after <= before * 1.25 + 1e-6  # noise, never a climb


def test_the_same_inputs_give_the_same_strategy_on_any_thread_count():
    import numba

    board, oop, ip = small_spot()
    runs = []
    for threads in (1, numba.config.NUMBA_NUM_THREADS):
        numba.set_num_threads(threads)
        runs.append(omaha8eq.solve(board, oop, ip, pot=100, stack=300, target=0.0, max_iterations=20))
    numba.set_num_threads(numba.config.NUMBA_NUM_THREADS)
    for q in (0, 1):
        assert np.array_equal(runs[0].averages.strategy[q], runs[1].averages.strategy[q])
    assert runs[0].history == runs[1].history


def test_the_result_prints_and_converts():
    board, oop, ip = small_spot()
    solution = omaha8eq.solve(board, oop, ip, pot=100, stack=300, target=0.0, max_iterations=10)
    text = str(solution)
    assert "check %" in text and "Exploitability" in text and "no low" in text
    document = solution.to_dict(hands=True)
    json.dumps(document, allow_nan=False)
    assert document["nodes"][0]["history"] == [] and document["nodes"][0]["player"] == "OOP"
    shares = [row["share"] for row in document["nodes"][0]["by_class"] if row["group"] == "high"]
    assert sum(shares) == pytest.approx(1.0)
    assert solution._repr_html_().startswith("<div>")


def test_the_tree_pot_limit_caps_and_merges_sizes():
    root = build_tree(100, 400, (0.5, 1.0, 1.5), (1.0,), 3, "pot")
    assert root.actions == ["check", "bet 50", "bet 100"]  # 150 is above the pot: capped and merged
    raise_node = root.children[2]
    assert raise_node.kind == IP and raise_node.actions == ["fold", "call", "all-in 400"]  # 100 + 300 = the stack
    no_limit = build_tree(100, 400, (0.5, 1.0, 1.5), (1.0,), 3, "no")
    assert no_limit.actions == ["check", "bet 50", "bet 100", "bet 150", "all-in 400"]
    short = build_tree(100, 60, (0.5, 1.0), (1.0,), 3, "pot")
    assert short.actions == ["check", "bet 50", "all-in 60"]
    flat = flatten(root, 100)
    assert (
        flat.kind[0] == OOP and (flat.first_child[flat.first_child >= 0] > np.flatnonzero(flat.first_child >= 0)).all()
    )
    for node in flat.nodes:
        if node.kind == SHOWDOWN:
            assert node.contributed[0] == node.contributed[1]


def test_the_raise_cap_limits_the_raises():
    root = build_tree(100, 10_000, (1.0,), (1.0,), 1, "pot")
    facing_raise = root.children[1].children[2]  # bet 100, raise to 400
    assert root.children[1].actions[2] == "raise to 400"
    assert facing_raise.actions == ["fold", "call"]


@pytest.mark.parametrize(
    ("kwargs", "named"),
    [
        ({"board": "Ac 8c 5h"}, "board"),
        ({"pot": -1}, "pot"),
        ({"stack": float("nan")}, "stack"),
        ({"bets": (0.5, -1)}, "bets[1]"),
        ({"bets": "50"}, "bets"),
        ({"limit": "fixed"}, "limit"),
        ({"raise_cap": 99}, "raise_cap"),
        ({"oop": "AcAd2c3c"}, "oop"),
        ({"ip": 5}, "ip"),
        ({"algorithm": "mccfr"}, "algorithm"),
        ({"max_iterations": 0}, "max_iterations"),
        ({"game": "omaha9"}, "game"),
        ({"max_memory": 1000}, "max_memory"),
        ({"oop": "15%", "max_work": 10**6}, "max_work"),
    ],
)
def test_bad_input_is_refused_by_name(kwargs, named):
    call = {"board": "Ac 8c 5h 9d Ks", "oop": "AA2*", "ip": "KK:$ds", "pot": 100, "stack": 400, **kwargs}
    with pytest.raises(OmahaInputError, match="^" + re.escape(named)):
        omaha8eq.solve(call.pop("board"), call.pop("oop"), call.pop("ip"), **call)
