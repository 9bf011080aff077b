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

import functools
import math
import numbers
import os
import time
from collections.abc import Sequence
from typing import Any, NamedTuple

import numba
import numpy as np

from .cards import CardSpec
from .checks import check_flag, check_int, excerpt
from .engine.exact import CHUNK_BOARDS, SMALL_WORK
from .engine.method import AGGREGATE_POINTS, EXHAUSTIVE_LIMIT, MAX_WORK
from .engine.progress import CHUNKS_PER_CALL, ProgressCallback
from .engine.run import SPOTS_PER_CALL, count_spots, run_equity, run_split
from .engine.sampling import CHUNK_SAMPLES, DEFAULT_SAMPLES, MAX_SAMPLES, MIN_SAMPLES
from .engine.spot import RANDOM, WEIGHT_SCALE, Spot, is_sequence, parse_spot
from .errors import OmahaInputError, OmahaTypeError
from .games import Game, GameSpec, resolve_game
from .results import EquityResult
from .spot_results import SpotEquities, empty_spot_table, spot_table

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
    "split_equity",
    "spot_equities",
]


class _Options(NamedTuple):
    exhaustive: bool | None
    samples: int | None
    seed: int | None
    threads: int | None
    max_work: int | None


def _check_options(
    exhaustive: object,
    samples: object,
    stderr_target: object,
    seed: object,
    threads: object,
    max_work: object,
    progress: object,
) -> _Options:
    """The method options of :func:`equity` checked, as plain bools and ints (or None);
    raise OmahaInputError (OmahaTypeError for a wrong type) naming the first bad one."""
    if exhaustive is not None:
        try:
            exhaustive = check_flag(exhaustive, "exhaustive")
        except OmahaTypeError:
            raise OmahaTypeError(f"exhaustive: expected True, False or None, got {excerpt(exhaustive)}") from None
    if stderr_target is not None:
        _check_stderr_target(stderr_target)
    checked = _Options(
        None if exhaustive is None else bool(exhaustive),
        None if samples is None else _check_samples(samples),
        None if seed is None else check_int(seed, "seed", minimum=0, maximum=2**64 - 1),
        None if threads is None else check_int(threads, "threads", minimum=1, maximum=_max_threads()),
        None if max_work is None else check_int(max_work, "max_work", minimum=1),
    )
    if exhaustive and (samples is not None or stderr_target is not None):
        raise OmahaInputError("exhaustive=True cannot be combined with samples or stderr_target")
    if progress is not None and not callable(progress):
        raise OmahaTypeError(f"progress: expected a function (done, total), got {excerpt(progress)}")
    return checked


def _check_samples(value: object) -> int:
    """A Monte Carlo size: an integer from ``MIN_SAMPLES`` to ``MAX_SAMPLES``."""
    samples = check_int(value, "samples")
    if not MIN_SAMPLES <= samples <= MAX_SAMPLES:
        raise OmahaInputError(
            f"samples: expected {MIN_SAMPLES:,} to {MAX_SAMPLES:,} (MIN_SAMPLES: a standard error needs "
            f"two samples; MAX_SAMPLES: the most one run draws), got {excerpt(samples)}"
        )
    return samples


def _check_stderr_target(value: object) -> None:
    """A standard error target is a positive, finite real number (not text, not a bool)."""
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise OmahaTypeError(f"stderr_target: expected a positive number such as 0.001, got {excerpt(value)}")
    try:
        number = float(value)
    except OverflowError:  # an int such as 10**400
        number = math.inf
    if not 0 < number < math.inf:
        raise OmahaInputError(f"stderr_target: expected a positive number such as 0.001, got {excerpt(value)}")


def _max_threads() -> int:
    """The most threads numba can use (its pool size, fixed at import)."""
    # numba.config sets its attributes from the environment at import: mypy cannot see them.
    return int(numba.config.NUMBA_NUM_THREADS)  # type: ignore[attr-defined]


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
    scheduler: str | Any | None = None,
    checkpoint: str | os.PathLike[str] | None = None,
) -> EquityResult:
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
            worker threads); raise it to run a longer one.
        scheduler: run the exact heads-up preflop sweep (two players, ranges or
            hands, ``exhaustive=True``) as a Dask job (``omaha8eq.distributed``, the
            ``distributed`` extra): ``"local"`` (a LocalCluster here), an address
            (``"tcp://HOST:8786"``), ``"auto"`` (DASK_SCHEDULER_ADDRESS, else local)
            or a ``distributed.Client``. The counts are the in-process ones.
        checkpoint: with ``scheduler``, a directory keeping each finished task, so
            that the same call resumes after an interruption (see
            ``omaha8eq.distributed.checkpoint``).

    Long runs call ``progress`` between kernel calls of at most about half a second,
    so a KeyboardInterrupt (Ctrl-C) stops them within about a second.

    Returns:
        An :class:`~omaha8eq.results.EquityResult`.

    Raises:
        OmahaInputError (a ValueError) naming the bad input: invalid or duplicate
        cards, wrong hole counts, a board of more than 5 cards, too many players
        for the deck, a range with no hand left, ranges that cannot be dealt
        together, conflicting method options, an exact run estimated above
        ``max_work``; OmahaTypeError (also a TypeError) for an option of the wrong
        type (flags are True or False, counts are integers).

    >>> result = equity(["As Ah 2c 3d", "Ks Kh Qd Jd"], board="4c 5d 7s")
    >>> result.outcomes, [str(p.exact_equity()) for p in result.players]
    (820, ['1541/1640', '99/1640'])
    """
    started = time.perf_counter()
    chosen, is_hilo = _one_board(*resolve_game(game, hilo))
    spot = parse_spot(hands, board, dead, chosen)
    options = _check_options(exhaustive, samples, stderr_target, seed, threads, max_work, progress)
    run = functools.partial(
        run_equity,
        spot,
        exhaustive=options.exhaustive,
        samples=options.samples,
        stderr_target=None if stderr_target is None else float(stderr_target),
        seed=options.seed,
        hilo=is_hilo,
        threads=options.threads,
        progress=progress,
        by_hand=check_flag(by_hand, "by_hand"),
        by_next_card=check_flag(by_next_card, "by_next_card"),
        started=started,
    )
    if scheduler is None:
        if checkpoint is not None:
            raise OmahaInputError("checkpoint: only a distributed run (scheduler=...) keeps a checkpoint")
        return run(max_work=options.max_work)
    if options.exhaustive is not True:
        raise OmahaInputError("scheduler: a distributed run is exact: pass exhaustive=True")
    from .distributed.sweep_job import dask_sweeper

    with dask_sweeper(scheduler, checkpoint=checkpoint) as (sweeper, cluster_threads):
        return run(max_work=options.max_work or MAX_WORK * cluster_threads, board_sweeper=sweeper)


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
    parsed, checked = _known_spots(spots, game, hilo, threads, max_work, progress, "equity_many")
    results: list[EquityResult | None] = [None] * len(parsed)
    for group in count_spots(parsed, **checked):
        table = spot_table([parsed[i] for i in group.members], group.counts, group.outcomes, checked["hilo"], started)
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
    spots at once: a heads-up flop spot costs about 10 microseconds (a third of it reading
    the cards' text). Every spot has the same number of players (hole sizes, boards and
    dead cards may differ); give spots of other counts in calls of their own, or to
    :func:`equity_many`. ``SpotEquities.result(i)`` gives spot ``i``'s full
    :class:`~omaha8eq.results.EquityResult`.

    Args:
        spots: each ``(hands,)``, ``(hands, board)`` or ``(hands, board, dead)``, as for
            :func:`equity`; every hand known (no ``"random"``, no range).
        game, hilo, threads, max_work: as for :func:`equity` (``hilo`` deprecated);
            ``max_work`` bounds the work of all the spots together.
        progress: called as ``progress(done, total)`` in spots.

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
    parsed, checked = _known_spots(spots, game, hilo, threads, max_work, progress, "spot_equities")
    players = len(parsed[0].seats) if parsed else 0
    for number, spot in enumerate(parsed, start=1):
        if len(spot.seats) != players:
            raise OmahaInputError(
                f"spot {number}: {len(spot.seats)} players, spot 1 has {players}; spot_equities takes spots of "
                "one player count (call it once per count, or use equity_many)"
            )
    groups = count_spots(parsed, **checked)
    if not groups:
        return empty_spot_table(checked["hilo"], started)
    (group,) = groups
    return spot_table(parsed, group.counts, group.outcomes, checked["hilo"], started)


def _known_spots(
    spots: object,
    game: object,
    hilo: object,
    threads: object,
    max_work: object,
    progress: object,
    function: str,
) -> tuple[list[Spot], dict[str, Any]]:
    """The spots of :func:`equity_many` or :func:`spot_equities` (named ``function`` in
    errors) parsed and checked, and the checked options as :func:`count_spots` takes them."""
    chosen, is_hilo = _one_board(*resolve_game(game, hilo, stacklevel=4))
    if not is_sequence(spots):
        raise OmahaTypeError(f"spots: expected a list of (hands, board, dead) tuples, got {excerpt(spots)}")
    options = _check_options(True, None, None, None, threads, max_work, progress)
    checked = {
        "hilo": is_hilo,
        "threads": options.threads,
        "max_work": options.max_work,
        "progress": progress,
    }
    return [_known_spot(i, spot, function, chosen) for i, spot in enumerate(spots, start=1)], checked


def _one_board(game: Game | None, hilo: bool) -> tuple[Game | None, bool]:
    """``(game, hilo)`` as :func:`~omaha8eq.games.resolve_game` gives them, refusing a
    game of more than one board (its equity is another computation)."""
    if game is not None and game.boards != 1:
        raise OmahaInputError(f"game: {game.name!r} deals {game.boards} boards; this function plays one board")
    return game, hilo


def _known_spot(number: int, spot: object, function: str, game: Game | None) -> Spot:
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
