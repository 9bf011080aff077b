"""Cards: parsing, formatting and bitmasks.

Card format (fixed throughout omaha8eq)
---------------------------------------
A card is an ``int`` in ``0..51``::

    card = 4 * rank + suit

where ``rank`` 0..12 stands for ``2 3 4 5 6 7 8 9 T J Q K A`` (so deuce is 0 and
ace is 12) and ``suit`` 0..3 stands for ``c d h s``.  Thus ``0`` is ``2c``,
``3`` is ``2s`` and ``51`` is ``As``.

A *set* of cards is a 64-bit bitmask held in a Python ``int``, with bit ``card``
set for every card in the set (``1 << card``); only bits 0..51 are ever used.

Text form
---------
:func:`format_card` writes a card as rank character then lower-case suit letter
(``"As"``, ``"Td"``, ``"2c"``).  :func:`parse_cards` is more liberal: it reads
``"As Kd"``, ``"AsKd"``, ``"as,kd"``, ``"10s"`` (10 = T), ``"A♠ K♦"`` (also the
outline symbols ``♤♡♢♧``), any case, with whitespace and commas as separators,
as well as lists/tuples of single-card strings or of card ints.

Errors are the exceptions of :mod:`omaha8eq.errors` (``InvalidCardError``,
``DuplicateCardError``, both ``ValueError``) or ``OmahaTypeError`` (also a
``TypeError``) for inputs of the wrong type; every message names the offending input.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping
from typing import Any

from .checks import excerpt, is_integer
from .deck import DECK_SIZE, HOLE_SIZES
from .errors import DuplicateCardError, InvalidCardError, OmahaTypeError

__all__ = [
    "DECK_SIZE",
    "HOLE_SIZES",
    "RANKS",
    "SUITS",
    "card",
    "cards_to_mask",
    "check_disjoint",
    "format_card",
    "format_cards",
    "format_hand",
    "low_rank_mask",
    "mask_to_cards",
    "parse_cards",
    "rank_of",
    "suit_of",
]

#: Rank characters in rank order: index = rank (0 = deuce ... 12 = ace).
RANKS = "23456789TJQKA"
#: Suit characters in suit order: index = suit (0 = clubs ... 3 = spades).
SUITS = "cdhs"

_FULL_MASK = (1 << DECK_SIZE) - 1

_EXPECTED = "expected rank 2-9, T, J, Q, K, A and suit s, h, d, c, as in 'As' or '10h'"

# Rank character (upper-cased) -> rank.  "10" is handled separately by the scanner.
_RANK_OF_CHAR = {ch: i for i, ch in enumerate(RANKS)}

# Suit character -> suit.  Letters are matched case-insensitively (lower-cased first).
_SUIT_OF_CHAR = {ch: i for i, ch in enumerate(SUITS)}
_SUIT_OF_CHAR.update(
    {
        "\u2663": 0,  # ♣
        "\u2667": 0,  # ♧
        "\u2666": 1,  # ♦
        "\u2662": 1,  # ♢
        "\u2665": 2,  # ♥
        "\u2661": 2,  # ♡
        "\u2660": 3,  # ♠
        "\u2664": 3,  # ♤
    }
)

# Emoji/text variation selectors that may follow a suit symbol ("♠️"); ignored.
_VARIATION_SELECTORS = "\ufe0e\ufe0f"

_CARD_NAMES = tuple(r + s for r in RANKS for s in SUITS)

# Every two-character card, in any case ("As", "as", "AS", "aS"): what ``_scan`` reads them as.
_CARD_OF_PAIR = {
    r + s: 4 * rank + suit
    for rank, name in enumerate(RANKS)
    for r in {name, name.lower()}
    for suit, letter in enumerate(SUITS)
    for s in (letter, letter.upper())
}

CardSpec = str | Iterable[Any]


# ---------------------------------------------------------------------------
# helpers
# ---------------------------------------------------------------------------


def _prefix(what: str | None) -> str:
    return f"{what}: " if what else ""


def _is_sep(ch: str) -> bool:
    return ch == "," or ch.isspace()


def _check_card_int(c: object, what: str | None = None) -> int:
    """Return ``c`` as a plain int if it is a card int 0..51, else raise."""
    if not is_integer(c):
        raise OmahaTypeError(f"{_prefix(what)}{excerpt(c)} ({type(c).__name__}) is not a card; a card is an int 0..51")
    i = int(c)
    if not 0 <= i < DECK_SIZE:
        raise InvalidCardError(f"{_prefix(what)}{excerpt(i)} is not a card (card numbers are 0..51)")
    return i


def _invalid_token(text: str, start: int, what: str | None) -> InvalidCardError:
    """Build the error for a card that cannot be read at ``text[start]``.

    The message names the whole word (maximal run of non-separators) when the
    bad card starts the word, else the 2-3 characters at the failure point and
    the word they are part of (for glued text such as ``'AsXxKd'``).
    """
    w0 = start
    while w0 > 0 and not _is_sep(text[w0 - 1]):
        w0 -= 1
    w1 = start
    while w1 < len(text) and not _is_sep(text[w1]):
        w1 += 1
    word = text[w0:w1]
    if start == w0:
        shown = excerpt(word)
    else:
        length = 3 if text.startswith("10", start) else 2
        frag = text[start : min(start + length, w1)]
        shown = f"{frag!r} (in {excerpt(word)})"
    return InvalidCardError(f"{_prefix(what)}{shown} is not a card ({_EXPECTED})")


def _scan(text: str, what: str | None) -> list[int]:
    """Read all cards in ``text`` left to right (glued or separated)."""
    out: list[int] = []
    n = len(text)
    pos = 0
    while pos < n:
        ch = text[pos]
        if _is_sep(ch):
            pos += 1
            continue
        start = pos
        # rank: "10" or one rank character
        if text.startswith("10", pos):
            rank = 8
            pos += 2
        else:
            rank = _RANK_OF_CHAR.get(ch.upper(), -1)
            if rank < 0:
                raise _invalid_token(text, start, what)
            pos += 1
        # suit: one letter or symbol, optionally followed by a variation selector
        if pos >= n:
            raise _invalid_token(text, start, what)
        suit = _SUIT_OF_CHAR.get(text[pos].lower(), -1)
        if suit < 0:
            raise _invalid_token(text, start, what)
        pos += 1
        while pos < n and text[pos] in _VARIATION_SELECTORS:
            pos += 1
        out.append(4 * rank + suit)
    return out


def _single_token(token: str, what: str | None) -> int:
    """Parse a string that must hold exactly one card (separators around it ok)."""
    try:
        cards = _scan(token, what)
    except InvalidCardError:
        cards = []
    if len(cards) == 1:
        return cards[0]
    if not cards:
        raise InvalidCardError(f"{_prefix(what)}{excerpt(token)} is not a card ({_EXPECTED})")
    raise InvalidCardError(
        f"{_prefix(what)}{excerpt(token)} is not a single card "
        f"(it reads as {format_cards(cards)}; give one card per list item)"
    )


# ---------------------------------------------------------------------------
# public API
# ---------------------------------------------------------------------------


def card(rank_suit: str) -> int:
    """Parse one card token such as ``"As"``, ``"td"``, ``"10h"`` or ``"A♠"``.

    Returns the card int ``4 * rank + suit`` (rank 0..12 = 2..A, suit 0..3 =
    c, d, h, s).  Surrounding whitespace is ignored; anything other than exactly
    one card raises :class:`InvalidCardError`; a non-string raises ``OmahaTypeError``.
    """
    if not isinstance(rank_suit, str):
        raise OmahaTypeError(f"card() expects a string such as 'As', got {type(rank_suit).__name__}")
    return _single_token(rank_suit, None)


def parse_cards(spec: CardSpec, *, what: str = "cards") -> tuple[int, ...]:
    """Parse a set of cards given as text or as a list of cards.

    Accepted forms:

    * a string: ``"As Kd"``, ``"AsKd"``, ``"as,kd"``, ``"As, Kd"``, ``"10s9h"``,
      ``"A♠ K♦"`` -- a card is an optional ``"10"`` or one rank character
      (``2-9 T J Q K A``, any case) followed by one suit (``c d h s`` any case,
      or ``♣♦♥♠`` / ``♧♢♡♤``); cards may be glued or separated by whitespace
      and commas;
    * a list, tuple or other iterable (not a dict, set or bytes) whose elements
      are each one card: a single-card string (``"As"``) or an int 0..51
      (numpy integers are fine; ``bool`` is not).

    An empty string or empty list gives ``()``.  Returns the card ints
    (``4 * rank + suit``) in the order given.

    ``what`` names the input in error messages (``"hand 2"``, ``"board"``,
    ``"dead cards"``).  Raises :class:`InvalidCardError` for an unreadable token
    or an int outside 0..51, :class:`DuplicateCardError` for a card given twice,
    and ``OmahaTypeError`` for inputs or elements of the wrong type (float, None,
    dict, ...).
    """
    cards: list[int]
    if not isinstance(what, str):
        raise OmahaTypeError(f"what: expected the input's name as a string, got {excerpt(what)}")
    if isinstance(spec, str):
        return _parse_text(spec, what)
    if isinstance(spec, (bytes, bytearray, Mapping, set, frozenset)) or not isinstance(spec, Iterable):
        raise OmahaTypeError(
            f"{_prefix(what)}expected a string such as 'As Kd' or a list of cards, got {type(spec).__name__}"
        )
    else:
        cards = []
        for item in spec:
            if isinstance(item, str):
                cards.append(_single_token(item, what))
            elif is_integer(item):
                cards.append(_check_card_int(item, what))
            else:
                raise OmahaTypeError(
                    f"{_prefix(what)}{excerpt(item)} ({type(item).__name__}) is not a card; "
                    "give strings such as 'As' or ints 0..51"
                )
    return _distinct(cards, what)


@functools.lru_cache(maxsize=4096)
def _parse_text(text: str, what: str) -> tuple[int, ...]:
    """``parse_cards`` of a string, cached: the same hands and boards come back often."""
    return _distinct(_read_pairs(text) or _scan(text, what), what)


def _read_pairs(text: str) -> list[int] | None:
    """The cards of the usual text, words of two-character cards ("AsAh2c3d", "As Ah 2c 3d"),
    read by table; None for anything else (``_scan`` reads it, or names the mistake)."""
    cards = []
    for word in text.split():
        if len(word) % 2:
            return None
        for i in range(0, len(word), 2):
            card = _CARD_OF_PAIR.get(word[i : i + 2])
            if card is None:
                return None
            cards.append(card)
    return cards or None


def _distinct(cards: list[int], what: str) -> tuple[int, ...]:
    """The cards as a tuple; DuplicateCardError for a card given twice."""
    seen = 0
    for c in cards:
        bit = 1 << c
        if seen & bit:
            raise DuplicateCardError(f"{_prefix(what)}{_CARD_NAMES[c]} is given twice")
        seen |= bit
    return tuple(cards)


def format_card(c: int) -> str:
    """Return the text form of card int ``c`` (0..51), e.g. ``51 -> "As"``.

    The form is the rank character (``23456789TJQKA``) then the lower-case suit
    letter (``cdhs``).  Raises :class:`InvalidCardError` / ``OmahaTypeError`` if
    ``c`` is not a card int.
    """
    return _CARD_NAMES[_check_card_int(c)]


def format_cards(cards: Iterable[int]) -> str:
    """Return the cards as text separated by single spaces, in the given order (a
    board in its dealt order; a hand is written by :func:`format_hand`).

    ``format_cards((51, 45)) == "As Kd"``; an empty iterable gives ``""``. Anything
    else than an iterable of card ints raises ``OmahaTypeError``.
    """
    if isinstance(cards, str | bytes | Mapping) or not isinstance(cards, Iterable):
        raise OmahaTypeError(f"cards: expected card ints 0..51 such as (51, 45), got {excerpt(cards)}")
    return " ".join(_CARD_NAMES[_check_card_int(c)] for c in cards)


def format_hand(cards: Iterable[int]) -> str:
    """Return a hand as players write it: high card first, suits in the order s h d c
    within a rank, separated by single spaces. Every output that shows a hand writes it so,
    hands the user typed included (the board keeps its dealt order: see
    :func:`format_cards`).

    >>> format_hand(parse_cards("2d3cAd4c"))
    'Ad 4c 3c 2d'
    >>> format_hand(parse_cards("As 2c Ah 2s"))
    'As Ah 2s 2c'

    Anything else than an iterable of card ints raises ``OmahaTypeError``.
    """
    if isinstance(cards, str | bytes | Mapping) or not isinstance(cards, Iterable):
        raise OmahaTypeError(f"cards: expected card ints 0..51 such as (51, 45), got {excerpt(cards)}")
    return " ".join(_CARD_NAMES[c] for c in sorted((_check_card_int(c) for c in cards), reverse=True))


def cards_to_mask(cards: CardSpec, *, what: str = "cards") -> int:
    """Return the bitmask (bit ``card`` set) of the given cards.

    ``cards`` is anything :func:`parse_cards` accepts (usually a tuple of card
    ints); duplicates raise :class:`DuplicateCardError`.
    """
    mask = 0
    for c in parse_cards(cards, what=what):
        mask |= 1 << c
    return mask


def low_rank_mask(cards: Iterable[int]) -> int:
    """8-bit mask of the distinct low ranks among card ints (bit 0 = ace, bit 1 = deuce ... bit 7 = eight).

    Cards nine to king set no bit. This is the mask the low tables are indexed by
    (``core.tables.LOW_BIT`` per rank; cards unchecked).

    >>> low_rank_mask(parse_cards("As 2c Kh 2d 8s")) == 0b10000011
    True
    """
    from .core.tables import LOW_BIT  # here: card parsing alone must not load numpy

    mask = 0
    for c in cards:
        mask |= int(LOW_BIT[c >> 2])
    return mask


def mask_to_cards(mask: int) -> tuple[int, ...]:
    """Return the cards whose bits are set in ``mask``, in ascending card order.

    ``mask`` must be a non-negative int using only bits 0..51, else
    :class:`InvalidCardError` (``OmahaTypeError`` for a non-integer).
    """
    if not is_integer(mask):
        raise OmahaTypeError(f"card mask must be an int, got {type(mask).__name__}")
    m = int(mask)
    if m < 0 or m > _FULL_MASK:
        raise InvalidCardError(f"card mask {m:#x} has bits outside 0..51 (not a set of cards)")
    out = []
    while m:
        low = m & -m
        out.append(low.bit_length() - 1)
        m ^= low
    return tuple(out)


def rank_of(c: int) -> int:
    """Return the rank 0..12 (2..A) of card int ``c``: ``c // 4``."""
    return _check_card_int(c) >> 2


def suit_of(c: int) -> int:
    """Return the suit 0..3 (c, d, h, s) of card int ``c``: ``c % 4``."""
    return _check_card_int(c) & 3


def check_disjoint(
    groups: Mapping[str, CardSpec] | Iterable[tuple[str, CardSpec]],
) -> None:
    """Check that no card appears in two of the named groups of cards.

    ``groups`` is a dict ``{name: cards}`` or a sequence of ``(name, cards)``
    pairs, where ``cards`` is anything :func:`parse_cards` accepts (normally a
    tuple of card ints).  Names are used verbatim in messages, e.g. ``"hand 1"``,
    ``"the board"``, ``"the dead cards"``.

    Raises :class:`DuplicateCardError` naming the card and both places, e.g.
    ``"Ah appears in hand 1 and in the board"`` (the first two groups holding
    it, in the given order).  A card repeated within one group raises
    :class:`DuplicateCardError` as in :func:`parse_cards`.  Returns ``None``.
    """
    items = groups.items() if isinstance(groups, Mapping) else groups
    owner: dict[int, str] = {}
    for entry in items:
        try:
            name, cards = entry
        except (TypeError, ValueError):
            raise OmahaTypeError(
                f"check_disjoint expects a dict or (name, cards) pairs, got {excerpt(entry)}"
            ) from None
        for c in parse_cards(cards, what=str(name)):
            if c in owner:
                raise DuplicateCardError(f"{_CARD_NAMES[c]} appears in {owner[c]} and in {name}")
            owner[c] = str(name)
