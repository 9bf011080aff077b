"""A site's hand-history format, as data, and the pieces several sites write alike.

Each site's module (:mod:`.pokerstars`, :mod:`.winamax`, :mod:`.winning`,
:mod:`.winning2019`, :mod:`.partypoker`, :mod:`.pacific`, :mod:`.bovada`) is one
:class:`Format`; :mod:`.builder` reads any of them. The tables and rows here are what
more than one site writes the same way: a format's own tables start from them.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

__all__ = [
    "ALLIN",
    "BUTTON_ROW",
    "GAMES",
    "LIMITS",
    "NAME",
    "STREET_ROW",
    "SUMMARY_SEAT_ROW",
    "Format",
    "Row",
    "board_row",
    "shows_row",
]

#: A row of a format's table: (builder method, needle, expression).
Row = tuple[str, str, re.Pattern[str]]


#: Game names both sites write (lower case) -> omaha8eq.games names.
GAMES = {
    "omaha hi/lo": "omaha8",
    "5 card omaha hi/lo": "omaha85",
    "6 card omaha hi/lo": "omaha86",
    "omaha": "omahahi",
    "5 card omaha": "omahahi5",
    "6 card omaha": "omahahi6",
}
#: Betting limits as the sites write them (lower case) -> the record's limit.
LIMITS = {"pot limit": "pot limit", "no limit": "no limit", "fixed limit": "fixed limit", "limit": "fixed limit"}
#: A line's player name, from the start of the line (the shortest that lets the rest match).
NAME = r"^(?P<name>.+?)"
#: The all-in mark that ends a post or an action.
ALLIN = r"(?P<allin> and is all-in)?$"
#: A summary's "Seat N: name (...) showed/mucked [cards]" line.
SUMMARY_SEAT_ROW: Row = (
    "summary_seat",
    "Seat ",
    re.compile(r"^Seat \d+: (?P<name>.+?)(?: \([^)]*\))* (?:showed|mucked) \[(?P<cards>[^\]]+)\]"),
)
#: A street's "*** NAME *** [old cards] [new card]" line.
STREET_ROW: Row = (
    "street_line",
    "*** ",
    re.compile(r"^\*\*\* (?P<street>[A-Z][A-Za-z /-]*?) \*\*\*(?: \[(?P<old>[^\]]*)\])?(?: ?\[(?P<new>[^\]]*)\])?"),
)
#: A line naming the button's seat alone: "Seat N is the button".
BUTTON_ROW: Row = ("button_line", " is the button", re.compile(r"^Seat (?P<button>\d+) is the button"))


def shows_row(after_name: str) -> Row:
    """The row of a showdown's "NAME shows [cards]" line, where the site writes
    ``after_name`` (``" "`` or ``": "``) between the name and "shows"."""
    return ("show", after_name + "shows [", re.compile(NAME + after_name + r"shows \[(?P<cards>[^\]]+)\]"))


def board_row(label: str) -> Row:
    """The row of a summary's whole board, ``label`` (``"Board "`` or ``"Board: "``)
    then the cards in brackets."""
    return ("board_line", label + "[", re.compile("^" + label + r"\[(?P<cards>[^\]]+)\]"))


@dataclass(frozen=True)
class Format:
    """A site's format, as data.

    Attributes:
        site: the site's name.
        header: the expression a hand's first line matches (Omaha games only); its
            named groups are the hand's fields, read by :func:`~.builder.read_header`.
        any_header: the expression of any header of the site (to name other games).
        lines: ``(kind, needle, regex)`` rows, one per kind of line: the builder method
            ``kind`` takes the match of the first row whose needle is in the line and
            whose regex matches.
        total_includes_rake: True when "Total pot" counts the rake (PokerStars),
            False when it is what is left after it (Winamax).
        start: how a hand's first line begins, or the ways it may (where the reader cuts
            a file into hands).
        header_lines: how many non-blank lines the header spans (joined by newlines
            before ``header`` is matched: WPN, partypoker and 888 spread it out).
        total_written: False when the site writes no total pot (partypoker, 888): what
            was put in is the total.
        rake_written: False when the site writes no rake (partypoker, 888, Bovada): it
            is what the payouts leave of the total.
        payout_includes_uncalled: True when the site writes no uncalled bet but pays
            it back inside the winner's payout (partypoker, 888).
        summary_required: False when the site writes no summary (partypoker): a hand
            ends with its payouts.
        hero_mark: what follows the hero's name (Bovada's ``" [ME]"``); the hero is then
            named by the mark alone, the same name in every hand.
        amount: the site's amount as written -> units, when not
            :func:`~.builder.units` (888 writes decimal commas).
        games: the header's game names (lower case) -> omaha8eq.games names.
        limits: the header's betting limits (lower case) -> the record's limit.
        fields: the header's match -> the fields it writes its own way (the currency,
            stakes found elsewhere in the line...), which take the place of those
            :func:`~.builder.read_header` reads from the groups; it raises
            :class:`~.builder.HandError` for a header that cannot be used.
    """

    site: str
    header: re.Pattern[str]
    any_header: re.Pattern[str]
    lines: Sequence[Row]
    total_includes_rake: bool
    start: str | tuple[str, ...] = ""
    header_lines: int = 1
    total_written: bool = True
    rake_written: bool = True
    payout_includes_uncalled: bool = False
    summary_required: bool = True
    hero_mark: str | None = None
    amount: Callable[[str], int] | None = None
    games: Mapping[str, str] = field(default_factory=lambda: GAMES)
    limits: Mapping[str, str] = field(default_factory=lambda: LIMITS)
    fields: Callable[[re.Match[str]], dict[str, Any]] | None = None
