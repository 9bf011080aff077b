"""Monte Carlo orchestration: seeded chunks of samples until a size or a stderr target is met.

The sampler (``omaha8eq.core.montecarlo``) plays chunks of ``CHUNK_SAMPLES`` deals,
chunk ``i`` of a run drawing from its own generator seeded from ``(seed, i)``; this
module calls it ``CHUNKS_PER_CALL`` chunks at a time, reports progress between calls
and stops once every player's equity standard error is at most the target.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import ceil

import numpy as np

from ..core import parallel
from ..core.hand_isomorphism import card_masks
from ..core.kernel_args import DealArrays, LookupTables, RangeDraw, SampleRun
from ..core.montecarlo import MAX_REDRAWS, sample_deals
from ..core.showdown import histogram_shape
from ..errors import OmahaInputError
from ..outcomes import share_units
from ..results import hand_equities, summarize_player
from .deal import Deal
from .progress import CHUNKS_PER_CALL, ProgressCallback, report
from .summary import HandResults

__all__ = ["CHUNK_SAMPLES", "DEFAULT_SAMPLES", "MAX_SAMPLES", "MIN_SAMPLES", "SampleTarget", "sample_counts"]

#: Monte Carlo size when neither ``samples`` nor ``stderr_target`` is given.
DEFAULT_SAMPLES = 1_000_000
#: Samples per Monte Carlo chunk: the unit of seeding and of parallel work.
CHUNK_SAMPLES = 1 << 14
#: Most samples a run draws: the largest ``samples`` accepted, and where a
#: ``stderr_target`` run stops when the target is not met by then.
MAX_SAMPLES = 1_000_000_000
#: Fewest samples accepted: a standard error needs two.
MIN_SAMPLES = 2


@dataclass(frozen=True)
class SampleTarget:
    """When a run stops: after ``samples`` deals, or once every player's equity
    standard error is at most ``stderr_target`` (at most ``MAX_SAMPLES`` deals
    when only the target is given)."""

    samples: int | None
    stderr_target: float | None

    @property
    def limit(self) -> int:
        if self.stderr_target is not None and self.samples is None:
            return MAX_SAMPLES
        return self.samples or DEFAULT_SAMPLES

    @property
    def known_total(self) -> int | None:
        """The number of samples to report as the progress total (None: open-ended)."""
        return None if self.stderr_target is not None and self.samples is None else self.limit

    def met(self, total: np.ndarray) -> bool:
        """True when every player's standard error in the histograms ``total`` is small enough."""
        if self.stderr_target is None:
            return False
        return all(
            summarize_player("", total[p], False).equity_stderr <= self.stderr_target for p in range(total.shape[0])
        )


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


def _chunk_sizes(limit: int, drawn: int) -> np.ndarray:
    """The chunks of the next kernel call: full chunks, the last one trimmed to ``limit``."""
    n_chunks = min(CHUNKS_PER_CALL, ceil((limit - drawn) / CHUNK_SAMPLES))
    sizes = np.full(n_chunks, CHUNK_SAMPLES, dtype=np.int64)
    sizes[-1] = min(CHUNK_SAMPLES, limit - drawn - CHUNK_SAMPLES * (n_chunks - 1))
    return sizes


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
    drawn = chunk = 0
    met = False
    while drawn < target.limit:
        sizes = _chunk_sizes(target.limit, drawn)
        n_chunks = len(sizes)
        counts = np.zeros((n_chunks, *histogram_shape(n_players)), dtype=np.int64)
        chunk_shares = np.zeros((n_chunks, tracked), dtype=np.int64)
        chunk_deals = np.zeros((n_chunks, tracked), dtype=np.int64)
        stuck = np.zeros(n_chunks, dtype=np.bool_)
        run = SampleRun(np.uint64(seed), chunk, sizes, bool(by_hand), units)
        parallel.run(sample_deals, arrays, tables, ranges, run, counts, chunk_shares, chunk_deals, stuck)
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
        report(progress, drawn, target.known_total)
        met = target.met(total)
        if met:
            break
    hand_results: HandResults = {}
    if by_hand:
        pot = units[1, n_players + 2]
        for r, i in enumerate(deal.ranged):
            part = slice(ranges.offsets[r], ranges.offsets[r + 1])
            won = hand_shares[part] / (pot * np.maximum(hand_deals[part], 1))
            hand_results[i] = hand_equities(deal.seats[i].range_hands(), won, hand_deals[part])
    return total, hand_results, met if target.stderr_target is not None else None
