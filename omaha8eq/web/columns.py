"""The page's equity tables: which figures each shows, in what order, under what heading.

The figures are the library's (:data:`omaha8eq.present.display.EQUITY_COLUMNS`, the one
list the text, HTML, DataFrame and JSON views read): a column here names one by its
key, so the page shows no figure the JSON answer lacks, and a figure renamed in the
library fails here, at import, rather than as an empty column in a browser. What is the
page's own is its order (equity and scoop first: what a player reads first, and what a
phone shows without scrolling), which of its two tables shows each figure (the players'
table, a range's per-hand table) and the hi-lo headings said as a player says them
("High win"). ``GET /api/columns`` answers :data:`COLUMNS_DOCUMENT`; ``static/results.js``
reads it once, when the page loads, and draws both tables from it.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from ..present.display import EQUITY_COLUMNS

__all__ = ["COLUMNS", "COLUMNS_DOCUMENT", "PageColumn"]


@dataclass(frozen=True)
class PageColumn:
    """One figure of the page's equity tables (a fraction, shown as a percentage).

    Attributes:
        key: the field of the JSON answer it reads (a key of ``EQUITY_COLUMNS``).
        heading: its header on the page.
        players: a column of the players' equity table (a field of ``players[i]``).
        hands: a column of a range's per-hand table (a field of ``players[i].by_hand[j]``).
        digits: decimals of the percentage shown.
    """

    key: str
    heading: str
    players: bool
    hands: bool
    digits: int = 2


# The halves named as a player says them; every other heading is the library's without its " %".
_HEADINGS = {"hi_win": "High win", "hi_tie": "High tie", "lo_win": "Low win", "lo_tie": "Low tie"}
_LIBRARY = {c.column.key: c for c in EQUITY_COLUMNS}


def _column(key: str, *, players: bool = True, hands: bool = True, digits: int = 2) -> PageColumn:
    """The page's column of the library's figure ``key``; ValueError when the JSON answer
    does not carry it where the page would read it."""
    figure = _LIBRARY[key]
    if (players and not figure.player) or (hands and not figure.hand):
        raise ValueError(f"the page reads {key!r} where the library's JSON does not write it")
    heading = _HEADINGS.get(key, figure.column.header.removesuffix(" %"))
    return PageColumn(key, heading, players, hands, digits)


#: The page's columns, in its order.
COLUMNS = (
    _column("equity"),
    _column("scoop"),
    _column("frequency", players=False, digits=3),  # a hand of a wide range is dealt a few thousandths of a percent
    _column("hi_win"),
    _column("hi_tie", hands=False),
    _column("lo_win"),
    _column("lo_tie", hands=False),
    _column("no_low"),
    _column("quarter"),
)
#: The answer of ``GET /api/columns``.
COLUMNS_DOCUMENT: dict[str, Any] = {"columns": [asdict(c) for c in COLUMNS]}
