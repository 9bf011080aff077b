"""The range explorer: what a range holds on a board, class by class, and how each class does.

:func:`explore` classifies every live hand of a range on a flop, turn or river (the
compiled classes of :mod:`omaha8eq.core.street_classes`, defined in
``docs/range-explorer.md``) and, given ``against`` (a hand or a range), runs the exact
heads-up range sweep (:func:`omaha8eq.engine.range_vs_range.sweep_ranges`) once and
adds up its per-hand integer outcome counts by class: every class's equity is exact,
and the classes of a group add up to the whole range's counts exactly.

:func:`filter_range` (and :meth:`Exploration.where`) keeps the hands of a range whose
classes meet a class expression: the query language's boolean expressions (``and``,
``or``, ``not``, brackets) over class names of any group ("top set", "nut low draw",
...; case ignored) or families of them ("set", "flush draw", ...: :data:`FAMILIES`),
read by the query language's grammar (:mod:`omaha8eq.pql.class_filter`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from math import lcm
from typing import Any

import numpy as np

from .cards import CardSpec, format_card, parse_cards
from .checks import excerpt
from .core import street_classes as sc
from .core.tables import get_tables
from .engine.range_vs_range import sweep_ranges
from .errors import OmahaInputError
from .games import GameSpec, as_game
from .inputs import parse_board
from .outcomes import cells_winning, share_units
from .pql.class_filter import CLASS_GROUPS, FAMILIES, ClassFilter, class_hint
from .present.exploration import exploration_frame, exploration_html, format_exploration
from .ranges.range import Range, parse_range

__all__ = ["FAMILIES", "GROUPS", "PER_HAND", "ClassRow", "Exploration", "explore", "filter_range", "hand_list"]

#: The groups of classes, each splitting the range (its classes' shares add up to 1).
GROUPS = sc.GROUPS
_LOW_GROUPS = ("low", "low draw", "counterfeit")
_NONE_CLASSES = frozenset(names[-1] for names in GROUPS.values())
_N_PLAYERS = 2
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
        return _exact_equity(self.counts)

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
            (``core.street_classes.COLUMNS``).
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
            return tuple(r for r in self.rows if r.group != "summary" and r.name not in _NONE_CLASSES)
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
        summary_of, summaries = _summaries(self.classes, groups)
        order = np.arange(len(self.hands))
        equities = None
        if self.hand_counts is not None:
            equities = _hand_equities(self.hand_counts)
            order = np.argsort(-equities, kind="stable")
        listed = []
        for i in order[:limit].tolist():
            row = self.classes[i].tolist()
            figures: dict[str, Any] = {
                "hand": hand_list_text(self.hands[i]),
                "weight": float(self.weights[i]),
                "classes": {g: names[row[list(GROUPS).index(g)]] for g, names in groups.items()},
                "summary": summaries[summary_of[i]],
                **{name: row[column] for name, column in _OUTS.items()},
            }
            if equities is not None and self.hand_counts is not None:
                figures["equity"] = float(equities[i])
                figures["exact_equity"] = str(_exact_equity(self.hand_counts[i]))
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


def _exact_equity(counts: np.ndarray) -> Fraction:
    """The pot share of a heads-up histogram (3, 5) of Python or numpy ints, exactly."""
    won = int((counts.astype(object) * share_units(_N_PLAYERS).astype(object)).sum())
    total = int(counts.astype(object).sum())
    pot = 2 * lcm(*range(1, _N_PLAYERS + 1))
    return Fraction(won, total * pot) if total else Fraction(0)


def _range_of(value: object, what: str, hole_size: int) -> tuple[Range, str]:
    if isinstance(value, Range):
        if value.hole_size != hole_size:
            raise OmahaInputError(f"{what}: a range of {value.hole_size}-card hands in a {hole_size}-card game")
        return value, value.expression or f"{len(value)} hands"
    if not isinstance(value, str):
        raise OmahaInputError(f"{what}: expected a range (text or Range) or a hand, got {excerpt(value)}")
    return parse_range(value, hole_size=hole_size), value


def explore(
    range: str | Range,  # the name (shadows the builtin here only)
    board: CardSpec,
    *,
    against: str | Range | None = None,
    dead: CardSpec = "",
    game: GameSpec = "omaha8",
) -> Exploration:
    """The classes of a range's hands on a board and, with ``against``, each class's exact equity.

    Args:
        range: the explored range: an expression (``"15%"``, ``"AA2*"``) or a Range.
        board: the flop, turn or river (3, 4 or 5 cards, as ``"Ac8c5h"``).
        against: the other side: a hand (``"KsKh9c9d"``, a range of one hand) or a
            range; None (default): classes and shares only.
        dead: cards out of play.
        game: the game (hole size and whether there is a low; default ``"omaha8"``).

    Raises:
        OmahaInputError: a bad range, board, dead card or game, or no live hand left.

    The equities are exact: the range sweep enumerates every runout (a flop against
    ``15%``: about as long as ``equity([range, against], board, exhaustive=True)``).
    """
    played = as_game(game)
    if played.boards != 1:
        raise OmahaInputError(f"game: the explorer reads one board, {played.name} deals {played.boards}")
    board_cards = parse_board(board, (3, 4, 5))
    dead_cards = parse_cards(dead, what="dead")
    if set(board_cards) & set(dead_cards):
        raise OmahaInputError("dead: a card is also on the board")
    dead_mask = 0
    for card in dead_cards:
        dead_mask |= 1 << card
    known = dead_mask
    for card in board_cards:
        known |= 1 << card
    explored, range_text = _range_of(range, "range", played.hole_cards)
    live = explored.without(known)
    if not len(live):
        raise OmahaInputError(f"range: no hand of {excerpt(range_text)} is live on this board")
    hands, weights = live.hands, live.weights
    classes = sc.classify(
        hands, np.array(board_cards, dtype=np.int8), played.hilo, get_tables(), dead=dead_mask, clean_outs=True
    )
    counts = None
    against_text = None
    if against is not None:
        other, against_text = _range_of(against, "against", played.hole_cards)
        other = other.without(known)
        if not len(other):
            raise OmahaInputError(f"against: no hand of {excerpt(against_text)} is live on this board")
        own_weights = live.exact_weights()[0]
        # Only the hands' counts are read: no board's totals, so alike runouts are swept together.
        sweep = sweep_ranges(
            hands, own_weights, other.hands, other.exact_weights()[0], board_cards, dead_cards, hilo=played.hilo,
            per_board=False,
        )  # fmt: skip
        counts = (sweep.hands_a, own_weights, _hand_equities(sweep.hands_a))
    groups = {g: names for g, names in GROUPS.items() if played.hilo or g not in _LOW_GROUPS}
    rows = _rows(hands, weights, classes, groups, counts)
    everyone = np.ones(len(hands), dtype=bool)
    return Exploration(
        range=range_text,
        board=" ".join(format_card(c) for c in board_cards),
        against=against_text,
        game=played.name,
        hands=hands,
        weights=weights,
        classes=classes,
        rows=rows,
        total=_row("range", "all", everyone, 1.0, hands, counts),
        hand_counts=None if counts is None else counts[0],
    )


def _summaries(classes: np.ndarray, groups: dict[str, tuple[str, ...]]) -> tuple[np.ndarray, list[str]]:
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
        kept = [p for p in parts if p not in _NONE_CLASSES]
        names.append(" + ".join(kept) or "nothing")
    return inverse.reshape(-1), names


_Counts = tuple[np.ndarray, np.ndarray, np.ndarray]  # per hand: histograms, exact weights, equities


def _rows(
    hands: np.ndarray,
    weights: np.ndarray,
    classes: np.ndarray,
    groups: dict[str, tuple[str, ...]],
    counts: _Counts | None,
) -> tuple[ClassRow, ...]:
    rows: list[ClassRow] = []
    for group, names in groups.items():
        rows += _split(group, names, classes[:, list(GROUPS).index(group)], hands, weights, counts)
    ids, summaries = _summaries(classes, groups)
    rows += _split("summary", summaries, ids, hands, weights, counts)
    return tuple(rows)


def _split(
    group: str,
    names: Sequence[str],
    ids: np.ndarray,
    hands: np.ndarray,
    weights: np.ndarray,
    counts: _Counts | None,
) -> list[ClassRow]:
    """The rows of the classes ``names`` of one split of the range (each hand's id in
    ``ids``), the classes with a hand, heaviest first."""
    shares = np.bincount(ids, weights=weights, minlength=len(names)) / weights.sum()
    found = [
        _row(group, names[k], ids == k, float(shares[k]), hands, counts)
        for k in np.flatnonzero(np.bincount(ids, minlength=len(names))).tolist()
    ]
    return sorted(found, key=lambda r: -r.share)


def _row(
    group: str,
    name: str,
    mask: np.ndarray,
    share: float,
    hands: np.ndarray,
    counts: _Counts | None,
) -> ClassRow:
    if counts is None:
        return ClassRow(group, name, int(mask.sum()), share)
    per_hand, own, equities = counts[0][mask], counts[1][mask], counts[2][mask]
    if len(own) and int(own.max()) * int(per_hand.sum()) < 2**62:
        histogram = np.einsum("i,ijk->jk", own, per_hand).astype(object)
    else:  # Python ints: a class's weighted counts can pass 2**63 with fine weights
        histogram = np.tensordot(own.astype(object), per_hand.astype(object), axes=1)
    seen = sum(int(x) for x in histogram.ravel())
    figures = {"scoop": histogram[1, 1] + histogram[1, _N_PLAYERS + 2]}
    figures["quarter"] = sum(histogram[h, lo] for h, lo in cells_winning(Fraction(1, 4), _N_PLAYERS))
    figures["hi_win"] = sum(histogram[1, :])
    figures["lo_win"] = sum(histogram[:, 1])
    rates = {k: float(Fraction(int(v), seen)) if seen else 0.0 for k, v in figures.items()}
    equity = _exact_equity(histogram)
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


def _hand_equities(per_hand: np.ndarray) -> np.ndarray:
    """Each hand's equity (float) from its histogram (n, 3, 5)."""
    units = share_units(_N_PLAYERS)
    won = (per_hand.astype(np.float64) * units).sum(axis=(1, 2))
    seen = per_hand.sum(axis=(1, 2)).astype(np.float64)
    pot = 2 * lcm(*range(1, _N_PLAYERS + 1))
    equities: np.ndarray = won / np.maximum(seen, 1) / pot
    return equities


def hand_list_text(row: Sequence[int]) -> str:
    """One hand as cards, high card first: ``AsAh3c2c``."""
    return "".join(format_card(int(c)) for c in sorted(row, reverse=True))


def hand_list(rng: Range) -> str:
    """A range written as an explicit list of its hands in the range language, weights
    included (``AsAh3c2c, KsKh9c9d@50``): :func:`~omaha8eq.ranges.range.parse_range`
    reads it back as the same range (it reads expressions of up to 10,000 characters:
    about a thousand hands).

    >>> from omaha8eq.ranges.range import parse_range
    >>> hand_list(parse_range("AsAh2c3d, KsKh9c9d@50"))
    'AsAh3d2c, KsKh9d9c@50'
    """
    if not isinstance(rng, Range):
        raise OmahaInputError(f"hand_list: expected a Range, got {excerpt(rng)}")
    numerators, denominator = rng.exact_weights()
    parts = []
    for row, weight in zip(rng.hands.tolist(), numerators.tolist(), strict=True):
        text = hand_list_text(row)
        if weight != denominator:
            text += f"@{_percent(Fraction(weight, denominator))}"
        parts.append(text)
    return ", ".join(parts)


def _percent(weight: Fraction) -> str:
    """A weight as the range language's percent: an exact decimal."""
    value = weight * 100
    digits = 0
    while (value * 10**digits).denominator != 1:
        digits += 1
    return f"{float(value):.{digits}f}" if digits else str(value.numerator)


def filter_range(
    range: str | Range,
    board: CardSpec,
    expression: str,
    *,
    dead: CardSpec = "",
    game: GameSpec = "omaha8",
) -> Range:
    """The hands of ``range`` whose classes on ``board`` meet ``expression`` (for
    example ``"nut low draw or set"``; the module docstring gives the grammar).

    >>> narrowed = filter_range("AA2*", "Kc8c5h", "protected nut low draw and not flush draw")
    >>> len(narrowed) > 0
    True
    """
    return explore(range, board, dead=dead, game=game).where(expression)
