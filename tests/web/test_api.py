"""The web API through Starlette's test client: every endpoint against the library it calls.

Each answer is compared with the library function called directly (field for field,
count for count: the API must not change a number), and bad input of every kind must
be a 400 carrying the library's own one-line message, never a 500.
"""

from __future__ import annotations

import threading
import time
import warnings

import httpx
import pytest
from page_server import serving

# Starlette 1.x asks for httpx2 in its test client (a warning on import); httpx works the same here.
with warnings.catch_warnings():
    warnings.filterwarnings("ignore", message=".*httpx2")
    from starlette.testclient import TestClient

import omaha8eq
from omaha8eq.engine.method import MAX_WORK
from omaha8eq.present.documents import eval_document, range_document
from omaha8eq.web.app import create_app
from omaha8eq.web.compute import BY_HAND_ROWS, DISTRIBUTION_POINTS
from omaha8eq.web.jobs import JobRunner, JobState
from omaha8eq.web.requests import Limits


@pytest.fixture(scope="module")
def client():
    with TestClient(create_app()) as test_client:
        yield test_client


def without_elapsed(document: dict) -> dict:
    return {k: v for k, v in document.items() if k != "elapsed"}


def ok(client, path: str, body: dict) -> dict:
    response = client.post(path, json=body)
    assert response.status_code == 200, response.text
    return response.json()


def test_server_limit_is_the_librarys_max_work():
    assert Limits().max_work == MAX_WORK


def test_equity_of_known_hands_is_the_librarys(client):
    got = ok(client, "/api/equity", {"players": ["A♠ A♥ 2♣ 3♦", "KsKhQdJd"], "board": "4c5d7s"})
    want = omaha8eq.equity(["AsAh2c3d", "KsKhQdJd"], board="4c5d7s").to_dict()
    assert without_elapsed(got) == without_elapsed(want)
    assert got["players"][0]["exact"]["equity"] == "1541/1640"


def test_the_hands_field_has_one_name_everywhere(client):
    # "hands", as the library and the batch mode name them; "players" stays as an alias.
    by_hands = ok(client, "/api/equity", {"hands": ["AsAh2c3d", "KsKhQdJd"], "board": "4c5d7s"})
    by_players = ok(client, "/api/equity", {"players": ["AsAh2c3d", "KsKhQdJd"], "board": "4c5d7s"})
    assert without_elapsed(by_hands) == without_elapsed(by_players)
    boards = ok(client, "/api/boards", {"hands": ["AsAh2c3d", "KsKhQdJd"], "boards": ["4c5d7s", "KcQs9h"]})
    assert boards["players"][0]["hand"] == "As Ah 3d 2c"
    both = {"hands": ["AsAh2c3d", "KsKhQdJd"], "players": ["AsAh2c3d", "KsKhQdJd"]}
    answer = client.post("/api/equity", json=both)
    assert answer.status_code == 400 and "give the hands once" in answer.json()["error"]


def test_equity_high_only_with_dead_cards(client):
    body = {"players": ["AsAh2c3d", "KsKhQdJd", "7h8h9hTh"], "board": "4c5d7s", "dead": "2h", "hilo": False}
    want = omaha8eq.equity(body["players"], board="4c5d7s", dead="2h", game="omahahi").to_dict()
    assert without_elapsed(ok(client, "/api/equity", body)) == without_elapsed(want)


def test_equity_monte_carlo_is_the_librarys_for_a_seed(client):
    body = {"players": ["AsAh2c3d", "random", "random"], "method": "monte-carlo", "samples": 50_000, "seed": 7}
    got = ok(client, "/api/equity", body)
    want = omaha8eq.equity(["AsAh2c3d", "random", "random"], samples=50_000, seed=7).to_dict()
    assert without_elapsed(got) == without_elapsed(want)
    assert got["exhaustive"] is False and got["seed"] == 7 and got["outcomes"] == 50_000


def test_equity_stderr_target_stops_at_the_servers_samples():
    limits = Limits(max_samples=40_000)
    with TestClient(create_app(limits)) as small:
        body = {"players": ["AsAh2c3d", "random"], "stderr_target": 1e-6, "seed": 3}
        got = ok(small, "/api/equity", body)
    assert got["target_met"] is False and got["outcomes"] == 40_000
    want = omaha8eq.equity(["AsAh2c3d", "random"], samples=40_000, stderr_target=1e-6, seed=3).to_dict()
    assert without_elapsed(got) == without_elapsed(want)


@pytest.mark.parametrize("hole_size", [None, 4])
def test_equity_of_a_range_by_hand_and_distribution(client, hole_size):
    body = {"players": ["AsAh2c3d", "KK:$ds"], "board": "4c5d7s", "by_hand": True, "hole_size": hole_size}
    got = ok(client, "/api/equity", body)
    result = omaha8eq.equity(["AsAh2c3d", "KK:$ds"], board="4c5d7s", by_hand=True)
    want = result.to_dict()
    assert without_elapsed(got) == without_elapsed({**want, "players": got["players"]})
    ranged = got["players"][1]
    assert ranged["by_hand"] == want["players"][1]["by_hand"]
    assert ranged["by_hand_total"] == len(result.players[1].by_hand)
    graph = ranged["equity_distribution"]
    assert graph["deciles"] == list(result.players[1].deciles())
    assert len(graph["equity"]) == len(graph["fraction"]) == DISTRIBUTION_POINTS
    assert graph["equity"] == sorted(graph["equity"])
    distribution = result.players[1].equity_distribution()
    assert graph["equity"][0] == distribution.equity[0] and graph["equity"][-1] == distribution.equity[-1]
    assert "by_hand" not in got["players"][0]


def test_a_large_ranges_table_keeps_its_best_and_worst_hands(client):
    body = {"players": ["AsAh2c3d", "QQ**"], "board": "4c5d7s"}
    got = ok(client, "/api/equity", body)["players"][1]
    rows = [h.to_dict() for h in omaha8eq.equity(["AsAh2c3d", "QQ**"], board="4c5d7s", by_hand=True).players[1].by_hand]
    assert len(rows) > BY_HAND_ROWS and got["by_hand_total"] == len(rows)
    assert got["by_hand"] == rows[: BY_HAND_ROWS // 2] + rows[-BY_HAND_ROWS // 2 :]


def test_equity_by_next_card_and_hole_size(client):
    body = {"players": ["AsAh2c3d", "KK:$ds"], "board": "4c5d7s", "by_next_card": True, "by_hand": False}
    got = ok(client, "/api/equity", body)
    want = omaha8eq.equity(["AsAh2c3d", "KK:$ds"], board="4c5d7s", by_next_card=True).to_dict()
    assert got["by_next_card"] == want["by_next_card"] and len(got["by_next_card"]) == 45  # 52 - 7 known cards
    body = {"players": ["AsAh2c3d5h", "AA:$ds"], "board": "4c5d7s", "hole_size": 5, "by_hand": False}
    got = ok(client, "/api/equity", body)
    five = omaha8eq.parse_range("AA:$ds", hole_size=5)
    want = omaha8eq.equity(["AsAh2c3d5h", five], board="4c5d7s").to_dict()
    assert without_elapsed(got) == without_elapsed(want)


def test_counterfeit_is_the_librarys(client):
    got = ok(client, "/api/counterfeit", {"hand": "As2cKhKd", "board": "4d6h8s", "opponents": ["Ac3cQdJd"]})
    want = omaha8eq.counterfeit_odds("As2cKhKd", "4d6h8s", opponents=["Ac3cQdJd"]).to_dict()
    assert without_elapsed(got) == without_elapsed(want)


def test_evaluate_is_the_cli_document(client):
    got = ok(client, "/api/evaluate", {"hand": "As Ah 3d 6s", "board": "Ad 8c 5h Ks 2c"})
    high, low = omaha8eq.evaluate("As Ah 3d 6s", "Ad 8c 5h Ks 2c")
    assert got == eval_document("As Ah 3d 6s", "Ad 8c 5h Ks 2c", high, low, "omaha8")
    assert ok(client, "/api/evaluate", {"hand": "AsAh3d6s", "board": "Ad8c5h", "hilo": False})["low"] is None


def test_range_counts_lists_and_validates(client):
    got = ok(client, "/api/range", {"expression": "AA:$ds", "list": 3})
    assert got == range_document(omaha8eq.parse_range("AA:$ds"), 3)
    assert got["hands"] == 864 and len(got["listed"]) == 3
    assert ok(client, "/api/range", {"expression": "RROO", "hole_size": 5, "list": 0})["listed"] == []
    response = client.post("/api/range", json={"expression": "AA:$xs"})
    assert response.status_code == 400
    with pytest.raises(omaha8eq.RangeSyntaxError) as raised:
        omaha8eq.parse_range("AA:$xs")
    # one convention: the JSON's position is the message's, 1-based
    assert response.json() == {"error": str(raised.value), "position": 4, "text": "$xs"}
    assert "at position 4 ('$xs')" in response.json()["error"]
    # A player's text that reads as a mistyped hand gets equity()'s card error, as a run would.
    response = client.post("/api/range", json={"expression": "AsAh2c3q", "hand": 2})
    assert response.status_code == 400
    assert response.json()["error"] == library_error(lambda: omaha8eq.equity(["KsKhQdJd", "AsAh2c3q"]))
    response = client.post("/api/range", json={"expression": "AA:$xs", "hand": 2})
    assert response.json() == {"error": str(raised.value), "position": 4, "text": "$xs"}


def library_error(call) -> str:
    with pytest.raises(omaha8eq.OmahaInputError) as raised:
        call()
    return " ".join(str(raised.value).split())


@pytest.mark.parametrize(
    ("body", "call"),
    [
        ({"players": ["AsAh2c3d", "AsKd3c4c"]}, lambda: omaha8eq.equity(["AsAh2c3d", "AsKd3c4c"])),
        ({"players": ["AsAh2c3q", "KsKhQdJd"]}, lambda: omaha8eq.equity(["AsAh2c3q", "KsKhQdJd"])),
        ({"players": ["AsAh2c3d"]}, lambda: omaha8eq.equity(["AsAh2c3d"])),
        ({"players": ["AsAh2c3d", "KsKhQdJd"], "board": "4c5d7s8s9sTs"}, None),
        ({"players": ["random"] * 11}, lambda: omaha8eq.equity(["random"] * 11)),
        ({"players": ["AsAh2c3d"] + ["random"] * 11}, lambda: omaha8eq.equity(["AsAh2c3d"] + ["random"] * 11)),
        ({"players": ["AsAh2c3d", "KsKhQd"]}, lambda: omaha8eq.equity(["AsAh2c3d", "KsKhQd"])),
        ({"players": ["AsAh2c3d", "AA:$xs"]}, lambda: omaha8eq.equity(["AsAh2c3d", "AA:$xs"])),
        ({"players": ["AsAh2c3d", "KK(", "random"]}, lambda: omaha8eq.equity(["AsAh2c3d", "KK(", "random"])),
        ({"players": ["AsAh2c3d", "AA", "KK"], "method": "exact"}, None),
        ({"players": ["AsAh2c3d", "random"], "method": "exact", "samples": 1000}, None),
    ],
)
@pytest.mark.parametrize("hole_size", [None, 4])  # the page always sends it; ranges are then parsed apart
def test_bad_equity_input_is_a_400_with_the_librarys_message(client, body, call, hole_size):
    response = client.post("/api/equity", json={**body, "hole_size": hole_size})
    assert response.status_code == 400, response.text
    message = response.json()["error"]
    assert message and "\n" not in message
    if call is not None:
        assert message == library_error(call)


@pytest.mark.parametrize(
    ("path", "body", "expected"),
    [
        ("/api/equity", {"players": "AsAh2c3d"}, "players: expected a list of hands"),
        ("/api/equity", {"players": [1, 2]}, "players 1: expected text"),
        ("/api/equity", {"players": ["AsAh2c3d", "random"], "samples": "many"}, "samples: expected an integer"),
        ("/api/equity", {"players": ["AsAh2c3d", "random"], "samples": 2.5}, "samples: expected an integer"),
        ("/api/equity", {"players": ["AsAh2c3d", "random"], "samples": 10**12}, "at most 20,000,000 samples"),
        ("/api/equity", {"players": ["AsAh2c3d", "random"], "samples": 1}, "samples: expected 2 to"),
        ("/api/equity", {"players": ["AsAh2c3d", "random"], "seed": -1}, "seed: must not be negative"),
        ("/api/equity", {"players": ["AsAh2c3d", "random"], "stderr_target": 0}, "stderr_target: expected a positive"),
        ("/api/equity", {"players": ["AsAh2c3d", "random"], "hilo": "yes"}, "hilo: expected true or false"),
        ("/api/equity", {"players": ["AsAh2c3d", "random"], "method": "guess"}, "method: expected one of auto"),
        ("/api/equity", {"players": ["AsAh2c3d", "random"], "hole_size": 7}, "hole_size: expected 4, 5 or 6"),
        ("/api/equity", {"players": ["AsAh2c3d", "AA"], "hole_size": 5}, "hand 1: 4 cards given"),
        ("/api/equity", {"players": ["AsAh2c3d", "random"], "colour": "red"}, "unknown field 'colour'"),
        ("/api/equity", {"players": ["AsAh2c3d", "x" * 3000]}, "at most 2,000 characters"),
        ("/api/equity", {"players": ["AsAh2c3d"] * 13}, "at most 12 hands"),
        ("/api/equity", [1, 2], "request: expected a JSON object"),
        ("/api/equity", {"players": ["AA2*", "KK**"], "method": "exact"}, "above this server's limit of 3e+09; choose"),
        ("/api/equity", {"players": ["AsAh2c3d", "KsKhQdJd"], "by_next_card": True}, "by_next_card: needs"),
        ("/api/counterfeit", {"hand": "As2cKhKd", "board": "4d6h"}, "board"),
        ("/api/counterfeit", {"hand": "As2cKhKd", "opponents": ["random"]}, "random"),
        ("/api/evaluate", {"hand": "As2cKhKd", "board": "4d6h"}, "board"),
        ("/api/evaluate", {"hand": "As2cKhZd", "board": "4d6h7h"}, "Zd"),
        ("/api/range", {"expression": "AA:$ds", "list": -1}, "list: expected 0 to 1,000"),
        ("/api/range", {"expression": ""}, "empty expression"),
        ("/api/range", {"expression": "AA", "hand": 0}, "hand: expected a player from 1 to 12"),
        ("/api/range", {"expression": "/etc/passwd"}, "range '/etc/passwd'"),
    ],
)
def test_bad_request_is_a_400_naming_the_field(client, path, body, expected):
    response = client.post(path, json=body)
    assert response.status_code == 400, response.text
    assert expected in response.json()["error"]


def test_a_refused_exact_run_names_what_the_page_offers(client):
    response = client.post("/api/equity", json={"players": ["AA2*", "KK**"], "method": "exact"})
    error = response.json()["error"]
    assert response.status_code == 400 and error.startswith("method: this exact run would take about")
    assert "Monte Carlo" in error and "--" not in error and "max_work" not in error


@pytest.mark.parametrize("content", [b"{bad", b"\xff\xfe", b'{"players": ["AsAh2c3d",]}'])
def test_malformed_json_is_a_400(client, content):
    response = client.post("/api/equity", content=content, headers={"content-type": "application/json"})
    assert response.status_code == 400 and response.json()["error"].startswith("request: not valid JSON")


def test_an_empty_body_or_an_unknown_kind_is_refused(client):
    response = client.post("/api/equity", content=b" ", headers={"content-type": "application/json"})
    assert response.status_code == 400
    assert response.json() == {"error": "request: the body is empty; expected a JSON object"}
    response = client.post("/api/nothing", json={})  # a kind the API does not have: no such endpoint
    assert response.status_code == 404 and response.json() == {"error": "request: nothing at /api/nothing"}
    response = client.post("/api/jobs", json={"kind": "nothing", "request": {}})
    assert response.status_code == 400
    kinds = "equity, counterfeit, evaluate, range, boards, explore, query"
    assert response.json()["error"] == f"kind: expected one of {kinds}, got 'nothing'"


def test_oversized_body_is_refused(client):
    response = client.post("/api/range", json={"expression": "AA, " * 30_000})
    assert response.status_code == 413 and "larger than 64,000 bytes" in response.json()["error"]


def test_the_server_reads_no_file_a_request_names(client):
    for path in ("/../pyproject.toml", "/%2e%2e/pyproject.toml", "/static/../../cards.py", "/app.py"):
        assert client.get(path).status_code == 404
    assert client.get("/").status_code == 200
    assert client.get("/api/limits").json()["max_samples"] == Limits().max_samples


def test_columns_are_the_pages_tables_of_the_answers_fields(client):
    """GET /api/columns: the page's two equity tables, in its order, each column a field the
    JSON answer carries where the page reads it (a player, a range's hand)."""
    columns = client.get("/api/columns").json()["columns"]
    players = [(c["key"], c["heading"], c["digits"]) for c in columns if c["players"]]
    assert players == [
        ("equity", "Equity", 2), ("scoop", "Scoop", 2), ("hi_win", "High win", 2), ("hi_tie", "High tie", 2),
        ("lo_win", "Low win", 2), ("lo_tie", "Low tie", 2), ("no_low", "No low", 2), ("quarter", "Quarter", 2),
    ]  # fmt: skip
    hands = [(c["key"], c["heading"], c["digits"]) for c in columns if c["hands"]]
    assert hands == [
        ("equity", "Equity", 2), ("scoop", "Scoop", 2), ("frequency", "Dealt", 3), ("hi_win", "High win", 2),
        ("lo_win", "Low win", 2), ("no_low", "No low", 2), ("quarter", "Quarter", 2),
    ]  # fmt: skip
    answer = ok(client, "/api/equity", {"players": ["AsAh2c3d", "KK:$ds"], "board": "4c5d7s"})
    for c in columns:
        assert not c["players"] or all(c["key"] in p for p in answer["players"]), c
        assert not c["hands"] or c["key"] in answer["players"][1]["by_hand"][0], c


def test_other_hosts_are_refused():
    with TestClient(create_app(allowed_hosts=["127.0.0.1", "localhost"])) as local:
        assert local.get("/api/limits").status_code == 400  # the test client's Host is "testserver"
        assert local.get("/api/limits", headers={"host": "127.0.0.1:8000"}).status_code == 200


def wait_for(client, job_id: str, states: set[str], timeout: float = 120.0) -> dict:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        status = client.get(f"/api/jobs/{job_id}").json()
        if status.get("state") in states:
            return status
        time.sleep(0.02)
    raise AssertionError(f"job {job_id} never reached {states}: {status}")


# About 13 s on one core (the heads-up range sweep, exact).
LONGER_RUN = {"players": ["15%", "15%"], "board": "4c5d7s", "method": "exact"}
LONG_RUN = {"players": ["AsAh2c3d", "random", "random", "random"], "method": "monte-carlo", "samples": 20_000_000}


def test_job_reports_progress_and_its_result(client):
    body = {"players": ["AsAh2c3d", "random"], "method": "monte-carlo", "samples": 200_000, "seed": 1}
    started = client.post("/api/jobs", json={"kind": "equity", "request": body})
    assert started.status_code == 202 and started.json()["state"] in ("waiting", "running", "done")
    status = wait_for(client, started.json()["id"], {"done"})
    assert status["done"] == status["total"] == 200_000 and status["unit"] == "deals"
    assert without_elapsed(status["result"]) == without_elapsed(ok(client, "/api/equity", body))


def test_a_failed_job_is_a_400_and_an_unknown_one_a_404(client):
    started = client.post("/api/jobs", json={"kind": "equity", "request": {"players": ["AsAh2c3d", "AsKd3c4c"]}})
    assert started.status_code == 202  # the job may have failed already: its id still comes back
    status = wait_for(client, started.json()["id"], {None})  # a failed job answers with the error only
    assert status == {"error": "As appears in hand 1 and in hand 2"}
    assert client.get(f"/api/jobs/{started.json()['id']}").status_code == 400
    assert client.get("/api/jobs/0123456789abcdef").status_code == 404
    assert client.post("/api/jobs", json={"kind": "equity"}).status_code == 400  # no request: refused at once
    no_players = client.post("/api/jobs", json={"kind": "equity", "request": {}}).json()["id"]  # the library's error
    assert wait_for(client, no_players, {None}) == {"error": library_error(lambda: omaha8eq.equity([]))}
    assert client.post("/api/jobs", json={"request": {}}).status_code == 400
    assert client.post("/api/jobs", json={"kind": 5, "request": {}}).json()["error"].startswith("kind: expected one")
    assert client.post("/api/jobs", json={"kind": "equity", "request": {}, "x": 1}).status_code == 400


def test_a_job_names_each_stage_it_counts(client):
    # a 6-card range is parsed with progress (hands), then the run counts its deals
    body = {"players": ["AsAh2c3d4d", "AA"], "hole_size": 5, "method": "monte-carlo", "samples": 20_000, "seed": 1}
    job = client.post("/api/jobs", json={"kind": "equity", "request": body}).json()["id"]
    units = set()
    status = client.get(f"/api/jobs/{job}").json()
    while status.get("state") in ("waiting", "running"):
        units.add(status["unit"])
        status = client.get(f"/api/jobs/{job}").json()
    assert status.get("state") == "done" and status["unit"] == "deals", status
    assert units <= {None, "hands", "deals"}


def test_cancel_stops_a_long_run(client):
    job_id = client.post("/api/jobs", json={"kind": "equity", "request": LONG_RUN}).json()["id"]
    status = wait_for(client, job_id, {"running"})
    while status["done"] == 0:  # the kernel is compiled and reporting
        status = client.get(f"/api/jobs/{job_id}").json()
    assert status["total"] == 20_000_000
    asked = time.monotonic()
    client.request("DELETE", f"/api/jobs/{job_id}", headers={"content-type": "application/json"})
    status = wait_for(client, job_id, {"cancelled", "done"}, timeout=30)
    assert status["state"] == "cancelled" and status["done"] < 20_000_000
    assert time.monotonic() - asked < 10  # stops at its next progress report (generous on a busy machine)


def test_an_abandoned_job_is_cancelled():
    with TestClient(create_app(Limits(abandon_after=1.0))) as forgetful:
        job_id = forgetful.post("/api/jobs", json={"kind": "equity", "request": LONGER_RUN}).json()["id"]
        runner = forgetful.app.state.runner
        job = runner.get(job_id)
        assert job.finished.wait(60)  # nobody polls: the watchdog cancels it
        assert job.cancelled and forgetful.get(f"/api/jobs/{job_id}").json()["state"] == "cancelled"


def test_a_full_server_answers_503():
    with TestClient(create_app(Limits(max_running=1, max_waiting=1))) as busy:
        first = busy.post("/api/jobs", json={"kind": "equity", "request": LONG_RUN}).json()["id"]
        second = busy.post("/api/jobs", json={"kind": "equity", "request": LONG_RUN}).json()["id"]
        response = busy.post("/api/jobs", json={"kind": "equity", "request": LONG_RUN})
        assert response.status_code == 503 and response.headers["retry-after"]
        assert response.json()["error"].startswith("server busy: ")
        assert busy.post("/api/evaluate", json={"hand": "AsAh2c3d", "board": "4c5d7s"}).status_code == 503
        busy.post(f"/api/jobs/{second}/cancel", json={})  # a waiting job ends at once, the running one still runs
        assert wait_for(busy, second, {"cancelled", "done"}, timeout=5)["state"] == "cancelled"
        assert busy.get(f"/api/jobs/{first}").json()["state"] in ("waiting", "running")
        for job_id in (first, second):
            busy.post(f"/api/jobs/{job_id}/cancel", json={})
        for job_id in (first, second):
            assert wait_for(busy, job_id, {"cancelled", "done"})["state"] == "cancelled"


def test_a_client_that_goes_away_stops_its_run():
    app = create_app()
    with serving(app) as url:
        with pytest.raises(httpx.ReadTimeout):
            httpx.post(f"{url}api/equity", json=LONGER_RUN, timeout=2)
        (job,) = app.state.runner.jobs()
        assert job.finished.wait(60)
        assert job.state is JobState.CANCELLED and job.result is None


def test_a_run_without_a_seed_reports_one_javascript_keeps_exactly(client):
    body = {"players": ["AsAh2c3d", "random"], "method": "monte-carlo", "samples": 1000}
    first = ok(client, "/api/equity", body)
    assert 0 <= first["seed"] < 2**53
    again = ok(client, "/api/equity", {**body, "seed": first["seed"]})
    assert without_elapsed(again) == without_elapsed(first)


def test_an_internal_error_is_a_500_not_a_400(client, monkeypatch):
    def broken(request, limits, progress):
        raise ZeroDivisionError("a bug")

    monkeypatch.setattr("omaha8eq.web.compute.run_request", broken)
    response = client.post("/api/evaluate", json={"hand": "AsAh2c3d", "board": "4c5d7s"})
    assert response.status_code == 500 and response.json() == {"error": "internal error: ZeroDivisionError: a bug"}


def test_shutdown_does_not_wait_for_a_job_deaf_to_its_cancellation(monkeypatch):
    release = threading.Event()

    def deaf(request, limits, progress):  # as numba compiling a kernel: no progress report for a while
        release.wait(60)
        return {}

    runner = JobRunner(Limits())
    job = runner.submit("evaluate", lambda progress: deaf(None, Limits(), progress))
    started = time.monotonic()
    runner.shutdown(wait=0.5)
    assert time.monotonic() - started < 5 and job.cancelled and not job.finished.is_set()
    runner.shutdown(wait=30)  # once only
    assert time.monotonic() - started < 5
    assert runner.running()  # serve then leaves without finalizing under the thread
    release.set()  # the thread (a daemon: it would not hold the process up) ends in its own time
    assert job.finished.wait(10)
    for _ in range(100):  # the thread ends just after the job is marked finished
        if not runner.running():
            break
        time.sleep(0.05)
    assert not runner.running()


def test_the_game_field_names_the_game_played(client):
    body = {"players": ["AsAh2c3d5h", "AA:$ds"], "board": "4c5d7s", "game": "omahahi5", "by_hand": False}
    got = ok(client, "/api/equity", body)
    five = omaha8eq.parse_range("AA:$ds", hole_size=5)
    want = omaha8eq.equity(["AsAh2c3d5h", five], board="4c5d7s", game="omahahi5").to_dict()
    assert without_elapsed(got) == without_elapsed(want) and got["game"] == "omahahi5" and got["hilo"] is False
    assert ok(client, "/api/equity", {"players": ["AsAh2c3d", "KsKhQdJd"], "hilo": False})["game"] == "omahahi"
    evaluated = ok(client, "/api/evaluate", {"hand": "AsAh3d6s5c", "board": "Ad8c5hKs2c", "game": "omahahi5"})
    assert evaluated["game"] == "omahahi5" and evaluated["low"] is None


@pytest.mark.parametrize(
    ("path", "body", "message"),
    [
        ("/api/equity", {"players": ["AsAh2c3d", "KK"], "game": "omaha9"}, "game: unknown game 'omaha9'"),
        ("/api/equity", {"players": ["AsAh2c3d", "KK"], "game": 8}, "game: expected text"),
        ("/api/equity", {"players": ["AsAh2c3d", "KK"], "game": "omaha85", "hole_size": 4}, "contradicts hole_size"),
        ("/api/equity", {"players": ["AsAh2c3d", "KK"], "game": "omaha85"}, "hand 1: 4 cards given; this spot deals 5"),
        ("/api/evaluate", {"hand": "AsAh3d6s", "board": "Ad8c5h", "game": "omaha8", "hilo": False}, "contradicts"),
    ],
)
def test_a_bad_game_is_a_400(client, path, body, message):
    response = client.post(path, json=body)
    assert response.status_code == 400 and message in response.json()["error"], response.text
