"""The command line loads the engine without garbage collections, and exits without the last ones."""

from __future__ import annotations

import subprocess
import sys

import pytest


def run_python(code: str) -> list[str]:
    """Run ``code`` in a fresh interpreter; the lines it printed."""
    done = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True, timeout=300)
    return done.stdout.split()


def test_loading_engine_pauses_the_collector_then_freezes_what_it_loaded():
    code = """
import gc, sys
from omaha8eq.cli.startup import loading_engine
print("numba" in sys.modules, gc.get_freeze_count() == 0)
with loading_engine():
    print(gc.isenabled())
    import omaha8eq.equities
print(gc.isenabled(), gc.get_freeze_count() > 0)
frozen = gc.get_freeze_count()
with loading_engine():  # numba is loaded: nothing to do
    print(gc.isenabled())
print(gc.get_freeze_count() == frozen)
"""
    assert run_python(code) == ["False", "True", "False", "True", "True", "True", "True"]


def test_a_collector_switched_off_stays_off():
    code = """
import gc
from omaha8eq.cli.startup import loading_engine
gc.disable()
with loading_engine():
    import numba
print(gc.isenabled(), gc.get_freeze_count())
"""
    assert run_python(code) == ["False", "0"]


def test_the_objects_are_frozen_before_the_interpreter_exits():
    # atexit runs the last registered first: the checker, registered before, runs after the freeze.
    code = """
import atexit, gc
atexit.register(lambda: print(gc.get_freeze_count() > 0, gc.get_count()[0] == 0))
from omaha8eq.cli.startup import skip_final_collection
before = atexit._ncallbacks()
skip_final_collection()
skip_final_collection()
print(atexit._ncallbacks() - before)
"""
    assert run_python(code) == ["1", "True", "True"]


@pytest.mark.parametrize("command", [["equity", "AsAh2c3d", "KsKhQdJd"], ["eval", "AsAh2c3d", "--board", "Kc7h4d9s2h"]])
def test_a_command_leaves_the_collector_on_for_its_work(command):
    code = f"""
import gc
from omaha8eq.cli.app import main
import contextlib, io
with contextlib.redirect_stdout(io.StringIO()):
    status = main({command!r})
print(status, gc.isenabled(), gc.get_freeze_count() > 0)
"""
    assert run_python(code) == ["0", "True", "True"]


def test_the_library_leaves_the_collector_alone():
    code = """
import gc
from omaha8eq import equity
equity(["AsAh2c3d", "KsKhQdJd"], "Kc7h4d")
print(gc.isenabled(), gc.get_freeze_count())
"""
    assert run_python(code) == ["True", "0"]
