"""Public equity calculation: exact enumeration or seeded Monte Carlo, multiway.

Hands are text (``"As Ah 2c 3d"``), lists of cards or card ints (``4 * rank + suit``,
rank 0..12 = 2..A, suit 0..3 = c, d, h, s), or ``"random"`` for a hand dealt at
random from the remaining cards in every deal.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Sequence
from math import ceil

import numba
import numpy as np

from .cards import CardSpec, check_disjoint, format_cards, parse_cards
from .core.aggregate import aggregate_showdowns, rank_multisets
from .core.enumerator import board_combinations, deal_count, enumerate_deals
from .core.sampler import sample_deals
from .core.showdown import fixed_hand_highs, histogram_shape
from .core.tables import get_tables
from .errors import HandSizeError, OmahaInputError
from .inputs import DECK_SIZE, parse_hole
from .results import EquityResult, summarize_player

__all__ = ["equity", "EXHAUSTIVE_LIMIT", "DEFAULT_SAMPLES"]

#: With ``exhaustive=None``, enumerate when there are at most this many deals.
EXHAUSTIVE_LIMIT = 5_000_000
#: Monte Carlo size when neither ``samples`` nor ``stderr_target`` is given.
DEFAULT_SAMPLES = 1_000_000
#: Samples per Monte Carlo chunk: the unit of seeding and of parallel work.
CHUNK_SAMPLES = 1 << 14
#: Board combinations per enumeration chunk (the unit of parallel work).
CHUNK_BOARDS = 1 << 12
#: Chunks per kernel call: progress is reported and stderr checked between calls.
CHUNKS_PER_CALL = 64
#: Below this many deals one thread is faster than waking the others.
SMALL_WORK = 50_000
#: Most samples a ``stderr_target`` run draws before giving up on the target.
MAX_SAMPLES = 1_000_000_000

#: Exact runs with fixed hands only count rank multisets plus flush corrections
#: (``core/aggregate.py``); False visits every board (``core/enumerator.py``).
AGGREGATE_EXACT = True

RANDOM = "random"
ProgressCallback = Callable[[int, "int | None"], None]


def _parse_hands(hands: Sequence) -> tuple[list[tuple[int, ...] | None], int]:
    """Parse every hand (None for a random one); return them and the hole size."""
    if isinstance(hands, (str, bytes)) or not isinstance(hands, Sequence):
        raise TypeError("hands: expected a list of hands, e.g. ['AsAh2c3d', 'KsKhQdJd']")
    if len(hands) < 2:
        raise OmahaInputError(f"hands: {len(hands)} hand given; equity needs 2 or more")
    parsed: list[tuple[int, ...] | None] = []
    for i, hand in enumerate(hands, start=1):
        if isinstance(hand, str) and hand.strip().lower() == RANDOM:
            parsed.append(None)
        else:
            parsed.append(parse_hole(hand, what=f"hand {i}"))
    sizes = {len(h) for h in parsed if h is not None}
    if len(sizes) > 1:
        raise HandSizeError(
            "hands: every hand must have the same number of hole cards, got "
            + ", ".join(f"hand {i}: {len(h)}" for i, h in enumerate(parsed, 1) if h is not None)
        )
    if not sizes:
        raise OmahaInputError("hands: at least one hand must be known (not 'random')")
    return parsed, sizes.pop()


def _report(progress: ProgressCallback | None, done: int, total: int | None) -> None:
    if progress is not None:
        progress(done, total)


def equity(
    hands: Sequence[CardSpec],
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
) -> EquityResult:
    """Each hand's share of the pot at showdown, with the full hi/lo breakdown.

    Args:
        hands: 2 or more hands of 4, 5 or 6 hole cards (all the same size), or
            ``"random"`` for a hand dealt afresh from the remaining cards in each deal.
        board: 0 to 5 known board cards.
        dead: cards known to be out of play (folded, burned, seen).
        exhaustive: True enumerates every deal; False samples; None (default)
            enumerates when there are at most ``EXHAUSTIVE_LIMIT`` deals and
            neither ``samples`` nor ``stderr_target`` is given.
        samples: Monte Carlo size (default ``DEFAULT_SAMPLES``).
        stderr_target: sample until every player's equity standard error is at
            most this (checked every ``CHUNKS_PER_CALL * CHUNK_SAMPLES`` samples).
        seed: Monte Carlo seed; the same seed gives the same numbers with any
            ``threads``. None draws one from the OS, reported in the result.
        hilo: True for Omaha Hi-Lo 8-or-better, False for Omaha high.
        threads: threads to use (default: numba's, all cores).
        progress: called as ``progress(done, total)`` between batches of work;
            ``total`` is None while sampling towards a ``stderr_target``.

    Returns:
        An :class:`~omaha8eq.results.EquityResult`.

    Raises:
        OmahaInputError (a ValueError) naming the bad input: invalid or duplicate
        cards, wrong hole counts, a board of more than 5 cards, too many players
        for the deck, conflicting method options.

    >>> result = equity(["As Ah 2c 3d", "Ks Kh Qd Jd"], board="4c 5d 7s")
    >>> result.outcomes, [str(p.exact_equity()) for p in result.players]
    (820, ['1541/1640', '99/1640'])
    """
    started = time.perf_counter()
    parsed, n_hole = _parse_hands(hands)
    board_cards = parse_cards(board, what="board")
    if len(board_cards) > 5:
        raise HandSizeError(f"board: {len(board_cards)} cards given; a board has at most 5")
    dead_cards = parse_cards(dead, what="dead cards")
    check_disjoint(
        [(f"hand {i}", h) for i, h in enumerate(parsed, 1) if h is not None]
        + [("the board", board_cards), ("the dead cards", dead_cards)]
    )
    n_players = len(parsed)
    needed = n_players * n_hole + 5 + len(dead_cards)
    if needed > DECK_SIZE:
        raise OmahaInputError(
            f"hands: {n_players} players with {n_hole} cards each, a board and "
            f"{len(dead_cards)} dead cards need {needed} cards; the deck has 52 "
            f"(at most {(DECK_SIZE - 5 - len(dead_cards)) // n_hole} players)"
        )
    if samples is not None and (isinstance(samples, bool) or not isinstance(samples, int) or samples < 1):
        raise OmahaInputError(f"samples: expected a positive integer, got {samples!r}")
    if stderr_target is not None and not (stderr_target > 0):
        raise OmahaInputError(f"stderr_target: expected a positive number, got {stderr_target!r}")
    if exhaustive and (samples is not None or stderr_target is not None):
        raise OmahaInputError("exhaustive=True cannot be combined with samples or stderr_target")
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**64):
        raise OmahaInputError(f"seed: expected an integer 0 <= seed < 2**64, got {seed!r}")
    if threads is not None:
        if isinstance(threads, bool) or not isinstance(threads, int) or not 1 <= threads <= numba.config.NUMBA_NUM_THREADS:
            raise OmahaInputError(
                f"threads: expected 1..{numba.config.NUMBA_NUM_THREADS}, got {threads!r}"
            )

    known = [c for h in parsed if h is not None for c in h] + list(board_cards) + list(dead_cards)
    taken = set(known)
    deck = np.array([c for c in range(DECK_SIZE) if c not in taken], dtype=np.int8)
    holes = np.zeros((n_players, n_hole), dtype=np.int8)
    for row, hand in enumerate(parsed):
        if hand is not None:
            holes[row] = hand
    random_players = np.array([i for i, h in enumerate(parsed) if h is None], dtype=np.int64)
    board_array = np.zeros(5, dtype=np.int8)
    board_array[: len(board_cards)] = board_cards
    n_missing = 5 - len(board_cards)
    deals = deal_count(len(deck), n_missing, len(random_players), n_hole)
    if exhaustive is None:
        exhaustive = samples is None and stderr_target is None and deals <= EXHAUSTIVE_LIMIT

    tables = get_tables()
    fixed = np.array([h is not None for h in parsed])
    fixed_highs = fixed_hand_highs(holes, fixed, tables.pair_five)
    common = (holes, n_hole, random_players, fixed, fixed_highs, board_array, len(board_cards), deck)
    table_args = (tables.board_pair, tables.flush5, tables.suited, tables.low)
    previous_threads = numba.get_num_threads()
    if threads is not None:
        numba.set_num_threads(threads)
    try:
        if exhaustive:
            if len(random_players) == 0 and AGGREGATE_EXACT:
                counts = _aggregate(common, table_args, hilo, n_players, deals, progress)
            else:
                counts = _enumerate(common, table_args, hilo, n_players, len(deck), n_missing, deals, progress)
            outcomes, used_seed = deals, None
        else:
            used_seed = int.from_bytes(os.urandom(8), "little") if seed is None else seed
            counts = _sample(common, table_args, hilo, n_players, used_seed, samples, stderr_target, progress)
            outcomes = int(counts[0].sum())
    finally:
        numba.set_num_threads(previous_threads)

    labels = [RANDOM if h is None else format_cards(h) for h in parsed]
    players = [summarize_player(labels[p], counts[p], exhaustive) for p in range(n_players)]
    nobody_low = int(counts[0, :, n_players + 2].sum())
    return EquityResult(
        players=players,
        board=format_cards(board_cards),
        dead=format_cards(dead_cards),
        outcomes=outcomes,
        exhaustive=bool(exhaustive),
        seed=used_seed,
        elapsed=time.perf_counter() - started,
        no_low=nobody_low / outcomes,
        hilo=hilo,
    )


def _aggregate(common, table_args, hilo, n_players, deals, progress):
    """Exact counts for fixed hands by rank multisets plus flush corrections."""
    holes, n_hole, _, _, fixed_highs, board, n_known, deck = common
    counts = np.zeros((1, *histogram_shape(n_players)), dtype=np.int64)
    aggregate_showdowns(
        holes, n_hole, fixed_highs, board, n_known, deck, *rank_multisets(), hilo,
        *table_args[1:], counts,
    )  # fmt: skip
    _report(progress, deals, deals)
    return counts[0]


def _enumerate(common, table_args, hilo, n_players, n_deck, n_missing, deals, progress):
    """Enumerate every deal, a batch of board chunks per kernel call."""
    if deals < SMALL_WORK:
        numba.set_num_threads(1)
    n_boards = board_combinations(n_deck, n_missing)
    starts = np.arange(0, n_boards, CHUNK_BOARDS, dtype=np.int64)
    ends = np.minimum(starts + CHUNK_BOARDS, n_boards)
    total = np.zeros(histogram_shape(n_players), dtype=np.int64)
    for first in range(0, len(starts), CHUNKS_PER_CALL):
        batch = slice(first, first + CHUNKS_PER_CALL)
        counts = np.zeros((len(starts[batch]), *histogram_shape(n_players)), dtype=np.int64)
        enumerate_deals(*common, starts[batch], ends[batch], hilo, *table_args, counts)
        total += counts.sum(axis=0)
        _report(progress, int(deals * ends[batch][-1] // n_boards), deals)
    return total


def _sample(common, table_args, hilo, n_players, seed, samples, stderr_target, progress):
    """Draw samples a batch of chunks per kernel call, until the size or target is met."""
    limit = MAX_SAMPLES if stderr_target is not None and samples is None else (samples or DEFAULT_SAMPLES)
    total = np.zeros(histogram_shape(n_players), dtype=np.int64)
    drawn = 0
    chunk = 0
    while drawn < limit:
        n_chunks = min(CHUNKS_PER_CALL, ceil((limit - drawn) / CHUNK_SAMPLES))
        sizes = np.full(n_chunks, CHUNK_SAMPLES, dtype=np.int64)
        sizes[-1] = min(CHUNK_SAMPLES, limit - drawn - CHUNK_SAMPLES * (n_chunks - 1))
        counts = np.zeros((n_chunks, *histogram_shape(n_players)), dtype=np.int64)
        sample_deals(*common, np.uint64(seed), chunk, sizes, hilo, *table_args, counts)
        total += counts.sum(axis=0)
        drawn += int(sizes.sum())
        chunk += n_chunks
        _report(progress, drawn, None if stderr_target is not None and samples is None else limit)
        if stderr_target is not None and all(
            summarize_player("", total[p], False).equity_stderr <= stderr_target
            for p in range(n_players)
        ):
            break
    return total
