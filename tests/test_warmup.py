"""``omaha8eq warmup`` and omaha8eq.warmup: every kernel compiled ahead, with times."""

from __future__ import annotations

import json

import pytest
from cli_run import run

from omaha8eq import warmup as warming
from omaha8eq.core import parallel, registry


def fake_kernel(tmp_path, name):
    """A new cached numba function of the package (nothing on disk yet)."""
    import importlib.util

    source = tmp_path / f"{name}.py"
    source.write_text(f"from numba import njit\n@njit(cache=True)\ndef {name}(x):\n    return x + 1\n")
    spec = importlib.util.spec_from_file_location(f"omaha8eq.warmup_test.{name}", source)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return getattr(module, name)


@pytest.fixture
def fake_workloads(tmp_path, monkeypatch):
    """Two workloads of fresh kernels in place of the real ones; records the builds used."""
    first, second = fake_kernel(tmp_path, "warm_one"), fake_kernel(tmp_path, "warm_two")
    serial_flags = []

    def step(kernel):
        def call():
            serial_flags.append(parallel._serial.is_set())
            return kernel(1)

        return call

    kernels = [first, second, first, second, second, first, first, second]
    workloads = [(f"workload {i}", step(k)) for i, k in enumerate(kernels)]
    monkeypatch.setattr(warming, "_workloads", lambda variant=0: workloads)
    monkeypatch.setattr(warming, "_missing", lambda: ())
    monkeypatch.setattr(warming, "RUN_TWICE", ("workload 1", "workload 4"))
    return serial_flags


def test_warmup_runs_each_workload_then_each_on_the_serial_builds_with_times(fake_workloads):
    calls = []
    report = warming.warmup(progress=lambda done, total, label: calls.append((done, total, label)))
    total = 8 + 2 + 8
    assert [c[0] for c in calls] == list(range(total + 1)) and {c[1] for c in calls} == {total}
    assert calls[-1][2] == "done" and calls[-2][2] == "workload 7 (serial builds, for forked processes)"
    assert calls[8][2] == "workload 1 (parallel build)" and calls[9][2] == "workload 4 (parallel build)"
    assert fake_workloads == [False] * 10 + [True] * 8  # the serial builds: as in a forked child
    assert not parallel._serial.is_set()
    assert set(report.compiled) == {"warm_one", "warm_two"} and all(t > 0 for t in report.compiled.values())
    assert report.steps[0].compiled.keys() == {"warm_one"} and report.steps[1].compiled.keys() == {"warm_two"}
    assert report.steps[2].compiled == {}  # cached by then
    text = str(report)
    assert text.splitlines()[0].split() == ["Kernel", "compiled", "Seconds"]
    assert f"Warm-up: {total} workloads in" in text and "compiling 2 kernels" in text
    again = warming.warmup()
    assert again.compiled == {} and str(again).startswith("Every kernel was already compiled.")


def test_warmup_command_prints_the_report(fake_workloads, capsys):
    status, out, _ = run(capsys, "warmup", "--json")
    assert status == 0
    document = json.loads(out)
    assert set(document) == {"seconds", "compiled", "missing", "steps"} and len(document["steps"]) == 18
    status, out, _ = run(capsys, "warmup")
    assert status == 0 and "Warm-up: 18 workloads" in out


def test_warmup_command_logs_each_step_and_kernel_when_stderr_is_not_a_terminal(fake_workloads, capsys):
    """In a log (stderr not a terminal), a slow warm-up shows it is alive: a line as each
    workload starts, and one per kernel compiled with its seconds, in order."""
    status, _, err = run(capsys, "warmup")
    lines = err.splitlines()
    assert status == 0 and all(line.startswith("omaha8eq warmup [") for line in lines)
    starts = [line.split("]: ", 1)[1] for line in lines if ": compiled " not in line]
    assert starts[0] == "step 1/18: workload 0" and starts[-1].startswith("step 18/18: workload 7 (serial builds")
    assert len(starts) == 18
    compiled = [line.split("]: ", 1)[1] for line in lines if ": compiled " in line]
    assert [c.split(" in ")[0] for c in compiled] == ["step 1/18: compiled warm_one", "step 2/18: compiled warm_two"]
    assert all(c.endswith(" s") for c in compiled)


def test_the_workloads_run_twice_are_workloads():
    """The warm-up finds the workloads it runs again (for their parallel builds) by label: a
    renamed or reordered workload must not silently drop them."""
    labels = [label for label, _ in warming._workloads()]
    assert set(warming.RUN_TWICE) <= set(labels) and len(set(labels)) == len(labels)


def test_the_progress_must_be_callable():
    with pytest.raises(TypeError, match="progress"):
        warming.warmup(progress=3)
    with pytest.raises(TypeError, match="on_step"):
        warming.warmup(on_step=3)


@pytest.mark.slow
def test_the_real_warmup_leaves_no_kernel_to_compile():
    assert warming.warmup().missing == ()
    assert not registry.needs_compile(*registry.entry_points())
