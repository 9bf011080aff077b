"""The ``omaha8eq batch`` command: many spots in one process, JSON Lines in and out.

Usage::

    omaha8eq batch < spots.jsonl > answers.jsonl

Each line of standard input is a query of the query language (a line starting with
``select``: :func:`omaha8eq.query`, seeded like any other call by giving the JSON form
``{"command": "query", "text": "select ...", "seed": 1}``) or a JSON object:
``"command"`` (``"equity"``, the default, ``"equity_many"``, ``"spot_equities"``,
``"boards"``, ``"eval"``, ``"counterfeit"`` or ``"query"``) and the keyword arguments of
that Python function (:func:`omaha8eq.equity`, :func:`omaha8eq.equity_many`,
:func:`omaha8eq.spot_equities`, :func:`omaha8eq.boards_equity`, :func:`omaha8eq.evaluate`,
:func:`omaha8eq.counterfeit_odds`, :func:`omaha8eq.query`), for example::

    {"hands": ["AsAh2c3d", "KsKhQdJd"], "board": "4c5d7s"}
    {"command": "equity_many", "spots": [[["AsAh2c3d", "KsKhQdJd"], "4c5d7s"], [["AsAh2c3d", "KsKhQdJd"], "Ac8c5h"]]}
    {"command": "boards", "hands": ["AsAh2c3d", "KsKhQdJd"], "boards": ["4c5d7s", "Kc Qs 9h"]}
    {"command": "boards", "hands": ["AsAh2c3d", "KsKhQdJd"], "boards": "4c5d7s", "runs": 2}
    {"command": "eval", "hole": "AsAh3d6s", "board": "Ad8c5hKs2c"}
    {"command": "counterfeit", "hand": "As2cKhKd", "board": "4d6h8s"}

Each input line gets one output line, in order: the result's JSON (``to_dict()``;
``{"results": [...]}`` for ``equity_many``, whose spots of known hands share the
kernel calls; for ``spot_equities`` the arrays of ``SpotEquities.to_dict()``, one list
per figure; for ``eval`` the document of ``omaha8eq eval --json``) or
``{"error": "..."}``. A
bad line (not JSON, an unknown command or key, a missing or mistyped argument, bad
cards) does not stop the others. Blank lines are skipped. A script pays the start-up
(and the kernels' load) once instead of once per spot. Exit status: 0 when every
line was answered, 2 when at least one line was an error.
"""

from __future__ import annotations

import argparse
import inspect
import json
import sys
from collections.abc import Callable, Iterable
from typing import Any

from ..checks import EXCERPT_LENGTH, excerpt
from ..errors import OmahaInputError
from .common import EXIT_OK, EXIT_USAGE, Command, emit
from .startup import loading_engine

__all__ = ["COMMANDS", "answer", "run_batch"]

#: Arguments a JSON line cannot give (a callback).
_NOT_FROM_JSON = frozenset({"progress"})


def _commands() -> dict[str, tuple[Callable[..., Any], Callable[[dict[str, Any], Any], dict[str, Any]]]]:
    """Command name -> (the library function, how its result becomes JSON)."""
    from ..boards import boards_equity
    from ..counterfeit import counterfeit_odds
    from ..equities import equity, equity_many, spot_equities
    from ..evaluation import evaluate
    from ..games import as_game, game_of_hands
    from ..pql import query
    from ..present.documents import eval_document

    def eval_json(arguments: dict[str, Any], result: Any) -> dict[str, Any]:
        high, low = result
        game = arguments.get("game")
        hilo = arguments.get("hilo") is not False  # the deprecated flag, when the line still gives it
        played = game_of_hands([arguments["hole"]], hilo) if game is None else as_game(game)
        return eval_document(arguments["hole"], arguments["board"], high, low, played.name)

    return {
        "equity": (equity, lambda arguments, result: result.to_dict()),
        "equity_many": (equity_many, lambda arguments, results: {"results": [r.to_dict() for r in results]}),
        "spot_equities": (spot_equities, lambda arguments, table: table.to_dict()),
        "eval": (evaluate, eval_json),
        "counterfeit": (counterfeit_odds, lambda arguments, result: result.to_dict()),
        "boards": (boards_equity, lambda arguments, result: result.to_dict()),
        "query": (query, lambda arguments, result: result.to_dict()),
    }


def _shown(value: Any) -> str:
    """A JSON value as the line wrote it, cut to an excerpt for a message."""
    text = json.dumps(value)
    return text if len(text) <= EXCERPT_LENGTH else text[: EXCERPT_LENGTH - 3] + "..."


def _check_type(name: str, annotation: str, value: Any) -> None:
    """Reject a JSON value of the wrong type for a flag or a number (the compiled
    kernels must never see one); cards, hands and ranges are checked by the library."""
    optional = annotation.endswith("| None")
    if value is None and optional:
        return
    base = annotation.removesuffix("| None").strip()
    expected = {"bool": (bool,), "int": (int,), "float": (int, float)}.get(base)
    if expected is None:
        return
    if not isinstance(value, expected) or (base != "bool" and isinstance(value, bool)):
        kind = {"bool": "true or false", "int": "an integer", "float": "a number"}[base]
        raise OmahaInputError(f"{name}: expected {kind}{' or null' if optional else ''}, got {_shown(value)}")


def _arguments(command: str, function: Callable[..., Any], request: dict[str, Any]) -> dict[str, Any]:
    """The keyword arguments of ``request`` for ``function``, checked: no unknown or missing key."""
    parameters = {name: p for name, p in inspect.signature(function).parameters.items() if name not in _NOT_FROM_JSON}
    if "players" in request and "hands" in parameters:  # the web API's name for the hands: an alias
        if "hands" in request:
            raise OmahaInputError(f"{command}: give the hands once, as 'hands' (or its alias 'players'), not both")
        request = {("hands" if name == "players" else name): value for name, value in request.items()}
    unknown = sorted(set(request) - set(parameters))
    if unknown:
        raise OmahaInputError(
            f"{command}: unknown key{'s' if len(unknown) > 1 else ''} {', '.join(map(excerpt, unknown[:5]))} "
            f"(known: command, {', '.join(parameters)})"
        )
    missing = [name for name, p in parameters.items() if p.default is p.empty and name not in request]
    if missing:
        raise OmahaInputError(
            f"{command}: missing key{'s' if len(missing) > 1 else ''} {', '.join(map(repr, missing))}"
        )
    for name, value in request.items():
        _check_type(name, str(parameters[name].annotation), value)
    return request


def answer(line: str) -> dict[str, Any]:
    """The JSON answer to one input line: the result's document, or ``{"error": ...}``.

    A line that starts with ``select`` is a query (``{"command": "query", "text": line}``)."""
    if line.lstrip()[:6].lower() == "select":
        line = json.dumps({"command": "query", "text": line.strip()})
    try:
        request = json.loads(line)
    except json.JSONDecodeError as exc:
        return {"error": f"not a JSON object: {exc}"}
    except RecursionError:
        return {"error": "not a JSON object: nested too deeply"}
    except ValueError:  # an integer of more digits than Python converts (4,300 by default)
        return {"error": f"not a JSON object: a number has more than {sys.get_int_max_str_digits():,} digits"}
    if not isinstance(request, dict):
        return {"error": f"expected a JSON object, got {type(request).__name__}"}
    commands = _commands()
    command = request.pop("command", "equity")
    if not isinstance(command, str) or command not in commands:
        return {"error": f"command: expected one of {', '.join(map(repr, commands))}, got {_shown(command)}"}
    function, to_json = commands[command]
    try:
        arguments = _arguments(command, function, request)
        return to_json(arguments, function(**arguments))
    except OmahaInputError as exc:
        return {"error": " ".join(str(exc).split())}


def _answer_safely(line: str) -> dict[str, Any]:
    """:func:`answer`, or an error line for a failure no check foresaw: one line must
    never stop the later ones (Ctrl-C still does)."""
    try:
        return answer(line)
    except RecursionError:
        return {"error": "the line is nested too deeply"}
    except Exception as exc:
        return {"error": f"internal error ({type(exc).__name__}: {excerpt(str(exc))}); please report this line"}


def answer_lines(lines: Iterable[str]) -> int:
    """Answer each non-blank line on stdout as it comes; return the exit status."""
    status = EXIT_OK
    for line in lines:
        if not line.strip():
            continue
        document = _answer_safely(line)
        if "error" in document and len(document) == 1:
            status = EXIT_USAGE
        emit(json.dumps(document))
        sys.stdout.flush()  # a co-process reads each answer before writing the next spot
    return status


def run_batch(args: argparse.Namespace) -> int:
    """Run ``omaha8eq batch`` on standard input."""
    with loading_engine():
        from ..core.registry import compile_notice_for  # the core loads numba

        notice = compile_notice_for("evaluation", "equity")  # imports the kernels
    with notice:
        return answer_lines(sys.stdin)


COMMANDS = (
    Command(
        "batch",
        help="answer JSON Lines from stdin: equity, equity_many, spot_equities, boards, eval, counterfeit",
        description='Read JSON Lines on standard input, each an object with "command" (equity by '
        "default, equity_many, spot_equities, boards, eval or counterfeit) and that Python function's keyword "
        "arguments, and write one "
        'JSON line per input line: the result, or {"error": "..."}. A bad line does not stop the '
        "others; blank lines are skipped. Exit status 2 when any line was an error.",
        examples=[
            """echo '{"hands": ["AsAh2c3d", "KsKhQdJd"], "board": "4c5d7s"}' | omaha8eq batch""",
            """echo '{"command": "equity_many", "spots": [[["AsAh2c3d", "KsKhQdJd"], "4c5d7s"]]}' | omaha8eq batch""",
            """echo '{"command": "spot_equities", "spots": [[["AsAh2c3d", "KsKhQdJd"], "4c5d7s"]]}' | omaha8eq batch""",
            """echo '{"command": "eval", "hole": "AsAh3d6s", "board": "Ad8c5hKs2c"}' | omaha8eq batch""",
            "omaha8eq batch < spots.jsonl > answers.jsonl",
        ],
        options=[],
        run=run_batch,
    ),
)
