"""``omaha8eq serve`` under the memory-heavy pair of issue 22, in a real server process.

The pair (6-card ``100%`` v ``99%`` and ``98%`` v ``97%``, Monte Carlo, sent together)
killed the server through the kernel's out-of-memory killer at 22.9 GB. Here it is sent
together with two requests that fit, to a server started with ``--max-memory 1GB``:
the pair is refused at once with its estimate, the other two run (concurrently, within
the budget), the server stays up, and its peak resident memory (``VmHWM``) stays below
the budget. The same for the query box: the query pair that took a server to 5.25 GB
(6-card ``100%`` v ``100%``, 2,000 samples), beside two queries that fit.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from page_server import free_port

BUDGET = 1_000_000_000
HEAVY = [
    {"players": ["100%", "99%"], "hole_size": 6, "method": "monte-carlo", "samples": 1000, "seed": 1},
    {"players": ["98%", "97%"], "hole_size": 6, "method": "monte-carlo", "samples": 1000, "seed": 1},
]
# Each fits (about 0.3 GB by the estimate), and both fit together.
FITTING = [
    {"players": ["2%", "2%"], "hole_size": 6, "method": "monte-carlo", "samples": 2000, "seed": 1, "by_hand": False},
    {"players": ["1%-3%", "4%"], "hole_size": 6, "method": "monte-carlo", "samples": 2000, "seed": 2, "by_hand": False},
]
QUERY = "select avg(riverEquity(hero)) from game='omaha86', hero='{}', villain='{}'"
QUERY_HEAVY = [
    {"query": QUERY.format("100%", "100%"), "samples": 2000},
    {"query": QUERY.format("100%", "99%"), "samples": 2000},
]
QUERY_FITTING = [
    {"query": QUERY.format("2%", "2%"), "samples": 2000, "seed": 1},
    {"query": QUERY.format("1%-3%", "4%"), "samples": 2000, "seed": 2},
]
PAIRS = [
    pytest.param("api/equity", HEAVY + FITTING, lambda document: document["players"][0]["equity"] > 0, id="equity"),
    pytest.param(
        "api/query", QUERY_HEAVY + QUERY_FITTING, lambda document: document["selectors"][0]["value"] > 0, id="query"
    ),
]


def peak_memory(pid: int) -> int:
    """The process's peak resident memory so far, in bytes (``VmHWM`` in /proc)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) * 1024
    raise AssertionError("no VmHWM")


def post(url: str, body: dict) -> tuple[int, dict]:
    request = urllib.request.Request(url, data=json.dumps(body).encode(), headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=600) as response:
            return response.status, json.load(response)
    except urllib.error.HTTPError as error:
        return error.code, json.load(error)


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="reads the peak memory from /proc")
@pytest.mark.parametrize(("path", "bodies", "answered"), PAIRS)
def test_serve_survives_the_memory_heavy_pair(path, bodies, answered):
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "omaha8eq", "serve", "--port", str(port), "--max-memory", "1GB"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    base = f"http://127.0.0.1:{port}/"
    try:
        assert server.stdout.readline() == f"omaha8eq: serving {base} (Ctrl-C stops)\n"
        with urllib.request.urlopen(base + "api/limits", timeout=30) as response:
            assert json.load(response)["max_memory"] == BUDGET
        answers: dict[int, tuple[int, dict]] = {}
        started = time.monotonic()

        def send(i: int, body: dict) -> None:
            answers[i] = post(base + path, body)

        threads = [threading.Thread(target=send, args=(i, body)) for i, body in enumerate(bodies)]
        for thread in threads:
            thread.start()
        for thread in threads[:2]:
            thread.join(60)
        refused = time.monotonic() - started
        for thread in threads[2:]:
            thread.join(600)
        peak = peak_memory(server.pid)
        assert server.poll() is None  # still up
        with urllib.request.urlopen(base + "api/limits", timeout=30) as response:
            assert response.status == 200
    finally:
        server.send_signal(signal.SIGINT)
        server.wait(60)
    for i in (0, 1):
        status, document = answers[i]
        assert status == 400 and document["error"].startswith("request: this run would need about ")
        assert "above this server's limit of 1 GB" in document["error"]
    assert refused < 60  # at once, from the ranges' sizes (the first use loads the 6-card ranking)
    for i in (2, 3):
        status, document = answers[i]
        assert status == 200, document
        assert answered(document)
    print(f"peak resident memory of the server: {peak / 1e6:.0f} MB (budget {BUDGET / 1e6:.0f} MB)")
    assert peak < BUDGET
