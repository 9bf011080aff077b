"""``omaha8eq equity --graph FILE``: each range's equity distribution drawn with matplotlib.

The graph Odds Oracle and PokerJuice draw: for each range, its hands sorted by
equity, the fraction of the range (by how often each hand is dealt) on the x axis
and the hand's equity on the y axis (:meth:`omaha8eq.results.PlayerEquity.equity_distribution`).
matplotlib is an optional extra (``pip install 'omaha8eq[plot]'``).
"""

from __future__ import annotations

import contextlib
import importlib.util
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

from ..checks import excerpt
from ..errors import OmahaInputError
from .common import OutputError

if TYPE_CHECKING:
    from ..results import EquityResult

__all__ = ["GRAPH_FORMATS", "check_graph_support", "draw_distribution"]

#: The longest excerpt of a path in a message: enough for a real one, not a hostile one.
PATH_EXCERPT = 300

#: The file suffixes ``--graph`` writes.
GRAPH_FORMATS = (".png", ".svg", ".pdf")


def check_graph_support(path: str) -> None:
    """Raise OmahaInputError (one line) unless ``path`` has a known suffix, its folder
    exists (checked before the run, not after it) and matplotlib is installed."""
    if Path(path).suffix.lower() not in GRAPH_FORMATS:
        suffixes = ", ".join(GRAPH_FORMATS)
        raise OmahaInputError(f"--graph: {excerpt(path, PATH_EXCERPT)}: expected a file name ending in {suffixes}")
    folder = Path(path).parent
    try:
        if Path(path).is_dir():
            raise OmahaInputError(f"--graph: {excerpt(path, PATH_EXCERPT)} is a folder; give a file name")
        if not folder.is_dir():
            raise OmahaInputError(f"--graph: the folder {excerpt(str(folder), PATH_EXCERPT)} does not exist")
    except OSError as exc:  # a name too long for the file system
        raise OmahaInputError(f"--graph: {excerpt(path, PATH_EXCERPT)}: {exc.strerror or exc}") from None
    if importlib.util.find_spec("matplotlib") is None:
        raise OmahaInputError("--graph needs matplotlib: pip install 'omaha8eq[plot]'")


def draw_distribution(result: EquityResult, path: str) -> int:
    """Draw the equity distribution of every range of ``result`` (computed with
    ``by_hand=True``) into ``path``; return how many ranges were drawn (none: no file).
    A failed write (a full disk) raises :class:`~omaha8eq.cli.common.OutputError`, as
    a failed write of the report does, and leaves no partial file."""
    ranges = [(number, p) for number, p in enumerate(result.players, start=1) if p.by_hand]
    if not ranges:
        return 0
    from matplotlib.figure import Figure  # no pyplot: no backend or global state

    figure = Figure(figsize=(8, 5), layout="constrained")
    axes = figure.add_subplot()
    for number, player in ranges:
        shape = player.equity_distribution()
        # Worst hands on the left, as the deciles, the web page and the notebook: each
        # hand spans its share of the range, starting where the worse hands end.
        starts = np.append(0.0, shape.cumulative)
        equity = np.append(shape.equity, shape.equity[-1])
        axes.step(100 * starts, 100 * equity, where="post",
                  label=f"hand {number}: {player.hand} ({100 * player.equity:.1f}%)")  # fmt: skip
    axes.set_xlim(0, 100)
    axes.set_ylim(0, 100)
    axes.set_xlabel("% of the range (worst hands first)")
    axes.set_ylabel("equity %")
    kind = "exact" if result.exhaustive else "Monte Carlo"
    axes.set_title(f"Equity distribution, board {result.board or 'preflop'} ({kind})")
    axes.grid(alpha=0.3)
    axes.legend(loc="upper left")
    try:
        figure.savefig(path)
    except OSError as exc:  # a full disk, a folder removed meanwhile, no permission
        with contextlib.suppress(OSError):
            Path(path).unlink()  # no half-written graph left behind
        raise OutputError(f"--graph {excerpt(path, PATH_EXCERPT)}: {exc.strerror or exc}") from exc
    return len(ranges)
