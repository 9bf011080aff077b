"""Hostile things at the cache files' paths (issue 22, item 11): a named pipe, a folder, a
manifest of deeply nested JSON. Nothing hangs, nothing crashes, and the cache is
repaired (or bypassed) with one note, so that the next run does not compile again.

The pipe cases run the reader in a thread with a deadline: a blocking open() would
hang the test run, so the test fails instead.
"""

from __future__ import annotations

import json
import os
import threading

import pytest
from core.test_cache_guard import guard, index_bytes, read_manifest, sha256, write_manifest

from omaha8eq.core import cache_guard, tables

pytestmark = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are a POSIX thing")

#: How long a step may take before it counts as a hang (each takes milliseconds).
DEADLINE = 20


def within_deadline(function, *args):
    """``function(*args)``'s result, or a failure if it has not returned within DEADLINE seconds."""
    outcome = {}

    def run():
        try:
            outcome["value"] = function(*args)
        except BaseException as exc:
            outcome["error"] = exc

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(DEADLINE)
    assert not thread.is_alive(), f"{function.__name__} hangs"
    if "error" in outcome:
        raise outcome["error"]
    return outcome["value"]


@pytest.fixture
def cache_folder(tmp_path, monkeypatch):
    monkeypatch.setattr(cache_guard, "numba_cache_dir", lambda: tmp_path)
    return tmp_path


FINE = ["batch.evaluate_rows-50.py311.nbi", "batch.evaluate_rows-50.py311.1.nbc"]


def cached_and_recorded(folder):
    for name in FINE:
        (folder / name).write_bytes(index_bytes())
    write_manifest(folder, {name: sha256(folder / name) for name in FINE})


@pytest.mark.parametrize("where", [cache_guard.MANIFEST_FILE, cache_guard.LOCK_FILE])
@pytest.mark.parametrize("what", ["named pipe", "folder"])
def test_a_pipe_or_folder_at_the_manifest_or_its_lock_is_removed_with_one_note(cache_folder, capsys, where, what):
    cached_and_recorded(cache_folder)
    path = cache_folder / where
    path.unlink(missing_ok=True)
    os.mkfifo(path) if what == "named pipe" else path.mkdir()
    within_deadline(guard)
    note = capsys.readouterr().err
    assert note == f"omaha8eq: {path} was a {what}, not a file; removed it\n"
    assert read_manifest(cache_folder)[0] == cache_guard.core_fingerprint()
    within_deadline(guard)  # repaired: the next run is silent
    assert capsys.readouterr().err == ""
    assert path.is_file() or not path.exists()  # the lock is made when the manifest next changes


def test_a_folder_with_files_is_moved_aside_with_one_note(cache_folder, capsys):
    cached_and_recorded(cache_folder)
    path = cache_folder / cache_guard.MANIFEST_FILE
    path.unlink()
    path.mkdir()
    (path / "keep.txt").write_text("not ours")
    within_deadline(guard)
    (aside,) = cache_folder.glob(f"{cache_guard.MANIFEST_FILE}.not-a-file-*")
    assert (aside / "keep.txt").read_text() == "not ours"  # kept, under another name
    assert capsys.readouterr().err == f"omaha8eq: {path} was a folder, not a file; moved it to {aside.name}\n"
    assert read_manifest(cache_folder)[0] == cache_guard.core_fingerprint()
    within_deadline(guard)
    assert capsys.readouterr().err == ""


def test_a_folder_that_cannot_be_moved_is_bypassed_with_one_note(cache_folder, capsys, monkeypatch):
    (cache_folder / cache_guard.MANIFEST_FILE).mkdir()
    (cache_folder / cache_guard.MANIFEST_FILE / "keep.txt").write_text("not ours")

    def refused(source, target):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(cache_guard.os, "rename", refused)
    moved = []
    monkeypatch.setattr(cache_guard, "_cache_in_temporary_folder", moved.append)
    within_deadline(guard)
    assert moved == [f"{cache_folder / cache_guard.MANIFEST_FILE} or its lock is not a file and cannot be removed"]
    assert (cache_folder / cache_guard.MANIFEST_FILE / "keep.txt").read_text() == "not ours"


@pytest.mark.parametrize(
    "content",
    [
        "[" * 100_000 + "]" * 100_000,  # nested deeper than json can read
        '{"fingerprint": ' + "[" * 50_000,
        '{"fingerprint": 1' + "0" * 5_000 + ', "files": {}}',  # more digits than int() converts
        '{"fingerprint": "x", "files": ' + "[" * 3000 + "]" * 3000 + "}",
        "\x00" * 1000,
        " " * (2 << 20),  # bigger than any manifest
    ],
    ids=["nested", "nested-unclosed", "long-int", "nested-files", "nul", "huge"],
)
def test_a_hostile_manifest_counts_as_none(cache_folder, capsys, content):
    cached_and_recorded(cache_folder)
    (cache_folder / cache_guard.MANIFEST_FILE).write_text(content)
    within_deadline(guard)  # no crash: no manifest, so the cached code is dropped and a new manifest started
    assert read_manifest(cache_folder) == (cache_guard.core_fingerprint(), {})
    assert not any((cache_folder / name).exists() for name in FINE)
    assert capsys.readouterr().err == ""


def test_a_pipe_named_like_a_numba_file_is_dropped(cache_folder, capsys):
    cached_and_recorded(cache_folder)
    pipe = cache_folder / "high.best_flush-84.py311.nbi"
    os.mkfifo(pipe)
    within_deadline(guard)
    assert not pipe.exists()
    assert all((cache_folder / name).exists() for name in FINE)
    assert "1 compiled-kernel cache files" in capsys.readouterr().err


@pytest.fixture(scope="module")
def built():
    return tables.build_tables()


def test_a_pipe_at_the_table_cache_is_replaced_with_one_note(tmp_path, capsys, built, monkeypatch):
    path = tmp_path / "tables-v1-0123456789abcdef.npz"
    os.mkfifo(path)
    monkeypatch.setattr(tables, "build_tables", lambda: built)
    loaded = within_deadline(tables.load_or_build_tables, path)
    assert capsys.readouterr().err == f"omaha8eq: the table cache {path} is a named pipe, not a file; replacing it\n"
    assert loaded.board_pair.shape == built.board_pair.shape
    within_deadline(tables.read_table_cache, path)  # a good file now: the next run reads it
    within_deadline(tables.load_or_build_tables, path)
    assert capsys.readouterr().err == ""


def test_a_folder_at_the_table_cache_is_bypassed_with_one_note(tmp_path, capsys, built, monkeypatch):
    path = tmp_path / "tables-v1-0123456789abcdef.npz"
    path.mkdir()
    monkeypatch.setattr(tables, "build_tables", lambda: built)
    within_deadline(tables.load_or_build_tables, path)
    assert capsys.readouterr().err == f"omaha8eq: the table cache {path} is a folder, not a file; not using the cache\n"
    assert path.is_dir()


def test_open_cache_file_refuses_what_is_not_a_file(tmp_path):
    os.mkfifo(tmp_path / "pipe")
    with pytest.raises(cache_guard.NotAFileError, match="is a named pipe, not a file"):
        within_deadline(cache_guard.open_cache_file, tmp_path / "pipe")
    with pytest.raises(cache_guard.NotAFileError, match="is a folder, not a file"):
        cache_guard.open_cache_file(tmp_path)
    (tmp_path / "manifest").write_text(json.dumps({"a": 1}))
    with cache_guard.open_cache_file(tmp_path / "manifest") as file:
        assert json.loads(file.read()) == {"a": 1}
