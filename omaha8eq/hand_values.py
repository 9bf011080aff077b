"""Result types of hand evaluation: :class:`HighHand` and :class:`LowHand`.

Cards are ints 0..51 (``card = 4 * rank + suit``, rank 0..12 = 2..A, suit 0..3 =
c, d, h, s); see :mod:`omaha8eq.cards`. Both classes order by ``value``, so that a
better hand compares greater, and both give the same JSON form (:meth:`HighHand.to_dict`).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .cards import format_cards
from .core.tables import CATEGORIES

if TYPE_CHECKING:  # typing.Self is Python 3.11's; the annotations are only read by type checkers
    from typing_extensions import Self

_RANK_NAMES = (
    "deuce", "three", "four", "five", "six", "seven", "eight",
    "nine", "ten", "jack", "queen", "king", "ace",
)  # fmt: skip
_RANK_PLURALS = (
    "deuces", "threes", "fours", "fives", "sixes", "sevens", "eights",
    "nines", "tens", "jacks", "queens", "kings", "aces",
)  # fmt: skip
_LOW_RANK_TEXT = "A2345678"
#: How each high category reads (but a royal flush): ``{name}`` is the top rank's name,
#: ``{plural}`` its plural (``{Plural}`` capitalized), ``{second}`` the plural of the
#: second group's rank (a full house's pair, two pair's lower pair).
_HIGH_WORDS = {
    "Straight flush": "{name}-high straight flush",
    "Four of a kind": "Four {plural}",
    "Full house": "{Plural} full of {second}",
    "Flush": "{name}-high flush",
    "Straight": "{name}-high straight",
    "Three of a kind": "Three {plural}",
    "Two pair": "Two pair, {plural} and {second}",
    "One pair": "Pair of {plural}",
    "High card": "{name}-high",
}


def _high_order(cards: tuple[int, ...]) -> tuple[int, ...]:
    """The five cards in reading order: bigger groups first, then higher ranks.

    In a wheel (A-2-3-4-5 straight) the ace plays low and is read last.
    """
    counts = Counter(c >> 2 for c in cards)
    ordered = sorted(cards, key=lambda c: (counts[c >> 2], c >> 2, c & 3), reverse=True)
    if sorted(counts) == [0, 1, 2, 3, 12]:
        ordered = ordered[1:] + ordered[:1]
    return tuple(ordered)


class _ByValue:
    """The order of both hands: by ``value`` alone, higher is better (the cards used,
    which ``value`` does not tell apart, never order two hands)."""

    __slots__ = ()
    value: int

    def __lt__(self, other: Self) -> bool:
        return self.value < other.value

    def __le__(self, other: Self) -> bool:
        return self.value <= other.value

    def __gt__(self, other: Self) -> bool:
        return self.value > other.value

    def __ge__(self, other: Self) -> bool:
        return self.value >= other.value


@dataclass(frozen=True, order=False)
class HighHand(_ByValue):
    """The best Omaha high hand: exactly 2 hole cards and exactly 3 board cards.

    Attributes:
        value: the hand's class among the 7,462 five-card high classes, 0
            (7-5-4-3-2 unsuited, the worst) to 7461 (royal flush); higher is better.
            This is the number ``evaluate_batch`` returns.
        category: "Straight flush", "Four of a kind", ..., "High card".
        cards: the five cards used, in reading order (groups first, then rank).
        hole_used: the two hole cards used.
        board_used: the three board cards used.
    """

    value: int
    category: str
    cards: tuple[int, ...] = field(compare=False)
    hole_used: tuple[int, ...] = field(compare=False)
    board_used: tuple[int, ...] = field(compare=False)

    def describe(self) -> str:
        """The hand in words: "Ace-high flush", "Three aces", "Aces full of kings", ..."""
        ranks = [c >> 2 for c in self.cards]
        top = ranks[0]
        if self.category == "Straight flush" and top == 12:
            return "Royal flush"
        plural = _RANK_PLURALS[top]
        # The cards are in reading order: the first other rank is the second group's.
        second = next((r for r in ranks if r != top), top)
        return _HIGH_WORDS.get(self.category, "{name}-high").format(
            name=_RANK_NAMES[top].capitalize(), plural=plural, Plural=plural.capitalize(), second=_RANK_PLURALS[second]
        )

    def with_cards(self) -> str:
        """The hand in words and its five cards: "Three aces (As Ah Ad Ks 8c)"."""
        return _with_cards(self)

    def __str__(self) -> str:
        return self.with_cards()

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict, the same keys as :meth:`LowHand.to_dict` plus "category".

        >>> from omaha8eq import evaluate_high
        >>> evaluate_high("As Ah 3d 6s", "Ad 8c 5h Ks 2c").to_dict()  # doctest: +NORMALIZE_WHITESPACE
        {'value': 5848, 'text': 'Three aces', 'cards': 'As Ah Ad Ks 8c', 'hole_used': 'As Ah',
         'board_used': 'Ad 8c Ks', 'category': 'Three of a kind'}
        """
        return _hand_dict(self, self.describe(), category=self.category)

    @classmethod
    def from_cards(
        cls, value: int, category_index: int, hole_used: tuple[int, ...], board_used: tuple[int, ...]
    ) -> HighHand:
        """Build the result for the combination ``hole_used`` + ``board_used``."""
        return cls(
            value=int(value),
            category=CATEGORIES[category_index],
            cards=_high_order(tuple(hole_used) + tuple(board_used)),
            hole_used=tuple(hole_used),
            board_used=tuple(board_used),
        )


@dataclass(frozen=True, order=False)
class LowHand(_ByValue):
    """The best 8-or-better low: exactly 2 hole cards and exactly 3 board cards.

    Attributes:
        value: the low's class, 0 (8-7-6-5-4, the worst low) to 55 (5-4-3-2-A,
            the wheel); higher is better. This is the number ``evaluate_batch`` returns.
        ranks: the five ranks high to low with the ace as 1, e.g. ``(6, 5, 3, 2, 1)``.
        cards: the five cards used, highest rank first (ace last).
        hole_used: the two hole cards used.
        board_used: the three board cards used.
    """

    value: int
    ranks: tuple[int, ...] = field(compare=False)
    cards: tuple[int, ...] = field(compare=False)
    hole_used: tuple[int, ...] = field(compare=False)
    board_used: tuple[int, ...] = field(compare=False)

    def describe(self) -> str:
        """The low in words: "6-5-3-2-A low"."""
        return f"{self} low"

    def with_cards(self) -> str:
        """The low in words and its five cards: "6-5-3-2-A low (6s 5h 3d 2c Ad)"."""
        return _with_cards(self)

    def __str__(self) -> str:
        return "-".join(_LOW_RANK_TEXT[r - 1] for r in self.ranks)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict, the same keys as :meth:`HighHand.to_dict` plus "ranks".

        >>> from omaha8eq import evaluate_low
        >>> evaluate_low("As Ah 3d 6s", "Ad 8c 5h Ks 2c").to_dict()  # doctest: +NORMALIZE_WHITESPACE
        {'value': 53, 'text': '6-5-3-2-A', 'cards': '6s 5h 3d 2c Ad', 'hole_used': '3d 6s',
         'board_used': 'Ad 5h 2c', 'ranks': [6, 5, 3, 2, 1]}
        """
        return _hand_dict(self, str(self), ranks=list(self.ranks))


def _with_cards(hand: HighHand | LowHand) -> str:
    """The one text form of a hand with its cards, for both hands."""
    return f"{hand.describe()} ({format_cards(hand.cards)})"


def _hand_dict(hand: HighHand | LowHand, text: str, **extra: Any) -> dict[str, Any]:
    """The keys both hands share: value, text, and the cards used as text."""
    return {
        "value": hand.value,
        "text": text,
        "cards": format_cards(hand.cards),
        "hole_used": format_cards(hand.hole_used),
        "board_used": format_cards(hand.board_used),
        **extra,
    }
