"""Exact heads-up range-vs-range speed (``omaha8eq.engine.range_vs_range``), the spots of issue 12.

One unit = one whole spot (every runout, every hand of both ranges). The targets
(one thread): 15% vs 15% river <= 20 ms, turn <= 0.6 s, flop <= 12 s (2 threads
<= 7 s); a known hand vs 15% turn <= 10 ms, flop <= 0.3 s.
"""

from __future__ import annotations

import functools

import numpy as np
import pytest

from omaha8eq.cards import parse_cards
from omaha8eq.engine.range_vs_range import sweep_ranges
from omaha8eq.ranges.range import parse_range

BOARDS = {"river": "Ac 8c 5h 9d Ks", "turn": "Ac 8c 5h 9d", "flop": "Ac 8c 5h"}


@functools.cache
def _side(spec: str, hole_size: int = 4) -> tuple[np.ndarray, np.ndarray]:
    """A range's hands with unit weights, or one known hand."""
    hands = parse_range(spec, hole_size=hole_size).hands if "%" in spec else np.array([parse_cards(spec)])
    return hands, np.ones(len(hands), dtype=np.int64)


def _run(benchmark, a: str, b: str, street: str, rounds: int, hole_size: int = 4) -> None:
    args = (*_side(a, hole_size), *_side(b, hole_size), parse_cards(BOARDS[street]), ())
    sweep_ranges(*args)  # compile and warm up
    benchmark.extra_info.update(unit="spots", units=1, street=street)
    benchmark.pedantic(sweep_ranges, args=args, rounds=rounds, warmup_rounds=0)


@pytest.mark.parametrize(("street", "rounds"), [("river", 20), ("turn", 3)])
def test_range_vs_range(benchmark, one_thread, street, rounds):
    _run(benchmark, "15%", "15%", street, rounds)


@pytest.mark.slow
def test_range_vs_range_flop(benchmark, threads):
    _run(benchmark, "15%", "15%", "flop", 1)


@pytest.mark.parametrize(("street", "rounds"), [("turn", 20), ("flop", 3)])
def test_hand_vs_range(benchmark, one_thread, street, rounds):
    _run(benchmark, "As Ah 2c 3d", "15%", street, rounds)


@pytest.mark.slow
@pytest.mark.parametrize("hole_size", [5, 6])
def test_range_vs_range_more_cards_turn(benchmark, one_thread, hole_size):
    _run(benchmark, "15%", "15%", "turn", 1, hole_size)


def _run_equity(benchmark, hands: list[str], street: str, rounds: int, **options: object) -> None:
    """``omaha8eq.equity(hands, board, exhaustive=True, threads=1)`` end to end: parsing the
    ranges, the sweep and the result (the range parser caches nothing: it is timed too)."""
    from omaha8eq import equity

    call = functools.partial(equity, hands, BOARDS[street], exhaustive=True, threads=1, **options)
    call()  # compile and warm up
    benchmark.extra_info.update(unit="spots", units=1, street=street)
    benchmark.pedantic(call, rounds=rounds, warmup_rounds=0)


@pytest.mark.parametrize(("street", "rounds"), [("river", 10), ("turn", 3)])
def test_equity_range_vs_range(benchmark, street, rounds):
    _run_equity(benchmark, ["15%", "15%"], street, rounds)


@pytest.mark.parametrize(("street", "rounds"), [("turn", 10), ("flop", 3)])
def test_equity_hand_vs_range(benchmark, street, rounds):
    _run_equity(benchmark, ["As Ah 2c 3d", "15%"], street, rounds)


@pytest.mark.parametrize("street", ["river", "turn"])
def test_equity_range_vs_range_by_hand(benchmark, street):
    _run_equity(benchmark, ["15%", "15%"], street, 3, by_hand=True)
