"""POST /api/explore: the library's answer, the classes' hands, bounded by the server's limits, 4xx on bad input."""

from __future__ import annotations

import time
import warnings

import httpx
import pytest
from page_server import serving

with warnings.catch_warnings():
    warnings.filterwarnings("ignore", message=".*httpx2")
    from starlette.testclient import TestClient

import omaha8eq
from omaha8eq.explorer import exploration_cost, hand_list
from omaha8eq.web.app import create_app
from omaha8eq.web.explore_routes import EXPLORE, LISTED_HANDS
from omaha8eq.web.jobs import JobState
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


def test_the_price_is_the_librarys_estimate():
    body = {"range": "15%", "board": "Kc8c5h", "against": "AA2*"}
    options = EXPLORE.read(body, Limits())
    assert EXPLORE.price(options, Limits()) == exploration_cost("15%", "Kc8c5h", against="AA2*").memory


#: About 2.6e9 sweep row updates: within the default limits, half a minute on one core.
LONG_EXPLORATION = {"range": "15%", "board": "Kc8c5h", "against": "50%"}


def test_an_exploration_stops_when_its_client_goes_away():
    """Cancelled in its sweep, at its next progress report, long before it would end."""
    app = create_app()
    with serving(app) as url:
        with pytest.raises(httpx.ReadTimeout):
            httpx.post(f"{url}api/explore", json=LONG_EXPLORATION, timeout=3)
        gone = time.monotonic()
        (job,) = app.state.runner.jobs()
        assert job.finished.wait(60)
        assert time.monotonic() - gone < 10
        assert job.state is JobState.CANCELLED and job.result is None
        assert job.unit == "boards" and job.total is not None and job.done < job.total
