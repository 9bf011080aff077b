"""The parser and the checker: the documented errors, and fuzzed queries never a traceback."""

from __future__ import annotations

import random

import pytest

from omaha8eq.errors import OmahaInputError
from omaha8eq.pql.check import check_query, low_value
from omaha8eq.pql.functions import FUNCTIONS, render_table
from omaha8eq.pql.syntax import (
    MAX_QUERY_LENGTH,
    Binary,
    Call,
    Case,
    Chain,
    Name,
    Negate,
    Not,
    Number,
    QueryError,
    QuerySyntaxError,
    String,
    parse_query,
)

FROM = " from game='omaha8', hero='A2**', villain='15%'"


def error_of(text):
    with pytest.raises(OmahaInputError) as caught:
        check_query(parse_query(text))
    return caught.value


def test_the_tree_of_the_issue_example():
    query = parse_query(
        "SELECT count(tiesLo(hero)) AS lostSomeChips\n"
        "from game='omaha8', hero='A2**', villain1='15%', villain2=\"15%\"\n"
        "where nutLo(hero, river) and not (winsHi(hero) or tiesHi(hero)) -- a comment"
    )
    (selector,) = query.selectors
    assert selector.kind == "count" and selector.alias == "lostSomeChips"
    assert [(b.name, b.value) for b in query.bindings] == [
        ("game", "omaha8"),
        ("hero", "A2**"),
        ("villain1", "15%"),
        ("villain2", "15%"),
    ]
    where = query.where
    assert isinstance(where, Chain) and where.operators == ("and",)
    left, right = where.operands
    assert isinstance(left, Call) and left.name == "nutLo"
    assert [type(a) for a in left.arguments] == [Name, Name]
    assert isinstance(right, Not) and isinstance(right.operand, Chain) and right.operand.operators == ("or",)
    assert [c.name for c in right.operand.operands] == ["winsHi", "tiesHi"]


def test_precedence_and_case():
    # One precedence is one flat chain, read left to right: (1 + (2 * -3)) - (4 / 2).
    expr = parse_query("select avg(1 + 2 * -3 - 4 / 2) from p='*'").selectors[0].expr
    assert isinstance(expr, Chain) and expr.operators == ("+", "-")
    one, product, quotient = expr.operands
    assert one == Number(1.0, position=one.position)
    assert isinstance(product, Chain) and product.operators == ("*",)
    assert product.operands[0] == Number(2.0, position=product.operands[0].position)
    assert isinstance(product.operands[1], Negate)
    assert isinstance(quotient, Chain) and quotient.operators == ("/",) and len(quotient.operands) == 2
    expr = parse_query("select avg(case when a then 1 when b then 2 else 3 end) from p='*'").selectors[0].expr
    assert (
        isinstance(expr, Case) and len(expr.whens) == 2 and expr.default == Number(3.0, position=expr.default.position)
    )
    expr = parse_query("select count(turnCard() = 'As') from p='*'").selectors[0].expr
    assert isinstance(expr, Binary) and isinstance(expr.right, String) and expr.right.text == "As"


def test_syntax_errors_name_the_position_with_a_caret():
    error = error_of("select count(winsHi(hero) from hero='A2**'")
    assert isinstance(error, QuerySyntaxError)
    lines = str(error).splitlines()
    assert lines[0].startswith("query: syntax error at column 27: unexpected word 'from'")
    assert lines[1] == "  select count(winsHi(hero) from hero='A2**'"
    assert lines[2] == "  " + " " * 26 + "^"
    error = error_of("select count(x)\nfrom hero='A2**'\nwhere x >")
    assert "line 3, column 10" in str(error) and "ends too early" in str(error)
    assert "never closed" in str(error_of("select count(x) from hero='A2**"))
    assert "unexpected character '#'" in str(error_of("select count(#) from hero='A2**'"))


def test_unknown_function_suggests_the_closest_name():
    assert "unknown function 'winHi' (did you mean 'winsHi'?)" in str(error_of("select count(winHi(hero))" + FROM))
    assert "(did you mean 'nutLo'?)" in str(error_of("select count(nutlo(hero, river))" + FROM))
    assert "is a selector" in str(error_of("select count(avg(hero))" + FROM))
    assert "unknown selector 'cnt' (did you mean 'count'?)" in str(error_of("select cnt(winsHi(hero))" + FROM))


def test_type_errors_name_the_argument():
    message = str(error_of("select count(handType(hero, river) = 3)" + FROM))
    assert "'=' compares a hand type with a number" in message
    message = str(error_of("select count(nutLo(river, hero))" + FROM))
    assert "nutLo's argument 1 (player) must be a player, got a street" in message
    message = str(error_of("select count(minHandType(hero, river, 3))" + FROM))
    assert "argument 3 (type) must be a hand type, got a number" in message
    assert "takes 2 argument(s), got 1" in str(error_of("select count(nutLo(hero))" + FROM))
    assert "count takes a boolean, got a number" in str(error_of("select count(riverEquity(hero))" + FROM))
    assert "the where clause must be a boolean" in str(error_of("select count(scoops(hero))" + FROM + " where 1"))
    assert "not an 8-or-better low" in str(error_of("select count(loRating(hero, river) = '9432A')" + FROM))
    assert "expected one card" in str(error_of("select count(turnCard() = 'AsKs')" + FROM))


def test_players_not_declared_are_named():
    message = str(error_of("select count(winsHi(villian))" + FROM))
    assert "unknown name 'villian' (did you mean 'villain'?)" in message
    assert "not a player declared in from (hero, villain)" in message
    assert "declared twice" in str(error_of("select count(winsHi(hero)) from hero='AA**', hero='KK**'"))
    assert "declares no player" in str(error_of("select count(pairedBoard(flop)) from game='omaha8'"))
    assert "unknown game 'omaha9'" in str(error_of("select count(winsHi(hero)) from game='omaha9', hero='AA**'"))
    assert "board" in str(error_of("select count(winsHi(hero)) from board='AsXx', hero='AA**'"))


def test_documented_limits():
    with pytest.raises(QueryError, match="empty"):
        parse_query("  ")
    with pytest.raises(QueryError, match="characters"):
        parse_query("select " + "x" * MAX_QUERY_LENGTH)
    with pytest.raises(TypeError):
        parse_query(42)


def test_low_values():
    assert low_value("5432A") == 55 and low_value("8-7-6-5-4") == 0 and low_value("54321") == 55
    assert low_value("9432A") is None and low_value("AAAAA") is None


def test_every_function_example_checks():
    for function in FUNCTIONS.values():
        checked = check_query(parse_query(function.example))
        assert checked.players, function.name
    table = render_table()
    assert all(f"{name}(" in table for name in FUNCTIONS)
    assert render_table(markdown=True).count("\n") == len(FUNCTIONS) + 2


PIECES = [
    "select", "from", "where", "count", "avg", "(", ")", ",", "hero", "villain", "=", "'A2**'", "'15%'",
    "winsHi", "nutLo", "river", "flop", "and", "or", "not", "case", "when", "then", "else", "end", "1",
    "2.5", "+", "-", "*", "/", "<", ">=", "<>", "as", "x", "flush", "'As'", "game", "'omaha8'", "#", "'",
]  # fmt: skip


def test_fuzzed_queries_raise_input_errors_only():
    rng = random.Random(25)
    base = "select count(nutLo(hero, river) and winsHi(hero)) from game='omaha8', hero='A2**', villain='15%'"
    for _ in range(1500):
        if rng.random() < 0.5:
            text = " ".join(rng.choice(PIECES) for _ in range(rng.randint(1, 25)))
        else:  # a real query with a few pieces dropped, repeated or swapped
            words = base.replace("(", " ( ").replace(")", " ) ").replace(",", " , ").split()
            for _ in range(rng.randint(1, 3)):
                i = rng.randrange(len(words))
                words[i : i + 1] = rng.choice([[], [rng.choice(PIECES)], [words[i], words[i]]])
            text = " ".join(words)
        try:
            check_query(parse_query(text))
        except OmahaInputError as error:
            assert str(error).startswith("query: ") or "from" in str(error) or ":" in str(error)
