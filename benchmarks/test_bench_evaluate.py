"""Evaluation speed: rows per second of ``evaluate_batch`` and the cost of single calls."""

from __future__ import annotations

import functools
import statistics
import subprocess
import sys

import numpy as np
import pytest
import yardstick
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


def _ratio_line(what: str, names: tuple[str, str], pair: yardstick.Pair) -> str:
    """One line: both sides' best and median round in rows per second, their ratio of times
    (best against best, median against median, the spread of the rounds) and the machine."""
    ratios = sorted(pair.round_ratios())
    sides = (
        f"{name} {ROWS / min(times) / 1e6:.2f} M rows/s (median {ROWS / statistics.median(times) / 1e6:.2f})"
        for name, times in zip(names, (pair.mine, pair.theirs), strict=True)
    )
    return (
        f"{what}: {', '.join(sides)}; {names[0]} / {names[1]} time {pair.best_ratio():.3f}x best, "
        f"{pair.median_ratio():.3f}x median, rounds {ratios[0]:.3f}-{ratios[-1]:.3f}x [{yardstick.machine()}]"
    )


def test_int64_against_int8(benchmark, capsys, one_thread):
    """The same 4-card rows as int64 (numpy's default: copied into int8 by a compiled pass that
    checks every value) and as int8 (read where they are), alternately in one process, on one
    thread by the thread's CPU time, 15 rounds each. Prints int64 / int8 for hi-lo and for high
    only (target <= 1.1x) and, for int8, hi-lo / high only (target <= 1.5x)."""
    holes, boards = random_deals(ROWS, 4)
    wide_holes, wide_boards = holes.astype(np.int64), boards.astype(np.int64)
    lines = []
    for mode in ("hilo", "high"):
        wide = functools.partial(omaha8eq.evaluate_batch, wide_holes, wide_boards, **MODES[mode])
        narrow = functools.partial(omaha8eq.evaluate_batch, holes, boards, **MODES[mode])
        pair = yardstick.alternate(wide, narrow, calls=1, rounds=15)
        lines.append(_ratio_line(f"evaluate_batch {mode}", ("int64", "int8"), pair))
        benchmark.extra_info[f"int64_over_int8_{mode}"] = (pair.best_ratio(), pair.median_ratio())
    hilo = functools.partial(omaha8eq.evaluate_batch, holes, boards)
    high = functools.partial(omaha8eq.evaluate_batch, holes, boards, low=False)
    pair = yardstick.alternate(hilo, high, calls=1, rounds=15)
    lines.append(_ratio_line("evaluate_batch int8", ("hi-lo", "high only"), pair))
    benchmark.extra_info.update(hilo_over_high=(pair.best_ratio(), pair.median_ratio()), lines=lines, unit="rows")
    benchmark.extra_info.update(units=ROWS, threads=1)
    with capsys.disabled():
        print("\n" + "\n".join(lines))
    benchmark.pedantic(omaha8eq.evaluate_batch, args=(wide_holes, wide_boards), rounds=3)


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
