"""The preflop table file's format, read back, and what its counts give.

A table file (``TABLE.npz``, written by :mod:`omaha8eq.distributed.table_file`, which
documents every field) holds one row per starting-hand suit class: ``keys``, ``hands``,
``sizes`` and ``counts``, the (P + 1, P + 3) outcome histograms in the layout of
``omaha8eq.core.showdown``, plus a JSON ``header``. This module reads it
(:func:`read_table`), checks an exact heads-up table's counts (:func:`check_exact_counts`)
and turns counts into shares (:func:`breakdown`); the preflop ranking
(:mod:`omaha8eq.ranges.preflop`) and the distributed jobs share it.
"""

from __future__ import annotations

import json
import os
from math import comb

import numpy as np

from ..deck import DECK_SIZE
from ..errors import OmahaInputError
from ..outcomes import histogram_figures

__all__ = ["TABLE_FORMAT", "breakdown", "check_exact_counts", "read_table"]

TABLE_FORMAT = "omaha8eq-preflop-table/1"
#: The figures of :func:`breakdown`, in its order.
_BREAKDOWN = ("equity", "scoop", "quarter", "hi_win", "hi_tie", "lo_win", "lo_tie", "no_low")


def read_table(path: str | os.PathLike[str]) -> tuple[dict[str, object], dict[str, np.ndarray]]:
    """A table file's header and arrays (``keys``, ``hands``, ``sizes``, ``counts``)."""
    with np.load(path, allow_pickle=False) as saved:
        header = json.loads(str(saved["header"]))
        arrays = {name: saved[name] for name in ("keys", "hands", "sizes", "counts")}
    if header.get("format") != TABLE_FORMAT:
        raise OmahaInputError(f"{path}: not an omaha8eq preflop table")
    return header, arrays


def check_exact_counts(counts: np.ndarray, sizes: np.ndarray, hole_size: int) -> None:
    """ValueError unless every class's counts cover its hands x every board and
    opponent hand they leave (a finished exact heads-up table)."""
    deals = comb(DECK_SIZE - hole_size, 5) * comb(DECK_SIZE - 5 - hole_size, hole_size)
    if counts.shape[1:] != (3, 5) or not np.array_equal(counts.sum(axis=(1, 2)), sizes * deals):
        raise ValueError("table counts do not cover every board and opponent: not a finished exact table")


def breakdown(counts: np.ndarray) -> dict[str, np.ndarray]:
    """Per row of ``counts`` (n, P + 1, P + 3): equity and the shares of outcomes with
    a scoop (the whole pot alone), a quarter (exactly a quarter of the pot), the high
    won alone or tied, the low won alone or tied, and no low of one's own: the figures
    of :func:`~omaha8eq.outcomes.histogram_figures` (an equity result's, bit for bit)."""
    figures, _ = histogram_figures(counts)
    return {name: figures[name] for name in _BREAKDOWN}
