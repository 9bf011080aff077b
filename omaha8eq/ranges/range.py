"""The :class:`Range` object and the public functions of the range language.

:func:`parse_range` turns an expression (the language is described in
:mod:`omaha8eq.ranges`) into a :class:`Range`: the hands it covers, as an
``(n, hole_size)`` int8 array of card ints (each row sorted ascending), and a
weight in (0, 1] for each. :func:`range_weights` evaluates an expression on given
hands only, :func:`is_range_expression` tells a range from a written hand.
"""

from __future__ import annotations

import functools
import threading
from collections import OrderedDict
from collections.abc import Iterable, Iterator
from decimal import Decimal
from fractions import Fraction
from math import gcd, lcm
from typing import Any, NamedTuple

import numpy as np

from ..cards import DECK_SIZE, HOLE_SIZES, CardSpec, cards_to_mask, format_hand, parse_cards
from ..checks import check_hole_size, check_int, excerpt
from ..core.hand_isomorphism import all_hands, card_masks, class_keys, colex_index, hand_count
from ..errors import HandSizeError, OmahaInputError, OmahaTypeError
from .bands import band_weight, candidate_count, candidate_hands, sampled_count
from .nodes import Chunk, Node, Progress, evaluate, exact_hands
from .syntax import (
    MAX_EXPRESSION_LENGTH,
    MAX_WEIGHT_DENOMINATOR,
    RANGE_ONLY_CHARACTERS,
    RangeSyntaxError,
    parse_tree,
)

# The language's public names, which the package (omaha8eq.ranges) exports; check_range and
# check_side serve the package's other modules.
__all__ = [
    "Range",
    "RangeSize",
    "RangeSyntaxError",
    "hand_text",
    "is_range_expression",
    "parse_range",
    "range_hands_excluding",
    "range_size",
    "range_weights",
]

#: Results with at most this many hands are cached by (expression, hole size).
CACHE_MAX_HANDS = 1_000_000
#: The number of results the cache keeps (the least recently used go first).
CACHE_SIZE = 32
_FULL_MASK = (1 << DECK_SIZE) - 1


class Range:
    """An immutable weighted set of Omaha starting hands of one size.

    ``hands``: (n, hole_size) int8 card ints, each row sorted ascending, rows in
    :func:`omaha8eq.core.hand_isomorphism.all_hands` order (hands with the highest cards first)
    and distinct; ``weights``: (n,) float64 in (0, 1]. Both arrays are read-only.
    ``len(r)`` is the number of hands; iterating gives ``(cards tuple, weight)``.
    :meth:`exact_weights` gives the weights as exact fractions.

    >>> r = parse_range("AA:$ds")
    >>> len(r), round(r.share, 5)
    (864, 0.00319)
    >>> next(iter(r))
    ((46, 47, 50, 51), 1.0)
    >>> hand_text(r.hands[0], " ")
    'As Ah Ks Kh'

    """

    __slots__ = ("__weakref__", "_expression", "_hands", "_hole_size", "_tree", "_weights")
    _hands: np.ndarray
    _weights: np.ndarray

    def __init__(
        self,
        hands: Any,
        weights: Any = None,
        *,
        hole_size: int | None = None,
        expression: str | None = None,
        _tree: Node | None = None,
        _trusted: bool = False,
    ):
        """A range of the given hands (rows of card ints) and weights (default 1).

        Rows are sorted, deduplicated (keeping the largest weight) and put in the
        standard order; a hand with repeated or invalid cards or a weight outside
        (0, 1] raises :class:`OmahaInputError` (``TypeError`` for cards that are not
        integers).
        """
        if _trusted:
            self._hands, self._weights = hands, weights
        else:
            self._hands, self._weights = _standard_rows(hands, weights, hole_size)
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
        return card_masks(self._hands)

    def exact_weights(self) -> tuple[np.ndarray, int]:
        """The weights as exact fractions: ``(numerators, denominator)``, int64 (n,) and
        an int, with ``numerators[i] / denominator`` the weight of hand i exactly as
        written, in lowest terms over the whole range.

        A parsed range's weights are the expression's decimal percentages combined
        (``KK@0.01`` weighs exactly 1/10000); a range built from float weights takes
        each float as the shortest decimal that reads back as it (``0.3`` is 3/10).
        The denominator is at most 10**12; finer weights raise :class:`OmahaInputError`.

        >>> parse_range("KK@0.01, QQ").exact_weights()[1]
        10000
        """
        if not len(self._weights):
            return np.zeros(0, dtype=np.int64), 1
        denominator = self._tree.denominator if self._tree is not None else _decimal_denominator(self._weights)
        numerators = np.rint(self._weights * denominator).astype(np.int64)
        common = gcd(int(np.gcd.reduce(numerators)), denominator)
        return numerators // common, denominator // common

    def classes(self) -> int:
        """The number of suit-isomorphic classes the hands fall in (some only partly)."""
        return len(np.unique(class_keys(self._hands))) if self.count else 0

    def __len__(self) -> int:
        return len(self._hands)

    def __iter__(self) -> Iterator[tuple[tuple[int, ...], float]]:
        for row, w in zip(self._hands.tolist(), self._weights.tolist(), strict=True):
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
        """The hands that hold none of ``cards``: a card spec, or an int card mask
        (bit ``card`` set, 0 <= mask < 2**52)."""
        if isinstance(cards, (str, Iterable)):
            dead = cards_to_mask(cards, what="dead cards")
        elif isinstance(cards, (int, np.integer)) and not isinstance(cards, bool):
            if not 0 <= cards <= _FULL_MASK:
                raise OmahaInputError(f"cards: a card mask must be 0 to 2**{DECK_SIZE} - 1, got {excerpt(cards)}")
            dead = int(cards)
        else:
            raise OmahaTypeError(f"cards: expected cards or an int card mask, got {excerpt(cards)}")
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
        text = (
            f"{self.meaning}: {self.count:,} hand{'' if self.count == 1 else 's'} "
            f"({100 * self.share:.2f}% of the {total:,} {self._hole_size}-card hands)"
        )
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


def _standard_rows(hands: Any, weights: Any, hole_size: int | None) -> tuple[np.ndarray, np.ndarray]:
    """Checked hands (sorted int8 rows in the standard order, each hand once with its
    largest weight) and their float64 weights, for :class:`Range`."""
    if hole_size is not None:
        hole_size = check_hole_size(hole_size)
    try:
        array = np.asarray(hands)
    except (TypeError, ValueError, RecursionError):  # ragged, nested too deeply, or not numbers
        raise OmahaInputError("range hands: expected rows of 4, 5 or 6 card ints 0..51") from None
    if array.size == 0:
        k = hole_size if hole_size is not None else (array.shape[1] if array.ndim == 2 else 4)
        array = np.zeros((0, k), dtype=np.int64)
    if array.ndim != 2 or array.shape[1] not in HOLE_SIZES:
        raise HandSizeError(f"range hands: expected shape (n, 4|5|6), got {array.shape}")
    if hole_size is not None and array.shape[1] != hole_size:
        raise HandSizeError(f"range hands have {array.shape[1]} cards, not {hole_size}")
    if not np.issubdtype(array.dtype, np.integer) or array.dtype == np.bool_:
        raise OmahaTypeError(f"range hands: expected card ints, got {array.dtype}")
    if array.size and (array.min() < 0 or array.max() >= DECK_SIZE):
        raise OmahaInputError("range hands: card ints must be 0..51")
    rows = np.sort(array.astype(np.int8), axis=1)
    if rows.shape[1] > 1 and (rows[:, 1:] == rows[:, :-1]).any():
        raise OmahaInputError("range hands: a hand holds the same card twice")
    try:
        w = np.ones(len(rows)) if weights is None else np.asarray(weights, dtype=np.float64).reshape(-1)
    except (TypeError, ValueError, OverflowError, RecursionError):
        raise OmahaInputError("range weights: expected numbers more than 0 and at most 1") from None
    if len(w) != len(rows):
        raise OmahaInputError(f"range: {len(rows)} hands but {len(w)} weights")
    if len(w) and not ((w > 0) & (w <= 1)).all():
        raise OmahaInputError("range weights must be more than 0 and at most 1")
    index = colex_index(rows)
    order = np.lexsort((-w, -index))  # standard order; the largest weight first
    index, rows, w = index[order], rows[order], w[order]
    first = np.ones(len(rows), dtype=bool)
    first[1:] = index[1:] != index[:-1]
    return np.ascontiguousarray(rows[first]), w[first].copy()


def _decimal_denominator(weights: np.ndarray) -> int:
    """The least common denominator of the weights read as the shortest decimals
    that give back the floats (``repr``); OmahaInputError when over 10**12."""
    denominator = 1
    for w in np.unique(weights).tolist():
        denominator = lcm(denominator, Fraction(Decimal(repr(w))).denominator)
        if denominator > MAX_WEIGHT_DENOMINATOR:
            raise OmahaInputError(f"range weights: {w!r} cannot be kept exact (weights need at most 12 decimal places)")
    return denominator


def hand_text(row: Iterable[int], sep: str = "") -> str:
    """A hand written high card first (``"As Ah 3d 2c"`` with ``sep=" "``):
    :func:`omaha8eq.cards.format_hand`, without spaces by default."""
    return format_hand(row).replace(" ", sep)


# ---------------------------------------------------------------------------
# parsing, with a cache of results
# ---------------------------------------------------------------------------

_RESULTS: OrderedDict[tuple[str, int], Range] = OrderedDict()
_RESULTS_LOCK = threading.Lock()


@functools.cache
def _every_hand(hole_size: int) -> tuple[np.ndarray, np.ndarray]:
    """Every hand of the size (:func:`~omaha8eq.core.hand_isomorphism.all_hands`, cached) and
    weights of 1, read-only: shared by every range of every hand (6 cards: 122 MB and
    163 MB, built once, not per range)."""
    weights = np.ones(hand_count(hole_size))
    weights.setflags(write=False)
    return all_hands(hole_size), weights


def _parse(expression: str, hole_size: int, progress: Progress | None) -> Range:
    tree = parse_tree(expression, hole_size)
    exact = exact_hands(tree, hole_size)
    if exact is not None:  # only exact full hands: no scan
        rows = [cards for cards, _ in exact]
        return Range(rows, [w for _, w in exact], hole_size=hole_size, expression=expression, _tree=tree)
    if band_weight(tree) == 1.0 and candidate_count(tree, hole_size) == hand_count(hole_size):  # "100%"
        hands, weights = _every_hand(hole_size)
        return Range(hands, weights, expression=expression, _tree=tree, _trusted=True)
    candidates = candidate_hands(tree, hole_size)
    weight = band_weight(tree)
    if candidates is not None and weight is not None:  # a band: its hands, built from its classes
        hands, weights = candidates, np.full(len(candidates), weight)
    else:
        hands, weights = evaluate(tree, hole_size, progress, candidates)
    return Range(hands, weights, expression=expression, _tree=tree, _trusted=True)


def _parse_cached(expression: str, hole_size: int, progress: Progress | None) -> Range:
    key = (expression, hole_size)
    with _RESULTS_LOCK:
        result = _RESULTS.get(key)
        if result is not None:
            _RESULTS.move_to_end(key)
    if result is None:
        result = _parse(expression, hole_size, progress)
        if result.count <= CACHE_MAX_HANDS:  # big results (6-card scans) stay out
            with _RESULTS_LOCK:
                _RESULTS[key] = result
                while len(_RESULTS) > CACHE_SIZE:
                    _RESULTS.popitem(last=False)
    if progress is not None:
        total = hand_count(hole_size)
        progress(total, total)
    return result


def _checked_expression(expr: object) -> str:
    """The stripped expression, once it is a string of at most 10,000 characters."""
    if not isinstance(expr, str):
        raise OmahaTypeError(f"range: expected an expression string, got {excerpt(expr)}")
    expression = expr.strip()
    if len(expression) > MAX_EXPRESSION_LENGTH:
        raise RangeSyntaxError(
            f"range: expression longer than {MAX_EXPRESSION_LENGTH:,} characters",
            expression,
            MAX_EXPRESSION_LENGTH,
            "",
        )
    return expression


def parse_range(expr: str, *, hole_size: int = 4, progress: Progress | None = None) -> Range:
    """Parse a range expression (the language is in :mod:`omaha8eq.ranges`) into a :class:`Range`.

    ``hole_size`` is 4, 5 or 6. ``progress(done, total)``, if given, is called as the
    hands are scanned (after each chunk of up to 2 million hands: 49 calls for 6 cards)
    and always last with ``done == total``. Raises :class:`RangeSyntaxError` naming
    the position and text of a malformed expression, ``TypeError`` for a non-string.

    >>> len(parse_range("AA")), len(parse_range("$ds")), len(parse_range("AxAyKxKy"))
    (6961, 36504, 6)
    >>> parse_range("AsAh2c3d@50").weights.tolist()
    [0.5]
    """
    expression = _checked_expression(expr)
    hole_size = check_hole_size(hole_size)
    if progress is not None and not callable(progress):
        raise OmahaTypeError(f"progress: expected a function (done, total), got {excerpt(progress)}")
    return _parse_cached(expression, hole_size, progress)


def check_range(expr: str, *, hole_size: int = 4) -> None:
    """Raise what :func:`parse_range` raises for a malformed expression (its syntax and
    whether its patterns fit ``hole_size``) without building the range: microseconds,
    where a build takes up to a minute. A spot checks every range this way before it
    builds the first, so that a mistake in the last is named at once.

    >>> check_range("AK2*", hole_size=4)
    >>> check_range("AKQ2*!", hole_size=6)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    omaha8eq.ranges.syntax.RangeSyntaxError: range 'AKQ2*!': expected a hand, pattern, ... (the end of the expression)
    """
    parse_tree(_checked_expression(expr), check_hole_size(hole_size))


class RangeSize(NamedTuple):
    """How many hands an expression covers, known before its range is built."""

    #: the number of hands (an estimate unless ``exact``)
    hands: int
    #: True when counted, False when estimated from a sample of random hands
    exact: bool


def range_size(expr: str, *, hole_size: int = 4) -> RangeSize:
    """How many hands ``parse_range(expr, hole_size=hole_size)`` holds, without building
    it when that is slow: so that a run can be priced (its time and memory) and a
    hopeless one refused first.

    Exact for a range already built (cached), a list of exact hands, any 4-card range
    (built: a scan of 270,725 hands), and a percentage band, weighted or not (its classes'
    sizes, see :mod:`omaha8eq.ranges.bands`); otherwise estimated from a fixed sample of
    random hands (a standard error of at most 0.8% of all hands; never above the
    expression's bands), in milliseconds. Raises what :func:`parse_range` raises for a
    malformed expression.

    >>> range_size("15%", hole_size=6)
    RangeSize(hands=3053784, exact=True)
    >>> range_size("AA", hole_size=4)
    RangeSize(hands=6961, exact=True)
    >>> size = range_size("AA:$ds", hole_size=6)
    >>> size.exact, 0.03 < size.hands / 20_358_520 < 0.07
    (False, True)
    """
    expression = _checked_expression(expr)
    if hole_size not in HOLE_SIZES or isinstance(hole_size, bool):
        raise HandSizeError(f"hole_size: expected 4, 5 or 6, got {hole_size!r}")
    with _RESULTS_LOCK:
        cached = _RESULTS.get((expression, hole_size))
    if cached is not None or hole_size == 4:
        return RangeSize((cached or _parse_cached(expression, hole_size, None)).count, True)
    tree = parse_tree(expression, hole_size)
    exact = exact_hands(tree, hole_size)
    if exact is not None:
        return RangeSize(len({cards for cards, _ in exact}), True)
    if band_weight(tree) is not None:
        return RangeSize(candidate_count(tree, hole_size) or 0, True)
    return RangeSize(sampled_count(tree, hole_size), False)


def range_weights(expr: str, hands: Any) -> np.ndarray:
    """The weight (0 = not in the range) of each of the given hands under ``expr``.

    ``hands`` are rows of 4, 5 or 6 card ints (any order within a row); the
    expression is evaluated on those rows only, without scanning all hands, so this
    is the cheap way to test a few hands of 5 or 6 cards. Returns float64 (n,).

    >>> range_weights("AA@50, KK", [[51, 50, 0, 1], [47, 46, 0, 1], [0, 1, 2, 3]]).tolist()
    [0.5, 1.0, 0.0]
    """
    expression = _checked_expression(expr)
    try:
        rows = np.asarray(hands, dtype=np.int64)
    except (TypeError, ValueError):
        raise OmahaInputError("hands: expected rows of 4, 5 or 6 card ints 0..51") from None
    if rows.ndim != 2 or rows.shape[1] not in HOLE_SIZES:
        raise HandSizeError(f"hands: expected shape (n, 4|5|6), got {rows.shape}")
    rows = np.sort(rows, axis=1)
    if rows.size and (rows.min() < 0 or rows.max() >= DECK_SIZE or (rows[:, 1:] == rows[:, :-1]).any()):
        raise OmahaInputError("hands: every row must hold distinct card ints 0..51")
    tree = parse_tree(expression, rows.shape[1])
    value = tree.value(Chunk(np.ascontiguousarray(rows, dtype=np.int8), start=None))
    return value.astype(np.float64)


def check_side(value: object, what: str, hole_size: int) -> Range | str:
    """A side of a range-against-range run as given: a :class:`Range` of ``hole_size``-card
    hands, or text for the range parser to read (a malformed expression is named there).
    OmahaInputError for a Range of another hole size, OmahaTypeError for anything else."""
    if isinstance(value, Range):
        if value.hole_size != hole_size:
            raise OmahaInputError(f"{what}: a range of {value.hole_size}-card hands in a {hole_size}-card game")
        return value
    if not isinstance(value, str):
        raise OmahaTypeError(
            f"{what}: expected a range (text such as '15%' or a Range) or a hand, got {excerpt(value)}"
        )
    return value


def is_range_expression(text: object) -> bool:
    """True when ``text`` is a range expression rather than plain cards or ``"random"``.

    Plain cards -- anything :func:`omaha8eq.cards.parse_cards` reads, such as
    ``"AsAh2c3d"``, ``"As Ah 2c 3d"`` or ``"As, Ah, 2c, 3d"`` -- are not ranges (even
    with a wrong number of cards, so that a forgotten card is reported as such), nor
    is ``"random"``; but more than 6 cards with a comma (``"AsAh2c3d, KsKhQdJd"``) are
    a list of hands. Any other string that reads as a range is one. A string that
    reads as neither is a range when it holds one of
    :data:`~omaha8eq.ranges.syntax.RANGE_ONLY_CHARACTERS` (``: ! @ ( ) * [ ] $ % -``),
    so that :func:`parse_range` reports the position of the mistake (``"AA:$xs"``),
    and otherwise is left to the card parser, whose message names the bad card
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
    if len(stripped) > MAX_EXPRESSION_LENGTH:  # not parsed: parse_range reports the length
        return "," in stripped or not RANGE_ONLY_CHARACTERS.isdisjoint(stripped)
    try:
        parse_tree(stripped, None)
    except RangeSyntaxError:
        return not RANGE_ONLY_CHARACTERS.isdisjoint(stripped)
    return True


def range_hands_excluding(rng: Range, dead_mask: int) -> tuple[np.ndarray, np.ndarray]:
    """The hands (int8 rows) and weights of ``rng`` that hold no card of ``dead_mask``.

    ``dead_mask`` is a 52-bit card mask (bit ``card`` set), as from
    :func:`omaha8eq.cards.cards_to_mask`. Same as ``rng.without(dead_mask)``.
    """
    if not isinstance(rng, Range):
        raise OmahaTypeError(f"rng: expected a Range, got {excerpt(rng)}")
    kept = rng.without(check_int(dead_mask, "dead_mask", minimum=0, maximum=_FULL_MASK))
    return kept.hands, kept.weights
