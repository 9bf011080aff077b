"""The ``omaha8eq bench`` command and ``omaha8eq.bench``: output shape, JSON keys, peers.

Every run here is tiny (``--rows 2000 --samples 20000 --rounds 1``): these tests check
what is printed and reported, never how fast anything is.
"""

from __future__ import annotations

import json
import re
import sys

import numpy as np
import pytest
from cli_run import run

from omaha8eq import bench
from omaha8eq.bench import config as bench_config
from omaha8eq.bench import peers

TINY = ["--rows", "2000", "--samples", "20000", "--rounds", "1"]
EVAL_KEYS = [f"evaluate_batch/{h}/{m}" for h in (4, 5, 6) for m in ("hilo", "high", "low")]
KEYS = [*EVAL_KEYS, "exact/heads-up-preflop", "monte-carlo/fixed", "monte-carlo/random"]
PEER_MODULES = {"pokerkit": "pokerkit", "phevaluator": "phevaluator", "clubs": "clubs", "poker-equity": "poker_equity"}


def installed(module: str) -> bool:
    try:
        __import__(module)
    except ImportError:
        return False
    return True


def test_text_table(capsys):
    status, out, err = run(capsys, "bench", *TINY, "--threads", "2")
    assert status == 0 and err == ""
    lines = out.splitlines()
    assert lines[0].startswith("omaha8eq ") and "best of 1 round after a warm-up run" in lines[0]
    assert "2,000 random deals" in out and "Monte Carlo 20,000 trials" in out
    header = next(line for line in lines if line.startswith("What (unit)"))
    assert re.search(r"1 thread\s+2 threads$", header)
    for n_hole in (4, 5, 6):
        for mode in ("hi-lo", "high only", "low only"):
            assert re.search(rf"^evaluate_batch, {n_hole} hole cards, {mode} \(rows/s\)\s+\S+ ?[kMG]?\s+\S+", out, re.M)
    assert re.search(
        r"^exact heads-up preflop, AsAh2c3d vs KsKhQdJd \(time for 1,086,008 boards\)\s+[\d.]+ (ms|µs|s)", out, re.M
    )
    assert re.search(r"^Monte Carlo, AsAh2c3d vs KsKhQdJd \(trials/s\)", out, re.M)
    assert re.search(r"^Monte Carlo, AsAh2c3d vs a random hand \(trials/s\)", out, re.M)
    assert "Peers" not in out  # only with --peers
    assert re.search(r"^Done in \d+\.\d s\.$", out, re.M)


def test_json_keys(capsys):
    status, out, _ = run(capsys, "bench", *TINY, "--threads", "1", "--json")
    assert status == 0
    doc = json.loads(out)
    assert set(doc) == {"version", "machine", "config", "measurements", "peers", "skipped", "elapsed"}
    assert {"cpu", "cores", "python", "numpy", "numba", "threading_layer"} <= set(doc["machine"])
    assert doc["config"]["rows"] == 2000 and doc["config"]["samples"] == 20000
    assert doc["config"]["thread_counts"] == [1]
    assert [m["key"] for m in doc["measurements"]] == KEYS
    for m in doc["measurements"]:
        assert set(m) == {"key", "what", "short", "unit", "work", "show", "threads"}
        assert list(m["threads"]) == ["1"]
        figures = m["threads"]["1"]
        assert figures["seconds"] > 0 and figures[f"{m['unit']}_per_second"] > 0
    exact = doc["measurements"][KEYS.index("exact/heads-up-preflop")]
    assert exact["work"] == 1_086_008 and exact["unit"] == "boards" and exact["show"] == "time"
    assert doc["peers"] == [] and doc["skipped"] == []


def test_quick_and_overrides():
    assert bench_config.main_config(False) == bench.BenchConfig()
    assert bench_config.main_config(True) == bench_config.QUICK
    config = bench_config.main_config(True, rows=5000, samples=None, threads=1, peers=True)
    assert (config.rows, config.samples, config.rounds, config.threads, config.peers) == (
        5000, bench_config.QUICK.samples, bench_config.QUICK.rounds, 1, True,
    )  # fmt: skip


@pytest.mark.parametrize(
    "argv, message",
    [
        (["--threads", "99"], "threads: expected 1.."),
        (["--threads", "0"], "invalid value '0'"),
        (["--rows", "x"], "invalid value 'x'"),
        (["--rows", "5"], "rows: expected at least 10"),
    ],
)
def test_bad_options_are_one_line_errors(capsys, argv, message):
    status, out, err = run(capsys, "bench", *argv)
    assert status == 2 and out == ""
    assert err.startswith("omaha8eq: error:") and message in err and err.count("\n") == 1


def test_peers_run_or_are_skipped_with_a_note(capsys):
    status, out, _ = run(capsys, "bench", *TINY, "--threads", "2", "--peers", "--json")
    assert status == 0
    doc = json.loads(out)
    skipped = {s["peer"]: s["reason"] for s in doc["skipped"]}
    measured = {p["peer"] for p in doc["peers"]}
    for peer, module in PEER_MODULES.items():
        if installed(module):
            assert peer in measured and peer not in skipped
        else:
            assert peer not in measured
            assert "not installed" in skipped[peer] and "omaha8eq[peers]" in skipped[peer]
    for p in doc["peers"]:
        assert p["key"] in KEYS
        assert p["agrees"] is True, p
        assert p["ratio"] > 0 and p["seconds"] > 0 and p["omaha8eq_seconds"] > 0
        assert p["threads"] in (1, 2)
        assert {"peer", "version", "what", "api", "unit", "work", "check", "rate", "omaha8eq_rate"} <= set(p)


def test_missing_peer_is_skipped(capsys, monkeypatch):
    for module in PEER_MODULES.values():
        monkeypatch.setitem(sys.modules, module, None)  # import raises ImportError
    status, out, _ = run(capsys, "bench", *TINY, "--threads", "1", "--peers")
    assert status == 0
    assert "Peers, in this run" in out
    for peer in PEER_MODULES:
        assert f"Skipped {peer}: not installed (pip install 'omaha8eq[peers]')" in out


@pytest.mark.skipif(not installed("pokerkit"), reason="pokerkit not installed")
def test_text_peers_table(capsys, monkeypatch):
    monkeypatch.setattr(peers, "PEERS", {"pokerkit": peers.PEERS["pokerkit"]})
    status, out, _ = run(capsys, "bench", *TINY, "--threads", "1", "--peers")
    assert status == 0
    assert re.search(r"^Work\s+Peer\s+Threads\s+Peer\s+omaha8eq\s+Ratio\s+Agrees$", out, re.M)
    assert re.search(r"^evaluate 4 cards, hi-lo\s+pokerkit \S+\s+1\s+\S+/s\s+\S+ ?\S*/s\s+[\d,.]+x\s+yes$", out, re.M)
    assert "OmahaHoldemHand and OmahaEightOrBetterLowHand.from_game; 10 hands" in out


def test_same_order():
    ours = np.array([5, 1, 5, 9, 3])
    assert peers.same_order(ours, 100 - ours, higher_is_better=False)
    assert peers.same_order(ours, ours * 7 + 2, higher_is_better=True)
    assert not peers.same_order(ours, ours, higher_is_better=False)
    assert not peers.same_order(ours, np.array([5, 1, 6, 9, 3]), higher_is_better=True)  # a tie broken
    assert not peers.same_order(ours, np.array([5, 1, 5, 9, 1]), higher_is_better=True)  # a tie made


def test_disagreeing_peer_is_reported(monkeypatch):
    """A peer whose answers differ from omaha8eq's is flagged, not hidden."""

    def liar(run):
        _holes, _boards, high, _ = run.ours(20, 4)
        values = high.copy()
        values[0], values[1] = values[1] + 1, values[0] - 1
        agrees = peers.same_order(high, values, True) if high[0] != high[1] else False
        return [run.result("liar", "1.0", "evaluate_batch/4/high", "f", 20, 1, 1.0, agrees, "20 hands")]

    monkeypatch.setattr(peers, "PEERS", {"liar": liar})
    report = bench.run_bench(bench.BenchConfig(rows=2000, samples=20000, rounds=1, threads=1, peers=True))
    assert [p.agrees for p in report.peers] == [False]
    text = bench.format_bench(report)
    assert re.search(r"^evaluate 4 cards, high only\s+liar 1.0\s+1\s.*\sNO$", text, re.M)
    assert "20 hands: DISAGREES" in text


def test_random_deals_are_distinct_and_uniform():
    deals = bench.random_deals(20_000, seed=3)
    ordered = np.sort(deals, axis=1)
    assert deals.dtype == np.int8 and (ordered[:, 1:] != ordered[:, :-1]).all()
    counts = np.bincount(deals.ravel(), minlength=52)
    expected = deals.size / 52
    assert abs(counts - expected).max() < 6 * expected**0.5
