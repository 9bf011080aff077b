"""The query box's route: ``POST /api/query`` runs a query of the query language.

Body: ``{"query": "select ...", "samples": N (optional), "seed": S (optional), "exact":
true|false|null (optional)}``. The answer is ``QueryResult.to_dict()``. Bad input (a
syntax error, an unknown name, bad cards, a run above the server's limits) is a 400 with
``{"error": "...", "position": offset or null}``: the page puts a caret under the query.

The run is bounded by the server's :class:`~omaha8eq.web.requests.Limits`: at most
``max_samples`` trials, an exact run at most :data:`MAX_QUERY_DEALS` deals (it samples
instead when ``exact`` is not asked), and its memory, priced from its ranges' sizes
before any is built by the library's own pricing (:mod:`omaha8eq.pql.pricing`), within ``max_memory`` beside the
other runs'. It is one of the server's runs (:mod:`omaha8eq.web.routes`): it waits for a
free slot and stops when its client goes away. The page runs it as a job instead (``POST
/api/jobs`` with ``"kind": "query"``, :mod:`omaha8eq.web.equity_routes`): the same
:data:`QUERY`, polled for its progress and cancelled by its Cancel button.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from starlette.routing import BaseRoute

from ..engine.progress import ProgressCallback
from ..errors import OmahaInputError
from .cost import Cost, check_memory
from .requests import Limits
from .routes import Api, Endpoint, first_line

__all__ = ["DEFAULT_QUERY_SAMPLES", "MAX_QUERY_DEALS", "QUERY", "query_routes"]

#: The most deals an exact query enumerates on the server (a few seconds on one core).
MAX_QUERY_DEALS = 5_000_000
#: Trials of a sampled query when the request gives none.
DEFAULT_QUERY_SAMPLES = 200_000

_FIELDS = {"query", "samples", "seed", "exact"}


@dataclass(frozen=True)
class QueryRequest:
    """The checked arguments of ``query()``."""

    text: str
    exhaustive: bool | None
    samples: int | None
    seed: int | None


def _whole(body: dict[str, Any], name: str) -> int | None:
    value = body.get(name)
    if value is not None and (isinstance(value, bool) or not isinstance(value, int)):
        raise OmahaInputError(f"{name}: expected a whole number")
    return value


def read(body: object, limits: Limits) -> QueryRequest:
    """The checked fields; OmahaInputError names a bad one."""
    if not isinstance(body, dict) or not isinstance(body.get("query"), str):
        raise OmahaInputError('request: expected {"query": "select ...", "samples": N, "seed": S, "exact": bool}')
    unknown = sorted(set(body) - _FIELDS)
    if unknown:
        raise OmahaInputError(f"request: unknown field {unknown[0]!r} (known: {', '.join(sorted(_FIELDS))})")
    samples = _whole(body, "samples")
    if samples is not None and samples > limits.max_samples:
        raise OmahaInputError(f"samples: {samples:,} is above this server's limit of {limits.max_samples:,}")
    exact = body.get("exact")
    if exact is not None and not isinstance(exact, bool):
        raise OmahaInputError("exact: expected true, false or null")
    return QueryRequest(body["query"], exact, samples, _whole(body, "seed"))


def _no_recursion(exc: RecursionError) -> OmahaInputError:
    return OmahaInputError("query: nested too deeply to read; write it with fewer brackets")


def price(request: QueryRequest, limits: Limits) -> int:
    """The query's memory, priced by the library from its ranges' sizes before any is
    built (:func:`omaha8eq.pql.pricing.price_query`; up to :data:`MAX_QUERY_DEALS` deals
    when it may be exact), refused with the estimate above the server's budget. A query
    the checker refuses is refused here, with its position."""
    from ..engine.budget import BASE_BYTES
    from ..pql.check import check_query
    from ..pql.pricing import price_query
    from ..pql.syntax import parse_query

    exhaustive = False if request.samples is not None and not request.exhaustive else request.exhaustive
    try:
        priced = price_query(check_query(parse_query(request.text)), exhaustive=exhaustive, exact_limit=MAX_QUERY_DEALS)
    except RecursionError as exc:
        raise _no_recursion(exc) from None
    cost = Cost(BASE_BYTES, 0) if priced is None else Cost(priced.memory, sum(priced.range_hands))
    check_memory(cost, limits)
    return cost.memory


def run(request: QueryRequest, limits: Limits, progress: ProgressCallback) -> dict[str, Any]:
    from ..engine.options import RunOptions
    from ..pql import query
    from ..pql.run import plan_query

    exhaustive, samples = request.exhaustive, request.samples
    try:
        if exhaustive is None and samples is None:
            # Exact when small enough for the server, else the server's default sample.
            # The query's own plan: the deals its exact run enumerates (suit classes, two boards).
            cost = plan_query(request.text, RunOptions(), MAX_QUERY_DEALS).cost
            if cost is None or cost > MAX_QUERY_DEALS:
                exhaustive, samples = False, DEFAULT_QUERY_SAMPLES
        result = query(
            request.text,
            exhaustive=exhaustive,
            samples=samples,
            seed=request.seed,
            max_work=MAX_QUERY_DEALS,
            progress=progress,  # raises once the run is cancelled: its client went away
        )
    except RecursionError as exc:
        raise _no_recursion(exc) from None
    document: dict[str, Any] = result.to_dict()
    return document


def describe(exc: OmahaInputError) -> dict[str, Any]:
    """The error's first line (the caret lines: the page draws its own) and its position."""
    from ..pql.syntax import QueryError

    return {"error": first_line(exc), "position": exc.position if isinstance(exc, QueryError) else None}


#: A query as one of the server's runs.
QUERY: Endpoint[QueryRequest] = Endpoint("query", read, price, run, describe)


def query_routes(api: Api) -> list[BaseRoute]:
    """The route of the query box."""
    return [api.run("/api/query", QUERY)]
