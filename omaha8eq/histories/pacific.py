"""The 888 (Pacific Poker, Cassava) format, as data.

A hand's header spans three lines: ``***** Cassava Hand History for Game 424764397
*****`` (``888poker`` in later files), the game (``$15/$30 Blinds Pot Limit OmahaHL -
*** 19 08 2013 11:19:44``) and the table (``Tournament #50321242 $10 + $1 - Table #1
(Real Money)`` or ``Table Cologne (Practice Play)``). A ``#Game No : N`` line comes
before it. Amounts carry thousands separators (``$3,465``) or, in some locales, a
decimal comma (``222,75$``). Raises are written as the chips they add. The summary
writes the shown cards and the payouts (``collected [ $116 ]``) and nothing else: no
total pot, no rake, no uncalled bet (it is paid back inside the bettor's payout). A
hand whose summary pays nobody is the site's own error and is skipped with that reason.
"""

from __future__ import annotations

import re
from typing import Any

from .builder import HandError, units
from .formats import BUTTON_ROW, LIMITS, NAME, Format

__all__ = ["PACIFIC"]

_DECIMAL_COMMA = re.compile(r"\d+,\d\d")


def pacific_amount(text: str) -> int:
    """An amount as 888 writes it: ``$3,465`` (thousands), ``222,75$`` (decimal comma).

    >>> pacific_amount("$3,465"), pacific_amount("222,75$"), pacific_amount("1,459.13")
    (346500, 22275, 145913)
    """
    digits = text.strip("$€ ")
    if _DECIMAL_COMMA.fullmatch(digits):
        digits = digits.replace(",", ".")
    return units(digits)


def _fields(m: re.Match[str]) -> dict[str, Any]:
    """What the header writes its own way: the currency (none at a tournament or a
    practice table; euros when the stakes are). Stakes without digits are refused."""
    if not m["sb"].strip("$€"):
        raise HandError(f"no stakes in the header {m.string[:80]!r}")
    currency = None
    if m["tournament"] is None and m["money"] == "Real Money":
        currency = "EUR" if "€" in m["sb"] else "USD"
    return {"currency": currency}


#: The hand's number as both header expressions read it.
_HAND_ID = r"Hand History for Game (?P<hand_id>\d+)"
#: An amount in brackets: ``[$15]``, ``[$1,049]``, ``[284,48$]``, ``[ $116 ]``.
_AMOUNT = r"\[\s*(?P<amount>[$€]?[\d.,]+[$€]?)\s*\]"

PACIFIC = Format(
    site="888",
    start="***** ",
    header_lines=3,
    any_header=re.compile(r"^\*{5} (?:Cassava|888poker|888\.\w+|Pacific Poker) " + _HAND_ID),
    header=re.compile(
        r"^\*{5} [^\n]*?" + _HAND_ID + r" \*{5}\s*\n"
        r"(?P<sb>[$€]?[\d.,]+[$€]?)/(?P<bb>[$€]?[\d.,]+[$€]?) Blinds "
        r"(?P<limit>Pot Limit|No Limit|Fix Limit|Fixed Limit) (?P<game>OmahaHL|Omaha Hi/Lo|Omaha)\b"
        r"[^\n]*?\*\*\* (?P<date>[\d ]+ [\d:]+)\s*\n"
        r"(?:Tournament #(?P<tournament>\d+)[^\n]*?- )?"
        r"Table (?P<table>[^\n]*?) ?\((?P<money>Real Money|Practice Play)\)\s*$"
    ),
    games={"omahahl": "omaha8", "omaha hi/lo": "omaha8", "omaha": "omahahi"},
    limits={**LIMITS, "fix limit": "fixed limit"},
    fields=_fields,
    amount=pacific_amount,
    lines=(
        BUTTON_ROW,
        ("seat", "Seat ", re.compile(r"^Seat (?P<seat>\d+): (?P<name>.+?) \( (?P<amount>[$€]?[\d.,]+[$€]?) \)$")),
        (
            "post",
            " posts ",
            re.compile(NAME + r" posts (?P<what>small blind|big blind|ante|dead blind) " + _AMOUNT + r"$"),
        ),
        ("dealt", "Dealt to ", re.compile(r"^Dealt to (?P<name>.+?) \[\s*(?P<cards>[^\]]*?)\s*\]$")),
        (
            "street_line",
            "** ",
            re.compile(
                r"^\*\* (?:Dealing )?(?P<street>down cards|flop|turn|river|Summary) \*\*"
                r"(?: \[\s*(?P<new>[^\]]*?)\s*\])?",
                re.IGNORECASE,
            ),
        ),
        (
            "action",
            " ",
            re.compile(
                NAME + r" (?P<kind>folds|checks|calls|bets|raises)(?: " + _AMOUNT + r")?(?P<allin>\s*and is all.in)?$"
            ),
        ),
        ("show", " shows [", re.compile(NAME + r" shows \[\s*(?P<cards>[^\]]+?)\s*\]")),
        ("muck", " mucks [", re.compile(NAME + r" mucks \[\s*(?P<cards>[^\]]+?)\s*\]")),
        ("payout", " collected [", re.compile(NAME + r" collected " + _AMOUNT + r"$")),
    ),
    total_includes_rake=True,
    total_written=False,
    rake_written=False,
    payout_includes_uncalled=True,
)
