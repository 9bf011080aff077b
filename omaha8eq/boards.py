"""Public equity with several boards: double-board Omaha (bomb pots) and running it N times.

:func:`boards_equity` validates, then delegates to the engine
(``omaha8eq.engine.multiboard``). Cards are text (``"Ac 8c 5h"``), lists of cards or
card ints (``4 * rank + suit``, rank 0..12 = 2..A, suit 0..3 = c, d, h, s).
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Any

from .board_results import BoardsResult
from .cards import CardSpec
from .engine.multiboard import MAX_RUNS, parse_boards_spot, run_boards
from .engine.options import RunOptions
from .engine.progress import ProgressCallback
from .games import GameSpec, resolve_game

__all__ = ["MAX_RUNS", "boards_equity"]


def boards_equity(
    hands: Sequence[Any],
    boards: CardSpec | Sequence[CardSpec],
    dead: CardSpec = "",
    *,
    runs: int = 1,
    game: GameSpec | None = None,
    hilo: bool | None = None,
    exhaustive: bool | None = None,
    samples: int | None = None,
    stderr_target: float | None = None,
    seed: int | None = None,
    threads: int | None = None,
    progress: ProgressCallback | None = None,
    max_work: int | None = None,
) -> BoardsResult:
    """Each hand's share of a pot played on two boards, or on one board run N times.

    Two boards (double-board Omaha, the bomb pot's usual form): each board plays for
    half the pot and is split hi/lo on its own, so a hand wins 0, 1/8, 1/4, ... or all
    of it. Running it N times: after an all-in the missing board cards are dealt N
    times, each run from what the earlier runs left, and each run pays 1/N of the pot;
    the equity is the single run's, exactly, and the pot share varies less. Both boards
    (all the runs) and every hand come from one deck: card removal is exact.

    Args:
        hands: 2 or more players, each a hand of 4, 5 or 6 hole cards (all the same
            size), ``"random"`` (dealt afresh in each deal) or a range (as for
            :func:`omaha8eq.equities.equity`); random hands and ranges are sampled.
        boards: two boards' known cards (0 to 5 each, ``("Ac8c5h", "Kd7d2s")``; a board
            may be empty, ``("Ac8c5h", "")``), or one board to run ``runs`` times. No
            card may be on both boards: one board given twice is refused.
        dead: cards known to be out of play.
        runs: run the one board this many times, 1 to ``MAX_RUNS`` (with two boards: 1).
        game: the game (``omaha8eq.games``): a name such as ``"omaha8"``,
            ``"omahahi5"`` or ``"omaha8-double"``, or a Game; its hole size must be the
            hands'. Default: the hands' size, Hi-Lo unless ``hilo=False``. A
            double-board game with one board given plays the second from nothing.
            (:func:`omaha8eq.equities.equity` with ``boards=`` or ``runs=`` runs the same count.)
        hilo: deprecated (a DeprecationWarning; removed in the next release): False
            for Omaha high, as ``game="omahahi"``.
        exhaustive, samples, stderr_target, seed, threads, progress, max_work: as for
            :func:`omaha8eq.equities.equity`. Exact by default when every hand is known
            and at most ``EXHAUSTIVE_LIMIT`` tuples of board completions are to be
            counted; else seeded Monte Carlo (a seed gives the same numbers with any
            thread count). An exact run estimated above ``max_work`` hand outcomes
            (tuples times players) is refused with the estimate.

    Returns:
        A :class:`~omaha8eq.board_results.BoardsResult`: per player the total equity,
        each board's hi/lo breakdown, scoops of every board and of one, and the
        distribution of the pot shares, as integer counts, floats and Fractions.

    Raises:
        OmahaInputError naming the bad input (a card twice, on both boards among them;
        a board of more than 5 cards; runs outside 1..4; too many players for the
        deck; ranges that cannot be dealt together; an exact run with random hands or
        ranges, or above ``max_work``); OmahaTypeError for an option
        of the wrong type.

    Two flops, heads-up: the aces win the first board, the kings the second, and the
    pot is mostly chopped:

    >>> result = boards_equity(["As Ah 2c 3d", "Ks Kh Qd Jd"], ("4c 5d 7s", "Kc Qs 9h"))
    >>> result.outcomes, result.exhaustive, [str(p.exact_equity()) for p in result.players]
    (442890, True, ['367/703', '336/703'])
    >>> [round(board.players[0].equity, 4) for board in result.boards]
    [0.9545, 0.0896]
    >>> from fractions import Fraction
    >>> aces = result.players[0]
    >>> aces.scooped, round(aces.scoop_all, 4), round(aces.shares[Fraction(1, 2)], 4)
    ((36642, 370236, 36012), 0.0813, 0.8277)

    Running it twice from the flop leaves the equity as it is (the single run's is
    1541/1640) and narrows the pot share:

    >>> twice = boards_equity(["As Ah 2c 3d", "Ks Kh Qd Jd"], "4c 5d 7s", runs=2)
    >>> str(twice.players[0].exact_equity()), twice.players[0].scooped
    ('1541/1640', (7262, 132194, 468164))
    """
    started = time.perf_counter()
    parsed = parse_boards_spot(hands, boards, dead, runs=runs, game=resolve_game(game, hilo))
    options = RunOptions.of(locals())
    return run_boards(parsed, options, started=started)
