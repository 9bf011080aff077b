"""Distributed jobs: exact equities and preflop tables split into tasks, run on Dask.

A job (:class:`~.job.Job`) is a task function, its parameters and a number of
items split into tasks; :func:`~.runner.run_job` runs the tasks in this process
or on a Dask cluster (:func:`~.cluster.connect`), saves each finished task in a
checkpoint (:mod:`.checkpoint`) and returns the sum of their integer arrays, the
same for any chunking, worker count or order. The jobs: :mod:`.sweep_job` (exact
heads-up range vs range over a list of boards, behind ``equity(...,
scheduler=...)``) and :mod:`.preflop_table` (every starting-hand class's equity,
written by :mod:`.table_file`). Dask is the optional extra ``omaha8eq[distributed]``;
it is imported only when a job runs on a cluster.
"""

from __future__ import annotations

from .checkpoint import Checkpoint, checkpoint_path
from .cluster import LOCAL, connect
from .job import Job, Task, TaskResult
from .runner import run_job

__all__ = ["LOCAL", "Checkpoint", "Job", "Task", "TaskResult", "checkpoint_path", "connect", "run_job"]
