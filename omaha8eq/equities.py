"""Public equity calculation: exact enumeration or seeded Monte Carlo, multiway.

Hands are text (``"As Ah 2c 3d"``), lists of cards or card ints (``4 * rank + suit``,
rank 0..12 = 2..A, suit 0..3 = c, d, h, s), ``"random"`` for a hand dealt at
random from the remaining cards in every deal, or ranges.

:func:`split_equity` (internal, used by ``omaha8eq.counterfeit``) gives the exact
equity overall and separately over the runouts that bring a card of given ranks and
over the others, in one enumeration; it shares :func:`equity`'s parsing, checks and
joint range model.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import product
from math import ceil, prod
from typing import Any

import numba
import numpy as np

from .cards import CardSpec, check_disjoint, format_cards, parse_cards
from .core.exact_boards import board_combinations, deal_count, enumerate_deals
from .core.exact_multisets import aggregate_showdowns, rank_multisets
from .core.montecarlo import MAX_REDRAWS, sample_deals
from .core.showdown import fixed_hand_tables, histogram_shape
from .core.tables import get_tables
from .errors import HandSizeError, OmahaInputError
from .inputs import DECK_SIZE, parse_hole
from .results import EquityResult, hand_equities, share_matrix, share_units, summarize_player

__all__ = ["DEFAULT_SAMPLES", "EXHAUSTIVE_LIMIT", "equity"]

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
#: (``core/exact_multisets.py``); False visits every board (``core/exact_boards.py``).
AGGREGATE_EXACT = True

RANDOM = "random"
#: Exact runs with ranges cost about this many evaluations per hand combination
#: preflop (rank multisets plus flush corrections), fewer on later streets.
AGGREGATE_POINTS = 30_000
#: Range weights are kept as integers: a weight w in (0, 1] counts as round(w * 1000).
WEIGHT_SCALE = 1000
ProgressCallback = Callable[[int, "int | None"], None]


@dataclass
class _Seat:
    """One player of an equity run: a fixed hand, a random hand or a range."""

    label: str
    cards: tuple[int, ...] | None = None
    hands: np.ndarray | None = None  # a range's hands, (n, hole size) int8
    weights: np.ndarray | None = None  # their integer weights

    @property
    def is_range(self) -> bool:
        return self.hands is not None

    @property
    def is_random(self) -> bool:
        return self.cards is None and self.hands is None


def _integer_weights(weights: Sequence[float] | np.ndarray) -> np.ndarray:
    """A range's weights as whole numbers: ``round(w * WEIGHT_SCALE)`` (at least 1),
    divided by their greatest common divisor (int64)."""
    scaled = np.maximum(np.rint(np.asarray(weights, dtype=np.float64) * WEIGHT_SCALE), 1).astype(np.int64)
    return scaled // np.gcd.reduce(scaled) if len(scaled) else scaled


def _range_seat(label: str, parsed: Any) -> _Seat:
    """The seat of a parsed :class:`~omaha8eq.ranges.range.Range`: its hands and integer weights."""
    return _Seat(
        label,
        hands=np.ascontiguousarray(parsed.hands, dtype=np.int8),
        weights=_integer_weights(parsed.weights),
    )


def _parse_seats(hands: Sequence) -> tuple[list[_Seat], int]:
    """Parse every hand, "random" and range; return the seats and the hole size."""
    from .ranges.range import Range, is_range_expression

    if isinstance(hands, (str, bytes)) or not isinstance(hands, Sequence):
        raise TypeError("hands: expected a list of hands, e.g. ['AsAh2c3d', 'KsKhQdJd']")
    if len(hands) < 2:
        raise OmahaInputError(f"hands: {len(hands)} hand given; equity needs 2 or more")
    seats: list[_Seat | None] = []
    for i, hand in enumerate(hands, start=1):
        if isinstance(hand, str) and hand.strip().lower() == RANDOM:
            seats.append(_Seat(RANDOM))
        elif isinstance(hand, Range) or (isinstance(hand, str) and is_range_expression(hand)):
            seats.append(None)  # parsed once the hole size is known
        else:
            cards = parse_hole(hand, what=f"hand {i}")
            seats.append(_Seat(format_cards(cards), cards=cards))
    sizes = {len(s.cards) for s in seats if s is not None and s.cards is not None}
    sizes |= {h.hole_size for h in hands if isinstance(h, Range)}
    if len(sizes) > 1:
        raise HandSizeError(
            "hands: every hand must have the same number of hole cards, got "
            + ", ".join(
                f"hand {i}: {len(s.cards)}" for i, s in enumerate(seats, 1) if s is not None and s.cards is not None
            )
        )
    hole_size = sizes.pop() if sizes else 4
    for i, (seat, hand) in enumerate(zip(seats, hands)):
        if seat is None:
            parsed = hand if isinstance(hand, Range) else _parse_range(hand, hole_size, f"hand {i + 1}")
            seats[i] = _range_seat(str(hand).strip(), parsed)
    if all(s.is_random for s in seats):
        raise OmahaInputError("hands: at least one hand must be known or a range (not all 'random')")
    return seats, hole_size


_RANGE_ONLY = set("*$%@!:()[]-,")


def _parse_range(text: str, hole_size: int, what: str) -> Any:
    """Parse a range; text that reads as neither a range nor cards gets the card error
    (naming ``what``, e.g. "hand 2") when it uses no range syntax at all ("Ks Kh Qd Xd"
    is a mistyped hand)."""
    from .ranges.range import RangeSyntaxError, parse_range

    try:
        return parse_range(text, hole_size=hole_size)
    except RangeSyntaxError:
        if not _RANGE_ONLY & set(text):
            parse_hole(text, what=what)
        raise


def _card_masks(hands: np.ndarray) -> np.ndarray:
    """The 52-bit card mask of every row of a (n, h) card array."""
    return np.bitwise_or.reduce(np.left_shift(np.int64(1), hands.astype(np.int64)), axis=1)


def _restrict_ranges(seats: list[_Seat], known_mask: int, names: Sequence[str] | None = None) -> None:
    """Drop range hands that hold a known card; a range left with one hand becomes fixed.

    The cards of a range that became fixed are known to the other ranges too (so the
    other ranges are restricted again). ``names[i]`` names seat i in errors (default
    "hand i+1").
    """
    changed = True
    while changed:
        changed = False
        for i, seat in enumerate(seats):
            if not seat.is_range:
                continue
            keep = (_card_masks(seat.hands) & known_mask) == 0
            if not keep.any():
                name = names[i] if names is not None else f"hand {i + 1}"
                raise OmahaInputError(
                    f"{name}: no hand of the range {seat.label!r} is left once the known "
                    "cards (other hands, board, dead cards) are removed"
                )
            seat.hands, seat.weights = seat.hands[keep], seat.weights[keep]
            if len(seat.hands) == 1:
                seat.cards = tuple(int(c) for c in seat.hands[0])
                seat.label = format_cards(seat.cards)
                seat.hands = seat.weights = None
                known_mask |= sum(1 << c for c in seat.cards)
                changed = True


def _parse_spot(
    hands: Sequence, board: CardSpec, dead: CardSpec
) -> tuple[list[_Seat], int, tuple[int, ...], tuple[int, ...]]:
    """Parse and check the players, the board and the dead cards: the seats, the hole
    size, the board and the dead cards (no card twice, enough cards in the deck)."""
    seats, n_hole = _parse_seats(hands)
    board_cards = parse_cards(board, what="board")
    if len(board_cards) > 5:
        raise HandSizeError(f"board: {len(board_cards)} cards given; a board has at most 5")
    dead_cards = parse_cards(dead, what="dead cards")
    check_disjoint(
        [(f"hand {i}", s.cards) for i, s in enumerate(seats, 1) if s.cards is not None]
        + [("the board", board_cards), ("the dead cards", dead_cards)]
    )
    n_players = len(seats)
    needed = n_players * n_hole + 5 + len(dead_cards)
    if needed > DECK_SIZE:
        raise OmahaInputError(
            f"hands: {n_players} players with {n_hole} cards each, a board and "
            f"{len(dead_cards)} dead cards need {needed} cards; the deck has 52 "
            f"(at most {(DECK_SIZE - 5 - len(dead_cards)) // n_hole} players)"
        )
    return seats, n_hole, board_cards, dead_cards


@dataclass
class _Deal:
    """A checked spot made ready for the kernels (see :func:`_prepare_deal`)."""

    seats: list[_Seat]
    n_hole: int
    board_cards: tuple[int, ...]
    dead_cards: tuple[int, ...]
    deck: np.ndarray  # the cards no fixed hand, board or dead card holds (int8)
    holes: np.ndarray  # (players, n_hole) int8: the fixed hands' cards, zeros elsewhere
    random_players: np.ndarray  # seats of the random hands (int64)
    ranged: list[int]  # seats of the ranges
    board_array: np.ndarray  # the known board in a 5-card int8 array

    @property
    def fixed(self) -> np.ndarray:
        return np.array([s.cards is not None for s in self.seats])

    def common(self, fixed_tables: np.ndarray) -> tuple:
        """The arguments every kernel takes first (``_exact_ranges`` and friends unpack them)."""
        return (
            self.holes, self.n_hole, self.random_players, self.fixed, fixed_tables,
            self.board_array, len(self.board_cards), self.deck,
        )  # fmt: skip


def _prepare_deal(seats: list[_Seat], n_hole: int, board_cards: tuple[int, ...], dead_cards: tuple[int, ...]) -> _Deal:
    """Restrict the ranges to the cards left and build the kernels' arrays."""
    known = [c for s in seats if s.cards is not None for c in s.cards] + list(board_cards) + list(dead_cards)
    _restrict_ranges(seats, sum(1 << c for c in known))
    known = [c for s in seats if s.cards is not None for c in s.cards] + list(board_cards) + list(dead_cards)
    taken = set(known)
    holes = np.zeros((len(seats), n_hole), dtype=np.int8)
    for row, seat in enumerate(seats):
        if seat.cards is not None:
            holes[row] = seat.cards
    board_array = np.zeros(5, dtype=np.int8)
    board_array[: len(board_cards)] = board_cards
    return _Deal(
        seats=seats,
        n_hole=n_hole,
        board_cards=board_cards,
        dead_cards=dead_cards,
        deck=np.array([c for c in range(DECK_SIZE) if c not in taken], dtype=np.int8),
        holes=holes,
        random_players=np.array([i for i, s in enumerate(seats) if s.is_random], dtype=np.int64),
        ranged=[i for i, s in enumerate(seats) if s.is_range],
        board_array=board_array,
    )


def _table_args(tables: Any) -> tuple:
    return (tables.board_pair, tables.flush5, tables.suited, tables.low)


def _result(
    deal: _Deal,
    counts: np.ndarray,
    outcomes: int,
    exhaustive: bool,
    seed: int | None,
    hilo: bool,
    started: float,
    hand_results: dict[int, tuple] | None = None,
) -> EquityResult:
    """The :class:`EquityResult` of the outcome histogram ``counts`` (player, high, low)."""
    hand_results = hand_results or {}
    n_players = len(deal.seats)
    players = [
        summarize_player(seat.label, counts[p], exhaustive, by_hand=hand_results.get(p))
        for p, seat in enumerate(deal.seats)
    ]
    nobody_low = int(counts[0, :, n_players + 2].sum())
    return EquityResult(
        players=players,
        board=format_cards(deal.board_cards),
        dead=format_cards(deal.dead_cards),
        outcomes=outcomes,
        exhaustive=bool(exhaustive),
        seed=seed,
        elapsed=time.perf_counter() - started,
        no_low=nobody_low / int(counts[0].sum()),
        hilo=hilo,
    )


def _report(progress: ProgressCallback | None, done: int, total: int | None) -> None:
    if progress is not None:
        progress(done, total)


def equity(
    hands: Sequence,
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
    seats, n_hole, board_cards, dead_cards = _parse_spot(hands, board, dead)
    n_players = len(seats)
    if samples is not None and (isinstance(samples, bool) or not isinstance(samples, int) or samples < 1):
        raise OmahaInputError(f"samples: expected a positive integer, got {samples!r}")
    if stderr_target is not None and not (stderr_target > 0):
        raise OmahaInputError(f"stderr_target: expected a positive number, got {stderr_target!r}")
    if exhaustive and (samples is not None or stderr_target is not None):
        raise OmahaInputError("exhaustive=True cannot be combined with samples or stderr_target")
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**64):
        raise OmahaInputError(f"seed: expected an integer 0 <= seed < 2**64, got {seed!r}")
    if threads is not None:
        if (
            isinstance(threads, bool)
            or not isinstance(threads, int)
            or not 1 <= threads <= numba.config.NUMBA_NUM_THREADS
        ):
            raise OmahaInputError(f"threads: expected 1..{numba.config.NUMBA_NUM_THREADS}, got {threads!r}")

    deal = _prepare_deal(seats, n_hole, board_cards, dead_cards)
    deck, random_players, ranged = deal.deck, deal.random_players, deal.ranged
    n_missing = 5 - len(board_cards)
    if ranged and len(random_players) and exhaustive:
        raise OmahaInputError(
            "exhaustive=True: exact enumeration of ranges together with random hands is not "
            "supported; use Monte Carlo (samples or stderr_target)"
        )
    if ranged:
        combinations = prod(len(seats[i].hands) for i in ranged)
        boards = board_combinations(len(deck) - len(ranged) * n_hole, n_missing)
        work = combinations * min(boards, AGGREGATE_POINTS)
        deals = combinations * boards
    else:
        deals = work = deal_count(len(deck), n_missing, len(random_players), n_hole)
    if exhaustive is None:
        exhaustive = (
            samples is None
            and stderr_target is None
            and not (ranged and len(random_players))
            and work <= EXHAUSTIVE_LIMIT
        )

    tables = get_tables()
    # The exact aggregation reads only the high columns: skip building the rest.
    aggregated = exhaustive and (bool(ranged) or (len(random_players) == 0 and AGGREGATE_EXACT))
    fixed_tables = fixed_hand_tables(deal.holes, deal.fixed, tables, flushes_and_lows=not aggregated)
    common = deal.common(fixed_tables)
    table_args = _table_args(tables)
    previous_threads = numba.get_num_threads()
    if threads is not None:
        numba.set_num_threads(threads)
    hand_results: dict[int, tuple] = {}
    try:
        if exhaustive and ranged:
            counts, part_outcomes, hand_results = _exact_ranges(
                common, table_args, hilo, seats, ranged, by_hand, progress
            )
            counts, outcomes = counts[0], int(part_outcomes[0])
            used_seed = None
        elif exhaustive:
            if len(random_players) == 0 and AGGREGATE_EXACT:
                counts = _aggregate(common, table_args, hilo, n_players, deals, progress)[0]
            else:
                counts = _enumerate(common, table_args, hilo, n_players, len(deck), n_missing, deals, progress)
            outcomes, used_seed = deals, None
        else:
            used_seed = int.from_bytes(os.urandom(8), "little") if seed is None else seed
            counts, hand_results = _sample(
                common, table_args, hilo, seats, ranged, by_hand, used_seed, samples,
                stderr_target, progress,
            )  # fmt: skip
            outcomes = int(counts[0].sum())
    finally:
        numba.set_num_threads(previous_threads)

    return _result(deal, counts, outcomes, exhaustive, used_seed, hilo, started, hand_results)


def split_equity(
    hands: Sequence,
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
    seats, n_hole, board_cards, dead_cards = _parse_spot(hands, board, dead)
    if isinstance(ranks, bool) or not isinstance(ranks, (int, np.integer)) or not 0 <= ranks < 1 << 13:
        raise OmahaInputError(f"ranks: expected a 13-bit rank mask 0..8191, got {ranks!r}")
    if any(s.is_random for s in seats):
        raise OmahaInputError("hands: 'random' hands are not supported here; give known hands or ranges")
    deal = _prepare_deal(seats, n_hole, board_cards, dead_cards)
    tables = get_tables()
    common = deal.common(fixed_hand_tables(deal.holes, deal.fixed, tables, flushes_and_lows=False))
    n_players = len(seats)
    if deal.ranged:
        counts, outcomes, _ = _exact_ranges(
            common, _table_args(tables), True, seats, deal.ranged, False, progress, split_ranks=int(ranks)
        )
    else:
        counts = _aggregate(common, _table_args(tables), True, n_players, 0, None, split_ranks=int(ranks))
        outcomes = counts[:, 0].sum(axis=(1, 2))
        _report(progress, int(outcomes.sum()), int(outcomes.sum()))
    overall = _result(deal, counts.sum(axis=0), int(outcomes.sum()), True, None, True, started)
    parts = [
        _result(deal, counts[k], int(outcomes[k]), True, None, True, started)
        if k < len(counts) and outcomes[k]
        else None
        for k in (1, 0)
    ]
    return overall, parts[0], parts[1]


def _exact_ranges(common, table_args, hilo, seats, ranged, by_hand, progress, split_ranks=0):
    """Exact counts with ranges: every combination of range hands that shares no card,
    weighted by the product of the hands' weights, each enumerated exactly.

    Returns the weighted histograms, one per part of ``split_ranks`` (see
    ``core.aggregate.aggregate_showdowns``: one part when it is 0, else two), the
    number of deals of each part (combinations times boards, unweighted) and, with
    ``by_hand``, for each range player the per-hand results (see
    ``results.hand_equities``).
    """
    holes, n_hole, random_players, fixed, fixed_highs, board, n_known, deck = common
    n_players = holes.shape[0]
    tables = get_tables()
    masks = [_card_masks(seats[i].hands) for i in ranged]
    # Each range hand's high without flushes on every board, computed once.
    range_highs = [
        fixed_hand_tables(seats[i].hands, np.ones(len(seats[i].hands), dtype=bool), tables, flushes_and_lows=False)
        for i in ranged
    ]
    parts = 2 if split_ranks else 1
    n_combinations = prod(len(seats[i].hands) for i in ranged)
    # Weighted counts stay exact: int64 while they surely fit, Python ints beyond (several
    # weighted ranges preflop can pass 2**63).
    largest = n_combinations * board_combinations(len(deck), 5 - n_known)
    largest *= prod(int(seats[i].weights.max()) for i in ranged)
    weighted = np.int64 if largest < 2**63 else object
    total = np.zeros((parts, *histogram_shape(n_players)), dtype=weighted)
    per_hand = (
        {i: np.zeros((len(seats[i].hands), *histogram_shape(n_players)[1:]), dtype=weighted) for i in ranged}
        if by_hand
        else {}
    )
    dealt = {i: np.zeros(len(seats[i].hands), dtype=weighted) for i in ranged}
    outcomes = np.zeros(parts, dtype=np.int64)
    work_holes = holes.copy()
    work_highs = fixed_highs.copy()
    for done, choice in enumerate(product(*(range(len(seats[i].hands)) for i in ranged)), start=1):
        used = 0
        for r, k in enumerate(choice):
            if masks[r][k] & used:
                break
            used |= int(masks[r][k])
        else:
            weight = 1
            for r, (i, k) in enumerate(zip(ranged, choice)):
                work_holes[i] = seats[i].hands[k]
                work_highs[i] = range_highs[r][k]
                weight *= int(seats[i].weights[k])
            combo_deck = deck[(np.left_shift(np.int64(1), deck.astype(np.int64)) & used) == 0]
            counts = np.zeros((parts, *histogram_shape(n_players)), dtype=np.int64)
            aggregate_showdowns(
                work_holes, n_hole, work_highs, board, n_known, combo_deck, *rank_multisets(),
                hilo, *table_args[1:], split_ranks, counts,
            )  # fmt: skip
            outcomes += counts[:, 0].sum(axis=(1, 2))
            counts = counts.astype(weighted, copy=False)
            total += weight * counts
            both = counts[0] if parts == 1 else counts.sum(axis=0)
            for r, (i, k) in enumerate(zip(ranged, choice)):
                dealt[i][k] += weight * int(both[0].sum())
                if by_hand:
                    per_hand[i][k] += (weight // int(seats[i].weights[k])) * both[i]
        if done % 256 == 0 or done == n_combinations:
            _report(progress, done, n_combinations)
    if outcomes.sum() == 0:
        raise OmahaInputError(
            "hands: the ranges cannot be dealt together: every combination of their hands shares a card"
        )
    hand_results = {}
    if by_hand:
        shares = share_matrix(n_players)
        for i in ranged:
            won = (per_hand[i] * shares).sum(axis=(1, 2))
            seen = per_hand[i].sum(axis=(1, 2))
            hand_results[i] = hand_equities(seats[i].hands, won / np.maximum(seen, 1), dealt[i])
    return total, outcomes, hand_results


def _aggregate(common, table_args, hilo, n_players, deals, progress, split_ranks=0):
    """Exact counts for fixed hands by rank multisets plus flush corrections: one
    histogram per part of ``split_ranks`` (one when it is 0, else two)."""
    holes, n_hole, _, _, fixed_highs, board, n_known, deck = common
    counts = np.zeros((2 if split_ranks else 1, *histogram_shape(n_players)), dtype=np.int64)
    aggregate_showdowns(
        holes, n_hole, fixed_highs, board, n_known, deck, *rank_multisets(), hilo,
        *table_args[1:], split_ranks, counts,
    )  # fmt: skip
    _report(progress, deals, deals)
    return counts


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


def _sample(common, table_args, hilo, seats, ranged, by_hand, seed, samples, stderr_target, progress):
    """Draw samples a batch of chunks per kernel call, until the size or target is met."""
    holes, n_hole, random_players, fixed, fixed_tables, board, n_known, deck = common
    n_players = holes.shape[0]
    # Range players draw from the concatenation of their ranges' hands.
    range_players = np.array(ranged, dtype=np.int64)
    range_hands = np.concatenate([seats[i].hands for i in ranged] or [np.zeros((0, n_hole), dtype=np.int8)])
    range_offsets = np.cumsum([0] + [len(seats[i].hands) for i in ranged]).astype(np.int64)
    range_cumulative = np.concatenate([np.cumsum(seats[i].weights).astype(np.float64) for i in ranged] or [np.zeros(0)])
    range_masks = _card_masks(range_hands)
    units = share_units(n_players)
    tracked = len(range_hands) if by_hand else 1
    hand_shares = np.zeros(tracked, dtype=np.int64)
    hand_deals = np.zeros(tracked, dtype=np.int64)

    limit = MAX_SAMPLES if stderr_target is not None and samples is None else (samples or DEFAULT_SAMPLES)
    total = np.zeros(histogram_shape(n_players), dtype=np.int64)
    drawn = 0
    chunk = 0
    while drawn < limit:
        n_chunks = min(CHUNKS_PER_CALL, ceil((limit - drawn) / CHUNK_SAMPLES))
        sizes = np.full(n_chunks, CHUNK_SAMPLES, dtype=np.int64)
        sizes[-1] = min(CHUNK_SAMPLES, limit - drawn - CHUNK_SAMPLES * (n_chunks - 1))
        counts = np.zeros((n_chunks, *histogram_shape(n_players)), dtype=np.int64)
        chunk_shares = np.zeros((n_chunks, tracked), dtype=np.int64)
        chunk_deals = np.zeros((n_chunks, tracked), dtype=np.int64)
        stuck = np.zeros(n_chunks, dtype=np.bool_)
        sample_deals(
            holes, n_hole, random_players, fixed, fixed_tables, board, n_known, deck,
            range_players, range_hands, range_masks, range_offsets, range_cumulative, units,
            by_hand, np.uint64(seed), chunk, sizes, hilo, *table_args, counts, chunk_shares,
            chunk_deals, stuck,
        )  # fmt: skip
        if stuck.any():
            raise OmahaInputError(
                "hands: the ranges almost never fit together without two players sharing a "
                f"card (no deal found in {MAX_REDRAWS:,} draws); narrow them or use exhaustive=True"
            )
        total += counts.sum(axis=0)
        hand_shares += chunk_shares.sum(axis=0)
        hand_deals += chunk_deals.sum(axis=0)
        drawn += int(sizes.sum())
        chunk += n_chunks
        _report(progress, drawn, None if stderr_target is not None and samples is None else limit)
        if stderr_target is not None and all(
            summarize_player("", total[p], False).equity_stderr <= stderr_target for p in range(n_players)
        ):
            break
    hand_results = {}
    if by_hand:
        pot = units[1, n_players + 2]
        for r, i in enumerate(ranged):
            part = slice(range_offsets[r], range_offsets[r + 1])
            won = hand_shares[part] / (pot * np.maximum(hand_deals[part], 1))
            hand_results[i] = hand_equities(seats[i].hands, won, hand_deals[part])
    return total, hand_results
