"""Range expressions: counts derived by hand, set algebra, weights, percentages,
errors, the Range API, and 5/6-card hands, checked against ``naive_ranges``."""

from __future__ import annotations

import random
import time
from math import comb

import numpy as np
import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from naive_ranges import macro, matches

from omaha8eq.cards import parse_cards
from omaha8eq.core.handclasses import all_hands, colex_index
from omaha8eq.errors import HandSizeError, OmahaInputError
from omaha8eq.ranges.range import (
    Range,
    RangeSyntaxError,
    _parse_cached,
    is_range_expression,
    parse_range,
    range_hands_excluding,
    range_weights,
)

ALL4 = comb(52, 4)  # 270,725


def count(expr: str, hole_size: int = 4) -> int:
    return len(parse_range(expr, hole_size=hole_size))


def mask(expr: str) -> np.ndarray:
    """The range as a boolean mask over all_hands(4) (descending colex order)."""
    out = np.zeros(ALL4, dtype=bool)
    out[ALL4 - 1 - colex_index(parse_range(expr).hands)] = True
    return out


# ---------------------------------------------------------------------------
# counts derived by hand
# ---------------------------------------------------------------------------


def test_counts_derived_by_hand():
    # AA = at least two aces: exactly 2 (C(4,2) * C(48,2) = 6 * 1128 = 6768),
    # exactly 3 (C(4,3) * 48 = 192) or all 4 (1): 6768 + 192 + 1 = 6961.
    assert comb(4, 2) * comb(48, 2) + comb(4, 3) * 48 + 1 == 6961
    assert count("AA") == 6961
    # Double-suited (suits 2-2): 6 suit pairs, C(13, 2) = 78 rank pairs in each suit.
    assert count("$ds") == 6 * 78 * 78 == 36504
    # Rainbow: one card of each suit, any rank in each: 13^4.
    assert count("$r") == 13**4 == 28561
    # Single-suited: the rest; also by suit profile 2-1-1 (4 * 78 * 3 * 13^2 = 158,184),
    # 3-1 (4 * C(13,3) * 3 * 13 = 44,616) and 4 (4 * C(13,4) = 2,860).
    assert count("$ss") == ALL4 - 36504 - 28561 == 158184 + 44616 + 2860 == 205660
    # No pair: 4 different ranks (C(13,4) = 715) in any suits (4^4).
    assert count("$np") == comb(13, 4) * 4**4 == 183040
    # AxAy: two aces always differ in suit, so it is AA.
    assert count("AxAy") == 6961
    # RROO: two different ranks (C(13,2) = 78), two of the four suits of each (6 * 6).
    assert count("RROO") == 78 * 6 * 6 == 2808
    # RR: any pair = all hands but the no-pair ones.
    assert count("RR") == ALL4 - 183040
    # AA!AAA: exactly two aces.
    assert count("AA!AAA") == 6 * comb(48, 2) == 6768
    # AxAyKxKy: one hand per suit pair.
    assert count("AxAyKxKy") == 6
    # AA:$ds: the aces in suits a, b and two more cards, one of suit a and one of b,
    # of any of the 12 other ranks (three or four aces cannot be 2-2).
    assert count("AA:$ds") == 6 * 12 * 12 == 864
    # AARR: aces, and a pair of another rank (a rank variable never takes a written rank).
    assert count("AARR") == 6 * 12 * 6 == 432
    # AxKx: As Ks, Ah Kh ... (4 * C(50, 2)), minus the 6 hands holding two suited A-K.
    assert count("AxKx") == 4 * comb(50, 2) - 6 == 4894
    # AsKx: As and a king of another suit: hands with As (C(51,3)) minus those without Kc Kd Kh.
    assert count("AsKx") == comb(51, 3) - comb(48, 3) == 3529
    # A2-5: an ace (270,725 - C(48,4)) minus ace hands without a 2-5 (C(36,4) - C(32,4)).
    a25 = (ALL4 - comb(48, 4)) - (comb(36, 4) - comb(32, 4))
    assert count("A2-5") == count("A[2-5]") == count("A[2345]") == count("A5-2") == a25 == 53200
    # $low: all hands minus those with no low card (C(20,4)) and those whose low
    # cards share one rank: 8 ranks * (4 * C(20,3) + 6 * C(20,2) + 4 * 20 + 1).
    no_low = comb(20, 4) + 8 * (4 * comb(20, 3) + 6 * comb(20, 2) + 4 * 20 + 1)
    assert count("$low") == ALL4 - no_low == 219632
    # AA2*: two aces and a deuce; * adds nothing to the count of a contained pattern.
    assert count("AA2*") == count("AA2")
    assert count("[T-A][T-A][T-A][T-A]") == comb(20, 4)


def test_every_hand():
    for expr in ("*", "random", "RANDOM", "****", "!(AA!AA)"):
        r = parse_range(expr)
        assert len(r) == ALL4 and np.array_equal(r.hands, all_hands(4))


def test_exact_hands():
    r = parse_range("AsAh2c3d")
    assert len(r) == 1 and r.hands.tolist() == [sorted(parse_cards("AsAh2c3d"))]
    assert parse_range("As Ah 2c 3d") == r == parse_range("3d2cAhAs") == parse_range("as ah 2c 3d")
    two = parse_range("AsAh2c3d, KsKhQdJd")
    assert len(two) == 2 and "KsKhQdJd" in two and "AsAh2c3d" in two and "AsAh2c4d" not in two
    # fewer written cards than hole cards: every hand holding them
    assert count("AsAh2c") == 49 and count("AsAh") == comb(50, 2)
    assert count("A♠A♥2♣3♦") == 1


# ---------------------------------------------------------------------------
# the pattern matcher and macros against the naive reference
# ---------------------------------------------------------------------------

_rng = random.Random(7)
SAMPLE = {k: [tuple(sorted(_rng.sample(range(52), k))) for _ in range(n)] for k, n in ((4, 3000), (5, 400), (6, 200))}

PATTERNS = [
    "AA", "A2", "AA2*", "A23", "AAKK", "AxAy", "AxKx", "AxAyKxKy", "RROO", "RR", "RRR", "RON",
    "AsKx", "AARR", "A[2-5]", "[2-5][2-5]", "[T-A]x[T-A]x", "Rx Ry".replace(" ", ""),
    "RxOx", "RxRy", "*x*x*y*y", "Kx*x*x", "2c*x", "[2,4-5,K]A", "RwOwNwBw", "AxRxOy",
]  # fmt: skip


def _members(expr: str, hole_size: int, hands: list[tuple[int, ...]]) -> list[bool]:
    """Membership from the full scan (4 cards) or from range_weights on the rows (5, 6)."""
    if hole_size > 4:
        return (range_weights(expr, hands) > 0).tolist()
    r = parse_range(expr, hole_size=hole_size)
    index = set(colex_index(r.hands).tolist()) if len(r) else set()
    return [int(i) in index for i in colex_index(np.array(hands))]


@pytest.mark.parametrize("pattern", PATTERNS)
def test_patterns_match_the_naive_reference(pattern):
    for k in (4, 5, 6):
        hands = SAMPLE[k]
        assert _members(pattern, k, hands) == [matches(pattern, h) for h in hands], (pattern, k)


@pytest.mark.parametrize("name", ["ds", "ss", "r", "np", "low"])
@pytest.mark.parametrize("k", [4, 5, 6])
def test_macros_match_their_definitions(name, k):
    hands = SAMPLE[k]
    assert _members(f"${name}", k, hands) == [macro(name, h) for h in hands]


_slot = st.tuples(
    st.sampled_from(list("2589TKA") + list("RON") + ["*", "[2-5]", "[T-A]", "[3,7,Q]"]),
    st.sampled_from(["", "", "c", "s", "x", "y", "z"]),
)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(_slot, min_size=1, max_size=4))
def test_random_patterns_match_the_naive_reference(slots):
    pattern = "".join(r + s for r, s in slots)
    written = [r + s for r, s in slots if r in "2589TKA" and s in ("c", "s")]
    assume(len(written) == len(set(written)))  # a written card twice is an error
    hands = SAMPLE[4][:800]
    assert _members(pattern, 4, hands) == [matches(pattern, h) for h in hands]


# ---------------------------------------------------------------------------
# set algebra
# ---------------------------------------------------------------------------

ATOMS = ["AA", "KK", "A2", "$ds", "$ss", "$r", "$np", "$low", "RROO", "AxKx", "[2-5][2-5]", "A2-5", "T*", "Qs"]


def _expressions():
    return st.recursive(
        st.sampled_from(ATOMS),
        lambda inner: st.one_of(
            st.tuples(inner, inner).map(lambda t: f"({t[0]}):({t[1]})"),
            st.tuples(inner, inner).map(lambda t: f"({t[0]}),({t[1]})"),
            st.tuples(inner, inner).map(lambda t: f"({t[0]})!({t[1]})"),
            inner.map(lambda e: f"!({e})"),
        ),
        max_leaves=4,
    )


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_expressions(), _expressions())
def test_and_or_not_are_set_algebra(a, b):
    ma, mb = mask(a), mask(b)
    assert np.array_equal(mask(f"({a}):({b})"), ma & mb)
    assert np.array_equal(mask(f"({a}), ({b})"), ma | mb)
    assert np.array_equal(mask(f"!({a})"), ~ma)
    assert np.array_equal(mask(f"({a})!({b})"), ma & ~mb)
    assert np.array_equal(mask(f"!(({a}), ({b}))"), mask(f"!({a}):!({b})"))  # De Morgan
    assert np.array_equal(mask(f"({a}):({b})"), mask(f"({b}):({a})"))


def test_precedence():
    # ':' and '!' bind tighter than ','; '!' prefix tighter than ':'
    assert parse_range("AA, KK:$ds") == parse_range("AA, (KK:$ds)")
    assert parse_range("AA:$ds, KK") == parse_range("(AA:$ds), KK")
    assert parse_range("!AA:$ds") == parse_range("(!AA):$ds")
    assert parse_range("AA!KK:$ds") == parse_range("(AA!KK):$ds")
    assert parse_range("AA!AAA!AAAA") == parse_range("AA!AAA")


# ---------------------------------------------------------------------------
# weights
# ---------------------------------------------------------------------------


def test_weights():
    half = parse_range("AA2*@50")
    assert len(half) == count("AA2*") and set(half.weights.tolist()) == {0.5}
    assert half.is_weighted and half.total_weight == pytest.approx(len(half) / 2)
    assert not parse_range("AA").is_weighted
    assert parse_range("AA@100") == parse_range("AA")
    assert parse_range("AA@12.5%").weights[0] == 0.125
    # ',' takes the larger weight
    mixed = parse_range("AA@50, AAKK")
    assert len(mixed) == 6961
    assert mixed.weight_of("AsAhKdKc") == 1.0 and mixed.weight_of("AsAh2d3c") == 0.5
    assert mixed.weight_of("KsKh2d3c") == 0.0
    assert parse_range("AAKK, AA@50") == mixed
    # '@' applies to everything back to the previous ',' or '('
    assert parse_range("AA:$ds@50") == parse_range("(AA:$ds)@50")
    assert parse_range("(AA@50, KK)@50").weight_of("AsAh2c3d") == 0.25
    # ':' the smaller, '!' one minus
    assert set(parse_range("(AA@50):(AAK@20)").weights.tolist()) == {0.2}
    inverted = parse_range("!(AA@25)")
    assert len(inverted) == ALL4 and inverted.weight_of("AsAh2c3d") == 0.75 and inverted.weight_of("2c3c4c5c") == 1.0
    assert len(parse_range("AA!(AA@50)")) == 6961  # weight min(1, 0.5)
    # iteration gives (cards, weight)
    cards, weight = next(iter(parse_range("AsAh2c3d@30")))
    assert cards == tuple(sorted(parse_cards("AsAh2c3d"))) and weight == pytest.approx(0.3)


# ---------------------------------------------------------------------------
# percentages
# ---------------------------------------------------------------------------


def test_percentages():
    from omaha8eq.ranges.preflop import preflop_ranking

    assert len(parse_range("100%")) == ALL4 and np.array_equal(parse_range("100%").hands, all_hands(4))
    assert len(parse_range("0%")) == 0
    sizes = preflop_ranking().sizes
    for p in (1, 5, 15, 33.3, 50):
        n = count(f"{p}%")
        # whole classes, best first, up to and including the one crossing p%
        at_or_above = np.cumsum(sizes)
        classes = int(np.searchsorted(at_or_above, p / 100 * ALL4, side="left")) + 1
        assert n == at_or_above[classes - 1]
        assert p / 100 * ALL4 <= n < p / 100 * ALL4 + 24
    assert np.array_equal(mask("5%, 5%-15%"), mask("15%"))
    assert np.array_equal(mask("5%-15%"), mask("15%!5%"))
    assert not (mask("5%-15%") & mask("5%")).any()
    assert count("5% - 15%") == count("15%") - count("5%")
    assert "AsAh2s3h" in parse_range("1%") and "7c2d9hKs" not in parse_range("50%")
    assert "2c2d2h2s" in parse_range("99.9%-100%")


def test_percentages_agree_with_preflop_rank():
    from omaha8eq.ranges.preflop import preflop_rank

    top = parse_range("10%")
    for cards, _ in list(top)[::997]:
        rank, percentile, _ = preflop_rank(list(cards))
        assert percentile - 24 / ALL4 < 0.10
    rest = parse_range("!10%")
    for cards, _ in list(rest)[::9973]:
        assert preflop_rank(list(cards)).percentile > 0.10


# ---------------------------------------------------------------------------
# errors
# ---------------------------------------------------------------------------

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


@pytest.mark.parametrize("k", [5, 6])
def test_percentages_of_five_and_six_card_hands(k):
    """A percentage takes whole classes of the k-card ranking, best first."""
    from omaha8eq.ranges.preflop import preflop_rank, preflop_ranking

    total = comb(52, k)
    at_or_above = preflop_ranking(k).at_or_above
    # On given rows (no scan of all hands): in the top 10% exactly when the hands of
    # the better classes are fewer than 10% of all hands.
    rows = SAMPLE[k][:200]
    inside = range_weights("10%", rows) > 0
    for cards, expected in zip(rows, inside):
        rank, percentile, _ = preflop_rank(list(cards))
        assert round(percentile * total) == at_or_above[rank - 1]
        better = at_or_above[rank - 2] if rank > 1 else 0
        assert expected == (better < 0.10 * total)
    assert 5 < inside.sum() < 45
    assert (range_weights("10%, 10%-100%", rows) == 1).all()


def test_five_card_percentage_counts():
    from omaha8eq.ranges.preflop import preflop_ranking

    total = comb(52, 5)
    at_or_above = preflop_ranking(5).at_or_above
    n = count("15%", 5)
    classes = int(np.searchsorted(at_or_above, 0.15 * total, side="left")) + 1
    assert n == at_or_above[classes - 1] and 0.15 * total <= n < 0.15 * total + 24
    r = parse_range("AA:5%", hole_size=5)
    assert 0 < len(r) < count("AA", 5)


def test_bad_arguments():
    with pytest.raises(TypeError):
        parse_range(["AA"])  # type: ignore[arg-type]
    with pytest.raises(HandSizeError):
        parse_range("AA", hole_size=7)


# ---------------------------------------------------------------------------
# the Range object
# ---------------------------------------------------------------------------


def test_range_object():
    r = parse_range("AA:$ds")
    assert r.hands.dtype == np.int8 and r.hands.shape == (864, 4) and r.weights.shape == (864,)
    assert (np.diff(r.hands.astype(int), axis=1) > 0).all()  # rows sorted, no repeats
    assert len(np.unique(colex_index(r.hands))) == 864
    assert r.count == len(r) == 864 and r.hole_size == 4 and r.expression == "AA:$ds"
    assert str(r) == "AA:$ds" and repr(r) == "<Range 'AA:$ds': 864 4-card hands>"
    assert r.describe().startswith("holding two aces and $ds: double-suited")
    assert "864 hands (0.32% of the 270,725 4-card hands)" in r.describe()
    with pytest.raises(ValueError):
        r.hands[0, 0] = 0  # read-only
    with pytest.raises(ValueError):
        r.weights[0] = 0.5
    # classes: the two suits are interchangeable, so one class per unordered pair of
    # kickers' ranks {r1, r2} from the 12 non-aces (with repetition): 12 * 13 / 2
    assert r.classes() == 78
    assert sum(1 for _ in r) == 864
    assert r.masks.dtype == np.int64 and bin(int(r.masks[0])).count("1") == 4


def test_without_drops_hands_with_given_cards():
    r = parse_range("AA")
    kept = r.without("As Kd")
    assert all(51 not in cards and 45 not in cards for cards, _ in kept)
    hands, weights = range_hands_excluding(r, (1 << 51) | (1 << 45))
    assert np.array_equal(hands, kept.hands) and len(weights) == len(kept)
    assert r.without("") is r and r.without(0) is r
    # two or three of Ah Ad Ac, the rest from the 47 other cards left (52 - As - Kd - 3 aces)
    expected = comb(3, 2) * comb(47, 2) + comb(3, 3) * 47
    assert len(kept) == expected


def test_range_from_hands():
    r = Range([[51, 50, 0, 1], [0, 1, 50, 51], [4, 5, 6, 7]], [0.5, 1.0, 0.25])
    assert len(r) == 2  # the first two are one hand; the larger weight is kept
    assert r.weight_of("AsAh2c2d") == 1.0 and r.weight_of("3c3d3h3s") == 0.25
    assert r.expression is None and r.hole_size == 4
    with pytest.raises(OmahaInputError):
        Range([[0, 0, 1, 2]])
    with pytest.raises(OmahaInputError):
        Range([[0, 1, 2, 3]], [0.0])
    with pytest.raises(HandSizeError):
        Range([[0, 1, 2]])
    assert parse_range("AsAh2c3d") == Range([parse_cards("AsAh2c3d")])


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
    assert is_range_expression("AsAh2c3")  # a valid pattern: As Ah 2c and any three


def test_parsing_is_fast():
    expr = "($ss, $ds):$low!AA!KK"
    n = count(expr)
    assert n > 100_000
    best = float("inf")
    for _ in range(3):
        _parse_cached.cache_clear()
        started = time.perf_counter()
        parse_range(expr)
        best = min(best, time.perf_counter() - started)
    assert best < 0.2, f"{n:,} hands parsed in {best:.3f} s"


# ---------------------------------------------------------------------------
# 5 and 6 hole cards
# ---------------------------------------------------------------------------


def test_five_card_counts():
    # AA with 5 cards: 2, 3 or 4 aces among 5.
    assert count("AA", 5) == 6 * comb(48, 3) + 4 * comb(48, 2) + 48 == 108336
    # double-suited = suit profiles 2-2-1 (6 * 78^2 * 2 * 13) and 3-2 (4 * 3 * C(13,3) * 78)
    assert count("$ds", 5) == 6 * 78 * 78 * 26 + 12 * comb(13, 3) * 78 == 1216800
    assert count("$r", 5) == 0  # five cards always have two of one suit
    assert count("$np", 5) == comb(13, 5) * 4**5
    assert count("AsAh2c3d", 5) == 48 and count("AsAh2c3dKc", 5) == 1
    assert count("*", 5) == comb(52, 5)
    r = parse_range("AAKK", hole_size=5)
    # AAKKx (6 * 6 * 44 other cards), AAAKK (4 * 6), AAKKK (6 * 4)
    assert r.hands.shape[1] == 5 and len(r) == 6 * 6 * 44 + 4 * 6 + 6 * 4 == 1632
    assert r.hole_size == 5


def test_six_card_hands():
    # suit pairs {x, y}: Ax Kx Ay Ky + any 2 of 48 (6 * 1128), minus the 12 over-counted
    # pairs of suit pairs sharing a suit (each one hand of 3 suited A-K), plus the 4 triples.
    r = parse_range("AxAyKxKy", hole_size=6)
    assert len(r) == 6 * comb(48, 2) - 12 + 4 == 6760
    assert r.hands.shape == (6760, 6)
    assert count("AsAh2c3dKc9d", 6) == 1
    assert count("AsAh2c3dKc9d, AsAh2c3dKc9h@50", 6) == 2


def test_range_weights_on_given_rows():
    hands = SAMPLE[4][:500]
    for expr in ("AA@50, $ds", "15%", "!($low:$np)", "5%-25%@30"):
        full = parse_range(expr)
        index = dict(zip(colex_index(full.hands).tolist(), full.weights.tolist()))
        expected = [index.get(int(i), 0.0) for i in colex_index(np.array(hands))]
        assert range_weights(expr, hands).tolist() == expected
    five = SAMPLE[5][:3]
    assert range_weights("100%", five).tolist() == [1.0, 1.0, 1.0]


def test_readme_ranges_table_counts():
    """Every example in README.md's syntax table covers the number of hands it states."""
    import re
    from pathlib import Path

    text = (Path(__file__).parents[1] / "README.md").read_text(encoding="utf-8")
    section = text[text.index("## Ranges") : text.index("### Preflop ranking")]
    checked = 0
    for line in section.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if not line.startswith("| ") or len(cells) != 4 or cells[0] == "element":
            continue
        examples = re.findall(r"`([^`]+)`", cells[1])
        stated = re.findall(r"\d{1,3}(?:,\d{3})*", cells[2])
        if len(stated) == 1:
            stated *= len(examples)
        assert len(stated) == len(examples), line
        for expr, number in zip(examples, stated):
            assert f"{count(expr):,}" == number, expr
            checked += 1
    assert checked >= 25
