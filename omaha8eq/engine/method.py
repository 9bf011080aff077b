"""The choice of method: exact by rank multisets, the heads-up range sweep, exact over every
board, or Monte Carlo."""

from __future__ import annotations

import enum
from collections.abc import Callable
from dataclasses import dataclass
from math import prod

from ..core.exact_boards import board_combinations, deal_count
from ..errors import OmahaInputError, WorkLimitError
from .deal import Deal
from .heads_up import heads_up_sweepable, sweep_work
from .options import RunOptions
from .sampling import exact_chosen, sampling_asked

__all__ = [
    "AGGREGATE_POINTS",
    "EXHAUSTIVE_LIMIT",
    "MAX_WORK",
    "RATES",
    "SWEEP_LIMIT",
    "WORK_ESTIMATES",
    "Method",
    "Plan",
    "aggregate_work",
    "check_work",
    "choose_method",
    "estimate_work",
    "plan_deals",
    "within_limit",
]

#: With ``exhaustive=None``, enumerate when there are at most this many deals.
EXHAUSTIVE_LIMIT = 5_000_000
#: Exact runs with ranges cost about this many evaluations per hand combination
#: preflop (rank multisets plus flush corrections), fewer on later streets.
AGGREGATE_POINTS = 30_000
#: With ``exhaustive=None``, sweep two ranges when the estimated work (row touches,
#: ``heads_up.sweep_work``) is at most this: about a second on one core.
SWEEP_LIMIT = 100_000_000


class Method(enum.Enum):
    """How the outcomes are counted."""

    #: Fixed hands, exact: rank multisets plus flush corrections (``core.exact_multisets``).
    AGGREGATE = "aggregate"
    #: Ranges (and fixed hands), exact: every combination of range hands aggregated.
    RANGE_COMBINATIONS = "range combinations"
    #: Two players (ranges or known hands) on a flop, turn or river, exact: the range
    #: sweep (``engine.range_vs_range``), every hand of both sides at once.
    RANGE_SWEEP = "range sweep"
    #: Exact, visiting every board and random hand (``core.exact_boards``).
    ENUMERATE = "enumerate"
    #: Monte Carlo (``core.montecarlo``).
    SAMPLE = "sample"

    @property
    def exhaustive(self) -> bool:
        return self is not Method.SAMPLE

    @property
    def progress_unit(self) -> str:
        """What this method's ``progress(done, total)`` counts, in plural words."""
        if self is Method.RANGE_SWEEP:
            return "boards"  # the runouts swept, every hand of both sides at once
        if self is Method.RANGE_COMBINATIONS:
            return "combinations"  # of the ranges' hands
        return "deals"


@dataclass(frozen=True)
class Plan:
    """The chosen method and the number of deals an exact run visits."""

    method: Method
    deals: int


def choose_method(deal: Deal, options: RunOptions) -> Plan:
    """Pick the method for ``equity(..., exhaustive=...)`` (see its docstring).

    ``exhaustive=None`` enumerates when that is cheap (at most ``EXHAUSTIVE_LIMIT``
    deals, or for ranges that many evaluations) and neither ``samples`` nor
    ``stderr_target`` is given; ranges with random hands are sampled, but heads up.
    Two players with a range (the other a range, a known hand or random) on a flop,
    turn or river are counted exactly by the range sweep when ``exhaustive=True``, and
    with ``exhaustive=None`` when its estimated work is at most ``SWEEP_LIMIT``.
    ``by_next_card`` needs the sweep (two players, ranges or known hands, on a flop or
    turn, exact): it is chosen whatever its cost, else OmahaInputError. (The other
    exact paths, the references the tests compare the chosen ones against, are run by
    :func:`omaha8eq.engine.run.run_method`.)

    Preflop, two players with a range and no random hand: of the sweep and the
    combination path, the one with the smaller estimated time (``WORK_ESTIMATES`` over
    ``RATES``; the combination path for small ranges and a known hand against a
    range) among those allowed: with ``exhaustive=True`` both, with ``exhaustive=None``
    those within their limits above (``SWEEP_LIMIT``, ``EXHAUSTIVE_LIMIT``); none:
    Monte Carlo.
    """
    exhaustive = options.exhaustive
    unasked = exhaustive is None and not sampling_asked(options)
    n_random = len(deal.random_players)
    deals = plan_deals(deal)
    if deal.known_only and not options.by_next_card:  # known hands: C(44, 5) deals at most
        return Plan(Method.AGGREGATE if exhaustive or unasked else Method.SAMPLE, deals)
    if deal.ranged:
        combinations = prod(len(deal.seats[i].range_hands()) for i in deal.ranged)
        work = combinations * min(_boards(deal), AGGREGATE_POINTS)
    else:
        work = deals
    if options.by_next_card:
        if not heads_up_sweepable(deal) or deal.n_missing in (0, 5) or exhaustive is False or sampling_asked(options):
            raise OmahaInputError(
                "by_next_card: needs two players (hands, ranges, or random against one of them) on a flop or "
                "turn, counted exactly"
            )
        return Plan(Method.RANGE_SWEEP, deals)
    sweep = bool(deal.ranged) and heads_up_sweepable(deal)
    if sweep and deal.n_missing == 5 and not n_random and (exhaustive or unasked):
        within = {
            Method.RANGE_SWEEP: sweep_work(deal) <= SWEEP_LIMIT,
            Method.RANGE_COMBINATIONS: work <= EXHAUSTIVE_LIMIT,
        }
        allowed = [method for method, small in within.items() if exhaustive or small]
        fastest = min(allowed, key=lambda method: estimate_work(method, deal) / RATES[method], default=Method.SAMPLE)
        return Plan(fastest, deals)
    if sweep and (exhaustive or (unasked and sweep_work(deal) <= SWEEP_LIMIT)):
        return Plan(Method.RANGE_SWEEP, deals)
    if deal.ranged and n_random and exhaustive:
        raise OmahaInputError(
            "exhaustive=True: exact enumeration of ranges together with random hands is supported for two "
            "players after the flop only; use Monte Carlo (samples or stderr_target)"
        )
    # Ranges with random hands are sampled (exact only heads up, by the sweep above).
    if not exact_chosen(options, None if deal.ranged and n_random else work, EXHAUSTIVE_LIMIT):
        return Plan(Method.SAMPLE, deals)
    if deal.ranged:
        return Plan(Method.RANGE_COMBINATIONS, deals)
    if n_random == 0:
        return Plan(Method.AGGREGATE, deals)
    return Plan(Method.ENUMERATE, deals)


def plan_deals(deal: Deal) -> int:
    """The deals an exact run of ``deal`` visits: every board of every random hand, and
    with ranges, every board of every combination of their hands."""
    if deal.ranged:
        return prod(len(deal.seats[i].range_hands()) for i in deal.ranged) * _boards(deal)
    return deal_count(len(deal.deck), deal.n_missing, len(deal.random_players), deal.spot.hole_size)


# The cost of a run, estimated before it starts. A method's work counts hand
# evaluations (a player's hand valued on a board, high and low); each method
# supplies its estimate (``WORK_ESTIMATES``) and the rate it evaluates at on one core
# (``RATES``, measured: see docs/equity.md, "Limits"); an exact run whose estimate is
# above the limit is refused with both figures and what to do instead. A new method
# adds its entry to both dicts (the tests check that every Method has them).

#: Exact runs estimated above this many evaluations are refused unless ``max_work`` is
#: raised: about a minute on one core of the machine the rates were measured on.
MAX_WORK = 3_000_000_000
#: Per-combination cost of the exact loop over range hands (Python and the kernel
#: call, about 10 us), in evaluations.
COMBINATION_OVERHEAD = 500

#: Evaluations per second on one core, by method: measured with one thread on a
#: 2-core x86-64 VM shared with other work (AGGREGATE 1-5e7, RANGE_COMBINATIONS
#: 4-16e7, ENUMERATE 5-7e7, SAMPLE 2-3e7); the typical value of each.
RATES: dict[Method, float] = {
    Method.AGGREGATE: 1e7,
    Method.RANGE_COMBINATIONS: 5e7,
    Method.ENUMERATE: 5e7,
    Method.SAMPLE: 2e7,
    # The sweep's unit is a row touch (see engine.heads_up.sweep_work), about 1e8 a second:
    # 15% vs 20% on a turn is 5.5e7 of them and takes 0.55-0.8 s (15% vs 15%, one range
    # swept once, 2.4e7).
    Method.RANGE_SWEEP: 1e8,
}
#: The unit of a method's work where it is not hand evaluations.
WORK_UNITS: dict[Method, str] = {Method.RANGE_SWEEP: "sweep row updates"}


def aggregate_work(n_players: int, boards: int) -> int:
    """The evaluations of the exact aggregation of ``n_players`` fixed hands over ``boards``
    board completions (at most ``AGGREGATE_POINTS`` rank multisets and corrections)."""
    return n_players * min(boards, AGGREGATE_POINTS)


def _aggregate_work(deal: Deal, samples: int) -> int:
    return aggregate_work(deal.n_players, _boards(deal))


def _range_combinations_work(deal: Deal, samples: int) -> int:
    combinations = prod(len(deal.seats[i].range_hands()) for i in deal.ranged)
    return combinations * (aggregate_work(deal.n_players, _boards(deal)) + COMBINATION_OVERHEAD)


def _enumerate_work(deal: Deal, samples: int) -> int:
    n_random = len(deal.random_players)
    return deal.n_players * deal_count(len(deal.deck), deal.n_missing, n_random, deal.spot.hole_size)


def _range_sweep_work(deal: Deal, samples: int) -> int:
    return sweep_work(deal)


def _sample_work(deal: Deal, samples: int) -> int:
    return deal.n_players * samples


def _boards(deal: Deal) -> int:
    """The board completions of one deal of the ranges' hands."""
    return board_combinations(len(deal.deck) - len(deal.ranged) * deal.spot.hole_size, deal.n_missing)


#: Per method, its estimate of a run's evaluations: ``estimate(deal, samples)``
#: (``samples``: the most a Monte Carlo run draws; the exact methods ignore it).
WORK_ESTIMATES: dict[Method, Callable[[Deal, int], int]] = {
    Method.AGGREGATE: _aggregate_work,
    Method.RANGE_COMBINATIONS: _range_combinations_work,
    Method.ENUMERATE: _enumerate_work,
    Method.SAMPLE: _sample_work,
    Method.RANGE_SWEEP: _range_sweep_work,
}


def estimate_work(method: Method, deal: Deal, samples: int = 0) -> int:
    """The evaluations a run of ``deal`` by ``method`` does (an estimate)."""
    return WORK_ESTIMATES[method](deal, samples)


def duration_text(seconds: float) -> str:
    """A duration in words, rounded: "40 s", "12 min", "2.3 h", "3.1 days", "2e+30 years"."""
    for unit, size in (("years", 365.25 * 86400), ("days", 86400), ("h", 3600), ("min", 60)):
        if seconds >= 2 * size or (unit == "min" and seconds >= 100):
            value = seconds / size
            return f"{value:.2g} {unit}" if value < 1e4 else f"{value:.1e} {unit}"
    return f"{max(seconds, 1):.0f} s"


def within_limit(method: Method, deal: Deal, max_work: int | None) -> bool:
    """True for Monte Carlo (bounded by ``MAX_SAMPLES``) and for an exact run estimated
    at most ``max_work`` evaluations (default ``MAX_WORK``)."""
    return not method.exhaustive or estimate_work(method, deal) <= (MAX_WORK if max_work is None else max_work)


def check_work(method: Method, deal: Deal, max_work: int | None) -> None:
    """Raise OmahaInputError, with the estimate and what to do instead, unless
    :func:`within_limit`."""
    if not within_limit(method, deal, max_work):
        limit = MAX_WORK if max_work is None else max_work
        work = estimate_work(method, deal)
        time = duration_text(work / RATES[method])
        default = ", about a minute" if max_work is None else ""
        unit = WORK_UNITS.get(method, "hand evaluations")
        raise WorkLimitError(
            f"exhaustive=True: this exact run ({method.value}) would take about {work:.2g} {unit}, "
            f"about {time} on one core (more cores divide it), above the limit "
            f"max_work={limit:.2g}{default}; use Monte Carlo "
            "(samples or stderr_target; on the command line --samples or --stderr), narrower "
            "ranges or fewer random hands, or raise max_work (--max-work) to run it anyway",
            work=work, unit=unit, seconds=work / RATES[method], limit=limit,
        )  # fmt: skip
