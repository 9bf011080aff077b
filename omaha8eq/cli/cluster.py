"""The command line's Dask options (--scheduler, --workers, --threads-per-worker) and client."""

from __future__ import annotations

import argparse
import logging
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

from .common import PROG, Arg
from .options import whole_number

if TYPE_CHECKING:
    from distributed import Client

__all__ = ["cluster_client", "cluster_options"]


def cluster_options(scheduler_help: str) -> tuple[Arg, Arg, Arg]:
    """--scheduler (help text ``scheduler_help``), --workers, --threads-per-worker."""
    workers = Arg(
        "--workers", type=whole_number(1), metavar="N", help="local cluster: worker processes (default: one a core)"
    )
    threads_per_worker = Arg(
        "--threads-per-worker", type=whole_number(1), default=1, metavar="N",
        help="local cluster: tasks each worker runs at once (default 1; numba threads are shared among them)",
    )  # fmt: skip
    return Arg("--scheduler", metavar="ADDRESS", help=scheduler_help), workers, threads_per_worker


@contextmanager
def cluster_client(args: argparse.Namespace, *, address: str | None) -> Iterator[Client]:
    """A Dask client for the command (``address`` as for
    :func:`omaha8eq.distributed.cluster.connect`). When a job starts on it, a line on
    stderr gives its tasks and the dashboard link (the ``omaha8eq.distributed`` log)."""
    from ..distributed import connect

    log = logging.getLogger("omaha8eq.distributed")
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter(f"{PROG}: %(message)s"))
    log.addHandler(handler)
    log.setLevel(logging.INFO)
    try:
        with connect(address, workers=args.workers, threads_per_worker=args.threads_per_worker) as client:
            yield client
    finally:
        log.removeHandler(handler)
