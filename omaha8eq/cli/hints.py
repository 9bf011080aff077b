"""Hints for the usual shell mistakes, added to the one-line error of a bad command line.

The shell splits unquoted text with spaces into words and expands ``$name`` inside
double quotes, so ``equity As Ah 2c 3d Ks Kh Qd Jd`` passes eight one-card hands,
``--board 4c 5d Js`` passes a one-card board and two stray words, and ``"AA:$ds"``
arrives as ``AA:``. :func:`shell_hint` recognises these in the words received.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ..deck import HOLE_SIZES

__all__ = ["shell_hint"]

_CARD = re.compile(r"(?:10|[2-9tjqka])[cdhs♣♦♥♠]", re.IGNORECASE)
#: Options whose value is a list of cards.
_CARD_OPTIONS = ("--board", "-b", "--dead", "-d")
#: Commands whose positional words are hands (or ranges) and which take --board/--dead.
_HAND_COMMANDS = ("equity", "eval", "counterfeit")
_RANGE_COMMANDS = ("equity", "counterfeit", "range")
#: The options of those commands that take no value.
_FLAGS = ("--json", "--exact", "--high-only", "-h", "--help")
#: A range whose ``:$macro`` (or ``:``-joined part) was removed: a colon at the end or before , ! @ ).
_EMPTIED_MACRO = re.compile(r":(?=$|[\s,!@)])")


def _is_card(word: str) -> bool:
    return _CARD.fullmatch(word) is not None


def _grouped(cards: list[str]) -> list[str] | None:
    """Consecutive one-card words as whole hands: one hand of 4 to 6 cards, else hands of 4, 5 or 6."""
    if len(cards) in HOLE_SIZES:
        return ["".join(cards)]
    for size in HOLE_SIZES:
        if len(cards) % size == 0:
            return ["".join(cards[i : i + size]) for i in range(0, len(cards), size)]
    return None


def shell_hint(argv: Sequence[str]) -> str | None:
    """A hint naming the likely shell mistake in ``argv`` (the words after ``omaha8eq``), or None.

    >>> shell_hint(["equity", "As", "Ah", "2c", "3d", "Ks", "Kh", "Qd", "Jd"])
    'did you mean AsAh2c3d KsKhQdJd? Write a hand\\'s cards together, or quote them: "As Ah 2c 3d"'
    >>> shell_hint(["equity", "AsAh2c3d", "KsKhQdJd", "--board", "4c", "5d", "Js"])
    'did you mean --board 4c5dJs? Write the cards together, or quote them: --board "4c 5d Js"'
    >>> shell_hint(["range", "AA:"])
    "did the shell remove a $macro? Quote ranges with single quotes: 'AA:$ds'"
    >>> shell_hint(["equity", "As", "Ah", "2c", "3d", "random", "--exact"])
    'did you mean AsAh2c3d random? Write a hand\\'s cards together, or quote them: "As Ah 2c 3d"'
    >>> shell_hint(["equity", "AsAh2c3d", "KsKhQdJd"]) is None
    True
    """
    if not argv:
        return None
    command, words = argv[0], list(argv[1:])
    if command in _HAND_COMMANDS:
        hint = _split_board(words) or _split_hands(words)
        if hint:
            return hint
    if command in _RANGE_COMMANDS:
        for word in words:
            if not word.startswith("-") and _EMPTIED_MACRO.search(word):
                example = _EMPTIED_MACRO.sub(":$ds", word, count=1)
                return f"did the shell remove a $macro? Quote ranges with single quotes: '{example}'"
    return None


def _split_board(words: list[str]) -> str | None:
    """``--board 4c 5d Js``: the option's value is one card and card words follow it."""
    for i, word in enumerate(words[:-1]):
        if word in _CARD_OPTIONS and _is_card(words[i + 1]):
            cards = [words[i + 1]]
            for following in words[i + 2 :]:
                if not _is_card(following):
                    break
                cards.append(following)
            if len(cards) > 1:
                return (
                    f"did you mean {word} {''.join(cards)}? Write the cards together, "
                    f'or quote them: {word} "{" ".join(cards)}"'
                )
    return None


def _split_hands(words: list[str]) -> str | None:
    """``As Ah 2c 3d ...``: two or more positional words in a row that are single cards."""
    positional, takes_value = [], False
    for word in words:
        if takes_value:
            takes_value = False
        elif word.startswith("-"):
            takes_value = "=" not in word and word not in _FLAGS
        else:
            positional.append(word)
    runs: list[list[str]] = []  # the positional words, runs of single cards together
    for word in positional:
        if runs and _is_card(word) and _is_card(runs[-1][-1]):
            runs[-1].append(word)
        else:
            runs.append([word])
    split = [run for run in runs if len(run) > 1]
    if not split:
        return None
    example = " ".join(split[0][:4])
    advice = f'Write a hand\'s cards together, or quote them: "{example}"'
    suggestion = []
    for run in runs:
        hands = _grouped(run) if len(run) > 1 else run
        if hands is None:
            return advice
        suggestion += hands
    return f"did you mean {' '.join(suggestion)}? {advice}"
