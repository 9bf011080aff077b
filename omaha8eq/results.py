"""Equity results: what each player wins, and how, over all deals counted.

Every share below is a fraction of the outcomes counted (boards enumerated, or
Monte Carlo samples), in [0, 1]; :class:`OutcomeCounts` gives the integer counts
behind them (weighted counts with ranges). The pot rule is pokersource ``pokenum -o8``'s:
when at least one player has a qualifying low, half the pot goes to the best high
(split equally among equal highs) and half to the best low (likewise); when nobody
has a low, the best high takes the whole pot.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable
from dataclasses import dataclass, field, fields
from fractions import Fraction
from typing import Any, TypeVar, cast

import numpy as np

from .cards import format_card
from .checks import check_fraction
from .errors import OmahaInputError
from .outcomes import (
    SHARE_FIGURES,
    exact_equity,
    histogram_figures,
    outcome_sums,
    share_cells,
    split_sums,
    sum_figures,
    sum_parts,
    tally,
)
from .present.display import PLAYER_COLUMNS, equity_frame, equity_html, format_equity
from .present.protocol import Shown

T = TypeVar("T")
C = TypeVar("C")

__all__ = [
    "RUN_FIELDS",
    "EquityDistribution",
    "EquityResult",
    "HandEquity",
    "NextCardEquity",
    "OutcomeCounts",
    "PlayerEquity",
    "run_fields",
]


@dataclass(frozen=True)
class HandEquity:
    """One hand of a range (``equity(..., by_hand=True)``).

    Every share is a fraction of this hand's own deals (the other side's hands it
    can meet, weighted, times the runouts), as in :class:`PlayerEquity`.

    Attributes:
        hand: the hand, as text.
        equity: the range player's mean share of the pot when holding this hand.
        frequency: how often this hand is the one dealt, among all the range's
            deals (weights and card removal included); the frequencies sum to 1.
        hi_win, hi_tie: the best high alone, shared.
        lo_win, lo_tie: a qualifying low of its own that is the best, alone, shared.
        no_low: no qualifying low of its own.
        scoop: the whole pot alone; quarter: exactly a quarter of the pot.
            The breakdown (``hi_win`` to ``quarter``) is given by the exact methods
            (the heads-up range sweep and the combination path); it is None after a
            Monte Carlo run, which tracks each hand's pot share only.
        counts: after an exact run, this hand's outcome histogram (as
            ``PlayerEquity.counts``: deals weighted by the other players' weights),
            behind :meth:`exact_equity`; None after a Monte Carlo run.
    """

    hand: str
    equity: float
    frequency: float
    hi_win: float | None = None
    hi_tie: float | None = None
    lo_win: float | None = None
    lo_tie: float | None = None
    no_low: float | None = None
    scoop: float | None = None
    quarter: float | None = None
    counts: np.ndarray | None = field(default=None, repr=False, compare=False)

    def exact_equity(self) -> Fraction:
        """This hand's equity as an exact fraction of its counts; OmahaInputError (a
        ValueError) after a Monte Carlo run (which keeps no per-hand counts)."""
        if self.counts is None:
            raise OmahaInputError(f"{self.hand}: no exact per-hand counts (a Monte Carlo run)")
        return exact_equity(self.counts)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict with the field names above (the breakdown only when known);
        after an exact run ``exact`` holds the equity as a fraction ("p/q"), as a player's."""
        document = {
            f.name: getattr(self, f.name)
            for f in fields(self)
            if f.name != "counts" and getattr(self, f.name) is not None
        }
        if self.counts is not None:
            document["exact"] = {"equity": str(self.exact_equity())}
        return document


#: The fields of :class:`HandEquity` after ``frequency``: its hi-lo breakdown.
BREAKDOWN = ("hi_win", "hi_tie", "lo_win", "lo_tie", "no_low", "scoop", "quarter")


@dataclass(frozen=True)
class EquityDistribution:
    """A range's per-hand equities in increasing order, with their cumulative weight.

    Attributes:
        hands: the hands, as text, worst equity first.
        equity: their equities (float64, non-decreasing).
        cumulative: the fraction of the range (by how often each hand is dealt) with
            at most that hand's equity, counting it (float64, ends at 1).
    """

    hands: tuple[str, ...]
    equity: np.ndarray
    cumulative: np.ndarray

    def quantile(self, fraction: float) -> float:
        """The smallest equity reached by the worst ``fraction`` of the range (0 < fraction <= 1)."""
        fraction = check_fraction(fraction, "fraction")
        at = int(np.searchsorted(self.cumulative, fraction, side="left"))
        return float(self.equity[min(at, len(self.equity) - 1)])

    def deciles(self) -> tuple[float, ...]:
        """The equities at 10%, 20%, ..., 90% of the range (nine quantiles)."""
        return tuple(self.quantile(k / 10) for k in range(1, 10))


@dataclass(frozen=True)
class NextCardEquity:
    """The spot given one next board card (``equity(..., by_next_card=True)``).

    Attributes:
        card: the card, as text ("Ks").
        frequency: how often it comes next, among all the deals counted (card
            removal and weights included); the frequencies sum to 1.
        equity: each player's equity given this card, in the players' order.
        scoop: each player's share of those deals won whole.
    """

    card: str
    frequency: float
    equity: tuple[float, ...]
    scoop: tuple[float, ...]

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict with the field names above."""
        return {"card": self.card, "frequency": self.frequency, "equity": list(self.equity), "scoop": list(self.scoop)}


@dataclass(frozen=True)
class OutcomeCounts:
    """One player's outcomes as integer counts (pokenum's record, and more).

    Each field counts deals (boards enumerated or samples drawn); with ranges the
    counts are weighted: each deal counts the product of the range hands' integer
    weights (``round(weight * 1000)`` each, divided by the range's common factor), so
    every :class:`PlayerEquity` fraction is still a field here divided by ``deals``.

    Attributes:
        deals: every deal counted (the sum of the fields of each half).
        hi_win: the best high alone; hi_tie: the best high, shared; hi_lose: not the best.
        lo_win, lo_tie, lo_lose: the same for the low, when the player's own low
            qualifies; no_low: no qualifying low of the player's own (lo_win + lo_tie
            + lo_lose + no_low = deals).
        nobody_low: deals in which no player has a qualifying low (the high takes the
            whole pot); every deal in Omaha high.
        scoop: the whole pot alone (both halves alone, or the high alone when nobody
            has a low).
        hi_split: ``hi_split[k]`` deals in which the best high was shared by ``k``
            players, this one among them (k = 1 alone); ``hi_split[0]`` = hi_lose.
        lo_split: the same for the low (``lo_split[0]`` = lo_lose; deals without the
            player's own qualifying low are in ``no_low``).
        shares: each pot share won (as in ``PlayerEquity.shares``) mapped to its deals.
    """

    deals: int
    hi_win: int
    hi_tie: int
    hi_lose: int
    lo_win: int
    lo_tie: int
    lo_lose: int
    no_low: int
    nobody_low: int
    scoop: int
    hi_split: tuple[int, ...]
    lo_split: tuple[int, ...]
    shares: dict[Fraction, int]

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict with the field names above; shares keyed "1/4" etc."""
        return {
            **{f.name: getattr(self, f.name) for f in fields(self) if f.name not in ("hi_split", "lo_split", "shares")},
            "hi_split": list(self.hi_split),
            "lo_split": list(self.lo_split),
            "shares": {str(k): v for k, v in sorted(self.shares.items(), reverse=True)},
        }


class _Later(functools.partial[Any]):
    """A field value to compute on first read, by calling it (see :func:`_computed_on_read`)."""


def _later(function: Callable[..., T], *args: Any) -> T:
    """``function(*args)``, computed when the field it is given for is first read."""
    # Typed as the value it stands for: only a field of _computed_on_read takes it.
    return cast(T, _Later(function, *args))


class _ComputedOnRead:
    """The descriptor of a frozen dataclass field given as a :class:`_Later` or a value:
    the field computes it on its first read and keeps it (no default value)."""

    def __init__(self, name: str) -> None:
        self.name = name

    def __get__(self, obj: object, owner: type | None = None) -> Any:
        if obj is None:
            raise AttributeError(self.name)  # read on the class: the field has no default
        value = obj.__dict__[self.name]
        if type(value) is _Later:
            value = obj.__dict__[self.name] = value()
        return value

    def __set__(self, obj: object, value: Any) -> None:
        obj.__dict__[self.name] = value


def _computed_on_read(*names: str) -> Callable[[type[C]], type[C]]:
    """Class decorator, above ``@dataclass``: the fields ``names`` take :func:`_later`
    values. Building a result is then cheap for a caller who reads only some fields;
    every field reads as the same value whenever it is read (equality, repr and
    ``to_dict`` read them too)."""

    def install(cls: type[C]) -> type[C]:
        for name in names:
            setattr(cls, name, _ComputedOnRead(name))
        return cls

    return install


@_computed_on_read("shares", "outcome_counts")
@dataclass(frozen=True)
class PlayerEquity:
    """One player's results.

    Attributes:
        hand: the hand as given, in text ("As Ah 2c 3d"), or "random".
        equity: mean share of the pot won; the players' equities sum to 1.
        equity_stderr: standard error of ``equity`` (0.0 when exhaustive).
        hi_win: share of outcomes with the best high alone.
        hi_tie: with the best high, shared with others.
        hi_lose: with a high that is not the best.
        lo_win: with a qualifying low that is the best, alone.
        lo_tie: with a qualifying low that is the best, shared.
        lo_lose: with a qualifying low that is not the best.
        no_low: with no qualifying low of the player's own (lo_win + lo_tie +
            lo_lose + no_low = 1).
        scoop: the whole pot alone (both halves alone, or the high alone when
            nobody has a low).
        shares: each pot share won (Fraction(1), Fraction(3, 4), Fraction(1, 2),
            Fraction(1, 4), ..., Fraction(0)) mapped to the share of outcomes in
            which the player won exactly that much; a quarter is
            ``shares[Fraction(1, 4)]``. The values sum to 1.
        outcome_counts: the integer counts behind these fractions
            (:class:`OutcomeCounts`; weighted with ranges). ``shares`` and
            ``outcome_counts`` are made from the counts when first read (their
            Fractions are slow to make, and most callers read the floats only).
        counts: the raw outcome histogram behind these shares (see
            ``omaha8eq.core.showdown``): ``counts[h][l]`` for high state h, low state l.
            With weighted ranges the counts are weighted (each deal counts the product
            of the range weights: ``round(weight * 1000)`` each, divided by the
            range's common factor).
        by_hand: for a range with ``equity(..., by_hand=True)``, one
            :class:`HandEquity` per hand of the range, best equity first; else None.
        range_hands: for a range, the number of its hands in play (those holding
            no card of a known hand, the board or the dead cards); None for a known
            hand or "random". The tables show it beside the range: "KK (range, 6 hands)".
    """

    hand: str
    equity: float
    equity_stderr: float
    hi_win: float
    hi_tie: float
    hi_lose: float
    lo_win: float
    lo_tie: float
    lo_lose: float
    no_low: float
    scoop: float
    shares: dict[Fraction, float]
    outcome_counts: OutcomeCounts = field(repr=False)
    counts: np.ndarray = field(repr=False, compare=False)
    by_hand: tuple[HandEquity, ...] | None = field(default=None, repr=False, compare=False)
    range_hands: int | None = None

    @property
    def quarter(self) -> float:
        """Share of outcomes in which the player won exactly a quarter of the pot."""
        return self.shares.get(Fraction(1, 4), 0.0)

    def exact_equity(self) -> Fraction:
        """The equity as an exact fraction of the counts (exact when enumerated)."""
        return exact_equity(self.counts)

    def equity_distribution(self) -> EquityDistribution:
        """The range's hands sorted by equity with their cumulative weight (the graph
        Odds Oracle and PokerJuice draw). Raises OmahaInputError (a ValueError) without ``by_hand``."""
        if not self.by_hand:
            raise OmahaInputError(f"{self.hand}: no per-hand results (a range, with equity(..., by_hand=True))")
        ordered = sorted(self.by_hand, key=lambda h: h.equity)
        return EquityDistribution(
            hands=tuple(h.hand for h in ordered),
            equity=np.array([h.equity for h in ordered], dtype=np.float64),
            cumulative=np.cumsum([h.frequency for h in ordered], dtype=np.float64),
        )

    def deciles(self) -> tuple[float, ...]:
        """The equities at 10%, 20%, ..., 90% of the range (see :meth:`equity_distribution`)."""
        return self.equity_distribution().deciles()

    def to_pandas(self) -> Any:
        """The range's hands as a pandas DataFrame, best first (:func:`omaha8eq.present.display.hands_frame`)."""
        from .present.display import hands_frame

        return hands_frame(self)


#: How an equity run went, in the order of the JSON documents: the fields every run's
#: result has (:class:`EquityResult`, :class:`~omaha8eq.board_results.BoardsResult`).
RUN_FIELDS = ("dead", "hilo", "exhaustive", "outcomes", "seed", "elapsed")


def run_fields(result: Any) -> dict[str, Any]:
    """``result``'s :data:`RUN_FIELDS` by name, for its ``to_dict``."""
    return {name: getattr(result, name) for name in RUN_FIELDS}


@dataclass(frozen=True)
class EquityResult(Shown, text=format_equity, html=equity_html, frame=equity_frame):
    """The result of :func:`omaha8eq.equities.equity`.

    Printed, the table the command line prints (:func:`omaha8eq.present.display.format_equity`);
    ``to_pandas()`` gives one row per player (:func:`omaha8eq.present.display.equity_frame`).

    Attributes:
        players: one :class:`PlayerEquity` per hand, in the order given.
        board: the known board, as text.
        dead: the dead cards, as text.
        outcomes: boards (deals, with random hands) enumerated, or samples drawn.
        exhaustive: True if every deal was enumerated (exact), False for Monte Carlo.
        seed: the Monte Carlo seed used (None when exhaustive); the same seed and
            sample count give the same numbers on every run, with any thread count.
        elapsed: wall-clock seconds spent.
        nobody_low: share of outcomes in which nobody has a qualifying low (the high
            takes the whole pot); 1.0 in Omaha high (``hilo=False``). Its count is
            every player's ``outcome_counts.nobody_low``.
        hilo: True for Omaha Hi-Lo, False for Omaha high.
        by_next_card: with ``equity(..., by_next_card=True)`` on a flop or turn, one
            :class:`NextCardEquity` per card that can come next, best card for the
            first player first; else None.
        target_met: with a ``stderr_target``, whether every player's standard error
            reached it (False: the run stopped at ``MAX_SAMPLES`` samples first);
            None without a target.
        game: the name of the game played (``"omaha8"``, ``"omahahi5"``: see
            :mod:`omaha8eq.games`).
    """

    players: list[PlayerEquity]
    board: str
    dead: str
    outcomes: int
    exhaustive: bool
    seed: int | None
    elapsed: float
    nobody_low: float
    hilo: bool
    by_next_card: tuple[NextCardEquity, ...] | None = field(default=None, repr=False)
    target_met: bool | None = None
    game: str = "omaha8"

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict with the field names above; shares keyed "1/4" etc.; when
        exhaustive, each player's ``exact`` holds its equity as a fraction ("p/q")."""
        return {
            "game": self.game,
            "board": self.board,
            **run_fields(self),
            "nobody_low": self.nobody_low,
            "target_met": self.target_met,
            "players": [
                {
                    "hand": p.hand,
                    **({} if p.range_hands is None else {"range_hands": p.range_hands}),
                    "equity": p.equity,
                    # As counterfeit's report: the exact fractions beside the floats.
                    **({"exact": {"equity": str(p.exact_equity())}} if self.exhaustive else {}),
                    # The tables' and the DataFrame's per-player columns (equity again: same key, same place).
                    **{name: getattr(p, name) for name in PLAYER_COLUMNS},
                    "shares": {str(k): v for k, v in sorted(p.shares.items(), reverse=True)},
                    "outcome_counts": p.outcome_counts.to_dict(),
                    **({} if p.by_hand is None else {"by_hand": [h.to_dict() for h in p.by_hand]}),
                }
                for p in self.players
            ],
            **({} if self.by_next_card is None else {"by_next_card": [c.to_dict() for c in self.by_next_card]}),
        }


def quick_constructor(cls: type[C]) -> Callable[..., C]:
    """A constructor of the frozen dataclass ``cls`` taking every field's value, in order:
    the instance ``cls(*values)`` makes (``cls`` has no ``__post_init__``), without its
    ``__init__``'s ``object.__setattr__`` per field, which costs a microsecond a result
    object (a call with known hands makes one per player).

    Generated, as ``dataclasses`` generates ``__init__``: one parameter per field (field
    names are identifiers) and the instance's dict filled from a dict display, a third of
    the time of filling it from a ``zip`` of names and values."""
    names = [f.name for f in fields(cast(Any, cls))]
    source = (
        f"def make({', '.join(names)}):\n"
        "    _made_ = _new_(_cls_)\n"
        f"    _made_.__dict__.update({{{', '.join(f'{name!r}: {name}' for name in names)}}})\n"
        "    return _made_\n"
    )
    namespace: dict[str, Any] = {"_new_": object.__new__, "_cls_": cls}
    exec(compile(source, f"<quick_constructor of {cls.__name__}>", "exec"), namespace)
    make: Callable[..., C] = namespace["make"]
    return make


def hand_equities(
    hands: np.ndarray,
    equities: np.ndarray,
    dealt: np.ndarray,
    breakdown: dict[str, np.ndarray] | None = None,
    per_hand: np.ndarray | None = None,
) -> tuple[HandEquity, ...]:
    """Per-hand results of a range, best equity first; ``dealt`` weighs the frequencies;
    ``breakdown`` maps names of :data:`BREAKDOWN` to one value per hand; ``per_hand``
    (exact runs) holds each hand's outcome histogram."""
    total = max(int(dealt.sum()), 1)
    order = np.argsort(-np.asarray(equities), kind="stable").tolist()
    unknown = (None,) * len(BREAKDOWN)  # Monte Carlo: no breakdown, no counts
    columns = None if breakdown is None else [breakdown[name].tolist() for name in BREAKDOWN]
    histograms = [None] * len(order) if per_hand is None else list(per_hand)  # one view per hand, made in C
    # format_cards checks every card: a wide range's hands (checked already) are named
    # from the 52 names instead, several times faster.
    names, rows = [format_card(c) for c in range(52)], hands.tolist()
    values, shares = equities.tolist(), dealt.tolist()
    breakdowns = [unknown] * len(order) if columns is None else zip(*columns, strict=True)
    rests: list[Any] = [(*b, h) for b, h in zip(breakdowns, histograms, strict=True)]  # the fields after frequency
    return tuple(
        # High card first, suits s h d c within a rank (the rows are sorted ascending).
        HandEquity(" ".join(names[c] for c in rows[k][::-1]), float(values[k]), int(shares[k]) / total, *rests[k])
        for k in order
    )


def range_hand_results(hands: np.ndarray, per_hand: np.ndarray, dealt: np.ndarray) -> tuple[HandEquity, ...]:
    """Per-hand results of a range from its hands' outcome histograms ``per_hand``
    (n, P + 1, P + 3), each counted against the other players (their weights, not
    its own) and ``dealt`` (its own weight times its deals), best equity first. The
    figures are the outcome model's (:func:`~omaha8eq.outcomes.histogram_figures`, from
    the integer counts), so a hand's figures are those its histogram gives as a
    player's; :meth:`HandEquity.exact_equity` gives its equity as a Fraction."""
    columns, _ = histogram_figures(per_hand)
    breakdown = {name: columns[name] for name in BREAKDOWN}
    return hand_equities(hands, columns["equity"], dealt, breakdown, per_hand)


def summarize_player(
    hand: str,
    counts: np.ndarray,
    exhaustive: bool,
    by_hand: tuple[HandEquity, ...] | None = None,
    sums: list[int] | None = None,
    range_hands: int | None = None,
) -> PlayerEquity:
    """Turn one player's outcome histogram ``counts[h, l]`` into a PlayerEquity;
    ``sums``: its :func:`outcome_sums` if known (computed for many players at once);
    ``range_hands``: a range's hands in play (see :class:`PlayerEquity`)."""
    # Plain Python over the few sums (numpy calls on arrays this small cost more), and
    # positional arguments: this runs once a player in every equity() call.
    n_players = counts.shape[0] - 1
    if sums is None:
        sums = outcome_sums(counts)[0]
    shares, _, _, figures = sum_parts(n_players)
    share_times = sums[shares]
    counted = sums[figures]
    total = counted[-1]
    # The figure maker's: equity, then SHARE_FIGURES (PlayerEquity's fields, in order), ...
    mean, *rates = sum_figures(share_times, counted, n_players)
    stderr = 0.0
    if not exhaustive and total > 1:
        second_moment = sum(value * value * times for _, value, times in _shares_won(share_times, n_players)) / total
        variance = max(second_moment - mean * mean, 0.0) * total / (total - 1)
        stderr = math.sqrt(variance / total)
    # The Fractions (slow to hash) are made when first read: most callers read floats.
    return _player_equity(
        hand,
        mean,
        stderr,
        *rates[: len(SHARE_FIGURES)],
        _later(_share_fractions, share_times, n_players, total),
        _later(_tallied_counts, sums, n_players),
        counts,
        by_hand,
        range_hands,
    )


_player_equity = quick_constructor(PlayerEquity)


def _shares_won(share_times: list[int], n_players: int) -> list[tuple[Fraction, float, int]]:
    """The pot shares won (share, its float, deals) of a row's deals by share (``share_times``)."""
    return [
        (share, value, times)
        for (share, value, _), times in zip(share_cells(n_players), share_times, strict=True)
        if times
    ]


def _share_fractions(share_times: list[int], n_players: int, total: int) -> dict[Fraction, float]:
    """``PlayerEquity.shares`` of a row's deals by share (``share_times``) of ``total`` deals."""
    return {share: times / total for share, _, times in _shares_won(share_times, n_players)}


def _tallied_counts(sums: list[int], n_players: int) -> OutcomeCounts:
    """``PlayerEquity.outcome_counts`` of a histogram's :func:`~omaha8eq.outcomes.outcome_sums`."""
    share_times, hi_split, by_low, figures = split_sums(sums, n_players)
    shares = {share: times for share, _, times in _shares_won(share_times, n_players)}
    return OutcomeCounts(deals=figures[-1], shares=shares, **tally(hi_split, by_low, figures[:-1]))
