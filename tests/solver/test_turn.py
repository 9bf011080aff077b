"""The turn solver: the turn's and the river's trees with a chance node between them, an
exact best response through the chance node recomputed in plain Python, card removal on
the river cards, zero sums, determinism on any thread count, the cost refused with its
estimate, progress per iteration and the river's strategies read back."""

from __future__ import annotations

import re

import numpy as np
import pytest
from solver.naive_solver import turn_best_response

import omaha8eq
from omaha8eq.cards import parse_cards
from omaha8eq.errors import OmahaInputError
from omaha8eq.games import GAMES, game_for
from omaha8eq.ranges.range import Range
from omaha8eq.solver.api import solve_cost
from omaha8eq.solver.tree import CHANCE, FOLD, IP, OOP, SHOWDOWN, build_tree, build_turn, flatten

TURN = "Ac 8c 5h 9d"
SMALL = {"pot": 60, "stack": 150, "bets": (1.0,), "raises": (), "raise_cap": 0}


def tiny_ranges(board: str, count: int, hole: int = 4, seed: int = 7) -> tuple[Range, Range]:
    rng = np.random.default_rng(seed)
    deck = [c for c in range(52) if c not in parse_cards(board)]
    hands = [sorted(rng.choice(deck, hole, replace=False).tolist()) for _ in range(2 * count)]
    return Range(hands[:count]), Range(hands[count:])


def test_the_turn_tree_closes_into_chance_nodes_with_the_rivers_tree_after_each():
    game = build_turn(100, 400, (0.5, 1.0), (1.0,), 1)
    turn = game.turn
    assert [turn.nodes[i].history for i in game.chance][:3] == [("check", "check"), ("bet 50", "call"),
                                                                ("bet 100", "call")]  # fmt: skip
    assert not (turn.kind == SHOWDOWN).any() and len(game.chance) == int((turn.kind == CHANCE).sum()) == 9
    by_history = {turn.nodes[i].history: river for i, river in zip(game.chance, game.rivers, strict=True)}
    # After check, check: the river's tree from the same pot and stacks, payoffs unshifted.
    assert by_history["check", "check"].size == 27 and by_history["check", "check"].contributed[0].tolist() == [0, 0]
    # After bet 50, call: pot 200, 350 behind: a pot-size river bet is 200; payoffs count the turn's 50.
    after = by_history["bet 50", "call"]
    assert after.nodes[0].actions == ["check", "bet 100", "bet 200"]
    assert after.contributed[0].tolist() == [50, 50] and after.pot == 100
    # All-in on the turn: the river is only a showdown.
    all_in = by_history["bet 100", "all-in 400", "call"]
    assert all_in.size == 1 and all_in.kind[0] == SHOWDOWN and all_in.contributed[0].tolist() == [400, 400]
    assert turn.kind[0] == OOP and turn.kind[turn.first_child[0]] == IP


@pytest.mark.parametrize("game", ["omaha8", "omahahi"])
def test_the_turn_exploitability_is_what_a_plain_best_response_through_the_chance_node_gains(game):
    board = TURN if game == "omaha8" else "Qc Jd 5h 9d"
    oop, ip = tiny_ranges(board, 5)
    solution = omaha8eq.solve(board, oop, ip, **SMALL, game=game, target=0.0, max_iterations=20)
    assert solution.street == "turn"
    board_cards = parse_cards(board)
    gains = [turn_best_response(solution, p, board_cards) for p in (0, 1)]
    expected = 100 * (gains[0] + gains[1] - 60) / 2 / 60
    assert solution.exploitability == pytest.approx(expected, abs=1e-9)
    assert solution.exploitability > 0.01  # 20 iterations of a 10-hand game: the check compares something
    assert gains[0] >= solution.ev[0] - 1e-9 and gains[1] >= solution.ev[1] - 1e-9


def test_a_hand_is_not_dealt_a_river_card_it_holds():
    oop, ip = tiny_ranges(TURN, 6)
    solution = omaha8eq.solve(TURN, oop, ip, **SMALL, target=0.0, max_iterations=10)
    held = int(solution.hands[0][0][0])
    river = solution.river("check, check", held)
    assert len(river.hands[0]) == len(solution.hands[0]) - sum(held in h.tolist() for h in solution.hands[0])
    assert not any(held in h.tolist() for q in (0, 1) for h in river.hands[q])
    assert river.board.split()[:4] == TURN.split() and river.street == "river"


def test_the_turn_evs_add_up_to_the_pot_and_the_river_evs_too():
    oop, ip = tiny_ranges(TURN, 8, seed=3)
    solution = omaha8eq.solve(TURN, oop, ip, pot=100, stack=300, target=0.0, max_iterations=20)
    assert sum(solution.ev) == pytest.approx(100, rel=1e-12)
    river = solution.river("bet 100, call", "2s")
    assert sum(river.ev) == pytest.approx(100, rel=1e-12)  # the turn's payoffs: of the turn's pot
    # Pot 300 after the turn's bet and call, 200 behind: half the pot, or all-in (below the pot).
    assert river.node("").actions == ("check", "bet 150", "all-in 200")
    with pytest.raises(OmahaInputError, match=r"^history"):
        solution.river("bet 100", "2s")
    with pytest.raises(OmahaInputError, match=r"^card"):
        solution.river("bet 100, call", "Ac")


def test_a_river_card_that_every_hand_of_one_range_holds_is_refused_by_name():
    solution = omaha8eq.solve(TURN, "AhAd2s3s,AhAs2d3d", "KsKhQdJd,QsQhJdTd", **SMALL, target=0.0, max_iterations=2)
    with pytest.raises(OmahaInputError, match=r"^card: every hand of oop's range .* holds Ah"):
        solution.river("check, check", "Ah")
    with pytest.raises(OmahaInputError, match=r"^card: every hand of ip's range .* holds Jd"):
        solution.river("bet 60, call", "Jd")
    river = solution.river("check, check", "2c")  # a card nobody holds: every hand plays
    assert [len(h) for h in river.hands] == [2, 2]
    assert all(np.isfinite(f) for f in river.node("").overall)


def test_the_turn_gives_the_same_strategy_on_any_thread_count():
    oop, ip = tiny_ranges(TURN, 12, seed=5)
    runs = [
        omaha8eq.solve(TURN, oop, ip, pot=100, stack=300, target=0.0, max_iterations=12, threads=threads)
        for threads in (1, 2)
    ]
    for q in (0, 1):
        assert np.array_equal(runs[0].averages.strategy[q], runs[1].averages.strategy[q])
        assert np.array_equal(runs[0].rivers.ssum[q], runs[1].rivers.ssum[q])
    assert runs[0].history == runs[1].history


def test_the_turn_reports_progress_each_iteration():
    oop, ip = tiny_ranges(TURN, 4)
    seen = []
    omaha8eq.solve(TURN, oop, ip, **SMALL, target=0.0, max_iterations=12, progress=lambda d, t: seen.append(d))
    assert [d for d in seen if d > 0] == list(range(1, 13))


def test_the_turn_cost_counts_every_river_and_is_refused_with_its_estimate():
    game = build_turn(100, 400, (0.5, 1.0), (1.0,), 1)
    cost = solve_cost((40_000, 40_000), GAMES["omaha8"], game, 500, threads=2)
    assert cost.rivers == 48 and cost.nodes == 27 + 48 * sum(t.size for t in game.rivers)
    assert 1.5e9 < cost.memory < 3e9  # the regrets and strategy sums of every river tree: 2 x 4 B x rows x hands
    with pytest.raises(OmahaInputError, match=r"^max_work: .*over 48 river cards"):
        omaha8eq.solve(TURN, "15%", "15%", pot=100, stack=400, max_work=10**9)
    with pytest.raises(OmahaInputError, match=r"^max_memory: .*over 48 river cards"):
        omaha8eq.solve(TURN, "15%", "15%", pot=100, stack=400, max_memory=10**9)


def test_the_cost_counts_each_walk_s_passes_and_the_low_sweeps_only_where_the_board_allows_a_low():
    river = flatten(build_tree(100, 400, (0.5, 1.0), (1.0,), 1), 100)
    assert (int((river.kind == FOLD).sum()), int((river.kind == SHOWDOWN).sum())) == (8, 9)

    def work(board, tree, hilo=True):
        return solve_cost((40_000, 40_000), game_for(4, hilo), tree, 1, board=parse_cards(board)).work

    # Per iteration, two walks: 17 disjoint reaches each less one per fold (a player's fold
    # and call share one in his walk), and 3 sweeps per showdown with a low possible, else 1.
    assert work("Ac 8c 5h 9d Ks", river) / work("Kc Kd 9h 9s 2c", river) == pytest.approx(80 / 44)
    assert work("Ac 8c 5h 9d Ks", river, hilo=False) == work("Kc Kd 9h 9s 2c", river)
    game = build_turn(100, 400, (0.5, 1.0), (1.0,), 1)
    # No low on any river of a turn without a low card; on every river of one with three.
    assert work("Kc Kd 9h 9s", game) == work("Ac 8c 5h 9d", game, hilo=False) < work("Ac 8c 5h 9d", game)


@pytest.mark.parametrize(("board", "named"), [("Ac 8c 5h", "board"), ("Ac 8c 5h 9d Ks 2c", "board")])
def test_bad_boards_are_refused_by_name(board, named):
    with pytest.raises(OmahaInputError, match="^" + re.escape(named)):
        omaha8eq.solve(board, "AA2*", "KK:$ds", pot=100, stack=400)
