"""The outcome model: the histogram's shape, the pot rule, and the figures made from counts.

The one home of what an outcome histogram means; every result reads its figures here
(:class:`~omaha8eq.results.PlayerEquity`, :class:`~omaha8eq.results.HandEquity`,
:class:`~omaha8eq.spot_results.SpotEquities`, the preflop tables' ``breakdown``, and so
the command line and the web page, which show those results).

The histogram. The compiled showdown (``omaha8eq.core.showdown``) counts, per player,
deals by ``counts[h, l]`` (``core.showdown.histogram_shape``, which the kernels fill:
``P + 1`` high states by ``P + 3`` low states, ``P`` players): high state 0 when the player's high loses, ``k`` when it
is the best shared by ``k`` players; low state 0 when the player's qualifying low
loses, ``k`` when it is the best shared by ``k``, ``P + 1`` with no low of the
player's own while someone has one, ``P + 2`` when nobody has a low.

The pot rule (pokersource ``pokenum -o8``'s): when at least one player has a
qualifying low, half the pot goes to the best high (split equally among equal highs)
and half to the best low (likewise); when nobody has a low, the best high takes the
whole pot. :func:`cell_share` is that rule, cell by cell.

The figures. :func:`outcome_sum_array` adds up the cells of many histograms in one
call, every integer figure among those sums (each defined once, as the cells it adds
up: ``_figure_cells``); :func:`tally` names them. The figure maker, :func:`sum_figures`,
turns a histogram's sums into every figure of :data:`FIGURES` (the equity by
:func:`pot_won`, the pot won term by term in one order, and each tally over the deals),
so that one histogram (``summarize_player``) and many (:func:`histogram_figures`: the
spot tables, the preflop tables, a range's hands, the explorer's classes) give the
same floats bit for bit; :func:`exact_equity` gives the equity as a Fraction, and
:func:`boards_figures` the figures of several boards (a double board's pot shares and
scoops). :data:`SHARE_FIGURES` names the tallies every result reports as shares.
"""

from __future__ import annotations

import functools
import math
import operator
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

import numpy as np

__all__ = [
    "FIGURES",
    "NAMED_SHARES",
    "SHARE_FIGURES",
    "SUM_FIGURES",
    "boards_figures",
    "cell_share",
    "cells_winning",
    "exact_equity",
    "histogram_figures",
    "nobody_low_share",
    "outcome_sum_array",
    "outcome_sums",
    "pot_won",
    "share_cells",
    "share_matrix",
    "share_units",
    "split_sum_columns",
    "split_sums",
    "sum_figures",
    "sum_parts",
    "tally",
]

#: The figures of :func:`tally` every result reports as shares of its deals, in the
#: order of ``PlayerEquity``'s fields (``quarter`` is the share of the 1/4 pot).
SHARE_FIGURES = ("hi_win", "hi_tie", "hi_lose", "lo_win", "lo_tie", "lo_lose", "no_low", "scoop")


@functools.lru_cache(maxsize=4096)
def cell_share(high_state: int, low_state: int, n_players: int) -> Fraction:
    """Pot share won in one histogram cell (see ``omaha8eq.core.showdown``)."""
    high = Fraction(1, high_state) if high_state else Fraction(0)
    if low_state == n_players + 2:
        return high
    low = Fraction(1, low_state) if 1 <= low_state <= n_players else Fraction(0)
    return (high + low) / 2


@functools.cache
def share_matrix(n_players: int) -> np.ndarray:
    """``cell_share`` of every histogram cell, as floats (shape ``histogram_shape[1:]``)."""
    return np.array(
        [[float(cell_share(h, lo, n_players)) for lo in range(n_players + 3)] for h in range(n_players + 1)]
    )


@functools.cache
def share_units(n_players: int) -> np.ndarray:
    """``cell_share`` of every cell in integer units; a whole pot is ``2 * lcm(1..P)`` units."""
    pot = 2 * math.lcm(*range(1, n_players + 1))
    return np.array(
        [[int(cell_share(h, lo, n_players) * pot) for lo in range(n_players + 3)] for h in range(n_players + 1)],
        dtype=np.int64,
    )


def cells_winning(share: Fraction, n_players: int) -> tuple[tuple[int, int], ...]:
    """The histogram cells in which a player wins exactly ``share`` of the pot."""
    return next((where for won, _, where in share_cells(n_players) if won == share), ())


@functools.cache
def share_cells(n_players: int) -> tuple[tuple[Fraction, float, tuple[tuple[int, int], ...]], ...]:
    """Every pot share a player can win, largest first, as a Fraction and a float, with
    the histogram cells that win it (the order of :func:`outcome_sums`' first sums)."""
    cells: dict[Fraction, list[tuple[int, int]]] = {}
    for h in range(n_players + 1):
        for lo in range(n_players + 3):
            cells.setdefault(cell_share(h, lo, n_players), []).append((h, lo))
    return tuple((share, float(share), tuple(where)) for share, where in sorted(cells.items(), reverse=True))


_INT64_MAX = 2**63 - 1
_FLOAT_EXACT = 2**53  # integers up to it are exact in float64


#: The integer figures that end each histogram's :func:`outcome_sums`, after its pot
#: shares and its high and low states: :data:`SHARE_FIGURES`, ``nobody_low`` (the fields
#: of :class:`~omaha8eq.results.OutcomeCounts` that :func:`tally` names), then the deals.
SUM_FIGURES = (*SHARE_FIGURES, "nobody_low", "deals")


@functools.cache
def _figure_cells(n_players: int) -> tuple[list[tuple[int, int]], ...]:
    """The histogram cells that each of :data:`SUM_FIGURES` adds up, in that order: the
    one definition of every integer figure (a new one is one more entry here)."""
    n = n_players

    def high(*states: int) -> list[tuple[int, int]]:
        return [(h, lo) for h in states for lo in range(n + 3)]

    def low(*states: int) -> list[tuple[int, int]]:
        return [(h, lo) for h in range(n + 1) for lo in states]

    return (
        high(1),  # hi_win
        high(*range(2, n + 1)),  # hi_tie
        high(0),  # hi_lose
        low(1),  # lo_win
        low(*range(2, n + 1)),  # lo_tie
        low(0),  # lo_lose
        low(n + 1, n + 2),  # no_low: none of one's own (someone else's, or nobody's)
        [(1, 1), (1, n + 2)],  # scoop: both halves alone, or the high alone and nobody's low
        low(n + 2),  # nobody_low
        high(*range(n + 1)),  # deals
    )


@functools.cache
def _sum_rows(n_players: int) -> np.ndarray:
    """Which cells of a player's histogram, flattened (``(P + 1) * (P + 3)`` cells), each
    of :func:`outcome_sums` adds up (0/1 rows, int64): one row per pot share of
    :func:`share_cells`, then one per high state (a row of cells), one per low state (a
    column), and one per figure of :data:`SUM_FIGURES` (:func:`_figure_cells`)."""
    shape = (n_players + 1, n_players + 3)
    picks: list[list[tuple[int, int]]] = [list(where) for _, _, where in share_cells(n_players)]
    picks += [[(h, lo) for lo in range(shape[1])] for h in range(shape[0])]
    picks += [[(h, lo) for h in range(shape[0])] for lo in range(shape[1])]
    picks += _figure_cells(n_players)
    rows = np.zeros((len(picks), shape[0] * shape[1]), dtype=np.int64)
    for row, cells in zip(rows, picks, strict=True):
        row[[np.ravel_multi_index(cell, shape) for cell in cells]] = 1
    return rows


def outcome_sum_array(counts: np.ndarray, most: int | None = None) -> np.ndarray:
    """For each histogram ``counts[..., h, l]`` (high state h, low state l), the sums of
    its cells that :func:`summarize_player` reads (see :func:`_sum_rows`), one row per
    histogram, in one numpy call for many histograms: int64, or Python ints (an object
    array) when the counts are too large to add up in int64, so always exact. ``most``:
    the largest total of a histogram's cells, when the caller knows it (unweighted
    counts: the deals), which spares looking for the largest cell."""
    n_players = counts.shape[-2] - 1
    flat = counts.reshape(-1, counts.shape[-2] * counts.shape[-1])
    if n_players >= 4 and most is not None and most <= _FLOAT_EXACT and flat.dtype != object:
        # Every sum adds distinct cells, so it and each partial sum are integers of at most
        # ``most``: exact in float64, whose product numpy hands to BLAS. Its integer
        # product is a plain loop: quicker for two and three players (1.7 and 3.1 µs
        # against 2.4 and 3.2), slower from four (5.3 against 4.2; five 9.5 against 5.5).
        exact: np.ndarray = (flat.astype(np.float64) @ _sum_columns_float(n_players)).astype(np.int64)
        return exact
    unknown = most is None or most > _INT64_MAX
    if flat.dtype != object and flat.size and unknown and flat.max() > _INT64_MAX // flat.shape[1]:
        flat = flat.astype(object)
    sums: np.ndarray = flat.dot(_sum_columns(n_players))
    return sums


def outcome_sums(counts: np.ndarray, most: int | None = None) -> list[list[int]]:
    """:func:`outcome_sum_array` as lists of Python ints."""
    sums: list[list[int]] = outcome_sum_array(counts, most).tolist()
    return sums


@functools.cache
def _sum_columns_float(n_players: int) -> np.ndarray:
    """:func:`_sum_columns` as float64."""
    return _sum_columns(n_players).astype(np.float64)


@functools.cache
def _sum_columns(n_players: int) -> np.ndarray:
    """:func:`_sum_rows` transposed, contiguous (a histogram row times it: its sums)."""
    return np.ascontiguousarray(_sum_rows(n_players).T)


@functools.cache
def sum_parts(n_players: int) -> tuple[slice, slice, slice, slice]:
    """Where the parts of a row of :func:`outcome_sums` lie: the deals of each pot share
    (in the order of :func:`share_cells`), by high state (``hi_split``), by low state,
    and the figures of :data:`SUM_FIGURES`."""
    highs = len(share_cells(n_players))
    lows = highs + n_players + 1
    figures = lows + n_players + 3
    return slice(0, highs), slice(highs, lows), slice(lows, figures), slice(figures, figures + len(SUM_FIGURES))


def split_sums(sums: list[int], n_players: int) -> tuple[list[int], tuple[int, ...], list[int], list[int]]:
    """A row of :func:`outcome_sums` in its parts (see :func:`sum_parts`)."""
    shares, highs, lows, figures = sum_parts(n_players)
    return sums[shares], tuple(sums[highs]), sums[lows], sums[figures]


def split_sum_columns(sums: np.ndarray, n_players: int) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """The rows of :func:`outcome_sum_array` in their parts, as columns (see
    :func:`sum_parts`): the deals of each pot share, by high state, by low state, and
    the figures of :data:`SUM_FIGURES` (one column each)."""
    shares, highs, lows, figures = sum_parts(n_players)
    return sums[:, shares], sums[:, highs], sums[:, lows], sums[:, figures]


def nobody_low_share(sums: list[int], n_players: int) -> float:
    """The share of deals in which nobody has a low, from any player's :func:`outcome_sums`."""
    *_, nobody, deals = sums[sum_parts(n_players)[3]]
    return nobody / deals


def tally(hi_split: tuple[Any, ...], by_low: Sequence[Any], figures: Sequence[Any]) -> dict[str, Any]:
    """Every integer figure of one or many histograms: the fields of
    :class:`~omaha8eq.results.OutcomeCounts` but ``deals`` and ``shares``, from their sums by
    high state (``hi_split``), by low state (``by_low``) and of :data:`SUM_FIGURES` but
    the deals (``figures``): ints, or columns (one value per histogram; then every
    figure is a column)."""
    n_players = len(hi_split) - 1
    return {
        **dict(zip(SUM_FIGURES[:-1], figures, strict=True)),
        "hi_split": hi_split,
        "lo_split": tuple(by_low[: n_players + 1]),
    }


def pot_won(share_times: Sequence[Any] | np.ndarray, n_players: int) -> Any:
    """The pot won over the deals counted (divide by them for the mean share): each pot
    share times its deals (``share_times``, in the order of :func:`share_cells`; ints, or
    columns of a 2-d array, one row per histogram), added term by term in that order."""
    # A 2-d array's columns, one per share; else the share counts themselves.
    terms: Sequence[Any] = list(share_times.T) if isinstance(share_times, np.ndarray) else share_times
    values = _share_values(n_players)
    if len(terms) != len(values):
        raise ValueError(f"pot_won: {len(terms)} share counts for {len(values)} shares")
    # sum() adds the terms in order, from 0: the floats of a loop adding them one by one.
    return sum(map(operator.mul, values, terms))


@functools.cache
def _share_values(n_players: int) -> tuple[float, ...]:
    """The floats of :func:`share_cells`' shares, in order (read on every result made)."""
    return tuple(value for _, value, _ in share_cells(n_players))


#: Pot shares the results name, each the share of deals in which a player wins exactly it.
NAMED_SHARES = {"quarter": Fraction(1, 4)}

#: Every figure of the figure maker (:func:`sum_figures`, :func:`histogram_figures`), in
#: its order, each a share of the deals (floats): the pot share won (``equity``), the
#: tallies of :data:`SHARE_FIGURES` and ``nobody_low``, then :data:`NAMED_SHARES`.
FIGURES = ("equity", *SUM_FIGURES[:-1], *NAMED_SHARES)


def sum_figures(share_times: Sequence[Any] | np.ndarray, counted: Sequence[Any], n_players: int) -> tuple[Any, ...]:
    """The figure maker: every figure of :data:`FIGURES`, in that order, as shares of the
    deals, from a histogram's sums (:func:`outcome_sums`): its deals by pot share
    (``share_times``, as :func:`pot_won` takes them) and its sums of :data:`SUM_FIGURES`
    (``counted``, the deals last). One histogram's sums are Python ints, and so give
    floats; many histograms' are columns (``share_times`` 2-d, one row per histogram;
    ``counted`` one column per figure), and give float columns. Every figure is an
    integer sum divided by the deals (Python ints: correctly rounded, as the float of
    their Fraction), but ``equity``, :func:`pot_won` over the deals; a histogram of no
    deals has every figure 0. The one place the figures are made: one histogram and
    many give the same floats bit for bit."""
    terms: Sequence[Any] = list(share_times.T) if isinstance(share_times, np.ndarray) else share_times
    *tallied, dealt = counted
    total = np.where(dealt > 0, dealt, 1) if isinstance(dealt, np.ndarray) else dealt or 1
    named = [_named_share(n_players).get(name) for name in NAMED_SHARES]
    return (
        pot_won(terms, n_players) / total,
        *[count / total for count in tallied],
        *[(terms[k] if k is not None else 0 * total) / total for k in named],
    )


@functools.cache
def _named_share(n_players: int) -> dict[str, int]:
    """Where each of :data:`NAMED_SHARES` is in :func:`share_cells` (absent: never won)."""
    order = [share for share, _, _ in share_cells(n_players)]
    return {name: order.index(share) for name, share in NAMED_SHARES.items() if share in order}


def histogram_figures(counts: np.ndarray, most: int | None = None) -> tuple[dict[str, np.ndarray], np.ndarray]:
    """:func:`sum_figures` of one or many histograms ``counts`` (..., P + 1, P + 3), int64
    or Python ints (an object array: weighted counts beyond 2**63), by name: one column
    per figure of :data:`FIGURES`, one value per histogram (float64; Python floats in an
    object array for Python-int counts), with the histograms' :func:`outcome_sum_array`
    (``most`` as there). The floats are those of one histogram's ``summarize_player``,
    bit for bit."""
    n_players = counts.shape[-2] - 1
    sums = outcome_sum_array(counts, most)
    share_times, _, _, counted = split_sum_columns(sums, n_players)
    return dict(zip(FIGURES, sum_figures(share_times, tuple(counted.T), n_players), strict=True)), sums


def exact_equity(counts: np.ndarray) -> Fraction:
    """The pot share won over one histogram's deals (P + 1, P + 3), int64 or Python
    ints, as an exact fraction (0 for a histogram of no deals, as its float)."""
    # Python integers over the few cells: exact for weighted (object) counts too, and
    # quick enough to give every hand of a wide range its fraction.
    n_players = counts.shape[0] - 1
    pot = 2 * math.lcm(*range(1, n_players + 1))
    rows = counts.tolist()
    won = sum(
        c * u
        for row, units in zip(rows, share_units(n_players).tolist(), strict=True)
        for c, u in zip(row, units, strict=True)
    )
    total = sum(map(sum, rows))
    return Fraction(won, total * pot) if total else Fraction(0)


def boards_figures(by_unit: np.ndarray, scooped: np.ndarray, whole: int, exhaustive: bool) -> dict[str, Any]:
    """The figures of one player over several boards (a double board, or a board run N
    times), from the deals by pot share won, ``by_unit[u]`` (u units of the whole pot,
    ``whole`` units), and the deals by boards scooped, ``scooped[k]`` (k boards): the
    fields of ``BoardsPlayer`` but its hand and boards (``equity``, ``equity_stderr``,
    0.0 when ``exhaustive``, ``scoop_all``, ``scoop_one``, ``scooped``, ``share_counts``
    and ``outcomes``). The equity's float is the exact integer sum of the units won,
    divided once."""
    outcomes = int(scooped.sum())
    won = np.flatnonzero(by_unit)
    mean = float((won * by_unit[won]).sum()) / (whole * outcomes)
    square = float((won.astype(np.float64) ** 2 * by_unit[won]).sum()) / (whole * whole * outcomes)
    n_boards = len(scooped) - 1
    return {
        "equity": mean,
        "equity_stderr": 0.0 if exhaustive else math.sqrt(max(square - mean * mean, 0.0) / max(outcomes - 1, 1)),
        "scoop_all": int(scooped[n_boards]) / outcomes,
        "scoop_one": int(scooped[1]) / outcomes,
        "scooped": tuple(int(k) for k in scooped),
        "share_counts": {Fraction(int(u), whole): int(by_unit[u]) for u in won},
        "outcomes": outcomes,
    }
