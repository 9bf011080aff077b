"""The prepared deal: a parsed spot with its ranges restricted, as the arrays the kernels read.

Cards are ints 0..51 (``4 * rank + suit``). The kernels take their inputs as the
NamedTuples of :mod:`omaha8eq.core.kernel_args`: :class:`DealArrays` (the spot) and
:class:`LookupTables` (the evaluation tables), built here with one dtype per field so
that each compiled entry point has one signature.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

import numpy as np

from ..cards import cards_to_mask
from ..core.kernel_args import DealArrays, LookupTables
from ..core.showdown import fixed_hand_tables
from ..core.tables import get_tables
from ..inputs import DECK_SIZE
from .spot import Seat, Spot, restrict_ranges

__all__ = ["Deal", "lookup_tables", "prepare_deal"]


@dataclass
class Deal:
    """A checked spot made ready for the kernels (see :func:`prepare_deal`).

    ``deck`` (int8): the cards no fixed hand, board or dead card holds; ``holes``
    (players, hole size) int8: the fixed hands' cards, zeros elsewhere;
    ``random_players`` (int64): the seats of the random hands; ``ranged``: the seats
    of the ranges; ``board_array``: the known board in a 5-card int8 array.
    """

    spot: Spot
    deck: np.ndarray
    holes: np.ndarray
    random_players: np.ndarray
    ranged: list[int]
    board_array: np.ndarray

    @property
    def seats(self) -> list[Seat]:
        return self.spot.seats

    @property
    def n_players(self) -> int:
        return len(self.spot.seats)

    @property
    def n_missing(self) -> int:
        """Board cards still to come."""
        return 5 - len(self.spot.board)

    @property
    def fixed(self) -> np.ndarray:
        """Per seat: True for a fixed hand (bool)."""
        return np.array([s.cards is not None for s in self.spot.seats], dtype=np.bool_)

    def arrays(self, hilo: bool, *, high_only: bool = False) -> DealArrays:
        """The kernels' view of the deal, with the fixed hands' tables
        (``high_only``: only their high columns, all the exact aggregation reads)."""
        tables = fixed_hand_tables(self.holes, self.fixed, get_tables(), flushes_and_lows=not high_only)
        return DealArrays(
            holes=self.holes,
            n_hole=self.spot.hole_size,
            random_players=self.random_players,
            fixed=self.fixed,
            fixed_tables=tables,
            board=self.board_array,
            n_known=len(self.spot.board),
            deck=self.deck,
            hilo=bool(hilo),
        )


@functools.cache
def lookup_tables() -> LookupTables:
    """The evaluation tables the kernels read, loaded (or built) once."""
    tables = get_tables()
    return LookupTables(tables.board_pair, tables.flush5, tables.suited, tables.low)


def prepare_deal(spot: Spot) -> Deal:
    """Restrict the ranges to the cards left (in place) and build the kernels' arrays."""
    seats = spot.seats

    def known() -> list[int]:
        return [c for s in seats if s.cards is not None for c in s.cards] + list(spot.board) + list(spot.dead)

    restrict_ranges(seats, cards_to_mask(known()))
    taken = set(known())
    holes = np.zeros((len(seats), spot.hole_size), dtype=np.int8)
    for row, seat in enumerate(seats):
        if seat.cards is not None:
            holes[row] = seat.cards
    board_array = np.zeros(5, dtype=np.int8)
    board_array[: len(spot.board)] = spot.board
    return Deal(
        spot=spot,
        deck=np.array([c for c in range(DECK_SIZE) if c not in taken], dtype=np.int8),
        holes=holes,
        random_players=np.array([i for i, s in enumerate(seats) if s.is_random], dtype=np.int64),
        ranged=[i for i, s in enumerate(seats) if s.is_range],
        board_array=board_array,
    )
