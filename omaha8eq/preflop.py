"""The preflop ranking of 4-card Omaha Hi-Lo starting hands.

The 270,725 four-card hands form 16,432 suit-isomorphic classes (hands that a
permutation of the suits maps onto each other; see :mod:`omaha8eq.handclasses`).
Each class was given its hi-lo equity against one random hand by a seeded Monte
Carlo run of :func:`omaha8eq.equity` (600,000 deals per class, standard error
about 0.00055 of the pot) and the classes ranked by it, best first. The ranking is
the data file ``omaha8eq/data/preflop4.csv.gz``, rebuilt by ``python -m
omaha8eq.data.build_preflop_ranking`` (which documents the method).

- :func:`preflop_rank` gives a hand's rank, percentile and equity.
- Range percentages (``"15%"`` in :func:`omaha8eq.ranges.parse_range`) take the
  best classes: a class is in the top p% when the hands of the classes ranked above
  it are fewer than p% of all hands (see :func:`hands_above`).

There is no ranking of 5- or 6-card hands (134,459 and 962,988 classes): asking
for one raises :class:`~omaha8eq.errors.HandSizeError`.
"""

from __future__ import annotations

import gzip
from functools import lru_cache
from pathlib import Path
from typing import NamedTuple

import numpy as np

from .cards import CardSpec, parse_cards
from .errors import HandSizeError
from .handclasses import all_hands, class_keys, hand_count

__all__ = ["PreflopRank", "PreflopRanking", "preflop_rank", "preflop_ranking", "hands_above"]

DATA_FILE = Path(__file__).parent / "data" / "preflop4.csv.gz"
TOTAL_HANDS = hand_count(4)  # 270,725


class PreflopRank(NamedTuple):
    """A hand's place in the preflop ranking (a tuple: ``rank, percentile, equity``)."""

    #: 1 = the best class; every hand of a class has the class's rank (1 .. 16,432).
    rank: int
    #: the share of all 270,725 hands whose class ranks at or above this one (0..1].
    percentile: float
    #: hi-lo equity against one random hand (share of the pot), +- about 0.00055.
    equity: float


class PreflopRanking(NamedTuple):
    """The ranking as arrays, one entry per class in rank order (index 0 = rank 1)."""

    keys: np.ndarray  # class keys (handclasses.class_keys), int64
    hands: np.ndarray  # representatives as written in the file ("AsAhKsKh")
    sizes: np.ndarray  # hands in each class, int64; they sum to 270,725
    equity: np.ndarray  # float64
    stderr: np.ndarray  # float64
    header: tuple[str, ...]  # the file's comment lines (the method)

    @property
    def at_or_above(self) -> np.ndarray:
        """Hands in the classes ranked at or above each class (cumulative sizes)."""
        return np.cumsum(self.sizes)


def _missing() -> FileNotFoundError:
    return FileNotFoundError(
        f"the preflop ranking file {DATA_FILE} is missing; build it with "
        "'python -m omaha8eq.data.build_preflop_ranking'"
    )


@lru_cache(maxsize=1)
def preflop_ranking() -> PreflopRanking:
    """Load the ranking of the 16,432 classes of 4-card hands (cached; about 40 ms)."""
    if not DATA_FILE.exists():
        raise _missing()
    with gzip.open(DATA_FILE, "rt", encoding="ascii") as f:
        lines = f.read().splitlines()
    header = tuple(line for line in lines if line.startswith("#"))
    rows = [line.split(",") for line in lines if line and not line.startswith("#")][1:]
    ranks = np.array([int(r[0]) for r in rows])
    if not (ranks == np.arange(1, len(rows) + 1)).all():
        raise ValueError(f"{DATA_FILE}: ranks are not 1, 2, 3, ... in order")
    hands = np.array([r[1] for r in rows])
    cards = np.array([parse_cards(h) for h in hands], dtype=np.int8)
    ranking = PreflopRanking(
        keys=class_keys(cards),
        hands=hands,
        sizes=np.array([int(r[2]) for r in rows], dtype=np.int64),
        equity=np.array([float(r[3]) for r in rows]),
        stderr=np.array([float(r[4]) for r in rows]),
        header=header,
    )
    for array in ranking[:5]:
        array.setflags(write=False)
    return ranking


@lru_cache(maxsize=1)
def _key_order() -> tuple[np.ndarray, np.ndarray]:
    """(sorted class keys, the rank index of each) for lookups."""
    keys = preflop_ranking().keys
    order = np.argsort(keys)
    return keys[order], order


def class_index(hands: np.ndarray) -> np.ndarray:
    """The rank index (0 = best) of the class of each 4-card hand row."""
    sorted_keys, order = _key_order()
    keys = class_keys(hands)
    at = np.minimum(np.searchsorted(sorted_keys, keys), len(sorted_keys) - 1)
    if not (sorted_keys[at] == keys).all():
        raise ValueError("a hand's class is missing from the preflop ranking file")
    return order[at]


@lru_cache(maxsize=1)
def _hands_above_all() -> np.ndarray:
    ranking = preflop_ranking()
    above = ranking.at_or_above - ranking.sizes  # hands in strictly better classes
    out = above[class_index(all_hands(4))]
    out.setflags(write=False)
    return out


def hands_above(hole_size: int = 4) -> np.ndarray:
    """For every hand of :func:`~omaha8eq.handclasses.all_hands`, in that order, the
    number of hands in classes ranked strictly better than its class (int64, cached).

    The top p% of hands are those with ``hands_above < p / 100 * 270,725``: whole
    classes, best first, up to and including the class that crosses p% (so the top
    p% holds at least p% of the hands, and at most one class -- 24 hands -- more).
    """
    if hole_size != 4:
        raise HandSizeError(
            f"there is no preflop ranking of {hole_size}-card hands (only of 4-card hands), "
            "so percentages work with 4 hole cards only"
        )
    return _hands_above_all()


def preflop_rank(hand: CardSpec) -> PreflopRank:
    """The rank, percentile and equity of a 4-card hand in the preflop ranking.

    ``rank`` 1 is the best of the 16,432 classes; ``percentile`` is the share of all
    270,725 hands in classes ranked at or above the hand's (every hand of each class
    counted), so the best class has a small percentile and the worst 1.0; ``equity``
    is the class's hi-lo equity against one random hand (standard error about
    0.00055). Raises :class:`HandSizeError` for 5 or 6 cards (no ranking of those).

    >>> r = preflop_rank("As Ah 2s 3h")
    >>> r.rank <= 5, r.percentile < 0.001, r.equity > 0.65
    (True, True, True)
    """
    cards = parse_cards(hand, what="hand")
    if len(cards) != 4:
        raise HandSizeError(
            f"hand: {len(cards)} cards given; the preflop ranking covers 4-card hands only"
        )
    index = int(class_index(np.array([cards], dtype=np.int8))[0])
    ranking = preflop_ranking()
    return PreflopRank(
        rank=index + 1,
        percentile=float(ranking.at_or_above[index]) / TOTAL_HANDS,
        equity=float(ranking.equity[index]),
    )
