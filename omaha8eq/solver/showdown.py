"""Exact hi-lo showdown values of one player's hands against the other's reach-weighted range.

For each hand ``x`` of player ``p`` and the opponent's reach ``r`` (one float per hand
of the other player), :func:`showdown_values` gives

    sum over the opponent's hands y sharing no card with x of  r[y] * (pot * share(x, y) - paid)

where ``share(x, y)`` is x's part of the pot against y: in a high-only game, or when
neither hand has a qualifying low, 1 / 0.5 / 0 for a better / equal / worse high; else
half for the high (1/2, 1/4, 0) plus half for the low (a better low or the only low:
1/2; an equal low: 1/4; else 0). Scoops, splits and quarters all come out of that sum;
odd chips are not modelled (amounts are real numbers).

No loop over pairs: with ``L(x) = 0`` for no low and ``1 + low value`` otherwise,

    share(x, y) = A(x, y) / 2 + (B(x, y) if L(x) > 0 else C(x, y)) / 2

where A compares the highs, B compares ``L`` (a hand without a low is below every low),
and C compares the highs of two hands without a low (0 when y has one). Each of A, B, C
is a sweep (:func:`_sweep`): the hands of both sides sorted once per board by the key
compared (:func:`prepare`), walked upwards, the opponent's reach added to running sums
as its hands pass, each hand of ``p`` reading the sum of the opponents below it (then
below or equal: the ties count half). Card removal is the range sweep's
inclusion-exclusion (:mod:`omaha8eq.core.range_sweep`, whose :func:`dense_subset_ids`
lists each hand's card subsets that the other side holds too): the running sums are kept
per card subset, and the reach of the opponents sharing no card with x is the sum over
the subsets s of x of ``(-1)**|s|`` times the reach of the opponents holding s; the whole
hand (an identical opponent: same high, same low, a tie both ways) is added directly.
Cost per call: ``O((n_p + n_o) * 2**k)`` for hands of ``k`` cards, three passes at most
(the disjoint reach, a fourth, is the caller's).

Hands are indexed together: player 0's rows ``0..n0-1``, player 1's ``n0..n0+n1-1``
(``base``). The kernels are compiled into the solver's walk (:mod:`omaha8eq.solver.cfr`);
none is a separate entry point.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
from numba import njit

from ..core.loop_body import loop_body
from ..core.range_sweep import dense_subset_ids, subset_key_offsets

__all__ = ["Showdown", "disjoint_reach", "prepare", "showdown_values"]


class Showdown(NamedTuple):
    """One board's showdown tables for two ranges (see the module docstring).

    ``base``: (3,) the first row of each player and the end; ``ids``, ``counts``: each
    hand's signed subset ids (``2 * id + odd``) and their number; ``twin``: the row of the
    other player's identical hand, or -1; ``high``, ``low``: the keys compared (``low``:
    0 without a low, else 1 + the low's value); ``by_high``, ``by_low``: per player, its
    rows sorted by ``high`` and by ``low`` (player q's at ``base[q]:base[q+1]``);
    ``low_start``: (2,) how many of player q's rows have no low (they come first in
    ``by_low``); ``no_low``: per player its rows without a low sorted by high, player q's
    at ``no_low_start[q]:no_low_start[q+1]``; ``split``: some hand has a low (else
    ``share`` is A alone); ``full_sign``: ``(-1)**k``; ``n_ids``: the subset ids.
    """

    base: np.ndarray
    ids: np.ndarray
    counts: np.ndarray
    twin: np.ndarray
    high: np.ndarray
    low: np.ndarray
    by_high: np.ndarray
    by_low: np.ndarray
    low_start: np.ndarray
    no_low: np.ndarray
    no_low_start: np.ndarray
    split: bool
    full_sign: float
    n_ids: int


def prepare(
    hands: tuple[np.ndarray, np.ndarray], high: tuple[np.ndarray, np.ndarray], low: tuple[np.ndarray, np.ndarray]
) -> Showdown:
    """The tables of two players' ``hands`` (int8 rows, cards ascending, none on the board),
    given each hand's ``high`` value (0..7461) and ``low`` value (-1: none) on the board."""
    h0, h1 = (np.ascontiguousarray(h, dtype=np.int8) for h in hands)
    k = h0.shape[1]
    n0, n1 = len(h0), len(h1)
    offsets = subset_key_offsets(k)
    ids = np.empty((n0 + n1, 1 << k), dtype=np.int32)
    counts = np.zeros(n0 + n1, dtype=np.int32)
    id_odd = np.zeros(int(offsets[k]), dtype=np.int8)
    n_ids = int(dense_subset_ids(h0, h1, offsets, ids[:n0], ids[n0:], counts[:n0], counts[n0:], id_odd))
    base = np.array([0, n0, n0 + n1], dtype=np.int64)
    twin = np.full(n0 + n1, -1, dtype=np.int64)
    rows0 = {row.tobytes(): i for i, row in enumerate(h0)}
    for j, row in enumerate(h1):
        i = rows0.get(row.tobytes())
        if i is not None:
            twin[i], twin[n0 + j] = n0 + j, i
    high_key = np.concatenate([high[0], high[1]]).astype(np.int64)
    low_key = np.concatenate([low[0], low[1]]).astype(np.int64) + 1
    by_high, by_low, no_low = [], [], []
    low_start = np.zeros(2, dtype=np.int64)
    for q in (0, 1):
        rows = np.arange(base[q], base[q + 1], dtype=np.int64)
        by_high.append(rows[np.argsort(high_key[rows], kind="stable")])
        by_low.append(rows[np.argsort(low_key[rows], kind="stable")])
        low_start[q] = int(np.count_nonzero(low_key[rows] == 0))
        none = rows[low_key[rows] == 0]
        no_low.append(none[np.argsort(high_key[none], kind="stable")])
    no_low_start = np.array([0, len(no_low[0]), len(no_low[0]) + len(no_low[1])], dtype=np.int64)
    return Showdown(
        base=base, ids=ids, counts=counts, twin=twin, high=high_key, low=low_key,
        by_high=np.concatenate(by_high), by_low=np.concatenate(by_low), low_start=low_start,
        no_low=np.concatenate(no_low), no_low_start=no_low_start,
        split=bool((low_key > 0).any()), full_sign=float((-1) ** k), n_ids=n_ids,
    )  # fmt: skip


@njit(cache=True, inline="always")
def _add(y, ids, counts, reach, base_o, rows):
    """Add opponent row ``y``'s reach to the running sum of each of its listed subsets."""
    r = reach[y - base_o]
    if r != 0.0:
        for e in range(counts[y]):
            rows[ids[y, e] >> 1] += r


@njit(cache=True, inline="always")
def _query(x, ids, counts, rows):
    """The signed sum over hand ``x``'s listed subsets: the reach of the opponents added so
    far that share no card with x, identical hands aside."""
    total = 0.0
    for e in range(counts[x]):
        entry = ids[x, e]
        if entry & 1:
            total -= rows[entry >> 1]
        else:
            total += rows[entry >> 1]
    return total


@njit(cache=True, inline="always")
def _twin(x, twin, reach, base_o, full_sign):
    """The inclusion-exclusion term of the whole hand: its identical opponent's reach, signed."""
    t = twin[x]
    return full_sign * reach[t - base_o] if t >= 0 else 0.0


@loop_body
def _sweep(order_p, p0, p1, order_o, o0, o1, key, ids, counts, twin, reach, base_o, base_p, full_sign, rows, out):
    """For each row x of ``order_p[p0:p1]`` (sorted by ``key``), the reach of the opponents
    of ``order_o[o0:o1]`` (sorted by ``key``) sharing no card with x, those with a lower
    key counted once and those with an equal key half, into ``out[x - base_p]``."""
    rows[:] = 0.0
    i = p0
    j = o0
    while i < p1:
        k = key[order_p[i]]
        while j < o1 and key[order_o[j]] < k:
            _add(order_o[j], ids, counts, reach, base_o, rows)
            j += 1
        end = i
        while end < p1 and key[order_p[end]] == k:
            x = order_p[end]
            out[x - base_p] = _query(x, ids, counts, rows)
            end += 1
        tied = j
        while tied < o1 and key[order_o[tied]] == k:
            _add(order_o[tied], ids, counts, reach, base_o, rows)
            tied += 1
        if tied > j:
            for m in range(i, end):
                x = order_p[m]
                upto = _query(x, ids, counts, rows) + _twin(x, twin, reach, base_o, full_sign)
                out[x - base_p] = 0.5 * (out[x - base_p] + upto)
        i = end
        j = tied


@loop_body
def disjoint_reach(p, reach, base, ids, counts, twin, full_sign, rows, out):
    """``out[x]``: the opponent's reach over its hands sharing no card with player ``p``'s
    hand x (every x of ``p``)."""
    o = 1 - p
    rows[:] = 0.0
    for y in range(base[o], base[o + 1]):
        _add(y, ids, counts, reach, base[o], rows)
    for x in range(base[p], base[p + 1]):
        out[x - base[p]] = _query(x, ids, counts, rows) + _twin(x, twin, reach, base[o], full_sign)


@njit(cache=True)
def showdown_values(
    p, reach, pot, paid, base, ids, counts, twin, high, low, by_high, by_low, low_start, no_low, no_low_start, split,
    full_sign, rows, a, b, c, d, out,
):  # fmt: skip
    """``out[x]`` for every hand x of player ``p``: the sum over the opponent's hands y
    sharing no card with x of ``reach[y] * (pot * share(x, y) - paid)`` (module
    docstring). ``d`` (n_p): :func:`disjoint_reach` of the same ``reach``, computed by the
    caller (a fold under the same reach needs it too); ``rows`` (n_ids) and ``a``, ``b``,
    ``c`` (n_p) are scratch."""
    o = 1 - p
    bp, ep, bo, eo = base[p], base[p + 1], base[o], base[o + 1]
    _sweep(by_high, bp, ep, by_high, bo, eo, high, ids, counts, twin, reach, bo, bp, full_sign, rows, a)
    if split:
        _sweep(by_low, bp + low_start[p], ep, by_low, bo, eo, low, ids, counts, twin, reach, bo, bp, full_sign, rows, b)
        _sweep(
            no_low, no_low_start[p], no_low_start[p + 1], no_low, no_low_start[o], no_low_start[o + 1], high, ids,
            counts, twin, reach, bo, bp, full_sign, rows, c,
        )  # fmt: skip
        for x in range(bp, ep):
            i = x - bp
            other = b[i] if low[x] > 0 else c[i]
            out[i] = pot * 0.5 * (a[i] + other) - paid * d[i]
    else:
        for i in range(ep - bp):
            out[i] = pot * a[i] - paid * d[i]
