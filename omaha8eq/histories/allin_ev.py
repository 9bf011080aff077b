"""All-in adjusted EV of one hand: each player's expected result when the last all-in was called.

When a player is all-in before the river and the cards of every player still in are
known, the luck of the deal after that moment can be taken out. The moment is the
end of the betting round of the last all-in (preflop, flop or turn): the pots are
built from what each player had put in by then, and
:func:`omaha8eq.allin_equity` gives each eligible player's exact equity in each pot
(main and side pots separately, hi and lo split exactly, the rest of the board
enumerated; Monte Carlo only when its estimate says enumeration is too costly,
which the result states). Known cards of folded players are dead.

The rake is taken out of those pots as the settlement check takes it (main pot
first). Money bet after that moment is accounted as in the hand: a player's
adjusted result is his real result, minus what the pots of that moment actually
paid him, plus what they were expected to pay him::

    adjusted = net + expected(pots at the all-in) - settled(pots at the all-in, real board)

so over the players the adjusted results add up to the same total as the real ones
(the pots minus the rake). Hands without an all-in keep their real result; hands
with an all-in whose EV cannot be computed (a player still in folded later, cards
not shown, run twice) keep it too and say why.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ..game.allin import allin_equity
from ..games import as_game
from .records import STREETS, Hand
from .settlement import rake_off, settle_hand

__all__ = ["HandEV", "hand_ev"]

#: Board cards known at the end of each street.
BOARD_CARDS = {"preflop": 0, "flop": 3, "turn": 4}


@dataclass(frozen=True)
class HandEV:
    """One hand's real and all-in adjusted results.

    Attributes:
        hand_id: the site's hand number.
        date: the hand's date as written.
        source: the file and line (``file:line``).
        net: each player's real result (units: hundredths of the stake or chip).
        adjusted: each player's all-in adjusted result (units; equal to ``net``
            when the hand is not adjusted).
        adjusted_exact: ``adjusted`` as Fractions when the hand was adjusted and every
            pot enumerated; None otherwise (an unadjusted hand's ``adjusted`` is ``net``,
            exactly: a long session keeps no Fractions for its ordinary hands).
        allin_street: the street of the last all-in before the river, or None.
        allin_players: the players still in when the last all-in was called (empty
            when the hand is not adjusted).
        adjusted_hand: True when the all-in EV was computed.
        exhaustive: True when every contested pot was enumerated exactly (False
            for a Monte Carlo estimate; True when not adjusted).
        reason: why a hand with an all-in was not adjusted ("" otherwise).
        unit: what the amounts count: the currency (``"USD"``) or ``"chips"``.
    """

    hand_id: str
    date: str
    source: str
    net: dict[str, int]
    adjusted: dict[str, float]
    adjusted_exact: dict[str, Fraction] | None
    allin_street: str | None
    allin_players: tuple[str, ...]
    adjusted_hand: bool
    exhaustive: bool
    reason: str
    unit: str = "chips"

    def luck(self, player: str) -> float:
        """``net - adjusted`` of a player: positive when he ran above expectation."""
        return self.net[player] - self.adjusted[player]

    def to_dict(self, hand_money: Any = None) -> dict[str, Any]:
        """A JSON-ready dict (amounts in the site's unit when ``hand_money`` converts them)."""
        m = hand_money or (lambda x: x / 100)
        return {
            "hand_id": self.hand_id,
            "date": self.date,
            "source": self.source,
            "allin_street": self.allin_street,
            "adjusted": self.adjusted_hand,
            "exhaustive": self.exhaustive,
            "reason": self.reason,
            "unit": self.unit,
            "players": {
                p: {"net": m(self.net[p]), "allin_ev_net": m(self.adjusted[p]), "luck": m(self.luck(p))}
                for p in self.net
            },
        }


def _seed(hand: Hand) -> int:
    """A Monte Carlo seed of the hand's own: the same numbers on every run."""
    return int.from_bytes(hashlib.sha256(f"{hand.site}:{hand.hand_id}".encode()).digest()[:8], "little") % 2**63


def _unadjusted(hand: Hand, street: str | None, reason: str) -> HandEV:
    net = {p: hand.net()[p] for p in hand.players()}
    return HandEV(
        hand.hand_id,
        hand.date,
        f"{hand.source}:{hand.line}",
        net,
        {p: float(v) for p, v in net.items()},
        None,
        street,
        (),
        False,
        True,
        reason,
        hand.currency or "chips",
    )


def hand_ev(hand: Hand) -> HandEV:
    """The real and all-in adjusted results of every player dealt in ``hand``."""
    allins = [a for a in hand.actions if a.allin and a.street in BOARD_CARDS]
    if not allins:
        return _unadjusted(hand, None, "")
    street = max((a.street for a in allins), key=STREETS.index)
    last = STREETS.index(street)
    if len(hand.boards) > 1:
        return _unadjusted(hand, street, "run twice")
    put: dict[str, int] = dict.fromkeys(hand.players(), 0)
    folded_then: set[str] = set()
    for a in hand.actions:
        if STREETS.index(a.street) > last:
            continue
        put[a.player] = put.get(a.player, 0) + (-a.amount if a.kind == "uncalled" else a.amount)
        if a.kind == "fold":
            folded_then.add(a.player)
    live = [p for p in hand.players() if p not in folded_then]
    if len(live) < 2:
        return _unadjusted(hand, street, "one player left at the all-in")
    if any(p not in hand.live() for p in live):
        return _unadjusted(hand, street, "a player still in at the all-in folded later")
    unknown = [p for p in live if p not in hand.hole_cards]
    if unknown:
        return _unadjusted(hand, street, f"cards not shown: {', '.join(unknown)}")
    board_cards = hand.board.split()
    if len(board_cards) != 5:
        return _unadjusted(hand, street, "the board was not dealt to the river")
    known_board = " ".join(board_cards[: BOARD_CARDS[street]])
    names = [s.name for s in hand.seats]
    dead = " ".join(c for p, c in hand.hole_cards.items() if p not in live)
    players = [(hand.hole_cards[n] if n in live else None, put.get(n, 0)) for n in names]
    game = as_game(hand.game)
    result = allin_equity(players, known_board, dead, seed=_seed(hand), game=game)
    gross = [p.amount for p in result.pots]
    amounts = rake_off(gross, min(hand.rake, sum(gross)))
    rake_then = sum(gross) - sum(amounts)
    settled, _ = settle_hand(hand, put, hand.board, live, rake_then)
    net = hand.net()
    adjusted: dict[str, float] = {}
    exact: dict[str, Fraction] | None = {} if result.exhaustive else None
    for i, name in enumerate(names):
        if name not in put:
            continue
        expected_exact = Fraction(result.players[i].returned)
        expected = float(result.players[i].returned)
        for pot, amount in zip(result.pots, amounts, strict=True):
            if i in pot.eligible:
                k = pot.eligible.index(i)
                expected += amount * pot.equities[k]
                if exact is not None:
                    expected_exact += amount * pot.exact_equities[k]  # type: ignore[index]
        correction = -settled[name]
        adjusted[name] = net[name] + expected + correction
        if exact is not None:
            exact[name] = net[name] + expected_exact + correction
            adjusted[name] = float(exact[name])
    return HandEV(
        hand.hand_id,
        hand.date,
        f"{hand.source}:{hand.line}",
        {p: net[p] for p in adjusted},
        adjusted,
        exact,
        street,
        tuple(live),
        True,
        result.exhaustive,
        "",
        hand.currency or "chips",
    )
