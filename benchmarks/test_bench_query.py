"""Query-language speed (issue 25's table), each beside the ``equity()`` call it compares with.

Read the ratios of one run (``benchmarks/report.py``): the machine's load changes the
absolute figures, not the ratios measured side by side.
"""

from __future__ import annotations

import time

import pytest

import omaha8eq

ISSUE_EXAMPLE = """select count(tiesLo(hero)) as lostSomeChips
from game='omaha8', hero='A2**', villain1='15%', villain2='15%'
where nutLo(hero, river) and not (winsHi(hero) or tiesHi(hero))"""
HANDS = ["AsAh2c3d", "KsKhQdJd"]
RIVER_EQUITY = "select avg(riverEquity(hero)) from game='omaha8', hero='AsAh2c3d', villain='KsKhQdJd'"
SAMPLES = 600_000


def test_issue_example(benchmark, one_thread):
    """One unit = one trial of the issue's example (ProPokerTools' default 600,000), parse included."""
    omaha8eq.query(ISSUE_EXAMPLE, samples=20_000, seed=1)
    benchmark.extra_info.update(unit="trials", units=SAMPLES, threads=1)
    benchmark.pedantic(omaha8eq.query, args=(ISSUE_EXAMPLE,), kwargs={"seed": 1}, rounds=3, warmup_rounds=0)


@pytest.mark.parametrize("how", ["query", "equity"])
def test_sampled_river_equity(benchmark, one_thread, how):
    """One unit = one trial: avg(riverEquity(hero)) against equity(samples=N), the same spot."""
    if how == "query":
        call, args = omaha8eq.query, (RIVER_EQUITY,)
    else:
        call, args = omaha8eq.equity, (HANDS,)  # type: ignore[assignment]
    call(*args, samples=1000, seed=1)
    benchmark.extra_info.update(unit="trials", units=SAMPLES, threads=1)
    benchmark.pedantic(call, args=args, kwargs={"samples": SAMPLES, "seed": 1}, rounds=3, warmup_rounds=0)


@pytest.mark.parametrize("how", ["query", "equity"])
def test_exact_river_equity_on_the_turn(benchmark, one_thread, how):
    """One unit = one exact run on the turn board Ac8c5h9d; the query's fraction equals equity()'s."""
    board = "Ac8c5h9d"
    expected = omaha8eq.equity(HANDS, board, exhaustive=True).players[0].exact_equity()
    if how == "query":
        text = f"{RIVER_EQUITY}, board='{board}'"
        assert omaha8eq.query(text).selectors[0].fraction == expected
        run, args, kwargs = omaha8eq.query, (text,), {}
    else:
        run, args, kwargs = omaha8eq.equity, (HANDS, board), {"exhaustive": True}  # type: ignore[assignment]
    benchmark.extra_info.update(unit="enumerations", units=1, threads=1)
    benchmark.pedantic(run, args=args, kwargs=kwargs, rounds=10, warmup_rounds=1)


def test_hand_types_of_a_range_on_the_flop(benchmark, one_thread):
    """One unit = one deal of the exact histogram(handType(hero, flop)) of A2**: every flop and
    every suit class of the range (17,814,880 deals, one representative hand per class)."""
    text = "select histogram(handType(hero, flop)) from game='omaha8', hero='A2**'"
    omaha8eq.query("select histogram(handType(hero, flop)) from game='omaha8', hero='AAKK'", exhaustive=True)
    benchmark.extra_info.update(unit="deals", units=17_814_880, threads=1)
    benchmark.pedantic(omaha8eq.query, args=(text,), kwargs={"exhaustive": True}, rounds=2, warmup_rounds=0)


def test_hand_vs_range_on_a_known_flop(benchmark, one_thread):
    """One unit = one query: avg(HvREquity(hero, flop)) of a known hand on a known flop against
    15%: one exact range-engine run (its answer equals equity()'s)."""
    text = "select avg(HvREquity(hero, flop)) from game='omaha8', hero='AsAh2c3d', villain='15%', board='Kd7c2s'"
    benchmark.extra_info.update(unit="queries", units=1, threads=1)
    benchmark.pedantic(omaha8eq.query, args=(text,), rounds=2, warmup_rounds=1)


def _alternate(first, second, rounds):
    """The best time of each of two calls, measured alternately in one process (the
    machine's load moves both alike)."""
    best = [float("inf"), float("inf")]
    for _ in range(rounds):
        for i, call in enumerate((first, second)):
            started = time.perf_counter()
            call()
            best[i] = min(best[i], time.perf_counter() - started)
    return best


def test_ratios_against_equity(benchmark, one_thread, capsys):
    """The issue's ratios, printed (run with -s): the sampled riverEquity query's trials per
    second over equity()'s (target >= 1/3) and the exact turn query's time over equity()'s
    (target <= 2), each measured alternately with its equity() call."""
    board = "Ac8c5h9d"
    sampled = _alternate(
        lambda: omaha8eq.query(RIVER_EQUITY, samples=SAMPLES, seed=1),
        lambda: omaha8eq.equity(HANDS, samples=SAMPLES, seed=1),
        rounds=3,
    )
    exact_text = f"{RIVER_EQUITY}, board='{board}'"

    def exact_query():
        for _ in range(100):
            omaha8eq.query(exact_text)

    def exact_equity():
        for _ in range(100):
            omaha8eq.equity(HANDS, board, exhaustive=True)

    exact = _alternate(exact_query, exact_equity, rounds=5)
    ratios = {"sampled trials/s vs equity": sampled[1] / sampled[0], "exact time vs equity": exact[0] / exact[1]}
    benchmark.extra_info.update(unit="runs", units=1, threads=1, **ratios)
    benchmark.pedantic(lambda: None, rounds=1)
    with capsys.disabled():
        print("\n" + "\n".join(f"  {name}: {value:.2f}" for name, value in ratios.items()))
