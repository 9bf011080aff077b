"""The ``omaha8eq counterfeit`` command: counterfeit and low-draw odds of one hand.

Usage::

    omaha8eq counterfeit HAND [--board B] [--dead D] [--vs HAND|RANGE ...] [--json]

Prints, exactly over every runout, how likely the hand's low is counterfeited, how
likely it ends with a low and with the nut low (overall and given the counterfeit),
with ``--vs`` its equity against the given hands or ranges over all runouts, the
counterfeit ones and the others, and, on a flop or turn, the next cards grouped by
what they do. With ranges every count is over the joint deals of the ranges' hands
and the runouts, weighted. See :func:`omaha8eq.counterfeit_odds` for the
definitions. Examples::

    omaha8eq counterfeit As2cKhKd --board 4d6h8s
    omaha8eq counterfeit As2c3h4d                       # preflop
    omaha8eq counterfeit As2cKhKd --board 4d6h8s --vs Ac3cQdJd --json
    omaha8eq counterfeit As2cKhKd --board 4d6h8s --vs "AA2*" "KK:$ds"
"""

from __future__ import annotations

import argparse

from ..present.display import format_counterfeit
from .common import Arg, Command, print_result
from .options import DEAD, board_option, json_option
from .progress import ProgressBar
from .startup import loading_engine

__all__ = ["COMMANDS", "format_counterfeit", "run_counterfeit"]


def run_counterfeit(args: argparse.Namespace) -> int:
    """Run ``omaha8eq counterfeit``; input errors propagate to the CLI's handler."""
    with loading_engine():
        from ..core.registry import compile_notice_for  # the core loads numba
        from ..counterfeit import counterfeit_odds

    groups = ("evaluation", "equity") if args.vs else ("evaluation",)
    with ProgressBar() as bar, compile_notice_for(*groups):
        report = counterfeit_odds(args.hand, args.board, args.dead, opponents=args.vs or None, progress=bar)
    return print_result(args, report, format_counterfeit)


COMMANDS = (
    Command(
        "counterfeit",
        help="how often a hand's low is made, stays the nuts, or is counterfeited",
        description="Exact odds, over every runout, that the hand's low is counterfeited "
        "(a card to come pairs one of the two hole cards the low uses), that it ends "
        "with a low and with the nut low, and what each next card does.",
        examples=[
            "omaha8eq counterfeit As2cKhKd --board 4d6h8s",
            "omaha8eq counterfeit As2c3h4d                 # preflop",
            "omaha8eq counterfeit As2cKhKd --board 4d6h8s --vs Ac3cQdJd --json",
            "omaha8eq counterfeit As2cKhKd --board 4d6h8s --vs 'AA2*' 'KK:$ds'",
        ],
        options=[
            Arg("hand", metavar="HAND", help="4, 5 or 6 hole cards, e.g. As2cKhKd"),
            board_option("0 (preflop, the default), 3 (flop) or 4 (turn) board cards"),
            DEAD,
            Arg("--vs", nargs="+", action="extend", default=[], metavar="HAND",
                help="opponents' hands or ranges (e.g. Ac3cQdJd, 'AA2*', '15%%'): adds the hand's "
                "equity against them, overall and with or without the counterfeit; known hands' "
                "cards count as seen, ranges' hands are dealt jointly with the runouts"),
            json_option(),
        ],
        run=run_counterfeit,
        takes_range=True,
    ),
)  # fmt: skip
