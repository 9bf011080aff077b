"""The range explorer and the query box as jobs of POST /api/jobs: the same answer as their
own routes, their progress (hands, then boards, for an exploration), Cancel, and bad input
answered as their routes answer it (a query's error keeps its position)."""

from __future__ import annotations

import time
import warnings

import pytest

with warnings.catch_warnings():
    warnings.filterwarnings("ignore", message=".*httpx2")
    from starlette.testclient import TestClient

import omaha8eq
from omaha8eq.web.app import create_app
from omaha8eq.web.equity_routes import JOB_KINDS
from omaha8eq.web.jobs import JobState

JSON = {"content-type": "application/json"}
EXPLORATION = {"range": "AA2*", "board": "Kc8c5h", "against": "KsKhQdJd"}
QUERY = "select avg(riverEquity(hero)) as eq from hero='AsAh2c3d', villain='KsKhQdJd', board='Ac8c5h9d'"
#: About 8e8 sweep row updates: several seconds, long enough to be cancelled mid-sweep.
LONG_EXPLORATION = {"range": "20%", "board": "Kc8c5h", "against": "20%"}


@pytest.fixture(scope="module")
def client():
    with TestClient(create_app()) as test_client:
        yield test_client


def finished(client, job_id: str, timeout: float = 120) -> dict:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        response = client.get(f"/api/jobs/{job_id}")
        status = response.json()
        if response.status_code != 200 or status["state"] not in ("waiting", "running"):
            return status
        time.sleep(0.05)
    raise AssertionError(f"job {job_id} still running after {timeout} s")


def test_the_kinds_are_the_routes_endpoints():
    from omaha8eq.web.explore_routes import EXPLORE
    from omaha8eq.web.query_routes import QUERY as QUERY_ENDPOINT

    assert JOB_KINDS["explore"] is EXPLORE and JOB_KINDS["query"] is QUERY_ENDPOINT


def test_an_exploration_job_answers_as_the_route(client):
    started = client.post("/api/jobs", json={"kind": "explore", "request": EXPLORATION})
    assert started.status_code == 202 and started.json()["kind"] == "explore"
    status = finished(client, started.json()["id"])
    assert status["state"] == "done" and status["unit"] == "boards"
    assert status["result"] == client.post("/api/explore", json=EXPLORATION).json()
    found = omaha8eq.explore(**EXPLORATION)
    assert {k: v for k, v in status["result"].items() if k != "class_hands"} == found.to_dict()


def test_a_query_job_answers_as_the_library(client):
    started = client.post("/api/jobs", json={"kind": "query", "request": {"query": QUERY}})
    assert started.status_code == 202
    status = finished(client, started.json()["id"])
    assert status["state"] == "done"
    assert status["result"]["selectors"] == omaha8eq.query(QUERY).to_dict()["selectors"]
    assert status["result"]["selectors"][0]["fraction"] == "19/20"


@pytest.mark.parametrize(
    ("kind", "request_", "message", "position"),
    [
        ("query", {"query": "select count(winsHi(hero) from hero='AA**'"}, "syntax error at column 27", 26),
        ("query", {"query": "select count(scoops(h)) from h='AA**'", "bogus": 1}, "unknown field 'bogus'", None),
        ("explore", {"range": "AA2*", "board": "Kc8c"}, "board: 2 cards", None),
        ("explore", {"range": "AA2*"}, 'expected {"range"', None),
        ("explore", {"range": "100%", "board": "Kc8c5h", "against": "30%"}, "above this server's limit", None),
    ],
)
def test_bad_input_is_a_400_as_on_the_route(client, kind, request_, message, position):
    before = len(client.app.state.runner.jobs())
    response = client.post("/api/jobs", json={"kind": kind, "request": request_})
    assert response.status_code == 400, response.text
    document = response.json()
    assert message in document["error"] and "\n" not in document["error"]
    if kind == "query":
        assert document["position"] == position
    route = client.post(f"/api/{kind}", json=request_)
    assert route.status_code == 400 and route.json() == document  # worded as the route words it
    assert len(client.app.state.runner.jobs()) == before  # refused before it was queued


def test_an_exploration_job_reports_its_progress_and_stops_when_cancelled(client):
    job_id = client.post("/api/jobs", json={"kind": "explore", "request": LONG_EXPLORATION}).json()["id"]
    deadline = time.monotonic() + 120
    status = client.get(f"/api/jobs/{job_id}").json()
    while not (status["unit"] == "boards" and status["done"] > 0):  # the sweep has started
        assert status["state"] in ("waiting", "running") and time.monotonic() < deadline, status
        time.sleep(0.05)
        status = client.get(f"/api/jobs/{job_id}").json()
    assert status["total"] is not None and status["done"] < status["total"]
    cancelled = time.monotonic()
    client.request("DELETE", f"/api/jobs/{job_id}", headers=JSON)
    status = finished(client, job_id, timeout=30)
    assert status["state"] == "cancelled" and "result" not in status
    assert time.monotonic() - cancelled < 10  # at its next progress report, not at the end
    job = client.app.state.runner.get(job_id)
    assert job is not None and job.state is JobState.CANCELLED and job.done < (job.total or 0)
