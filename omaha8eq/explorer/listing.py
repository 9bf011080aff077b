"""Hands written out: one hand as cards, and a range as the explicit hand list of the
range language, which parses back to the same range."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from ..cards import format_card
from ..checks import excerpt
from ..errors import OmahaInputError
from ..ranges.range import Range

__all__ = ["hand_list", "hand_list_text"]


def hand_list_text(row: Sequence[int]) -> str:
    """One hand as cards, high card first: ``AsAh3c2c``."""
    return "".join(format_card(int(c)) for c in sorted(row, reverse=True))


def hand_list(rng: Range) -> str:
    """A range written as an explicit list of its hands in the range language, weights
    included (``AsAh3c2c, KsKh9c9d@50``): :func:`~omaha8eq.ranges.range.parse_range`
    reads it back as the same range (it reads expressions of up to 10,000 characters:
    about a thousand hands).

    >>> from omaha8eq.ranges.range import parse_range
    >>> hand_list(parse_range("AsAh2c3d, KsKh9c9d@50"))
    'AsAh3d2c, KsKh9d9c@50'
    """
    if not isinstance(rng, Range):
        raise OmahaInputError(f"hand_list: expected a Range, got {excerpt(rng)}")
    numerators, denominator = rng.exact_weights()
    parts = []
    for row, weight in zip(rng.hands.tolist(), numerators.tolist(), strict=True):
        text = hand_list_text(row)
        if weight != denominator:
            text += f"@{_percent(Fraction(weight, denominator))}"
        parts.append(text)
    return ", ".join(parts)


def _percent(weight: Fraction) -> str:
    """A weight as the range language's percent: an exact decimal."""
    value = weight * 100
    digits = 0
    while (value * 10**digits).denominator != 1:
        digits += 1
    return f"{float(value):.{digits}f}" if digits else str(value.numerator)
