"""The deck and the deal: how many cards there are and how many a game deals.

The one home of these numbers (the limits): every buffer the compiled kernels write
is sized from them, and :func:`check_deal_limits` is the one check a deal passes
before any kernel sees it. It imports nothing heavy, so the command line's betting
and pot-sizing commands can use it without loading numpy or numba.
"""

from __future__ import annotations

from collections.abc import Iterable

from .errors import HandSizeError, OmahaInputError

__all__ = [
    "BOARD_CARDS",
    "BOARD_SIZES",
    "DECK_SIZE",
    "HOLE_SIZES",
    "MAX_HOLE_CARDS",
    "MAX_PLAYERS",
    "check_deal_limits",
    "check_player_count",
]

#: The number of cards in the deck (card ints are 0..DECK_SIZE - 1).
DECK_SIZE = 52
#: The hole-card counts of the Omaha games supported: 4, 5 or 6 cards.
HOLE_SIZES = (4, 5, 6)
#: The board sizes of a hand being evaluated: flop, turn, river.
BOARD_SIZES = (3, 4, 5)
#: The most hole cards a hand holds: the width of every kernel buffer of hole cards.
MAX_HOLE_CARDS = max(HOLE_SIZES)
#: The cards of a complete board: the width of every kernel buffer of board cards.
BOARD_CARDS = max(BOARD_SIZES)
#: The hole sizes as a set, for check_deal_limits.
_WIDTHS = frozenset(HOLE_SIZES)
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


def check_deal_limits(players: int, hole_widths: Iterable[int], board: int, dead: int = 0) -> None:
    """The one check of a deal's shape before it reaches compiled code (which does not
    check bounds): ``players`` seats, hands and range rows of ``hole_widths`` cards (each
    one of :data:`HOLE_SIZES`, all the same), ``board`` known board cards (at most
    :data:`BOARD_CARDS`) and ``dead`` dead cards, all within one deck.

    Raises:
        HandSizeError: a hand wider than :data:`MAX_HOLE_CARDS` (never cut to fit), of
            another size than the others, or a board of more than :data:`BOARD_CARDS`.
        OmahaInputError: more players or cards than one deck deals.

    >>> check_deal_limits(2, (4, 4), 3)
    >>> check_deal_limits(2, (7, 7), 3)
    Traceback (most recent call last):
    ...
    omaha8eq.errors.HandSizeError: hands: 7 hole cards; a hand holds one of (4, 5, 6), all the same
    """
    widths = set(hole_widths)
    # The usual deal first, in a few comparisons: this runs before every kernel call.
    if len(widths) == 1 and widths <= _WIDTHS and 0 <= board <= BOARD_CARDS and players <= MAX_PLAYERS:
        (width,) = widths
        if players * width + BOARD_CARDS + dead <= DECK_SIZE:
            return
    if len(widths) != 1 or not widths <= _WIDTHS:
        shown = ", ".join(str(width) for width in sorted(widths)) or "no"
        raise HandSizeError(f"hands: {shown} hole cards; a hand holds one of {HOLE_SIZES}, all the same")
    if not 0 <= board <= BOARD_CARDS:
        raise HandSizeError(f"board: {board} cards; a board has at most {BOARD_CARDS}")
    check_player_count(players, "hands")
    (width,) = widths
    raise OmahaInputError(
        f"hands: {players} players with {width} cards each, a board and {dead} dead cards need "
        f"{players * width + BOARD_CARDS + dead} cards; the deck has {DECK_SIZE}"
    )
