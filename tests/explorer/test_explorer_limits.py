"""The explorer's limits, progress and threads: priced from the ranges' sizes and refused
before any range is built, the options of equity() checked by the same record, progress
reported for every step, and the same numbers whatever the chunks and threads."""

from __future__ import annotations

import numpy as np
import pytest

import omaha8eq
from omaha8eq.engine.budget import check_explore_cost, explore_cost
from omaha8eq.engine.method import MAX_WORK
from omaha8eq.engine.options import RunOptions
from omaha8eq.errors import OmahaInputError, OmahaTypeError, WorkLimitError
from omaha8eq.explorer import exploration_cost, explore
from omaha8eq.ranges import range as ranges
from omaha8eq.ranges.range import parse_range


@pytest.fixture
def nothing_built(monkeypatch):
    """Building a range fails the test (counting one without building it is allowed)."""

    def refuse(*args, **kwargs):
        raise AssertionError("a range was built")

    monkeypatch.setattr(ranges, "parse_range", refuse)
    monkeypatch.setattr(ranges, "_parse_cached", refuse)


def test_a_hopeless_sweep_is_refused_from_the_sizes_before_any_range_is_built(nothing_built):
    # 6-card 15% against 15% on a flop: about 2e11 sweep row updates, an hour on one core.
    with pytest.raises(WorkLimitError) as refused:
        explore("15%", "Kc8c5h", against="15%", game="omaha86")
    message = str(refused.value)
    assert "max_work=3e+09" in message and "--max-work" in message and "3,053,784 and 3,053,784 hands" in message
    assert refused.value.limit == MAX_WORK and refused.value.work > 10 * MAX_WORK
    with pytest.raises(WorkLimitError, match="max_work=1e\\+06"):
        explore("15%", "Kc8c5h", against="15%", game="omaha86", max_work=10**6)


def test_an_exploration_above_max_memory_is_refused_before_any_range_is_built(nothing_built):
    with pytest.raises(OmahaInputError, match="max_memory=100,000,000 bytes") as refused:
        explore("100%", "Kc8c5h", game="omaha86", max_memory=10**8)
    assert "--max-memory" in str(refused.value) and "20,358,520 hands" in str(refused.value)


def test_the_estimate_is_the_budgets_and_a_hand_costs_no_work():
    cost = exploration_cost("15%", "Kc8c5h", against="50%")
    sizes = [len(parse_range("15%")), len(parse_range("50%"))]
    assert cost == explore_cost(sizes, hole_size=4, board=3, dead=0)
    assert cost.sweep is not None and cost.sweep.work > 2_000_000_000  # every runout, no suit classes
    assert exploration_cost("AsAh2c3d", "Kc8c5h", against="KsKhQdJd").sweep is None
    assert exploration_cost("AA2*", "Kc8c5h").sweep is None  # no against: no sweep
    same = exploration_cost("15%", "Kc8c5h", against="15%")
    other = explore_cost(same.hands, hole_size=4, board=3, dead=0)
    assert same.sweep.work * 2 == other.sweep.work  # one range against itself is swept once
    check_explore_cost(cost, RunOptions.check(max_work=3_000_000_000))
    with pytest.raises(WorkLimitError):
        check_explore_cost(cost, RunOptions.check(max_work=2_000_000_000))


@pytest.mark.parametrize(
    ("options", "error", "name"),
    [
        ({"max_work": 0}, OmahaInputError, "max_work"),
        ({"max_memory": "lots"}, OmahaTypeError, "max_memory"),
        ({"threads": 0}, OmahaInputError, "threads"),
        ({"threads": 1.5}, OmahaTypeError, "threads"),
        ({"progress": 5}, OmahaTypeError, "progress"),
    ],
)
def test_options_are_checked_by_the_run_options_record(options, error, name):
    with pytest.raises(error, match=f"^{name}"):
        explore("AA2*", "Kc8c5h", **options)


class Recorder:
    """A progress callback with ``counting``: every report, by the unit announced."""

    def __init__(self) -> None:
        self.reports: list[tuple[str, int, int | None]] = []
        self.unit = ""

    def counting(self, unit: str) -> None:
        self.unit = unit

    def __call__(self, done: int, total: int | None) -> None:
        self.reports.append((self.unit, done, total))


def test_progress_reports_the_build_the_classes_and_the_sweep():
    recorder = Recorder()
    found = explore("AA2*", "Kc8c5h7d", against="KK**:$ds", progress=recorder)
    assert found.rows == explore("AA2*", "Kc8c5h7d", against="KK**:$ds").rows
    units = [unit for unit, _, _ in recorder.reports]
    assert units == sorted(units, key=["hands", "boards"].index)  # the hands first, then the boards
    classified = [
        (done, total) for unit, done, total in recorder.reports if unit == "hands" and total == len(found.hands)
    ]
    assert classified[-1] == (len(found.hands), len(found.hands))
    boards = [(done, total) for unit, done, total in recorder.reports if unit == "boards"]
    assert boards and boards[-1] == (48, 48) and [d for d, _ in boards] == sorted(d for d, _ in boards)


def test_a_progress_callback_that_raises_stops_the_exploration():
    class Stop(Exception):
        pass

    def stop(done, total):
        raise Stop

    with pytest.raises(Stop):
        explore("AA2*", "Kc8c5h", against="KsKhQdJd", progress=stop)


def test_chunks_and_threads_change_no_number(monkeypatch):
    whole = explore("20%", "Kc8c5h7d", against="AA2*")
    monkeypatch.setattr("omaha8eq.explorer.run.CLASSIFY_CHUNK", 1000)
    recorder = Recorder()
    chunked = explore("20%", "Kc8c5h7d", against="AA2*", threads=1, progress=recorder)
    assert np.array_equal(chunked.classes, whole.classes) and np.array_equal(chunked.hand_counts, whole.hand_counts)
    assert chunked.rows == whole.rows and chunked.total == whole.total
    assert [r.exact_equity() for r in chunked.rows] == [r.exact_equity() for r in whole.rows]
    classified = [done for unit, done, total in recorder.reports if unit == "hands" and total == len(whole.hands)]
    assert len(classified) == -(-len(whole.hands) // 1000)


def test_the_public_names_still_answer():
    assert omaha8eq.explore is explore and omaha8eq.Exploration.__module__ == "omaha8eq.explorer.result"
    assert omaha8eq.filter_range("AA23", "Kc8c5h", "overpair").hands.shape == (96, 4)
