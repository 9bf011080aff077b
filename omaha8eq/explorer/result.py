"""The range explorer's result: :class:`Exploration` (a range's classes on a board) and
its :class:`ClassRow` (one class), with the figures read from the sweep's integer counts
(every equity exact, as a fraction of the counts)."""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from math import lcm
from typing import Any

import numpy as np

from ..checks import excerpt
from ..core import holdings as sc
from ..errors import OmahaInputError
from ..outcomes import share_units
from ..pql.class_filter import CLASS_GROUPS, ClassFilter, class_hint
from ..ranges.range import Range
from .listing import hand_list_text
from .present import exploration_frame, exploration_html, format_exploration

__all__ = [
    "GROUPS",
    "NONE_CLASSES",
    "N_PLAYERS",
    "PER_HAND",
    "ClassRow",
    "Exploration",
    "exact_equity",
    "hand_equities",
    "summaries",
]

#: The groups of classes, each splitting the range (its classes' shares add up to 1).
GROUPS = sc.GROUPS
#: The "no ..." class of each group: not a flag, and left out of the summaries.
NONE_CLASSES = frozenset(names[-1] for names in GROUPS.values())
#: Heads up: the explorer's range against one other side.
N_PLAYERS = 2
#: How many hands :meth:`Exploration.to_dict` lists by default (``per_hand``).
PER_HAND = 100
# The per-hand counts of the kernel's columns, by their JSON names.
_OUTS = {"straight_outs": sc.STRAIGHT_OUTS, "counterfeit_outs": sc.COUNTERFEIT_OUTS, "clean_outs": sc.CLEAN_OUTS}


@dataclass(frozen=True)
class ClassRow:
    """One class of an :class:`Exploration`.

    Attributes:
        group: its group (``"high"``, ``"low"``, ``"low draw"``, ``"flush draw"``,
            ``"straight draw"``, ``"counterfeit"``, ``"clean"``, or ``"summary"``).
        name: the class (see docs/range-explorer.md); for the summary, the classes joined.
        hands: the number of live hands in it.
        share: its share of the range's weight (live hands).
        equity, scoop, quarter, hi_win, lo_win: with ``against``, the class's pot share
            and how often it scoops, is quartered, wins the high alone and wins the low
            alone, over its deals (the range sweep's counts, weighted); else None.
        best, worst: with ``against``, its hands of the highest and lowest equity.
        counts: with ``against``, the class's outcome histogram (3, 5), int, as
            ``RangeSweep.hands_a``'s, weighted by the hands' integer weights.
    """

    group: str
    name: str
    hands: int
    share: float
    equity: float | None = None
    scoop: float | None = None
    quarter: float | None = None
    hi_win: float | None = None
    lo_win: float | None = None
    best: str | None = None
    worst: str | None = None
    counts: np.ndarray | None = field(default=None, repr=False, compare=False)

    def exact_equity(self) -> Fraction:
        """The class's equity as an exact fraction of its counts (``against`` needed)."""
        if self.counts is None:
            raise OmahaInputError(f"{self.name}: no equity (explore without against)")
        return exact_equity(self.counts)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict of the fields (``exact_equity`` as "p/q" with ``against``)."""
        document = {k: v for k, v in vars(self).items() if k != "counts" and v is not None}
        if self.counts is not None:
            document["exact_equity"] = str(self.exact_equity())
        return document


@dataclass(frozen=True)
class Exploration:
    """A range's classes on a board (:func:`explore`).

    Attributes:
        range, board, against, game: what was explored (``against`` None without one).
        hands: the live hands (n, hole size) int8 (holding no board or dead card);
            ``weights`` (n,) their weights; ``classes`` (n, 10) int8: their class ids
            by group, then their straight outs, counterfeit outs and clean outs
            (``core.holdings.COLUMNS``).
        rows: every class with a hand, group by group, heaviest first, then the
            summaries (the ``"summary"`` group).
        total: the whole range as one row (its equity with ``against``).
        hand_counts: with ``against``, each hand's outcome histogram (n, 3, 5), int,
            as ``RangeSweep.hands_a``'s (unweighted); else None.
    """

    range: str
    board: str
    against: str | None
    game: str
    hands: np.ndarray = field(repr=False)
    weights: np.ndarray = field(repr=False)
    classes: np.ndarray = field(repr=False)
    rows: tuple[ClassRow, ...] = field(repr=False)
    total: ClassRow = field(repr=False)
    hand_counts: np.ndarray | None = field(default=None, repr=False, compare=False)

    def view(self, name: str = "classes") -> tuple[ClassRow, ...]:
        """The rows of one view: ``"classes"`` (each group splits the range), ``"summary"``
        (each hand's classes joined: one row per hand's combination, shares add up to 1)
        or ``"flags"`` (every class but the "no ..." ones: a hand is in several)."""
        if not isinstance(name, str):
            raise OmahaInputError(f"view: expected 'classes', 'summary' or 'flags', got {excerpt(name)}")
        if name == "classes":
            return tuple(r for r in self.rows if r.group != "summary")
        if name == "summary":
            return tuple(r for r in self.rows if r.group == "summary")
        if name == "flags":
            return tuple(r for r in self.rows if r.group != "summary" and r.name not in NONE_CLASSES)
        raise OmahaInputError(f"view: expected 'classes', 'summary' or 'flags', got {excerpt(name)}")

    def row(self, name: str) -> ClassRow:
        """The row of a class (or a summary) by name; a class with no hand has share 0."""
        if not isinstance(name, str):
            raise OmahaInputError(f"class: expected a class name, got {excerpt(name)}")
        key = _normal(name)
        for r in self.rows:
            if r.name == key:
                return r
        if key in CLASS_GROUPS:
            return ClassRow(CLASS_GROUPS[key], key, 0, 0.0)
        raise OmahaInputError(f"class: unknown name {excerpt(name)}{class_hint(key)}")

    def share(self, name: str) -> float:
        """The share of the range's weight in a class, a family (``"set"``) or a filter."""
        mask = ClassFilter.of(name).mask(self.classes)
        total = float(self.weights.sum())
        return float(self.weights[mask].sum()) / total if total else 0.0

    def where(self, expression: str) -> Range:
        """The sub-range of the live hands whose classes meet ``expression`` (module
        docstring), with their weights: a :class:`~omaha8eq.ranges.range.Range`, usable
        wherever a range is (:func:`hand_list` writes it in the range language)."""
        mask = ClassFilter.of(expression).mask(self.classes)
        if not mask.any():
            raise OmahaInputError(f"where: no hand of the range meets {excerpt(expression)} on {self.board}")
        return Range(self.hands[mask], self.weights[mask], hole_size=self.hands.shape[1])

    def __str__(self) -> str:
        return format_exploration(self)

    def _repr_html_(self) -> str:
        return exploration_html(self)

    def to_pandas(self, view: str = "classes") -> Any:
        """The rows of a view (:meth:`view`) as a pandas DataFrame, one row per class."""
        return exploration_frame(self, self.view(view))

    def per_hand(self, limit: int | None = None) -> list[dict[str, Any]]:
        """Each live hand's figures as a JSON-ready dict: ``hand`` (its cards), ``weight``,
        ``classes`` (its class in each group), ``summary``, ``straight_outs``,
        ``counterfeit_outs``, ``clean_outs`` and, with ``against``, ``equity`` and
        ``exact_equity`` ("p/q"). With ``against`` the hands come best equity first, else
        in the range's order; ``limit``: the first so many (None: all)."""
        if limit is not None and (not isinstance(limit, int) or isinstance(limit, bool) or limit < 0):
            raise OmahaInputError(f"per_hand: expected a number of hands (0 or more) or None, got {excerpt(limit)}")
        groups = {g: GROUPS[g] for g in dict.fromkeys(r.group for r in self.rows if r.group != "summary")}
        summary_of, summary_names = summaries(self.classes, groups)
        order = np.arange(len(self.hands))
        equities = None
        if self.hand_counts is not None:
            equities = hand_equities(self.hand_counts)
            order = np.argsort(-equities, kind="stable")
        listed = []
        for i in order[:limit].tolist():
            row = self.classes[i].tolist()
            figures: dict[str, Any] = {
                "hand": hand_list_text(self.hands[i]),
                "weight": float(self.weights[i]),
                "classes": {g: names[row[list(GROUPS).index(g)]] for g, names in groups.items()},
                "summary": summary_names[summary_of[i]],
                **{name: row[column] for name, column in _OUTS.items()},
            }
            if equities is not None and self.hand_counts is not None:
                figures["equity"] = float(equities[i])
                figures["exact_equity"] = str(exact_equity(self.hand_counts[i]))
            listed.append(figures)
        return listed

    def to_dict(self, hands: int | None = PER_HAND) -> dict[str, Any]:
        """A JSON-ready dict: what was explored, the total, every row and ``per_hand``:
        the figures of the first ``hands`` hands (:meth:`per_hand`; None: all; the
        default keeps a wide range's document small)."""
        return {
            "range": self.range,
            "board": self.board,
            "against": self.against,
            "game": self.game,
            "total": self.total.to_dict(),
            "rows": [r.to_dict() for r in self.rows],
            "per_hand": self.per_hand(hands),
        }


def _normal(name: str) -> str:
    return " ".join(str(name).lower().split())


def exact_equity(counts: np.ndarray) -> Fraction:
    """The pot share of a heads-up histogram (3, 5) of Python or numpy ints, exactly."""
    won = int((counts.astype(object) * share_units(N_PLAYERS).astype(object)).sum())
    total = int(counts.astype(object).sum())
    pot = 2 * lcm(*range(1, N_PLAYERS + 1))
    return Fraction(won, total * pot) if total else Fraction(0)


def summaries(classes: np.ndarray, groups: dict[str, tuple[str, ...]]) -> tuple[np.ndarray, list[str]]:
    """Each hand's summary id and the summaries' names: its classes that are not "no ..."."""
    columns = [list(GROUPS).index(g) for g in groups]
    # One int per hand, its class ids as digits (each group has fewer than 32 classes):
    # sorted as the rows of ids would be, and far faster to sort.
    keys = np.zeros(len(classes), dtype=np.int64)
    for column in columns:
        keys = keys * 32 + classes[:, column]
    combos, inverse = np.unique(keys, return_inverse=True)
    names = []
    for key in combos.tolist():
        ids = []
        for _ in columns:
            key, digit = divmod(key, 32)
            ids.append(digit)
        parts = [groups[g][c] for g, c in zip(groups, reversed(ids), strict=True)]
        kept = [p for p in parts if p not in NONE_CLASSES]
        names.append(" + ".join(kept) or "nothing")
    return inverse.reshape(-1), names


def hand_equities(per_hand: np.ndarray) -> np.ndarray:
    """Each hand's equity (float) from its histogram (n, 3, 5)."""
    units = share_units(N_PLAYERS)
    won = (per_hand.astype(np.float64) * units).sum(axis=(1, 2))
    seen = per_hand.sum(axis=(1, 2)).astype(np.float64)
    pot = 2 * lcm(*range(1, N_PLAYERS + 1))
    equities: np.ndarray = won / np.maximum(seen, 1) / pot
    return equities
