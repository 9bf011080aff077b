"""The typed record of one hand read from a hand history, and of a skipped hand.

Seats, actions and collected amounts are named tuples (a hand has dozens: they are
built fast); the hand and a skipped hand are frozen dataclasses.

Amounts are integers in hundredths of the stake's unit: cents of the currency in a
cash game, hundredths of a chip in a tournament (``Hand.chip`` is the smallest chip in
those units: 1 for cash, 100 for tournament chips). ``Hand.money(units)`` turns an
amount back into the site's number. Cards are text, ``"As Kd 2c 3h"``.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from decimal import Decimal
from typing import Any, NamedTuple

__all__ = ["SCALE", "STREETS", "Action", "Collected", "Hand", "Seat", "Skipped"]

#: Units per currency unit or chip: every amount is an int in hundredths.
SCALE = 100

#: The streets actions are recorded on, in order.
STREETS = ("preflop", "flop", "turn", "river", "showdown")


class Seat(NamedTuple):
    """A seat at the table when the hand began.

    Attributes:
        number: the seat number the site wrote (1-based).
        name: the player's screen name.
        stack: his chips at the start of the hand (units).
        sitting_out: True when the site says he sits out (not dealt in).
    """

    number: int
    name: str
    stack: int
    sitting_out: bool = False


class Action(NamedTuple):
    """One action, in the order the site wrote them.

    Attributes:
        street: one of :data:`STREETS`.
        player: the player's name.
        kind: ``ante``, ``small blind``, ``big blind``, ``blinds`` (small and big
            together), ``fold``, ``check``, ``call``, ``bet``, ``raise``,
            ``uncalled`` (an uncalled bet handed back: ``amount`` is returned),
            ``show`` or ``muck``.
        amount: the chips this action added to the pot (units; for ``uncalled`` the
            chips returned; 0 for fold, check, show, muck).
        to: for a raise, the player's total bet on the street after it; else None.
        allin: True when the site wrote "and is all-in".
        line: the action's line number in its file (1-based).
    """

    street: str
    player: str
    kind: str
    amount: int = 0
    to: int | None = None
    allin: bool = False
    line: int = 0


class Collected(NamedTuple):
    """Chips the site paid a player from one pot.

    Attributes:
        player: the player's name.
        amount: the chips paid (units, after the rake).
        pot: 0 for the main pot (or the only pot), k for side pot k.
        half: ``"hi"`` or ``"lo"`` when the site names the half (Winamax), else None.
        board: 0, or 1 for the second board of a hand run twice.
    """

    player: str
    amount: int
    pot: int = 0
    half: str | None = None
    board: int = 0


@dataclass(frozen=True)
class Hand:
    """One hand, as the site wrote it.

    Attributes:
        site: ``"PokerStars"``, ``"Winamax"``, ``"Winning Poker Network"``,
            ``"partypoker"``, ``"888"`` or ``"Bovada"``.
        hand_id: the site's hand number.
        game: the :mod:`omaha8eq.games` name (``omaha8``, ``omaha85``, ...).
        limit: ``"pot limit"``, ``"no limit"`` or ``"fixed limit"``.
        tournament: the tournament number (None in a cash game).
        level: the tournament level as written (None in a cash game).
        small_blind, big_blind: the stakes (units).
        currency: ``"USD"``, ``"EUR"``... for money, None for tournament chips.
        date: the date and time as written (first timestamp of the header).
        table: the table's name.
        max_seats: the table size ("6-max") when written, else None.
        button: the button's seat number.
        seats: the seats, in seat order.
        actions: every action in order (posts, bets, uncalled bets, shows, mucks).
        boards: the board(s) as text; two for a hand run twice.
        hole_cards: the known hole cards of each player (dealt to the hero or shown).
        collected: what the site paid, per player and pot.
        total_pot: every chip put in, after uncalled bets returned (units).
        rake: the rake (units).
        summary: the summary's lines, as written.
        source: the file the hand came from.
        line: the line of its first line in that file (1-based).
        chip: the smallest chip (units): 1 in a cash game, 100 in a tournament.
        hero: the player the history was written for (dealt cards), or None.
    """

    site: str
    hand_id: str
    game: str
    limit: str
    tournament: str | None
    level: str | None
    small_blind: int
    big_blind: int
    currency: str | None
    date: str
    table: str
    max_seats: int | None
    button: int
    seats: tuple[Seat, ...]
    actions: tuple[Action, ...]
    boards: tuple[str, ...]
    hole_cards: dict[str, str]
    collected: tuple[Collected, ...]
    total_pot: int
    rake: int
    summary: tuple[str, ...]
    source: str
    line: int
    chip: int = 1
    hero: str | None = None

    @property
    def board(self) -> str:
        """The (first) board as text; empty when no card was dealt."""
        return self.boards[0] if self.boards else ""

    def money(self, units: int | float) -> float:
        """An amount in the site's unit (dollars, euros or chips)."""
        return float(Decimal(str(units)) / SCALE)

    def players(self) -> tuple[str, ...]:
        """The players dealt in (who posted or acted), in seat order."""
        acted = {a.player for a in self.actions if a.kind not in ("uncalled", "show", "muck")}
        acted.update(self.hole_cards)
        return tuple(s.name for s in self.seats if s.name in acted)

    def contributions(self) -> dict[str, int]:
        """The chips each player put in, after uncalled bets handed back (units)."""
        put = {s.name: 0 for s in self.seats}
        for a in self.actions:
            if a.kind == "uncalled":
                put[a.player] -= a.amount
            else:
                put[a.player] += a.amount
        return put

    def folded(self) -> set[str]:
        """The players who folded."""
        return {a.player for a in self.actions if a.kind == "fold"}

    def live(self) -> tuple[str, ...]:
        """The players who did not fold, in seat order."""
        gone = self.folded()
        return tuple(p for p in self.players() if p not in gone)

    def contenders(self) -> tuple[str, ...]:
        """The players who neither folded nor mucked: those the pots are split among."""
        mucked = {a.player for a in self.actions if a.kind == "muck"}
        return tuple(p for p in self.live() if p not in mucked)

    def won(self) -> dict[str, int]:
        """The chips each player collected from the pots (units, after the rake)."""
        paid = {s.name: 0 for s in self.seats}
        for c in self.collected:
            paid[c.player] += c.amount
        return paid

    def net(self) -> dict[str, int]:
        """Each player's result in the hand: collected minus put in (units)."""
        put, paid = self.contributions(), self.won()
        return {name: paid[name] - put[name] for name in put}

    def actions_on(self, street: str) -> Iterator[Action]:
        """The actions of one street."""
        return (a for a in self.actions if a.street == street)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict of the record, amounts in the site's unit."""
        m = self.money
        return {
            "site": self.site,
            "hand_id": self.hand_id,
            "game": self.game,
            "limit": self.limit,
            "tournament": self.tournament,
            "level": self.level,
            "small_blind": m(self.small_blind),
            "big_blind": m(self.big_blind),
            "currency": self.currency,
            "date": self.date,
            "table": self.table,
            "max_seats": self.max_seats,
            "button": self.button,
            "seats": [
                {"seat": s.number, "name": s.name, "stack": m(s.stack), "sitting_out": s.sitting_out}
                for s in self.seats
            ],
            "actions": [
                {
                    "street": a.street,
                    "player": a.player,
                    "action": a.kind,
                    "amount": m(a.amount),
                    "to": None if a.to is None else m(a.to),
                    "allin": a.allin,
                }
                for a in self.actions
            ],
            "boards": list(self.boards),
            "hole_cards": dict(self.hole_cards),
            "collected": [
                {"player": c.player, "amount": m(c.amount), "pot": c.pot, "half": c.half, "board": c.board}
                for c in self.collected
            ],
            "total_pot": m(self.total_pot),
            "rake": m(self.rake),
            "summary": list(self.summary),
            "source": self.source,
            "line": self.line,
            "hero": self.hero,
        }


@dataclass(frozen=True)
class Skipped:
    """A hand (or a stretch of text) that was not read, and why.

    Attributes:
        source: the file.
        line: the line where it starts (1-based).
        reason: why it was skipped, with an excerpt of the offending text.
        hand_id: the site's hand number when the header was read, else None.
    """

    source: str
    line: int
    reason: str
    hand_id: str | None = None

    def __str__(self) -> str:
        number = f" (hand {self.hand_id})" if self.hand_id else ""
        return f"{self.source}:{self.line}{number}: {self.reason}"

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict."""
        return {"source": self.source, "line": self.line, "hand_id": self.hand_id, "reason": self.reason}
