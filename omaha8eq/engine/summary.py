"""Turning outcome histograms into :class:`~omaha8eq.results.EquityResult`."""

from __future__ import annotations

import functools
import time

import numpy as np

from ..cards import format_cards
from ..outcomes import nobody_low_share, outcome_sums
from ..results import EquityResult, HandEquity, NextCardEquity, quick_constructor, summarize_player
from .spot import Spot

__all__ = ["HandResults", "build_result"]

#: Per range seat, the per-hand results of ``equity(..., by_hand=True)``.
HandResults = dict[int, tuple[HandEquity, ...]]


@functools.lru_cache(maxsize=4096)
def _cards_text(cards: tuple[int, ...]) -> str:
    """``format_cards(cards)``, cached: the same boards come back often."""
    return format_cards(cards)


def build_result(
    spot: Spot,
    counts: np.ndarray,
    outcomes: int,
    *,
    exhaustive: bool,
    seed: int | None,
    started: float,
    hand_results: HandResults | None = None,
    next_cards: tuple[NextCardEquity, ...] | None = None,
    target_met: bool | None = None,
    sums: list[list[int]] | None = None,
    weighted: bool = True,
) -> EquityResult:
    """The :class:`EquityResult` of the outcome histogram ``counts[player, high, low]``
    (``omaha8eq.core.showdown``), with ``elapsed`` measured from ``started``
    (a ``time.perf_counter()``), the next-card table ``next_cards`` if given, and
    ``target_met`` as :class:`EquityResult` says. ``sums``: the players'
    :func:`~omaha8eq.results.outcome_sums`, if known (computed for many spots at once).
    ``weighted=False`` says that each deal counts once (no range weights): every
    histogram then adds up to ``outcomes``."""
    hand_results = hand_results or {}
    if sums is None:
        sums = outcome_sums(counts, None if weighted else outcomes)
    players = [
        summarize_player(
            seat.label,
            counts[p],
            exhaustive,
            hand_results.get(p),
            sums[p],
            len(seat.hands) if seat.hands is not None else None,
        )
        for p, seat in enumerate(spot.seats)
    ]
    return _equity_result(
        players,
        _cards_text(spot.board),
        _cards_text(spot.dead),
        outcomes,
        bool(exhaustive),
        seed,
        time.perf_counter() - started,
        nobody_low_share(sums[0], len(spot.seats)),
        spot.game.hilo,
        next_cards,
        target_met,
        spot.game.name,
    )


#: ``EquityResult(*fields)``, quicker (a call with known hands makes one).
_equity_result = quick_constructor(EquityResult)
