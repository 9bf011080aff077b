"""The ``omaha8eq explore`` command: what a range holds on a board, class by class.

Usage::

    omaha8eq explore RANGE --board B [--against HAND|RANGE] [--dead D] [--game G]
                     [--where EXPR] [--json [--hands N|all]] [--graph FILE]
                     [--max-work W] [--max-memory B] [--threads N]

Prints, for each group of classes (made high, made low, low draw, flush draw, straight
draw, counterfeit risk, clean outs, then each hand's summary), every class with a hand:
its number of hands and share of the range, heaviest first; with ``--against``, also
each class's exact equity, scoop, quarter, high and low win rates and its best and worst
hands (see :func:`omaha8eq.explore` and docs/range-explorer.md). ``--json`` adds each
hand's classes, outs and (with ``--against``) equity for the first ``--hands`` hands
(default 100, best equity first). ``--where`` prints the hands of the range whose classes
meet a class expression instead, as a range. A long exploration shows a progress bar on
a terminal and stops at once on Ctrl-C; one estimated above ``--max-work`` or
``--max-memory`` is refused before its ranges are built. Examples::

    omaha8eq explore 15% --board Ac8c5h
    omaha8eq explore "AA2*" --board Kc8c5h --against KsKhQdJd
    omaha8eq explore "AA2*" --board Kc8c5h --where "protected nut low draw and nut flush draw"
"""

from __future__ import annotations

import argparse
import contextlib
from pathlib import Path
from typing import TYPE_CHECKING

from ..checks import excerpt
from ..errors import OmahaInputError
from .common import Arg, Command, OutputError, print_result
from .options import (
    DEAD,
    MAX_MEMORY,
    board_option,
    chosen_game,
    game_options,
    json_option,
    threads_option,
    whole_number,
)
from .progress import ProgressBar
from .startup import loading_engine

if TYPE_CHECKING:
    from ..explorer import Exploration

__all__ = ["COMMANDS", "draw_classes", "run_explore"]


def _hand_count(text: str) -> int | str:
    """``--hands``: a number of hands, 0 or more, or "all"."""
    if text.strip().lower() == "all":
        return "all"
    try:
        count = int(text)
    except ValueError:
        count = -1
    if count < 0:
        raise argparse.ArgumentTypeError(f"expected a number of hands (0 or more) or 'all', got {excerpt(text)}")
    return count


def run_explore(args: argparse.Namespace) -> int:
    """Run ``omaha8eq explore``; input errors propagate to the CLI's handler."""
    from .equity_graph import check_graph_support

    if args.hands is not None and not args.json:
        raise OmahaInputError("--hands: the hands' figures are in the JSON only: add --json")
    if args.graph:
        check_graph_support(args.graph)
    with loading_engine():
        from ..core.registry import compile_notice_for  # the core loads numba
        from ..explorer import explore, hand_list
        from ..games import game_for

    # --high-only alone: the high-only game of four-card hands (the ranges' default size).
    game = game_for(4, hilo=False) if args.high_only and args.game is None else chosen_game(args, ())
    groups = ("ranges", "equity") if args.against else ("ranges",)
    # Ctrl-C (KeyboardInterrupt) closes the bars and goes on to the CLI's handler: one line, exit 130.
    with contextlib.closing(_StepBars()) as bar, compile_notice_for(*groups):
        found = explore(
            args.range, args.board, against=args.against, dead=args.dead, game=game or "omaha8",
            max_work=args.max_work, max_memory=args.max_memory, threads=args.threads, progress=bar,
        )  # fmt: skip
    if args.where is not None:
        return print_result(
            args, found.where(args.where), hand_list,
            lambda hands: {"where": args.where, "hands": len(hands), "range": hand_list(hands)},
        )  # fmt: skip
    if args.graph:
        draw_classes(found, args.graph)
    listed = {} if args.hands is None else {"hands": None if args.hands == "all" else args.hands}
    return print_result(args, found, document=lambda found: found.to_dict(**listed))


class _StepBars:
    """The progress of an exploration: a fresh :class:`ProgressBar` for each of its
    steps (building a range, classifying, sweeping), which :func:`omaha8eq.explore`
    announces with ``counting(unit)``: each counts something else, from 0."""

    def __init__(self) -> None:
        self._bar = ProgressBar("hands")

    def counting(self, unit: str) -> None:
        self._bar.close()
        self._bar = ProgressBar(unit)

    def __call__(self, done: int, total: int | None) -> None:
        self._bar(done, total)

    def close(self) -> None:
        self._bar.close()


def draw_classes(found: Exploration, path: str) -> None:
    """One horizontal bar per group of classes, split by the classes' shares, into ``path``.
    A failed write raises :class:`~omaha8eq.cli.common.OutputError` and leaves no file."""
    from matplotlib.figure import Figure  # no pyplot: no backend or global state

    groups = list(dict.fromkeys(r.group for r in found.view("classes")))
    figure = Figure(figsize=(10, 1 + 0.8 * len(groups)), layout="constrained")
    axes = figure.add_subplot()
    for y, group in enumerate(groups):
        left = 0.0
        for row in (r for r in found.view("classes") if r.group == group):
            axes.barh(y, 100 * row.share, left=left, edgecolor="white")
            if row.share >= 0.06:  # label the segments wide enough to hold one
                axes.text(left + 50 * row.share, y, row.name, ha="center", va="center", fontsize=7)
            left += 100 * row.share
    axes.set_yticks(range(len(groups)), groups)
    axes.set_xlim(0, 100)
    axes.invert_yaxis()
    axes.set_xlabel("% of the range")
    axes.set_title(f"{found.range} on {found.board}: {found.total.hands:,} hands")
    try:
        figure.savefig(path)
    except OSError as exc:
        with contextlib.suppress(OSError):
            Path(path).unlink()
        raise OutputError(f"--graph {excerpt(path, 300)}: {exc.strerror or exc}") from exc


COMMANDS = (
    Command(
        "explore",
        help="a range's classes on a board (nut low draw, set, wrap ...) with exact equity per class",
        description="Classify every hand of a range on a flop, turn or river (made high, made low, "
        "low draw, flush draw, straight draw, counterfeit risk; docs/range-explorer.md) and, with --against, give each "
        "class its exact equity against the other hand or range.",
        examples=[
            "omaha8eq explore 15% --board Ac8c5h",
            "omaha8eq explore 'AA2*' --board Kc8c5h --against KsKhQdJd",
            "omaha8eq explore 'AA2*' --board Kc8c5h --where 'protected nut low draw and nut flush draw'",
        ],
        options=[
            Arg("range", metavar="RANGE", help="the range explored, e.g. '15%%' or 'AA2*'"),
            board_option("the flop, turn or river (3, 4 or 5 cards)", required=True),
            Arg("--against", "-a", metavar="HAND", help="the other side: a hand or a range (adds equities)"),
            DEAD,
            Arg("--where", "-w", metavar="EXPR",
                help="print the hands whose classes meet EXPR ('nut low draw or set') as a range instead"),
            json_option(),
            Arg("--hands", metavar="N", type=_hand_count,
                help="with --json: list the classes, outs and equity of the first N hands "
                "(default 100; 'all': every hand)"),
            Arg("--graph", metavar="FILE", help="draw the classes' shares as stacked bars (.png, .svg or .pdf)"),
            # Not options.MAX_WORK: that one's help speaks of --exact and hand evaluations.
            Arg("--max-work", type=whole_number(1, "a number of sweep row updates such as 1e11"), metavar="W",
                help="with --against, the most work the range sweep may take, in sweep row updates, e.g. 1e11 "
                "(default 3e9: about a minute on one core); "
                "an exploration estimated above it is refused before it starts"),
            MAX_MEMORY,
            threads_option(),
            *game_options(),
        ],
        run=run_explore,
        takes_range=True,
    ),
)  # fmt: skip
