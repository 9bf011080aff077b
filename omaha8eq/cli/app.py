"""Command-line interface of omaha8eq: Omaha Hi-Lo equities, hand evaluation, pots and ranges.

Usage::

    omaha8eq COMMAND ...            (omaha8eq --help lists the commands)
    python -m omaha8eq COMMAND ...  (the same)

Each command lives in its own module of this package (``equity``, ``evaluate``,
``counterfeit``, ``pots``, ``betting``, ``ranges``, ``table``, ``bench``, ``batch``,
``serve``, ``help``) and declares it as data (its ``COMMANDS``, each a
:class:`~omaha8eq.cli.common.Command`); this module builds the parser from them and
dispatches. A run imports only the module of its command (``--help`` and unknown
commands: all of them), and a command imports the numerical engine only when it runs,
so ``--help`` and the light commands start fast.

Cards are written rank then suit, glued or separated: ``AsAh2c3d`` or
``"As Ah 2c 3d"`` (quote text with spaces). Examples::

    omaha8eq equity AsAh2c3d KsKhQdJd --board 4c5d7s
    omaha8eq equity AsAh2c3d random --samples 200000 --seed 7 --json
    omaha8eq eval "As Ah 3d 6s" --board "Ad 8c 5h Ks 2c"

``omaha8eq`` alone prints the help (exit status 0). Exit status: 0 on success; 1
when the output cannot be written (a closed pipe, silently, or a write error such
as a full disk, in one line on stderr); 2 for bad input (one line on stderr naming
the problem, with a hint for the usual shell mistakes; with ``--json`` also a JSON
object ``{"error": "..."}`` on stdout); 130 when interrupted.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import os
import sys
from collections.abc import Sequence

from .. import __version__
from ..errors import OmahaInputError
from .common import (
    EXIT_OK,
    EXIT_WRITE_ERROR,
    PROG,
    HelpFormatter,
    OutputError,
    Parser,
    UsageError,
    add_command,
    emit_json,
    fail,
    one_line,
    report_interrupted,
)
from .compile_status import CompileStatus
from .hints import shell_hint
from .startup import skip_final_collection

__all__ = ["build_parser", "main"]

#: Every command, in the order ``--help`` lists them, and the module of this package that declares it.
COMMANDS = {
    "equity": "equity",
    "eval": "evaluate",
    "counterfeit": "counterfeit",
    "explore": "explore",
    "solve": "solve",
    "settle": "pots",
    "allin": "pots",
    "potlimit": "betting",
    "betting": "betting",
    "range": "ranges",
    "table": "table",
    "query": "query",
    "batch": "batch",
    "hands": "hands",
    "bench": "bench",
    "serve": "serve",
    "help": "help",
    "warmup": "warmup",
}


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The argument parser of the ``omaha8eq`` command: every command, or only
    ``command`` (a key of :data:`COMMANDS`; its module's other commands come along)."""
    parser = Parser(
        prog=PROG,
        description="Omaha Hi-Lo (8-or-better) equities and hand evaluation.",
        epilog='Cards: rank 2-9 T J Q K A then suit c d h s, e.g. AsAh2c3d or "As Ah 2c 3d".\n\n'
        f"'{PROG} COMMAND --help' describes a command, with examples.",
        formatter_class=HelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"{PROG} {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    modules = dict.fromkeys(COMMANDS.values()) if command is None else [COMMANDS[command]]
    for module in modules:
        for declared in importlib.import_module(f".{module}", __package__).COMMANDS:
            add_command(commands, declared)
    return parser


def _input_error(message: str, argv: Sequence[str], json_output: bool) -> int:
    """Report bad input: one line on stderr (with a hint when the shell is the likely
    culprit) and, for ``--json``, the same as ``{"error": ...}`` on stdout."""
    hint = shell_hint(argv)
    if hint:
        message = f"{message} ({hint})"
    if json_output:
        with contextlib.suppress(OutputError):  # the line on stderr still says what went wrong
            emit_json({"error": one_line(message)}, indent=None)
    return fail(message)


def _output_failed(exc: OutputError) -> int:
    """A write to stdout failed: say so in one line unless the reader closed the pipe,
    and send what is still buffered nowhere, so that exiting does not fail again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):  # stdout is not a file descriptor (a test's capture)
        pass
    if not isinstance(exc.__cause__, BrokenPipeError):
        print(f"{PROG}: error: cannot write the output: {exc}", file=sys.stderr)
    return EXIT_WRITE_ERROR


def _parse(parser: argparse.ArgumentParser, argv: list[str]) -> argparse.Namespace:
    """``parser.parse_args``; a failed write of ``--help`` raises :class:`OutputError`."""
    try:
        return parser.parse_args(argv)
    except OSError as exc:
        raise OutputError(str(exc)) from exc


def _flush_stdout() -> None:
    try:
        sys.stdout.flush()
    except OSError as exc:  # buffered output meets a full disk or a closed pipe
        raise OutputError(str(exc)) from exc


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line ``argv`` (default ``sys.argv[1:]``); return the exit status."""
    skip_final_collection()
    argv = list(sys.argv[1:] if argv is None else argv)
    # The command is the first word that is not an option (the top-level options take no value).
    command = next((arg for arg in argv if not arg.startswith("-")), None)
    parser = build_parser(command if command in COMMANDS else None)
    try:
        try:
            args = _parse(parser, argv or ["--help"])  # the bare command shows the help
        except UsageError as exc:
            return _input_error(str(exc), argv, "--json" in argv)
        except SystemExit as exc:  # --help, --version
            _flush_stdout()
            return exc.code if isinstance(exc.code, int) else EXIT_OK
        try:
            with CompileStatus():  # every command: any may compile a kernel for first use
                status: int = args.run(args)
        except OmahaInputError as exc:
            return _input_error(str(exc), argv, getattr(args, "json", False))
        _flush_stdout()
    except OutputError as exc:
        return _output_failed(exc)
    except KeyboardInterrupt:
        return report_interrupted()
    return status
