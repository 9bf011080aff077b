"""The web API's own cost: a request through the ASGI stack and the job runner, against
the library call it makes. One unit = one request (or one call), on a heads-up turn
(44 boards, exact: the computation itself is about a millisecond)."""

from __future__ import annotations

import warnings

import pytest

import omaha8eq
from omaha8eq.web.app import create_app

with warnings.catch_warnings():
    warnings.filterwarnings("ignore", message=".*httpx2")  # Starlette 1.x prefers httpx2
    from starlette.testclient import TestClient

SPOT = {"players": ["AsAh2c3d", "KsKhQdJd"], "board": "4c5dJs9d"}


@pytest.fixture(scope="module")
def client():
    with TestClient(create_app()) as test_client:
        yield test_client


def test_library_call(benchmark):
    """The reference: equity() called directly."""
    omaha8eq.equity(SPOT["players"], SPOT["board"])
    benchmark.extra_info.update(unit="calls", units=1)
    benchmark(omaha8eq.equity, SPOT["players"], SPOT["board"])


def test_post_equity(benchmark, client):
    """POST /api/equity: JSON in, a worker thread, the result's to_dict() out."""

    def request():
        response = client.post("/api/equity", json=SPOT)
        assert response.status_code == 200

    request()
    benchmark.extra_info.update(unit="requests", units=1)
    benchmark(request)


def test_job_round_trip(benchmark, client):
    """POST /api/jobs, then GET until done, as the page does (without its poll delays)."""

    def round_trip():
        job = client.post("/api/jobs", json={"kind": "equity", "request": SPOT}).json()
        while job.get("state") != "done":
            job = client.get(f"/api/jobs/{job['id']}").json()

    round_trip()
    benchmark.extra_info.update(unit="requests", units=1)
    benchmark(round_trip)
