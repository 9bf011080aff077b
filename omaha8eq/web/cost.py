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

from dataclasses import dataclass

from ..cards import parse_cards
from ..deck import HOLE_SIZES
from ..engine.budget import BASE_BYTES, estimate_exact_work, estimate_memory, memory_text, range_memory
from ..engine.method import duration_text
from ..engine.sampling import DEFAULT_SAMPLES
from ..errors import OmahaInputError
from .requests import CounterfeitRequest, EquityRequest, Limits, RangeRequest, Request

__all__ = ["EARLY_MARGIN", "Cost", "request_cost"]

#: An exact run is refused before its ranges are built when its estimate (from their
#: sizes, within about 30% of the planner's own) is this many times the limit; nearer the
#: limit the planner decides once the ranges are built.
EARLY_MARGIN = 2


@dataclass(frozen=True)
class Cost:
    """A request's estimated peak memory, in bytes, and the range hands it holds."""

    memory: int
    hands: int


def _sizes(texts: tuple[str, ...], hole_size: int | None) -> tuple[list[int | None], int]:
    """Each player's side (a range's hands, 1 for known cards, None for random) and the
    hole size, as the library will read them (the known hands' size when none is given)."""
    from ..ranges.range import is_range_expression, range_size

    if hole_size is None:
        known = [len(parse_cards(text)) for text in texts if _cards(text) and not is_range_expression(text)]
        hole_size = known[0] if known and known[0] in HOLE_SIZES else 4
    sides: list[int | None] = []
    for text in texts:
        if text.strip().lower() == "random":
            sides.append(None)
        elif is_range_expression(text):
            try:
                sides.append(range_size(text, hole_size=hole_size).hands)
            except OmahaInputError:  # the run reports it, with the library's message
                sides.append(1)
        else:
            sides.append(1)
    return sides, hole_size


def _cards(text: str) -> bool:
    try:
        parse_cards(text)
    except OmahaInputError:
        return False
    return True


def _range_hands(sides: list[int | None]) -> list[int]:
    return [n for n in sides if n is not None and n > 1]


def _board_size(text: str) -> int:
    return len(parse_cards(text)) if _cards(text) else 0


def _equity_cost(request: EquityRequest, limits: Limits) -> Cost:
    sides, hole_size = _sizes(request.players, request.hole_size)
    hands = _range_hands(sides)
    if request.exhaustive:  # exact asked: refuse a hopeless run before its ranges are built
        board, dead = _board_size(request.board), _board_size(request.dead)
        one_range = len(hands) == 2 and len({text.strip() for text in request.players}) == 1
        cost = estimate_exact_work(sides, hole_size=hole_size, board=board, dead=dead, one_range=one_range)
        if cost is not None and cost.work > EARLY_MARGIN * limits.max_work:
            raise OmahaInputError(
                f"method: this exact run would take about {cost.work:.2g} {cost.unit}, about "
                f"{duration_text(cost.seconds)} on one core, above this server's limit of {limits.max_work:.2g} "
                f"(estimated from the ranges' sizes, {' and '.join(f'{n:,}' for n in hands)} hands); "
                "choose Monte Carlo or narrower ranges"
            )
    if request.exhaustive:
        samples = 0
    elif request.samples is not None:
        samples = request.samples
    else:  # the library's default, or the server's ceiling towards a target (as run_request does)
        samples = limits.max_samples if request.stderr_target is not None else DEFAULT_SAMPLES
    return Cost(estimate_memory(hands, by_hand=request.by_hand, samples=samples), sum(hands))


def request_cost(request: Request, limits: Limits) -> Cost:
    """The estimated cost of ``request``; OmahaInputError when an exact run is hopeless
    (above ``limits.max_work``) or the memory is above ``limits.max_memory``, with the
    estimate in the message."""
    if isinstance(request, EquityRequest):
        cost = _equity_cost(request, limits)
    elif isinstance(request, CounterfeitRequest):
        hands = _range_hands(
            _sizes(request.opponents, len(parse_cards(request.hand)) if _cards(request.hand) else 4)[0]
        )
        cost = Cost(estimate_memory(hands, by_hand=False), sum(hands))
    elif isinstance(request, RangeRequest):
        hands = _range_hands(_sizes((request.expression,), request.hole_size)[0])
        cost = Cost(range_memory(sum(hands)), sum(hands))
    else:
        cost = Cost(BASE_BYTES, 0)
    if cost.memory > limits.max_memory:
        raise OmahaInputError(
            f"request: this run would need about {memory_text(cost.memory)} of memory "
            f"({cost.hands:,} range hands), above this server's limit of {memory_text(limits.max_memory)}; "
            "use narrower ranges" + (" or turn off per-hand results" if _by_hand(request) else "")
        )
    return cost


def _by_hand(request: Request) -> bool:
    return isinstance(request, EquityRequest) and request.by_hand
