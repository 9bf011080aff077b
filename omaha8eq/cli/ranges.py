"""The ``omaha8eq range`` command: count, describe and list the hands of a range.

Usage::

    omaha8eq range EXPR [--hole-size N] [--list N] [--json]

Prints the expression, what it means in words, how many hands it covers (and in
how many suit-isomorphic classes, and which share of all hands of that size), the
total weight when weighted, then the first N hands (default 10) in the range's
order -- highest cards first -- with, for 4-card hands, each hand's preflop rank
and equity against a random hand. The syntax is in :mod:`omaha8eq.ranges.range`.
Examples::

    omaha8eq range 'AA:$ds'
    omaha8eq range 'A2-5:$low!AAA, 5%' --list 20
    omaha8eq range 'RROO' --hole-size 5 --json
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from ..deck import HOLE_SIZES
from ..errors import OmahaInputError
from ..present.documents import range_document
from .common import Arg, Command, print_result
from .options import json_option
from .progress import ProgressBar
from .startup import loading_engine

if TYPE_CHECKING:
    from ..ranges.range import Range

__all__ = ["COMMANDS", "format_range", "run_range"]


def format_range(rng: Range, list_count: int) -> str:
    """The text report of a range."""
    doc = range_document(rng, list_count)
    lines = [f"Range: {rng.expression}", f"Meaning: {rng.meaning}"]
    plural = "" if rng.count == 1 else "s"
    counted = (
        f"Hands: {rng.count:,} hand{plural} of {doc['all_hands']:,} {rng.hole_size}-card hands ({100 * rng.share:.2f}%)"
    )
    if doc["classes"] is not None:
        counted += f", in {doc['classes']:,} suit class{'es' if doc['classes'] != 1 else ''}"
    lines.append(counted)
    if rng.is_weighted:
        lines.append(f"Total weight: {rng.total_weight:,.2f} (weights below 100% count partly)")
    listed = doc["listed"]
    if listed:
        more = f" of {rng.count:,}" if rng.count > len(listed) else ""
        lines.append("")
        lines.append(f"First {len(listed):,}{more} (highest cards first):")
        for entry in listed:
            parts = [f"  {entry['hand']}"]
            if rng.is_weighted:
                parts.append(f"{100 * entry['weight']:6.2f}%")
            if "preflop_rank" in entry:
                parts.append(f"preflop rank {entry['preflop_rank']:>6,}, equity {100 * entry['preflop_equity']:.2f}%")
            lines.append("   ".join(parts))
    return "\n".join(lines)


def run_range(args: argparse.Namespace) -> int:
    """Run ``omaha8eq range``; input errors propagate to the CLI's handler."""
    with loading_engine():
        from ..core.registry import compile_notice_for  # the core loads numba
        from ..ranges.range import parse_range

    if args.list_count < 0:
        raise OmahaInputError(f"--list: expected 0 or more, got {args.list_count}")

    with ProgressBar(unit="hands") as bar, compile_notice_for("ranges"):
        rng = parse_range(args.expression, hole_size=args.hole_size, progress=bar)
    return print_result(
        args,
        rng,
        lambda parsed: format_range(parsed, args.list_count),
        lambda parsed: range_document(parsed, args.list_count),
    )


COMMANDS = (
    Command(
        "range",
        help="count, describe and list the hands a range expression covers",
        description="Count, describe and list the hands a range expression covers, e.g. "
        "'AA:$ds', 'A2-5!AAA', 'AxAyKxKy', 'RROO', '15%', 'AA2*@50, KK'. "
        "Quote the expression with single quotes: the shell expands $ in double quotes.",
        examples=[
            "omaha8eq range 'AA:$ds'",
            "omaha8eq range 'A2-5:$low!AAA, 5%' --list 20",
            "omaha8eq range RROO --hole-size 5 --json",
        ],
        options=[
            Arg("expression", metavar="EXPR", help="a range expression (quote it for the shell)"),
            Arg("--hole-size", "-k", type=int, choices=HOLE_SIZES, default=4, metavar="N",
                help="hole cards per hand: 4 (default), 5 or 6"),
            Arg("--list", "-l", type=int, default=10, metavar="N", dest="list_count",
                help="list the first N hands (default 10; 0 lists none)"),
            json_option(),
        ],
        run=run_range,
        takes_range=True,
    ),
)  # fmt: skip
