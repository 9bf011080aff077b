"""The expression tree of the range language and its evaluation over hands.

:mod:`omaha8eq.ranges.syntax` parses an expression into these nodes;
:mod:`omaha8eq.ranges.range` evaluates the tree into a :class:`~omaha8eq.ranges.range.Range`.
A node's :meth:`Node.value` over a :class:`Chunk` of hands (int8 rows of card ints,
each sorted ascending) is a bool array (weights 0 or 1) or a float64 array of weights
in [0, 1]; :func:`evaluate` runs it over every hand of a size, chunk by chunk, so that
the 20,358,520 6-card hands are never held at once. Pattern matching and the per-hand
features are compiled kernels (:mod:`omaha8eq.core.range_match`).

The macros and the variable letters are defined here, with the nodes that give them
their meaning; :mod:`omaha8eq.ranges.syntax` re-exports them.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property, lru_cache
from math import lcm

import numpy as np

from ..cards import RANKS, SUITS, format_card
from ..core import parallel
from ..core.hand_isomorphism import all_hands, hand_chunks, hand_count
from ..core.range_match import features_kernel as _features_kernel
from ..core.range_match import match_kernel as _match_kernel
from ..core.tables import LOW_BIT

__all__ = [
    "CHUNK_ROWS",
    "MACROS",
    "RANK_VARIABLES",
    "SUIT_VARIABLES",
    "All",
    "And",
    "Chunk",
    "Macro",
    "Node",
    "Not",
    "Or",
    "Pattern",
    "Progress",
    "Slot",
    "Top",
    "Weight",
    "chunks",
    "evaluate",
    "exact_hands",
]

#: Rank variable letters (case-insensitive): same letter same rank, different letters different ranks.
RANK_VARIABLES = "RONBMP"
#: Suit variable letters (case-insensitive): same letter same suit, different letters different suits.
SUIT_VARIABLES = "wxyz"
#: The macros and what they mean (for error messages and descriptions).
MACROS = {
    "ds": "double-suited (two or more suits with two or more cards each)",
    "ss": "single-suited (exactly one suit with two or more cards)",
    "r": "rainbow (no two cards of one suit)",
    "np": "no pair (no two cards of one rank)",
    "low": "at least two different ranks from A 2 3 4 5 6 7 8",
}
ALL_RANKS = (1 << 13) - 1  # a slot's rank set allowing every rank
ALL_SUITS = 15  # a slot's suit set allowing every suit
_LOW_RANKS = np.flatnonzero(LOW_BIT)  # A 2 3 4 5 6 7 8 (the ranks with a low bit)

#: Rows per chunk when scanning 5- and 6-card hands.
CHUNK_ROWS = 1 << 21

#: ``progress(done, total)``: hands scanned so far, out of all hands of the size.
Progress = Callable[[int, int], None]


class Chunk:
    """A block of hands (sorted int8 rows) and the per-hand features the macros use.

    ``start``: the row of ``hands[0]`` in :func:`~omaha8eq.core.hand_isomorphism.all_hands`
    order, or None when the rows are any hands (percentages then look each one up).
    """

    def __init__(self, hands: np.ndarray, start: int | None = 0):
        self.hands = hands
        self.start = start  # row of hands[0] in all_hands(k) order; None: any hands
        self.n, self.k = hands.shape

    @cached_property
    def _features(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        features: tuple[np.ndarray, np.ndarray, np.ndarray] = parallel.run(_features_kernel, self.hands)
        return features

    @property
    def rank_counts(self) -> np.ndarray:
        """(n, 13) int8: cards of each rank."""
        return self._features[0]

    @property
    def suit_counts(self) -> np.ndarray:
        """(n, 4) int8: cards of each suit."""
        return self._features[1]

    @property
    def card_masks(self) -> np.ndarray:
        """(n,) int64: bit ``card`` set for each card held."""
        return self._features[2]

    @cached_property
    def suited_pairs(self) -> np.ndarray:
        """Number of suits holding two or more cards."""
        pairs: np.ndarray = (self.suit_counts >= 2).sum(axis=1)
        return pairs


@lru_cache(maxsize=1)
def four_card_chunk() -> Chunk:
    # A writable copy: numba compiles read-only arrays as another type.
    return Chunk(np.array(all_hands(4)))


def chunks(hole_size: int) -> Iterator[Chunk]:
    """Every hand of ``hole_size`` cards, in :func:`~omaha8eq.core.hand_isomorphism.all_hands`
    order: one cached chunk of 4-card hands, 5 and 6 cards in chunks of ``CHUNK_ROWS``."""
    if hole_size == 4:
        yield four_card_chunk()
        return
    start = 0
    for hands in hand_chunks(hole_size, CHUNK_ROWS):
        yield Chunk(hands, start)
        start += len(hands)


# ---------------------------------------------------------------------------
# expression tree
# ---------------------------------------------------------------------------

# A node's value over a chunk: a bool array (weights 0/1) or a float64 array of weights.
Value = np.ndarray


def _as_float(v: Value) -> np.ndarray:
    return v.astype(np.float64) if v.dtype == np.bool_ else v


class Node:
    """A node of the expression tree: its value over a chunk, and its meaning in words.

    ``position`` and ``text``: where the parser found it. ``depth``: the levels of the
    tree from here down (1 for a leaf), which the parser bounds so that evaluating and
    describing never recurse too deeply. ``denominator``: a common denominator of every
    weight the node can give (1 without ``@``), so that ``rint(weight * denominator)``
    is the weight's exact numerator.
    """

    position: int = 0
    text: str = ""
    depth: int = 1
    denominator: int = 1

    def value(self, chunk: Chunk) -> Value:
        raise NotImplementedError

    def describe(self) -> str:
        raise NotImplementedError


@dataclass(eq=False)
class Or(Node):
    """``a, b, ...``: the largest weight of the items (union without ``@``)."""

    items: list[Node]

    def __post_init__(self) -> None:
        self.depth = 1 + max(item.depth for item in self.items)
        self.denominator = lcm(*(item.denominator for item in self.items))

    def value(self, chunk: Chunk) -> Value:
        values = [item.value(chunk) for item in self.items]
        result: Value
        if all(v.dtype == np.bool_ for v in values):
            result = np.logical_or.reduce(values)
        else:
            result = np.maximum.reduce([_as_float(v) for v in values])
        return result

    def describe(self) -> str:
        return "; or ".join(_group(item, Or) for item in self.items)


@dataclass(eq=False)
class And(Node):
    """``a:b`` (and ``a!b``, the right side wrapped in :class:`Not`): the smaller weight."""

    left: Node
    right: Node

    def __post_init__(self) -> None:
        self.depth = 1 + max(self.left.depth, self.right.depth)
        self.denominator = lcm(self.left.denominator, self.right.denominator)

    def value(self, chunk: Chunk) -> Value:
        a, b = self.left.value(chunk), self.right.value(chunk)
        result: Value = a & b if a.dtype == np.bool_ and b.dtype == np.bool_ else np.minimum(_as_float(a), _as_float(b))
        return result

    def describe(self) -> str:
        return f"{_group(self.left, And)} and {_group(self.right, And)}"


@dataclass(eq=False)
class Not(Node):
    """``!a``: one minus the weight (the complement without ``@``)."""

    item: Node

    def __post_init__(self) -> None:
        self.depth = 1 + self.item.depth
        self.denominator = self.item.denominator

    def value(self, chunk: Chunk) -> Value:
        v = self.item.value(chunk)
        return ~v if v.dtype == np.bool_ else 1.0 - v

    def describe(self) -> str:
        return f"not {_group(self.item, Not)}"


@dataclass(eq=False)
class Weight(Node):
    """``a@p``: the item's weights times ``weight`` = p/100.

    ``weight`` is the float the evaluation multiplies by; ``exact`` the same weight as
    written (``Fraction("33.3") / 100``), which fixes the exact denominator.
    """

    item: Node
    weight: float  # in (0, 1]
    exact: Fraction

    def __post_init__(self) -> None:
        self.depth = 1 + self.item.depth
        self.denominator = self.item.denominator * self.exact.denominator

    def value(self, chunk: Chunk) -> Value:
        return _as_float(self.item.value(chunk)) * self.weight

    def describe(self) -> str:
        return f"{_group(self.item, Weight)} at weight {100 * self.weight:g}%"


def _group(node: Node, parent: type) -> str:
    """A child's description, bracketed when it binds looser than its parent."""
    looser = {Or: 0, Weight: 1, And: 2, Not: 3}
    text = node.describe()
    if (type(node) in looser and looser[type(node)] < looser.get(parent, 4)) or (
        parent is Not and isinstance(node, (And, Or, Weight))
    ):
        return f"({text})"
    return text


@dataclass(eq=False)
class All(Node):
    """``random`` or ``*``: every hand."""

    def value(self, chunk: Chunk) -> Value:
        return np.ones(chunk.n, dtype=np.bool_)

    def describe(self) -> str:
        return "any hand"


@dataclass(eq=False)
class Macro(Node):
    """``$ds``, ``$ss``, ``$r``, ``$np``, ``$low`` (meanings in :data:`MACROS`)."""

    name: str

    def value(self, chunk: Chunk) -> Value:
        hit: Value
        if self.name == "ds":
            hit = chunk.suited_pairs >= 2
        elif self.name == "ss":
            hit = chunk.suited_pairs == 1
        elif self.name == "r":
            hit = chunk.suited_pairs == 0
        elif self.name == "np":
            hit = chunk.rank_counts.max(axis=1) <= 1
        else:  # low: two or more different ranks among A 2 3 4 5 6 7 8
            hit = (chunk.rank_counts[:, _LOW_RANKS] > 0).sum(axis=1) >= 2
        return hit

    def describe(self) -> str:
        return f"${self.name}: {MACROS[self.name]}"


@dataclass(eq=False)
class Top(Node):
    """``p%`` and ``a%-b%``: whole preflop classes, best first (:mod:`omaha8eq.ranges.preflop`)."""

    low: float  # percent, exclusive lower bound of the band (0 = from the top)
    high: float  # percent

    def value(self, chunk: Chunk) -> Value:
        from .preflop import hands_above  # the ranking's data loads on first use

        above = hands_above(chunk.hands, chunk.start)
        total = hand_count(chunk.k)
        inside = above < self.high / 100 * total
        if self.low > 0:
            inside &= ~(above < self.low / 100 * total)
        return inside

    def describe(self) -> str:
        if self.low == 0:
            return f"the top {self.high:g}% by preflop equity"
        return f"the top {self.high:g}% but not the top {self.low:g}% by preflop equity"


@dataclass
class Slot:
    """One card of a pattern."""

    rank_set: int = ALL_RANKS  # bit r: rank r allowed
    suit_set: int = ALL_SUITS  # bit s: suit s allowed
    rank_var: int = -1  # index into RANK_VARIABLES
    suit_var: int = -1  # index into SUIT_VARIABLES
    text: str = ""

    @property
    def rank(self) -> int | None:
        """The one rank this slot allows (None for a set or a variable)."""
        if self.rank_var < 0 and self.rank_set & (self.rank_set - 1) == 0:
            return self.rank_set.bit_length() - 1
        return None

    @property
    def suit(self) -> int | None:
        if self.suit_var < 0 and self.suit_set & (self.suit_set - 1) == 0:
            return self.suit_set.bit_length() - 1
        return None

    @property
    def is_any(self) -> bool:
        return (self.rank_set, self.suit_set, self.rank_var, self.suit_var) == (ALL_RANKS, ALL_SUITS, -1, -1)

    def key(self) -> tuple[int, int, int, int]:
        return (self.rank_set, self.suit_set, self.rank_var, self.suit_var)

    def describe(self, count: int = 1) -> str:
        """``count`` such cards in words: "an ace", "two aces", "As", "a 2, 3, 4 or 5"."""
        rank, suit = self.rank, self.suit
        if rank is not None and suit is not None and count == 1:
            return RANKS[rank] + SUITS[suit]
        number = _NUMBERS[count]
        if rank is not None:
            name = _RANK_WORDS[rank]
            what = (("an " if name[0] in "ae" else "a ") + name) if count == 1 else f"{number} {name}s"
        elif self.rank_var >= 0:
            letter = RANK_VARIABLES[self.rank_var]
            what = f"a card of rank {letter}" if count == 1 else f"{number} cards of rank {letter}"
        elif self.rank_set == ALL_RANKS:
            what = "any card" if count == 1 else f"{number} more cards"
        else:
            names = [RANKS[r] for r in range(13) if self.rank_set >> r & 1]
            listed = ", ".join(names[:-1]) + " or " + names[-1]
            what = f"a {listed}" if count == 1 else f"{number} cards of {listed}"
        if self.suit_var >= 0:
            what += f" of suit {SUIT_VARIABLES[self.suit_var]}"
        elif suit is not None:
            what += " of " + ("clubs", "diamonds", "hearts", "spades")[suit]
        return what


_RANK_WORDS = ("deuce", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "jack", "queen", "king", "ace")
_NUMBERS = ("no", "one", "two", "three", "four", "five", "six")


@dataclass(eq=False)
class Pattern(Node):
    """Cards, ranks and variables that distinct cards of a hand must fit, in any order."""

    slots: list[Slot]

    @cached_property
    def exact_cards(self) -> tuple[int, ...] | None:
        """The cards, when every slot is one written card."""
        cards = []
        for slot in self.slots:
            if slot.rank is None or slot.suit is None:
                return None
            cards.append(4 * slot.rank + slot.suit)
        return tuple(cards)

    @cached_property
    def _kernel_arrays(self) -> tuple[np.ndarray, ...]:
        slots = [s for s in self.slots if not s.is_any]
        # Most constrained first; identical slots next to each other.
        slots.sort(key=lambda s: (bin(s.rank_set).count("1") * bin(s.suit_set).count("1"), s.key()))
        after_prev = [i > 0 and slots[i].key() == slots[i - 1].key() for i in range(len(slots))]
        return (
            np.array([s.rank_set for s in slots], dtype=np.int64),
            np.array([s.suit_set for s in slots], dtype=np.int64),
            np.array([s.rank_var for s in slots], dtype=np.int64),
            np.array([s.suit_var for s in slots], dtype=np.int64),
            np.array(after_prev, dtype=np.bool_),
        )

    def value(self, chunk: Chunk) -> Value:
        cards = self.exact_cards
        if cards is not None:  # every written card is held
            mask = np.int64(sum(1 << c for c in cards))
            held: Value = (chunk.card_masks & mask) == mask
            return held
        slots = [s for s in self.slots if not s.is_any]
        if not slots:
            return np.ones(chunk.n, dtype=np.bool_)
        ranks = [s.rank for s in slots if s.rank is not None and s.suit_set == ALL_SUITS and s.suit_var < 0]
        out: Value
        if len(ranks) == len(slots):  # ranks only: count them
            out = np.ones(chunk.n, dtype=np.bool_)
            for rank, count in Counter(ranks).items():
                out &= chunk.rank_counts[:, rank] >= count
        else:
            out = parallel.run(_match_kernel, chunk.hands, *self._kernel_arrays)
        return out

    def describe(self) -> str:
        cards = self.exact_cards
        if cards is not None:
            return "holding " + " ".join(format_card(c) for c in cards)
        counts: dict[tuple[int, int, int, int], tuple[Slot, int]] = {}
        for slot in self.slots:
            first, n = counts.get(slot.key(), (slot, 0))
            counts[slot.key()] = (first, n + 1)
        parts = [slot.describe(n) for slot, n in counts.values()]
        text = "holding " + (", ".join(parts[:-1]) + " and " + parts[-1] if len(parts) > 1 else parts[0])
        if any(s.rank_var >= 0 or s.suit_var >= 0 for s in self.slots):
            text += " (different variable letters: different ranks or suits)"
        return text


def exact_hands(tree: Node, hole_size: int) -> list[tuple[tuple[int, ...], float]] | None:
    """The (cards, weight) list when the expression only lists exact full hands."""
    items = tree.items if isinstance(tree, Or) else [tree]
    out = []
    for item in items:
        weight = 1.0
        if isinstance(item, Weight):
            weight, item = item.weight, item.item
        if not isinstance(item, Pattern) or item.exact_cards is None or len(item.slots) != hole_size:
            return None
        out.append((item.exact_cards, weight))
    return out


def evaluate(
    tree: Node, hole_size: int, progress: Progress | None = None, candidates: np.ndarray | None = None
) -> tuple[np.ndarray, np.ndarray]:
    """The hands (int8 rows in :func:`~omaha8eq.core.hand_isomorphism.all_hands` order) and
    float64 weights of every hand of ``hole_size`` cards with a weight above 0.

    ``candidates``: hands in that order outside which the tree weighs nothing (a band's,
    see :mod:`omaha8eq.ranges.bands`): only they are scanned. ``progress(done, total)``
    is called after each chunk with the hands scanned so far and the number to scan (49
    calls for all 6-card hands, one for 4).
    """
    hands_out, weights_out = [], []
    if candidates is None:
        total, source = hand_count(hole_size), chunks(hole_size)
    else:
        total = len(candidates)
        source = (Chunk(candidates[i : i + CHUNK_ROWS], start=None) for i in range(0, max(total, 1), CHUNK_ROWS))
    done = 0
    for chunk in source:
        v = tree.value(chunk)
        if v.dtype == np.bool_:
            keep = np.flatnonzero(v)
            w = np.ones(len(keep))
        else:
            keep = np.flatnonzero(v > 0)
            w = v[keep]
        hands_out.append(chunk.hands[keep])
        weights_out.append(w)
        done += chunk.n
        if progress is not None:
            progress(done, total)
    hands = hands_out[0] if len(hands_out) == 1 else np.concatenate(hands_out)
    weights = weights_out[0] if len(weights_out) == 1 else np.concatenate(weights_out)
    return np.ascontiguousarray(hands), np.ascontiguousarray(weights, dtype=np.float64)
