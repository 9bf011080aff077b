"""The ``omaha8eq warmup`` command: compile every kernel now, not on first use.

Usage::

    omaha8eq warmup [--json]

Runs :func:`omaha8eq.warmup.warmup` with a progress bar on a terminal (one step per
workload), then prints the seconds spent compiling each kernel. Safe to run any time:
with everything cached it takes a few seconds.
"""

from __future__ import annotations

import argparse
import contextlib
import sys

from .common import Command, print_result
from .options import json_option
from .startup import loading_engine

__all__ = ["COMMANDS", "run_warmup"]


class _StepBar:
    """A tqdm bar of the warm-up's steps on a terminal's stderr, showing the step's label."""

    def __init__(self) -> None:
        self._bar = None
        if sys.stderr.isatty():
            from tqdm import tqdm

            self._bar = tqdm(total=None, unit=" steps", file=sys.stderr, leave=False, dynamic_ncols=True)

    def __call__(self, done: int, total: int, label: str) -> None:
        if self._bar is None:
            return
        self._bar.total = total
        self._bar.set_description(label, refresh=False)
        self._bar.update(done - self._bar.n)

    def close(self) -> None:
        if self._bar is not None:
            self._bar.close()


def run_warmup(args: argparse.Namespace) -> int:
    """Run ``omaha8eq warmup``."""
    with loading_engine():
        from ..warmup import warmup

    with contextlib.closing(_StepBar()) as bar:
        report = warmup(progress=bar)
    return print_result(args, report)


COMMANDS = (
    Command(
        "warmup",
        help="compile every kernel now (once per install), so that first runs start fast",
        description="Compile every numba kernel now and cache it on disk, rather than on each feature's first "
        "use (which can take a minute on a busy machine). Run it right after installing or upgrading omaha8eq "
        "(or numba); with everything cached it takes a few seconds. Prints the seconds spent compiling each "
        "kernel.",
        examples=["omaha8eq warmup", "omaha8eq warmup --json"],
        options=[json_option("print the report as JSON")],
        run=run_warmup,
    ),
)
