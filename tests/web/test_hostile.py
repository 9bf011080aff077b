"""Hostile input against the web server: every class of issue 22's round, each answered
with a 4xx and a one-line message, never a 500, never silence.

The classes: requests from other sites (a ``text/plain`` or form POST, a foreign or
``null`` Origin: 403), bodies that break Python's parser (deep nesting, integers longer
than 4,300 digits: 400), bodies too large (413 from the Content-Length, before reading),
malformed job requests (400), and requests too costly for the server's memory or time
budgets (400 with the estimate, before anything is built). The memory-heavy pair from
the issue, sent concurrently to a real ``omaha8eq serve``, is in
``test_serve_survives_the_memory_heavy_pair``.
"""

from __future__ import annotations

import json
import socket
import threading
import time
import warnings

import pytest
from page_server import serving

with warnings.catch_warnings():
    warnings.filterwarnings("ignore", message=".*httpx2")
    from starlette.testclient import TestClient

from omaha8eq.web.app import create_app
from omaha8eq.web.guard import MAX_DEPTH, MAX_DIGITS
from omaha8eq.web.jobs import JobRunner, JobState
from omaha8eq.web.requests import Limits

JSON = {"content-type": "application/json"}
EQUITY = {"players": ["AsAh2c3d", "KsKhQdJd"], "board": "4c5d7s8h9s"}


@pytest.fixture(scope="module")
def client():
    with TestClient(create_app(), base_url="http://127.0.0.1:8000") as test_client:
        yield test_client


def error_of(response, status: int) -> str:
    assert response.status_code == status, response.text
    message = response.json()["error"]
    assert isinstance(message, str) and "\n" not in message and len(message) < 300
    return message


# -- requests from other sites ------------------------------------------------------

CROSS_SITE = [
    pytest.param({"content-type": "text/plain"}, "Content-Type must be application/json", id="text/plain"),
    pytest.param(
        {"content-type": "application/x-www-form-urlencoded"}, "Content-Type must be application/json", id="form"
    ),
    pytest.param({"content-type": "multipart/form-data; boundary=x"}, "Content-Type must be", id="multipart"),
    pytest.param({}, "Content-Type must be application/json (got none)", id="no content type"),
    pytest.param({**JSON, "origin": "http://evil.example"}, "Origin 'http://evil.example' is not", id="evil origin"),
    pytest.param({**JSON, "origin": "null"}, "Origin 'null' is not this server", id="null origin"),
    pytest.param({**JSON, "origin": "http://127.0.0.1:8001"}, "is not this server", id="another port"),
    pytest.param({**JSON, "origin": "https://127.0.0.1:8000"}, "is not this server", id="another scheme"),
]


@pytest.mark.parametrize("path", ["/api/equity", "/api/jobs", "/api/range"])
@pytest.mark.parametrize(("headers", "expected"), CROSS_SITE)
def test_cross_site_posts_are_refused(client, path, headers, expected):
    body = {"kind": "equity", "request": EQUITY} if path == "/api/jobs" else EQUITY
    response = client.post(path, content=json.dumps(body), headers=headers)
    assert expected in error_of(response, 403)
    assert client.app.state.runner.jobs() == [] or all(job.kind != "equity" for job in client.app.state.runner.jobs())


def test_cross_site_cancels_are_refused_and_same_origin_requests_pass(client):
    job_id = client.post("/api/jobs", json={"kind": "evaluate", "request": {"hand": "AsAh2c3d", "board": "4c5d7s"}})
    job_id = job_id.json()["id"]
    for method, path in (("POST", f"/api/jobs/{job_id}/cancel"), ("DELETE", f"/api/jobs/{job_id}")):
        assert client.request(method, path).status_code == 403  # no JSON content type (a beacon, a form)
        evil = {**JSON, "origin": "http://evil.example"}
        assert client.request(method, path, headers=evil).status_code == 403
        assert client.request(method, path, headers=JSON).status_code == 200
    same = {**JSON, "origin": "http://127.0.0.1:8000"}  # the page's own requests carry its origin
    assert (
        client.post(
            "/api/evaluate", content=json.dumps({"hand": "AsAh2c3d", "board": "4c5d7s"}), headers=same
        ).status_code
        == 200
    )
    assert client.get("/api/limits", headers={"origin": "http://evil.example"}).status_code == 200  # reads: CORS


# -- bodies that break the parser --------------------------------------------------------


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        pytest.param("[" * 2000 + "]" * 2000, f"JSON nested more than {MAX_DEPTH} levels deep", id="nested 2000"),
        pytest.param('{"players": ' + "[" * 2000, f"nested more than {MAX_DEPTH}", id="nested, unclosed"),
        pytest.param('{"a": "' + "[" * 2000 + '"}', "unknown field 'a'", id="brackets in a string"),
        pytest.param(
            json.dumps({**EQUITY, "seed": 0}).replace("0}", "7" * 5000 + "}"),
            f"a number with 5,000 digits; at most {MAX_DIGITS}",
            id="seed 5000 digits",
        ),
        pytest.param(
            json.dumps({**EQUITY, "samples": 0}).replace("0}", "-" + "9" * 4301 + "}"),
            "a number with 4,301 digits",
            id="samples 4301 digits",
        ),
        pytest.param(
            json.dumps({**EQUITY, "samples": 10**25}), "samples: this server draws at most", id="samples 1e25"
        ),
        pytest.param(
            json.dumps({**EQUITY, "seed": 0}).replace("0}", "1e400}"), "the number 1e400 is out of range", id="1e400"
        ),
        pytest.param(json.dumps({**EQUITY, "seed": 1e400}), "request: Infinity is not a JSON number", id="Infinity"),
        pytest.param('{"players": NaN}', "request: NaN is not a JSON number", id="NaN"),
        pytest.param('{"seed": -Infinity}', "request: -Infinity is not a JSON number", id="-Infinity"),
        pytest.param('"\\' * 3000, "not valid JSON", id="escapes"),
        pytest.param(b"\xff\xfe{}", "not valid JSON", id="not utf-8"),
    ],
)
def test_bodies_that_break_the_parser_are_400(client, body, expected):
    response = client.post("/api/equity", content=body, headers=JSON)
    assert expected in error_of(response, 400)


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        pytest.param({"kind": "equity"}, 'expected {"kind"', id="no request"),
        pytest.param({"kind": "equity", "request": EQUITY, "extra": 1}, 'expected {"kind"', id="unknown key"),
        pytest.param({"request": EQUITY}, 'expected {"kind"', id="no kind"),
        pytest.param({"kind": "equity", "request": None}, "request: expected a JSON object", id="request null"),
        pytest.param({"kind": "shell", "request": {}}, "kind: expected one of", id="unknown kind"),
        pytest.param([1, 2], 'expected {"kind"', id="a list"),
    ],
)
def test_malformed_jobs_are_400_and_start_nothing(client, body, expected):
    before = len(client.app.state.runner.jobs())
    assert expected in error_of(client.post("/api/jobs", json=body), 400)
    assert len(client.app.state.runner.jobs()) == before


def test_a_huge_content_length_is_413_at_once():
    with serving() as url:
        port = int(url.rstrip("/").rsplit(":", 1)[1])
        with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
            started = time.monotonic()
            sock.sendall(
                b"POST /api/equity HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                b"Content-Length: 1000000000000\r\n\r\n{"
            )
            answer = b""
            while b'bytes"}' not in answer and time.monotonic() - started < 5:  # the headers, then the body
                answer += sock.recv(4096)
            assert time.monotonic() - started < 5
    answer = answer.decode()
    assert answer.startswith("HTTP/1.1 413 ")
    assert "request: the body is larger than 64,000 bytes" in answer


# -- requests too costly for the server -----------------------------------------------------

# The pair that took the server down (anon-rss 22.9 GB) when sent together, each within every other limit.
HEAVY = [
    {"players": ["100%", "99%"], "hole_size": 6, "method": "monte-carlo", "samples": 1000, "seed": 1},
    {"players": ["98%", "97%"], "hole_size": 6, "method": "monte-carlo", "samples": 1000, "seed": 1},
]


@pytest.mark.parametrize("body", HEAVY, ids=["100% v 99%", "98% v 97%"])
@pytest.mark.parametrize("by_hand", [True, False])
def test_a_request_above_the_memory_budget_is_refused_before_it_runs(client, body, by_hand):
    started = time.monotonic()
    message = error_of(client.post("/api/equity", json={**body, "by_hand": by_hand}), 400)
    assert time.monotonic() - started < 30  # priced from the ranges' sizes: nothing is built
    assert message.startswith("request: this run would need about ")
    assert "GB of memory" in message and "above this server's limit of" in message
    assert ("turn off per-hand results" in message) == by_hand
    jobs = client.post("/api/jobs", json={"kind": "equity", "request": body})
    assert error_of(jobs, 400) == error_of(client.post("/api/equity", json=body), 400)


def test_a_hopeless_exact_run_is_refused_before_its_ranges_are_built(client):
    body = {"players": ["15%", "15%"], "hole_size": 6, "board": "4c5d7s", "method": "exact"}
    started = time.monotonic()
    message = error_of(client.post("/api/equity", json=body), 400)
    assert time.monotonic() - started < 30  # it took 67 s, building both ranges first
    assert message.startswith("method: this exact run would take about ")
    assert (
        "sweep row updates" in message
        and "(estimated from the ranges' sizes, 3,053,784 and 3,053,784 hands)" in message
    )


def test_a_range_above_a_small_budget_is_refused(client):
    with TestClient(create_app(Limits(max_memory=50_000_000))) as small:
        message = error_of(small.post("/api/range", json={"expression": "10%", "hole_size": 6}), 400)
        assert message == (
            "request: this run would need about 217 MB of memory (2,035,872 range hands), above this "
            "server's limit of 50 MB; use narrower ranges"
        )


def test_a_job_waits_while_others_hold_the_memory(monkeypatch):
    release = threading.Event()

    def slow(progress):
        release.wait(30)
        return {"done": True}

    runner = JobRunner(Limits(max_memory=100_000_000, max_running=4))
    try:
        first = runner.submit("evaluate", slow, 60_000_000)
        second = runner.submit("evaluate", slow, 60_000_000)  # fits alone, not beside the first
        third = runner.submit("evaluate", slow, 30_000_000)  # fits beside the first
        deadline = time.monotonic() + 10
        while third.state is not JobState.RUNNING and time.monotonic() < deadline:
            time.sleep(0.02)
        assert (first.state, second.state, third.state) == (JobState.RUNNING, JobState.WAITING, JobState.RUNNING)
        assert runner.reserved == 90_000_000
        assert runner.peak_reserved == 90_000_000  # the second never held its memory beside the first
        release.set()
        assert second.finished.wait(10) and second.state is JobState.DONE
    finally:
        release.set()
        runner.shutdown()
    assert runner.reserved == 0
