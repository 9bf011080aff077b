"""Command-line interface of omaha8eq: Omaha Hi-Lo equities and hand evaluation.

Usage::

    omaha8eq equity HAND HAND ... [--board B] [--dead D]
                    [--exact | --samples N | --stderr X] [--seed S]
                    [--threads N] [--high-only] [--json]
    omaha8eq eval HAND --board B [--high-only] [--json]
    python -m omaha8eq ...          (the same)

Cards are written rank then suit, glued or separated: ``AsAh2c3d`` or
``"As Ah 2c 3d"`` (quote text with spaces). A HAND of ``random`` is dealt at
random from the remaining cards in every deal.

``equity`` prints one row per hand: its share of the pot (equity), how often it
wins or ties the high and the low, scoops and is quartered, then the method used.
Without ``--exact``/``--samples``/``--stderr`` the library enumerates every board
when that is cheap and runs a Monte Carlo otherwise. ``--stderr`` takes a fraction
of the pot (``0.001``) or a percentage (``0.1%``). ``eval`` prints the best high and
the best 8-or-better low of one hand on a board. ``--json`` prints the results as
JSON instead of text.

Examples::

    omaha8eq equity AsAh2c3d KsKhQdJd --board 4c5d7s
    omaha8eq equity AsAh2c3d random --samples 200000 --seed 7 --json
    omaha8eq eval "As Ah 3d 6s" --board "Ad 8c 5h Ks 2c"

Exit status: 0 on success, 2 for bad input (one line on stderr naming the problem),
130 when interrupted.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import Any, NoReturn

from .. import __version__
from ..cards import format_cards, parse_cards
from ..core.registry import compile_notice, first_use_message
from ..equities import equity
from ..errors import OmahaInputError
from ..evaluation import evaluate
from ..hands import HighHand, LowHand
from ..results import EquityResult
from .progress import ProgressBar

__all__ = ["build_parser", "main"]

PROG = "omaha8eq"
EXIT_OK = 0
EXIT_USAGE = 2
EXIT_INTERRUPTED = 130

EQUITY_COMPILE_NOTICE = first_use_message("equity kernels", 10)
EVAL_COMPILE_NOTICE = first_use_message("evaluation kernel", 5)


class _UsageError(Exception):
    """A command-line usage error, reported as one line with exit status 2."""


class _Parser(argparse.ArgumentParser):
    """An ArgumentParser that raises instead of printing usage and exiting."""

    def error(self, message: str) -> NoReturn:
        raise _UsageError(f"{message} (see '{self.prog} --help')")


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
    return number


def add_method_options(parser: argparse.ArgumentParser, *, exact: str, samples: str) -> None:
    """The options of an equity run: --exact | --samples | --stderr, --seed, --threads,
    --high-only (``exact`` and ``samples`` are their help texts)."""
    method = parser.add_mutually_exclusive_group()
    method.add_argument("--exact", action="store_true", help=exact)
    method.add_argument("--samples", "-n", type=int, metavar="N", help=samples)
    method.add_argument(
        "--stderr", type=_stderr_target, metavar="X", dest="stderr_target",
        help="Monte Carlo until every equity's standard error is at most X "
        "(a fraction of the pot such as 0.001, or a percentage such as 0.1%%)",
    )  # fmt: skip
    parser.add_argument("--seed", type=int, metavar="S", help="Monte Carlo seed (default: random, reported)")
    parser.add_argument("--threads", "-t", type=int, metavar="N", help="threads to use (default: all cores)")
    parser.add_argument("--high-only", action="store_true", help="Omaha high: no low half")


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the ``omaha8eq`` command."""
    parser = _Parser(
        prog=PROG,
        description="Omaha Hi-Lo (8-or-better) equities and hand evaluation.",
        epilog='Cards: rank 2-9 T J Q K A then suit c d h s, e.g. AsAh2c3d or "As Ah 2c 3d".',
    )
    parser.add_argument("--version", action="version", version=f"{PROG} {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)

    eq = commands.add_parser(
        "equity",
        help="each hand's share of the pot, with the hi/lo breakdown",
        description="Each hand's share of the pot at showdown, with the hi/lo breakdown.",
    )
    eq.add_argument(
        "hands", nargs="+", metavar="HAND",
        help="4, 5 or 6 hole cards (e.g. AsAh2c3d), or 'random'; 2 or more hands",
    )  # fmt: skip
    eq.add_argument("--board", "-b", default="", metavar="B", help="0 to 5 known board cards")
    eq.add_argument("--dead", "-d", default="", metavar="D", help="cards known to be out of play")
    add_method_options(eq, exact="enumerate every deal", samples="Monte Carlo with N samples")
    eq.add_argument(
        "--by-hand", type=int, default=0, metavar="N",
        help="for each range, also list its N best hands with their own equity and frequency",
    )  # fmt: skip
    eq.add_argument("--json", action="store_true", help="print the result as JSON")
    eq.set_defaults(run=_run_equity)

    ev = commands.add_parser(
        "eval",
        help="the best high and low of one hand on a board",
        description="The best Omaha high and 8-or-better low of one hand on a board "
        "(exactly 2 hole cards and 3 board cards each).",
    )
    ev.add_argument("hand", metavar="HAND", help='4, 5 or 6 hole cards, e.g. "As Ah 3d 6s"')
    ev.add_argument("--board", "-b", required=True, metavar="B", help="3, 4 or 5 board cards")
    ev.add_argument("--high-only", action="store_true", help="Omaha high: do not evaluate the low")
    ev.add_argument("--json", action="store_true", help="print the result as JSON")
    ev.set_defaults(run=_run_eval)

    from .counterfeit import add_counterfeit_parser  # counterfeit and low-draw odds

    add_counterfeit_parser(commands)

    from .pots import add_commands as add_pot_commands  # settle, allin, potlimit, betting

    add_pot_commands(commands)

    from .ranges import add_range_parser  # count, describe and list a range

    add_range_parser(commands)

    from .bench import add_bench_parser  # measure this machine (and peers)

    add_bench_parser(commands)
    return parser


# ---------------------------------------------------------------------------
# equity
# ---------------------------------------------------------------------------


def _percent(x: float) -> str:
    return f"{100 * x:.2f}"


def _seconds(t: float) -> str:
    return f"{t:.2f}" if t < 10 else f"{t:.1f}"


def _table(header: list[str], rows: list[list[str]]) -> list[str]:
    """Aligned text table: first column left-aligned, the others right-aligned."""
    widths = [max(len(r[i]) for r in [header, *rows]) for i in range(len(header))]
    lines = []
    for row in [header, *rows]:
        cells = [row[0].ljust(widths[0])] + [c.rjust(w) for c, w in zip(row[1:], widths[1:])]
        lines.append("  ".join(cells).rstrip())
    return lines


def format_equity(result: EquityResult, stderr_target: float | None = None, by_hand: int = 0) -> str:
    """The text report of an equity result: the table, then what was computed and how,
    then (``by_hand`` > 0) the best ``by_hand`` hands of each range."""
    monte_carlo = not result.exhaustive
    header = ["Hand", "Equity %"] + (["± s.e."] if monte_carlo else [])
    header += ["Win hi %", "Tie hi %"]
    if result.hilo:
        header += ["Win lo %", "Tie lo %"]
    header += ["Scoop %", "Quarter %"]
    rows = []
    for p in result.players:
        row = [p.hand, _percent(p.equity)]
        if monte_carlo:
            row.append(f"± {_percent(p.equity_stderr)}")
        row += [_percent(p.hi_win), _percent(p.hi_tie)]
        if result.hilo:
            row += [_percent(p.lo_win), _percent(p.lo_tie)]
        row += [_percent(p.scoop), _percent(p.quarter)]
        rows.append(row)
    lines = _table(header, rows)
    lines.append("")
    if result.board:
        lines.append(f"Board: {result.board}")
    if result.dead:
        lines.append(f"Dead: {result.dead}")
    noun = "deals" if any(p.hand == "random" for p in result.players) else "boards"
    if result.hilo:
        lines.append(f"No low: {_percent(result.nobody_low)}% of {noun}")
    if result.exhaustive:
        counted = noun if result.outcomes != 1 else noun[:-1]
        lines.append(f"Exact: enumerated {result.outcomes:,} {counted} in {_seconds(result.elapsed)} s")
    else:
        target = "" if stderr_target is None else f" (standard error target {_percent(stderr_target)}%)"
        lines.append(
            f"Monte Carlo: {result.outcomes:,} samples, seed {result.seed}{target}, in {_seconds(result.elapsed)} s"
        )
    if not result.hilo:
        lines.append("Omaha high")
    for number, p in enumerate(result.players, start=1):
        if p.by_hand and by_hand:
            lines.append("")
            lines.append(
                f"Hand {number} ({p.hand}): the best {min(by_hand, len(p.by_hand))} of {len(p.by_hand):,} hands"
            )
            lines += _table(
                ["Hand", "Equity %", "Dealt %"],
                [[h.hand, _percent(h.equity), _percent(h.frequency)] for h in p.by_hand[:by_hand]],
            )
    return "\n".join(lines)


def _equity_kernels(args: argparse.Namespace) -> list[Any]:
    """The compiled kernels the request will run (both when the library decides)."""
    from ..core.exact_boards import enumerate_deals
    from ..core.exact_multisets import aggregate_showdowns
    from ..core.montecarlo import sample_deals
    from ..core.showdown import best_flushes

    if args.exact:
        return [aggregate_showdowns, enumerate_deals, best_flushes]
    if args.samples is not None or args.stderr_target is not None:
        return [sample_deals, best_flushes]
    return [aggregate_showdowns, enumerate_deals, sample_deals, best_flushes]


def _run_equity(args: argparse.Namespace) -> int:
    bar = ProgressBar()
    try:
        with compile_notice(EQUITY_COMPILE_NOTICE, *_equity_kernels(args)):
            result = equity(
                args.hands,
                args.board,
                args.dead,
                exhaustive=True if args.exact else None,
                samples=args.samples,
                stderr_target=args.stderr_target,
                seed=args.seed,
                hilo=not args.high_only,
                threads=args.threads,
                progress=bar,
                by_hand=args.by_hand > 0,
            )
    finally:
        bar.close()
    if args.json:
        print(json.dumps(result.to_dict(), indent=2))
    else:
        print(format_equity(result, args.stderr_target, args.by_hand))
    return EXIT_OK


# ---------------------------------------------------------------------------
# eval
# ---------------------------------------------------------------------------


def _high_dict(high: HighHand) -> dict[str, Any]:
    return {
        "rank_index": high.rank_index,
        "category": high.category,
        "description": high.describe(),
        "cards": format_cards(high.cards),
        "hole_used": format_cards(high.hole_used),
        "board_used": format_cards(high.board_used),
    }


def _low_dict(low: LowHand | None) -> dict[str, Any] | None:
    if low is None:
        return None
    return {
        "value": low.value,
        "ranks": list(low.ranks),
        "text": str(low),
        "cards": format_cards(low.cards),
        "hole_used": format_cards(low.hole_used),
        "board_used": format_cards(low.board_used),
    }


def _used(hand: HighHand | LowHand) -> str:
    return f"hole {format_cards(hand.hole_used)} + board {format_cards(hand.board_used)}"


def format_eval(high: HighHand, low: LowHand | None, hilo: bool = True) -> str:
    """The text report of an evaluation: the high line, then the low line (if hi-lo)."""
    lines = [f"High: {high.describe()} ({format_cards(high.cards)}) -- {_used(high)}"]
    if hilo:
        if low is None:
            lines.append("Low: none")
        else:
            lines.append(f"Low: {low} ({format_cards(low.cards)}) -- {_used(low)}")
    return "\n".join(lines)


def _run_eval(args: argparse.Namespace) -> int:
    from ..core.batch import evaluate_rows

    hilo = not args.high_only
    with compile_notice(EVAL_COMPILE_NOTICE, evaluate_rows):
        high, low = evaluate(args.hand, args.board, hilo=hilo)
    if args.json:
        document = {
            "hand": format_cards(parse_cards(args.hand, what="hand")),
            "board": format_cards(parse_cards(args.board, what="board")),
            "high": _high_dict(high),
            "low": _low_dict(low),
        }
        print(json.dumps(document, indent=2))
    else:
        print(format_eval(high, low, hilo))
    return EXIT_OK


# ---------------------------------------------------------------------------
# entry point
# ---------------------------------------------------------------------------


def _fail(message: str) -> int:
    """Report an input error as one line on stderr; return the exit status 2."""
    one_line = " ".join(str(message).split())
    print(f"{PROG}: error: {one_line}", file=sys.stderr)
    return EXIT_USAGE


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line ``argv`` (default ``sys.argv[1:]``); return the exit status."""
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except _UsageError as exc:
        return _fail(str(exc))
    except SystemExit as exc:  # --help, --version
        return exc.code if isinstance(exc.code, int) else EXIT_OK
    try:
        return args.run(args)
    except (OmahaInputError, TypeError) as exc:
        return _fail(str(exc))
    except KeyboardInterrupt:
        print(f"{PROG}: interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
