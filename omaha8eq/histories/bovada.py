"""The Bovada format (Ignition and Bodog write it too), as data.

``Bovada Hand #2645486142: OMAHA HiLo Tournament #1909784 TBL#19, Pot Limit- Level 5
(50/100) - 2012-07-23 20:53:32`` in a tournament; ``Bovada Hand #2902233667
TBL#8747464 OMAHA HiLo Pot Limit - 2014-08-05 00:56:59`` in a cash game, whose blinds
are then read from the posts. Seats are anonymous: each player is named by his
position in that hand (``UTG+1``, ``Big Blind``, ``Dealer``), a name that stands for a
different person from hand to hand; the hero is marked ``[ME]`` and named ``[ME]`` in
every hand. Every seat's hole cards are written (``Card dealt to a spot [..]``), known
once the hand is over; a showdown line writes the best hands, not the hole cards.
Raises are totals (``Raises 200``, ``Raises $0.10 to $0.75``); ``All-in X`` adds X.
The payouts are ``Hand Result`` lines (``Hand Result-Side Pot`` for any side pot, not
numbered); ``Total Pot(450)`` counts the rake, which is not written.
"""

from __future__ import annotations

import re
from typing import Any

from .builder import STREET_ROW, Format, units

__all__ = ["BOVADA"]

GAMES = {"omaha hilo": "omaha8", "omaha_hl": "omaha8", "omaha": "omahahi"}
LIMITS = {"pot limit": "pot limit", "no limit": "no limit", "fixed limit": "fixed limit"}

ANY_HEADER = re.compile(r"^(?:Bovada|Ignition|Bodog[\w. ]*?) Hand #C?(?P<hand_id>\d+)")
HEADER = re.compile(
    r"^(?:Bovada|Ignition|Bodog[\w. ]*?) Hand #C?(?P<hand_id>\d+):? +"
    r"(?:(?:TBL|Zone Poker ID)#(?P<table>\S+) )?(?P<game>OMAHA HiLo|OMAHA_HL|OMAHA)(?:ZonePoker)? +"
    r"(?:Tournament #(?:M-)?(?P<tournament>\d+) TBL#(?P<tournament_table>\d+), )?"
    r"(?P<limit>Pot Limit|No Limit|Fixed Limit)"
    r"(?:-? ?Level (?P<level>\d+) \((?P<sb>[$]?[\d.,]+)/(?P<bb>[$]?[\d.,]+)\))?"
    r".*? - (?P<date>\d{4}-\d\d-\d\d \d\d:\d\d:\d\d)\s*$",
    re.IGNORECASE,
)


def read_header(m: re.Match[str]) -> dict[str, Any]:
    """The fields of a header's match (a cash game's blinds come from the posts)."""
    tournament = m["tournament"]
    return {
        "hand_id": m["hand_id"],
        "game": GAMES[m["game"].lower()],
        "limit": LIMITS[m["limit"].lower()],
        "tournament": tournament,
        "level": m["level"],
        "small_blind": units(m["sb"]) if m["sb"] else None,
        "big_blind": units(m["bb"]) if m["bb"] else None,
        "currency": None if tournament else "USD",
        "date": m["date"],
        "table": m["tournament_table"] or m["table"] or "",
    }


_AMOUNT = r"(?P<amount>\$?[\d.,]+)"
#: A player's name and the " : " after it; the hero's name ends " [ME]" (sometimes
#: with two spaces before it), which the format's hero mark turns into "[ME]".
_NAME = r"^(?P<name>.+?) : "

#: One row per kind of line: (builder method, needle, expression). First match wins.
LINES = (
    ("button_line", "Set dealer", re.compile(r"^.+? : Set dealer(?:/Bring in spot)? \[(?P<button>\d+)\]")),
    ("seat", "Seat ", re.compile(r"^Seat (?P<seat>\d+): (?P<name>.+?) \(\$?(?P<amount>[\d.,]+) in chips\)")),
    STREET_ROW,
    (
        "post",
        " : ",
        re.compile(
            _NAME + r"(?P<what>Ante/Small [Bb]lind|Small [Bb]lind|Big [Bb]lind/Bring in|Big [Bb]lind|Posts chip"
            r"|Ante chip|Posts dead chip) " + _AMOUNT + r"$"
        ),
    ),
    ("hole_cards", "Card dealt to a spot", re.compile(_NAME + r"Card dealt to a spot \[(?P<cards>[^\]]+)\]")),
    (
        "action",
        " : ",
        re.compile(_NAME + r"(?P<kind>Folds|Fold|Checks|Calls|Call|Bets)(?:\(timeout\))?(?: " + _AMOUNT + r")?$"),
    ),
    # A raise's last number is its total: "Raises 200" (2012) or "Raises $0.50 to $0.75".
    ("action", " : Raises ", re.compile(_NAME + r"(?P<kind>Raises) (?:\$?[\d.,]+ to )?(?P<to>\$?[\d.,]+)$")),
    (
        "action",
        "All-in(raise",
        re.compile(
            _NAME + r"(?P<allin>All-in)\((?P<kind>raise)s?(?:-timeout)?\) (?:\$?[\d.,]+ to )?(?P<to>\$?[\d.,]+)$"
        ),
    ),
    ("allin", "All-in ", re.compile(_NAME + r"All-in " + _AMOUNT + r"$")),
    ("uncalled", "Return uncalled", re.compile(_NAME + r"Return uncalled portion of bet " + _AMOUNT + r"$")),
    ("show", " : Showdown", re.compile(_NAME + r"Showdown\b")),
    ("muck", " : Mucks", re.compile(_NAME + r"Mucks(?: \[(?P<cards>[^\]]+?)\s*\])?")),
    ("payout", "Hand ", re.compile(_NAME + r"Hand [Rr]esult(?P<pot>-Side [Pp]ot)? " + _AMOUNT + r"$")),
    ("total_line", "Total Pot(", re.compile(r"^Total Pot\(" + _AMOUNT + r"\)")),
    ("board_line", "Board [", re.compile(r"^Board \[(?P<cards>[^\]]+?)\s*\]")),
)

BOVADA = Format(
    site="Bovada",
    header=HEADER,
    any_header=ANY_HEADER,
    read_header=read_header,
    lines=LINES,
    total_includes_rake=True,
    start=("Bovada Hand #", "Ignition Hand #", "Bodog"),
    rake_written=False,
    hero_mark=" [ME]",
)
