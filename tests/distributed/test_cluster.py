"""Jobs on a Dask LocalCluster of two worker processes: the same integers as in this
process for any chunking and worker count, after a worker is killed mid-job, and
after an interruption and a resumption; an unreachable scheduler is a clean error."""

from __future__ import annotations

import json
from types import SimpleNamespace

import cloudpickle
import distributed_helpers
import pytest
from cli_run import fails, run
from distributed_helpers import kill_once, note_worker, small_sweep

from omaha8eq.distributed import Checkpoint, Job, connect, run_job, sweep_job
from omaha8eq.distributed import cluster as cluster_module
from omaha8eq.engine.range_vs_range import row_touches
from omaha8eq.equities import equity
from omaha8eq.errors import OmahaInputError, OmahaTypeError
from omaha8eq.ranges.range import parse_range

cloudpickle.register_pickle_by_value(distributed_helpers)


@pytest.fixture(scope="module")
def client():
    with connect("local", workers=2) as dask_client:
        yield dask_client


@pytest.fixture(scope="module")
def expected():
    return run_job(small_sweep(chunk=11))


def _same(a, b):
    assert a.keys() == b.keys()
    for name in a:
        assert a[name].tolist() == b[name].tolist(), name


@pytest.mark.parametrize("chunk", [1, 3, 11])
def test_a_job_on_the_cluster_equals_the_in_process_run(client, expected, chunk):
    _same(run_job(small_sweep(chunk=chunk), client=client), expected)


def test_the_tasks_are_shared_among_the_workers(client):
    # Every task depends on the job's parameters: they must not pin the tasks to one worker.
    ran_on = run_job(Job(note_worker, {"seconds": 0.3, "workers": 2}, 8, 1), client=client)["ran_on"]
    assert ran_on.sum() == 8 and (ran_on >= 2).all(), ran_on


def test_one_worker_gives_the_same_integers(expected):
    with connect("local", workers=1) as one:
        _same(run_job(small_sweep(chunk=2), client=one), expected)


def test_a_killed_worker_is_replaced_and_its_task_run_again(client, expected, tmp_path):
    job = small_sweep(chunk=2)
    killer = Job(kill_once, {**job.params, "victim": 1, "marker_dir": str(tmp_path)}, job.n_items, job.chunk)
    _same(run_job(killer, client=client, checkpoint=tmp_path / "out.parts"), expected)
    assert (tmp_path / "killed-1").exists()  # the task's first attempt did kill its worker


def test_a_job_survives_losing_every_copy_of_its_parameters(expected, tmp_path):
    # One worker: killing it loses everything it held, the job's parameters included
    # (scattered data would be gone for good and the job cancelled).
    job = small_sweep(chunk=2)
    killer = Job(kill_once, {**job.params, "victim": 3, "marker_dir": str(tmp_path)}, job.n_items, job.chunk)
    with connect("local", workers=1) as one:
        _same(run_job(killer, client=one), expected)
    assert (tmp_path / "killed-3").exists()


def test_interrupted_then_resumed_on_the_cluster(client, expected, tmp_path):
    job = small_sweep(chunk=2)
    parts = tmp_path / "out.parts"

    def interrupt(done, total):
        if done > 0:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        run_job(job, client=client, checkpoint=parts, progress=interrupt)
    finished = Checkpoint(parts, job).finished()
    assert 1 <= len(finished) < job.n_tasks
    _same(run_job(job, client=client, checkpoint=parts), expected)
    assert Checkpoint(parts, job).finished() == set(range(job.n_tasks))


def test_an_unreachable_scheduler_is_an_input_error(monkeypatch):
    monkeypatch.setattr(cluster_module, "CONNECT_TIMEOUT", 1)
    with (
        pytest.raises(OmahaInputError, match=r"scheduler: cannot connect to tcp://127\.0\.0\.1:9"),
        connect("tcp://127.0.0.1:9"),
    ):
        pass
    with pytest.raises(OmahaInputError, match="scheduler: expected"), connect(""):
        pass


def test_the_command_line_reports_an_unreachable_scheduler_in_one_line(capsys, monkeypatch, tmp_path):
    monkeypatch.setattr(cluster_module, "CONNECT_TIMEOUT", 1)
    out = str(tmp_path / "t.npz")
    error = fails(capsys, "table", "preflop", "--hole-size", "4", "--out", out, "--scheduler", "tcp://127.0.0.1:9")
    assert error.startswith("omaha8eq: error: scheduler: cannot connect to tcp://127.0.0.1:9")
    assert not (tmp_path / "t.npz.parts").exists()


PREFLOP = ["AAKK:$ds", "QQ22:$ds, AAAA"]


def test_exact_preflop_equity_on_the_cluster_equals_the_in_process_run(client, monkeypatch, tmp_path):
    here = equity(PREFLOP, exhaustive=True, game="omahahi", by_hand=True)
    per_board = row_touches(*(len(parse_range(r).hands) for r in PREFLOP), 4)
    monkeypatch.setattr(sweep_job, "TASK_ROW_TOUCHES", per_board * 40_000)  # 4 tasks of 40,000 board classes
    seen = []
    there = equity(
        PREFLOP, exhaustive=True, game="omahahi", by_hand=True, scheduler=client, checkpoint=tmp_path / "parts",
        progress=lambda done, total: seen.append((done, total)),
    )  # fmt: skip
    assert len(list((tmp_path / "parts").glob("task-*.npz"))) == 4 and seen[-1] == (134_459, 134_459)
    assert there.outcomes == here.outcomes and there.exhaustive
    for ours, theirs in zip(there.players, here.players, strict=True):
        assert ours.counts.tolist() == theirs.counts.tolist()
        assert [(h.hand, h.equity, h.frequency) for h in ours.by_hand] == [
            (h.hand, h.equity, h.frequency) for h in theirs.by_hand
        ]


def test_a_distributed_equity_must_be_an_exact_preflop_sweep(client, tmp_path):
    with pytest.raises(OmahaInputError, match="scheduler: a distributed run is exact"):
        equity(PREFLOP, scheduler=client)
    with pytest.raises(OmahaInputError, match="scheduler: Dask runs the exact heads-up preflop sweep"):
        equity(PREFLOP, "Ac 8c 5h", exhaustive=True, scheduler=client)
    with pytest.raises(OmahaInputError, match="scheduler: Dask runs the exact heads-up preflop sweep"):
        equity([*PREFLOP, "KKQQ"], exhaustive=True, scheduler=client)
    with pytest.raises(OmahaInputError, match="checkpoint: only a distributed run"):
        equity(PREFLOP, exhaustive=True, checkpoint=tmp_path)
    with pytest.raises(OmahaTypeError, match="scheduler: expected"):
        equity(PREFLOP, exhaustive=True, scheduler=8786)


def test_the_equity_command_runs_on_a_local_cluster(capsys, tmp_path):
    argv = ("equity", *PREFLOP, "--exact", "--high-only", "--json")
    status, here, _ = run(capsys, *argv)
    assert status == 0
    parts = str(tmp_path / "parts")
    status, there, err = run(capsys, *argv, "--scheduler", "local", "--workers", "1", "--checkpoint", parts)
    assert status == 0 and "tasks to run on Dask" in err and "dashboard" in err
    ours, theirs = json.loads(there), json.loads(here)
    for key in ("outcome_counts", "exact"):
        assert [p[key] for p in ours["players"]] == [p[key] for p in theirs["players"]]
    assert ours["outcomes"] == theirs["outcomes"] and ours["exhaustive"]
    assert fails(capsys, "equity", *PREFLOP, "--checkpoint", parts).endswith("keeps a checkpoint")
    assert "size the local cluster" in fails(capsys, "equity", *PREFLOP, "--workers", "2")


def test_ctrl_c_during_the_shutdown_kills_the_workers_and_is_raised_after_it():
    # A Ctrl-C that lands while the cluster closes must not cut the close short (Dask's
    # exit hook would then wait 10 s to close it again): the workers are killed at once,
    # the block finishes, and the interrupt is raised when it ends.
    import signal
    import subprocess
    import sys

    worker = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    nanny = SimpleNamespace(auto_restart=True, process=SimpleNamespace(process=worker))
    fake_cluster = SimpleNamespace(workers={"w": nanny})
    finished = False
    try:
        with pytest.raises(KeyboardInterrupt), cluster_module._ctrl_c_after_shutdown(fake_cluster):
            signal.raise_signal(signal.SIGINT)
            finished = True
        assert finished
        assert worker.wait(timeout=10) == -signal.SIGKILL
        assert nanny.auto_restart is False
        assert signal.getsignal(signal.SIGINT) is signal.default_int_handler
    finally:
        worker.kill()
        worker.wait()


def test_an_error_in_the_shutdown_wins_over_a_deferred_ctrl_c():
    import signal

    with pytest.raises(RuntimeError, match="closing"), cluster_module._ctrl_c_after_shutdown(SimpleNamespace()):
        signal.raise_signal(signal.SIGINT)
        raise RuntimeError("closing failed")
