"""Turning a hand's lines into a :class:`~omaha8eq.histories.records.Hand`, for every format.

A format (:mod:`.pokerstars`, :mod:`.winamax`) is data: a header expression, a
function reading the header's fields, and one table of ``(kind, needle, regex)``
rows, one per kind of line. :func:`parse_block` tries the rows in order (the needle,
a plain substring, is a cheap test before the regular expression), and hands the
match to the builder's method of that kind. Every match uses the same group names
(``name``, ``amount``, ``to``, ``allin``, ``cards``, ...), so one builder serves all
formats.

When the lines are read, :meth:`HandBuilder.finish` checks that the chips balance:
each player put in at most his stack; what was put in (after uncalled bets) is the
total pot; the collected amounts plus the rake are the total pot. A hand failing a
check raises :class:`HandError`, which the reader turns into a skipped hand.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ..cards import format_cards, parse_cards
from ..errors import OmahaInputError
from ..games import as_game
from .records import SCALE, Action, Collected, Hand, Seat, Skipped

__all__ = [
    "ALLIN",
    "GAMES",
    "LIMITS",
    "NAME",
    "STREET_ROW",
    "SUMMARY_SEAT_ROW",
    "Format",
    "HandBuilder",
    "HandError",
    "parse_block",
    "units",
]

#: Names the hand's streets go by in headers (lower case) -> the record's street.
STREET_NAMES = {
    "ante/blinds": "preflop",
    "hole cards": "preflop",
    "pre-flop": "preflop",
    "flop": "flop",
    "turn": "turn",
    "river": "river",
    "show down": "showdown",
}


class HandError(Exception):
    """A hand that cannot be read: the message is the reason it is skipped."""


@dataclass(frozen=True)
class Format:
    """A site's format, as data.

    Attributes:
        site: the site's name.
        header: the expression a hand's first line matches (Omaha games only).
        any_header: the expression of any header of the site (to name other games).
        read_header: the header's match -> the hand's fields (game, limit, stakes...).
        lines: ``(kind, needle, regex)`` rows: the builder method ``kind`` takes the
            match of the first row whose needle is in the line and whose regex matches.
        total_includes_rake: True when "Total pot" counts the rake (PokerStars),
            False when it is what is left after it (Winamax).
    """

    site: str
    header: re.Pattern[str]
    any_header: re.Pattern[str]
    read_header: Callable[[re.Match[str]], dict[str, Any]]
    lines: Sequence[tuple[str, str, re.Pattern[str]]]
    total_includes_rake: bool


# What the sites write alike: each format's tables start from these.

#: Game names both sites write (lower case) -> omaha8eq.games names.
GAMES = {
    "omaha hi/lo": "omaha8",
    "5 card omaha hi/lo": "omaha85",
    "6 card omaha hi/lo": "omaha86",
    "omaha": "omahahi",
    "5 card omaha": "omahahi5",
    "6 card omaha": "omahahi6",
}
#: Betting limits as the sites write them (lower case) -> the record's limit.
LIMITS = {"pot limit": "pot limit", "no limit": "no limit", "fixed limit": "fixed limit", "limit": "fixed limit"}
#: A line's player name, from the start of the line (the shortest that lets the rest match).
NAME = r"^(?P<name>.+?)"
#: The all-in mark that ends a post or an action.
ALLIN = r"(?P<allin> and is all-in)?$"
#: A summary's "Seat N: name (...) showed/mucked [cards]" line.
SUMMARY_SEAT_ROW = (
    "summary_seat",
    "Seat ",
    re.compile(r"^Seat \d+: (?P<name>.+?)(?: \([^)]*\))* (?:showed|mucked) \[(?P<cards>[^\]]+)\]"),
)
#: A street's "*** NAME *** [old cards] [new card]" line.
STREET_ROW = (
    "street_line",
    "*** ",
    re.compile(r"^\*\*\* (?P<street>[A-Z][A-Za-z /-]*?) \*\*\*(?: \[(?P<old>[^\]]*)\])?(?: ?\[(?P<new>[^\]]*)\])?"),
)

_CURRENCY = str.maketrans("", "", "$€£, ")
_PLAIN_CARDS = re.compile(r"[2-9TJQKA][cdhs](?: [2-9TJQKA][cdhs])*")  # "Ad 5h": the usual form


def units(text: str) -> int:
    """An amount as written (``$1,234.50``, ``4.96€``, ``1500``) in hundredths.

    >>> units("$1,234.50"), units("4.96€"), units("1500")
    (123450, 496, 150000)
    """
    if text.isdigit():  # the usual tournament amount
        return int(text) * SCALE
    digits = text.translate(_CURRENCY)
    whole, dot, cents = digits.partition(".")
    if not (whole or cents) or not (whole.isdigit() or not whole) or (dot and not cents.isdigit()):
        raise HandError(f"bad amount {text[:40]!r}")
    if len(cents) > 2 and cents[2:].strip("0"):
        raise HandError(f"amount {text[:40]!r} has more than two decimals")
    return int(whole or 0) * SCALE + int((cents[:2] or "0").ljust(2, "0"))


def cards_text(text: str) -> str:
    """Cards as written (``"Ad 5h"``, ``"10h"``) in the library's text form."""
    if _PLAIN_CARDS.fullmatch(text) and len(set(text.split())) == (len(text) + 1) // 3:
        return text  # the usual form, checked without the card parser
    try:
        return format_cards(parse_cards(text, what="cards"))
    except OmahaInputError as exc:
        raise HandError(f"bad cards [{text[:40]}]: {exc}") from None


class HandBuilder:
    """Collects one hand's facts line by line; :meth:`finish` checks and returns the record."""

    def __init__(self, fmt: Format, source: str, line: int, header: dict[str, Any]) -> None:
        self.fmt, self.source, self.first_line, self.head = fmt, source, line, header
        self.table = ""
        self.max_seats: int | None = None
        self.button = 0
        self.seats: list[Seat] = []
        self.names: set[str] = set()
        self.actions: list[Action] = []
        self.street = "preflop"
        self.street_bets: dict[str, int] = {}
        self.boards: list[str] = []
        self.run = 0
        self.hole: dict[str, str] = {}
        self.hero: str | None = None
        self.collected: list[Collected] = []
        self.total: int | None = None
        self.rake = 0
        self.summary: list[str] | None = None
        self.line = line

    # -- one method per kind of line -------------------------------------------------

    def table_line(self, m: re.Match[str]) -> None:
        self.table = m["table"]
        self.max_seats = int(m["max"]) if m["max"] else None
        self.button = int(m["button"])

    def seat(self, m: re.Match[str]) -> None:
        if self.summary is not None:  # a summary seat line that looks like a seat line
            return None
        name = m["name"]
        if name in self.names:
            raise HandError(f"player {name[:40]!r} is seated twice")
        self.names.add(name)
        self.seats.append(Seat(int(m["seat"]), name, units(m["amount"]), bool(m["out"])))
        return None

    def summary_seat(self, m: re.Match[str]) -> None:
        """A summary seat line: cards shown or mucked there are known cards too."""
        if m["name"] in self.names and m["name"] not in self.hole:
            self.hole[m["name"]] = cards_text(m["cards"])

    def post(self, m: re.Match[str]) -> None:
        what = m["what"].lower()
        amount = units(m["amount"])
        # "the ante" or "ante"; "small & big blinds" posts both (the small blind's part is dead)
        blind = what if what in ("small blind", "big blind") else "blinds"
        kind = "ante" if "ante" in what else blind
        name = self._player(m)
        if kind != "ante":  # an ante is not part of the player's bet on the street
            live = min(amount, self.head["big_blind"]) if kind == "blinds" else amount
            self.street_bets[name] = self.street_bets.get(name, 0) + live
        self.actions.append(Action("preflop", name, kind, amount, None, bool(m["allin"]), self.line))

    def action(self, m: re.Match[str]) -> None:
        name = self._player(m)
        kind = m["kind"].lower()[:-1]  # the row admits folds, checks, calls, bets, raises: fold, check...
        already = self.street_bets.get(name, 0)
        to = None
        amount = 0
        if (kind in ("raise", "bet", "call") and not m["amount"]) or (kind == "raise" and not m["to"]):
            raise HandError(f"line {self.line}: {name[:40]} {kind}s without an amount")
        if kind == "raise":
            to = units(m["to"])
            amount = to - already
            if amount <= 0:
                raise HandError(f"line {self.line}: {name[:40]} raises to {m['to']}, not above his bet")
        elif kind in ("bet", "call"):
            amount = units(m["amount"])
        self.street_bets[name] = already + amount
        self.actions.append(Action(self.street, name, kind, amount, to, bool(m["allin"]), self.line))

    def uncalled(self, m: re.Match[str]) -> None:
        name = self._player(m)
        amount = units(m["amount"])
        self.street_bets[name] = self.street_bets.get(name, 0) - amount
        self.actions.append(Action(self.street, name, "uncalled", amount, None, False, self.line))

    def street_line(self, m: re.Match[str]) -> None:
        title = m["street"].lower()
        if title == "summary":
            self.summary = []
            return
        run, _, title = title.partition(" ") if title.startswith(("first ", "second ")) else ("", "", title)
        if title not in STREET_NAMES:
            raise HandError(f"line {self.line}: unknown street {m['street'][:40]!r}")
        street = STREET_NAMES[title]
        self.run = 1 if run == "second" else 0
        if street != self.street:
            self.street_bets = {}
        self.street = street
        cards = " ".join(c for c in (m["old"], m["new"]) if c)
        if cards:
            board = cards_text(cards)
            while len(self.boards) <= self.run:
                self.boards.append("")
            self.boards[self.run] = board

    def dealt(self, m: re.Match[str]) -> None:
        if m["cards"]:
            self.hero = self._player(m)
            self.hole[self.hero] = cards_text(m["cards"])

    def show(self, m: re.Match[str]) -> None:
        name = self._player(m)
        cards = cards_text(m["cards"])
        if self.hole.get(name) not in (None, cards) and not self._known_subset(name, cards):
            raise HandError(f"line {self.line}: {name[:40]} shows {cards}, was dealt {self.hole[name]}")
        self.hole[name] = cards
        if not any(a.player == name and a.kind == "show" for a in self.actions):  # Winamax shows twice
            self.actions.append(Action("showdown", name, "show", 0, None, False, self.line))

    def _known_subset(self, name: str, cards: str) -> bool:
        return set(self.hole[name].split()) == set(cards.split())

    def muck(self, m: re.Match[str]) -> None:
        name = self._player(m)
        if m["cards"]:
            self.hole[name] = cards_text(m["cards"])
        self.actions.append(Action("showdown", name, "muck", 0, None, False, self.line))

    def collect(self, m: re.Match[str]) -> None:
        if self.summary is not None:  # the summary repeats the amounts
            return
        pot = (m["pot"] or "").lower()
        index = 0
        if "side" in pot:
            number = re.search(r"\d+", pot)
            index = int(number.group()) if number else 1
        half = m["half"].lower() if _group(m, "half") else None
        self.collected.append(Collected(self._player(m), units(m["amount"]), index, half, self.run))

    def total_line(self, m: re.Match[str]) -> None:
        self.total = units(m["amount"])
        self.rake = units(m["rake"]) if m["rake"] else 0

    def board_line(self, m: re.Match[str]) -> None:
        board = cards_text(m["cards"])
        if not self.boards:
            self.boards.append(board)

    def cancelled(self, m: re.Match[str]) -> None:
        raise HandError("the hand was cancelled")

    def ignore(self, m: re.Match[str]) -> None:
        """Chat and table talk: read so that no other row mistakes it for an action."""

    def _player(self, m: re.Match[str]) -> str:
        name = m["name"]
        if name not in self.names:
            raise HandError(f"line {self.line}: {name[:40]!r} has no seat")
        return name

    # -- the checks ------------------------------------------------------------------

    def finish(self) -> Hand:
        """The record, once the chips are checked; :class:`HandError` if they do not balance."""
        if self.summary is None:
            raise HandError("truncated: the hand has no summary")
        if self.total is None:
            raise HandError("truncated: the summary has no total pot")
        if not self.seats:
            raise HandError("no seats")
        stacks = {s.name: s.stack for s in self.seats}
        put = dict.fromkeys(stacks, 0)
        for a in self.actions:
            put[a.player] += -a.amount if a.kind == "uncalled" else a.amount
        for name, amount in put.items():
            if amount > stacks[name]:
                raise HandError(f"{name[:40]} put in {amount / SCALE:g}, more than his stack {stacks[name] / SCALE:g}")
        gross = self.total + (0 if self.fmt.total_includes_rake else self.rake)
        excess = sum(put.values()) - gross
        if excess > 0:
            self._implicit_uncalled(put, excess)
        elif excess < 0:
            raise HandError(f"chips do not balance: put in {sum(put.values()) / SCALE:g}, total pot {gross / SCALE:g}")
        paid = sum(c.amount for c in self.collected)
        if paid + self.rake != gross:
            raise HandError(
                f"chips do not balance: collected {paid / SCALE:g} + rake {self.rake / SCALE:g}, "
                f"total pot {gross / SCALE:g}"
            )
        head = self.head
        game = as_game(head["game"])
        for name, cards in self.hole.items():
            if len(cards.split()) != game.hole_cards:
                raise HandError(f"{name[:40]} holds {cards}: {game.name} deals {game.hole_cards} hole cards")
        chip = 100 if head["tournament"] is not None and all(v % SCALE == 0 for v in put.values()) else 1
        return Hand(
            site=self.fmt.site,
            hand_id=head["hand_id"],
            game=game.name,
            limit=head["limit"],
            tournament=head["tournament"],
            level=head["level"],
            small_blind=head["small_blind"],
            big_blind=head["big_blind"],
            currency=head["currency"],
            date=head["date"],
            table=self.table,
            max_seats=self.max_seats,
            button=self.button,
            seats=tuple(sorted(self.seats, key=lambda s: s.number)),
            actions=tuple(self.actions),
            boards=tuple(self.boards),
            hole_cards=dict(self.hole),
            collected=tuple(self.collected),
            total_pot=gross,
            rake=self.rake,
            summary=tuple(self.summary),
            source=self.source,
            line=self.first_line,
            chip=chip,
            hero=self.hero,
        )

    def _implicit_uncalled(self, put: dict[str, int], excess: int) -> None:
        """Old formats (PokerStars 2005) do not write the uncalled bet handed back:
        it is the part of the biggest contribution nobody matched."""
        ranked = sorted(put.values(), reverse=True)
        if len(ranked) < 2 or ranked[0] - ranked[1] != excess:
            raise HandError(f"chips do not balance: {excess / SCALE:g} more put in than the total pot")
        name = next(n for n, v in put.items() if v == ranked[0])
        put[name] -= excess
        street = next((a.street for a in reversed(self.actions) if a.player == name and a.amount), "preflop")
        self.actions.append(Action(street, name, "uncalled", excess, None, False, 0))


def _group(m: re.Match[str], name: str) -> str | None:
    """An optional group of a row's match (not every format's row has every group)."""
    return m[name] if name in m.re.groupindex else None


def parse_block(fmt: Format, lines: Sequence[str], source: str, line: int) -> Hand | Skipped:
    """Read one hand (its lines, the first being a header) into a record or a skipped entry."""
    first = lines[0]
    m = fmt.header.match(first)
    if m is None:
        any_header = fmt.any_header.match(first)
        hand_id = any_header["hand_id"] if any_header else None
        return Skipped(source, line, f"not an Omaha game this reader knows: {first[:80]!r}", hand_id)
    try:
        head = fmt.read_header(m)
    except HandError as exc:
        return Skipped(source, line, str(exc), m["hand_id"])
    builder = HandBuilder(fmt, source, line, head)
    rows = [(getattr(builder, kind), needle, regex.match) for kind, needle, regex in fmt.lines]
    try:
        for offset, text in enumerate(lines[1:], start=1):
            if not text:
                continue
            builder.line = line + offset
            if builder.summary is not None:
                builder.summary.append(text)
            for handle, needle, match in rows:
                if needle in text:
                    found = match(text)
                    if found:
                        handle(found)
                        break
        return builder.finish()
    except HandError as exc:
        return Skipped(source, line, str(exc), head["hand_id"])
