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
from .common import Arg, Command, print_result
from .options import json_option, whole_number
from .startup import loading_engine

__all__ = ["COMMANDS", "run_bench_command"]


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
    return print_result(args, report, format_bench)


#: The default and the quick measurement, whose sizes the options' help quotes.
_DEFAULT, _QUICK = BenchConfig(), QUICK
#: The type of the options that size the measurement.
_COUNT = whole_number(1, "a positive integer")

COMMANDS = (
    Command(
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
        options=[
            Arg("--quick", action="store_true",
                help=f"less work: {_QUICK.rows:,} rows, {_QUICK.samples:,} trials, best of {_QUICK.rounds}"),
            Arg("--peers", action="store_true",
                help="also run pokerkit, phevaluator, clubs and poker-equity where installed"),
            json_option("print the results as JSON"),
            Arg("--threads", "-t", type=_COUNT, metavar="N",
                help="threads of the 'all cores' column (default: all cores)"),
            Arg("--rows", type=_COUNT, metavar="N", help=f"rows per evaluate_batch call (default {_DEFAULT.rows:,})"),
            Arg("--samples", type=_COUNT, metavar="N",
                help=f"Monte Carlo trials per equity call (default {_DEFAULT.samples:,})"),
            Arg("--rounds", type=_COUNT, metavar="N",
                help=f"timed rounds of each measurement, the best kept (default {_DEFAULT.rounds})"),
        ],
        run=run_bench_command,
    ),
)  # fmt: skip
