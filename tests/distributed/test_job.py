"""Jobs, their digests and the reduction of task results; the checkpoint directory;
run_job in this process: chunking, interruption and resumption."""

from __future__ import annotations

import json

import numpy as np
import pytest
from distributed_helpers import small_sweep

from omaha8eq.distributed import Checkpoint, Job, Task, run_job
from omaha8eq.distributed.checkpoint import FORMAT
from omaha8eq.distributed.job import add_results
from omaha8eq.engine.range_vs_range import sweep_boards
from omaha8eq.errors import OmahaInputError


def _rows(params, task):
    """Item i's row is [i * factor, 1]."""
    items = np.arange(task.start, task.stop, dtype=np.int64)
    return {"rows": np.stack([items * params["factor"], np.ones_like(items)], axis=1)}


def _whole(params, task):
    """The sum of the task's items, and how many there are."""
    return {"sum": np.array([sum(range(task.start, task.stop)), task.stop - task.start], dtype=np.int64)}


def test_tasks_cover_the_items_once():
    job = Job(_whole, {"factor": 1}, 10, 3)
    assert job.n_tasks == 4
    assert job.tasks == [Task(0, 0, 3), Task(1, 3, 6), Task(2, 6, 9), Task(3, 9, 10)]


def test_the_digest_names_function_params_items_and_chunk():
    base = Job(_rows, {"factor": 2, "a": np.arange(3)}, 10, 3)
    assert base.digest == Job(_rows, {"a": np.arange(3), "factor": 2}, 10, 3, label="other").digest
    changed = [
        Job(_whole, {"factor": 2, "a": np.arange(3)}, 10, 3),
        Job(_rows, {"factor": 3, "a": np.arange(3)}, 10, 3),
        Job(_rows, {"factor": 2, "a": np.arange(1, 4)}, 10, 3),
        Job(_rows, {"factor": 2, "a": np.arange(3, dtype=np.int8)}, 10, 3),
        Job(_rows, {"factor": 2, "a": np.arange(3)}, 11, 3),
        Job(_rows, {"factor": 2, "a": np.arange(3)}, 10, 4),
        Job(_rows, {"factor": 2, "a": np.arange(3)}, 10, 3, rows=True),
    ]
    assert len({job.digest for job in changed} | {base.digest}) == len(changed) + 1


def test_a_job_needs_items():
    with pytest.raises(OmahaInputError):
        Job(_whole, {}, 0, 3)


@pytest.mark.parametrize("chunk", [1, 3, 7, 10])
def test_any_chunking_gives_the_same_integers(chunk):
    rows = run_job(Job(_rows, {"factor": 5}, 10, chunk, rows=True))["rows"]
    assert rows.tolist() == [[5 * i, 1] for i in range(10)]
    assert run_job(Job(_whole, {}, 10, chunk))["sum"].tolist() == [45, 10]


def test_results_must_be_integer_and_alike():
    job = Job(_whole, {}, 4, 2)
    with pytest.raises(TypeError):
        add_results(job, None, Task(0, 0, 2), {"sum": np.zeros(2)})
    total = add_results(job, None, Task(0, 0, 2), {"sum": np.zeros(2, dtype=np.int64)})
    with pytest.raises(ValueError):
        add_results(job, total, Task(1, 2, 4), {"sum": np.zeros(3, dtype=np.int64)})
    with pytest.raises(ValueError):
        add_results(job, total, Task(1, 2, 4), {"other": np.zeros(2, dtype=np.int64)})


def test_the_sweep_job_equals_sweep_boards_in_process():
    job = small_sweep(chunk=3)
    p = job.params
    whole = sweep_boards(
        p["hands_a"], p["weights_a"], p["hands_b"], p["weights_b"], p["boards"], p["board_weights"], p["dead"]
    )
    counts = run_job(job)
    assert counts["hands_a"].tolist() == whole.hands_a.tolist()
    assert counts["hands_b"].tolist() == whole.hands_b.tolist()
    assert whole.total_a.sum() > 0


def test_the_checkpoint_keeps_each_task_and_its_header(tmp_path):
    job = Job(_rows, {"factor": 5}, 10, 3, rows=True, label="rows")
    parts = tmp_path / "out.parts"
    run_job(job, checkpoint=parts)
    assert sorted(p.name for p in parts.iterdir()) == [
        "job.json", "task-000000.npz", "task-000001.npz", "task-000002.npz", "task-000003.npz"
    ]  # fmt: skip
    header = json.loads((parts / "job.json").read_text())
    assert header["format"] == FORMAT and header["digest"] == job.digest and header["n_tasks"] == 4
    assert header["params"] == {"factor": 5} and header["label"] == "rows"
    with np.load(parts / "task-000003.npz") as saved:
        assert saved["rows"].tolist() == [[45, 1]]


def test_another_job_with_the_same_checkpoint_is_refused(tmp_path):
    parts = tmp_path / "out.parts"
    run_job(Job(_rows, {"factor": 5}, 10, 3, rows=True), checkpoint=parts)
    for other in (Job(_rows, {"factor": 6}, 10, 3, rows=True), Job(_rows, {"factor": 5}, 10, 2, rows=True)):
        with pytest.raises(OmahaInputError, match="another job"):
            run_job(other, checkpoint=parts)
    (tmp_path / "bad.parts").mkdir()
    (tmp_path / "bad.parts" / "job.json").write_text("{}")
    with pytest.raises(OmahaInputError, match="not an omaha8eq checkpoint"):
        run_job(Job(_whole, {}, 3, 1), checkpoint=tmp_path / "bad.parts")


def test_interrupted_then_resumed_gives_the_same_integers_and_skips_finished_tasks(tmp_path):
    job = small_sweep(chunk=2)
    expected = run_job(job)
    parts = tmp_path / "out.parts"

    def stop_after_two_tasks(done, total):
        if done >= 4:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        run_job(job, checkpoint=parts, progress=stop_after_two_tasks)
    assert Checkpoint(parts, job).finished() == {0, 1}
    ran = []
    resumed = run_job(job, checkpoint=parts, progress=lambda done, total: ran.append(done))
    assert ran == [4, 6, 8, 10, 11]  # the two saved tasks are loaded, not run again
    for name in expected:
        assert resumed[name].tolist() == expected[name].tolist()
