"""Percentage bands built from their classes, and range sizes known before the build.

The band path must give exactly the scan's hands and weights (the scan of every hand is
the reference: ``nodes.evaluate`` without candidates); a 6-card band, too large to scan
in a test, must hold exactly its classes' count of distinct hands, each in the band.
:func:`range_size` is exact where it says so, and its sample estimate is within four
standard errors elsewhere.
"""

from __future__ import annotations

from collections import OrderedDict

import numpy as np
import pytest

from omaha8eq.core.hand_isomorphism import card_masks, hand_chunks, hand_count
from omaha8eq.ranges import range as range_module
from omaha8eq.ranges.bands import SIZE_SAMPLE, candidate_count, candidate_hands
from omaha8eq.ranges.nodes import evaluate
from omaha8eq.ranges.preflop import hands_above
from omaha8eq.ranges.range import parse_range, range_size
from omaha8eq.ranges.syntax import parse_tree


@pytest.mark.parametrize("expression", ["5%-15%@40", "AA:10%!$r, 1%"])
def test_a_band_gives_the_scans_hands_and_weights(expression):
    tree = parse_tree(expression, 5)
    assert candidate_hands(tree, 5) is not None  # the band path is taken
    built = parse_range(expression, hole_size=5)
    hands, weights = evaluate(tree, 5)  # the reference: every 5-card hand scanned
    assert np.array_equal(built.hands, hands)
    assert np.array_equal(built.weights, weights)


def test_a_six_card_band_holds_exactly_its_classes():
    built = parse_range("4%-6%", hole_size=6)
    count = candidate_count(parse_tree("4%-6%", 6), 6)
    assert len(built) == count == range_size("4%-6%", hole_size=6).hands
    masks = card_masks(built.hands)
    assert (np.diff(masks) < 0).all()  # distinct, in the standard order (descending colex)
    above = hands_above(built.hands)
    total = hand_count(6)
    assert ((above >= 0.04 * total) & (above < 0.06 * total)).all()  # every one in the band
    assert 0.02 * total <= count <= 0.02 * total + 2 * 720  # whole classes: at most one more at each end


@pytest.mark.parametrize(
    ("expression", "hole_size"),
    [("15%", 6), ("15%@50", 5), ("AsAh2c3d4d", 5), ("AsAh2c3d4d, KsKh2c3d4d", 5), ("AA:$ds", 4), ("100%", 6)],
)
def test_range_size_is_exact_where_it_says(expression, hole_size):
    size = range_size(expression, hole_size=hole_size)
    assert size.exact
    if hole_size < 6:
        assert size.hands == len(parse_range(expression, hole_size=hole_size))


@pytest.mark.parametrize("expression", ["AA:$ds", "$low!AA"])
def test_range_size_estimates_within_four_standard_errors(expression, monkeypatch):
    monkeypatch.setattr(range_module, "_RESULTS", OrderedDict())  # not built yet (another test may have)
    size = range_size(expression, hole_size=5)
    assert not size.exact
    actual = len(parse_range(expression, hole_size=5)) / hand_count(5)
    error = max(np.sqrt(actual * (1 - actual) / SIZE_SAMPLE), 1 / SIZE_SAMPLE)
    assert abs(size.hands / hand_count(5) - actual) < 4 * error


def test_a_range_of_every_hand_is_built_once_and_shared():
    every, again = parse_range("100%", hole_size=5), parse_range("0%-100%@100", hole_size=5)
    assert every.hands is again.hands and every.weights is again.weights  # no copy per range
    assert np.array_equal(every.hands, np.concatenate(list(hand_chunks(5))))
    assert (every.weights == 1).all() and not every.hands.flags.writeable
