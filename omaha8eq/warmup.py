"""Compile every kernel ahead of first use: :func:`warmup` (``omaha8eq warmup``).

The kernels are compiled by numba on their first call and cached on disk
(:mod:`omaha8eq.core.registry`); on a busy machine a first run can spend a minute
compiling. :func:`warmup` runs one small workload per feature -- each the cheapest
call that reaches its kernels -- so that every kernel compiles now, once, and later
runs load it from the cache in well under a second. It runs every workload twice
over: with the parallel builds (twice where a first call does not compile them:
:func:`omaha8eq.core.parallel.run_soon`, :func:`~omaha8eq.core.parallel.run_body_soon`),
then with the serial builds that a forked child (a ``multiprocessing`` fork-pool worker)
runs instead
(:func:`omaha8eq.core.parallel.serial_builds`). Right after ``pip install`` is a good
time; run it again after upgrading omaha8eq or numba. A second run finds everything
cached and takes a few seconds.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from .errors import OmahaInputError

__all__ = ["WarmupReport", "WarmupStep", "warmup"]

#: ``progress(done, total, label)``: called before each step (``label`` names it) and
#: once at the end with ``done == total``.
WarmupProgress = Callable[[int, int, str], None]


@dataclass(frozen=True)
class WarmupStep:
    """One workload of the warm-up: its label, its wall seconds, and the seconds
    spent compiling each kernel it compiled (empty when all were cached)."""

    label: str
    seconds: float
    compiled: dict[str, float] = field(default_factory=dict)


@dataclass(frozen=True)
class WarmupReport:
    """What :func:`warmup` did.

    Attributes:
        steps: every workload, in order.
        seconds: the wall seconds of the whole warm-up.
        compiled: seconds spent compiling, per kernel (a forked child's build is
            named "kernel (serial build)"); empty when every kernel was cached.
        missing: entry points (``"module:function"``, serial builds with
            " (serial build)") still without machine code on disk afterwards: none
            unless a kernel gained a workload the warm-up does not run.
    """

    steps: tuple[WarmupStep, ...]
    seconds: float
    compiled: dict[str, float]
    missing: tuple[str, ...]

    def __str__(self) -> str:
        from .present.text import seconds, table

        rows = [[name, seconds(t)] for name, t in sorted(self.compiled.items(), key=lambda kv: -kv[1])]
        lines = table(["Kernel compiled", "Seconds"], rows) if rows else ["Every kernel was already compiled."]
        lines.append("")
        compiling = sum(self.compiled.values())
        lines.append(
            f"Warm-up: {len(self.steps)} workloads in {seconds(self.seconds)} s "
            f"({seconds(compiling)} s compiling {len(self.compiled)} kernels)"
        )
        if self.missing:
            lines.append("Not compiled by the warm-up (they compile on first use): " + ", ".join(self.missing))
        return "\n".join(lines)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict of the fields above."""
        return {
            "seconds": self.seconds,
            "compiled": dict(self.compiled),
            "missing": list(self.missing),
            "steps": [{"label": s.label, "seconds": s.seconds, "compiled": dict(s.compiled)} for s in self.steps],
        }


#: The workloads whose first call does not compile the kernel's build (``parallel.run_soon``,
#: ``run_body_soon``: known hands, many spots): the warm-up runs them twice, so that it compiles too.
RUN_TWICE = ("equity of known hands, exact", "equities of many spots")


def _workloads(variant: int = 0) -> list[tuple[str, Callable[[], object]]]:
    """The warm-up's workloads: (label, call), each small (well under a second once
    compiled). ``variant`` picks another board (0, 1 or 2), so that a repeated workload
    is not answered from a result cache but runs its kernels again. The hands hold two
    suited cards (the flush tables are kernels too) and the ranges need the pattern
    kernel (suit variables), not only rank counts."""
    import numpy as np

    from .boards import boards_equity
    from .cards import parse_cards
    from .core.hand_isomorphism import class_keys
    from .core.holdings_kernel import classify
    from .core.tables import get_tables
    from .equities import equity, spot_equities
    from .evaluation import evaluate, evaluate_batch
    from .pql import query
    from .ranges.range import range_weights

    hand, other = "AsAh2s3d", ("KsKhQdJd", "KsKhQdJc", "KsKhQcJd")[variant]
    flop = ("4c5d7s", "4c5d7h", "4c6d7h")[variant]
    river = flop + ("8h9c", "8d9h", "8s9d")[variant]
    rows = np.array([parse_cards(hand), parse_cards(other)])
    deals = np.array([parse_cards(hand + flop), parse_cards(other + flop)], dtype=np.int8)  # read as column slices
    wide = deals.astype(np.int64)
    ranges = ("AxAyKx, KK:$ds", "AxAyQx, QQ:$ds", "AxAyJx, JJ:$ds")[variant]
    return [
        ("evaluation", lambda: (evaluate(hand, flop), evaluate_batch(rows, [parse_cards(flop)] * 2))),
        (
            "evaluation of column slices",  # int8 read in place; int64 copied row by row (narrow_rows)
            lambda: (evaluate_batch(deals[:, :4], deals[:, 4:]), evaluate_batch(wide[:, :4], wide[:, 4:])),
        ),
        (
            "evaluation of a bad row (its error names it)",
            lambda: _refused(evaluate_batch, deals[:, [0, 0, 1, 2]], deals[:, 4:]),
        ),
        # preflop: the parallel build of the aggregation (after a flop, the serial one)
        ("equity of known hands, exact", lambda: (equity([hand, other], flop), equity([hand, other]))),
        ("equity against a random hand, exact", lambda: equity([hand, "random"], river, exhaustive=True)),
        ("equity, Monte Carlo", lambda: equity([hand, "random"], flop, samples=2_000, seed=variant)),
        ("equities of many spots", lambda: spot_equities([([hand, other], flop), ([hand, other], river)])),
        ("ranges", lambda: (range_weights(ranges, rows), class_keys(rows))),
        ("hand classes", lambda: classify(rows, np.array(parse_cards(flop), dtype=np.int8), True, get_tables())),
        ("range against range, exact", lambda: equity(["AA:$ds", "KK:$ds"], river[:8], exhaustive=True)),
        ("a hand against a range, exact", lambda: equity([hand, "KK:$ds"], river[:8], exhaustive=True)),
        ("double board, exact", lambda: boards_equity([hand, other], (river[:8], "KdTh2c3c"))),
        ("double board, Monte Carlo", lambda: boards_equity([hand, "random"], (flop, "KdTh2c"), samples=2_000, seed=1)),
        ("a query, sampled", lambda: query(_query(hand, "random", flop), samples=2_000, seed=variant)),
        ("a query, exact", lambda: query(_query(hand, other, river[:8]), exhaustive=True)),
    ]


def _refused(call: Callable[..., object], *args: object) -> None:
    """Run ``call(*args)``, which must refuse its input (the error path has kernels too)."""
    try:
        call(*args)
    except OmahaInputError:
        return
    raise RuntimeError("the warm-up's bad input was accepted")


def _query(hero: str, villain: str, board: str) -> str:
    """A query reading every kind of per-deal figure: showdown, nuts, hand types."""
    return (
        "select avg(riverEquity(hero)), count(nutLo(hero, river)), count(nutHi(hero, river)), "
        "count(nutHiForHandType(hero, river)), "
        f"histogram(handType(hero, river)) from hero='{hero}', villain='{villain}', board='{board}'"
    )


def _missing() -> tuple[str, ...]:
    """Registered entry points, and serial builds of the parallel ones, still uncached."""
    from .core.parallel import serial_twin
    from .core.registry import KERNEL_GROUPS, entry_points, needs_compile

    names = list(dict.fromkeys(name for group in KERNEL_GROUPS.values() for name in group.names))
    missing = []
    for name, kernel in zip(names, entry_points(), strict=True):
        if needs_compile(kernel):
            missing.append(name)
        if kernel.targetoptions.get("parallel") and needs_compile(serial_twin(kernel)):
            missing.append(f"{name} (serial build)")
    return tuple(missing)


def warmup(progress: WarmupProgress | None = None, on_step: Callable[[WarmupStep], None] | None = None) -> WarmupReport:
    """Compile (or load from the disk cache) every kernel now; see the module's docstring.

    ``progress(done, total, label)`` is called before each workload and at the end;
    ``on_step(step)`` after each workload, with what it compiled (the command line's
    log lines when its output is not a terminal). Returns a :class:`WarmupReport` with
    the seconds spent compiling each kernel.
    """
    from .core.parallel import serial_builds
    from .core.registry import compile_times

    if progress is not None and not callable(progress):
        raise TypeError(f"progress: expected a function (done, total, label), got {type(progress).__name__}")
    if on_step is not None and not callable(on_step):
        raise TypeError(f"on_step: expected a function (step), got {type(on_step).__name__}")
    # The parallel builds; again the workloads whose first call does not compile them
    # (parallel.run_soon, run_body_soon: known hands, many spots), so that they compile
    # too; then every workload on the serial builds, as a forked child runs them.
    first, again, forked = _workloads(0), _workloads(1), _workloads(2)
    plan = [(label, call, False) for label, call in first]
    plan += [(f"{label} (parallel build)", call, False) for label, call in again if label in RUN_TWICE]
    plan += [(f"{label} (serial builds, for forked processes)", call, True) for label, call in forked]
    started = time.perf_counter()
    before_all = compile_times()
    steps = []
    for done, (label, call, serial) in enumerate(plan):
        if progress is not None:
            progress(done, len(plan), label)
        before = compile_times()
        step_started = time.perf_counter()
        if serial:
            with serial_builds():
                call()
        else:
            call()
        after = compile_times()
        compiled = {k: t - before.get(k, 0.0) for k, t in after.items() if t > before.get(k, 0.0)}
        steps.append(WarmupStep(label, time.perf_counter() - step_started, compiled))
        if on_step is not None:
            on_step(steps[-1])
    if progress is not None:
        progress(len(plan), len(plan), "done")
    after_all = compile_times()
    compiled_all = {k: t - before_all.get(k, 0.0) for k, t in after_all.items() if t > before_all.get(k, 0.0)}
    return WarmupReport(tuple(steps), time.perf_counter() - started, compiled_all, _missing())
