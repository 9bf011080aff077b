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

Like :mod:`omaha8eq.deck`, this module imports nothing heavy.

>>> game = as_game("omaha85")
>>> game.hole_cards, game.hilo, game.boards
(5, True, 1)
>>> as_game(game) is game
True
>>> game_for(6, hilo=False).name
'omahahi6'
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass

from .checks import check_flag, check_hole_size, excerpt, is_integer
from .deck import BOARD_SIZES, DECK_SIZE, HOLE_SIZES
from .errors import OmahaInputError, OmahaTypeError

__all__ = ["GAMES", "LOW_EIGHT_OR_BETTER", "Game", "GameSpec", "as_game", "game_for"]

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
    found = GAMES.get(game.strip().lower())
    if found is not None:
        return found
    # A long text is no misspelt name (and difflib's time grows with its length).
    close = difflib.get_close_matches(game.strip().lower(), GAMES, n=1) if len(game) <= 40 else []
    hint = f" (did you mean {close[0]!r}?)" if close else ""
    raise OmahaInputError(f"{what}: unknown game {excerpt(game)}{hint}; the games are {', '.join(GAMES)}")


def game_for(hole_cards: int, hilo: bool = True) -> Game:
    """The named game dealing ``hole_cards`` cards, hi-lo or high only.

    >>> game_for(4).name, game_for(5, hilo=False).name
    ('omaha8', 'omahahi5')
    """
    hole_cards = check_hole_size(hole_cards, "hole_cards")
    return _named(hole_cards, check_flag(hilo, "hilo"))
