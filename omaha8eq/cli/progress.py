"""The command line's progress bar (tqdm), for long equity, counterfeit and range runs."""

from __future__ import annotations

import sys
import time
from typing import Any

__all__ = ["ProgressBar", "is_terminal"]


class ProgressBar:
    """A tqdm bar on stderr fed by a ``progress(done, total)`` callback (``equity``,
    ``counterfeit_odds``, ``parse_range``), counting ``unit`` ("deals", "hands") until
    the engine names what it counts (:meth:`counting`: "boards" for the range sweep).

    It appears only when stderr is a terminal, with the first report that comes
    ``delay`` seconds or more after the first one (short runs print nothing), and is
    erased when closed. tqdm is imported then: a short run (a warm ``equity`` call
    takes a few milliseconds) does not pay for its import and its monitor thread.
    As a context manager it closes itself at the end of the block, however the run ends
    (an error, Ctrl-C).
    """

    def __init__(self, unit: str = "deals", *, delay: float = 1.0) -> None:
        self._unit = unit
        self._delay = delay
        self._first_report: float | None = None  # time.monotonic() of the first report
        self._bar: Any = None  # the tqdm bar, once shown

    @property
    def unit(self) -> str:
        """What the bar counts ("deals", "boards", ...)."""
        return self._unit

    def counting(self, unit: str) -> None:
        """Label the bar with what ``done`` and ``total`` count from now on."""
        self._unit = unit
        if self._bar is not None:
            self._bar.unit = f" {unit}"

    def __call__(self, done: int, total: int | None) -> None:
        bar = self._bar
        if bar is None:
            now = time.monotonic()
            if self._first_report is None:
                self._first_report = now
            if now - self._first_report < self._delay or not is_terminal(sys.stderr):
                return
            from tqdm import tqdm

            bar = self._bar = tqdm(
                total=None, unit=f" {self._unit}", unit_scale=True, file=sys.stderr,
                leave=False, disable=None, dynamic_ncols=True,
            )  # fmt: skip
        if bar.disable:
            return
        if bar.total != total:
            bar.total = total
        bar.update(done - bar.n)

    def close(self) -> None:
        if self._bar is not None:
            self._bar.close()

    def __enter__(self) -> ProgressBar:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()


def is_terminal(stream: Any) -> bool:
    """Whether ``stream`` is a terminal (one that cannot tell is not)."""
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError):  # no isatty, or a closed stream
        return False
