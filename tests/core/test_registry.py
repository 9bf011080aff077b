"""The registry of compiled entry points (omaha8eq.core.registry): complete, cached, lazy."""

from __future__ import annotations

import ast
import importlib
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from numba.core.caching import FunctionCache
from numba.core.registry import CPUDispatcher

from omaha8eq.core import registry
from omaha8eq.core.registry import KERNEL_GROUPS, entry_points, first_use_message

CORE = Path(registry.__file__).resolve().parent
REGISTERED = list(dict.fromkeys(name for group in KERNEL_GROUPS.values() for name in group.names))


def core_dispatchers() -> dict[str, CPUDispatcher]:
    """Every numba dispatcher defined in a module of omaha8eq.core, as "module:function"."""
    found = {}
    for source in sorted(CORE.glob("*.py")):
        module = importlib.import_module(f"omaha8eq.core.{source.stem}")
        for name, value in vars(module).items():
            if isinstance(value, CPUDispatcher) and value.py_func.__module__ == module.__name__:
                found[f"{source.stem}:{name}"] = value
    return found


def is_inlined(dispatcher: CPUDispatcher) -> bool:
    return dispatcher.targetoptions.get("inline", "never") != "never"


def test_every_entry_is_a_cached_numba_dispatcher_compiled_on_its_own():
    for group in KERNEL_GROUPS.values():
        assert len(group.names) == len(set(group.names)), f"an entry point is listed twice in {group}"
    for name, dispatcher in zip(REGISTERED, entry_points(), strict=True):
        assert isinstance(dispatcher, CPUDispatcher), name
        assert isinstance(dispatcher._cache, FunctionCache), f"{name} is not @njit(cache=True)"
        assert not is_inlined(dispatcher), f"{name} is inlined into its callers: not an entry point"


def test_every_public_kernel_that_python_calls_is_registered():
    # Inlined kernels are compiled inside their callers; private ones are helpers of their module.
    public = {
        name
        for name, dispatcher in core_dispatchers().items()
        if not is_inlined(dispatcher) and not name.split(":")[1].startswith("_")
    }
    assert public == set(REGISTERED)


def test_every_kernel_is_cached():
    uncached = [name for name, d in core_dispatchers().items() if not isinstance(d._cache, FunctionCache)]
    assert uncached == []


def test_groups_and_notice():
    assert set(KERNEL_GROUPS) == {"evaluation", "equity", "ranges", "bench", "query"}
    # No duration is promised (4 s idle was 17-74 s busy): what compiles, and how to do it ahead.
    ahead = "for first use (once per install; 'omaha8eq warmup' does all ahead)"
    assert first_use_message("ranges") == f"omaha8eq: compiling the range kernels {ahead}"
    assert first_use_message("equity", kernel="sample_deals") == (
        f"omaha8eq: compiling the equity kernels (sample_deals) {ahead}"
    )
    assert first_use_message(kernel="sample_deals (serial build)") == (
        f"omaha8eq: compiling sample_deals (serial build) {ahead}"
    )
    assert [d.__name__ for d in entry_points("evaluation")] == [
        "evaluate_rows",
        "narrow_cards",
        "narrow_rows",
        "first_bad_row",
    ]


def test_the_registry_imports_no_kernel_module():
    # Importing omaha8eq imports most kernels anyway; the registry itself must not
    # (it is imported by the CLI's commands that need none, and lists names only).
    tree = ast.parse(Path(registry.__file__).read_text())
    relative = [node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom) and node.level]
    absolute = [alias.name for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names]
    absolute += [node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom) and not node.level]
    assert relative == []
    assert not [name for name in absolute if name.startswith("omaha8eq")]


# ---------------------------------------------------------------------------
# the first-use notice: one line per process, wherever a kernel compiles
# ---------------------------------------------------------------------------

FRESH_KERNEL = """
import importlib.util, sys

def fresh_kernel(directory, name, module="omaha8eq.fresh_test_kernels"):
    '''A new cached numba function (nothing on disk yet) in a module named ``module``.'''
    import pathlib
    source = pathlib.Path(directory) / f"{name}.py"
    source.write_text("from numba import njit\\n@njit(cache=True)\\ndef " + name + "(x):\\n    return 2 * x\\n")
    spec = importlib.util.spec_from_file_location(f"{module}.{name}", source)
    code = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(code)
    return getattr(code, name)
"""
_fresh: dict = {}
exec(FRESH_KERNEL, _fresh)
fresh_kernel = _fresh["fresh_kernel"]


@pytest.fixture
def new_process(monkeypatch):
    """The notice's state as in a new process (and the notice on), restored afterwards."""
    monkeypatch.delenv("OMAHA8EQ_COMPILE_NOTICE", raising=False)
    saved = vars(registry._STATE).copy()
    registry.reset_first_use_notice()
    yield
    vars(registry._STATE).update(saved)


def test_one_notice_per_process_naming_the_kernel_and_its_time(tmp_path, capsys, new_process):
    first, second = fresh_kernel(tmp_path, "double_a"), fresh_kernel(tmp_path, "double_b")
    assert first(21) == 42 and first(1.5) == 3.0 and second(2) == 4
    assert capsys.readouterr().err == (
        "omaha8eq: compiling double_a for first use (once per install; 'omaha8eq warmup' does all ahead)\n"
    )
    times = registry.compile_times()
    assert set(times) == {"double_a", "double_b"} and all(t > 0 for t in times.values())
    assert registry.compile_seconds() == pytest.approx(sum(times.values()))


def test_compiles_within_compiling_as_are_that_kernels(tmp_path, capsys, new_process):
    # A kernel's body run as Python (parallel.run_body_soon) compiles the kernels it calls.
    called = fresh_kernel(tmp_path, "called")
    with registry.compiling_as("aggregate_showdowns"):
        assert called(1) == 2
    assert capsys.readouterr().err.startswith(
        "omaha8eq: compiling the equity kernels (aggregate_showdowns) for first use"
    )
    assert list(registry.compile_times()) == ["aggregate_showdowns"]
    assert fresh_kernel(tmp_path, "after")(1) == 2  # outside the block, its own name
    assert list(registry.compile_times()) == ["aggregate_showdowns", "after"]


def test_other_libraries_kernels_and_a_silenced_notice_say_nothing(tmp_path, capsys, monkeypatch, new_process):
    assert fresh_kernel(tmp_path, "theirs", module="someone_else")(1) == 2
    assert capsys.readouterr().err == "" and registry.compile_seconds() == 0.0
    monkeypatch.setenv("OMAHA8EQ_COMPILE_NOTICE", "0")
    assert fresh_kernel(tmp_path, "quiet")(1) == 2
    assert capsys.readouterr().err == "" and "quiet" in registry.compile_times()


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork()")
def test_a_forked_child_says_what_it_compiles(tmp_path):
    # A fork-pool worker whose parent used a kernel compiles the serial twin: it must say so.
    script = FRESH_KERNEL + textwrap.dedent(f"""
        import os
        import omaha8eq.core
        from omaha8eq.core.parallel import serial_twin
        kernel = fresh_kernel({str(tmp_path)!r}, "doubled")
        kernel(1)
        pid = os.fork()
        if pid == 0:
            serial_twin(kernel)(1)
            os._exit(0)
        os.waitpid(pid, 0)
    """)
    env = {k: v for k, v in os.environ.items() if k != "OMAHA8EQ_COMPILE_NOTICE"}
    argv = [sys.executable, "-c", script]
    done = subprocess.run(argv, check=False, capture_output=True, text=True, env=env, timeout=300)
    assert done.returncode == 0, done.stderr
    lines = done.stderr.splitlines()
    assert len(lines) == 2, lines
    assert lines[0].startswith("omaha8eq: compiling doubled for first use")
    assert lines[1].startswith("omaha8eq: compiling doubled (serial build) for first use")
    assert lines[1].endswith("[process " + lines[1].rsplit(" ", 1)[1])
