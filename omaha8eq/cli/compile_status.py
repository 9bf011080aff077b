"""The command line's live line while a kernel compiles for first use.

numba cannot report a compilation's progress, and a first compile can take a minute on
a busy machine: the one-line notice names what compiles (``core.registry``), and on a
terminal this line under it says for how long, and how to stop it.
"""

from __future__ import annotations

import sys
import threading
from typing import Any, TextIO

from .progress import is_terminal

__all__ = ["CompileStatus"]

SHOW_AFTER = 2.0  # seconds a compile lasts before the line appears: most last less
TICK = 0.5  # seconds between looks at the compile


class CompileStatus:
    """While numba compiles one of the package's kernels for ``SHOW_AFTER`` seconds or
    more, a line on ``stream`` (stderr), a terminal only, reading "compiling
    sample_deals for first use, 12 s (Ctrl-C stops)", updated each second and erased
    when the compile ends; the next compile shows it again. A tqdm line, so that a
    progress bar on the same terminal keeps its own line (tqdm serialises their writes).

    A daemon thread looks at :func:`~omaha8eq.core.registry.compiling_now` (once the
    command has loaded the core) every ``TICK`` seconds while the context is open; on a
    stream that is not a terminal (a log, a pipe) there is no thread and no line: the
    notice said it there. Ctrl-C reaches the main thread as ever (numba's compile is not
    interrupted; the command stops as it would without this line).
    """

    def __init__(self, stream: TextIO | None = None) -> None:
        self._stream = stream or sys.stderr
        self._done = threading.Event()
        self._thread: threading.Thread | None = None
        self._line: Any = None  # the tqdm line, while shown

    def __enter__(self) -> CompileStatus:
        if is_terminal(self._stream):
            self._thread = threading.Thread(target=self._watch, name="omaha8eq-compile-status", daemon=True)
            self._thread.start()
        return self

    def __exit__(self, *exc_info: object) -> None:
        self._done.set()
        if self._thread is not None:
            self._thread.join()

    def _watch(self) -> None:
        try:
            while not self._done.wait(TICK):
                # Read, not imported: importing the core loads numba, which a command
                # that compiles nothing (--help, a bad option) need not wait for.
                registry = sys.modules.get("omaha8eq.core.registry")
                self._show(registry.compiling_now() if registry else None)
        finally:
            self._show(None)

    def _show(self, compiling: Any) -> None:
        if compiling is None or compiling.seconds < SHOW_AFTER:
            if self._line is not None:
                self._line.close()
                self._line = None
            return
        text = f"compiling {compiling.kernel} for first use, {compiling.seconds:.0f} s (Ctrl-C stops)"
        if self._line is None:
            from tqdm import tqdm

            self._line = tqdm(
                total=None, file=self._stream, leave=False, bar_format="{desc}", dynamic_ncols=True, desc=text,
            )  # fmt: skip
        elif text != self._line.desc:  # a write a second, not a look
            self._line.set_description_str(text)
