"""The limits (omaha8eq.deck) and the one check a deal passes before the compiled kernels.

The kernels do not check bounds: a hand wider than ``MAX_HOLE_CARDS`` must be refused
by :func:`check_deal_limits`, with its message, at every way into the engine -- never
cut to fit a buffer, never written past one. The spots below are built by hand (past
``parse_spot``, which would refuse them first) to reach that check.
"""

from __future__ import annotations

import copy
import re

import numpy as np
import pytest

from omaha8eq.cards import parse_cards
from omaha8eq.deck import (
    BOARD_CARDS,
    DECK_SIZE,
    HOLE_SIZES,
    MAX_HOLE_CARDS,
    MAX_PLAYERS,
    check_deal_limits,
)
from omaha8eq.engine.options import RunOptions
from omaha8eq.engine.run import count_spots, run_equity
from omaha8eq.engine.spot import Seat, Spot, parse_spot
from omaha8eq.errors import HandSizeError, OmahaInputError
from omaha8eq.games import GAMES, Game

SEVEN = parse_cards("As Ah 2c 3d 4h 5h 6h")
OTHER_SEVEN = parse_cards("Ks Kh Qd Jd Th 9h 8h")
WIDE = re.escape("hands: 7 hole cards; a hand holds one of (4, 5, 6), all the same")


def _unchecked_game(hole_cards: int) -> Game:
    """Omaha Hi-Lo dealing ``hole_cards`` cards, built past Game's own checks (which refuse
    7): what a hand-built spot could carry, and the engine's check must still refuse."""
    game = copy.copy(GAMES["omaha8"])
    object.__setattr__(game, "hole_cards", hole_cards)
    return game


def test_the_limits():
    assert (DECK_SIZE, HOLE_SIZES, MAX_HOLE_CARDS, BOARD_CARDS, MAX_PLAYERS) == (52, (4, 5, 6), 6, 5, 11)


@pytest.mark.parametrize(
    ("players", "widths", "board", "dead", "message"),
    [
        (2, (7, 7), 3, 0, "hands: 7 hole cards; a hand holds one of (4, 5, 6), all the same"),
        (2, (4, 5), 0, 0, "hands: 4, 5 hole cards"),
        (2, (3,), 0, 0, "hands: 3 hole cards"),
        (2, (), 0, 0, "hands: no hole cards"),
        (2, (4,), 6, 0, "board: 6 cards; a board has at most 5"),
        (12, (4,), 0, 0, "hands: 12 players; one deck deals Omaha to at most 11"),
        (9, (5,), 0, 3, "hands: 9 players with 5 cards each, a board and 3 dead cards need 53 cards"),
    ],
)
def test_the_check_refuses_every_shape_beyond_the_limits(players, widths, board, dead, message):
    with pytest.raises(OmahaInputError, match=re.escape(message)):
        check_deal_limits(players, widths, board, dead)


def test_the_largest_deals_pass():
    for size in HOLE_SIZES:
        check_deal_limits((DECK_SIZE - BOARD_CARDS) // size, (size,), BOARD_CARDS)


def test_a_seven_card_hand_never_reaches_a_kernel():
    fixed = Spot(
        [Seat("a", cards=SEVEN), Seat("b", cards=OTHER_SEVEN)], _unchecked_game(7), parse_cards("Qs Js Ts"), ()
    )
    with pytest.raises(HandSizeError, match=WIDE):
        run_equity(fixed, RunOptions(exhaustive=True))
    with pytest.raises(HandSizeError, match=WIDE):
        count_spots([fixed], RunOptions())
    # A spot that says 4 cards but holds a seven-card range row: not cut to 4.
    ranged = Spot(
        [Seat("a", cards=SEVEN[:4]), Seat("r", hands=np.array([OTHER_SEVEN], dtype=np.int8), weights=np.ones(1))],
        GAMES["omaha8"],
        (),
        (),
    )
    with pytest.raises(HandSizeError, match="hands: 4, 7 hole cards"):
        run_equity(ranged, RunOptions(samples=100, seed=1))
    # Random hands of a seven-card game: their rows would be cut from a six-card buffer.
    random = Spot([Seat("a", cards=SEVEN), Seat("random")], _unchecked_game(7), (), ())
    with pytest.raises(HandSizeError, match=WIDE):
        run_equity(random, RunOptions(samples=100, seed=1))


def test_a_batch_of_mixed_widths_is_named_not_cut():
    four = parse_spot(["As Ah 2c 3d", "Ks Kh Qd Jd"], "Qs Js Ts", "")
    mixed = Spot(
        [Seat("a", cards=SEVEN), Seat("b", cards=four.seats[1].hole())], GAMES["omaha8"], parse_cards("9s 8s 7s"), ()
    )
    with pytest.raises(HandSizeError, match="hands: 4, 7 hole cards"):
        count_spots([mixed], RunOptions())


def test_a_six_card_board_is_refused():
    spot = parse_spot(["As Ah 2c 3d", "Ks Kh Qd Jd"], "", "")
    spot.board = parse_cards("Qs Js Ts 9s 8s 7c")
    with pytest.raises(HandSizeError, match="board: 6 cards"):
        run_equity(spot, RunOptions(exhaustive=True))
    with pytest.raises(HandSizeError, match="board: 6 cards"):
        count_spots([spot], RunOptions())
