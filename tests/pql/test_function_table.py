"""The function table carries each function's behaviour, and the evaluators answer every row.

Every row of ``pql/functions.py`` names its evaluator and says which streets it reads,
whether it reads the next cards, its nested work, its exact sum, how a double-board
query reads it and whether it names a suit; the modules ask the row and nothing else.
Here each row is held to that: its fields are there and well formed, its evaluator
answers on a block of deals (a function without one fails), the streets it declares
are the ones its values read (the cards past them changed, its values stay), and a
double-board query reads it as its row says.
"""

from __future__ import annotations

import dataclasses
import inspect

import numpy as np
import pytest

from omaha8eq.pql import QueryError
from omaha8eq.pql.check import check_query
from omaha8eq.pql.deals import DealBlock
from omaha8eq.pql.double_board import DoubleBoardEvaluator
from omaha8eq.pql.evaluate import BlockEvaluator, streets_read, suit_invariant
from omaha8eq.pql.functions import FUNCTIONS, DoubleBoard, Function, Type, function_of
from omaha8eq.pql.syntax import parse_query

#: What a row says about a function's behaviour, besides its types, meaning and example.
BEHAVIOUR = {
    "needs_low", "evaluator", "streets", "next_cards", "nested", "exact_sum", "double_board", "names_suit",
    "overloads",
}  # fmt: skip
#: An argument of each type, as a query writes it.
ARGUMENTS = {
    Type.PLAYER: "hero",
    Type.STREET: "flop",
    Type.HAND_TYPE: "flush",
    Type.LO_RATING: "'8642A'",
    Type.NUMBER: "0.5",
    Type.RANGE: "'AA**, KK**'",
    Type.BOARD_RANGE: "'AK*, wwx'",
    Type.CLASSES: "'nut low draw or set'",
}
#: The kind of numpy values of each result type (``evaluate``'s module docstring).
KINDS = {
    Type.BOOLEAN: "b",
    Type.NUMBER: "f",
    Type.HAND_TYPE: "i",
    Type.FLOP_CATEGORY: "i",
    Type.HI_RATING: "i",
    Type.LO_RATING: "i",
    Type.CARD: "i",
}
VILLAIN = (44, 45, 42, 38)  # KsKhQdJd: the villain's known hand (HvREquity reads it as a range of one hand)
SPOT = "from game='omaha8', hero='*', villain='KsKhQdJd'"
DEALS = 6


def call_text(function: Function, *extra: str) -> str:
    return f"{function.name}({', '.join([*(ARGUMENTS[t] for _, t in function.arguments), *extra])})"


def block(seed: int, *, boards: int = 1) -> DealBlock:
    """``DEALS`` deals: a random hero hand, the villain's known one, random full boards."""
    rng = np.random.default_rng(seed)
    deck = np.array([c for c in range(52) if c not in VILLAIN])
    rows = np.array([rng.choice(deck, size=4 + 5 * boards, replace=False) for _ in range(DEALS)], dtype=np.int8)
    holes = np.stack([rows[:, :4], np.tile(np.array(VILLAIN, dtype=np.int8), (DEALS, 1))], axis=1)
    second = rows[:, 9:14] if boards == 2 else None
    return DealBlock(holes, rows[:, 4:9], None, second)


def rerun_past(found: DealBlock, street: int, seed: int) -> DealBlock:
    """``found`` with every board card past ``street`` changed for another card no deal shows."""
    rng = np.random.default_rng(seed)
    boards = found.boards.copy()
    for i in range(DEALS):
        seen = {*found.holes[i].ravel().tolist(), *found.boards[i].tolist()}
        boards[i, street:] = rng.choice([c for c in range(52) if c not in seen], size=5 - street, replace=False)
    return DealBlock(found.holes, boards, None)


def values(evaluator: BlockEvaluator, checked) -> np.ndarray:
    return np.broadcast_to(evaluator.value(checked.query.selectors[0].expr), (DEALS,))


@pytest.mark.parametrize("function", FUNCTIONS.values(), ids=lambda f: f.name)
def test_every_row_carries_its_behaviour(function):
    assert {field.name for field in dataclasses.fields(Function)} >= BEHAVIOUR
    assert isinstance(function.needs_low, bool) and isinstance(function.next_cards, bool)
    assert isinstance(function.names_suit, bool) and isinstance(function.double_board, DoubleBoard)
    assert function.streets == tuple(sorted(set(function.streets))) and set(function.streets) <= {3, 4, 5}
    # Its evaluator: a method of the block evaluator taking its arguments' values.
    evaluator = getattr(BlockEvaluator, function.evaluator, None)
    assert callable(evaluator), f"{function.name}: no BlockEvaluator.{function.evaluator}"
    inspect.signature(evaluator).bind(None, *function.arguments)
    if function.exact_sum:
        reader = getattr(BlockEvaluator, function.exact_sum, None)
        assert callable(reader), f"{function.name}: no BlockEvaluator.{function.exact_sum}"
        inspect.signature(reader).bind(None, np.ones(1), *function.arguments)
    assert function.nested in ("", "runouts", "ranges")
    if function.nested:  # priced from its player and street: one of each, and run in small blocks
        kinds = [kind for _, kind in function.arguments]
        assert kinds.count(Type.PLAYER) == kinds.count(Type.STREET) == 1 and function.next_cards
    # A whole-pot function is the double-board evaluator's own (else it would read the first board alone).
    own = getattr(DoubleBoardEvaluator, function.evaluator) is not getattr(BlockEvaluator, function.evaluator)
    assert own == (DoubleBoard.WHOLE_POT in function.double_board), function.name
    for other in function.overloads:
        assert len(FUNCTIONS[other].arguments) != len(function.arguments)
        assert function_of(function.name, len(FUNCTIONS[other].arguments)) is FUNCTIONS[other]
    assert function_of(function.name, len(function.arguments)) is function
    assert {t for _, t in function.arguments} <= set(ARGUMENTS) and function.result in KINDS


@pytest.mark.parametrize("function", FUNCTIONS.values(), ids=lambda f: f.name)
def test_the_evaluator_answers_every_function_reading_only_its_streets(function):
    """Its values on a block: one a deal, of its result type's kind, and the same when the
    board cards past the streets the query reads (its row's, its street argument's, its
    board range's) are other cards (what an exact run, which leaves them out, relies on),
    and, unless it names a suit, when the suits are permuted (what an exact run of one
    hand per suit class relies on)."""
    checked = check_query(parse_query(f"select histogram({call_text(function)}) {SPOT}"))
    found = block(1)
    answer = values(BlockEvaluator(checked, found), checked)
    assert answer.dtype.kind == KINDS[function.result], function.name
    last = max(streets_read(checked))
    if last < 5:
        assert np.array_equal(values(BlockEvaluator(checked, rerun_past(found, last, 2)), checked), answer)
    assert suit_invariant(checked) == (not function.names_suit)  # 'wwx' names no suit: w is any one
    if not function.names_suit and function.nested != "ranges":  # (HvREquity reads the villain's suits from `from`)
        permuted = np.array([4 * (c // 4) + (2, 0, 3, 1)[c % 4] for c in range(52)], dtype=np.int8)
        swapped = DealBlock(permuted[found.holes], permuted[found.boards], None)
        assert np.array_equal(values(BlockEvaluator(checked, swapped), checked), answer)


@pytest.mark.parametrize("function", FUNCTIONS.values(), ids=lambda f: f.name)
def test_a_double_board_query_reads_each_function_as_its_row_says(function):
    spot = "from game='omaha8-double', hero='*', villain='KsKhQdJd'"
    reads = function.double_board
    if not reads:
        with pytest.raises(QueryError, match=f"{function.name} is not available in a double-board query"):
            check_query(parse_query(f"select histogram({call_text(function)}) {spot}"))
        return
    found = block(3, boards=2)
    one_board = [DealBlock(found.holes, b, None) for b in (found.boards, found.boards2)]
    if DoubleBoard.PER_BOARD in reads:  # each board's value is a single-board evaluator's on that board
        single = check_query(parse_query(f"select histogram({call_text(function)}) {SPOT}"))
        for b, board in enumerate(("board1", "board2")):
            checked = check_query(parse_query(f"select histogram({call_text(function, board)}) {spot}"))
            expected = values(BlockEvaluator(single, one_board[b]), single)
            assert np.array_equal(values(DoubleBoardEvaluator(checked, found), checked), expected)
    if reads == DoubleBoard.PER_BOARD:
        with pytest.raises(QueryError, match=f"{function.name} needs a board"):
            check_query(parse_query(f"select histogram({call_text(function)}) {spot}"))
        return
    checked = check_query(parse_query(f"select histogram({call_text(function)}) {spot}"))
    answer = values(DoubleBoardEvaluator(checked, found), checked)
    if DoubleBoard.NO_BOARD in reads:  # the hands only: either board's value
        single = check_query(parse_query(f"select histogram({call_text(function)}) {SPOT}"))
        assert np.array_equal(answer, values(BlockEvaluator(single, one_board[1]), single))
    else:  # the whole pot: both boards' values
        assert answer.dtype.kind == KINDS[function.result]
