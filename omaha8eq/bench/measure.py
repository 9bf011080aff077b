"""omaha8eq's own measurements for ``omaha8eq bench``, and the records of a run.

:func:`measure_omaha8eq` times the work below on each of the given thread counts,
as the best of ``rounds`` runs, after one untimed warm-up run of each (so numba's
first-call compile, the table load and the thread pool start are never timed):

- ``evaluate_batch`` on random deals, 4, 5 and 6 hole cards and a 5-card board:
  hi-lo, high only, low only; the unit of work is one row (validation included).
- exact heads-up preflop equity of ``AsAh2c3d`` against ``KsKhQdJd``: one whole
  enumeration of the 1,086,008 boards, reported as a time.
- Monte Carlo equity of ``AsAh2c3d`` against ``KsKhQdJd`` and against a random
  hand; the unit is one trial (a deal and its showdown).

The records (:class:`Measurement`, :class:`PeerResult`, :class:`BenchReport`) are
what :func:`omaha8eq.bench.run.run_bench` returns and ``--json`` prints.
"""

from __future__ import annotations

import math
import os
import platform
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field
from typing import Any

import numba
import numpy as np

from ..equities import equity
from ..errors import OmahaInputError
from ..evaluation import evaluate_batch
from ..present.protocol import fields_dict
from ..version import __version__
from .config import BenchConfig

__all__ = [
    "HERO",
    "MODES",
    "VILLAIN",
    "BenchReport",
    "Measurement",
    "PeerResult",
    "best_of",
    "check_config",
    "eval_key",
    "holes_boards",
    "machine",
    "measure_omaha8eq",
    "random_deals",
]

HERO, VILLAIN = "As Ah 2c 3d", "Ks Kh Qd Jd"
#: evaluate_batch modes: (high, low) keyword arguments.
MODES = {"hilo": (True, True), "high": (True, False), "low": (False, True)}
MODE_NAMES = {"hilo": "hi-lo", "high": "high only", "low": "low only"}


@dataclass
class Measurement:
    """One piece of omaha8eq work, timed per thread count.

    ``what`` describes it, ``short`` names it in the peers' table. ``work`` units
    (``unit``: rows, boards, trials) are done per run; ``seconds`` maps a thread
    count to the best run's time. ``show`` is ``"rate"`` (units per second) or
    ``"time"`` (milliseconds per run).
    """

    key: str
    what: str
    short: str
    unit: str
    work: int
    show: str = "rate"
    seconds: dict[int, float] = field(default_factory=dict)

    def rate(self, threads: int) -> float:
        return self.work / self.seconds[threads]

    def to_dict(self) -> dict[str, Any]:
        threads = {
            str(t): {"seconds": s, f"{self.unit}_per_second": self.work / s} for t, s in sorted(self.seconds.items())
        }
        return fields_dict(self, omit=("seconds",), threads=threads)


@dataclass
class PeerResult:
    """The same work as omaha8eq's measurement ``key``, done by another package.

    ``what``: that measurement's short name; ``api``: the peer's calls used.
    ``ratio``: how many times faster omaha8eq was with the same thread count;
    ``agrees``: whether the peer's answers matched omaha8eq's (``check`` says
    what was compared, on how many hands).
    """

    peer: str
    version: str
    key: str
    what: str
    api: str
    unit: str
    work: int
    threads: int
    seconds: float
    omaha8eq_seconds: float
    agrees: bool
    check: str

    @property
    def ratio(self) -> float:
        return self.seconds / self.omaha8eq_seconds

    def to_dict(self) -> dict[str, Any]:
        d = asdict(self)
        d["rate"] = self.work / self.seconds
        d["omaha8eq_rate"] = self.work / self.omaha8eq_seconds
        d["ratio"] = self.ratio
        return d


@dataclass
class BenchReport:
    """What :func:`run_bench` measured; ``to_dict()`` is the ``--json`` form."""

    machine: dict[str, Any]
    config: BenchConfig
    thread_counts: tuple[int, ...]
    measurements: list[Measurement]
    peers: list[PeerResult]
    skipped: list[tuple[str, str]]
    elapsed: float

    def get(self, key: str) -> Measurement:
        return next(m for m in self.measurements if m.key == key)

    def to_dict(self) -> dict[str, Any]:
        return {
            "version": __version__,
            "machine": self.machine,
            "config": {**asdict(self.config), "thread_counts": list(self.thread_counts)},
            "measurements": [m.to_dict() for m in self.measurements],
            "peers": [p.to_dict() for p in self.peers],
            "skipped": [{"peer": name, "reason": reason} for name, reason in self.skipped],
            "elapsed": self.elapsed,
        }


# ---------------------------------------------------------------------------
# timing
# ---------------------------------------------------------------------------


def best_of(run: Callable[[], Any], rounds: int, budget: float | None = None) -> tuple[float, Any]:
    """The fastest of ``rounds`` timed calls (at least one; fewer if over ``budget`` s)."""
    best, result, spent = math.inf, None, 0.0
    for _ in range(max(1, rounds)):
        start = time.perf_counter()
        result = run()
        took = time.perf_counter() - start
        best, spent = min(best, took), spent + took
        if budget is not None and spent > budget:
            break
    return best, result


@contextmanager
def _numba_threads(count: int) -> Iterator[None]:
    previous = numba.get_num_threads()
    numba.set_num_threads(count)
    try:
        yield
    finally:
        numba.set_num_threads(previous)


def random_deals(n: int, seed: int = 2026) -> np.ndarray:
    """``n`` rows of 11 distinct random cards (int8): up to 6 hole cards + 5 board.

    Rows are drawn uniformly (independent uniform cards, rows with a repeated card
    rejected). Use ``deals[:, :h]`` as holes and ``deals[:, 6:]`` as boards.

    >>> d = random_deals(1000, seed=1)
    >>> d.shape, bool((np.sort(d, axis=1)[:, 1:] != np.sort(d, axis=1)[:, :-1]).all())
    ((1000, 11), True)
    """
    rng = np.random.default_rng(seed)
    out = np.empty((n, 11), dtype=np.int8)
    filled = 0
    while filled < n:
        # About 33% of 11-card draws have no repeated card.
        candidates = rng.integers(0, 52, size=(int((n - filled) * 3.3) + 64, 11), dtype=np.int8)
        ordered = np.sort(candidates, axis=1)
        good = candidates[(ordered[:, 1:] != ordered[:, :-1]).all(axis=1)][: n - filled]
        out[filled : filled + len(good)] = good
        filled += len(good)
    return out


def holes_boards(deals: np.ndarray, n_hole: int) -> tuple[np.ndarray, np.ndarray]:
    """The first ``n_hole`` columns of ``deals`` as holes and the last 5 as boards (contiguous)."""
    return np.ascontiguousarray(deals[:, :n_hole]), np.ascontiguousarray(deals[:, 6:])


# ---------------------------------------------------------------------------
# omaha8eq
# ---------------------------------------------------------------------------


def eval_key(n_hole: int, mode: str) -> str:
    """The key of the ``evaluate_batch`` measurement with ``n_hole`` cards in ``mode``."""
    return f"evaluate_batch/{n_hole}/{mode}"


def measure_omaha8eq(
    config: BenchConfig, deals: np.ndarray, thread_counts: tuple[int, ...]
) -> tuple[list[Measurement], dict[str, Any]]:
    """Time omaha8eq's work; also return the answers the peers are checked against."""
    measurements: list[Measurement] = []
    hero, villain = HERO.replace(" ", ""), VILLAIN.replace(" ", "")
    for n_hole in (4, 5, 6):
        holes, boards = holes_boards(deals, n_hole)
        for mode, (high, low) in MODES.items():
            m = Measurement(
                eval_key(n_hole, mode),
                f"evaluate_batch, {n_hole} hole cards, {MODE_NAMES[mode]}",
                f"evaluate {n_hole} cards, {MODE_NAMES[mode]}",
                "rows",
                len(holes),
            )
            for t in thread_counts:
                with _numba_threads(t):

                    def run(holes: np.ndarray = holes, boards: np.ndarray = boards, high: bool = high,
                            low: bool = low) -> Any:  # fmt: skip
                        return evaluate_batch(holes, boards, high=high, low=low)

                    run()  # warm-up: compile, tables, thread pool
                    m.seconds[t], _ = best_of(run, config.rounds)
            measurements.append(m)

    answers: dict[str, Any] = {}
    exact = Measurement(
        "exact/heads-up-preflop",
        f"exact heads-up preflop, {hero} vs {villain}",
        "exact heads-up preflop",
        "boards",
        0,
        show="time",
    )
    for t in thread_counts:

        def run_exact(t: int = t) -> Any:
            return equity([HERO, VILLAIN], exhaustive=True, threads=t)

        answers["exact"] = run_exact()
        exact.work = answers["exact"].outcomes
        exact.seconds[t], _ = best_of(run_exact, config.rounds)
    measurements.append(exact)

    for key, opponent, what, short in (
        ("monte-carlo/fixed", VILLAIN, f"Monte Carlo, {hero} vs {villain}", "Monte Carlo, fixed hands"),
        ("monte-carlo/random", "random", f"Monte Carlo, {hero} vs a random hand", "Monte Carlo, vs random"),
    ):
        m = Measurement(key, what, short, "trials", config.samples)
        for t in thread_counts:

            def run_mc(t: int = t, opponent: str = opponent) -> Any:
                return equity([HERO, opponent], samples=config.samples, seed=config.seed, threads=t)

            answers[key] = run_mc()
            m.seconds[t], _ = best_of(run_mc, config.rounds)
        measurements.append(m)
    return measurements, answers


# ---------------------------------------------------------------------------
# the machine and the configuration
# ---------------------------------------------------------------------------


def _cpu_name() -> str:
    try:
        with open("/proc/cpuinfo") as handle:
            for line in handle:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def _numba_thread_limit() -> int:
    """The most threads numba may use (``NUMBA_NUM_THREADS``, all cores by default)."""
    limit: int = numba.config.NUMBA_NUM_THREADS  # type: ignore[attr-defined]  # set at runtime by numba.config
    return limit


def machine() -> dict[str, Any]:
    """The processor, cores, threading layer and versions the figures were measured with."""
    layer: str
    try:
        layer = numba.threading_layer()  # type: ignore[attr-defined]  # numba re-exports it without __all__
    except ValueError:  # no parallel kernel has run yet
        layer = "not initialised"
    return {
        "cpu": _cpu_name(),
        "cores": os.cpu_count(),
        "numba_threads": _numba_thread_limit(),
        "threading_layer": layer,
        "python": platform.python_version(),
        "numpy": np.__version__,
        "numba": numba.__version__,
        "platform": platform.platform(terse=True),
    }


def check_config(config: BenchConfig) -> tuple[int, ...]:
    """The thread counts to measure, ``(1,)`` or ``(1, N)``; ``OmahaInputError`` for a bad ``config``."""
    for name in ("rows", "samples", "rounds"):
        value = getattr(config, name)
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise OmahaInputError(f"{name}: expected a positive integer, got {value!r}")
    if config.rows < 10:
        raise OmahaInputError(f"rows: expected at least 10, got {config.rows}")
    most = _numba_thread_limit()
    threads = most if config.threads is None else config.threads
    if isinstance(threads, bool) or not isinstance(threads, int) or not 1 <= threads <= most:
        raise OmahaInputError(f"threads: expected 1..{most}, got {config.threads!r}")
    return (1,) if threads == 1 else (1, threads)
