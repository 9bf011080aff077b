"""The ``omaha8eq equity`` command: each hand's share of the pot, with the hi/lo breakdown.

Usage::

    omaha8eq equity HAND HAND ... [--board B [--board B2] | --board B --runs N] [--dead D]
                    [--exact | --samples N | --stderr X] [--seed S]
                    [--threads N] [--game NAME | --high-only] [--by-hand N] [--graph FILE]
                    [--next-cards] [--max-work W] [--max-memory B] [--json]
                    [--scheduler local|auto|ADDRESS [--workers N] [--checkpoint DIR]]

Prints one row per hand: its share of the pot (equity), how often it wins or ties
the high and the low, scoops and is quartered, then the method used; with
``--by-hand N`` each range's N best and N worst hands with their own hi/lo breakdown
and its equity deciles; with ``--graph FILE`` each range's equity distribution drawn
in FILE (matplotlib, the ``plot`` extra); with ``--next-cards`` (two players on a
flop or turn) both players' equity and scoop for every card that can come next. Without
``--exact``/``--samples``/``--stderr`` the library enumerates every board when that
is cheap and runs a Monte Carlo otherwise. ``--exact`` runs estimated above the
work limit are refused (``--max-work`` raises it). Two ``--board`` options (double
board) or ``--runs N`` (run it N times) go to :mod:`omaha8eq.cli.boards`.
"""

from __future__ import annotations

import argparse
import contextlib
from typing import TYPE_CHECKING, Any

from ..errors import OmahaInputError
from ..present.display import format_equity
from .cluster import cluster_client, cluster_options
from .common import Arg, Command, print_result
from .options import (
    DEAD,
    MAX_MEMORY,
    MAX_WORK,
    chosen_game,
    json_option,
    method_keywords,
    method_options,
    note_unused_seed,
    whole_number,
)
from .progress import ProgressBar
from .startup import loading_engine, loading_seconds

if TYPE_CHECKING:
    from ..results import EquityResult

__all__ = ["COMMANDS", "equity_document", "format_equity", "run_equity"]


def equity_document(result: EquityResult, by_hand: int = 0) -> dict[str, Any]:
    """The ``--json`` form: ``result.to_dict()`` with each range's ``by_hand`` list cut to
    its best ``by_hand`` hands (``by_hand_count`` keeps how many the range has)."""
    document = result.to_dict()
    for player in document["players"]:
        if "by_hand" in player:
            player["by_hand_count"] = len(player["by_hand"])
            player["by_hand"] = player["by_hand"][:by_hand]
    for player, result_player in zip(document["players"], result.players, strict=True):
        if result_player.by_hand:
            player["deciles"] = list(result_player.deciles())
    return document


def run_equity(args: argparse.Namespace) -> int:
    """Run ``omaha8eq equity``; input errors propagate to the CLI's handler."""
    game = chosen_game(args, args.hands)
    if len(args.board or ()) > 1 or args.runs > 1 or (game is not None and game.boards > 1):
        from .boards import run_boards_equity

        return run_boards_equity(args)
    with loading_engine():
        from ..core.registry import compile_notice_for, compile_seconds  # the core loads numba
        from ..equities import equity

    if args.graph:
        from .equity_graph import check_graph_support

        check_graph_support(args.graph)
    if args.checkpoint and not args.scheduler:
        raise OmahaInputError("--checkpoint: only a distributed run (--scheduler) keeps a checkpoint")
    if (args.workers or args.threads_per_worker != 1) and not args.scheduler:
        raise OmahaInputError("--workers, --threads-per-worker: they size the local cluster of --scheduler local")
    compiled_before, loaded_before = compile_seconds(), loading_seconds()
    with contextlib.ExitStack() as stack:
        bar = stack.enter_context(ProgressBar())
        scheduler = stack.enter_context(cluster_client(args, address=args.scheduler)) if args.scheduler else None
        stack.enter_context(compile_notice_for("equity"))
        result = equity(
            args.hands,
            args.board[0] if args.board else "",
            args.dead,
            **method_keywords(args),
            game=game,
            progress=bar,
            by_hand=args.by_hand > 0 or bool(args.graph),
            by_next_card=args.next_cards,
            max_memory=args.max_memory,
            scheduler=scheduler,
            checkpoint=args.checkpoint,
        )
    if args.graph:
        from .equity_graph import draw_distribution

        if not draw_distribution(result, args.graph):
            raise OmahaInputError("--graph: no hand is a range: there is no equity distribution to draw")
    note_unused_seed(args.seed, result.exhaustive)

    def text(result: EquityResult) -> str:
        compiling = compile_seconds() - compiled_before
        loading = max(0.0, loading_seconds() - loaded_before - compiling)  # first calls that compiled: compiling
        report = format_equity(result, args.stderr_target, args.by_hand, compiling, loading)
        return report + (f"\nEquity distribution drawn in {args.graph}" if args.graph else "")

    return print_result(args, result, text, lambda result: equity_document(result, args.by_hand))


COMMANDS = (
    Command(
        "equity",
        help="each hand's share of the pot, with the hi/lo breakdown",
        description="Each hand's share of the pot at showdown, with the hi/lo breakdown.\n\n"
        'A HAND is 4, 5 or 6 hole cards (AsAh2c3d, or quoted with spaces: "As Ah 2c 3d"), '
        "a range expression such as 'AA:$ds' or '15%' (quote it with single quotes: the shell "
        "expands $ and * otherwise; 'omaha8eq help ranges' gives the syntax), or random "
        "(a hand dealt at random from the remaining cards in every deal).",
        examples=[
            "omaha8eq equity AsAh2c3d KsKhQdJd --board 4c5d7s",
            'omaha8eq equity "As Ah 2c 3d" random --samples 200000 --seed 7',
            "omaha8eq equity AsAh2c3d 'KK:$ds' '15%' --board 4c5d7s --by-hand 5",
            "omaha8eq equity '15%' '15%' --board Ac8c5h9d --exact --by-hand 10 --graph ranges.png",
            "omaha8eq equity AsAh2c3d KsKhQdJd --stderr 0.1% --json",
            "omaha8eq equity AsAh2c3d KsKhQdJd --board 4c5d7s --board KcQs9h",
            "omaha8eq equity AsAh2c3d KsKhQdJd --board 4c5d7s --runs 2",
        ],
        options=[
            Arg("hands", nargs="+", metavar="HAND",
                help="4, 5 or 6 hole cards (e.g. AsAh2c3d), a quoted range ('AA:$ds', '15%%') or random; "
                "2 or more hands"),
            Arg("--board", "-b", action="append", metavar="B",
                help="0 to 5 known board cards; give it twice for double-board Omaha "
                "(each board plays for half the pot)"),
            Arg("--runs", type=whole_number(1), default=1, metavar="N",
                help="run the board N times (1 to 4): "
                "each run deals the missing cards from what the earlier runs left"),
            DEAD,
            *method_options(exact="enumerate every deal", samples="Monte Carlo with N samples"),
            Arg("--by-hand", type=whole_number(0), default=0, metavar="N",
                help="for each range, also list its N best and N worst hands with their own equity, frequency and "
                "hi/lo breakdown, and its equity deciles"),
            Arg("--graph", metavar="FILE",
                help="draw each range's equity distribution (hands sorted by equity against the share of the range) "
                "into FILE (.png, .svg or .pdf; needs matplotlib: pip install 'omaha8eq[plot]')"),
            Arg("--next-cards", action="store_true",
                help="two players on a flop or turn: both players' exact equity and scoop for every card that can "
                "come next"),
            MAX_WORK,
            MAX_MEMORY,
            *cluster_options(
                "with --exact, two players preflop: run the range-vs-range sweep as a Dask job on a LocalCluster "
                "here ('local'), on the scheduler at ADDRESS (tcp://HOST:8786), or 'auto' (DASK_SCHEDULER_ADDRESS, "
                "else local); pip install 'omaha8eq[distributed]'"
            ),
            Arg("--checkpoint", metavar="DIR",
                help="with --scheduler: keep each finished task in DIR; the same command resumes from it"),
            json_option(),
        ],
        run=run_equity,
        takes_range=True,
    ),
)  # fmt: skip
