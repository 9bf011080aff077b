"""Command-line interface of omaha8eq: Omaha Hi-Lo equities, hand evaluation, pots and ranges.

Usage::

    omaha8eq COMMAND ...            (omaha8eq --help lists the commands)
    python -m omaha8eq COMMAND ...  (the same)

Each command lives in its own module of this package (``equity``, ``evaluate``,
``counterfeit``, ``pots``, ``betting``, ``ranges``, ``bench``) and registers its
subparser; this module builds the parser from them and dispatches. A command
imports the numerical engine only when it runs, so ``--help`` starts fast.

Cards are written rank then suit, glued or separated: ``AsAh2c3d`` or
``"As Ah 2c 3d"`` (quote text with spaces). Examples::

    omaha8eq equity AsAh2c3d KsKhQdJd --board 4c5d7s
    omaha8eq equity AsAh2c3d random --samples 200000 --seed 7 --json
    omaha8eq eval "As Ah 3d 6s" --board "Ad 8c 5h Ks 2c"

Exit status: 0 on success, 2 for bad input (one line on stderr naming the problem),
130 when interrupted.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from .. import __version__
from ..errors import OmahaInputError
from . import bench, betting, counterfeit, equity, evaluate, pots, ranges
from .common import EXIT_INTERRUPTED, EXIT_OK, PROG, Parser, UsageError, fail

__all__ = ["build_parser", "main"]

#: The command modules, in the order ``--help`` lists their commands.
COMMAND_MODULES = (equity, evaluate, counterfeit, pots, betting, ranges, bench)


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the ``omaha8eq`` command."""
    parser = Parser(
        prog=PROG,
        description="Omaha Hi-Lo (8-or-better) equities and hand evaluation.",
        epilog='Cards: rank 2-9 T J Q K A then suit c d h s, e.g. AsAh2c3d or "As Ah 2c 3d".',
    )
    parser.add_argument("--version", action="version", version=f"{PROG} {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for module in COMMAND_MODULES:
        module.register(commands)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line ``argv`` (default ``sys.argv[1:]``); return the exit status."""
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except UsageError as exc:
        return fail(str(exc))
    except SystemExit as exc:  # --help, --version
        return exc.code if isinstance(exc.code, int) else EXIT_OK
    try:
        status: int = args.run(args)
    except OmahaInputError as exc:
        return fail(str(exc))
    except KeyboardInterrupt:
        print(f"{PROG}: interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    return status
