"""The public :func:`settle`: a hand's pots settled at showdown, on one board or on several.

One board: the main and side pots of :mod:`omaha8eq.chips.pots` split hi/lo on it. Several
boards (``boards=``: a double board, or with ``runs=True`` the runs of one board): handed
to :func:`~omaha8eq.chips.board_pots.settle_boards`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, TypedDict, overload

from ..cards import CardSpec, format_cards, parse_cards
from ..checks import check_flag
from ..errors import HandSizeError, OmahaInputError
from ..games import GameSpec, resolve_game
from .board_pots import BoardsSettlement, settle_boards
from .pots import (
    PlayerSpec,
    Settlement,
    _split_pot,
    check_cards,
    hand_texts,
    layout,
    pay_out,
    read_table,
    showdown_values,
)

if TYPE_CHECKING:  # typing.Unpack is Python 3.11's; the annotations are only read by type checkers
    from typing_extensions import Unpack

__all__ = ["settle"]


class _TableOptions(TypedDict, total=False):
    """:func:`settle`'s keyword options but ``boards``, for its overloads (``**table``):
    only ``boards`` chooses the type it returns, and the implementation's signature (the
    one ``help()`` shows) lists every option with its default."""

    button: int
    chip: int
    game: GameSpec | None
    hilo: bool | None
    runs: bool


@overload
def settle(
    players: Sequence[PlayerSpec], board: CardSpec = "", *, boards: None = None, **table: Unpack[_TableOptions]
) -> Settlement: ...


@overload
def settle(
    players: Sequence[PlayerSpec], board: CardSpec = "", *, boards: Sequence[CardSpec], **table: Unpack[_TableOptions]
) -> BoardsSettlement: ...


def settle(
    players: Sequence[PlayerSpec],
    board: CardSpec = "",
    *,
    button: int = 0,
    chip: int = 1,
    game: GameSpec | None = None,
    hilo: bool | None = None,
    boards: Sequence[CardSpec] | None = None,
    runs: bool = False,
) -> Settlement | BoardsSettlement:
    """Settle a hand: build the main and side pots, split each hi/lo, pay out.

    Args:
        players: ``(hand, chips)`` pairs in seat order (clockwise): the hole cards
            (4, 5 or 6, all hands the same size; ``None`` or ``"fold"`` for a
            player who folded) and the total chips that player put into the pot
            this hand (blinds, antes and bets, an integer >= 0).
        board: the five board cards; needed when two or more players have not
            folded (a showdown). Without a showdown any 0 to 5 cards are accepted.
        button: the seat (0-based index into ``players``) of the button; the odd
            chips of a tied half go to the tied players clockwise from its left.
        chip: the smallest chip in play; every contribution must be a multiple of
            it, and pots are divided in whole units of it.
        game: the game played: a name (``"omaha8"``, ``"omahahi"``, ``"omaha85"`` ...:
            see :mod:`omaha8eq.games`) or a :class:`~omaha8eq.games.Game`; in a high-only
            game the best high takes each pot. None (default): Omaha Hi-Lo with the
            hands' hole size.
        hilo: deprecated (a DeprecationWarning; removed in the next release): False
            for Omaha high, as ``game="omahahi"``.
        boards: instead of ``board``, 2 to 4 boards: the hand was played on several
            boards (double board) or, with ``runs=True``, run several times; it is
            settled by :func:`~omaha8eq.chips.board_pots.settle_boards` (each pot cut
            into one part per board, each part split hi/lo on its board).
        runs: with ``boards``, whether they are the runs of one board (their common
            cards were dealt before the all-in).

    Returns:
        A :class:`~omaha8eq.chips.pots.Settlement`; ``sum(payouts) == sum(contributions)``
        always. With ``boards``: a :class:`~omaha8eq.chips.board_pots.BoardsSettlement`.

    Raises:
        OmahaInputError (a ValueError) naming the input: a bad or duplicate card,
        hands of different sizes, negative chips, chips not a multiple of
        ``chip``, every player folded, a showdown without 5 board cards, a bad
        ``button`` or ``chip``, more than :data:`~omaha8eq.inputs.MAX_PLAYERS`
        players; :class:`~omaha8eq.errors.OmahaTypeError` (also a TypeError) for
        inputs of the wrong type.

    The rules' example: three players put in 40 each; B and C tie the high (an
    eight-high straight), A and B tie the low (8-5-4-2-A).

    >>> s = settle([("Ah Ac 2h 3c", 40), ("As 2s 6d 7d", 40), ("6s 7s 8d 9d", 40)],
    ...            "4c 5d Ks Qs 8c")
    >>> s.payouts, s.net
    ((30, 60, 30), (-10, 20, -10))
    >>> [(a.seat, a.chips) for a in s.pots[0].high], [(a.seat, a.chips) for a in s.pots[0].low]
    ([(1, 30), (2, 30)], [(0, 30), (1, 30)])

    One player left: he takes everything, his uncalled bet included.

    >>> settle([(None, 10), ("As Ah 2c 3d", 50), (None, 20)]).payouts
    (0, 80, 0)

    Run twice from the flop, the pot is cut in two and each run's half split on it (the
    aces scoop run 1; on run 2 the kings' quads take the high half, the aces the low):

    >>> settle([("As Ah 2c 3d", 51), ("Ks Kh Qd Jd", 51)], boards=["4c 5d 7s 8h 9h", "4c 5d 7s Kc Kd"],
    ...        runs=True).payouts
    (76, 26)
    """
    if boards is not None:
        if not (isinstance(board, (str, list, tuple)) and len(board) == 0):
            raise OmahaInputError("board: give the board or the boards (boards=...), not both")
        return settle_boards(players, boards, runs=runs, button=button, chip=chip, game=game, hilo=hilo)
    if check_flag(runs, "runs"):
        raise OmahaInputError("runs: runs=True settles the runs given as boards=[...]; give them there")
    choice = resolve_game(game, hilo)
    table = read_table(players, choice, chip, button)
    hands, chip, button, showdown = table.hands, table.chip, table.button, table.showdown
    n = len(hands)
    board_cards = parse_cards(board, what="board")
    if showdown and len(board_cards) != 5:
        raise HandSizeError(
            f"board: {len(board_cards)} cards given; a showdown between {sum(table.live)} players needs all 5 "
            "board cards"
        )
    if len(board_cards) > 5:
        raise HandSizeError(f"board: {len(board_cards)} cards given; a board has at most 5")
    check_cards(hands, board_cards)

    highs, lows = showdown_values(hands, board_cards, table.played, showdown)
    returned, shapes = layout(table.chips, table.live)
    pots = tuple(_split_pot(k, shape, highs, lows, chip=chip, button=button, n=n) for k, shape in enumerate(shapes))
    return Settlement(
        *pay_out(returned, pots, table.chips),
        pots=pots,
        hands=hand_texts(hands),
        highs=tuple(highs),
        lows=tuple(lows),
        board=format_cards(board_cards),
        showdown=showdown,
        button=button,
        chip=chip,
        hilo=table.played.hilo,
        game=table.played.name,
    )
