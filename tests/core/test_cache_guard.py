"""The cache guard (omaha8eq.core.cache_guard): numba never serves machine code of older sources.

The end-to-end tests copy the package to a temporary folder and run a spot there in
new processes (numba caching in the copy's own ``__pycache__``), since what is
checked happens when a process starts. The spot: As Ah 2s 3h against Kd Kc Qd Jc on
4s 5s 9d, where the first hand wins 1491/1640 of the pot; with ``best_flush`` edited
to return -1 (no flush ever counts) the answer is 363/410.
"""

from __future__ import annotations

import os
import pickle
import shutil
import subprocess
import sys
from pathlib import Path

import numba
import pytest

import omaha8eq
from omaha8eq.core import cache_guard

PACKAGE = Path(omaha8eq.__file__).resolve().parent

# Prints the first hand's exact equity and the kernels numba compiled (not loaded from its cache).
SPOT = """
from numba.core import event

import omaha8eq

compiled = set()


class Compiled(event.Listener):
    def on_start(self, ev):
        compiled.add(ev.data["dispatcher"].py_func.__name__)

    def on_end(self, ev):
        pass


with event.install_listener("numba:compile", Compiled()):
    result = omaha8eq.equity(["As Ah 2s 3h", "Kd Kc Qd Jc"], "4s 5s 9d")
print(result.players[0].exact_equity(), sorted(compiled))
"""
RIGHT, NO_FLUSHES = "1491/1640", "363/410"


def copy_package(folder: Path) -> Path:
    """A copy of the package (without any cache) under ``folder``; returns ``folder``."""
    shutil.copytree(PACKAGE, folder / "omaha8eq", ignore=shutil.ignore_patterns("__pycache__"))
    return folder


def run_python(tree: Path, *args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """``python *args`` in a new process importing omaha8eq from ``tree``, numba caching in the tree."""
    environ = {k: v for k, v in os.environ.items() if k != "NUMBA_CACHE_DIR"}
    environ.update(PYTHONPATH=str(tree), OMAHA8EQ_CACHE_DIR=str(tree / "table-cache"))
    environ.update(env or {})
    return subprocess.run(
        [sys.executable, *args], cwd=tree, env=environ, capture_output=True, text=True, timeout=600, check=False
    )


def run_spot(tree: Path) -> tuple[str, str]:
    """(the first hand's exact equity, the list of kernels compiled) of SPOT run in ``tree``."""
    done = run_python(tree, "-c", SPOT)
    assert done.returncode == 0, done.stderr
    equity, compiled = done.stdout.strip().split(" ", 1)
    return equity, compiled


def numba_files(tree: Path) -> dict[str, int]:
    """numba's cache files of the copy's core, by name, with their modification times."""
    cache = tree / "omaha8eq" / "core" / "__pycache__"
    return {p.name: p.stat().st_mtime_ns for p in cache.iterdir() if p.suffix in (".nbi", ".nbc")}


@pytest.fixture(scope="module")
def compiled_tree(tmp_path_factory):
    """A copy of the package whose numba cache holds the spot's kernels (compiled once here)."""
    tree = copy_package(tmp_path_factory.mktemp("compiled"))
    equity, compiled = run_spot(tree)
    assert equity == RIGHT
    assert compiled != "[]"
    assert any(name.endswith(".nbi") for name in numba_files(tree))
    return tree


def copy_tree(tree: Path, folder: Path) -> Path:
    """A copy of a compiled tree, numba cache and fingerprint included (numba's stamps are content hashes)."""
    shutil.copytree(tree / "omaha8eq", folder / "omaha8eq")
    return folder


@pytest.mark.slow
def test_unchanged_tree_reuses_the_cache(compiled_tree):
    before = numba_files(compiled_tree)
    assert run_spot(compiled_tree) == (RIGHT, "[]")  # nothing compiled
    assert numba_files(compiled_tree) == before  # nothing rewritten


@pytest.mark.slow
def test_edit_of_an_inlined_kernel_is_compiled_not_served_from_the_cache(compiled_tree, tmp_path):
    tree = copy_tree(compiled_tree, tmp_path)
    assert run_spot(tree) == (RIGHT, "[]")  # the copy's cache is live: it would be served
    high = tree / "omaha8eq" / "core" / "high.py"
    source = high.read_text()
    # best_flush lives in high.py but is inlined into the kernels of other files.
    signature = "def best_flush(board_suited, hole_suited, flush5, suited):\n"
    docstring_end = source.index('"""\n', source.index('"""', source.index(signature)) + 3) + 4
    high.write_text(source[:docstring_end] + "    return -1\n" + source[docstring_end:])
    equity, compiled = run_spot(tree)
    assert equity == NO_FLUSHES
    assert compiled != "[]"


@pytest.mark.slow
def test_garbled_cache_index_is_dropped_and_recompiled(compiled_tree, tmp_path):
    tree = copy_tree(compiled_tree, tmp_path)
    cache = tree / "omaha8eq" / "core" / "__pycache__"
    # A flop spot runs the aggregation's serial build (cached as aggregate_showdowns_serial).
    (index,) = cache.glob("exact_multisets.aggregate_showdowns*-*.nbi")
    index.write_bytes(b"\x80\x04garbage, not a pickle")
    equity, compiled = run_spot(tree)
    assert equity == RIGHT
    assert "aggregate_showdowns" in compiled


@pytest.mark.slow
def test_read_only_installation_caches_in_a_temporary_folder(tmp_path):
    tree = copy_package(tmp_path)
    # No writable location for numba: the package's __pycache__ cannot be created (a
    # file is in its way; chmod would not stop root) and neither can the user cache.
    (tree / "omaha8eq" / "core" / "__pycache__").write_text("")
    blocked = tmp_path / "blocked"
    blocked.write_text("")
    env = {"XDG_CACHE_HOME": str(blocked / "cache"), "OMAHA8EQ_CACHE_DIR": str(blocked / "omaha8eq")}
    # A command that needs no kernel loads no numba, so it has nothing to say.
    done = run_python(tree, "-m", "omaha8eq", "potlimit", "100", env=env)
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""

    done = run_python(tree, "-c", SPOT, env=env)  # kernels compile and run from there
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    assert done.stdout.startswith(RIGHT)
    notes = [line for line in done.stderr.splitlines() if "no writable cache directory" in line]
    assert len(notes) == 1 and notes[0].startswith("omaha8eq: no writable cache directory for the compiled kernels; ")
    folder = Path(notes[0].split(" are cached in ")[1].split(" for this run")[0])
    assert not folder.exists()  # removed at exit


# ---------------------------------------------------------------------------
# The guard's decisions, in this process, on a cache folder of files
# ---------------------------------------------------------------------------


def index_bytes() -> bytes:
    """A numba index file's bytes as numba writes them: its version, then (stamp, overloads)."""
    return pickle.dumps(numba.__version__) + pickle.dumps((b"stamp", {}))


@pytest.fixture
def cache_folder(tmp_path, monkeypatch):
    """An empty folder standing for numba's cache directory of the core."""
    monkeypatch.setattr(cache_guard, "numba_cache_dir", lambda: tmp_path)
    return tmp_path


def guard() -> None:
    cache_guard.guard_compiled_cache.__wrapped__()  # the undecorated function: runs every time


def test_new_fingerprint_drops_only_the_cores_numba_files(cache_folder):
    ours = ["high.best_flush-84.py311.nbi", "showdown.best_flushes-52.py311.1.nbc", "batch.evaluate_rows-50.py311.nbi"]
    others = [
        "mylib.best_flush-3.py311.nbi",  # another module's numba cache
        "high.cpython-311.pyc",  # Python's bytecode
        "notes.txt",
        "showdown.best_flushes-52.py311.nbi.tmp.0123",  # numba's file being written
    ]
    for name in ours + others:
        (cache_folder / name).write_bytes(index_bytes())
    guard()
    left = sorted(p.name for p in cache_folder.iterdir())
    assert left == sorted([*others, cache_guard.FINGERPRINT_FILE])
    assert (cache_folder / cache_guard.FINGERPRINT_FILE).read_text() == cache_guard.core_fingerprint()


def test_same_fingerprint_keeps_the_cache_but_drops_unreadable_indexes(cache_folder):
    (cache_folder / cache_guard.FINGERPRINT_FILE).write_text(cache_guard.core_fingerprint())
    good = ["batch.evaluate_rows-50.py311.nbi", "batch.evaluate_rows-50.py311.1.nbc"]
    for name in good:
        (cache_folder / name).write_bytes(index_bytes())
    (cache_folder / "montecarlo.sample_deals-79.py311.nbi").write_bytes(b"\x80\x04not a pickle")
    (cache_folder / "high.best_flush-84.py311.nbi").write_bytes(b"")  # emptied
    (cache_folder / "low.hand_low-16.py311.nbi").write_bytes(pickle.dumps(numba.__version__) + b"\x80\x04")  # cut
    other_version = pickle.dumps("0.0.1") + b"anything"  # numba skips it without reading on
    (cache_folder / "showdown.best_flushes-52.py311.nbi").write_bytes(other_version)
    guard()
    left = sorted(p.name for p in cache_folder.iterdir())
    assert left == sorted([*good, "showdown.best_flushes-52.py311.nbi", cache_guard.FINGERPRINT_FILE])


def test_two_guards_at_once_both_succeed(cache_folder):
    (cache_folder / "high.best_flush-84.py311.nbi").write_bytes(index_bytes())
    guard()
    (cache_folder / cache_guard.FINGERPRINT_FILE).unlink()  # as if the other process had not written yet
    guard()  # the file it would drop is already gone: fine
    assert [p.name for p in cache_folder.iterdir()] == [cache_guard.FINGERPRINT_FILE]


def test_fingerprint_covers_every_core_source_and_the_versions():
    sources = {p.name for p in cache_guard._core_sources()}
    assert {"high.py", "low.py", "showdown.py", "tables.py", "cache_guard.py", "__init__.py"} <= sources
    assert len(cache_guard.core_fingerprint()) == 64


def test_guard_uses_numbas_own_choice_of_directory():
    # This process's kernels were located by numba: the guard agrees with it.
    from omaha8eq.core.batch import evaluate_rows

    assert cache_guard.numba_cache_dir() == Path(evaluate_rows._cache.cache_path)


def test_outdated_kernels_that_cannot_be_removed_are_not_used(cache_folder, monkeypatch, capsys):
    # A directory under an index's name cannot be unlinked, as a file we may not delete.
    (cache_folder / "high.best_flush-84.py311.nbi").mkdir()
    monkeypatch.delenv("NUMBA_CACHE_DIR", raising=False)  # both restored after the test
    monkeypatch.setattr(numba.config, "CACHE_DIR", numba.config.CACHE_DIR)
    guard()
    note = capsys.readouterr().err
    assert note.startswith(f"omaha8eq: cannot remove outdated compiled kernels from {cache_folder}; ")
    assert os.environ["NUMBA_CACHE_DIR"] == numba.config.CACHE_DIR
    assert Path(numba.config.CACHE_DIR).is_dir() and Path(numba.config.CACHE_DIR) != cache_folder
    assert not (cache_folder / cache_guard.FINGERPRINT_FILE).exists()  # tried again next time
