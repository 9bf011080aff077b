"""``HvREquity``: a dealt hand's equity on a street against the other players' ranges.

For each deal, the player's hand and the board on the street are known; every other
player holds any hand of the range declared in ``from`` (a fixed hand: that hand; ``*``:
every hand) that shares no card with them, the board or the dead cards (their dealt
hands are not read: that is what makes it hand against range). The answer is the
player's share of the pot over every runout and every such combination of hands,
weighted: the exact range engine (``engine.run.run_equity(..., exhaustive=True)``) once
per distinct (hand, board) -- the flop's order never matters, so the cards are sorted
-- and each distinct key is computed once per query (a known hand on a known board is
one engine run for the whole query). Each key keeps the engine's exact answer too (a
``Fraction`` of its counts), which an exact query sums into its own.

Cost: :func:`hand_vs_range_seconds` estimates it from the engine's own estimate of one
representative run times the distinct keys the query can meet; ``query`` refuses a
query above its limit with that estimate.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from math import comb, prod
from typing import Any

import numpy as np

from ..cards import format_cards
from ..engine.deal import Deal, prepare_deal
from ..engine.method import RATES, choose_method, estimate_work
from ..engine.options import RunOptions
from ..engine.run import run_equity
from ..engine.spot import Seat, Spot
from .check import CheckedQuery

__all__ = ["PER_RUN_SECONDS", "RangeEquities", "hand_vs_range", "hand_vs_range_seconds"]

#: The fixed cost of one engine run (preparing the deal, choosing the method), in seconds.
PER_RUN_SECONDS = 0.003
#: Each engine run is exact and not refused by the engine's own limit: the query's estimate
#: (``hand_vs_range_seconds``) has already bounded the whole query.
_EXACT = RunOptions.check(exhaustive=True, max_work=1 << 62)


def _seat_copy(seat: Seat) -> Seat:
    """A fresh seat of the same hand or range (``prepare_deal`` narrows ranges in place)."""
    return Seat(seat.label, cards=seat.cards, hands=seat.hands, weights=seat.weights)


def _spot(deal: Deal, player: int, hand: tuple[int, ...], board: tuple[int, ...]) -> Spot:
    """The player's hand (first) against every other seat of the query's deal."""
    seats = [Seat(format_cards(hand), cards=hand)]
    seats += [_seat_copy(s) for i, s in enumerate(deal.spot.seats) if i != player]
    return Spot(seats, deal.spot.game, board, deal.spot.dead)


@dataclass(frozen=True)
class RangeEquities:
    """``HvREquity`` of a block's deals: ``values`` (n,) float64; the exact answers as the
    distinct keys' ``fractions`` and each deal's key (``keys``, (n,) indices into them)."""

    values: np.ndarray
    keys: np.ndarray
    fractions: tuple[Fraction, ...]


def _one_run(deal: Deal, player: int, hand: tuple[int, ...], board: tuple[int, ...]) -> tuple[float, Fraction]:
    result = run_equity(_spot(deal, player, hand, board), _EXACT)  # the spot carries the query's game
    return float(result.players[0].equity), result.players[0].exact_equity()


def hand_vs_range(
    checked: CheckedQuery, deal: Deal, player: int, street: int, holes: np.ndarray, boards: np.ndarray
) -> RangeEquities:
    """``HvREquity(player, street)`` of each deal: ``holes`` (n, hole size) the player's
    hands, ``boards`` (n, >= street) the boards. Computed once per distinct key, cached
    in ``checked.cache`` for the whole query."""
    keys = np.concatenate([np.sort(holes, axis=1), np.sort(boards[:, :street], axis=1)], axis=1)
    if (keys == keys[0]).all():  # a known hand on a known board: one key, no sort
        unique, inverse = keys[:1], np.zeros(len(keys), dtype=np.int64)
    else:
        unique, inverse = np.unique(keys, axis=0, return_inverse=True)
    cache: dict[Any, tuple[float, Fraction]] = checked.cache.setdefault(("HvREquity", player), {})
    hole_size = holes.shape[1]
    values = np.empty(len(unique))
    fractions = []
    for k, row in enumerate(unique.tolist()):
        key = tuple(row)
        if key not in cache:
            cache[key] = _one_run(deal, player, key[:hole_size], key[hole_size:])
        values[k], fraction = cache[key]
        fractions.append(fraction)
    keys = inverse.reshape(-1)
    return RangeEquities(values[keys], keys, tuple(fractions))


def _representative(deal: Deal, player: int, street: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """A hand the player can hold and a board on the street: the first of each."""
    seat = deal.spot.seats[player]
    if seat.cards is not None:
        hand = seat.cards
    elif seat.is_range:
        hand = tuple(int(c) for c in seat.range_hands()[0])
    else:
        hand = tuple(int(c) for c in deal.deck[: deal.spot.hole_size])
    left = [int(c) for c in deal.deck if int(c) not in hand]
    board = (*deal.spot.board[:street], *left[: max(0, street - len(deal.spot.board))])
    return hand, board


def hand_vs_range_seconds(deal: Deal, player: int, street: int, deals: int) -> tuple[float, int]:
    """The estimated seconds (one core) of one engine run of ``HvREquity(player, street)``
    and the most distinct (hand, board) keys, hence runs, ``deals`` deals can show."""
    hand, board = _representative(deal, player, street)
    run = prepare_deal(_spot(deal, player, hand, board))
    plan = choose_method(run, _EXACT)
    per_run = estimate_work(plan.method, run) / RATES[plan.method] + PER_RUN_SECONDS
    seat = deal.spot.seats[player]
    left = len(deal.deck)
    hands = 1
    if seat.cards is None:  # a range or a random hand: its cards leave the deck too
        hands = len(seat.range_hands()) if seat.is_range else comb(left, deal.spot.hole_size)
        left -= deal.spot.hole_size
    boards = comb(left, max(0, street - len(deal.spot.board)))
    return per_run, min(deals, prod((hands, boards)))
