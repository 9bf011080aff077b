"""Exact heads-up range-vs-range speed before the flop (``omaha8eq.engine.preflop``).

Suit-symmetric ranges are swept over the 134,459 suit classes of boards, each
counted as many times as its class has boards; one unit = one board class. The
sample spots take a fixed pseudo-random sample of the classes (the whole
``A2**`` vs ``15%`` spot is about 20-40 min on one core: its rate times 134,459).
"""

from __future__ import annotations

import functools

import numpy as np
import pytest

from omaha8eq.engine.board_isomorphism import board_isomorphism
from omaha8eq.engine.range_vs_range import sweep_boards
from omaha8eq.engine.spot import integer_weights
from omaha8eq.ranges.range import parse_range


@functools.cache
def _side(spec: str) -> tuple[np.ndarray, np.ndarray]:
    r = parse_range(spec)
    return r.hands, integer_weights(r.weights)


def _run(benchmark, a: str, b: str, classes: int | None, rounds: int) -> None:
    boards, sizes = board_isomorphism()
    if classes is not None:
        pick = np.sort(np.random.default_rng(1).choice(len(boards), classes, replace=False))
        boards, sizes = boards[pick], sizes[pick]
    args = (*_side(a), *_side(b), boards, sizes)
    sweep_boards(*_side(a), *_side(b), boards[:5], sizes[:5])  # compile and warm up
    benchmark.extra_info.update(unit="board classes", units=len(boards))
    benchmark.pedantic(functools.partial(sweep_boards, per_board=False), args=args, rounds=rounds, warmup_rounds=0)


def test_preflop_small_ranges(benchmark, one_thread):
    """Every class: ``AAKK:$ds`` (6 hands) vs ``AA22`` (36), the whole exact spot."""
    _run(benchmark, "AAKK:$ds", "AA22", None, 3)


@pytest.mark.slow
def test_preflop_a2_vs_15_percent_sample(benchmark, threads):
    """``A2**`` (17,316 hands) vs ``15%`` (40,610): 300 of the 134,459 classes."""
    _run(benchmark, "A2**", "15%", 300, 1)


@pytest.mark.slow
def test_preflop_random_vs_random_sample(benchmark, one_thread):
    """``100%`` vs ``100%`` (270,725 hands each, the preflop-table job): 30 classes."""
    _run(benchmark, "100%", "100%", 30, 1)
