"""Every compiled entry point of the core, and the notice shown while numba compiles them.

The kernels are ``@njit(cache=True)``: the first call after installation (or after
the core's sources change, see :mod:`.cache_guard`) compiles them and stores the
machine code on disk, so that later runs load it in well under a second.

First use: :func:`install_first_use_notice` (run when ``omaha8eq.core`` is imported)
listens to numba's compile events for the whole process. When one of the package's
kernels starts compiling, it writes ONE line to stderr per process, naming the kernel
(and, inside a :func:`compile_notice_for` block, the feature): in a forked child too
(the notice is re-armed after ``fork()``, where the serial builds compile afresh), and
in library use, not only on the command line (``OMAHA8EQ_COMPILE_NOTICE=0`` silences
it). It also adds up the seconds spent compiling (:func:`compile_seconds`, per kernel
:func:`compile_times`), so that a report can tell compiling from running.
``omaha8eq warmup`` (:mod:`omaha8eq.warmup`) compiles every kernel ahead.

:data:`KERNEL_GROUPS` lists every entry point -- a dispatcher that Python code
calls -- as ``"module:function"`` (a module of ``omaha8eq.core``), grouped by the
feature that runs it (the benchmark runs those of two features); the kernels they
call, inlined (``inline="always"``) or compiled apart under a private name (such as
``exact_multisets._count_boards``), are compiled with them and are not listed.
Names are resolved only when asked for (:func:`entry_points`), so importing this
module compiles and imports nothing.

:func:`needs_compile` reads numba internals (``dispatcher._cache._cache_file``)
that are not public API; when those are missing it reports "nothing to compile"
rather than fail.
"""

from __future__ import annotations

import importlib
import os
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass
from typing import Any, NamedTuple, TextIO

__all__ = [
    "KERNEL_GROUPS",
    "Compiling",
    "KernelGroup",
    "compile_notice",
    "compile_notice_for",
    "compile_seconds",
    "compile_times",
    "compiling_as",
    "compiling_now",
    "entry_points",
    "first_use_message",
    "install_first_use_notice",
    "needs_compile",
    "reset_first_use_notice",
]


@dataclass(frozen=True)
class KernelGroup:
    """The entry points one feature runs, and how long their first compilation takes.

    ``seconds`` is the first run of the feature's typical command with empty
    caches (the table build included), measured on a 2-core machine: ``eval`` for
    evaluation, ``equity AsAh2c3d KsKhQdJd`` for equity (the exact aggregation's body
    run as Python: ``parallel.run_body_soon``), ``range AA`` for ranges, ``bench
    --quick`` for the benchmark. ``longest``, when larger, is the feature's slowest
    first run: for equity a first Monte Carlo run (``equity AsAh2c3d random``), whose
    parallel kernel compiles for longer.
    """

    label: str  # how the notice names them: "the {label} kernels"
    seconds: int
    names: tuple[str, ...]  # "module:function" in omaha8eq.core
    longest: int = 0


_EVALUATION = ("batch:evaluate_rows", "batch:narrow_cards", "batch:narrow_rows", "batch:first_bad_row")
_EQUITY = (
    "exact_boards:enumerate_deals",
    "exact_multisets:aggregate_showdowns",
    "exact_multisets:aggregate_spots",
    "montecarlo:rank_state_outcomes",
    "montecarlo:sample_deals",
    "multiboard:board_outcomes",
    "multiboard:combine_boards",
    "multiboard:sample_boards",
    "showdown:best_flushes",
    "range_sweep:dense_subset_ids",
    "range_sweep:row_strides",
    "range_sweep:sweep_runouts",
)
_RANGES = (
    "range_match:features_kernel",
    "range_match:match_kernel",
    "hand_isomorphism:class_keys_kernel",
    "holdings_kernel:classify_kernel",
)
_QUERY = (
    "query_deals:draw_deals",
    "query_deals:block_showdown",
    "hand_features:nut_values",
    "hand_features:nut_high_by_type",
    "hand_features:fixed_river_values",
)

#: Every compiled entry point of omaha8eq.core, by the feature that runs it.
KERNEL_GROUPS: dict[str, KernelGroup] = {
    "evaluation": KernelGroup("evaluation", 3, _EVALUATION),
    "equity": KernelGroup("equity", 3, _EQUITY, longest=11),
    "ranges": KernelGroup("range", 3, _RANGES),
    # The first sampled query (omaha8eq query "... hero='A2**', villain='15%' where nutLo(hero, river)")
    # compiles the parallel deal drawing and the nut kernel (the evaluation kernels apart).
    "query": KernelGroup("query", 15, _QUERY),
    "bench": KernelGroup("benchmark's", 16, _EVALUATION + _EQUITY),
}


def entry_points(*groups: str) -> list[Any]:
    """The numba dispatchers of ``groups`` (all groups if none), importing their modules now.

    >>> [kernel.__name__ for kernel in entry_points("evaluation")]
    ['evaluate_rows', 'narrow_cards', 'narrow_rows', 'first_bad_row']
    """
    names = [name for group in groups or tuple(KERNEL_GROUPS) for name in KERNEL_GROUPS[group].names]
    dispatchers = []
    for name in dict.fromkeys(names):  # each once, in order
        module, _, function = name.partition(":")
        dispatchers.append(getattr(importlib.import_module(f"{__package__}.{module}"), function))
    return dispatchers


def first_use_message(*groups: str, kernel: str = "") -> str:
    """The one-line notice for a first run that compiles the kernels of ``groups``
    (``kernel``: the one numba started with).

    No duration is promised: a kernel that compiles in 4 s on an idle machine took
    over a minute on a busy one; the notice says what compiles and how to do it ahead.

    >>> first_use_message("ranges")
    "omaha8eq: compiling the range kernels for first use (once per install; 'omaha8eq warmup' does all ahead)"
    >>> first_use_message(kernel="sample_deals")
    "omaha8eq: compiling sample_deals for first use (once per install; 'omaha8eq warmup' does all ahead)"
    """
    labels = [KERNEL_GROUPS[group].label for group in groups] or [""]
    named = labels[0] if len(labels) == 1 else f"{', '.join(labels[:-1])} and {labels[-1]}"
    what = f"the {named} kernels" if named else "a kernel"
    if kernel:
        what = f"{what} ({kernel})" if named else kernel
    return f"omaha8eq: compiling {what} for first use (once per install; 'omaha8eq warmup' does all ahead)"


def _cache_file(dispatcher: Any) -> Any:
    """The dispatcher's on-disk cache file object (raises AttributeError if none)."""
    return dispatcher._cache._cache_file


def needs_compile(*dispatchers: Any) -> bool:
    """True if any of the numba dispatchers has no usable on-disk cache yet.

    A dispatcher needs compiling when its cache index file does not exist, or
    exists but is stale (written by another numba version or for an older version
    of the source file), in which case numba ignores it and compiles again.
    Objects that are not cached numba dispatchers count as not needing it (False).

    >>> needs_compile()
    False
    >>> needs_compile(len)
    False
    """
    for dispatcher in dispatchers:
        try:
            cache_file = _cache_file(dispatcher)
            index_path = cache_file._index_path
        except AttributeError:
            continue
        if not os.path.exists(index_path):
            return True
        try:
            # {} when the index is obsolete (other numba version, changed source).
            if not cache_file._load_index():
                return True
        except AttributeError:
            continue
        except Exception:  # unreadable index: numba will not use it either
            return True
    return False


class _FirstUse:
    """The process's first-use state: whether the notice was written, the message of the
    innermost :func:`compile_notice` block, and the seconds spent compiling."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.reset()

    def reset(self) -> None:
        self.said = False
        self.message: str | None = None  # set by a compile_notice block
        self.stream: TextIO | None = None
        self.depth = 0  # nested compiles (a kernel compiles the kernels it calls)
        self.started = 0.0
        self.kernel = ""
        self.thread = 0  # the thread compiling (threading.get_ident), while depth > 0
        self.total = 0.0
        self.times: dict[str, float] = {}


_STATE = _FirstUse()
_INSTALLED: list[Any] = []  # the listener, once installed
os.register_at_fork(after_in_child=_STATE.reset)  # a forked child compiles (and says so) anew


_counted_as = threading.local()  # .name: compiling_as's, in the thread that set it


@contextmanager
def compiling_as(name: str) -> Iterator[None]:
    """Within the block, the compilations this thread starts are announced and timed as
    the kernel ``name``'s: the kernels a kernel's body calls, when that body runs as
    Python (``parallel.run_body_soon``), are the kernel's first use."""
    saved = getattr(_counted_as, "name", "")
    _counted_as.name = name
    try:
        yield
    finally:
        _counted_as.name = saved


def _kernel_name(ev: Any) -> tuple[str, bool]:
    """The compiling dispatcher's name ("sample_deals", or "sample_deals (serial build)"
    for a forked child's twin; within :func:`compiling_as`, its name) and whether it is
    one of the package's."""
    counted_as = getattr(_counted_as, "name", "")
    if counted_as:
        return counted_as, True
    func = getattr(ev.data.get("dispatcher"), "py_func", None)
    if func is None:
        return "", False
    name = func.__qualname__
    if name.endswith("_serial"):
        name = f"{name.removesuffix('_serial')} (serial build)"
    return name, str(getattr(func, "__module__", "")).startswith("omaha8eq.")


def _on_start(ev: Any) -> None:
    with _STATE.lock:
        _STATE.depth += 1
        if _STATE.depth > 1:
            return
        name, ours = _kernel_name(ev)
        if not ours and _STATE.message is None:
            _STATE.depth -= 1  # another library's kernel: not ours to announce or time
            return
        _STATE.started, _STATE.kernel, _STATE.thread = time.perf_counter(), name, threading.get_ident()
        if _STATE.said or os.environ.get("OMAHA8EQ_COMPILE_NOTICE", "1") == "0":
            return
        _STATE.said = True
        message = _STATE.message
        if message is None:
            message = first_use_message(*_groups_of(name), kernel=name)
        elif name:
            message = message.replace(" kernels for first use", f" kernels ({name}) for first use", 1)
        if os.getpid() != _PARENT_PID:
            message += f" [process {os.getpid()}]"
        stream = _STATE.stream or sys.stderr
    print(message, file=stream, flush=True)


def _on_end(ev: Any) -> None:
    with _STATE.lock:
        if _STATE.depth == 0:  # the start was another library's
            return
        _STATE.depth -= 1
        if _STATE.depth == 0:
            took = time.perf_counter() - _STATE.started
            _STATE.total += took
            _STATE.times[_STATE.kernel] = _STATE.times.get(_STATE.kernel, 0.0) + took


def _groups_of(kernel: str) -> list[str]:
    """The feature groups (not the benchmark's) that list ``kernel``."""
    base = kernel.split(" ")[0]
    listed = [key for key, group in KERNEL_GROUPS.items() if any(n.endswith(f":{base}") for n in group.names)]
    return [key for key in listed if key != "bench"]


_PARENT_PID = os.getpid()


def install_first_use_notice() -> None:
    """Listen to numba's compile events for the rest of the process (once; see the
    module's docstring). Imports numba."""
    if _INSTALLED:
        return
    from numba.core import event

    class _Listener(event.Listener):
        def on_start(self, ev: Any) -> None:
            _on_start(ev)

        def on_end(self, ev: Any) -> None:
            _on_end(ev)

    listener = _Listener()
    event.register("numba:compile", listener)  # type: ignore[no-untyped-call]  # numba is untyped
    _INSTALLED.append(listener)


def reset_first_use_notice() -> None:
    """Forget that the notice was written and the compile times (for tests, and for a
    process that runs many commands, each of which should say it)."""
    with _STATE.lock:
        _STATE.reset()


def compile_seconds() -> float:
    """Seconds this process has spent compiling the package's kernels (loading them
    from the disk cache does not count)."""
    with _STATE.lock:
        return _STATE.total


def compile_times() -> dict[str, float]:
    """Seconds spent compiling each kernel in this process, by name (as the notice names them)."""
    with _STATE.lock:
        return dict(_STATE.times)


class Compiling(NamedTuple):
    """A compilation in progress: the kernel (as the notice names it), the seconds since it
    started and the thread compiling it (``threading.get_ident()``)."""

    kernel: str
    seconds: float
    thread: int


def compiling_now() -> Compiling | None:
    """The package's kernel numba is compiling in this process now, or None (nothing, or
    another library's). A server shows it beside the progress of the job whose thread
    compiles, which waits for it: "compiling sweep_runouts for first use, 12 s"."""
    with _STATE.lock:
        if _STATE.depth == 0:
            return None
        return Compiling(_STATE.kernel, time.perf_counter() - _STATE.started, _STATE.thread)


@contextmanager
def compile_notice(message: str, *dispatchers: Any, stream: TextIO | None = None) -> Iterator[None]:
    """Within the block, the first-use notice (if this process has not written it yet)
    is ``message``, naming the kernel numba starts with; any compile counts, not only
    the package's.

    Nothing is armed unless :func:`needs_compile` says one of ``dispatchers`` lacks a
    cache. The message is written when numba actually begins a compilation (loading
    from the cache does not), not on entry: input errors are raised before any kernel
    runs, so a bad request never prints the notice. ``stream`` defaults to
    ``sys.stderr`` at the time of writing.
    """
    if not needs_compile(*dispatchers):
        yield
        return
    install_first_use_notice()
    with _STATE.lock:
        saved = _STATE.message, _STATE.stream
        _STATE.message, _STATE.stream = message, stream
    try:
        yield
    finally:
        with _STATE.lock:
            _STATE.message, _STATE.stream = saved


def compile_notice_for(*groups: str, stream: TextIO | None = None) -> AbstractContextManager[None]:
    """:func:`compile_notice` for the kernels of ``groups`` (keys of :data:`KERNEL_GROUPS`).

    Every kernel of the groups is checked, whichever the request will run: the
    notice is printed only when numba really compiles, so checking more costs
    nothing but a few file reads.
    """
    return compile_notice(first_use_message(*groups), *entry_points(*groups), stream=stream)
