"""The table cache keeps one file per set of core sources in use: a new file removes the unused ones."""

from __future__ import annotations

import os
import time

import numpy as np
import pytest

from omaha8eq.core import tables

CURRENT = "tables-v1-0123456789abcdef.npz"
OTHER_SOURCES = ["tables-v1-fedcba9876543210.npz", "tables-v0-00000000000000aa.npz", "tables-v2-1111111111111111.npz"]
LEFT_BY_A_KILLED_WRITE = "tables-v1-fedcba9876543210.4242.0badf00d.tmp.npz"
NOT_TABLE_FILES = [
    "notes.txt",
    "tables-v1-short.npz",
    "tables-v1-0123456789abcdef.npz.bak",
    "my-tables-v1-0123456789abcdef.npz",
]


@pytest.fixture(scope="module")
def built():
    return tables.build_tables()


def make(folder, names, age_seconds):
    when = time.time() - age_seconds
    for name in names:
        path = folder / name
        path.write_bytes(b"x")
        os.utime(path, (when, when))


def test_writing_a_new_file_removes_the_unused_ones_only(tmp_path, built):
    hour = tables.STALE_AFTER_SECONDS
    make(tmp_path, [*OTHER_SOURCES, LEFT_BY_A_KILLED_WRITE, *NOT_TABLE_FILES], age_seconds=hour + 60)
    make(tmp_path, ["tables-v1-aaaaaaaaaaaaaaaa.npz"], age_seconds=hour - 60)  # used a minute ago elsewhere
    (tmp_path / "tables-v1-bbbbbbbbbbbbbbbb.npz").mkdir()  # not a file: left alone
    tables.write_table_cache(tmp_path / CURRENT, built)
    left = sorted(p.name for p in tmp_path.iterdir())
    kept = [CURRENT, "tables-v1-aaaaaaaaaaaaaaaa.npz", "tables-v1-bbbbbbbbbbbbbbbb.npz", *NOT_TABLE_FILES]
    assert left == sorted(kept)
    tables.read_table_cache(tmp_path / CURRENT)  # the new file itself is intact


def test_prune_returns_what_it_removed_and_skips_files_already_gone(tmp_path, monkeypatch):
    make(tmp_path, [CURRENT, *OTHER_SOURCES], age_seconds=2 * tables.STALE_AFTER_SECONDS)
    real_unlink = os.unlink

    def another_process_was_first(path):
        real_unlink(path)
        if path.endswith(OTHER_SOURCES[0]):
            raise FileNotFoundError(path)

    monkeypatch.setattr(tables.os, "unlink", another_process_was_first)
    removed = tables.prune_table_cache(tmp_path / CURRENT)
    assert sorted(p.name for p in removed) == sorted(OTHER_SOURCES[1:])
    assert [p.name for p in tmp_path.iterdir()] == [CURRENT]


def test_reading_marks_the_file_used(tmp_path, built):
    path = tmp_path / CURRENT
    tables.write_table_cache(path, built)
    long_ago = time.time() - 10 * tables.STALE_AFTER_SECONDS
    os.utime(path, (long_ago, long_ago))
    tables.load_or_build_tables(path)
    assert path.stat().st_mtime > time.time() - 60


def test_a_process_whose_file_was_pruned_rebuilds_it(tmp_path, built, monkeypatch, capsys):
    path = tmp_path / CURRENT
    tables.write_table_cache(path, built)
    path.unlink()  # pruned by a process of other sources
    monkeypatch.setattr(tables, "build_tables", lambda: built)
    got = tables.load_or_build_tables(path)
    assert all(np.array_equal(getattr(got, name), getattr(built, name)) for name in tables.TABLE_LAYOUT)
    assert capsys.readouterr().err == ""  # a missing file is no damage
    tables.read_table_cache(path)  # written again


def test_an_unreadable_folder_prunes_nothing(tmp_path):
    assert tables.prune_table_cache(tmp_path / "missing" / CURRENT) == []
