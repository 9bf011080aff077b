"""A griffe extension for the API reference: the docstrings as the site should show them.

Loaded by mkdocs.yml's mkdocstrings options; the docstrings in the source are unchanged
(their doctests still run from them). Two things are rewritten before griffe parses them:

- a ``>>>`` example is a plain paragraph in the source, which Markdown would read as nested
  block quotes (and its ``[...]`` output as links): every run of doctest lines (from a
  ``>>>`` line to the next blank line) is fenced as a ``pycon`` code block;
- an ``Args:`` item may name several parameters (``hilo, threads: as for equity``): it
  becomes one item per parameter, each with the description;
- Sphinx roles (``:func:`equity```, ``:class:`~omaha8eq.ranges.range.Range```) become
  inline code (``equity``, ``Range``);
- a ``Raises:`` section is prose here (an exception and when, in sentences), which the
  Google-style parser would cut into broken "type: description" pairs: it becomes a
  paragraph that starts with "**Raises:**".
"""

from __future__ import annotations

import re
from typing import Any

import griffe


def fence_doctests(text: str) -> str:
    r"""``text`` with each doctest example (``>>>`` up to a blank line) in a ``pycon`` fence.

    >>> fence_doctests("Adds.\n\n>>> 1 + 1\n2\n\nDone.").split("\n")
    ['Adds.', '', '```pycon', '>>> 1 + 1', '2', '```', '', 'Done.']
    """
    out: list[str] = []
    in_example = False
    for line in text.split("\n"):
        if not in_example and line.lstrip().startswith(">>>"):
            out.append("```pycon")
            in_example = True
        elif in_example and not line.strip():
            out.append("```")
            in_example = False
        out.append(line.strip() if in_example and line.lstrip().startswith((">>>", "...")) else line)
    if in_example:
        out.append("```")
    return "\n".join(out)


def prose_raises(text: str) -> str:
    r"""``text`` with its ``Raises:`` section (the indented lines after it) as one paragraph.

    >>> print(prose_raises("Does.\n\nRaises:\n    OmahaInputError: bad cards,\n    or too many.\n\nAfter."))
    Does.
    <BLANKLINE>
    **Raises:** OmahaInputError: bad cards, or too many.
    <BLANKLINE>
    After.
    """
    lines = text.split("\n")
    out: list[str] = []
    i = 0
    while i < len(lines):
        if lines[i].strip() == "Raises:":
            indent = len(lines[i]) - len(lines[i].lstrip())
            body = []
            i += 1
            while i < len(lines) and lines[i].strip() and len(lines[i]) - len(lines[i].lstrip()) > indent:
                body.append(lines[i].strip())
                i += 1
            out.append(" " * indent + "**Raises:** " + " ".join(body))
            continue
        out.append(lines[i])
        i += 1
    return "\n".join(out)


_GROUPED_ARGS = re.compile(r"^(?P<indent>\s+)(?P<names>\w+(?:,\s*\w+)+):(?P<text>\s.*)$")


def split_grouped_args(text: str) -> str:
    r"""``text`` with each ``Args:`` item that names several parameters made one item each.

    >>> print(split_grouped_args("Args:\n    spots: the spots.\n    hilo, threads: as for equity.\n"))
    Args:
        spots: the spots.
        hilo: as for equity.
        threads: as for equity.
    <BLANKLINE>
    """
    out: list[str] = []
    in_args = False
    for line in text.split("\n"):
        if line.strip() in ("Args:", "Arguments:", "Parameters:"):
            in_args = True
        elif line.strip() and not line[:1].isspace():
            in_args = False
        match = _GROUPED_ARGS.match(line) if in_args else None
        if match:
            out.extend(f"{match['indent']}{name.strip()}:{match['text']}" for name in match["names"].split(","))
        else:
            out.append(line)
    return "\n".join(out)


_ROLE = re.compile(r":(?:func|class|mod|data|meth|attr|exc|obj):`(?P<tilde>~?)(?P<target>[^`]+)`")


def plain_roles(text: str) -> str:
    r"""``text`` with Sphinx cross-reference roles as inline code (``~`` keeps the last name).

    >>> plain_roles("Raises :class:`~omaha8eq.errors.OmahaInputError`; see :func:`equity`.")
    'Raises `OmahaInputError`; see `equity`.'
    """
    return _ROLE.sub(lambda m: f"`{m['target'].rsplit('.', 1)[-1] if m['tilde'] else m['target']}`", text)


class DoctestFences(griffe.Extension):
    """Fence the doctest examples and make prose of the Raises sections of every docstring."""

    def on_instance(self, *, node: Any, obj: griffe.Object, agent: Any, **kwargs: Any) -> None:
        if obj.docstring is not None:
            obj.docstring.value = plain_roles(split_grouped_args(prose_raises(fence_doctests(obj.docstring.value))))
