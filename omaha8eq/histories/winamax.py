"""The Winamax hand-history format, as data.

``Winamax Poker - CashGame - HandId: #9247976-238-1478874600 - Omaha Hi/Lo pot limit
(1€/2€) - 2016/11/11 14:30:00 UTC``; tournaments write ``Tournament "NAME" buyIn: ...
level: N`` and their stakes as ``ante/small/big`` or ``small/big``. The summary's total
pot is what is left after the rake, and the collected lines name the half (``pot(HI)``).
Winamax does not write uncalled bets; :mod:`.builder` infers them.
"""

from __future__ import annotations

import re
from typing import Any

from .builder import Format, HandError, units

__all__ = ["WINAMAX"]

GAMES = {
    "omaha hi/lo": "omaha8",
    "omaha5 hi/lo": "omaha85",
    "5 card omaha hi/lo": "omaha85",
    "omaha6 hi/lo": "omaha86",
    "6 card omaha hi/lo": "omaha86",
    "omaha": "omahahi",
    "omaha5": "omahahi5",
    "5 card omaha": "omahahi5",
    "omaha6": "omahahi6",
    "6 card omaha": "omahahi6",
}
LIMITS = {"pot limit": "pot limit", "no limit": "no limit", "fixed limit": "fixed limit", "limit": "fixed limit"}

ANY_HEADER = re.compile(r"^Winamax Poker - .*?HandId: #(?P<hand_id>[\d-]+)")
HEADER = re.compile(
    r"^Winamax Poker - (?:CashGame|Tournament \"(?P<tournament>[^\"]*)\".*?level: (?P<level>\S+)|[^-]*?) - "
    r"HandId: #(?P<hand_id>[\d-]+) - (?P<game>(?:[56] Card )?Omaha[56]?(?: Hi/Lo)?) "
    r"(?P<limit>pot limit|no limit|fixed limit|limit) \((?P<stakes>[^)]*)\) - (?P<date>.*)$",
    re.IGNORECASE,
)


def read_header(m: re.Match[str]) -> dict[str, Any]:
    """The fields of a header's match."""
    amounts = [a for a in m["stakes"].split("/") if a.strip()]
    if len(amounts) not in (2, 3):
        raise HandError(f"stakes {m['stakes'][:40]!r} are not small/big or ante/small/big")
    tournament = m["tournament"]
    return {
        "hand_id": m["hand_id"],
        "game": GAMES[m["game"].lower()],
        "limit": LIMITS[m["limit"].lower()],
        "tournament": tournament,
        "level": m["level"],
        "small_blind": units(amounts[-2]),
        "big_blind": units(amounts[-1]),
        "currency": None if tournament is not None else ("EUR" if "€" in m["stakes"] else None),
        "date": m["date"].strip(),
    }


_NAME = r"^(?P<name>.+?)"
_AMOUNT = r"(?P<amount>[\d.,]+€?)"
_ALLIN = r"(?P<allin> and is all-in)?$"

#: One row per kind of line: (builder method, needle, expression). First match wins.
LINES = (
    (
        "table_line",
        "Table: '",
        re.compile(
            r"^Table: '(?P<table>.*)' (?:(?P<max>\d+)-max )?(?:\([^)]*\) )?"
            r"Seat #(?P<button>\d+) is the button"
        ),
    ),
    (
        "seat",
        "Seat ",
        re.compile(r"^Seat (?P<seat>\d+): (?P<name>.+?) \(" + _AMOUNT + r"(?:, [^)]*)?\)(?P<out> out of hand)?$"),
    ),
    (
        "summary_seat",
        "Seat ",
        re.compile(r"^Seat \d+: (?P<name>.+?)(?: \([^)]*\))* (?:showed|mucked) \[(?P<cards>[^\]]+)\]"),
    ),
    (
        "street_line",
        "*** ",
        re.compile(
            r"^\*\*\* (?P<street>[A-Z][A-Za-z /-]*?) \*\*\*"
            r"(?: \[(?P<old>[^\]]*)\])?(?: ?\[(?P<new>[^\]]*)\])?"
        ),
    ),
    ("post", " posts ", re.compile(_NAME + r" posts (?P<what>small blind|big blind|ante) " + _AMOUNT + _ALLIN)),
    (
        "action",
        " ",
        re.compile(
            _NAME + r" (?P<kind>folds|checks|calls|bets|raises)(?: " + _AMOUNT + r")?"
            r"(?: to (?P<to>[\d.,]+€?))?" + _ALLIN
        ),
    ),
    ("dealt", "Dealt to ", re.compile(r"^Dealt to (?P<name>.+?) \[(?P<cards>[^\]]*)\]")),
    ("show", " shows [", re.compile(_NAME + r" shows \[(?P<cards>[^\]]+)\]")),
    (
        "collect",
        " collected ",
        re.compile(
            _NAME + r" collected " + _AMOUNT + r" from (?P<pot>pot|main pot|side pot ?\d*)\s*(?:\((?P<half>HI|LO)\))?"
        ),
    ),
    (
        "total_line",
        "Total pot",
        re.compile(r"^Total pot " + _AMOUNT + r"(?: \| (?:Rake (?P<rake>[\d.,]+€?)|No rake))?"),
    ),
    ("board_line", "Board: [", re.compile(r"^Board: \[(?P<cards>[^\]]+)\]")),
)

WINAMAX = Format(
    site="Winamax",
    header=HEADER,
    any_header=ANY_HEADER,
    read_header=read_header,
    lines=LINES,
    total_includes_rake=False,
)
