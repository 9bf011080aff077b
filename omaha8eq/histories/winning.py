"""The Winning Poker Network (Americas Cardroom, 2016-era client) format, as data.

A hand begins ``Game started at: 2016/8/2 11:16:59`` and its second line holds the
rest of the header: ``Game ID: 693977531 0.10/0.25 (PRR) Elepaio (Omaha HiLow)``.
The client writes its files in UTF-16 (:mod:`.lines` reads them) with a blank line
after every line. What it leaves out: the betting limit (pot limit is assumed for its
Omaha tables; a fixed-limit table is recognised by its big blind, see
:mod:`.builder`), and whether the hand is a tournament's (a tournament table's name
ends ``, Table N``). The hero's hole cards come one a line (``received card: [10h]``);
payouts and shown cards are written only in the summary
(``*Player X shows: ... [cards] ... Collects: 0.95.``); the summary's ``Pot:`` is what is
left after the rake and the jackpot fee.
"""

from __future__ import annotations

import re
from typing import Any

from .formats import BUTTON_ROW, Format, board_row

__all__ = ["WINNING"]

_TOURNAMENT_TABLE = re.compile(r"^(?P<name>.+), Table \d+$")


def _fields(m: re.Match[str]) -> dict[str, Any]:
    """What the header writes its own way: the table (without its ``(PRR)`` mark),
    whose name tells a tournament's (``NAME, Table N``) and play money (``PM ...``),
    hence the currency. The limit is left to the builder."""
    table = re.sub(r"^\(PRR\) ", "", m["table"])
    tournament = _TOURNAMENT_TABLE.match(table)
    return {
        "tournament": tournament["name"] if tournament else None,
        "currency": None if tournament or table.startswith("PM ") else "USD",
        "table": table,
    }


#: The hand's number as both header expressions read it.
_HAND_ID = r"Game ID: (?P<hand_id>\d+)"
_AMOUNT = r"\((?P<amount>[\d.,]+)\)"
_PLAYER = r"^Player (?P<name>.+?)"

WINNING = Format(
    site="Winning Poker Network",
    start="Game started at: ",
    header_lines=2,
    any_header=re.compile(r"^Game started at: .*\n" + _HAND_ID),
    header=re.compile(
        r"^Game started at: (?P<date>[\d/]+ [\d:]+)\s*\n"
        + _HAND_ID
        + r" (?P<sb>[\d.,]+)/(?P<bb>[\d.,]+) (?P<table>.*?) ?"
        + r"\((?P<game>Omaha HiLow|Omaha)\)(?: (?P<max>\d+)-max)?\s*$",
        re.IGNORECASE,
    ),
    games={"omaha hilow": "omaha8", "omaha": "omahahi"},
    fields=_fields,
    lines=(
        BUTTON_ROW,
        ("seat", "Seat ", re.compile(r"^Seat (?P<seat>\d+): (?P<name>.+?) \((?P<amount>[\d.,]+)\)\.?$")),
        (
            "post",
            " has ",
            re.compile(_PLAYER + r" has (?P<what>small blind|big blind) " + _AMOUNT + r"$"),
        ),
        ("post", " posts ", re.compile(_PLAYER + r" posts (?P<what>ante |dead )?" + _AMOUNT + r"$")),
        ("post", " ante ", re.compile(_PLAYER + r" (?P<what>ante) " + _AMOUNT + r"$")),
        ("dealt_card", "received card: ", re.compile(_PLAYER + r" received card: \[(?P<cards>[^\]]+)\]$")),
        (
            "action",
            "Player ",
            re.compile(_PLAYER + r" (?P<kind>folds|checks|calls|bets|raises)(?: " + _AMOUNT + r")?$"),
        ),
        ("allin", " allin", re.compile(_PLAYER + r" allin(?: " + _AMOUNT + r")?$")),
        ("uncalled", "Uncalled bet", re.compile(r"^Uncalled bet " + _AMOUNT + r" returned to (?P<name>.+)$")),
        ("muck", " mucks cards", re.compile(_PLAYER + r" mucks cards$")),
        (
            "street_line",
            "*** ",
            re.compile(
                r"^\*\*\* (?P<street>FLOP|TURN|RIVER) \*\*\*:?(?: \[(?P<old>[^\]]*)\])?(?: \[(?P<new>[^\]]*)\])?"
            ),
        ),
        ("street_line", "--- Summary ---", re.compile(r"^-+ (?P<street>Summary) -+$")),
        (
            "total_line",
            "Pot: ",
            re.compile(r"^Pot: (?P<amount>[\d.,]+)\.(?: Rake (?P<rake>[\d.,]+?))?(?:\. JP fee (?P<fee>[\d.,]+?))?\.?$"),
        ),
        board_row("Board: "),
        (
            "result_line",
            "Collects: ",
            re.compile(
                r"^\*?Player (?P<name>.+?) (?:shows: .*?\[(?P<cards>[^\]]+)\].*?|mucks .*?|does not show .*?)"
                r"Bets: [\d.,]+\. Collects: (?P<amount>[\d.,]+?)\. (?:Wins|Loses): [\d.,]+?\.?$"
            ),
        ),
    ),
    total_includes_rake=False,
)
