"""Distributed jobs (``omaha8eq.distributed``): Dask's cost and speed-up on a real job.

The job is the exact 4-card preflop table's (every hand against every hand, swept
over board classes), cut to its first ``boards`` board classes, ``chunk`` a task:
one unit = one board class; ``evaluations`` = hands evaluated (each live hand once
a board: every hand against every hand is one range against itself, swept once), so
evaluations / mean is the hand-evaluation rate.
Compare, in one run: in this process on one core; a LocalCluster of one worker
(one numba thread: Dask's overhead is the ratio of the two, target at most 10% on
a job of a minute or more); of two workers (the speed-up, target at least 1.7x on
two free cores). Tasks per second = tasks / mean.
"""

from __future__ import annotations

from math import comb

import pytest

from omaha8eq.distributed import Job, cluster, connect, run_job
from omaha8eq.distributed.preflop_table import _exact_task

PARAMS = {"hole_size": 4, "hilo": True}
#: Hands live on a board: every 4-card hand of the 47 other cards.
LIVE_HANDS = comb(47, 4)


def _job(boards: int, chunk: int) -> Job:
    return Job(_exact_task, PARAMS, boards, chunk)


def _info(benchmark, job: Job, where: str) -> None:
    benchmark.extra_info.update(
        unit="board classes", units=job.n_items, tasks=job.n_tasks, evaluations=job.n_items * LIVE_HANDS, where=where
    )


@pytest.mark.parametrize(("boards", "chunk"), [(32, 8), pytest.param(1200, 100, marks=pytest.mark.slow)])
def test_in_process(benchmark, one_thread, boards, chunk):
    job = _job(boards, chunk)
    run_job(_job(1, 1))  # compile and warm up
    _info(benchmark, job, "in process, 1 thread")
    benchmark.pedantic(run_job, args=(job,), rounds=1, warmup_rounds=0)


@pytest.mark.parametrize("workers", [1, 2])
@pytest.mark.parametrize(("boards", "chunk"), [(32, 8), pytest.param(1200, 100, marks=pytest.mark.slow)])
def test_local_cluster(benchmark, monkeypatch, workers, boards, chunk):
    job = _job(boards, chunk)
    # One numba thread a worker (a lone worker would get every core): the one-worker run
    # is the in-process one plus Dask, and two workers are twice its threads.
    monkeypatch.setattr(cluster, "local_numba_threads", lambda workers, cores=None: 1)
    with connect("local", workers=workers) as client:
        client.run(run_job, _job(1, 1))  # every worker compiles (or loads) the kernels first
        _info(benchmark, job, f"LocalCluster, {workers} worker(s) x 1 thread")
        benchmark.pedantic(run_job, args=(job,), kwargs={"client": client}, rounds=1, warmup_rounds=0)
