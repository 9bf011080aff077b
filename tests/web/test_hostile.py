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
import time
import warnings

import pytest
from page_server import serving

with warnings.catch_warnings():
    warnings.filterwarnings("ignore", message=".*httpx2")
    from starlette.testclient import TestClient

from omaha8eq.web.app import create_app
from omaha8eq.web.guard import MAX_DEPTH, MAX_DIGITS

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
        pytest.param(json.dumps({**EQUITY, "seed": 1e400}), "seed: expected an integer, got inf", id="seed 1e400"),
        pytest.param('{"players": NaN}', "players: expected a list", id="NaN"),
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
