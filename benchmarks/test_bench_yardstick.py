"""The known-hands paths against the yardstick, side by side in one process (issue 30).

Each test times omaha8eq and the yardstick (``benchmarks/yardstick.py``: a throwaway
numba implementation of the same algorithms, outside the repository) alternately, in
rounds, on one thread by the thread's CPU time (two threads: by the clock), and prints
``omaha8eq / yardstick`` (best round against best round, median against median, and
the spread of the rounds' ratios) with the CPU model and the load. The ratio is the
figure: the machine's speed drifts, and both sides drift together. Without the
yardstick (``../shared/perf/limitprobe`` from the repository's root, or the folder
``OMAHA8EQ_YARDSTICK`` names) omaha8eq's side is still timed and a note says why there
is no ratio.

    pytest benchmarks/test_bench_yardstick.py -s -q

The figures also go to ``extra_info`` (``ratio_best``, ``ratio_median``, ``line``); the
``benchmark`` fixture times omaha8eq's side again, so that a saved run has it.
"""

from __future__ import annotations

import statistics

import numba
import numpy as np
import pytest
import yardstick
from random_rows import random_deals

import omaha8eq

ACES, KINGS, RUNDOWN = "AsAh2c3d", "KsKhQdJd", "9s8s7d6d"
#: Hands added one at a time for the multiway rows (no card twice).
MORE = [RUNDOWN, "TcJhQc4h", "5s6h8c2d"]
FLOP = "Ac8c5h"


def _report(benchmark, capsys, what: str, mine, theirs, calls: int, *, clock: bool = False, rounds: int = 7):
    """Alternate ``mine`` and ``theirs`` (None: no yardstick), print and record the line."""
    if theirs is None:
        times = yardstick.timed(mine, calls, rounds, clock)
        line = (
            f"{what}: omaha8eq {min(times) * 1e3:.4g} ms (median {statistics.median(times) * 1e3:.4g}); "
            f"no yardstick at {yardstick.folder()}: no ratio [{yardstick.machine()}]"
        )
    else:
        pair = yardstick.alternate(mine, theirs, calls, rounds, clock)
        line = pair.line(what)
        benchmark.extra_info.update(ratio_best=pair.best_ratio(), ratio_median=pair.median_ratio())
    benchmark.extra_info.update(line=line, machine=yardstick.machine())
    with capsys.disabled():
        print("\n" + line)
    benchmark.pedantic(mine, rounds=3, iterations=calls)


def _has_yardstick() -> bool:
    return yardstick.probe() is not None


@pytest.mark.parametrize("players", [2, 3])
def test_exact_preflop_one_thread(benchmark, capsys, one_thread, players):
    """Exact preflop, 1 thread: AsAh2c3d v KsKhQdJd (+ 9s8s7d6d). Target <= 1.1x the yardstick's time."""
    hands = [ACES, KINGS, RUNDOWN][:players]
    theirs = None
    if _has_yardstick():
        cards = [c for hand in hands for c in yardstick.cards(hand)]
        theirs = lambda: yardstick.engine().d3(cards, (), par=False)  # noqa: E731
    benchmark.extra_info.update(unit="enumerations", units=1, threads=1)
    mine = lambda: omaha8eq.equity(hands, exhaustive=True, threads=1)  # noqa: E731
    _report(benchmark, capsys, f"exact preflop, {players} players, 1 thread", mine, theirs, 20)


@pytest.mark.skipif(numba.config.NUMBA_NUM_THREADS < 2, reason="needs 2 threads")
def test_exact_preflop_two_threads(benchmark, capsys):
    """Exact heads-up preflop on 2 threads, by the clock. Target <= 0.6x the yardstick's 1-thread
    time; the ratio printed is against the yardstick's own 2-thread build."""
    hands = [ACES, KINGS]
    theirs = None
    previous = numba.get_num_threads()
    numba.set_num_threads(2)
    try:
        if _has_yardstick():
            cards = [c for hand in hands for c in yardstick.cards(hand)]
            theirs = lambda: yardstick.engine().d3(cards, (), par=True)  # noqa: E731
        benchmark.extra_info.update(unit="enumerations", units=1, threads=2)
        mine = lambda: omaha8eq.equity(hands, exhaustive=True, threads=2)  # noqa: E731
        _report(benchmark, capsys, "exact heads-up preflop, 2 threads (clock)", mine, theirs, 20, clock=True)
    finally:
        numba.set_num_threads(previous)


def test_flop_call(benchmark, capsys, one_thread):
    """One exact heads-up flop call (Ac8c5h), all of the Python layer included; numba on one
    thread (set beforehand, not per call). Target <= 1.5x the yardstick's time."""
    hands = [ACES, KINGS]
    theirs = None
    if _has_yardstick():
        cards, board = yardstick.cards(ACES + KINGS), yardstick.cards(FLOP)
        theirs = lambda: yardstick.engine().d3(cards, board, par=False)  # noqa: E731
    benchmark.extra_info.update(unit="calls", units=1, threads=1)
    mine = lambda: omaha8eq.equity(hands, FLOP)  # noqa: E731
    _report(benchmark, capsys, "exact heads-up flop call, all Python", mine, theirs, 200)


def _distinct_flop_spots(count: int, seed: int = 30) -> list[tuple[list[str], str]]:
    """``count`` heads-up flop spots of random hands and boards (``"AsAh2c3d"`` text)."""
    rng = np.random.default_rng(seed)
    spots = []
    for _ in range(count):
        cards = [int(c) for c in rng.permutation(52)[:11]]
        hands = [omaha8eq.format_cards(cards[:4]), omaha8eq.format_cards(cards[4:8])]
        spots.append(([h.replace(" ", "") for h in hands], omaha8eq.format_cards(cards[8:]).replace(" ", "")))
    return spots


def test_spot_equities_distinct_flops(benchmark, capsys, one_thread):
    """``spot_equities`` on 300 different heads-up flop spots (text in), per spot; the
    yardstick's side is a plain loop of its exact call on each spot (its text parsed too).
    Target <= 20 us a spot."""
    spots = _distinct_flop_spots(300)
    theirs = None
    if _has_yardstick():
        engine = yardstick.engine()

        def theirs():
            for hands, board in spots:
                engine.d3(yardstick.cards(hands[0] + hands[1]), yardstick.cards(board), par=False)

    benchmark.extra_info.update(unit="spots", units=len(spots), threads=1)
    mine = lambda: omaha8eq.spot_equities(spots)  # noqa: E731
    _report(benchmark, capsys, f"spot_equities, {len(spots)} different heads-up flops (per call)", mine, theirs, 1)


SAMPLES = 1_000_000


def test_monte_carlo_fixed_hands(benchmark, capsys, one_thread):
    """Monte Carlo, AsAh2c3d v KsKhQdJd, 1,000,000 trials on one thread. Target <= 1.1x the
    yardstick's time."""
    hands = [ACES, KINGS]
    theirs = None
    if _has_yardstick():
        cards = yardstick.cards(ACES + KINGS)
        theirs = lambda: yardstick.engine().mc_fixed(cards, SAMPLES, par=False)  # noqa: E731
    benchmark.extra_info.update(unit="trials", units=SAMPLES, threads=1)
    mine = lambda: omaha8eq.equity(hands, samples=SAMPLES, seed=1, threads=1)  # noqa: E731
    _report(benchmark, capsys, f"Monte Carlo, fixed heads-up hands, {SAMPLES:,} trials", mine, theirs, 2)


ROWS = 1_000_000


def test_evaluate_batch_column_slices(benchmark, capsys, one_thread):
    """``evaluate_batch`` 4-card high only: contiguous hole and board arrays against column
    slices of one (rows, 9) array, alternated (no yardstick: the target is 32 M rows/s,
    phevaluator's C figure, and the slices no slower)."""
    holes, boards = random_deals(ROWS, 4)
    deals = np.concatenate([holes, boards], axis=1)
    hole_view, board_view = deals[:, :4], deals[:, 4:]
    contiguous = lambda: omaha8eq.evaluate_batch(holes, boards, low=False)  # noqa: E731
    sliced = lambda: omaha8eq.evaluate_batch(hole_view, board_view, low=False)  # noqa: E731
    pair = yardstick.alternate(contiguous, sliced, 1, 9)
    line = (
        f"evaluate_batch, 4 cards, high only, {ROWS:,} rows: contiguous {ROWS / min(pair.mine) / 1e6:.1f} M rows/s "
        f"(median {ROWS / statistics.median(pair.mine) / 1e6:.1f} M), column slices "
        f"{ROWS / min(pair.theirs) / 1e6:.1f} M rows/s (median {ROWS / statistics.median(pair.theirs) / 1e6:.1f} M); "
        f"slices / contiguous time {1 / pair.best_ratio():.2f}x best, {1 / pair.median_ratio():.2f}x median "
        f"[{yardstick.machine()}]"
    )
    benchmark.extra_info.update(unit="rows", units=ROWS, threads=1, line=line, machine=yardstick.machine())
    with capsys.disabled():
        print("\n" + line)
    benchmark.pedantic(sliced, rounds=3)


def test_multiway_exact_preflop(benchmark, capsys, one_thread):
    """Exact preflop from 2 to 5 players, 1 thread: each count's time against heads-up's
    and against the yardstick's on the same hands; then 5 players against heads-up
    alternated (target <= 1.5x)."""
    hands = [ACES, KINGS, *MORE]
    lines = []
    heads_up = None
    for players in range(2, 6):
        spot = hands[:players]
        mine = lambda spot=spot: omaha8eq.equity(spot, exhaustive=True, threads=1)  # noqa: E731
        if _has_yardstick():
            cards = [c for hand in spot for c in yardstick.cards(hand)]
            theirs = lambda cards=cards: yardstick.engine().d3(cards, (), par=False)  # noqa: E731
            pair = yardstick.alternate(mine, theirs, 10, 5)
            times = pair.mine
            extra = f", omaha8eq / yardstick {pair.best_ratio():.2f}x (median {pair.median_ratio():.2f}x)"
        else:
            times, extra = yardstick.timed(mine, 10, 5), ""
        heads_up = heads_up or min(times)
        lines.append(
            f"exact preflop, {players} players, 1 thread: {min(times) * 1e3:.3f} ms "
            f"({min(times) / heads_up:.2f}x heads-up){extra}"
        )
        benchmark.extra_info[f"ms_{players}_players"] = min(times) * 1e3
    # The target's ratio side by side: 5 players and heads-up alternated, round by round
    # (the rows above time each count in its own minutes, which a shared machine skews).
    pair = yardstick.alternate(
        lambda: omaha8eq.equity(hands[:5], exhaustive=True, threads=1),
        lambda: omaha8eq.equity(hands[:2], exhaustive=True, threads=1),
        10,
        9,
    )
    ratios = sorted(pair.round_ratios())
    lines.append(
        f"5 players / heads-up, alternated: {pair.best_ratio():.2f}x best, {pair.median_ratio():.2f}x median, "
        f"rounds {ratios[0]:.2f}-{ratios[-1]:.2f}x (target <= 1.5x)"
    )
    benchmark.extra_info.update(five_over_two_best=pair.best_ratio(), five_over_two_median=pair.median_ratio())
    text = "\n".join(lines) + f"\n[{yardstick.machine()}]"
    benchmark.extra_info.update(unit="enumerations", units=1, threads=1, line=text)
    with capsys.disabled():
        print("\n" + text)
    benchmark.pedantic(omaha8eq.equity, args=(hands,), kwargs={"exhaustive": True, "threads": 1}, rounds=3)
