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

from .formats import STREET_ROW, Format

__all__ = ["BOVADA"]


def _fields(m: re.Match[str]) -> dict[str, Any]:
    """What the header writes its own way: a tournament's table (``TBL#``), the
    currency (dollars at a cash table)."""
    return {"currency": None if m["tournament"] else "USD", "table": m["tournament_table"] or m["table"] or ""}


#: How the header names the hand (any header of the site, other games' too, begins so).
_HAND_ID = r"^(?:Bovada|Ignition|Bodog[\w. ]*?) Hand #C?(?P<hand_id>\d+)"
_AMOUNT = r"(?P<amount>\$?[\d.,]+)"
#: A player's name and the " : " after it; the hero's name ends " [ME]" (sometimes
#: with two spaces before it), which the format's hero mark turns into "[ME]".
_NAME = r"^(?P<name>.+?) : "

BOVADA = Format(
    site="Bovada",
    start=("Bovada Hand #", "Ignition Hand #", "Bodog"),
    any_header=re.compile(_HAND_ID),
    header=re.compile(
        _HAND_ID + r":? +"
        r"(?:(?:TBL|Zone Poker ID)#(?P<table>\S+) )?(?P<game>OMAHA HiLo|OMAHA_HL|OMAHA)(?:ZonePoker)? +"
        r"(?:Tournament #(?:M-)?(?P<tournament>\d+) TBL#(?P<tournament_table>\d+), )?"
        r"(?P<limit>Pot Limit|No Limit|Fixed Limit)"
        r"(?:-? ?Level (?P<level>\d+) \((?P<sb>[$]?[\d.,]+)/(?P<bb>[$]?[\d.,]+)\))?"
        r".*? - (?P<date>\d{4}-\d\d-\d\d \d\d:\d\d:\d\d)\s*$",
        re.IGNORECASE,
    ),
    games={"omaha hilo": "omaha8", "omaha_hl": "omaha8", "omaha": "omahahi"},
    fields=_fields,
    lines=(
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
    ),
    total_includes_rake=True,
    rake_written=False,
    hero_mark=" [ME]",
)
