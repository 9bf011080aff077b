"""``omaha8eq bench``: measure this machine (and installed peers) from Python.

>>> from omaha8eq.bench import BenchConfig, format_bench, run_bench  # doctest: +SKIP
>>> print(format_bench(run_bench(BenchConfig(rows=200_000, rounds=3))))  # doctest: +SKIP

The names are loaded on first use: importing :mod:`omaha8eq.bench.config` (what the
command line's ``--help`` needs) does not load numba.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .config import QUICK, BenchConfig
    from .measure import BenchReport, Measurement, PeerResult, random_deals
    from .report import format_bench
    from .run import run_bench

__all__ = [
    "QUICK",
    "BenchConfig",
    "BenchReport",
    "Measurement",
    "PeerResult",
    "format_bench",
    "random_deals",
    "run_bench",
]

#: Public name -> the module of this package that defines it.
_HOMES = {
    "QUICK": "config",
    "BenchConfig": "config",
    "BenchReport": "measure",
    "Measurement": "measure",
    "PeerResult": "measure",
    "random_deals": "measure",
    "format_bench": "report",
    "run_bench": "run",
}


def __getattr__(name: str) -> Any:
    if name not in _HOMES:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(f".{_HOMES[name]}", __name__), name)


def __dir__() -> list[str]:
    return sorted([*globals(), *__all__])
