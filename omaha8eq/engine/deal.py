"""The prepared deal: a parsed spot with its ranges restricted, as the arrays the kernels read.

Cards are ints 0..51 (``4 * rank + suit``). The kernels take their inputs as the
NamedTuples of :mod:`omaha8eq.core.kernel_args`: :class:`DealArrays` (the spot) and
:class:`LookupTables` (the evaluation tables), built here with one dtype per field so
that each compiled entry point has one signature.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass
from typing import cast

import numpy as np

from ..cards import cards_to_mask
from ..core.kernel_args import DealArrays, LookupTables
from ..core.showdown import FIVE_CARD_STATES, fixed_hand_tables
from ..core.tables import get_tables
from ..deck import BOARD_CARDS, DECK_SIZE, MAX_HOLE_CARDS, check_deal_limits
from ..games import Game
from .spot import Seat, Spot, cards_mask, restrict_ranges

__all__ = [
    "HIGHS_CACHED",
    "Deal",
    "board_row",
    "card_arrays",
    "cards_left",
    "hand_highs",
    "hands_highs",
    "kernel_game",
    "known_card_arrays",
    "known_mask",
    "lookup_tables",
    "no_highs",
    "prepare_deal",
]

#: Hands whose high columns :func:`hand_highs` keeps (12 KB each), and sets of hands
#: whose stacked columns :func:`hands_highs` keeps.
HIGHS_CACHED = 128


def kernel_game(game: Game) -> tuple[int, bool]:
    """The game as the compiled kernels take it: the hole cards, and whether to count
    lows (the 8-or-better rule, the one low rule the kernels know). Every kernel call
    of the engine reads the game through here."""
    return game.hole_cards, game.hilo


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
    def known_only(self) -> bool:
        """True when every seat holds a known hand (no range, no random hand)."""
        return not self.ranged and not len(self.random_players)

    @property
    def fixed(self) -> np.ndarray:
        """Per seat: True for a fixed hand (bool)."""
        fixed = [s.cards is not None for s in self.spot.seats]
        return _all_fixed(len(fixed)) if all(fixed) else np.array(fixed, dtype=np.bool_)

    def high_columns(self) -> list[np.ndarray | int]:
        """Per seat, the high columns of ``showdown.fixed_hand_tables`` (read-only,
        :func:`hand_highs`) for a fixed hand, -1 for the others."""
        return [-1 if s.cards is None else hand_highs(s.cards) for s in self.seats]

    def arrays(self, *, high_only: bool = False) -> DealArrays:
        """The kernels' view of the deal, with the fixed hands' tables (``high_only``:
        only their high columns, all the exact aggregation reads, and after a flop none:
        the aggregation then builds the few it reads, ``exact_multisets.aggregate_showdowns``)."""
        if high_only and self.spot.board:
            tables = no_highs(self.n_players)
        elif high_only:
            hands = tuple(s.cards for s in self.seats)
            if None in hands:  # a hand that is not fixed: its row is -1
                tables = np.empty((self.n_players, FIVE_CARD_STATES), dtype=np.int16)
                for p, highs in enumerate(self.high_columns()):
                    tables[p] = highs
            else:  # the usual call: known hands only
                tables = hands_highs(cast(tuple[tuple[int, ...], ...], hands))
        else:
            tables = fixed_hand_tables(self.holes, self.fixed, get_tables())
        hole_cards, hilo = kernel_game(self.spot.game)
        return DealArrays(
            holes=self.holes,
            n_hole=hole_cards,
            random_players=self.random_players,
            fixed=self.fixed,
            fixed_tables=tables,
            board=self.board_array,
            n_known=len(self.spot.board),
            deck=self.deck,
            hilo=hilo,
        )


@functools.lru_cache(maxsize=HIGHS_CACHED)
def hand_highs(cards: tuple[int, ...]) -> np.ndarray:
    """The high columns of ``showdown.fixed_hand_tables`` for the hand ``cards`` (card
    ints), read-only; cached: the same hands come back call after call."""
    hole = np.array([cards], dtype=np.int8)
    row: np.ndarray = fixed_hand_tables(hole, np.ones(1, dtype=np.bool_), get_tables(), flushes_and_lows=False)[0]
    row.flags.writeable = False
    return row


@functools.lru_cache(maxsize=HIGHS_CACHED)
def hands_highs(hands: tuple[tuple[int, ...], ...]) -> np.ndarray:
    """:func:`hand_highs` of each of ``hands`` (card ints), one row each: int16, ``(len(hands),
    FIVE_CARD_STATES)``, the preflop aggregation's (after a flop it builds the few it reads).
    Cached: the same hands come back call after call (a hand against another with
    different dead cards, or in a table of preflop spots). Writeable, so that the kernels compile one signature, but
    never written: the kernels only read it (``range_combinations`` writes a copy)."""
    return np.array([hand_highs(cards) for cards in hands])


@functools.cache
def lookup_tables() -> LookupTables:
    """The evaluation tables the kernels read, loaded (or built) once."""
    tables = get_tables()
    return LookupTables(tables.board_pair, tables.flush5, tables.suited, tables.low)


#: Every card, one byte each: a deck is this with the known cards deleted (``bytes.translate``).
_ALL_CARDS = bytes(range(DECK_SIZE))
#: The rows of the hands not dealt yet and of the board cards to come, cut from these.
_NO_HOLE = (0,) * MAX_HOLE_CARDS
_NO_BOARD = (0,) * BOARD_CARDS


def _known_cards(spot: Spot) -> list[int]:
    """The cards of the fixed hands, the board and the dead cards."""
    return [c for s in spot.seats if s.cards is not None for c in s.cards] + [*spot.board, *spot.dead]


def cards_left(spot: Spot) -> bytes:
    """The cards no fixed hand, board or dead card of ``spot`` holds, ascending, a byte each."""
    return _cards_left_of(_known_cards(spot))


def _cards_left_of(known: list[int]) -> bytes:
    """Every card but the ``known`` ones, ascending, a byte each."""
    return _ALL_CARDS.translate(None, bytes(known))


def known_mask(spot: Spot) -> int:
    """The card mask (bit ``card``) of the fixed hands, the board and the dead cards of ``spot``."""
    mask = cards_mask(spot.board) | cards_mask(spot.dead)
    for seat in spot.seats:
        if seat.cards is not None:
            mask |= cards_mask(seat.cards)
    return mask


def prepare_deal(spot: Spot) -> Deal:
    """Restrict the ranges to the cards left (in place) and build the kernels' arrays,
    once the deal's shape has passed :func:`~omaha8eq.deck.check_deal_limits` (every
    engine run starts here, or at :func:`~.exact.aggregate_many`)."""
    seats = spot.seats
    shape = len(seats), len(spot.board), len(spot.dead)
    ranged = [s.range_hands().shape[1] for s in seats if s.is_range]
    if ranged:  # the ranges' widths before their hands reach a kernel (restrict_ranges)
        check_deal_limits(shape[0], (spot.hole_size, *ranged), *shape[1:])
        restrict_ranges(seats, cards_to_mask(_known_cards(spot)))
    hole_rows = [s.cards if s.cards is not None else _NO_HOLE[: spot.hole_size] for s in seats]
    holes, board, deck = card_arrays(spot, hole_rows)
    random = [i for i, s in enumerate(seats) if s.is_random]
    return Deal(
        spot=spot,
        deck=deck,
        holes=holes,
        random_players=np.array(random, dtype=np.int64) if random else _NO_PLAYERS,
        ranged=[i for i, s in enumerate(seats) if s.is_range],
        board_array=board,
    )


def card_arrays(spot: Spot, hole_rows: list[tuple[int, ...]]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``(holes, board, deck)`` of ``spot`` as :class:`Deal` holds them, the holes' rows
    ``hole_rows`` (one per seat), once the deal's shape has passed
    :func:`~omaha8eq.deck.check_deal_limits` (raises OmahaInputError naming the hole size
    or the deal that does not fit). The three are int8 views of one array made from
    bytes: an array made per part, or from Python lists, costs a microsecond or more each."""
    data = _deal_bytes(hole_rows, spot.hole_size, spot.board, spot.dead, cards_left(spot))
    return _deal_views(data, len(hole_rows), len(hole_rows[0]))


def known_card_arrays(spot: Spot, hands: tuple[tuple[int, ...], ...]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """:func:`card_arrays` of a spot of fixed hands only, ``hands`` their cards (one row
    per seat): the same arrays, made from bytes kept per deal (the same spots come back
    call after call, and the bytes cost a flop call a fifteenth of its time)."""
    return _deal_views(_known_deal_bytes(hands, spot.hole_size, spot.board, spot.dead), len(hands), len(hands[0]))


@functools.lru_cache(maxsize=1024)
def _known_deal_bytes(
    hands: tuple[tuple[int, ...], ...], hole_size: int, board: tuple[int, ...], dead: tuple[int, ...]
) -> bytes:
    """:func:`_deal_bytes` of fixed hands: the deck is every card they, the board and the dead cards leave."""
    known = [c for hand in hands for c in hand] + [*board, *dead]
    return _deal_bytes(hands, hole_size, board, dead, _cards_left_of(known))


def _deal_bytes(
    hole_rows: Sequence[tuple[int, ...]], hole_size: int, board: tuple[int, ...], dead: tuple[int, ...], left: bytes
) -> bytes:
    """The holes' rows, the board's five cards (zeros for those to come) and the deck
    ``left``, a byte per card, once the deal's shape has passed ``check_deal_limits``."""
    widths = {len(row) for row in hole_rows}
    if len(widths) > 1:  # hands of different widths: the check names the game's or theirs
        check_deal_limits(len(hole_rows), (hole_size,), len(board), len(dead))
        check_deal_limits(len(hole_rows), {hole_size, *widths}, len(board), len(dead))
    (width,) = widths
    check_deal_limits(len(hole_rows), (hole_size, width), len(board), len(dead))
    return b"".join(map(bytes, hole_rows)) + bytes(board) + bytes(BOARD_CARDS - len(board)) + left


def _deal_views(data: bytes, n_players: int, width: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``(holes, board, deck)`` of ``n_players`` hands of ``width`` cards: int8 views of a
    writable copy of :func:`_deal_bytes`'s ``data`` (the kernels are compiled for writable arrays)."""
    cards = np.frombuffer(bytearray(data), dtype=np.int8)
    n_holes = n_players * width
    holes, board, deck = cards[:n_holes], cards[n_holes : n_holes + BOARD_CARDS], cards[n_holes + BOARD_CARDS :]
    return holes.reshape(n_players, width), board, deck


@functools.cache
def no_highs(n_players: int) -> np.ndarray:
    """:attr:`DealArrays.fixed_tables` of ``n_players`` hands after a flop, where the
    aggregation reads none: no columns (so never written), the type of a whole table."""
    return np.empty((n_players, 0), dtype=np.int16)


#: :attr:`Deal.random_players` of a deal with no random hand (empty: nothing to write).
_NO_PLAYERS = np.zeros(0, dtype=np.int64)


@functools.cache
def _all_fixed(n_players: int) -> np.ndarray:
    """:attr:`Deal.fixed` of ``n_players`` fixed hands: made once, never written (the kernels read it)."""
    return np.ones(n_players, dtype=np.bool_)


def board_row(spot: Spot) -> tuple[int, ...]:
    """The known board cards first, then zeros: five cards."""
    return spot.board + _NO_BOARD[: BOARD_CARDS - len(spot.board)]
