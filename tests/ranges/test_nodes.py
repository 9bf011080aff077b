"""The expression tree (omaha8eq.ranges.nodes): patterns and macros against the
independent ``naive_ranges`` oracle, and/or/not as set algebra, weights, the
evaluation over chunks with its progress calls."""

from __future__ import annotations

from fractions import Fraction
from math import comb

import numpy as np
import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from naive_ranges import macro, matches
from range_helpers import ALL4, SAMPLE, count, mask, members

from omaha8eq.cards import parse_cards
from omaha8eq.core.hand_isomorphism import all_hands
from omaha8eq.ranges import parse_range
from omaha8eq.ranges.nodes import CHUNK_ROWS, evaluate
from omaha8eq.ranges.syntax import parse_tree

PATTERNS = [
    "AA", "A2", "AA2*", "A23", "AAKK", "AxAy", "AxKx", "AxAyKxKy", "RROO", "RR", "RRR", "RON",
    "AsKx", "AARR", "A[2-5]", "[2-5][2-5]", "[T-A]x[T-A]x", "Rx Ry".replace(" ", ""),
    "RxOx", "RxRy", "*x*x*y*y", "Kx*x*x", "2c*x", "[2,4-5,K]A", "RwOwNwBw", "AxRxOy",
]  # fmt: skip


@pytest.mark.parametrize("pattern", PATTERNS)
def test_patterns_match_the_naive_reference(pattern):
    for k in (4, 5, 6):
        hands = SAMPLE[k]
        assert members(pattern, k, hands) == [matches(pattern, h) for h in hands], (pattern, k)


@pytest.mark.parametrize("name", ["ds", "ss", "r", "np", "low"])
@pytest.mark.parametrize("k", [4, 5, 6])
def test_macros_match_their_definitions(name, k):
    hands = SAMPLE[k]
    assert members(f"${name}", k, hands) == [macro(name, h) for h in hands]


_slot = st.tuples(
    st.sampled_from(list("2589TKA") + list("RON") + ["*", "[2-5]", "[T-A]", "[3,7,Q]"]),
    st.sampled_from(["", "", "c", "s", "x", "y", "z"]),
)


@pytest.mark.slow
@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(_slot, min_size=1, max_size=4))
def test_random_patterns_match_the_naive_reference(slots):
    pattern = "".join(r + s for r, s in slots)
    written = [r + s for r, s in slots if r in "2589TKA" and s in ("c", "s")]
    assume(len(written) == len(set(written)))  # a written card twice is an error
    # Three cards written in full and a fourth without its suit read as a mistyped hand, refused
    # (tests/ranges/test_syntax.py), not as a range.
    assume(not (len(slots) == 4 and sum(s in ("c", "s") for _, s in slots) == 3))
    hands = SAMPLE[4][:800]
    assert members(pattern, 4, hands) == [matches(pattern, h) for h in hands]


# ---------------------------------------------------------------------------
# set algebra and weights
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


@pytest.mark.slow
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


def test_nodes_know_their_depth_and_weight_denominator():
    tree = parse_tree("(AA@12.5, KK:$ds@0.01)!QQ", 4)
    assert tree.depth == 5  # And > Or > Weight > And > Macro
    # 12.5% = 1/8; 0.01% = 1/10,000; the common denominator is their lcm.
    assert tree.denominator == 10_000
    assert parse_tree("AA", 4).denominator == 1 and parse_tree("AA", 4).depth == 1
    # '@' multiplies the denominators of nested weights
    assert parse_tree("(AA@50, KK)@30", 4).denominator == 2 * 10
    weight = parse_tree("AA@33.3", 4)
    assert weight.exact == Fraction(333, 1000) and weight.weight == 33.3 / 100  # the float as before


@pytest.mark.parametrize("hole_size, calls", [(4, 1), (5, 48)])  # 5 cards: one chunk per highest card
def test_evaluation_reports_progress_after_each_chunk(hole_size, calls):
    seen = []
    hands, weights = evaluate(parse_tree("AA@50", hole_size), hole_size, lambda done, total: seen.append((done, total)))
    total = comb(52, hole_size)
    assert len(seen) == calls and seen[-1] == (total, total)
    assert [d for d, _ in seen] == sorted(d for d, _ in seen) and all(t == total for _, t in seen)
    assert np.diff([0] + [d for d, _ in seen]).max() <= CHUNK_ROWS
    assert len(hands) == count("AA", hole_size) and set(weights.tolist()) == {0.5}
    if hole_size == 4:
        assert np.array_equal(evaluate(parse_tree("*", 4), 4)[0], all_hands(4))


def test_deep_trees_evaluate_and_describe():
    """The deepest tree the parser allows evaluates and describes without recursing too deeply."""
    deep = parse_range("!" * 99 + "AA")  # 99 nots: not AA
    assert len(deep) == ALL4 - count("AA") and deep.meaning.startswith("not not")
    chain = parse_range("AA" + ":$ds" * 99)
    assert len(chain) == count("AA:$ds") and chain.meaning.count("$ds") == 99
    assert parse_range("(" * 100 + "AsAh2c3d" + ")" * 100).hands.tolist() == [sorted(parse_cards("AsAh2c3d"))]
