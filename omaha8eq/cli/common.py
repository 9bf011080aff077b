"""What the commands of the ``omaha8eq`` command line share.

The parser class that turns usage errors into exceptions, the help layout, the exit
statuses, the output and failure printers, the options of an equity run and the
text-table and percentage formatting of several reports. This module imports nothing
heavy: the parser (and ``--help``) is built without loading numpy or numba.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import textwrap
from collections.abc import Callable, Sequence
from decimal import Decimal
from typing import TYPE_CHECKING, Any, NoReturn

from ..present.text import percent, seconds, table

if TYPE_CHECKING:
    from _typeshed import SupportsWrite

    from ..games import Game

    # The subparsers object of argparse (a private class, used for annotations only).
    Subparsers = argparse._SubParsersAction[argparse.ArgumentParser]
else:
    Subparsers = Any

__all__ = [
    "EXIT_INTERRUPTED",
    "EXIT_OK",
    "EXIT_USAGE",
    "EXIT_WRITE_ERROR",
    "PROG",
    "RANGE_SYNTAX_POINTER",
    "HelpFormatter",
    "OutputError",
    "Parser",
    "Subparsers",
    "UsageError",
    "add_command",
    "add_game_option",
    "add_max_memory_option",
    "add_max_work_option",
    "add_method_options",
    "button_index",
    "chosen_game",
    "emit",
    "emit_json",
    "fail",
    "method_options",
    "non_negative_chips",
    "note_unused_seed",
    "one_line",
    "percent",
    "positive_chips",
    "report_interrupted",
    "seconds",
    "table",
    "whole_number",
]

PROG = "omaha8eq"
EXIT_OK = 0
#: The output could not be written: a closed pipe (silently) or a write error such as a full disk.
EXIT_WRITE_ERROR = 1
#: Bad input: a usage error or an ``OmahaInputError``, reported in one line.
EXIT_USAGE = 2
#: Interrupted by Ctrl-C (SIGINT), as shells report it: 128 + 2.
EXIT_INTERRUPTED = 130


def report_interrupted() -> int:
    """Say in one line on stderr that the command was interrupted; returns EXIT_INTERRUPTED."""
    print(f"{PROG}: interrupted", file=sys.stderr)
    return EXIT_INTERRUPTED


class UsageError(Exception):
    """A command-line usage error, reported as one line with exit status 2."""


class OutputError(Exception):
    """Standard output could not be written (the ``OSError`` is the ``__cause__``)."""


def emit(text: str) -> None:
    """Print ``text`` and a newline on stdout; a failed write raises :class:`OutputError`."""
    try:
        print(text)
    except OSError as exc:
        raise OutputError(str(exc)) from exc


def emit_json(document: object, *, indent: int | None = 2) -> None:
    """Print ``document`` as JSON on stdout (one line with ``indent=None``); see :func:`emit`."""
    emit(json.dumps(document, indent=indent))


class HelpFormatter(argparse.HelpFormatter):
    """argparse's layout, except that paragraphs of the description and epilog are kept
    apart, and indented lines (examples) are printed as written, not re-wrapped."""

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        paragraphs = []
        for paragraph in textwrap.dedent(text).strip().split("\n\n"):
            if paragraph.startswith(" "):
                paragraphs.append("\n".join(indent + line for line in paragraph.splitlines()))
            else:
                paragraphs.append(super()._fill_text(paragraph, width, indent))
        return "\n\n".join(paragraphs)


#: The last line of the ``--help`` of every command that takes a range.
RANGE_SYNTAX_POINTER = f"Range syntax, every element with an example: {PROG} help ranges"


def add_command(
    commands: Subparsers,
    name: str,
    *,
    help: str,
    description: str,
    examples: Sequence[str],
    takes_range: bool = False,
) -> argparse.ArgumentParser:
    """Add the subcommand ``name``; its ``--help`` ends with the command lines ``examples``
    and, when it ``takes_range``, with where to read the range syntax."""
    epilog = "examples:\n\n" + "\n".join(f"  {example}" for example in examples)
    if takes_range:
        epilog += "\n\n" + RANGE_SYNTAX_POINTER
    return commands.add_parser(name, help=help, description=description, epilog=epilog, formatter_class=HelpFormatter)


class Parser(argparse.ArgumentParser):
    """An ArgumentParser that raises :class:`UsageError` instead of printing usage and exiting."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{message} (see '{self.prog} --help')")

    def _print_message(self, message: str, file: SupportsWrite[str] | None = None) -> None:
        # argparse ignores a failed write of --help and --version; the command line
        # reports it (a full disk) like any other failed write of its output.
        if message:
            (file or sys.stderr).write(message)


def fail(message: str) -> int:
    """Report an input error as one line on stderr; return the exit status 2.

    >>> import contextlib, io
    >>> with contextlib.redirect_stderr(io.StringIO()) as err:
    ...     status = fail("hand 1:\\n  'Xx' is not a card")
    >>> status, err.getvalue()
    (2, "omaha8eq: error: hand 1: 'Xx' is not a card\\n")
    """
    print(f"{PROG}: error: {one_line(message)}", file=sys.stderr)
    return EXIT_USAGE


#: The longest quoted value an error line shows, and the longest error line.
_LONGEST_QUOTE, _LONGEST_MESSAGE = 200, 1000
_LONG_QUOTE = re.compile(f"'([^']{{{_LONGEST_QUOTE},}})'")


def one_line(message: str) -> str:
    """An error message on one line, with excerpts of long quoted values (argparse's
    "invalid int value: '999...'" quotes a whole argument) and at most 1,000 characters.

    >>> len(one_line("invalid int value: '" + "9" * 5000 + "'"))
    221
    """
    text = " ".join(str(message).split())
    text = _LONG_QUOTE.sub(lambda match: f"'{match.group(1)[: _LONGEST_QUOTE - 3]}...'", text)
    return text if len(text) <= _LONGEST_MESSAGE else text[: _LONGEST_MESSAGE - 3] + "..."


def button_index(number: int, players: int) -> int:
    """The 0-based seat of the 1-based ``--button`` player number among ``players``.

    Raises ``OmahaInputError`` naming ``--button`` when it is not a player.
    """
    if not 1 <= number <= players:
        from ..errors import OmahaInputError

        raise OmahaInputError(f"--button: {number} is not a player; players are numbered 1 to {players}")
    return number - 1


#: The largest power of ten :func:`whole_number` reads in ``1e6`` notation.
MAX_EXPONENT = 30


def whole_number(minimum: int, expected: str = "a whole number") -> Callable[[str], int]:
    """An argparse type: a whole number of at least ``minimum``, written in digits (``_``
    or ``,`` may group them: ``1_000_000``) or in ``1e6`` notation (``2.5e5``; a whole
    number up to 1e30). Every count option reads numbers this way. The error says
    ``expected`` ("a whole number of chips")."""

    def parse(text: str) -> int:
        plain = text.strip().replace("_", "").replace(",", "")
        try:
            if any(c in plain for c in "eE."):
                number = Decimal(plain)
                if not number.is_finite() or number != number.to_integral_value():
                    raise ValueError
                if number.adjusted() > MAX_EXPONENT:
                    raise argparse.ArgumentTypeError(f"invalid value {text!r}: larger than 1e{MAX_EXPONENT}")
                value = int(number)
            else:
                value = int(plain)
        except (ValueError, ArithmeticError):
            raise argparse.ArgumentTypeError(f"invalid value {text!r}: expected {expected}") from None
        if value < minimum:
            floor = "must not be negative" if minimum == 0 else f"must be at least {minimum}"
            raise argparse.ArgumentTypeError(f"invalid value {text!r}: {floor}")
        return value

    return parse


#: argparse types for chip amounts: 0 or more, 1 or more.
non_negative_chips = whole_number(0, "a whole number of chips")
positive_chips = whole_number(1, "a whole number of chips")


def _stderr_target(text: str) -> float:
    """Parse ``--stderr``: a fraction of the pot (``0.001``) or a percentage (``0.1%``)."""
    value = text.strip()
    scale = 1.0
    if value.endswith("%"):
        value, scale = value[:-1], 0.01
    try:
        number = float(value) * scale
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"invalid value {text!r}: expected a fraction of the pot such as 0.001, or 0.1%"
        ) from None
    if not number > 0 or number == float("inf"):
        raise argparse.ArgumentTypeError(f"invalid value {text!r}: expected a positive number")
    if number >= 1:  # a pot share's standard error is at most 0.5: 5 is a slip for 5% or 0.05
        hint = "" if scale != 1.0 else f" ({value}% of the pot is {value}% or {number / 100:g})"
        raise argparse.ArgumentTypeError(
            f"invalid value {text!r}: a standard error of {100 * number:g}% of the pot; "
            f"expected a fraction below 1 such as 0.001, or a percentage such as 0.1%{hint}"
        )
    return number


def add_method_options(parser: argparse.ArgumentParser, *, exact: str, samples: str) -> None:
    """The options of an equity run: --exact | --samples | --stderr, --seed, --threads,
    --high-only (``exact`` and ``samples`` are their help texts)."""
    method = parser.add_mutually_exclusive_group()
    method.add_argument("--exact", action="store_true", help=exact)
    method.add_argument("--samples", "-n", type=whole_number(1), metavar="N", help=samples + " (1e6 or 1000000)")
    method.add_argument(
        "--stderr", type=_stderr_target, metavar="X", dest="stderr_target",
        help="Monte Carlo until every equity's standard error is at most X "
        "(a fraction of the pot such as 0.001, or a percentage such as 0.1%%)",
    )  # fmt: skip
    parser.add_argument(
        "--seed", type=whole_number(0), metavar="S",
        help="Monte Carlo seed (default: random, reported; an exact run has no use for it and says so)",
    )  # fmt: skip
    parser.add_argument(
        "--threads", "-t", type=whole_number(1), metavar="N", help="threads to use (default: all cores)"
    )
    add_game_option(parser)


def add_game_option(parser: argparse.ArgumentParser, high_only: str = "Omaha high: no low half") -> None:
    """``--game NAME`` (a named game of ``omaha8eq.games``) and its shortcut ``--high-only``
    (``high_only`` is its help text); :func:`chosen_game` reads them."""
    from ..games import GAMES

    parser.add_argument(
        "--game", metavar="NAME",
        help=f"the game played: {', '.join(GAMES)} (default: Omaha Hi-Lo with the hands' hole size)",
    )  # fmt: skip
    parser.add_argument("--high-only", action="store_true", help=f"{high_only} (the high-only game of the hands' size)")


def chosen_game(args: argparse.Namespace, hands: Sequence[object]) -> Game | None:
    """The game of ``--game`` and ``--high-only`` (None for neither: the library's default,
    Omaha Hi-Lo with the hands' hole size). ``--high-only`` alone is the high-only game of
    ``hands``' hole size (:func:`omaha8eq.games.game_of_hands`).

    Raises:
        OmahaInputError: an unknown ``--game``, or ``--high-only`` with a hi-lo game.
    """
    from ..errors import OmahaInputError
    from ..games import as_game, game_of_hands

    game = None if args.game is None else as_game(args.game, "--game")
    if not args.high_only:
        return game
    if game is not None:
        if game.hilo:
            raise OmahaInputError(f"--high-only contradicts --game {game.name} ({game.title}): give one of them")
        return game
    return game_of_hands(hands, hilo=False)


def note_unused_seed(seed: int | None, exhaustive: bool) -> None:
    """Say on stderr, in one line, that ``--seed`` was given to a run that was exact."""
    if seed is not None and exhaustive:
        sys.stderr.write(f"{PROG}: note: --seed {seed} is not used: the run is exact (every board enumerated)\n")


def method_options(args: argparse.Namespace) -> dict[str, Any]:
    """The options of :func:`add_method_options` and :func:`add_max_work_option` as the
    library's keyword arguments (checked there, once, into its options record)."""
    return {
        "exhaustive": True if args.exact else None,
        "samples": args.samples,
        "stderr_target": args.stderr_target,
        "seed": args.seed,
        "threads": args.threads,
        "max_work": args.max_work,
    }


def add_max_memory_option(parser: argparse.ArgumentParser) -> None:
    """``--max-memory B``: the ``max_memory`` of a run (the API's refusals name this option)."""
    parser.add_argument(
        "--max-memory", type=whole_number(1, "a number of bytes such as 8e9"), metavar="B",
        help="the most memory the run is estimated to need, in bytes, e.g. 8e9 "
        "(default: half the machine's memory); a run estimated above it is refused before it starts",
    )  # fmt: skip


def add_max_work_option(parser: argparse.ArgumentParser) -> None:
    """``--max-work W``: the ``max_work`` of an exact run (the API's refusals name this option)."""
    parser.add_argument(
        "--max-work", type=whole_number(1, "a number of evaluations such as 1e11"), metavar="W",
        help="with --exact, run even when the estimate is above the default limit of about a minute "
        "(3e9 hand evaluations): the most evaluations to allow, e.g. 1e11",
    )  # fmt: skip
