"""Public hand evaluation: the best Omaha high and 8-or-better low of a hand.

Omaha's rule holds both ways, separately: a hand uses exactly 2 of its hole cards
and exactly 3 board cards for its high, and exactly 2 hole + 3 board (possibly
other ones) for its low. Hands have 4, 5 or 6 hole cards; boards 3, 4 or 5 cards.

Cards are given as text (``"As Kd 2c 3h"``), lists of strings or card ints 0..51
(``card = 4 * rank + suit``, rank 0..12 = 2..A, suit 0..3 = c, d, h, s).
Bad input raises an :class:`~omaha8eq.errors.OmahaInputError` subclass, never
reaching the compiled kernels.
"""

from __future__ import annotations

from itertools import combinations

import numba
import numpy as np
from numpy.typing import ArrayLike

from .cards import HOLE_SIZES, CardSpec, low_rank_mask
from .core import batch, parallel
from .core.tables import NO_LOW, get_tables, high_classes, low_class_ranks, multiset_index
from .errors import OmahaInputError
from .games import Game, GameSpec, check_hole_size, resolve_game
from .hand_values import HighHand, LowHand
from .inputs import BOARD_SIZES, card_array, check_card_rows, check_flag, hole_and_board, int8_card_rows

__all__ = ["evaluate", "evaluate_batch", "evaluate_high", "evaluate_low"]

#: Batches smaller than this run on one thread.
SMALL_BATCH = 10_000


def evaluate_batch(
    holes: ArrayLike, boards: ArrayLike, *, high: bool = True, low: bool = True
) -> tuple[np.ndarray, np.ndarray]:
    """Evaluate many hands at once, one hand and one board per row.

    Args:
        holes: integer array-like of shape ``(n, h)``, h = 4, 5 or 6: card ints 0..51.
        boards: integer array-like of shape ``(n, b)``, b = 3, 4 or 5.
        high: evaluate the high (``high=False``: lows only).
        low: evaluate the 8-or-better low (``low=False``: Omaha high only).

    int8 arrays are read where they are: C-contiguous arrays, and strided views such as
    column slices of one ``(n, h + b)`` array (``deals[:, :4]``, ``deals[:, 4:]``), are
    not copied (a view paired with a C-contiguous array, or Fortran order, is). Any
    other integer type (int64, numpy's default and a list's; int32, uint8...), in any
    of those layouts, is copied into int8 by one compiled pass that reads it where it
    is and checks every value as it reads it, so that no value wraps around into a
    card: one copy, one byte a card, and no other pass over the input. That copy reads
    eight bytes an int64 card: a million int64 rows take about a tenth longer than int8.

    Returns:
        ``(high, low)``, two int16 arrays of length n. ``high[i]`` is the value
        0..7461 of row i's best high (:attr:`HighHand.value`; higher is better; -1
        when ``high`` is false); ``low[i]`` its low value 0..55 (:attr:`LowHand.value`;
        55 = the wheel; higher is better), or -1 when no 2+3 combination makes an
        8-or-better low (or ``low`` is false).

    Raises:
        OmahaTypeError, HandSizeError, InvalidCardError, DuplicateCardError,
        OmahaInputError: for arrays of the wrong type or shape (ragged rows
        included), values outside 0..51, a card twice in a row, row counts that
        differ, or flags that are not True or False.
    """
    want_high = check_flag(high, "high")
    want_low = check_flag(low, "low")
    hole_array = card_array(holes, "holes", HOLE_SIZES)
    board_array = card_array(boards, "boards", BOARD_SIZES)
    if hole_array.shape[0] != board_array.shape[0]:
        raise OmahaInputError(f"holes has {hole_array.shape[0]} rows but boards has {board_array.shape[0]}")
    hole_array, board_array = _one_layout(*int8_card_rows(hole_array, board_array))
    return _evaluate_rows(hole_array, board_array, want_high=want_high, want_low=want_low)


def _layout(cards: np.ndarray) -> str:
    """The layout numba types ``cards`` with: "C", "F" (Fortran order) or "A" (any strides)."""
    return "C" if cards.flags.c_contiguous else "F" if cards.flags.f_contiguous else "A"


def _one_layout(holes: np.ndarray, boards: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The two arrays both C-contiguous or both strided ("A"), copying only when they are not.

    numba compiles the batch kernel once per combination of layouts; two builds are
    kept: C (rows read at a stride the compiler knows) and strided. Two strided views
    (column slices of one array) are read in place; a view paired with a C-contiguous
    array, or a Fortran-order array, is copied to C order rather than compile a third
    build.
    """
    layouts = _layout(holes), _layout(boards)
    if layouts in (("C", "C"), ("A", "A")):
        return holes, boards
    return np.ascontiguousarray(holes), np.ascontiguousarray(boards)


def _evaluate_rows(
    holes: np.ndarray, boards: np.ndarray, *, want_high: bool, want_low: bool
) -> tuple[np.ndarray, np.ndarray]:
    """Run the batch kernel on int8 arrays of the right widths, in any memory layout.

    The kernel checks every row as it reads it; if any row is bad, the error names
    the first one (``check_card_rows``). Both arrays are C-contiguous (every internal
    caller) or both strided views (:func:`_one_layout`): the two builds of the kernel.
    """
    tables = get_tables()
    n = holes.shape[0]
    out_high = np.empty(n, dtype=np.int16)
    out_low = np.empty(n, dtype=np.int16)
    threads = numba.get_num_threads()
    if n < SMALL_BATCH:  # waking the other threads costs more than the rows
        numba.set_num_threads(1)
    try:
        bad_rows = parallel.run(
            batch.evaluate_rows, holes, boards, want_high, want_low, tables.board_pair,
            tables.flush5, tables.suited, tables.low, out_high, out_low,
        )  # fmt: skip
    finally:
        numba.set_num_threads(threads)
    if bad_rows:
        check_card_rows(holes, boards)  # raises, naming the first bad row
        raise AssertionError(f"the kernel counted {bad_rows} bad rows that the row check accepts")
    return out_high, out_low


def _five_card_value(cards: tuple[int, ...]) -> int:
    """The high value of five cards, read from the tables (used to name the cards)."""
    tables = get_tables()
    if len({c & 3 for c in cards}) == 1:
        return int(tables.flush5[sum(1 << (c >> 2) for c in cards)])
    return int(tables.nonflush5[multiset_index(sorted(c >> 2 for c in cards))])


def _explain_high(hole: tuple[int, ...], board: tuple[int, ...], value: int) -> HighHand:
    """The 2 + 3 cards that make the high ``value`` (the first such combination)."""
    for hole_used in combinations(hole, 2):
        for board_used in combinations(board, 3):
            if _five_card_value(hole_used + board_used) == value:
                category = int(high_classes().category[value])
                return HighHand.from_cards(value, category, hole_used, board_used)
    raise AssertionError(f"no 2+3 combination reaches the evaluated high {value}")


def _explain_low(hole: tuple[int, ...], board: tuple[int, ...], value: int) -> LowHand:
    """The 2 + 3 cards that make the low ``value``, highest rank first (the ace last)."""
    ranks = low_class_ranks(value)
    target = sum(1 << (r - 1) for r in ranks)
    for hole_used in combinations(hole, 2):
        for board_used in combinations(board, 3):
            used = hole_used + board_used
            if low_rank_mask(used) == target and len({c >> 2 for c in used}) == 5:
                ordered = tuple(sorted(used, key=lambda c: -1 if c >> 2 == 12 else c >> 2, reverse=True))
                return LowHand(value, ranks, ordered, hole_used, board_used)
    raise AssertionError(f"no 2+3 combination reaches the evaluated low {value}")


def evaluate(
    hole: CardSpec, board: CardSpec, *, game: GameSpec | None = None, hilo: bool | None = None
) -> tuple[HighHand, LowHand | None]:
    """The best high and the best low (None without one) of ``hole`` on ``board``.

    Each uses exactly 2 hole cards and exactly 3 board cards, chosen separately.
    ``game`` (a name such as ``"omaha85"`` or a :class:`~omaha8eq.games.Game`) fixes the
    hole size; in a high-only game (``"omahahi"``) the low is not evaluated and is None.
    None (default): Omaha Hi-Lo with ``hole``'s size. ``hilo`` is deprecated
    (``hilo=False`` is ``game="omahahi"``; a DeprecationWarning).

    >>> high, low = evaluate("As Ah 3d 6s", "Ad 8c 5h Ks 2c")
    >>> high.describe(), str(low)
    ('Three aces', '6-5-3-2-A')
    """
    return _evaluate(hole, board, *resolve_game(game, hilo))


def _evaluate(hole: CardSpec, board: CardSpec, game: Game | None, want_low: bool) -> tuple[HighHand, LowHand | None]:
    """:func:`evaluate` of a resolved game (None: any hole size) and whether to evaluate the low."""
    hole_cards, board_cards = hole_and_board(hole, board)
    check_hole_size(game, {len(hole_cards)}, "hole")
    high_values, low_values = _evaluate_rows(
        np.array([hole_cards], dtype=np.int8),
        np.array([board_cards], dtype=np.int8),
        want_high=True,
        want_low=want_low,
    )
    high_hand = _explain_high(hole_cards, board_cards, int(high_values[0]))
    low_value = int(low_values[0])
    low_hand = None if low_value == NO_LOW else _explain_low(hole_cards, board_cards, low_value)
    return high_hand, low_hand


def evaluate_high(hole: CardSpec, board: CardSpec) -> HighHand:
    """The best high hand of ``hole`` (4-6 cards) on ``board`` (3-5 cards), 2 + 3 cards.

    >>> evaluate_high("Ad Kd 3s 2s", "Jd 4d 3c Qd 5h").describe()
    'Ace-high flush'
    """
    return _evaluate(hole, board, None, False)[0]


def evaluate_low(hole: CardSpec, board: CardSpec) -> LowHand | None:
    """The best 8-or-better low of ``hole`` on ``board`` (2 + 3 cards), or None.

    >>> str(evaluate_low("As 2c Kh Kd", "Ad 7s 4c 8h Qc"))
    '8-7-4-2-A'
    """
    return evaluate(hole, board)[1]
