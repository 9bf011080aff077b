"""Monte Carlo orchestration: the one sampling loop, seeded chunks until a size or a stderr target is met.

Every sampled run (one board: :func:`sample_counts`; several boards:
``engine.multiboard``; queries: ``pql.run``) goes through :func:`draw_until`: its
:class:`SampleTarget` is built once from the run's options, its kernel calls each draw a
batch of chunks, and between two calls the loop reports progress (a callback that
raises, such as a cancelled web job's, stops the run there; so does Ctrl-C, which
Python sees between kernel calls) and stops once the standard errors are small enough.

The engine's samplers play chunks of ``CHUNK_SAMPLES`` deals, chunk ``i`` of a run
drawing from its own generator seeded from ``(seed, i)``; :func:`chunk_calls` lays them
out, ``CHUNKS_PER_CALL`` per kernel call, so a seed gives the same chunks, in the same
order, whatever the threads.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from math import ceil
from typing import Protocol

import numpy as np

from ..core import parallel
from ..core.hand_isomorphism import card_masks
from ..core.kernel_args import DealArrays, LookupTables, RangeDraw, SampleRun, StateOutcomes
from ..core.montecarlo import MAX_REDRAWS, no_state_outcomes, rank_state_outcomes, sample_deals
from ..core.showdown import histogram_shape
from ..errors import OmahaInputError
from ..outcomes import share_units
from ..results import hand_equities, summarize_player
from .deal import Deal
from .progress import CHUNKS_PER_CALL, ProgressCallback, report
from .summary import HandResults

__all__ = [
    "CHUNK_SAMPLES",
    "DEFAULT_SAMPLES",
    "MAX_SAMPLES",
    "MIN_SAMPLES",
    "SampleTarget",
    "chunk_calls",
    "draw_until",
    "exact_chosen",
    "sample_counts",
    "sampling_asked",
    "state_outcomes",
]

#: Monte Carlo size when neither ``samples`` nor ``stderr_target`` is given.
DEFAULT_SAMPLES = 1_000_000
#: Samples per Monte Carlo chunk: the unit of seeding and of parallel work.
CHUNK_SAMPLES = 1 << 14
#: Most samples a run draws: the largest ``samples`` accepted, and where a
#: ``stderr_target`` run stops when the target is not met by then.
MAX_SAMPLES = 1_000_000_000
#: Fewest samples accepted: a standard error needs two.
MIN_SAMPLES = 2


class SampleOptions(Protocol):
    """The fields of :class:`~.options.RunOptions` that decide between exact and sampled
    and how long a sample runs (a protocol: ``options`` imports this module)."""

    @property
    def exhaustive(self) -> bool | None: ...
    @property
    def samples(self) -> int | None: ...
    @property
    def stderr_target(self) -> float | None: ...


def sampling_asked(options: SampleOptions) -> bool:
    """Whether the options ask for Monte Carlo: a size or a standard-error target
    (``exhaustive=None`` then never enumerates)."""
    return options.samples is not None or options.stderr_target is not None


def exact_chosen(options: SampleOptions, cost: int | None, limit: int) -> bool:
    """The exact-or-sample choice of a run whose exact cost is ``cost`` (None: it cannot be
    enumerated): ``exhaustive`` when given, else exact when no sampling is asked and the
    cost is at most ``limit`` (the caller's unit: deals, tuples of boards ...)."""
    if options.exhaustive is not None:
        return options.exhaustive
    return not sampling_asked(options) and cost is not None and cost <= limit


@dataclass(frozen=True)
class SampleTarget:
    """When a run stops: after ``samples`` deals (``default`` when None), or once every
    standard error is at most ``stderr_target`` (at most ``MAX_SAMPLES`` deals when only
    the target is given). ``default`` is the size of a run that asks neither: the
    equity's ``DEFAULT_SAMPLES``, a query's own (``pql.run.QUERY``)."""

    samples: int | None
    stderr_target: float | None
    default: int = DEFAULT_SAMPLES

    @classmethod
    def of(cls, options: SampleOptions, default: int = DEFAULT_SAMPLES) -> SampleTarget:
        """The target of a run's options."""
        return cls(options.samples, options.stderr_target, default)

    @property
    def open_ended(self) -> bool:
        """True when only the target is given: the run's size is not known in advance."""
        return self.stderr_target is not None and self.samples is None

    @property
    def limit(self) -> int:
        """The most deals the run draws."""
        if self.open_ended:
            return MAX_SAMPLES
        return self.default if self.samples is None else self.samples

    @property
    def known_total(self) -> int | None:
        """The number of samples to report as the progress total (None: open-ended)."""
        return None if self.open_ended else self.limit

    def met(self, stderrs: Iterable[float | None] | None) -> bool:
        """True when there is a target and every standard error of ``stderrs`` is at most
        it (None in it: a figure with none, left out; ``stderrs`` None: too few deals yet)."""
        if self.stderr_target is None or stderrs is None:
            return False
        return all(e is None or e <= self.stderr_target for e in stderrs)


def draw_until(
    target: SampleTarget,
    batches: Iterable[int],
    stderrs: Callable[[], Iterable[float | None] | None],
    progress: ProgressCallback | None,
) -> bool | None:
    """The one sampling loop: draw the ``batches`` (each drawn and added up by the caller as
    it is taken, answering its number of deals) until they end or ``target`` is met.

    After each batch it reports ``progress(drawn, target.known_total)``, then, with a
    target, asks ``stderrs()`` for the run's standard errors so far and stops once
    :meth:`SampleTarget.met`. Returns whether the target was met (None without one). An
    exception raised by ``progress`` (a cancelled job) or Ctrl-C stops the run between
    two batches.
    """
    drawn = 0
    for n in batches:
        drawn += n
        report(progress, drawn, target.known_total)
        if target.stderr_target is not None and target.met(stderrs()):
            return True
    return None if target.stderr_target is None else False


def chunk_calls(
    limit: int, chunks_per_call: int = CHUNKS_PER_CALL, chunk_samples: int = CHUNK_SAMPLES
) -> Iterator[tuple[int, np.ndarray]]:
    """The kernel calls of a run of ``limit`` samples: each call's first chunk index and its
    chunks' sizes (int64), ``chunks_per_call`` full chunks of ``chunk_samples`` a call, the
    last one trimmed to ``limit``. Chunk ``i`` is seeded from ``(seed, i)``, so the
    samples drawn do not depend on ``chunks_per_call``; a caller may stop early."""
    drawn = chunk = 0
    while drawn < limit:
        n_chunks = min(chunks_per_call, ceil((limit - drawn) / chunk_samples))
        sizes = np.full(n_chunks, chunk_samples, dtype=np.int64)
        sizes[-1] = min(chunk_samples, limit - drawn - chunk_samples * (n_chunks - 1))
        yield chunk, sizes
        drawn += int(sizes.sum())
        chunk += n_chunks


def range_draw(deal: Deal) -> RangeDraw:
    """The deal's ranges concatenated for the sampler: range players draw from them."""
    seats = [deal.seats[i] for i in deal.ranged]
    empty = np.zeros((0, deal.spot.hole_size), dtype=np.int8)
    hands = np.concatenate([s.range_hands() for s in seats] or [empty])
    return RangeDraw(
        players=np.array(deal.ranged, dtype=np.int64),
        hands=hands,
        masks=card_masks(hands),
        offsets=np.cumsum([0] + [len(s.range_hands()) for s in seats]).astype(np.int64),
        cumulative=np.concatenate([np.cumsum(s.range_weights()).astype(np.float64) for s in seats] or [np.zeros(0)]),
    )


def state_outcomes(deal: Deal, arrays: DealArrays, tables: LookupTables) -> StateOutcomes:
    """What ``sample_deals`` reads of ``deal``'s rank states: their outcomes when only known
    hands play (``rank_state_outcomes``, once a run), else nothing."""
    if not deal.known_only:
        return no_state_outcomes()
    return StateOutcomes(*rank_state_outcomes(arrays, tables))


def sample_counts(
    deal: Deal,
    arrays: DealArrays,
    tables: LookupTables,
    *,
    seed: int,
    target: SampleTarget,
    by_hand: bool,
    progress: ProgressCallback | None,
) -> tuple[np.ndarray, HandResults, bool | None]:
    """Sample deals a batch of chunks per kernel call until ``target`` is met.

    Returns the outcome histogram (player, high, low), with ``by_hand`` per range seat
    the per-hand results, and whether the ``stderr_target`` was met (None without
    one). Raises OmahaInputError when the ranges (almost) never fit together.
    """
    n_players = deal.n_players
    ranges = range_draw(deal)
    units = share_units(n_players)
    tracked = len(ranges.hands) if by_hand else 1
    hand_shares = np.zeros(tracked, dtype=np.int64)
    hand_deals = np.zeros(tracked, dtype=np.int64)
    total = np.zeros(histogram_shape(n_players), dtype=np.int64)
    outcomes = state_outcomes(deal, arrays, tables)

    def draw(chunk: int, sizes: np.ndarray) -> int:
        n_chunks = len(sizes)
        counts = np.zeros((n_chunks, *histogram_shape(n_players)), dtype=np.int64)
        chunk_shares = np.zeros((n_chunks, tracked), dtype=np.int64)
        chunk_deals = np.zeros((n_chunks, tracked), dtype=np.int64)
        stuck = np.zeros(n_chunks, dtype=np.bool_)
        run = SampleRun(np.uint64(seed), chunk, sizes, bool(by_hand), units)
        parallel.run(sample_deals, arrays, tables, ranges, run, outcomes, counts, chunk_shares, chunk_deals, stuck)
        if stuck.any():
            raise OmahaInputError(
                "hands: the ranges almost never fit together without two players sharing a "
                f"card (no deal found in {MAX_REDRAWS:,} draws); narrow them or use exhaustive=True"
            )
        total[...] += counts.sum(axis=0)
        hand_shares[...] += chunk_shares.sum(axis=0)
        hand_deals[...] += chunk_deals.sum(axis=0)
        return int(sizes.sum())

    def stderrs() -> list[float]:
        return [summarize_player("", total[p], False).equity_stderr for p in range(n_players)]

    batches = (draw(chunk, sizes) for chunk, sizes in chunk_calls(target.limit))
    met = draw_until(target, batches, stderrs, progress)
    hand_results: HandResults = {}
    if by_hand:
        pot = units[1, n_players + 2]
        for r, i in enumerate(deal.ranged):
            part = slice(ranges.offsets[r], ranges.offsets[r + 1])
            won = hand_shares[part] / (pot * np.maximum(hand_deals[part], 1))
            hand_results[i] = hand_equities(deal.seats[i].range_hands(), won, hand_deals[part])
    return total, hand_results, met
