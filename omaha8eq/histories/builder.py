"""Turning a hand's lines into a :class:`~omaha8eq.histories.records.Hand`, for every format.

A format (:class:`~.formats.Format`, one per site) is data: the header's
expressions, whose named groups :func:`read_header` reads as the hand's fields, one
table of ``(kind, needle, regex)`` rows, one per kind of line, and a few flags.
:func:`parse_block` tries the rows in order (the needle, a plain substring, is a cheap
test before the regular expression), and hands the match to the builder's method of
that kind. Every match uses the same group names (``name``, ``amount``, ``to``,
``allin``, ``cards``, ...), so one builder serves all formats.

When the lines are read, :meth:`HandBuilder.finish` checks that the chips balance:
each player put in at most his stack; what was put in (after uncalled bets) is the
total pot; the collected amounts plus the rake are the total pot. Where a site writes
no total pot or no rake, what was put in is the total and the rake is what the
payouts leave (never negative, and nothing in a tournament). A hand failing a check
raises :class:`HandError`, which the reader turns into a skipped hand; so does any
damaged content (an absurd number, bad cards, a card dealt twice).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from ..cards import format_cards, parse_cards
from ..errors import OmahaInputError
from ..games import as_game
from .formats import Format
from .records import SCALE, Action, Collected, Hand, Seat, Skipped

__all__ = [
    "HandBuilder",
    "HandError",
    "header_text",
    "number",
    "parse_block",
    "read_header",
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
    "down cards": "preflop",
}

#: Action words as the sites write them (lower case) -> the record's kind.
ACTION_WORDS = {
    "folds": "fold",
    "fold": "fold",
    "checks": "check",
    "calls": "call",
    "call": "call",
    "bets": "bet",
    "raises": "raise",
    "raise": "raise",
}

#: The most digits an amount or a count may have: far above any real stack, far below
#: what makes ``int`` slow (a damaged file may hold a number of thousands of digits).
MAX_DIGITS = 15


class HandError(Exception):
    """A hand that cannot be read: the message is the reason it is skipped."""


_CURRENCY = str.maketrans("", "", "$€£, ")
_PLAIN_CARDS = re.compile(r"[2-9TJQKA][cdhs](?: [2-9TJQKA][cdhs])*")  # "Ad 5h": the usual form


def units(text: str) -> int:
    """An amount as written (``$1,234.50``, ``4.96€``, ``1500``) in hundredths.

    >>> units("$1,234.50"), units("4.96€"), units("1500")
    (123450, 496, 150000)
    """
    if text.isascii() and text.isdigit() and len(text) <= MAX_DIGITS:  # the usual tournament amount
        return int(text) * SCALE
    digits = text.translate(_CURRENCY)
    whole, dot, cents = digits.partition(".")
    # isdigit alone admits "²" and other digits int() refuses: only ASCII digits are amounts
    if not digits.isascii() or not (whole or cents) or not (whole.isdigit() or not whole):
        raise HandError(f"bad amount {text[:40]!r}")
    if (dot and not cents.isdigit()) or len(whole) > MAX_DIGITS or len(cents) > MAX_DIGITS:
        raise HandError(f"bad amount {text[:40]!r}")
    if len(cents) > 2 and cents[2:].strip("0"):
        raise HandError(f"amount {text[:40]!r} has more than two decimals")
    return int(whole or 0) * SCALE + int((cents[:2] or "0").ljust(2, "0"))


def number(text: str, what: str) -> int:
    """A count as written (a seat, a table size): ASCII digits of sensible length, else
    :class:`HandError` (``int`` raises on other digits and slows on thousands of them)."""
    if not (text.isascii() and text.isdigit() and len(text) <= MAX_DIGITS):
        raise HandError(f"bad {what} {text[:40]!r}")
    return int(text)


def cards_text(text: str) -> str:
    """Cards as written (``"Ad 5h"``, ``"10h"``, ``"2d, Jd"``) in the library's text form."""
    text = text.replace(",", " ").strip()
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
        self.table: str = header.get("table") or ""
        self.max_seats: int | None = header.get("max_seats")
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
        self.rake: int | None = None
        self.summary: list[str] | None = None
        self.line = line

    def _amount(self, text: str | None) -> int:
        if not text:
            raise HandError(f"line {self.line}: an amount is missing")
        return (self.fmt.amount or units)(text)

    # -- one method per kind of line -------------------------------------------------

    def table_line(self, m: re.Match[str]) -> None:
        self.table = m["table"]
        self.max_seats = number(m["max"], "table size") if m["max"] else None
        self.button = number(m["button"], "button seat")

    def button_line(self, m: re.Match[str]) -> None:
        """A line naming the button's seat alone (WPN, partypoker, 888, Bovada)."""
        self.button = number(m["button"], "button seat")

    def seat(self, m: re.Match[str]) -> None:
        if self.summary is not None:  # a summary seat line that looks like a seat line
            return None
        name = self._name(m["name"])
        if name in self.names:
            raise HandError(f"player {name[:40]!r} is seated twice")
        self.names.add(name)
        out = bool(_group(m, "out"))
        self.seats.append(Seat(number(m["seat"], "seat"), name, self._amount(m["amount"]), out))
        return None

    def summary_seat(self, m: re.Match[str]) -> None:
        """A summary seat line: cards shown or mucked there are known cards too."""
        if m["name"] in self.names and m["name"] not in self.hole:
            self.hole[m["name"]] = cards_text(m["cards"])

    def post(self, m: re.Match[str]) -> None:
        what = (_group(m, "what") or "").lower()
        amount = self._amount(m["amount"])
        # Words differ by site ("the ante", "Ante/Small blind", "big blind + dead",
        # "small & big blinds", a bare "posts"); a post naming both blinds or a dead
        # part is "blinds" (its small-blind part is dead), a bare post is a big blind.
        if ("small" in what and "big" in what) or "dead" in what:
            kind = "blinds"
        elif "small" in what:
            kind = "small blind"
        elif "big" in what:
            kind = "big blind"
        elif "ante" in what:
            kind = "ante"
        else:
            kind = "big blind"
        name = self._player(m)
        if kind != "ante":  # an ante is not part of the player's bet on the street
            big = self.head.get("big_blind") or amount
            live = amount
            if kind == "blinds":
                # The big blind in it is live, the rest is dead money. A dead post
                # above the big blind (WPN's "posts dead $0.07" at $0.02/$0.05) is
                # both blinds: its big blind is live; one of a small blind is all dead.
                live = min(amount, big) if "big" in what or amount > big else 0
            self.street_bets[name] = self.street_bets.get(name, 0) + live
        self.actions.append(Action("preflop", name, kind, amount, None, bool(_group(m, "allin")), self.line))

    def action(self, m: re.Match[str]) -> None:
        name = self._player(m)
        kind = ACTION_WORDS[m["kind"].lower()]
        already = self.street_bets.get(name, 0)
        to = None
        amount = 0
        written = _group(m, "amount")
        # A row with a "to" group reads raises as totals ("raises $2 to $6"); a row
        # without one reads the chips the raise adds (WPN, partypoker, 888).
        by_total = "to" in m.re.groupindex
        if kind in ("bet", "call") and not written:
            raise HandError(f"line {self.line}: {name[:40]} {kind}s without an amount")
        if kind == "raise":
            if by_total:
                if not m["to"]:
                    raise HandError(f"line {self.line}: {name[:40]} raises without an amount")
                to = self._amount(m["to"])
                amount = to - already
            else:
                amount = self._amount(written)
                to = already + amount
            if amount <= 0:
                raise HandError(f"line {self.line}: {name[:40]} raises to {to / SCALE:g}, not above his bet")
        elif kind in ("bet", "call"):
            amount = self._amount(written)
        self.street_bets[name] = already + amount
        self.actions.append(Action(self.street, name, kind, amount, to, bool(_group(m, "allin")), self.line))

    def allin(self, m: re.Match[str]) -> None:
        """An all-in written without its kind (WPN's "allin (X)", partypoker's "is
        all-In [X]", Bovada's "All-in X"): the chips it adds make it a call (no more
        than the bet to match), a bet (nothing to match) or a raise. WPN writes a
        player who is disconnected "allin" without chips: he is all-in for what he put."""
        name = self._player(m)
        written = _group(m, "amount")
        amount = self._amount(written) if written else 0
        already = self.street_bets.get(name, 0)
        facing = max(self.street_bets.values(), default=0)
        to = None
        if already + amount <= facing:
            kind = "call"
        elif facing == 0:
            kind = "bet"
        else:
            kind, to = "raise", already + amount
        self.street_bets[name] = already + amount
        self.actions.append(Action(self.street, name, kind, amount, to, True, self.line))

    def uncalled(self, m: re.Match[str]) -> None:
        name = self._player(m)
        amount = self._amount(m["amount"])
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
        # A hand run twice: PokerStars names the run first ("FIRST FLOP"), WPN numbers
        # it after the street ("FLOP 2", the row's ``run`` group).
        numbered = _group(m, "run")
        self.run = int(numbered) - 1 if numbered else 1 if run == "second" else 0
        if street != self.street:
            self.street_bets = {}
        self.street = street
        old, new = _group(m, "old"), _group(m, "new")
        # A site that writes the board so far and the new cards (PokerStars) gives the
        # board whole; one that writes only the new cards (partypoker, 888) adds them.
        if old or new:
            while len(self.boards) <= self.run:
                self.boards.append("")
            before = old if "old" in m.re.groupindex else self.boards[self.run]
            self.boards[self.run] = cards_text(" ".join(c for c in (before, new) if c))

    def dealt(self, m: re.Match[str]) -> None:
        if m["cards"]:
            self.hero = self._player(m)
            self.hole[self.hero] = cards_text(m["cards"])

    def dealt_card(self, m: re.Match[str]) -> None:
        """One hole card dealt to the hero, one line each (WPN)."""
        self.hero = self._player(m)
        self.hole[self.hero] = cards_text(f"{self.hole.get(self.hero, '')} {m['cards']}")

    def hole_cards(self, m: re.Match[str]) -> None:
        """A player's hole cards written for every seat (Bovada shows them all once the
        hand is over): known cards, not the mark of the hero."""
        self.hole[self._player(m)] = cards_text(m["cards"])

    def show(self, m: re.Match[str]) -> None:
        name = self._player(m)
        written = _group(m, "cards")
        if written:  # Bovada's showdown lines write the best hands, not the hole cards
            cards = cards_text(written)
            if self.hole.get(name) not in (None, cards) and not self._known_subset(name, cards):
                raise HandError(f"line {self.line}: {name[:40]} shows {cards}, was dealt {self.hole[name]}")
            self.hole[name] = cards
        if not any(a.player == name and a.kind == "show" for a in self.actions):  # Winamax shows twice
            self.actions.append(Action("showdown", name, "show", 0, None, False, self.line))

    def _known_subset(self, name: str, cards: str) -> bool:
        return set(self.hole[name].split()) == set(cards.split())

    def muck(self, m: re.Match[str]) -> None:
        name = self._player(m)
        if _group(m, "cards"):
            self.hole[name] = cards_text(m["cards"])
        self.actions.append(Action("showdown", name, "muck", 0, None, False, self.line))

    def collect(self, m: re.Match[str]) -> None:
        if self.summary is not None:  # the summary repeats the amounts
            return
        self.payout(m)

    def payout(self, m: re.Match[str]) -> None:
        """What the site paid a player, wherever it writes it (partypoker and Bovada in
        the hand, 888 in the summary); read once."""
        amount = self._amount(m["amount"])
        if amount == 0:  # WPN writes "Collects: 0" for every loser
            return
        pot = (_group(m, "pot") or "").lower()
        index = 0
        if "side" in pot:
            digits = re.search(r"\d+", pot)
            index = number(digits.group(), "side pot") if digits else 1
        half = _group(m, "half")
        self.collected.append(Collected(self._player(m), amount, index, half.lower() if half else None, self.run))

    def result_line(self, m: re.Match[str]) -> None:
        """A summary line with a player's cards (when shown) and payout (WPN's
        ``*Player X shows: ... [cards] ... Collects: 0.95.``)."""
        if _group(m, "cards"):
            name = self._player(m)
            self.hole.setdefault(name, cards_text(m["cards"]))
        self.payout(m)

    def total_line(self, m: re.Match[str]) -> None:
        self.total = self._amount(m["amount"])
        rake = _group(m, "rake")
        fee = _group(m, "fee")  # WPN's jackpot fee, taken like the rake
        self.rake = (self._amount(rake) if rake else 0) + (self._amount(fee) if fee else 0)

    def board_line(self, m: re.Match[str]) -> None:
        board = cards_text(m["cards"])
        if not self.boards:
            self.boards.append(board)

    def cancelled(self, m: re.Match[str]) -> None:
        raise HandError("the hand was cancelled")

    def not_read(self, m: re.Match[str]) -> None:
        """A line the format knows but whose chips cannot be read (WPN's ``caps``: a
        capped bet whose amount may be the chips added or the total): the hand is skipped."""
        raise HandError(f"line {self.line}: not read: {m.group()[:60]!r}")

    def ignore(self, m: re.Match[str]) -> None:
        """Chat and table talk: read so that no other row mistakes it for an action."""

    def _name(self, raw: str) -> str:
        """A name as written -> the player's name (the hero's mark -> the hero)."""
        mark = self.fmt.hero_mark
        if mark and raw.endswith(mark):
            self.hero = mark.strip()
            return self.hero
        return raw

    def _player(self, m: re.Match[str]) -> str:
        name = self._name(m["name"])
        if name not in self.names:
            raise HandError(f"line {self.line}: {name[:40]!r} has no seat")
        return name

    # -- the checks ------------------------------------------------------------------

    def finish(self) -> Hand:
        """The record, once the chips are checked; :class:`HandError` if they do not balance."""
        if self.summary is None and self.fmt.summary_required:
            raise HandError("truncated: the hand has no summary")
        if self.total is None and self.fmt.total_written:
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
            if amount < 0:
                raise HandError(f"{name[:40]} got back {-amount / SCALE:g} more than he put in")
        if not self.collected and any(put.values()):
            ranked = [*sorted(put.values(), reverse=True), 0]
            pot = sum(put.values()) - (ranked[0] - ranked[1])  # the bet nobody called is no pot
            raise HandError(
                f"the summary awards no pot: a pot of {pot / SCALE:g} paid to nobody (the site's own error)"
            )
        gross = self._gross(put)
        paid = sum(c.amount for c in self.collected)
        if self.rake is None or not self.fmt.rake_written:
            # The site writes no rake: it is what the payouts leave.
            self.rake = gross - paid
            if self.rake < 0 or (self.rake and self.head["tournament"] is not None):
                raise HandError(f"chips do not balance: collected {paid / SCALE:g}, total pot {gross / SCALE:g}")
        if paid + self.rake != gross:
            raise HandError(
                f"chips do not balance: collected {paid / SCALE:g} + rake {self.rake / SCALE:g}, "
                f"total pot {gross / SCALE:g}"
            )
        head = self._stakes(self.head)
        game = as_game(head["game"])
        self._check_cards(game.hole_cards)
        if self.button == 0:
            self.button = self._inferred_button()
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
            summary=tuple(self.summary or ()),
            source=self.source,
            line=self.first_line,
            chip=chip,
            hero=self.hero,
        )

    def _gross(self, put: dict[str, int]) -> int:
        """Every chip in the pot (rake included), once uncalled chips are handed back."""
        ranked = sorted(put.values(), reverse=True)
        unmatched = ranked[0] - ranked[1] if len(ranked) >= 2 else 0
        if self.total is None:  # partypoker, 888: no total pot written
            if unmatched > 0 and self.fmt.payout_includes_uncalled:
                self._uncalled_in_payout(put, unmatched)
            elif unmatched > 0:
                self._implicit_uncalled(put, unmatched)
            return sum(put.values())
        gross = self.total + (0 if self.fmt.total_includes_rake else (self.rake or 0))
        if unmatched > 0 and sum(put.values()) == gross:
            self._uncalled_as_side_pot(put, unmatched)
            gross = sum(put.values())
        excess = sum(put.values()) - gross
        if excess > 0:
            self._implicit_uncalled(put, excess)
        elif excess < 0:
            raise HandError(f"chips do not balance: put in {sum(put.values()) / SCALE:g}, total pot {gross / SCALE:g}")
        return gross

    def _uncalled_as_side_pot(self, put: dict[str, int], unmatched: int) -> None:
        """Winamax writes the part of a bet nobody could call, when it writes it, as a
        side pot the bettor collects ("collected 84€ from side pot 1") and counts it in
        the total pot: a pot only he put chips in is his bet handed back."""
        top = max(put, key=lambda n: put[n])
        for i, c in enumerate(self.collected):
            if c.player == top and c.pot > 0 and c.amount == unmatched:
                del self.collected[i]
                if self.total is not None:
                    self.total -= unmatched
                self._implicit_uncalled(put, unmatched)
                return

    def _uncalled_in_payout(self, put: dict[str, int], unmatched: int) -> None:
        """partypoker and 888 write no uncalled bet and pay it back inside the bettor's
        payout ("wins $239" of a $200 pot after his $40 bet nobody called): the payout
        is split into the bet handed back and what he won."""
        top = max(put, key=lambda n: put[n])
        for i, c in enumerate(self.collected):
            if c.player == top and c.amount >= unmatched:
                won = c.amount - unmatched
                if won:
                    self.collected[i] = c._replace(amount=won)
                else:
                    del self.collected[i]
                self._implicit_uncalled(put, unmatched)
                return
        raise HandError(f"chips do not balance: {unmatched / SCALE:g} nobody called is not paid back to {top[:40]}")

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

    def _stakes(self, head: dict[str, Any]) -> dict[str, Any]:
        """The header's fields with what some sites leave out filled in: the stakes of a
        cash game whose header names none (partypoker, Bovada) are the blinds posted;
        the limit WPN's old header does not write is fixed when the big blind posted is
        the first stake written (small bet/big bet), else pot limit (its Omaha tables)."""
        head = dict(head)
        posted = {a.kind: a.amount for a in reversed(self.actions) if a.kind in ("small blind", "big blind")}
        if head["limit"] is None:
            fixed = head["small_blind"] is not None and posted.get("big blind") == head["small_blind"]
            head["limit"] = "fixed limit" if fixed else "pot limit"
        for key, kind in (("small_blind", "small blind"), ("big_blind", "big blind")):
            if head[key] is None:
                head[key] = posted.get(kind, 0)
        if not head["big_blind"]:
            raise HandError("no stakes: the header names none and no big blind was posted")
        return head

    def _check_cards(self, hole_size: int) -> None:
        """Every known hand has the game's hole cards; no card is dealt twice; a board
        has at most five cards."""
        for name, cards in self.hole.items():
            if len(cards.split()) != hole_size:
                raise HandError(f"{name[:40]} holds {cards}: the game deals {hole_size} hole cards")
        dealt = [c for cards in self.hole.values() for c in cards.split()]
        for board in self.boards or [""]:
            deal = dealt + board.split()
            if len(board.split()) > 5 or len(set(deal)) != len(deal):
                raise HandError(f"cards dealt twice or a board of more than five cards: {' '.join(deal)[:80]}")

    def _inferred_button(self) -> int:
        """The button's seat where the site names none (Bovada without its dealer line):
        the seat before the small blind's (heads-up, the small blind's own)."""
        numbers = [s.number for s in sorted(self.seats, key=lambda s: s.number)]
        small = next((a.player for a in self.actions if a.kind == "small blind"), None)
        seat = next((s.number for s in self.seats if s.name == small), None)
        if seat is None:
            return 0
        if len({a.player for a in self.actions}) == 2:
            return seat
        return numbers[numbers.index(seat) - 1]


def _group(m: re.Match[str], name: str) -> str | None:
    """An optional group of a row's match (not every format's row has every group)."""
    return m[name] if name in m.re.groupindex else None


def parse_block(fmt: Format, lines: Sequence[str], source: str, line: int) -> Hand | Skipped:
    """Read one hand (its lines, the first being a header) into a record or a skipped entry."""
    first, start = header_text(fmt, lines)
    m = fmt.header.match(first)
    if m is None:
        any_header = fmt.any_header.match(first)
        hand_id = any_header["hand_id"] if any_header else None
        return Skipped(source, line, f"not an Omaha game this reader knows: {first[:80]!r}", hand_id)
    try:
        head = read_header(fmt, m)
    except HandError as exc:
        return Skipped(source, line, str(exc), m["hand_id"])
    builder = HandBuilder(fmt, source, line, head)
    rows = [(getattr(builder, kind), needle, regex.match) for kind, needle, regex in fmt.lines]
    try:
        for offset, text in enumerate(lines[start:], start=start):
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


def read_header(fmt: Format, m: re.Match[str]) -> dict[str, Any]:
    """The hand's fields from its header's match (``fmt.header``).

    What the format's ``fields`` gives comes first (it may refuse the header with
    :class:`HandError`); every other field is read from the group of its name, where
    the header has one: ``hand_id``; ``game`` and ``limit`` through the format's tables;
    ``tournament``, ``level``, ``date`` and ``table`` as written; the blinds ``sb`` and
    ``bb`` as amounts; the table size ``max`` as a count. A field whose group the
    header lacks or leaves unmatched is None (``date`` and ``table``: empty): the
    builder then fills the limit and the blinds from what was posted, and a table line
    the table.
    """
    own = fmt.fields(m) if fmt.fields else {}
    group = m.groupdict()
    amount = fmt.amount or units
    return {
        "hand_id": m["hand_id"],
        "game": fmt.games[m["game"].lower()],
        "limit": fmt.limits[group["limit"].lower()] if group.get("limit") else None,
        "tournament": group.get("tournament"),
        "level": group.get("level"),
        "small_blind": amount(group["sb"]) if group.get("sb") else None,
        "big_blind": amount(group["bb"]) if group.get("bb") else None,
        "currency": None,
        "date": group.get("date") or "",
        "table": group.get("table") or "",
        "max_seats": number(group["max"], "table size") if group.get("max") else None,
    } | own


def header_text(fmt: Format, lines: Sequence[str]) -> tuple[str, int]:
    """The header (its ``fmt.header_lines`` non-blank lines joined by newlines) and the
    index of the first line after it."""
    parts: list[str] = []
    for index, text in enumerate(lines):
        if text.strip():
            parts.append(text)
            if len(parts) == fmt.header_lines:
                return "\n".join(parts), index + 1
    return "\n".join(parts), len(lines)
