"""The Starlette application behind ``omaha8eq serve``: the JSON API and the page.

Endpoints (JSON bodies and answers; the field names are the results' ``to_dict()``):

* ``POST /api/equity``, ``/api/counterfeit``, ``/api/evaluate``, ``/api/range``: run
  the request and answer with its result (the computation stops if the client goes
  away before it ends).
* ``POST /api/jobs`` with ``{"kind": KIND, "request": {...}}``: start the same as a
  job, answered 202 with its status (``id``, ``state``, ``done``, ``total``);
  ``GET /api/jobs/ID`` polls it (the result once ``state`` is "done");
  ``DELETE /api/jobs/ID`` or ``POST /api/jobs/ID/cancel`` stops it.
* ``POST /api/query`` with ``{"query": "select ...", ...}``: a query of the query language
  (:mod:`omaha8eq.web.query_routes`).
* ``GET /api/limits``: the server's :class:`~omaha8eq.web.requests.Limits`.
* ``POST /api/hands``: a hand-history file read and all-in adjusted
  (:mod:`omaha8eq.web.hands_routes`).
* ``GET /``: the page, from the package's ``static`` folder.

Bad input is answered 400 with ``{"error": "the library's one-line message"}``
(a malformed range adds ``position``, 0-based, and ``text``); a full server 503. A
state-changing request from another site, or not sent as JSON, is answered 403, and a
body over ``Limits.max_body`` 413 before it is read (:mod:`omaha8eq.web.guard`).
"""

from __future__ import annotations

import contextlib
import dataclasses
from collections.abc import AsyncIterator, Callable, Sequence
from typing import Any

import anyio
from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from ..errors import OmahaInputError
from .cost import request_cost
from .explore_routes import explore_routes
from .guard import BadRequest, OriginGuard, read_json
from .hands_routes import hands_routes
from .jobs import Job, JobRunner, JobState, ServerBusy
from .query_routes import query_routes
from .requests import Limits, parse_request

__all__ = ["create_app"]

#: Seconds between checks, while a request waits for its job, that the job is done and its
#: client still there: the first wait, doubled each time up to the last.
FIRST_WAIT = 0.001
WAIT_POLL = 0.05


def _error(exc: BaseException, status: int = 400) -> JSONResponse:
    from ..ranges.syntax import RangeSyntaxError

    document: dict[str, Any] = {"error": " ".join(str(exc).split())}
    if isinstance(exc, RangeSyntaxError):
        # 1-based, as the message says it ("at position 4")
        document["position"], document["text"] = exc.position + 1, exc.text
    headers = {"Retry-After": "2"} if status == 503 else None
    return JSONResponse(document, status_code=status, headers=headers)


def _job_response(job: Job) -> JSONResponse:
    """A job's status; a failed job's error instead (400 for bad input, 500 for a bug)."""
    document = job.status()
    if job.state is JobState.FAILED:
        error = job.error or RuntimeError("failed")
        return _error(error, 400 if isinstance(error, OmahaInputError) else 500)
    return JSONResponse(document)


def create_app(
    limits: Limits | None = None,
    allowed_hosts: Sequence[str] | None = None,
    stopping: Callable[[], bool] = lambda: False,
) -> Starlette:
    """The web application with its own job runner (``app.state.runner``).

    ``allowed_hosts``: the Host header values accepted (None: any), which keeps other
    web sites from reaching a server on localhost through DNS rebinding. ``stopping()``
    says when the server is shutting down (uvicorn's ``Server.should_exit``): requests
    still waiting for their runs then cancel them and answer 503 at once (a run stops at
    its next progress report; its thread is a daemon, so the server need not wait for it).
    """
    limits = limits or Limits()
    runner = JobRunner(limits)

    async def submit(kind: object, body: object) -> Job:
        """Check and price a request and queue its job: BadRequest (400, or 503 when full)
        otherwise. The price counts ranges (up to a second): in a thread, off the event loop."""
        try:
            parsed = parse_request(kind, body, limits)
            cost = await anyio.to_thread.run_sync(request_cost, parsed, limits)
            return runner.submit(str(kind), parsed, cost.memory)
        except OmahaInputError as exc:
            raise BadRequest(str(exc)) from None
        except ServerBusy as exc:
            raise BadRequest(str(exc), 503) from None

    async def api(request: Request) -> JSONResponse:
        """POST /api/KIND: run the request and answer with its result."""
        try:
            job = await submit(request.path_params["kind"], await read_json(request, limits.max_body))
        except BadRequest as exc:
            return _error(exc, exc.status)
        delay = FIRST_WAIT
        try:
            while not job.finished.is_set() and not stopping() and not await request.is_disconnected():
                job.touch()
                await anyio.sleep(delay)
                delay = min(2 * delay, WAIT_POLL)  # quick answers stay quick, long runs cost little
        finally:  # the client went away or the server is stopping: stop the run, answer at once
            if not job.finished.is_set():
                job.cancel()
        if job.state is JobState.DONE:
            return JSONResponse(job.result)
        if job.cancelled:
            return _error(RuntimeError("the run was cancelled: the server is stopping"), 503)
        return _job_response(job)

    async def start_job(request: Request) -> JSONResponse:
        """POST /api/jobs: queue ``{"kind": ..., "request": {...}}`` and answer 202 with its status."""
        try:
            body = await read_json(request, limits.max_body)
            if not isinstance(body, dict) or set(body) != {"kind", "request"}:
                raise BadRequest('request: expected {"kind": "equity|counterfeit|evaluate|range", "request": {...}}')
            job = await submit(body["kind"], body["request"])
        except BadRequest as exc:
            return _error(exc, exc.status)
        return JSONResponse(job.status(), 202)  # its id, whatever became of it already

    def find(request: Request) -> Job | JSONResponse:
        job = runner.get(request.path_params["job_id"])
        return job if job is not None else JSONResponse({"error": "no such job (finished long ago?)"}, 404)

    async def job_status(request: Request) -> JSONResponse:
        job = find(request)
        if isinstance(job, JSONResponse):
            return job
        if request.method == "DELETE":
            job.cancel()
        return _job_response(job)

    async def cancel_job(request: Request) -> JSONResponse:
        job = find(request)
        if isinstance(job, JSONResponse):
            return job
        job.cancel()
        return _job_response(job)

    async def show_limits(request: Request) -> JSONResponse:
        return JSONResponse(dataclasses.asdict(limits))

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        yield
        await anyio.to_thread.run_sync(runner.shutdown)

    middleware = [] if allowed_hosts is None else [Middleware(TrustedHostMiddleware, allowed_hosts=list(allowed_hosts))]
    middleware.append(Middleware(OriginGuard))  # after the Host check: the origin is compared with the Host
    app = Starlette(
        routes=[
            Route("/api/limits", show_limits, methods=["GET"]),
            Route("/api/jobs", start_job, methods=["POST"]),
            Route("/api/jobs/{job_id}", job_status, methods=["GET", "DELETE"]),
            Route("/api/jobs/{job_id}/cancel", cancel_job, methods=["POST"]),
            *hands_routes(),
            *query_routes(limits),  # POST /api/query: the query box (web/query_routes.py)
            *explore_routes(limits),  # POST /api/explore: the range explorer (web/explore_routes.py)
            Route("/api/{kind}", api, methods=["POST"]),
            Mount("/", StaticFiles(packages=[("omaha8eq.web", "static")], html=True)),
        ],
        middleware=middleware,
        lifespan=lifespan,
    )
    app.state.runner = runner
    return app
