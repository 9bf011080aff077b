"""The web server's jobs: every run of every route, in worker threads, a bounded number at once.

A :class:`JobRunner` is the server's one budget: every run (an equity request, a job,
a query, an exploration, a hand-history file) is a :class:`Job` of it. It runs
``Limits.max_running`` jobs at once, each in a worker thread off the event loop; a
submitted job waits until the running jobs' estimated memory (:mod:`omaha8eq.web.cost`)
and its own fit in ``Limits.max_memory``, then for a free slot (at most
``Limits.max_waiting`` of them wait: beyond, :class:`ServerBusy`), then calls its work,
``work(progress)``. The run's progress callback records ``(done, total)`` and raises
:class:`JobCancelled` once the job is cancelled, which stops the computation at its
next progress report (between kernel calls of at most about half a second). A job
that nobody has asked about for ``Limits.abandon_after`` seconds is cancelled too:
its page was closed. While a job's thread compiles a kernel for first use (numba cannot be
interrupted then), its status names the kernel and the seconds so far, and a cancelled job
stops at its first progress report after.
"""

from __future__ import annotations

import enum
import secrets
import threading
import time
from collections.abc import Callable
from typing import Any

from ..core.registry import compiling_now
from ..engine.progress import ProgressCallback
from ..errors import OmahaInputError
from .requests import Limits

__all__ = ["Job", "JobCancelled", "JobRunner", "JobState", "ServerBusy", "Work"]

#: A job's computation: called with the progress callback (which raises JobCancelled once
#: the job is cancelled), returns the JSON answer; OmahaInputError for bad input.
Work = Callable[[ProgressCallback], dict[str, Any]]

#: Finished jobs are kept this many seconds for their page to fetch the result.
KEEP_FINISHED = 300.0
#: Seconds between a waiting job's checks for its cancellation.
SLOT_WAIT = 0.1
#: Seconds the server's shutdown waits for cancelled jobs to stop.
SHUTDOWN_WAIT = 2.0


class JobCancelled(Exception):
    """Raised from a job's progress callback to stop its computation."""


class ServerBusy(Exception):
    """Too many jobs are running or waiting; the message says how many."""


class JobState(enum.Enum):
    WAITING = "waiting"
    RUNNING = "running"
    DONE = "done"
    FAILED = "failed"
    CANCELLED = "cancelled"

    @property
    def finished(self) -> bool:
        return self in (JobState.DONE, JobState.FAILED, JobState.CANCELLED)


class Job:
    """One request being computed: its state, progress, result or error."""

    def __init__(self, kind: str, work: Work, memory: int = 0):
        self.id = secrets.token_hex(8)
        self.kind = kind
        self.work = work
        self.memory = memory  # the estimated peak, in bytes, reserved while it runs
        self.state = JobState.WAITING
        self.done = 0
        self.total: int | None = None
        self.unit: str | None = None  # what done and total count, once the run says
        self.result: dict[str, Any] | None = None
        self.error: Exception | None = None  # an OmahaInputError (bad input) or a RuntimeError (a bug)
        self.created = self.seen = time.monotonic()
        self.started: float | None = None
        self.finished_at: float | None = None
        self.thread = 0  # the worker thread's ident, once it runs
        self._cancel = threading.Event()
        self.finished = threading.Event()

    def cancel(self) -> None:
        """Stop the job: now if it waits, at its next progress report if it runs."""
        self._cancel.set()

    def touch(self) -> None:
        """Note that someone still waits for the job (see ``Limits.abandon_after``)."""
        self.seen = time.monotonic()

    @property
    def cancelled(self) -> bool:
        return self._cancel.is_set()

    def _progress(self, done: int, total: int | None) -> None:
        self.done, self.total = int(done), None if total is None else int(total)
        if self._cancel.is_set():
            raise JobCancelled

    def _counting(self, unit: str) -> None:
        """A new stage of the run starts counting ``unit`` (parsing a range counts hands,
        the run itself deals or boards): the page labels its bar with it."""
        self.unit, self.done, self.total = unit, 0, None
        if self._cancel.is_set():
            raise JobCancelled

    def run(self) -> None:
        """Compute the job (in a worker thread); never raises."""
        try:
            if self._cancel.is_set():
                raise JobCancelled
            self.state, self.started, self.thread = JobState.RUNNING, time.monotonic(), threading.get_ident()
            self.result = self.work(_JobProgress(self._progress, self._counting))
            self.state = JobState.DONE
        except JobCancelled:
            self.state = JobState.CANCELLED
        except OmahaInputError as exc:
            self.error, self.state = exc, JobState.FAILED
        except Exception as exc:  # a bug, not bad input (500): the page still gets one line
            self.error, self.state = RuntimeError(f"internal error: {type(exc).__name__}: {exc}"), JobState.FAILED
        finally:
            self.finished_at = time.monotonic()
            self.finished.set()

    def status(self) -> dict[str, Any]:
        """The job as JSON: id, kind, state, progress, seconds elapsed, the kernel its thread
        is compiling for first use (``compiling``: its name and seconds so far), and the
        result or error."""
        self.touch()
        end = self.finished_at if self.finished_at is not None else self.seen
        status: dict[str, Any] = {
            "id": self.id,
            "kind": self.kind,
            "state": self.state.value,
            "done": self.done,
            "total": self.total,
            "unit": self.unit,
            "elapsed": 0.0 if self.started is None else end - self.started,
        }
        compiling = compiling_now()
        if compiling is not None and compiling.thread == self.thread and self.state is JobState.RUNNING:
            status["compiling"] = {"kernel": compiling.kernel, "seconds": round(compiling.seconds, 1)}
        if self.result is not None:
            status["result"] = self.result
        if self.error is not None:
            status["error"] = " ".join(str(self.error).split())
        return status


class _JobProgress:
    """A job's progress callback (``engine.progress``): ``progress(done, total)``, and
    ``counting(unit)`` before each stage."""

    def __init__(self, report: Callable[[int, int | None], None], counting: Callable[[str], None]):
        self._report, self.counting = report, counting

    def __call__(self, done: int, total: int | None) -> None:
        self._report(done, total)


class JobRunner:
    """Runs each job in a worker thread of its own, ``Limits.max_running`` at once, and
    keeps the jobs for their pages to poll.

    The threads are daemons: a job stuck where it cannot see its cancellation (numba
    compiling a kernel on first use, up to a minute) does not keep the server from exiting.
    """

    def __init__(self, limits: Limits):
        self.limits = limits
        self._slots = threading.Semaphore(limits.max_running)
        self._memory = threading.Condition()
        self.reserved = 0  # bytes: the estimates of the jobs holding memory
        self.peak_reserved = 0  # the most they held at once (never above max_memory)
        self._jobs: dict[str, Job] = {}
        self._threads: dict[str, threading.Thread] = {}
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._watchdog = threading.Thread(target=self._watch, name="omaha8eq-job-watchdog", daemon=True)
        self._watchdog.start()

    def submit(self, kind: str, work: Work, memory: int = 0) -> Job:
        """Queue ``work`` as a job estimated to take ``memory`` bytes at most (at most
        ``Limits.max_memory``); ServerBusy when ``max_running + max_waiting`` jobs are
        unfinished."""
        with self._lock:
            active = [j for j in self._jobs.values() if not j.state.finished]
            if len(active) >= self.limits.max_running + self.limits.max_waiting:
                running = sum(j.state is JobState.RUNNING for j in active)
                raise ServerBusy(
                    f"server busy: {running} jobs running and {len(active) - running} waiting "
                    f"(at most {self.limits.max_running} + {self.limits.max_waiting}); try again shortly"
                )
            job = Job(kind, work, min(memory, self.limits.max_memory))
            self._jobs[job.id] = job
            thread = threading.Thread(target=self._run, args=(job,), name=f"omaha8eq-job-{job.id}", daemon=True)
            self._threads[job.id] = thread
        thread.start()
        return job

    def _run(self, job: Job) -> None:
        """Wait for the job's memory, then a free slot, then run the job; a job cancelled
        while it waits ends at once, holding neither."""
        if self._reserve(job):
            try:
                if self._take_slot(job):
                    try:
                        job.run()
                    finally:
                        self._slots.release()
                    return
            finally:
                with self._memory:
                    self.reserved -= job.memory
                    self._memory.notify_all()
        job.run()  # cancelled while waiting: ends at once

    def _reserve(self, job: Job) -> bool:
        """Wait until the job's memory fits beside the running jobs' and reserve it;
        False if the job is cancelled first."""
        with self._memory:
            while self.reserved + job.memory > self.limits.max_memory:
                if job.cancelled:
                    return False
                self._memory.wait(SLOT_WAIT)
            self.reserved += job.memory
            self.peak_reserved = max(self.peak_reserved, self.reserved)
        return True

    def _take_slot(self, job: Job) -> bool:
        """Wait for a free slot and take it; False if the job is cancelled first."""
        while not self._slots.acquire(timeout=SLOT_WAIT):
            if job.cancelled:
                return False
        return True

    def jobs(self) -> list[Job]:
        """Every job the runner still knows, oldest first."""
        with self._lock:
            return list(self._jobs.values())

    def get(self, job_id: str) -> Job | None:
        with self._lock:
            return self._jobs.get(job_id)

    def _watch(self) -> None:
        """Cancel abandoned jobs and forget old finished ones, every half second."""
        while not self._stop.wait(0.5):
            now = time.monotonic()
            with self._lock:
                for job in list(self._jobs.values()):
                    if job.state.finished:
                        self._threads.pop(job.id, None)
                        if job.finished_at is not None and now - job.finished_at > KEEP_FINISHED:
                            del self._jobs[job.id]
                    elif now - job.seen > self.limits.abandon_after:
                        job.cancel()

    def running(self) -> bool:
        """Whether a job's thread is still alive (after :meth:`shutdown`: one deaf to its
        cancellation, such as numba compiling a kernel)."""
        with self._lock:
            return any(thread.is_alive() for thread in self._threads.values())

    def shutdown(self, wait: float = SHUTDOWN_WAIT) -> None:
        """Cancel every job and give their threads up to ``wait`` seconds to stop (once:
        later calls return at once)."""
        if self._stop.is_set():
            return
        self._stop.set()
        with self._lock:
            for job in self._jobs.values():
                job.cancel()
            threads = list(self._threads.values())
        deadline = time.monotonic() + wait
        for thread in threads:
            thread.join(max(0.0, deadline - time.monotonic()))
