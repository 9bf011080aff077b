"""Every route of the application goes through the one request path (web/routes.py).

The routes are read from the application itself (``app.routes``), so a route added later
is checked the day it is added: it must be an ``ApiRoute`` (whose endpoint is the gate's
wrapper), and every POST route gets the whole hostile set -- other and ``null`` origins,
a DNS-rebinding Host, form bodies, no content type, JSON nested 2,000 deep, a 5,000-digit
integer, NaN, a huge Content-Length -- each answered with a 4xx and one JSON object
``{"error": "one line"}``, never a 500, never plain text, and no run started. Each POST
route that starts a run must also list its memory-hungry pair in ``HUNGRY`` (and a small
request in ``SMALL``): sent together, both are priced from their ranges' sizes and refused
at once, or run within the budget.
"""

from __future__ import annotations

import json
import re
import socket
import threading
import time
import warnings

import httpx
import pytest
from page_server import serving
from starlette.routing import Mount, Route

with warnings.catch_warnings():
    warnings.filterwarnings("ignore", message=".*httpx2")
    from starlette.testclient import TestClient

from omaha8eq.web import routes as web_routes
from omaha8eq.web.app import create_app
from omaha8eq.web.guard import HostGuard, OriginGuard
from omaha8eq.web.jobs import JobState
from omaha8eq.web.requests import Limits
from omaha8eq.web.routes import CATCH_ALL, ApiRoute, check_routes

JSON = {"content-type": "application/json"}
BASE = "http://127.0.0.1:8000"
#: The budget of the pair tests: each request of a pair is estimated above it.
BUDGET = 1_000_000_000
HEAVY_EQUITY = [
    {"players": ["100%", "99%"], "hole_size": 6, "method": "monte-carlo", "samples": 1000, "seed": 1},
    {"players": ["98%", "97%"], "hole_size": 6, "method": "monte-carlo", "samples": 1000, "seed": 1},
]
HEAVY_QUERY = "select avg(riverEquity(hero)) from game='omaha86', hero='{}', villain='{}'"
#: Each POST route that starts a run: two requests within every other limit (samples, work,
#: body) that would take the machine's memory together.
HUNGRY: dict[str, list[dict]] = {
    "/api/equity": HEAVY_EQUITY,
    "/api/jobs": [{"kind": "equity", "request": body} for body in HEAVY_EQUITY],
    "/api/boards": [
        {"players": ["100%", "99%"], "boards": ["", ""], "game": "omaha86", "method": "monte-carlo", "samples": 1000},
        {"players": ["98%", "97%"], "boards": ["Kc8c5h", ""], "game": "omaha86", "samples": 1000},
    ],
    "/api/counterfeit": [
        {"hand": "AsAh2c3d4d5d", "board": "Kc8c5h", "opponents": ["100%"]},
        {"hand": "AsAh2c3d4d5d", "board": "Kc8c5h", "opponents": ["99%"]},
    ],
    "/api/range": [{"expression": "100%", "hole_size": 6, "list": 10}, {"expression": "99%", "hole_size": 6}],
    "/api/query": [
        {"query": HEAVY_QUERY.format("100%", "100%"), "samples": 2000},
        {"query": HEAVY_QUERY.format("100%", "99%"), "samples": 2000},
    ],
    "/api/explore": [
        {"range": "100%", "board": "Kc8c5h", "game": "omaha86"},
        {"range": "99%", "board": "Kc8c5h", "against": "98%", "game": "omaha86"},
    ],
}
#: Runs that hold no range: their pair runs side by side within the budget.
FITTING: dict[str, list[dict]] = {
    "/api/evaluate": [{"hand": "AsAh2c3d", "board": "4c5d7s"}, {"hand": "KsKhQdJd", "board": "4c5d7s8h"}],
    "/api/hands": [{"data": ""}, {"data": "eA==", "player": "Ann"}],  # the largest file is priced at 192 MB
}
#: POST routes that start no run of their own.
NO_RUN = {"/api/jobs/{job_id}/cancel", CATCH_ALL}
#: A small request of each run route (for the shared budget).
SMALL: dict[str, dict] = {
    "/api/equity": {"players": ["AsAh2c3d", "KsKhQdJd"], "board": "4c5d7s8h9s"},
    "/api/jobs": {"kind": "evaluate", "request": {"hand": "AsAh2c3d", "board": "4c5d7s"}},
    "/api/boards": {"players": ["AsAh2c3d", "KsKhQdJd"], "boards": ["4c5d7s8h9s", "Tc6d2s3h4s"]},
    "/api/counterfeit": {"hand": "AsAh2c3d", "board": "4c5d7s8h"},
    "/api/evaluate": {"hand": "AsAh2c3d", "board": "4c5d7s"},
    "/api/range": {"expression": "AA2*", "hole_size": 4},
    "/api/query": {"query": "select count(scoops(hero)) from hero='AsAh2c3d', villain='KsKhQdJd', board='Ac8c5h9d'"},
    "/api/explore": {"range": "AA2*", "board": "Kc8c5h", "where": "other flush draw"},
    "/api/hands": {"data": ""},
}


def api_routes() -> list[Route]:
    return [route for route in create_app().routes if isinstance(route, Route)]


def concrete(path: str) -> str:
    """A path of the route with its parameters filled in."""
    return path.replace("{job_id}", "0123456789abcdef").replace("{path:path}", "nothing/here")


POST_ROUTES = sorted(route.path for route in api_routes() if "POST" in (route.methods or ()))
RUN_ROUTES = sorted(route.path for route in api_routes() if isinstance(route, ApiRoute) and route.runs)


@pytest.fixture(scope="module")
def client():
    with TestClient(create_app(), base_url=BASE) as test_client:
        yield test_client


def refusal(response, statuses: set[int]) -> str:
    """The one-line message of a JSON refusal with one of ``statuses``."""
    assert response.status_code in statuses, (response.status_code, response.text[:300])
    assert response.headers["content-type"] == "application/json", response.text[:300]
    document = response.json()
    assert isinstance(document, dict) and set(document) <= {"error", "position", "text"}, document
    message = document["error"]
    assert isinstance(message, str) and message and "\n" not in message and len(message) < 400, message
    return message


# -- the routes ----------------------------------------------------------------------------


def test_every_route_goes_through_the_gate():
    app = create_app()
    gate = web_routes._gated(lambda request, body: None, 1).__code__  # type: ignore[arg-type, return-value]
    paths = []
    for route in app.routes:
        if isinstance(route, Mount):  # the page's files: after the catch-all, GET only
            assert route.path == "" and paths[-1] == CATCH_ALL
            continue
        assert isinstance(route, ApiRoute), f"{route!r} is not declared through the API's gate"
        assert route.endpoint.__code__ is gate and route.endpoint.__wrapped__ is route.handler
        assert route.path.startswith("/api/")
        paths.append(route.path)
    assert paths[-1] == CATCH_ALL and len(paths) == len(set(paths))
    # The host and origin checks wrap every route.
    assert [m.cls for m in create_app(allowed_hosts=["127.0.0.1"]).user_middleware] == [HostGuard, OriginGuard]
    # Every run route and every POST route is known to the tests below.
    assert set(RUN_ROUTES) | {"/api/jobs"} == set(HUNGRY) | set(FITTING) == set(SMALL)
    assert set(POST_ROUTES) == set(HUNGRY) | set(FITTING) | NO_RUN


def test_a_route_that_skips_the_gate_is_refused():
    async def plain(request):
        raise AssertionError("never called")

    routes = list(create_app().routes)
    with pytest.raises(TypeError, match="'/api/new' skips the API's gate"):
        check_routes([Route("/api/new", plain, methods=["POST"]), *routes])
    with pytest.raises(TypeError, match="skips the API's gate"):
        check_routes([Mount("/", routes=[]), *routes])  # a mount before the catch-all sees /api/ paths
    without = [r for r in routes if getattr(r, "path", "") != CATCH_ALL]
    with pytest.raises(TypeError, match="the route '' skips"):
        check_routes(without)  # the page's mount would answer the /api/ paths no route has
    with pytest.raises(TypeError, match="no catch-all"):
        check_routes([r for r in without if isinstance(r, ApiRoute)])
    check_routes(routes)


# -- the hostile set, against every POST route ---------------------------------------------

HOSTILE = [
    pytest.param({**JSON, "origin": "http://evil.example"}, b"{}", 403, "Origin 'http://evil.example'", id="origin"),
    pytest.param({**JSON, "origin": "null"}, b"{}", 403, "Origin 'null' is not this server", id="null origin"),
    pytest.param({"content-type": "application/x-www-form-urlencoded"}, b"a=1", 403, "Content-Type must be", id="form"),
    pytest.param({"content-type": "multipart/form-data; boundary=x"}, b"--x--", 403, "Content-Type", id="multipart"),
    pytest.param({"content-type": "text/plain"}, b"{}", 403, "Content-Type must be", id="text/plain"),
    pytest.param({}, b"{}", 403, "Content-Type must be application/json (got none)", id="no content type"),
    pytest.param(JSON, b"[" * 2000 + b"]" * 2000, 400, "JSON nested more than 16 levels deep", id="nested 2000"),
    pytest.param(JSON, b'{"seed": ' + b"7" * 5000 + b"}", 400, "a number with 5,000 digits", id="5000 digits"),
    pytest.param(JSON, b'{"seed": NaN}', 400, "NaN is not a JSON number", id="NaN"),
    pytest.param(JSON, b'{"seed": 1e400}', 400, "the number 1e400 is out of range", id="1e400"),
    pytest.param(JSON, b"\xff{", 400, "not valid JSON", id="not utf-8"),
]


@pytest.mark.parametrize("path", POST_ROUTES)
@pytest.mark.parametrize(("headers", "body", "status", "expected"), HOSTILE)
def test_every_post_route_refuses_hostile_requests(client, path, headers, body, status, expected):
    before = len(client.app.state.runner.jobs())
    message = refusal(client.post(concrete(path), content=body, headers=headers), {status})
    assert expected in message
    assert len(client.app.state.runner.jobs()) == before  # nothing started


@pytest.mark.parametrize("path", POST_ROUTES)
def test_every_post_route_refuses_a_dns_rebinding_host(path):
    with TestClient(create_app(allowed_hosts=["127.0.0.1", "localhost"]), base_url="http://evil.example") as evil:
        message = refusal(evil.post(concrete(path), json=SMALL.get(path, {})), {400})
        assert message.startswith("request: Host 'evil.example' is not this server's name")
        assert evil.app.state.runner.jobs() == []
        local = evil.get("/api/limits", headers={"host": "localhost:8000"})
        assert local.status_code == 200


def test_every_post_route_refuses_a_huge_content_length_before_reading():
    with serving() as url:
        port = int(url.rstrip("/").rsplit(":", 1)[1])
        for path in POST_ROUTES:
            with socket.create_connection(("127.0.0.1", port), timeout=30) as sock:
                sock.sendall(
                    f"POST {concrete(path)} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                    "Content-Length: 1000000000000\r\n\r\n{".encode()
                )
                answer = b""
                deadline = time.monotonic() + 30  # at once; generous for a busy machine
                while not re.search(rb"\r\n\r\n\{.*\}$", answer, re.DOTALL) and time.monotonic() < deadline:
                    answer += sock.recv(4096)
            head, _, body = answer.decode().partition("\r\n\r\n")
            assert head.startswith("HTTP/1.1 413 "), (path, answer[:300])
            assert "content-type: application/json" in head.lower()
            assert "the body is larger than" in json.loads(body)["error"]


@pytest.mark.parametrize("path", ["/api/nothing", "/api/equity/x", "/nothing.png"])
def test_unknown_paths_are_json_404(client, path):
    assert refusal(client.get(path), {404}) == f"request: nothing at {path}"
    if path.startswith("/api/"):
        assert refusal(client.post(path, json={}), {404}) == f"request: nothing at {path}"


@pytest.mark.parametrize(
    ("method", "path", "allowed"),
    [
        ("GET", "/api/equity", "POST"),
        ("PUT", "/api/limits", "GET, HEAD"),
        ("POST", "/api/limits", "GET, HEAD"),
        ("POST", "/api/columns", "GET, HEAD"),
        ("GET", "/api/jobs/0123456789abcdef/cancel", "POST"),
        ("DELETE", "/", "GET, HEAD"),
    ],
)
def test_a_method_a_route_does_not_take_is_a_json_405(client, method, path, allowed):
    response = client.request(method, path, headers=JSON)
    assert refusal(response, {405}) == f"request: {method} is not allowed here (only {allowed})"
    assert response.headers["allow"] == allowed


# -- the budget: memory and runs, shared by every route ----------------------------------------


@pytest.mark.parametrize("path", sorted(HUNGRY))
def test_a_memory_hungry_pair_is_refused_from_its_sizes(path):
    """Sent together, each of the pair is refused at once with its estimate: no range is built."""
    answers: dict[int, httpx.Response] = {}
    with TestClient(create_app(Limits(max_memory=BUDGET)), base_url=BASE) as client:

        def send(i: int) -> None:
            answers[i] = client.post(path, json=HUNGRY[path][i])

        threads = [threading.Thread(target=send, args=(i,)) for i in range(2)]
        started = time.monotonic()
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(300)
        seconds = time.monotonic() - started
        runner = client.app.state.runner
        assert runner.jobs() == [] and runner.peak_reserved == 0
    for i in range(2):
        message = refusal(answers[i], {400})
        assert re.search(r"about [\d.]+ GB of memory", message) and "above this server's" in message, message
    assert seconds < 120  # priced from the sizes (a 6-card range took 5.6 s to build; these are not built)


@pytest.mark.parametrize("path", sorted(FITTING))
def test_a_pair_without_ranges_runs_within_the_budget(path):
    with TestClient(create_app(Limits(max_memory=BUDGET)), base_url=BASE) as client:
        answers = [client.post(path, json=body) for body in FITTING[path]]
        runner = client.app.state.runner
        assert [job.state for job in runner.jobs()] == [JobState.DONE, JobState.DONE]
        assert 0 < runner.peak_reserved <= BUDGET
    assert [a.status_code for a in answers] == [200, 200], [a.text[:200] for a in answers]


@pytest.mark.parametrize("path", sorted(SMALL))
def test_every_run_shares_one_budget_of_runs(path, monkeypatch):
    """With one run at a time and none waiting, a job holding the slot makes every route's
    run a 503: the query, explore, hands and equity routes share the slot."""
    release = threading.Event()

    def hold(request, limits, progress):
        release.wait(60)
        return {}

    monkeypatch.setattr("omaha8eq.web.compute.run_request", hold)
    with TestClient(create_app(Limits(max_running=1, max_waiting=0)), base_url=BASE) as client:
        try:
            held = client.post("/api/jobs", json={"kind": "evaluate", "request": {"hand": "AsAh2c3d"}})
            assert held.status_code == 202
            response = client.post(path, json=SMALL[path])
            assert refusal(response, {503}).startswith("server busy: ")
            assert response.headers["retry-after"] == "2"
        finally:
            release.set()


@pytest.mark.parametrize("path", sorted(HUNGRY))
def test_pricing_runs_off_the_event_loop(path, monkeypatch):
    """Counting a range may build it and compile a kernel (a minute, cold): while every
    count waits, the server still answers."""
    from omaha8eq.ranges import range as ranges

    counting, release = threading.Event(), threading.Event()
    real = ranges.range_size

    def slow_size(*args, **kwargs):
        counting.set()
        release.wait(60)
        return real(*args, **kwargs)

    monkeypatch.setattr(ranges, "range_size", slow_size)
    answers: list[httpx.Response] = []
    with serving(create_app(Limits(max_memory=BUDGET))) as url:
        sender = threading.Thread(target=lambda: answers.append(httpx.post(url + path[1:], json=HUNGRY[path][0])))
        sender.start()
        try:
            assert counting.wait(60)
            started = time.monotonic()
            assert httpx.get(url + "api/limits", timeout=30).status_code == 200
            assert time.monotonic() - started < 10  # at once, beside a count that waits
        finally:
            release.set()
            sender.join(120)
    assert answers[0].status_code == 400


def test_a_request_being_priced_when_the_server_stops_is_answered_at_once(monkeypatch):
    """Ctrl-C while a range is still being counted: the request is answered 503 without
    waiting for the count (a thread cannot be interrupted), so the server's graceful
    shutdown is never held up and never cancels a task (uvicorn would log a traceback)."""
    from omaha8eq.ranges import range as ranges

    counting, release, stopping = threading.Event(), threading.Event(), threading.Event()

    def blocked_size(*args, **kwargs):
        counting.set()
        release.wait(120)
        raise AssertionError("the count outlived the request")

    monkeypatch.setattr(ranges, "range_size", blocked_size)
    answers: list[httpx.Response] = []
    path = sorted(HUNGRY)[0]
    with serving(create_app(Limits(max_memory=BUDGET), stopping=stopping.is_set)) as url:
        sender = threading.Thread(target=lambda: answers.append(httpx.post(url + path[1:], json=HUNGRY[path][0])))
        sender.start()
        try:
            assert counting.wait(60)
            stopping.set()
            sender.join(60)
            assert answers and not release.is_set()  # answered while the count still waits
        finally:
            release.set()
    assert refusal(answers[0], {503}) == "the server is stopping: the request was not run"


LONG_QUERY = {
    "query": "select avg(riverEquity(hero)) from hero='AsAh2c3d', villain='*', other='*'",
    "samples": 20_000_000,
}


def test_a_query_stops_when_its_client_goes_away():
    app = create_app()
    with serving(app) as url:
        with pytest.raises(httpx.ReadTimeout):
            httpx.post(f"{url}api/query", json=LONG_QUERY, timeout=3)
        (job,) = app.state.runner.jobs()
        assert job.finished.wait(120)  # at its next block of deals
        assert job.state is JobState.CANCELLED and job.result is None and job.done < 20_000_000
