"""The ``omaha8eq serve`` command: its message without the web extra, its bad options,
and that no other command loads the web stack."""

from __future__ import annotations

import importlib.util
import subprocess
import sys

from cli_run import fails


def test_serve_without_the_extra_says_how_to_install_it(capsys, monkeypatch):
    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: None if name == "uvicorn" else real(name, *a))
    message = fails(capsys, "serve")
    assert message == "omaha8eq: error: serve needs uvicorn: install the web extra with pip install 'omaha8eq[web]'"


def test_serve_refuses_a_bad_port(capsys):
    assert fails(capsys, "serve", "--port", "70000") == "omaha8eq: error: --port: expected 0 to 65535, got 70000"


def test_other_commands_do_not_import_the_web_stack():
    code = (
        "import sys\n"
        "from omaha8eq.cli.app import main\n"
        "main(['eval', 'AsAh2c3d', '--board', '4c5d7s'])\n"
        "main(['serve', '--help'])\n"
    )
    code_check = code + "print(sorted(m for m in ('starlette', 'uvicorn', 'omaha8eq.web') if m in sys.modules))\n"
    # --help exits through SystemExit inside main (returned as 0), so the check still runs.
    out = subprocess.run([sys.executable, "-c", code_check], capture_output=True, text=True, check=True).stdout
    assert out.splitlines()[-1] == "[]"
