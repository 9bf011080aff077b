"""The command line's live line while a kernel compiles for first use (a pretend compile:
``compile_events.pretend_compiling``)."""

from __future__ import annotations

import io
import time

from compile_events import pretend_compiling, until

from omaha8eq.cli import app, compile_status
from omaha8eq.cli.compile_status import CompileStatus


class FakeTerminal(io.StringIO):
    def isatty(self):
        return True


def test_the_line_names_the_kernel_and_its_seconds_while_it_compiles(quiet_registry, monkeypatch):
    monkeypatch.setattr(compile_status, "SHOW_AFTER", 0.2)
    monkeypatch.setattr(compile_status, "TICK", 0.02)
    stream = FakeTerminal()
    with CompileStatus(stream) as status:
        with pretend_compiling("sweep_runouts"):
            until(lambda: "compiling sweep_runouts for first use, " in stream.getvalue())
            assert status._line is not None
        until(lambda: status._line is None)  # erased when the compile ends
        shown = len(stream.getvalue())
        with pretend_compiling("sample_deals"):
            until(lambda: "compiling sample_deals for first use" in stream.getvalue()[shown:])
    assert status._line is None and not status._thread.is_alive()
    assert "s (Ctrl-C stops)" in stream.getvalue()


def test_a_compile_shorter_than_show_after_shows_nothing(quiet_registry, monkeypatch):
    monkeypatch.setattr(compile_status, "SHOW_AFTER", 60.0)
    monkeypatch.setattr(compile_status, "TICK", 0.02)
    stream = FakeTerminal()
    with CompileStatus(stream) as status, pretend_compiling("evaluate_rows"):
        time.sleep(0.3)  # many looks
    assert stream.getvalue() == "" and status._line is None


def test_no_thread_and_no_line_when_stderr_is_not_a_terminal(quiet_registry, monkeypatch):
    monkeypatch.setattr(compile_status, "SHOW_AFTER", 0.0)
    stream = io.StringIO()
    with CompileStatus(stream) as status, pretend_compiling("sweep_runouts"):
        assert status._thread is None
    assert stream.getvalue() == ""


def test_every_command_runs_inside_the_compile_status(monkeypatch):
    opened = []

    class Recording(CompileStatus):
        def __enter__(self):
            opened.append(self)
            return super().__enter__()

    monkeypatch.setattr(app, "CompileStatus", Recording)
    assert app.main(["eval", "AsAh2c3d", "--board", "4c5d7s8h9c"]) == 0
    assert len(opened) == 1
