"""The ``omaha8eq help`` command: reference texts that do not fit in a ``--help``.

Usage::

    omaha8eq help ranges

Each topic is a Markdown file shipped in the package; the documentation site includes
the same file (``docs/ranges.md`` includes ``omaha8eq/ranges/syntax.md``), so the two
cannot drift apart.
"""

from __future__ import annotations

import argparse
from importlib import resources

from .common import EXIT_OK, Arg, Command, emit

__all__ = ["COMMANDS", "TOPICS", "run_help", "topic_text"]

#: Every topic: its name, what it covers, and the package and file of its text.
TOPICS = {
    "ranges": ("the range syntax, every element with an example", "omaha8eq.ranges", "syntax.md"),
}


def topic_text(topic: str) -> str:
    """The text of ``topic`` (a key of :data:`TOPICS`), as shipped in the package."""
    _, package, name = TOPICS[topic]
    return resources.files(package).joinpath(name).read_text(encoding="utf-8")


def run_help(args: argparse.Namespace) -> int:
    """Print the topic's text on stdout."""
    emit(topic_text(args.topic).rstrip("\n"))
    return EXIT_OK


COMMANDS = (
    Command(
        "help",
        help="print a reference text: ranges (the range syntax)",
        description="Print a reference text, the same as the documentation's: "
        + "; ".join(f"{name}: {what}" for name, (what, _, _) in TOPICS.items())
        + ".",
        examples=["omaha8eq help ranges", "omaha8eq help ranges | less"],
        options=[Arg("topic", choices=tuple(TOPICS), metavar="TOPIC", help="one of: " + ", ".join(TOPICS))],
        run=run_help,
    ),
)
