"""``omaha8eq.solve``: the friendly entry point of the river solver. It validates, converts
and delegates: the tree to :mod:`.tree`, the showdown tables to :mod:`.showdown`, the
iterations to :mod:`.engine`, the result to :mod:`.solution`.

The cost is priced before any range is built (:func:`solve_cost`, from the ranges' sizes
and the tree's size) and a run above ``max_memory`` or ``max_work`` is refused with the
estimate, like :func:`omaha8eq.equity`.
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..cards import cards_to_mask, format_cards, parse_cards
from ..checks import check_int, check_list, excerpt, is_integer
from ..core.street_classes import HIGH, LOW, classify
from ..core.tables import get_tables
from ..engine.budget import memory_text
from ..engine.method import duration_text
from ..engine.options import RunOptions
from ..engine.progress import ProgressCallback, announce_unit, report
from ..engine.run import numba_threads
from ..errors import OmahaInputError, OmahaTypeError, WorkLimitError
from ..evaluation import evaluate_batch
from ..games import Game, GameSpec, as_game
from ..ranges.range import Range, parse_range, range_size
from .engine import ALGORITHMS, SolverState, run
from .showdown import prepare
from .solution import Solution
from .tree import LIMITS, build_tree, flatten

__all__ = ["DEFAULT_MAX_WORK", "TOUCHES_PER_SECOND", "SolveCost", "solve", "solve_cost"]

#: Default work limit, in row touches (see :class:`SolveCost`): about 10 minutes on one core.
DEFAULT_MAX_WORK = 100_000_000_000
#: Row touches a second on one core (measured: 15% v 15% river, AMD EPYC, see docs/solver.md).
TOUCHES_PER_SECOND = 1.5e8
#: Iterations between two measures of the exploitability.
CHECK_EVERY = 10
#: Most sizes in ``bets`` or ``raises``, and the largest raise cap.
MAX_SIZES = 8
MAX_RAISE_CAP = 8


@dataclass(frozen=True)
class SolveCost:
    """A run's estimated cost: ``hands`` (the two ranges' sizes, board cards not yet
    removed), the tree's ``nodes`` and ``terminals``, ``memory`` in bytes, ``work`` in row
    touches for ``max_iterations`` (each iteration walks the tree twice, and each
    terminal node reads and updates ``2**k`` subset sums per hand a few times) and
    ``seconds`` on one core."""

    hands: tuple[int, int]
    nodes: int
    terminals: int
    memory: int
    work: float
    seconds: float


def _number(value: object, what: str, *, positive: bool) -> float:
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise OmahaTypeError(f"{what}: expected a number, got {excerpt(value)}")
    number = float(value) if not is_integer(value) or abs(int(value)) < 2**60 else math.inf
    if not math.isfinite(number) or number < 0 or (positive and number == 0):
        rule = "a finite number above 0" if positive else "a finite number, 0 or more"
        raise OmahaInputError(f"{what}: expected {rule}, got {excerpt(value)}")
    return number


def _fractions(value: object, what: str) -> tuple[float, ...]:
    items = check_list(value, what, "a list of pot fractions such as (0.5, 1.0)")
    if len(items) > MAX_SIZES:
        raise OmahaInputError(f"{what}: at most {MAX_SIZES} sizes, got {len(items)}")
    return tuple(_number(v, f"{what}[{i}]", positive=True) for i, v in enumerate(items))


def _side(value: object, what: str, hole_size: int) -> Range | str:
    if isinstance(value, Range):
        if value.hole_size != hole_size:
            raise OmahaInputError(f"{what}: the range holds {value.hole_size}-card hands; the game deals {hole_size}")
        return value
    if not isinstance(value, str):
        raise OmahaTypeError(f"{what}: expected a range (text such as '15%' or a Range), got {excerpt(value)}")
    return value


@dataclass(frozen=True)
class _Spot:
    board: tuple[int, ...]
    game: Game
    pot: float
    stack: float
    bets: tuple[float, ...]
    raises: tuple[float, ...]
    raise_cap: int
    limit: str


def _read_spot(
    board: object, game: object, pot: object, stack: object, bets: object, raises: object, raise_cap: object,
    limit: object,
) -> _Spot:  # fmt: skip
    played = as_game(game)
    if played.boards != 1:
        raise OmahaInputError(f"game: the solver plays one board; {played.name} deals {played.boards}")
    cards = parse_cards(board, what="board")  # type: ignore[arg-type]  # parse_cards names a bad type
    if len(cards) != 5:
        raise OmahaInputError(
            f"board: the solver solves river spots (5 cards), got {len(cards)} cards"
            + ("; the turn is not supported yet" if len(cards) == 4 else "")
        )
    if not isinstance(limit, str) or limit.strip().lower() not in LIMITS:
        raise OmahaInputError(f"limit: expected 'pot' (pot limit) or 'no' (no limit), got {excerpt(limit)}")
    return _Spot(
        board=cards, game=played, pot=_number(pot, "pot", positive=True), stack=_number(stack, "stack", positive=False),
        bets=_fractions(bets, "bets"), raises=_fractions(raises, "raises"),
        raise_cap=check_int(raise_cap, "raise_cap", minimum=0, maximum=MAX_RAISE_CAP), limit=limit.strip().lower(),
    )  # fmt: skip


def _side_size(side: Range | str, hole_size: int) -> int:
    return len(side) if isinstance(side, Range) else range_size(side, hole_size=hole_size).hands


def solve_cost(
    hands: tuple[int, int], hole_size: int, nodes: int, terminals: int, action_rows: tuple[int, int], iterations: int
) -> SolveCost:
    """The cost of a run (see :class:`SolveCost`)."""
    width = max(hands)
    state = 8 * (4 * nodes * width + 3 * (action_rows[0] * hands[0] + action_rows[1] * hands[1]))
    result = 8 * 3 * nodes * sum(hands)
    tables = sum(hands) * (4 * (1 << hole_size) + 100)
    memory = (32 << 20) + state + result + tables
    work = float(iterations) * 2 * terminals * sum(hands) * (1 << hole_size) * 1.5
    return SolveCost(hands, nodes, terminals, memory, work, work / TOUCHES_PER_SECOND)


def solve(
    board: Any,
    oop: Range | str,
    ip: Range | str,
    *,
    pot: float,
    stack: float,
    bets: Sequence[float] = (0.5, 1.0),
    raises: Sequence[float] = (1.0,),
    raise_cap: int = 3,
    limit: str = "pot",
    game: GameSpec = "omaha8",
    target: float = 0.3,
    max_iterations: int = 500,
    algorithm: str = "dcfr",
    threads: int | None = None,
    progress: ProgressCallback | None = None,
    max_memory: int | None = None,
    max_work: int | None = None,
) -> Solution:
    """Solve a heads-up river spot: an approximate equilibrium of the betting tree.

    Args:
        board: the five board cards (``"Ac8c5h9dKs"``).
        oop, ip: the ranges of the player out of position (who acts first) and in
            position: range text (``"15%"``, ``"AA2*"``, one hand) or a :class:`Range`.
        pot: chips in the pot before the river's betting; ``stack``: chips behind, each.
        bets: bet sizes as fractions of the pot (all-in is always offered);
            ``raises``: raise sizes as fractions of the pot after calling (the raise's
            increment; all-in too); ``raise_cap``: the most raises in the round.
        limit: ``"pot"`` (pot limit: no bet above the pot, no raise above the pot
            after calling) or ``"no"`` (no limit).
        game: a game of :data:`omaha8eq.GAMES` (hi-lo or high-only, 4-6 hole cards).
        target: stop once the exploitability is at most this percentage of the pot;
            ``max_iterations``: or after this many iterations.
        algorithm: ``"dcfr"`` (Discounted CFR, alpha 1.5, beta 0, gamma 2) or ``"cfr+"``.
        threads: numba's thread count within the run (the river's walk is serial code
            today: any count gives the same strategy, in the same time).
        progress: ``progress(iterations, max_iterations)`` after each measure.
        max_memory, max_work: refuse a run estimated above these (bytes, default half the
            machine's memory, as ``equity()``; row touches, see :class:`SolveCost`, default
            :data:`DEFAULT_MAX_WORK`), checked as ``equity()``'s options are.

    Returns:
        A :class:`Solution`: the strategies, EVs and the exploitability history.

    Raises:
        OmahaInputError: bad input (named), a range with no live hand on the board, or a
            run priced above ``max_memory`` / ``max_work`` (with the estimate).
    """
    spot = _read_spot(board, game, pot, stack, bets, raises, raise_cap, limit)
    hole = spot.game.hole_cards
    sides = (_side(oop, "oop", hole), _side(ip, "ip", hole))
    goal = _number(target, "target", positive=False)
    iterations = check_int(max_iterations, "max_iterations", minimum=1, maximum=1_000_000)
    if not isinstance(algorithm, str) or algorithm.lower() not in ALGORITHMS:
        raise OmahaInputError(f"algorithm: expected one of {', '.join(ALGORITHMS)}, got {excerpt(algorithm)}")
    # The one options record: the same checks, limits and defaults as equity()'s (the work's
    # default is the solver's own: its unit is a row touch).
    options = RunOptions.check(threads=threads, max_work=max_work, max_memory=max_memory, progress=progress)
    memory_limit = options.memory_limit
    work_limit = DEFAULT_MAX_WORK if options.max_work is None else options.max_work
    tree = flatten(
        build_tree(spot.pot, spot.stack, spot.bets, spot.raises, spot.raise_cap, spot.limit), spot.pot
    )  # fmt: skip
    sizes = (_side_size(sides[0], hole), _side_size(sides[1], hole))
    cost = solve_cost(sizes, hole, tree.size, tree.terminal_count(), tree.action_rows, iterations)
    _check_cost(cost, memory_limit, work_limit, max_memory is None, max_work is None)
    known = cards_to_mask(spot.board)
    live = tuple(_live(side, what, hole, known) for side, what in zip(sides, ("oop", "ip"), strict=True))
    hands = (live[0].hands, live[1].hands)
    board_rows = np.array(spot.board, dtype=np.int8)
    values = [evaluate_batch(h, np.tile(board_rows, (len(h), 1)), low=spot.game.hilo) for h in hands]
    showdown = prepare(hands, (values[0][0], values[1][0]), (values[0][1], values[1][1]))
    state = SolverState(tree, (live[0].weights, live[1].weights), showdown, algorithm.lower())
    announce_unit(options.progress, "iterations")
    reported = options.progress
    with numba_threads(options.threads):
        history = run(
            state, target=goal, max_iterations=iterations, check_every=CHECK_EVERY,
            progress=None if reported is None else lambda done, _: report(reported, done, iterations),
        )  # fmt: skip
    classes = tuple(_classes(h, board_rows, spot.game.hilo) for h in hands)
    return Solution(
        board=format_cards(spot.board), game=spot.game.name, hilo=spot.game.hilo, pot=spot.pot, stack=spot.stack,
        bets=spot.bets, raises=spot.raises, raise_cap=spot.raise_cap, limit=spot.limit, algorithm=algorithm.lower(),
        ranges=(_text(sides[0]), _text(sides[1])), hands=hands, weights=(live[0].weights, live[1].weights),
        classes=(classes[0], classes[1]), tree=tree, averages=state.averages(), history=tuple(history),
        target=goal,
    )  # fmt: skip


def _text(side: Range | str) -> str:
    return side if isinstance(side, str) else side.expression or f"{len(side)} hands"


def _live(side: Range | str, what: str, hole_size: int, known: int) -> Range:
    rng = side if isinstance(side, Range) else parse_range(side, hole_size=hole_size)
    live = rng.without(known)
    if not len(live):
        raise OmahaInputError(f"{what}: no hand of {excerpt(_text(side))} is live on this board")
    return live


def _classes(hands: np.ndarray, board: np.ndarray, hilo: bool) -> np.ndarray:
    """(n, 2) int8: each hand's made high class and made low class (ids of
    ``core.street_classes.HIGH_CLASSES`` and ``LOW_CLASSES``) on the river ``board``."""
    found = classify(hands, board, hilo, get_tables())
    return np.ascontiguousarray(found[:, [HIGH, LOW]])


def _check_cost(
    cost: SolveCost, memory_limit: int, work_limit: float, memory_default: bool, work_default: bool
) -> None:
    hands = " and ".join(f"{n:,}" for n in cost.hands)
    if cost.memory > memory_limit:
        raise OmahaInputError(
            f"max_memory: this solve would need about {memory_text(cost.memory)} ({hands} hands, "
            f"{cost.nodes} nodes), above the limit max_memory={memory_limit:,} bytes = {memory_text(memory_limit)}"
            f"{' (the default)' if memory_default else ''}; give narrower ranges, fewer sizes, or raise max_memory"
        )
    if cost.work > work_limit:
        raise WorkLimitError(
            f"max_work: this solve could take about {cost.work:.2g} row touches ({hands} hands, {cost.nodes} nodes, "
            f"{cost.terminals} terminal), about {duration_text(cost.seconds)} on one core for max_iterations, above "
            f"the limit max_work={work_limit:.2g}{' (the default)' if work_default else ''}; give narrower ranges, "
            "fewer sizes or iterations, or raise max_work",
            work=cost.work, unit="row touches", seconds=cost.seconds, limit=work_limit,
        )  # fmt: skip
