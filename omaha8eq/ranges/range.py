"""Omaha hand ranges: a small language for sets of starting hands, with weights.

``parse_range("AA2*:$ds, 5%", hole_size=4)`` returns a :class:`Range`: the hands the
expression covers, as an ``(n, hole_size)`` int8 array of card ints (each row sorted
ascending), and a weight in (0, 1] for each.

Syntax
------
=====================  ===========================================================
``AsAh2c3d``           exact cards: every hand holding them (with 4 hole cards and
                       4 cards written, that one hand). Spaces may separate
                       written cards: ``As Ah 2c 3d``.
``AA``, ``A2``, ``AA2*`` rank pattern: hands that CONTAIN the pattern, order-free:
                       ``AA`` = at least two aces, ``A2`` = an ace and a deuce;
                       ``*`` is any card. A pattern as long as the hand is the
                       whole hand (``AAKK``).
``AxAy``, ``AxKx``     suit variables ``w x y z``: the same letter is the same
                       suit, different letters different suits.
``RROO``               rank variables ``R O N B M P``: the same letter is the same
                       rank, different letters different ranks.
``A2-5``, ``A[2-5]``   rank span / list: one card of any of the ranks (``[2-5]`` =
                       ``[2345]``; ``[T-A]``, ``[2-4,9,K]``); a span runs in rank
                       order 2 < 3 < ... < A, written either way round.
``$ds $ss $r $np $low`` macros (definitions below).
``a, b``               or.        ``a:b``  and.      ``!a``  not.
``a!b``                a and not b (``AA!AAA`` = exactly two aces).
``( )``                grouping.
``15%``                the top 15% of hands by the preflop ranking of their
                       size (:mod:`omaha8eq.ranges.preflop`; 4, 5 or 6 hole cards).
``5%-15%``             the band: in the top 15% but not in the top 5%.
``e@50``               entry ``e`` at weight 50% (weights are percents in (0, 100]).
``random``, ``*``      every hand.
=====================  ===========================================================

Precedence, loosest first: ``,`` then ``@`` (applies to everything since the
previous ``,`` or ``(``), then ``:`` and infix ``!`` (left to right), then prefix
``!``. Case does not matter (``aa`` = ``AA``, ``$DS`` = ``$ds``). Ranks: ``2-9 T J Q
K A`` (``10`` = ``T``); suits ``c d h s`` (or ``♣ ♦ ♥ ♠``); none of the variable
letters is a rank or suit letter.

Variables: in one pattern a rank variable never takes a rank written in that
pattern (``AARR`` = aces and another pair, not four aces) and a suit variable
never takes a suit written in it (``AsKx`` = As and a king of another suit).
Variables of different patterns are unrelated.

Macros, for hands of any size (a "suited pair" is two cards of one suit):

- ``$ds`` double-suited: at least two suits hold two or more cards each
  (4 cards: suits 2-2).
- ``$ss`` single-suited: exactly one suit holds two or more cards
  (4 cards: 2-1-1, 3-1 or 4).
- ``$r`` rainbow: no two cards of one suit (4 cards: one of each suit; with 5 or
  6 cards no hand is rainbow). ``$ds``, ``$ss`` and ``$r`` split every hole size.
- ``$np`` no pair: no two cards of one rank.
- ``$low`` at least two different ranks from A 2 3 4 5 6 7 8 (a two-card low
  draw).

Weights: every hand has a weight in [0, 1], 0 meaning "not in the range". An
exact hand or pattern weighs 1; ``e@p`` multiplies ``e``'s weights by p/100;
``a, b`` takes the larger weight of the two (so ``AA@50, AAKK`` holds AAKK hands
at weight 1 and the other AA hands at 0.5); ``a:b`` the smaller; ``!a`` is
``1 - weight``. Without ``@`` these are plain union, intersection and complement.

Percentages: ``p%`` holds whole suit-isomorphic classes, best first, up to and
including the class during which p% of the hands of that size (270,725 of 4
cards) is reached (so at least p%, at most 23 hands more); ``a%-b%`` =
``b%!a%``, so bands tile: ``5%, 5%-15%`` is ``15%``. ``100%`` is every hand,
``0%`` none. With 5 or 6 cards a percentage also looks up each hand's class
(about 0.35 s for all 5-card hands, 3.3 s for all 6-card hands).

Cost
----
Expressions are evaluated as boolean (or weight) masks over every hand at once:
all 270,725 4-card hands with their rank and suit counts are built on first use
(about 0.1 s) and cached, after which a range parses in milliseconds (6 ms for
the 189,714 hands of ``($ss, $ds):$low!AA!KK``; pattern matching is a numba
kernel, compiled once and cached on disk). 5- and 6-card hands (2,598,960 and
20,358,520) are never held all at once: they are generated in chunks of at most
2 million and the expression evaluated chunk by chunk, 0.05 to 0.15 s for 5
cards and 0.4 to 2 s for 6 (on two cores), plus the memory of the result (14
bytes a hand: 285 MB for all 6-card hands). An expression that only lists exact
full hands is built directly, without a scan. Results of up to a million hands
are cached by (expression, hole size).

Errors: a malformed expression raises :class:`RangeSyntaxError` (an
``OmahaInputError``, so a ``ValueError``) naming the position (1-based) and the
offending text.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import cached_property, lru_cache
from typing import Any

import numpy as np

from ..cards import CardSpec, format_card, parse_cards
from ..core.handclasses import HOLE_SIZES, all_hands, class_keys, colex_index, hand_chunks, hand_count
from ..core.range_match import features_kernel as _features_kernel
from ..core.range_match import match_kernel as _match_kernel
from ..errors import HandSizeError, OmahaInputError

__all__ = [
    "MACROS",
    "RANK_VARIABLES",
    "SUIT_VARIABLES",
    "Range",
    "RangeSyntaxError",
    "is_range_expression",
    "parse_range",
    "range_hands_excluding",
    "range_weights",
]

RANK_CHARS = "23456789TJQKA"
SUIT_CHARS = "cdhs"
#: Rank variable letters (case-insensitive): same letter same rank, different letters different ranks.
RANK_VARIABLES = "RONBMP"
#: Suit variable letters (case-insensitive): same letter same suit, different letters different suits.
SUIT_VARIABLES = "wxyz"
_SUIT_SYMBOLS = {"♣": 0, "♧": 0, "♦": 1, "♢": 1, "♥": 2, "♡": 2, "♠": 3, "♤": 3}
_LOW_RANKS = [12, 0, 1, 2, 3, 4, 5, 6]  # A 2 3 4 5 6 7 8
_ALL_RANKS = (1 << 13) - 1
_ALL_SUITS = 15

#: The macros and what they mean (for error messages and descriptions).
MACROS = {
    "ds": "double-suited (two or more suits with two or more cards each)",
    "ss": "single-suited (exactly one suit with two or more cards)",
    "r": "rainbow (no two cards of one suit)",
    "np": "no pair (no two cards of one rank)",
    "low": "at least two different ranks from A 2 3 4 5 6 7 8",
}

#: Results with at most this many hands are cached by (expression, hole size).
CACHE_MAX_HANDS = 1_000_000
#: Rows per chunk when scanning 5- and 6-card hands.
CHUNK_ROWS = 1 << 21


class RangeSyntaxError(OmahaInputError):
    """A range expression that cannot be read; names the position and the text.

    ``position`` is the 0-based index into ``expression`` (the message says it
    1-based), ``text`` the offending part.
    """

    def __init__(self, message: str, expression: str = "", position: int = 0, text: str = ""):
        super().__init__(message)
        self.expression = expression
        self.position = position
        self.text = text


# ---------------------------------------------------------------------------
# the hands a range is evaluated over, with their features
# ---------------------------------------------------------------------------


class _Chunk:
    """A block of hands (sorted int8 rows) and the per-hand features the macros use."""

    def __init__(self, hands: np.ndarray, start: int | None = 0):
        self.hands = hands
        self.start = start  # row of hands[0] in all_hands(k) order; None: any hands
        self.n, self.k = hands.shape

    @cached_property
    def _features(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        return _features_kernel(self.hands)

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
        return (self.suit_counts >= 2).sum(axis=1)


@lru_cache(maxsize=1)
def _four_card_chunk() -> _Chunk:
    # A writable copy: numba compiles read-only arrays as another type.
    return _Chunk(np.array(all_hands(4)))


def _chunks(hole_size: int) -> Iterator[_Chunk]:
    if hole_size == 4:
        yield _four_card_chunk()
        return
    start = 0
    for hands in hand_chunks(hole_size, CHUNK_ROWS):
        yield _Chunk(hands, start)
        start += len(hands)


# ---------------------------------------------------------------------------
# expression tree
# ---------------------------------------------------------------------------

# A node's value over a chunk: a bool array (weights 0/1) or a float64 array of weights.
Value = np.ndarray


def _as_float(v: Value) -> np.ndarray:
    return v.astype(np.float64) if v.dtype == np.bool_ else v


class _Node:
    position: int = 0
    text: str = ""

    def value(self, chunk: _Chunk) -> Value:
        raise NotImplementedError

    def describe(self) -> str:
        raise NotImplementedError

    def nodes(self) -> Iterator[_Node]:
        yield self


@dataclass(eq=False)
class _Or(_Node):
    items: list[_Node]

    def value(self, chunk: _Chunk) -> Value:
        values = [item.value(chunk) for item in self.items]
        if all(v.dtype == np.bool_ for v in values):
            return np.logical_or.reduce(values)
        return np.maximum.reduce([_as_float(v) for v in values])

    def describe(self) -> str:
        return "; or ".join(_group(item, _Or) for item in self.items)

    def nodes(self) -> Iterator[_Node]:
        yield self
        for item in self.items:
            yield from item.nodes()


@dataclass(eq=False)
class _And(_Node):
    left: _Node
    right: _Node

    def value(self, chunk: _Chunk) -> Value:
        a, b = self.left.value(chunk), self.right.value(chunk)
        if a.dtype == np.bool_ and b.dtype == np.bool_:
            return a & b
        return np.minimum(_as_float(a), _as_float(b))

    def describe(self) -> str:
        return f"{_group(self.left, _And)} and {_group(self.right, _And)}"

    def nodes(self) -> Iterator[_Node]:
        yield self
        yield from self.left.nodes()
        yield from self.right.nodes()


@dataclass(eq=False)
class _Not(_Node):
    item: _Node

    def value(self, chunk: _Chunk) -> Value:
        v = self.item.value(chunk)
        return ~v if v.dtype == np.bool_ else 1.0 - v

    def describe(self) -> str:
        return f"not {_group(self.item, _Not)}"

    def nodes(self) -> Iterator[_Node]:
        yield self
        yield from self.item.nodes()


@dataclass(eq=False)
class _Weight(_Node):
    item: _Node
    weight: float  # in (0, 1]

    def value(self, chunk: _Chunk) -> Value:
        return _as_float(self.item.value(chunk)) * self.weight

    def describe(self) -> str:
        return f"{_group(self.item, _Weight)} at weight {100 * self.weight:g}%"

    def nodes(self) -> Iterator[_Node]:
        yield self
        yield from self.item.nodes()


def _group(node: _Node, parent: type) -> str:
    """A child's description, bracketed when it binds looser than its parent."""
    looser = {_Or: 0, _Weight: 1, _And: 2, _Not: 3}
    text = node.describe()
    if (type(node) in looser and looser[type(node)] < looser.get(parent, 4)) or (
        parent is _Not and isinstance(node, (_And, _Or, _Weight))
    ):
        return f"({text})"
    return text


@dataclass(eq=False)
class _All(_Node):
    def value(self, chunk: _Chunk) -> Value:
        return np.ones(chunk.n, dtype=np.bool_)

    def describe(self) -> str:
        return "any hand"


@dataclass(eq=False)
class _Macro(_Node):
    name: str

    def value(self, chunk: _Chunk) -> Value:
        if self.name == "ds":
            return chunk.suited_pairs >= 2
        if self.name == "ss":
            return chunk.suited_pairs == 1
        if self.name == "r":
            return chunk.suited_pairs == 0
        if self.name == "np":
            return chunk.rank_counts.max(axis=1) <= 1
        # low: two or more different ranks among A 2 3 4 5 6 7 8
        return (chunk.rank_counts[:, _LOW_RANKS] > 0).sum(axis=1) >= 2

    def describe(self) -> str:
        return f"${self.name}: {MACROS[self.name]}"


@dataclass(eq=False)
class _Top(_Node):
    low: float  # percent, exclusive lower bound of the band (0 = from the top)
    high: float  # percent

    def value(self, chunk: _Chunk) -> Value:
        from .preflop import hands_above

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
class _Slot:
    """One card of a pattern."""

    rank_set: int = _ALL_RANKS  # bit r: rank r allowed
    suit_set: int = _ALL_SUITS  # bit s: suit s allowed
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
        return (self.rank_set, self.suit_set, self.rank_var, self.suit_var) == (_ALL_RANKS, _ALL_SUITS, -1, -1)

    def key(self) -> tuple[int, int, int, int]:
        return (self.rank_set, self.suit_set, self.rank_var, self.suit_var)

    def describe(self, count: int = 1) -> str:
        """``count`` such cards in words: "an ace", "two aces", "As", "a 2, 3, 4 or 5"."""
        rank, suit = self.rank, self.suit
        if rank is not None and suit is not None and count == 1:
            return RANK_CHARS[rank] + SUIT_CHARS[suit]
        number = _NUMBERS[count]
        if rank is not None:
            name = _RANK_WORDS[rank]
            what = (("an " if name[0] in "ae" else "a ") + name) if count == 1 else f"{number} {name}s"
        elif self.rank_var >= 0:
            letter = RANK_VARIABLES[self.rank_var]
            what = f"a card of rank {letter}" if count == 1 else f"{number} cards of rank {letter}"
        elif self.rank_set == _ALL_RANKS:
            what = "any card" if count == 1 else f"{number} more cards"
        else:
            names = [RANK_CHARS[r] for r in range(13) if self.rank_set >> r & 1]
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
class _Pattern(_Node):
    slots: list[_Slot]

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

    def value(self, chunk: _Chunk) -> Value:
        cards = self.exact_cards
        if cards is not None:  # every written card is held
            mask = np.int64(sum(1 << c for c in cards))
            return (chunk.card_masks & mask) == mask
        slots = [s for s in self.slots if not s.is_any]
        if not slots:
            return np.ones(chunk.n, dtype=np.bool_)
        if all(s.rank is not None and s.suit_set == _ALL_SUITS and s.suit_var < 0 for s in slots):
            needed: dict[int, int] = {}
            for s in slots:
                needed[s.rank] = needed.get(s.rank, 0) + 1  # type: ignore[index]
            out = np.ones(chunk.n, dtype=np.bool_)
            for rank, count in needed.items():
                out &= chunk.rank_counts[:, rank] >= count
            return out
        return _match_kernel(chunk.hands, *self._kernel_arrays)

    def describe(self) -> str:
        cards = self.exact_cards
        if cards is not None:
            return "holding " + " ".join(format_card(c) for c in cards)
        counts: dict[tuple[int, int, int, int], list] = {}
        for slot in self.slots:
            counts.setdefault(slot.key(), [slot, 0])[1] += 1
        parts = [slot.describe(n) for slot, n in counts.values()]
        text = "holding " + (", ".join(parts[:-1]) + " and " + parts[-1] if len(parts) > 1 else parts[0])
        if any(s.rank_var >= 0 or s.suit_var >= 0 for s in self.slots):
            text += " (different variable letters: different ranks or suits)"
        return text

    def nodes(self) -> Iterator[_Node]:
        yield self


# ---------------------------------------------------------------------------
# parser
# ---------------------------------------------------------------------------

_NUMBER = re.compile(r"\d+(?:\.\d*)?|\.\d+")
_PERCENT = re.compile(r"(\d+(?:\.\d*)?|\.\d+)\s*%")


class _Parser:
    def __init__(self, text: str, hole_size: int | None):
        self.text = text
        self.hole_size = hole_size  # None: syntax only (no checks against a hole size)
        self.pos = 0

    # -- helpers ------------------------------------------------------------

    def error(self, message: str, position: int | None = None, length: int = 1) -> RangeSyntaxError:
        pos = self.pos if position is None else position
        if pos >= len(self.text):
            shown = "the end of the expression"
            part = ""
        else:
            part = self.text[pos : pos + max(1, length)]
            shown = f"{part!r}"
        return RangeSyntaxError(
            f"range {self.text!r}: {message} at position {pos + 1} ({shown})",
            self.text,
            pos,
            part,
        )

    def skip_spaces(self) -> None:
        while self.pos < len(self.text) and self.text[self.pos].isspace():
            self.pos += 1

    def peek(self) -> str:
        self.skip_spaces()
        return self.text[self.pos] if self.pos < len(self.text) else ""

    # -- grammar ------------------------------------------------------------

    def parse(self) -> _Node:
        if not self.text.strip():
            raise self.error("empty expression", position=len(self.text))
        node = self.expr()
        if self.peek():
            raise self.error("expected ',', ':', '!' or '@'" if self.peek() != ")" else "unmatched ')'")
        return node

    def expr(self) -> _Node:
        start = self.pos
        items = [self.term()]
        while self.peek() == ",":
            self.pos += 1
            items.append(self.term())
        if len(items) == 1:
            return items[0]
        node = _Or(items)
        node.position, node.text = start, self.text[start : self.pos]
        return node

    def term(self) -> _Node:
        node = self.chain()
        if self.peek() == "@":
            at = self.pos
            self.pos += 1
            self.skip_spaces()
            match = _NUMBER.match(self.text, self.pos)
            if not match:
                raise self.error("expected a weight in percent after '@' (such as @50)")
            weight = float(match.group())
            if not 0 < weight <= 100:
                raise self.error("a weight must be more than 0 and at most 100 (percent)", length=len(match.group()))
            self.pos = match.end()
            if self.peek() == "%":
                self.pos += 1
            if self.peek() == "@":
                raise self.error("a second weight")
            node = _Weight(node, weight / 100)
            node.position = at
        return node

    def chain(self) -> _Node:
        node = self.unary()
        while self.peek() in (":", "!"):
            op = self.text[self.pos]
            self.pos += 1
            right = self.unary()
            node = _And(node, right if op == ":" else _Not(right))
        return node

    def unary(self) -> _Node:
        if self.peek() == "!":
            self.pos += 1
            return _Not(self.unary())
        return self.primary()

    def primary(self) -> _Node:
        ch = self.peek()
        start = self.pos
        if ch == "":
            raise self.error("expected a hand, pattern, macro, percentage or '('")
        if ch == "(":
            self.pos += 1
            node = self.expr()
            if self.peek() != ")":
                raise self.error("expected ')' to close the '(' at position " + str(start + 1))
            self.pos += 1
            return node
        if ch == "$":
            match = re.compile(r"\$([A-Za-z]*)").match(self.text, self.pos)
            assert match is not None
            name = match.group(1).lower()
            if name not in MACROS:
                raise self.error(
                    "unknown macro (known: " + ", ".join("$" + m for m in MACROS) + ")",
                    length=len(match.group()),
                )
            self.pos = match.end()
            node: _Node = _Macro(name)
            node.position, node.text = start, match.group()
            return node
        if (
            self.text[self.pos : self.pos + 6].lower() == "random"
            and not self.text[self.pos + 6 : self.pos + 7].isalnum()
        ):
            self.pos += 6
            node = _All()
            node.position, node.text = start, "random"
            return node
        match = _PERCENT.match(self.text, self.pos)
        if match:
            return self.percent(match)
        if ch in ")@,:":
            raise self.error("expected a hand, pattern, macro, percentage or '('")
        return self.pattern()

    def percent(self, match: re.Match) -> _Node:
        start = self.pos
        high = float(match.group(1))
        if high > 100:
            raise self.error("a percentage must be at most 100", length=match.end() - start)
        self.pos = match.end()
        low = 0.0
        if self.peek() == "-":
            self.pos += 1
            self.skip_spaces()
            second = _PERCENT.match(self.text, self.pos)
            if not second:
                raise self.error("expected a percentage after '-' (such as 5%-15%)")
            low, high = high, float(second.group(1))
            if high > 100:
                raise self.error("a percentage must be at most 100", length=second.end() - self.pos)
            if low > high:
                raise self.error(
                    f"the band {low:g}%-{high:g}% runs backwards (write the smaller first)",
                    position=start, length=second.end() - start,
                )  # fmt: skip
            self.pos = second.end()
        node = _Top(low, high)
        node.position, node.text = start, self.text[start : self.pos]
        return node

    def rank_at(self, pos: int) -> tuple[int, int] | None:
        """(rank, characters used) of a rank written at ``pos``, else None."""
        if self.text.startswith("10", pos):
            return 8, 2
        if pos < len(self.text):
            r = RANK_CHARS.find(self.text[pos].upper())
            if r >= 0:
                return r, 1
        return None

    def bracket(self) -> int:
        """A rank list ``[2-5,9,K]`` at self.pos; returns the rank bit set."""
        open_at = self.pos
        self.pos += 1
        ranks = 0
        while True:
            self.skip_spaces()
            if self.pos >= len(self.text):
                raise self.error(f"expected ']' to close the '[' at position {open_at + 1}")
            ch = self.text[self.pos]
            if ch == "]":
                self.pos += 1
                break
            if ch == ",":
                self.pos += 1
                continue
            first = self.rank_at(self.pos)
            if first is None:
                raise self.error("expected a rank (2-9, T, J, Q, K, A) in the list")
            self.pos += first[1]
            low = high = first[0]
            self.skip_spaces()
            if self.pos < len(self.text) and self.text[self.pos] == "-":
                self.pos += 1
                self.skip_spaces()
                second = self.rank_at(self.pos)
                if second is None:
                    raise self.error("expected a rank after '-' in the list")
                self.pos += second[1]
                low, high = min(first[0], second[0]), max(first[0], second[0])
            for r in range(low, high + 1):
                ranks |= 1 << r
        if not ranks:
            raise self.error("an empty rank list", position=open_at, length=self.pos - open_at)
        return ranks

    def pattern(self) -> _Node:
        start = self.pos
        slots: list[_Slot] = []
        spaced = -1  # position of a space between slots
        while True:
            slot_start = self.pos
            ch = self.text[self.pos] if self.pos < len(self.text) else ""
            slot = _Slot()
            rank = self.rank_at(self.pos)
            if rank is not None:
                self.pos += rank[1]
                slot.rank_set = 1 << rank[0]
                if self.pos < len(self.text) and self.text[self.pos] == "-":
                    end = self.rank_at(self.pos + 1)
                    if end is None:
                        raise self.error("expected a rank after '-' (a span such as 2-5)", position=self.pos + 1)
                    low, high = sorted((rank[0], end[0]))
                    slot.rank_set = sum(1 << r for r in range(low, high + 1))
                    self.pos += 1 + end[1]
            elif ch == "*":
                self.pos += 1
            elif ch == "[":
                slot.rank_set = self.bracket()
            elif ch and ch.upper() in RANK_VARIABLES:
                slot.rank_var = RANK_VARIABLES.index(ch.upper())
                self.pos += 1
            else:
                if ch and (ch.lower() in SUIT_CHARS or ch.lower() in SUIT_VARIABLES or ch in _SUIT_SYMBOLS):
                    raise self.error("a suit needs a rank (or '*') before it")
                raise self.error("expected a rank (2-9, T, J, Q, K, A), a rank variable (R O N B M P), '*' or '['")
            ch = self.text[self.pos] if self.pos < len(self.text) else ""
            if ch and ch.lower() in SUIT_CHARS:
                slot.suit_set = 1 << SUIT_CHARS.index(ch.lower())
                self.pos += 1
            elif ch in _SUIT_SYMBOLS:
                slot.suit_set = 1 << _SUIT_SYMBOLS[ch]
                self.pos += 1
                while self.pos < len(self.text) and self.text[self.pos] in "\ufe0e\ufe0f":
                    self.pos += 1
            elif ch and ch.lower() in SUIT_VARIABLES:
                slot.suit_var = SUIT_VARIABLES.index(ch.lower())
                self.pos += 1
            slot.text = self.text[slot_start : self.pos]
            slots.append(slot)
            # another slot follows, glued or after spaces?
            after = self.pos
            self.skip_spaces()
            nxt = self.text[self.pos] if self.pos < len(self.text) else ""
            if not nxt or nxt in ",:!@()$%" or _PERCENT.match(self.text, self.pos):
                self.pos = after
                break
            if self.pos > after and spaced < 0:
                spaced = after
            if self.text[self.pos : self.pos + 6].lower() == "random":
                self.pos = after
                break
        node = _Pattern(slots)
        node.position, node.text = start, self.text[start : self.pos]
        self.check_pattern(node, spaced)
        return node

    def check_pattern(self, node: _Pattern, spaced: int) -> None:
        slots = node.slots
        start, length = node.position, len(node.text)
        if spaced >= 0 and node.exact_cards is None:
            raise self.error(
                "a space inside a pattern (spaces may only separate written cards such as "
                "'As Ah'; write 'AAKK' for both pairs or 'AA, KK' for either)",
                position=spaced,
            )
        if self.hole_size is not None and len(slots) > self.hole_size:
            raise self.error(
                f"the pattern has {len(slots)} cards; {self.hole_size}-card hands hold {self.hole_size}",
                position=start, length=length,
            )  # fmt: skip
        cards = node.exact_cards
        if cards is not None and len(set(cards)) < len(cards):
            repeated = next(c for c in cards if cards.count(c) > 1)
            raise self.error(f"{format_card(repeated)} is written twice", position=start, length=length)
        # Variables never take a rank or suit written in the same pattern.
        written_ranks = 0
        written_suits = 0
        for s in slots:
            if s.rank is not None:
                written_ranks |= s.rank_set
            if s.suit is not None:
                written_suits |= s.suit_set
        for s in slots:
            if s.rank_var >= 0:
                s.rank_set &= ~written_ranks & _ALL_RANKS
            if s.suit_var >= 0:
                s.suit_set &= ~written_suits & _ALL_SUITS


def _parse_tree(expression: str, hole_size: int | None) -> _Node:
    parser = _Parser(expression, hole_size)
    try:
        return parser.parse()
    except RecursionError:
        raise RangeSyntaxError(
            f"range {expression[:40]!r}...: nested too deeply (at position {parser.pos + 1})",
            expression,
            parser.pos,
            expression[parser.pos : parser.pos + 1],
        ) from None


# ---------------------------------------------------------------------------
# Range
# ---------------------------------------------------------------------------


class Range:
    """An immutable weighted set of Omaha starting hands of one size.

    ``hands``: (n, hole_size) int8 card ints, each row sorted ascending, rows in
    :func:`omaha8eq.core.handclasses.all_hands` order (hands with the highest cards first)
    and distinct; ``weights``: (n,) float64 in (0, 1]. Both arrays are read-only.
    ``len(r)`` is the number of hands; iterating gives ``(cards tuple, weight)``.

    >>> r = parse_range("AA:$ds")
    >>> len(r), round(r.share, 5)
    (864, 0.00319)
    >>> next(iter(r))
    ((46, 47, 50, 51), 1.0)
    >>> hand_text(r.hands[0], " ")
    'As Ah Ks Kh'

    """

    __slots__ = ("__weakref__", "_expression", "_hands", "_hole_size", "_tree", "_weights")

    def __init__(
        self,
        hands: Any,
        weights: Any = None,
        *,
        hole_size: int | None = None,
        expression: str | None = None,
        _tree: _Node | None = None,
        _trusted: bool = False,
    ):
        """A range of the given hands (rows of card ints) and weights (default 1).

        Rows are sorted, deduplicated (keeping the largest weight) and put in the
        standard order; a hand with repeated or invalid cards or a weight outside
        (0, 1] raises :class:`OmahaInputError`.
        """
        if _trusted:
            self._hands, self._weights = hands, weights
        else:
            array = np.asarray(hands)
            if array.size == 0:
                k = hole_size if hole_size is not None else (array.shape[1] if array.ndim == 2 else 4)
                array = np.zeros((0, k), dtype=np.int64)
            if array.ndim != 2 or array.shape[1] not in HOLE_SIZES:
                raise HandSizeError(f"range hands: expected shape (n, 4|5|6), got {array.shape}")
            if hole_size is not None and array.shape[1] != hole_size:
                raise HandSizeError(f"range hands have {array.shape[1]} cards, not {hole_size}")
            if not np.issubdtype(array.dtype, np.integer) or array.dtype == np.bool_:
                raise TypeError(f"range hands: expected card ints, got {array.dtype}")
            if array.size and (array.min() < 0 or array.max() > 51):
                raise OmahaInputError("range hands: card ints must be 0..51")
            rows = np.sort(array.astype(np.int8), axis=1)
            if rows.shape[1] > 1 and (rows[:, 1:] == rows[:, :-1]).any():
                raise OmahaInputError("range hands: a hand holds the same card twice")
            w = np.ones(len(rows)) if weights is None else np.asarray(weights, dtype=np.float64).reshape(-1)
            if len(w) != len(rows):
                raise OmahaInputError(f"range: {len(rows)} hands but {len(w)} weights")
            if len(w) and not ((w > 0) & (w <= 1)).all():
                raise OmahaInputError("range weights must be more than 0 and at most 1")
            index = colex_index(rows)
            order = np.lexsort((-w, -index))  # standard order; the largest weight first
            index, rows, w = index[order], rows[order], w[order]
            first = np.ones(len(rows), dtype=bool)
            first[1:] = index[1:] != index[:-1]
            self._hands, self._weights = np.ascontiguousarray(rows[first]), w[first].copy()
        self._hands.setflags(write=False)
        self._weights.setflags(write=False)
        self._hole_size = int(self._hands.shape[1])
        self._expression = expression
        self._tree = _tree

    # -- data -----------------------------------------------------------------

    @property
    def hands(self) -> np.ndarray:
        """(n, hole_size) int8, rows sorted ascending, read-only."""
        return self._hands

    @property
    def weights(self) -> np.ndarray:
        """(n,) float64 weights in (0, 1], read-only."""
        return self._weights

    @property
    def hole_size(self) -> int:
        return self._hole_size

    @property
    def expression(self) -> str | None:
        """The expression the range was parsed from (None when built from hands)."""
        return self._expression

    @property
    def count(self) -> int:
        """The number of hands (``len``)."""
        return len(self._hands)

    @property
    def total_weight(self) -> float:
        """The sum of the weights (the number of hands when all weigh 1)."""
        return float(self._weights.sum())

    @property
    def share(self) -> float:
        """``count`` over the number of all hands of this size (270,725 for 4 cards)."""
        return self.count / hand_count(self._hole_size)

    @property
    def is_weighted(self) -> bool:
        """True when some hand weighs less than 1."""
        return bool(len(self._weights)) and bool((self._weights < 1).any())

    @property
    def masks(self) -> np.ndarray:
        """(n,) int64: each hand's 52-bit card mask (bit ``card`` set)."""
        return np.bitwise_or.reduce(np.left_shift(np.int64(1), self._hands.astype(np.int64)), axis=1)

    def classes(self) -> int:
        """The number of suit-isomorphic classes the hands fall in (some only partly)."""
        return len(np.unique(class_keys(self._hands))) if self.count else 0

    def __len__(self) -> int:
        return len(self._hands)

    def __iter__(self) -> Iterator[tuple[tuple[int, ...], float]]:
        for row, w in zip(self._hands.tolist(), self._weights.tolist()):
            yield tuple(row), w

    def __contains__(self, hand: object) -> bool:
        try:
            cards = sorted(parse_cards(hand, what="hand"))  # type: ignore[arg-type]
        except (OmahaInputError, TypeError):
            return False
        if len(cards) != self._hole_size:
            return False
        return bool((self._hands == np.array(cards, dtype=np.int8)).all(axis=1).any())

    def weight_of(self, hand: CardSpec) -> float:
        """The weight of one hand (0.0 when it is not in the range)."""
        cards = np.array(sorted(parse_cards(hand, what="hand")), dtype=np.int8)
        if len(cards) != self._hole_size:
            return 0.0
        hit = np.flatnonzero((self._hands == cards).all(axis=1))
        return float(self._weights[hit[0]]) if len(hit) else 0.0

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Range):
            return NotImplemented
        return (
            self._hole_size == other._hole_size
            and np.array_equal(self._hands, other._hands)
            and np.array_equal(self._weights, other._weights)
        )

    def __hash__(self) -> int:
        return hash((self._hole_size, self._hands.tobytes(), self._weights.tobytes()))

    # -- derived ranges -----------------------------------------------------------

    def without(self, cards: CardSpec | int) -> Range:
        """The hands that hold none of ``cards`` (a card spec, or an int bitmask)."""
        if isinstance(cards, (int, np.integer)) and not isinstance(cards, bool):
            dead = int(cards)
        else:
            dead = sum(1 << c for c in parse_cards(cards, what="dead cards"))
        keep = (self.masks & np.int64(dead)) == 0 if dead else np.ones(len(self), dtype=bool)
        if keep.all():
            return self
        return Range(
            np.ascontiguousarray(self._hands[keep]), self._weights[keep].copy(),
            expression=self._expression, _tree=self._tree, _trusted=True,
        )  # fmt: skip

    # -- text ------------------------------------------------------------------------

    @property
    def meaning(self) -> str:
        """What the expression says, in words (without the counts)."""
        return self._tree.describe() if self._tree is not None else "the given hands"

    def describe(self) -> str:
        """What the range holds, in words, and how many hands.

        >>> parse_range("AA!AAA").describe()
        'holding two aces and not holding three aces: 6,768 hands (2.50% of the 270,725 4-card hands)'
        """
        total = hand_count(self._hole_size)
        text = f"{self.meaning}: {self.count:,} hand{'' if self.count == 1 else 's'} ({100 * self.share:.2f}% of the {total:,} {self._hole_size}-card hands)"
        if self.is_weighted:
            text += f", total weight {self.total_weight:,.2f}"
        return text

    def __str__(self) -> str:
        if self._expression is not None:
            return self._expression
        return ", ".join(hand_text(row) for row in self._hands[:5]) + (", ..." if len(self) > 5 else "")

    def __repr__(self) -> str:
        label = repr(self._expression) if self._expression is not None else "hands"
        return f"<Range {label}: {self.count:,} {self._hole_size}-card hands>"


def hand_text(row: Iterable[int], sep: str = "") -> str:
    """A hand written high card first (``"As Ah 3d 2c"`` with ``sep=" "``)."""
    return sep.join(format_card(int(c)) for c in sorted(row, reverse=True))


def _exact_hands(tree: _Node, hole_size: int) -> list[tuple[tuple[int, ...], float]] | None:
    """The (cards, weight) list when the expression only lists exact full hands."""
    items = tree.items if isinstance(tree, _Or) else [tree]
    out = []
    for item in items:
        weight = 1.0
        if isinstance(item, _Weight):
            weight, item = item.weight, item.item
        if not isinstance(item, _Pattern) or item.exact_cards is None or len(item.slots) != hole_size:
            return None
        out.append((item.exact_cards, weight))
    return out


def _evaluate(tree: _Node, hole_size: int) -> tuple[np.ndarray, np.ndarray]:
    hands_out, weights_out = [], []
    for chunk in _chunks(hole_size):
        v = tree.value(chunk)
        if v.dtype == np.bool_:
            keep = np.flatnonzero(v)
            w = np.ones(len(keep))
        else:
            keep = np.flatnonzero(v > 0)
            w = v[keep]
        hands_out.append(chunk.hands[keep])
        weights_out.append(w)
    hands = hands_out[0] if len(hands_out) == 1 else np.concatenate(hands_out)
    weights = weights_out[0] if len(weights_out) == 1 else np.concatenate(weights_out)
    return np.ascontiguousarray(hands), np.ascontiguousarray(weights, dtype=np.float64)


@lru_cache(maxsize=32)
def _parse_cached(expression: str, hole_size: int) -> Range:
    return _parse_uncached(expression, hole_size)


def _parse_uncached(expression: str, hole_size: int) -> Range:
    tree = _parse_tree(expression, hole_size)
    exact = _exact_hands(tree, hole_size)
    if exact is not None:
        rows = [cards for cards, _ in exact]
        return Range(rows, [w for _, w in exact], hole_size=hole_size, expression=expression, _tree=tree)
    hands, weights = _evaluate(tree, hole_size)
    return Range(hands, weights, expression=expression, _tree=tree, _trusted=True)


def parse_range(expr: str, *, hole_size: int = 4) -> Range:
    """Parse a range expression (syntax in the module docstring) into a :class:`Range`.

    ``hole_size`` is 4, 5 or 6. Raises :class:`RangeSyntaxError` naming the
    position and text of a malformed expression, ``TypeError`` for a non-string.

    >>> len(parse_range("AA")), len(parse_range("$ds")), len(parse_range("AxAyKxKy"))
    (6961, 36504, 6)
    >>> parse_range("AsAh2c3d@50").weights.tolist()
    [0.5]
    """
    if not isinstance(expr, str):
        raise TypeError(f"range: expected an expression string, got {type(expr).__name__}")
    if hole_size not in HOLE_SIZES or isinstance(hole_size, bool):
        raise HandSizeError(f"hole_size: expected 4, 5 or 6, got {hole_size!r}")
    expression = expr.strip()
    if len(expression) > 10_000:
        raise RangeSyntaxError("range: expression longer than 10,000 characters", expression, 10_000, "")
    result = _parse_cached(expression, hole_size)
    if result.count > CACHE_MAX_HANDS:
        _parse_cached.cache_clear()  # keep big results (6-card scans) out of the cache
    return result


def range_weights(expr: str, hands: Any) -> np.ndarray:
    """The weight (0 = not in the range) of each of the given hands under ``expr``.

    ``hands`` are rows of 4, 5 or 6 card ints (any order within a row); the
    expression is evaluated on those rows only, without scanning all hands, so this
    is the cheap way to test a few hands of 5 or 6 cards. Returns float64 (n,).

    >>> range_weights("AA@50, KK", [[51, 50, 0, 1], [47, 46, 0, 1], [0, 1, 2, 3]]).tolist()
    [0.5, 1.0, 0.0]
    """
    rows = np.sort(np.asarray(hands, dtype=np.int64), axis=1)
    if rows.ndim != 2 or rows.shape[1] not in HOLE_SIZES:
        raise HandSizeError(f"hands: expected shape (n, 4|5|6), got {rows.shape}")
    if rows.size and (rows.min() < 0 or rows.max() > 51 or (rows[:, 1:] == rows[:, :-1]).any()):
        raise OmahaInputError("hands: every row must hold distinct card ints 0..51")
    tree = _parse_tree(expr.strip(), rows.shape[1])
    value = tree.value(_Chunk(np.ascontiguousarray(rows, dtype=np.int8), start=None))
    return value.astype(np.float64)


def is_range_expression(text: object) -> bool:
    """True when ``text`` is a range expression rather than plain cards or ``"random"``.

    Plain cards -- anything :func:`omaha8eq.cards.parse_cards` reads, such as
    ``"AsAh2c3d"``, ``"As Ah 2c 3d"`` or ``"As, Ah, 2c, 3d"`` -- are not ranges (even
    with a wrong number of cards, so that a forgotten card is reported as such), nor
    is ``"random"``; but more than 6 cards with a comma (``"AsAh2c3d, KsKhQdJd"``) are
    a list of hands. Any
    other string that reads as a range is one. A string that reads as neither is a
    range when it holds range punctuation (``: ! @ ( ) * [ ] $ % -``), so that
    :func:`parse_range` reports the position of the mistake (``"AA:$xs"``), and
    otherwise is left to the card parser, whose message names the bad card
    (``"AsAhXx3d"``). Non-strings are not ranges.

    >>> is_range_expression("AsAh2c3d"), is_range_expression("AA2*"), is_range_expression("random")
    (False, True, False)
    >>> is_range_expression("AA:$xs"), is_range_expression("AsAhXx3d")
    (True, False)
    """
    if not isinstance(text, str):
        return False
    stripped = text.strip()
    if not stripped or stripped.lower() == "random":
        return False
    try:
        cards = parse_cards(stripped)
    except (OmahaInputError, TypeError):
        pass
    else:
        # "As, Ah, 2c, 3d" is one hand; "AsAh2c3d, KsKhQdJd" (more than 6 cards) a list
        if "," not in stripped or len(cards) <= max(HOLE_SIZES):
            return False
    try:
        _parse_tree(stripped, None)
    except RangeSyntaxError:
        return any(ch in stripped for ch in _RANGE_PUNCTUATION)
    return True


_RANGE_PUNCTUATION = ":!@()*[]$%-"


def range_hands_excluding(rng: Range, dead_mask: int) -> tuple[np.ndarray, np.ndarray]:
    """The hands (int8 rows) and weights of ``rng`` that hold no card of ``dead_mask``.

    ``dead_mask`` is a 52-bit card mask (bit ``card`` set), as from
    :func:`omaha8eq.cards.cards_to_mask`. Same as ``rng.without(dead_mask)``.
    """
    kept = rng.without(int(dead_mask))
    return kept.hands, kept.weights
