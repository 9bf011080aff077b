"""The job runner's status while a job's thread compiles a kernel for first use.

numba announces a compilation with its ``numba:compile`` events; the test raises those
events itself, in the job's thread, around a wait it controls (a real compilation is too
short to watch and too long to wait for), named as the package names its kernels
(``core.registry.compiling_as``).
"""

from __future__ import annotations

import threading
import time

import pytest
from numba.core import event

from omaha8eq.core import registry
from omaha8eq.web.jobs import JobRunner, JobState
from omaha8eq.web.requests import Limits

_EVENT = {"dispatcher": None, "args": None, "return_type": None}


@pytest.fixture
def quiet_registry(monkeypatch):
    """No first-use line on stderr, and the process's compile totals left as they were."""
    monkeypatch.setenv("OMAHA8EQ_COMPILE_NOTICE", "0")
    registry.install_first_use_notice()
    saved = registry.compile_times(), registry.compile_seconds()
    yield
    registry.reset_first_use_notice()
    with registry._STATE.lock:
        registry._STATE.times, registry._STATE.total = saved


def _until(condition, timeout: float = 10.0) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.01)


def _compiling_work(kernel: str, compiling: threading.Event, release: threading.Event):
    """A job's work that "compiles" ``kernel`` (numba's events, in the job's thread) until
    ``release`` is set, saying ``compiling`` once it has begun; then reports progress."""

    def work(progress):
        with registry.compiling_as(kernel):
            event.start_event("numba:compile", data=_EVENT)
            compiling.set()
            try:
                release.wait(10)
            finally:
                event.end_event("numba:compile", data=_EVENT)
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
        _until(compiling.is_set)
        _until(lambda: other.state is JobState.RUNNING)
        time.sleep(0.2)
        status = job.status()
        assert status["state"] == "running"
        assert status["compiling"]["kernel"] == "sweep_runouts"
        assert 0.2 <= status["compiling"]["seconds"] < 10
        assert "compiling" not in other.status()  # another thread's compile is not its own
    finally:
        release.set()
    _until(lambda: job.state.finished and other.state.finished)
    assert job.state is JobState.DONE and job.result == {"answer": 1}
    assert "compiling" not in job.status()
    assert registry.compiling_now() is None


def test_a_job_cancelled_while_compiling_stops_at_its_next_report(quiet_registry):
    runner = JobRunner(Limits())
    release, compiling = threading.Event(), threading.Event()
    job = runner.submit("explore", _compiling_work("classify_kernel", compiling, release))
    _until(compiling.is_set)
    job.cancel()
    assert job.status()["compiling"]["kernel"] == "classify_kernel"  # numba cannot be stopped meanwhile
    release.set()
    _until(lambda: job.state.finished)
    assert job.state is JobState.CANCELLED and job.result is None
