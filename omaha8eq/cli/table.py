"""The ``omaha8eq table preflop`` command: every starting-hand class's equity, on Dask.

Usage::

    omaha8eq table preflop --hole-size 4|5|6 --out FILE.npz [--players N]
                           [--samples N] [--seed S] [--high-only]
                           [--scheduler local|ADDRESS] [--workers N] [--threads-per-worker N]
                           [--chunk N]

Heads-up (the default) the table is exact against one random hand; with
``--players N`` it is seeded Monte Carlo against N - 1 random hands. The job runs
on a Dask cluster (a LocalCluster unless ``--scheduler`` or DASK_SCHEDULER_ADDRESS
names one), saving each finished task in ``FILE.npz.parts``: run the same command
again to continue after an interruption. Writes FILE.npz and FILE.csv (see
:mod:`omaha8eq.distributed.table_file`).
"""

from __future__ import annotations

import argparse

from ..deck import HOLE_SIZES
from .cluster import cluster_client, cluster_options
from .common import EXIT_OK, Arg, Command, OutputError, emit, seconds
from .options import whole_number
from .progress import ProgressBar

__all__ = ["COMMANDS", "run_table"]


def run_table(args: argparse.Namespace) -> int:
    """Run ``omaha8eq table preflop``; input errors propagate to the CLI's handler."""
    import time

    from ..distributed import checkpoint_path, run_job
    from ..distributed.preflop_table import table_from_counts, table_job
    from ..distributed.table_file import check_table_path, write_table

    started = time.perf_counter()
    out = check_table_path(args.out)
    job = table_job(
        args.hole_size, args.players, samples=args.samples, seed=args.seed, hilo=not args.high_only, chunk=args.chunk
    )
    parts = checkpoint_path(out)
    with ProgressBar("items") as bar, cluster_client(args, address=args.scheduler) as client:
        counts = run_job(job, client=client, checkpoint=parts, progress=bar)["counts"]
    try:
        npz, csv = write_table(table_from_counts(job, counts), out)
    except OSError as exc:  # a full disk: one line, exit 1; the checkpoint keeps the counts for a retry
        raise OutputError(f"{out}: {exc.strerror or exc}") from exc
    emit(f"Wrote {npz} and {csv}: {len(counts):,} classes, {job.label}, in {seconds(time.perf_counter() - started)} s")
    return EXIT_OK


COMMANDS = (
    Command(
        "table",
        help="build the preflop table of every starting-hand class (distributed, resumable)",
        description="Every starting-hand suit class with its hi-lo equity and breakdown (scoop, quarter, win "
        "high, win low, no low): exact against one random hand, seeded Monte Carlo against several. The job "
        "runs on Dask (pip install 'omaha8eq[distributed]'); finished tasks are kept in FILE.npz.parts, so "
        "running the same command again continues an interrupted build.",
        examples=[
            "omaha8eq table preflop --hole-size 4 --out preflop4.npz",
            "omaha8eq table preflop --hole-size 4 --players 3 --samples 100000 --seed 1 --out p4x3.npz",
            "omaha8eq table preflop --hole-size 5 --scheduler tcp://10.0.0.5:8786 --out preflop5.npz",
        ],
        options=[
            Arg("what", choices=["preflop"], help="the table to build"),
            Arg("--hole-size", type=int, choices=HOLE_SIZES, required=True, help="hole cards: 4, 5 or 6"),
            Arg("--out", required=True, metavar="FILE.npz", help="the table file (the CSV goes beside it)"),
            Arg("--players", type=whole_number(2), default=2, metavar="N",
                help="players at showdown (default 2: exact against one random hand; more: Monte Carlo)"),
            Arg("--samples", "-n", type=whole_number(2), metavar="N",
                help="3+ players: deals per class (default 100,000)"),
            Arg("--seed", type=whole_number(0), default=0, metavar="S", help="3+ players: seed (default 0)"),
            Arg("--high-only", action="store_true", help="Omaha high: no low half"),
            Arg("--chunk", type=whole_number(1), metavar="N",
                help="items per task: board classes (exact) or starting-hand classes (Monte Carlo); part of the job's "
                "identity, so keep it when resuming"),
            *cluster_options(
                "run on the Dask scheduler at ADDRESS (tcp://HOST:8786), or 'local' for a LocalCluster of worker "
                "processes on this machine (default: DASK_SCHEDULER_ADDRESS if set, else local)"
            ),
        ],
        run=run_table,
    ),
)  # fmt: skip
