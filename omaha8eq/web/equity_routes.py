"""The equity form's routes: one per kind of request, and the jobs API.

* ``POST /api/equity``, ``/api/counterfeit``, ``/api/evaluate``, ``/api/range``,
  ``/api/boards``: the request (:mod:`omaha8eq.web.requests`) run and answered
  (:mod:`omaha8eq.web.compute`), priced first by :mod:`omaha8eq.web.cost`.
* ``POST /api/jobs`` with ``{"kind": KIND, "request": {...}}``: the same started as a
  job, answered 202 with its status; ``GET /api/jobs/ID`` polls it (the result once
  ``state`` is "done"); ``DELETE /api/jobs/ID`` or ``POST /api/jobs/ID/cancel`` stops it.
  A job's kind is one of those requests, or ``explore`` or ``query``: the range explorer
  and the query box (:mod:`omaha8eq.web.explore_routes`, :mod:`omaha8eq.web.query_routes`)
  run as jobs too, so that their page shows their progress and can cancel them.
* ``GET /api/limits``: the server's limits; ``GET /api/columns``: the columns of the
  page's equity tables (:mod:`omaha8eq.web.columns`).

Each is an :class:`~omaha8eq.web.routes.ApiRoute`: bodies, refusals and the budget are
the gate's (:mod:`omaha8eq.web.routes`).
"""

from __future__ import annotations

import dataclasses
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute

from ..checks import excerpt
from ..engine.progress import ProgressCallback
from ..errors import OmahaInputError
from . import compute
from .columns import COLUMNS_DOCUMENT
from .cost import request_cost
from .explore_routes import EXPLORE
from .guard import BadRequest
from .jobs import Job, JobState
from .query_routes import QUERY
from .requests import KINDS, Limits, parse_request
from .requests import Request as WebRequest
from .routes import Api, Endpoint, error_response, job_error

__all__ = ["ENDPOINTS", "JOB_KINDS", "equity_routes"]


def _endpoint(kind: str) -> Endpoint[WebRequest]:
    def read(body: object, limits: Limits) -> WebRequest:
        return parse_request(kind, body, limits)

    def price(request: WebRequest, limits: Limits) -> int:
        return request_cost(request, limits).memory

    def run(request: WebRequest, limits: Limits, progress: ProgressCallback) -> dict[str, Any]:
        return compute.run_request(request, limits, progress)  # looked up per run: tests replace it

    return Endpoint(kind, read, price, run)


#: Each kind of request as a run of the server.
ENDPOINTS: dict[str, Endpoint[WebRequest]] = {kind: _endpoint(kind) for kind in KINDS}
#: Every kind of job: each request above, an exploration and a query (each its route's Endpoint).
JOB_KINDS: dict[str, Endpoint[Any]] = {**ENDPOINTS, EXPLORE.kind: EXPLORE, QUERY.kind: QUERY}


def _status(job: Job) -> Response:
    """A job's status; a failed job's error instead (400 for bad input, 500 for a bug),
    worded by its endpoint (a query's error keeps its position)."""
    if job.state is JobState.FAILED:
        return job_error(job, JOB_KINDS[job.kind].describe)
    return JSONResponse(job.status())


def _started(job: Job, endpoint: Endpoint[Any]) -> dict[str, Any]:
    """A job's status as ``POST /api/jobs`` answers it: a job that failed already carries
    its endpoint's error document (a query's first line and position)."""
    status = job.status()
    if job.state is JobState.FAILED and isinstance(job.error, OmahaInputError):
        status.update(endpoint.describe(job.error))
    return status


def equity_routes(api: Api) -> list[BaseRoute]:
    """The routes of every kind of request and of the jobs API."""

    async def start_job(request: Request, body: object) -> Response:
        if not isinstance(body, dict) or set(body) != {"kind", "request"}:
            raise BadRequest(f'request: expected {{"kind": "{"|".join(JOB_KINDS)}", "request": {{...}}}}')
        kind = body["kind"]
        endpoint = JOB_KINDS.get(kind) if isinstance(kind, str) else None
        if endpoint is None:
            raise OmahaInputError(f"kind: expected one of {', '.join(JOB_KINDS)}, got {excerpt(kind)}")
        try:
            job = await api.start(endpoint, body["request"])
        except OmahaInputError as exc:  # refused before it ran: worded as its own route words it
            return error_response(endpoint.describe(exc))
        return JSONResponse(_started(job, endpoint), 202)  # its id, whatever became of it already

    def find(request: Request) -> Job:
        job = api.runner.get(request.path_params["job_id"])
        if job is None:
            raise BadRequest("no such job (finished long ago?)", 404)
        return job

    async def job_status(request: Request, body: object) -> Response:
        job = find(request)
        if request.method == "DELETE":
            job.cancel()
        return _status(job)

    async def cancel_job(request: Request, body: object) -> Response:
        job = find(request)
        job.cancel()
        return _status(job)

    async def show_limits(request: Request, body: object) -> Response:
        return JSONResponse(dataclasses.asdict(api.limits))

    async def show_columns(request: Request, body: object) -> Response:
        return JSONResponse(COLUMNS_DOCUMENT)

    return [
        api.route("/api/limits", show_limits, ["GET"]),
        api.route("/api/columns", show_columns, ["GET"]),
        api.route("/api/jobs", start_job, ["POST"]),
        api.route("/api/jobs/{job_id}", job_status, ["GET", "DELETE"]),
        api.route("/api/jobs/{job_id}/cancel", cancel_job, ["POST"]),
        *(api.run(f"/api/{kind}", endpoint) for kind, endpoint in ENDPOINTS.items()),
    ]
