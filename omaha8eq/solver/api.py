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

from ..cards import cards_to_mask, format_cards, low_rank_mask, parse_cards
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
from .tree import FOLD, LIMITS, SHOWDOWN, FlatTree, TurnTree, build_tree, build_turn, flatten

__all__ = ["DEFAULT_MAX_WORK", "TOUCHES_PER_SECOND", "SolveCost", "solve", "solve_cost"]

#: Row touches a second on one core (measured 6-9e8 on a 2-core AMD EPYC: the 15% v 15%
#: river and 2-15% turn spots, see docs/solver.md).
TOUCHES_PER_SECOND = 7e8
#: Default work limit, in row touches (see :class:`SolveCost`): about 10 minutes on one core.
DEFAULT_MAX_WORK = int(600 * TOUCHES_PER_SECOND)
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
    walks the tree twice, and each terminal node passes over both ranges' ``2**k`` subset
    sums a hand once to four times: :func:`solve_cost`) and ``seconds`` on one core."""

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


def _read_spot(
    board: object, game: object, pot: object, stack: object, bets: object, raises: object, raise_cap: object,
    limit: object,
) -> tuple[tuple[int, ...], Game, dict[str, Any]]:  # fmt: skip
    """The board's cards, the game, and the tree's rules checked: ``pot``, ``stack``,
    ``bets``, ``raises``, ``raise_cap`` and ``limit``, by those names, as
    :func:`~.tree.build_tree` takes them and :class:`Solution` keeps them."""
    played = as_game(game)
    if played.boards != 1:
        raise OmahaInputError(f"game: the solver plays one board; {played.name} deals {played.boards}")
    cards = parse_cards(board, what="board")  # type: ignore[arg-type]  # parse_cards names a bad type
    if len(cards) not in (4, 5):
        raise OmahaInputError(f"board: the solver solves turn (4 cards) and river (5 cards) spots, got {len(cards)}")
    if not isinstance(limit, str) or limit.strip().lower() not in LIMITS:
        raise OmahaInputError(f"limit: expected 'pot' (pot limit) or 'no' (no limit), got {excerpt(limit)}")
    rules = {
        "pot": _number(pot, "pot", positive=True), "stack": _number(stack, "stack", positive=False),
        "bets": _fractions(bets, "bets"), "raises": _fractions(raises, "raises"),
        "raise_cap": check_int(raise_cap, "raise_cap", minimum=0, maximum=MAX_RAISE_CAP),
        "limit": limit.strip().lower(),
    }  # fmt: skip
    return cards, played, rules


def _side_size(side: Range | str, hole_size: int) -> int:
    return len(side) if isinstance(side, Range) else range_size(side, hole_size=hole_size).hands


def _passes(tree: FlatTree, low: bool) -> int:
    """The full passes over both ranges' subset sums of one iteration (two walks) on a
    one-street ``tree``: at each terminal node, per walk, the opponent's disjoint reach
    (one pass; a player's fold and call facing a bet share it in his walk: one pass less
    per fold) and at a showdown the sweeps (three where a ``low`` is possible, else one)."""
    folds = int(np.count_nonzero(tree.kind == FOLD))
    showdowns = int(np.count_nonzero(tree.kind == SHOWDOWN))
    return 2 * (folds + showdowns) - folds + 2 * showdowns * (3 if low else 1)


def _low_rivers(board: Sequence[int] | None, game: Game, rivers: int) -> int:
    """How many of the ``rivers`` river boards (the board itself on the river, else the
    board and each river card) allow a low (three low ranks); without the ``board``, all
    of them in a hi-lo game."""
    if not game.hilo:
        return 0
    if board is None:
        return rivers
    boards = [tuple(board)] if len(board) == 5 else [(*board, c) for c in range(52) if c not in board]
    return sum(low_rank_mask(b).bit_count() >= 3 for b in boards)


def _share(hole_size: int, known: int) -> float:
    """The share of a range spread over the deck that avoids ``known`` cards."""
    return math.comb(52 - known, hole_size) / math.comb(52, hole_size)


def solve_cost(
    hands: tuple[int, int],
    game: Game,
    tree: FlatTree | TurnTree,
    iterations: int,
    threads: int = 1,
    board: Sequence[int] | None = None,
) -> SolveCost:
    """The cost of a run (see :class:`SolveCost`) on a river ``tree`` or a turn spot's
    (every river tree on every river card: 48 of them, on the hands live on each),
    ``threads`` walking river trees at once, in ``game`` on ``board`` (its cards: the
    sweeps of the low are only counted on the rivers that allow one; without it, on every
    river of a hi-lo game).

    Work: each pass over the subset sums (:func:`_passes`) touches ``2**k`` rows per hand
    of both players; the regret updates and reaches are a few percent on top. Memory: the
    arrays the run allocates (the regrets and strategy sums, float32; the showdown tables,
    ``4 * 2**k + 60`` bytes a hand; values and reaches, float64), at the larger of the
    preparation (a turn spot's river tables are built, then stacked: twice) and the run;
    the process itself (Python, numba's compiled code) is not counted."""
    hole_size = game.hole_cards
    subsets = 1 << hole_size
    per_hand = 4 * subsets + 60
    if isinstance(tree, FlatTree):
        live = _share(hole_size, 5)
        n = (int(hands[0] * live), int(hands[1] * live))
        rivers, nodes, terminals = 1, tree.size, tree.terminal_count()
        passes = _passes(tree, _low_rivers(board, game, 1) > 0)
        rows = tree.action_rows
        # Regrets and strategy sums (4 B), current strategies (8 B); the walk's four arrays
        # and the result's three per player (8 B).
        state = 16 * (rows[0] * n[0] + rows[1] * n[1]) + 8 * 4 * nodes * max(n) + 8 * 3 * nodes * sum(n)
        memory = sum(n) * per_hand + state
        work = float(iterations) * passes * sum(n) * subsets
        return SolveCost(hands, nodes, terminals, rivers, memory, work, work / TOUCHES_PER_SECOND)
    rivers = 48
    turn, trees = tree.turn, tree.rivers
    nodes = turn.size + rivers * sum(t.size for t in trees)
    terminals = int(np.count_nonzero(turn.kind == FOLD)) + rivers * sum(t.terminal_count() for t in trees)
    n = (int(hands[0] * _share(hole_size, 4)), int(hands[1] * _share(hole_size, 4)))
    live = _share(hole_size, 5)
    m = (int(hands[0] * live), int(hands[1] * live))  # live on one river card
    river_rows = [sum(t.action_rows[q] for t in trees) * m[q] for q in (0, 1)]
    turn_rows = [turn.action_rows[q] * n[q] for q in (0, 1)]
    tables = rivers * sum(m) * per_hand
    # Regrets and strategy sums of every row (4 B); the turn's strategies and the walk's
    # four arrays, the river trees' root values (found) and the result's arrays (8 B); per
    # thread one river tree's values, reaches and strategies (8 B).
    state = 8 * (rivers * sum(river_rows) + sum(turn_rows)) + 8 * sum(turn_rows)
    walk_arrays = 8 * (4 * turn.size + len(trees) * rivers) * max(n) + 8 * 3 * turn.size * sum(n)
    strategies = max(t.action_rows[0] * m[0] + t.action_rows[1] * m[1] for t in trees)
    scratch = threads * 8 * (3 * max(t.size for t in trees) * max(m) + strategies)
    run_peak = tables + sum(n) * per_hand + state + walk_arrays + scratch
    memory = max(2 * tables, run_peak)
    lows = _low_rivers(board, game, rivers)
    passes = _passes(turn, False) + sum(lows * _passes(t, True) + (rivers - lows) * _passes(t, False) for t in trees)
    work = float(iterations) * passes * sum(m) * subsets
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
    cards, played, rules = _read_spot(board, game, pot, stack, bets, raises, raise_cap, limit)
    hole = played.hole_cards
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
    turn = len(cards) == 4
    tree: FlatTree | TurnTree = build_turn(**rules) if turn else flatten(build_tree(**rules), rules["pot"])
    sizes = (_side_size(sides[0], hole), _side_size(sides[1], hole))
    running = numba.get_num_threads() if options.threads is None else options.threads
    cost = solve_cost(sizes, played, tree, iterations, running if turn else 1, cards)
    _check_cost(cost, memory_limit, work_limit, max_memory is None, max_work is None)
    known = cards_to_mask(cards)
    live = tuple(_live(side, what, hole, known) for side, what in zip(sides, ("oop", "ip"), strict=True))
    hands = (live[0].hands, live[1].hands)
    weights = (live[0].weights, live[1].weights)
    board_rows = np.array(cards, dtype=np.int8)
    reported = options.progress
    with numba_threads(options.threads):
        state, kept = _state(tree, hands, weights, cards, played, algorithm.lower())
        announce_unit(reported, "iterations")
        history = run(
            state, target=goal, max_iterations=iterations, check_every=CHECK_EVERY,
            progress=None if reported is None else lambda done, _: report(reported, done, iterations),
        )  # fmt: skip
        averages = state.averages()
    classes = tuple(hand_classes(h, board_rows, played) for h in hands)
    return Solution(
        board=format_cards(cards), game=played.name, hilo=played.hilo, **rules, algorithm=algorithm.lower(),
        ranges=(_text(sides[0]), _text(sides[1])), hands=hands, weights=(live[0].weights, live[1].weights),
        classes=(classes[0], classes[1]), tree=state.tree, averages=averages, history=tuple(history),
        target=goal, rivers=kept,
    )  # fmt: skip


def _state(
    tree: FlatTree | TurnTree,
    hands: tuple[np.ndarray, np.ndarray],
    weights: tuple[np.ndarray, np.ndarray],
    board: tuple[int, ...],
    game: Game,
    algorithm: str,
) -> tuple[SolverState, RiverStrategies | None]:
    """The run's state: a river spot's (its board's showdown tables), or a turn spot's
    (every river card's tables; the turn's hands' subset ids for its folds), with what the
    solution keeps of the rivers (the state's own strategy sums, which the run fills)."""
    if isinstance(tree, FlatTree):
        board_rows = np.array(board, dtype=np.int8)
        values = [evaluate_batch(h, np.tile(board_rows, (len(h), 1)), low=game.hilo) for h in hands]
        showdown = prepare(hands, (values[0][0], values[1][0]), (values[0][1], values[1][1]))
        return SolverState(tree, weights, showdown, algorithm), None
    rivers = prepare_rivers(hands, board, game)
    no_value = tuple(np.zeros(len(h), dtype=np.int64) for h in hands)
    turn_ids = prepare(hands, (no_value[0], no_value[1]), (no_value[0] - 1, no_value[1] - 1))
    state = TurnState(tree, weights, turn_ids, rivers, hands[0].shape[1], algorithm)
    kept = RiverStrategies(
        board=board, game=tree, cards=rivers.cards, base=rivers.tables.base, start=rivers.start, rows=rivers.rows,
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
