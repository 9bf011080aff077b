"""All-in adjusted EV of one hand: each player's expected result when the last all-in was called.

When a player is all-in before the river, the luck of the deal after that moment can
be taken out. The moment is the end of the betting round of the last all-in
(preflop, flop or turn): the pots are built from what each player had put in by
then, and each eligible player's equity in each pot is computed by the public equity
engine (:mod:`.pot_values`: main and side pots separately, hi and lo split exactly,
the rest of the board enumerated; sampled only when the engine's limits say
enumeration is too costly, with a stated error). Known cards of folded players are
dead.

A live player whose cards were not shown (the winner mucks, the site hides them) is
played as a range: ``"random"`` by default (every hand his cards could be, given
every card known), or the range given for him (``ranges={"name": "AA**"}``). The
hand then says so: ``assumed`` names those players and ``ranges`` the range each was
given, so a report can keep "all cards known" apart from "assumed". A hand where only
the hero's cards are known still gets an EV.

The rake is taken out of those pots as the settlement check takes it (main pot
first). Money bet after that moment is accounted as in the hand: a player's
adjusted result is his real result, minus what the pots of that moment actually
paid him, plus what they were expected to pay him::

    adjusted = net + expected(pots at the all-in) - settled(pots at the all-in, real board)

so over the players the adjusted results add up to the same total as the real ones
(the pots minus the rake). What the pots paid is settled from the cards when every
live player's are known; when some are not, it is what the site paid, which is the
same thing only when no chip went in after the all-in (else the hand is not
adjusted, and says why). Hands without an all-in keep their real result; hands
with an all-in whose EV cannot be computed (a player still in folded later, chips
bet after the all-in with cards not shown) keep it too and say why.

A hand run twice is valued as one run: running it twice changes the variance, not
the expectation (each run deals the rest of the board from the same deck, and each
is worth half the pot: the expected total is the single run's equity). What its pots
paid is settled run by run, each run's part of each pot on its own board.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from ..errors import OmahaInputError
from .pot_values import RANDOM, Assumed, Holding, NotValued, value_pots
from .records import STREETS, Hand
from .settlement import HandCheck, settle_runs

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
        site: the site that wrote the hand (``"PokerStars"``...).
        assumed: the players of an adjusted hand whose cards were not shown, played
            as a range (empty: every card known).
        ranges: the range each of ``assumed`` was played as (``"random"`` or an
            expression), by name.
        error: a Monte Carlo hand's bound on the standard error of each player's
            ``adjusted`` (units); empty when exact.
        settlement: the hand's settlement check, when the report made one.
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
    site: str = ""
    assumed: tuple[str, ...] = ()
    ranges: dict[str, str] = field(default_factory=dict)
    error: dict[str, float] = field(default_factory=dict)
    settlement: HandCheck | None = None

    @property
    def cards(self) -> str:
        """What the EV rests on: ``"known"`` (every card of an adjusted hand shown),
        ``"assumed"`` (some played as ranges) or ``""`` (not adjusted)."""
        if not self.adjusted_hand:
            return ""
        return "assumed" if self.assumed else "known"

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
            "site": self.site,
            "allin_street": self.allin_street,
            "adjusted": self.adjusted_hand,
            "exhaustive": self.exhaustive,
            "cards": self.cards,
            "assumed": {p: self.ranges[p] for p in self.assumed},
            "reason": self.reason,
            "unit": self.unit,
            "settlement": None if self.settlement is None else self.settlement.to_dict(),
            "players": {
                p: {"net": m(self.net[p]), "allin_ev_net": m(self.adjusted[p]), "luck": m(self.luck(p))}
                | ({"error": m(self.error[p])} if p in self.error else {})
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
        hand.site,
    )


def hand_ev(hand: Hand, ranges: Mapping[str, str] | None = None) -> HandEV:
    """The real and all-in adjusted results of every player dealt in ``hand``.

    ``ranges`` gives, by name, the range a player whose cards were not shown is
    played as (``"random"``, the default, or an expression); the names of players
    whose cards are known are not used.
    """
    allins = [a for a in hand.actions if a.allin and a.street in BOARD_CARDS]
    if not allins:
        return _unadjusted(hand, None, "")
    street = max((a.street for a in allins), key=STREETS.index)
    last = STREETS.index(street)
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
    contributions = hand.contributions()
    if unknown and any(contributions[p] != put.get(p, 0) for p in contributions):
        # The pots of the all-in paid what the site paid less what the later pots
        # paid, and those cannot be settled without the cards.
        return _unadjusted(hand, street, f"cards not shown: {', '.join(unknown)}, and chips bet after the all-in")
    boards = [board.split() for board in hand.boards] or [[]]
    if any(len(cards) != 5 for cards in boards):
        return _unadjusted(hand, street, "the board was not dealt to the river")
    shared = BOARD_CARDS[street]
    board_cards = boards[0]
    if any(cards[:shared] != board_cards[:shared] for cards in boards):
        # The runs of a hand run twice share the cards dealt by the all-in.
        return _unadjusted(hand, street, "the runs differ before the all-in")
    wanted = ranges or {}
    assumed = {p: wanted.get(p, RANDOM) for p in unknown}
    names = [s.name for s in hand.seats]
    dead = " ".join(c for p, c in hand.hole_cards.items() if p not in live)
    holdings: list[Holding] = [
        None if n not in live else Assumed(assumed[n]) if n in assumed else hand.hole_cards[n] for n in names
    ]
    try:
        value = value_pots(
            holdings,
            [put.get(n, 0) for n in names],
            " ".join(board_cards[:shared]),
            dead,
            game=hand.game,
            rake=hand.rake,
            seed=_seed(hand),
        )
    except NotValued as exc:
        return _unadjusted(hand, street, f"ranges of {', '.join(unknown)}: {exc}")
    except OmahaInputError as exc:  # a range with no hand left here, or of another hole size
        return _unadjusted(hand, street, f"ranges of {', '.join(unknown)}: {exc}")
    if unknown:
        settled = hand.won()  # every chip was in by the all-in: the site paid those pots
    else:
        settled, _ = settle_runs(hand, put, hand.boards, live, value.rake)
    net = hand.net()
    adjusted: dict[str, float] = {}
    exact: dict[str, Fraction] | None = {} if value.expected_exact is not None else None
    error: dict[str, float] = {}
    for i, name in enumerate(names):
        if name not in put:
            continue
        if exact is not None and value.expected_exact is not None:
            exact[name] = net[name] + value.expected_exact[i] - settled[name]
            adjusted[name] = float(exact[name])
        else:
            adjusted[name] = net[name] + value.expected[i] - settled[name]
            error[name] = value.error[i]
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
        value.exhaustive,
        "",
        hand.currency or "chips",
        hand.site,
        tuple(unknown),
        assumed,
        error,
    )
