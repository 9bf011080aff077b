"""The ``omaha8eq eval`` command: the best high and 8-or-better low of one hand on a board.

Usage::

    omaha8eq eval HAND --board B [--game NAME | --high-only] [--json]
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from ..cards import format_cards
from ..present.documents import eval_document
from .common import Arg, Command, print_result
from .options import board_option, chosen_game, game_options, json_option
from .startup import loading_engine

if TYPE_CHECKING:
    from ..hand_values import HighHand, LowHand

__all__ = ["COMMANDS", "format_eval", "run_eval"]


def _used(hand: HighHand | LowHand) -> str:
    return f"hole {format_cards(hand.hole_used)} + board {format_cards(hand.board_used)}"


def format_eval(high: HighHand, low: LowHand | None, with_low: bool = True) -> str:
    """The text report of an evaluation: the high line, then (``with_low``: the game has a
    low half) the low line."""
    lines = [f"High: {high.with_cards()} -- {_used(high)}"]
    if with_low:
        if low is None:
            lines.append("Low: none")
        else:
            lines.append(f"Low: {low} ({format_cards(low.cards)}) -- {_used(low)}")
    return "\n".join(lines)


def run_eval(args: argparse.Namespace) -> int:
    """Run ``omaha8eq eval``; input errors propagate to the CLI's handler."""
    with loading_engine():
        from ..core.registry import compile_notice_for  # the core loads numba
        from ..evaluation import evaluate

    from ..games import game_for
    from ..inputs import parse_hole

    game = chosen_game(args, [args.hand]) or game_for(len(parse_hole(args.hand)))
    with compile_notice_for("evaluation"):
        high, low = evaluate(args.hand, args.board, game=game)
    return print_result(
        args,
        (high, low),
        lambda values: format_eval(*values, game.hilo),
        lambda values: eval_document(args.hand, args.board, *values, game.name),
    )


COMMANDS = (
    Command(
        "eval",
        help="the best high and low of one hand on a board",
        description="The best Omaha high and 8-or-better low of one hand on a board "
        "(exactly 2 hole cards and 3 board cards each).",
        examples=[
            "omaha8eq eval AsAh3d6s --board Ad8c5hKs2c",
            'omaha8eq eval "As Ah 3d 6s" --board "Ad 8c 5h" --json',
        ],
        options=[
            Arg("hand", metavar="HAND", help='4, 5 or 6 hole cards, e.g. "As Ah 3d 6s"'),
            board_option("3, 4 or 5 board cards", required=True),
            *game_options(high_only="Omaha high: do not evaluate the low"),
            json_option(),
        ],
        run=run_eval,
    ),
)
