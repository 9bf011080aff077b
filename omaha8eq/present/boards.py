"""A result with several boards (double board, or one board run N times) as a table.

One row per hand: its total equity, its equity on each board or run, how often it scoops
every board and exactly one, and the standard deviation of its pot share; under it each
hand's distribution of pot shares, the boards and the method. ``str(BoardsResult)`` (the
command line's report), its HTML and its DataFrame all come from :func:`boards_view`.
"""

from __future__ import annotations

from typing import Any

from .protocol import Column, View
from .text import percent, seconds

__all__ = ["boards_view"]


def boards_view(result: Any) -> View:
    """The view of a ``BoardsResult`` (typed ``Any``: the result's module imports this one)."""
    names = result.names()
    monte_carlo = not result.exhaustive
    columns = [Column("hand", "Hand"), Column("equity", "Equity %", percent)]
    if monte_carlo:
        columns.append(Column("equity_stderr", "± s.e.", lambda x: f"± {percent(x)}"))
    columns += [Column(name.replace(" ", "_"), f"{name.capitalize()} %", percent) for name in names]
    columns += [
        Column("scoop_all", "Scoop all %", percent),
        Column("scoop_one", "Scoop one %", percent),
        Column("share_stdev", "Share s.d. %", percent),
    ]
    rows = tuple(
        (
            p.hand,
            p.equity,
            *([p.equity_stderr] if monte_carlo else []),
            *(board.equity for board in p.boards),
            p.scoop_all,
            p.scoop_one,
            p.share_stdev,
        )
        for p in result.players
    )
    notes = []
    for number, p in enumerate(result.players, start=1):
        shares = "  ".join(f"{share}: {percent(often)}" for share, often in p.shares.items())
        notes.append(f"Pot shares of hand {number}, % of deals: {shares}")
    notes.append("")
    notes += [
        f"{name.capitalize()}: {board.board or '(none)'}" for name, board in zip(names, result.boards, strict=True)
    ]
    if result.dead:
        notes.append(f"Dead: {result.dead}")
    if result.exhaustive:
        notes.append(f"Exact: enumerated {result.outcomes:,} deals in {seconds(result.elapsed)} s")
    else:
        notes.append(f"Monte Carlo: {result.outcomes:,} samples, seed {result.seed}, in {seconds(result.elapsed)} s")
    if not result.hilo:
        notes.append("Omaha high")
    return View(tuple(columns), rows, tuple(notes))
