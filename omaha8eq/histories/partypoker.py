"""The partypoker format, as data.

A hand's header spans three lines: ``***** Hand History for Game 13387439135 *****``,
the game (``PL Omaha Hi-Lo $22 USD Buy-in Trny: 105411156 Level: 2  Blinds(20/40) -
Thursday, October 31, 16:04:15 EDT 2013`` in a tournament, ``$200 USD PL Omaha Hi-Lo -
Monday, ...`` in a cash game, whose blinds are then read from the posts) and the
table. A ``#Game No : N`` line comes before it and ``Game #N starts.`` between hands.
Chat lines (``Name: text``) sit among the actions. There is no summary, no total pot,
no rake and no uncalled bet: a raise is written as the chips it adds, and the winner's
``wins`` line pays the bet nobody called back with the pot (:mod:`.builder` splits it).
"""

from __future__ import annotations

import re
from typing import Any

from .builder import HandError, units
from .formats import BUTTON_ROW, NAME, Format

__all__ = ["PARTYPOKER"]

_TOURNAMENT = re.compile(r"Trny: ?(?P<id>\d+) Level: ?(?P<level>\d+)\s+Blinds\((?P<sb>[\d.,]+)/(?P<bb>[\d.,]+)\)")
_DATE = re.compile(r" - (?P<date>\w+, \w+ \d+, [\d:]+ \w+ \d{4})")


def _fields(m: re.Match[str]) -> dict[str, Any]:
    """What the header writes its own way, after the game: a tournament's level and
    blinds, a fixed-limit cash game's stakes (a pot-limit or no-limit cash game's
    blinds come from the posts: its header writes the table's buy-in), the date."""
    tournament = _TOURNAMENT.search(m["rest"])
    small = big = None
    if tournament:
        small, big = units(tournament["sb"]), units(tournament["bb"])
    elif m["limit"] == "FL" and m["stakes"] and "/" in m["stakes"]:
        first, second = m["stakes"].split("/")
        small, big = units(first), units(second)
    elif m["stakes"] is None:
        raise HandError(f"no stakes in the header {m.string[:80]!r}")
    date = _DATE.search(m["rest"])
    return {
        "tournament": tournament["id"] if tournament else None,
        "level": tournament["level"] if tournament else None,
        "small_blind": small,
        "big_blind": big,
        "currency": None if tournament else ("EUR" if m["currency"] == "€" else "USD"),
        "date": date["date"] if date else "",
    }


#: How the header names the hand (any header of the site, other games' too, begins so).
_HAND_ID = r"^\*{5} Hand History [Ff]or Game (?P<hand_id>\d+) \*{5}"
#: An amount in brackets as partypoker writes it: ``[20]``, ``[$1 USD]``, ``[$0.50 USD].``
_AMOUNT = r"\[\s*[$€]?(?P<amount>[\d.,]+)(?: USD| EUR)?\s*\]\.?"

PARTYPOKER = Format(
    site="partypoker",
    start="***** ",
    header_lines=3,
    any_header=re.compile(_HAND_ID),
    header=re.compile(
        _HAND_ID + r"\s*\n"
        r"(?:(?P<currency>[$€])?(?P<stakes>[\d.,]+(?:/[$€]?[\d.,]+)?) (?:USD |EUR )?)?"
        r"(?P<limit>PL|NL|FL) (?P<game>Omaha Hi-Lo|Omaha)\b(?P<rest>.*)\n"
        r"Table (?P<table>.*?) ?\((?:Real|Play) Money\)\s*$"
    ),
    games={"omaha hi-lo": "omaha8", "omaha": "omahahi"},
    limits={"pl": "pot limit", "nl": "no limit", "fl": "fixed limit"},
    fields=_fields,
    lines=(
        BUTTON_ROW,
        (
            "seat",
            "Seat ",
            re.compile(r"^Seat (?P<seat>\d+): (?P<name>.+?) \( ?[$€]?(?P<amount>[\d.,]+)(?: USD| EUR)? ?\)$"),
        ),
        # Chat ("Player6: u r getting boring with ur min raises") and the header's repeats
        # ("Trny: 105411156 Level: 2"): actions never hold ": ", so no action row may read them.
        ("ignore", ": ", re.compile(r"^[^:]+: ")),
        (
            "post",
            " posts ",
            re.compile(
                NAME + r" posts (?P<what>small blind|big blind \+ dead|big blind|ante(?: of)?) " + _AMOUNT + "$"
            ),
        ),
        ("dealt", "Dealt to ", re.compile(r"^Dealt to (?P<name>.+?) \[\s*(?P<cards>[^\]]*?)\s*\]$")),
        (
            "street_line",
            "** ",
            re.compile(r"^\*\* Dealing (?P<street>down cards|Flop|Turn|River) \*\*(?: \[\s*(?P<new>[^\]]*?)\s*\])?"),
        ),
        ("allin", " is all-In", re.compile(NAME + r" is all-In(?: " + _AMOUNT + r")?$")),
        ("action", " ", re.compile(NAME + r" (?P<kind>folds|checks|calls|bets|raises)(?: " + _AMOUNT + r")?\.?$")),
        ("show", " shows [", re.compile(NAME + r" shows \[\s*(?P<cards>[^\]]+?)\s*\]")),
        ("muck", " doesn't show [", re.compile(NAME + r" doesn't show \[\s*(?P<cards>[^\]]+?)\s*\]")),
        (
            "payout",
            " wins ",
            re.compile(
                NAME + r" wins (?:(?P<half>Lo) \()?[$€]?(?P<amount>[\d.,]+)(?: chips| USD| EUR)?\)?"
                r"(?: from the (?P<pot>main pot|side pot(?: #?\d+)?))?"
            ),
        ),
    ),
    total_includes_rake=True,
    total_written=False,
    rake_written=False,
    payout_includes_uncalled=True,
    summary_required=False,
)
