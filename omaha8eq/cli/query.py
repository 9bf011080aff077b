"""The ``omaha8eq query`` command: ask a question in the query language (PQL).

Usage::

    omaha8eq query "select ... from ... [where ...]" [--exact | --samples N | --stderr X]
                   [--seed S] [--threads N] [--max-work W] [--max-memory B] [--json] [--graph FILE.png]
    omaha8eq query -f FILE        (the query read from a file; - or no query: stdin)
    omaha8eq query --functions    (the table of functions)

A syntax error prints the error line, then the query line and a caret under the place
(exit status 2). A warning of the query (a player declared and never named, whose name
is close to one named) is a line on stderr; the answer is printed as usual. Histograms
are drawn as text bars; ``--graph`` draws them with
matplotlib (``pip install 'omaha8eq[plot]'``).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from ..errors import OmahaInputError
from .common import EXIT_OK, PROG, Arg, Command, OneOf, emit, emit_json, fail, print_result
from .options import MAX_MEMORY, MAX_WORK, json_option
from .startup import loading_engine

if TYPE_CHECKING:
    from ..pql.result import QueryResult

__all__ = ["COMMANDS", "run_query"]

#: The longest query file read (bytes): a query is a few lines.
MAX_FILE_BYTES = 100_000


def _read_query(args: argparse.Namespace) -> str:
    if args.file is not None and args.text is not None:
        raise OmahaInputError("query: give the query as text or with --file, not both")
    if args.file is not None:
        path = Path(args.file)
        try:
            data = path.read_bytes()[: MAX_FILE_BYTES + 1] if args.file != "-" else sys.stdin.read().encode()
        except OSError as exc:
            raise OmahaInputError(f"--file: cannot read {args.file!r}: {exc.strerror}") from None
        if len(data) > MAX_FILE_BYTES:
            raise OmahaInputError(
                f"--file: {args.file!r} is larger than {MAX_FILE_BYTES:,} bytes; a query is a few lines"
            )
        try:
            return data.decode("utf-8")
        except UnicodeDecodeError:
            raise OmahaInputError(f"--file: {args.file!r} is not UTF-8 text") from None
    if args.text is None or args.text == "-":
        return sys.stdin.read(MAX_FILE_BYTES + 1)
    return str(args.text)


def _report(message: str, json_output: bool) -> int:
    """An error with a caret: the first line through ``fail``, the query and caret lines after it."""
    first, _, rest = message.partition("\n")
    if json_output:
        emit_json({"error": " ".join(first.split())}, indent=None)
    status = fail(first)
    if rest:
        print(rest, file=sys.stderr)
    return status


def run_query(args: argparse.Namespace) -> int:
    """Run ``omaha8eq query``; input errors propagate to the CLI's handler, except the
    query's own (their caret takes more than one line)."""
    if args.functions:
        from ..pql.functions import render_table

        emit(render_table().rstrip("\n"))
        return EXIT_OK
    if args.graph is not None:
        from .equity_graph import check_graph_support

        check_graph_support(args.graph)
    text = _read_query(args)
    with loading_engine():
        from ..pql import QueryError, query
        from .progress import ProgressBar

    bar = ProgressBar()
    try:
        result = query(
            text,
            exhaustive=True if args.exact else None,
            samples=args.samples,
            stderr_target=args.stderr_target,
            seed=args.seed,
            threads=args.threads,
            max_work=args.max_work if args.max_work is not None else _default_max_work(),
            max_memory=args.max_memory,
            progress=bar,
        )
    except QueryError as exc:
        return _report(str(exc), args.json)
    finally:
        bar.close()
    for warning in result.warnings:
        print(f"{PROG}: warning: {warning}", file=sys.stderr)
    if args.graph is not None:
        drawn = _draw_histograms(result, args.graph)
        if not drawn:
            print(f"{PROG}: --graph: the query selects no histogram; no file written", file=sys.stderr)
    return print_result(args, result)


def _default_max_work() -> int:
    from ..pql.run import QUERY

    return QUERY.max_work


def _draw_histograms(result: QueryResult, path: str) -> int:
    """Draw each histogram of ``result`` as bars into ``path``; return how many were drawn."""
    histograms = [s for s in result.selectors if s.buckets]
    if not histograms:
        return 0
    from matplotlib.figure import Figure  # no pyplot: no backend or global state

    figure = Figure(figsize=(8, 3.5 * len(histograms)), layout="constrained")
    for i, selector in enumerate(histograms, 1):
        axes = figure.add_subplot(len(histograms), 1, i)
        buckets = selector.buckets or ()
        axes.bar([b.label for b in buckets], [100 * b.share for b in buckets])
        axes.set_ylabel("% of the deals")
        axes.set_title(f"{selector.name} ({'exact' if result.exact else f'{result.trials:,} trials'})")
        axes.tick_params(axis="x", labelrotation=45)
    figure.savefig(path)
    return len(histograms)


COMMANDS = (
    Command(
        "query",
        help="ask a question in the query language (PQL for Omaha Hi-Lo)",
        description="Run a query: select avg/count/max/min/histogram(expr) [as name], ... "
        "from game='omaha8', hero='A2**', villain='15%', board='...', dead='...' [where expr]. "
        "Exact when the enumeration is small, seeded Monte Carlo otherwise. "
        "'omaha8eq query --functions' lists the functions.",
        examples=[
            "omaha8eq query \"select avg(riverEquity(hero)) from hero='AsAh2c3d', villain='KsKhQdJd', "
            "board='Ac8c5h9d'\"",
            "omaha8eq query \"select count(tiesLo(hero)) from hero='A2**', villain1='15%', villain2='15%' "
            'where nutLo(hero, river)" --seed 1',
            "omaha8eq query -f question.pql --json",
        ],
        options=[
            Arg("text", nargs="?", metavar="QUERY", help="the query (- or nothing: read standard input)"),
            Arg("--file", "-f", metavar="FILE", help="read the query from FILE"),
            # Not options.method_options: a query's counts are plain integers, its target a plain number.
            OneOf(
                Arg("--exact", action="store_true", help="enumerate every deal (refused above --max-work)"),
                Arg("--samples", "-n", type=int, metavar="N", help="Monte Carlo trials (default 600,000)"),
                Arg("--stderr", type=float, metavar="X", dest="stderr_target",
                    help="sample until every count/avg standard error is at most X (e.g. 0.001)"),
            ),
            Arg("--seed", type=int, metavar="S", help="Monte Carlo seed (default: random, reported)"),
            Arg("--threads", "-t", type=int, metavar="N", help="threads to use (default: all cores)"),
            MAX_WORK,
            MAX_MEMORY,
            json_option(),
            Arg("--graph", metavar="FILE", help="draw the histograms into FILE (.png, .svg or .pdf; needs matplotlib)"),
            Arg("--functions", action="store_true", help="list the functions and exit"),
        ],
        run=run_query,
    ),
)  # fmt: skip
