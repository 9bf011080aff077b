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

import contextlib
import logging
import os
import signal
import threading
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
#: Seconds a LocalCluster's shutdown may take.
SHUTDOWN_TIMEOUT = 5


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
    with _workers_ignore_ctrl_c():
        cluster = distributed.LocalCluster(
            n_workers=n_workers,
            threads_per_worker=threads_per_worker,
            processes=True,
            dashboard_address=":0",
            env={"NUMBA_NUM_THREADS": str(numba_threads)},
        )
    dask_logger = logging.getLogger("distributed")
    level = dask_logger.level
    client = None
    try:
        client = distributed.Client(cluster)
        yield client
    except BaseException:
        # Silent until the cluster is closed: the nannies and the client's exit log
        # from Dask's own thread after the workers are killed ("Restarting worker").
        dask_logger.setLevel(logging.CRITICAL)
        _stop_workers_now(cluster)
        raise
    finally:
        with _ctrl_c_after_shutdown(cluster), _quiet_dask():
            if client is not None:
                client.close()
            cluster.close(timeout=SHUTDOWN_TIMEOUT)
        dask_logger.setLevel(level)


@contextmanager
def _workers_ignore_ctrl_c() -> Iterator[None]:
    """Ignore SIGINT while the worker processes start, so that they inherit "ignored":
    Ctrl-C in a terminal signals every process of the foreground group, and a worker
    interrupted in the middle of a task prints its own traceback. This process alone
    handles Ctrl-C, and stops the workers itself (:func:`_stop_workers_now`). The cost:
    a Ctrl-C during the cluster's start (a few seconds) is ignored."""
    with _on_ctrl_c(signal.SIG_IGN):
        yield


@contextmanager
def _on_ctrl_c(handler: Any) -> Iterator[None]:
    """SIGINT handled by ``handler`` within the block, the previous handler restored
    after it; nothing changes outside the main thread (signal handlers are its own)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGINT, handler)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


@contextmanager
def _ctrl_c_after_shutdown(cluster: Any) -> Iterator[None]:
    """Ctrl-C during the block (the cluster's shutdown) kills the workers at once and
    is raised as KeyboardInterrupt when the block ends, not inside it: a shutdown cut
    short leaves the cluster open, and Dask's exit hook then waits 10 seconds to close
    it again. The block is short (the workers are killed), so the interrupt is only
    deferred by a fraction of a second. An exception leaving the block wins."""
    pressed: list[int] = []

    def stop_now(signum: int, frame: object) -> None:
        pressed.append(signum)
        _stop_workers_now(cluster)

    with _on_ctrl_c(stop_now):
        yield
    if pressed:
        raise KeyboardInterrupt


@contextmanager
def _quiet_dask() -> Iterator[None]:
    """Dask's loggers silenced for the block: a shutdown of workers that were busy (or
    killed) logs multi-line warnings ("Worker process still alive after ... killing")."""
    logger = logging.getLogger("distributed")
    level = logger.level
    logger.setLevel(logging.CRITICAL)
    try:
        yield
    finally:
        logger.setLevel(level)


def _stop_workers_now(cluster: Any) -> None:
    """Kill the LocalCluster's worker processes at once (interrupted, or a task failed):
    a worker busy in a compiled kernel does not answer the polite request to stop, and
    Dask would wait seconds for it. Its nannies are told not to restart them."""
    with _quiet_dask():
        for nanny in list(getattr(cluster, "workers", {}).values()):
            try:  # Dask's internals: a Nanny's WorkerProcess's process
                nanny.auto_restart = False
                pid = nanny.process.process.pid
            except AttributeError:
                continue
            with contextlib.suppress(OSError, TypeError):
                os.kill(pid, signal.SIGKILL if hasattr(signal, "SIGKILL") else signal.SIGTERM)
