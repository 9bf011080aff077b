"""Long runs on a terminal: a progress bar, and Ctrl-C stops them at once.

Each command runs on a pseudo-terminal (80 columns), as a user's would; once its bar
shows, it gets SIGINT and must end within about a second with exit status 130 and
the one line "omaha8eq: interrupted" (no traceback). Also: the limits and the
"target not met" line of the equity command.
"""

from __future__ import annotations

import os
import re
import select
import signal
import subprocess
import sys
import time

import pytest
from cli_run import fails, run

pty = pytest.importorskip("pty")
fcntl = pytest.importorskip("fcntl")
termios = pytest.importorskip("termios")

#: Seconds a command may take to show its bar (the kernels are compiled beforehand).
BAR_WAIT = 240
#: Seconds from SIGINT to the end of the process.
STOP_WAIT = 2.0


def _read(master: int, timeout: float) -> bytes:
    ready, _, _ = select.select([master], [], [], timeout)
    if not ready:
        return b""
    try:
        return os.read(master, 65536)
    except OSError:  # the child closed the terminal
        return b""


def _interrupt_once_the_bar_shows(*argv: str, unit: bytes) -> tuple[int, float, str]:
    """Run ``omaha8eq argv`` on a pseudo-terminal; once the bar (counting ``unit``)
    shows, send SIGINT. Returns the exit status, the seconds it took to stop and
    everything printed after the signal."""
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, b"\x18\x00\x50\x00\x00\x00\x00\x00")  # 24 rows, 80 columns
    process = subprocess.Popen([sys.executable, "-m", "omaha8eq", *argv], stdin=slave, stdout=slave, stderr=slave)
    os.close(slave)
    try:
        shown = b""
        deadline = time.monotonic() + BAR_WAIT
        while unit + b"/s" not in shown and time.monotonic() < deadline and process.poll() is None:
            shown += _read(master, 0.2)
        assert unit + b"/s" in shown, f"no progress bar: {shown[-300:]!r}"
        sent = time.monotonic()
        process.send_signal(signal.SIGINT)
        status = process.wait(timeout=30)
        stopped = time.monotonic() - sent
        after = b""
        while chunk := _read(master, 0.5):
            after += chunk
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
        os.close(master)
    return status, stopped, after.decode(errors="replace")


@pytest.fixture(scope="module")
def warm_kernels():
    """Compile (into the disk cache) the kernels the interrupted runs use, by running a
    small version of each here, so that the clock starts when the run computes.

    With empty caches a run's first kernel call compiles first, and Ctrl-C then waits
    for numba's compiler to return to Python (measured: 0.1 s when it is in Python
    code, but a long LLVM pass does not return for tens of seconds on a busy machine).
    What is required is a stop within about a second once the run computes.
    """
    import numpy as np

    from omaha8eq import equity, explore
    from omaha8eq.ranges.range import range_weights

    # Twice each: a process's first call runs a kernel's serial twin, a later one compiles its
    # parallel build (omaha8eq.core.parallel.run_soon); the runs below make both calls.
    for river, seed in (("4c5d7s8hKd", 1), ("4c5d7s8hQd", 2)):
        equity(["AsAh2c3d", "random"], river, exhaustive=True)
        equity(["AsAh2c3d", "random"], seed=seed, stderr_target=0.05)
        range_weights("RONBMP", np.array([[0, 4, 8, 12, 16, 20]]))
    explore("AA2*", "Kc8c5h", against="KK**")  # the classes and the range sweep (both sides wide)


@pytest.mark.slow
@pytest.mark.parametrize(
    "argv, unit",
    [
        # 2.1e11 deals: refused by default; --max-work lets it run, a board at a time.
        (["equity", "AsAh2c3d", "random", "--exact", "--max-work", "1e13"], b"deals"),
        (["equity", "AsAh2c3d", "random", "--stderr", "1e-9"], b"deals"),
        (["range", "RONBMP", "--hole-size", "6"], b"hands"),
        # 2.6e9 sweep row updates: within the default max_work, half a minute on one core.
        (["explore", "15%", "--board", "Kc8c5h", "--against", "50%"], b"boards"),
    ],
)
def test_ctrl_c_stops_a_long_run_at_once_with_one_line(warm_kernels, argv, unit):
    status, stopped, after = _interrupt_once_the_bar_shows(*argv, unit=unit)
    assert status == 130
    assert stopped < STOP_WAIT
    # tqdm may end its last write with an (invisible) colour reset, "\x1b[0m": not a line.
    shown = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", after)
    lines = [line.strip() for line in shown.replace("\r", "\n").splitlines()]
    assert [line for line in lines if line and "/s" not in line] == ["omaha8eq: interrupted"]
    assert "Traceback" not in after


def test_a_hopeless_exact_run_is_refused_at_once(capsys):
    started = time.perf_counter()
    error = fails(capsys, "equity", "AsAh2c3d", "random", "--exact")
    assert time.perf_counter() - started < 10
    assert "evaluations" in error and "--samples" in error and "--max-work" in error


def test_max_work_must_be_a_positive_whole_number(capsys):
    for text in ("0", "-5", "lots", "1.5", "inf"):
        assert "--max-work" in fails(capsys, "equity", "AsAh2c3d", "random", "--exact", "--max-work", text)


def test_max_work_lets_a_longer_exact_run_go(capsys):
    argv = ["equity", "AsAh2c3d", "random", "--board", "4c5d7s9h", "--exact"]
    assert "max_work=1e+06" in fails(capsys, *argv, "--max-work", "1e6")
    status, out, _ = run(capsys, *argv, "--max-work", "2e7")
    assert status == 0 and "Exact: enumerated 5,430,040 deals" in out


def test_a_stderr_target_not_met_is_said(capsys, monkeypatch):
    monkeypatch.setattr("omaha8eq.engine.sampling.MAX_SAMPLES", 1 << 20)
    status, out, _ = run(capsys, "equity", "AsAh2c3d", "KsKhQdJd", "--stderr", "1e-9", "--seed", "1")
    assert status == 0
    assert "Standard error target not met: stopped at the maximum of 1,048,576 samples" in out
    status, out, _ = run(capsys, "equity", "AsAh2c3d", "KsKhQdJd", "--stderr", "0.01", "--seed", "1")
    assert status == 0 and "not met" not in out
