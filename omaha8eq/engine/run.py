"""Running the engine on a parsed spot: prepare the deal, choose the method, count, summarize."""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager, nullcontext
from typing import NamedTuple

import numba
import numpy as np

from ..core.exact_boards import board_combinations
from ..core.showdown import histogram_shape
from ..deck import BOARD_CARDS, DECK_SIZE
from ..errors import OmahaInputError
from ..results import EquityResult
from .deal import Deal, lookup_tables, prepare_deal
from .exact import aggregate_counts, aggregate_many, enumerate_counts
from .feasibility import check_ranges_fit
from .heads_up import BoardSweeper, heads_up_sweepable, sweep_counts
from .method import MAX_WORK, Method, Plan, aggregate_work, check_work, choose_method, within_limit
from .progress import ProgressCallback, announce_unit, report
from .range_combinations import RangeCounts, exact_range_counts
from .sampling import SampleTarget, sample_counts
from .spot import Spot
from .summary import HandResults, build_result

__all__ = ["SPOTS_PER_CALL", "SpotGroup", "count_spots", "run_equity", "run_split"]

#: Most spots of one kernel call of :func:`count_spots` (a preflop spot takes about a
#: millisecond on one core): progress is reported, and Ctrl-C honoured, between calls.
SPOTS_PER_CALL = 256


class SpotGroup(NamedTuple):
    """The spots of one player count ``P`` counted by :func:`count_spots`: their indices
    (``members``, ascending), their outcome histograms (``counts``, int64, ``(len(members),
    P, P + 1, P + 3)``) and their boards counted (``outcomes``, int64)."""

    members: list[int]
    counts: np.ndarray
    outcomes: np.ndarray


def numba_threads(threads: int | None) -> AbstractContextManager[None]:
    """Within the block numba uses ``threads`` threads (None: unchanged); restored after.

    The engine's functions that change the count themselves restore it."""
    # None: nothing to do (asking numba the count and setting it back costs microseconds,
    # and a generator's context manager half of one).
    return nullcontext() if threads is None else _threads_set(threads)


@contextmanager
def _threads_set(threads: int) -> Iterator[None]:
    """:func:`numba_threads` of a thread count."""
    previous = numba.get_num_threads()
    if previous == threads:  # each set costs microseconds: a small exact call's tenth
        yield
        return
    numba.set_num_threads(threads)
    try:
        yield
    finally:
        numba.set_num_threads(previous)


def run_equity(
    spot: Spot,
    *,
    exhaustive: bool | None = None,
    samples: int | None = None,
    stderr_target: float | None = None,
    seed: int | None = None,
    hilo: bool = True,
    threads: int | None = None,
    progress: ProgressCallback | None = None,
    by_hand: bool = False,
    max_work: int | None = None,
    started: float | None = None,
    _aggregate_exact: bool = True,
    _range_sweep: bool = True,
    by_next_card: bool = False,
    board_sweeper: BoardSweeper | None = None,
) -> EquityResult:
    """The equity of a checked spot (arguments as for :func:`omaha8eq.equities.equity`,
    already validated); ``started`` (a ``time.perf_counter()``, default now) times the
    run; ``_aggregate_exact`` and ``_range_sweep`` as for :func:`~.method.choose_method`
    (the tests pass them). Raises OmahaInputError before any counting when the ranges
    cannot be dealt together or when ``exhaustive=True`` and the estimate is above
    ``max_work`` (:func:`~.method.check_work`); with ``exhaustive=None`` such a spot is sampled.
    ``board_sweeper`` (a distributed ``sweep_boards``, see ``omaha8eq.distributed``)
    runs the exact heads-up preflop sweep; any other spot raises OmahaInputError."""
    started = time.perf_counter() if started is None else started
    deal = prepare_deal(spot)
    check_ranges_fit(deal)
    plan = choose_method(
        deal,
        exhaustive=exhaustive,
        samples=samples,
        stderr_target=stderr_target,
        _aggregate_exact=_aggregate_exact,
        _range_sweep=_range_sweep,
        by_next_card=by_next_card,
    )
    if exhaustive is None and not within_limit(plan.method, deal, max_work):
        plan = choose_method(deal, exhaustive=False, samples=samples, stderr_target=stderr_target)  # too long: sample
    if board_sweeper is not None:
        if deal.spot.board or by_next_card or not heads_up_sweepable(deal) or not plan.method.exhaustive:
            raise OmahaInputError(
                "scheduler: Dask runs the exact heads-up preflop sweep (two players, ranges or hands, no board); "
                "run this spot without a scheduler"
            )
        plan = Plan(Method.RANGE_SWEEP, plan.deals)
    if exhaustive is not None or board_sweeper is not None:  # else within the limit already (or sampled)
        check_work(plan.method, deal, max_work)
    # The exact aggregation reads only the high columns (the sweep none): skip building the rest.
    high_only = plan.method in (Method.AGGREGATE, Method.RANGE_COMBINATIONS, Method.RANGE_SWEEP)
    arrays = deal.arrays(hilo, high_only=high_only)
    tables = lookup_tables()
    hand_results: HandResults = {}
    announce_unit(progress, plan.method.progress_unit)
    next_cards = None
    used_seed = None
    target_met = None
    with numba_threads(threads):
        if plan.method in (Method.RANGE_COMBINATIONS, Method.RANGE_SWEEP):
            ranged: RangeCounts
            if plan.method is Method.RANGE_SWEEP:
                ranged = sweep_counts(
                    deal,
                    hilo=hilo,
                    by_hand=by_hand,
                    progress=progress,
                    by_next_card=by_next_card,
                    sweeper=board_sweeper,
                )
                next_cards = ranged.next_cards
            else:
                ranged = exact_range_counts(deal, arrays, tables, by_hand=by_hand, progress=progress)
            counts, outcomes, hand_results = ranged.counts[0], int(ranged.outcomes[0]), ranged.hand_results
        elif plan.method is Method.AGGREGATE:
            counts, outcomes = aggregate_counts(arrays, tables, share_threads=True)[0], plan.deals
            report(progress, plan.deals, plan.deals)
        elif plan.method is Method.ENUMERATE:
            counts, outcomes = enumerate_counts(arrays, tables, plan.deals, progress), plan.deals
        else:
            used_seed = int.from_bytes(os.urandom(8), "little") if seed is None else seed
            counts, hand_results, target_met = sample_counts(
                deal,
                arrays,
                tables,
                seed=used_seed,
                target=SampleTarget(samples, stderr_target),
                by_hand=by_hand,
                progress=progress,
            )
            outcomes = int(counts[0].sum())
    return build_result(
        deal.spot,
        counts,
        outcomes,
        exhaustive=plan.method.exhaustive,
        seed=used_seed,
        hilo=hilo,
        started=started,
        hand_results=hand_results,
        next_cards=next_cards,
        target_met=target_met,
        weighted=plan.method in (Method.RANGE_COMBINATIONS, Method.RANGE_SWEEP),
    )


def count_spots(
    spots: list[Spot],
    *,
    hilo: bool,
    threads: int | None,
    max_work: int | None,
    progress: ProgressCallback | None,
) -> list[SpotGroup]:
    """The exact outcome histograms of every checked spot (known hands only), as
    ``run_equity(spot, exhaustive=True)`` counts them, grouped by player count (groups
    in the order of their first spot). The spots are counted ``SPOTS_PER_CALL`` at a time
    per kernel call (alike spots together: the same number of players and hole size),
    shared among the threads; ``progress(done, total)`` counts spots. Raises
    OmahaInputError before any counting when the estimated work of all the spots is
    above ``max_work`` (default ``MAX_WORK``)."""
    boards = [_boards_to_come(spot) for spot in spots]
    work = sum(aggregate_work(len(spot.seats), n) for spot, n in zip(spots, boards, strict=True))
    limit = MAX_WORK if max_work is None else max_work
    if work > limit:
        raise OmahaInputError(
            f"spots: these {len(spots)} exact runs would take about {work:.2g} hand evaluations in all, above "
            f"the limit max_work={limit:.2g}; split them, or raise max_work to run them anyway"
        )
    tables = lookup_tables()
    by_players: dict[int, list[int]] = {}
    for i, spot in enumerate(spots):
        by_players.setdefault(len(spot.seats), []).append(i)
    groups = [
        SpotGroup(
            members,
            np.zeros((len(members), *histogram_shape(n_players)), dtype=np.int64),
            np.array([boards[i] for i in members], dtype=np.int64),
        )
        for n_players, members in by_players.items()
    ]
    done = 0
    announce_unit(progress, "spots")
    with numba_threads(threads):
        for group in groups:
            by_hole: dict[int, list[int]] = {}
            for row, i in enumerate(group.members):
                by_hole.setdefault(spots[i].hole_size, []).append(row)
            for rows in by_hole.values():
                for first in range(0, len(rows), SPOTS_PER_CALL):
                    part = rows[first : first + SPOTS_PER_CALL]
                    group.counts[part] = aggregate_many([spots[group.members[row]] for row in part], hilo, tables)
                    done += len(part)
                    report(progress, done, len(spots))
    return groups


def _boards_to_come(spot: Spot) -> int:
    """The board completions of a spot of fixed hands: its exact run's deals (0 for a
    board past the limit, which ``aggregate_many``'s check of the limits refuses)."""
    n_deck = DECK_SIZE - len(spot.seats) * spot.hole_size - len(spot.board) - len(spot.dead)
    missing = BOARD_CARDS - len(spot.board)
    return board_combinations(n_deck, missing) if missing >= 0 else 0


def run_split(
    spot: Spot, ranks: int, progress: ProgressCallback | None, started: float
) -> tuple[EquityResult, EquityResult | None, EquityResult | None]:
    """Exact Omaha Hi-Lo equity of a checked spot without random hands, overall, over
    the runouts bringing a card of ``ranks`` (a 13-bit rank mask) and over the others
    (see :func:`omaha8eq.equities.split_equity`)."""
    deal: Deal = prepare_deal(spot)
    check_ranges_fit(deal)
    arrays = deal.arrays(True, high_only=True)
    tables = lookup_tables()
    if deal.ranged:
        announce_unit(progress, Method.RANGE_COMBINATIONS.progress_unit)
        ranged = exact_range_counts(deal, arrays, tables, by_hand=False, progress=progress, split_ranks=ranks)
        counts, outcomes = ranged.counts, ranged.outcomes
    else:
        announce_unit(progress, Method.AGGREGATE.progress_unit)
        counts = aggregate_counts(arrays, tables, split_ranks=ranks, share_threads=True)
        outcomes = counts[:, 0].sum(axis=(1, 2))
        report(progress, int(outcomes.sum()), int(outcomes.sum()))

    def result(part_counts: np.ndarray, part_outcomes: int) -> EquityResult:
        return build_result(
            deal.spot, part_counts, part_outcomes, exhaustive=True, seed=None, hilo=True, started=started
        )

    overall = result(counts.sum(axis=0), int(outcomes.sum()))
    hit, missed = (result(counts[k], int(outcomes[k])) if k < len(counts) and outcomes[k] else None for k in (1, 0))
    return overall, hit, missed
