"""Timing omaha8eq side by side with the yardstick, in one process, rounds alternated.

The yardstick is a throwaway numba implementation of the known-hands algorithms kept
outside the repository (``../shared/perf/limitprobe/probe.py`` from the repository's
root, or the folder named by ``OMAHA8EQ_YARDSTICK``); it is imported from there, never
from the package. A gap is a ratio of two times measured in the same process,
alternately, on this machine: the machine's speed drifts from one minute to the next,
so a figure from another run or another CPU proves nothing.

:func:`alternate` times two callables in turn, round after round, by the thread's CPU
time (one thread: what the calling thread spends, not the waits for a core of a busy
machine) or by the clock (several threads); :func:`machine` is the line printed next to
every figure: the CPU model (``lscpu``) and the load.
"""

from __future__ import annotations

import functools
import importlib.util
import os
import platform
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_FOLDER = ROOT.parent / "shared" / "perf" / "limitprobe"


def folder() -> Path:
    """Where the yardstick is looked for."""
    return Path(os.environ.get("OMAHA8EQ_YARDSTICK", DEFAULT_FOLDER))


@functools.cache
def probe() -> ModuleType | None:
    """The yardstick module (its compiled code cached between runs), or None when absent."""
    path = folder() / "probe.py"
    if not path.is_file():
        return None
    os.environ.setdefault("PROBE_CACHE", "1")
    # Under its own name: numba's cache of its compiled code refers to the module by it.
    spec = importlib.util.spec_from_file_location("probe", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["probe"] = module
    spec.loader.exec_module(module)
    return module


@functools.cache
def engine() -> Any:
    """The yardstick's ``Engine`` (its tables built once)."""
    module = probe()
    assert module is not None
    return module.Engine()


def cards(text: str) -> list[int]:
    """The yardstick's card ints of ``"AsAh2c3d"``-style text."""
    module = probe()
    assert module is not None
    cards_of: Callable[[str], list[int]] = module.cards
    return cards_of(text.replace(" ", ""))


@functools.cache
def cpu_model() -> str:
    """``lscpu``'s model name (the platform's processor string without it)."""
    try:
        out = subprocess.run(["lscpu"], capture_output=True, text=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        return platform.processor() or "unknown CPU"
    for line in out.splitlines():
        if line.startswith("Model name:"):
            return line.split(":", 1)[1].strip()
    return platform.processor() or "unknown CPU"


def machine() -> str:
    """The CPU model, its core count and the load averages, to print next to a figure."""
    one, five, _ = os.getloadavg()
    return f"{cpu_model()}, {os.cpu_count()} CPUs, load {one:.2f} (5 min {five:.2f})"


@dataclass
class Pair:
    """Per-call times (seconds) of two callables, measured alternately."""

    mine: list[float]
    theirs: list[float]

    def best_ratio(self) -> float:
        return min(self.mine) / min(self.theirs)

    def median_ratio(self) -> float:
        return statistics.median(self.mine) / statistics.median(self.theirs)

    def round_ratios(self) -> list[float]:
        """Each round's ratio (the two sides of a round ran back to back): the spread."""
        return [m / t for m, t in zip(self.mine, self.theirs, strict=True)]

    def line(self, what: str, unit: float = 1e-3, unit_name: str = "ms") -> str:
        ratios = sorted(self.round_ratios())
        mine, theirs = (
            f"{min(t) / unit:.4g} {unit_name} (median {statistics.median(t) / unit:.4g})"
            for t in (self.mine, self.theirs)
        )
        return (
            f"{what}: omaha8eq {mine}, yardstick {theirs}; "
            f"omaha8eq / yardstick {self.best_ratio():.2f}x best, {self.median_ratio():.2f}x median, "
            f"rounds {ratios[0]:.2f}-{ratios[-1]:.2f}x [{machine()}]"
        )


def alternate(
    mine: Callable[[], object], theirs: Callable[[], object], calls: int, rounds: int = 7, clock: bool = False
) -> Pair:
    """Time ``calls`` calls of ``mine``, then of ``theirs``, ``rounds`` times in turn, after two
    warm-up calls of each; per-call seconds of each round, by the thread's CPU time (or the
    clock when ``clock``: work on several threads)."""
    timer = time.perf_counter if clock else time.thread_time
    for _ in range(2):  # a process's first exact call compiles less than the kernel; the second compiles it
        mine()
        theirs()
    pair = Pair([], [])
    for r in range(rounds):
        # Each side goes first in every other round: neither always follows the other.
        order = ((mine, pair.mine), (theirs, pair.theirs))
        for function, times in order if r % 2 == 0 else order[::-1]:
            start = timer()
            for _ in range(calls):
                function()
            times.append((timer() - start) / calls)
    return pair


def timed(function: Callable[[], object], calls: int, rounds: int = 7, clock: bool = False) -> list[float]:
    """Per-call seconds of ``calls`` calls, ``rounds`` times, after two warm-up calls."""
    timer = time.perf_counter if clock else time.thread_time
    function()
    function()
    times = []
    for _ in range(rounds):
        start = timer()
        for _ in range(calls):
            function()
        times.append((timer() - start) / calls)
    return times
