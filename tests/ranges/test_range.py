"""The Range object and the public functions (omaha8eq.ranges.range): counts derived
by hand, percentages, the Range API, 5- and 6-card hands, range_weights."""

from __future__ import annotations

import time
from fractions import Fraction
from math import comb

import numpy as np
import pytest
from range_helpers import ALL4, SAMPLE, count, mask

from omaha8eq.cards import parse_cards
from omaha8eq.core.hand_isomorphism import all_hands, colex_index
from omaha8eq.errors import HandSizeError, OmahaInputError
from omaha8eq.ranges import Range, parse_range, range_hands_excluding, range_weights
from omaha8eq.ranges import range as range_module

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
        _, percentile, _ = preflop_rank(list(cards))
        assert percentile - 24 / ALL4 < 0.10
    rest = parse_range("!10%")
    for cards, _ in list(rest)[::9973]:
        assert preflop_rank(list(cards)).percentile > 0.10


@pytest.mark.slow
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
    for cards, expected in zip(rows, inside, strict=True):
        rank, percentile, _ = preflop_rank(list(cards))
        assert round(percentile * total) == at_or_above[rank - 1]
        better = at_or_above[rank - 2] if rank > 1 else 0
        assert expected == (better < 0.10 * total)
    assert 5 < inside.sum() < 45
    assert (range_weights("10%, 10%-100%", rows) == 1).all()


@pytest.mark.slow
def test_five_card_percentage_counts():
    from omaha8eq.ranges.preflop import preflop_ranking

    total = comb(52, 5)
    at_or_above = preflop_ranking(5).at_or_above
    n = count("15%", 5)
    classes = int(np.searchsorted(at_or_above, 0.15 * total, side="left")) + 1
    assert n == at_or_above[classes - 1] and 0.15 * total <= n < 0.15 * total + 24
    r = parse_range("AA:5%", hole_size=5)
    assert 0 < len(r) < count("AA", 5)


# ---------------------------------------------------------------------------
# the Range object
# ---------------------------------------------------------------------------


def test_bad_arguments():
    with pytest.raises(TypeError):
        parse_range(["AA"])  # type: ignore[arg-type]
    with pytest.raises(HandSizeError):
        parse_range("AA", hole_size=7)


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


def test_parsing_is_fast():
    expr = "($ss, $ds):$low!AA!KK"
    n = count(expr)
    assert n > 100_000
    best = float("inf")
    for _ in range(3):
        range_module._RESULTS.clear()
        started = time.perf_counter()
        parse_range(expr)
        best = min(best, time.perf_counter() - started)
    assert best < 0.2, f"{n:,} hands parsed in {best:.3f} s"


# ---------------------------------------------------------------------------
# 5 and 6 hole cards
# ---------------------------------------------------------------------------


@pytest.mark.slow
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
        index = dict(zip(colex_index(full.hands).tolist(), full.weights.tolist(), strict=True))
        expected = [index.get(int(i), 0.0) for i in colex_index(np.array(hands))]
        assert range_weights(expr, hands).tolist() == expected
    five = SAMPLE[5][:3]
    assert range_weights("100%", five).tolist() == [1.0, 1.0, 1.0]


def test_syntax_table_counts():
    """Every example in the range syntax table (omaha8eq/ranges/syntax.md: what `omaha8eq
    help ranges` prints and docs/ranges.md includes) covers the number of hands it states."""
    import re
    from pathlib import Path

    section = (Path(__file__).parents[2] / "omaha8eq" / "ranges" / "syntax.md").read_text(encoding="utf-8")
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
        for expr, number in zip(examples, stated, strict=True):
            assert f"{count(expr):,}" == number, expr
            checked += 1
    assert checked >= 25


# ---------------------------------------------------------------------------
# exact weights, bad arguments, progress
# ---------------------------------------------------------------------------


def test_weights_are_kept_exactly_as_written():
    r = parse_range("KK@0.01, QQ")
    numerators, denominator = r.exact_weights()
    assert denominator == 10_000 and numerators.dtype == np.int64
    assert r.weight_of("KsKh2c3d") == 0.0001  # not raised to 0.001
    values, counts = np.unique(numerators, return_counts=True)
    assert dict(zip(values.tolist(), counts.tolist(), strict=True)) == {1: count("KK!QQ"), 10_000: count("QQ")}
    # nested weights multiply, ',' the larger, ':' the smaller, '!' one minus: all exact
    for expr, expected in [
        ("(AA@50, KK)@30", {Fraction(3, 20), Fraction(3, 10)}),
        ("(AA@33.3):(AAK@20)", {Fraction(1, 5)}),
        ("!(AA@0.7)", {Fraction(993, 1000), 1}),
        ("AA@12.5", {Fraction(1, 8)}),
        ("AA", {1}),
    ]:
        numerators, denominator = parse_range(expr).exact_weights()
        assert {Fraction(int(n), denominator) for n in np.unique(numerators)} == expected, expr
        assert np.allclose(numerators / denominator, parse_range(expr).weights, rtol=0, atol=1e-15)
    # a range built from floats: each weight as the shortest decimal that gives it back
    built = Range([[51, 50, 0, 1], [4, 5, 6, 7]], [0.3, 0.0001])
    assert built.exact_weights()[1] == 10_000 and sorted(built.exact_weights()[0].tolist()) == [1, 3_000]
    with pytest.raises(OmahaInputError, match="cannot be kept exact"):
        Range([[51, 50, 0, 1]], [1 / 3]).exact_weights()
    assert parse_range("AA").without("AsAhAdAc").exact_weights()[1] == 1
    empty = Range(np.zeros((0, 4), dtype=np.int8))
    assert empty.exact_weights()[0].shape == (0,) and empty.exact_weights()[1] == 1


@pytest.mark.parametrize(
    "call",
    [
        lambda r: r.without(2**64),
        lambda r: r.without(2**52),
        lambda r: r.without(-1),
        lambda r: r.without(np.int64(-5)),
        lambda r: r.without("AsXx"),
        lambda r: r.weight_of("AsAhXx3d"),
        lambda r: Range([[51, 50, 0, 1]], ["heavy"]),
        lambda r: Range([[51, 50, 0, 1]], [object()]),
        lambda r: range_weights("AA", [[51, 50, 0], [1, 2, 3, 4]]),
        lambda r: range_weights("AA", [51, 50, 0, 1]),
        lambda r: range_weights("AA", [["As", "Ah", "2c", "3d"]]),
        lambda r: range_weights("A" * 20_000, [[51, 50, 0, 1]]),
        lambda r: range_weights("AA:" + "!" * 200 + "KK", [[51, 50, 0, 1]]),
    ],
)
def test_bad_arguments_to_range_methods_are_input_errors(call):
    with pytest.raises(OmahaInputError) as info:
        call(parse_range("AA"))
    assert len(str(info.value)) < 250


def test_without_a_mask_names_the_argument():
    with pytest.raises(OmahaInputError, match=r"cards: a card mask must be 0 to 2\*\*52 - 1, got 18446744073709551616"):
        parse_range("AA").without(2**64)
    assert len(parse_range("AA").without((1 << 52) - 1)) == 0
    with pytest.raises(TypeError):
        parse_range("AA").without(1.5)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        range_weights(["AA"], [[51, 50, 0, 1]])  # type: ignore[arg-type]


def test_parse_range_reports_progress():
    calls = []
    range_module._RESULTS.clear()
    r = parse_range("AA:$ds", hole_size=5, progress=lambda done, total: calls.append((done, total)))
    total = comb(52, 5)
    assert len(calls) >= 2 and calls[-1] == (total, total) and calls[-2] == (total, total)
    assert len(r) == count("AA:$ds", 5)
    # from the cache: one call, at the end
    calls.clear()
    assert parse_range("AA:$ds", hole_size=5, progress=lambda *a: calls.append(a)) is r
    assert calls == [(total, total)]
    with pytest.raises(TypeError):
        parse_range("AA", progress=5)  # type: ignore[arg-type]


def test_the_package_exports_the_public_names():
    import omaha8eq
    import omaha8eq.ranges as ranges

    for name in ranges.__all__:
        assert getattr(ranges, name) is getattr(range_module, name)
    assert ranges.range_weights("AA", [[51, 50, 0, 1]]).tolist() == [1.0]
    assert omaha8eq.Range is ranges.Range and omaha8eq.parse_range is ranges.parse_range
