"""The ``omaha8eq bench`` command: measure this machine, optionally against peers.

Usage::

    omaha8eq bench [--quick] [--peers] [--json] [--threads N]
                   [--rows N] [--samples N] [--rounds N]

Prints evaluations per second (4, 5 and 6 hole cards; hi-lo, high only, low only),
the time of an exact heads-up preflop enumeration and Monte Carlo trials per second,
on one thread and on all cores, as the best of several rounds after a warm-up. With
``--peers`` the same work also runs through the other installed packages (``pip
install 'omaha8eq[peers]'``), whose answers are checked against omaha8eq's. See
:mod:`omaha8eq.bench` for what is measured and how.
"""

from __future__ import annotations

import argparse

from ..bench.config import QUICK, BenchConfig, main_config
from .common import EXIT_OK, Subparsers, add_command, emit, emit_json, whole_number
from .startup import loading_engine

__all__ = ["register", "run_bench_command"]


def register(commands: Subparsers) -> None:
    """Add the ``bench`` subcommand to the CLI's subparsers."""
    default, quick = BenchConfig(), QUICK
    b = add_command(
        commands,
        "bench",
        help="measure this machine (and installed peers with --peers)",
        description="Measure omaha8eq on this machine: evaluate_batch rows per second, exact "
        "heads-up preflop time and Monte Carlo trials per second, on one thread and on all "
        "cores (best of several rounds, compile not timed). With --peers, the same work "
        "through the other installed packages, with ratios and agreement checks.",
        examples=[
            "omaha8eq bench --quick",
            "omaha8eq bench --quick --peers",
            "omaha8eq bench --rows 200000 --threads 2 --json",
        ],
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
        "--threads", "-t", type=whole_number(1, "a positive integer"), metavar="N",
        help="threads of the 'all cores' column (default: all cores)",
    )  # fmt: skip
    b.add_argument(
        "--rows", type=whole_number(1, "a positive integer"), metavar="N",
        help=f"rows per evaluate_batch call (default {default.rows:,})",
    )  # fmt: skip
    b.add_argument(
        "--samples", type=whole_number(1, "a positive integer"), metavar="N",
        help=f"Monte Carlo trials per equity call (default {default.samples:,})",
    )  # fmt: skip
    b.add_argument(
        "--rounds", type=whole_number(1, "a positive integer"), metavar="N",
        help=f"timed rounds of each measurement, the best kept (default {default.rounds})",
    )  # fmt: skip
    b.set_defaults(run=run_bench_command)


def run_bench_command(args: argparse.Namespace) -> int:
    """Run ``omaha8eq bench``; input errors propagate to the CLI's handler."""
    with loading_engine():
        from ..bench.report import format_bench
        from ..bench.run import run_bench
        from ..core.registry import compile_notice_for  # the core loads numba

    config = main_config(
        args.quick, rows=args.rows, samples=args.samples, rounds=args.rounds,
        threads=args.threads, peers=args.peers,
    )  # fmt: skip
    with compile_notice_for("bench"):
        report = run_bench(config)
    if args.json:
        emit_json(report.to_dict())
    else:
        emit(format_bench(report))
    return EXIT_OK
