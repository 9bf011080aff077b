"""The solver's speed (issue 46), one thread unless said.

River target: ``Ac 8c 5h 9d Ks``, 15% against 15% (about 23,500 live hands a side), pot 100,
stack 400, pot limit, bets {50%, 100%}, one raise (100%, ``raise_cap=1``): an exploitability
of at most 0.3% of the pot in at most 30 s. Beside it: one showdown evaluation (one
terminal node, one player's hands against the other's reach), one whole iteration, and the
exact range sweep of the same two ranges on the same board (``sweep_ranges``), for the
ratio. Turn target: ``Ac 8c 5h 9d``, the same ranges and tree on both streets, 2 threads,
4 GB: at most 1% of the pot within 10 minutes (a long benchmark: select it with ``-k
turn``). ``extra_info`` holds the CPU model, the load and the CPU seconds of one run.
"""

from __future__ import annotations

import functools
import os
import time
from pathlib import Path

import numpy as np

import omaha8eq
from omaha8eq.cards import cards_to_mask, parse_cards
from omaha8eq.engine.range_vs_range import sweep_ranges
from omaha8eq.evaluation import evaluate_batch
from omaha8eq.ranges.range import parse_range
from omaha8eq.solver.cfr import AVERAGE
from omaha8eq.solver.engine import SolverState, discounts
from omaha8eq.solver.showdown import prepare
from omaha8eq.solver.tree import build_tree, flatten

BOARD = "Ac 8c 5h 9d Ks"
TURN = "Ac 8c 5h 9d"
SPOT = {"pot": 100, "stack": 400, "bets": (0.5, 1.0), "raises": (1.0,), "raise_cap": 1}


def machine() -> dict[str, object]:
    models = [
        line.split(":", 1)[1].strip()
        for line in Path("/proc/cpuinfo").read_text().splitlines()
        if line.startswith("model name")
    ]
    return {"cpu": models[0] if models else "unknown", "load": os.getloadavg()[0]}


@functools.cache
def live_range() -> tuple[np.ndarray, np.ndarray]:
    live = parse_range("15%").without(cards_to_mask(parse_cards(BOARD)))
    return live.hands, live.weights


@functools.cache
def check_check_state() -> SolverState:
    """A tree of one showdown (check, check): a walk is one showdown evaluation per player."""
    hands, weights = live_range()
    board = np.array(parse_cards(BOARD), dtype=np.int8)
    high, low = evaluate_batch(hands, np.tile(board, (len(hands), 1)))
    showdown = prepare((hands, hands), (high, high), (low, low))
    return SolverState(flatten(build_tree(100, 0, (), (), 0), 100), (weights, weights), showdown)


def test_solve_15_v_15_river(benchmark, one_thread):
    """One unit = one whole solve to 0.3% of the pot."""
    started = time.process_time()
    solution = omaha8eq.solve(BOARD, "15%", "15%", **SPOT, target=0.3)
    benchmark.extra_info.update(machine(), cpu_seconds=time.process_time() - started, threads=1)
    benchmark.extra_info.update(iterations=solution.iterations, exploitability=solution.exploitability)
    assert solution.exploitability <= 0.3
    benchmark.pedantic(omaha8eq.solve, args=(BOARD, "15%", "15%"), kwargs={**SPOT, "target": 0.3}, rounds=1)


def test_solve_15_v_15_turn(benchmark):
    """One unit = one whole turn solve to 1% of the pot on 2 threads within 4 GB."""
    kwargs = {**SPOT, "target": 1.0, "threads": 2, "max_memory": 4_000_000_000, "max_work": 10**13}
    started = time.process_time()
    solution = benchmark.pedantic(omaha8eq.solve, args=(TURN, "15%", "15%"), kwargs=kwargs, rounds=1)
    benchmark.extra_info.update(machine(), cpu_seconds=time.process_time() - started, threads=2)
    benchmark.extra_info.update(iterations=solution.iterations, exploitability=solution.exploitability)
    assert solution.exploitability <= 1.0


def test_one_showdown_evaluation(benchmark, one_thread):
    """One unit = one showdown: one player's hands against the other's reach (two per walk here)."""
    state = check_check_state()
    weights = discounts("dcfr", 1)
    benchmark.extra_info.update(machine(), threads=1, hands=len(live_range()[0]))
    benchmark.pedantic(state._walk, args=(AVERAGE, 0, weights), rounds=10)


def test_one_range_sweep(benchmark, one_thread):
    """The exact range sweep of the same ranges on the same river, for the ratio."""
    hands, _ = live_range()
    ones = np.ones(len(hands), dtype=np.int64)
    board = parse_cards(BOARD)
    benchmark.extra_info.update(machine(), threads=1)
    benchmark.pedantic(sweep_ranges, args=(hands, ones, hands, ones, board, ()), rounds=5)
