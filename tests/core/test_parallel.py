"""Parallel kernels after a fork, in spawned workers, and from four threads at once.

Each case runs in a fresh interpreter (a child process that dies must not take pytest
with it) and checks the numbers, not only that nothing crashed: a seeded Monte Carlo
run and a batch evaluation give the same results in the parent, in forked and spawned
workers, and in four concurrent threads.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap

import numba
import numpy as np
import pytest

from omaha8eq.core import parallel

SPOT = textwrap.dedent(
    """
    import json, sys
    import numpy as np
    import omaha8eq

    def spot(seed):
        result = omaha8eq.equity(["AsAh2c3d", "KsKhQdJd"], samples=60_000, seed=seed, threads=2)
        cards = np.argsort(np.random.default_rng(seed).random((20_000, 52)), axis=1)[:, :9]
        high, low = omaha8eq.evaluate_batch(cards[:, :4], cards[:, 4:])
        return [result.players[0].equity, int(high.sum()), int(low.sum())]
    """
)

POOL = SPOT + textwrap.dedent(
    """
    import multiprocessing

    if __name__ == "__main__":
        parent = [spot(seed) for seed in (1, 2)]  # the parallel kernels run here first
        with multiprocessing.get_context(sys.argv[1]).Pool(2) as pool:
            children = pool.map(spot, (1, 2))
        print(json.dumps([parent, children]))
    """
)

THREADS = SPOT + textwrap.dedent(
    """
    import numba
    from concurrent.futures import ThreadPoolExecutor

    alone = [spot(seed) for seed in (1, 2, 3, 4)]
    with ThreadPoolExecutor(4) as pool:
        together = list(pool.map(spot, (1, 2, 3, 4)))
    print(json.dumps([alone, together, numba.threading_layer()]))
    """
)


def run_script(tmp_path, code: str, *args: str, env: dict[str, str] | None = None) -> list:
    # A file, not ``python -c``: spawned workers import the main module to find ``spot``.
    script = tmp_path / "script.py"
    script.write_text(code)
    done = subprocess.run(
        [sys.executable, str(script), *args],
        capture_output=True,
        text=True,
        timeout=300,
        env={**os.environ, **(env or {})},
        check=False,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout.splitlines()[-1])


@pytest.mark.slow
@pytest.mark.parametrize("method", ["fork", "spawn"])
def test_pool_workers_give_the_parents_numbers(method, tmp_path):
    parent, children = run_script(tmp_path, POOL, method)
    assert children == parent


@pytest.mark.slow
def test_four_threads_on_the_workqueue_layer(tmp_path):
    alone, together, layer = run_script(tmp_path, THREADS, env={"NUMBA_THREADING_LAYER": "workqueue"})
    assert layer == "workqueue"
    assert together == alone


def test_serial_twin_is_the_same_code_under_its_own_name():
    from omaha8eq.core.batch import evaluate_rows

    twin = parallel.serial_twin(evaluate_rows)
    assert twin is parallel.serial_twin(evaluate_rows)  # made once
    assert twin.py_func.__code__ is evaluate_rows.py_func.__code__
    assert twin.py_func.__qualname__ == "evaluate_rows_serial"
    assert not twin.targetoptions.get("parallel")
    assert not parallel.in_forked_child()


@numba.njit(parallel=True)
def _squares(out):
    for i in numba.prange(out.shape[0]):
        out[i] = i * i


def test_run_soon_defers_compiling_the_parallel_build_to_a_later_call(monkeypatch):
    monkeypatch.setattr(parallel, "needs_compile", lambda kernel: kernel is _squares)  # no disk cache
    twin = parallel.serial_twin(_squares)
    first, later = np.zeros(5, dtype=np.int64), np.zeros(5, dtype=np.int64)
    parallel.run_soon(_squares, first)
    assert twin.signatures and not _squares.signatures  # the first call ran the serial build only
    parallel.run_soon(_squares, later)
    assert _squares.signatures  # a later call compiled the parallel build
    assert first.tolist() == later.tolist() == [0, 1, 4, 9, 16]


@numba.njit
def _square_at(out, i):
    out[i] = i * i


@numba.njit(parallel=True)
def _squares_by_calls(out):
    for i in numba.prange(out.shape[0]):
        _square_at(out, np.int64(i))


@pytest.mark.parametrize("serial", [False, True])
def test_run_body_soon_runs_the_body_as_python_on_a_first_call(monkeypatch, serial):
    twin = parallel.serial_twin(_squares_by_calls)
    build = twin if serial else _squares_by_calls
    other = _squares_by_calls if serial else twin
    other_before = list(other.signatures)  # the other case may have compiled it
    monkeypatch.setattr(parallel, "needs_compile", lambda kernel: kernel is build)  # no disk cache
    first, later = np.zeros(5, dtype=np.int64), np.zeros(5, dtype=np.int64)
    parallel.run_body_soon(_squares_by_calls, first, serial=serial)
    assert _square_at.signatures and not build.signatures  # only the kernel it calls compiled
    parallel.run_body_soon(_squares_by_calls, later, serial=serial)
    assert build.signatures  # a later call compiled the build
    assert other.signatures == other_before  # and no other build
    assert first.tolist() == later.tolist() == [0, 1, 4, 9, 16]
