"""The river cards of a turn spot: each card's live hands and showdown tables, stacked.

For every card not on the turn's board, the hands of each player that do not hold it (a
hand's reach is zero on a river card it holds: card removal), their high and low values
on the five-card board, and :func:`~.showdown.prepare`'s tables for them; the tables of
all the rivers are stacked into flat arrays (:class:`Rivers`) for the compiled turn walk
(:func:`~.cfr.walk_turn`), which runs one river tree per card on that card's rows.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

import numpy as np

from ..evaluation import evaluate_batch
from .showdown import Showdown, prepare

__all__ = ["Rivers", "deal_count", "prepare_rivers", "river_tables"]


class Rivers(NamedTuple):
    """The river cards' tables, stacked (see :func:`~.cfr.walk_turn` for the layout).

    ``cards``: (R,) the river cards; ``base``: (R, 3) each river's local first row of each
    player and end; ``start``: (R + 1,) where each river's rows start in the per-hand
    arrays; ``rows``: per local row, the hand's row in its player's turn range; ``ids``,
    ``counts``, ``twin``, ``high``, ``low``, ``by_high``, ``by_low``: the
    :class:`~.showdown.Showdown` fields of each river (local rows), stacked;
    ``low_start``: (R, 2); ``no_low``: stacked, river r's at ``no_low_at[r]:no_low_at[r+1]``;
    ``no_low_start``: (R, 3); ``split``: (R,) bool; ``n_ids``: (R,); ``full_sign``."""

    cards: np.ndarray
    base: np.ndarray
    start: np.ndarray
    rows: np.ndarray
    ids: np.ndarray
    counts: np.ndarray
    twin: np.ndarray
    high: np.ndarray
    low: np.ndarray
    by_high: np.ndarray
    by_low: np.ndarray
    low_start: np.ndarray
    no_low: np.ndarray
    no_low_at: np.ndarray
    no_low_start: np.ndarray
    split: np.ndarray
    n_ids: np.ndarray
    full_sign: float


def deal_count(hole_size: int) -> int:
    """The cards the river can be once the turn's four board cards and both hands are dealt."""
    return 52 - 4 - 2 * hole_size


def river_tables(
    hands: tuple[np.ndarray, np.ndarray], board: Sequence[int], card: int, hilo: bool
) -> tuple[tuple[np.ndarray, np.ndarray], Showdown]:
    """River ``card``'s live rows of each player (the hands not holding it, indices into
    ``hands[q]``) and their showdown tables on ``board`` + ``card``."""
    full = np.array([*board, card], dtype=np.int8)
    live = tuple(np.flatnonzero(~(h == card).any(axis=1)) for h in hands)
    kept = (hands[0][live[0]], hands[1][live[1]])
    values = [evaluate_batch(h, np.tile(full, (len(h), 1)), low=hilo) for h in kept]
    return (live[0], live[1]), prepare(kept, (values[0][0], values[1][0]), (values[0][1], values[1][1]))


def prepare_rivers(hands: tuple[np.ndarray, np.ndarray], board: Sequence[int], hilo: bool) -> Rivers:
    """Every river card's tables (:class:`Rivers`) for the two players' live ``hands`` on
    the four-card ``board``."""
    cards = [c for c in range(52) if c not in set(board)]
    parts = [river_tables(hands, board, card, hilo) for card in cards]
    sizes = [len(s.counts) for _, s in parts]
    no_low_sizes = [len(s.no_low) for _, s in parts]
    tables = [s for _, s in parts]
    return Rivers(
        cards=np.array(cards, dtype=np.int64),
        base=np.stack([s.base for s in tables]),
        start=np.concatenate([[0], np.cumsum(sizes)]).astype(np.int64),
        rows=np.concatenate([np.concatenate(live) for live, _ in parts]).astype(np.int64),
        ids=np.concatenate([s.ids for s in tables]),
        counts=np.concatenate([s.counts for s in tables]),
        twin=np.concatenate([s.twin for s in tables]),
        high=np.concatenate([s.high for s in tables]),
        low=np.concatenate([s.low for s in tables]),
        by_high=np.concatenate([s.by_high for s in tables]),
        by_low=np.concatenate([s.by_low for s in tables]),
        low_start=np.stack([s.low_start for s in tables]),
        no_low=np.concatenate([s.no_low for s in tables]),
        no_low_at=np.concatenate([[0], np.cumsum(no_low_sizes)]).astype(np.int64),
        no_low_start=np.stack([s.no_low_start for s in tables]),
        split=np.array([s.split for s in tables], dtype=np.bool_),
        n_ids=np.array([s.n_ids for s in tables], dtype=np.int64),
        full_sign=tables[0].full_sign,
    )  # fmt: skip
