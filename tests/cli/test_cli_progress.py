"""The command line's progress bar."""

from __future__ import annotations

import io
import subprocess
import sys

from omaha8eq.cli import progress
from omaha8eq.cli.progress import ProgressBar


class FakeTerminal(io.StringIO):
    def isatty(self):
        return True


def test_progress_bar_accepts_known_and_unknown_totals(monkeypatch):
    monkeypatch.setattr(sys, "stderr", FakeTerminal())
    bar = ProgressBar(delay=0)
    bar(10, None)
    bar(20, 100)
    bar(100, 100)
    assert bar._bar.n == 100 and bar._bar.total == 100
    bar.close()


def test_progress_bar_appears_only_on_a_terminal_a_delay_after_the_first_report(monkeypatch):
    clock = [100.0]
    monkeypatch.setattr(progress.time, "monotonic", lambda: clock[0])
    monkeypatch.setattr(sys, "stderr", FakeTerminal())
    bar = ProgressBar()  # a second's delay
    bar(10, 100)
    clock[0] += 0.99
    bar(20, 100)
    assert bar._bar is None
    clock[0] += 0.01
    bar(30, 100)
    assert bar._bar is not None and bar._bar.n == 30 and bar._bar.total == 100
    bar.close()

    monkeypatch.setattr(sys, "stderr", io.StringIO())  # not a terminal: never a bar
    bar = ProgressBar(delay=0)
    bar(10, 100)
    clock[0] += 5
    bar(20, 100)
    assert bar._bar is None
    bar.close()


def test_a_short_run_does_not_import_tqdm():
    code = (
        "import sys\n"
        "from omaha8eq.cli.progress import ProgressBar\n"
        "bar = ProgressBar()\n"
        "bar(1, 2); bar(2, 2); bar.close()\n"
        "print('tqdm' in sys.modules)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True)
    assert done.stdout.strip() == "False"


def unit_counted(run) -> str:
    """The bar's label after ``run(bar)`` fed it."""
    bar = ProgressBar()
    try:
        run(bar)
        return bar.unit
    finally:
        bar.close()


def test_progress_bar_is_labelled_with_what_the_engine_counts():
    from omaha8eq import equity
    from omaha8eq.equities import split_equity

    river, turn = "Tc8c5h9d4s", "Tc8c5h9d"
    known, a_range, b_range = "AsAh2c3d", "AsAh2c3d, AdAc2h3h", "KsKhQdJd, KcKdQcJc"
    # Two ranges: the range sweep counts boards; three players: combinations of the ranges' hands.
    assert unit_counted(lambda bar: equity([a_range, b_range], river, exhaustive=True, progress=bar)) == "boards"
    three = [known, b_range, "7h7d6c6s"]
    assert unit_counted(lambda bar: equity(three, river, exhaustive=True, progress=bar)) == "combinations"
    assert unit_counted(lambda bar: split_equity([known, b_range], turn, ranks=1, progress=bar)) == "combinations"
    # Known hands, exact or sampled: deals.
    known_hands = [known, "KsKhQdJd"]
    assert unit_counted(lambda bar: equity(known_hands, turn, exhaustive=True, progress=bar)) == "deals"
    assert unit_counted(lambda bar: equity(known_hands, turn, samples=1000, seed=1, progress=bar)) == "deals"
    assert unit_counted(lambda bar: split_equity(known_hands, turn, ranks=1, progress=bar)) == "deals"


def test_plain_progress_functions_are_only_called():
    from omaha8eq import equity

    calls = []
    hands = ["AsAh2c3d", "KsKhQdJd, KcKdQcJc"]
    equity(hands, "Tc8c5h9d4s", exhaustive=True, progress=lambda done, total: calls.append((done, total)))
    assert calls and calls[-1][0] == calls[-1][1]
