"""The command line's progress bar."""

from __future__ import annotations

import io
import sys

from omaha8eq.cli.progress import ProgressBar


def test_progress_bar_accepts_known_and_unknown_totals(monkeypatch):
    class FakeTerminal(io.StringIO):
        def isatty(self):
            return True

    monkeypatch.setattr(sys, "stderr", FakeTerminal())
    bar = ProgressBar()
    bar(10, None)
    bar(20, 100)
    bar(100, 100)
    assert bar._bar.n == 100 and bar._bar.total == 100
    bar.close()
