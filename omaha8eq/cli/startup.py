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
"""

from __future__ import annotations

import atexit
import functools
import gc
import sys
from collections.abc import Iterator
from contextlib import contextmanager

__all__ = ["loading_engine", "skip_final_collection"]


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
        return
    gc.disable()
    try:
        yield
    finally:
        gc.freeze()
        gc.enable()


@functools.cache
def skip_final_collection() -> None:
    """At the process's exit, freeze every object first: the interpreter's final
    collections then skip them (the memory goes back with the process). Once per process."""
    atexit.register(gc.freeze)
