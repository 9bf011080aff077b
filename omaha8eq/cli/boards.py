"""``omaha8eq equity`` with two ``--board`` options or ``--runs N``: double board and running it N times.

The equity command dispatches here (:func:`run_boards_equity`). The report gives one row per
hand (its total equity, its equity on each board or run, how often it scoops every board
and exactly one, the standard deviation of its pot share), then each hand's distribution
of pot shares and the method used.
"""

from __future__ import annotations

import argparse

from ..errors import OmahaInputError
from .common import print_result
from .options import chosen_game, method_keywords
from .progress import ProgressBar
from .startup import loading_engine

__all__ = ["run_boards_equity"]


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
    notice = "omaha8eq: compiling the double-board kernels for first use (up to a minute; later runs start fast)"
    with ProgressBar() as bar, compile_notice(notice, board_outcomes, combine_boards, sample_boards):
        result = boards_equity(
            args.hands,
            args.board,
            args.dead,
            runs=args.runs,
            game=chosen_game(args, args.hands),
            **method_keywords(args),
            progress=bar,
        )
    return print_result(args, result)
