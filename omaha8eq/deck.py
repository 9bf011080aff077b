"""The deck and the deal: how many cards there are and how many a game deals.

The one home of these numbers; it imports nothing heavy, so the command line's
betting and pot-sizing commands can use it without loading numpy or numba.
"""

from __future__ import annotations

from .errors import OmahaInputError

__all__ = ["BOARD_SIZES", "DECK_SIZE", "HOLE_SIZES", "MAX_PLAYERS", "check_player_count"]

#: The number of cards in the deck (card ints are 0..DECK_SIZE - 1).
DECK_SIZE = 52
#: The hole-card counts of the Omaha games supported: 4, 5 or 6 cards.
HOLE_SIZES = (4, 5, 6)
#: The board sizes of a hand being evaluated: flop, turn, river.
BOARD_SIZES = (3, 4, 5)
#: The most players one deck can deal an Omaha hand to: the smallest hands
#: (4 cards) and a five-card board, (52 - 5) // 4 = 11.
MAX_PLAYERS = (DECK_SIZE - max(BOARD_SIZES)) // min(HOLE_SIZES)


def check_player_count(count: int, what: str) -> None:
    """Refuse more players than one deck can deal an Omaha hand to (:data:`MAX_PLAYERS`).

    >>> check_player_count(11, "--players")
    >>> check_player_count(12, "--players")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    omaha8eq.errors.OmahaInputError: --players: 12 players; one deck deals Omaha to at most 11 (...)
    """
    if count > MAX_PLAYERS:
        shown = f"{count:,}" if count.bit_length() <= 64 else "more than 10**19"  # str() refuses 4,300+ digits
        raise OmahaInputError(
            f"{what}: {shown} players; one deck deals Omaha to at most {MAX_PLAYERS} "
            f"({min(HOLE_SIZES)} hole cards each and a {max(BOARD_SIZES)}-card board)"
        )
