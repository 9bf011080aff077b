"""A griffe extension for the API reference: docstrings' doctest examples as code blocks.

The docstrings are reStructuredText-style: a ``>>>`` example is a paragraph, which
Markdown would read as nested block quotes (and its ``[...]`` output as links). This
extension, loaded by mkdocs.yml's mkdocstrings options, fences every run of doctest lines
(from a ``>>>`` line to the next blank line) as a ``pycon`` code block. The docstrings in
the source are unchanged (the doctests still run from them).
"""

from __future__ import annotations

from typing import Any

import griffe


def fence_doctests(text: str) -> str:
    """``text`` with each doctest example (``>>>`` up to a blank line) in a ``pycon`` fence.

    >>> print(fence_doctests("Adds.\\n\\n>>> 1 + 1\\n2\\n\\nDone."))
    Adds.
    <BLANKLINE>
    ```pycon
    >>> 1 + 1
    2
    ```
    <BLANKLINE>
    Done.
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


class DoctestFences(griffe.Extension):
    """Fence the doctest examples of every docstring griffe loads."""

    def on_instance(self, *, node: Any, obj: griffe.Object, agent: Any, **kwargs: Any) -> None:
        if obj.docstring is not None:
            obj.docstring.value = fence_doctests(obj.docstring.value)
