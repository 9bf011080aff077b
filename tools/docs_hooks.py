"""MkDocs hooks: the parts of the documentation site generated from the sources.

``mkdocs.yml`` loads this module (``hooks:``). Two markers in the pages are replaced
when the site is built, so that neither can drift from the code:

- ``<!-- cli-reference -->`` (docs/cli.md): the ``--help`` of ``omaha8eq`` and of every
  command, printed by the argparse parsers themselves (:func:`cli_reference`);
- ``<!-- api-reference -->`` (docs/api.md): one mkdocstrings entry per public name of
  ``omaha8eq`` (``omaha8eq.__all__``), under the module that defines it
  (:func:`api_reference`); mkdocstrings renders the signature and docstring of each.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator
from typing import Any

CLI_MARKER = "<!-- cli-reference -->"
API_MARKER = "<!-- api-reference -->"
#: The width the help texts are laid out at (argparse reads $COLUMNS).
HELP_WIDTH = 100


@contextlib.contextmanager
def _columns(width: int) -> Iterator[None]:
    old = os.environ.get("COLUMNS")
    os.environ["COLUMNS"] = str(width)
    try:
        yield
    finally:
        if old is None:
            del os.environ["COLUMNS"]
        else:
            os.environ["COLUMNS"] = old


def command_help(command: str | None) -> str:
    """The ``--help`` text of ``omaha8eq COMMAND`` (of ``omaha8eq`` itself for None),
    exactly as the command line prints it at :data:`HELP_WIDTH` columns."""
    from omaha8eq.cli.app import build_parser

    with _columns(HELP_WIDTH):
        parser = build_parser(command)
        if command is None:
            return parser.format_help()
        subparsers = next(a for a in parser._actions if a.dest == "command")
        return str(subparsers.choices[command].format_help())  # type: ignore[attr-defined]


def cli_reference() -> str:
    """Markdown: the help of ``omaha8eq`` and of each command, in the order it lists them."""
    from omaha8eq.cli.app import COMMANDS
    from omaha8eq.cli.common import PROG

    sections = [(PROG, None), *((f"{PROG} {command}", command) for command in COMMANDS)]
    return "\n".join(f"## {title}\n\n```text\n{command_help(command).rstrip()}\n```\n" for title, command in sections)


def api_entries() -> dict[str, list[str]]:
    """The public names of ``omaha8eq`` by the module that defines them, in ``__all__`` order:
    ``{"omaha8eq.equities": ["omaha8eq.equities.equity", ...], ...}``."""
    import omaha8eq

    modules: dict[str, list[str]] = {}
    for name in omaha8eq.__all__:
        module = omaha8eq._PUBLIC[name]
        path = "omaha8eq" + module if module.startswith(".") else module
        modules.setdefault(path, []).append(f"{path}.{name}")
    return dict(sorted(modules.items()))


def api_reference() -> str:
    """Markdown: a section per module (with the first paragraph of its docstring), a
    mkdocstrings ``:::`` entry per public name."""
    import importlib
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).parent))  # mkdocs loads this file by its path
    from griffe_docstrings import plain_roles

    parts = []
    for module, names in api_entries().items():
        summary = (importlib.import_module(module).__doc__ or "").strip().split("\n\n")[0]
        parts.append(f"## `{module}`\n\n{plain_roles(' '.join(summary.split()))}\n")
        parts.extend(f"::: {name}\n" for name in names)
    return "\n".join(parts)


def on_page_markdown(markdown: str, page: Any, config: Any, files: Any) -> str:
    """Fill the markers of the page being built."""
    if CLI_MARKER in markdown:
        markdown = markdown.replace(CLI_MARKER, cli_reference())
    if API_MARKER in markdown:
        markdown = markdown.replace(API_MARKER, api_reference())
    return markdown
