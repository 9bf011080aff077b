"""settle_boards against an independent implementation (tests/naive_boards.py), and its refusals."""

from __future__ import annotations

import warnings

import naive_boards
import numpy as np
import pytest

from omaha8eq import format_cards
from omaha8eq.chips.board_pots import settle_boards
from omaha8eq.errors import DuplicateCardError, HandSizeError, OmahaInputError
from omaha8eq.games import game_for

# Low cards weigh more: lows, ties, quartered halves and odd chips come up often.
WEIGHTS = np.array([4.0 if c // 4 <= 6 or c // 4 == 12 else 1.0 for c in range(52)])


def random_hand(rng, n_players, n_boards, runs):
    order = rng.choice(52, size=52, replace=False, p=WEIGHTS / WEIGHTS.sum()).tolist()
    hole = int(rng.choice([4, 5]))
    hands = [tuple(order[i * hole : (i + 1) * hole]) for i in range(n_players)]
    at = n_players * hole
    if runs:  # the cards dealt before the all-in are on every run
        common = order[at : at + int(rng.integers(0, 5))]
        at += len(common)
        boards = []
        for _ in range(n_boards):
            boards.append(tuple(common) + tuple(order[at : at + 5 - len(common)]))
            at += 5 - len(common)
    else:
        boards = [tuple(order[at + 5 * b : at + 5 * b + 5]) for b in range(n_boards)]
    # Chips in odd amounts, several all-in levels (side pots), now and then a folded player.
    chips = [int(rng.choice([1, 3, 7, 10, 13, 25])) * int(rng.choice([1, 1, 3])) for _ in range(n_players)]
    folded = [bool(rng.random() < 0.2) for _ in range(n_players)]
    if all(folded):
        folded[0] = False
    # Folded players' chips stay within the live players' levels (the reference leaves dead
    # money above every live player to its caller).
    top = max(c for c, f in zip(chips, folded, strict=True) if not f)
    chips = [min(c, top) if f else c for c, f in zip(chips, folded, strict=True)]
    return hands, boards, chips, folded


@pytest.mark.parametrize("case", range(60))
def test_settle_boards_matches_independent_payouts(case):
    rng = np.random.default_rng(2727 + case)
    n_players = int(rng.integers(2, 7))
    runs = case % 3 == 2
    n_boards = int(rng.integers(2, 5)) if runs else 2 + (case % 5 == 0)
    hands, boards, chips, folded = random_hand(rng, n_players, n_boards, runs)
    chip = int(rng.choice([1, 1, 2]))
    chips = [c * chip for c in chips]
    button = int(rng.integers(0, n_players))
    hilo = case % 7 != 6
    players = [(None if f else format_cards(h), c) for h, c, f in zip(hands, chips, folded, strict=True)]
    settled = settle_boards(
        players,
        [format_cards(b) for b in boards],
        runs=runs,
        button=button,
        chip=chip,
        game=game_for(len(hands[0]), hilo),
    )
    live_hands = [None if f else h for h, f in zip(hands, folded, strict=True)]
    expected = naive_boards.payouts(live_hands, boards, chips, button=button, chip=chip, hilo=hilo)
    assert list(settled.payouts) == expected
    assert sum(settled.payouts) == sum(chips)
    for pot in settled.pots:
        amounts = [part.amount for part in pot.parts]
        assert sum(amounts) == pot.amount and max(amounts) - min(amounts) <= chip
        assert amounts == sorted(amounts, reverse=True)  # odd units to the first boards


@pytest.mark.parametrize(("game", "hilo"), [("omaha85", True), ("omahahi5", False)])
def test_a_showdown_never_passes_the_deprecated_hilo_on(game, hilo):
    players = [("As Ah 2c 3d 4h", 50), ("Ks Kh Qd Jd Td", 50)]
    with warnings.catch_warnings():
        warnings.simplefilter("error", DeprecationWarning)
        settled = settle_boards(players, ["4c 5d 7s 8h 9h", "4s 5s 7c Kc Kd"], game=game)
    assert settled.showdown and all(low is None for lows in settled.lows for low in lows) != hilo


def test_to_dict_names_runs():
    players = [("As Ah 2c 3d", 50), ("Ks Kh Qd Jd", 50)]
    document = settle_boards(players, ["4c 5d 7s 8h 9h", "4c 5d 7s Kc Kd"], runs=True).to_dict()
    assert [b["name"] for b in document["boards"]] == ["run 1", "run 2"]
    assert [part["board"] for part in document["pots"][0]["parts"]] == ["run 1", "run 2"]
    # Run 1: the aces scoop (pair of aces, 7-5-4-2-A); run 2: the kings' quads take the high half.
    assert [p["payout"] for p in document["players"]] == [75, 25]


@pytest.mark.parametrize(
    ("boards", "runs", "error", "message"),
    [
        (["4c 5d 7s 8h 9h", "4c Kd Ts Qh 2h"], False, DuplicateCardError, "4c appears in board 1 and in board 2"),
        (["4c 5d 7s 8h 9h", "4c 5d Ts Qh 2h", "4c 7s Td Qd 2d"], True, OmahaInputError, "not on every run"),
        (["4c 5d 7s 8h 9h"], False, OmahaInputError, "1 boards given"),
        (["4c 5d 7s 8h", "Kd Ts Qh 2h 3h"], False, HandSizeError, "board 1: 4 cards"),
        (["As 5d 7s 8h 9h", "Kd Ts Qh 2h 3h"], False, DuplicateCardError, "As appears in player 1"),
    ],
)
def test_bad_boards_are_refused(boards, runs, error, message):
    with pytest.raises(error, match=message):
        settle_boards([("As Ah 2c 3d", 50), ("Ks Kh Qd Jd", 50)], boards, runs=runs)
