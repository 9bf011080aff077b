"""A distributed job: a task function, its parameters, and the tasks it is split into.

A :class:`Job` counts something over ``n_items`` items (boards, board classes,
starting-hand classes: whatever its task function iterates over), split into tasks
of ``chunk`` consecutive items. Task ``i`` covers items ``[i * chunk, min((i + 1) *
chunk, n_items))``. The task function, a module-level function (workers import it
by name), is called as ``function(params, task)`` and returns a dict of integer
numpy arrays; a job's result is the sum, array by array, of its tasks' results
(with ``rows=True``, each task returns one row per item it covers, added into the
result at those items' rows). Integer addition is exact and commutative, so the result is the same, bit for bit,
for any chunking, any number of workers and any order of completion.

A task that samples (Monte Carlo) seeds its generator from the job's seed and the
index of the *item* (not the task), so any partitioning draws the same numbers.

:attr:`Job.digest` identifies a job: a SHA-256 of its function's name, its
parameters (arrays by dtype, shape and bytes), ``n_items`` and ``chunk``. A
checkpoint written by one job is never mixed with another's.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ..errors import OmahaInputError

__all__ = ["Job", "Task", "TaskFunction", "TaskResult", "add_results", "describe_params"]

#: What a task returns: named integer arrays, summed over the tasks.
TaskResult = dict[str, np.ndarray]


@dataclass(frozen=True)
class Task:
    """Items ``start`` to ``stop - 1`` of a job, its task number ``index``."""

    index: int
    start: int
    stop: int


#: A job's work on one task: ``function(params, task) -> TaskResult``.
TaskFunction = Callable[[Mapping[str, Any], Task], TaskResult]


@dataclass(frozen=True)
class Job:
    """A job: ``function(params, task)`` over ``n_items`` items, ``chunk`` per task.

    ``params`` holds JSON values (str, int, float, bool, None, lists) and numpy
    arrays; it is sent to every worker once. With ``rows`` False a task returns
    arrays of the job's result shape, summed; with ``rows`` True its arrays have one
    row (first axis) per item of the task, added at those items' rows of the result.
    ``label`` says what the job is, for people (checkpoint header, errors); it is
    not part of the digest.
    """

    function: TaskFunction
    params: Mapping[str, Any]
    n_items: int
    chunk: int
    rows: bool = False
    label: str = ""
    digest: str = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if self.n_items < 1 or self.chunk < 1:
            raise OmahaInputError(
                f"a job needs at least one item and one item per task, got {self.n_items}, {self.chunk}"
            )
        object.__setattr__(self, "digest", self._digest())

    @property
    def name(self) -> str:
        """The task function's importable name, ``module:qualname``."""
        return f"{self.function.__module__}:{self.function.__qualname__}"

    @property
    def n_tasks(self) -> int:
        return -(-self.n_items // self.chunk)

    @property
    def tasks(self) -> list[Task]:
        return [Task(i, i * self.chunk, min((i + 1) * self.chunk, self.n_items)) for i in range(self.n_tasks)]

    def _digest(self) -> str:
        sha = hashlib.sha256()
        header = {"function": self.name, "n_items": self.n_items, "chunk": self.chunk, "rows": self.rows}
        sha.update(json.dumps(header, sort_keys=True).encode())
        for key in sorted(self.params):
            sha.update(key.encode() + b"\0")
            value = self.params[key]
            if isinstance(value, np.ndarray):
                array = np.ascontiguousarray(value)
                sha.update(f"array {array.dtype.str} {array.shape}".encode())
                sha.update(array.tobytes())
            else:
                sha.update(json.dumps(value, sort_keys=True).encode())
        return sha.hexdigest()


def describe_params(params: Mapping[str, Any]) -> dict[str, Any]:
    """The parameters as JSON: arrays as their dtype, shape and SHA-256."""
    described: dict[str, Any] = {}
    for key, value in params.items():
        if isinstance(value, np.ndarray):
            array = np.ascontiguousarray(value)
            digest = hashlib.sha256(array.tobytes()).hexdigest()
            described[key] = {"dtype": array.dtype.str, "shape": list(array.shape), "sha256": digest}
        else:
            described[key] = value
    return described


def add_results(job: Job, total: TaskResult | None, task: Task, part: TaskResult) -> TaskResult:
    """``total`` (None: zeros) plus task ``task``'s arrays ``part``, in int64: added
    whole, or with ``job.rows`` at the task's rows. Every array must be an integer
    array, and every task must return the same names and shapes (rows aside)."""
    expected = task.stop - task.start
    for name, array in part.items():
        if not np.issubdtype(array.dtype, np.integer):
            raise TypeError(f"task result {name!r}: expected an integer array, got {array.dtype}")
        if job.rows and (array.ndim == 0 or len(array) != expected):
            raise ValueError(f"task result {name!r}: expected {expected} rows, got shape {array.shape}")
    if total is None:
        total = {
            name: np.zeros((job.n_items, *array.shape[1:]) if job.rows else array.shape, dtype=np.int64)
            for name, array in part.items()
        }
    if total.keys() != part.keys():
        raise ValueError("task results differ in names: not parts of one job")
    for name, array in part.items():
        target = total[name][task.start : task.stop] if job.rows else total[name]
        if target.shape != array.shape:
            raise ValueError(f"task result {name!r}: shape {array.shape}, the others' {target.shape}")
        target += array
    return total
