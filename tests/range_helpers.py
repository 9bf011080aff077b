"""Helpers shared by the tests of :mod:`omaha8eq.ranges` (tests/ranges/) and of the range
engine (:func:`combination_path`, the range sweep's reference)."""

from __future__ import annotations

import random
from math import comb

import numpy as np

from omaha8eq.core.hand_isomorphism import colex_index
from omaha8eq.ranges import parse_range, range_weights

ALL4 = comb(52, 4)  # 270,725

_rng = random.Random(7)
#: Random sorted hands of 4, 5 and 6 cards (a fixed seed).
SAMPLE = {k: [tuple(sorted(_rng.sample(range(52), k))) for _ in range(n)] for k, n in ((4, 3000), (5, 400), (6, 200))}


def count(expr: str, hole_size: int = 4) -> int:
    return len(parse_range(expr, hole_size=hole_size))


def mask(expr: str) -> np.ndarray:
    """The range as a boolean mask over all_hands(4) (descending colex order)."""
    out = np.zeros(ALL4, dtype=bool)
    out[ALL4 - 1 - colex_index(parse_range(expr).hands)] = True
    return out


def members(expr: str, hole_size: int, hands: list[tuple[int, ...]]) -> list[bool]:
    """Membership from the full scan (4 cards) or from range_weights on the rows (5, 6)."""
    if hole_size > 4:
        return (range_weights(expr, hands) > 0).tolist()
    r = parse_range(expr, hole_size=hole_size)
    index = set(colex_index(r.hands).tolist()) if len(r) else set()
    return [int(i) in index for i in colex_index(np.array(hands))]


def combination_path(spot, options=None):
    """The exact count of ``spot`` (``omaha8eq.engine.spot.Spot``) without the range sweep,
    the reference the sweep is checked against: ranges combination by combination; a spot
    whose ranges all came down to one hand (restricted by the known cards) has no range
    left, and is counted by the planner's exact path for known hands."""
    from omaha8eq.engine.deal import prepare_deal
    from omaha8eq.engine.method import Method
    from omaha8eq.engine.options import RunOptions
    from omaha8eq.engine.run import run_equity, run_method

    options = RunOptions(exhaustive=True) if options is None else options
    if prepare_deal(spot).ranged:  # restricts the ranges in place, as every run does
        return run_method(spot, Method.RANGE_COMBINATIONS, options)
    return run_equity(spot, options)
