"""Validation of user input before anything reaches compiled code.

numba kernels do not bounds-check, so every public function passes its cards
through here first: hands of 4, 5 or 6 hole cards, boards of the allowed sizes,
every card 0..51 and no card in two places. Errors name the offending input.
"""

from __future__ import annotations

import numpy as np

from .cards import CardSpec, check_disjoint, format_card, parse_cards
from .errors import DuplicateCardError, HandSizeError, InvalidCardError

HOLE_SIZES = (4, 5, 6)
DECK_SIZE = 52


def parse_hole(spec: CardSpec, what: str = "hand") -> tuple[int, ...]:
    """Parse a hand of 4, 5 or 6 hole cards."""
    hole = parse_cards(spec, what=what)
    if len(hole) not in HOLE_SIZES:
        raise HandSizeError(
            f"{what}: {len(hole)} cards given; Omaha hands have 4, 5 or 6 hole cards"
        )
    return hole


def parse_board(spec: CardSpec, sizes: tuple[int, ...] = (3, 4, 5)) -> tuple[int, ...]:
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


def card_array(values, name: str, widths: tuple[int, ...]) -> np.ndarray:
    """A 2-D array of card ints with a row width in ``widths``, as int8 for the kernels."""
    array = np.asarray(values)
    if array.dtype == bool or not np.issubdtype(array.dtype, np.integer):
        raise TypeError(f"{name}: expected an integer array of card ints 0..51, got {array.dtype}")
    if array.ndim != 2 or array.shape[1] not in widths:
        allowed = " or ".join(str(w) for w in widths)
        raise HandSizeError(
            f"{name}: expected shape (n, {allowed}), got {array.shape}"
        )
    if array.size and (array.min() < 0 or array.max() >= DECK_SIZE):
        bad = np.argwhere((array < 0) | (array >= DECK_SIZE))[0]
        raise InvalidCardError(
            f"{name}: row {bad[0]} holds {array[tuple(bad)]}, not a card (card numbers are 0..51)"
        )
    return np.ascontiguousarray(array, dtype=np.int8)


def check_rows_distinct(*arrays: np.ndarray) -> None:
    """Raise DuplicateCardError if any row of the side-by-side arrays repeats a card."""
    cards = np.concatenate(arrays, axis=1).astype(np.int64)
    masks = np.bitwise_or.reduce(np.left_shift(1, cards), axis=1)
    bad = np.flatnonzero(np.bitwise_count(masks) != cards.shape[1])
    if bad.size:
        row = cards[bad[0]]
        values, counts = np.unique(row, return_counts=True)
        card = format_card(int(values[counts > 1][0]))
        raise DuplicateCardError(f"row {bad[0]}: {card} appears twice among its cards")
