"""Start-up: ``omaha8eq equity AsAh2c3d KsKhQdJd`` as a process, from empty caches and warm,
and the first use of each feature (``FEATURES``), one feature a process.

First use points ``NUMBA_CACHE_DIR`` and ``OMAHA8EQ_CACHE_DIR`` at new empty folders for
every round, so each round builds the tables and compiles the kernels the command needs
(the kernels the exact aggregation calls, its body run as Python: see
``core.parallel.run_body_soon``). The warm
start runs the same command again with the caches filled. One unit = one process; the
processes' largest resident memory (each one's ``ru_maxrss``) is in ``extra_info``
(``max_rss_mb``), as is their CPU time (``cpu_s``: on a busy machine a steadier figure
than the wall time, which it matches on an idle one). The parallel build of the exact
aggregation, compiled by a process's second exact call, is timed apart (its call's CPU).

The warm start is alternated with numba's own floor (``floor_*`` in ``extra_info``): a
process that imports a module of one ``@njit(cache=True)`` function returning ``x + 1`` and
calls it once, its cache filled. That is numba's import and its set-up on the first load of
machine code, which every process that runs a cached kernel pays.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from yardstick import machine

COMMAND = [sys.executable, "-m", "omaha8eq", "equity", "AsAh2c3d", "KsKhQdJd"]
_HANDS = Path(__file__).parent.parent / "tests" / "data" / "hands" / "stars-synthetic.txt"
#: Each feature's first use: a command that uses it alone (issue 44's list), run from empty
#: caches in a process of its own, so its CPU is what a user waits for the first time.
FEATURES = {
    "known hands, preflop": ["equity", "AsAh2c3d", "KsKhQdJd"],
    "known hands, flop": ["equity", "AsAh2c3d", "KsKhQdJd", "--board", "4c5d7s"],
    "range exact (flop)": ["equity", "AsAh2c3d", "15%", "--board", "Ac8c5h", "--exact"],
    "ranges sampled (preflop)": ["equity", "AsAh2c3d", "15%", "A2**", "--seed", "1"],
    "double board": ["equity", "AsAh2c3d", "KsKhQdJd", "--board", "Ac8c5h", "--board", "Kd7d2s", "--seed", "1"],
    "query": ["query", "select avg(riverEquity(hero)) from hero='AsAh2c3d', villain='15%'", "--seed", "1"],
    "explore": ["explore", "AA2*", "--board", "Kc8c5h", "--against", "KsKhQdJd"],
    "hand histories (all-in EV)": ["hands", str(_HANDS)],
}


NUMBA_FLOOR = "from numba import njit\n\n\n@njit(cache=True)\ndef plus_one(x):\n    return x + 1\n"


def _timed_run(env: dict[str, str], command: list[str] = COMMAND) -> tuple[float, float]:
    """Run ``command`` once; its (CPU seconds, max RSS in MB), from its own rusage (its
    stderr is shown if it fails)."""
    with tempfile.TemporaryFile() as errors:
        process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=errors, env=env)
        _, status, usage = os.wait4(process.pid, 0)
        errors.seek(0)
        assert os.waitstatus_to_exitcode(status) == 0, errors.read().decode(errors="replace")[-2000:]
    return usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024  # ru_maxrss: KiB on Linux


def _record(benchmark, samples: list[tuple[float, float]], prefix: str = "") -> None:
    cpus = [cpu for cpu, _ in samples]
    benchmark.extra_info.update({
        "unit": "processes", "units": 1,
        f"{prefix}cpu_s": round(statistics.median(cpus), 3), f"{prefix}cpu_best_s": round(min(cpus), 3),
        f"{prefix}max_rss_mb": round(max(rss for _, rss in samples), 1),
    })  # fmt: skip


def _empty_caches(tmp_path) -> dict[str, str]:
    folder = tempfile.mkdtemp(dir=tmp_path)
    return {**os.environ, "NUMBA_CACHE_DIR": f"{folder}/numba", "OMAHA8EQ_CACHE_DIR": f"{folder}/tables"}


def test_first_use_with_empty_caches(benchmark, tmp_path):
    """One unit = the command's first run: tables built, kernels compiled."""
    samples: list[tuple[float, float]] = []

    def first_run(env):
        samples.append(_timed_run(env))

    benchmark.pedantic(first_run, setup=lambda: ((_empty_caches(tmp_path),), {}), rounds=3)
    _record(benchmark, samples)


_SECOND_CALL = (
    "import time, omaha8eq; hands = ['AsAh2c3d', 'KsKhQdJd']; omaha8eq.equity(hands); "
    "start = time.process_time(); omaha8eq.equity(hands); print(time.process_time() - start)"
)


def test_parallel_build_with_empty_caches(benchmark, tmp_path):
    """One unit = a process with empty caches making two exact calls; ``cpu_s`` is the second
    call's CPU time, which compiles the parallel build (the first ran the body as Python)."""
    cpus: list[float] = []

    def second_call(env):
        result = subprocess.run(
            [sys.executable, "-c", _SECOND_CALL], check=True, capture_output=True, text=True, env=env
        )
        cpus.append(float(result.stdout))

    benchmark.pedantic(second_call, setup=lambda: ((_empty_caches(tmp_path),), {}), rounds=3)
    benchmark.extra_info.update(
        unit="calls", units=1, cpu_s=round(statistics.median(cpus), 3), cpu_best_s=round(min(cpus), 3)
    )


def test_warm_start(benchmark, tmp_path):
    """One unit = the command's run with its tables and kernels cached; numba's floor
    (see the module docstring) runs before each round, untimed, for ``floor_*``."""
    env = {**os.environ, "NUMBA_CACHE_DIR": f"{tmp_path}/numba", "OMAHA8EQ_CACHE_DIR": f"{tmp_path}/tables"}
    subprocess.run(COMMAND, check=True, capture_output=True, env=env)  # fill the caches
    (tmp_path / "numba_floor.py").write_text(NUMBA_FLOOR)
    floor_env = {**env, "PYTHONPATH": str(tmp_path)}
    floor = [sys.executable, "-c", "import numba_floor; numba_floor.plus_one(1)"]
    subprocess.run(floor, check=True, env=floor_env)  # fill its cache
    samples: list[tuple[float, float]] = []
    floor_samples: list[tuple[float, float]] = []

    def numba_floor():
        floor_samples.append(_timed_run(floor_env, floor))

    benchmark.pedantic(lambda: samples.append(_timed_run(env)), setup=numba_floor, rounds=9)
    _record(benchmark, samples)
    _record(benchmark, floor_samples, prefix="floor_")
    benchmark.extra_info["cpu_over_floor"] = round(
        statistics.median(cpu for cpu, _ in samples) / statistics.median(cpu for cpu, _ in floor_samples), 3
    )


@pytest.mark.parametrize("feature", FEATURES)
def test_feature_first_use(benchmark, tmp_path, feature):
    """One unit = the feature's command run once from empty caches (tables built, its
    kernels compiled); ``cpu_s`` is that process's CPU, printed with the machine (``-s``)."""
    samples: list[tuple[float, float]] = []
    command = [sys.executable, "-m", "omaha8eq", *FEATURES[feature]]
    benchmark.pedantic(
        lambda env: samples.append(_timed_run(env, command)), setup=lambda: ((_empty_caches(tmp_path),), {}), rounds=1
    )
    _record(benchmark, samples)
    print(f"\nfirst use of {feature}: {samples[0][0]:.1f} s of CPU, {samples[0][1]:.0f} MB; {machine()}")
