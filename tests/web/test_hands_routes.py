"""POST /api/hands: a hand-history file read, checked and all-in adjusted by the local server."""

from __future__ import annotations

import base64
import warnings

from history_files import STARS_SYNTHETIC, WINAMAX_SYNTHETIC

with warnings.catch_warnings():
    warnings.filterwarnings("ignore", message=".*httpx2")
    from starlette.testclient import TestClient

from omaha8eq import allin_ev, read_hands
from omaha8eq.web import hands_routes
from omaha8eq.web.app import create_app


def _post(client, body):
    return client.post("/api/hands", json=body)


def test_a_file_is_read_like_the_library_reads_it():
    data = STARS_SYNTHETIC.read_bytes() + b"\n\n" + WINAMAX_SYNTHETIC.read_bytes()
    with TestClient(create_app()) as client:
        response = _post(client, {"data": base64.b64encode(data).decode(), "player": "Ann"})
    assert response.status_code == 200
    document = response.json()
    expected = allin_ev(read_hands(STARS_SYNTHETIC, WINAMAX_SYNTHETIC), player="Ann")
    assert document["summary"] == expected.summary()
    assert document["players"] == [t.to_dict() for t in expected.ranked()]
    chart = document["chart"]
    assert (chart["player"], chart["unit"], chart["hands"]) == ("Ann", "USD", 3)
    net, adjusted = expected.cumulative("Ann", "USD")
    assert chart["net"] == net and chart["adjusted"] == adjusted


def test_bad_input_is_a_4xx_with_the_message(monkeypatch):
    with TestClient(create_app()) as client:
        cases = [
            (
                client.post("/api/hands", content=b"{not json", headers={"Content-Type": "application/json"}),
                400,
                "JSON",
            ),
            (client.post("/api/hands", content=b"{}"), 403, "application/json"),
            (_post(client, ["data"]), 400, "expected {"),
            (_post(client, {"data": "abc", "extra": 1}), 400, "expected {"),
            (_post(client, {"data": "%%%"}), 400, "not base64"),
            (_post(client, {"data": "", "player": 5}), 400, "player"),
        ]
        monkeypatch.setattr(hands_routes, "MAX_BYTES", 100)
        cases.append((_post(client, {"data": base64.b64encode(b"x" * 400).decode()}), 413, "larger than"))
        monkeypatch.setattr(hands_routes, "MAX_BYTES", 4_000_000)
        monkeypatch.setattr(hands_routes, "MAX_ALLIN_HANDS", 0)
        data = base64.b64encode(STARS_SYNTHETIC.read_bytes()).decode()
        cases.append((_post(client, {"data": data}), 400, "hands with an all-in to value"))
    for response, status, words in cases:
        assert response.status_code == status and words in response.json()["error"]
    # Binary data is not an error: nothing is read, and the answer says what was skipped.
    with TestClient(create_app()) as client:
        response = _post(client, {"data": base64.b64encode(bytes(range(256))).decode()})
    assert response.status_code == 200 and response.json()["summary"]["hands_skipped"] == 1
    assert response.json()["chart"] is None


def test_the_chart_is_thinned():
    values = [float(i) for i in range(1000)]
    thin = hands_routes._thin(values)
    assert len(thin) == hands_routes.CHART_POINTS and thin[0] == 0.0 and thin[-1] == 999.0
