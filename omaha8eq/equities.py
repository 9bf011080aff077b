"""Public equity calculation: exact enumeration or seeded Monte Carlo, multiway.

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

import time
from collections.abc import Sequence
from typing import Any

import numba
import numpy as np

from .cards import CardSpec
from .engine.exact import CHUNK_BOARDS, SMALL_WORK
from .engine.method import AGGREGATE_POINTS, EXHAUSTIVE_LIMIT
from .engine.progress import CHUNKS_PER_CALL, ProgressCallback
from .engine.run import run_equity, run_split
from .engine.sampling import CHUNK_SAMPLES, DEFAULT_SAMPLES, MAX_SAMPLES
from .engine.spot import RANDOM, WEIGHT_SCALE, parse_spot
from .errors import OmahaInputError
from .results import EquityResult

__all__ = [
    "AGGREGATE_POINTS",
    "CHUNKS_PER_CALL",
    "CHUNK_BOARDS",
    "CHUNK_SAMPLES",
    "DEFAULT_SAMPLES",
    "EXHAUSTIVE_LIMIT",
    "MAX_SAMPLES",
    "RANDOM",
    "SMALL_WORK",
    "WEIGHT_SCALE",
    "ProgressCallback",
    "equity",
    "split_equity",
]


def _check_options(
    exhaustive: bool | None,
    samples: int | None,
    stderr_target: float | None,
    seed: int | None,
    threads: int | None,
) -> None:
    """Raise OmahaInputError naming the first bad method option of :func:`equity`."""
    if samples is not None and (isinstance(samples, bool) or not isinstance(samples, int) or samples < 1):
        raise OmahaInputError(f"samples: expected a positive integer, got {samples!r}")
    if stderr_target is not None and not (stderr_target > 0):
        raise OmahaInputError(f"stderr_target: expected a positive number, got {stderr_target!r}")
    if exhaustive and (samples is not None or stderr_target is not None):
        raise OmahaInputError("exhaustive=True cannot be combined with samples or stderr_target")
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**64):
        raise OmahaInputError(f"seed: expected an integer 0 <= seed < 2**64, got {seed!r}")
    most = _max_threads()
    if threads is not None and (isinstance(threads, bool) or not isinstance(threads, int) or not 1 <= threads <= most):
        raise OmahaInputError(f"threads: expected 1..{most}, got {threads!r}")


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
    hilo: bool = True,
    threads: int | None = None,
    progress: ProgressCallback | None = None,
    by_hand: bool = False,
    by_next_card: bool = False,
) -> EquityResult:
    """Each hand's share of the pot at showdown, with the full hi/lo breakdown.

    Args:
        hands: 2 or more players, each a hand of 4, 5 or 6 hole cards (all the same
            size), ``"random"`` for a hand dealt afresh from the remaining cards in
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
        samples: Monte Carlo size (default ``DEFAULT_SAMPLES``).
        stderr_target: sample until every player's equity standard error is at
            most this (checked every ``CHUNKS_PER_CALL * CHUNK_SAMPLES`` samples).
        seed: Monte Carlo seed; the same seed gives the same numbers with any
            ``threads``. None draws one from the OS, reported in the result.
        hilo: True for Omaha Hi-Lo 8-or-better, False for Omaha high.
        threads: threads to use (default: numba's, all cores).
        progress: called as ``progress(done, total)`` between batches of work;
            ``total`` is None while sampling towards a ``stderr_target``.
        by_hand: also give, for each range, every hand's own equity and how often
            it is dealt (``PlayerEquity.by_hand``).
        by_next_card: two players (hands or ranges) on a flop or turn, exact: also
            give both players' equity and scoop for every card that can come next
            (``EquityResult.by_next_card``).

    Returns:
        An :class:`~omaha8eq.results.EquityResult`.

    Raises:
        OmahaInputError (a ValueError) naming the bad input: invalid or duplicate
        cards, wrong hole counts, a board of more than 5 cards, too many players
        for the deck, a range with no hand left, conflicting method options.

    >>> result = equity(["As Ah 2c 3d", "Ks Kh Qd Jd"], board="4c 5d 7s")
    >>> result.outcomes, [str(p.exact_equity()) for p in result.players]
    (820, ['1541/1640', '99/1640'])
    """
    started = time.perf_counter()
    spot = parse_spot(hands, board, dead)
    _check_options(exhaustive, samples, stderr_target, seed, threads)
    return run_equity(
        spot,
        exhaustive=exhaustive,
        samples=samples,
        stderr_target=stderr_target,
        seed=seed,
        hilo=hilo,
        threads=threads,
        progress=progress,
        by_hand=by_hand,
        by_next_card=by_next_card,
        started=started,
    )


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
