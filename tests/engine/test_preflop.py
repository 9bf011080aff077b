"""Exact preflop range vs range: the suit-class sweep equals the sweep of every board and the
combination path, count for count, per hand too; the method rule; per-class sums."""

from __future__ import annotations

from math import comb

import numpy as np
import pytest
from range_helpers import combination_path

from omaha8eq.core.hand_isomorphism import all_hands, class_keys, class_representatives, class_sizes
from omaha8eq.engine import method as method_module
from omaha8eq.engine import range_vs_range
from omaha8eq.engine.board_isomorphism import BOARD_CLASSES, board_isomorphism
from omaha8eq.engine.deal import prepare_deal
from omaha8eq.engine.method import Method, choose_method
from omaha8eq.engine.options import RunOptions
from omaha8eq.engine.preflop import class_average, class_totals, preflop_boards, suit_symmetric
from omaha8eq.engine.range_vs_range import sweep_boards
from omaha8eq.engine.run import run_equity
from omaha8eq.engine.spot import integer_weights, parse_spot
from omaha8eq.errors import OmahaInputError
from omaha8eq.games import GameChoice, game_for
from omaha8eq.ranges.range import parse_range


def _side(text: str) -> tuple[np.ndarray, np.ndarray]:
    r = parse_range(text)
    return r.hands, integer_weights(r.weights)


@pytest.mark.parametrize(
    ("text", "symmetric"),
    [("15%", True), ("A2**", True), ("AA:$ds", True), ("AA, KK@50", True), ("random", True),
     ("AsAh**", False), ("AA:$ds, AsAhKcQd@50", False), ("AsAhKsKh, AcAdKcKd", False)],
)  # fmt: skip
def test_suit_symmetry_is_read_from_the_hands_and_weights(text, symmetric):
    assert suit_symmetric(*_side(text)) is symmetric


def test_symmetry_needs_equal_weights_in_a_class():
    hands, weights = _side("AA:$ds")
    assert suit_symmetric(hands, weights)
    changed = weights.copy()
    changed[0] += 1
    assert not suit_symmetric(hands, changed)
    assert not suit_symmetric(hands[1:], weights[1:])


def test_the_boards_swept_preflop():
    symmetric = (_side("AA:$ds"), _side("KK:$ds"))
    boards, weights, by_class = preflop_boards(symmetric, ())
    assert by_class and len(boards) == BOARD_CLASSES and boards is board_isomorphism()[0]
    # A dead card breaks the symmetry: every board of the other 51 cards.
    boards, weights, by_class = preflop_boards(symmetric, (7,))
    assert not by_class and len(boards) == comb(51, 5) and not (boards == 7).any() and (weights == 1).all()
    # A known hand: the boards holding one of its cards deal it nothing and are left out.
    known = (np.array([[48, 49, 0, 5]], dtype=np.int8), np.ones(1, dtype=np.int64))
    boards, weights, by_class = preflop_boards((known, _side("KK:$ds")), ())
    assert not by_class and len(boards) == comb(48, 5) and not np.isin(boards, [48, 49, 0, 5]).any()


SYMMETRIC_SPOTS = [("AAKK:$ds", "AA22", True), ("AAKK:$ds", "AA22", False), ("KK33:$ds", "KKQQ, 3333", True)]


@pytest.mark.slow
@pytest.mark.parametrize(("a", "b", "hilo"), SYMMETRIC_SPOTS)
def test_class_sweep_equals_every_board(monkeypatch, a, b, hilo):
    """The 134,459 class representatives, weighted, against all 2,598,960 boards: totals
    count for count; per hand, the class mean of the class sweep is the hand's own count.
    The class sweep runs the sweep, the reference compares every pair: two paths."""
    sides = (*_side(a), *_side(b))
    boards, sizes = board_isomorphism()
    monkeypatch.setattr(range_vs_range, "PAIRWISE_SIDE", -1)
    by_class = sweep_boards(*sides, boards, sizes, game=game_for(4, hilo), per_board=False)
    monkeypatch.setattr(range_vs_range, "PAIRWISE_SIDE", 10**9)
    every = all_hands(5)
    whole = sweep_boards(*sides, every, np.ones(len(every), dtype=np.int64), game=game_for(4, hilo), per_board=False)
    assert by_class.total_a.tolist() == whole.total_a.tolist()
    assert by_class.total_b.tolist() == whole.total_b.tolist()
    for hands, swept, reference in (
        (sides[0], by_class.hands_a, whole.hands_a),
        (sides[2], by_class.hands_b, whole.hands_b),
    ):
        assert class_average(hands, swept).tolist() == reference.tolist()
    assert class_average(sides[0], by_class.dealt_a).tolist() == whole.dealt_a.tolist()
    assert not (by_class.hands_a == whole.hands_a).all()  # the raw counts are not each hand's own


def _force_sweep(monkeypatch):
    """Make the combination path look slow, so that preflop ranges are swept."""
    monkeypatch.setitem(method_module.RATES, Method.RANGE_COMBINATIONS, 1e-9)


def _assert_same(swept, combined):
    for p, q in zip(swept.players, combined.players, strict=True):
        assert p.counts.tolist() == q.counts.tolist()
        assert (p.by_hand is None) == (q.by_hand is None)
        if p.by_hand is not None:
            ours = {h.hand: (h.equity, h.frequency, h.scoop, h.quarter, h.no_low) for h in p.by_hand}
            theirs = {h.hand: (h.equity, h.frequency, h.scoop, h.quarter, h.no_low) for h in q.by_hand}
            assert ours.keys() == theirs.keys()
            for hand, values in ours.items():
                assert values == pytest.approx(theirs[hand], rel=1e-12, abs=1e-15)
    assert swept.outcomes == combined.outcomes


@pytest.mark.slow
@pytest.mark.parametrize(
    ("hands", "dead"),
    [
        (["AAKK:$ds", "AA22"], ""),  # symmetric: by suit classes of boards
        (["AAKK:$ds", "AA22@40, KKQQ:$ds"], ""),  # weights
        (["AAKK:$ds", "AA22"], "Jc"),  # a dead card: every board
        (["As Ah 2c 3d", "KK33:$ds, 2345@30"], ""),  # a known hand: every board without its cards
    ],
)
def test_preflop_sweep_equals_the_combination_path(monkeypatch, hands, dead):
    spot = parse_spot(hands, "", dead)
    combined = combination_path(spot, RunOptions(exhaustive=True, by_hand=True))
    _force_sweep(monkeypatch)
    deal = prepare_deal(parse_spot(hands, "", dead))
    assert choose_method(deal, RunOptions(exhaustive=True)).method is Method.RANGE_SWEEP
    swept = run_equity(parse_spot(hands, "", dead), RunOptions(exhaustive=True, by_hand=True))
    _assert_same(swept, combined)


def test_preflop_high_only_and_progress(monkeypatch):
    _force_sweep(monkeypatch)
    seen: list[tuple[int, int | None]] = []
    hands = ["AAKK:$ds", "QQ22:$ds, AAAA"]
    options = RunOptions(exhaustive=True, progress=lambda done, total: seen.append((done, total)))
    swept = run_equity(parse_spot(hands, "", "", GameChoice(None, False)), options)
    combined = combination_path(parse_spot(hands, "", "", GameChoice(None, False)), RunOptions(exhaustive=True))
    _assert_same(swept, combined)
    assert seen and seen[-1] == (BOARD_CLASSES, BOARD_CLASSES)


def _method(hands, dead="", **kwargs):
    deal = prepare_deal(parse_spot(hands, "", dead))
    return choose_method(deal, RunOptions(**kwargs)).method


def test_the_preflop_method_rule():
    # Small ranges and a known hand against a range: the combination path is faster.
    assert _method(["AAKK:$ds", "AA22"], exhaustive=True) is Method.RANGE_COMBINATIONS
    assert _method(["AsAh2c3d", "KK"], exhaustive=True) is Method.RANGE_COMBINATIONS
    # Wide symmetric ranges: the sweep of the board classes.
    assert _method(["AA:$ds", "KK:$ds"], exhaustive=True) is Method.RANGE_SWEEP
    assert _method(["15%", "random"], exhaustive=True) is Method.RANGE_SWEEP
    # By default the sweep when its estimate is within SWEEP_LIMIT and it is the faster.
    assert _method(["AAAA", "2345"], exhaustive=None) is Method.RANGE_SWEEP  # a symmetric known hand
    assert _method(["AAKK:$ds", "QQ22:$ds"], exhaustive=None) is Method.RANGE_COMBINATIONS
    assert _method(["AAKK:$ds", "AA22"], exhaustive=None) is Method.RANGE_SWEEP  # 216 combinations: too many
    assert _method(["15%", "15%"], exhaustive=None) is Method.SAMPLE
    assert _method(["AA:$ds", "KK:$ds"], exhaustive=False) is Method.SAMPLE
    with pytest.raises(OmahaInputError, match="by_next_card"):
        _method(["AA:$ds", "KK:$ds"], exhaustive=True, by_next_card=True)


def test_a_hopeless_preflop_run_is_refused_with_its_estimate():
    with pytest.raises(OmahaInputError, match=r"range sweep\) would take about 5.8e\+11"):
        run_equity(parse_spot(["100%", "100%"], "", ""), RunOptions(exhaustive=True))


def test_class_totals_sum_each_starting_hand_class():
    hands = all_hands(4)
    rng = np.random.default_rng(2)
    values = rng.integers(0, 1000, size=(len(hands), 3, 5))
    keys, totals, members = class_totals(hands, values)
    assert len(keys) == 16_432 and members.tolist() == class_sizes(keys).tolist()
    assert int(members.sum()) == len(hands) and totals.shape == (16_432, 3, 5)
    assert totals.sum(axis=0).tolist() == values.sum(axis=0).tolist()
    # Spot checks against a direct sum over the hands of a class.
    own = class_keys(hands)
    for i in rng.choice(len(keys), 20, replace=False):
        assert totals[i].tolist() == values[own == keys[i]].sum(axis=0).tolist()
        assert class_keys(class_representatives(keys[i : i + 1], 4))[0] == keys[i]


def test_class_average_is_exact_or_refused():
    hands, _ = _side("AA:$ds")
    keys = class_keys(hands)
    values = np.arange(len(hands), dtype=np.int64)
    uneven = values * 0 + (keys == keys[0])  # one class holds ones, the others zeros
    assert class_average(hands, uneven * 24).tolist() == (uneven * 24).tolist()
    with pytest.raises(AssertionError, match="not a multiple"):
        class_average(hands, values)
