"""The explorer's entry points: :func:`explore` (a range's classes on a board and, with
``against``, each class's exact equity) and :func:`filter_range`.

:func:`explore` checks its inputs and options (:meth:`~omaha8eq.engine.options.RunOptions.check`,
the equity API's one record), prices the exploration from the ranges' sizes
(:func:`~omaha8eq.engine.budget.explore_cost`) and refuses one above ``max_memory`` or
``max_work`` before any range is built; then it builds the ranges, classifies the live
hands (the compiled classes of :mod:`omaha8eq.core.holdings`), in chunks, and with
``against`` runs the exact heads-up range sweep
(:func:`omaha8eq.engine.range_vs_range.sweep_ranges`) once and adds up its per-hand
integer counts by class (:mod:`.rows`). ``progress(done, total)`` is called between
chunks of every step, so Ctrl-C (or a progress callback that raises) stops it within
about a second.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..cards import CardSpec, format_card, parse_cards
from ..checks import excerpt
from ..core.holdings_kernel import classify
from ..core.tables import get_tables
from ..engine.budget import ExploreCost, check_explore_cost, explore_cost
from ..engine.options import RunOptions
from ..engine.progress import ProgressCallback, announce_unit, report
from ..engine.range_vs_range import sweep_ranges
from ..engine.run import numba_threads
from ..engine.threads import choose_threads
from ..errors import OmahaInputError
from ..games import Game, GameSpec, as_game
from ..inputs import parse_board

# Through the module, read at each call (as the engine's pricing reads range_size): a patch
# of range_size or parse_range reaches this caller too.
from ..ranges import range as ranges
from ..ranges.range import Range, check_side
from .result import GROUPS, Exploration, hand_equities
from .rows import class_row, class_rows

__all__ = ["CLASSIFY_CHUNK", "exploration_cost", "explore", "filter_range"]

#: Hands classified per kernel call: progress (and with it Ctrl-C, and a web run's
#: cancel) comes between calls. Measured: about 0.3 s a call, 4- or 6-card hands, one
#: thread or two (a 2-core VM); well within the second a stop may take.
CLASSIFY_CHUNK = 1 << 17
_LOW_GROUPS = ("low", "low draw", "counterfeit")


@dataclass(frozen=True)
class _Spot:
    """The checked game, board and dead cards of an exploration, and the masks (bit
    ``card``) of the dead cards and of every known card (board and dead)."""

    game: Game
    board: tuple[int, ...]
    dead: tuple[int, ...]
    dead_mask: int
    known: int


def _read_spot(board: CardSpec, dead: CardSpec, game: GameSpec) -> _Spot:
    played = as_game(game)
    if played.boards != 1:
        raise OmahaInputError(f"game: the explorer reads one board, {played.name} deals {played.boards}")
    board_cards = tuple(parse_board(board, (3, 4, 5)))
    dead_cards = tuple(parse_cards(dead, what="dead"))
    if set(board_cards) & set(dead_cards):
        raise OmahaInputError("dead: a card is also on the board")
    dead_mask = _mask(dead_cards)
    return _Spot(played, board_cards, dead_cards, dead_mask, dead_mask | _mask(board_cards))


def _mask(cards: tuple[int, ...]) -> int:
    mask = 0
    for card in cards:
        mask |= 1 << card
    return mask


def _side_size(value: Range | str, hole_size: int) -> int:
    """A side's hands, counted without building it (:func:`~omaha8eq.ranges.range.range_size`)."""
    return len(value) if isinstance(value, Range) else ranges.range_size(value, hole_size=hole_size).hands


def _cost(spot: _Spot, explored: Range | str, other: Range | str | None) -> ExploreCost:
    hole = spot.game.hole_cards
    sides = [explored] if other is None else [explored, other]
    same = isinstance(explored, str) and isinstance(other, str) and explored.strip() == other.strip()
    return explore_cost(
        [_side_size(side, hole) for side in sides], hole_size=hole, board=len(spot.board), dead=len(spot.dead),
        one_range=same,
    )  # fmt: skip


def _checked(
    explored: object, board: CardSpec, against: object, dead: CardSpec, game: GameSpec
) -> tuple[_Spot, Range | str, Range | str | None, ExploreCost]:
    """The arguments :func:`explore` and :func:`exploration_cost` share, checked in the
    order of their errors (the board, dead cards and game, then each side), and the cost."""
    spot = _read_spot(board, dead, game)
    hole = spot.game.hole_cards
    side = check_side(explored, "range", hole)
    other = None if against is None else check_side(against, "against", hole)
    return spot, side, other, _cost(spot, side, other)


def exploration_cost(
    range: str | Range,  # the name (shadows the builtin here only)
    board: CardSpec,
    *,
    against: str | Range | None = None,
    dead: CardSpec = "",
    game: GameSpec = "omaha8",
) -> ExploreCost:
    """What :func:`explore` with these arguments is estimated to cost, from the ranges'
    sizes, without building them (a 4-card range is built to be counted: a scan of
    270,725 hands): its peak memory and, with ``against``, its range sweep's work
    (:func:`~omaha8eq.engine.budget.explore_cost`). Raises what :func:`explore` raises
    for a bad input."""
    return _checked(range, board, against, dead, game)[3]


def explore(
    range: str | Range,  # the name (shadows the builtin here only)
    board: CardSpec,
    *,
    against: str | Range | None = None,
    dead: CardSpec = "",
    game: GameSpec = "omaha8",
    max_work: int | None = None,
    max_memory: int | None = None,
    progress: ProgressCallback | None = None,
    threads: int | None = None,
) -> Exploration:
    """The classes of a range's hands on a board and, with ``against``, each class's exact equity.

    Args:
        range: the explored range: an expression (``"15%"``, ``"AA2*"``) or a Range.
        board: the flop, turn or river (3, 4 or 5 cards, as ``"Ac8c5h"``).
        against: the other side: a hand (``"KsKh9c9d"``, a range of one hand) or a
            range; None (default): classes and shares only.
        dead: cards out of play.
        game: the game (hole size and whether there is a low; default ``"omaha8"``).
        max_work: the most work the range sweep (with ``against``) is estimated to take,
            in sweep row updates (default ``MAX_WORK``: about a minute on one core).
        max_memory: the most bytes the exploration is estimated to need (default: half
            the machine's memory).
        progress: called as ``progress(done, total)`` between chunks of work: the
            ranges' hands scanned as they are built, the live hands classified, then the
            runouts swept (a callback with a ``counting(unit)`` method is told which,
            as ``"hands"`` or ``"boards"``, before each step). A KeyboardInterrupt
            (Ctrl-C), or an exception the callback raises, stops the exploration
            within about a second.
        threads: numba threads to use (default: one for a small exploration, else the
            cores free of other work: ``omaha8eq.engine.threads``).

    Raises:
        OmahaInputError: a bad range, board, dead card, game or option, or no live
        hand left; an exploration estimated from the ranges' sizes above
        ``max_memory``, or above ``max_work`` (WorkLimitError), refused before any
        range is built, with the estimate. OmahaTypeError (also a TypeError) for an
        option of the wrong type.

    The equities are exact: the range sweep enumerates every runout (a flop against
    ``15%``: about as long as ``equity([range, against], board, exhaustive=True)``).
    """
    options = RunOptions.of(locals())
    spot, explored, other, cost = _checked(range, board, against, dead, game)
    check_explore_cost(cost, options)
    # Classifying is linear in the hands (about 2 us each); the sweep's time is its estimate's.
    seconds = 2e-6 * sum(cost.hands) + (cost.sweep.seconds if cost.sweep is not None else 0.0)
    with numba_threads(choose_threads(options.threads, seconds)):
        return _explore(spot, explored, other, options.progress)


def _built(side: Range | str, what: str, spot: _Spot, progress: ProgressCallback | None) -> tuple[Range, str]:
    """A side's live hands (none holding a board or dead card) and its text."""
    if isinstance(side, Range):
        rng, text = side, side.expression or f"{len(side)} hands"
    else:
        announce_unit(progress, "hands")
        rng, text = ranges.parse_range(side, hole_size=spot.game.hole_cards, progress=progress), side
    live = rng.without(spot.known)
    if not len(live):
        raise OmahaInputError(f"{what}: no hand of {excerpt(text)} is live on this board")
    return live, text


def _classify(hands: np.ndarray, spot: _Spot, progress: ProgressCallback | None) -> np.ndarray:
    """Every hand's classes (:func:`~omaha8eq.core.holdings.classify`), a chunk of
    ``CLASSIFY_CHUNK`` hands per call: each hand's classes are its own (the shared
    board's nuts are the same in every call), so the chunks give the whole call's rows."""
    announce_unit(progress, "hands")
    board = np.array(spot.board, dtype=np.int8)
    tables = get_tables()
    chunks = []
    for start in range(0, len(hands), CLASSIFY_CHUNK):  # a live range has a hand: one chunk at least
        part = hands[start : start + CLASSIFY_CHUNK]
        chunks.append(classify(part, board, spot.game.hilo, tables, dead=spot.dead_mask, clean_outs=True))
        report(progress, start + len(part), len(hands))
    return chunks[0] if len(chunks) == 1 else np.concatenate(chunks)


def _explore(
    spot: _Spot, explored: Range | str, other: Range | str | None, progress: ProgressCallback | None
) -> Exploration:
    live, range_text = _built(explored, "range", spot, progress)
    hands, weights = live.hands, live.weights
    # Both sides are built (and found live) before the classes are counted.
    opponents, against_text = (None, None) if other is None else _built(other, "against", spot, progress)
    classes = _classify(hands, spot, progress)
    counts = None
    if opponents is not None:
        own_weights = live.exact_weights()[0]
        announce_unit(progress, "boards")
        # Only the hands' counts are read: no board's totals, so alike runouts are swept together.
        sweep = sweep_ranges(
            hands, own_weights, opponents.hands, opponents.exact_weights()[0], spot.board, spot.dead,
            game=spot.game, progress=progress, per_board=False,
        )  # fmt: skip
        counts = (sweep.hands_a, own_weights, hand_equities(sweep.hands_a))
    played = spot.game
    groups = {g: names for g, names in GROUPS.items() if played.hilo or g not in _LOW_GROUPS}
    everyone = np.ones(len(hands), dtype=bool)
    return Exploration(
        range=range_text,
        board=" ".join(format_card(c) for c in spot.board),
        against=against_text,
        game=played.name,
        hands=hands,
        weights=weights,
        classes=classes,
        rows=class_rows(hands, weights, classes, groups, counts),
        total=class_row("range", "all", everyone, 1.0, hands, counts),
        hand_counts=None if counts is None else counts[0],
    )


def filter_range(
    range: str | Range,
    board: CardSpec,
    expression: str,
    *,
    dead: CardSpec = "",
    game: GameSpec = "omaha8",
) -> Range:
    """The hands of ``range`` whose classes on ``board`` meet ``expression`` (for
    example ``"nut low draw or set"``; :mod:`omaha8eq.explorer` gives the grammar).

    >>> narrowed = filter_range("AA2*", "Kc8c5h", "protected nut low draw and not flush draw")
    >>> len(narrowed) > 0
    True
    """
    return explore(range, board, dead=dead, game=game).where(expression)
