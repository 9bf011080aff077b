"""Validation of user input before anything reaches compiled code.

numba kernels do not bounds-check, so every public function passes its cards
through here first: hands of 4, 5 or 6 hole cards, boards of the allowed sizes,
every card 0..51 and no card in two places. Errors name the offending input.

The scalar checks every public function shares (:func:`check_int`,
:func:`check_flag`) are re-exported from :mod:`omaha8eq.checks`.
"""

from __future__ import annotations

import numpy as np

from .cards import CardSpec, check_disjoint, format_card, parse_cards
from .checks import check_flag, check_int
from .core.batch import first_bad_row, narrow_cards, narrow_rows
from .deck import BOARD_SIZES, DECK_SIZE, HOLE_SIZES, MAX_PLAYERS, check_player_count
from .errors import DuplicateCardError, HandSizeError, InvalidCardError, OmahaTypeError

__all__ = [
    "BOARD_SIZES",
    "DECK_SIZE",
    "HOLE_SIZES",
    "MAX_PLAYERS",
    "card_array",
    "check_card_rows",
    "check_flag",
    "check_int",
    "check_player_count",
    "hole_and_board",
    "int8_card_rows",
    "parse_board",
    "parse_hole",
]


def parse_hole(spec: CardSpec, what: str = "hand") -> tuple[int, ...]:
    """Parse a hand of 4, 5 or 6 hole cards."""
    hole = parse_cards(spec, what=what)
    if len(hole) not in HOLE_SIZES:
        raise HandSizeError(f"{what}: {len(hole)} cards given; Omaha hands have 4, 5 or 6 hole cards")
    return hole


def parse_board(spec: CardSpec, sizes: tuple[int, ...] = BOARD_SIZES) -> tuple[int, ...]:
    """Parse a board whose number of cards is one of ``sizes``."""
    board = parse_cards(spec, what="board")
    if len(board) not in sizes:
        allowed = ", ".join(str(s) for s in sizes[:-1]) + f" or {sizes[-1]}"
        raise HandSizeError(f"board: {len(board)} cards given; expected {allowed}")
    return board


def hole_and_board(hole: CardSpec, board: CardSpec) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Parse and cross-check one hand against a board of 3 to 5 cards."""
    hole_cards = parse_hole(hole)
    board_cards = parse_board(board)
    check_disjoint((("the hand", hole_cards), ("the board", board_cards)))
    return hole_cards, board_cards


def card_array(values: object, name: str, widths: tuple[int, ...]) -> np.ndarray:
    """A 2-D integer array of row width in ``widths``, as given (values unchecked, no copy).

    An integer array is returned as it is, whatever its memory layout (column slices of
    a wider array stay views), unless its byte order is not the machine's: compiled code
    reads native integers only, so such an array (read from a file written elsewhere) is
    copied into native order. Other array-likes go through ``np.asarray``. Ragged nested
    lists (rows of different lengths) raise :class:`HandSizeError`.
    """
    try:
        array = np.asarray(values)
    except ValueError:  # numpy refuses ragged rows ("inhomogeneous shape")
        raise HandSizeError(
            f"{name}: rows of different lengths; every row must have the same number of cards"
        ) from None
    if array.dtype == bool or not np.issubdtype(array.dtype, np.integer):
        raise OmahaTypeError(f"{name}: expected an integer array of card ints 0..51, got {array.dtype}")
    if array.ndim != 2 or array.shape[1] not in widths:
        allowed = " or ".join(str(w) for w in widths)
        raise HandSizeError(f"{name}: expected shape (n, {allowed}), got {array.shape}")
    if not array.dtype.isnative:
        array = array.astype(array.dtype.newbyteorder("="))
    return array


def int8_card_rows(holes: np.ndarray, boards: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """``holes`` and ``boards`` (integer arrays of :func:`card_array`) as int8 arrays for the
    batch kernel, the same values, every one checked to be a card 0..51 on the way.

    Two int8 arrays are returned as they are: the batch kernel checks every value as it
    reads it. Otherwise both are copied into new C-contiguous int8 arrays by one compiled
    pass that reads them where they are, any integer type in any layout
    (:func:`~omaha8eq.core.batch.narrow_cards`, or ``narrow_rows`` for strided views,
    which reads column slices of one wider array row by row, each row once), and checks
    every value before it is narrowed, so that no value wraps around into a card (256
    into 0, 2**40, a uint64 past 2**63).

    Raises:
        InvalidCardError, DuplicateCardError: a value that is not a card, naming the first
            bad row (which may hold a card twice instead: :func:`check_card_rows`).
    """
    if holes.dtype == np.int8 and boards.dtype == np.int8:
        return holes, boards
    narrow_holes = np.empty(holes.shape, dtype=np.int8)
    narrow_boards = np.empty(boards.shape, dtype=np.int8)
    if holes.flags.c_contiguous and boards.flags.c_contiguous:
        # Each read as one run of values (reshape: a view), which the compiler vectorises:
        # a tenth faster than row by row, as strided views are read.
        valid = narrow_cards(holes.reshape(-1), narrow_holes.reshape(-1))
        valid &= narrow_cards(boards.reshape(-1), narrow_boards.reshape(-1))
    else:
        valid = narrow_rows(holes, boards, narrow_holes, narrow_boards)
    if not valid:
        check_card_rows(holes, boards)  # raises, naming the first bad row
        raise AssertionError("the narrowing pass found a value outside 0..51 that the row check accepts")
    return narrow_holes, narrow_boards


def _int8_with_bad_marked(cards: np.ndarray) -> np.ndarray:
    """A C-contiguous int8 copy of ``cards``, each value outside 0..51 turned into -1
    (error path only: so that :func:`first_bad_row` has one signature for every input)."""
    wide = cards.astype(np.int64)  # uint64 values past 2**63 turn negative: still not cards
    wide[(wide < 0) | (wide >= DECK_SIZE)] = -1
    return wide.astype(np.int8)


def check_card_rows(holes: np.ndarray, boards: np.ndarray) -> None:
    """Raise InvalidCardError or DuplicateCardError naming the first bad row, if any.

    Called once the batch kernel (or :func:`int8_card_rows`) has found a bad row; it
    copies the arrays to find which one, any integer dtype and layout.
    """
    row = first_bad_row(_int8_with_bad_marked(holes), _int8_with_bad_marked(boards))
    if row < 0:
        return
    cards = [int(c) for c in holes[row]] + [int(c) for c in boards[row]]
    name = "holes" if any(not 0 <= c < DECK_SIZE for c in holes[row]) else "boards"
    for c in cards:
        if not 0 <= c < DECK_SIZE:
            raise InvalidCardError(f"{name}: row {row} holds {c}, not a card (card numbers are 0..51)")
    repeated = next(c for c in cards if cards.count(c) > 1)
    raise DuplicateCardError(f"row {row}: {format_card(repeated)} appears twice among its cards")
