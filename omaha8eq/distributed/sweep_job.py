"""Exact heads-up range vs range over a list of boards, as a distributed job.

:func:`sweep_job` splits :func:`~omaha8eq.engine.range_vs_range.sweep_boards` over
chunks of the board list: each task sweeps its boards and returns both sides'
per-hand outcome histograms (integer counts), and the job's result is their sum:
exactly ``sweep_boards`` over the whole list, for any chunking. :func:`distributed_sweep`
runs it (on a Dask client or here, with an optional checkpoint) and returns the
same :class:`~omaha8eq.engine.range_vs_range.RangeSweep` as ``sweep_boards(...,
per_board=False)``. Cards are ints 0..51 (``4 * rank + suit``).
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Mapping, Sequence
from contextlib import ExitStack, contextmanager
from typing import TYPE_CHECKING, Any

import numpy as np

from ..engine.heads_up import BoardSweeper
from ..engine.progress import ProgressCallback
from ..engine.range_vs_range import RangeSweep, row_touches, sweep_boards, weigh_side
from ..errors import OmahaTypeError
from ..games import Game, as_game
from .job import Job, Task, TaskResult
from .runner import run_job

if TYPE_CHECKING:
    from distributed import Client

__all__ = ["TASK_ROW_TOUCHES", "dask_sweeper", "distributed_sweep", "sweep_job"]


#: Work of one task, in row touches (hands times card subsets, per board): about a
#: minute on one core (30-40 million a second), so Dask's per-task cost is small beside it.
TASK_ROW_TOUCHES = 3_000_000_000


def _sweep_task(params: Mapping[str, Any], task: Task) -> TaskResult:
    """Boards ``task.start`` to ``task.stop - 1``: both sides' per-hand histograms."""
    swept = _swept(params, slice(task.start, task.stop))
    return {"hands_a": swept.hands_a, "hands_b": swept.hands_b}


def _swept(params: Mapping[str, Any], boards: slice, hands: slice = slice(None)) -> RangeSweep:
    """``sweep_boards(..., per_board=False)`` of a sweep job's parameters: its ``boards``
    slice of the board list, the ``hands`` slice of each side."""
    return sweep_boards(
        params["hands_a"][hands], params["weights_a"][hands], params["hands_b"][hands], params["weights_b"][hands],
        params["boards"][boards], params["board_weights"][boards], params["dead"], game=_game(params), per_board=False,
    )  # fmt: skip


def _game(params: Mapping[str, Any]) -> Game | None:
    """The game of a sweep job's parameters (see :func:`sweep_job`)."""
    name = params["game"]
    return None if name is None else as_game(name)


def sweep_job(
    hands_a: np.ndarray,
    weights_a: np.ndarray,
    hands_b: np.ndarray,
    weights_b: np.ndarray,
    boards: np.ndarray,
    board_weights: np.ndarray,
    dead: Sequence[int] = (),
    *,
    game: Game | None = None,
    chunk: int | None = None,
) -> Job:
    """The job of ``sweep_boards(hands_a, weights_a, hands_b, weights_b, boards,
    board_weights, dead, game=game)``, ``chunk`` boards a task (default: about
    ``TASK_ROW_TOUCHES`` of work each). The job's parameters hold the game by its name
    (None: the Hi-Lo game of the hands' size), as data for the workers and the digest."""
    params: dict[str, Any] = {
        "hands_a": np.ascontiguousarray(hands_a, dtype=np.int8),
        "weights_a": np.ascontiguousarray(weights_a, dtype=np.int64),
        "hands_b": np.ascontiguousarray(hands_b, dtype=np.int8),
        "weights_b": np.ascontiguousarray(weights_b, dtype=np.int64),
        "boards": np.ascontiguousarray(boards, dtype=np.int8),
        "board_weights": np.ascontiguousarray(board_weights, dtype=np.int64),
        "dead": sorted(int(c) for c in dead),
        "game": None if game is None else game.name,
    }
    if chunk is None:
        per_board = row_touches(len(hands_a), len(hands_b), params["hands_a"].shape[1])
        chunk = max(1, TASK_ROW_TOUCHES // max(1, per_board))
    label = f"range vs range, {len(hands_a):,} vs {len(hands_b):,} hands, {len(boards):,} boards"
    return Job(_sweep_task, params, len(params["boards"]), chunk, label=label)


def distributed_sweep(
    job: Job,
    *,
    progress: ProgressCallback | None = None,
    client: Client | None = None,
    checkpoint: str | os.PathLike[str] | None = None,
) -> RangeSweep:
    """A :func:`sweep_job` run: the same :class:`RangeSweep` as ``sweep_boards(...,
    per_board=False)`` of its arguments, on the Dask ``client`` (None: here), keeping
    finished tasks in ``checkpoint`` (see :func:`~.runner.run_job`); ``progress(boards
    done, boards)``. The inputs are checked here, before any task is sent: bad input
    raises OmahaInputError."""
    params = job.params
    _swept(params, slice(None), slice(0))  # sweep_boards checks its inputs: with no hands it sweeps nothing
    counts = run_job(job, client=client, checkpoint=checkpoint, progress=progress)
    dealt_a, total_a = weigh_side(params["weights_a"], counts["hands_a"], counts["hands_a"].sum(axis=(1, 2)))
    dealt_b, total_b = weigh_side(params["weights_b"], counts["hands_b"], counts["hands_b"].sum(axis=(1, 2)))
    return RangeSweep(
        counts["hands_a"], counts["hands_b"], dealt_a, dealt_b, total_a, total_b, len(params["boards"]),
        params["boards"], np.zeros((0, 2, 3, 5), dtype=np.int64), params["board_weights"],
    )  # fmt: skip


@contextmanager
def dask_sweeper(
    scheduler: str | Client, *, checkpoint: str | os.PathLike[str] | None = None
) -> Iterator[tuple[BoardSweeper, int]]:
    """For the block: a :data:`~omaha8eq.engine.heads_up.BoardSweeper` running
    :func:`distributed_sweep` on Dask (keeping finished tasks in ``checkpoint``) and the
    cluster's worker threads. ``scheduler``: a ``distributed.Client``, or ``"local"``,
    ``"auto"`` or an address to connect to (:func:`.cluster.connect`, default sizes).
    Raises OmahaTypeError when ``scheduler`` is neither text nor a client."""
    with ExitStack() as stack:
        if isinstance(scheduler, str):
            from .cluster import connect

            client = stack.enter_context(connect(scheduler))
        else:
            from distributed import Client

            if not isinstance(scheduler, Client):
                raise OmahaTypeError(f"scheduler: expected 'local', 'auto', an address or a Client, got {scheduler!r}")
            client = scheduler

        def sweep(
            *args: Any, per_board: bool = False, progress: ProgressCallback | None = None, **kwargs: Any
        ) -> RangeSweep:
            if per_board:  # the caller needs per-board totals: a distributed run keeps none
                raise ValueError("a distributed sweep keeps no per-board totals")
            job = sweep_job(*args, **kwargs)
            return distributed_sweep(job, progress=progress, client=client, checkpoint=checkpoint)

        yield sweep, max(1, sum(client.nthreads().values()))
