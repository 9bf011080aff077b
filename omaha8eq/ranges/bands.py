"""Percentage bands without a scan: the hands of ``p%`` built from their classes, and the
size of an expression counted (or bounded) before anything is built.

A band (``15%``, ``5%-15%``, a :class:`~omaha8eq.ranges.nodes.Top` node) is a run of
whole preflop classes in rank order (:mod:`omaha8eq.ranges.preflop`), so its size is a
difference of two cumulative class sizes, and its hands are the classes' keys expanded
by the 24 suit permutations -- about a second for the 3 million hands of a 6-card
``15%``, where a scan of all 20,358,520 hands took 26 s. An expression whose hands all
lie in a band (the band itself, a weighted band, ``15%:$ds``) is evaluated on the
band's hands only: :func:`candidate_hands`.

Hands are handled here as 52-bit card masks (int64, bit ``card`` set): in descending
order they are in :func:`~omaha8eq.core.hand_isomorphism.all_hands` order (descending
colex), the order of a :class:`~omaha8eq.ranges.range.Range`.
"""

from __future__ import annotations

import functools
import itertools

import numpy as np

from ..core.hand_isomorphism import hand_chunks, hand_count
from .nodes import And, Chunk, Node, Or, Top, Weight

__all__ = [
    "SIZE_SAMPLE",
    "band_classes",
    "band_weight",
    "candidate_count",
    "candidate_hands",
    "hands_of_masks",
    "sampled_count",
]

#: Random hands an expression is evaluated on to estimate its size (``sampled_count``):
#: a standard error of at most 0.8% of all hands, in a few milliseconds.
SIZE_SAMPLE = 4096

# The 24 orders of the four suits.
_PERMUTATIONS = np.array(list(itertools.permutations(range(4))), dtype=np.int64)
# Each 13-bit rank mask spread to its card bits in suit 0 (rank r at bit 4 r).
_SPREAD = np.array([sum(1 << (4 * r) for r in range(13) if m >> r & 1) for m in range(1 << 13)], dtype=np.int64)


@functools.cache
def _above(hole_size: int) -> np.ndarray:
    """Hands in the classes ranked strictly above each class (rank order)."""
    from .preflop import preflop_ranking

    ranking = preflop_ranking(hole_size)
    above: np.ndarray = ranking.at_or_above - ranking.sizes
    return above


def band_classes(band: Top, hole_size: int) -> tuple[int, int]:
    """The rank indices ``start, stop`` of the classes in ``band`` (a slice of the ranking)."""
    above = _above(hole_size)
    total = hand_count(hole_size)
    stop = int(np.searchsorted(above, band.high / 100 * total, side="left"))
    start = int(np.searchsorted(above, band.low / 100 * total, side="left")) if band.low > 0 else 0
    return start, max(start, stop)


def _band_count(band: Top, hole_size: int) -> int:
    from .preflop import preflop_ranking

    start, stop = band_classes(band, hole_size)
    return int(preflop_ranking(hole_size).sizes[start:stop].sum())


def _band_masks(band: Top, hole_size: int) -> np.ndarray:
    """The card masks of the band's hands, ascending."""
    from .preflop import preflop_ranking

    start, stop = band_classes(band, hole_size)
    keys = preflop_ranking(hole_size).keys[start:stop]
    suits = np.stack([(keys >> (13 * s)) & 0x1FFF for s in range(4)], axis=1)  # (m, 4) rank masks
    spread = _SPREAD[suits]  # each class's four masks as card bits of suit 0
    masks = np.zeros((len(keys), len(_PERMUTATIONS)), dtype=np.int64)
    for suit in range(4):  # permutation p gives suit `suit` the class's mask p[suit]
        masks |= spread[:, _PERMUTATIONS[:, suit]] << suit
    return _distinct(masks.ravel())  # a class's permutations that swap equal masks give one hand


def _distinct(masks: np.ndarray) -> np.ndarray:
    """The distinct masks, ascending (a sort: numpy's hashing unique takes 30 times longer)."""
    masks = np.sort(masks)
    keep = np.ones(len(masks), dtype=bool)
    keep[1:] = masks[1:] != masks[:-1]
    return masks[keep]


def _children(tree: Node) -> list[Node]:
    if isinstance(tree, And):
        return [tree.left, tree.right]
    return list(tree.items) if isinstance(tree, Or) else []


def candidate_count(tree: Node, hole_size: int) -> int | None:
    """An upper bound on the hands of ``tree``, counted from its bands without building
    anything (None: no band bounds it). Exact for a band and a weighted band."""
    if isinstance(tree, Top):
        return _band_count(tree, hole_size)
    if isinstance(tree, Weight):
        return candidate_count(tree.item, hole_size)
    counts = [candidate_count(item, hole_size) for item in _children(tree)]
    if isinstance(tree, And) and any(c is not None for c in counts):
        return min(c for c in counts if c is not None)
    if isinstance(tree, Or) and counts and all(c is not None for c in counts):
        return min(hand_count(hole_size), sum(c for c in counts if c is not None))
    return None


def _candidate_masks(tree: Node, hole_size: int) -> np.ndarray | None:
    if isinstance(tree, Top):
        return _band_masks(tree, hole_size)
    if isinstance(tree, Weight):
        return _candidate_masks(tree.item, hole_size)
    items = _children(tree)
    if isinstance(tree, And):
        bounded = [(count, item) for item in items if (count := candidate_count(item, hole_size)) is not None]
        return _candidate_masks(min(bounded, key=lambda pair: pair[0])[1], hole_size) if bounded else None
    if isinstance(tree, Or) and items and all(candidate_count(item, hole_size) is not None for item in items):
        parts = [_candidate_masks(item, hole_size) for item in items]
        return _distinct(np.concatenate([p for p in parts if p is not None]))
    return None


def band_weight(tree: Node) -> float | None:
    """The weight of every hand of ``tree`` when it is a band, weighted or not (its hands
    are then :func:`candidate_hands` with no evaluation); else None."""
    if isinstance(tree, Top):
        return 1.0
    if isinstance(tree, Weight):
        inner = band_weight(tree.item)
        return None if inner is None else inner * tree.weight
    return None


def hands_of_masks(masks: np.ndarray, hole_size: int) -> np.ndarray:
    """(n, hole_size) int8 rows, sorted ascending, of the hands with the given card masks."""
    rows = np.empty((len(masks), hole_size), dtype=np.int8)
    left = masks.copy()
    for j in range(hole_size):
        low = left & -left  # the lowest card left
        rows[:, j] = np.bitwise_count(low - 1)
        left ^= low
    return rows


def candidate_hands(tree: Node, hole_size: int) -> np.ndarray | None:
    """The hands, in :func:`~omaha8eq.core.hand_isomorphism.all_hands` order, outside which
    ``tree`` weighs nothing (its bands' hands), or None when no band bounds it or a scan
    is as cheap (4-card hands: one cached chunk)."""
    count = candidate_count(tree, hole_size)
    if hole_size == 4 or count is None:
        return None
    if count == hand_count(hole_size):  # every hand: listed in order, nothing to expand
        return np.concatenate(list(hand_chunks(hole_size)))
    masks = _candidate_masks(tree, hole_size)
    return None if masks is None else hands_of_masks(masks[::-1], hole_size)


def sampled_count(tree: Node, hole_size: int) -> int:
    """The hands of ``tree`` estimated from :data:`SIZE_SAMPLE` random hands (a fixed
    seed: the same estimate every time), at most :func:`candidate_count`."""
    rows = np.random.default_rng(0x0A8A).random((SIZE_SAMPLE, 52)).argsort(axis=1)[:, :hole_size]
    value = tree.value(Chunk(np.sort(rows, axis=1).astype(np.int8), start=None))
    estimate = round(float(np.count_nonzero(value > 0)) / SIZE_SAMPLE * hand_count(hole_size))
    bound = candidate_count(tree, hole_size)
    return estimate if bound is None else min(estimate, bound)
