"""The preflop ranking of Omaha Hi-Lo starting hands of 4, 5 and 6 cards.

Hands of one size form suit-isomorphic classes (hands that a permutation of the
suits maps onto each other; see :mod:`omaha8eq.core.hand_isomorphism`): 16,432 of 4 cards,
134,459 of 5 and 962,988 of 6. Each class has a hi-lo equity against one random hand
of its size, and the classes are ranked by it, best first:

=====  ========  =============================  =====================  ======================
cards  classes   equity                         standard error         data file
=====  ========  =============================  =====================  ======================
4      16,432    exact: every board, opponent   none                   ``preflop4-exact.npz``
5      134,459   Monte Carlo, 40,000 deals      about 0.0020           ``preflop5.npz``
6      962,988   Monte Carlo, 12,000 deals      about 0.0037           ``preflop6.npz``
=====  ========  =============================  =====================  ======================

The files are in ``omaha8eq/data``. The 4-card file is the exact table of ``omaha8eq
table preflop --hole-size 4`` (:mod:`omaha8eq.distributed.table_file` documents its
format: every class's outcome counts over every board and opponent hand); the 5- and
6-card ones are seeded Monte Carlo runs of :func:`omaha8eq.equities`, rebuilt by
``python tools/build_preflop_ranking.py --hole-size K`` (which documents the method).

- :func:`preflop_rank` gives a hand's rank, percentile and equity.
- Range percentages (``"15%"`` in :func:`omaha8eq.ranges.range.parse_range`) take the
  best classes: a class is in the top p% when the hands of the classes ranked above
  it are fewer than p% of all hands of its size (see :func:`hands_above`).
- Equal equities are ordered by class key, so every ranking is deterministic.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from pathlib import Path
from typing import NamedTuple

import numpy as np

from ..cards import CardSpec, format_card
from ..checks import check_hole_size
from ..core.hand_isomorphism import all_hands, class_keys, class_representatives, class_sizes, hand_count
from ..data.table_format import breakdown, check_exact_counts, read_table
from ..inputs import parse_hole

__all__ = ["PreflopRank", "PreflopRanking", "class_index", "hands_above", "preflop_rank", "preflop_ranking"]

DATA_DIR = Path(__file__).parent.parent / "data"
DATA_FILES = {4: DATA_DIR / "preflop4-exact.npz", 5: DATA_DIR / "preflop5.npz", 6: DATA_DIR / "preflop6.npz"}
#: The 5- and 6-card files store ``round(equity * EQUITY_SCALE)`` and likewise the stderr.
EQUITY_SCALE = 10_000
STDERR_SCALE = 10_000


class PreflopRank(NamedTuple):
    """A hand's place in the preflop ranking (a tuple: ``rank, percentile, equity``)."""

    #: 1 = the best class; every hand of a class has the class's rank.
    rank: int
    #: the share of all hands of the size whose class ranks at or above this one (0..1].
    percentile: float
    #: hi-lo equity against one random hand of the same size (share of the pot).
    equity: float


@dataclass(frozen=True, eq=False)
class PreflopRanking:
    """The ranking of one hand size as arrays, one entry per class in rank order
    (index 0 = rank 1)."""

    hole_size: int
    keys: np.ndarray  # class keys (hand_isomorphism.class_keys), int64
    sizes: np.ndarray  # hands in each class, int64; they sum to C(52, hole_size)
    equity: np.ndarray  # float64
    stderr: np.ndarray  # float64; zero where the equities are exact (4 cards)
    header: tuple[str, ...]  # the file's comment lines (the method)

    @functools.cached_property
    def at_or_above(self) -> np.ndarray:
        """Hands in the classes ranked at or above each class (cumulative sizes)."""
        cumulative = np.cumsum(self.sizes)
        cumulative.setflags(write=False)
        return cumulative

    @functools.cached_property
    def hands(self) -> np.ndarray:
        """Each class's representative, written high card first (``"AsAhKsKh"``)."""
        names = np.array([format_card(c) for c in range(52)])
        high_first = class_representatives(self.keys, self.hole_size)[:, ::-1]
        return functools.reduce(np.char.add, names[high_first].T)


def _missing(hole_size: int) -> FileNotFoundError:
    build = (
        "omaha8eq table preflop --hole-size 4 --out " + str(DATA_FILES[4])
        if hole_size == 4
        else f"python tools/build_preflop_ranking.py --hole-size {hole_size}"
    )
    return FileNotFoundError(f"the preflop ranking file {DATA_FILES[hole_size]} is missing; build it with '{build}'")


def _read_exact_table(path: Path) -> tuple[np.ndarray, np.ndarray, np.ndarray, tuple[str, ...]]:
    """(keys, equity, stderr, header) of an exact heads-up hi-lo table file, in rank order.

    Each class's equity is its pot share over every board and opponent hand, from the
    file's integer counts (exact: every share is a whole number of quarter pots, so the
    float is the correctly rounded fraction); the standard errors are zero.
    """
    header, arrays = read_table(path)
    if not (header.get("exact") and header.get("hilo") and header.get("players") == 2):
        raise ValueError(f"{path}: not an exact heads-up hi-lo table")
    keys = arrays["keys"]
    check_exact_counts(arrays["counts"], class_sizes(keys), arrays["hands"].shape[1])
    equity = breakdown(arrays["counts"])["equity"]
    order = np.lexsort((keys, -equity))
    lines = tuple(f"{name}: {value}" for name, value in header.items())
    return keys[order], equity[order], np.zeros(len(keys)), lines


def _read_npz(path: Path) -> tuple[np.ndarray, np.ndarray, np.ndarray, tuple[str, ...]]:
    """(keys, equity, stderr, header) of a 5- or 6-card file, in rank order.

    The file holds the classes in key order: ``key_deltas`` (the sorted keys as
    differences), ``equity`` and ``stderr`` (times EQUITY_SCALE and STDERR_SCALE,
    rounded) and ``header``; the rank order is equity descending, then key.
    """
    with np.load(path) as data:
        keys = np.cumsum(data["key_deltas"])
        equity = data["equity"] / EQUITY_SCALE
        stderr = data["stderr"] / STDERR_SCALE
        header = tuple(str(line) for line in data["header"])
    order = np.lexsort((keys, -equity))
    return keys[order], equity[order], stderr[order], header


@functools.cache
def preflop_ranking(hole_size: int = 4) -> PreflopRanking:
    """Load the ranking of the classes of ``hole_size``-card hands (cached; about
    0.1 s for 4 or 5 cards, 0.5 s for 6)."""
    hole_size = check_hole_size(hole_size)
    path = DATA_FILES[hole_size]
    if not path.exists():
        raise _missing(hole_size)
    keys, equity, stderr, header = (_read_exact_table if hole_size == 4 else _read_npz)(path)
    sizes = class_sizes(keys)
    if int(sizes.sum()) != hand_count(hole_size):
        raise ValueError(f"{path}: the classes do not cover the {hand_count(hole_size):,} hands")
    ranking = PreflopRanking(hole_size, keys, sizes, equity, stderr, header)
    for array in (keys, sizes, equity, stderr):
        array.setflags(write=False)
    return ranking


@functools.cache
def _key_order(hole_size: int) -> tuple[np.ndarray, np.ndarray]:
    """(sorted class keys, the rank index of each) for lookups."""
    keys = preflop_ranking(hole_size).keys
    order = np.argsort(keys)
    return keys[order], order


def class_index(hands: np.ndarray) -> np.ndarray:
    """The rank index (0 = best) of the class of each hand row (4, 5 or 6 cards)."""
    sorted_keys, order = _key_order(hands.shape[1])
    keys = class_keys(hands)
    at = np.minimum(np.searchsorted(sorted_keys, keys), len(sorted_keys) - 1)
    if not (sorted_keys[at] == keys).all():
        raise ValueError("a hand's class is missing from the preflop ranking file")
    return order[at]


@functools.cache
def _strictly_above(hole_size: int) -> np.ndarray:
    ranking = preflop_ranking(hole_size)
    above: np.ndarray = ranking.at_or_above - ranking.sizes
    above.setflags(write=False)
    return above


@functools.lru_cache(maxsize=1)
def _all_four_card_hands_above() -> np.ndarray:
    out: np.ndarray = _strictly_above(4)[class_index(all_hands(4))]
    out.setflags(write=False)
    return out


def hands_above(hands: np.ndarray, start: int | None = None) -> np.ndarray:
    """For each hand row (4, 5 or 6 cards), the number of hands of its size in
    classes ranked strictly better than its class (int64).

    The top p% of hands are those with ``hands_above < p / 100 * C(52, k)``: whole
    classes, best first, up to and including the class that crosses p% (so the top
    p% holds at least p% of the hands, and at most one class -- 24 hands -- more).
    ``start``: the rows are ``all_hands(4)[start:start + len(hands)]`` (a cached
    lookup for 4-card hands; the others are looked up by class).
    """
    above: np.ndarray
    if start is not None and hands.shape[1] == 4:
        above = _all_four_card_hands_above()[start : start + len(hands)]
    else:
        above = _strictly_above(hands.shape[1])[class_index(hands)]
    return above


def preflop_rank(hand: CardSpec) -> PreflopRank:
    """The rank, percentile and equity of a 4-, 5- or 6-card hand in the preflop
    ranking of its size.

    ``rank`` 1 is the best class; ``percentile`` is the share of all hands of the
    size in classes ranked at or above the hand's (every hand of each class
    counted), so the best class has a small percentile and the worst 1.0; ``equity``
    is the class's hi-lo equity against one random hand of the same size (exact for 4
    cards; for 5 and 6 by Monte Carlo, standard error about 0.0020 and 0.0037).

    >>> r = preflop_rank("As Ah 2s 3h")
    >>> r.rank <= 5, r.percentile < 0.001, r.equity > 0.65
    (True, True, True)
    """
    cards = parse_hole(hand, what="hand")
    index = int(class_index(np.array([cards], dtype=np.int8))[0])
    ranking = preflop_ranking(len(cards))
    return PreflopRank(
        rank=index + 1,
        percentile=float(ranking.at_or_above[index]) / hand_count(len(cards)),
        equity=float(ranking.equity[index]),
    )
