"""Checking a parsed query: names resolved, types checked, literals converted.

:func:`check_query` returns a :class:`CheckedQuery`: the game, the players (name and
hand or range text, in the order ``from`` declares them), the board and dead cards,
the type of every expression node, and the value of every literal the evaluator reads
(a card, a low, a hand type, a parsed range). Every error names the place with a caret
under the query (see :class:`~omaha8eq.pql.syntax.QueryError`).

>>> from omaha8eq.pql.syntax import parse_query
>>> checked = check_query(parse_query("select count(winsHi(hero)) from hero='AA**', villain='15%'"))
>>> checked.game.name, checked.players
('omaha8', ('hero', 'villain'))
>>> check_query(parse_query("select count(winsHi(hera)) from hero='AA**', villain='15%'"))
Traceback (most recent call last):
...
omaha8eq.pql.syntax.QueryError: query: unknown name 'hera' (did you mean 'hero'?): not a player declared ...
  select count(winsHi(hera)) from hero='AA**', villain='15%'
                      ^
"""

from __future__ import annotations

import difflib
import functools
import re
from dataclasses import dataclass, field
from typing import Any

from ..cards import parse_cards
from ..checks import excerpt
from ..errors import OmahaInputError
from ..games import Game, as_game, double_board
from .board_range import parse_board_range
from .functions import (
    FLOP_CATEGORIES,
    FUNCTIONS,
    HAND_TYPES,
    SELECTORS,
    STREETS,
    DoubleBoard,
    Function,
    Type,
    function_of,
)
from .syntax import (
    Binary,
    Call,
    Case,
    Chain,
    Expr,
    Name,
    Negate,
    Not,
    Number,
    Query,
    QueryError,
    String,
    check_depth,
)

__all__ = ["CheckedQuery", "check_query", "low_value"]

#: The ``from`` names that are not players.
RESERVED = ("game", "board", "dead", "board1", "board2")
#: The ``from`` names of a double-board query's boards (also the board argument of its outcomes).
DOUBLE_BOARD_NAMES = ("board1", "board2")
_COMPARISONS = {"=", "<>", "!=", "<", "<=", ">", ">="}
_ORDERED = {Type.NUMBER, Type.HAND_TYPE, Type.FLOP_CATEGORY, Type.HI_RATING, Type.LO_RATING}
_SELECTOR_TYPES = {
    "count": {Type.BOOLEAN},
    "avg": {Type.NUMBER, Type.BOOLEAN},
    "max": _ORDERED,
    "min": _ORDERED,
    "histogram": {Type.BOOLEAN, *_ORDERED, Type.CARD},
}


@dataclass
class CheckedQuery:
    """A query ready to run (see the module docstring)."""

    query: Query
    game: Game
    players: tuple[str, ...]
    hands: tuple[str, ...]
    board: tuple[int, ...]
    dead: tuple[int, ...]
    #: The second board's known cards in a double-board query (``board`` is the first); None: one board.
    board2: tuple[int, ...] | None = None
    types: dict[Any, Type] = field(default_factory=dict)
    literals: dict[Any, Any] = field(default_factory=dict)
    #: What a run computes once and reads in every block (the deal, HvREquity's answers).
    cache: dict[Any, Any] = field(default_factory=dict, compare=False, repr=False)
    #: Things that do not stop the query but are probably not what was meant (:func:`unused_players`).
    warnings: tuple[str, ...] = ()

    @property
    def text(self) -> str:
        return self.query.text


def _closest_word(word: str, choices: Any) -> str | None:
    close = difflib.get_close_matches(word, list(choices), n=1, cutoff=0.6)
    if not close:  # case slips: winshi -> winsHi
        close = [c for c in choices if c.lower() == word.lower()]
    return close[0] if close else None


def _closest(word: str, choices: Any) -> str:
    close = _closest_word(word, choices)
    return f" (did you mean {close!r}?)" if close else ""


_NUMBERED = re.compile(r"(.*?)\d+")


def unused_players(players: tuple[str, ...], named: set[str]) -> tuple[str, ...]:
    """Warnings for the players ``from`` declares whose name no expression uses (``named``:
    those it does) and is close to one it uses: ``villian='KsKhQdJd'`` beside a ``villain``
    the query reads is most likely a slip. A player never named is otherwise usual (the
    villain of ``avg(riverEquity(hero))`` plays every showdown), and so is a numbered one
    beside its sibling (``villain2`` beside ``villain1``): neither is warned about.

    >>> print(unused_players(("hero", "villain", "villian"), {"hero", "villain"})[0][:83])
    query: from declares villian but the query never names it (did you mean 'villain'?)
    >>> unused_players(("hero", "villain1", "villain2"), {"hero", "villain1"})
    ()
    """
    warnings = []
    for player in players:
        close = None if player in named else _closest_word(player, sorted(named))
        if close is None:
            continue
        series = _NUMBERED.fullmatch(player), _NUMBERED.fullmatch(close)
        if series[0] and series[1] and series[0].group(1) == series[1].group(1):
            continue
        warnings.append(
            f"query: from declares {player} but the query never names it (did you mean {close!r}?); "
            f"{player} is still dealt a hand, which leaves the deck and plays every showdown"
        )
    return tuple(warnings)


@functools.cache
def _low_values() -> dict[str, int]:
    from ..core.tables import N_LOW_CLASSES, low_class_ranks

    names = {}
    for value in range(N_LOW_CLASSES):
        names["".join("A" if r == 1 else str(r) for r in low_class_ranks(value))] = value
    return names


def low_value(text: str) -> int | None:
    """The low class value of a low written high card first, ``'8642A'`` or ``'8-6-4-2-A'``
    (ace as A or 1), or None when the text is no 8-or-better low."""
    key = text.upper().replace("-", "").replace(" ", "").replace("1", "A")
    return _low_values().get(key)


class _Checker:
    def __init__(self, query: Query, game: Game, players: tuple[str, ...], double: bool = False) -> None:
        self.query = query
        self.text = query.text
        self.game = game
        self.players = players
        self.double = double
        self.types: dict[Any, Type] = {}
        self.literals: dict[Any, Any] = {}

    def error(self, message: str, position: int) -> QueryError:
        return QueryError(f"query: {message}", self.text, position)

    def check(self, node: Expr) -> Type:
        found = self.types.get(node)
        if found is None:
            found = self.types[node] = self._check(node)
        return found

    def _check(self, node: Expr) -> Type:
        if isinstance(node, Number):
            return Type.NUMBER
        if isinstance(node, String):
            return Type.STRING
        if isinstance(node, Name):
            return self._name(node)
        if isinstance(node, Call):
            return self._call(node)
        if isinstance(node, Negate):
            self.expect(node.operand, Type.NUMBER, "the operand of '-'")
            return Type.NUMBER
        if isinstance(node, Not):
            self.expect(node.operand, Type.BOOLEAN, "the operand of 'not'")
            return Type.BOOLEAN
        if isinstance(node, Chain):
            return self._chain(node)
        if isinstance(node, Binary):
            return self._compare(node)
        return self._case(node)

    def _name(self, node: Name) -> Type:
        word = node.name
        if word in self.players:
            self.literals[node] = self.players.index(word)
            return Type.PLAYER
        if word.lower() in STREETS:
            self.literals[node] = STREETS[word.lower()]
            return Type.STREET
        if word.lower() in HAND_TYPES:
            self.literals[node] = HAND_TYPES[word.lower()]
            return Type.HAND_TYPE
        if word.lower() in FLOP_CATEGORIES:
            self.literals[node] = FLOP_CATEGORIES[word.lower()]
            return Type.FLOP_CATEGORY
        hint = _closest(word, [*self.players, *STREETS, *HAND_TYPES, *FLOP_CATEGORIES])
        raise self.error(
            f"unknown name {excerpt(word)}{hint}: not a player declared in from ({', '.join(self.players)}), "
            f"a street (flop, turn, river) or a hand type (highcard, pair, ...)",
            node.position,
        )

    def expect(self, node: Expr, wanted: Type, what: str) -> None:
        found = self.check(node)
        if found is Type.STRING and wanted in (Type.CARD, Type.LO_RATING, Type.RANGE, Type.BOARD_RANGE, Type.CLASSES):
            self.convert(node, wanted, what)  # type: ignore[arg-type]
            return
        if found is not wanted:
            raise self.error(f"{what} must be a {wanted.value}, got a {found.value}", _position(node))

    def convert(self, node: String, wanted: Type, what: str) -> None:
        """A string literal read as a card, a low, a range, a board range or a class expression."""
        text = node.text
        try:
            if wanted is Type.CARD:
                cards = parse_cards(text, what=what)
                if len(cards) != 1:
                    raise OmahaInputError(f"{what}: expected one card, got {excerpt(text)}")
                value: Any = cards[0]
            elif wanted is Type.LO_RATING:
                value = low_value(text)
                if value is None:
                    raise OmahaInputError(
                        f"{what}: {excerpt(text)} is not an 8-or-better low; write five ranks high first, e.g. '8642A'"
                    )
            elif wanted is Type.BOARD_RANGE:
                value = parse_board_range(text)
            elif wanted is Type.CLASSES:
                from .class_filter import ClassFilter

                value = ClassFilter.of(text)
            else:  # checked, not built: inRange reads the deals' hands only (``range_weights``)
                from ..ranges.range import check_range

                value = text
                check_range(text, hole_size=self.game.hole_cards)
        except OmahaInputError as error:
            raise self.error(str(error), node.position) from None
        self.types[node] = wanted
        self.literals[node] = value

    def _call(self, node: Call) -> Type:
        function = function_of(node.name, len(node.arguments))  # equity(player, street) is HvHEquity
        if function is None:
            hint = _closest(node.name, FUNCTIONS)
            if node.name in SELECTORS:
                hint = f" ({node.name} is a selector: it goes around a whole expression after select)"
            raise self.error(
                f"unknown function {excerpt(node.name)}{hint}; omaha8eq query --functions lists them", node.position
            )
        if function.needs_low and not self.game.hilo:
            raise self.error(f"{function.name}: the game {self.game.name} has no low", node.position)
        if self.double:
            return self._double_board_call(node, function)
        if len(node.arguments) != len(function.arguments):
            raise self.error(
                f"{function.signature} takes {len(function.arguments)} argument(s), got {len(node.arguments)}",
                node.position,
            )
        for i, (argument, (name, wanted)) in enumerate(zip(node.arguments, function.arguments, strict=True), 1):
            self.expect(argument, wanted, f"{function.name}'s argument {i} ({name})")
        return function.result

    def _double_board_call(self, node: Call, function: Function) -> Type:
        """A call in a double-board query, as its row says (``Function.double_board``): a
        whole-pot outcome (``riverEquity``, ``scoops`` every board), a per-board outcome with
        its board (``winsHi(hero, board1)``), or a function that reads no board; any other is
        refused, naming it."""
        name, reads = function.name, function.double_board
        if not reads:
            raise self.error(
                f"{node.name} is not available in a double-board query: it reads one board's cards. "
                f"A double-board query reads {_double_board_functions()}",
                node.position,
            )
        arguments = list(node.arguments)
        per_board = DoubleBoard.PER_BOARD in reads
        if per_board and len(arguments) == len(function.arguments) + 1:
            board = arguments.pop()
            if not isinstance(board, Name) or board.name.lower() not in DOUBLE_BOARD_NAMES:
                raise self.error(f"{name}'s last argument must be board1 or board2", _position(board))
            self.types[board] = Type.BOARD
            self.literals[board] = DOUBLE_BOARD_NAMES.index(board.name.lower())
        elif reads == DoubleBoard.PER_BOARD and len(arguments) == len(function.arguments):
            raise self.error(
                f"{name} needs a board in a double-board query (each board's half is split on its own): "
                f"write {name}(player, board1) or {name}(player, board2)",
                node.position,
            )
        if len(arguments) != len(function.arguments):
            raise self.error(
                f"{function.signature} takes {len(function.arguments)} argument(s)"
                f"{' and a board' if per_board else ''}, got {len(node.arguments)}",
                node.position,
            )
        for i, (argument, (arg_name, wanted)) in enumerate(zip(arguments, function.arguments, strict=True), 1):
            self.expect(argument, wanted, f"{name}'s argument {i} ({arg_name})")
        return function.result

    def _chain(self, node: Chain) -> Type:
        """``and``/``or`` join booleans, ``+ - * /`` numbers; each operand is named as the side
        of the operator next to it."""
        wanted = Type.BOOLEAN if node.operators[0] in ("and", "or") else Type.NUMBER
        self.expect(node.operands[0], wanted, f"the left side of '{node.operators[0]}'")
        for op, operand in zip(node.operators, node.operands[1:], strict=True):
            self.expect(operand, wanted, f"the right side of '{op}'")
        return wanted

    def _compare(self, node: Binary) -> Type:
        op = node.operator
        left, right = self.check(node.left), self.check(node.right)
        # A string compares with a card or a low: it is read as one.
        if left is Type.STRING and right in (Type.CARD, Type.LO_RATING):
            self.convert(node.left, right, f"the left side of '{op}'")  # type: ignore[arg-type]
            left = right
        elif right is Type.STRING and left in (Type.CARD, Type.LO_RATING):
            self.convert(node.right, left, f"the right side of '{op}'")  # type: ignore[arg-type]
            right = left
        if left is not right:
            raise self.error(
                f"'{op}' compares a {left.value} with a {right.value}; both sides must be of one type",
                node.position,
            )
        if left in (Type.PLAYER, Type.STREET, Type.STRING, Type.RANGE, Type.BOARD_RANGE):
            raise self.error(f"'{op}' cannot compare a {left.value}", node.position)
        if op not in ("=", "<>", "!=") and left not in _ORDERED:
            raise self.error(f"'{op}' orders numbers, hand types and ratings, not a {left.value}", node.position)
        return Type.BOOLEAN

    def _case(self, node: Case) -> Type:
        results = []
        for condition, value in node.whens:
            self.expect(condition, Type.BOOLEAN, "a 'when' condition")
            results.append((value, self.check(value)))
        if node.default is not None:
            results.append((node.default, self.check(node.default)))
        first = results[0][1]
        for value, found in results[1:]:
            if found is not first:
                raise self.error(
                    f"the values of 'case' must be of one type: a {first.value}, then a {found.value}",
                    _position(value),
                )
        if node.default is None and first is not Type.BOOLEAN:
            raise self.error("a 'case' without 'else' must give a boolean (false otherwise)", node.position)
        if first in (Type.PLAYER, Type.STREET, Type.STRING, Type.RANGE, Type.BOARD_RANGE):
            raise self.error(f"'case' cannot give a {first.value}", node.position)
        return first


def _position(node: Expr) -> int:
    return node.position


@functools.cache
def _double_board_functions() -> str:
    """What a double-board query reads, from the function table's rows, in words."""

    def names(reads: DoubleBoard) -> str:
        found = [f.name for f in FUNCTIONS.values() if reads in f.double_board]
        return ", ".join(found[:-1]) + " and " + found[-1]

    return (
        f"{names(DoubleBoard.WHOLE_POT)} of the whole pot, {names(DoubleBoard.PER_BOARD)} of one board "
        f"(e.g. winsHi(hero, board1)), and {names(DoubleBoard.NO_BOARD)}, which read no board"
    )


def check_query(query: Query) -> CheckedQuery:
    """Resolve and type-check a parsed query (see the module docstring).

    Raises:
        QueryError: an unknown game, function, selector or name, a player declared twice
            or never, a type error, bad cards (each names the place in the query).
    """
    text = query.text
    game: Game = as_game("omaha8")
    board: tuple[int, ...] = ()
    dead: tuple[int, ...] = ()
    boards: dict[str, tuple[int, ...]] = {}
    players: list[str] = []
    hands: list[str] = []
    seen: set[str] = set()
    for binding in query.bindings:
        key = binding.name.lower() if binding.name.lower() in RESERVED else binding.name
        if key in seen:
            raise QueryError(f"query: {binding.name} is declared twice in from", text, binding.position)
        seen.add(key)
        try:
            if key == "game":
                game = as_game(binding.value)
            elif key == "board":
                board = parse_cards(binding.value, what="board")
            elif key in DOUBLE_BOARD_NAMES:
                boards[key] = parse_cards(binding.value, what=key)
            elif key == "dead":
                dead = parse_cards(binding.value, what="dead")
            else:
                players.append(binding.name)
                hands.append(binding.value)
        except OmahaInputError as error:
            raise QueryError(f"query: {error}", text, binding.value_position) from None
    if not players:
        raise QueryError("query: from declares no player; write e.g. from hero='AA**', villain='15%'", text, 0)
    board2 = None
    if boards or game.boards > 1:
        if board:
            raise QueryError(
                "query: board: a double-board query names its boards board1 and board2 (board1='Ac8c5h', "
                "board2='Kd7d2s'; either may be left out)",
                text,
                0,
            )
        if game.boards > 2:  # pragma: no cover - the games have one or two boards
            raise QueryError(f"query: {game.name}: the query language deals one or two boards", text, 0)
        board, board2 = boards.get("board1", ()), boards.get("board2", ())
        game = double_board(game)  # board1=/board2= with a one-board game name: its double-board form
    for name, cards in (("board" if board2 is None else "board1", board), ("board2", board2 or ())):
        if len(cards) > 5:
            raise QueryError(f"query: {name}: {len(cards)} cards; a board has at most 5", text, 0)
    if len(players) > game.max_players:
        raise QueryError(f"query: {len(players)} players; {game.name} deals at most {game.max_players}", text, 0)
    for expr in (*(s.expr for s in query.selectors), *([query.where] if query.where is not None else [])):
        check_depth(expr, text)  # a tree built in code, not read by parse_query, is refused here too
    checker = _Checker(query, game, tuple(players), double=board2 is not None)
    if not query.selectors:  # pragma: no cover - the grammar needs one
        raise QueryError("query: no selector", text, 0)
    for selector in query.selectors:
        kind = selector.kind.lower()
        if kind not in SELECTORS:
            hint = _closest(kind, SELECTORS)
            raise checker.error(
                f"unknown selector {excerpt(selector.kind)}{hint}; the selectors are {', '.join(SELECTORS)}",
                selector.position,
            )
        found = checker.check(selector.expr)
        if found not in _SELECTOR_TYPES[kind]:
            allowed = " or ".join(sorted(t.value for t in _SELECTOR_TYPES[kind]))
            raise checker.error(f"{kind} takes a {allowed}, got a {found.value}", selector.position)
    if query.where is not None:
        checker.expect(query.where, Type.BOOLEAN, "the where clause")
    named = {players[checker.literals[node]] for node, found in checker.types.items() if found is Type.PLAYER}
    return CheckedQuery(
        query, game, tuple(players), tuple(hands), board, dead, board2, checker.types, checker.literals,
        warnings=unused_players(tuple(players), named),
    )  # fmt: skip
