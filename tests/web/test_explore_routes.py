"""POST /api/explore: the library's answer, the classes' hands, bounded by the server's limits, 4xx on bad input."""

from __future__ import annotations

import warnings

import pytest

with warnings.catch_warnings():
    warnings.filterwarnings("ignore", message=".*httpx2")
    from starlette.testclient import TestClient

import omaha8eq
from omaha8eq.explorer import hand_list
from omaha8eq.web.app import create_app
from omaha8eq.web.explore_routes import LISTED_HANDS
from omaha8eq.web.requests import Limits


@pytest.fixture(scope="module")
def client():
    with TestClient(create_app(Limits(max_work=2_000_000_000))) as test_client:
        yield test_client


def test_the_answer_is_the_librarys_with_each_class_hands(client):
    response = client.post("/api/explore", json={"range": "AA2*", "board": "Kc8c5h", "against": "KsKhQdJd"})
    assert response.status_code == 200, response.text
    got = response.json()
    found = omaha8eq.explore("AA2*", "Kc8c5h", against="KsKhQdJd")
    assert {k: v for k, v in got.items() if k != "class_hands"} == found.to_dict()
    listed = got["class_hands"]["low draw: protected nut low draw"]
    assert len(listed) == 96 <= LISTED_HANDS
    assert ", ".join(listed) == hand_list(found.where("protected nut low draw"))
    assert len(got["class_hands"]["low draw: unprotected nut low draw"]) == LISTED_HANDS  # 940, cut


def test_where_gives_the_sub_range_as_a_hand_list(client):
    response = client.post("/api/explore", json={"range": "AA2*", "board": "Kc8c5h", "where": "other flush draw"})
    assert response.status_code == 200
    assert response.json() == {
        "where": "other flush draw",
        "hands": 27,
        "range": hand_list(omaha8eq.filter_range("AA2*", "Kc8c5h", "other flush draw")),
    }


@pytest.mark.parametrize(
    ("body", "part"),
    [
        ({"range": "AA2*"}, "expected"),
        ({"range": "AA2*", "board": "Kc8c", "extra": 1}, "unknown field 'extra'"),
        ({"range": "AA2*", "board": "Kc8c"}, "board: 2 cards"),
        ({"range": "AA2*", "board": "Kc8c5h", "against": 5}, "against: expected a string"),
        ({"range": "AA2*", "board": "Kc8c5h", "where": "sett"}, "unknown class"),
        ({"range": "15%", "board": "Kc8c5h", "against": "50%"}, "above this server's limit"),
    ],
)
def test_bad_input_is_a_400_with_one_line(client, body, part):
    response = client.post("/api/explore", json=body)
    assert response.status_code == 400
    message = response.json()["error"]
    assert part in message and "\n" not in message


def test_a_cross_site_post_is_refused(client):
    response = client.post(
        "/api/explore", json={"range": "AA2*", "board": "Kc8c5h"}, headers={"Origin": "http://evil.example"}
    )
    assert response.status_code == 403
