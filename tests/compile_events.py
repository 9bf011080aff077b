"""Pretend compilations: numba's ``numba:compile`` events raised by a test, around a
wait it controls (a real compilation is too short to watch and too long to wait for),
named as the package names its kernels (``core.registry.compiling_as``). A plugin of
the suite (tests/conftest.py), so that any test may ask for the ``quiet_registry``
fixture; it imports numba only when used."""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager

import pytest

_EVENT = {"dispatcher": None, "args": None, "return_type": None}


@pytest.fixture
def quiet_registry(monkeypatch):
    """No first-use line on stderr, and the process's compile totals left as they were."""
    from omaha8eq.core import registry

    monkeypatch.setenv("OMAHA8EQ_COMPILE_NOTICE", "0")
    registry.install_first_use_notice()
    saved = registry.compile_times(), registry.compile_seconds()
    yield
    registry.reset_first_use_notice()
    with registry._STATE.lock:
        registry._STATE.times, registry._STATE.total = saved


@contextmanager
def pretend_compiling(kernel: str) -> Iterator[None]:
    """Within the block, this thread "compiles" ``kernel``: the registry sees it start
    as the block begins and end as it ends."""
    from numba.core import event

    from omaha8eq.core import registry

    with registry.compiling_as(kernel):
        event.start_event("numba:compile", data=_EVENT)
        try:
            yield
        finally:
            event.end_event("numba:compile", data=_EVENT)


def until(condition, timeout: float = 10.0) -> None:
    """Wait until ``condition()`` is true; fail after ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.01)
