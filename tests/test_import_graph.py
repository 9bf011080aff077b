"""The package's import graph: no cycles, and every module imports on its own.

The graph is read from the sources (every ``import`` statement, at module level or
inside a function, ``TYPE_CHECKING`` blocks included), so a cycle is found even when
today's import order happens to hide it. A package's implicit import of its parent
``__init__`` is not an edge: Python runs the parent first, whatever it imports.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import omaha8eq

PACKAGE = Path(omaha8eq.__file__).parent


def module_names() -> dict[str, Path]:
    """Every module of the package: dotted name -> source file."""
    names = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        names[".".join(parts)] = path
    return names


def imported_modules(name: str, path: Path, known: set[str]) -> set[str]:
    """The package's modules that ``name`` (source ``path``) imports anywhere in its code."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            # ``from . import equity`` imports the module ``equity`` of the package.
            candidates = [module] + [f"{module}.{alias.name}" for alias in node.names]
        elif isinstance(node, ast.Import):
            candidates = [alias.name for alias in node.names]
        else:
            continue
        found |= {c for c in candidates if c in known and c != name}
    return found


def import_graph() -> dict[str, set[str]]:
    names = module_names()
    return {name: imported_modules(name, path, set(names)) for name, path in names.items()}


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One cycle of ``graph`` as a path that ends where it starts, or None."""
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for target in sorted(graph[node]):
            if state.get(target) == 1:
                return [*path[path.index(target) :], target]
            if target not in state and (cycle := visit(target)):
                return cycle
        path.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state and (cycle := visit(node)):
            return cycle
    return None


def test_the_graph_is_read_from_the_sources():
    graph = import_graph()
    assert "omaha8eq.cli.common" in graph["omaha8eq.cli.pots"]
    assert "omaha8eq.core.parallel" in graph["omaha8eq.core.hand_isomorphism"]  # from . import parallel
    assert "omaha8eq.bench.peers" in graph["omaha8eq.bench.run"]  # imported inside a function


def test_find_cycle():
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": set()}) is None
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]


def test_no_import_cycles():
    assert find_cycle(import_graph()) is None


def test_every_module_imports_in_a_fresh_interpreter():
    names = sorted(n for n in module_names() if n != "omaha8eq.__main__")
    code = "import importlib, sys\nfor name in sys.argv[1:]:\n    importlib.import_module(name)\n"
    done = subprocess.run(
        [sys.executable, "-c", code, *names], check=False, capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr


def test_a_short_equity_command_imports_only_what_it_needs():
    """``omaha8eq equity AsAh2c3d KsKhQdJd``: no progress bar (tqdm), cluster, plotting or web
    libraries, and none of the package's modules for other commands."""
    code = (
        "import contextlib, io, sys\n"
        "from omaha8eq.cli.app import main\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        "    assert main(['equity', 'AsAh2c3d', 'KsKhQdJd']) == 0\n"
        "print(' '.join(sorted(sys.modules)))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True, timeout=300)
    loaded = set(done.stdout.split())
    assert "omaha8eq.equities" in loaded  # the command ran
    unneeded = ["tqdm", "dask", "distributed", "matplotlib", "starlette", "uvicorn"]
    unneeded += [f"omaha8eq.{name}" for name in ("game", "web", "distributed", "bench", "counterfeit", "evaluation")]
    unneeded += [f"omaha8eq.cli.{name}" for name in ("evaluate", "pots", "ranges", "batch", "bench", "serve", "table")]
    assert [name for name in unneeded if name in loaded] == []
