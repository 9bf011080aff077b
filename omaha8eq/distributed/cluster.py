"""Connecting to Dask: a LocalCluster on this machine, or an existing cluster by address.

``scheduler`` is ``"local"`` (a :class:`distributed.LocalCluster` of worker
processes, started here and shut down afterwards), an address such as
``"tcp://10.0.0.5:8786"`` (a running ``dask scheduler`` with its ``dask worker``
processes), or ``"auto"`` (or None): the address in Dask's configuration (the
environment variable ``DASK_SCHEDULER_ADDRESS``) if there is one, else ``"local"``.

Numba threads: every task caps numba at the worker's cores divided by its
concurrent tasks (``NUMBA_NUM_THREADS // nthreads``), so ``dask worker --nthreads
2`` on two cores runs two one-thread tasks, not four threads. A LocalCluster's
worker processes also get ``NUMBA_NUM_THREADS`` = this machine's cores divided by
the workers (at least 1).

Dask is an optional dependency (``pip install 'omaha8eq[distributed]'``): it is
imported only here, when a job runs.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from ..errors import OmahaInputError

if TYPE_CHECKING:
    from distributed import Client

__all__ = ["AUTO", "LOCAL", "connect", "resolve_address"]

#: The ``scheduler`` value that starts a LocalCluster.
LOCAL = "local"
#: The ``scheduler`` value for Dask's configured address (DASK_SCHEDULER_ADDRESS), else local.
AUTO = "auto"
#: Seconds to wait for a scheduler before giving up.
CONNECT_TIMEOUT = 10


def _import_distributed() -> Any:
    try:
        import distributed
    except ImportError as exc:  # the optional extra is not installed
        raise OmahaInputError(
            "scheduler: Dask is not installed; install it with pip install 'omaha8eq[distributed]'"
        ) from exc
    return distributed


def resolve_address(scheduler: str | None) -> str:
    """``scheduler`` itself, or for None and ``"auto"`` Dask's configured address
    (``DASK_SCHEDULER_ADDRESS``), else ``"local"``."""
    if scheduler is not None and scheduler != AUTO:
        if not isinstance(scheduler, str) or not scheduler.strip():
            raise OmahaInputError(
                f"scheduler: expected 'local', 'auto' or an address such as tcp://HOST:8786, got {scheduler!r}"
            )
        return scheduler.strip()
    import dask

    configured = dask.config.get("scheduler-address", None)
    return str(configured) if configured else LOCAL


def local_numba_threads(workers: int, cores: int | None = None) -> int:
    """Numba threads for each of ``workers`` worker processes sharing ``cores``."""
    return max(1, (cores or os.cpu_count() or 1) // workers)


@contextmanager
def connect(
    scheduler: str | None = None,
    *,
    workers: int | None = None,
    threads_per_worker: int = 1,
) -> Iterator[Client]:
    """A Dask client for the block: on a new LocalCluster (``workers`` processes,
    default one per core, each running ``threads_per_worker`` tasks at once) or on
    the scheduler at an address (``workers`` and ``threads_per_worker`` must then be
    None and 1: the cluster has its own). Raises OmahaInputError naming the address
    when the scheduler cannot be reached."""
    distributed = _import_distributed()
    address = resolve_address(scheduler)
    if address != LOCAL:
        if workers is not None or threads_per_worker != 1:
            raise OmahaInputError("workers: only a local cluster is sized here; an existing cluster has its workers")
        try:
            client = distributed.Client(address, timeout=CONNECT_TIMEOUT)
        except (OSError, ValueError, TypeError) as exc:
            message = " ".join(str(exc).split()) or type(exc).__name__
            raise OmahaInputError(f"scheduler: cannot connect to {address}: {message}") from exc
        with client:
            yield client
        return
    n_workers = workers if workers is not None else os.cpu_count() or 1
    if n_workers < 1 or threads_per_worker < 1:
        raise OmahaInputError(
            f"workers: expected at least one worker and one thread, got {n_workers}, {threads_per_worker}"
        )
    numba_threads = local_numba_threads(n_workers * threads_per_worker)
    with (
        distributed.LocalCluster(
            n_workers=n_workers,
            threads_per_worker=threads_per_worker,
            processes=True,
            dashboard_address=":0",
            env={"NUMBA_NUM_THREADS": str(numba_threads)},
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        yield client
