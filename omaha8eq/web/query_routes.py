"""The query box's route: ``POST /api/query`` runs a query of the query language.

Body: ``{"query": "select ...", "samples": N (optional), "seed": S (optional), "exact":
true|false|null (optional)}``. The answer is ``QueryResult.to_dict()``. Bad input (a
syntax error, an unknown name, bad cards, a run above the server's limits) is a 400 with
``{"error": "...", "position": offset or null}``: the page puts a caret under the query.
The run is bounded by the server's :class:`~omaha8eq.web.requests.Limits`: at most
``max_samples`` trials, and an exact run at most :data:`MAX_QUERY_DEALS` deals (it
samples instead when ``exact`` is not asked). Runs share the server's cap of runs at once
(``max_running``); beyond it the answer is 503.
"""

from __future__ import annotations

import json
import threading
from typing import Any

import anyio
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route

from ..errors import OmahaInputError
from .requests import Limits

__all__ = ["MAX_QUERY_DEALS", "query_routes"]

#: The most deals an exact query enumerates on the server (a few seconds on one core).
MAX_QUERY_DEALS = 5_000_000
#: Trials of a sampled query when the request gives none.
DEFAULT_QUERY_SAMPLES = 200_000

_FIELDS = {"query", "samples", "seed", "exact"}


def _error(message: str, status: int = 400, position: int | None = None) -> JSONResponse:
    return JSONResponse({"error": message, "position": position}, status_code=status)


def _options(body: object, limits: Limits) -> dict[str, Any]:
    """The checked arguments of ``query()``; OmahaInputError names a bad field."""
    if not isinstance(body, dict) or not isinstance(body.get("query"), str):
        raise OmahaInputError('request: expected {"query": "select ...", "samples": N, "seed": S, "exact": bool}')
    unknown = sorted(set(body) - _FIELDS)
    if unknown:
        raise OmahaInputError(f"request: unknown field {unknown[0]!r} (known: {', '.join(sorted(_FIELDS))})")
    samples = body.get("samples")
    if samples is not None and (isinstance(samples, bool) or not isinstance(samples, int)):
        raise OmahaInputError("samples: expected a whole number")
    if samples is not None and samples > limits.max_samples:
        raise OmahaInputError(f"samples: {samples:,} is above this server's limit of {limits.max_samples:,}")
    seed = body.get("seed")
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
        raise OmahaInputError("seed: expected a whole number")
    exact = body.get("exact")
    if exact is not None and not isinstance(exact, bool):
        raise OmahaInputError("exact: expected true, false or null")
    return {
        "text": body["query"],
        "exhaustive": exact,
        "samples": samples,
        "seed": seed,
        "max_work": MAX_QUERY_DEALS,
    }


def query_routes(limits: Limits) -> list[Route]:
    """The routes of the query box, bounded by ``limits``."""
    running = threading.BoundedSemaphore(limits.max_running)

    def run(options: dict[str, Any]) -> dict[str, Any]:
        from ..pql import query
        from ..pql.check import check_query
        from ..pql.deals import exact_cost, prepare
        from ..pql.evaluate import streets_read
        from ..pql.syntax import parse_query

        if options["exhaustive"] is None and options["samples"] is None:
            # Exact when small enough for the server, else the default sample.
            checked = check_query(parse_query(options["text"]))
            cost = exact_cost(prepare(checked), streets_read(checked))
            if cost is None or cost > MAX_QUERY_DEALS:
                options = {**options, "exhaustive": False, "samples": DEFAULT_QUERY_SAMPLES}
        document: dict[str, Any] = query(**options).to_dict()
        return document

    async def run_query(request: Request) -> JSONResponse:
        body = bytearray()
        async for chunk in request.stream():
            body += chunk
            if len(body) > limits.max_body:
                return _error(f"request: the body is larger than {limits.max_body:,} bytes", 413)
        try:
            options = _options(json.loads(body.decode("utf-8")), limits)
        except (UnicodeDecodeError, json.JSONDecodeError) as exc:
            return _error(f"request: not valid JSON ({exc})")
        except OmahaInputError as exc:
            return _error(" ".join(str(exc).split()))
        if not running.acquire(blocking=False):
            return JSONResponse({"error": "the server is busy: try again in a moment"}, 503, {"Retry-After": "2"})
        try:
            document = await anyio.to_thread.run_sync(run, options)
        except OmahaInputError as exc:
            message = str(exc).split("\n", 1)[0]  # the caret lines: the page draws its own
            return _error(message, position=getattr(exc, "position", None))
        finally:
            running.release()
        return JSONResponse(document)

    return [Route("/api/query", run_query, methods=["POST"])]
