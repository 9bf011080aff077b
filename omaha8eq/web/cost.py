"""A web request priced before it runs: its memory, and for an exact run its work.

:func:`request_cost` counts each range of a request without building it
(:func:`omaha8eq.ranges.range.range_size`: milliseconds, where building a 6-card range
took up to 48 s) and prices the run with :mod:`omaha8eq.engine.budget`. The job runner
refuses a request whose memory is above ``Limits.max_memory`` and holds one back while
the running jobs' estimates and its own would exceed it; an exact run above
``Limits.max_work`` is refused with the estimate. Bad values (a malformed range, a
mistyped card) are left for the library to report in the run, with its own message:
they are priced as nothing.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..engine.budget import (
    BASE_BYTES,
    EARLY_MARGIN,
    SpotSizes,
    estimate_memory,
    memory_text,
    range_memory,
    spot_sizes,
)
from ..engine.method import duration_text
from ..engine.presets import EQUITY
from ..errors import OmahaInputError
from ..games import as_game, game_for
from .requests import BoardsRequest, CounterfeitRequest, EquityRequest, Limits, RangeRequest, Request

__all__ = ["Cost", "check_memory", "request_cost", "work_refusal"]


@dataclass(frozen=True)
class Cost:
    """A request's estimated peak memory, in bytes, and the range hands it holds."""

    memory: int
    hands: int


def _sizes(hands: Sequence[str], board: str = "", dead: str = "", game: str | None = None) -> SpotSizes | None:
    """The library's own reading of a spot's sizes (:func:`~omaha8eq.engine.budget.spot_sizes`);
    None when an input is unreadable: the run then reports it, with the library's message."""
    return spot_sizes(list(hands), board, dead, None if game is None else as_game(game))


def _equity_cost(request: EquityRequest, limits: Limits) -> Cost:
    sizes = _sizes(request.players, request.board, request.dead, request.game)
    if sizes is None:
        return Cost(BASE_BYTES, 0)
    hands = sizes.range_hands
    if request.exhaustive:  # exact asked: refuse a hopeless run before its ranges are built
        cost = sizes.exact_work()
        if cost is not None and cost.work > EARLY_MARGIN * limits.max_work:
            sizes_text = " and ".join(f"{n:,}" for n in hands)
            raise work_refusal(
                cost.work,
                cost.unit,
                cost.seconds,
                limits.max_work,
                f" (estimated from the ranges' sizes, {sizes_text} hands); choose Monte Carlo or narrower ranges",
            )
    if request.samples is not None:
        samples = request.samples
    else:  # the library's default, or the server's ceiling towards a target (as run_request does)
        samples = limits.max_samples if request.stderr_target is not None else EQUITY.samples
    sampled = request.samples is not None or request.stderr_target is not None
    exhaustive = False if sampled else request.exhaustive
    memory = sizes.memory(by_hand=request.by_hand, exhaustive=exhaustive, samples=samples, work_limit=limits.max_work)
    return Cost(memory, sum(hands))


def _boards_cost(request: BoardsRequest) -> Cost:
    """Two boards or several runs: the players' ranges are built and sampled as for one
    board (no per-hand results)."""
    hands = _range_hands(_sizes(request.players, request.boards[0], request.dead, request.game))
    samples = 0 if request.exhaustive else (request.samples or EQUITY.samples)
    return Cost(estimate_memory(hands, by_hand=False, samples=samples), sum(hands))


def _range_hands(sizes: SpotSizes | None) -> list[int]:
    return [] if sizes is None else sizes.range_hands


def request_cost(request: Request, limits: Limits) -> Cost:
    """The estimated cost of ``request``; OmahaInputError when an exact run is hopeless
    (above ``limits.max_work``) or the memory is above ``limits.max_memory``, with the
    estimate in the message."""
    if isinstance(request, EquityRequest):
        cost = _equity_cost(request, limits)
    elif isinstance(request, CounterfeitRequest):
        # The hand comes first: the opponents' ranges take its hole size.
        hands = _range_hands(_sizes((request.hand, *request.opponents), request.board, request.dead))
        cost = Cost(estimate_memory(hands, by_hand=False), sum(hands))
    elif isinstance(request, RangeRequest):
        hands = _range_hands(_sizes((request.expression,), game=game_for(request.hole_size).name))
        cost = Cost(range_memory(sum(hands)), sum(hands))
    elif isinstance(request, BoardsRequest):
        cost = _boards_cost(request)
    else:
        cost = Cost(BASE_BYTES, 0)
    check_memory(cost, limits, " or turn off per-hand results" if _by_hand(request) else "")
    return cost


def check_memory(cost: Cost, limits: Limits, advice: str = "") -> None:
    """OmahaInputError, with the estimate, when ``cost`` is above ``limits.max_memory``."""
    if cost.memory > limits.max_memory:
        raise OmahaInputError(
            f"request: this run would need about {memory_text(cost.memory)} of memory "
            f"({cost.hands:,} range hands), above this server's limit of {memory_text(limits.max_memory)}; "
            f"use narrower ranges{advice}"
        )


def work_refusal(work: float, unit: str, seconds: float, limit: float, advice: str) -> OmahaInputError:
    """The refusal of an exact run whose estimated ``work`` (in ``unit``, about ``seconds``
    on one core) is above the server's ``limit``, worded for the page: the library's own
    message (WorkLimitError's) names options the page does not have. ``advice`` follows
    the estimate: what the page offers instead."""
    return OmahaInputError(
        f"method: this exact run would take about {work:.2g} {unit}, about {duration_text(seconds)} on one core, "
        f"above this server's limit of {limit:.2g}{advice}"
    )


def _by_hand(request: Request) -> bool:
    return isinstance(request, EquityRequest) and request.by_hand
