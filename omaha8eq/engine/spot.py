"""A parsed spot: the seats (fixed hands, random hands, ranges), the board and the dead cards.

Cards are ints 0..51 (``4 * rank + suit``, rank 0..12 = 2..A, suit 0..3 = c, d, h,
s); card sets are 64-bit masks (bit ``card``). A range's hands are an ``(n, hole
size)`` int8 array with integer weights (see :func:`integer_weights`).

:func:`parse_spot` checks everything a user gives (:func:`omaha8eq.equities.equity`
and :func:`omaha8eq.equities.split_equity` call it); :func:`restrict_ranges` drops the
range hands that hold a known card. ``omaha8eq.counterfeit`` reads its hand and
opponents with :func:`parse_seats` and :func:`check_no_card_twice` (its board and card
count rules are its own: a board with cards to come).
"""

from __future__ import annotations

import contextlib
import functools
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeGuard

import numpy as np

from ..cards import CardSpec, cards_to_mask, check_disjoint, format_hand, parse_cards
from ..checks import check_list, excerpt
from ..core.hand_isomorphism import card_masks
from ..errors import HandSizeError, OmahaInputError
from ..games import ANY_HILO, Game, GameChoice, check_hole_size
from ..inputs import BOARD_SIZES, DECK_SIZE, parse_hole
from ..ranges.syntax import RANGE_ONLY_CHARACTERS

if TYPE_CHECKING:
    from ..ranges.range import Range

__all__ = [
    "RANDOM",
    "WEIGHT_SCALE",
    "Seat",
    "Spot",
    "as_choice",
    "cards_mask",
    "check_no_card_twice",
    "check_range_text",
    "integer_weights",
    "is_sequence",
    "known_hands_only",
    "one_board",
    "parse_range_text",
    "parse_seats",
    "parse_spot",
    "range_seat",
    "restrict_ranges",
]

#: The hand text that stands for a hand dealt at random in every deal.
RANDOM = "random"
#: Range weights are kept as integers: a weight w in (0, 1] counts as w * 1000, exactly
#: (a whole number of thousandths; finer weights are refused, see integer_weights).
WEIGHT_SCALE = 1000


@dataclass
class Seat:
    """One player: a fixed hand (``cards``), a random hand (neither) or a range.

    A range's ``hands`` are an ``(n, hole size)`` int8 array and ``weights`` their
    integer weights (int64). :func:`restrict_ranges` narrows a range in place and
    turns a range of one hand into a fixed hand.
    """

    label: str
    cards: tuple[int, ...] | None = None
    hands: np.ndarray | None = None
    weights: np.ndarray | None = None

    @property
    def is_range(self) -> bool:
        return self.hands is not None

    @property
    def is_random(self) -> bool:
        return self.cards is None and self.hands is None

    def hole(self) -> tuple[int, ...]:
        """The fixed hand's cards (raises AssertionError for a seat that is not a fixed hand)."""
        assert self.cards is not None, f"{self.label}: not a fixed hand"
        return self.cards

    def range_hands(self) -> np.ndarray:
        """The range's hands (raises AssertionError for a seat that is not a range)."""
        assert self.hands is not None, f"{self.label}: not a range"
        return self.hands

    def range_weights(self) -> np.ndarray:
        """The range's integer weights (raises AssertionError for a seat that is not a range)."""
        assert self.weights is not None, f"{self.label}: not a range"
        return self.weights


@dataclass
class Spot:
    """A checked spot: the seats in order, the game played (never None: resolved when
    the spot is parsed), the board and the dead cards."""

    seats: list[Seat]
    game: Game
    board: tuple[int, ...]
    dead: tuple[int, ...]

    @property
    def hole_size(self) -> int:
        """The hole cards each hand holds: the game's."""
        return self.game.hole_cards


def integer_weights(weights: Sequence[float] | np.ndarray, what: str = "range") -> np.ndarray:
    """A range's weights as whole numbers, exactly: ``w * WEIGHT_SCALE`` divided by their
    greatest common divisor (int64). A weight that is not a whole number of thousandths
    (``KK@0.01`` is 1/10,000 of a hand) raises OmahaInputError naming ``what``: rounding
    it would silently change the answer, and finer integer weights could overflow the
    kernels' 64-bit counts."""
    scaled = np.asarray(weights, dtype=np.float64) * WEIGHT_SCALE
    whole = np.rint(scaled)
    # Float noise only (0.3 * 1000 = 300.00000000000006), never a real fraction of a step.
    finer = (np.abs(scaled - whole) > 1e-6) | (whole < 1)
    if finer.any():
        weight = float(np.asarray(weights, dtype=np.float64)[np.argmax(finer)])
        raise OmahaInputError(
            f"{what}: the weight {weight:.12g} of a hand is finer than the 0.001 the equity engine "
            "counts exactly (@0.1 in a range expression); write weights in steps of 0.1%"
        )
    ints = whole.astype(np.int64)
    if len(ints) and ints.min() == ints.max():  # one weight for every hand (the usual range): 1 each
        return np.ones(len(ints), dtype=np.int64)
    return ints // np.gcd.reduce(ints) if len(ints) else ints


def range_seat(label: str, parsed: Range) -> Seat:
    """The seat of a parsed :class:`~omaha8eq.ranges.range.Range`: its hands and integer weights."""
    return Seat(
        label,
        hands=np.ascontiguousarray(parsed.hands, dtype=np.int8),
        weights=integer_weights(parsed.weights, label),
    )


def parse_range_text(text: str, hole_size: int, what: str) -> Range:
    """Parse a range; text that reads as neither a range nor cards gets the card error
    (naming ``what``, e.g. "hand 2") when it uses no range syntax at all ("Ks Kh Qd Xd"
    is a mistyped hand)."""
    from ..ranges.range import parse_range

    with _range_errors(text, what):
        return parse_range(text, hole_size=hole_size)


def check_range_text(text: str, hole_size: int, what: str) -> None:
    """Raise what :func:`parse_range_text` raises for malformed text, without building
    the range (microseconds, where a build takes up to a minute)."""
    from ..ranges.range import check_range

    with _range_errors(text, what):
        check_range(text, hole_size=hole_size)


@contextlib.contextmanager
def _range_errors(text: str, what: str) -> Iterator[None]:
    from ..ranges.range import RangeSyntaxError
    from ..ranges.syntax import MistypedHandError

    try:
        yield
    except MistypedHandError:
        raise  # names the mistyped card and how to write the range meant
    except RangeSyntaxError:
        # Text with no range punctuation (a comma separates written cards too) is a mistyped hand.
        if RANGE_ONLY_CHARACTERS.isdisjoint(text) and "," not in text:
            parse_hole(text, what=what)
        raise


def restrict_ranges(seats: list[Seat], known_mask: int, names: Sequence[str] | None = None) -> None:
    """Drop range hands that hold a known card; a range left with one hand becomes fixed.

    The cards of a range that became fixed are known to the other ranges too (so the
    other ranges are restricted again). ``names[i]`` names seat i in errors (default
    "hand i+1").
    """
    changed = True
    while changed:
        changed = False
        for i, seat in enumerate(seats):
            if not seat.is_range:
                continue
            keep = (card_masks(seat.range_hands()) & known_mask) == 0
            if not keep.any():
                name = names[i] if names is not None else f"hand {i + 1}"
                raise OmahaInputError(
                    f"{name}: no hand of the range {excerpt(seat.label)} is left once the known "
                    "cards (other hands, board, dead cards) are removed"
                )
            # np.compress: about 10x faster than a boolean index on rows of a few int8 cards.
            seat.hands, seat.weights = np.compress(keep, seat.range_hands(), axis=0), seat.range_weights()[keep]
            if len(seat.hands) == 1:
                seat.cards = tuple(int(c) for c in seat.hands[0])
                seat.label = format_hand(seat.cards)
                seat.hands = seat.weights = None
                known_mask |= cards_to_mask(seat.cards)
                changed = True


def is_sequence(value: object) -> TypeGuard[Sequence[Any]]:
    """True for a list, a tuple or another Sequence that is not text (``str``, ``bytes``).

    A list or a tuple is answered without the abstract-class test, which costs a
    microsecond: this runs for every spot of a batch."""
    return type(value) in (list, tuple) or (isinstance(value, Sequence) and not isinstance(value, (str, bytes)))


def parse_seats(
    hands: Sequence[Any], game: Game | None = None, names: Sequence[str] | None = None
) -> tuple[list[Seat], int]:
    """Parse every hand, "random" and range of ``hands`` (a list, checked by the caller
    with ``check_list``); return the seats and the hole size (the ``game``'s, or when
    None the known hands' and ranges', else 4). ``names[i]`` names hand i in errors
    (default "hand i+1")."""
    known = [_known_hand_text(hand) for hand in hands if type(hand) is str]
    texts = [k for k in known if k is not None]
    if len(texts) == len(hands) and len({len(cards) for cards, _ in texts}) == 1:  # the usual call: known hands as text
        check_hole_size(game, {len(texts[0][0])})
        return [Seat(label, cards=cards) for cards, label in texts], len(texts[0][0])
    from ..ranges.range import Range, is_range_expression

    named = list(names) if names is not None else [f"hand {i}" for i in range(1, len(hands) + 1)]

    seats: list[Seat | None] = []
    for name, hand in zip(named, hands, strict=True):
        if isinstance(hand, str) and hand.strip().lower() == RANDOM:
            seats.append(Seat(RANDOM))
        elif isinstance(hand, Range) or (isinstance(hand, str) and is_range_expression(hand)):
            seats.append(None)  # parsed once the hole size is known
        else:
            cards = parse_hole(hand, what=name)
            seats.append(Seat(format_hand(cards), cards=cards))
    held: list[tuple[str, int, str]] = []  # (name, hole size, as told) of each known hand and Range given
    for name, seat, hand in zip(named, seats, hands, strict=True):
        if seat is not None and seat.cards is not None:
            held.append((name, len(seat.cards), str(len(seat.cards))))
        elif isinstance(hand, Range):
            held.append((name, hand.hole_size, f"a range of {hand.hole_size}-card hands"))
    sizes = {size for _, size, _ in held}
    if len(sizes) > 1:
        raise HandSizeError(
            "hands: every hand must have the same number of hole cards, got "
            + ", ".join(f"{name}: {told}" for name, _, told in held)
        )
    check_hole_size(game, sizes)
    hole_size = game.hole_cards if game is not None else sizes.pop() if sizes else 4
    for name, seat, hand in zip(named, seats, hands, strict=True):
        if seat is None and not isinstance(hand, Range):  # every mistake named before a build (up to a minute)
            check_range_text(hand, hole_size, name)
    parsed_seats: list[Seat] = []
    for name, seat, hand in zip(named, seats, hands, strict=True):
        if seat is None:
            parsed = hand if isinstance(hand, Range) else parse_range_text(hand, hole_size, name)
            seat = range_seat(str(hand).strip(), parsed)
        parsed_seats.append(seat)
    if all(s.is_random for s in parsed_seats):
        raise OmahaInputError("hands: at least one hand must be known or a range (not all 'random')")
    return parsed_seats, hole_size


def known_hands_only(hands: object) -> bool:
    """True when ``hands`` is a list or tuple of hand text that reads as known hands (the
    usual call; cached per text): nothing to price before parsing (no range to build)."""
    if type(hands) not in (list, tuple):
        return False
    for hand in hands:  # type: ignore[attr-defined]  # noqa: SIM110 (a list or a tuple; a loop: half all()'s cost)
        if type(hand) is not str or _known_hand_text(hand) is None:
            return False
    return True


@functools.lru_cache(maxsize=4096)
def _known_hand_text(text: str) -> tuple[tuple[int, ...], str] | None:
    """``(cards, label)`` of hand text that :func:`parse_seats` reads as a known hand
    of 4 to 6 cards, else None (random, a range, or a mistake: the caller's full path
    then reads it and names it in any error). Cached: the same hands come back often.

    Text that reads as 4 to 6 cards is neither "random" nor a range expression (see
    ``ranges.range.is_range_expression``), so it is not asked."""
    try:
        cards = parse_hole(text)
    except OmahaInputError:
        return None
    return cards, format_hand(cards)


def _card_groups_overlap(groups: Sequence[tuple[int, ...]]) -> bool:
    """True when a card is in two of ``groups`` (tuples of distinct, checked card ints)."""
    seen = 0
    for cards in groups:
        mask = cards_mask(cards)
        if seen & mask:
            return True
        seen |= mask
    return False


@functools.lru_cache(maxsize=4096)
def cards_mask(cards: tuple[int, ...]) -> int:
    """The card mask of distinct card ints, cached: the same hands and boards come back often."""
    return sum(1 << card for card in cards)


def check_no_card_twice(
    seats: Sequence[Seat], board: tuple[int, ...], dead: tuple[int, ...], names: Sequence[str] | None = None
) -> None:
    """Raise DuplicateCardError naming both places of a card that the known hands, the
    board and the dead cards hold twice. ``names[i]`` names seat i (default "hand i+1")."""
    known = [s.cards for s in seats if s.cards is not None]
    if _card_groups_overlap([*known, board, dead]):  # then check_disjoint names the card
        named = names if names is not None else [f"hand {i}" for i in range(1, len(seats) + 1)]
        check_disjoint(
            [(name, s.cards) for name, s in zip(named, seats, strict=True) if s.cards is not None]
            + [("the board", board), ("the dead cards", dead)]
        )


def parse_spot(hands: Sequence[Any], board: CardSpec, dead: CardSpec, game: GameChoice | Game | None = None) -> Spot:
    """Parse and check the players, the board and the dead cards (no card twice,
    enough cards in the deck). ``game``: the game named (its hole size is the hands',
    which must have it, and the text ranges'), or the :class:`~omaha8eq.games.GameChoice`
    of a public call (None: Hi-Lo of the hands' size); the spot carries the game played.
    Raises OmahaInputError naming the bad input, TypeError for ``hands`` that is not a list."""
    choice = as_choice(game)
    if type(board) is str and type(dead) is str and known_hands_only(hands):  # the usual call: all text
        seats, played, board_cards, dead_cards = _known_spot(tuple(hands), board, dead, choice)
        return Spot([Seat(label, cards=cards) for cards, label in seats], played, board_cards, dead_cards)
    return _parse_spot(hands, board, dead, choice)


def one_board(choice: GameChoice) -> GameChoice:
    """``choice``, refusing a game of more than one board (its equity is another computation)."""
    if choice.game is not None and choice.game.boards != 1:
        raise OmahaInputError(
            f"game: {choice.game.name!r} deals {choice.game.boards} boards; this function plays one board"
        )
    return choice


def as_choice(game: GameChoice | Game | None) -> GameChoice:
    """``game`` as a :class:`~omaha8eq.games.GameChoice` (a Game names itself; None: Hi-Lo)."""
    if game is None:
        return ANY_HILO
    return GameChoice(game, game.hilo) if isinstance(game, Game) else game


#: The immutable parts of a spot of known hands: each seat's ``(cards, label)``, the hole
#: size, the board and the dead cards.
_KnownSpot = tuple[tuple[tuple[tuple[int, ...], str], ...], Game, tuple[int, ...], tuple[int, ...]]


@functools.lru_cache(maxsize=1024)
def _known_spot(hands: tuple[str, ...], board: str, dead: str, game: GameChoice) -> _KnownSpot:
    """:func:`_parse_spot` of known hands, a board and dead cards, all text, as immutable
    parts (a :class:`Seat` is not: :func:`parse_spot` makes new ones from them). Kept: a
    pure function of the texts and the game, and the same spot comes back call after
    call (a parse and its checks cost more than a flop's count); an error is not kept."""
    spot = _parse_spot(hands, board, dead, game)
    return tuple((seat.hole(), seat.label) for seat in spot.seats), spot.game, spot.board, spot.dead


def parse_board(board: CardSpec, dead: CardSpec) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The known board (0, 3, 4 or 5 cards: HandSizeError for another count) and the dead
    cards, parsed, in that order; cards shared with each other or a hand are the caller's
    check (:func:`check_no_card_twice`)."""
    board_cards = parse_cards(board, what="board")
    if len(board_cards) not in (0, *BOARD_SIZES):
        raise HandSizeError(
            f"board: {len(board_cards)} cards given; expected 0 (preflop), 3 (flop), 4 (turn) or 5 (river)"
        )
    return board_cards, parse_cards(dead, what="dead cards")


def _parse_spot(hands: Sequence[Any], board: CardSpec, dead: CardSpec, game: GameChoice) -> Spot:
    """:func:`parse_spot`, every time."""
    hands = check_list(hands, "hands", "a list of hands, e.g. ['AsAh2c3d', 'KsKhQdJd']")
    if len(hands) < 2:
        raise OmahaInputError(f"hands: {len(hands)} hand given; equity needs 2 or more")
    seats, hole_size = parse_seats(hands, game.game)
    board_cards, dead_cards = parse_board(board, dead)
    check_no_card_twice(seats, board_cards, dead_cards)
    n_players = len(seats)
    needed = n_players * hole_size + 5 + len(dead_cards)
    if needed > DECK_SIZE:
        raise OmahaInputError(
            f"hands: {n_players} players with {hole_size} cards each, a board and "
            f"{len(dead_cards)} dead cards need {needed} cards; the deck has 52 "
            f"(at most {(DECK_SIZE - 5 - len(dead_cards)) // hole_size} players)"
        )
    return Spot(seats, game.for_hole_size(hole_size), board_cards, dead_cards)
