"""Distributed jobs: exact equities and preflop tables split into tasks, run on Dask.

A job (:class:`~.job.Job`) is a task function, its parameters and a number of
items split into tasks; :func:`~.runner.run_job` runs the tasks in this process
or on a Dask cluster (:func:`~.cluster.connect`), saves each finished task in a
checkpoint (:mod:`.checkpoint`) and returns the sum of their integer arrays, the
same for any chunking, worker count or order. Dask is the optional extra
``omaha8eq[distributed]``; only :mod:`.cluster` and the runner import it, when a
job runs on a cluster.
"""

from __future__ import annotations

from .checkpoint import Checkpoint, checkpoint_path
from .cluster import LOCAL, connect
from .job import Job, Task, TaskResult
from .runner import run_job

__all__ = ["LOCAL", "Checkpoint", "Job", "Task", "TaskResult", "checkpoint_path", "connect", "run_job"]
