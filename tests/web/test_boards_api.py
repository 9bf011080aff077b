"""POST /api/boards: double board and runs through the web API, against the library."""

from __future__ import annotations

import warnings

import pytest

with warnings.catch_warnings():
    warnings.filterwarnings("ignore", message=".*httpx2")
    from starlette.testclient import TestClient

from omaha8eq import boards_equity
from omaha8eq.web.app import create_app
from omaha8eq.web.requests import Limits


@pytest.fixture(scope="module")
def client():
    with TestClient(create_app()) as test_client:
        yield test_client


def without_elapsed(document: dict) -> dict:
    document = {k: v for k, v in document.items() if k != "elapsed"}
    document["boards"] = [{k: v for k, v in b.items() if k != "elapsed"} for b in document["boards"]]
    return document


def test_two_boards_are_the_librarys(client):
    hands, boards = ["AsAh2c3d", "KsKhQdJd"], ["4c5d7s8h", "KcQs9h2d"]
    response = client.post("/api/boards", json={"players": hands, "boards": boards})
    assert response.status_code == 200
    assert without_elapsed(response.json()) == without_elapsed(boards_equity(hands, boards).to_dict())


def test_runs_by_monte_carlo_are_the_librarys_for_a_seed(client):
    body = {"players": ["AsAh2c3d", "random"], "boards": ["4c5d7s"], "runs": 2, "samples": 20_000, "seed": 9}
    document = client.post("/api/boards", json=body).json()
    expected = boards_equity(["AsAh2c3d", "random"], "4c5d7s", runs=2, samples=20_000, seed=9)
    assert [b["name"] for b in document["boards"]] == ["run 1", "run 2"]
    assert [p["share_counts"] for p in document["players"]] == [
        p["share_counts"] for p in expected.to_dict()["players"]
    ]


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ({"players": ["AsAh2c3d", "KsKhQdJd"], "boards": ["4c5d7s", "4c"]}, "4c appears in board 1 and in board 2"),
        ({"players": ["AsAh2c3d", "KsKhQdJd"], "boards": ["4c5d7s"], "runs": 7}, "runs"),
        ({"players": ["AsAh2c3d", "KsKhQdJd"], "boards": ["4c", "5d", "6h"]}, "one or two boards"),
        ({"players": ["AsAh2c3d", "KsKhQdJd"], "boards": "4c5d7s"}, "boards: expected a list"),
        ({"players": ["AsAh2c3d", "KsKhQdJd"], "boards": ["", ""], "method": "exact"}, "above this server's limit"),
    ],
)
def test_bad_input_is_a_400_with_the_message(client, body, message):
    response = client.post("/api/boards", json=body)
    assert response.status_code == 400
    assert message in response.json()["error"]


def test_samples_above_the_servers_limit_are_refused():
    with TestClient(create_app(Limits(max_samples=1000))) as small:
        body = {"players": ["AsAh2c3d", "random"], "boards": ["", ""], "samples": 5000}
        assert "at most 1,000 samples" in small.post("/api/boards", json=body).json()["error"]


def test_the_game_field_plays_the_named_game_with_its_ranges(client):
    # a 5-card text range reads its hole size from the game, as the library's boards_equity does
    body = {
        "players": ["AA***", "KsKhQdJd9c"],
        "boards": ["Ac8c5h", "Kd7d2s"],
        "game": "omahahi5",
        "samples": 20_000,
        "seed": 3,
    }
    document = client.post("/api/boards", json=body).json()
    expected = boards_equity(body["players"], body["boards"], game="omahahi5", samples=20_000, seed=3)
    assert without_elapsed(document) == without_elapsed(expected.to_dict())
    assert document["game"] == "omahahi5-double"


def test_a_game_that_contradicts_hilo_is_refused(client):
    body = {"players": ["AsAh2c3d", "KsKhQdJd"], "boards": ["Ac8c5h", "Kd7d2s"], "game": "omaha8", "hilo": False}
    response = client.post("/api/boards", json=body)
    assert response.status_code == 400
    assert "game" in response.json()["error"]
