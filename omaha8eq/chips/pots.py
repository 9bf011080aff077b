"""Settling real pots at showdown: main and side pots, hi/lo halves, quarters, odd chips.

:func:`~omaha8eq.chips.settlement.settle` takes what every player put into the pot during a hand and the cards
at the showdown, and says who gets which chips, exactly, in integer chips:

- **Pots.** The main pot and each side pot are built from the contributions. A
  player who has not folded is *eligible* for a pot when he put in at least the
  pot's *level* (an all-in player can win only the pots he paid into). Chips a
  folded player put in stay in the pots at their level; what folded players put in
  beyond every live player's contribution (a dead blind, say) goes to the last pot.
  The part of the biggest bet that nobody else matched (an *uncalled* bet) is
  returned to the bettor.
- **Halves.** Each pot is split on its own, among its eligible players, with the
  Omaha Hi-Lo rule: half to the best high and half to the best 8-or-better low
  when at least one eligible player has a low; otherwise the best high takes it all.
  Equal hands split their half.
- **Odd chips.** A pot's chips are counted in units of ``chip`` (the smallest chip
  in play). When a pot of an odd number of units is halved, the odd unit goes to
  the high half. When a half (or a whole pot) does not divide evenly among tied
  players, the leftover units go one each to the tied players in clockwise order
  starting with the first player to the left of the button (seat ``button + 1``;
  the button itself comes last).
- **No showdown.** When only one player has not folded, he takes every pot without
  showing (no board is needed); a pot with a single eligible player is his without
  a showdown too.

Players are given in seat order; clockwise is increasing seat index (wrapping
around). Seats in results are 0-based indices into ``players``; messages name them
1-based ("player 2" is ``players[1]``), like the rest of the library.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from ..cards import CardSpec, check_disjoint, format_hand
from ..checks import check_int, excerpt
from ..deck import check_player_count
from ..errors import HandSizeError, OmahaInputError, OmahaTypeError
from ..evaluation import evaluate
from ..games import Game, GameChoice, check_hole_size
from ..hand_values import HighHand, LowHand
from ..inputs import parse_hole
from ..present.pots import format_settlement, settlement_view
from ..present.protocol import Presented
from ..serialize import fields_dict
from .sizing import MAX_CHIPS

__all__ = ["FOLD", "Award", "Pot", "Settlement"]

#: The word that marks a folded player instead of a hand (``None`` works too).
FOLD = "fold"

#: A player as given to :func:`settle`: ``(hole cards or None/"fold", chips put in)``.
PlayerSpec = tuple[CardSpec | None, int]


def pot_name(index: int) -> str:
    """A pot's name from its index: ``"main pot"`` for 0, ``"side pot k"`` for k.

    >>> pot_name(0), pot_name(2)
    ('main pot', 'side pot 2')
    """
    return "main pot" if index == 0 else f"side pot {index}"


@dataclass(frozen=True)
class Award:
    """Chips one player wins from one half of one pot (or from a whole pot).

    Attributes:
        seat: the winner's index in ``players`` (0-based).
        chips: the chips he receives from this half (or pot).
        hand: the winning hand: a :class:`~omaha8eq.hand_values.HighHand` for the high
            half, a :class:`~omaha8eq.hand_values.LowHand` for the low half, with the
            five cards and the hole and board cards used; None when the pot was
            not contested (a single eligible player, no showdown).
    """

    seat: int
    chips: int
    hand: HighHand | LowHand | None

    def describe(self) -> str:
        """The winning hand in words with its five cards, or "uncontested".

        >>> from omaha8eq import evaluate_high
        >>> Award(0, 60, evaluate_high("As 2s 6d 7d", "4c 5d Ks Qs 8c")).describe()
        'Eight-high straight (8c 7d 6d 5d 4c)'
        """
        return "uncontested" if self.hand is None else self.hand.with_cards()

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict: seat, chips, and the hand (:meth:`HighHand.to_dict`), None if uncontested."""
        return fields_dict(self)


@dataclass(frozen=True)
class NamedPot:
    """What every kind of pot starts with (a settled :class:`Pot`, a
    :class:`~omaha8eq.chips.board_pots.BoardsPot`, an all-in's
    :class:`~omaha8eq.chips.allin.PotEquity`): its index, chips, level and eligible
    seats, and its name. Each subclass documents the fields."""

    index: int
    amount: int
    level: int
    eligible: tuple[int, ...]

    @property
    def name(self) -> str:
        """ "main pot" or "side pot k"."""
        return pot_name(self.index)


@dataclass(frozen=True)
class Pot(NamedPot):
    """One pot of a settled hand: the main pot (index 0) or a side pot (1, 2, ...).

    Attributes:
        index: 0 for the main pot, k for side pot k, in order of increasing level.
        amount: the chips in this pot (``high_amount + low_amount``).
        level: the contribution a player needed to be eligible: each eligible
            player put in at least this many chips in the hand. Chips folded
            players put in beyond every live player's contribution (dead money)
            are added to the last pot.
        eligible: seats (0-based) of the players who have not folded and put in at
            least ``level`` chips, in seat order.
        showdown: True if two or more eligible players showed down for it.
        high_amount: the chips of the high half; the whole pot when no eligible
            player has a qualifying low, in Omaha high, or when uncontested.
        low_amount: the chips of the low half (``amount // chip // 2`` units:
            the odd unit goes high); 0 when no eligible player has a low.
        high: who won the high half (the whole pot when there is no low half), with
            how many chips each, in seat order.
        low: who won the low half, in seat order; empty when there is no low half.
    """

    showdown: bool
    high_amount: int
    low_amount: int
    high: tuple[Award, ...]
    low: tuple[Award, ...]

    def won_by(self, seat: int) -> int:
        """The chips ``seat`` wins from this pot (both halves); ``seat`` is an int (0-based).

        >>> from omaha8eq import settle
        >>> pot = settle([("As 2s 6d 7d", 40), ("6s 7s 8d 9d", 40)], "4c 5d Ks Qs 8c").pots[0]
        >>> pot.won_by(0), pot.won_by(1)
        (60, 20)
        """
        seat = check_int(seat, "seat", minimum=0)
        return sum(a.chips for a in self.high + self.low if a.seat == seat)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict with the field names above, and the pot's name."""
        return fields_dict(self, name=self.name)


@dataclass(frozen=True)
class Settlement(Presented, view=settlement_view, text=format_settlement):
    """The result of :func:`settle`: who gets which chips, per pot and in total.

    Printed, the report the command line prints (:func:`omaha8eq.present.pots.format_settlement`);
    its view is the players' table: put in, gets, net (:func:`omaha8eq.present.pots.settlement_view`).

    Every per-player tuple is in seat order (the order of ``players``).

    Attributes:
        payouts: the chips each player receives: pots and halves won plus any
            uncalled chips returned. ``sum(payouts) == sum(contributions)``, always.
        contributions: the chips each player put into the pot (as given).
        returned: the uncalled chips handed back to each player (the part of the
            biggest bet nobody else matched; included in ``payouts``).
        net: each player's result, ``payouts[i] - contributions[i]`` (negative: lost).
        pots: the main pot, then the side pots, in order of increasing level.
            Returned chips are in no pot.
        hands: each player's hole cards as text, None for a folded player.
        highs: each player's best high at the showdown; None if folded or when
            there was no showdown.
        lows: each player's best 8-or-better low; None if folded, without a
            qualifying low, without a showdown, or in Omaha high.
        board: the board as text (as given; may be incomplete without a showdown).
        showdown: True when two or more players had not folded.
        button: the button's seat (0-based).
        chip: the smallest chip: every amount is a multiple of it.
        hilo: True for Omaha Hi-Lo 8-or-better, False for Omaha high.
        game: the name of the game played (``"omaha8"``: see :mod:`omaha8eq.games`).
    """

    payouts: tuple[int, ...]
    contributions: tuple[int, ...]
    returned: tuple[int, ...]
    net: tuple[int, ...]
    pots: tuple[Pot, ...]
    hands: tuple[str | None, ...]
    highs: tuple[HighHand | None, ...]
    lows: tuple[LowHand | None, ...]
    board: str
    showdown: bool
    button: int
    chip: int
    hilo: bool
    game: str = "omaha8"

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict: the settings, the pots and one entry per player."""
        players = []
        for seat in range(len(self.payouts)):
            high, low = self.highs[seat], self.lows[seat]
            players.append(
                {
                    **seat_dict(self, seat),
                    "high": None if high is None else high.to_dict(),
                    "low": None if low is None else low.to_dict(),
                }
            )
        return {
            "board": self.board,
            "showdown": self.showdown,
            "button": self.button,
            "chip": self.chip,
            "game": self.game,
            "hilo": self.hilo,
            "total": sum(self.contributions),
            "pots": [p.to_dict() for p in self.pots],
            "players": players,
        }


# ---------------------------------------------------------------------------
# input
# ---------------------------------------------------------------------------


def _is_fold(hand: object) -> bool:
    return hand is None or (isinstance(hand, str) and hand.strip().lower() == FOLD)


def parse_players(
    players: Sequence[PlayerSpec], game: Game | None = None
) -> tuple[list[tuple[int, ...] | None], list[int]]:
    """Validate ``(hand, chips)`` pairs: the hole cards (None if folded) and chips.

    Hands have 4, 5 or 6 hole cards, all the same number (the ``game``'s when given); chips are integers >= 0;
    at least one player has not folded. Cards are not cross-checked here (see
    :func:`check_cards`). Errors name the player, 1-based.

    >>> parse_players([("As Ah 2c 3d", 10), (None, 5)])
    ([(51, 50, 0, 5), None], [10, 5])
    """
    given: object = players  # checked at run time: callers may pass anything
    if isinstance(given, (str, bytes)) or not isinstance(given, Sequence):
        raise OmahaTypeError("players: expected a list of (hand, chips) pairs, e.g. [('AsAh2c3d', 40), (None, 10)]")
    if not players:
        raise OmahaInputError("players: no players given")
    check_player_count(len(players), "players")
    hands: list[tuple[int, ...] | None] = []
    chips: list[int] = []
    for i, entry in enumerate(players, start=1):
        if isinstance(entry, (str, bytes)) or not isinstance(entry, Sequence) or len(entry) != 2:
            raise OmahaTypeError(
                f"player {i}: expected a (hand, chips) pair such as ('AsAh2c3d', 40) "
                f"or (None, 10) for a folded player, got {excerpt(entry)}"
            )
        hand, amount = entry
        chips.append(check_int(amount, f"player {i}'s chips", minimum=0, maximum=MAX_CHIPS))
        hands.append(None if hand is None or _is_fold(hand) else parse_hole(hand, what=f"player {i}"))
    sizes = {len(h) for h in hands if h is not None}
    if not sizes:
        raise OmahaInputError("players: every player folded; at least one must still be in the hand")
    if len(sizes) > 1:
        raise HandSizeError(
            "players: every hand must have the same number of hole cards, got "
            + ", ".join(f"player {i}: {len(h)}" for i, h in enumerate(hands, 1) if h is not None)
        )
    check_hole_size(game, sizes, "players")
    return hands, chips


def check_table(chips: Sequence[int], chip: object, button: object) -> tuple[int, int]:
    """``(chip, button)`` checked for a pot of ``chips`` (each player's contribution, in seat
    order): the smallest chip divides every contribution, the button is a seat. Raises
    OmahaInputError (OmahaTypeError for a wrong type) naming the bad value."""
    n = len(chips)
    chip = check_int(chip, "chip (the smallest chip)", minimum=1, maximum=MAX_CHIPS)
    button = check_int(button, "button", expected="a seat number")
    if not 0 <= button < n:
        raise OmahaInputError(f"button: seat {excerpt(button)} is not a seat; seats are 0..{n - 1} for {n} players")
    for i, amount in enumerate(chips, 1):
        if amount % chip:
            raise OmahaInputError(f"player {i}: {amount} chips is not a multiple of the smallest chip ({chip})")
    return chip, button


class Paid(NamedTuple):
    """What each seat is paid, the first four fields of a :class:`Settlement` and of a
    :class:`~omaha8eq.chips.board_pots.BoardsSettlement`, in their order (so
    ``Settlement(*paid, pots=...)``); see there for each."""

    payouts: tuple[int, ...]
    contributions: tuple[int, ...]
    returned: tuple[int, ...]
    net: tuple[int, ...]


@dataclass(frozen=True)
class Table:
    """A hand's players as :func:`read_table` checked them, what both settlements start from.

    Attributes:
        hands: each seat's hole cards, None for a folded seat.
        chips: each seat's chips put in.
        chip: the smallest chip; button: the button's seat.
        played: the game played (:func:`played_game`).
        live: whether each seat has not folded.
        showdown: True when two or more seats have not folded.
    """

    hands: list[tuple[int, ...] | None]
    chips: list[int]
    chip: int
    button: int
    played: Game
    live: list[bool]
    showdown: bool


def read_table(players: Sequence[PlayerSpec], choice: GameChoice, chip: object, button: object) -> Table:
    """``players``, ``chip`` and ``button`` checked (:func:`parse_players`, then
    :func:`check_table`) for the game ``choice``: the :class:`Table` a settlement splits."""
    hands, chips = parse_players(players, choice.game)
    chip, button = check_table(chips, chip, button)
    live = [hand is not None for hand in hands]
    return Table(hands, chips, chip, button, played_game(choice, hands), live, sum(live) >= 2)


def seat_dict(settlement: Any, seat: int) -> dict[str, Any]:
    """The keys a settlement's entry for ``seat`` starts with (its hand and chips), for the
    ``to_dict`` of :class:`Settlement` and of :class:`~omaha8eq.chips.board_pots.BoardsSettlement`."""
    return {
        "seat": seat,
        "hand": settlement.hands[seat],
        "folded": settlement.hands[seat] is None,
        "contributed": settlement.contributions[seat],
        "returned": settlement.returned[seat],
        "payout": settlement.payouts[seat],
        "net": settlement.net[seat],
    }


def pay_out(returned: Sequence[int], pots: Sequence[Any], chips: Sequence[int]) -> Paid:
    """Each seat's ``returned`` chips plus what it wins in ``pots`` (anything with
    ``won_by(seat)``: a Pot or a BoardsPot), its ``chips`` put in, and the difference.
    The chips are conserved (a failure is a bug, never bad input)."""
    payouts = tuple(back + sum(p.won_by(seat) for p in pots) for seat, back in enumerate(returned))
    if sum(payouts) != sum(chips):  # pragma: no cover - a bug, never bad input
        raise AssertionError(f"chips not conserved: paid {sum(payouts)} of {sum(chips)}")
    net = tuple(p - c for p, c in zip(payouts, chips, strict=True))
    return Paid(payouts, tuple(chips), tuple(returned), net)


def hand_texts(hands: Sequence[tuple[int, ...] | None]) -> tuple[str | None, ...]:
    """Each seat's hole cards as text, None for a folded seat (a settlement's ``hands``)."""
    return tuple(None if hand is None else format_hand(hand) for hand in hands)


def showdown_values(
    hands: Sequence[tuple[int, ...] | None], board: tuple[int, ...], game: Game, showdown: bool
) -> tuple[list[HighHand | None], list[LowHand | None]]:
    """Each seat's best high and low on ``board``: evaluated once per live player (not
    per pot), None for a folded seat, and for every seat without a ``showdown``."""
    highs: list[HighHand | None] = [None] * len(hands)
    lows: list[LowHand | None] = [None] * len(hands)
    if showdown:
        for seat, hand in enumerate(hands):
            if hand is not None:
                highs[seat], lows[seat] = evaluate(hand, board, game=game)
    return highs, lows


def played_game(choice: GameChoice, hands: Sequence[tuple[int, ...] | None]) -> Game:
    """The game a hand is played as: the one named, else the named game of the live
    ``hands``' hole size (hi-lo or not), as :func:`parse_players` checked them."""
    if choice.game is not None:
        return choice.game
    return choice.for_hole_size(next(len(hand) for hand in hands if hand is not None))


def check_cards(hands: Sequence[tuple[int, ...] | None], board: tuple[int, ...], dead: tuple[int, ...] = ()) -> None:
    """Raise DuplicateCardError if a card is in two hands, a hand and the board, etc.

    >>> check_cards([(51, 50, 0, 5), None], (4, 8, 12))
    >>> check_cards([(51, 50, 0, 5), (51, 1, 2, 3)], ())
    Traceback (most recent call last):
    ...
    omaha8eq.errors.DuplicateCardError: As appears in player 1 and in player 2
    """
    groups: list[tuple[str, tuple[int, ...]]] = [(f"player {i}", h) for i, h in enumerate(hands, 1) if h is not None]
    groups.append(("the board", board))
    if dead:
        groups.append(("the dead cards", dead))
    check_disjoint(groups)


# ---------------------------------------------------------------------------
# pots
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class PotShape:
    """A pot before it is split: its level, its chips and who may win it."""

    level: int
    amount: int
    eligible: tuple[int, ...]


def layout(chips: Sequence[int], live: Sequence[bool]) -> tuple[tuple[int, ...], tuple[PotShape, ...]]:
    """The uncalled chips returned to each player, and the main and side pots.

    The live player who put in the most gets back what he put in beyond everybody
    else's biggest contribution (folded players' included). The remaining chips are
    cut into layers at each live player's contribution: the pot of level L holds,
    from every player, what he put in between the previous level and L; the live
    players who put in at least L are eligible. Chips folded players put in beyond
    every live player's contribution are dead money added to the last pot.

    >>> layout([50, 100, 300], [True, False, True])
    ((0, 0, 200), (PotShape(level=50, amount=150, eligible=(0, 2)), PotShape(level=100, amount=100, eligible=(2,))))
    """
    n = len(chips)
    live_seats = [i for i in range(n) if live[i]]
    top = max(chips[i] for i in live_seats)
    returned = [0] * n
    leaders = [i for i in live_seats if chips[i] == top]
    if len(leaders) == 1:
        leader = leaders[0]
        second = max((chips[j] for j in range(n) if j != leader), default=0)
        if second < top:
            returned[leader] = top - second
    in_pot = [c - r for c, r in zip(chips, returned, strict=True)]
    pots: list[PotShape] = []
    previous = 0
    for level in sorted({in_pot[i] for i in live_seats if in_pot[i] > 0}):
        amount = sum(min(c, level) - min(c, previous) for c in in_pot)
        eligible = tuple(i for i in live_seats if in_pot[i] >= level)
        pots.append(PotShape(level, amount, eligible))
        previous = level
    dead = sum(max(c - previous, 0) for c in in_pot)
    if dead:
        if pots:
            last = pots[-1]
            pots[-1] = PotShape(last.level, last.amount + dead, last.eligible)
        else:  # every live player put in nothing: the folded chips go to them all
            pots.append(PotShape(0, dead, tuple(live_seats)))
    return tuple(returned), tuple(pots)


def _clockwise(seats: Sequence[int], button: int, n: int) -> list[int]:
    """Seats ordered clockwise starting left of the button (the button last)."""
    return sorted(seats, key=lambda s: (s - button - 1) % n)


def _divide(units: int, chip: int, winners: Sequence[int], button: int, n: int) -> dict[int, int]:
    """Split ``units`` chips of size ``chip`` equally; odd units go clockwise from the button."""
    order = _clockwise(winners, button, n)
    each, extra = divmod(units, len(order))
    return {seat: (each + (k < extra)) * chip for k, seat in enumerate(order)}


def _awards(shares: dict[int, int], hands: Sequence[HighHand | LowHand | None]) -> tuple[Award, ...]:
    return tuple(Award(seat, shares[seat], hands[seat]) for seat in sorted(shares))


def _split_pot(
    index: int,
    shape: PotShape,
    highs: Sequence[HighHand | None],
    lows: Sequence[LowHand | None],
    *,
    chip: int,
    button: int,
    n: int,
) -> Pot:
    """Split one pot hi/lo among its eligible players."""
    eligible = shape.eligible
    units = shape.amount // chip
    if len(eligible) == 1:  # uncontested: no showdown for this pot
        seat = eligible[0]
        return Pot(index, shape.amount, shape.level, eligible, False, shape.amount, 0,
                   (Award(seat, shape.amount, None),), ())  # fmt: skip
    best_high = max(highs[s].value for s in eligible)  # type: ignore[union-attr]
    high_winners = [s for s in eligible if highs[s].value == best_high]  # type: ignore[union-attr]
    with_low = [s for s in eligible if lows[s] is not None]
    if with_low:
        best_low = max(lows[s].value for s in with_low)  # type: ignore[union-attr]
        low_winners = [s for s in with_low if lows[s].value == best_low]  # type: ignore[union-attr]
        low_units = units // 2
    else:
        low_winners, low_units = [], 0
    high_units = units - low_units  # the odd unit of a halved pot goes high
    high = _divide(high_units, chip, high_winners, button, n)
    low = _divide(low_units, chip, low_winners, button, n) if low_winners else {}
    return Pot(
        index=index,
        amount=shape.amount,
        level=shape.level,
        eligible=eligible,
        showdown=True,
        high_amount=high_units * chip,
        low_amount=low_units * chip,
        high=_awards(high, highs),
        low=_awards(low, lows),
    )
