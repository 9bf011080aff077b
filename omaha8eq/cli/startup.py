"""The command line's start-up and exit, without needless garbage collection.

A warm ``omaha8eq equity ...`` process spends most of its time loading numpy, numba
and the kernels: about 50,000 objects that live until the process exits, and 50,000
more when numba loads its first compiled function. Python's cyclic garbage collector
runs every 700 new objects and, every hundredth time, walks every object; at exit it
walks them all once more. Nothing of that is garbage, so that walking (about a third
of a warm run's CPU time, measured) only costs time.

:func:`loading_engine` pauses the collector while a command imports the engine, then
freezes what was loaded (:func:`gc.freeze`: later collections skip those objects,
and the collector runs again as usual for the command's own work);
:func:`skip_final_collection` freezes everything at exit, so that the interpreter's
last collections do not walk the heap that is about to be freed with the process.
Only the command line does this: the library leaves the collector alone.

:func:`loading_seconds` counts the time numba spends on kernels' first calls (typing them
and loading them from its disk cache: most of a warm run's first call), so that a report
can say the work's time and the loading time apart (the library's ``elapsed`` holds both).
"""

from __future__ import annotations

import atexit
import functools
import gc
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

__all__ = ["loading_engine", "loading_seconds", "skip_final_collection"]

#: Seconds spent in kernels' first calls, once :func:`_time_cache_loads` ran.
_LOADING = [0.0]


@contextmanager
def loading_engine() -> Iterator[None]:
    """Within the block, import the engine with the garbage collector paused; then freeze
    what it loaded and restart the collector.

    Only a process's first load (numba not imported yet) is paused and frozen, so that
    a process calling the command line many times (the tests) freezes its objects
    once, not its later garbage. A collector that was off stays off.
    """
    if "numba" in sys.modules or not gc.isenabled():
        yield
        _time_cache_loads()
        return
    gc.disable()
    try:
        yield
    finally:
        gc.freeze()
        gc.enable()
        _time_cache_loads()


@functools.cache
def _time_cache_loads() -> None:
    """Count the seconds numba spends on a kernel's first call for its argument types:
    typing it and loading its machine code from the disk cache (numba itself reports only
    compilations, which :func:`omaha8eq.core.registry.compile_seconds` counts and the
    caller subtracts). Once per process; a numba without that method is not timed, and a
    process that has not imported numba is not made to import it."""
    if "numba" not in sys.modules:
        _time_cache_loads.cache_clear()  # try again at the next block
        return
    try:
        from numba.core.dispatcher import _DispatcherBase
    except ImportError:  # another numba: its loads are not timed
        return
    first_call: Callable[..., Any] | None = getattr(_DispatcherBase, "_compile_for_args", None)
    if first_call is None:
        return

    @functools.wraps(first_call)
    def timed(self: Any, *args: Any, **kwargs: Any) -> Any:
        started = time.perf_counter()
        try:
            return first_call(self, *args, **kwargs)
        finally:
            _LOADING[0] += time.perf_counter() - started

    # setattr: numba's stubs do not name this private method, which every dispatcher inherits.
    setattr(_DispatcherBase, "_compile_for_args", timed)  # noqa: B010


def loading_seconds() -> float:
    """Seconds this process has spent on kernels' first calls (typing them, loading them
    from numba's disk cache, and compiling them when not cached: subtract
    ``compile_seconds()``), counted from the first :func:`loading_engine` block on."""
    return _LOADING[0]


@functools.cache
def skip_final_collection() -> None:
    """At the process's exit, freeze every object first: the interpreter's final
    collections then skip them (the memory goes back with the process). Once per process."""
    atexit.register(gc.freeze)
