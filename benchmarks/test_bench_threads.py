"""Threads under load: the default ``equity()`` against ``threads=1`` beside busy neighbours.

The benchmark makes its own neighbours: two processes that call ``omaha8eq.equity`` with
``threads=2`` in a loop (parallel numba work, the case that made a default call 50 times
slower than one thread), each for at most ``NEIGHBOUR_SECONDS``. Meanwhile this process
times ``ROUNDS`` calls of each job with the default thread count and with ``threads=1``,
alternated call by call, and prints each job's medians and their ratio with the CPU model and the load.

    pytest benchmarks/test_bench_threads.py -s --benchmark-disable

The neighbours run the environment they are given: with ``OMAHA8EQ_BENCH_SPIN=1`` they
spin as OpenMP does by default (``OMP_WAIT_POLICY=ACTIVE``), the harder case; else they
run as the package sets them (sleeping threads).
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import time

import pytest
from yardstick import machine

import omaha8eq

NEIGHBOUR_SECONDS = 60
ROUNDS = 60

NEIGHBOUR = """
import sys, time, omaha8eq
end = time.monotonic() + float(sys.argv[1])
while time.monotonic() < end:
    omaha8eq.equity(["AsAh2c3d", "KsKhQdJd"], threads=2)
    omaha8eq.equity(["AsAh2c3d", "random"], samples=200_000, seed=1, threads=2)
"""

#: name -> the call (small: a fraction of a millisecond; medium: tens to hundreds of milliseconds).
JOBS = {
    "exact heads-up preflop (small)": lambda threads: omaha8eq.equity(["AsAh2c3d", "KsKhQdJd"], threads=threads),
    "Monte Carlo 200,000 deals vs random (medium)": lambda threads: omaha8eq.equity(
        ["AsAh2c3d", "random"], samples=200_000, seed=1, threads=threads
    ),
    "Monte Carlo 1,000,000 deals vs random (the default size: threads from the pool)": lambda threads: omaha8eq.equity(
        ["AsAh2c3d", "random"], seed=1, threads=threads
    ),
    "exact 3-way on a flop (small)": lambda threads: omaha8eq.equity(
        ["AsAh2c3d", "KsKhQdJd", "9s8s7d6d"], "4c5dJh", threads=threads
    ),
}


def _medians_ms(call) -> tuple[float, float]:
    """The median times of ``call(None)`` (the default) and ``call(1)``, alternated call by
    call so that both meet the same neighbours."""
    default, one = [], []
    for _ in range(ROUNDS):
        for threads, times in ((None, default), (1, one)):
            started = time.perf_counter()
            call(threads)
            times.append(time.perf_counter() - started)
    return statistics.median(default) * 1e3, statistics.median(one) * 1e3


@pytest.mark.skipif(os.cpu_count() == 1, reason="one core: no thread count to choose")
def test_default_threads_beside_busy_neighbours(benchmark):
    env = dict(os.environ)
    if os.environ.get("OMAHA8EQ_BENCH_SPIN") == "1":
        env["OMP_WAIT_POLICY"] = "ACTIVE"
    for call in JOBS.values():  # compiled and loaded before the clock runs
        call(None)
        call(1)
    neighbours = [
        subprocess.Popen([sys.executable, "-c", NEIGHBOUR, str(NEIGHBOUR_SECONDS)], env=env) for _ in range(2)
    ]
    try:
        time.sleep(3)  # the neighbours at work
        print(f"\n{machine()}, two busy neighbours")
        for name, call in JOBS.items():
            default, one = _medians_ms(call)
            print(
                f"{name}: default {default:.2f} ms, threads=1 {one:.2f} ms (medians of {ROUNDS}): {default / one:.2f}x"
            )
    finally:
        for neighbour in neighbours:
            neighbour.kill()
            neighbour.wait()
    benchmark.pedantic(JOBS["exact heads-up preflop (small)"], args=(None,), rounds=1, iterations=1)
