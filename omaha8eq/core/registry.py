"""Every compiled entry point of the core, and the notice shown while numba compiles them.

The kernels are ``@njit(cache=True)``: the first call after installation (or after
the core's sources change, see :mod:`.cache_guard`) compiles them and stores the
machine code on disk, so that later runs load it in well under a second. The
command-line interface uses :func:`compile_notice_for` to tell the user why the
first run is slow.

:data:`KERNEL_GROUPS` lists every entry point -- a dispatcher that Python code
calls -- as ``"module:function"`` (a module of ``omaha8eq.core``), grouped by the
feature that runs it (the benchmark runs those of two features); the kernels they
call, inlined (``inline="always"``) or compiled apart under a private name (such as
``exact_multisets._run_tasks``), are compiled with them and are not listed.
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
from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass
from typing import Any, TextIO

__all__ = [
    "KERNEL_GROUPS",
    "KernelGroup",
    "compile_notice",
    "compile_notice_for",
    "entry_points",
    "first_use_message",
    "needs_compile",
]


@dataclass(frozen=True)
class KernelGroup:
    """The entry points one feature runs, and how long their first compilation takes.

    ``seconds`` is the first run of the feature's typical command with empty
    caches (the table build included), measured on a 2-core machine: ``eval`` for
    evaluation, ``equity AsAh2c3d KsKhQdJd`` for equity (the serial build of the
    exact aggregation: ``parallel.run_soon``), ``range AA`` for ranges, ``bench
    --quick`` for the benchmark. ``longest``, when larger, is the feature's slowest
    first run: for equity a first Monte Carlo run (``equity AsAh2c3d random``), whose
    parallel kernel compiles for longer.
    """

    label: str  # how the notice names them: "the {label} kernels"
    seconds: int
    names: tuple[str, ...]  # "module:function" in omaha8eq.core
    longest: int = 0


_EVALUATION = ("batch:evaluate_rows", "batch:first_bad_row")
_EQUITY = (
    "exact_boards:enumerate_deals",
    "exact_multisets:aggregate_showdowns",
    "exact_multisets:aggregate_spots",
    "montecarlo:sample_deals",
    "showdown:best_flushes",
    "range_sweep:dense_subset_ids",
    "range_sweep:row_strides",
    "range_sweep:sweep_runouts",
)
_RANGES = ("range_match:features_kernel", "range_match:match_kernel", "handclasses:class_keys_kernel")
_QUERY = (
    "query_deals:draw_deals",
    "query_deals:block_showdown",
    "hand_features:nut_values",
    "hand_features:fixed_river_values",
)

#: Every compiled entry point of omaha8eq.core, by the feature that runs it.
KERNEL_GROUPS: dict[str, KernelGroup] = {
    "evaluation": KernelGroup("evaluation", 3, _EVALUATION),
    "equity": KernelGroup("equity", 4, _EQUITY, longest=11),
    "ranges": KernelGroup("range", 3, _RANGES),
    # The first sampled query (omaha8eq query "... hero='A2**', villain='15%' where nutLo(hero, river)")
    # compiles the parallel deal drawing and the nut kernel (the evaluation kernels apart).
    "query": KernelGroup("query", 15, _QUERY),
    "bench": KernelGroup("benchmark's", 16, _EVALUATION + _EQUITY),
}


def entry_points(*groups: str) -> list[Any]:
    """The numba dispatchers of ``groups`` (all groups if none), importing their modules now.

    >>> [kernel.__name__ for kernel in entry_points("evaluation")]
    ['evaluate_rows', 'first_bad_row']
    """
    names = [name for group in groups or tuple(KERNEL_GROUPS) for name in KERNEL_GROUPS[group].names]
    dispatchers = []
    for name in dict.fromkeys(names):  # each once, in order
        module, _, function = name.partition(":")
        dispatchers.append(getattr(importlib.import_module(f"{__package__}.{module}"), function))
    return dispatchers


def first_use_message(*groups: str) -> str:
    """The one-line notice for a first run that compiles the kernels of ``groups``.

    >>> first_use_message("ranges")
    'omaha8eq: compiling the range kernels for first use (about 3 s; later runs start fast)'
    >>> first_use_message("evaluation", "equity")
    'omaha8eq: compiling the evaluation and equity kernels for first use (about 7 s, up to 14 s; later runs start fast)'
    """
    chosen = [KERNEL_GROUPS[group] for group in groups]
    labels = [group.label for group in chosen]
    named = labels[0] if len(labels) == 1 else f"{', '.join(labels[:-1])} and {labels[-1]}"
    seconds = sum(group.seconds for group in chosen)
    longest = sum(max(group.seconds, group.longest) for group in chosen)
    took = f"about {seconds} s" + (f", up to {longest} s" if longest > seconds else "")
    return f"omaha8eq: compiling the {named} kernels for first use ({took}; later runs start fast)"


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


@contextmanager
def compile_notice(message: str, *dispatchers: Any, stream: TextIO | None = None) -> Iterator[None]:
    """Within the block, write ``message`` once when numba starts compiling.

    Nothing is armed unless :func:`needs_compile` says one of ``dispatchers``
    lacks a cache. The message is written when numba actually begins a
    compilation (its ``"numba:compile"`` event, which loading from the cache does
    not fire), not on entry: input errors are raised before any kernel runs, so a
    bad request never prints the notice. ``stream`` defaults to ``sys.stderr`` at
    the time of writing.
    """
    if not needs_compile(*dispatchers):
        yield
        return
    try:
        from numba.core import event
    except ImportError:  # pragma: no cover - very old or future numba
        print(message, file=stream or sys.stderr, flush=True)
        yield
        return

    class _Notice(event.Listener):
        said = False

        def on_start(self, ev: Any) -> None:
            if not self.said:
                self.said = True
                print(message, file=stream or sys.stderr, flush=True)

        def on_end(self, ev: Any) -> None:
            pass

    with event.install_listener("numba:compile", _Notice()):
        yield


def compile_notice_for(*groups: str, stream: TextIO | None = None) -> AbstractContextManager[None]:
    """:func:`compile_notice` for the kernels of ``groups`` (keys of :data:`KERNEL_GROUPS`).

    Every kernel of the groups is checked, whichever the request will run: the
    notice is printed only when numba really compiles, so checking more costs
    nothing but a few file reads.
    """
    return compile_notice(first_use_message(*groups), *entry_points(*groups), stream=stream)
