"""The ``hands`` command: read hand histories, check every settlement, show all-in luck.

Usage::

    omaha8eq hands FILE... [--player NAME] [--range NAME=RANGE]... [--store FILE]
                   [--graph FILE] [--csv FILE] [--json] [--export FILE [--ohh]]

FILE is a hand-history file (PokerStars, every era, Winamax, Winning Poker Network,
partypoker, 888 or Bovada), a folder (its ``.txt`` and ``.log`` files) or ``-`` for
standard input. The report gives the hands read and skipped (each skipped hand with
its file, line and reason), the pots whose settlement differs from the site's, and
per player the hands, net won, all-in adjusted net won and luck; ``--json`` prints it
as one document. A player whose cards were not shown in an all-in is played as a
range (``random``, or ``--range NAME=RANGE``); ``--store FILE`` keeps what was read so
that a re-run reads only what is new. A file that cannot be opened (a name too long, no permission) is an
input error: one line on stderr, exit status 2.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import TYPE_CHECKING, Any

from ..errors import OmahaInputError
from .common import EXIT_OK, Arg, Command, OutputError, emit
from .options import json_option
from .startup import loading_engine

if TYPE_CHECKING:
    from ..histories.records import Hand

__all__ = ["COMMANDS"]


def _exporting(hands: Any, path: str, ohh: bool) -> Any:
    """The hands, each also written to ``path`` as one JSON line as it is read."""
    from ..histories.ohh import to_ohh

    try:
        out = open(path, "w", encoding="utf-8")  # noqa: SIM115 - closed when the stream ends
    except OSError as exc:
        raise OmahaInputError(f"--export: cannot write {path!r}: {exc.strerror}") from None
    with out:
        hand: Hand
        for hand in hands:
            out.write(json.dumps(to_ohh(hand) if ohh else hand.to_dict()) + "\n")
            yield hand


def _ranges(given: list[str]) -> dict[str, str]:
    """``--range NAME=RANGE`` options as a dict (the ranges are checked by allin_ev)."""
    ranges: dict[str, str] = {}
    for option in given:
        name, sep, expression = option.partition("=")
        if not sep or not name.strip() or not expression.strip():
            raise OmahaInputError(f"--range: expected NAME=RANGE (Villain=AA** or Villain=random), got {option!r}")
        if name.strip() in ranges:
            raise OmahaInputError(f"--range: {name.strip()!r} is given two ranges")
        ranges[name.strip()] = expression.strip()
    return ranges


def _run(args: argparse.Namespace) -> int:
    ranges = _ranges(args.range)
    if args.store and args.export:
        raise OmahaInputError("--export: not with --store (the hands a store loads are not read again)")
    if args.ohh and not args.export:
        raise OmahaInputError("--ohh: give --export FILE to write the hands to")
    if args.graph:
        from .equity_graph import check_graph_support

        check_graph_support(args.graph)
    with loading_engine():
        from ..core.registry import compile_notice_for
        from ..histories.reader import read_hands
        from ..histories.report import allin_ev
        from .progress import ProgressBar

    bar = ProgressBar("hands")
    stream = read_hands(*args.files, progress=lambda s: bar(s.hands_read + len(s.skipped), None))
    hands: Any = _exporting(stream, args.export, args.ohh) if args.export else stream
    try:
        with compile_notice_for("evaluation", "equity"):
            report = allin_ev(hands, player=args.player, ranges=ranges, store=args.store, every_hand=False)
    finally:
        bar.close()
    report.skipped, report.hands_skipped = list(stream.skipped), len(stream.skipped)
    if args.csv:
        try:
            report.write_csv(args.csv)
        except OmahaInputError as exc:
            raise OmahaInputError(f"--{exc}") from None  # "csv: cannot write ..." as the option
    if args.graph:
        report.draw(args.graph, args.player)
    if args.json:
        try:  # the hands by luck streamed: the document is never held whole
            report.write_json(sys.stdout)
            sys.stdout.write("\n")
        except OSError as exc:
            raise OutputError(str(exc)) from exc
    else:
        emit(str(report))
    if args.player is not None and not report.players:
        print(f"omaha8eq: note: {args.player!r} was not dealt in any hand read", file=sys.stderr)
    return EXIT_OK


COMMANDS = (
    Command(
        "hands",
        help="read hand histories: settlement checks and all-in adjusted EV",
        description="Read Omaha hand histories (PokerStars, every era, Winamax, Winning Poker Network, "
        "partypoker, 888, Bovada); settle every "
        "showdown's pots from the shown cards and compare with what the site paid; compute each "
        "player's all-in adjusted EV (each side pot, hi and lo, by exact enumeration of the board "
        "still to come) and luck.",
        examples=[
            "omaha8eq hands histories/ --player Hero",
            "omaha8eq hands session.txt --json --csv hands.csv --graph luck.png",
            "cat session.txt | omaha8eq hands - --export hands.jsonl --ohh",
            "omaha8eq hands histories/ --store hands.sqlite --range 'Villain=AA**,KK**'",
        ],
        options=[
            Arg("files", nargs="+", metavar="FILE", help="hand-history files, folders, or - for standard input"),
            Arg("--player", metavar="NAME", help="only this player's totals and hands"),
            Arg("--range", metavar="NAME=RANGE", action="append", default=[],
                help="play NAME's cards, when not shown in an all-in, as RANGE (default: random); repeatable"),
            Arg("--store", metavar="FILE", help="keep what was read in FILE (SQLite): a re-run reads only what is new"),
            Arg("--graph", metavar="FILE", help="draw the cumulative net won and all-in EV (.png, .svg, .pdf)"),
            Arg("--csv", metavar="FILE", help="write one row per hand and player (CSV)"),
            Arg("--export", metavar="FILE", help="write every hand read as JSON, one per line"),
            Arg("--ohh", action="store_true", help="with --export: the Open Hand History format"),
            json_option("print the report as JSON"),
        ],
        run=_run,
    ),
)  # fmt: skip
