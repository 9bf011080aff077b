"""The one request path of the API: every ``/api/`` route is an :class:`ApiRoute`.

An :class:`ApiRoute` is made by :meth:`Api.route` (a route that answers at once: the
limits, a job's status) or :meth:`Api.run` (a route that computes: an
:class:`Endpoint`), and its endpoint is always :func:`_gated`'s wrapper, which

1. reads the body of a state-changing request with :func:`~omaha8eq.web.guard.read_json`
   (its ``Content-Length`` before a byte is read, then size, nesting, integers, NaN);
2. answers every refusal as one JSON object ``{"error": "one line"}`` with its 4xx
   status, and a bug as a 500 with one line, never a traceback or plain text.

A run then goes through :meth:`Api.start` and :meth:`Api.answer`, whatever its route:
its body is read and priced (the endpoint's ``read`` and ``price``: they may count or
build a 4-card range and compile numba kernels, so they run in a worker thread, never
on the event loop), queued in the server's one :class:`~omaha8eq.web.jobs.JobRunner`
(one budget of runs at once and of memory, shared by every kind of run), and waited
for; when the client goes away or the server stops, the run is cancelled at its next
progress report. The origin, content type and Host are checked before any route, by
the middleware of :mod:`omaha8eq.web.guard`; 404 and 405 are answered in JSON by
:func:`http_error`. :func:`check_routes` refuses an application with an ``/api/``
route made any other way.
"""

from __future__ import annotations

import concurrent.futures
import functools
import logging
import threading
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

import anyio
from starlette.exceptions import HTTPException
from starlette.requests import ClientDisconnect, Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Match, Route

from ..engine.progress import ProgressCallback
from ..errors import OmahaInputError
from .guard import SAFE_METHODS, BadRequest, read_json
from .jobs import Job, JobRunner, JobState, ServerBusy
from .requests import Limits

__all__ = [
    "CATCH_ALL",
    "Api",
    "ApiRoute",
    "Endpoint",
    "check_routes",
    "error_document",
    "error_response",
    "first_line",
    "http_error",
    "internal_error",
]

#: Seconds between checks, while a request waits for its run, that the run is done and its
#: client still there: the first wait, doubled each time up to the last.
FIRST_WAIT = 0.001
WAIT_POLL = 0.05
#: Requests priced at once (each in a worker thread): pricing takes milliseconds, but the
#: first one of a kind may wait for a kernel to compile; the others keep their threads.
PRICING_AT_ONCE = 4

T = TypeVar("T")
R = TypeVar("R")
Handler = Callable[[Request, object], Awaitable[Response]]
_log = logging.getLogger("omaha8eq.web")


def first_line(exc: BaseException) -> str:
    """The first line of an error's message (the query language's caret lines dropped)."""
    return " ".join(str(exc).split("\n", 1)[0].split())


def error_document(exc: BaseException) -> dict[str, Any]:
    """``{"error": "one line"}``; a malformed range adds ``position`` (1-based, as its
    message says it) and ``text``."""
    from ..ranges.syntax import RangeSyntaxError

    document: dict[str, Any] = {"error": " ".join(str(exc).split())}
    if isinstance(exc, RangeSyntaxError):
        document["position"], document["text"] = exc.position + 1, exc.text
    return document


def error_response(document: dict[str, Any] | BaseException, status: int = 400) -> JSONResponse:
    """A refusal: the error's document (or the document given) and ``status``; a 503 says
    when to try again."""
    if isinstance(document, BaseException):
        document = error_document(document)
    headers = {"Retry-After": "2"} if status == 503 else None
    return JSONResponse(document, status_code=status, headers=headers)


@dataclass(frozen=True)
class Endpoint(Generic[T]):
    """A kind of run: how its body is read, priced and computed.

    Attributes:
        kind: its name in the job runner (``"equity"``, ``"query"``...).
        read: the checked options of a decoded JSON body (None when the body is empty);
            OmahaInputError (or BadRequest for another status) names what is wrong.
        price: the run's estimated peak memory in bytes, before anything big is built;
            OmahaInputError, with the estimate, when it is above the server's limits.
        run: the JSON answer, computed in a worker thread; it calls ``progress(done,
            total)`` now and then, which raises to stop it once the run is cancelled.
        describe: the document of a bad input's error (default :func:`error_document`).
    """

    kind: str
    read: Callable[[object, Limits], T]
    price: Callable[[T, Limits], int]
    run: Callable[[T, Limits, ProgressCallback], dict[str, Any]]
    describe: Callable[[OmahaInputError], dict[str, Any]] = error_document


class ApiRoute(Route):
    """A route of the API, made by :class:`Api` only: its endpoint is the gate's wrapper.
    ``runs``: it computes a run of its own (an :class:`Endpoint`) and answers with it."""

    def __init__(self, path: str, handler: Handler, *, methods: Sequence[str], max_body: int, runs: bool):
        super().__init__(path, _gated(handler, max_body), methods=list(methods))
        self.handler = handler
        self.max_body = max_body
        self.runs = runs


def _gated(handler: Handler, max_body: int) -> Callable[[Request], Awaitable[Response]]:
    """The endpoint of every API route: the body read and checked, every refusal JSON."""

    @functools.wraps(handler)
    async def endpoint(request: Request) -> Response:
        try:
            body = None if request.method in SAFE_METHODS else await read_json(request, max_body)
            return await handler(request, body)
        except BadRequest as exc:
            return error_response(exc, exc.status)
        except ServerBusy as exc:
            return error_response(exc, 503)
        except OmahaInputError as exc:
            return error_response(exc)
        except HTTPException:  # 404, 405: answered in JSON by http_error
            raise
        except ClientDisconnect:  # gone while its body was read: nobody reads the answer
            return error_response({"error": "request: the client went away"})
        except Exception as exc:  # a bug: one line for the client, the traceback for the log
            _log.exception("internal error on %s %s", request.method, request.url.path)
            return error_response({"error": f"internal error: {type(exc).__name__}: {first_line(exc)}"}, 500)

    return endpoint


class Api:
    """The server's routes and what they share: the limits, the job runner (the one
    budget of runs and memory) and whether the server is stopping."""

    def __init__(self, limits: Limits, runner: JobRunner, stopping: Callable[[], bool]):
        self.limits, self.runner, self.stopping = limits, runner, stopping
        self._pricing = anyio.CapacityLimiter(PRICING_AT_ONCE)

    def route(self, path: str, handler: Handler, methods: Sequence[str], max_body: int | None = None) -> ApiRoute:
        """A route answered by ``handler(request, body)`` (body: the decoded JSON, None
        for GET or an empty body)."""
        return ApiRoute(path, handler, methods=methods, max_body=max_body or self.limits.max_body, runs=False)

    def run(self, path: str, endpoint: Endpoint[Any], max_body: int | None = None) -> ApiRoute:
        """``POST path``: run ``endpoint`` on the body and answer with its result (the run
        is cancelled if the client goes away first)."""

        async def handler(request: Request, body: object) -> Response:
            if body is None:
                raise BadRequest("request: the body is empty; expected a JSON object")
            try:
                job = await self.start(endpoint, body)
            except OmahaInputError as exc:
                return error_response(endpoint.describe(exc))
            return await self.answer(request, job, endpoint.describe)

        limit = max_body or self.limits.max_body
        return ApiRoute(path, handler, methods=["POST"], max_body=limit, runs=True)

    async def start(self, endpoint: Endpoint[Any], body: object) -> Job:
        """Read and price ``body`` in a worker thread and queue its run: OmahaInputError or
        BadRequest for bad input or a run above the limits, ServerBusy when full."""

        def priced() -> tuple[Any, int]:
            options = endpoint.read(body, self.limits)
            return options, endpoint.price(options, self.limits)

        options, memory = await self._until_stopping(priced)
        work = functools.partial(endpoint.run, options, self.limits)
        return self.runner.submit(endpoint.kind, work, memory)

    async def _until_stopping(self, call: Callable[[], R]) -> R:
        """``call()`` in a thread of its own (at most ``PRICING_AT_ONCE`` at once), awaited
        while the server runs; ServerBusy (503) as soon as it starts stopping. A pricing
        can take seconds (a range counted, a kernel compiled on a busy machine) and a
        thread cannot be interrupted: the request is answered at once and the thread, which
        builds nothing big, is left to end with the process, so Ctrl-C is never held up
        past uvicorn's graceful shutdown (which would cancel the task and log a traceback)."""
        async with self._pricing:
            future: concurrent.futures.Future[R] = concurrent.futures.Future()
            threading.Thread(target=_settle, args=(future, call), daemon=True).start()
            delay = FIRST_WAIT
            while not future.done():
                if self.stopping():
                    raise ServerBusy("the server is stopping: the request was not run")
                await anyio.sleep(delay)
                delay = min(2 * delay, WAIT_POLL)
            return future.result()

    async def answer(
        self, request: Request, job: Job, describe: Callable[[OmahaInputError], dict[str, Any]] = error_document
    ) -> Response:
        """Wait for ``job`` and answer with its result or error; cancel it if the client
        goes away or the server stops first (then 503)."""
        delay = FIRST_WAIT
        try:
            while not job.finished.is_set() and not self.stopping() and not await request.is_disconnected():
                job.touch()
                await anyio.sleep(delay)
                delay = min(2 * delay, WAIT_POLL)  # quick answers stay quick, long runs cost little
        finally:  # the client went away, the server is stopping, or this task was cancelled
            if not job.finished.is_set():
                job.cancel()
        if job.state is JobState.DONE:
            return JSONResponse(job.result)
        if job.cancelled:
            return error_response({"error": "the run was cancelled: the server is stopping"}, 503)
        return job_error(job, describe)


def _settle(future: concurrent.futures.Future[R], call: Callable[[], R]) -> None:
    """Run ``call`` and put its result, or what it raised, in ``future``."""
    try:
        future.set_result(call())
    except BaseException as exc:  # handed to the awaiting request, which raises it there
        future.set_exception(exc)


def job_error(job: Job, describe: Callable[[OmahaInputError], dict[str, Any]] = error_document) -> Response:
    """A failed job's error: 400 for bad input, 500 (one line) for a bug."""
    error = job.error or RuntimeError("failed")
    if isinstance(error, OmahaInputError):
        return error_response(describe(error))
    return error_response({"error": first_line(error)}, 500)


async def http_error(request: Request, exc: Exception) -> Response:
    """404, 405 and Starlette's other HTTP errors as one JSON object."""
    assert isinstance(exc, HTTPException)
    if exc.status_code == 404:
        message = f"request: nothing at {request.url.path[:100]}"
    elif exc.status_code == 405:
        allowed = exc.headers.get("Allow", "") if exc.headers else ""
        message = f"request: {request.method[:20]} is not allowed here" + (f" (only {allowed})" if allowed else "")
    else:
        message = f"request: {exc.detail}"
    return JSONResponse({"error": message}, status_code=exc.status_code, headers=exc.headers)


async def internal_error(request: Request, exc: Exception) -> Response:
    """An exception that escaped every route (a bug): one JSON line, not a traceback."""
    return JSONResponse({"error": f"internal error: {type(exc).__name__}"}, status_code=500)


def not_found(api: Api, routes: Sequence[BaseRoute]) -> ApiRoute:
    """The last ``/api/`` route: 404 for a path no route has, 405 for a method another
    route of the path does not take (the body is read through the gate all the same)."""
    others = list(routes)  # the routes before this one (the caller's list grows after)

    async def handler(request: Request, body: object) -> Response:
        path = request.url.path
        matching = [r for r in others if isinstance(r, Route) and r.path_regex.match(path)]
        allowed = sorted({method for r in matching for method in r.methods or ()})
        if allowed:
            raise HTTPException(405, headers={"Allow": ", ".join(allowed)})
        raise HTTPException(404)

    methods = ["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]
    return api.route(CATCH_ALL, handler, methods)


#: The path of the last API route, which answers every ``/api/`` path the others do not.
CATCH_ALL = "/api/{path:path}"


def check_routes(routes: Sequence[BaseRoute]) -> None:
    """TypeError when a route could answer an ``/api/`` path without the gate: it is not
    an :class:`ApiRoute` and comes before the catch-all API route (the page's files, a
    Mount of ``/``, come after it)."""
    probe = {"type": "http", "path": "/api/x", "root_path": "", "method": "POST", "headers": []}
    for route in routes:
        if isinstance(route, ApiRoute):
            if route.path == CATCH_ALL:
                return  # nothing after it sees an /api/ path
            continue
        path = str(getattr(route, "path", ""))
        if path.startswith("/api") or route.matches(probe)[0] is not Match.NONE:
            raise TypeError(f"the route {path!r} skips the API's gate: declare it with Api.route or Api.run")
    raise TypeError(f"no catch-all API route ({CATCH_ALL}, routes.not_found) ends the API's routes")
