"""Flop and turn range vs range, runouts shared against every runout swept (issue 30).

The shared path is ``sweep_ranges`` as it is; the path it replaces is the same call
with the sharing switched off inside this benchmark only (``share=False``: the
engine's orbit finder patched to return the identity alone, so every runout is
swept, as before). Both run alternately in one process, each round timed by its
process CPU time (every thread's), and the ratio of the medians is printed with the
CPU model and the load average. The counts of both paths are checked equal, hand
for hand and board for board. Targets (issue 30, 1 thread): ``15%`` v ``15%`` on
``Ac 8c 5h`` <= 3 s (7.3 s before), on ``Ac 8c 5h 9d`` <= 0.15 s.
"""

from __future__ import annotations

import contextlib
import functools
import os
import statistics
import time
from collections.abc import Iterator

import numpy as np
import pytest
from yardstick import cpu_model

from omaha8eq.cards import parse_cards
from omaha8eq.engine import range_vs_range
from omaha8eq.engine.range_vs_range import RangeSweep, sweep_ranges
from omaha8eq.engine.runout_symmetry import RunoutOrbits
from omaha8eq.ranges.range import parse_range

SPOTS = {"flop": "Ac 8c 5h", "turn": "Ac 8c 5h 9d", "turn with spades free": "Ac 8c 5h Kh"}


def _every_runout(masks, weights, n_a, known_mask, board_masks, board_weights) -> RunoutOrbits:
    """The identity alone: each runout its own orbit (the path before the sharing)."""
    n = len(board_masks)
    every = np.arange(n, dtype=np.int64)
    return RunoutOrbits(
        np.arange(len(masks), dtype=np.int64)[np.newaxis], np.ones(n, dtype=bool), board_weights.copy(), every,
        np.ones(n, dtype=np.int64),
    )  # fmt: skip


@contextlib.contextmanager
def _sharing(share: bool) -> Iterator[None]:
    original = range_vs_range.runout_orbits
    range_vs_range.runout_orbits = original if share else _every_runout  # type: ignore[assignment]
    try:
        yield
    finally:
        range_vs_range.runout_orbits = original  # type: ignore[assignment]


@functools.cache
def _side(spec: str) -> tuple[np.ndarray, np.ndarray]:
    hands = parse_range(spec).hands
    return hands, np.ones(len(hands), dtype=np.int64)


def _timed(share: bool, board: str) -> tuple[float, RangeSweep]:
    args = (*_side("15%"), *_side("15%"), parse_cards(board), ())
    with _sharing(share):
        start = time.process_time()
        swept = sweep_ranges(*args)
        return time.process_time() - start, swept


def _compare(benchmark, street: str, rounds: int) -> None:
    board = SPOTS[street]
    _timed(True, board)  # compile and warm up
    seconds: dict[bool, list[float]] = {True: [], False: []}
    results: dict[bool, RangeSweep] = {}
    for _ in range(rounds):
        for share in (False, True):
            elapsed, results[share] = _timed(share, board)
            seconds[share].append(elapsed)
    old, new = results[False], results[True]
    for name in ("hands_a", "hands_b", "dealt_a", "dealt_b", "total_a", "total_b", "board_totals"):
        assert np.array_equal(getattr(old, name), getattr(new, name)), name
    before, after = statistics.median(seconds[False]), statistics.median(seconds[True])
    load = os.getloadavg()[0]
    benchmark.extra_info.update(
        unit="spots", units=1, street=street, cpu_s_every_runout=round(before, 3), cpu_s_shared=round(after, 3),
        ratio=round(before / after, 2), cpu=cpu_model(), load=round(load, 2),
    )  # fmt: skip
    print(
        f"\n15% v 15% on {board}: every runout {before:.3f} s CPU, shared {after:.3f} s "
        f"({before / after:.2f}x less), {cpu_model()}, load {load:.2f}"
    )
    benchmark.pedantic(lambda: None, rounds=1)


@pytest.mark.slow
def test_flop_runouts_shared(benchmark, threads):
    _compare(benchmark, "flop", 2)


@pytest.mark.parametrize("street", ["turn", "turn with spades free"])
def test_turn_runouts_shared(benchmark, threads, street):
    _compare(benchmark, street, 5)
