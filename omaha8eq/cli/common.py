"""What the commands of the ``omaha8eq`` command line share.

The exit statuses, a command as data (:class:`Command`, its options :class:`Arg` rows)
and how it becomes a subparser, the parser class that turns usage errors into
exceptions, the help layout, the output and failure printers (:func:`print_result`
prints a result as JSON or as text) and the text-table and percentage formatting of
several reports. The options several commands share are in :mod:`omaha8eq.cli.options`.
This module imports nothing heavy: the parser (and ``--help``) is built without loading
numpy or numba.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import textwrap
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NoReturn, TypeVar

from ..present.text import percent, seconds, table

if TYPE_CHECKING:
    from _typeshed import SupportsWrite

    # The subparsers object of argparse (a private class, used for annotations only).
    Subparsers = argparse._SubParsersAction["Parser"]
else:
    Subparsers = Any

__all__ = [
    "EXIT_INTERRUPTED",
    "EXIT_OK",
    "EXIT_USAGE",
    "EXIT_WRITE_ERROR",
    "PROG",
    "RANGE_SYNTAX_POINTER",
    "Arg",
    "Command",
    "HelpFormatter",
    "OneOf",
    "OutputError",
    "Parser",
    "UsageError",
    "add_command",
    "emit",
    "emit_json",
    "fail",
    "one_line",
    "percent",
    "print_result",
    "report_interrupted",
    "seconds",
    "table",
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


Result = TypeVar("Result")


def _to_dict(result: Any) -> object:
    """The JSON document of a library result (every result class has ``to_dict``)."""
    return result.to_dict()


def print_result(
    args: argparse.Namespace,
    result: Result,
    text: Callable[[Result], str] = str,
    document: Callable[[Result], object] = _to_dict,
) -> int:
    """Print ``result`` on stdout, as the command's ``--json`` asks: the JSON of
    ``document(result)`` (by default ``result.to_dict()``), else ``text(result)``; only
    the form printed is made. Returns EXIT_OK; a failed write raises :class:`OutputError`."""
    if args.json:
        emit_json(document(result))
    else:
        emit(text(result))
    return EXIT_OK


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


class Arg:
    """One option or positional argument of a command: ``Arg(*flags, **settings)`` is
    ``parser.add_argument(*flags, **settings)``, kept as data until the parser is built."""

    def __init__(self, *flags: str, **settings: Any) -> None:
        self.flags = flags
        self.settings = settings

    def add_to(self, parser: argparse.ArgumentParser | argparse._MutuallyExclusiveGroup) -> None:
        parser.add_argument(*self.flags, **self.settings)


class OneOf:
    """Options of which a command line may give one at most (a mutually exclusive group)."""

    def __init__(self, *options: Arg) -> None:
        self.options = options

    def add_to(self, parser: argparse.ArgumentParser) -> None:
        group = parser.add_mutually_exclusive_group()
        for option in self.options:
            option.add_to(group)


@dataclass(frozen=True)
class Command:
    """A command of the command line, as data: its ``name``; the one-line ``help`` of the
    command list; the ``description`` and the command lines of ``examples`` of its
    ``--help`` (which, when it ``takes_range``, ends with where to read the range syntax);
    its ``options`` in the order ``--help`` lists them; and ``run``, which runs the parsed
    arguments and returns the exit status (input errors raise ``OmahaInputError``)."""

    name: str
    help: str
    description: str
    examples: Sequence[str]
    options: Sequence[Arg | OneOf]
    run: Callable[[argparse.Namespace], int]
    takes_range: bool = False


def add_command(commands: Subparsers, command: Command) -> None:
    """Add ``command`` to the subparsers ``commands``."""
    epilog = "examples:\n\n" + "\n".join(f"  {example}" for example in command.examples)
    if command.takes_range:
        epilog += "\n\n" + RANGE_SYNTAX_POINTER
    parser = commands.add_parser(
        command.name,
        help=command.help,
        description=command.description,
        epilog=epilog,
        formatter_class=HelpFormatter,
    )
    for option in command.options:
        option.add_to(parser)
    parser.set_defaults(run=command.run)


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
