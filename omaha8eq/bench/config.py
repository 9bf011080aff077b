"""How much work ``omaha8eq bench`` does: :class:`BenchConfig` and the ``--quick`` preset.

This module imports nothing heavy, so that the command line can show the defaults in
its ``--help`` without loading numpy or numba.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

__all__ = ["QUICK", "BenchConfig", "main_config"]


@dataclass(frozen=True)
class BenchConfig:
    """How much work ``run_bench`` does.

    ``rows``: rows per ``evaluate_batch`` call; ``samples``: Monte Carlo trials per
    equity call; ``rounds``: timed runs of each (the best is kept); ``threads``: the
    thread count of the "all cores" column (default: numba's, all cores); ``peers``:
    also time the other installed packages. The peers' sizes follow ``rows`` and
    ``samples`` (see :meth:`peer_sizes`).
    """

    rows: int = 1_000_000
    samples: int = 1_000_000
    rounds: int = 5
    threads: int | None = None
    peers: bool = False
    seed: int = 2026

    def peer_sizes(self) -> dict[str, int]:
        """Hands (or trials) given to each peer: its speed allows a few seconds."""
        return {
            "pokerkit": max(10, min(200, self.rows // 5_000)),
            "clubs": max(20, min(1_000, self.rows // 1_000)),
            "phevaluator": max(100, min(50_000, self.rows // 20)),
            "poker-equity": max(10_000, self.samples // 5),
        }


#: ``omaha8eq bench --quick``.
QUICK = BenchConfig(rows=200_000, samples=200_000, rounds=3)


def main_config(quick: bool, **overrides: Any) -> BenchConfig:
    """The configuration of ``omaha8eq bench``: the default or ``QUICK``, then overrides."""
    base = QUICK if quick else BenchConfig()
    return replace(base, **{k: v for k, v in overrides.items() if v is not None})
