"""The pots of an all-in valued by the public equity engine, each player a hand or a range.

A player whose cards were shown plays his hand; a player whose cards were not shown
plays an :class:`Assumed` range: ``"random"`` (every hand his cards could be, given
every card known) or a range expression. Each pot (main and side pots, built as
:func:`omaha8eq.settle` builds them, the rake taken from the main pot first) is one
:func:`omaha8eq.equity` call among its eligible players: known hands of the other
live players are dead cards there.

Why this is exact: a player's expected chips are, by linearity, the sum over pots of
the pot's amount times his equity in it, each equity an expectation over the deal of
the unknown hands and the board. Every pot deals the unknown hands from the same
distribution (a range's hands that hold no known card, in proportion to their
weights), so the pots' expectations add up even though one board settles them all.
A player outside a pot (a short stack all-in below a side pot) takes cards from the
deck that pot is dealt from: a random hand does so evenly and leaves the board's
distribution as it was (left out, exactly), but a narrower range would not, and the
engine cannot deal a hand that does not compete: such a pot is not valued
(:class:`NotValued`). A pot whose eligible players all hold the same range is shared
equally: they are exchangeable.

The engine enumerates every deal when that is within its limits and samples above
them (its own choice, as for any equity call); a sampled pot gives each player's
standard error, and a player's error is bounded by the sum over pots of amount x
standard error (the pots share one board: their errors may be correlated, never
more than that sum).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import NamedTuple

from ..checks import excerpt
from ..chips.pots import layout
from ..equities import equity
from ..errors import OmahaInputError, OmahaTypeError
from ..ranges.range import check_range
from .settlement import rake_off

__all__ = ["ANY_HAND", "RANDOM", "AllinValue", "Assumed", "NotValued", "check_ranges", "value_pots"]

#: The name of the default assumption: every hand the cards could be.
RANDOM = "random"

#: The range expression of ``"random"``: every hand, each once. The engine deals a
#: ``"random"`` player by sampling; as a range it enumerates it exactly.
ANY_HAND = "100%"


class Assumed(NamedTuple):
    """A live player whose cards were not shown, played as a range.

    Attributes:
        range: ``"random"`` or a range expression (``"AA**"``).
    """

    range: str

    @property
    def expression(self) -> str:
        """The expression the engine deals."""
        return ANY_HAND if self.range == RANDOM else self.range


#: A seat: hole cards as text, an assumed range, or None (folded, not in the pots).
Holding = str | Assumed | None


class NotValued(Exception):
    """A pot cannot be valued exactly with these ranges; the message says why."""


@dataclass(frozen=True)
class AllinValue:
    """Each seat's expected chips back from the pots of an all-in.

    Attributes:
        expected: per seat, the chips back: uncalled chips plus each pot's amount
            (after the rake) times his equity in it.
        expected_exact: the same as Fractions when every pot was enumerated; else None.
        error: per seat, a bound on the standard error of ``expected`` (0.0 when exact).
        gross: the pots' amounts before the rake.
        rake: the rake taken from them.
        exhaustive: True when every contested pot was enumerated (or shared by symmetry).
    """

    expected: tuple[float, ...]
    expected_exact: tuple[Fraction, ...] | None
    error: tuple[float, ...]
    gross: tuple[int, ...]
    rake: int
    exhaustive: bool


def value_pots(
    holdings: Sequence[Holding],
    chips: Sequence[int],
    board: str,
    dead: str,
    *,
    game: str,
    rake: int,
    seed: int,
) -> AllinValue:
    """Each seat's expected chips back from pots built from ``chips`` on ``board``.

    Args:
        holdings: per seat, the hole cards, an :class:`Assumed` range, or None for a
            player out of the pots (folded: his chips are dead money).
        chips: per seat, the chips put in by the all-in.
        board, dead: the known board and the cards known out of play (text).
        game: the :mod:`omaha8eq.games` name.
        rake: the most rake to take from these pots (main pot first).
        seed: the Monte Carlo seed of a pot the engine samples.

    Raises:
        NotValued: a range player outside a pot holds a range narrower than random.
        OmahaInputError: what :func:`omaha8eq.equity` raises (a range with no hand
            left once the known cards are out, a range of another hole size).
    """
    live = [h is not None for h in holdings]
    returned, shapes = layout(chips, live)
    gross = tuple(s.amount for s in shapes)
    amounts = rake_off(gross, min(rake, sum(gross)))
    exact_sums = [Fraction(r) for r in returned]
    float_sums = [float(r) for r in returned]
    errors = [0.0] * len(holdings)
    exhaustive = True
    for shape, amount in zip(shapes, amounts, strict=True):
        equities, stderrs = _pot_equities(holdings, shape.eligible, board, dead, game, seed)
        for seat, share, stderr in zip(shape.eligible, equities, stderrs, strict=True):
            float_sums[seat] += amount * float(share)
            errors[seat] += amount * stderr
            if isinstance(share, Fraction):
                exact_sums[seat] += amount * share
            else:
                exhaustive = False
    exact = tuple(exact_sums) if exhaustive else None
    expected = tuple(float(x) for x in exact_sums) if exhaustive else tuple(float_sums)
    return AllinValue(expected, exact, tuple(errors), gross, sum(gross) - sum(amounts), exhaustive)


def _pot_equities(
    holdings: Sequence[Holding], eligible: tuple[int, ...], board: str, dead: str, game: str, seed: int
) -> tuple[list[Fraction | float], list[float]]:
    """The eligible players' equities in one pot (Fractions when exact) and their standard errors."""
    k = len(eligible)
    if k == 1:
        return [Fraction(1)], [0.0]
    mine = [holdings[s] for s in eligible]
    if all(isinstance(h, Assumed) for h in mine) and len(set(mine)) == 1:
        return [Fraction(1, k)] * k, [0.0] * k  # the same range for all: exchangeable
    others = [h for s, h in enumerate(holdings) if s not in eligible and h is not None]
    narrow = [h.range for h in others if isinstance(h, Assumed) and h.range != RANDOM]
    if narrow:
        raise NotValued(f"a range other than random ({narrow[0]!r}) outside a side pot it cannot win")
    out_of_play = " ".join([dead, *(h for h in others if isinstance(h, str))]).strip()
    hands = [h.expression if isinstance(h, Assumed) else h for h in mine]
    result = equity(hands, board, out_of_play, game=game, seed=seed)
    if result.exhaustive:
        return [p.exact_equity() for p in result.players], [0.0] * k
    return [p.equity for p in result.players], [p.equity_stderr for p in result.players]


def check_ranges(ranges: object) -> dict[str, str]:
    """``ranges`` checked: a mapping of player names to ``"random"`` or a range
    expression of 4, 5 or 6 hole cards (the hole size is the hand's, known only then).

    >>> check_ranges({"Dan": "AA**", "Eve": "random"})
    {'Dan': 'AA**', 'Eve': 'random'}
    >>> check_ranges({"Dan": "AA**+"})  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    omaha8eq.errors.OmahaInputError: ranges: Dan: range 'AA**+': expected a rank ... at position 5 ('+')
    """
    if ranges is None:
        return {}
    if not isinstance(ranges, Mapping):
        raise OmahaTypeError(f"ranges: expected a dict of player names to ranges, got {excerpt(ranges)}")
    out: dict[str, str] = {}
    for name, expression in ranges.items():
        if not isinstance(name, str) or not isinstance(expression, str):
            raise OmahaTypeError(f"ranges: expected a player's name and a range, got {excerpt((name, expression))}")
        problems = [] if expression.strip() == RANDOM else [_range_problem(expression, h) for h in (4, 5, 6)]
        if problems and all(problems):  # valid for some hole size; each hand's is checked when it is dealt
            raise OmahaInputError(f"ranges: {name}: {problems[0]}")
        out[name] = expression.strip()
    return out


def _range_problem(expression: str, hole_size: int) -> str:
    """What is wrong with a range for ``hole_size`` hole cards ("" if nothing)."""
    try:
        check_range(expression, hole_size=hole_size)
    except OmahaInputError as exc:
        return str(exc)
    return ""
