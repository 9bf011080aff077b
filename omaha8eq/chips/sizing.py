"""Bet sizes of the three betting structures: the pot-limit maximum and the limit bet.

- **Limit.** Bets and raises are fixed: the small bet preflop and on the flop, the
  big bet (twice the small bet) on the turn and river (:func:`limit_bet_size`). A
  round allows one bet and three raises (:data:`LIMIT_CAP`; preflop the big blind
  counts as the bet).
- **Pot limit.** The largest raise is the pot after the raiser's call: previous
  rounds' pot + every bet of this round + the raiser's call
  (:func:`pot_limit_max_raise`).
- **No limit.** Any amount up to the stack.

Amounts are integer chips (Python or numpy integers; never bool or float). A raise
is given as the total the player's bet comes to this round ("raise to 35").
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from ..checks import check_int, excerpt
from ..errors import OmahaInputError, OmahaTypeError

__all__ = ["LIMIT_CAP", "STREETS", "STRUCTURES", "Structure", "chips", "limit_bet_size", "pot_limit_max_raise"]

Structure = Literal["limit", "pot-limit", "no-limit"]
#: The betting structures, as accepted by :class:`~omaha8eq.chips.betting.BettingRound`.
STRUCTURES: tuple[str, ...] = ("limit", "pot-limit", "no-limit")
#: The betting rounds of a hand, in order.
STREETS: tuple[str, ...] = ("preflop", "flop", "turn", "river")
#: Limit: bets and raises allowed per round (one bet and three raises).
LIMIT_CAP = 4


#: The most chips one amount may hold: far above any game, and small enough to be written
#: in a message (Python refuses to write an int of more than 4,300 digits).
MAX_CHIPS = 10**18


def chips(value: object, what: str, minimum: int = 0) -> int:
    """Validate an integer amount of chips, at least ``minimum`` and at most :data:`MAX_CHIPS`."""
    return check_int(value, what, minimum=minimum, maximum=MAX_CHIPS, expected="an integer number of chips")


def pot_limit_max_raise(pot: int, bets: Sequence[int] = (), own: int = 0) -> int:
    """The largest pot-limit bet or raise, as the total to raise to this round.

    The raise may add the pot after the raiser's call: ``pot`` (the chips of
    previous rounds) + every bet of this round + the chips the raiser needs to call.

    Args:
        pot: chips in the pot from previous rounds (and antes, dead money).
        bets: the chips each player has put in during this round (blinds count),
            folded players' included, the raiser's own included.
        own: how many of those chips are the raiser's (a blind, or an earlier bet).

    Returns:
        The total the raiser's bet may come to this round (the raise-to amount).

    $5/$10 blinds, first to act: call 10, then raise 5 + 10 + 10 = 25, to 35.

    >>> pot_limit_max_raise(0, [5, 10])
    35

    A $75 pot and a $75 bet in front: call 75, raise 75 + 75 + 75 = 225, to 300.
    With no bet yet, a pot-sized bet.

    >>> pot_limit_max_raise(75, [75]), pot_limit_max_raise(75)
    (300, 75)
    """
    pot = chips(pot, "pot")
    if isinstance(bets, (str, bytes)) or not isinstance(bets, Sequence):
        raise OmahaTypeError(f"bets: expected a list of chip amounts, got {excerpt(bets)}")
    amounts = [chips(b, f"bet {i}") for i, b in enumerate(bets, 1)]
    own = chips(own, "own")
    current = max(amounts, default=0)
    if own > current:
        raise OmahaInputError(f"own: {own} chips is more than the biggest bet ({current})")
    if own and own not in amounts:
        raise OmahaInputError(f"own: {own} chips is none of the bets {amounts}; list the raiser's bet too")
    call = current - own
    return current + pot + sum(amounts) + call


def limit_bet_size(small_bet: int, street: str) -> int:
    """The fixed bet and raise of a limit round: the small bet preflop and on the flop,
    the big bet (twice the small bet) on the turn and the river.

    >>> limit_bet_size(10, "flop"), limit_bet_size(10, "turn")
    (10, 20)
    """
    small_bet = chips(small_bet, "small bet")
    if not isinstance(street, str) or street not in STREETS:
        raise OmahaInputError(f"street: {excerpt(street)} is not one of {', '.join(STREETS)}")
    return small_bet if street in ("preflop", "flop") else 2 * small_bet
