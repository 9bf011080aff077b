"""Calling the parallel kernels safely: after a fork, and from several threads at once.

numba runs ``parallel=True`` kernels on a threading layer, and two of its layers have
limits that a library cannot leave to its users:

* GNU OpenMP (the ``omp`` layer, the usual one on Linux) is not fork-safe: a child
  forked from a process that has used it (``multiprocessing``'s default start method on
  Linux) is terminated the moment it launches a parallel region, whatever the thread
  count. In a forked child, :func:`run` therefore calls a *serial twin* of the kernel:
  the same Python function compiled without ``parallel`` (``prange`` runs as ``range``),
  so the results are identical, just on one thread.
* The ``workqueue`` layer (numba's fallback when neither OpenMP nor TBB is available)
  is not thread-safe: two Python threads launching parallel regions at once abort the
  process. :func:`run` serialises launches on that layer with a lock; on ``omp`` and
  ``tbb`` they run concurrently.

A twin is a new function object sharing the kernel's code, with a different qualified
name, so numba caches its machine code in files of its own (the on-disk cache is keyed
by the function's name and line, not by its compile options).

A parallel build also takes longer to compile than its twin (numba outlines and compiles
the ``prange`` body as a gufunc). :func:`run_soon` uses that for first use: while a
kernel's parallel build has no machine code yet, the first call of a process runs the
twin, which compiles faster, and only a later call compiles the parallel build; the
counts are integers, the same from either build. :func:`run_body_soon` goes further
for a kernel whose body only calls other kernels: its first call runs that body as
Python, so that only the kernels it calls compile.
"""

from __future__ import annotations

import contextlib
import functools
import os
import threading
import types
from collections.abc import Callable, Iterator
from typing import Any

import numba

from .registry import compiling_as, needs_compile

__all__ = ["in_forked_child", "run", "run_body_soon", "run_soon", "serial_builds", "serial_twin"]

_forked = threading.Event()  # set in a forked child (an Event: no module-level rebinding)
_serial = threading.Event()  # set within serial_builds(): run() calls the twins, as in a forked child
_launch_lock = threading.Lock()
_deferred: set[Any] = set()  # builds whose compilation a first call left to a later one
_ready: set[Any] = set()  # builds run (so compiled or loaded) in this process, not deferred
# Layers on which concurrent launches from several Python threads are safe.
_THREAD_SAFE_LAYERS = frozenset({"omp", "tbb"})


os.register_at_fork(after_in_child=_forked.set)


def in_forked_child() -> bool:
    """True in a process created by ``fork()`` (without ``exec``) from one that imported omaha8eq."""
    return _forked.is_set()


@functools.cache
def serial_twin(kernel: Any) -> Any:
    """The kernel's Python function compiled without ``parallel``, cached on disk apart from it."""
    func = kernel.py_func
    twin = types.FunctionType(func.__code__, func.__globals__, func.__name__, func.__defaults__, func.__closure__)
    twin.__qualname__ = f"{func.__qualname__}_serial"
    twin.__module__ = func.__module__
    twin.__doc__ = func.__doc__
    return numba.njit(cache=True)(twin)


def _layer_is_thread_safe() -> bool:
    try:
        layer: str = numba.threading_layer()  # type: ignore[attr-defined]  # numba exports it untyped
        return layer in _THREAD_SAFE_LAYERS
    except ValueError:  # no parallel region launched yet: the layer is not chosen
        return False


@contextlib.contextmanager
def serial_builds() -> Iterator[None]:
    """Within the block, :func:`run` calls the serial twins, as a forked child does: so
    that ``omaha8eq warmup`` compiles (and caches on disk) the builds a fork-pool
    worker needs, which otherwise compile in the worker, unannounced by its parent."""
    _serial.set()
    try:
        yield
    finally:
        _serial.clear()


def run(kernel: Callable[..., Any], *args: Any) -> Any:
    """Call the compiled parallel ``kernel`` with ``args``, safely for forks and threads."""
    if _forked.is_set() or _serial.is_set():
        return serial_twin(kernel)(*args)
    if _layer_is_thread_safe():
        return kernel(*args)
    with _launch_lock:
        return kernel(*args)


def run_soon(kernel: Any, *args: Any) -> Any:
    """:func:`run`, or the kernel's serial twin on a first call that would compile it.

    The serial twin runs when the parallel build is neither loaded in this process nor
    cached on disk and no earlier call of this process has deferred it already; any
    later call compiles (or loads) the parallel build and runs it. A command-line
    process, one call, so answers after the twin's shorter compilation. Only for
    kernels whose results do not depend on the build (integer counts, not floating
    sums in another order).
    """
    if _defers(kernel):
        return serial_twin(kernel)(*args)
    return run(kernel, *args)


def run_body_soon(kernel: Any, *args: Any, serial: bool = False) -> Any:
    """:func:`run` (with ``serial``, the serial twin), or on a first call that would
    compile that build, the kernel's Python function, run by the interpreter.

    For a kernel whose body only calls other compiled kernels, a few calls whatever
    the data (``exact_multisets.aggregate_showdowns``): run as Python, it compiles
    (or loads) those kernels and nothing else. Compiling the kernel itself costs
    more than its body suggests: numba links the code of every kernel it calls into
    its own and LLVM optimises all of it again (1.3-1.5 s for the aggregation, a
    quarter of its first use). Run as Python, a call costs more (a flop's count 20 µs
    against 7 µs; preflop, what the kernel runs as Python, the spot's description and
    the merging of the workers' totals, 2 ms on one worker and 5 ms on two), which
    only the first call pays: as :func:`run_soon`, a later call compiles (or loads)
    the build. The results are the same, the called kernels
    being the same; their compilations are counted and announced as ``kernel``'s
    (``registry.compiling_as``).
    """
    build = serial_twin(kernel) if serial else kernel
    if _defers(build):
        with compiling_as(kernel.py_func.__qualname__):
            return kernel.py_func(*args)
    return build(*args) if serial else run(kernel, *args)


def _defers(build: Any) -> bool:
    """True on a first call of the numba dispatcher ``build`` that would compile it: it
    is neither loaded in this process nor cached on disk, and no earlier call of this
    process has been deferred. The caller then runs something that compiles less, and
    the build compiles (or loads) on a later call."""
    if build in _ready:
        return False
    # Asked once a build: numba's ``signatures`` builds its list anew (hashing every
    # argument type), tens of microseconds a call, as much as a flop's whole count.
    if not build.signatures and build not in _deferred and needs_compile(build):
        _deferred.add(build)
        return True
    _ready.add(build)  # compiled or loaded by this call
    return False
