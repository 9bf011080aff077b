"""The ``omaha8eq bench`` command: measure this machine, optionally against peers.

Usage::

    omaha8eq bench [--quick] [--peers] [--json] [--threads N]
                   [--rows N] [--samples N] [--rounds N]

Prints evaluations per second (4, 5 and 6 hole cards; hi-lo, high only, low only),
the time of an exact heads-up preflop enumeration and Monte Carlo trials per second,
on one thread and on all cores, as the best of several rounds after a warm-up. With
``--peers`` the same work also runs through the other installed packages (``pip
install 'omaha8eq[peers]'``), whose answers are checked against omaha8eq's. See
:mod:`omaha8eq.bench.run` for what is measured and how.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from ..bench.run import QUICK, BenchConfig, format_bench, main_config, run_bench
from ..core.registry import compile_notice_for

__all__ = ["add_bench_parser", "run_bench_command"]


def _positive(text: str) -> int:
    try:
        value = int(text.replace("_", "").replace(",", ""))
    except ValueError:
        raise argparse.ArgumentTypeError(f"invalid value {text!r}: expected a positive integer") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"invalid value {text!r}: expected a positive integer")
    return value


def add_bench_parser(commands: Any) -> None:
    """Register the ``bench`` subcommand on the CLI's subparsers."""
    default, quick = BenchConfig(), QUICK
    b = commands.add_parser(
        "bench",
        help="measure this machine (and installed peers with --peers)",
        description="Measure omaha8eq on this machine: evaluate_batch rows per second, exact "
        "heads-up preflop time and Monte Carlo trials per second, on one thread and on all "
        "cores (best of several rounds, compile not timed). With --peers, the same work "
        "through the other installed packages, with ratios and agreement checks.",
    )
    b.add_argument(
        "--quick", action="store_true",
        help=f"less work: {quick.rows:,} rows, {quick.samples:,} trials, best of {quick.rounds}",
    )  # fmt: skip
    b.add_argument(
        "--peers", action="store_true",
        help="also run pokerkit, phevaluator, clubs and poker-equity where installed",
    )  # fmt: skip
    b.add_argument("--json", action="store_true", help="print the results as JSON")
    b.add_argument(
        "--threads", "-t", type=_positive, metavar="N",
        help="threads of the 'all cores' column (default: all cores)",
    )  # fmt: skip
    b.add_argument(
        "--rows", type=_positive, metavar="N",
        help=f"rows per evaluate_batch call (default {default.rows:,})",
    )  # fmt: skip
    b.add_argument(
        "--samples", type=_positive, metavar="N",
        help=f"Monte Carlo trials per equity call (default {default.samples:,})",
    )  # fmt: skip
    b.add_argument(
        "--rounds", type=_positive, metavar="N",
        help=f"timed rounds of each measurement, the best kept (default {default.rounds})",
    )  # fmt: skip
    b.set_defaults(run=run_bench_command)


def run_bench_command(args: argparse.Namespace) -> int:
    """Run ``omaha8eq bench``; input errors propagate to the CLI's handler."""
    config = main_config(
        args.quick, rows=args.rows, samples=args.samples, rounds=args.rounds,
        threads=args.threads, peers=args.peers,
    )  # fmt: skip
    with compile_notice_for("bench"):
        report = run_bench(config)
    if args.json:
        print(json.dumps(report.to_dict(), indent=2))
    else:
        print(format_bench(report))
    sys.stdout.flush()
    return 0
