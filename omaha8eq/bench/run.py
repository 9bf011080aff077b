"""``omaha8eq bench``: measure this machine, and peers side by side.

:func:`run_bench` runs omaha8eq's measurements (:mod:`omaha8eq.bench.measure`:
evaluation throughput, an exact enumeration, Monte Carlo trials, on one thread and
on all cores) and, with ``peers=True``, the same work through the other installed
packages (:mod:`omaha8eq.bench.peers`, imported only then). :func:`format_bench`
(:mod:`omaha8eq.bench.report`) turns the report into text.

>>> report = run_bench(BenchConfig(rows=2_000, samples=20_000, rounds=1))
>>> sorted(report.to_dict())
['config', 'elapsed', 'machine', 'measurements', 'peers', 'skipped', 'version']
"""

from __future__ import annotations

import time
from collections.abc import Callable

from .config import BenchConfig
from .measure import BenchReport, check_config, machine, measure_omaha8eq, random_deals

__all__ = ["run_bench"]


def run_bench(config: BenchConfig | None = None, *, log: Callable[[str], None] | None = None) -> BenchReport:
    """Measure omaha8eq (and, with ``config.peers``, the installed peers) on this machine.

    ``config`` defaults to ``BenchConfig()``: a million rows and trials, best of 5.
    ``log`` (e.g. ``print`` to stderr) is told what is being measured as it goes.
    Raises ``OmahaInputError`` for a bad ``config``.
    """
    config = config or BenchConfig()
    thread_counts = check_config(config)
    say = log or (lambda message: None)
    started = time.perf_counter()
    deals = random_deals(config.rows, config.seed)
    say(f"omaha8eq: {config.rows:,} rows, {config.samples:,} trials, threads {thread_counts}")
    measurements, answers = measure_omaha8eq(config, deals, thread_counts)
    report = BenchReport(machine(), config, thread_counts, measurements, [], [], 0.0)
    if config.peers:
        from .peers import measure_peers  # the peer adapters: only when asked for

        measure_peers(report, deals, answers, say)
    report.elapsed = time.perf_counter() - started
    return report
