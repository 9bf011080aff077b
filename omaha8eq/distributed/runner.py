"""Running a job's tasks: in this process, or on a Dask cluster, with a checkpoint.

:func:`run_job` computes the tasks a checkpoint does not hold yet, saves each one
as it finishes and returns the sum of all of them. On a cluster the tasks are
submitted at once and Dask schedules them: a worker that dies mid-task has its
tasks run again elsewhere (up to Dask's ``distributed.scheduler.allowed-failures``
times), a task that raises is retried ``RETRIES`` times. A KeyboardInterrupt
(Ctrl-C) on the client cancels what is left; every task finished by then is in the
checkpoint, and running the same job again continues from there. When a job
starts on a cluster, the logger ``omaha8eq.distributed`` says so at INFO level, with
the number of tasks and the link to Dask's dashboard.
"""

from __future__ import annotations

import logging
import os
import uuid
import warnings
from collections import Counter
from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, Any

from ..engine.progress import ProgressCallback, report
from .checkpoint import Checkpoint
from .job import Job, Task, TaskFunction, TaskResult, add_results

if TYPE_CHECKING:
    from distributed import Client

__all__ = ["RETRIES", "run_job", "run_task"]

#: Times a task that raised is run again before the job fails.
RETRIES = 2
#: Says when a job starts on a cluster: its tasks and the dashboard link (INFO).
LOG = logging.getLogger("omaha8eq.distributed")


def job_params(params: Mapping[str, Any]) -> Mapping[str, Any]:
    """The job's parameters, as a task's result (see :func:`_results`)."""
    return params


def run_task(function: TaskFunction, params: Mapping[str, Any], task: Task) -> TaskResult:
    """``function(params, task)`` in a Dask worker, numba capped to the worker's share
    of its cores (see :mod:`.cluster`)."""
    import numba
    from distributed import get_worker

    # numba.config sets its attributes from the environment at import: mypy cannot see them.
    cores = int(numba.config.NUMBA_NUM_THREADS)  # type: ignore[attr-defined]
    numba.set_num_threads(max(1, cores // max(1, get_worker().state.nthreads)))
    return function(params, task)


def run_job(
    job: Job,
    *,
    client: Client | None = None,
    checkpoint: str | os.PathLike[str] | None = None,
    progress: ProgressCallback | None = None,
) -> TaskResult:
    """The job's result: the sum of its tasks' arrays.

    Args:
        job: the job.
        client: a Dask client (see :func:`.cluster.connect`); None runs the tasks
            here, one after the other.
        checkpoint: a checkpoint directory (see :mod:`.checkpoint`): tasks saved
            there are not run again, and each finished task is saved. None keeps
            nothing on disk.
        progress: called as ``progress(items done, items in all)`` after each task.

    Raises:
        OmahaInputError when the checkpoint holds another job; whatever a task
        raises (after its retries); KeyboardInterrupt, the checkpoint holding every
        task finished until then.
    """
    store = None if checkpoint is None else Checkpoint(checkpoint, job)
    finished = set() if store is None else store.finished()
    total: TaskResult | None = None
    done = 0
    for task, result in _saved(store, job, finished):
        total = add_results(job, total, task, result)
        done += task.stop - task.start
    if store is not None:
        store.note_damaged()
        finished -= set(store.damaged)
    report(progress, done, job.n_items)
    todo = [task for task in job.tasks if task.index not in finished]
    if client is not None:
        LOG.info(
            "%s: %d of %d tasks to run on Dask%s (dashboard: %s)", job.label or job.name, len(todo), job.n_tasks,
            "" if store is None else f", finished ones kept in {store.path}", client.dashboard_link,
        )  # fmt: skip
    for task, result in _results(job, todo, client):
        if store is not None:
            store.save(task.index, result)
        total = add_results(job, total, task, result)
        done += task.stop - task.start
        report(progress, done, job.n_items)
    assert total is not None  # a job has at least one task
    return total


def _saved(store: Checkpoint | None, job: Job, finished: set[int]) -> Iterator[tuple[Task, TaskResult]]:
    """(task, result) for every task of ``finished`` as the checkpoint holds it, but the
    damaged ones (the store deletes them: they run again)."""
    if store is None:
        return
    # The shapes most parts share are the job's: a damaged part that reads as another
    # shape must not make the sound ones look damaged (nor be read first and win). Each
    # part is read twice: a resume is rare and the parts are small.
    signatures = Counter(store.signature_of(index) for index in sorted(finished))
    signatures.pop(None, None)
    like = signatures.most_common(1)[0][0] if signatures else None
    for index in sorted(finished):
        result = store.load(index, like)
        if result is not None:
            yield job.tasks[index], result


def _results(job: Job, todo: list[Task], client: Client | None) -> Iterator[tuple[Task, TaskResult]]:
    """(task, result) for every task of ``todo``, in the order they finish."""
    if client is None:
        for task in todo:
            yield task, job.function(job.params, task)
        return
    if not todo:
        return
    from distributed import as_completed, wait

    run = uuid.uuid4().hex[:12]  # fresh keys: an interrupted run's tasks may still be on the scheduler
    # The parameters go to the workers as the result of a task, not as scattered data:
    # when the worker holding them dies, the scheduler computes them again from the
    # task's spec, where scattered data would be lost with it (and its tasks cancelled).
    with warnings.catch_warnings():
        # Dask warns of a "large graph" (the parameters, by design: see above) in five lines.
        warnings.filterwarnings("ignore", message="Sending large graph", category=UserWarning)
        params = client.submit(job_params, dict(job.params), key=f"omaha8eq-{run}-params", pure=False)
    # Dask places a task on a worker that holds its inputs: with the parameters on one
    # worker, every task would queue there and the others idle (dask/distributed#6573).
    # A copy on every worker first lets the scheduler spread the tasks by load.
    wait(params)
    client.replicate([params])
    futures = {
        client.submit(run_task, job.function, params, task, key=f"omaha8eq-{run}-{task.index}", retries=RETRIES): task
        for task in todo
    }
    try:
        for future in as_completed(futures):
            yield futures[future], future.result()
    finally:  # interrupted, or a task failed for good: stop the rest
        client.cancel([*futures, params])
