"""What is played: the :class:`Game` value and the named games.

A game says how many hole cards each player is dealt, how many of them and of the
board's cards a hand must use (2 and 3 in every Omaha), whether the pot is split with
an 8-or-better low, and how many boards are dealt. Code asks the value, never a flag:
``game.hilo``, ``game.hole_cards``.

The named games use the names players and the query language use:

======== ===== ============
name     hole  low
======== ===== ============
omaha8   4     8-or-better
omaha85  5     8-or-better
omaha86  6     8-or-better
omahahi  4     none
omahahi5 5     none
omahahi6 6     none
======== ===== ============

Each has a double-board twin named with ``-double`` (``omaha8-double``): two boards,
each playing for half the pot (:func:`double_board`).

Like :mod:`omaha8eq.deck`, this module imports nothing heavy.

>>> game = as_game("omaha85")
>>> game.hole_cards, game.hilo, game.boards
(5, True, 1)
>>> as_game(game) is game
True
>>> game_for(6, hilo=False).name
'omahahi6'
>>> as_game("omaha8-double").title
'double-board Omaha Hi-Lo'
"""

from __future__ import annotations

import dataclasses
import difflib
import warnings
from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple

from .cards import parse_cards
from .checks import check_flag, excerpt, is_integer
from .checks import check_hole_size as checked_hole_size
from .deck import BOARD_SIZES, DECK_SIZE, HOLE_SIZES
from .errors import HandSizeError, OmahaInputError, OmahaTypeError

__all__ = [
    "ANY_HILO",
    "DOUBLE_SUFFIX",
    "GAMES",
    "HILO_DEPRECATED",
    "LOW_EIGHT_OR_BETTER",
    "Game",
    "GameChoice",
    "GameSpec",
    "as_game",
    "check_hole_size",
    "double_board",
    "game_for",
    "game_of_hands",
    "resolve_game",
]

#: What a double-board game's name adds to its single-board game's: ``omaha8-double``.
DOUBLE_SUFFIX = "-double"

#: The low rule of Omaha Hi-Lo: five different ranks, each 8 or lower, ace low.
LOW_EIGHT_OR_BETTER = "8-or-better"


@dataclass(frozen=True)
class Game:
    """One variant of Omaha, as data.

    Attributes:
        name: the game's name (``"omaha8"``); the key of :data:`GAMES` for a named game.
        hole_cards: the hole cards dealt to each player (4, 5 or 6).
        hole_used: the hole cards a hand uses, exactly (2 in Omaha).
        board_used: the board cards a hand uses, exactly (3 in Omaha).
        low: the low rule splitting the pot (:data:`LOW_EIGHT_OR_BETTER`), or None for a
            high-only game.
        boards: the number of boards dealt (1; a double-board game deals 2, each playing
            for half the pot).
    """

    name: str
    hole_cards: int
    low: str | None = LOW_EIGHT_OR_BETTER
    hole_used: int = 2
    board_used: int = 3
    boards: int = 1

    def __post_init__(self) -> None:
        # Types first: an array or a None would make the comparisons below raise or mislead.
        if not isinstance(self.name, str):
            raise OmahaTypeError(f"game name: expected a string, got {excerpt(self.name)}")
        name = excerpt(self.name)
        counts = {"hole_cards": self.hole_cards, "hole_used": self.hole_used, "board_used": self.board_used}
        for field_name, count in {**counts, "boards": self.boards}.items():
            if not is_integer(count):
                raise OmahaTypeError(f"game {name}: {field_name}: expected an integer, got {excerpt(count)}")
        if self.hole_cards not in HOLE_SIZES:
            raise OmahaInputError(f"game {name}: {excerpt(self.hole_cards)} hole cards; omaha8eq plays {HOLE_SIZES}")
        if (self.hole_used, self.board_used) != (2, 3):
            raise OmahaInputError(f"game {name}: Omaha hands use 2 hole cards and 3 board cards")
        if self.low is not None and not (isinstance(self.low, str) and self.low == LOW_EIGHT_OR_BETTER):
            raise OmahaInputError(f"game {name}: unknown low rule {excerpt(self.low)}")
        if self.boards not in (1, 2):
            raise OmahaInputError(f"game {name}: {excerpt(self.boards)} boards; a game deals 1 or 2")

    @property
    def hilo(self) -> bool:
        """Whether the pot is split between the best high and the best qualifying low."""
        return self.low is not None

    @property
    def max_players(self) -> int:
        """The most players one deck deals this game to (every board complete)."""
        return (DECK_SIZE - self.boards * max(BOARD_SIZES)) // self.hole_cards

    @property
    def title(self) -> str:
        """The game's name as players write it: ``"5-card Omaha Hi-Lo"``."""
        cards = "" if self.hole_cards == 4 else f"{self.hole_cards}-card "
        kind = "Hi-Lo" if self.hilo else "Hi"
        boards = "" if self.boards == 1 else "double-board "
        return f"{boards}{cards}Omaha {kind}"


def _named(hole_cards: int, hilo: bool) -> Game:
    suffix = "" if hole_cards == 4 else str(hole_cards)
    name = f"omaha8{suffix}" if hilo else f"omahahi{suffix}"
    return Game(name, hole_cards, LOW_EIGHT_OR_BETTER if hilo else None)


#: The named games, by name.
GAMES: dict[str, Game] = {
    game.name: game for game in (_named(size, hilo) for hilo in (True, False) for size in HOLE_SIZES)
}

#: The named games by (hole cards, hi-lo): game_for's look-up, made once (results name their game).
_BY_SHAPE = {(game.hole_cards, game.hilo): game for game in GAMES.values()}

#: What a public entry point accepts as a game: a name of :data:`GAMES` or a :class:`Game`.
GameSpec = str | Game


def as_game(game: object, what: str = "game") -> Game:
    """The :class:`Game` that ``game`` names: a :class:`Game` is returned as it is, a
    name of :data:`GAMES` (any case) is looked up.

    Raises:
        OmahaTypeError: ``game`` is neither a string nor a :class:`Game`.
        OmahaInputError: an unknown name; the message suggests the closest one.

    >>> as_game("Omaha8").title
    'Omaha Hi-Lo'
    >>> as_game("omaha9")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    omaha8eq.errors.OmahaInputError: game: unknown game 'omaha9' (did you mean 'omaha8'?); the games are omaha8, ...
    """
    if isinstance(game, Game):
        return game
    if not isinstance(game, str):
        raise OmahaTypeError(f"{what}: expected a game name or a Game, got {excerpt(game)}")
    name = game.strip().lower()
    found = GAMES.get(name.removesuffix(DOUBLE_SUFFIX))
    if found is not None:
        return double_board(found) if name.endswith(DOUBLE_SUFFIX) else found
    # A long text is no misspelt name (and difflib's time grows with its length).
    close = difflib.get_close_matches(name, GAMES, n=1) if len(game) <= 40 else []
    hint = f" (did you mean {close[0]!r}?)" if close else ""
    raise OmahaInputError(f"{what}: unknown game {excerpt(game)}{hint}; the games are {', '.join(GAMES)}")


def double_board(game: Game) -> Game:
    """The double-board form of ``game``: the same cards and low rule, two boards, named
    with :data:`DOUBLE_SUFFIX` (a double-board game is returned as it is).

    >>> double_board(as_game("omahahi5"))
    Game(name='omahahi5-double', hole_cards=5, low=None, hole_used=2, board_used=3, boards=2)
    """
    if game.boards == 2:
        return game
    return dataclasses.replace(game, name=game.name + DOUBLE_SUFFIX, boards=2)


def game_for(hole_cards: int, hilo: bool = True) -> Game:
    """The named game dealing ``hole_cards`` cards, hi-lo or high only.

    >>> game_for(4).name, game_for(5, hilo=False).name
    ('omaha8', 'omahahi5')
    """
    hole_cards = checked_hole_size(hole_cards, "hole_cards")
    return _BY_SHAPE[(hole_cards, check_flag(hilo, "hilo"))]


#: The warning of a call that still passes ``hilo=`` (deprecated; removed in the next release).
HILO_DEPRECATED = (
    "hilo= is deprecated and will be removed in the next release: pass game='omaha8' (hi-lo) or "
    "game='omahahi' (high only), or 'omaha85', 'omaha86', 'omahahi5', 'omahahi6' for 5 or 6 hole cards"
)


class GameChoice(NamedTuple):
    """The game a public call asked for, resolved at its door (:func:`resolve_game`).

    ``game`` is the :class:`Game` named, or None when the call named none: the hands'
    hole size then decides it, with ``hilo`` (True unless the deprecated ``hilo=False``
    was passed). Inside the package a spot carries the :class:`Game` that
    :meth:`for_hole_size` gives, never this choice. A NamedTuple, so ``game, hilo =
    resolve_game(...)`` reads it as a pair.
    """

    game: Game | None
    hilo: bool = True

    def for_hole_size(self, hole_cards: int) -> Game:
        """The game played by hands of ``hole_cards`` cards: the one named (its hole size
        checked by the caller, :func:`check_hole_size`), else the named game of that size."""
        return self.game if self.game is not None else _BY_SHAPE[(hole_cards, self.hilo)]


#: No game named, no ``hilo``: Hi-Lo of the hands' hole size.
ANY_HILO = GameChoice(None, True)


def resolve_game(game: object = None, hilo: object = None, *, stacklevel: int = 3) -> GameChoice:
    """The game a public entry point was told to play, as a :class:`GameChoice`.

    ``game`` is a name of :data:`GAMES`, a :class:`Game` or None; ``hilo`` is the
    deprecated flag (None when not passed; True or False warns with a
    DeprecationWarning pointing at the caller's caller, ``stacklevel``). The answer's
    ``game`` is the :class:`Game` (None when ``game`` is None: the hole size then comes
    from the hands, as before) and its ``hilo`` whether the pot is split hi-lo
    (``game.hilo``, else ``hilo``, else True).

    Raises:
        OmahaInputError: an unknown game name, or ``hilo`` contradicting ``game``.
        OmahaTypeError: ``game`` or ``hilo`` of the wrong type.

    >>> resolve_game("omahahi5")
    GameChoice(game=Game(name='omahahi5', hole_cards=5, low=None, hole_used=2, board_used=3, boards=1), hilo=False)
    >>> resolve_game()
    GameChoice(game=None, hilo=True)
    """
    if hilo is not None:
        warnings.warn(HILO_DEPRECATED, DeprecationWarning, stacklevel=stacklevel)
        hilo = check_flag(hilo, "hilo")
    if game is None:
        return ANY_HILO if hilo is None or hilo else GameChoice(None, False)
    chosen = as_game(game)
    if hilo is not None and hilo != chosen.hilo:
        raise OmahaInputError(f"hilo={hilo} contradicts game={chosen.name!r} ({chosen.title}): pass game= only")
    return GameChoice(chosen, chosen.hilo)


def check_hole_size(game: Game | None, sizes: set[int], what: str = "hands") -> None:
    """Refuse hands whose hole size (``sizes``: the sizes seen) is not the one ``game``
    deals (nothing to check when ``game`` is None: any one of :data:`HOLE_SIZES`).

    >>> check_hole_size(GAMES["omaha85"], {4})
    Traceback (most recent call last):
    ...
    omaha8eq.errors.HandSizeError: hands: 4 hole cards; omaha85 (5-card Omaha Hi-Lo) deals 5
    """
    if game is not None and sizes and sizes != {game.hole_cards}:
        shown = ", ".join(str(size) for size in sorted(sizes))
        raise HandSizeError(f"{what}: {shown} hole cards; {game.name} ({game.title}) deals {game.hole_cards}")


def game_of_hands(hands: Sequence[object], hilo: bool = True) -> Game:
    """The named game, hi-lo or not, of the hole size of the first of ``hands`` written
    as cards (4 without one, as the engine deals ranges alone). Anything else (a range,
    ``"random"``, a folded player, a typo, which the engine names later) is skipped.

    >>> game_of_hands(["AA**", "As Ah 2c 3d Kh"], hilo=False).name
    'omahahi5'
    """
    sizes = (_hole_size(hand) for hand in hands)
    return game_for(next((size for size in sizes if size is not None), 4), hilo)


def _hole_size(hand: object) -> int | None:
    """The number of cards of a hand written as cards (text or card ints), else None."""
    try:
        size = len(parse_cards(hand))  # type: ignore[arg-type]
    except (OmahaInputError, TypeError):
        return None
    return size if size in HOLE_SIZES else None
