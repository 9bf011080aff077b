"""Every example of README.md and docs/*.md runs, and shows what it prints.

A changed value fails the test: the output shown on a page is compared whole (``...``
stands for timings and machine-specific figures). The rules are in markdown_examples.py.
"""

from __future__ import annotations

import doctest
from collections.abc import Iterator
from pathlib import Path

import pytest
from markdown_examples import (
    ROOT,
    RUN_LANGUAGES,
    Block,
    Command,
    blocks,
    commands,
    curl_request,
    markdown_files,
    output_matches,
    run_command,
    run_curl,
    run_python,
)

PAGES = markdown_files()


@pytest.mark.parametrize("path", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_fence_names_its_language(path: Path) -> None:
    bare = [block.where() for block in blocks(path) if not block.language]
    assert not bare, f"fences without a language (python/console run; text/bash are shown only): {bare}"


@pytest.mark.parametrize("path", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_python_examples(path: Path) -> None:
    """The python blocks of a page, in order, sharing their names."""
    python = [block for block in blocks(path) if block.language == "python"]
    if not python:
        pytest.skip("no python example")
    globs: dict[str, object] = {"__name__": "__docs__"}
    failures = [report for block in python if (report := run_python(block, globs))]
    assert not failures, "\n".join(failures)


def _console_commands() -> list[Command]:
    return [cmd for path in PAGES for block in blocks(path) if block.language == "console" for cmd in commands(block)]


@pytest.fixture(scope="module")
def local_server() -> Iterator[str]:
    """``omaha8eq serve``'s application on a free port, for the pages' curl lines."""
    from page_server import serving

    with serving() as url:
        yield url


@pytest.mark.parametrize("command", _console_commands(), ids=lambda c: f"{c.block.path.name}:{c.line}")
def test_console_examples(command: Command, request: pytest.FixtureRequest) -> None:
    if command.program == "curl":
        status, out = run_curl(command, request.getfixturevalue("local_server"))
    else:
        status, out = run_command(command)
    assert status == 0, f"{command.block.where()}: exit status {status}"
    assert output_matches(command.expected, out), (
        f"{command.block.path.name}:{command.line}: {command.program} {' '.join(command.argv)}\n"
        f"--- shown\n{command.expected}--- printed\n{out}"
    )


# --- the collector itself --------------------------------------------------------------


def test_blocks_are_read_with_their_language_and_line(tmp_path: Path) -> None:
    page = tmp_path / "page.md"
    page.write_text(
        "# T\n\n```python\n>>> 1 + 1\n2\n```\n\n- item:\n\n    ```console\n    $ omaha8eq x\n    y\n    ```\n\n"
        "````text\n```python\nnot a block\n```\n````\n",
        encoding="utf-8",
    )
    found = blocks(page)
    assert [(b.language, b.line, b.text) for b in found] == [
        ("python", 4, ">>> 1 + 1\n2"),
        ("console", 11, "$ omaha8eq x\ny"),
        ("text", 16, "```python\nnot a block\n```"),
    ]
    assert RUN_LANGUAGES == ("python", "console")


def test_a_changed_value_fails(tmp_path: Path) -> None:
    good = Block(tmp_path / "p.md", 1, "python", ">>> sum([1, 2])\n3")
    bad = Block(tmp_path / "p.md", 1, "python", ">>> sum([1, 2])\n4")
    assert run_python(good, {}) == ""
    assert "Expected:\n    4\nGot:\n    3" in run_python(bad, {})
    assert "without a >>> example" in run_python(Block(tmp_path / "p.md", 1, "python", "x = 1"), {})
    assert doctest.ELLIPSIS  # the flags the pages rely on exist on this Python


def test_console_output_is_compared_whole_with_ellipses() -> None:
    assert output_matches("a 1\nb ...\n", "a 1\nb 0.13 s\n")
    assert output_matches("Exact: ... in ... s\n", "Exact: enumerated 1,086,008 boards in 0.13 s\n")
    assert not output_matches("a 1\n", "a 2\n")
    assert not output_matches("a 1\n", "a 1\nmore\n")
    assert not output_matches("a (1)\n", "a 1\n")  # no regular expressions, only ...


def test_console_commands_are_read_and_run(tmp_path: Path) -> None:
    block = Block(
        tmp_path / "p.md", 3, "console", "$ omaha8eq help ranges\nA range ...\n$ python -m omaha8eq --version\n..."
    )
    first, second = commands(block)
    assert (first.line, first.argv, first.expected) == (3, ["help", "ranges"], "A range ...\n")
    assert second.argv == ["--version"]
    assert run_command(second)[0] == 0
    with pytest.raises(ValueError, match="must run omaha8eq or curl"):
        commands(Block(tmp_path / "p.md", 1, "console", "$ ls /"))


def test_curl_lines_are_sent_as_curl_sends_them(tmp_path: Path) -> None:
    block = Block(
        tmp_path / "p.md",
        1,
        "console",
        "$ curl -s localhost:8000/api/limits\n{...}\n"
        "$ curl -s -H 'Content-Type: application/json' -d '{\"a\": 1}' http://127.0.0.1:8000/api/evaluate\n...\n"
        "$ curl -d x localhost:8000/api/equity\n...",
    )
    get, post, form = commands(block)
    assert (get.program, get.expected) == ("curl", "{...}\n")
    request = curl_request(get.argv, "http://127.0.0.1:5555/")
    assert (request.get_method(), request.full_url, request.data) == ("GET", "http://127.0.0.1:5555/api/limits", None)
    request = curl_request(post.argv, "http://127.0.0.1:5555/")
    assert (request.get_method(), request.full_url, request.data) == (
        "POST", "http://127.0.0.1:5555/api/evaluate", b'{"a": 1}'
    )  # fmt: skip
    assert request.get_header("Content-type") == "application/json"
    assert curl_request(form.argv, "http://h/").get_header("Content-type") == "application/x-www-form-urlencoded"
    with pytest.raises(ValueError, match="do not run the option '-k'"):
        curl_request(["-k", "localhost:8000/"], "http://h/")
    with pytest.raises(ValueError, match="no address of the local server"):
        curl_request(["https://example.com/"], "http://h/")
