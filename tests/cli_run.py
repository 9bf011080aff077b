"""Running the command line inside a test (shared by the tests/cli/ files)."""

from __future__ import annotations

from omaha8eq.cli.app import main


def run(capsys, *argv: str) -> tuple[int, str, str]:
    """Run the CLI; stderr comes back without the one-time compile notice of a cold cache."""
    status = main(list(argv))
    out, err = capsys.readouterr()
    err = "".join(line for line in err.splitlines(keepends=True) if not line.startswith("omaha8eq: compiling"))
    return status, out, err


def fails(capsys, *argv: str) -> str:
    """Run a command that must fail: exit 2, nothing on stdout, one line on stderr."""
    status, out, err = run(capsys, *argv)
    assert status == 2 and out == ""
    assert err.endswith("\n") and err.count("\n") == 1 and err.startswith("omaha8eq: error: ")
    return err.strip()
