"""``omaha8eq equity`` with two ``--board`` options or ``--runs N``: double board and running it N times.

The equity command dispatches here (:func:`run_boards_equity`). The report gives one row per
hand (its total equity, its equity on each board or run, how often it scoops every board
and exactly one, the standard deviation of its pot share), then each hand's distribution
of pot shares and the method used.
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from ..errors import OmahaInputError
from .common import EXIT_OK, chosen_game, emit, emit_json, method_options, percent, seconds, table
from .progress import ProgressBar
from .startup import loading_engine

if TYPE_CHECKING:
    from ..board_results import BoardsResult

__all__ = ["format_boards", "run_boards_equity"]


def format_boards(result: BoardsResult) -> str:
    """The text report of a double-board or run-it-N-times result."""
    names = [name.capitalize() for name in result.names()]
    monte_carlo = not result.exhaustive
    header = ["Hand", "Equity %", *(["± s.e."] if monte_carlo else []), *(f"{name} %" for name in names)]
    header += ["Scoop all %", "Scoop one %", "Share s.d. %"]
    rows = []
    for p in result.players:
        row = [p.hand, percent(p.equity), *([f"± {percent(p.equity_stderr)}"] if monte_carlo else [])]
        row += [percent(board.equity) for board in p.boards]
        row += [percent(p.scoop_all), percent(p.scoop_one), percent(p.share_stdev)]
        rows.append(row)
    lines = table(header, rows)
    lines.append("")
    for number, p in enumerate(result.players, start=1):
        shares = "  ".join(f"{share}: {percent(often)}" for share, often in p.shares.items())
        lines.append(f"Pot shares of hand {number}, % of deals: {shares}")
    lines.append("")
    for name, board in zip(names, result.boards, strict=True):
        lines.append(f"{name}: {board.board or '(none)'}")
    if result.dead:
        lines.append(f"Dead: {result.dead}")
    if result.exhaustive:
        lines.append(f"Exact: enumerated {result.outcomes:,} deals in {seconds(result.elapsed)} s")
    else:
        lines.append(f"Monte Carlo: {result.outcomes:,} samples, seed {result.seed}, in {seconds(result.elapsed)} s")
    if not result.hilo:
        lines.append("Omaha high")
    return "\n".join(lines)


def run_boards_equity(args: argparse.Namespace) -> int:
    """Run ``omaha8eq equity`` with two boards or ``--runs``; input errors propagate to the CLI's handler."""
    with loading_engine():
        from ..boards import boards_equity  # the core loads numba
        from ..core.multiboard import board_outcomes, combine_boards, sample_boards
        from ..core.registry import compile_notice

    for option in ("by_hand", "graph", "next_cards", "scheduler", "checkpoint", "max_memory"):
        if getattr(args, option):
            flag = "--" + option.replace("_", "-")
            raise OmahaInputError(f"{flag}: not available with two boards or --runs")
    bar = ProgressBar()
    try:
        notice = "omaha8eq: compiling the double-board kernels for first use (up to a minute; later runs start fast)"
        with compile_notice(notice, board_outcomes, combine_boards, sample_boards):
            result = boards_equity(
                args.hands,
                args.board,
                args.dead,
                runs=args.runs,
                game=chosen_game(args, args.hands),
                **method_options(args),
                progress=bar,
            )
    finally:
        bar.close()
    if args.json:
        emit_json(result.to_dict())
    else:
        emit(format_boards(result))
    return EXIT_OK
