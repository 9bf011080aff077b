"""POST /api/query: the library's answer, bounded by the server's limits, 4xx on bad input."""

from __future__ import annotations

import warnings

import pytest

with warnings.catch_warnings():
    warnings.filterwarnings("ignore", message=".*httpx2")
    from starlette.testclient import TestClient

import omaha8eq
from omaha8eq.web.app import create_app
from omaha8eq.web.requests import Limits

SPOT = "from hero='AsAh2c3d', villain='KsKhQdJd', board='Ac8c5h9d'"


@pytest.fixture(scope="module")
def client():
    with TestClient(create_app(Limits(max_samples=100_000))) as test_client:
        yield test_client


def test_exact_query_is_the_librarys(client):
    text = f"select avg(riverEquity(hero)) as eq, histogram(handType(hero, river)) {SPOT}"
    response = client.post("/api/query", json={"query": text})
    assert response.status_code == 200, response.text
    got, want = response.json(), omaha8eq.query(text).to_dict()
    assert got["selectors"] == want["selectors"] and got["exact"] and got["selectors"][0]["fraction"] == "19/20"


def test_sampled_query_is_seeded_and_capped(client):
    text = "select count(scoops(hero)) as s from hero='AsAh2c3d', villain='*'"
    got = client.post("/api/query", json={"query": text, "samples": 5000, "seed": 4}).json()
    want = omaha8eq.query(text, samples=5000, seed=4).to_dict()
    assert got["trials"] == 5000 and got["selectors"] == want["selectors"]
    response = client.post("/api/query", json={"query": text, "samples": 10**9})
    assert response.status_code == 400 and "above this server's limit" in response.json()["error"]
    got = client.post("/api/query", json={"query": text}).json()  # a random hand: sampled by default
    assert not got["exact"] and got["trials"] == 200_000


@pytest.mark.parametrize(
    ("body", "message", "position"),
    [
        ({"query": "select count(winsHi(hero) from hero='AA**'"}, "syntax error at column 27", 26),
        ({"query": "select count(winHi(hero)) from hero='AA**'"}, "did you mean 'winsHi'", 13),
        ({"query": "select count(winsHi(hero)) from hero='AsXx', villain='*'"}, "hero", None),
        ({"query": 3}, "expected", None),
        ({"query": "select count(scoops(h)) from h='AA**'", "bogus": 1}, "unknown field 'bogus'", None),
        ({"query": "select count(scoops(h)) from h='AA**'", "seed": "x"}, "seed", None),
    ],
)
def test_bad_input_is_a_400_with_the_message(client, body, message, position):
    response = client.post("/api/query", json=body)
    assert response.status_code == 400, response.text
    document = response.json()
    assert message in document["error"] and document["position"] == position


def test_not_json_and_too_large(client):
    assert client.post("/api/query", content=b"{").status_code == 403  # not JSON: refused by the guard
    assert client.post("/api/query", content=b"{", headers={"Content-Type": "application/json"}).status_code == 400
    assert (
        client.post("/api/query", content=b"x" * 100_000, headers={"Content-Type": "application/json"}).status_code
        == 413
    )


def test_the_page_includes_the_query_box(client):
    page = client.get("/").text
    assert 'id="query-panel"' in page and 'src="page.js"' in page
    assert 'import "./query.js";' in client.get("/page.js").text  # the page's one entry starts it
    # The box runs a query as a "query" job of /api/jobs (progress and Cancel), not by a comment's word.
    assert 'controls.run("query", {query: text})' in client.get("/query.js").text
