"""Double board and running it N times (issue 27's speed table, one thread), beside a single board.

Targets (1 thread): two flops heads-up exact <= 0.5 s; two turns heads-up exact <= 10 ms; a
6-player bomb pot with random hands, 1,000,000 samples <= 1 s; run it twice heads-up all-in on the
flop exact <= 0.5 s. The single-board rows are there for the ratio (the machine's load moves
absolute figures). Each row's ``extra_info`` also holds the CPU model, the load average and the
process (CPU) seconds of one run: on a shared machine the wall time follows the other work, the
CPU seconds much less (``pytest benchmarks/test_bench_boards.py --benchmark-columns=min,median``).
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from pathlib import Path

import pytest

import omaha8eq

ACES, KINGS = "As Ah 2c 3d", "Ks Kh Qd Jd"
SPOTS = {
    "two flops, heads-up, exact": ([ACES, KINGS], ("4c 5d 7s", "Kc Qs 9h"), {}),
    "two turns, heads-up, exact": ([ACES, KINGS], ("4c 5d 7s 8h", "Kc Qs 9h 2d"), {}),
    "run it twice, heads-up flop, exact": ([ACES, KINGS], "4c 5d 7s", {"runs": 2}),
    "6-player bomb pot, random hands, 1M samples": ([ACES] + ["random"] * 5, ("", ""), {"samples": 1_000_000}),
    "6-player bomb pot from two flops, 1M samples": (
        [ACES] + ["random"] * 5,
        ("Kc Qs 9h", "8d 7d 6s"),
        {"samples": 1_000_000},
    ),
}


def _machine(run: Callable[[], object]) -> dict[str, object]:
    """The CPU, the load (1-minute average) and the CPU seconds of one ``run()``."""
    cpuinfo = Path("/proc/cpuinfo")
    models = [
        line.split(":", 1)[1].strip() for line in cpuinfo.read_text().splitlines() if line.startswith("model name")
    ]
    started = time.process_time()
    run()
    return {
        "cpu": models[0] if models else "unknown",
        "load": os.getloadavg()[0],
        "cpu_seconds": time.process_time() - started,
    }


@pytest.mark.parametrize("spot", list(SPOTS))
def test_boards(benchmark, one_thread, spot):
    """One unit = one whole run (``outcomes`` deals)."""
    hands, boards, options = SPOTS[spot]
    result = omaha8eq.boards_equity(hands, boards, seed=1, **options)
    benchmark.extra_info.update(unit="runs", units=1, deals=result.outcomes, threads=1)
    benchmark.extra_info.update(_machine(lambda: omaha8eq.boards_equity(hands, boards, seed=1, **options)))
    benchmark.pedantic(omaha8eq.boards_equity, args=(hands, boards), kwargs={"seed": 1, **options}, rounds=3)


def test_single_board_bomb_pot(benchmark, one_thread):
    """The same 6-player Monte Carlo on one board: the double board's time is about twice this."""
    hands = [ACES] + ["random"] * 5
    omaha8eq.equity(hands, samples=1000, seed=1)
    benchmark.extra_info.update(unit="runs", units=1, deals=1_000_000, threads=1)
    benchmark.extra_info.update(_machine(lambda: omaha8eq.equity(hands, samples=1_000_000, seed=1)))
    benchmark.pedantic(omaha8eq.equity, args=(hands,), kwargs={"samples": 1_000_000, "seed": 1}, rounds=3)
