"""The examples of the Markdown documentation (README.md, docs/*.md), read and run.

The convention every page follows:

- a ```` ```python ```` block is a doctest (``>>> `` and ``... `` prompts, the expected
  output below), run with ELLIPSIS and NORMALIZE_WHITESPACE; the blocks of one page share
  their names, in page order;
- a ```` ```console ```` block holds command lines: a line ``$ omaha8eq ...`` is a command,
  the lines after it (up to the next ``$ ``) its exact standard output, where ``...``
  matches anything (timings, machine-specific figures);
- a line ``$ curl ...`` of a console block asks the local server (``omaha8eq serve``) for
  something: it is sent to a test server (its ``localhost:8000`` or ``127.0.0.1:8000``
  replaced by the server's address) with the headers, method and body the line gives, as
  curl sends them, and the answer's body is compared as a command's output;
- ```` ```text ````, ```` ```bash ```` and other languages are shown, not run. A fence with
  no language is refused, so that nothing meant to run is silently skipped.
"""

from __future__ import annotations

import contextlib
import doctest
import io
import re
import shlex
import urllib.error
import urllib.request
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).parents[1]
RUN_LANGUAGES = ("python", "console")
_FENCE = re.compile(r"^(?P<indent> *)(?P<fence>`{3,}|~{3,})(?P<info>[^\n`]*)$")


@dataclass(frozen=True)
class Block:
    """One fenced block: its file, the line of its first content line (1-based), its
    language (the first word of the fence's info string, "" when none) and its text."""

    path: Path
    line: int
    language: str
    text: str

    def where(self) -> str:
        path = self.path.relative_to(ROOT) if self.path.is_relative_to(ROOT) else self.path
        return f"{path}:{self.line}"


def markdown_files() -> list[Path]:
    """README.md and every page of docs/, in a stable order."""
    return [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]


def blocks(path: Path) -> list[Block]:
    """The fenced blocks of a Markdown file, in order (indented fences included, their
    indentation removed from the content)."""
    found: list[Block] = []
    lines = path.read_text(encoding="utf-8").split("\n")
    i = 0
    while i < len(lines):
        start = _FENCE.match(lines[i])
        first_line = i + 2  # 1-based number of the line after the fence
        i += 1
        if not start:
            continue
        indent, fence = len(start["indent"]), start["fence"]
        body: list[str] = []
        while i < len(lines) and not re.match(rf"^ *{re.escape(fence[0])}{{{len(fence)},}}\s*$", lines[i]):
            body.append(lines[i][indent:] if lines[i][:indent].strip() == "" else lines[i])
            i += 1
        found.append(Block(path, first_line, (start["info"].split() or [""])[0], "\n".join(body)))
        i += 1  # the closing fence
    return found


def run_python(block: Block, globs: dict[str, object]) -> str:
    """Run a python block as a doctest in ``globs``; return the failure report ("" if it passed)."""
    test = doctest.DocTestParser().get_doctest(block.text, globs, block.where(), str(block.path), block.line - 1)
    if not test.examples:
        return f"{block.where()}: a python block without a >>> example (write it as a doctest, or as ```text)"
    report = io.StringIO()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    runner.run(test, out=report.write, clear_globs=False)
    globs.update(test.globs)  # DocTest runs in a copy: the next block of the page sees these names
    return report.getvalue() if runner.failures else ""


#: The programs a console block may run: omaha8eq itself, and curl against its server.
PROGRAMS = ("omaha8eq", "curl")


@dataclass(frozen=True)
class Command:
    """One ``$ omaha8eq ...`` (or ``$ curl ...``) line of a console block and the stdout
    shown after it; ``argv`` leaves out the program's name."""

    block: Block
    line: int
    argv: list[str]
    expected: str
    program: str = "omaha8eq"


def commands(block: Block) -> list[Command]:
    """The commands of a console block; a line before the first ``$ `` is refused."""
    found: list[Command] = []
    for offset, line in enumerate(block.text.split("\n")):
        if line.startswith("$ "):
            words = shlex.split(line[2:])
            if words[:3] == ["python", "-m", "omaha8eq"]:
                words = ["omaha8eq", *words[3:]]
            if words[:1] not in ([p] for p in PROGRAMS):
                raise ValueError(f"{block.where()}: a console command must run omaha8eq or curl: {line!r}")
            found.append(Command(block, block.line + offset, words[1:], "", words[0]))
        elif not found:
            raise ValueError(f"{block.where()}: output before the first '$ ' command: {line!r}")
        else:
            last = found[-1]
            found[-1] = Command(last.block, last.line, last.argv, last.expected + line + "\n", last.program)
    return found


def output_matches(expected: str, actual: str) -> bool:
    """``actual`` is ``expected`` with each ``...`` standing for any text (across lines);
    trailing spaces and blank lines at the end are not compared."""

    def tidy(text: str) -> str:
        return "\n".join(line.rstrip() for line in text.rstrip().split("\n"))

    pattern = ".*?".join(re.escape(part) for part in tidy(expected).split("..."))
    return re.fullmatch(pattern, tidy(actual), flags=re.DOTALL) is not None


def run_command(command: Command) -> tuple[int, str]:
    """Run the command line in this process; return its exit status and standard output."""
    from omaha8eq.cli.app import main

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(command.argv)
    return status, out.getvalue()


def curl_request(argv: list[str], base_url: str) -> urllib.request.Request:
    """The request ``curl ARGV`` sends, to the server at ``base_url`` instead of
    localhost:8000. The options read: ``-s``, ``-H``, ``-d`` (a POST with
    ``application/x-www-form-urlencoded`` unless a header says otherwise, as curl does)
    and ``-X``; any other option is refused, so that a page cannot show one that is not run."""
    headers: dict[str, str] = {}
    data: bytes | None = None
    method: str | None = None
    url: str | None = None
    words = iter(argv)
    for word in words:
        if word in ("-s", "--silent"):
            continue
        if word in ("-H", "--header"):
            name, _, value = next(words).partition(":")
            headers[name.strip()] = value.strip()
        elif word in ("-d", "--data", "--data-raw"):
            data = next(words).encode()
        elif word in ("-X", "--request"):
            method = next(words)
        elif word.startswith("-"):
            raise ValueError(f"curl: the examples do not run the option {word!r}")
        else:
            url = re.sub(r"^(https?://)?(localhost|127\.0\.0\.1)(:\d+)?/?", base_url, word)
    if url is None or not url.startswith(base_url):
        raise ValueError(f"curl: no address of the local server in {argv!r}")
    if data is not None and not any(name.lower() == "content-type" for name in headers):
        headers["Content-Type"] = "application/x-www-form-urlencoded"  # curl's -d
    return urllib.request.Request(url, data=data, headers=headers, method=method or ("POST" if data else "GET"))


def run_curl(command: Command, base_url: str) -> tuple[int, str]:
    """Send the command's request to the server at ``base_url``; return curl's exit status
    (0: an answer came, whatever its status, as curl without ``-f``) and the answer's body."""
    request = curl_request(command.argv, base_url)
    try:
        with urllib.request.urlopen(request, timeout=600) as response:
            return 0, response.read().decode()
    except urllib.error.HTTPError as error:
        return 0, error.read().decode()
