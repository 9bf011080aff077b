"""Range explorer speed (issue 26): ``15%`` (26,342 live hands) on the flop Ac8c5h.

The targets (one thread): the classes of the whole range, clean outs included, <= 50 ms
(``explore`` without ``against``, end to end, and the kernel alone); with
``against="15%"``, ``explore`` at most 10% above the range sweep alone on the same inputs
(the flop, marked slow: about 12 s a sweep; the turn, cheap, is the same ratio's check).
The ratios are measured alternately in one process by ``time.thread_time()``, best of
the rounds and median, and printed (run with ``-s``).
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable

import numpy as np
import pytest

from omaha8eq.cards import parse_cards
from omaha8eq.core.holdings_kernel import classify
from omaha8eq.core.tables import get_tables
from omaha8eq.engine.range_vs_range import sweep_ranges
from omaha8eq.explorer import explore
from omaha8eq.ranges.range import parse_range

RANGE = "15%"
FLOP = "Ac8c5h"
TURN = "Ac8c5h9d"


def _alternate(calls: dict[str, Callable[[], object]], rounds: int) -> dict[str, tuple[float, float]]:
    """Each call's best and median ``thread_time`` (one numba thread runs on the caller's
    thread), the calls taking turns in one process: the machine's load moves them alike."""
    times: dict[str, list[float]] = {name: [] for name in calls}
    for _ in range(rounds):
        for name, call in calls.items():
            started = time.thread_time()
            call()
            times[name].append(time.thread_time() - started)
    return {name: (min(ts), statistics.median(ts)) for name, ts in times.items()}


def _print(capsys, title: str, figures: dict[str, float]) -> None:
    with capsys.disabled():
        print(f"\n  {title}")
        print("\n".join(f"    {name}: {value:.3f}" for name, value in figures.items()))


def test_classes_of_a_range_on_the_flop(benchmark, one_thread, capsys):
    """One unit = the whole range classified (``explore`` without ``against``); the kernel
    alone beside it, clean outs on and off (what they cost)."""
    board = parse_cards(FLOP)
    hands = parse_range(RANGE).without(sum(1 << c for c in board)).hands
    cards = np.array(board, dtype=np.int8)
    tables = get_tables()
    explore(RANGE, FLOP)  # compile and warm up
    times = _alternate(
        {
            "explore ms": lambda: explore(RANGE, FLOP),
            "kernel ms": lambda: classify(hands, cards, True, tables, clean_outs=True),
            "kernel without clean outs ms": lambda: classify(hands, cards, True, tables),
        },
        rounds=15,
    )
    figures = {f"{name} (best)": 1000 * best for name, (best, _) in times.items()}
    figures |= {f"{name} (median)": 1000 * median for name, (_, median) in times.items()}
    benchmark.extra_info.update(unit="hands", units=len(hands), threads=1, **figures)
    benchmark.pedantic(explore, args=(RANGE, FLOP), rounds=5, warmup_rounds=0)
    _print(capsys, f"{RANGE} on {FLOP}: {len(hands):,} hands (target <= 50 ms)", figures)


def _against_ratio(benchmark, capsys, board_text: str, rounds: int) -> None:
    """``explore(RANGE, board, against=RANGE)`` over the sweep alone (its inputs ready)."""
    board = parse_cards(board_text)
    live = parse_range(RANGE).without(sum(1 << c for c in board))
    weights = live.exact_weights()[0]

    def sweep() -> object:
        return sweep_ranges(live.hands, weights, live.hands, weights, board, ())

    def explored() -> object:
        return explore(RANGE, board_text, against=RANGE)

    explored()  # compile and warm up
    times = _alternate({"explore": explored, "sweep": sweep}, rounds)
    figures = {
        "explore s (best)": times["explore"][0],
        "sweep s (best)": times["sweep"][0],
        "ratio of the bests": times["explore"][0] / times["sweep"][0],
        "ratio of the medians": times["explore"][1] / times["sweep"][1],
    }
    benchmark.extra_info.update(unit="spots", units=1, threads=1, **figures)
    benchmark.pedantic(lambda: None, rounds=1)
    _print(capsys, f"explore against {RANGE} on {board_text} over the sweep alone (target <= 1.10)", figures)


def test_against_a_range_on_the_turn(benchmark, one_thread, capsys):
    _against_ratio(benchmark, capsys, TURN, rounds=5)


@pytest.mark.slow
def test_against_a_range_on_the_flop(benchmark, one_thread, capsys):
    _against_ratio(benchmark, capsys, FLOP, rounds=3)
