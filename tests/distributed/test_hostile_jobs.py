"""Damaged checkpoints and interrupted jobs (issue 22, items 10 and 13).

A damaged task file of a checkpoint (``OUT.parts/task-000000.npz``) is deleted and its
task computed again, with one line on stderr; the resumed job's integers are the same
as an undisturbed run's. Ctrl-C on a job on a local Dask cluster stops it within about
a second plus the cluster's shutdown, with one line and none of Dask's warnings.
"""

from __future__ import annotations

import io
import os

import numpy as np
import pytest

from omaha8eq.distributed import Checkpoint, Job, run_job


def _rows(params, task):
    """Item i's row is [i * factor, 1]."""
    items = np.arange(task.start, task.stop, dtype=np.int64)
    return {"rows": np.stack([items * params["factor"], np.ones_like(items)], axis=1)}


JOB = Job(_rows, {"factor": 5}, 10, 3, rows=True)
EXPECTED = [[5 * i, 1] for i in range(10)]


def _npz(**arrays) -> bytes:
    buffer = io.BytesIO()
    np.savez(buffer, **arrays)
    return buffer.getvalue()


def truncated(data):
    return data[: len(data) // 2]


DAMAGE = {
    "truncated": truncated,
    "emptied": lambda data: b"",
    "one byte": lambda data: data[:1],
    "garbage": lambda data: os.urandom(len(data)),
    "tail cut by 1": lambda data: data[:-1],
    "float arrays": lambda data: _npz(rows=np.zeros((3, 2))),
    "wrong rows": lambda data: _npz(rows=np.zeros((2, 2), dtype=np.int64)),
    "other names": lambda data: _npz(other=np.zeros((3, 2), dtype=np.int64)),
    "other shape": lambda data: _npz(rows=np.zeros((3, 5), dtype=np.int64)),
    "no arrays": lambda data: _npz(),
    "a pickle": lambda data: _npz(rows=np.array([object()], dtype=object)),
}


@pytest.mark.parametrize("damage", DAMAGE)
@pytest.mark.parametrize("task", [0, 2])
def test_a_damaged_part_is_computed_again_with_one_note(tmp_path, capsys, damage, task):
    parts = tmp_path / "out.parts"
    run_job(JOB, checkpoint=parts)
    path = parts / f"task-{task:06d}.npz"
    path.write_bytes(DAMAGE[damage](path.read_bytes()))
    ran = []
    resumed = run_job(JOB, checkpoint=parts, progress=lambda done, total: ran.append(done))
    assert resumed["rows"].tolist() == EXPECTED
    assert len(ran) == 2  # the saved tasks at once, then the damaged one computed again
    assert capsys.readouterr().err == (
        f"omaha8eq: 1 damaged checkpoint part in {parts} ({path.name}) deleted; computing it again\n"
    )
    assert Checkpoint(parts, JOB).finished() == set(range(JOB.n_tasks))
    run_job(JOB, checkpoint=parts)  # healed: nothing to say
    assert capsys.readouterr().err == ""


def test_every_part_damaged_is_one_line(tmp_path, capsys):
    parts = tmp_path / "out.parts"
    run_job(JOB, checkpoint=parts)
    for path in parts.glob("task-*.npz"):
        path.write_bytes(truncated(path.read_bytes()))
    assert run_job(JOB, checkpoint=parts)["rows"].tolist() == EXPECTED
    err = capsys.readouterr().err
    assert err == (
        f"omaha8eq: 4 damaged checkpoint parts in {parts} (task-000000.npz, task-000001.npz, task-000002.npz, ...) "
        "deleted; computing them again\n"
    )


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are a POSIX thing")
def test_a_pipe_in_place_of_a_part_does_not_hang(tmp_path, capsys):
    parts = tmp_path / "out.parts"
    run_job(JOB, checkpoint=parts)
    (parts / "task-000001.npz").unlink()
    os.mkfifo(parts / "task-000001.npz")
    assert run_job(JOB, checkpoint=parts)["rows"].tolist() == EXPECTED
    assert "1 damaged checkpoint part" in capsys.readouterr().err


#: Seconds from Ctrl-C to the end of the process: about a second, and the cluster's shutdown.
STOP_WAIT = 3.0


@pytest.mark.slow
@pytest.mark.skipif(not hasattr(os, "killpg"), reason="sends SIGINT to a process group, as a terminal does")
def test_ctrl_c_on_a_dask_job_stops_at_once_with_one_line():
    import select
    import signal
    import subprocess
    import sys
    import time

    pytest.importorskip("distributed")
    # Minutes of work (a range sweep priced at ~11 min on one core), so the signal lands while the
    # tasks run, not after them; a Ctrl-C during the shutdown has a test of its own below.
    argv = ["equity", "AsAh**", "KsKh**", "--exact", "--high-only", "--max-work", "1e11"]
    argv += ["--scheduler", "local", "--workers", "2"]
    # A session of its own: the signal goes to the whole group, workers included, as Ctrl-C in a terminal.
    process = subprocess.Popen(
        [sys.executable, "-m", "omaha8eq", *argv],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        start_new_session=True,
    )
    try:
        err = b""
        deadline = time.monotonic() + 240  # a cold numba cache compiles first
        while b"tasks to run on Dask" not in err and time.monotonic() < deadline and process.poll() is None:
            if select.select([process.stderr], [], [], 0.5)[0]:
                err += os.read(process.stderr.fileno(), 65536)
        assert b"tasks to run on Dask" in err, err[-500:]
        time.sleep(2)  # the workers are in the middle of their tasks
        while select.select([process.stderr], [], [], 0)[0] and (chunk := os.read(process.stderr.fileno(), 65536)):
            err += chunk  # Dask's notes of the submission, before the signal
        sent = time.monotonic()
        os.killpg(process.pid, signal.SIGINT)
        status = process.wait(timeout=60)
        stopped = time.monotonic() - sent
        after = process.stderr.read().decode()
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
    assert status == 130
    assert after == "omaha8eq: interrupted\n"
    assert stopped < STOP_WAIT


@pytest.mark.parametrize(
    "content",
    [b"[" * 100_000, b'{"format": ' + b"[" * 5000, b"\xff\xfe\x00", b"", b"{" * 70_000 + b"}"],
    ids=["nested", "nested-format", "not utf-8", "empty", "huge"],
)
def test_a_damaged_header_is_refused_in_one_line(tmp_path, content):
    from omaha8eq.errors import OmahaInputError

    parts = tmp_path / "out.parts"
    run_job(JOB, checkpoint=parts)
    (parts / "job.json").write_bytes(content)
    with pytest.raises(OmahaInputError, match=r"job\.json is not an omaha8eq checkpoint header"):
        run_job(JOB, checkpoint=parts)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are a POSIX thing")
def test_a_pipe_in_place_of_the_header_does_not_hang(tmp_path):
    from omaha8eq.errors import OmahaInputError

    parts = tmp_path / "out.parts"
    parts.mkdir()
    os.mkfifo(parts / "job.json")
    with pytest.raises(OmahaInputError, match="not an omaha8eq checkpoint header"):
        run_job(JOB, checkpoint=parts)


def test_an_empty_folder_in_place_of_a_part_is_computed_again(tmp_path, capsys):
    parts = tmp_path / "out.parts"
    run_job(JOB, checkpoint=parts)
    (parts / "task-000001.npz").unlink()
    (parts / "task-000001.npz").mkdir()
    assert run_job(JOB, checkpoint=parts)["rows"].tolist() == EXPECTED
    assert "1 damaged checkpoint part" in capsys.readouterr().err
    assert (parts / "task-000001.npz").is_file()
