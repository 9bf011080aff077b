"""omaha8eq help TOPIC: the range syntax on the command line, the same text as the docs."""

from __future__ import annotations

from pathlib import Path

import pytest
from cli_run import fails, run

from omaha8eq.cli.app import COMMANDS, build_parser
from omaha8eq.cli.common import RANGE_SYNTAX_POINTER

ROOT = Path(__file__).parents[2]
SYNTAX = ROOT / "omaha8eq" / "ranges" / "syntax.md"


def test_help_ranges_prints_the_syntax_the_docs_page_includes(capsys):
    status, out, err = run(capsys, "help", "ranges")
    assert (status, err) == (0, "")
    assert out == SYNTAX.read_text(encoding="utf-8").rstrip("\n") + "\n"
    # docs/ranges.md includes that very file (pymdownx.snippets) under its Syntax heading
    page = (ROOT / "docs" / "ranges.md").read_text(encoding="utf-8")
    assert (
        '## Syntax\n\nThe same text is printed by `omaha8eq help ranges`.\n\n--8<-- "omaha8eq/ranges/syntax.md"\n'
        in page
    )
    for example in ("`AA:$ds`", "`15%`", "`AxAyKxKy`", "`A2-5`", "`AA2*@50`", "`$low`"):
        assert example in out


def test_the_syntax_file_ships_with_the_package():
    package_data = (ROOT / "pyproject.toml").read_text(encoding="utf-8").split("[tool.setuptools.package-data]")[1]
    assert '"ranges/*.md"' in package_data.split("\n[")[0]


@pytest.mark.parametrize("command", ["equity", "counterfeit", "range"])
def test_every_help_of_a_command_that_takes_a_range_points_to_the_syntax(capsys, command):
    status, out, _ = run(capsys, command, "--help")
    assert status == 0 and out.rstrip().endswith(RANGE_SYNTAX_POINTER)


def test_commands_without_ranges_do_not_point_to_it(capsys):
    for command in ("eval", "potlimit", "serve"):
        status, out, _ = run(capsys, command, "--help")
        assert status == 0 and RANGE_SYNTAX_POINTER not in out


def test_help_lists_its_topics_and_refuses_others(capsys):
    assert "help" in COMMANDS
    status, out, _ = run(capsys, "help", "--help")
    assert status == 0 and "ranges" in out
    assert "invalid choice: 'bogus'" in fails(capsys, "help", "bogus")
    assert "TOPIC" in fails(capsys, "help")
    assert "help" in build_parser().format_help()
