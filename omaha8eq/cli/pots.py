"""The pot commands of the ``omaha8eq`` command line: settle and allin.

Usage::

    omaha8eq settle HAND:CHIPS ... --board B [--button N] [--chip C] [--game NAME | --high-only] [--json]
    omaha8eq allin HAND:CHIPS ... [--board B] [--dead D] [--exact | --samples N | --stderr X]
                   [--seed S] [--threads N] [--game NAME | --high-only] [--max-work W] [--json]

Players are given in seat order as ``HAND:CHIPS`` (the hole cards and the chips the
player put in this hand) or ``fold:CHIPS``, and are numbered from 1 (``--button``
too); the JSON output uses 0-based ``seat`` indices, as the Python API does. Bad
input prints one line on stderr and exits with status 2 (see :mod:`omaha8eq.cli.app`).
The betting commands (potlimit, betting) are in :mod:`omaha8eq.cli.betting`.
"""

from __future__ import annotations

import argparse
import re

from ..errors import OmahaInputError
from ..present.pots import format_allin, format_settlement
from .common import Arg, Command, print_result
from .options import (
    BUTTON,
    DEAD,
    MAX_WORK,
    board_option,
    button_index,
    chosen_game,
    game_options,
    json_option,
    method_keywords,
    method_options,
    note_unused_seed,
    positive_chips,
)
from .startup import loading_engine

__all__ = ["COMMANDS", "format_allin", "format_settlement", "parse_player"]

EXAMPLE = "AsAh2c3d:40 or fold:10"


def parse_player(text: str, number: int) -> tuple[str | None, int]:
    """Parse ``HAND:CHIPS`` or ``fold:CHIPS`` (player ``number``, 1-based, names errors).

    >>> parse_player("AsAh2c3d:40", 1), parse_player("fold:5", 2)
    (('AsAh2c3d', 40), (None, 5))
    """
    from ..chips.pots import FOLD

    hand, sep, chips = text.rpartition(":")
    if not sep or not hand.strip():
        raise OmahaInputError(f"player {number}: {text!r} is not HAND:CHIPS (e.g. {EXAMPLE})")
    chips = chips.strip()
    if not re.fullmatch(r"-?\d+", chips):
        raise OmahaInputError(f"player {number}: chips {chips!r} (in {text!r}) is not a whole number")
    amount = int(chips)
    if amount < 0:
        raise OmahaInputError(f"player {number}: chips must not be negative, got {amount}")
    hand = hand.strip()
    return (None if hand.lower() == FOLD else hand), amount


def _players(texts: list[str]) -> list[tuple[str | None, int]]:
    return [parse_player(t, i) for i, t in enumerate(texts, 1)]


#: The players of both commands, in seat order.
_PLAYERS = Arg(
    "players", nargs="+", metavar="HAND:CHIPS",
    help="a player in seat order: HAND:CHIPS (hole cards, chips put in this hand) or fold:CHIPS",
)  # fmt: skip


# ---------------------------------------------------------------------------
# settle
# ---------------------------------------------------------------------------


def _run_settle(args: argparse.Namespace) -> int:
    with loading_engine():
        from ..chips.settlement import settle
        from ..core.registry import compile_notice_for  # the core loads numba

    players = _players(args.players)
    button = button_index(args.button, len(players))

    with compile_notice_for("evaluation"):
        game = chosen_game(args, [hand for hand, _ in players])
        result = settle(players, args.board, button=button, chip=args.chip, game=game)
    return print_result(args, result, format_settlement)


SETTLE = Command(
    "settle",
    help="split a pot at showdown: side pots, hi/lo halves, odd chips",
    description="Settle a hand at showdown: the main and side pots, each split hi/lo among "
    "its eligible players, odd chips high and then clockwise from the button; uncalled "
    "chips are returned.",
    examples=[
        "omaha8eq settle AhAc2h3c:40 As2s6d7d:40 6s7s8d9d:40 --board 4c5dKsQs8c",
        "omaha8eq settle fold:10 AsAh2c3d:50 KsKhQdJd:30 --board 4c5d7s8h9h --button 2 --json",
    ],
    options=[
        _PLAYERS,
        board_option("the 5 board cards (needed for a showdown)"),
        BUTTON,
        Arg("--chip", type=positive_chips, default=1, metavar="C",
            help="the smallest chip: amounts are multiples of it (default 1)"),
        *game_options(),
        json_option(),
    ],
    run=_run_settle,
)  # fmt: skip


# ---------------------------------------------------------------------------
# allin
# ---------------------------------------------------------------------------


def _run_allin(args: argparse.Namespace) -> int:
    with loading_engine():
        from ..chips.allin import allin_equity
        from ..core.registry import compile_notice_for  # the core loads numba

    players = _players(args.players)

    with compile_notice_for("equity"):
        result = allin_equity(
            players, args.board, args.dead, game=chosen_game(args, [hand for hand, _ in players]),
            **method_keywords(args),
        )  # fmt: skip
    note_unused_seed(args.seed, result.exhaustive)
    return print_result(args, result, format_allin)


ALLIN = Command(
    "allin",
    help="expected chips of all-in players, per side pot",
    description="All-in adjusted expectation: each player's expected chips, every side pot's "
    "equity computed among the players eligible for it.",
    examples=[
        "omaha8eq allin As2s3dKc:20 QhQdJhTc:60 9h8h7c6c:60 --board 4c5dKs",
        "omaha8eq allin AsAh2c3d:100 KsKhQdJd:40 --samples 100000 --seed 1 --json",
    ],
    options=[
        _PLAYERS,
        board_option("0 to 5 known board cards"),
        DEAD,
        *method_options(exact="enumerate every board", samples="Monte Carlo with N samples per pot"),
        MAX_WORK,
        json_option(),
    ],
    run=_run_allin,
)  # fmt: skip

#: The commands of this module, in the order ``--help`` lists them.
COMMANDS = (SETTLE, ALLIN)
