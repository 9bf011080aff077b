"""A run's cost priced from the ranges' sizes alone, before any range is built: its memory
(the twin of the work estimate, :mod:`omaha8eq.engine.method`) and the work of an exact
run, so that a front end can refuse a hopeless request at once instead of after building
ranges of millions of hands.

The sizes come from :func:`omaha8eq.ranges.range.range_size` (counted, or estimated from
a sample, in milliseconds). The per-hand byte costs were measured (peak resident memory
over the process's, 6-card ranges of about a million hands, one thread): building a
range of a 6-card band peaks at about 50 bytes a hand, a run over it adds about 110, and
per-hand results (``by_hand``: a Python record per hand, and its JSON) about 500 more.
The constants below round those up.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from math import ceil, comb, prod

from ..cards import DECK_SIZE, cards_to_mask, parse_cards
from ..core.exact_boards import board_combinations
from ..deck import HOLE_SIZES
from ..errors import OmahaInputError, WorkLimitError
from ..games import Game
from .method import COMBINATION_OVERHEAD, MAX_WORK, RATES, Method, aggregate_work, duration_text
from .options import RunOptions
from .progress import CHUNKS_PER_CALL
from .range_vs_range import row_touches
from .runout_symmetry import runout_orbit_count
from .sampling import CHUNK_SAMPLES, DEFAULT_SAMPLES, MAX_SAMPLES
from .spot import RANDOM

__all__ = [
    "BASE_BYTES",
    "BUILD_BYTES",
    "BUILT_HOLE_SIZE",
    "BY_HAND_BYTES",
    "COMBINATIONS_MARGIN",
    "DESCRIBE_BYTES",
    "EARLY_MARGIN",
    "EXACT_BYTES",
    "EXACT_BY_HAND_BYTES",
    "RUN_BYTES",
    "SAMPLE_CHUNK_BYTES",
    "ExactCost",
    "ExploreCost",
    "SpotSizes",
    "check_explore_cost",
    "check_range_combinations",
    "check_spot_cost",
    "estimate_exact_work",
    "estimate_memory",
    "explore_cost",
    "live_hands",
    "memory_text",
    "range_memory",
    "spot_sizes",
]

#: Bytes a run needs whatever its ranges (kernels' arrays, the result, its JSON).
BASE_BYTES = 32 << 20
#: Bytes per range hand while its range is built (hands, weights, the band's expansion).
BUILD_BYTES = 60
#: Bytes per range hand during a run (card masks, cumulative weights, per-hand counts).
RUN_BYTES = 130
#: Bytes per range hand of the per-hand results (``by_hand``).
BY_HAND_BYTES = 650
#: Bytes per range hand that an exact run of ranges needs beyond ``RUN_BYTES``: the range
#: sweep's subset ids and its per-thread arrays of hands (with the next-card table, the
#: split sets' query sums). Measured: each more hand of a heads-up exact turn's ranges
#: took 287 (4 cards), 340-390 (5) and 341 (6) bytes more of peak resident memory (one
#: run to the next varies), against ``BUILD_BYTES`` and ``RUN_BYTES``' 190.
EXACT_BYTES = 250
#: Bytes per range hand that an exact run's per-hand results need beyond ``BY_HAND_BYTES``
#: (each hand's outcome histogram and its side of the sweep's sums): measured, 4-card
#: ranges on a turn grew by 1,189 bytes a hand with ``by_hand``.
EXACT_BY_HAND_BYTES = 300
#: Bytes per range hand and per chunk of a Monte Carlo kernel call with per-hand results
#: (two int64 counters a hand in each chunk, ``engine.sampling``: up to ``CHUNKS_PER_CALL``;
#: an upper bound: the arrays are allocated zeroed, and measured 5-card 15% with 2 million
#: samples took about a third of it).
SAMPLE_CHUNK_BYTES = 16
#: Bytes per range hand of a range's description (its class keys, sorted to count them).
DESCRIBE_BYTES = 30


def estimate_memory(range_hands: Sequence[int], *, by_hand: bool, samples: int = 0, exact: bool = False) -> int:
    """The peak memory, in bytes, of a run whose ranges hold ``range_hands`` hands each
    (an estimate; fixed and random hands cost only ``BASE_BYTES``); ``samples``: the most
    a Monte Carlo run draws (0: none), whose per-hand results are counted in chunks side
    by side; ``exact``: the run may count the ranges exactly (``EXACT_BYTES`` and, with
    ``by_hand``, ``EXACT_BY_HAND_BYTES`` a hand more: :meth:`SpotSizes.memory` prices the
    run the planner may choose).

    >>> memory_text(estimate_memory([20_358_520, 20_154_944], by_hand=True, samples=1000))
    '35 GB'
    >>> memory_text(estimate_memory([390_000], by_hand=True, samples=1_000_000))
    '748 MB'
    """
    per_hand = BUILD_BYTES + RUN_BYTES + (EXACT_BYTES if exact else 0)
    if by_hand:
        chunks = min(CHUNKS_PER_CALL, ceil(samples / CHUNK_SAMPLES))
        per_hand += BY_HAND_BYTES + SAMPLE_CHUNK_BYTES * chunks + (EXACT_BY_HAND_BYTES if exact else 0)
    return BASE_BYTES + per_hand * sum(range_hands)


def range_memory(hands: int) -> int:
    """The peak memory, in bytes, of building and describing a range of ``hands`` hands."""
    return BASE_BYTES + (BUILD_BYTES + DESCRIBE_BYTES) * hands


def memory_text(size: float) -> str:
    """A byte count in words: "640 MB", "2.1 GB" (decimal units)."""
    for unit, scale in (("GB", 1e9), ("MB", 1e6), ("kB", 1e3)):
        if size >= scale:
            value = size / scale
            return f"{value:.2g} {unit}" if value < 100 else f"{value:.0f} {unit}"
    return f"{size:.0f} bytes"


@dataclass(frozen=True)
class ExactCost:
    """The estimated work of an exact run: in ``unit``, about ``seconds`` on one core."""

    method: Method
    work: int
    unit: str
    seconds: float


def estimate_exact_work(
    sides: Sequence[int | None],
    *,
    hole_size: int,
    board: int,
    dead: int,
    one_range: bool = False,
    known_mask: int | None = None,
) -> ExactCost | None:
    """The work of an exact run of players given by their sizes (``sides``: a range's
    hands, 1 for a known hand, None for a random hand) on a board of ``board`` cards
    with ``dead`` dead cards: the range sweep for two players after the flop, the
    combination path otherwise. Each range loses the hands that hold a board or dead
    card (in proportion); ``one_range``: the two players hold the same range (swept once,
    half the work). None where only the planner can tell (preflop heads up, where
    it picks between two methods by the ranges' hands; random hands with ranges).

    ``known_mask`` (the board and dead cards, bit ``card``), when given, counts the
    sweep's runouts as the classes of runouts that the known cards' suit symmetries leave
    (:func:`~omaha8eq.engine.runout_symmetry.runout_orbit_count`): never more than the
    sweep runs, whose ranges may break some of those symmetries, so a refusal on this
    estimate is never one the planner would not make. Without it, every runout counts.

    >>> cost = estimate_exact_work([3_053_784, 3_053_784], hole_size=6, board=3, dead=0)
    >>> cost.method.value, f"{cost.work:.1e}"
    ('range sweep', '3.2e+11')
    """
    if None in sides or all(n == 1 for n in sides):
        return None  # random hands, or known hands only: the planner's estimates are cheap and exact
    known = board + dead
    live = comb(DECK_SIZE - known, hole_size) / comb(DECK_SIZE, hole_size)
    hands = [n if n == 1 else max(1, round(n * live)) for n in sides if n is not None]
    missing = 5 - board
    if len(hands) == 2 and board in (3, 4, 5):
        boards = (
            board_combinations(DECK_SIZE - known, missing)
            if known_mask is None
            else runout_orbit_count([], known_mask, missing)
        )
        work = row_touches(hands[0], hands[1], hole_size, mirror=one_range) * boards
        return ExactCost(Method.RANGE_SWEEP, work, "sweep row updates", work / RATES[Method.RANGE_SWEEP])
    if len(hands) == 2 and board == 0:
        return None
    boards = board_combinations(DECK_SIZE - known - sum(1 for n in sides if n != 1) * hole_size, missing)
    work = prod(hands) * (aggregate_work(len(hands), boards) + COMBINATION_OVERHEAD)
    method = Method.RANGE_COMBINATIONS
    return ExactCost(method, work, "hand evaluations", work / RATES[method])


#: A joint-combination count estimated from the ranges' sizes refuses a run before they
#: are built when it is this many times the limit (the sizes of bands are exact, the share
#: of their hands clear of the known cards is taken as the deck's: within a few percent).
COMBINATIONS_MARGIN = 1.2


def live_hands(hands: int, hole_size: int, known: int) -> int:
    """Of a range's ``hands``, about how many hold none of ``known`` known cards (the
    share of all hands of the size that avoid them)."""
    return round(hands * comb(DECK_SIZE - known, hole_size) / comb(DECK_SIZE, hole_size))


def check_range_combinations(sizes: Sequence[int], *, hole_size: int, known: int, limit: int, names: str) -> None:
    """Raise OmahaInputError, with the estimate, when the joint combinations of ranges of
    ``sizes`` hands (one hand each, clear of ``known`` cards) are surely above ``limit``
    (``COMBINATIONS_MARGIN`` times it): refused before the ranges are built."""
    estimate = prod(live_hands(n, hole_size, known) for n in sizes)
    if estimate > COMBINATIONS_MARGIN * limit:
        raise OmahaInputError(
            f"{names}: the ranges make more than {limit:,} joint combinations of hands (about {estimate:,}, "
            f"estimated from their sizes, {' and '.join(f'{n:,}' for n in sizes)} hands); give narrower ranges"
        )


#: An exact run is refused before its ranges are built when its estimate from their sizes
#: (within about 30% of the planner's own, which counts the built ranges) is this many times
#: the limit; nearer the limit the planner decides once the ranges are built.
EARLY_MARGIN = 2


#: The hole size whose ranges :func:`~omaha8eq.ranges.range.range_size` builds to count them:
#: no early refusal of their work saves a build.
BUILT_HOLE_SIZE = 4


@dataclass(frozen=True)
class SpotSizes:
    """A spot's players by size, read without building a range: ``sides`` (a range's
    hands, 1 for a known hand, None for a random one), the hole size, the numbers of known
    board and dead cards, whether two ranges are the same text (``one_range``: swept once)
    and the known cards' mask (bit ``card``)."""

    sides: list[int | None]
    hole_size: int
    board: int
    dead: int
    one_range: bool
    known_mask: int

    def exact_work(self) -> ExactCost | None:
        """:func:`estimate_exact_work` of these sizes (runouts counted by the known cards' classes)."""
        return estimate_exact_work(
            self.sides,
            hole_size=self.hole_size,
            board=self.board,
            dead=self.dead,
            one_range=self.one_range,
            known_mask=self.known_mask,
        )

    def memory(self, *, by_hand: bool, exhaustive: bool | None, samples: int, work_limit: int) -> int:
        """:func:`estimate_memory` of an equity run of this spot as asked: exact
        (``exhaustive=True``), sampled (``False``: up to ``samples``), or the planner's
        choice (``None``, neither samples nor a target given): the larger of the two when
        the exact work estimated from these sizes is within ``EARLY_MARGIN`` times
        ``work_limit``, else sampled (the planner samples such a spot). Without that
        estimate (preflop heads-up, random hands) also sampled: random hands with ranges
        are always sampled, and preflop the planner counts exactly only ranges so small
        that the two estimates hardly differ."""
        hands = self.range_hands
        sampled = estimate_memory(hands, by_hand=by_hand, samples=samples)
        if exhaustive is None:
            cost = self.exact_work()
            exhaustive = None if cost is not None and cost.work <= EARLY_MARGIN * work_limit else False
        if exhaustive is False:
            return sampled
        exact = estimate_memory(hands, by_hand=by_hand, exact=True)
        return exact if exhaustive else max(exact, sampled)

    @property
    def range_hands(self) -> list[int]:
        """The hands of each range (known and random hands left out)."""
        return [n for n in self.sides if n is not None and n > 1]


def spot_sizes(hands: object, board: object, dead: object, game: Game | None) -> SpotSizes | None:
    """The sizes of ``equity(hands, board, dead, game=game)``'s players, each text range
    counted by :func:`~omaha8eq.ranges.range.range_size` (milliseconds) instead of built
    (up to a minute for a 6-card range); None when any input is unreadable (the parser
    then names it, with its own message)."""
    from ..inputs import parse_hole
    from ..ranges.range import Range, is_range_expression, range_size

    if isinstance(hands, (str, bytes)) or not isinstance(hands, Sequence):
        return None
    texts = [h for h in hands if isinstance(h, str) and is_range_expression(h)]
    try:
        board_list, dead_list = parse_cards(board, what="board"), parse_cards(dead, what="dead cards")  # type: ignore[arg-type]
        known = [
            len(parse_hole(h))
            for h in hands
            if not isinstance(h, Range) and not (isinstance(h, str) and (h in texts or h.strip().lower() == RANDOM))
        ]
        built = [h.hole_size for h in hands if isinstance(h, Range)]
        hole_size = game.hole_cards if game is not None else next(iter(known + built), 4)
        if hole_size not in HOLE_SIZES:
            return None
        sizes = {text: range_size(text, hole_size=hole_size).hands for text in set(texts)}
    except (OmahaInputError, TypeError):
        return None
    sides: list[int | None] = []
    for hand in hands:
        if isinstance(hand, Range):
            sides.append(len(hand))
        elif isinstance(hand, str) and hand in sizes:
            sides.append(sizes[hand])
        elif isinstance(hand, str) and hand.strip().lower() == RANDOM:
            sides.append(None)
        else:
            sides.append(1)
    one_range = len(hands) == 2 and len(texts) == 2 and texts[0].strip() == texts[1].strip()
    known_mask = cards_to_mask((*board_list, *dead_list))
    return SpotSizes(sides, hole_size, len(board_list), len(dead_list), one_range, known_mask)


def check_spot_cost(sizes: SpotSizes, options: RunOptions) -> None:
    """Refuse, before any range is built, a run whose memory estimate
    (:func:`estimate_memory`) is above ``options.max_memory`` (or its default), and an
    ``exhaustive=True`` run whose exact work estimated from the ranges' sizes
    (:func:`estimate_exact_work`) is above ``EARLY_MARGIN`` times ``options.max_work``
    (default ``MAX_WORK``), 5 or 6 hole cards: WorkLimitError with the estimate and the limit."""
    hands = sizes.range_hands
    if options.samples is not None:
        samples = options.samples
    else:  # towards a target: up to MAX_SAMPLES (the per-hand chunks are bounded anyway)
        samples = MAX_SAMPLES if options.stderr_target is not None else DEFAULT_SAMPLES
    # Samples or a target asked: sampled (exhaustive=True refuses them both).
    sampled = options.samples is not None or options.stderr_target is not None
    work_limit = MAX_WORK if options.max_work is None else options.max_work
    exhaustive = False if sampled else options.exhaustive
    memory = sizes.memory(by_hand=options.by_hand, exhaustive=exhaustive, samples=samples, work_limit=work_limit)
    limit = options.memory_limit
    if memory > limit:
        default = " (half the machine's memory)" if options.max_memory is None else ""
        raise OmahaInputError(
            f"max_memory: this run would need about {memory_text(memory)} of memory (estimated from the ranges' "
            f"sizes, {' and '.join(f'{n:,}' for n in hands)} hands), above the limit max_memory={limit:,} bytes"
            f" = {memory_text(limit)}{default}; give narrower ranges"
            + (", leave out by_hand" if options.by_hand else "")
            + ", or raise max_memory (--max-memory) to run it anyway"
        )
    if not options.exhaustive or options.scheduler is not None or sizes.hole_size == BUILT_HOLE_SIZE:
        # Monte Carlo is bounded by MAX_SAMPLES; a cluster's limit is known once it is up; 4-card
        # ranges are built to be counted (a scan of 270,725 hands), and the planner, which
        # sees the built ranges (and ranges that cannot be dealt together), decides on them.
        return
    cost = sizes.exact_work()
    if cost is not None and cost.work > EARLY_MARGIN * work_limit:
        raise WorkLimitError(
            f"exhaustive=True: this exact run ({cost.method.value}) would take about {cost.work:.2g} {cost.unit}, "
            f"about {duration_text(cost.seconds)} on one core (more cores divide it), above the limit "
            f"max_work={work_limit:.2g} (estimated from the ranges' sizes, "
            f"{' and '.join(f'{n:,}' for n in hands)} hands, before building them); use Monte Carlo "
            "(samples or stderr_target; on the command line --samples or --stderr), narrower ranges, "
            "or raise max_work (--max-work) to run it anyway",
            work=cost.work, unit=cost.unit, seconds=cost.seconds, limit=work_limit,
        )  # fmt: skip


@dataclass(frozen=True)
class ExploreCost:
    """A range exploration (:func:`omaha8eq.explore`) priced from its ranges' sizes:
    ``hands`` (the explored range's, then, with ``against``, the other side's),
    ``memory`` (the estimated peak, in bytes) and, with ``against``, ``sweep`` (the work of
    its range sweep; None without one, or for two known hands)."""

    hands: tuple[int, ...]
    memory: int
    sweep: ExactCost | None


def explore_cost(
    hands: Sequence[int], *, hole_size: int, board: int, dead: int, one_range: bool = False
) -> ExploreCost:
    """The cost of exploring a range of ``hands[0]`` hands (against one of ``hands[1]``,
    if given) on a board of ``board`` cards with ``dead`` dead cards; ``one_range``: the
    two sides are the same text (swept once).

    The memory is :func:`estimate_memory`'s, with per-hand results when there is an
    ``against`` (each hand's outcome counts). The work is the range sweep's row touches
    (:func:`~omaha8eq.engine.range_vs_range.row_touches`) over every runout: not the
    classes of runouts the known cards' suit symmetries leave, as :class:`SpotSizes`
    counts them for equity, because no planner checks the built ranges after this
    estimate and the explorer's ranges often break those symmetries (measured, one
    thread: 15% against 50% on Kc8c5h took 34 s; every runout says 26 s at
    ``RATES``, the symmetry classes 16 s). The classification, one linear pass, is left
    out: it is priced by its memory.

    >>> cost = explore_cost([40_626, 135_382], hole_size=4, board=3, dead=0)
    >>> memory_text(cost.memory), f"{cost.sweep.work:.2g}", cost.sweep.unit
    ('181 MB', '2.6e+09', 'sweep row updates')
    """
    sizes = tuple(hands)
    memory = estimate_memory(sizes, by_hand=len(sizes) > 1)
    sweep = None
    if len(sizes) > 1:
        sweep = estimate_exact_work(sizes, hole_size=hole_size, board=board, dead=dead, one_range=one_range)
    return ExploreCost(sizes, memory, sweep)


def check_explore_cost(cost: ExploreCost, options: RunOptions) -> None:
    """Refuse, before any range is built, an exploration whose memory estimate is above
    ``options.max_memory`` (or its default: OmahaInputError) or whose sweep's work is
    above ``options.max_work`` (default ``MAX_WORK``: WorkLimitError, whose fields a front
    end with other controls words its own message from), each with the estimate."""
    hands = " and ".join(f"{n:,}" for n in cost.hands)
    limit = options.memory_limit
    if cost.memory > limit:
        default = " (half the machine's memory)" if options.max_memory is None else ""
        raise OmahaInputError(
            f"max_memory: this exploration would need about {memory_text(cost.memory)} of memory (estimated from "
            f"the ranges' sizes, {hands} hands), above the limit max_memory={limit:,} bytes = {memory_text(limit)}"
            f"{default}; give narrower ranges, or raise max_memory (--max-memory) to run it anyway"
        )
    sweep = cost.sweep
    work_limit = MAX_WORK if options.max_work is None else options.max_work
    if sweep is not None and sweep.work > work_limit:
        default = ", about a minute" if options.max_work is None else ""
        raise WorkLimitError(
            f"max_work: this exploration's range sweep would take about {sweep.work:.2g} {sweep.unit}, about "
            f"{duration_text(sweep.seconds)} on one core (more cores divide it), above the limit "
            f"max_work={work_limit:.2g}{default} (estimated from the ranges' sizes, {hands} hands, before building "
            "them); give narrower ranges, a later street, or raise max_work (--max-work) to run it anyway",
            work=sweep.work, unit=sweep.unit, seconds=sweep.seconds, limit=work_limit,
        )  # fmt: skip
