"""The command line's progress bar (tqdm), for long equity, counterfeit and range runs."""

from __future__ import annotations

import sys

__all__ = ["ProgressBar"]


class ProgressBar:
    """A tqdm bar on stderr fed by a ``progress(done, total)`` callback (``equity``,
    ``counterfeit_odds``, ``parse_range``), counting ``unit`` ("deals", "hands") until
    the engine names what it counts (:meth:`counting`: "boards" for the range sweep).

    It appears only after about a second (short runs print nothing) and only
    when stderr is a terminal; it is erased when closed.
    """

    def __init__(self, unit: str = "deals") -> None:
        from tqdm import tqdm

        self._bar = tqdm(
            total=None, unit=f" {unit}", unit_scale=True, file=sys.stderr,
            delay=1.0, leave=False, disable=None, dynamic_ncols=True,
        )  # fmt: skip

    def counting(self, unit: str) -> None:
        """Label the bar with what ``done`` and ``total`` count from now on."""
        self._bar.unit = f" {unit}"

    def __call__(self, done: int, total: int | None) -> None:
        bar = self._bar
        if bar.disable:
            return
        if bar.total != total:
            bar.total = total
        bar.update(done - bar.n)

    def close(self) -> None:
        self._bar.close()
