"""Preflop table files: a numpy ``.npz`` with every count, and a CSV beside it to read.

``TABLE.npz`` (``numpy.load(path)``; no pickles), one row per starting-hand suit
class in class-key order:

- ``keys`` (n,) int64: the class keys of :func:`omaha8eq.core.hand_isomorphism.class_keys`.
- ``hands`` (n, k) int8: each class's representative, card ints ``4 * rank + suit``.
- ``sizes`` (n,) int64: hands in the class (1 to 24).
- ``counts`` (n, P + 1, P + 3) int64: the outcome histograms (high state x low
  state, the layout of ``omaha8eq.core.showdown`` for P players): exact tables count
  (class hand, board, opponent hand) triples over every board and every opponent,
  sampled ones the deals of the representative.
- ``header``: a JSON string: ``format`` (``"omaha8eq-preflop-table/1"``),
  ``hole_size``, ``players``, ``hilo``, ``exact``, ``samples`` and ``seed`` (None
  when exact), ``method`` (in words), ``digest`` (the job's) and ``version``
  (omaha8eq's).

``TABLE.csv``: ``#`` lines with the header's fields, then a row per class, best
equity first: ``rank,hand,hands,equity,scoop,quarter,hi_win,hi_tie,lo_win,lo_tie,
no_low`` (``hand`` the representative written high card first, ``AsAhKsKh``; shares
of the deals as decimals; equal equities in class-key order).
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import numpy as np

from ..data.table_format import TABLE_FORMAT
from ..errors import OmahaInputError
from ..version import __version__
from .checkpoint import atomic_file
from .preflop_table import PreflopTable

__all__ = ["csv_path", "write_table"]


def csv_path(path: str | os.PathLike[str]) -> Path:
    """The CSV written beside the table ``path`` (its ``.npz`` suffix replaced)."""
    return Path(path).with_suffix(".csv")


def check_table_path(path: str | os.PathLike[str]) -> Path:
    """``path`` if it names a ``.npz`` file in an existing directory, else OmahaInputError."""
    out = Path(path)
    if out.suffix != ".npz":
        raise OmahaInputError(f"out: expected a file name ending in .npz (the CSV goes beside it), got {out}")
    if not out.parent.is_dir():
        raise OmahaInputError(f"out: no directory {out.parent}")
    return out


def _header(table: PreflopTable) -> dict[str, object]:
    return {
        "format": TABLE_FORMAT,
        "hole_size": table.hole_size,
        "players": table.players,
        "hilo": table.hilo,
        "exact": table.exact,
        "samples": table.samples,
        "seed": table.seed,
        "method": table.method(),
        "digest": table.digest,
        "version": __version__,
    }


def write_table(table: PreflopTable, path: str | os.PathLike[str]) -> tuple[Path, Path]:
    """Write ``path`` (.npz) and the CSV beside it, each atomically; return both paths."""
    out = check_table_path(path)
    header = _header(table)
    with atomic_file(out) as stream:
        np.savez_compressed(
            stream, keys=table.keys, hands=table.hands, sizes=table.sizes, counts=table.counts,
            header=np.array(json.dumps(header)),
        )  # fmt: skip
    view = table.view()
    lines = [f"# {key}: {value}" for key, value in header.items()]
    lines.append(",".join(column.key for column in view.columns))
    for rank, hand, hands, *values in view.rows:
        lines.append(f"{rank},{hand},{hands}," + ",".join(f"{value:.6f}" for value in values))
    target = csv_path(out)
    with atomic_file(target) as stream:
        stream.write(("\n".join(lines) + "\n").encode())
    return out, target
