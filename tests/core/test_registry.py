"""The registry of compiled entry points (omaha8eq.core.registry): complete, cached, lazy."""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

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
    assert first_use_message("ranges") == (
        f"omaha8eq: compiling the range kernels for first use "
        f"(about {KERNEL_GROUPS['ranges'].seconds} s; later runs start fast)"
    )
    # A first Monte Carlo run compiles for longer than a first exact one: the notice gives both.
    assert first_use_message("equity") == (
        "omaha8eq: compiling the equity kernels for first use (about 4 s, up to 11 s; later runs start fast)"
    )
    assert [d.__name__ for d in entry_points("evaluation")] == ["evaluate_rows", "first_bad_row"]


def test_the_registry_imports_no_kernel_module():
    # Importing omaha8eq imports most kernels anyway; the registry itself must not
    # (it is imported by the CLI's commands that need none, and lists names only).
    tree = ast.parse(Path(registry.__file__).read_text())
    relative = [node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom) and node.level]
    absolute = [alias.name for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names]
    absolute += [node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom) and not node.level]
    assert relative == []
    assert not [name for name in absolute if name.startswith("omaha8eq")]
