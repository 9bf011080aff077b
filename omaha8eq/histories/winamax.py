"""The Winamax hand-history format, as data.

``Winamax Poker - CashGame - HandId: #9247976-238-1478874600 - Omaha Hi/Lo pot limit
(1€/2€) - 2016/11/11 14:30:00 UTC``; tournaments write ``Tournament "NAME" buyIn: ...
level: N`` and their stakes as ``ante/small/big`` or ``small/big``. The summary's total
pot is what is left after the rake, and the collected lines name the half (``pot(HI)``).
Winamax does not write uncalled bets; :mod:`.builder` infers them, or, where Winamax
counts one in the total pot and writes it as a side pot its bettor collects
("collected 84€ from side pot 1"), hands it back. Older and play-money headers name
the game ``Omaha8``.
"""

from __future__ import annotations

import re
from typing import Any

from .builder import HandError, units
from .formats import ALLIN, GAMES, NAME, STREET_ROW, SUMMARY_SEAT_ROW, Format, board_row, shows_row

__all__ = ["WINAMAX"]


def _fields(m: re.Match[str]) -> dict[str, Any]:
    """What the header writes its own way: the stakes (``small/big`` or
    ``ante/small/big``), the currency (euros when the stakes are), the date."""
    amounts = [a for a in m["stakes"].split("/") if a.strip()]
    if len(amounts) not in (2, 3):
        raise HandError(f"stakes {m['stakes'][:40]!r} are not small/big or ante/small/big")
    return {
        "small_blind": units(amounts[-2]),
        "big_blind": units(amounts[-1]),
        "currency": None if m["tournament"] is not None else ("EUR" if "€" in m["stakes"] else None),
        "date": m["date"].strip(),
    }


#: The hand's number as both header expressions read it.
_HAND_ID = r"HandId: #(?P<hand_id>[\d-]+)"
_AMOUNT = r"(?P<amount>[\d.,]+€?)"

WINAMAX = Format(
    site="Winamax",
    start="Winamax Poker - ",
    any_header=re.compile(r"^Winamax Poker - .*?" + _HAND_ID),
    header=re.compile(
        r"^Winamax Poker - (?:CashGame|Tournament \"(?P<tournament>[^\"]*)\".*?level: (?P<level>\S+)|[^-]*?) - "
        + _HAND_ID
        + r" - (?P<game>(?:[56] Card )?Omaha[568]?(?: Hi/Lo)?) "
        + r"(?P<limit>pot limit|no limit|fixed limit|limit) \((?P<stakes>[^)]*)\) - (?P<date>.*)$",
        re.IGNORECASE,
    ),
    # Both sites' game names and Winamax's "omaha5" forms.
    games={
        **GAMES,
        "omaha8": "omaha8",  # play-money and older headers: "Omaha8 pot limit"
        "omaha5 hi/lo": "omaha85",
        "omaha6 hi/lo": "omaha86",
        "omaha5": "omahahi5",
        "omaha6": "omahahi6",
    },
    fields=_fields,
    lines=(
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
        SUMMARY_SEAT_ROW,
        STREET_ROW,
        ("post", " posts ", re.compile(NAME + r" posts (?P<what>small blind|big blind|ante) " + _AMOUNT + ALLIN)),
        (
            "action",
            " ",
            re.compile(
                NAME + r" (?P<kind>folds|checks|calls|bets|raises)(?: " + _AMOUNT + r")?"
                r"(?: to (?P<to>[\d.,]+€?))?" + ALLIN
            ),
        ),
        ("dealt", "Dealt to ", re.compile(r"^Dealt to (?P<name>.+?) \[(?P<cards>[^\]]*)\]")),
        shows_row(" "),
        (
            "collect",
            " collected ",
            re.compile(
                NAME
                + r" collected "
                + _AMOUNT
                + r" from (?P<pot>pot|main pot|side pot ?\d*)\s*(?:\((?P<half>HI|LO)\))?"
            ),
        ),
        (
            "total_line",
            "Total pot",
            re.compile(r"^Total pot " + _AMOUNT + r"(?: \| (?:Rake (?P<rake>[\d.,]+€?)|No rake))?"),
        ),
        board_row("Board: "),
    ),
    total_includes_rake=False,
)
