"""Running the engine on a parsed spot: prepare the deal, choose the method, count, summarize.

The run's options arrive as one checked :class:`~.options.RunOptions`; the method is the
planner's (:func:`~.method.choose_method`) and its runner is looked up in ``RUNNERS``.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager, nullcontext
from dataclasses import replace
from typing import Any, NamedTuple

import numba
import numpy as np

from ..cards import CardSpec
from ..core.exact_boards import board_combinations
from ..core.showdown import histogram_shape
from ..deck import BOARD_CARDS, DECK_SIZE
from ..errors import OmahaInputError
from ..games import Game, GameChoice
from ..results import EquityResult, NextCardEquity
from .budget import check_spot_cost, spot_sizes
from .deal import Deal, known_card_arrays, lookup_tables, prepare_deal
from .exact import aggregate_cards, aggregate_counts, aggregate_many, enumerate_counts
from .feasibility import check_ranges_fit
from .heads_up import BoardSweeper, heads_up_sweepable, sweep_counts
from .method import (
    MAX_WORK,
    RATES,
    Method,
    Plan,
    aggregate_work,
    check_work,
    choose_method,
    estimate_work,
    plan_deals,
    within_limit,
)
from .options import RunOptions, draw_seed
from .progress import ProgressCallback, announce_unit, report
from .range_combinations import exact_range_counts
from .sampling import SampleTarget, sample_counts
from .spot import Spot, known_hands_only, parse_spot
from .summary import HandResults, build_result
from .threads import choose_threads

__all__ = [
    "RUNNERS",
    "SPOTS_PER_CALL",
    "Counted",
    "SpotGroup",
    "Task",
    "count_spots",
    "run_equity",
    "run_method",
    "run_split",
]

#: Most spots of one kernel call of :func:`count_spots` (a preflop spot takes about a
#: millisecond on one core): progress is reported, and Ctrl-C honoured, between calls.
SPOTS_PER_CALL = 256
#: The options of a run given none: the planner's choice, every default.
DEFAULT_OPTIONS = RunOptions()


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


class Counted(NamedTuple):
    """What a runner counted: the outcome histogram (``histogram_shape``) and its deals,
    with what some methods add (per-hand results, the next-card table, the seed drawn,
    whether a standard-error target was met)."""

    counts: np.ndarray
    outcomes: int
    hand_results: HandResults
    next_cards: tuple[NextCardEquity, ...] | None = None
    seed: int | None = None
    target_met: bool | None = None


class Task(NamedTuple):
    """One run handed to a runner: the prepared deal (its spot carries the game), the
    plan, the options and a distributed board sweeper (None: in process)."""

    deal: Deal
    plan: Plan
    options: RunOptions
    sweeper: BoardSweeper | None = None


def _run_sweep(task: Task) -> Counted:
    options = task.options
    swept = sweep_counts(
        task.deal,
        by_hand=options.by_hand,
        progress=options.progress,
        by_next_card=options.by_next_card,
        sweeper=task.sweeper,
    )
    return Counted(swept.counts[0], int(swept.outcomes[0]), swept.hand_results, swept.next_cards)


def _run_combinations(task: Task) -> Counted:
    # The exact aggregation of each combination reads only the high columns: the rest is not built.
    arrays = task.deal.arrays(high_only=True)
    options = task.options
    ranged = exact_range_counts(task.deal, arrays, lookup_tables(), by_hand=options.by_hand, progress=options.progress)
    return Counted(ranged.counts[0], int(ranged.outcomes[0]), ranged.hand_results)


def _run_aggregate(task: Task) -> Counted:
    arrays = task.deal.arrays(high_only=True)
    counts = aggregate_counts(arrays, lookup_tables(), share_threads=True)[0]
    report(task.options.progress, task.plan.deals, task.plan.deals)
    return Counted(counts, task.plan.deals, {})


def _run_enumerate(task: Task) -> Counted:
    arrays = task.deal.arrays()
    counts = enumerate_counts(arrays, lookup_tables(), task.plan.deals, task.options.progress)
    return Counted(counts, task.plan.deals, {})


def _run_sample(task: Task) -> Counted:
    options = task.options
    seed = draw_seed() if options.seed is None else options.seed
    counts, hand_results, target_met = sample_counts(
        task.deal,
        task.deal.arrays(),
        lookup_tables(),
        seed=seed,
        target=SampleTarget.of(options),
        by_hand=options.by_hand,
        progress=options.progress,
    )
    return Counted(counts, int(counts[0].sum()), hand_results, seed=seed, target_met=target_met)


#: Per method, the function that counts a run by it (a new method adds its runner here,
#: beside its ``WORK_ESTIMATES`` and ``RATES`` entries: the tests check every Method has one).
RUNNERS: dict[Method, Callable[[Task], Counted]] = {
    Method.AGGREGATE: _run_aggregate,
    Method.RANGE_COMBINATIONS: _run_combinations,
    Method.RANGE_SWEEP: _run_sweep,
    Method.ENUMERATE: _run_enumerate,
    Method.SAMPLE: _run_sample,
}


def run_equity(
    spot: Spot,
    options: RunOptions = DEFAULT_OPTIONS,
    *,
    started: float | None = None,
    board_sweeper: BoardSweeper | None = None,
) -> EquityResult:
    """The equity of a checked spot (``options`` checked by :meth:`RunOptions.check`, as
    :func:`omaha8eq.equities.equity` does); ``started`` (a ``time.perf_counter()``,
    default now) times the run. The method is the planner's
    (:func:`~.method.choose_method`). Raises OmahaInputError before any counting when the
    ranges cannot be dealt together or when ``exhaustive=True`` and the estimate is above
    ``max_work`` (:func:`~.method.check_work`); with ``exhaustive=None`` such a spot is
    sampled. ``board_sweeper`` (a distributed ``sweep_boards``, see
    ``omaha8eq.distributed``) runs the exact heads-up preflop sweep; any other spot
    raises OmahaInputError."""
    started = time.perf_counter() if started is None else started
    if board_sweeper is None and _known_after_flop(spot, options):
        return _run_known(spot, options, started)
    deal = prepare_deal(spot)
    check_ranges_fit(deal)
    plan = choose_method(deal, options)
    if options.exhaustive is None and not within_limit(plan.method, deal, options.max_work):
        plan = choose_method(deal, replace(options, exhaustive=False))  # too long: sample
    if board_sweeper is not None:
        if deal.spot.board or options.by_next_card or not heads_up_sweepable(deal) or not plan.method.exhaustive:
            raise OmahaInputError(
                "scheduler: Dask runs the exact heads-up preflop sweep (two players, ranges or hands, no board); "
                "run this spot without a scheduler"
            )
        plan = Plan(Method.RANGE_SWEEP, plan.deals)
    if options.exhaustive is not None or board_sweeper is not None:  # else within the limit already (or sampled)
        check_work(plan.method, deal, options.max_work)
    return _run_plan(Task(deal, plan, options, board_sweeper), started)


def equity_of_spot(
    hands: Sequence[Any],
    board: CardSpec,
    dead: CardSpec,
    choice: GameChoice,
    options: RunOptions,
    *,
    started: float | None = None,
    board_sweeper: BoardSweeper | None = None,
) -> EquityResult:
    """One board's equity of ``hands`` as given (cards, text or ranges; ``options``
    checked, ``choice`` a one-board game): the ranges' cost is priced from their sizes and
    a hopeless run refused before they are built (:func:`~.budget.check_spot_cost`), then
    the spot is parsed and run (:func:`run_equity`). The public ``equity`` and the all-in
    pots (``omaha8eq.chips.allin``) both come here."""
    started = time.perf_counter() if started is None else started
    sizes = None if known_hands_only(hands) else spot_sizes(hands, board, dead, choice.game)
    if sizes is not None:  # known hands alone need BASE_BYTES, and the planner's estimates are cheap
        check_spot_cost(sizes, options)
    spot = parse_spot(hands, board, dead, choice)
    return run_equity(spot, options, started=started, board_sweeper=board_sweeper)


def _known_after_flop(spot: Spot, options: RunOptions) -> bool:
    """Known hands on a flop, turn or river with their exact equity alone asked (the usual
    call): the planner's choice is then the aggregation (known hands are counted exactly
    unless sampling is asked, and a few thousand boards are within every default limit),
    so :func:`_run_known` runs it without a plan."""
    return (
        bool(spot.board)
        and options.exhaustive is not False
        and options.samples is None
        and options.stderr_target is None
        and options.max_work is None
        and not options.by_next_card
        and all(seat.cards is not None for seat in spot.seats)
    )


def _run_known(spot: Spot, options: RunOptions, started: float) -> EquityResult:
    """The exact equity of known hands after a flop (see :func:`_known_after_flop`), by the
    shortest path: the cards' arrays, one kernel call and the result, the counts of
    ``run_method(spot, Method.AGGREGATE)`` (a Python microsecond is a thirtieth of the call)."""
    hands = tuple(seat.hole() for seat in spot.seats)
    holes, board, deck = known_card_arrays(spot, hands)
    announce_unit(options.progress, Method.AGGREGATE.progress_unit)
    counts = aggregate_cards(spot, holes, board, deck, lookup_tables())
    deals = board_combinations(len(deck), BOARD_CARDS - len(spot.board))
    report(options.progress, deals, deals)
    return build_result(spot, counts, deals, exhaustive=True, seed=None, started=started, weighted=False)


def run_method(spot: Spot, method: Method, options: RunOptions = DEFAULT_OPTIONS) -> EquityResult:
    """The equity of a checked spot counted by ``method`` (its runner in ``RUNNERS``),
    whatever the planner would choose and without a work limit: the exact paths that
    the chosen ones are checked against count for count (``Method.ENUMERATE``, board by
    board, for the aggregation of known hands; ``Method.RANGE_COMBINATIONS``, combination
    by combination, for the range sweep). Raises OmahaInputError when the ranges cannot
    be dealt together or the method cannot count the spot (the aggregation: known hands
    only; the combinations: ranges without random hands; the enumeration: no range; the
    sweep: two players)."""
    started = time.perf_counter()
    deal = prepare_deal(spot)
    check_ranges_fit(deal)
    if not _counts(method, deal):
        raise OmahaInputError(f"method: {method.value} cannot count this spot")
    return _run_plan(Task(deal, Plan(method, plan_deals(deal)), options), started)


def _counts(method: Method, deal: Deal) -> bool:
    """Whether ``method``'s runner can count ``deal`` (the planner picks only such a one)."""
    random = len(deal.random_players) > 0
    return {
        Method.AGGREGATE: deal.known_only,
        Method.RANGE_COMBINATIONS: bool(deal.ranged) and not random,
        Method.RANGE_SWEEP: heads_up_sweepable(deal),
        Method.ENUMERATE: not deal.ranged,
        Method.SAMPLE: True,
    }[method]


def _run_plan(task: Task, started: float) -> EquityResult:
    """Count a planned run with its method's runner and build its result."""
    method = task.plan.method
    announce_unit(task.options.progress, method.progress_unit)
    with numba_threads(_threads(task)):
        counted = RUNNERS[method](task)
    return build_result(
        task.deal.spot,
        counted.counts,
        counted.outcomes,
        exhaustive=method.exhaustive,
        seed=counted.seed,
        started=started,
        hand_results=counted.hand_results,
        next_cards=counted.next_cards,
        target_met=counted.target_met,
        weighted=method in (Method.RANGE_COMBINATIONS, Method.RANGE_SWEEP),
    )


def _threads(task: Task) -> int | None:
    """The run's thread count: the caller's, else one for a small run (:mod:`.threads`);
    None leaves numba's count as it is."""
    if not _shares_threads(task):
        return None
    options, method = task.options, task.plan.method
    if options.threads is not None:
        return options.threads
    samples = SampleTarget.of(options).limit
    return choose_threads(None, estimate_work(method, task.deal, samples) / RATES[method])


def _shares_threads(task: Task) -> bool:
    """Whether the run's kernels may share their work among numba's threads. An
    aggregation after a flop runs serial code (:func:`~.exact.aggregate_counts`): its
    thread count is left alone, since setting it and back costs more than a tenth of
    such a call."""
    return task.plan.method is not Method.AGGREGATE or not task.deal.spot.board


def count_spots(spots: list[Spot], options: RunOptions) -> list[SpotGroup]:
    """The exact outcome histograms of every checked spot (known hands only), as
    ``run_equity(spot, RunOptions(exhaustive=True))`` counts them, grouped by player count (groups
    in the order of their first spot). The spots are counted ``SPOTS_PER_CALL`` at a time
    per kernel call (alike spots together: the same number of players and game),
    shared among the threads; ``progress(done, total)`` counts spots. Of ``options`` it
    reads ``threads``, ``max_work`` and ``progress``. Raises OmahaInputError before any
    counting when the estimated work of all the spots is above ``max_work`` (default
    ``MAX_WORK``)."""
    threads, max_work, progress = options.threads, options.max_work, options.progress
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
    with numba_threads(choose_threads(threads, work / RATES[Method.AGGREGATE])):
        for group in groups:
            by_game: dict[Game, list[int]] = {}
            for row, i in enumerate(group.members):
                by_game.setdefault(spots[i].game, []).append(row)
            for rows in by_game.values():
                for first in range(0, len(rows), SPOTS_PER_CALL):
                    part = rows[first : first + SPOTS_PER_CALL]
                    group.counts[part] = aggregate_many([spots[group.members[row]] for row in part], tables)
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
    arrays = deal.arrays(high_only=True)
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
        return build_result(deal.spot, part_counts, part_outcomes, exhaustive=True, seed=None, started=started)

    overall = result(counts.sum(axis=0), int(outcomes.sum()))
    hit, missed = (result(counts[k], int(outcomes[k])) if k < len(counts) and outcomes[k] else None for k in (1, 0))
    return overall, hit, missed
