"""The cost of one Python-level call of each public function on a small input.

``test_bench_evaluate.py`` times ``evaluate``, ``evaluate_high`` and ``evaluate_low``
and the cold start; these are the other public entry points, each on the smallest
input that still does its real work, so the figure is mostly the Python layer:
parsing and checking the input, dispatching to the compiled kernels, building the
result objects. One unit = one call.
"""

from __future__ import annotations

import subprocess
import sys

import numpy as np
import pytest

import omaha8eq

ACES, KINGS = "As Ah 2c 3d", "Ks Kh Qd Jd"
ONE_HOLE = np.array([[51, 50, 0, 5]], dtype=np.int8)  # As Ah 2c 3d
ONE_BOARD = np.array([[8, 13, 39, 47, 22]], dtype=np.int8)  # 4c 5d Js Ks 7h

CALLS = {
    # One row: the fixed cost of a batch call (checks, table lookup, one kernel run).
    "evaluate_batch, 1 row": lambda: omaha8eq.evaluate_batch(ONE_HOLE, ONE_BOARD),
    "evaluate_batch, 100 rows": lambda: omaha8eq.evaluate_batch(
        np.repeat(ONE_HOLE, 100, axis=0), np.repeat(ONE_BOARD, 100, axis=0)
    ),
    # A river: one showdown; a turn: 44 boards; a flop: 820. All exact.
    "equity, heads-up on the river": lambda: omaha8eq.equity([ACES, KINGS], "4c 5d Js 9d 7h"),
    "equity, heads-up on the turn": lambda: omaha8eq.equity([ACES, KINGS], "4c 5d Js 9d"),
    "equity, heads-up on the flop": lambda: omaha8eq.equity([ACES, KINGS], "Ac 8c 5h"),
    "counterfeit_odds, preflop": lambda: omaha8eq.counterfeit_odds("As 2c 3h 4d"),
    "counterfeit_odds, flop": lambda: omaha8eq.counterfeit_odds("As 2c Kh Kd", "4d 6h 8s"),
    "counterfeit_odds, flop with an opponent": lambda: omaha8eq.counterfeit_odds(
        "As 2c Kh Kd", "4d 6h 8s", opponents=["Ac 3c Qd Jd"]
    ),
    # The rules' three-way showdown: one main pot, split high and low.
    "settle, 3 players and a folded one": lambda: omaha8eq.settle(
        [("Ah Ac 2h 3c", 40), ("As 2s 6d 7d", 40), ("6s 7s 8d 9d", 40), (None, 1)],
        "4c 5d Ks Qs 8c",
        button=1,
    ),
    "allin_equity, 3 players on the flop (2 pots)": lambda: omaha8eq.allin_equity(
        [("As 2s 3d Kc", 20), ("Qh Qd Jh Tc", 60), ("9h 8h 7c 6c", 60)], board="4c 5d Ks"
    ),
    "pot_limit_max_raise": lambda: omaha8eq.pot_limit_max_raise(75, [75]),
}


@pytest.mark.parametrize("name", list(CALLS))
def test_call(benchmark, name):
    """One unit = one call from Python, input given as text (or small arrays)."""
    call = CALLS[name]
    call()  # compile and load tables outside the timing
    benchmark.extra_info.update(unit="calls", units=1)
    benchmark(call)


FLOP_SPOTS = [([ACES, KINGS], "Ac 8c 5h"), ([ACES, KINGS], "4c 5d Js"), ([ACES, KINGS], "Kd 9h 2s")] * 100


def test_equity_many_flop_spots(benchmark, one_thread):
    """One unit = one heads-up flop spot of a 300-spot ``equity_many`` call (exact)."""
    omaha8eq.equity_many(FLOP_SPOTS[:3])
    benchmark.extra_info.update(unit="spots", units=len(FLOP_SPOTS), threads=one_thread)
    benchmark(omaha8eq.equity_many, FLOP_SPOTS)


def _distinct_flop_spots(count: int, seed: int = 15) -> list[tuple[list[str], str]]:
    """``count`` heads-up flop spots of random hands and boards (the hands' tables are not cached)."""
    rng = np.random.default_rng(seed)
    spots = []
    for _ in range(count):
        cards = [int(c) for c in rng.permutation(52)[:11]]
        spots.append(
            ([omaha8eq.format_cards(cards[:4]), omaha8eq.format_cards(cards[4:8])], omaha8eq.format_cards(cards[8:]))
        )
    return spots


DISTINCT_FLOP_SPOTS = _distinct_flop_spots(300)


def test_equity_many_distinct_flop_spots(benchmark, one_thread):
    """One unit = one of 300 different heads-up flop spots in one ``equity_many`` call (exact)."""
    omaha8eq.equity_many(DISTINCT_FLOP_SPOTS[:3])
    benchmark.extra_info.update(unit="spots", units=len(DISTINCT_FLOP_SPOTS), threads=one_thread)
    benchmark(omaha8eq.equity_many, DISTINCT_FLOP_SPOTS)


@pytest.mark.parametrize("spots", ["repeated", "distinct"])
def test_spot_equities_flop_spots(benchmark, one_thread, spots):
    """One unit = one heads-up flop spot of a 300-spot ``spot_equities`` call (exact, arrays
    out): the 3 spots of ``FLOP_SPOTS`` repeated, or 300 different ones (their hands'
    tables built again after the first round: more hands than ``engine.deal.hand_highs``
    keeps)."""
    chosen = FLOP_SPOTS if spots == "repeated" else DISTINCT_FLOP_SPOTS
    omaha8eq.spot_equities(chosen[:3])
    benchmark.extra_info.update(unit="spots", units=len(chosen), threads=one_thread)
    benchmark(omaha8eq.spot_equities, chosen)


def test_cli_cold_start_with_warm_caches(benchmark):
    """One unit = one ``omaha8eq equity AsAh2c3d KsKhQdJd`` process, caches warm."""
    command = [sys.executable, "-m", "omaha8eq", "equity", "AsAh2c3d", "KsKhQdJd"]
    subprocess.run(command, check=True, capture_output=True)  # fill the caches
    benchmark.extra_info.update(unit="starts", units=1)
    benchmark.pedantic(subprocess.run, args=(command,), kwargs={"check": True, "capture_output": True}, rounds=5)
