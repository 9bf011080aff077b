"""The river cards of a turn spot: each card's live hands and showdown tables, stacked.

For every card not on the turn's board, the hands of each player that do not hold it (a
hand's reach is zero on a river card it holds: card removal), their high and low values
on the five-card board, and :func:`~.showdown.prepare`'s tables for them; the tables of
all the rivers are stacked into flat arrays (:class:`Rivers`) for the compiled turn walk
(:func:`~.cfr.walk_turn`), which runs one river tree per card on that card's rows.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

import numpy as np

from ..evaluation import evaluate_batch
from ..games import Game
from .showdown import Showdown, prepare

__all__ = ["Rivers", "deal_count", "prepare_rivers", "river_tables"]


#: The :class:`~.showdown.Showdown` fields with a row per hand: concatenated over the rivers.
#: The others (one value or a few per river) are stacked along a first axis of the rivers.
_PER_HAND = frozenset({"ids", "counts", "twin", "high", "low", "by_high", "by_low", "no_low"})


class Rivers(NamedTuple):
    """The river cards' tables, stacked (see :func:`~.cfr.walk_turn` for the layout).

    ``cards``: (R,) the river cards; ``start``: (R + 1,) where each river's rows start in
    the per-hand arrays; ``rows``: per local row, the hand's row in its player's turn range;
    ``no_low_at``: (R + 1,) where each river's ``no_low`` rows start; ``tables``: every
    river's :class:`~.showdown.Showdown` (on its local rows), stacked: the per-hand arrays
    (``ids``, ``counts``, ``twin``, ``high``, ``low``, ``by_high``, ``by_low``; ``no_low``)
    concatenated in river order, the others stacked with a first axis of the rivers
    (``base`` (R, 3), ``low_start`` (R, 2), ``no_low_start`` (R, 3), ``split``,
    ``full_sign``, ``n_ids`` (R,))."""

    cards: np.ndarray
    start: np.ndarray
    rows: np.ndarray
    no_low_at: np.ndarray
    tables: Showdown


def deal_count(hole_size: int) -> int:
    """The cards the river can be once the turn's four board cards and both hands are dealt."""
    return 52 - 4 - 2 * hole_size


def river_tables(
    hands: tuple[np.ndarray, np.ndarray], board: Sequence[int], card: int, game: Game
) -> tuple[tuple[np.ndarray, np.ndarray], Showdown]:
    """River ``card``'s live rows of each player (the hands not holding it, indices into
    ``hands[q]``) and their showdown tables on ``board`` + ``card``."""
    full = np.array([*board, card], dtype=np.int8)
    live = tuple(np.flatnonzero(~(h == card).any(axis=1)) for h in hands)
    kept = (hands[0][live[0]], hands[1][live[1]])
    values = [evaluate_batch(h, np.tile(full, (len(h), 1)), low=game.hilo) for h in kept]
    return (live[0], live[1]), prepare(kept, (values[0][0], values[1][0]), (values[0][1], values[1][1]))


def prepare_rivers(hands: tuple[np.ndarray, np.ndarray], board: Sequence[int], game: Game) -> Rivers:
    """Every river card's tables (:class:`Rivers`) for the two players' live ``hands`` on
    the four-card ``board``."""
    cards = [c for c in range(52) if c not in set(board)]
    parts = [river_tables(hands, board, card, game) for card in cards]
    tables = [s for _, s in parts]
    stacked: dict[str, Any] = {
        name: (np.concatenate if name in _PER_HAND else np.stack)([getattr(s, name) for s in tables])
        for name in Showdown._fields
    }
    return Rivers(
        cards=np.array(cards, dtype=np.int64),
        start=np.concatenate([[0], np.cumsum([len(s.counts) for s in tables])]).astype(np.int64),
        rows=np.concatenate([np.concatenate(live) for live, _ in parts]).astype(np.int64),
        no_low_at=np.concatenate([[0], np.cumsum([len(s.no_low) for s in tables])]).astype(np.int64),
        tables=Showdown(**stacked),
    )
