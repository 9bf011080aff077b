"""``omaha8eq.solve``: the friendly entry point of the river and turn solver. It validates,
converts and delegates: the tree to :mod:`.tree`, the showdown tables to :mod:`.showdown`
(a turn spot's, one per river card, to :mod:`.rivers`), the iterations to :mod:`.engine`,
the result to :mod:`.solution`.

The cost is priced before any range is built (:func:`solve_cost`, from the ranges' sizes
and the tree's: hands x nodes x river cards) and a run above ``max_memory`` or
``max_work`` is refused with the estimate, like :func:`omaha8eq.equity`.
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numba
import numpy as np

from ..cards import cards_to_mask, format_cards, parse_cards
from ..checks import check_int, check_list, excerpt, is_integer
from ..engine.budget import memory_text
from ..engine.method import duration_text
from ..engine.options import RunOptions
from ..engine.progress import ProgressCallback, announce_unit, report
from ..engine.run import numba_threads
from ..errors import OmahaInputError, OmahaTypeError, WorkLimitError
from ..evaluation import evaluate_batch
from ..games import Game, GameSpec, as_game
from ..ranges.range import Range, check_side, parse_range, range_size
from .engine import ALGORITHMS, SolverState, TurnState, run
from .rivers import prepare_rivers
from .showdown import prepare
from .solution import RiverStrategies, Solution, hand_classes
from .tree import FOLD, LIMITS, FlatTree, TurnTree, build_tree, build_turn, flatten

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
    removed), the tree's ``nodes`` and ``terminals`` (a turn spot: the turn's plus every
    river tree's once per river card), ``rivers`` (the river cards: 1 on the river),
    ``memory`` in bytes, ``work`` in row touches for ``max_iterations`` (each iteration
    walks the tree twice, and each terminal node reads and updates ``2**k`` subset sums
    per hand a few times) and ``seconds`` on one core."""

    hands: tuple[int, int]
    nodes: int
    terminals: int
    rivers: int
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
    if len(cards) not in (4, 5):
        raise OmahaInputError(f"board: the solver solves turn (4 cards) and river (5 cards) spots, got {len(cards)}")
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
    hands: tuple[int, int], hole_size: int, tree: FlatTree | TurnTree, iterations: int, threads: int = 1
) -> SolveCost:
    """The cost of a run (see :class:`SolveCost`) on a river ``tree`` or a turn spot's
    (every river tree on every river card: 48 of them, on the hands live on each),
    ``threads`` walking river trees at once."""
    subsets = 1 << hole_size
    if isinstance(tree, FlatTree):
        rivers, nodes, terminals = 1, tree.size, tree.terminal_count()
        width = max(hands)
        rows = tree.action_rows
        state = 8 * (4 * nodes * width + 3 * (rows[0] * hands[0] + rows[1] * hands[1]))
        result = 8 * 3 * nodes * sum(hands)
        tables = sum(hands) * (4 * subsets + 100)
        live = 1.0
    else:
        rivers = 48
        turn, trees = tree.turn, tree.rivers
        nodes = turn.size + rivers * sum(t.size for t in trees)
        terminals = int(np.count_nonzero(turn.kind == FOLD)) + rivers * sum(t.terminal_count() for t in trees)
        # The hands live on a river card: those avoiding five cards, as a share of a range
        # spread over the whole deck (the turn's four: a bit more).
        live = math.comb(52 - 5, hole_size) / math.comb(52, hole_size)
        width = int(max(hands) * live)
        rows = (
            rivers * sum(t.action_rows[0] for t in trees) * int(hands[0] * live),
            rivers * sum(t.action_rows[1] for t in trees) * int(hands[1] * live),
        )
        # Regrets and strategy sums of every river row; per thread one river tree's scratch
        # (values, reaches, strategies); each river tree's root values; the turn's nodes
        # (its rows, the walk's arrays and the result's).
        scratch = threads * 6 * max(t.size for t in trees) * width
        state = 8 * (2 * (rows[0] + rows[1]) + scratch + len(trees) * rivers * max(hands))
        result = 8 * 10 * turn.size * sum(hands)
        tables = rivers * int(sum(hands) * live) * (4 * subsets + 100)
    memory = (32 << 20) + state + result + tables
    work = float(iterations) * 2 * terminals * sum(hands) * live * subsets * 1.5
    return SolveCost(hands, nodes, terminals, rivers, memory, work, work / TOUCHES_PER_SECOND)


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
    """Solve a heads-up river or turn spot: an approximate equilibrium of the betting tree.

    A turn spot (four board cards) is the turn's and the river's betting together: the
    same tree on both streets, and after the turn's action closes (a call or two checks)
    every river card dealt, each with its own river tree (docs/solver.md).

    Args:
        board: the five board cards (``"Ac8c5h9dKs"``: a river spot) or four (a turn spot).
        oop, ip: the ranges of the player out of position (who acts first) and in
            position: range text (``"15%"``, ``"AA2*"``, one hand) or a :class:`Range`.
        pot: chips in the pot before the street's betting; ``stack``: chips behind, each.
        bets: bet sizes as fractions of the pot (all-in is always offered);
            ``raises``: raise sizes as fractions of the pot after calling (the raise's
            increment; all-in too); ``raise_cap``: the most raises in the round.
        limit: ``"pot"`` (pot limit: no bet above the pot, no raise above the pot
            after calling) or ``"no"`` (no limit).
        game: a game of :data:`omaha8eq.GAMES` (hi-lo or high-only, 4-6 hole cards).
        target: stop once the exploitability is at most this percentage of the pot;
            ``max_iterations``: or after this many iterations.
        algorithm: ``"dcfr"`` (Discounted CFR, alpha 1.5, beta 0, gamma 2) or ``"cfr+"``.
        threads: numba's thread count within the run: a turn spot's river trees are
            walked in parallel; a river spot's walk is serial. Any count gives the same
            strategy.
        progress: ``progress(iterations, max_iterations)`` after each iteration.
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
    sides = (check_side(oop, "oop", hole), check_side(ip, "ip", hole))
    goal = _number(target, "target", positive=False)
    iterations = check_int(max_iterations, "max_iterations", minimum=1, maximum=1_000_000)
    if not isinstance(algorithm, str) or algorithm.lower() not in ALGORITHMS:
        raise OmahaInputError(f"algorithm: expected one of {', '.join(ALGORITHMS)}, got {excerpt(algorithm)}")
    # The one options record: the same checks, limits and defaults as equity()'s (the work's
    # default is the solver's own: its unit is a row touch).
    options = RunOptions.check(threads=threads, max_work=max_work, max_memory=max_memory, progress=progress)
    memory_limit = options.memory_limit
    work_limit = DEFAULT_MAX_WORK if options.max_work is None else options.max_work
    rules = (spot.pot, spot.stack, spot.bets, spot.raises, spot.raise_cap, spot.limit)
    turn = len(spot.board) == 4
    tree: FlatTree | TurnTree = build_turn(*rules) if turn else flatten(build_tree(*rules), spot.pot)
    sizes = (_side_size(sides[0], hole), _side_size(sides[1], hole))
    running = numba.get_num_threads() if options.threads is None else options.threads
    cost = solve_cost(sizes, hole, tree, iterations, running if turn else 1)
    _check_cost(cost, memory_limit, work_limit, max_memory is None, max_work is None)
    known = cards_to_mask(spot.board)
    live = tuple(_live(side, what, hole, known) for side, what in zip(sides, ("oop", "ip"), strict=True))
    hands = (live[0].hands, live[1].hands)
    weights = (live[0].weights, live[1].weights)
    board_rows = np.array(spot.board, dtype=np.int8)
    reported = options.progress
    with numba_threads(options.threads):
        state, kept = _state(tree, hands, weights, spot, algorithm.lower())
        announce_unit(reported, "iterations")
        history = run(
            state, target=goal, max_iterations=iterations, check_every=CHECK_EVERY,
            progress=None if reported is None else lambda done, _: report(reported, done, iterations),
        )  # fmt: skip
        averages = state.averages()
    classes = tuple(hand_classes(h, board_rows, spot.game.hilo) for h in hands)
    return Solution(
        board=format_cards(spot.board), game=spot.game.name, hilo=spot.game.hilo, pot=spot.pot, stack=spot.stack,
        bets=spot.bets, raises=spot.raises, raise_cap=spot.raise_cap, limit=spot.limit, algorithm=algorithm.lower(),
        ranges=(_text(sides[0]), _text(sides[1])), hands=hands, weights=(live[0].weights, live[1].weights),
        classes=(classes[0], classes[1]), tree=state.tree, averages=averages, history=tuple(history),
        target=goal, rivers=kept,
    )  # fmt: skip


def _state(
    tree: FlatTree | TurnTree,
    hands: tuple[np.ndarray, np.ndarray],
    weights: tuple[np.ndarray, np.ndarray],
    spot: _Spot,
    algorithm: str,
) -> tuple[SolverState, RiverStrategies | None]:
    """The run's state: a river spot's (its board's showdown tables), or a turn spot's
    (every river card's tables; the turn's hands' subset ids for its folds), with what the
    solution keeps of the rivers (the state's own strategy sums, which the run fills)."""
    hilo = spot.game.hilo
    if isinstance(tree, FlatTree):
        board_rows = np.array(spot.board, dtype=np.int8)
        values = [evaluate_batch(h, np.tile(board_rows, (len(h), 1)), low=hilo) for h in hands]
        showdown = prepare(hands, (values[0][0], values[1][0]), (values[0][1], values[1][1]))
        return SolverState(tree, weights, showdown, algorithm), None
    rivers = prepare_rivers(hands, spot.board, hilo)
    no_value = tuple(np.zeros(len(h), dtype=np.int64) for h in hands)
    turn_ids = prepare(hands, (no_value[0], no_value[1]), (no_value[0] - 1, no_value[1] - 1))
    state = TurnState(tree, weights, turn_ids, rivers, spot.game.hole_cards, algorithm)
    kept = RiverStrategies(
        board=spot.board, game=tree, cards=rivers.cards, base=rivers.base, start=rivers.start, rows=rivers.rows,
        row_offset=state.row_offset, ssum=(state.ssum[0], state.ssum[1]),
    )  # fmt: skip
    return state, kept


def _text(side: Range | str) -> str:
    return side if isinstance(side, str) else side.expression or f"{len(side)} hands"


def _live(side: Range | str, what: str, hole_size: int, known: int) -> Range:
    rng = side if isinstance(side, Range) else parse_range(side, hole_size=hole_size)
    live = rng.without(known)
    if not len(live):
        raise OmahaInputError(f"{what}: no hand of {excerpt(_text(side))} is live on this board")
    return live


def _check_cost(
    cost: SolveCost, memory_limit: int, work_limit: float, memory_default: bool, work_default: bool
) -> None:
    hands = " and ".join(f"{n:,}" for n in cost.hands)
    if cost.memory > memory_limit:
        raise OmahaInputError(
            f"max_memory: this solve would need about {memory_text(cost.memory)} ({hands} hands, "
            f"{cost.nodes} nodes{_rivers(cost)}), above the limit max_memory={memory_limit:,} bytes = "
            f"{memory_text(memory_limit)}"
            f"{' (the default)' if memory_default else ''}; give narrower ranges, fewer sizes, or raise max_memory"
        )
    if cost.work > work_limit:
        raise WorkLimitError(
            f"max_work: this solve could take about {cost.work:.2g} row touches ({hands} hands, {cost.nodes} nodes, "
            f"{cost.terminals} terminal{_rivers(cost)}), about {duration_text(cost.seconds)} on one core for "
            "max_iterations, above "
            f"the limit max_work={work_limit:.2g}{' (the default)' if work_default else ''}; give narrower ranges, "
            "fewer sizes or iterations, or raise max_work",
            work=cost.work, unit="row touches", seconds=cost.seconds, limit=work_limit,
        )  # fmt: skip


def _rivers(cost: SolveCost) -> str:
    return f", over {cost.rivers} river cards" if cost.rivers > 1 else ""
