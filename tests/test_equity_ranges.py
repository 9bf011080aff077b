"""Equity with ranges: exact card removal, weights, per-hand results, Monte Carlo."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

import numpy as np
import pytest
from range_helpers import combination_path

from omaha8eq import equity
from omaha8eq.engine.options import RunOptions
from omaha8eq.errors import OmahaInputError

HERO = "As Ah 2c 3d"
FLOP = "4c 5d 7s"


def exact(hands, board=FLOP, dead=""):
    return [p.exact_equity() for p in equity(hands, board, dead, exhaustive=True).players]


def test_a_range_of_one_hand_is_that_hand():
    assert exact([HERO, "KsKhQdJd"]) == exact([HERO, "KsKhQdJd, KsKhQdJd"])


def test_hand_against_explicit_hands_is_their_average():
    villains = ["KsKhQdJd", "9h9d8c7c", "QhQs6d6h"]
    result = equity([HERO, ", ".join(villains)], FLOP, exhaustive=True, by_hand=True)
    assert result.exhaustive
    separate = [exact([HERO, v])[0] for v in villains]
    assert result.players[0].exact_equity() == sum(separate) / 3
    per_hand = {h.hand: h for h in result.players[1].by_hand}
    for villain, hero_equity in zip(villains, separate, strict=True):
        cards = " ".join(sorted(villain[i : i + 2] for i in range(0, 8, 2)))
        match = [h for text, h in per_hand.items() if sorted(text.split()) == sorted(cards.split())]
        assert len(match) == 1
        assert match[0].equity == pytest.approx(float(1 - hero_equity), abs=1e-12)
        assert match[0].frequency == pytest.approx(1 / 3)


def test_range_hands_holding_known_cards_are_left_out():
    # KsKh... holds the 4c of the board and is dropped; only 9h9d8c7c remains.
    with_blocked = exact([HERO, "Ks Kh Qd 4c, 9h9d8c7c"])
    assert with_blocked == exact([HERO, "9h9d8c7c"])


def test_weights_scale_each_hand():
    weighted = equity([HERO, "KsKhQdJd@50, 9h9d8c7c"], FLOP, exhaustive=True)
    kings, nines = exact([HERO, "KsKhQdJd"])[0], exact([HERO, "9h9d8c7c"])[0]
    assert weighted.players[0].exact_equity() == (kings + 2 * nines) / 3


def test_two_ranges_deal_jointly_without_bias():
    # Villain 1 holds A or B, villain 2 holds C or D; A and C share the Kd. The valid
    # deals (A, D), (B, C), (B, D) are equally likely: A is dealt 1/3 of the time.
    # Dealing villain 1 first and then resampling villain 2 would give A 1/2.
    a, b, c, d = "KdKhQdJd", "9h9d8c7c", "KdQsJsTs", "6h6d6c6s"
    combos = [(a, d), (b, c), (b, d)]
    expected = sum(exact([HERO, x, y])[0] for x, y in combos) / 3
    result = equity([HERO, f"{a}, {b}", f"{c}, {d}"], FLOP, exhaustive=True, by_hand=True)
    assert result.players[0].exact_equity() == expected
    frequencies = sorted(h.frequency for h in result.players[1].by_hand)
    assert frequencies == pytest.approx([1 / 3, 2 / 3])
    sampled = equity([HERO, f"{a}, {b}", f"{c}, {d}"], FLOP, samples=200_000, seed=4, by_hand=True)
    assert abs(sampled.players[0].equity - float(expected)) < 4 * sampled.players[0].equity_stderr
    assert sorted(h.frequency for h in sampled.players[1].by_hand) == pytest.approx([1 / 3, 2 / 3], abs=0.01)


def test_monte_carlo_with_a_range_matches_exact_and_reproduces():
    villain = "KsKhQdJd, 9h9d8c7c@25, QhQs6d6h"
    truth = equity([HERO, villain], FLOP, exhaustive=True)
    one = equity([HERO, villain], FLOP, samples=150_000, seed=9, threads=1)
    two = equity([HERO, villain], FLOP, samples=150_000, seed=9, threads=2)
    for t, s in zip(truth.players, one.players, strict=True):
        assert abs(t.equity - s.equity) < 4 * s.equity_stderr
    for x, y in zip(one.players, two.players, strict=True):
        assert np.array_equal(x.counts, y.counts)


def test_ranges_with_random_hands_are_sampled():
    result = equity([HERO, "KsKhQdJd, 9h9d8c7c", "random"], FLOP, samples=50_000, seed=1)
    assert not result.exhaustive
    assert sum(p.equity for p in result.players) == pytest.approx(1)
    with pytest.raises(OmahaInputError, match="random"):
        equity([HERO, "KsKhQdJd, 9h9d8c7c", "random"], FLOP, exhaustive=True)


def test_a_range_with_no_hand_left_is_an_error():
    with pytest.raises(OmahaInputError, match="hand 2"):
        equity([HERO, "Ks Kh Qd 4c, 9h 9d 8c 5d"], FLOP)


def test_ranges_that_cannot_be_dealt_together_are_an_error(monkeypatch):
    # Three players who each need two of the four aces: found before any run.
    for method in ({}, {"samples": 10_000, "seed": 1}, {"exhaustive": True}):
        with pytest.raises(OmahaInputError, match="cannot be dealt together"):
            equity(["AA", "AA", "AA"], **method)
    # Should the quick check not decide, the sampler still stops.
    monkeypatch.setattr("omaha8eq.engine.feasibility.ranges_fit", lambda ranges, known: None)
    with pytest.raises(OmahaInputError, match="almost never fit"):
        equity(["AA", "AA", "AA"], samples=10_000, seed=1)
    with pytest.raises(OmahaInputError, match="cannot be dealt together"):
        equity([HERO, "KsKhKdKc, KsKh9c9d", "KsKhQhQd, KsKhJhJd"], FLOP, exhaustive=True)


def test_a_range_reduced_to_one_hand_takes_its_cards_from_the_other_ranges():
    # The second range loses As Ah Kd Kc to the first hand and is then Ks Kh Qd Jd:
    # the third range's Ks Qs Js Ts can no longer be dealt (the Ks is taken).
    board = "2d 3h 4c 5c"
    reduced = equity(["As Ah 2c 3d", "Ks Kh Qd Jd, As Ah Kd Kc", "Ks Qs Js Ts, 9c 9d 8h 8s"], board, exhaustive=True)
    fixed = equity(["As Ah 2c 3d", "Ks Kh Qd Jd", "9c 9d 8h 8s"], board, exhaustive=True)
    assert reduced.outcomes == fixed.outcomes == 36
    assert [p.exact_equity() for p in reduced.players] == [p.exact_equity() for p in fixed.players]


def test_heavily_weighted_ranges_count_exactly_past_int64():
    """Five weighted ranges preflop: weights up to 1000**5 times 32 combinations of
    201,376 boards pass 2**63; the counts stay exact (the weighted mean of the
    combinations' own exact equities)."""
    ranges = [
        "AsAh2c3d@99.9, AsAh2c3h",
        "KsKhQdJd@99.9, KsKhQdJc",
        "7h8h9sTs@99.9, 7h8h9sTd",
        "6c6d5s4s@99.9, 6c6d5s4h",
        "9c9dTcJh@99.9, 9c9dTcJs",
    ]
    result = equity(ranges, exhaustive=True)
    assert result.players[0].counts.dtype == object
    hands = [[r.split(", ")[0][:-5], r.split(", ")[1]] for r in ranges]
    expected = [Fraction(0)] * 5
    total_weight = 0
    for choice in product(range(2), repeat=5):
        weight = 1
        for c in choice:
            weight *= 999 if c == 0 else 1000
        exact = equity([hands[p][c] for p, c in enumerate(choice)], exhaustive=True)
        total_weight += weight
        for p in range(5):
            expected[p] += weight * exact.players[p].exact_equity()
    assert [p.exact_equity() for p in result.players] == [e / total_weight for e in expected]


def test_equity_distribution_and_deciles():
    result = equity([HERO, "KK:$ds, QQ:$ds@50"], FLOP, exhaustive=True, by_hand=True)
    villain = result.players[1]
    shape = villain.equity_distribution()
    assert len(shape.hands) == len(villain.by_hand)
    assert (np.diff(shape.equity) >= 0).all() and (np.diff(shape.cumulative) > 0).all()
    assert shape.cumulative[-1] == pytest.approx(1, abs=1e-12)
    assert np.dot(shape.equity, np.diff(shape.cumulative, prepend=0)) == pytest.approx(villain.equity, abs=1e-12)
    deciles = villain.deciles()
    assert len(deciles) == 9 and list(deciles) == sorted(deciles)
    # The median: at least half the range at or below it, and less than half strictly below.
    median = deciles[4]
    assert shape.cumulative[shape.equity <= median][-1] >= 0.5
    assert shape.cumulative[shape.equity < median][-1:].sum() < 0.5
    with pytest.raises(ValueError, match="no per-hand results"):
        result.players[0].equity_distribution()


def test_by_hand_breakdown_exact_and_sampled():
    hands = [HERO, "KsKhQdJd, 9h9d8c7c, QhQs6d6h"]
    exact_hands = equity(hands, FLOP, exhaustive=True, by_hand=True).players[1].by_hand
    assert all(h.scoop is not None and 0 <= h.quarter <= 1 for h in exact_hands)
    assert set(exact_hands[0].to_dict()) == {
        "hand", "equity", "frequency", "hi_win", "hi_tie", "lo_win", "lo_tie", "no_low", "scoop", "quarter", "exact",
    }  # fmt: skip
    # Monte Carlo tracks each hand's pot share only.
    sampled = equity(hands, FLOP, samples=20_000, seed=3, by_hand=True).players[1].by_hand
    assert all(h.scoop is None and h.counts is None for h in sampled)
    assert set(sampled[0].to_dict()) == {"hand", "equity", "frequency"}
    with pytest.raises(ValueError, match="no exact per-hand counts"):
        sampled[0].exact_equity()
    # Three players: the combination path fills the breakdown too.
    three = equity([HERO, "KsKhQdJd, 9h9d8c7c", "QhQs6d6h, Tc9c8d7d"], FLOP, exhaustive=True, by_hand=True)
    player = three.players[1]
    assert all(h.scoop is not None for h in player.by_hand)
    assert sum(h.scoop * h.frequency for h in player.by_hand) == pytest.approx(player.scoop, abs=1e-12)


def test_weights_are_exact_as_written_or_refused():
    # KcKhQdJd@0.1 is a thousandth of a hand: counted exactly, the range's result is the
    # weighted mean of the two hands' exact results.
    board = "Kd7h4c9s5s"
    mixed = equity(["AsAh2c3d", "KcKhQdJd@0.1, QcQhJcTd"], board, exhaustive=True).players[0].exact_equity()
    first = equity(["AsAh2c3d", "KcKhQdJd"], board, exhaustive=True).players[0].exact_equity()
    second = equity(["AsAh2c3d", "QcQhJcTd"], board, exhaustive=True).players[0].exact_equity()
    assert mixed == (first * 1 + second * 1000) / 1001
    # A hundredth of a percent cannot be counted exactly: refused, not rounded (it was 0.910824, not 0.911015).
    with pytest.raises(OmahaInputError, match=r"KK@0.01, QQ: the weight 0.0001 of a hand is finer than the 0.001"):
        equity(["AsAh2c3d", "KK@0.01, QQ"], board, exhaustive=True)


@pytest.mark.parametrize("range_sweep", [True, False])
def test_each_hands_exact_equity_is_that_hand_met_by_the_other_side(range_sweep):
    # A hand of a range counts the deals it meets the other side in, weighted by the
    # other side's weights: the very counts of that hand given as a known hand. Both
    # exact paths: the heads-up range sweep and the combination path.
    from omaha8eq.engine.run import run_equity
    from omaha8eq.engine.spot import parse_spot

    mine, theirs = "AsAh2c3d, Ad2d3h4h@50, 6c6h7c8h", "KsKhQdJd, 9h9d8c7c@25, QhQs6d6s, AcKd2h3c"
    result = (
        run_equity(parse_spot([mine, theirs], FLOP, ""), RunOptions(exhaustive=True, by_hand=True))
        if range_sweep
        else combination_path(parse_spot([mine, theirs], FLOP, ""), RunOptions(exhaustive=True, by_hand=True))
    )
    for seat, other in ((0, theirs), (1, mine)):
        hands = result.players[seat].by_hand
        assert len(hands) == (3, 4)[seat]
        for hand in hands:
            alone = equity([hand.hand, other] if seat == 0 else [other, hand.hand], FLOP, exhaustive=True)
            assert hand.counts.tolist() == alone.players[seat].counts.tolist()
            assert hand.exact_equity() == alone.players[seat].exact_equity()
            assert float(hand.exact_equity()) == pytest.approx(hand.equity, abs=1e-15)
            assert hand.to_dict()["exact"] == {"equity": str(hand.exact_equity())}
