"""The PokerStars hand-history format, every era, as data.

Headers from 2005's ``PokerStars Game #1676150046: Tournament #7817460, $5.00+$0.50
USD Omaha Hi/Lo Pot Limit - Level III (25/50) - 2005/05/11 1:29:15 ET`` to today's
``PokerStars Hand #96961585867:  5 Card Omaha Hi/Lo Pot Limit ($2/$4 USD) - 2013/04/10
19:06:22 WET [2013/04/10 14:06:22 ET]`` (Zoom and mixed-game headers too). Old files
do not write the uncalled bet handed back; :mod:`.builder` infers it.
"""

from __future__ import annotations

import re
from typing import Any

from .builder import HandError, units
from .formats import ALLIN, NAME, STREET_ROW, SUMMARY_SEAT_ROW, Format, board_row, shows_row

__all__ = ["POKERSTARS"]

CURRENCIES = {"$": "USD", "€": "EUR", "£": "GBP"}

_STAKES = re.compile(r"[(,]\s*(?P<sb>[$€£]?[\d.,]+)/(?P<bb>[$€£]?[\d.,]+)(?: (?P<currency>[A-Z]{3}))?\)")
_LEVEL = re.compile(r"Level (?P<level>\S+) \((?P<sb>[\d.,]+)/(?P<bb>[\d.,]+)\)")
_TOURNAMENT = re.compile(r"Tournament #(?P<id>\d+)")
_DATE = re.compile(r"\d{4}/\d{1,2}/\d{1,2} \d{1,2}:\d\d:\d\d(?: [A-Z]{2,4})?")


def _fields(m: re.Match[str]) -> dict[str, Any]:
    """What the header writes its own way, after the game and limit: a tournament and
    its level, the stakes (a level's blinds in a tournament), the currency, the date."""
    line = m.string
    tournament = _TOURNAMENT.search(line)
    level = _LEVEL.search(line) if tournament else None
    stakes = level or _STAKES.search(m["rest"])
    if stakes is None:
        raise HandError(f"no stakes in the header {line[:80]!r}")
    date = _DATE.search(m["rest"])
    currency = None
    if not tournament:
        currency = stakes["currency"] or CURRENCIES.get(stakes["sb"][0])
    return {
        "tournament": tournament["id"] if tournament else None,
        "level": level["level"] if level else None,
        "small_blind": units(stakes["sb"]),
        "big_blind": units(stakes["bb"]),
        "currency": currency,
        "date": date.group() if date else "",
    }


#: How the header names the hand (any header of the site, other games' too, begins so).
_HAND_ID = r"^PokerStars (?:Zoom |Home Game )?(?:Hand|Game) #(?P<hand_id>\d+):"
_AMOUNT = r"(?P<amount>[$€£]?[\d.,]+)"

POKERSTARS = Format(
    site="PokerStars",
    start="PokerStars ",
    any_header=re.compile(_HAND_ID),
    header=re.compile(
        _HAND_ID + r"\s+(?:.*?[ (])??"
        r"(?P<game>(?:[56] Card )?Omaha(?: Hi/Lo)?) (?P<limit>Pot Limit|No Limit|Fixed Limit|Limit)\b(?P<rest>.*)$"
    ),
    fields=_fields,
    lines=(
        ("ignore", ' said, "', re.compile(NAME + r' said, "')),
        (
            "table_line",
            "Table '",
            re.compile(
                r"^Table '(?P<table>.*)' (?:(?P<max>\d+)-max )?(?:\(Play Money\) )?"
                r"Seat #(?P<button>\d+) is the button"
            ),
        ),
        (
            "seat",
            " in chips",
            re.compile(
                r"^Seat (?P<seat>\d+): (?P<name>.+?) \("
                + _AMOUNT
                + r" in chips(?:, [^)]*)?\)(?P<out> is sitting out| out of hand.*)?$"
            ),
        ),
        SUMMARY_SEAT_ROW,
        STREET_ROW,
        (
            "post",
            ": posts ",
            re.compile(
                NAME + r": posts (?P<what>small blind|big blind|the ante|small & big blinds) " + _AMOUNT + ALLIN
            ),
        ),
        (
            "action",
            ": ",
            re.compile(
                NAME + r": (?P<kind>folds|checks|calls|bets|raises)\b(?: " + _AMOUNT + r")?"
                r"(?: to (?P<to>[$€£]?[\d.,]+))?(?P<allin> and is all-in)?"
            ),
        ),
        ("uncalled", "Uncalled bet", re.compile(r"^Uncalled bet \(" + _AMOUNT + r"\) returned to (?P<name>.+)$")),
        ("dealt", "Dealt to ", re.compile(r"^Dealt to (?P<name>.+?)(?: \[(?P<cards>[^\]]*)\])?$")),
        shows_row(": "),
        ("muck", ": mucks", re.compile(NAME + r": mucks hand(?: \[(?P<cards>[^\]]+)\])?")),
        (
            "collect",
            " collected ",
            re.compile(NAME + r" collected " + _AMOUNT + r" from (?P<pot>pot|main pot|side pot(?:-\d+)?)"),
        ),
        ("total_line", "Total pot", re.compile(r"^Total pot " + _AMOUNT + r".*?\| Rake (?P<rake>[$€£]?[\d.,]+)")),
        board_row("Board "),
        ("cancelled", "cancelled", re.compile(r"^Hand cancelled")),
    ),
    total_includes_rake=True,
)
