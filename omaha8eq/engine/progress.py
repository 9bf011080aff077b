"""Progress reporting of long runs: ``progress(done, total)`` between batches of work.

What ``done`` and ``total`` count depends on the method (deals, hand combinations,
boards of the range sweep). A callback that wants to show it (the command line's
bar) has a ``counting(unit)`` method, called once before the first report with the
unit in plural words (``Method.progress_unit``); a plain function is just called.
"""

from __future__ import annotations

from collections.abc import Callable

__all__ = ["CHUNKS_PER_CALL", "ProgressCallback", "announce_unit", "report"]

#: Chunks per kernel call: progress is reported (and a stderr target checked) between calls.
CHUNKS_PER_CALL = 64

#: Called as ``progress(done, total)``; ``total`` is None when it is not known in advance.
ProgressCallback = Callable[[int, "int | None"], None]


def announce_unit(progress: ProgressCallback | None, unit: str) -> None:
    """Tell ``progress`` what it is about to count, if it has a ``counting(unit)`` method."""
    counting = getattr(progress, "counting", None)
    if callable(counting):
        counting(unit)


def report(progress: ProgressCallback | None, done: int, total: int | None) -> None:
    """Call ``progress(done, total)`` if a callback was given."""
    if progress is not None:
        progress(done, total)
