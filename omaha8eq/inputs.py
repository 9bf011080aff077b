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
from .core.batch import first_bad_row
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
    "narrows_to_int8",
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
    a wider array stay views); other array-likes go through ``np.asarray``. Ragged
    nested lists (rows of different lengths) raise :class:`HandSizeError`.
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
    return array


def narrows_to_int8(cards: np.ndarray) -> bool:
    """True if ``cards`` can become int8 without a value wrapping around into a card.

    int8 arrays always can (the batch kernel checks every value as it reads it); a wider
    type can when every value is 0..51, which two reductions tell without a copy.
    """
    return cards.dtype == np.int8 or cards.size == 0 or (int(cards.min()) >= 0 and int(cards.max()) < DECK_SIZE)


def _int8_with_bad_marked(cards: np.ndarray) -> np.ndarray:
    """A C-contiguous int8 copy of ``cards``, each value outside 0..51 turned into -1
    (error path only: so that :func:`first_bad_row` has one signature for every input)."""
    wide = cards.astype(np.int64)  # uint64 values past 2**63 turn negative: still not cards
    wide[(wide < 0) | (wide >= DECK_SIZE)] = -1
    return wide.astype(np.int8)


def check_card_rows(holes: np.ndarray, boards: np.ndarray) -> None:
    """Raise InvalidCardError or DuplicateCardError naming the first bad row, if any.

    Called once the batch kernel (or :func:`narrows_to_int8`) has found a bad row; it
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
