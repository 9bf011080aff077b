"""The one sampling loop (``engine.sampling``): its chunk plan, its stop and its progress,
and the one exact-or-sample choice, without a kernel."""

from __future__ import annotations

import numpy as np
import pytest

from omaha8eq.engine.options import RunOptions
from omaha8eq.engine.sampling import (
    CHUNK_SAMPLES,
    DEFAULT_SAMPLES,
    MAX_SAMPLES,
    SampleTarget,
    chunk_calls,
    draw_until,
    exact_chosen,
    sampling_asked,
)


def _chunks(limit: int, per_call: int, size: int = CHUNK_SAMPLES) -> list[tuple[int, int]]:
    """Every chunk of a run as (index, size), whatever the calls."""
    return [(first + k, int(n)) for first, sizes in chunk_calls(limit, per_call, size) for k, n in enumerate(sizes)]


@pytest.mark.parametrize("limit", [1, 2, CHUNK_SAMPLES, CHUNK_SAMPLES + 1, 70 * CHUNK_SAMPLES - 3])
def test_the_chunks_do_not_depend_on_the_calls(limit):
    one = _chunks(limit, 1)
    assert one == _chunks(limit, 64) == _chunks(limit, 5)
    assert [index for index, _ in one] == list(range(len(one)))
    assert sum(size for _, size in one) == limit and all(size == CHUNK_SAMPLES for _, size in one[:-1])


def test_a_call_holds_at_most_its_chunks():
    calls = list(chunk_calls(10 * 8, 3, 8))
    assert [first for first, _ in calls] == [0, 3, 6, 9]
    assert [sizes.tolist() for _, sizes in calls] == [[8, 8, 8], [8, 8, 8], [8, 8, 8], [8]]
    assert all(sizes.dtype == np.int64 for _, sizes in calls)


def test_the_target_of_the_options():
    assert SampleTarget.of(RunOptions()).limit == DEFAULT_SAMPLES
    assert SampleTarget.of(RunOptions(), 600).limit == SampleTarget.of(RunOptions(), 600).known_total == 600
    only_stderr = SampleTarget.of(RunOptions(stderr_target=0.01), 600)
    assert only_stderr.limit == MAX_SAMPLES and only_stderr.known_total is None
    both = SampleTarget.of(RunOptions(samples=5000, stderr_target=0.01), 600)
    assert both.limit == both.known_total == 5000


def test_the_loop_stops_once_the_target_is_met_and_reports_each_batch():
    reports = []
    drawn = []

    def batches():
        for n in (10, 10, 10, 10):
            drawn.append(n)
            yield n

    errors = iter([None, [0.5, None], [0.01, 0.02], [0.0]])
    met = draw_until(SampleTarget(None, 0.02), batches(), lambda: next(errors), lambda *a: reports.append(a))
    assert met is True and len(drawn) == 3  # the fourth batch is never drawn
    assert reports == [(10, None), (20, None), (30, None)]


def test_the_loop_without_a_target_draws_every_batch_and_answers_none():
    asked = []
    reports = []
    met = draw_until(SampleTarget(30, None), iter([10, 10, 10]), lambda: asked.append(1), lambda *a: reports.append(a))
    assert met is None and not asked and reports == [(10, 30), (20, 30), (30, 30)]
    assert draw_until(SampleTarget(30, 0.001), iter([10, 20]), lambda: [0.5], None) is False


def test_a_progress_that_raises_stops_the_loop():
    drawn = []

    def cancel(done, total):
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        draw_until(SampleTarget(30, None), (drawn.append(n) or n for n in (10, 10, 10)), list, cancel)
    assert drawn == [10]


@pytest.mark.parametrize(
    ("options", "cost", "exact"),
    [
        (RunOptions(), 10, True),
        (RunOptions(), 11, False),
        (RunOptions(), None, False),
        (RunOptions(samples=100), 1, False),
        (RunOptions(stderr_target=0.1), 1, False),
        (RunOptions(exhaustive=True), 10**12, True),
        (RunOptions(exhaustive=False), 1, False),
    ],
)
def test_the_one_exact_or_sample_choice(options, cost, exact):
    assert exact_chosen(options, cost, 10) is exact
    assert sampling_asked(options) is (options.samples is not None or options.stderr_target is not None)
