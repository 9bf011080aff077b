"""The Starlette application behind ``omaha8eq serve``: the JSON API and the page.

Endpoints (JSON bodies and answers; the field names are the results' ``to_dict()``):

* ``POST /api/equity``, ``/api/counterfeit``, ``/api/evaluate``, ``/api/range``,
  ``/api/boards``; ``POST /api/jobs`` and ``/api/jobs/ID``: the equity form
  (:mod:`omaha8eq.web.equity_routes`).
* ``POST /api/query``: a query of the query language (:mod:`omaha8eq.web.query_routes`).
* ``POST /api/explore``: the range explorer (:mod:`omaha8eq.web.explore_routes`).
* ``POST /api/hands``: a hand-history file read and all-in adjusted
  (:mod:`omaha8eq.web.hands_routes`).
* ``GET /api/limits``: the server's :class:`~omaha8eq.web.requests.Limits`.
* ``GET /api/columns``: the columns of the page's equity tables (:mod:`omaha8eq.web.columns`).
* ``GET /``: the page, from the package's ``static`` folder.

Every ``/api/`` route goes through one request path (:mod:`omaha8eq.web.routes`): the
body checked before and while it is read, every run priced in a worker thread and
queued in one budget of runs and memory, cancelled when its client goes away, every
refusal one JSON object ``{"error": ...}`` with a 4xx status (503 when full). Before
any route, a request from another site, or not sent as JSON, is answered 403, and one
addressed to another host name 400 (:mod:`omaha8eq.web.guard`).
"""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator, Callable, Sequence

import anyio
from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.routing import BaseRoute, Mount
from starlette.staticfiles import StaticFiles

from .equity_routes import equity_routes
from .explore_routes import explore_routes
from .guard import HostGuard, OriginGuard
from .hands_routes import hands_routes
from .jobs import JobRunner
from .query_routes import query_routes
from .requests import Limits
from .routes import Api, check_routes, http_error, internal_error, not_found

__all__ = ["create_app"]


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
    api = Api(limits, runner, stopping)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        yield
        await anyio.to_thread.run_sync(runner.shutdown)

    middleware = [] if allowed_hosts is None else [Middleware(HostGuard, allowed_hosts=list(allowed_hosts))]
    middleware.append(Middleware(OriginGuard))  # after the Host check: the origin is compared with the Host
    routes: list[BaseRoute] = [
        *equity_routes(api),  # the equity form and the jobs API (web/equity_routes.py)
        *hands_routes(api),  # POST /api/hands: the hand-history panel (web/hands_routes.py)
        *query_routes(api),  # POST /api/query: the query box (web/query_routes.py)
        *explore_routes(api),  # POST /api/explore: the range explorer (web/explore_routes.py)
    ]
    routes.append(not_found(api, routes))  # every other /api/ path: 404 or 405, in JSON
    routes.append(Mount("/", StaticFiles(packages=[("omaha8eq.web", "static")], html=True)))
    check_routes(routes)  # no /api/ route skips the gate
    app = Starlette(
        routes=routes,
        middleware=middleware,
        lifespan=lifespan,
        exception_handlers={HTTPException: http_error, Exception: internal_error},
    )
    app.state.runner = runner
    app.state.api = api
    return app
