"""Reading a query: the Lark grammar (``pql.lark``, LALR) to a typed expression tree.

A query is ``select SELECTOR [as NAME], ... from NAME='VALUE', ... [where EXPR]``;
keywords are case-insensitive, ``--`` starts a comment. :func:`parse_query` returns a
:class:`Query` of the nodes below, each with its offset in the text so that later
errors (unknown names, types) point at it as a syntax error does: the query line and
a caret under the place.

The grammar's second start rule reads the range explorer's class expressions (its
filters) with the query's boolean operators: :func:`parse_classes`.

Limits: a query has at most ``MAX_QUERY_LENGTH`` characters and its expressions nest at
most ``MAX_DEPTH`` levels (functions, ``not``, ``-``, ``case`` and bracketed operations
inside one another); a chain of one precedence (``a and b and c ...``, ``1 + 2 - 3 ...``) is one
:class:`Chain`, one level whatever its length. So every walk of a tree (the checker,
the evaluator, a node's hash) recurses at most ``MAX_DEPTH`` levels, far below Python's
recursion limit, and deeper text is refused while it is read, with its position.

>>> q = parse_query("select avg(riverEquity(hero)) as eq from game='omaha8', hero='AA**', villain='*'")
>>> q.selectors[0].kind, q.selectors[0].alias, [b.name for b in q.bindings]
('avg', 'eq', ['game', 'hero', 'villain'])
>>> parse_query("select avg(x from hero='AA**'")  # doctest: +NORMALIZE_WHITESPACE
Traceback (most recent call last):
...
omaha8eq.pql.syntax.QuerySyntaxError: query: syntax error at column 14: unexpected word 'from'; expected ...
  select avg(x from hero='AA**'
               ^
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from importlib import resources
from typing import TYPE_CHECKING, Any

from ..checks import excerpt
from ..errors import OmahaInputError, OmahaTypeError

if TYPE_CHECKING:  # typing.dataclass_transform is Python 3.11's; only type checkers read it
    from typing_extensions import dataclass_transform
else:

    def dataclass_transform(**_: object) -> Any:  # at run time Node.__init_subclass__ does the work
        return lambda cls: cls


__all__ = [
    "MAX_DEPTH",
    "MAX_QUERY_LENGTH",
    "Binary",
    "Binding",
    "Call",
    "Case",
    "Chain",
    "Expr",
    "Name",
    "Negate",
    "Node",
    "Not",
    "Number",
    "Query",
    "QueryError",
    "QuerySyntaxError",
    "Selector",
    "String",
    "check_depth",
    "parse_classes",
    "parse_query",
    "shape",
    "subexpressions",
]

#: The longest query text accepted (characters): a query is a few lines.
MAX_QUERY_LENGTH = 10_000
#: The deepest nesting of an expression (a function's argument, the operand of ``not`` or
#: ``-``, a ``case``'s part, an operation's operand: each one level deeper; brackets around
#: a single value add none). A person writes
#: a few levels; the limit keeps every recursive walk of a tree (about four Python frames
#: a level in the checker) well inside Python's recursion limit of 1,000 frames.
MAX_DEPTH = 100
# Lines of the query shown around an error: the line of the error only.
_SHOWN = 100


class QueryError(OmahaInputError):
    """A query that cannot run: an unknown name, a type error, a player not declared ...

    ``position`` is the offset in the query text of the place named (None: the whole query).
    """

    def __init__(self, message: str, text: str | None = None, position: int | None = None) -> None:
        super().__init__(message + (pointer(text, position) if text is not None and position is not None else ""))
        self.position = position


class QuerySyntaxError(QueryError):
    """Query text the grammar does not read; the message shows the line and a caret."""


def pointer(text: str, position: int) -> str:
    """The line of ``text`` holding ``position`` (an excerpt around it) and a caret line under it."""
    start = text.rfind("\n", 0, position) + 1
    end = text.find("\n", position)
    line = text[start : end if end >= 0 else len(text)]
    column = position - start
    if len(line) > _SHOWN:  # show the neighbourhood of the caret only
        left = max(0, column - _SHOWN // 2)
        line, column = line[left : left + _SHOWN], column - left
    return f"\n  {line}\n  {' ' * column}^"


def _line_column(text: str, position: int) -> str:
    line = text.count("\n", 0, position) + 1
    column = position - (text.rfind("\n", 0, position) + 1) + 1
    return f"line {line}, column {column}" if "\n" in text else f"column {column}"


@dataclass_transform(frozen_default=True)
@dataclass(frozen=True)
class Node:
    """A node of the expression tree: a frozen dataclass of its own fields (each subclass
    is made one as it is declared, so it declares only those), then ``position``, its
    offset in the query text, which an error about it points at; ``position`` is given by
    keyword: ``Call("pairedBoard", (Name("flop", position=25),), position=13)``."""

    position: int = field(kw_only=True)

    def __init_subclass__(cls) -> None:
        super().__init_subclass__()
        dataclass(frozen=True)(cls)


class Number(Node):
    value: float


class String(Node):
    """A string in quotes; ``text`` is without them."""

    text: str


class Name(Node):
    """A bare word: a player, a street or a hand type (the checker says which)."""

    name: str


class Call(Node):
    name: str
    arguments: tuple[Expr, ...]


class Negate(Node):
    operand: Expr


class Not(Node):
    operand: Expr


class Chain(Node):
    """Operands joined by operators of one precedence: ``and``, ``or``, ``+``/``-`` or
    ``*``/``/`` (``operators[i]`` joins the value so far and ``operands[i + 1]``), read left
    to right: ``1 - 2 + 3`` is ``(1 - 2) + 3``. One flat node rather than nested pairs, so
    that a chain of thousands of terms is one level deep (see the module docstring)."""

    operators: tuple[str, ...]
    operands: tuple[Expr, ...]


class Binary(Node):
    """A comparison (``=``, ``<>``, ``!=``, ``<`` ...); its position is the operator's."""

    operator: str
    left: Expr
    right: Expr


class Case(Node):
    """``case when C1 then V1 ... else D end`` (no ``else``: D is None)."""

    whens: tuple[tuple[Expr, Expr], ...]
    default: Expr | None


Expr = Number | String | Name | Call | Negate | Not | Chain | Binary | Case


def subexpressions(node: Expr) -> tuple[Expr, ...]:
    """The expressions directly inside ``node``, in the order of the text."""
    if isinstance(node, Call):
        return node.arguments
    if isinstance(node, (Negate, Not)):
        return (node.operand,)
    if isinstance(node, Chain):
        return node.operands
    if isinstance(node, Binary):
        return (node.left, node.right)
    if isinstance(node, Case):
        parts = tuple(part for when in node.whens for part in when)
        return parts if node.default is None else (*parts, node.default)
    return ()


def shape(node: Expr) -> tuple[Any, ...]:
    """``node`` without its positions: equal for equal expressions wherever they stand
    (``riverEquity(hero)`` twice in a query), so that they are computed once."""
    if isinstance(node, Number):
        return ("number", node.value)
    if isinstance(node, String):
        return ("string", node.text)
    if isinstance(node, Name):
        return ("name", node.name)
    label = (type(node).__name__, getattr(node, "name", None), getattr(node, "operator", None))
    operators = node.operators if isinstance(node, Chain) else ()
    has_default = node.default is not None if isinstance(node, Case) else None
    return (*label, operators, has_default, tuple(shape(child) for child in subexpressions(node)))


class TooDeep(Exception):
    """An expression nested above ``MAX_DEPTH`` at ``position`` (the reader words it)."""

    def __init__(self, position: int) -> None:
        super().__init__(position)
        self.position = position


def _too_deep(text: str, position: int) -> QueryError:
    return QueryError(
        f"query: nested too deeply at {_line_column(text, position)}: an expression nests at most {MAX_DEPTH} levels "
        "(functions, not, -, case and bracketed operations inside one another; a chain such as a and b and c ..., "
        "or 1 + 2 + 3 ..., is one level however long)",
        text,
        position,
    )


def check_depth(expr: Expr, text: str) -> None:
    """Raise QueryError (the place shown) when ``expr`` nests above ``MAX_DEPTH``: a loop,
    not a recursion, so that a tree not made by :func:`parse_query` (one built in code) is
    refused before any recursive walk of it."""
    stack = [(expr, 1)]
    while stack:
        node, depth = stack.pop()
        if depth > MAX_DEPTH:
            raise _too_deep(text, node.position)
        stack.extend((child, depth + 1) for child in subexpressions(node))


@dataclass(frozen=True)
class Selector:
    kind: str
    expr: Expr
    alias: str | None
    position: int


@dataclass(frozen=True)
class Binding:
    """``name='value'`` in ``from``."""

    name: str
    value: str
    position: int
    value_position: int


@dataclass(frozen=True)
class Query:
    text: str
    selectors: tuple[Selector, ...]
    bindings: tuple[Binding, ...]
    where: Expr | None


@functools.cache
def _parser() -> Any:
    from lark import Lark

    grammar = resources.files(__package__).joinpath("pql.lark").read_text(encoding="utf-8")
    return Lark(grammar, start=["query", "classes"], parser="lalr", propagate_positions=True, maybe_placeholders=True)


# How a syntax error names the token the grammar did not expect.
_TOKEN_WORDS = {
    "NAME": "name",
    "NUMBER": "number",
    "SIGNED_NUMBER": "number",
    "STRING": "string",
    "COMPARE": "comparison",
    "ADD": "'+' or '-'",
    "MUL": "'*' or '/'",
    "LPAR": "'('",
    "RPAR": "')'",
    "COMMA": "','",
    "EQUAL": "'='",
    "MINUS": "'-'",
}


def _expected(names: set[str]) -> str:
    words = sorted({_TOKEN_WORDS.get(n, n.lstrip("_").lower()) for n in names if n != "$END"})
    if "$END" in names:
        words.append("the end of the query")
    return ", ".join(words[:10]) + (", ..." if len(words) > 10 else "")


def _syntax_error(text: str, error: Exception) -> QuerySyntaxError:
    from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedToken

    position: int
    if isinstance(error, UnexpectedToken):
        token = error.token
        expected = _expected(set(error.expected))
        if token.type == "$END":
            position = len(text.rstrip())
            message = f"the query ends too early; expected {expected}"
        else:
            position = token.start_pos if token.start_pos is not None else 0
            kind = "word" if token.type == "NAME" or token.type.startswith("_") else "token"
            message = f"unexpected {kind} {excerpt(str(token))}; expected {expected}"
    elif isinstance(error, UnexpectedCharacters):
        position = error.pos_in_stream or 0
        message = f"unexpected character {text[position]!r}"
        if text[position] in "'\"":
            message += " (a string that is never closed?)"
    elif isinstance(error, UnexpectedEOF):
        position = len(text.rstrip())
        message = f"the query ends too early; expected {_expected(set(error.expected))}"
    else:  # pragma: no cover - lark raises only the three above for text
        position, message = 0, str(error)
    return QuerySyntaxError(f"query: syntax error at {_line_column(text, position)}: {message}", text, position)


def parse_query(text: object) -> Query:
    """Parse query text into a :class:`Query` (nothing is checked but the syntax).

    Raises:
        OmahaTypeError: ``text`` is not a string.
        QuerySyntaxError: text the grammar does not read (position and caret in the message).
    """
    if not isinstance(text, str):
        raise OmahaTypeError(f"query: expected the query text, got {type(text).__name__}")
    if len(text) > MAX_QUERY_LENGTH:
        raise QueryError(f"query: {len(text):,} characters; a query has at most {MAX_QUERY_LENGTH:,}")
    if not text.strip():
        raise QueryError("query: empty; write select ... from ... [where ...]")
    return _parse_cached(text)


@functools.lru_cache(maxsize=256)
def _parse_cached(text: str) -> Query:
    """:func:`parse_query` of checked text; a query is often asked again (the tree is frozen)."""
    from lark.exceptions import UnexpectedInput

    try:
        tree = _parser().parse(text, start="query")
    except UnexpectedInput as error:
        raise _syntax_error(text, error) from None
    try:
        return _Builder(text).query(tree)
    except TooDeep as deep:
        raise _too_deep(text, deep.position) from None


def parse_classes(text: str) -> Expr:
    """A class expression (the grammar's ``classes``): ``and``, ``or``, ``not`` and brackets,
    as in a query's ``where``, over class names of one or more words (``nut low draw``),
    each a :class:`Name` of its words in lower case, one space apart (the caller knows
    the class names).

    >>> parse_classes("Set or NOT (nut low  draw)")  # doctest: +NORMALIZE_WHITESPACE
    Chain(position=0, operators=('or',), operands=(Name(position=0, name='set'),
          Not(position=7, operand=Name(position=12, name='nut low draw'))))

    Raises:
        OmahaInputError: text the grammar does not read, named with what is wrong.
    """
    from lark.exceptions import UnexpectedInput

    try:
        tree = _parser().parse(text, start="classes")
    except UnexpectedInput as error:
        raise OmahaInputError(f"filter {excerpt(text)}: {_class_syntax_error(text, error)}") from None
    try:
        return _Builder(text).expr(tree.children[0])
    except TooDeep:
        raise OmahaInputError(
            f"filter {excerpt(text)}: nested too deeply: at most {MAX_DEPTH} levels of 'not' and bracketed operations"
        ) from None


def _class_syntax_error(text: str, error: Exception) -> str:
    """What is wrong with a class expression the grammar does not read, in a player's words."""
    from lark.exceptions import UnexpectedCharacters, UnexpectedToken

    if isinstance(error, UnexpectedCharacters):
        return f"unexpected {excerpt(text[error.pos_in_stream :].strip())}"
    token = error.token if isinstance(error, UnexpectedToken) else None
    if token is None or token.type == "$END":
        if "RPAR" in getattr(error, "expected", ()):
            return "a '(' is not closed"
        return "ends early: a class name is missing"
    if "WORD" in error.expected:  # type: ignore[attr-defined]
        return f"a class name is missing before {str(token).lower()!r}"
    return f"unexpected {str(token).lower()!r}"


class _Builder:
    """Turns the Lark tree into the frozen nodes above, refusing (``TooDeep``) an expression
    nested above ``MAX_DEPTH`` before its recursion goes deeper (Lark's LALR parser reads
    any depth with a loop; this is the first recursive walk)."""

    def __init__(self, text: str) -> None:
        self.text = text

    def query(self, tree: Any) -> Query:
        selectors, bindings, where = [], [], None
        for child in tree.children:
            if child is None:
                continue
            if getattr(child, "data", None) == "selector":
                name, expr, alias = child.children
                selectors.append(
                    Selector(str(name), self.expr(expr), None if alias is None else str(alias), name.start_pos)
                )
            elif getattr(child, "data", None) == "binding":
                name, value = child.children
                raw = str(value)
                text = raw[1:-1] if raw[:1] in "'\"" else raw
                bindings.append(Binding(str(name), text, name.start_pos, value.start_pos))
            else:
                where = self.expr(child)
        return Query(self.text, tuple(selectors), tuple(bindings), where)

    def expr(self, node: Any, depth: int = 1) -> Expr:
        from lark import Token

        if isinstance(node, Token):  # the inlined atoms have no tree of their own
            return self._token(node)
        kind = node.data
        children = node.children
        position = node.meta.start_pos if not node.meta.empty else 0
        if depth > MAX_DEPTH:
            raise TooDeep(position)
        inner = depth + 1
        if kind == "number":
            return Number(float(children[0]), position=position)
        if kind == "string":
            return String(str(children[0])[1:-1], position=position)
        if kind == "name":
            return Name(str(children[0]), position=position)
        if kind == "class_name":
            return Name(" ".join(str(word).lower() for word in children), position=position)
        if kind == "call":
            args = tuple(self.expr(c, inner) for c in children[1:] if c is not None)
            return Call(str(children[0]), args, position=position)
        if kind == "negate":
            return Negate(self.expr(children[0], inner), position=position)
        if kind == "not_":
            return Not(self.expr(children[0], inner), position=position)
        if kind in ("and_", "or_"):  # the operands only: the operator's keyword is filtered out
            operands = tuple(self.expr(c, inner) for c in children)
            return Chain((kind.rstrip("_"),) * (len(operands) - 1), operands, position=position)
        if kind == "arith":  # operand, operator, operand, operator, ...
            operators = tuple(str(op) for op in children[1::2])
            return Chain(operators, tuple(self.expr(c, inner) for c in children[::2]), position=position)
        if kind == "compare":
            left, operator, right = children
            return Binary(str(operator), self.expr(left, inner), self.expr(right, inner), position=operator.start_pos)
        if kind == "case":
            default = children[-1]
            whens = tuple((self.expr(w.children[0], inner), self.expr(w.children[1], inner)) for w in children[:-1])
            return Case(whens, None if default is None else self.expr(default, inner), position=position)
        raise AssertionError(f"unknown node {kind}")  # pragma: no cover - the grammar has no other

    def _token(self, token: Any) -> Expr:  # pragma: no cover - every atom has an alias
        raise AssertionError(f"unexpected token {token!r}")
