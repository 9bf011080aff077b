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
    """A C-contiguous 2-D int8 or int64 array of row width in ``widths`` (values unchecked).

    int8 input is kept as it is; any other integer type becomes int64, so that no
    value wraps around before :func:`check_card_rows` sees it. Ragged nested lists
    (rows of different lengths) raise :class:`HandSizeError`.
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
    return np.ascontiguousarray(array, dtype=np.int8 if array.dtype == np.int8 else np.int64)


def check_card_rows(holes: np.ndarray, boards: np.ndarray) -> None:
    """Raise InvalidCardError or DuplicateCardError naming the first bad row, if any."""
    if holes.dtype != boards.dtype:
        holes, boards = holes.astype(np.int64), boards.astype(np.int64)
    row = first_bad_row(holes, boards)
    if row < 0:
        return
    cards = [int(c) for c in holes[row]] + [int(c) for c in boards[row]]
    name = "holes" if any(not 0 <= c < DECK_SIZE for c in holes[row]) else "boards"
    for c in cards:
        if not 0 <= c < DECK_SIZE:
            raise InvalidCardError(f"{name}: row {row} holds {c}, not a card (card numbers are 0..51)")
    repeated = next(c for c in cards if cards.count(c) > 1)
    raise DuplicateCardError(f"row {row}: {format_card(repeated)} appears twice among its cards")
