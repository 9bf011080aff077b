"""The syntax of the range language (omaha8eq.ranges.syntax): precedence, errors
that name the position and the text, and the limits on size, depth and weights."""

from __future__ import annotations

from math import comb

import pytest

from omaha8eq.errors import OmahaInputError
from omaha8eq.ranges import RangeSyntaxError, is_range_expression, parse_range
from omaha8eq.ranges.syntax import (
    EXCERPT_LENGTH,
    MAX_EXPRESSION_LENGTH,
    MAX_NESTING,
    RANGE_ONLY_CHARACTERS,
    MistypedHandError,
    excerpt,
)

ERRORS = [
    # expression, 0-based position, offending text, words in the message
    ("AA:$xx", 3, "$xx", "unknown macro"),
    ("AA,", 3, "", "expected a hand"),
    ("(AA", 3, "", "expected ')'"),
    ("AA)", 2, ")", "unmatched ')'"),
    ("AA@0", 3, "0", "weight"),
    ("AA@150", 3, "150", "weight"),
    ("AA@", 3, "", "weight"),
    ("AA@50@50", 5, "@", "second weight"),
    ("AAKKQ", 0, "AAKKQ", "5 cards"),
    ("AsAs", 0, "AsAs", "As is written twice"),
    ("Ax Ky", 2, " ", "space inside a pattern"),
    ("AA KK", 2, " ", "space inside a pattern"),
    ("A2-", 3, "", "expected a rank after '-'"),
    ("[2-5", 4, "", "expected ']'"),
    ("[]", 0, "[]", "empty rank list"),
    ("15%-5%", 0, "15%-5%", "runs backwards"),
    ("120%", 0, "120%", "at most 100"),
    ("sA", 0, "s", "a suit needs a rank"),
    ("Gx", 0, "G", "expected a rank"),
    ("AA:", 3, "", "expected a hand"),
    ("AA::KK", 3, ":", "expected a hand"),
    ("AA $ds", 3, "$", "expected ','"),
    ("", 0, "", "empty expression"),
]


@pytest.mark.parametrize("expr, position, text, words", ERRORS)
def test_errors_name_position_and_text(expr, position, text, words):
    with pytest.raises(RangeSyntaxError) as info:
        parse_range(expr)
    err = info.value
    assert isinstance(err, OmahaInputError) and isinstance(err, ValueError)
    assert (err.position, err.text) == (position, text)
    message = str(err)
    assert words in message and f"at position {position + 1}" in message
    assert repr(expr) in message
    if text:
        assert repr(text) in message


def test_precedence():
    # ':' and '!' bind tighter than ','; '!' prefix tighter than ':'
    assert parse_range("AA, KK:$ds") == parse_range("AA, (KK:$ds)")
    assert parse_range("AA:$ds, KK") == parse_range("(AA:$ds), KK")
    assert parse_range("!AA:$ds") == parse_range("(!AA):$ds")
    assert parse_range("AA!KK:$ds") == parse_range("(AA!KK):$ds")
    assert parse_range("AA!AAA!AAAA") == parse_range("AA!AAA")


def test_is_range_expression():
    for text in ("AsAh2c3d", "As Ah 2c 3d", "as,ah,2c,3d", "AsAh2c", "random", " Random ", "A♠A♥2♣3♦"):
        assert not is_range_expression(text), text
    for text in ("AA", "AA2*", "$ds", "15%", "AsAh2c3d, KsKhQdJd", "AsAh2c3d@50", "*", "AxAy", "(AsAh2c3d)"):
        assert is_range_expression(text), text
    assert not is_range_expression(None) and not is_range_expression(["As", "Ah"])
    # malformed: a range when it has range punctuation (the range error names the place),
    # else cards (the card error names the bad card)
    assert is_range_expression("AA:$xs") and is_range_expression("(AA") and is_range_expression("AAKKQQ")
    assert not is_range_expression("AsAhXx3d")
    # a valid pattern (so the range parser names the mistake), refused as a mistyped 4-card hand
    assert is_range_expression("AsAh2c3")


MISTYPED = [
    # text, hole size, 0-based position, offending text, words of the message
    (
        "KsKhQdJ",
        4,
        6,
        "J",
        "4th card has no suit: give it one, or write KsKhQd[J] for the range of those cards with any jack",
    ),
    ("KsKhQdJx", 4, 6, "Jx", "suit 'x' is a suit variable, not a suit (c d h s): give it a suit, or write KsKhQd[J]x"),
    ("AsAhKsKw", 4, 6, "Kw", "write AsAhKs[K]w for the range of those cards with a king of a suit not written"),
    ("JsKhQdJ", 4, 6, "J", "write JsKhQd[J]"),  # the bad card's rank also written earlier
    ("Ks Kh Qd J", 4, 9, "J", "4th card has no suit"),  # spaced
    ("Ks Kh 10 Qd", 4, 6, "10", "3rd card has no suit: give it one, or write KsKh[10]Qd"),
    ("K♠K♥Q♦J", 4, 6, "J", "write K♠K♥Q♦[J]"),
    ("AA, KsKhQdJ@50", 4, 10, "J", "4th card has no suit"),  # inside an expression
    ("AsKsQsJs2", 5, 8, "2", "5th card has no suit"),
    ("AsKsQsJsTs9", 6, 10, "9", "6th card has no suit"),
]


@pytest.mark.parametrize("expr, hole_size, position, text, words", MISTYPED)
def test_a_hand_with_one_card_mistyped_is_refused_with_the_range_it_could_mean(expr, hole_size, position, text, words):
    with pytest.raises(MistypedHandError) as info:
        parse_range(expr, hole_size=hole_size)
    err = info.value
    assert isinstance(err, RangeSyntaxError) and (err.position, err.text) == (position, text)
    assert words in str(err) and f"at position {position + 1} ({text!r})" in str(err)


@pytest.mark.parametrize(
    "expr, hole_size, meant",
    [
        ("KsKhQd[J]", 4, ["KsKhQdJc", "KsKhQdJd", "KsKhQdJh", "KsKhQdJs"]),
        ("KsKhQd[J]x", 4, ["KsKhQdJc"]),
        ("AsAhKs[K]w", 4, ["AsAhKsKd", "AsAhKsKc"]),
    ],
)
def test_the_suggested_spelling_is_the_range_the_text_used_to_mean(expr, hole_size, meant):
    assert parse_range(expr, hole_size=hole_size) == parse_range(", ".join(meant), hole_size=hole_size)


@pytest.mark.parametrize(
    "expr, hole_size, count",
    [
        ("KsKhQdJ", 5, 186),  # one card short of a 5-card hand: a pattern
        ("Ah3dQQ", 4, 6),  # two cards without a suit: a pattern (as documented)
        ("AsAhKxKy", 4, 1),  # two suit variables relate to each other: a pattern (AsAhKdKc)
        ("AsAh2c*", 4, 49),
        ("AsAh2cR", 4, 44),
        ("AsAh2c3-5", 4, 12),
        ("AsK", 4, comb(51, 3) - comb(47, 3)),  # shorter than a hand: As and a king
    ],
)
def test_patterns_not_one_card_short_of_a_hand_are_ranges_as_before(expr, hole_size, count):
    assert len(parse_range(expr, hole_size=hole_size)) == count


@pytest.mark.parametrize(
    "expr",
    ["!" * 500 + "AA", "AA" + ":$ds" * 500, "(" * 500 + "AA" + ")" * 500, "AA" + "!KK" * 200, "!(" * 120 + "AA"],
)
def test_deep_expressions_are_refused_with_the_nesting_limit(expr):
    with pytest.raises(RangeSyntaxError, match=f"nested more than {MAX_NESTING} levels deep"):
        parse_range(expr)
    assert is_range_expression(expr)  # range punctuation: the range error is the one reported


def test_the_nesting_limit_is_the_documented_depth():
    assert MAX_NESTING == 100
    parse_range("!" * 99 + "AA")  # 100 levels: the 99 nots and AA
    with pytest.raises(RangeSyntaxError) as info:
        parse_range("!" * 100 + "AA")
    assert info.value.position == 0  # the outermost '!' is the 101st level
    parse_range("(" * 100 + "AA" + ")" * 100)
    with pytest.raises(RangeSyntaxError):
        parse_range("(" * 101 + "AA" + ")" * 101)


@pytest.mark.parametrize(
    "expr, position",
    [
        ("AA, " * 250_000 + "$xs", 1_000_000),  # a 1 MB expression (over the length limit)
        ("AA, " * 2_000 + "$xs" + ", KK" * 400, 8_000),
        ("$" + "x" * 5_000, 0),
        ("AA:" + "9" * 5_000 + "%", 3),
        ("AA@" + "5" * 5_000, 3),
    ],
)
def test_messages_quote_a_short_excerpt(expr, position):
    with pytest.raises(RangeSyntaxError) as info:
        parse_range(expr)
    message = str(info.value)
    assert len(message) < 250, message
    if len(expr) <= MAX_EXPRESSION_LENGTH:
        assert info.value.position == position and f"at position {position + 1}" in message
        assert "..." in message
        assert excerpt(expr, position).strip(".") in message


def test_excerpts():
    assert excerpt("AA:$ds") == "AA:$ds"
    text = "a" * 50 + "!" + "b" * 50
    assert excerpt(text, 50) == "..." + "a" * 20 + "!" + "b" * 19 + "..."
    assert excerpt(text, 0) == "a" * 40 + "..."
    assert excerpt(text, 101) == "..." + "b" * 40
    assert len(excerpt("x" * 10_000, 5_000)) == EXCERPT_LENGTH + 6


def test_weights_too_fine_to_keep_exact_are_refused():
    parse_range("AA@0.0000000001")  # 1e-12 of a hand: the finest weight
    with pytest.raises(RangeSyntaxError, match="too fine"):
        parse_range("AA@0.00000000001")
    with pytest.raises(RangeSyntaxError, match="too fine") as info:
        parse_range("(AA@0.0001)@0.00001")  # 1e-6 * 1e-7
    assert info.value.position == len("(AA@0.0001)")


def test_range_only_characters():
    assert frozenset(":!@()*[]$%-") == RANGE_ONLY_CHARACTERS
    assert "," not in RANGE_ONLY_CHARACTERS  # a comma also separates written cards
    # a string that reads as neither cards nor a range is a range exactly when it holds one
    for ch in sorted(RANGE_ONLY_CHARACTERS):
        assert is_range_expression("AsAhXx3d" + ch), ch
    assert not is_range_expression("AsAhXx3d, KsKhQdJd")


def test_overlong_text_is_a_range_only_with_range_characters():
    assert is_range_expression("AA, " * 5_000)  # parse_range then reports the length
    assert not is_range_expression("AsAhXx3d" * 2_000)  # left to the card parser
    with pytest.raises(RangeSyntaxError, match="longer than 10,000 characters"):
        parse_range("AA, " * 5_000)
