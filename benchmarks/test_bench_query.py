"""Query-language speed (issue 25's table), each beside the ``equity()`` call it compares with.

Read the ratios of one run (``benchmarks/report.py``): the machine's load changes the
absolute figures, not the ratios measured side by side.
"""

from __future__ import annotations

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
    """One unit = one trial of histogram(handType(hero, flop)) for A2** (sampled: the exact
    enumeration is about 3e8 deals, above the default max_work)."""
    text = "select histogram(handType(hero, flop)) from game='omaha8', hero='A2**'"
    omaha8eq.query(text, samples=1000, seed=1)
    benchmark.extra_info.update(unit="trials", units=SAMPLES, threads=1)
    benchmark.pedantic(omaha8eq.query, args=(text,), kwargs={"seed": 1}, rounds=3, warmup_rounds=0)
