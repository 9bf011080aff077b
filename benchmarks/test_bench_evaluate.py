"""Evaluation speed: rows per second of ``evaluate_batch`` and the cost of single calls."""

from __future__ import annotations

import subprocess
import sys

import pytest
from random_rows import random_deals

import omaha8eq
from omaha8eq.evaluation import _evaluate_rows

ROWS = 1_000_000
MODES = {
    "hilo": {"high": True, "low": True},
    "high": {"high": True, "low": False},
    "low": {"high": False, "low": True},
}


@pytest.mark.parametrize("mode", list(MODES))
@pytest.mark.parametrize("n_hole", [4, 5, 6])
def test_evaluate_batch(benchmark, threads, n_hole, mode):
    """One unit = one row (a hand and a 5-card board), validation included."""
    holes, boards = random_deals(ROWS, n_hole)
    omaha8eq.evaluate_batch(holes[:10], boards[:10])  # compile outside the timing
    benchmark.extra_info.update(unit="rows", units=ROWS, threads=threads)
    high, low = benchmark.pedantic(
        omaha8eq.evaluate_batch, args=(holes, boards), kwargs=MODES[mode], rounds=7, warmup_rounds=1
    )
    assert high.shape == low.shape == (ROWS,)


@pytest.mark.parametrize("mode", ["hilo", "high"])
def test_kernel_without_the_python_layer(benchmark, one_thread, mode):
    """The same 4-card rows straight into the kernel (which checks each row as it reads it):
    what the Python layer of ``evaluate_batch`` costs."""
    holes, boards = random_deals(ROWS, 4)
    benchmark.extra_info.update(unit="rows", units=ROWS, threads=1)
    benchmark.pedantic(
        _evaluate_rows, args=(holes, boards), kwargs={"want_high": True, "want_low": mode == "hilo"},
        rounds=7, warmup_rounds=1,
    )  # fmt: skip


@pytest.mark.parametrize("function", ["evaluate", "evaluate_high", "evaluate_low"])
def test_single_call(benchmark, function):
    """One unit = one Python-level call with text input, cards named in the result."""
    call = getattr(omaha8eq, function)
    benchmark.extra_info.update(unit="calls", units=1)
    benchmark(call, "As Ah 3d 6s", "Ad 8c 5h Ks 2c")


def test_cold_start_with_warm_caches(benchmark):
    """One unit = a fresh interpreter that imports omaha8eq and evaluates one hand."""
    code = "import omaha8eq; omaha8eq.evaluate('As Ah 3d 6s', 'Ad 8c 5h Ks 2c')"
    subprocess.run([sys.executable, "-c", code], check=True)  # fill the caches
    benchmark.extra_info.update(unit="starts", units=1)
    benchmark.pedantic(subprocess.run, args=([sys.executable, "-c", code],), kwargs={"check": True}, rounds=5)
