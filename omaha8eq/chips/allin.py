"""All-in equity per side pot: each player's expected chips when the cards are still to come.

Players all-in for different amounts before the river play for a main pot and side
pots, each among its own eligible players. :func:`allin_equity` gives each player's
expected chips back (what hand-history tools call all-in adjusted EV).

How: a player's chips back are the uncalled chips returned plus his share of each
pot. By linearity of expectation his expected chips are the returned chips plus,
for every pot, ``amount x (his equity in that pot)``, where the equity is his
expected share of a pot contested only by that pot's eligible players. The pots are
settled on the same board, so each pot's equity is :func:`omaha8eq.equities` of its
eligible players on that board, with every other live player's known hole cards
passed as dead cards: they are out of the deck (card removal stays exact) but do
not compete for that pot. The pots' outcomes are correlated (one board decides them
all) but expectations add regardless.

Expected chips are fair shares: a pot's odd chips (see :func:`omaha8eq.settle`) go
to particular players, which moves a realised payout by less than one chip per pot
from its fair share; they are not modelled.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

from ..cards import CardSpec, format_cards, format_hand
from ..engine.options import RunOptions, draw_seed
from ..engine.run import equity_of_spot
from ..engine.spot import as_choice, one_board, parse_board
from ..games import GameSpec, resolve_game
from ..present.pots import allin_view, format_allin
from ..present.protocol import Presented
from ..results import EquityResult
from ..serialize import fields_dict
from .pots import NamedPot, PlayerSpec, check_cards, layout, parse_players, played_game

__all__ = ["AllinPlayer", "AllinResult", "PotEquity", "allin_equity"]


@dataclass(frozen=True)
class PotEquity(NamedPot):
    """One pot of an all-in and its eligible players' equities.

    Attributes:
        index: 0 for the main pot, k for side pot k (increasing level).
        amount: the chips in the pot.
        level: the contribution needed to be eligible (see :class:`omaha8eq.Pot`).
        eligible: the seats (0-based) that can win it, in seat order.
        equities: each eligible player's expected share of this pot, in the order
            of ``eligible`` (they sum to 1); ``(1.0,)`` for an uncontested pot.
        exact_equities: the same as Fractions when exact (enumerated or
            uncontested); None for Monte Carlo.
        equity_stderrs: the Monte Carlo standard error of each equity (0.0 when exact).
        result: the full :class:`~omaha8eq.results.EquityResult` among the
            eligible players (the hi/lo breakdown); None for an uncontested pot.
    """

    equities: tuple[float, ...]
    exact_equities: tuple[Fraction, ...] | None
    equity_stderrs: tuple[float, ...]
    result: EquityResult | None

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict with the field names above but ``result`` (exact equities as "p/q" text)."""
        return fields_dict(self, exclude=("result",), name=self.name)


@dataclass(frozen=True)
class AllinPlayer:
    """One player's expectation.

    Attributes:
        seat: the player's index in ``players`` (0-based).
        hand: the hole cards as text; None for a player who folded.
        contributed: the chips he put in (as given).
        returned: the uncalled chips he gets back for sure (part of ``expected``).
        expected: his expected chips back: ``returned`` plus, over the pots he is
            eligible for, the pot's amount times his equity in it.
        expected_exact: ``expected`` as a Fraction when every pot is exact; else None.
        net: his expected result, ``expected - contributed``.
        net_exact: ``net`` as a Fraction when exact; else None.
    """

    seat: int
    hand: str | None
    contributed: int
    returned: int
    expected: float
    expected_exact: Fraction | None
    net: float
    net_exact: Fraction | None

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict with the field names above (Fractions as "p/q" text)."""
        return fields_dict(self, folded=self.hand is None)


@dataclass(frozen=True)
class AllinResult(Presented, view=allin_view, text=format_allin):
    """The result of :func:`allin_equity`.

    Printed, the report the command line prints (:func:`omaha8eq.present.pots.format_allin`);
    its view is the players' table: put in, expected, net (:func:`omaha8eq.present.pots.allin_view`).

    Attributes:
        players: one :class:`AllinPlayer` per player, in seat order.
        pots: the main pot and the side pots, each with its equities.
        board: the known board, as text.
        dead: the dead cards, as text.
        exhaustive: True if every contested pot was enumerated exactly.
        outcomes: boards enumerated (or samples drawn) for each contested pot; 1
            when no pot is contested.
        seed: the Monte Carlo seed shared by every pot (None when exhaustive).
        elapsed: wall-clock seconds spent.
        hilo: True for Omaha Hi-Lo, False for Omaha high.
        game: the name of the game played (``"omaha8"``: see :mod:`omaha8eq.games`).
    """

    players: tuple[AllinPlayer, ...]
    pots: tuple[PotEquity, ...]
    board: str
    dead: str
    exhaustive: bool
    outcomes: int
    seed: int | None
    elapsed: float
    hilo: bool
    game: str = "omaha8"

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict with the field names above, and the total chips."""
        return fields_dict(self, total=sum(p.contributed for p in self.players))


def allin_equity(
    players: Sequence[PlayerSpec],
    board: CardSpec = "",
    dead: CardSpec = "",
    *,
    exhaustive: bool | None = None,
    samples: int | None = None,
    stderr_target: float | None = None,
    seed: int | None = None,
    game: GameSpec | None = None,
    hilo: bool | None = None,
    threads: int | None = None,
    max_work: int | None = None,
) -> AllinResult:
    """Each player's expected chips when all-in players' cards are still to come.

    The pots are built as :func:`omaha8eq.settle` builds them; each contested pot's
    equities are those of its eligible players (:func:`omaha8eq.equities` on the same
    board, the other live players' hands dead).

    Args:
        players: ``(hand, chips)`` pairs in seat order, as for :func:`omaha8eq.settle`:
            hole cards (``None`` or ``"fold"`` for a folded player, whose chips
            are dead money in the pots) and the chips each put in this hand.
        board: 0 to 5 known board cards.
        dead: other cards known to be out of play.
        exhaustive, samples, stderr_target, threads, game, max_work: passed to
            :func:`omaha8eq.equities` for every pot (by default every board is
            enumerated when that is affordable, else a Monte Carlo).
        seed: Monte Carlo seed, the same for every pot (drawn and reported when None).
        hilo: deprecated (a DeprecationWarning; removed in the next release): False
            for Omaha high, as ``game="omahahi"``.

    Returns:
        An :class:`AllinResult`: per player the expected chips and net result
        (floats, and Fractions when exact), per pot the equities.

    Raises:
        OmahaInputError (a ValueError) naming the bad input, as :func:`omaha8eq.settle`
        and :func:`omaha8eq.equities` do.

    A short stack all-in for 20 against two players with 60 each, turn to come:
    the main pot (60) is three-way, the side pot (80) heads-up.

    >>> r = allin_equity([("As 2s 3d Kc", 20), ("Qh Qd Jh Tc", 60), ("9h 8h 7c 6c", 60)],
    ...                  board="4c 5d Ks")
    >>> [(p.name, p.amount, p.eligible) for p in r.pots]
    [('main pot', 60, (0, 1, 2)), ('side pot 1', 80, (1, 2))]
    >>> sum(p.expected_exact for p in r.players)
    Fraction(140, 1)
    """
    started = time.perf_counter()
    choice = resolve_game(game, hilo)
    options = RunOptions.of(locals())
    hands, chips = parse_players(players, choice.game)
    played = played_game(choice, hands)
    board_cards, dead_cards = parse_board(board, dead)
    check_cards(hands, board_cards, dead_cards)
    if options.seed is None and options.exhaustive is not True:  # one seed for every pot
        options = replace(options, seed=draw_seed())
    live = [h is not None for h in hands]
    returned, shapes = layout(chips, live)

    pots: list[PotEquity] = []
    results: list[EquityResult] = []
    for index, shape in enumerate(shapes):
        if len(shape.eligible) == 1:
            pots.append(PotEquity(index, shape.amount, shape.level, shape.eligible,
                                  (1.0,), (Fraction(1),), (0.0,), None))  # fmt: skip
            continue
        others = [c for s, h in enumerate(hands) if h is not None and s not in shape.eligible for c in h]
        result = equity_of_spot(
            [hands[s] for s in shape.eligible],
            board_cards,
            tuple(dead_cards) + tuple(others),
            one_board(as_choice(played)),
            options,
        )
        results.append(result)
        exact = tuple(p.exact_equity() for p in result.players) if result.exhaustive else None
        pots.append(
            PotEquity(
                index,
                shape.amount,
                shape.level,
                shape.eligible,
                tuple(p.equity for p in result.players),
                exact,
                tuple(p.equity_stderr for p in result.players),
                result,
            )
        )

    players_out = _expectations(hands, chips, returned, pots)
    exhaustive_all = all(r.exhaustive for r in results)
    return AllinResult(
        players=tuple(players_out),
        pots=tuple(pots),
        board=format_cards(board_cards),
        dead=format_cards(dead_cards),
        exhaustive=exhaustive_all,
        outcomes=results[0].outcomes if results else 1,
        seed=None if exhaustive_all else options.seed,
        elapsed=time.perf_counter() - started,
        hilo=played.hilo,
        game=played.name,
    )


def _expectations(
    hands: Sequence[tuple[int, ...] | None], chips: Sequence[int], returned: Sequence[int], pots: Sequence[PotEquity]
) -> list[AllinPlayer]:
    """Each player's expected chips: returned chips plus each pot's amount times his equity in it."""
    exact_all = all(p.exact_equities is not None for p in pots)
    players_out = []
    for seat, hand in enumerate(hands):
        expected = float(returned[seat])
        expected_exact: Fraction | None = Fraction(returned[seat]) if exact_all else None
        for pot in pots:
            if seat in pot.eligible:
                k = pot.eligible.index(seat)
                expected += pot.amount * pot.equities[k]
                if expected_exact is not None:
                    expected_exact += pot.amount * pot.exact_equities[k]  # type: ignore[index]
        if expected_exact is not None:
            expected = float(expected_exact)
        players_out.append(
            AllinPlayer(
                seat=seat,
                hand=None if hand is None else format_hand(hand),
                contributed=chips[seat],
                returned=returned[seat],
                expected=expected,
                expected_exact=expected_exact,
                net=expected - chips[seat],
                net_exact=None if expected_exact is None else expected_exact - chips[seat],
            )
        )
    return players_out
