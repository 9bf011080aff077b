"""Progress reporting of long runs: ``progress(done, total)`` between batches of work."""

from __future__ import annotations

from collections.abc import Callable

__all__ = ["CHUNKS_PER_CALL", "ProgressCallback", "report"]

#: Chunks per kernel call: progress is reported (and a stderr target checked) between calls.
CHUNKS_PER_CALL = 64

#: Called as ``progress(done, total)``; ``total`` is None when it is not known in advance.
ProgressCallback = Callable[[int, "int | None"], None]


def report(progress: ProgressCallback | None, done: int, total: int | None) -> None:
    """Call ``progress(done, total)`` if a callback was given."""
    if progress is not None:
        progress(done, total)
