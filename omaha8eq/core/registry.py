"""Whether numba still has to compile a kernel, and a one-line notice when it does.

The kernels are ``@njit(cache=True)``: the first call after installation (or after
their source changes) compiles them, which takes 10-20 s, and stores the machine
code on disk so that later runs load it in well under a second. The command-line
interface uses this module to tell the user why the first run is slow.

Both helpers read numba internals (``dispatcher._cache._cache_file``) that are not
public API; when those are missing they report "nothing to compile" rather than fail.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, TextIO

__all__ = ["compile_notice", "first_use_message", "needs_compile"]


def first_use_message(kernels: str, seconds: int) -> str:
    """The one-line notice for a first run that compiles ``kernels`` (about ``seconds``).

    >>> first_use_message("equity kernels", 10)
    'omaha8eq: compiling the equity kernels for first use (about 10 s; later runs start fast)'
    """
    return f"omaha8eq: compiling the {kernels} for first use (about {seconds} s; later runs start fast)"


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
    compilation (its ``"numba:compile"`` event), not on entry: input errors are
    raised before any kernel runs, so a bad request never prints the notice.
    ``stream`` defaults to ``sys.stderr`` at the time of writing.
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
