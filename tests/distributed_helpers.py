"""Shared by tests/distributed: small jobs, and a task that kills its worker once.

Dask workers may not see the tests directory: the tests ship this module to them by
value (``cloudpickle.register_pickle_by_value``).
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import numpy as np

from omaha8eq.distributed import Job, Task
from omaha8eq.distributed.sweep_job import _sweep_task, sweep_job
from omaha8eq.engine.spot import integer_weights
from omaha8eq.ranges.range import parse_range


def small_sweep(chunk: int | None = 3, dead: tuple[int, ...] = (51,)) -> Job:
    """Two weighted ranges that share hands, over 11 random boards of random weights."""
    ra = parse_range("AsAh2c*@50, KhKd2c*, Ad3d4c5c", hole_size=4)
    rb = parse_range("AsAh2c*, Ad3d4c*@30", hole_size=4)
    rng = np.random.default_rng(13)
    boards = np.array([rng.choice(51, 5, replace=False) for _ in range(11)], dtype=np.int8)
    weights = rng.integers(1, 25, len(boards))
    return sweep_job(
        ra.hands, integer_weights(ra.weights), rb.hands, integer_weights(rb.weights), boards, weights, dead, chunk=chunk
    )


def kill_once(params: Mapping[str, Any], task: Task) -> dict[str, np.ndarray]:
    """``_sweep_task``, except that the first attempt at task ``params["victim"]``
    kills its worker process (a marker file under ``params["marker_dir"]`` remembers it)."""
    marker = Path(params["marker_dir"]) / f"killed-{task.index}"
    if task.index == params["victim"] and not marker.exists():
        marker.touch()
        os._exit(1)
    return _sweep_task(params, task)


def note_worker(params: Mapping[str, Any], task: Task) -> dict[str, np.ndarray]:
    """A task that takes ``params["seconds"]`` and counts itself at its worker's name
    (a LocalCluster names its workers 0, 1, ...)."""
    import time

    from distributed import get_worker

    time.sleep(params["seconds"])
    return {"ran_on": np.bincount([int(get_worker().name)], minlength=params["workers"])}
