"""The cache guard (omaha8eq.core.cache_guard): numba never serves machine code of older sources.

The end-to-end tests copy the package to a temporary folder and run a spot there in
new processes (numba caching in the copy's own ``__pycache__``), since what is
checked happens when a process starts. The spot: As Ah 2s 3h against Kd Kc Qd Jc on
4s 5s 9d, where the first hand wins 1491/1640 of the pot; with ``best_flush`` edited
to return -1 (no flush ever counts) the answer is 363/410.
"""

from __future__ import annotations

import hashlib
import json
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
    # The first-use notice is the registry's (tests/core/test_registry.py): the guard's notes are checked here.
    environ.update(PYTHONPATH=str(tree), OMAHA8EQ_CACHE_DIR=str(tree / "table-cache"), OMAHA8EQ_COMPILE_NOTICE="0")
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
    # A flop spot's first call runs the aggregation's body as Python: its kernels are cached.
    (index,) = cache.glob("exact_multisets._count_boards-*.nbi")
    index.write_bytes(b"\x80\x04garbage, not a pickle")
    equity, compiled = run_spot(tree)
    assert equity == RIGHT
    assert "_count_boards" in compiled


def manifest(tree: Path) -> dict:
    return json.loads((tree / "omaha8eq" / "core" / "__pycache__" / cache_guard.MANIFEST_FILE).read_text())


@pytest.mark.slow
def test_every_file_numba_wrote_is_recorded_with_its_digest(compiled_tree):
    cache = compiled_tree / "omaha8eq" / "core" / "__pycache__"
    recorded = manifest(compiled_tree)
    assert recorded["fingerprint"] == cache_guard.core_fingerprint()  # the copy's sources are these
    on_disk = {name: hashlib.sha256((cache / name).read_bytes()).hexdigest() for name in numba_files(compiled_tree)}
    assert recorded["files"] == on_disk
    assert any(name.endswith(".nbc") for name in on_disk)


def damage_truncated(data: bytes) -> bytes:
    return data[: len(data) // 2]


def damage_flipped_byte(data: bytes) -> bytes:
    middle = len(data) // 2  # inside the machine code: unpickles fine, runs wrong or crashes
    return data[:middle] + bytes([data[middle] ^ 0x01]) + data[middle + 1 :]


def damage_emptied(data: bytes) -> bytes:
    return b""


@pytest.mark.slow
@pytest.mark.parametrize("damage", [damage_truncated, damage_flipped_byte, damage_emptied])
def test_damaged_cache_data_file_is_dropped_and_recompiled(compiled_tree, tmp_path, damage):
    tree = copy_tree(compiled_tree, tmp_path)
    cache = tree / "omaha8eq" / "core" / "__pycache__"
    # A flop spot's first call runs the aggregation's body as Python: its kernels are cached.
    (data,) = cache.glob("exact_multisets._count_boards-*.nbc")
    function = data.name.split("-")[0]
    function_files = len(list(cache.glob(f"{function}-*")))  # its index and data
    data.write_bytes(damage(data.read_bytes()))
    done = run_python(tree, "-c", SPOT)
    assert done.returncode == 0, done.stderr
    equity, compiled = done.stdout.strip().split(" ", 1)
    assert equity == RIGHT
    assert "_count_boards" in compiled  # compiled again, not loaded
    notes = done.stderr.splitlines()
    assert len(notes) == 1 and notes[0].startswith(f"omaha8eq: {function_files} compiled-kernel cache files in ")
    assert "not as recorded" in notes[0]
    # Recorded afresh: the next run loads it, silently.
    assert manifest(tree)["files"][data.name] == hashlib.sha256(data.read_bytes()).hexdigest()
    done = run_python(tree, "-c", SPOT)
    assert (done.returncode, done.stderr, done.stdout.split(" ", 1)) == (0, "", [RIGHT, "[]\n"])


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


def write_manifest(folder: Path, files: dict[str, str], fingerprint: str | None = None) -> None:
    document = {"fingerprint": fingerprint or cache_guard.core_fingerprint(), "files": files}
    (folder / cache_guard.MANIFEST_FILE).write_text(json.dumps(document))


def read_manifest(folder: Path) -> tuple[str, dict[str, str]]:
    document = json.loads((folder / cache_guard.MANIFEST_FILE).read_text())
    return document["fingerprint"], document["files"]


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


STATE = {cache_guard.MANIFEST_FILE, cache_guard.LOCK_FILE}


@pytest.mark.parametrize("manifest", ["none", "other sources", "garbled"])
def test_new_fingerprint_drops_only_the_cores_numba_files(cache_folder, capsys, manifest):
    ours = ["high.best_flush-84.py311.nbi", "showdown.best_flushes-52.py311.1.nbc", "batch.evaluate_rows-50.py311.nbi"]
    others = [
        "mylib.best_flush-3.py311.nbi",  # another module's numba cache
        "high.cpython-311.pyc",  # Python's bytecode
        "notes.txt",
        "showdown.best_flushes-52.py311.nbi.tmp.0123",  # numba's file being written
    ]
    for name in ours + others:
        (cache_folder / name).write_bytes(index_bytes())
    if manifest == "other sources":
        write_manifest(cache_folder, {name: sha256(cache_folder / name) for name in ours}, fingerprint="0" * 64)
    elif manifest == "garbled":
        (cache_folder / cache_guard.MANIFEST_FILE).write_text('{"fingerprint": ')
    guard()
    assert {p.name for p in cache_folder.iterdir()} == {*others} | STATE
    assert read_manifest(cache_folder) == (cache_guard.core_fingerprint(), {})
    assert capsys.readouterr().err == ""  # new sources are no damage: nothing to say


def test_files_not_as_recorded_are_dropped_with_their_function(cache_folder, capsys):
    fine = [
        "batch.evaluate_rows-50.py311.nbi",
        "batch.evaluate_rows-50.py311.1.nbc",
        "batch.evaluate_rows-50.py311.2.nbc",
    ]
    flipped = ["montecarlo.sample_deals-79.py311.nbi", "montecarlo.sample_deals-79.py311.1.nbc"]
    unrecorded = ["low.hand_low-16.py311.nbi", "low.hand_low-16.py311.1.nbc"]
    missing = ["high.best_flush-84.py311.nbi", "high.best_flush-84.py311.1.nbc"]
    for number, name in enumerate(fine + flipped + unrecorded + missing):
        (cache_folder / name).write_bytes(index_bytes() + bytes([number]))
    recorded = {name: sha256(cache_folder / name) for name in fine + flipped + missing}
    write_manifest(cache_folder, recorded)
    data = cache_folder / flipped[1]
    data.write_bytes(data.read_bytes()[:-1] + b"\xff")  # one byte changed
    (cache_folder / unrecorded[1]).unlink()  # its index alone, never recorded
    (cache_folder / missing[1]).unlink()  # recorded, gone: its index goes too
    guard()
    assert {p.name for p in cache_folder.iterdir()} == {*fine} | STATE
    assert read_manifest(cache_folder) == (cache_guard.core_fingerprint(), {name: recorded[name] for name in fine})
    note = capsys.readouterr().err
    assert note == (
        f"omaha8eq: 4 compiled-kernel cache files in {cache_folder} were not as recorded when written (damaged, "
        "or left by an interrupted run); deleted, those kernels are compiled again\n"
    )
    guard()  # all as recorded now: kept, silently
    assert {p.name for p in cache_folder.iterdir()} == {*fine} | STATE
    assert capsys.readouterr().err == ""


def test_numbas_writes_are_recorded_as_they_happen(cache_folder):
    from numba.core.caching import IndexDataCacheFile

    guard()
    cache = IndexDataCacheFile(str(cache_folder), "range_sweep.sweep_runouts-337.py311", b"stamp")
    cache.save(("key",), {"machine code": b"\x00" * 100})
    other = IndexDataCacheFile(str(cache_folder), "mylib.kernel-3.py311", b"stamp")  # not ours: not recorded
    other.save(("key",), {"machine code": b"\x01"})
    _, files = read_manifest(cache_folder)
    written = ["range_sweep.sweep_runouts-337.py311.nbi", "range_sweep.sweep_runouts-337.py311.1.nbc"]
    assert files == {name: sha256(cache_folder / name) for name in written}
    assert cache.load(("key",)) == {"machine code": b"\x00" * 100}
    guard()  # recorded files are kept
    assert {"mylib.kernel-3.py311.nbi", *written} <= {p.name for p in cache_folder.iterdir()}


def test_two_guards_at_once_both_succeed(cache_folder):
    (cache_folder / "high.best_flush-84.py311.nbi").write_bytes(index_bytes())
    guard()
    (cache_folder / cache_guard.MANIFEST_FILE).unlink()  # as if the other process had not written yet
    guard()  # the file it would drop is already gone: fine
    assert {p.name for p in cache_folder.iterdir()} == STATE


def test_fingerprint_covers_every_core_source_and_the_versions():
    sources = {p.name for p in cache_guard._core_sources()}
    assert {"high.py", "low.py", "showdown.py", "tables.py", "cache_guard.py", "__init__.py", "deck.py"} <= sources
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
    assert not (cache_folder / cache_guard.MANIFEST_FILE).exists()  # tried again next time
