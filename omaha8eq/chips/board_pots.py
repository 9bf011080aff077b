"""Settling pots played on several boards: double-board Omaha, or a board run N times.

:func:`settle_boards` builds the main and side pots as :func:`~omaha8eq.chips.settlement.settle`
does, then cuts every pot into one part per board (or run), and splits each part hi/lo
on its board among the pot's eligible players, as a pot of its own:

- **Parts.** A pot of ``u`` units (of ``chip``) gives each of the ``B`` boards
  ``u // B`` units; the ``u % B`` units left go one each to board 1, board 2, ... in
  order (the first run first). This is a house rule: the rules' texts are silent
  (docs/RULES.md, the odd-chip paragraph).
- **Within a part**, as today: the odd unit of a halved part goes to the high half, a
  tied half's leftover units go clockwise from the button's left.

Seats are 0-based indices into ``players``; messages name them 1-based.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..cards import CardSpec, check_disjoint, format_cards, parse_cards
from ..checks import check_flag, check_int, excerpt
from ..errors import HandSizeError, OmahaInputError, OmahaTypeError
from ..games import GameSpec, game_for, resolve_game
from ..hand_values import HighHand, LowHand
from ..present.pots import boards_settlement_view
from ..present.protocol import Presented, View
from .pots import (
    NamedPot,
    PlayerSpec,
    Pot,
    PotShape,
    _split_pot,
    hand_texts,
    layout,
    pay_out,
    read_table,
    seat_dict,
    showdown_values,
)

__all__ = ["BoardsPot", "BoardsSettlement", "settle_boards"]

#: The most boards (or runs) one pot is played on.
MAX_BOARDS = 4


@dataclass(frozen=True)
class BoardsPot(NamedPot):
    """One pot (main or side) of a hand played on several boards.

    Attributes:
        index: 0 for the main pot, k for side pot k, in order of increasing level.
        amount: the chips in this pot (the sum of its parts).
        level: the contribution a player needed to be eligible (as :class:`~omaha8eq.chips.pots.Pot`).
        eligible: the seats that may win it, in seat order.
        parts: one :class:`~omaha8eq.chips.pots.Pot` per board (or run), in order: that
            board's part of this pot, split hi/lo on that board.
    """

    parts: tuple[Pot, ...]

    def won_by(self, seat: int) -> int:
        """The chips ``seat`` wins from this pot, on every board."""
        check_int(seat, "seat", minimum=0)
        return sum(part.won_by(seat) for part in self.parts)

    def to_dict(self, names: Sequence[str]) -> dict[str, Any]:
        """A JSON-ready dict: the fields above, each part named by ``names`` ("board 1", "run 2")."""
        return {
            "name": self.name,
            "index": self.index,
            "amount": self.amount,
            "level": self.level,
            "eligible": list(self.eligible),
            "parts": [{"board": name, **part.to_dict()} for name, part in zip(names, self.parts, strict=True)],
        }


@dataclass(frozen=True)
class BoardsSettlement(Presented):
    """The result of :func:`settle_boards`: who gets which chips, per pot, per board and in total.

    Attributes:
        payouts: the chips each player receives (``sum(payouts) == sum(contributions)``).
        contributions: the chips each player put in (as given).
        returned: the uncalled chips handed back to each player (in ``payouts``).
        net: ``payouts[i] - contributions[i]``.
        pots: the main pot, then the side pots, each with its parts per board.
        boards: each board (or run) as text.
        kind: "board" (several boards) or "run" (one board run N times).
        hands: each player's hole cards as text, None for a folded player.
        highs, lows: per board, each player's best high and low there (None as in
            :class:`~omaha8eq.chips.pots.Settlement`).
        showdown: True when two or more players had not folded.
        button, chip, hilo: as given.
    """

    payouts: tuple[int, ...]
    contributions: tuple[int, ...]
    returned: tuple[int, ...]
    net: tuple[int, ...]
    pots: tuple[BoardsPot, ...]
    boards: tuple[str, ...]
    kind: str
    hands: tuple[str | None, ...]
    highs: tuple[tuple[HighHand | None, ...], ...]
    lows: tuple[tuple[LowHand | None, ...], ...]
    showdown: bool
    button: int
    chip: int
    hilo: bool

    def names(self) -> list[str]:
        """ "board 1", "board 2", ... or "run 1", "run 2", ..."""
        return [f"{self.kind} {b}" for b in range(1, len(self.boards) + 1)]

    def view(self) -> View:
        """The players' table (put in, gets, net) under each board and what each pot paid
        on it (:func:`omaha8eq.present.pots.boards_settlement_view`)."""
        return boards_settlement_view(self)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict: the settings, the boards by name, the pots and one entry per player."""
        names = self.names()
        players = [
            {
                **seat_dict(self, seat),
                "boards": [
                    {
                        "board": name,
                        "high": None if highs[seat] is None else highs[seat].to_dict(),  # type: ignore[union-attr]
                        "low": None if lows[seat] is None else lows[seat].to_dict(),  # type: ignore[union-attr]
                    }
                    for name, highs, lows in zip(names, self.highs, self.lows, strict=True)
                ],
            }
            for seat in range(len(self.payouts))
        ]
        return {
            "kind": self.kind,
            "boards": [{"name": name, "cards": cards} for name, cards in zip(names, self.boards, strict=True)],
            "showdown": self.showdown,
            "button": self.button,
            "chip": self.chip,
            "hilo": self.hilo,
            "total": sum(self.contributions),
            "pots": [pot.to_dict(names) for pot in self.pots],
            "players": players,
        }


def _parse_boards(boards: object, runs: bool, showdown: bool) -> list[tuple[int, ...]]:
    """Check the boards: 2 to MAX_BOARDS of them, 5 cards each at a showdown; runs share
    their common cards, and a card on two runs is on every run."""
    if isinstance(boards, (str, bytes)) or not isinstance(boards, Sequence):
        raise OmahaTypeError(f"boards: expected a list of boards, e.g. ['Ac 8c 5h Kd 2s', ...], got {excerpt(boards)}")
    parsed = [parse_cards(board, what=f"{'run' if runs else 'board'} {i}") for i, board in enumerate(boards, 1)]
    kind = "run" if runs else "board"
    if not 2 <= len(parsed) <= MAX_BOARDS:
        raise OmahaInputError(f"boards: {len(parsed)} {kind}s given; a pot is played on 2 to {MAX_BOARDS}")
    for i, board in enumerate(parsed, 1):
        if len(board) > 5 or (showdown and len(board) != 5):
            raise HandSizeError(f"{kind} {i}: {len(board)} cards given; a showdown needs all 5 board cards")
    if runs:
        common = set(parsed[0]).intersection(*parsed[1:])
        for i, board in enumerate(parsed, 1):
            for j, other in enumerate(parsed[i:], i + 1):
                shared = (set(board) & set(other)) - common
                if shared:
                    card = format_cards(sorted(shared)[:1])
                    raise OmahaInputError(
                        f"boards: {card} is on run {i} and run {j} but not on every run; runs share only "
                        "the cards dealt before the all-in"
                    )
    return parsed


def settle_boards(
    players: Sequence[PlayerSpec],
    boards: Sequence[CardSpec],
    *,
    runs: bool = False,
    button: int = 0,
    chip: int = 1,
    game: GameSpec | None = None,
    hilo: bool | None = None,
) -> BoardsSettlement:
    """Settle a hand played on several boards (double board), or run several times.

    Args:
        players: ``(hand, chips)`` pairs in seat order, as for :func:`~omaha8eq.chips.settlement.settle`.
        boards: 2 to 4 boards of 5 cards (at a showdown). With ``runs=False`` they are
            separate boards (no card on two); with ``runs=True`` they are the runs of one
            board: the cards dealt before the all-in are on every run, the others on one.
        runs: whether ``boards`` are the runs of one board.
        button, chip, game: as for :func:`~omaha8eq.chips.settlement.settle` (a double-board
            game, ``"omaha8-double"``, plays as its single-board game on each board).
        hilo: deprecated (a DeprecationWarning; removed in the next release): False
            for Omaha high, as ``game="omahahi"``.

    :func:`~omaha8eq.chips.settlement.settle` given ``boards=`` calls this.

    Every pot is cut into one part per board: ``u // B`` units of ``chip`` each, the
    ``u % B`` odd units one each to board 1, 2, ... (the first run first); each part is
    split hi/lo on its board like a pot of its own (its odd unit high, a tied half's
    odd units clockwise from the button's left).

    Raises:
        OmahaInputError naming the bad input, as :func:`~omaha8eq.chips.settlement.settle` does,
        and for fewer than 2 or more than 4 boards, a card on two boards (runs: on two
        runs but not on all), a board without 5 cards at a showdown.

    A double-board bomb pot: 3 players put in 20 each, 30 chips play on each board.
    Board 1 is the rules' first worked example: B and C tie the high, A and B the low,
    the odd chip of each tied half going to the first tied player left of the button
    (B). On board 2 nobody has a low and A's aces up take its 30 chips.

    >>> s = settle_boards([("Ah Ac 2h 3c", 20), ("As 2s 6d 7d", 20), ("6s 7s 8d 9d", 20)],
    ...                   ["4c 5d Ks Qs 8c", "Kd Kh Tc 9c 3d"])
    >>> s.payouts
    (37, 16, 7)
    >>> board1 = s.pots[0].parts[0]
    >>> [(a.seat, a.chips) for a in board1.high], [(a.seat, a.chips) for a in board1.low]
    ([(1, 8), (2, 7)], [(0, 7), (1, 8)])
    """
    choice = resolve_game(game, hilo)
    runs = check_flag(runs, "runs")
    table = read_table(players, choice, chip, button)
    hands, chip, button, showdown = table.hands, table.chip, table.button, table.showdown
    n = len(hands)
    parsed = _parse_boards(boards, runs, showdown)
    kind = "run" if runs else "board"
    groups: list[tuple[str, tuple[int, ...]]] = [(f"player {i}", h) for i, h in enumerate(hands, 1) if h is not None]
    if runs:  # the runs share cards (checked above): each against the hands
        for i, board in enumerate(parsed, 1):
            check_disjoint([*groups, (f"run {i}", board)])
    else:
        check_disjoint([*groups, *((f"board {i}", b) for i, b in enumerate(parsed, 1))])

    played = table.played
    single = game_for(played.hole_cards, played.hilo)  # each board is settled as one game's board
    highs, lows = zip(*(showdown_values(hands, board, single, showdown) for board in parsed), strict=True)
    returned, shapes = layout(table.chips, table.live)
    n_boards = len(parsed)
    pots = []
    for k, shape in enumerate(shapes):
        each, odd = divmod(shape.amount // chip, n_boards)
        parts = tuple(
            _split_pot(
                k,
                PotShape(shape.level, (each + (b < odd)) * chip, shape.eligible),
                highs[b],
                lows[b],
                chip=chip,
                button=button,
                n=n,
            )
            for b in range(n_boards)
        )
        pots.append(BoardsPot(k, shape.amount, shape.level, shape.eligible, parts))
    return BoardsSettlement(
        *pay_out(returned, pots, table.chips),
        pots=tuple(pots),
        boards=tuple(format_cards(board) for board in parsed),
        kind=kind,
        hands=hand_texts(hands),
        highs=tuple(tuple(h) for h in highs),
        lows=tuple(tuple(lo) for lo in lows),
        showdown=showdown,
        button=button,
        chip=chip,
        hilo=played.hilo,
    )
