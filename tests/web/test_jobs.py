"""The job runner's status while a job's thread compiles a kernel for first use.

The job's thread "compiles" as ``compile_events.pretend_compiling`` does: numba's
``numba:compile`` events, raised around a wait the test controls.
"""

from __future__ import annotations

import threading
import time

from compile_events import pretend_compiling, until

from omaha8eq.core import registry
from omaha8eq.web.jobs import JobRunner, JobState
from omaha8eq.web.requests import Limits


def _compiling_work(kernel: str, compiling: threading.Event, release: threading.Event):
    """A job's work that "compiles" ``kernel`` (numba's events, in the job's thread) until
    ``release`` is set, saying ``compiling`` once it has begun; then reports progress."""

    def work(progress):
        with pretend_compiling(kernel):
            compiling.set()
            release.wait(10)
        progress(1, 2)
        return {"answer": 1}

    return work


def test_a_job_names_the_kernel_its_thread_compiles_and_for_how_long(quiet_registry):
    runner = JobRunner(Limits(max_running=2))
    release, compiling = threading.Event(), threading.Event()

    def waits(progress):
        release.wait(10)
        progress(1, 1)
        return {"answer": 2}

    job = runner.submit("equity", _compiling_work("sweep_runouts", compiling, release))
    other = runner.submit("equity", waits)
    try:
        until(compiling.is_set)
        until(lambda: other.state is JobState.RUNNING)
        time.sleep(0.2)
        status = job.status()
        assert status["state"] == "running"
        assert status["compiling"]["kernel"] == "sweep_runouts"
        assert 0.2 <= status["compiling"]["seconds"] < 10
        assert "compiling" not in other.status()  # another thread's compile is not its own
    finally:
        release.set()
    until(lambda: job.state.finished and other.state.finished)
    assert job.state is JobState.DONE and job.result == {"answer": 1}
    assert "compiling" not in job.status()
    assert registry.compiling_now() is None


def test_a_job_cancelled_while_compiling_stops_at_its_next_report(quiet_registry):
    runner = JobRunner(Limits())
    release, compiling = threading.Event(), threading.Event()
    job = runner.submit("explore", _compiling_work("classify_kernel", compiling, release))
    until(compiling.is_set)
    job.cancel()
    assert job.status()["compiling"]["kernel"] == "classify_kernel"  # numba cannot be stopped meanwhile
    release.set()
    until(lambda: job.state.finished)
    assert job.state is JobState.CANCELLED and job.result is None
