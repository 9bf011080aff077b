"""The default thread count (omaha8eq.engine.threads) and OpenMP's wait policy."""

from __future__ import annotations

import os
import subprocess
import sys

import numba

import omaha8eq
from omaha8eq.engine import run as run_module
from omaha8eq.engine import threads as threads_module
from omaha8eq.engine.threads import SERIAL_SECONDS, choose_threads, free_cores

POOL = numba.config.NUMBA_NUM_THREADS


def test_a_small_run_takes_one_thread_a_large_one_the_free_cores(monkeypatch):
    monkeypatch.setattr(threads_module, "_others_running", lambda: 0)  # an idle machine
    assert choose_threads(None, SERIAL_SECONDS / 10) == 1
    assert choose_threads(None, SERIAL_SECONDS * 10) is None  # numba's pool: every core
    assert choose_threads(2, SERIAL_SECONDS / 10) == 2  # the caller's count wins
    assert choose_threads(1, SERIAL_SECONDS * 10) == 1
    busy = iter([0, POOL, 0] * 10)  # one read of three sees the others: it counts
    monkeypatch.setattr(threads_module, "_others_running", lambda: next(busy))
    assert free_cores() == 1 and choose_threads(None, SERIAL_SECONDS * 10) == (None if POOL == 1 else 1)
    monkeypatch.setattr(threads_module, "_others_running", lambda: None)  # the system does not say
    assert free_cores() is None and choose_threads(None, SERIAL_SECONDS * 10) is None


def test_the_runnable_count_is_read_from_the_system():
    others = threads_module._others_running()
    if os.path.exists("/proc/loadavg"):
        assert isinstance(others, int) and others >= 0
    else:
        assert others is None


def test_the_runs_use_the_count_chosen(monkeypatch):
    monkeypatch.setattr(threads_module, "_others_running", lambda: 0)  # as on an idle machine
    seen = []
    original = run_module.numba_threads
    monkeypatch.setattr(run_module, "numba_threads", lambda threads: seen.append(threads) or original(threads))
    preflop = ["AsAh2c3d", "KsKhQdJd"]
    one = omaha8eq.equity(preflop)  # exact heads-up preflop: a fraction of a millisecond
    two = omaha8eq.equity(preflop, threads=2)
    sampled = omaha8eq.equity(["AsAh2c3d", "random"], samples=2_000_000, seed=3)  # about 0.2 s estimated
    assert seen == [1, 2, None]
    assert one.to_dict()["players"] == two.to_dict()["players"] and sampled.seed == 3
    assert numba.get_num_threads() == numba.config.NUMBA_NUM_THREADS  # restored


def test_openmp_threads_sleep_unless_the_user_says_otherwise():
    code = "import os, omaha8eq; print(os.environ['OMP_WAIT_POLICY'])"
    env = {k: v for k, v in os.environ.items() if k != "OMP_WAIT_POLICY"}
    assert _policy(code, env) == "PASSIVE\n"
    env["OMP_WAIT_POLICY"] = "ACTIVE"
    assert _policy(code, env) == "ACTIVE\n"


def _policy(code: str, env: dict[str, str]) -> str:
    return subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True).stdout
