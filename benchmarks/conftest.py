"""Shared fixtures of the benchmarks: random deals and thread control.

Run with ``pytest benchmarks/``; each benchmark states its unit of work in
``extra_info`` (e.g. ``rows``), so that throughput reads as units per second:
``units / mean``. ``benchmarks/report.py`` prints that table from a saved run.
"""

from __future__ import annotations

import numba
import pytest


@pytest.fixture(params=["1 thread", "all threads"])
def threads(request):
    """Run the benchmark on one core, then on all of numba's threads."""
    previous = numba.get_num_threads()
    count = 1 if request.param == "1 thread" else numba.config.NUMBA_NUM_THREADS
    numba.set_num_threads(count)
    yield count
    numba.set_num_threads(previous)


@pytest.fixture
def one_thread():
    previous = numba.get_num_threads()
    numba.set_num_threads(1)
    yield 1
    numba.set_num_threads(previous)
