"""The choice of method: exact by rank multisets, the heads-up range sweep, exact over every
board, or Monte Carlo."""

from __future__ import annotations

import enum
from dataclasses import dataclass
from math import prod

from ..core.exact_boards import board_combinations, deal_count
from ..errors import OmahaInputError
from .deal import Deal
from .heads_up import heads_up_sweepable, sweep_work

__all__ = ["AGGREGATE_POINTS", "EXHAUSTIVE_LIMIT", "SWEEP_LIMIT", "Method", "Plan", "choose_method"]

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


@dataclass(frozen=True)
class Plan:
    """The chosen method and the number of deals an exact run visits."""

    method: Method
    deals: int


def choose_method(
    deal: Deal,
    *,
    exhaustive: bool | None,
    samples: int | None,
    stderr_target: float | None,
    _aggregate_exact: bool = True,
    _range_sweep: bool = True,
    by_next_card: bool = False,
) -> Plan:
    """Pick the method for ``equity(..., exhaustive=...)`` (see its docstring).

    ``exhaustive=None`` enumerates when that is cheap (at most ``EXHAUSTIVE_LIMIT``
    deals, or for ranges that many evaluations) and neither ``samples`` nor
    ``stderr_target`` is given; ranges with random hands are sampled, but heads up.
    Two players with a range (the other a range, a known hand or random) on a flop,
    turn or river are counted exactly by the range sweep when ``exhaustive=True``, and
    with ``exhaustive=None`` when its estimated work is at most ``SWEEP_LIMIT``.
    ``_aggregate_exact=False`` (for the tests) counts exact runs of fixed hands board
    by board instead of by rank multisets, the reference the aggregation must match;
    ``_range_sweep=False`` counts ranges combination by combination, the sweep's reference.
    ``by_next_card`` needs the sweep (two players, ranges or known hands, on a flop or
    turn, exact): it is chosen whatever its cost, else OmahaInputError.
    """
    n_random = len(deal.random_players)
    if deal.ranged:
        combinations = prod(len(deal.seats[i].range_hands()) for i in deal.ranged)
        boards = board_combinations(len(deal.deck) - len(deal.ranged) * deal.spot.hole_size, deal.n_missing)
        work = combinations * min(boards, AGGREGATE_POINTS)
        deals = combinations * boards
    else:
        deals = work = deal_count(len(deal.deck), deal.n_missing, n_random, deal.spot.hole_size)
    heads_up = heads_up_sweepable(deal)
    if by_next_card:
        if not heads_up or deal.n_missing == 0 or exhaustive is False or samples or stderr_target:
            raise OmahaInputError(
                "by_next_card: needs two players (hands, ranges, or random against one of them) on a flop or "
                "turn, counted exactly"
            )
        return Plan(Method.RANGE_SWEEP, deals)
    sweep = _range_sweep and heads_up and bool(deal.ranged)
    unasked = exhaustive is None and samples is None and stderr_target is None
    if sweep and (exhaustive or (unasked and sweep_work(deal) <= SWEEP_LIMIT)):
        return Plan(Method.RANGE_SWEEP, deals)
    if deal.ranged and n_random and exhaustive:
        raise OmahaInputError(
            "exhaustive=True: exact enumeration of ranges together with random hands is supported for two "
            "players after the flop only; use Monte Carlo (samples or stderr_target)"
        )
    if exhaustive is None:
        exhaustive = (
            samples is None and stderr_target is None and not (deal.ranged and n_random) and work <= EXHAUSTIVE_LIMIT
        )
    if not exhaustive:
        return Plan(Method.SAMPLE, deals)
    if deal.ranged:
        return Plan(Method.RANGE_COMBINATIONS, deals)
    if n_random == 0 and _aggregate_exact:
        return Plan(Method.AGGREGATE, deals)
    return Plan(Method.ENUMERATE, deals)
