"""The Winning Poker Network's ``Hand #`` format (Americas Cardroom, 2019-2021 clients), as data.

A cash hand begins ``Hand #779379637 - Omaha H/L(No Limit) - $3.00/$6.00 - 2021/04/16
19:14:14 UTC``; a tournament's ``Game Hand #82980175 - Tournament #11212445 - Omaha
H/L(Pot Limit) - Level 1 (250.00/500.00)- 2019/07/25 02:31:33 UTC`` (a guaranteed
tournament's ``- $5,000 GTD Tournament #...``). Then ``Parachute 6-max Seat #5 is the
button`` (``Table '1' 9-max ...`` in a tournament) and lines close to PokerStars' without
the colon after the name: ``Hero raises $120.00 to $120.00 and is all-in`` (raises are
totals), ``Player0 collected $199.00 from main pot`` (``from side pot-1``).

What it writes besides: the pot so far under every street (``Main pot $79.20 | Rake
$0.80``, ``Side pot(1) ...``: not needed, the chips are counted from the actions), and in
a tournament a card dealt to every seat before the hand (``Dealt to Hero [4s]``: the
draw for the button, not hole cards). A hand won without a showdown is paid only in
the summary (``Seat 5: Hero did not show and won $0.25``). ``Total pot $199.00 | Rake $0.96 | JP Fee $0.04``
is what is left after the rake and the jackpot fee. A dead post above the big blind
(``posts dead $0.07`` at $0.02/$0.05) is both blinds. A hand run twice writes ``*** RUN
IT TWICE ***``, then each run's streets numbered (``*** FLOP 1 ***`` ...
``*** SHOW DOWN 2 ***``) and its payouts (``collected $92.25 from main pot 1``). A cap
table's ``caps`` line is not read (its amount may be the chips added or the total):
such a hand is skipped.

Learnt from public descriptions and samples: the fpdb-3 project's WinningPoker parser
and its regression-test files (github.com/jejellyroll-fr/fpdb-3), and the ACR fixtures
of github.com/poker-apprentice/hand-history-parser.
"""

from __future__ import annotations

import re
from typing import Any

from .builder import HandError
from .formats import ALLIN, NAME, SUMMARY_SEAT_ROW, Format, board_row, shows_row

__all__ = ["WINNING_2019"]


def _fields(m: re.Match[str]) -> dict[str, Any]:
    """What the header writes its own way: the currency (real money is written with a
    dollar sign; a cash table without one plays for chips). A level outside a
    tournament is refused. The table comes on the next line."""
    tournament = m["tournament"]
    if not tournament and m["level"]:
        raise HandError(f"a level without a tournament in the header {m.group()[:80]!r}")
    return {"currency": "USD" if not tournament and m["sb"].startswith("$") else None}


#: How the header names the hand (any header of the site, other games' too, begins so).
_HAND_ID = r"^(?:Game )?Hand #(?P<hand_id>\d+) - "
_AMOUNT = r"(?P<amount>\$?[\d.,]+)"
_STREETS = r"(?P<street>HOLE CARDS|FLOP|TURN|RIVER|SHOW DOWN|SUMMARY)"

WINNING_2019 = Format(
    site="Winning Poker Network",
    start=("Hand #", "Game Hand #"),
    any_header=re.compile(_HAND_ID),
    header=re.compile(
        _HAND_ID + r"(?:[^#]*?Tournament #(?P<tournament>\d+) - )?"
        r"(?P<game>(?:[456]Card )?Omaha(?: H/L)?)\((?P<limit>No Limit|Pot Limit|Fixed Limit)\) - "
        r"(?:Level (?P<level>\S+) )?\(?(?P<sb>\$?[\d.,]+)/(?P<bb>\$?[\d.,]+)\)? ?- ?"
        r"(?P<date>\d{4}/\d\d/\d\d \d\d:\d\d:\d\d(?: UTC)?)\s*$"
    ),
    # The client's game names ("4Card" is plain Omaha).
    games={
        "omaha h/l": "omaha8",
        "4card omaha h/l": "omaha8",
        "5card omaha h/l": "omaha85",
        "6card omaha h/l": "omaha86",
        "omaha": "omahahi",
        "4card omaha": "omahahi",
        "5card omaha": "omahahi5",
        "6card omaha": "omahahi6",
    },
    fields=_fields,
    lines=(
        # The pot so far, under each street; the run's number after "pot" in a hand run twice.
        ("ignore", " pot", re.compile(r"^(?:Main|Side) pot\b")),
        ("ignore", "*** RUN IT TWICE", re.compile(r"^\*\*\* RUN IT TWICE \*\*\*")),
        (
            "street_line",
            "*** ",
            re.compile(
                r"^\*\*\* " + _STREETS + r"(?: (?P<run>[12]))? \*\*\*"
                r"(?: \[(?P<old>[^\]]*)\])?(?: \[(?P<new>[^\]]*)\])?\s*$"
            ),
        ),
        (
            "table_line",
            " is the button",
            re.compile(r"^(?:Table ')?(?P<table>.+?)'? (?:(?P<max>\d+)-max )?Seat #(?P<button>\d+) is the button$"),
        ),
        SUMMARY_SEAT_ROW,
        (
            "seat",
            "Seat ",
            re.compile(r"^Seat (?P<seat>\d+): (?P<name>.+?) \(" + _AMOUNT + r"\)(?P<out> is sitting out)?$"),
        ),
        ("post", " posts ", re.compile(NAME + r" posts the (?P<what>small blind|big blind) " + _AMOUNT + ALLIN)),
        ("post", " posts ", re.compile(NAME + r" posts (?P<what>ante |dead )?" + _AMOUNT + ALLIN)),
        ("not_read", " caps ", re.compile(NAME + r" caps " + _AMOUNT)),
        (
            "action",
            " ",
            re.compile(
                NAME + r" (?P<kind>folds|checks|calls|bets|raises)(?: " + _AMOUNT + r")?"
                r"(?: to (?P<to>\$?[\d.,]+))?" + ALLIN
            ),
        ),
        ("uncalled", "Uncalled bet", re.compile(r"^Uncalled bet \(" + _AMOUNT + r"\) returned to (?P<name>.+)$")),
        # The hole cards (four to six); a single card before the hand is the draw for the button.
        ("dealt", "Dealt to ", re.compile(r"^Dealt to (?P<name>.+?) \[(?P<cards>\S+(?: \S+){3,5})\]$")),
        ("ignore", "Dealt to ", re.compile(r"^Dealt to .+? \[\S+\]$")),
        shows_row(" "),
        ("muck", " mucks ", re.compile(NAME + r" mucks hand$")),
        (
            "collect",
            " collected ",
            re.compile(NAME + r" collected " + _AMOUNT + r" from (?P<pot>main pot|side pot(?:-\d+)?)(?: [12])?$"),
        ),
        (
            "total_line",
            "Total pot ",
            re.compile(
                r"^Total pot " + _AMOUNT + r"(?: \| Rake (?P<rake>\$?[\d.,]+))?(?: \| JP Fee (?P<fee>\$?[\d.,]+))?\s*$"
            ),
        ),
        # A hand won without a showdown is paid only in the summary.
        (
            "payout",
            " did not show and won ",
            re.compile(r"^Seat \d+: (?P<name>.+?)(?: \([^)]*\))* did not show and won " + _AMOUNT + r"$"),
        ),
        board_row("Board "),
    ),
    total_includes_rake=False,
)
