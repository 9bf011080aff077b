"""The command line's progress bar (tqdm), for long equity, counterfeit and range runs."""

from __future__ import annotations

import sys
from typing import Any

__all__ = ["ProgressBar"]


class ProgressBar:
    """A tqdm bar on stderr fed by a ``progress(done, total)`` callback (``equity``,
    ``counterfeit_odds``, ``parse_range``), counting ``unit`` ("deals", "hands") until
    the engine names what it counts (:meth:`counting`: "boards" for the range sweep).

    It appears only about a second after the first report (short runs print nothing)
    and only when stderr is a terminal; it is erased when closed.
    """

    def __init__(self, unit: str = "deals") -> None:
        self._unit = unit
        self._bar: Any = None  # made by the first report: a run that reports none never imports tqdm

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
            from tqdm import tqdm

            bar = self._bar = tqdm(
                total=None, unit=f" {self._unit}", unit_scale=True, file=sys.stderr,
                delay=1.0, leave=False, disable=None, dynamic_ncols=True,
            )  # fmt: skip
        if bar.disable:
            return
        if bar.total != total:
            bar.total = total
        bar.update(done - bar.n)

    def close(self) -> None:
        if self._bar is not None:
            self._bar.close()
