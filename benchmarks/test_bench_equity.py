"""Equity speed: exact enumerations by street and Monte Carlo trials per second."""

from __future__ import annotations

import numba
import pytest

import omaha8eq

ACES, KINGS, RUNDOWN = "As Ah 2c 3d", "Ks Kh Qd Jd", "7h 8h 9s Ts"
EXACT = {
    "heads-up preflop": ([ACES, KINGS], ""),
    "heads-up preflop double-suited": (["As Ah 2s 3h", "Kd Kc Qd Jc"], ""),
    "3-way preflop": ([ACES, KINGS, RUNDOWN], ""),
    "3-way preflop, 9s 8s 7d 6d": ([ACES, KINGS, "9s 8s 7d 6d"], ""),
    "heads-up flop": ([ACES, KINGS], "4c 5d Js"),
    "heads-up turn": ([ACES, KINGS], "4c 5d Js 9d"),
}


@pytest.mark.parametrize("spot", list(EXACT))
def test_exact(benchmark, threads, spot):
    """One unit = one whole exact enumeration (``outcomes`` boards)."""
    hands, board = EXACT[spot]
    result = omaha8eq.equity(hands, board, exhaustive=True)
    benchmark.extra_info.update(unit="enumerations", units=1, boards=result.outcomes, threads=threads)
    benchmark.pedantic(omaha8eq.equity, args=(hands, board), kwargs={"exhaustive": True}, rounds=5, warmup_rounds=1)


SAMPLES = 2_000_000


@pytest.mark.parametrize("opponent", ["fixed hand", "random hand"])
def test_monte_carlo(benchmark, threads, opponent):
    """One unit = one Monte Carlo trial (a deal and its showdown)."""
    hands = [ACES, KINGS if opponent == "fixed hand" else "random"]
    omaha8eq.equity(hands, samples=1000, seed=1)
    benchmark.extra_info.update(unit="trials", units=SAMPLES, threads=threads)
    benchmark.pedantic(
        omaha8eq.equity, args=(hands,), kwargs={"samples": SAMPLES, "seed": 1}, rounds=3, warmup_rounds=1
    )


@pytest.mark.skipif(numba.config.NUMBA_NUM_THREADS < 2, reason="needs 2 threads")
def test_monte_carlo_two_threads(benchmark):
    """One unit = one trial of fixed heads-up hands on exactly 2 threads, by the clock
    (issue 15's target: 50 M trials/s; each thread samples its own half of the chunks)."""
    hands = [ACES, KINGS]
    omaha8eq.equity(hands, samples=1000, seed=1, threads=2)
    benchmark.extra_info.update(unit="trials", units=SAMPLES, threads=2)
    benchmark.pedantic(
        omaha8eq.equity, args=(hands,), kwargs={"samples": SAMPLES, "seed": 1, "threads": 2}, rounds=5,
        warmup_rounds=1,
    )  # fmt: skip
