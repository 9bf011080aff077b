"""A query's answer: one :class:`SelectorResult` per selector, in a :class:`QueryResult`.

Every share and mean is over the deals that met ``where`` (all deals without one),
weighted by the range weights. Exact runs give each value as a ``Fraction`` too
(``fraction``); sampled runs give its standard error (``stderr``).
"""

from __future__ import annotations

import numbers
from collections.abc import Iterator
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from ..present.protocol import Column, Presented, View, fields_dict
from ..present.text import percent

__all__ = ["Bucket", "QueryResult", "SelectorResult"]

#: Width of a histogram's text bars (characters for a share of 100%).
BAR_WIDTH = 40


@dataclass(frozen=True)
class Bucket:
    """One value of a histogram: ``label`` (the value in words), ``share`` of the deals
    meeting ``where``, its exact ``fraction`` (exact runs) or ``stderr`` (sampled)."""

    label: str
    share: float
    fraction: Fraction | None = None
    stderr: float | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "label": self.label,
            "share": self.share,
            "fraction": None if self.fraction is None else str(self.fraction),
            "stderr": self.stderr,
        }


@dataclass(frozen=True)
class SelectorResult:
    """The answer of one selector.

    Attributes:
        name: the ``as`` name, else the selector's text (``count(winsHi(hero))``).
        kind: ``avg``, ``count``, ``max``, ``min`` or ``histogram``.
        value: a number (``count``: the share of the deals, 0..1; ``avg``: the mean), the
            word of a hand type or rating (``max``/``min`` of those), or None when no deal
            met ``where`` (and for a histogram: see ``buckets``).
        fraction: the exact value (exact runs of ``count`` and ``avg``, when the mean is a
            rational of the pot shares: any boolean, ``riverEquity``, sums of them ...).
        stderr: the standard error of ``value`` (sampled runs of ``count`` and ``avg``).
        buckets: a histogram's values in order, each with its share.
    """

    name: str
    kind: str
    value: float | str | None
    fraction: Fraction | None = None
    stderr: float | None = None
    buckets: tuple[Bucket, ...] | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "kind": self.kind,
            "value": self.value,
            "fraction": None if self.fraction is None else str(self.fraction),
            "stderr": self.stderr,
            "buckets": None if self.buckets is None else [b.to_dict() for b in self.buckets],
        }

    def lines(self) -> list[str]:
        """The selector's answer as text; a histogram as a bar chart."""
        if self.buckets is not None:
            if not self.buckets:
                return [f"{self.name}: no deal met the where clause"]
            width = max(len(b.label) for b in self.buckets)
            rows = [f"{self.name}:"]
            for b in self.buckets:
                bar = "#" * round(b.share * BAR_WIDTH)
                exact = f"  {b.fraction}" if b.fraction is not None else ""
                rows.append(f"  {b.label:<{width}}  {b.share * 100:6.2f}%  {bar}{exact}")
            return rows
        if self.value is None:
            return [f"{self.name}: no deal met the where clause"]
        if isinstance(self.value, str):
            return [f"{self.name}: {self.value}"]
        # One rule with the page (static/query.js): a share as a percentage with two
        # decimals, as every table of the package; a mean to 6 significant digits; a
        # share's standard error in percent with two decimals, a mean's to 2 digits.
        shown = f"{percent(self.value)}%" if self.kind == "count" else f"{self.value:.6g}"
        text = f"{self.name}: {shown}"
        if self.stderr is not None:
            text += f" ± {percent(self.stderr)}%" if self.kind == "count" else f" ± {self.stderr:.2g}"
        if self.fraction is not None and self.fraction.denominator != 1:
            text += f" = {self.fraction}"
        return [text]


@dataclass(frozen=True)
class QueryResult(Presented):
    """The answer of a query.

    Attributes:
        query: the query text.
        game: the game's name.
        selectors: one result per selector, in order (also by name: ``result["eq"]``).
        exact: True when every deal was enumerated (weights exact), False when sampled.
        trials: deals run (sampled), or combinations enumerated (exact: their total weight
            is ``weight``).
        met: deals (or total weight) meeting ``where``; ``trials`` or ``weight`` without one.
        weight: the total weight of the deals run (== trials when sampled).
        seed: the seed of a sampled run (None when exact).
        seconds: the time spent, parse included.
        target_met: whether the ``stderr_target`` was met (None without one).
        warnings: what the query declares but probably did not mean (a player it never
            names whose name is close to one it does, ``check.unused_players``), one line
            each; the command line prints them on stderr.

    The selectors' results read by position (``result[0]``, ``result[-1]``) or by name
    (``result["eq"]``), and ``len(result)`` and ``for selector in result`` go through them.
    """

    query: str
    game: str
    selectors: tuple[SelectorResult, ...]
    exact: bool
    trials: int
    met: int
    weight: int
    seed: int | None
    seconds: float
    target_met: bool | None = None
    by_name: dict[str, SelectorResult] = field(default_factory=dict, repr=False, compare=False)
    warnings: tuple[str, ...] = ()

    def __getitem__(self, key: int | str) -> SelectorResult:
        """A selector's result by position or by name; IndexError, KeyError (listing the
        names) or TypeError for a key that is neither."""
        if isinstance(key, str):
            found = self.by_name.get(key) or next((s for s in self.selectors if s.name == key), None)
            if found is None:
                names = ", ".join(repr(s.name) for s in self.selectors)
                raise KeyError(f"{key!r}: no selector of that name; the selectors are {names}")
            return found
        index: object = key  # any integer (numpy's too), not a bool
        if isinstance(index, bool) or not isinstance(index, numbers.Integral):
            raise TypeError(f"a query result is read by position or by name, not {type(index).__name__}")
        try:
            return self.selectors[int(index)]
        except IndexError:
            raise IndexError(f"selector {int(index)}: the query has {len(self.selectors)} selector(s)") from None

    def __len__(self) -> int:
        return len(self.selectors)

    def __iter__(self) -> Iterator[SelectorResult]:
        return iter(self.selectors)

    @property
    def acceptance(self) -> float:
        """The share of the deals (by weight) that met ``where``."""
        return self.met / self.weight if self.weight else 0.0

    def to_dict(self) -> dict[str, Any]:
        return fields_dict(
            self,
            omit=("by_name",),
            selectors=[s.to_dict() for s in self.selectors],
            warnings=list(self.warnings),
            acceptance=self.acceptance,
        )

    def _method(self) -> str:
        how = "exact" if self.exact else f"sampled, seed {self.seed}"
        line = f"{self.trials:,} {'combinations' if self.exact else 'trials'} ({how})"
        if self.met != self.weight:
            line += f", {self.acceptance * 100:.2f}% met where"
        return line

    def __str__(self) -> str:
        """The command line's answer: each selector's value (a histogram as bars), then the method."""
        return "\n".join([*(line for s in self.selectors for line in s.lines()), self._method()])

    def view(self) -> View:
        """One row per selector, and per value of a histogram: its name, kind, the
        histogram value's label, the value (a share or a mean), its exact fraction (exact
        runs) and standard error (sampled runs); the method under it."""
        rows: list[tuple[Any, ...]] = []
        for s in self.selectors:
            if s.buckets is None:
                rows.append((s.name, s.kind, None, s.value, s.fraction, s.stderr))
            else:
                rows += [(s.name, s.kind, b.label, b.share, b.fraction, b.stderr) for b in s.buckets]
        columns = (
            Column("selector", "Selector"),
            Column("kind", "Kind"),
            Column("label", "Value of"),
            Column("value", "Value", lambda v: "" if v is None else v if isinstance(v, str) else f"{v:.6g}"),
            Column("fraction", "Exact", lambda f: "" if f is None else str(f), left=True),
            Column("stderr", "s.e.", lambda e: "" if e is None else f"{e:.2g}"),
        )
        return View(columns, tuple(rows), (self._method(),))
