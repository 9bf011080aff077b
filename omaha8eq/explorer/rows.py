"""The rows of an exploration: each class's hands and share and, with the other side's
counts, its figures, all added up from the hands' integer counts."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from ..outcomes import exact_equity, histogram_figures
from .listing import hand_list_text
from .result import GROUPS, ClassRow, summaries

__all__ = ["Counts", "class_row", "class_rows"]

Counts = tuple[np.ndarray, np.ndarray, np.ndarray]
"""Per hand: its outcome histograms (n, 3, 5), its exact integer weights and its equities."""

#: The figures of :func:`~omaha8eq.outcomes.histogram_figures` a :class:`ClassRow` holds, besides its equity.
_RATES = ("scoop", "quarter", "hi_win", "lo_win")


def class_rows(
    hands: np.ndarray,
    weights: np.ndarray,
    classes: np.ndarray,
    groups: dict[str, tuple[str, ...]],
    counts: Counts | None,
) -> tuple[ClassRow, ...]:
    """Every class of ``groups`` with a hand, group by group, heaviest first, then the
    summaries (each hand's classes joined)."""
    rows: list[ClassRow] = []
    for group, names in groups.items():
        rows += _split(group, names, classes[:, list(GROUPS).index(group)], hands, weights, counts)
    ids, names_of_ids = summaries(classes, groups)
    rows += _split("summary", names_of_ids, ids, hands, weights, counts)
    return tuple(rows)


def _split(
    group: str,
    names: Sequence[str],
    ids: np.ndarray,
    hands: np.ndarray,
    weights: np.ndarray,
    counts: Counts | None,
) -> list[ClassRow]:
    """The rows of the classes ``names`` of one split of the range (each hand's id in
    ``ids``), the classes with a hand, heaviest first."""
    shares = np.bincount(ids, weights=weights, minlength=len(names)) / weights.sum()
    found = [
        class_row(group, names[k], ids == k, float(shares[k]), hands, counts)
        for k in np.flatnonzero(np.bincount(ids, minlength=len(names))).tolist()
    ]
    return sorted(found, key=lambda r: -r.share)


def class_row(
    group: str,
    name: str,
    mask: np.ndarray,
    share: float,
    hands: np.ndarray,
    counts: Counts | None,
) -> ClassRow:
    """The row of the class of the hands ``mask``: its hands and ``share`` and, with the
    other side's ``counts``, its figures from its hands' histograms weighted and summed."""
    if counts is None:
        return ClassRow(group, name, int(mask.sum()), share)
    per_hand, own, equities = counts[0][mask], counts[1][mask], counts[2][mask]
    if len(own) and int(own.max()) * int(per_hand.sum()) < 2**62:
        histogram = np.einsum("i,ijk->jk", own, per_hand).astype(object)
    else:  # Python ints: a class's weighted counts can pass 2**63 with fine weights
        histogram = np.tensordot(own.astype(object), per_hand.astype(object), axes=1)
    # The figure maker's rates, from Python ints: each an exact sum over the class's deals,
    # correctly rounded (the float of its Fraction); the equity the float of the exact one.
    figures, _ = histogram_figures(histogram)
    rates = {name: float(figures[name][0]) for name in _RATES}
    equity = exact_equity(histogram)
    order = np.argsort(-equities, kind="stable")
    rows = hands[mask]
    return ClassRow(
        group,
        name,
        int(mask.sum()),
        share,
        float(equity),
        best=hand_list_text(rows[order[0]]),
        worst=hand_list_text(rows[order[-1]]),
        counts=histogram,
        **rates,
    )
