"""Public equity calculation: exact enumeration or seeded Monte Carlo, multiway.

:func:`equity` answers one spot; :func:`equity_many` (a result per spot) and
:func:`spot_equities` (arrays) answer many spots of known hands in shared kernel calls.

Hands are text (``"As Ah 2c 3d"``), lists of cards or card ints (``4 * rank + suit``,
rank 0..12 = 2..A, suit 0..3 = c, d, h, s), ``"random"`` for a hand dealt at
random from the remaining cards in every deal, or ranges.

:func:`split_equity` (internal, used by ``omaha8eq.counterfeit``) gives the exact
equity overall and separately over the runouts that bring a card of given ranks and
over the others, in one enumeration; it shares :func:`equity`'s parsing, checks and
joint range model.

This module validates the options and delegates to the engine (``omaha8eq.engine``);
the constants below are the engine's, gathered here.
"""

from __future__ import annotations

import os
import time
from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any, TypedDict, overload

import numpy as np

from .board_results import BoardsResult
from .cards import CardSpec
from .checks import check_int, excerpt
from .engine.budget import check_spot_cost, spot_sizes
from .engine.exact import CHUNK_BOARDS, SMALL_WORK
from .engine.method import AGGREGATE_POINTS, EXHAUSTIVE_LIMIT, MAX_WORK
from .engine.multiboard import MAX_RUNS, parse_boards_spot, run_boards
from .engine.options import RunOptions
from .engine.progress import CHUNKS_PER_CALL, ProgressCallback
from .engine.run import SPOTS_PER_CALL, count_spots, equity_of_spot, run_split
from .engine.sampling import CHUNK_SAMPLES, DEFAULT_SAMPLES, MAX_SAMPLES, MIN_SAMPLES
from .engine.spot import RANDOM, WEIGHT_SCALE, Spot, as_choice, is_sequence, one_board, parse_spot
from .errors import OmahaInputError, OmahaTypeError
from .games import Game, GameChoice, GameSpec, resolve_game
from .results import EquityResult
from .spot_results import SpotEquities, empty_spot_table, spot_table

if TYPE_CHECKING:  # typing.Unpack is Python 3.11's; the annotations are only read by type checkers
    from typing_extensions import Unpack

__all__ = [
    "AGGREGATE_POINTS",
    "CHUNKS_PER_CALL",
    "CHUNK_BOARDS",
    "CHUNK_SAMPLES",
    "DEFAULT_SAMPLES",
    "EXHAUSTIVE_LIMIT",
    "MAX_SAMPLES",
    "MAX_WORK",
    "MIN_SAMPLES",
    "RANDOM",
    "SMALL_WORK",
    "SPOTS_PER_CALL",
    "WEIGHT_SCALE",
    "ProgressCallback",
    "equity",
    "equity_many",
    "equity_of",
    "split_equity",
    "spot_equities",
]


class _EquityOptions(TypedDict, total=False):
    """:func:`equity`'s keyword options but ``boards`` and ``runs``, for its overloads
    (``**options``): only those two choose the type it returns, so the overloads spell
    out only them, and the implementation's signature (the one ``help()`` shows) lists
    every option with its default."""

    exhaustive: bool | None
    samples: int | None
    stderr_target: float | None
    seed: int | None
    game: GameSpec | None
    hilo: bool | None
    threads: int | None
    progress: ProgressCallback | None
    by_hand: bool
    by_next_card: bool
    max_work: int | None
    max_memory: int | None
    scheduler: str | Any | None
    checkpoint: str | os.PathLike[str] | None


@overload
def equity(
    hands: Sequence[Any],
    board: CardSpec = "",
    dead: CardSpec = "",
    *,
    boards: None = None,
    runs: None = None,
    **options: Unpack[_EquityOptions],
) -> EquityResult: ...


@overload
def equity(
    hands: Sequence[Any],
    board: CardSpec = "",
    dead: CardSpec = "",
    *,
    boards: Sequence[CardSpec] | None = None,
    runs: int | None = None,
    **options: Unpack[_EquityOptions],
) -> EquityResult | BoardsResult: ...


def equity(
    hands: Sequence[Any],
    board: CardSpec = "",
    dead: CardSpec = "",
    *,
    exhaustive: bool | None = None,
    samples: int | None = None,
    stderr_target: float | None = None,
    seed: int | None = None,
    game: GameSpec | None = None,
    hilo: bool | None = None,
    threads: int | None = None,
    progress: ProgressCallback | None = None,
    by_hand: bool = False,
    by_next_card: bool = False,
    max_work: int | None = None,
    max_memory: int | None = None,
    scheduler: str | Any | None = None,
    checkpoint: str | os.PathLike[str] | None = None,
    boards: Sequence[CardSpec] | None = None,
    runs: int | None = None,
) -> EquityResult | BoardsResult:
    """Each hand's share of the pot at showdown, with the full hi/lo breakdown.

    Args:
        hands: 2 or more players, each a hand of 4, 5 or 6 hole cards (all the same
            size, the ``game``'s when given), ``"random"`` for a hand dealt afresh from the remaining cards in
            each deal, or a range: an expression such as ``"AA2*, 15%"`` or a
            :class:`~omaha8eq.ranges.range.Range` (see ``omaha8eq.ranges.range``). A range's hands
            that hold a known card are left out; the others are dealt in proportion
            to their weights, and the joint deal of several ranges is exact (no two
            players ever share a card, and no combination is favoured).
        board: 0 to 5 known board cards.
        dead: cards known to be out of play (folded, burned, seen).
        exhaustive: True enumerates every deal; False samples; None (default)
            enumerates when that is cheap (at most ``EXHAUSTIVE_LIMIT`` deals, or for
            ranges at most that many evaluations) and neither ``samples`` nor
            ``stderr_target`` is given. Ranges together with random hands are sampled.
            An exact run is estimated first (in hand evaluations) and refused when
            the estimate is above ``max_work``.
        samples: Monte Carlo size, ``MIN_SAMPLES`` (2: a standard error needs two)
            to ``MAX_SAMPLES`` (default ``DEFAULT_SAMPLES``).
        stderr_target: sample until every player's equity standard error is at
            most this (checked every ``CHUNKS_PER_CALL * CHUNK_SAMPLES`` samples),
            or ``MAX_SAMPLES`` samples are drawn (``EquityResult.target_met`` says
            which).
        seed: Monte Carlo seed; the same seed gives the same numbers with any
            ``threads``. None draws one from the OS, reported in the result.
        game: the game played, a name of ``omaha8eq.games.GAMES`` (``"omaha8"``,
            ``"omaha85"``, ``"omaha86"``, ``"omahahi"``, ``"omahahi5"``, ``"omahahi6"``)
            or a :class:`~omaha8eq.games.Game`: its hole size is the hands' and the text
            ranges'. None (default): Omaha Hi-Lo with the hands' hole size (4 for ranges
            alone).
        hilo: deprecated (a DeprecationWarning; removed in the next release): False
            for Omaha high, as ``game="omahahi"``.
        threads: threads to use (default: numba's, all cores).
        progress: called as ``progress(done, total)`` between batches of work;
            ``total`` is None while sampling towards a ``stderr_target``.
        by_hand: also give, for each range, every hand's own equity and how often
            it is dealt (``PlayerEquity.by_hand``).
        by_next_card: two players (hands or ranges) on a flop or turn, exact: also
            give both players' equity and scoop for every card that can come next
            (``EquityResult.by_next_card``).
        max_work: the most evaluations an exact run may take (default ``MAX_WORK``,
            about a minute on one core; with ``scheduler``, times the cluster's
            worker threads); raise it to run a longer one. With
            ``exhaustive=True`` a run of 5- or 6-card text ranges estimated from their
            sizes at more than twice it (``engine.budget.EARLY_MARGIN``) is refused
            before they are built.
        max_memory: the most memory, in bytes, the run is estimated to need
            (``engine.budget.estimate_memory``, from the ranges' sizes, before they are
            built; default half the machine's physical memory,
            ``engine.options.default_max_memory``); above it the run is refused with the
            estimate.
        scheduler: run the exact heads-up preflop sweep (two players, ranges or
            hands, ``exhaustive=True``) as a Dask job (``omaha8eq.distributed``, the
            ``distributed`` extra): ``"local"`` (a LocalCluster here), an address
            (``"tcp://HOST:8786"``), ``"auto"`` (DASK_SCHEDULER_ADDRESS, else local)
            or a ``distributed.Client``. The counts are the in-process ones.
        checkpoint: with ``scheduler``, a directory keeping each finished task, so
            that the same call resumes after an interruption (see
            ``omaha8eq.distributed.checkpoint``).
        boards: two boards' known cards instead of ``board`` (``("Ac8c5h", "Kd7d2s")``):
            double-board Omaha, counted by :func:`omaha8eq.boards.boards_equity`; so is
            a double-board ``game`` (``"omaha8-double"``) with ``board`` as board 1.
        runs: run the board this many times (1 to ``MAX_RUNS``; 1, the default, is one
            run), as :func:`omaha8eq.boards.boards_equity` does. With two boards or
            runs, ``by_hand``, ``by_next_card`` and ``scheduler`` are refused, ranges
            and random hands are sampled, and the result is a
            :class:`~omaha8eq.board_results.BoardsResult`.

    Long runs call ``progress`` between kernel calls of at most about half a second,
    so a KeyboardInterrupt (Ctrl-C) stops them within about a second.

    Returns:
        An :class:`~omaha8eq.results.EquityResult` (two boards or runs: a
        :class:`~omaha8eq.board_results.BoardsResult`, as ``boards_equity`` gives).

    Raises:
        OmahaInputError (a ValueError) naming the bad input: invalid or duplicate
        cards, wrong hole counts, a board of more than 5 cards, too many players
        for the deck, a range with no hand left, ranges that cannot be dealt
        together, conflicting method options, an exact run estimated above
        ``max_work`` or a run above ``max_memory`` (WorkLimitError for the first),
        an option two boards or runs cannot take; OmahaTypeError (also a TypeError) for an option of the wrong
        type (flags are True or False, counts are integers).

    >>> result = equity(["As Ah 2c 3d", "Ks Kh Qd Jd"], board="4c 5d 7s")
    >>> result.outcomes, [str(p.exact_equity()) for p in result.players]
    (820, ['1541/1640', '99/1640'])

    Two flops (a double board) and running it twice go to :func:`~omaha8eq.boards.boards_equity`:

    >>> twice = equity(["As Ah 2c 3d", "Ks Kh Qd Jd"], board="4c 5d 7s", runs=2)
    >>> str(twice.players[0].exact_equity()), twice.kind
    ('1541/1640', 'run')
    """
    started = time.perf_counter()
    choice = resolve_game(game, hilo)
    # Named, not RunOptions.of(locals()): locals() and the name filter cost 2 µs of a 60 µs flop call.
    options = RunOptions.check(
        exhaustive=exhaustive, samples=samples, stderr_target=stderr_target, seed=seed, threads=threads,
        max_work=max_work, max_memory=max_memory, progress=progress, by_hand=by_hand,
        by_next_card=by_next_card, scheduler=scheduler, checkpoint=checkpoint,
    )  # fmt: skip
    n_runs = 1 if runs is None else check_int(runs, "runs", minimum=1, maximum=MAX_RUNS)
    if boards is not None or n_runs > 1 or (choice.game is not None and choice.game.boards > 1):
        return _boards_equity(hands, board, boards, dead, n_runs, choice, options, started)
    return equity_of(hands, board, dead, choice, options, started)


def equity_of(
    hands: Sequence[Any],
    board: CardSpec,
    dead: CardSpec,
    game: GameChoice | Game,
    options: RunOptions,
    started: float | None = None,
) -> EquityResult:
    """:func:`equity` of one board with its options checked (``RunOptions.check``) and its
    game resolved (:func:`~omaha8eq.games.resolve_game`, or the Game played): the ranges' cost is priced from
    their sizes and a hopeless run refused before they are built, then the spot is parsed
    and run. :func:`omaha8eq.chips.allin.allin_equity` calls it for every pot."""
    started = time.perf_counter() if started is None else started
    choice = one_board(as_choice(game))
    if options.scheduler is None:
        return equity_of_spot(hands, board, dead, choice, options, started=started)
    from .distributed.sweep_job import dask_sweeper

    with dask_sweeper(options.scheduler, checkpoint=options.checkpoint) as (sweeper, cluster_threads):
        limit = options.max_work or MAX_WORK * cluster_threads
        return equity_of_spot(
            hands, board, dead, choice, replace(options, max_work=limit), started=started, board_sweeper=sweeper
        )


def _boards_equity(
    hands: Sequence[Any],
    board: CardSpec,
    boards: Sequence[CardSpec] | None,
    dead: CardSpec,
    runs: int,
    game: GameChoice,
    options: RunOptions,
    started: float,
) -> BoardsResult:
    """:func:`equity` of two boards (``boards=``, or a double-board ``game``) or of one
    board run ``runs`` times: :func:`omaha8eq.boards.boards_equity`'s run, with what it
    cannot do refused first."""
    for name in ("by_hand", "by_next_card"):
        if getattr(options, name):
            raise OmahaInputError(
                f"{name}: not available with two boards or runs (boards_equity gives no per-hand table)"
            )
    if options.scheduler is not None:
        raise OmahaInputError("scheduler: a distributed run plays one board; run two boards or runs in process")
    if boards is not None and (not isinstance(board, (str, list, tuple)) or len(board) > 0):
        raise OmahaInputError("board: give the board or the boards (boards=...), not both")
    if boards is not None and (isinstance(boards, (str, bytes)) or not is_sequence(boards)):
        raise OmahaTypeError(f"boards: expected two boards, e.g. ('Ac8c5h', 'Kd7d2s'), got {excerpt(boards)}")
    sizes = spot_sizes(hands, board if boards is None else "", dead, game.game)
    if sizes is not None:
        check_spot_cost(sizes, options)
    parsed = parse_boards_spot(hands, board if boards is None else boards, dead, runs=runs, game=game)
    return run_boards(parsed, options, started=started)


def equity_many(
    spots: Sequence[Sequence[Any]],
    *,
    game: GameSpec | None = None,
    hilo: bool | None = None,
    threads: int | None = None,
    progress: ProgressCallback | None = None,
    max_work: int | None = None,
) -> list[EquityResult]:
    """The exact equity of many spots of known hands, counted together: one result per spot.

    Each result is what ``equity(hands, board, dead, exhaustive=True, game=game)`` gives
    (the same counts), but the spots share the kernel calls (``SPOTS_PER_CALL`` spots
    each, shared among the threads) instead of paying a call, and its set-up, apiece.
    The spots may have different numbers of players. ``elapsed`` is the time spent
    counting them all. :func:`spot_equities` gives the same figures as arrays, without
    a result object per spot (several times faster for many small spots).

    Args:
        spots: each ``(hands,)``, ``(hands, board)`` or ``(hands, board, dead)``, as for
            :func:`equity`; every hand known (no ``"random"``, no range).
        game, hilo, threads, max_work: as for :func:`equity` (``hilo`` deprecated);
            ``max_work`` bounds the work of all the spots together.
        progress: called as ``progress(done, total)`` in spots.

    Raises:
        OmahaInputError naming the spot (``"spot 3: ..."``) as :func:`equity` would,
        and for a random hand or a range; OmahaTypeError for a spot that is not such a
        tuple or an option of the wrong type.

    >>> aces, kings = "As Ah 2c 3d", "Ks Kh Qd Jd"
    >>> first, second = equity_many([([aces, kings], "4c 5d 7s"), ([aces, kings, "9s 8s 7d 6d"],)])
    >>> [str(p.exact_equity()) for p in first.players], second.outcomes
    (['1541/1640', '99/1640'], 658008)
    """
    started = time.perf_counter()
    choice = one_board(resolve_game(game, hilo))
    parsed, options = _known_spots(spots, choice, threads, max_work, progress, "equity_many")
    results: list[EquityResult | None] = [None] * len(parsed)
    for group in count_spots(parsed, options):
        table = spot_table([parsed[i] for i in group.members], group.counts, group.outcomes, started)
        for i, result in zip(group.members, table.results(), strict=True):
            results[i] = result
    return [result for result in results if result is not None]


def spot_equities(
    spots: Sequence[Sequence[Any]],
    *,
    game: GameSpec | None = None,
    hilo: bool | None = None,
    threads: int | None = None,
    progress: ProgressCallback | None = None,
    max_work: int | None = None,
) -> SpotEquities:
    """The exact equities of many spots of known hands, as arrays of shape ``(spots, players)``.

    The figures of :func:`equity_many` (the same counts, the same floats bit for bit)
    in one :class:`~omaha8eq.spot_results.SpotEquities` of numpy arrays, made for all the
    spots at once: a heads-up flop spot costs about 10-13 microseconds when its hands
    repeat in the batch, 16-23 when every spot's hands are new. Every spot has the same
    number of players (hole sizes, boards and dead cards may differ); give spots of other
    counts in calls of their own, or to :func:`equity_many`. ``SpotEquities.result(i)`` gives spot ``i``'s full
    :class:`~omaha8eq.results.EquityResult`.

    Args:
        spots, game, hilo, threads, progress, max_work: as for :func:`equity_many`.

    Raises:
        OmahaInputError naming the spot (``"spot 3: ..."``) as :func:`equity` would, for
        a random hand or a range, and for a spot with another number of players than
        spot 1's; OmahaTypeError for a spot that is not such a tuple or an option of
        the wrong type.

    >>> aces, kings = "As Ah 2c 3d", "Ks Kh Qd Jd"
    >>> table = spot_equities([([aces, kings], "4c 5d 7s"), ([aces, kings], "Ac 8c 5h")])
    >>> table.equity.shape, table.outcomes.tolist(), str(table.exact_equity(0, 0))
    ((2, 2), [820, 820], '1541/1640')
    """
    started = time.perf_counter()
    choice = one_board(resolve_game(game, hilo))
    parsed, options = _known_spots(spots, choice, threads, max_work, progress, "spot_equities")
    players = len(parsed[0].seats) if parsed else 0
    for number, spot in enumerate(parsed, start=1):
        if len(spot.seats) != players:
            raise OmahaInputError(
                f"spot {number}: {len(spot.seats)} players, spot 1 has {players}; spot_equities takes spots of "
                "one player count (call it once per count, or use equity_many)"
            )
    groups = count_spots(parsed, options)
    if not groups:
        return empty_spot_table(choice, started)
    (group,) = groups
    return spot_table(parsed, group.counts, group.outcomes, started)


def _known_spots(
    spots: object,
    choice: GameChoice,
    threads: object,
    max_work: object,
    progress: object,
    function: str,
) -> tuple[list[Spot], RunOptions]:
    """The spots of :func:`equity_many` or :func:`spot_equities` (named ``function`` in
    errors) parsed and checked (each carries its game), and the checked options."""
    if not is_sequence(spots):
        raise OmahaTypeError(f"spots: expected a list of (hands, board, dead) tuples, got {excerpt(spots)}")
    options = RunOptions.check(exhaustive=True, threads=threads, max_work=max_work, progress=progress)
    return [_known_spot(i, spot, function, choice) for i, spot in enumerate(spots, start=1)], options


def _known_spot(number: int, spot: object, function: str, game: GameChoice) -> Spot:
    """Spot ``number`` of :func:`equity_many` or :func:`spot_equities` (``function``)
    parsed and checked: known hands only."""
    if not is_sequence(spot) or not 1 <= len(spot) <= 3:
        raise OmahaTypeError(f"spot {number}: expected a tuple (hands, board, dead), got {excerpt(spot)}")
    hands, board, dead = (*spot, "", "")[:3]
    try:
        parsed = parse_spot(hands, board, dead, game)
    except (OmahaInputError, TypeError) as error:
        raise type(error)(f"spot {number}: {error}") from None
    if any(seat.cards is None for seat in parsed.seats):
        raise OmahaInputError(f"spot {number}: {function} takes known hands only (no 'random', no range)")
    return parsed


def split_equity(
    hands: Sequence[Any],
    board: CardSpec = "",
    dead: CardSpec = "",
    *,
    ranks: int,
    progress: ProgressCallback | None = None,
) -> tuple[EquityResult, EquityResult | None, EquityResult | None]:
    """Exact equity overall, over the runouts that bring a card of ``ranks`` and over the others.

    Internal (``omaha8eq.counterfeit`` uses it for the equity with and without the
    counterfeit). One exact enumeration, as ``equity(hands, board, dead,
    exhaustive=True)`` (Omaha Hi-Lo), whose outcomes are also split by the ranks of the
    cards still to come: the aggregation visits the missing board cards by their rank
    multisets (and suited cards for flushes), so it knows them at every point.

    Args:
        hands: 2 or more known hands or ranges, as for :func:`equity`; not ``"random"``.
            Ranges are dealt with :func:`equity`'s joint model (hands that hold a known
            card left out, combinations that share a card dropped, each combination
            weighted by the product of its hands' integer weights).
        board, dead: as for :func:`equity`.
        ranks: a 13-bit rank mask, bit r for rank r (0 = deuce ... 12 = ace, the
            ``card >> 2`` of a card int).
        progress: called as ``progress(done, total)``: with ranges, combinations of
            their hands enumerated so far, else deals (once, at the end).

    Returns:
        ``(overall, hit, missed)``: :class:`~omaha8eq.results.EquityResult` over all
        runouts (the same counts as :func:`equity`), over the runouts holding a card
        of one of ``ranks``, and over the others. A part with no runout is None: with
        ``ranks = 0`` the result is ``(overall, None, missed)``, ``missed`` having the
        same counts as ``overall``. Each part's ``outcomes`` counts its deals (with
        ranges: the (combination, runout) deals, unweighted, as in :func:`equity`);
        its counts are weighted as :func:`equity`'s.

    Raises:
        OmahaInputError as :func:`equity` does, and for ``"random"`` hands or a
        ``ranks`` outside 0..8191; TypeError for hands of the wrong type.

    >>> overall, aces, others = split_equity(["As Ah 2c 3d", "Ks Kh Qd Jd"], "4c 5d 7s", ranks=1 << 12)
    >>> overall.outcomes, aces.outcomes, others.outcomes
    (820, 79, 741)
    >>> overall.players[0].exact_equity() * 820 == (aces.players[0].exact_equity() * 79
    ...                                             + others.players[0].exact_equity() * 741)
    True
    """
    started = time.perf_counter()
    spot = parse_spot(hands, board, dead)
    if isinstance(ranks, bool) or not isinstance(ranks, (int, np.integer)) or not 0 <= ranks < 1 << 13:
        raise OmahaInputError(f"ranks: expected a 13-bit rank mask 0..8191, got {ranks!r}")
    if any(s.is_random for s in spot.seats):
        raise OmahaInputError("hands: 'random' hands are not supported here; give known hands or ranges")
    return run_split(spot, int(ranks), progress, started)
