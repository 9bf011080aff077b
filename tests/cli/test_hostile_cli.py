"""Hostile input on the command line (issue 22, items 7 and 9): one line on stderr, the
exit status of its kind, never a traceback, never the whole input echoed."""

from __future__ import annotations

import os

import pytest
from cli_run import fails, run

RANGE_SPOT = ["equity", "AsAh2c3d", "KK:$ds", "--board", "4c5d7s", "--exact"]

HUGE = "As" * 100_000
DIGITS = "9" * 5_000

#: (argv, a piece of the expected message): every one is refused in one short line, exit 2.
REFUSED = [
    (["equity", HUGE, "KsKhQdJd"], "hand 1"),
    (["equity", "AsAh2c3d", "KsKhQdJd", "--board", HUGE], "board"),
    (["equity", "AsAh2c3d", "KsKhQdJd", "--dead", "Xx" * 100_000], "dead"),
    (["equity", "AsAh2c3d", "KsKhQdJd", "--seed", DIGITS], "--seed"),
    (["equity", "AsAh2c3d", "KsKhQdJd", "--samples", DIGITS], "--samples"),
    (["equity", "AsAh2c3d", "KsKhQdJd", "--threads", DIGITS], "--threads"),
    (["equity", "AsAh2c3d", "KsKhQdJd", "--max-work", DIGITS], "--max-work"),
    (["equity", "AsAh2c3d", "KsKhQdJd", "--stderr", DIGITS + "%"], "--stderr"),
    (["equity", "AsAh2c3d", "(" * 5_000 + "AA"], ""),
    (["eval", "Xx" * 100_000, "--board", "4c5d7s8h9h"], "not a card"),
    (["counterfeit", "As2cKhKd", "--board", "4d6h8s", "--vs", "AA" + ",AA" * 30_000], ""),
    (["equity", *RANGE_SPOT[1:], "--graph", "/nonexistent/dir/x.png"], "does not exist"),
    (["equity", *RANGE_SPOT[1:], "--graph", "x" * 10_000 + ".png"], "--graph"),
]


@pytest.mark.parametrize(("argv", "part"), REFUSED, ids=lambda v: v[0] if isinstance(v, list) else None)
def test_refused_in_one_short_line(capsys, argv, part):
    message = fails(capsys, *argv)
    assert part in message
    assert len(message) <= 1000, message[:200]


def test_a_graph_folder_that_does_not_exist_is_refused_before_the_run(capsys, tmp_path):
    message = fails(capsys, *RANGE_SPOT, "--graph", str(tmp_path / "missing" / "x.png"))
    assert message == f"omaha8eq: error: --graph: the folder '{tmp_path / 'missing'}' does not exist"
    assert "is a folder" in fails(capsys, *RANGE_SPOT, "--graph", str(_folder(tmp_path / "y.png")))


def _folder(path):
    path.mkdir()
    return path


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full (a disk that is always full)")
def test_a_graph_on_a_full_disk_is_one_line_and_exit_1(capsys, tmp_path):
    path = tmp_path / "x.png"
    path.symlink_to("/dev/full")  # every write fails with ENOSPC, as on a full disk
    status, out, err = run(capsys, *RANGE_SPOT, "--graph", str(path))
    assert status == 1 and out == ""
    assert err == f"omaha8eq: error: cannot write the output: --graph '{path}': No space left on device\n"


def test_a_table_on_a_full_disk_is_one_line_and_exit_1(capsys, tmp_path, monkeypatch):
    import contextlib
    import errno

    import omaha8eq.distributed
    from omaha8eq.cli import table
    from omaha8eq.distributed import preflop_table, table_file

    def full_disk(table, path):
        raise OSError(errno.ENOSPC, "No space left on device")

    # The job itself is not what is tested: no cluster, no counting.
    monkeypatch.setattr(table, "cluster_client", lambda args, address: contextlib.nullcontext())
    monkeypatch.setattr(omaha8eq.distributed, "run_job", lambda job, **kw: {"counts": None})
    monkeypatch.setattr(preflop_table, "table_from_counts", lambda job, counts: None)
    monkeypatch.setattr(table_file, "write_table", full_disk)
    out = tmp_path / "p4.npz"
    argv = ("table", "preflop", "--hole-size", "4", "--players", "3", "--samples", "2")
    status, stdout, err = run(capsys, *argv, "--out", str(out))
    assert (status, stdout) == (1, "")
    assert err == f"omaha8eq: error: cannot write the output: {out}: No space left on device\n"
