"""The ``hands`` command: read hand histories, check every settlement, show all-in luck.

Usage::

    omaha8eq hands FILE... [--player NAME] [--graph FILE] [--csv FILE] [--json]
                   [--export FILE [--ohh]]

FILE is a hand-history file (PokerStars, every era, Winamax, Winning Poker Network,
partypoker, 888 or Bovada), a folder (its ``.txt`` and ``.log`` files) or ``-`` for
standard input. The report gives the hands read and skipped (each skipped hand with
its file, line and reason), the pots whose settlement differs from the site's, and
per player the hands, net won, all-in adjusted net won and luck; ``--json`` prints it
as one document. A file that cannot be opened (a name too long, no permission) is an
input error: one line on stderr, exit status 2.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import TYPE_CHECKING, Any

from ..errors import OmahaInputError
from .common import EXIT_OK, Subparsers, add_command, emit, emit_json, table
from .startup import loading_engine

if TYPE_CHECKING:
    from ..histories.records import Hand
    from ..histories.report import AllinReport

__all__ = ["format_report", "register"]

#: Lines of skipped hands and differing pots the text report lists (the JSON lists all).
LIST_LIMIT = 20


def _money(x: float) -> str:
    return f"{x:+,.2f}" if round(x, 2) else "0.00"


def format_report(report: AllinReport) -> str:
    """The text report: counts, skipped hands, differing pots, players, luckiest hands."""
    s = report.summary()
    lines = [
        f"hands read: {s['hands_read']:,}, skipped: {s['hands_skipped']:,}",
        f"pots checked: {s['pots_checked']:,}, differing from the site: {s['pots_differing']:,}",
        f"all-in hands adjusted: {s['allin_hands']:,}"
        + (f" ({s['monte_carlo_hands']:,} by Monte Carlo)" if s["monte_carlo_hands"] else " (exact)"),
    ]
    lines.extend(f"skipped: {skipped}" for skipped in report.skipped[:LIST_LIMIT])
    if len(report.skipped) > LIST_LIMIT:
        lines.append(f"skipped: ... {len(report.skipped) - LIST_LIMIT:,} more (--json lists them all)")
    from ..game.pots import pot_name  # the report is built by then: the engine is loaded

    for hand_id, pot in report.differing[:LIST_LIMIT]:
        name = "all pots" if pot.pot is None else pot_name(pot.pot)
        lines.append(
            f"differs: hand {hand_id}, {name}: expected {pot.to_dict()['expected']}, site paid {pot.to_dict()['site']}"
        )
    players = report.ranked()
    if players:
        lines.append("")
        rows = [
            [
                t.player,
                t.unit,
                f"{t.hands:,}",
                f"{t.allin_hands:,}",
                _money(t.net),
                _money(t.allin_ev_net),
                _money(t.luck),
            ]
            for t in players
        ]
        lines += table(["Player", "Unit", "Hands", "All-in", "Net won", "All-in EV", "Luck"], rows, left=(0, 1))
    focus = report.focus()
    ranked = report.by_luck()
    if focus and ranked:
        who, unit = focus
        lines.append("")
        lines.append(f"{who}'s all-in hands by luck ({unit}):")
        rows = [
            [
                h.hand_id,
                h.allin_street or "",
                _money(h.net[who] / 100),
                _money(h.adjusted[who] / 100),
                _money(h.luck(who) / 100),
            ]
            for h in ranked[:LIST_LIMIT]
        ]
        lines += table(["Hand", "All-in on", "Net won", "All-in EV", "Luck"], rows)
    return "\n".join(lines)


def register(commands: Subparsers) -> None:
    """Add the ``hands`` subcommand to the CLI's subparsers."""
    p = add_command(
        commands,
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
        ],
    )
    p.add_argument("files", nargs="+", metavar="FILE", help="hand-history files, folders, or - for standard input")
    p.add_argument("--player", metavar="NAME", help="only this player's totals and hands")
    p.add_argument("--graph", metavar="FILE", help="draw the cumulative net won and all-in EV (.png, .svg, .pdf)")
    p.add_argument("--csv", metavar="FILE", help="write one row per hand and player (CSV)")
    p.add_argument("--export", metavar="FILE", help="write every hand read as JSON, one per line")
    p.add_argument("--ohh", action="store_true", help="with --export: the Open Hand History format")
    p.add_argument("--json", action="store_true", help="print the report as JSON")
    p.set_defaults(run=_run)


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


def _write(path: str, text: str, option: str) -> None:
    try:
        with open(path, "w", encoding="utf-8", newline="") as out:
            out.write(text)
    except OSError as exc:
        raise OmahaInputError(f"{option}: cannot write {path!r}: {exc.strerror}") from None


def _run(args: argparse.Namespace) -> int:
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
            report = allin_ev(hands, player=args.player)
    finally:
        bar.close()
    report.skipped, report.hands_skipped = list(stream.skipped), len(stream.skipped)
    if args.csv:
        _write(args.csv, report.csv_text(), "--csv")
    if args.graph:
        report.draw(args.graph, args.player)
    if args.json:
        emit_json(report.to_dict())
    else:
        emit(format_report(report))
    if args.player is not None and not report.players:
        print(f"omaha8eq: note: {args.player!r} was not dealt in any hand read", file=sys.stderr)
    return EXIT_OK
