"""The ``omaha8eq warmup`` command: compile every kernel now, not on first use.

Usage::

    omaha8eq warmup [--json]

Runs :func:`omaha8eq.warmup.warmup` with a progress bar on a terminal (one step per
workload); when stderr is not a terminal (a log, CI, ``nohup``) it writes a line as each
workload starts and one per kernel compiled, with the seconds and the time elapsed, so a
slow compile shows it is alive. Then it prints the seconds spent compiling each kernel.
Safe to run any time: with everything cached it takes a few seconds.
"""

from __future__ import annotations

import argparse
import contextlib
import sys
import time
from typing import TYPE_CHECKING

from .common import Command, print_result
from .options import json_option
from .progress import is_terminal
from .startup import loading_engine

if TYPE_CHECKING:
    from ..warmup import WarmupStep

__all__ = ["COMMANDS", "run_warmup"]


class _StepBar:
    """The warm-up's steps on stderr: a tqdm bar showing the step's label on a terminal,
    else a line as each step starts and one per kernel it compiled."""

    def __init__(self) -> None:
        self._bar = None
        self._started = time.perf_counter()
        self._step = ""
        if is_terminal(sys.stderr):
            from tqdm import tqdm

            self._bar = tqdm(total=None, unit=" steps", file=sys.stderr, leave=False, dynamic_ncols=True)

    def __call__(self, done: int, total: int, label: str) -> None:
        if self._bar is None:
            self._step = f"{done + 1}/{total}"
            if done < total:
                self._line(f"step {self._step}: {label}")
            return
        self._bar.total = total
        self._bar.set_description(label, refresh=False)
        self._bar.update(done - self._bar.n)

    def step_done(self, step: WarmupStep) -> None:
        """After a step: a line per kernel it compiled (not on a terminal: the bar shows the steps)."""
        if self._bar is None:
            for kernel, seconds in step.compiled.items():
                self._line(f"step {self._step}: compiled {kernel} in {seconds:.1f} s")

    def _line(self, text: str) -> None:
        print(f"omaha8eq warmup [{time.perf_counter() - self._started:,.0f} s]: {text}", file=sys.stderr, flush=True)

    def close(self) -> None:
        if self._bar is not None:
            self._bar.close()


def run_warmup(args: argparse.Namespace) -> int:
    """Run ``omaha8eq warmup``."""
    with loading_engine():
        from ..warmup import warmup

    with contextlib.closing(_StepBar()) as bar:
        report = warmup(progress=bar, on_step=bar.step_done)
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
