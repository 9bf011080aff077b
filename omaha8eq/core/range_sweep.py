"""Compiled kernels of the exact heads-up range-vs-range sweep (driver: ``omaha8eq.engine.range_vs_range``).

Cards are ints 0..51 (``card = 4 * rank + suit``); a hand is a row of an int8 array,
its card set a 64-bit mask. Inputs are trusted (the driver validates them).

The two ranges are stacked in one array of ``n`` hands: rows ``< n_a`` are side A,
the others side B. Every hand's outcome against the whole other side on one board
is a (3, 5) histogram in the layout of ``core.showdown.count_outcome`` for two
players, flattened to 15 cells ``5 * high_state + low_state``.

How one board is counted, without comparing pairs:

1. Each live hand (no card on the board) is evaluated once: its high (0..7461) and
   its low, compressed to ``0`` (no low) or ``1..m`` in increasing low order (a
   board allows at most 28 different lows: one per pair of hole low ranks).
2. The live hands are bucketed by high (counting sort over the 7,462 values).
3. Card removal by inclusion-exclusion: the weight of the other side's hands that
   share no card with hand ``x`` is the sum over the subsets ``s`` of ``x`` (the
   empty one included) of ``(-1)**|s|`` times the weight of the other side's hands
   holding ``s``. Every proper card subset held on both sides has a dense id
   (:func:`dense_subset_ids`; each hand lists only its own shared subsets, so a
   known hand against a range costs the range one or two subsets per hand), and
   each side keeps, per id, the running weight of its hands holding that subset
   as a suffix sum over the compressed low (``rows[(side * n_ids + id) * stride + j]``
   = weight of the hands added so far with low ``>= j``: adding a hand without a
   low touches one cell, and most hands of a wide range have none). A query reads
   three cells of each listed row and gives the weight of the disjoint opponents
   with a lower, a lower-or-equal and any low (up to 15 rows for four cards, 31
   for five, 63 for six). The whole hand is left out of the rows: an identical
   opponent has the same cards, hence the same high and low, and is corrected
   for directly (it ties both halves).
4. The sweep walks the high groups upwards. For each group, every member queries
   the other side (opponents with a strictly lower high: it wins the high), then
   the group is added to its side's rows, then members query again (a lower or
   equal high; skipped when the group has no opponent); after the sweep, every
   hand queries once more (all opponents). Differences of these give the 3 x 3
   (high, low) comparison counts, which map one to one onto the 15 cells: the
   joint counts (scoop, quarter) are exact.

A range against itself (the same hands and weights on both sides: ``mirror``) is
swept once: every hand is on side A and queries side A's own rows. A hand finds
itself there exactly as it would find its twin on the other side (same high, same
low, the same subsets), so the twin correction of step 3 removes it, and every
count is the two-sided one; side B's are the same numbers. Half the hands, half the
work.

When only each side's totals are wanted (``per_hand`` false), a hand queries once,
before its group is added: the pairs it wins in high are the pairs its opponents lose,
so they are counted into the losers' side as well, seen from there. Every disjoint
pair's low comparison, whatever the highs, comes from the rows once the whole board
is added, without a query: by the same inclusion-exclusion summed over all pairs, it
is the sum over the card subsets ``s`` held on both sides of ``(-1)**|s|`` times the
low comparisons of the two sides' hands holding ``s`` (a product of their low
distributions, the rows' differences: ``O(n_ids * m)``), plus the whole hands
(the twins). The ties are those less the wins and the losses, side by side. One query
a hand instead of three, the same totals; the per-hand histograms are not made.

Boards that evaluate alike and differ in one card (on a turn ``Ac 8c 5h 9d``, the
rivers ``Kd``, ``Kh`` and ``Ks``: the same ranks, no flush) give every hand the same
high and low; only the hands holding their fifth cards differ. Without per-board
totals they are swept together, once (a sweep set, see ``sweep_runouts``): over
the hands holding none of the four cards they share, each pair counted on the set's
boards holding neither hand's cards, ``T - A(x) - A(y)`` times (``T`` the set's
times, ``A(x)`` those of its boards holding a card of ``x``; disjoint hands never
both hold one). Each row cell packs two sums, the weights and the weights times
``A``, so that a query and an update cost what they cost for one board: on a
turn 24 sweeps instead of 48, on the flop ``Ac 8c 5h`` 424 instead of 721.

With each board's totals (the next-card table) and the totals alone, a set is swept
once too, its rows holding plain weights: every pair of the hands live on its four
shared cards counted once (``H``). A hand holding one of the set's fifth cards
(marked) also keeps its query sums against the opponents of a lower, a
lower-or-equal and any high (two queries more), which give its pairs exactly, seen
from its side and, mirrored, from its opponents'; board ``r``'s totals are its times
``H`` less the pairs in which a hand holds its fifth card (:func:`_split_set`). On the
turn a quarter of the hands are marked: the set costs a little more than one board.

Cost per board: ``O(n * 2**k)`` row operations for ``n`` live hands of ``k`` cards
(three queries of three reads and one suffix update, one cell for a hand without
a low, up to ``m + 1``), plus ``O(n)`` evaluations and ``O(7462)`` for the counting
sort. On one core (AMD EPYC), four-card 15% against 15% on the flop ``Ac 8c 5h``
(about 23,000 live hands a side, 424 sweep sets of its 721 kept runouts): 1.5 s for
the totals alone, 2.5 s counting every hand. Memory per thread: ``2 * n_ids * (m + 1)``
int32 row cells, the (n, 15) int64 histograms and a few (n,) scratch arrays; shared:
the (n, 2**k) int32 subset ids.
"""

from __future__ import annotations

from math import comb

import numpy as np
from numba import njit, prange

from .high import describe_board, flush_high, rank_high, unsigned
from .low import hand_low
from .tables import BINOM, N_HIGH_CLASSES

#: The low ranks' bits (ace = bit 0 ... eight = bit 7) of every pair of them.
_LOW_PAIR_MASKS = np.array([(1 << i) | (1 << j) for i in range(8) for j in range(i + 1, 8)], dtype=np.int64)
#: Largest row stride: no low plus at most 28 distinct lows on one board.
MAX_STRIDE = 1 + len(_LOW_PAIR_MASKS)
# SUBSET_COMB[n, k] = C(n, k) for the combinatorial rank of a card subset.


def subset_key_offsets(hole_size: int) -> np.ndarray:
    """``offsets[t]``: the first key of the ``t``-card subsets (see ``_subset_key``);
    ``offsets[hole_size + 1]`` is the size of the key space."""
    return np.cumsum([0] + [comb(52, size) for size in range(hole_size + 1)]).astype(np.int64)


@njit(cache=True, inline="always")
def _write_keys(hands, key_offset, ids):
    """``ids[i, j]``: the key of the proper subset ``j`` (the cards at the set bits of
    ``j``) of ``hands[i]``, whose cards are sorted ascending; -1 for the whole hand.

    A subset of ``t`` cards ``c_0 < ... < c_{t-1}`` has the key ``key_offset[t] + sum
    C(c_i, i + 1)`` (its colex rank among the ``t``-card subsets), so every size
    shares one dense key space and the empty subset is key 0. The sum of subset
    ``j`` is that of ``j`` without its top card plus that card's term.
    """
    n, k = hands.shape
    full = (1 << k) - 1
    top = np.zeros(full + 1, dtype=np.int64)
    size = np.zeros(full + 1, dtype=np.int64)
    for j in range(1, full + 1):
        for p in range(k):
            if (j >> p) & 1:
                top[j] = p
                size[j] += 1
    partial = np.zeros(full + 1, dtype=np.int64)
    for i in range(n):
        ids[i, 0] = 0
        for j in range(1, full):
            partial[j] = partial[j ^ (1 << top[j])] + BINOM[hands[i, top[j]], size[j]]
            ids[i, j] = key_offset[size[j]] + partial[j]
        ids[i, full] = -1


@njit(cache=True, inline="always")
def _compact(ids, seen, counts):
    """Replace each hand's subset keys by its signed subset ids, listed first:
    ``2 * id + (1 if the subset has an odd size)`` for the subsets whose key has an
    id in ``seen``; ``counts[i]`` of them."""
    odd = np.zeros(ids.shape[1], dtype=np.int32)  # odd[j]: whether subset j has an odd size
    for j in range(1, ids.shape[1]):
        odd[j] = odd[j >> 1] ^ (j & 1)
    for i in range(ids.shape[0]):
        c = 0
        for j in range(ids.shape[1] - 1):
            sid = seen[ids[i, j]]
            if sid >= 0:
                ids[i, c] = 2 * sid + odd[j]
                c += 1
        counts[i] = c


@njit(cache=True)
def dense_subset_ids(hands_a, hands_b, key_offset, ids_a, ids_b, counts_a, counts_b, id_odd):
    """Give the proper card subsets held on both sides the ids ``0..n_ids-1`` (in key
    order, so the empty subset is id 0) and list each hand's: ``ids[i, :counts[i]]``
    holds ``2 * id + (|s| odd)`` for the subsets ``s`` of ``hands[i]`` (cards sorted
    ascending) that some hand of the other side holds too. The whole hand is never
    listed (identical hands are counted apart, see ``sweep_runouts``). ``id_odd[id]``
    (int8, at least ``key_offset[hole size]`` cells) receives ``|s|`` odd for each id.
    Returns ``n_ids``."""
    _write_keys(hands_a, key_offset, ids_a)
    _write_keys(hands_b, key_offset, ids_b)
    full = ids_a.shape[1] - 1
    seen = np.zeros(key_offset[hands_a.shape[1]], dtype=np.int32)  # keys of proper subsets
    for i in range(ids_a.shape[0]):
        for j in range(full):
            seen[ids_a[i, j]] |= 1
    for i in range(ids_b.shape[0]):
        for j in range(full):
            seen[ids_b[i, j]] |= 2
    n_ids = 0
    size = 0  # of the subsets of this key: keys key_offset[size] <= key < key_offset[size + 1]
    for key in range(seen.shape[0]):
        while key >= key_offset[size + 1]:
            size += 1
        if seen[key] == 3:
            seen[key] = n_ids
            id_odd[n_ids] = size & 1
            n_ids += 1
        else:
            seen[key] = -1
    _compact(ids_a, seen, counts_a)
    _compact(ids_b, seen, counts_b)
    return n_ids


@njit(cache=True, inline="always")
def side_of(x, n_a):
    """0 for the hands of side A (rows below ``n_a``), 1 for side B."""
    return 0 if x < n_a else 1


@njit(cache=True, inline="always")
def opponents_of(x, n_a, mirror):
    """The side whose rows hand ``x`` queries: the other one, or its own in a mirror sweep."""
    return 0 if mirror else 1 - side_of(x, n_a)


@njit(cache=True, inline="always")
def _query(ids, counts, x, rows, side, n_ids, stride, low_index, with_none):
    """Signed sums over hand ``x``'s subset rows of ``side``: the weight of that side's
    disjoint hands (identical ones aside) with a lower, a lower-or-equal, and any low,
    among those added so far, and with ``with_none`` (a constant at each call: the
    other calls compile without it) of those without a low, else 0."""
    total = 0
    not_below = 0  # low >= low_index
    above = 0  # low > low_index
    some_low = 0  # low >= 1
    low_cell = unsigned(low_index)  # unsigned indices: no negative-index fix-ups, the hottest reads
    for j in range(counts[x]):
        entry = ids[x, j]
        base = unsigned((side * n_ids + (entry >> 1)) * stride)
        s = 1 - 2 * (entry & 1)
        total += s * rows[base]
        not_below += s * rows[base + low_cell]
        if low_index + 1 < stride:
            above += s * rows[base + low_cell + unsigned(1)]
        if with_none and stride > 1:
            some_low += s * rows[base + unsigned(1)]
    return total - not_below, total - above, total, (total - some_low if with_none else 0)


@njit(cache=True, inline="always")
def _add_counts(hist, x, high_state, below, upto, total, low_index):
    """Add the opponents lower / equal / higher in low to hand ``x``'s cells of
    ``high_state`` (low states: see ``core.showdown``)."""
    row = 5 * high_state
    if low_index == 0:
        hist[x, row + 4] += upto  # nobody has a low
        hist[x, row + 3] += total - upto  # only the opponent has one
    else:
        hist[x, row + 1] += below  # wins the low alone (includes opponents without one)
        hist[x, row + 2] += upto - below
        hist[x, row + 0] += total - upto


@njit(cache=True, inline="always")
def _compress_lows(board_low, low, low_index_of):
    """Fill ``low_index_of[v + 1]`` for the lows ``v`` (-1..55) this board allows:
    0 for none, 1..m in increasing order. Returns the row stride ``m + 1``."""
    present = np.zeros(57, dtype=np.bool_)
    for p in range(_LOW_PAIR_MASKS.shape[0]):
        present[low[board_low * 256 + _LOW_PAIR_MASKS[p]] + 1] = True
    low_index_of[0] = 0
    m = 0
    for v in range(1, 57):
        if present[v]:
            m += 1
            low_index_of[v] = m
    return m + 1


@njit(cache=True, inline="always")
def _evaluate_ranks(hands, runouts, r, hilo, board_pair, low, base_highs, lows, low_index_of):
    """What boards with the ranks of ``runouts[r]`` share: each hand's high without
    flushes in ``base_highs`` and its compressed low in ``lows``. Returns the row stride."""
    n, n_hole = hands.shape
    state, _, _, board_low = describe_board(runouts, r, 5)
    stride = _compress_lows(board_low, low, low_index_of) if hilo else 1
    for x in range(n):
        base_highs[x] = rank_high(hands, x, n_hole, state, board_pair)
        lows[x] = low_index_of[hand_low(hands, x, n_hole, board_low, low) + 1] if hilo else 0
    return stride


@njit(cache=True)  # compiled apart, not inlined: see _sweep_thread
def _evaluate_set(
    hands, masks, weights, runouts, first, end, runout_masks, runout_times, flush5, suited, shift, base_highs, highs,
    bucket, removed, packed,
):  # fmt: skip
    """Each hand's high on the boards ``first <= r < end``, which evaluate alike (one
    sweep set, see ``sweep_runouts``): from ``base_highs`` and board ``first``'s flush;
    -1 for a hand holding a card all of them hold. ``bucket[high + 1]`` counts the
    hands, ``removed[x]`` receives the times of the set's boards holding a card of
    hand x, ``packed[x]`` its row weight ``w + (w * removed[x] << shift)``. Returns
    the set's total times."""
    n, n_hole = hands.shape
    _, flush_suit, flush_ranks, _ = describe_board(runouts, first, 5)
    shared = runout_masks[first]
    total = 0
    for r in range(first, end):
        shared &= runout_masks[r]
        total += runout_times[r]
    bucket[:] = 0
    for x in range(n):
        if masks[x] & shared:
            highs[x] = -1
            continue
        removed[x] = 0
        for r in range(first, end):  # the fifth cards; a set of one board holds none of x's
            if masks[x] & runout_masks[r]:
                removed[x] += runout_times[r]
        packed[x] = weights[x] + ((weights[x] * removed[x]) << shift)
        h = base_highs[x]
        if flush_suit >= 0:
            h = max(h, flush_high(hands, x, n_hole, flush_suit, flush_ranks, flush5, suited))
        highs[x] = h
        bucket[h + 1] += 1
    return total


@njit(cache=True, inline="always")
def _weigh(v, live_times, merged, shift, bias):
    """The count of a raw query sum ``v`` of a hand on a set of boards: ``live_times``
    (the set's times less the hand's removed ones) times the opponents' weight, less
    their removed times weighted (the two sums ``v`` packs when ``merged``; see
    ``sweep_runouts``)."""
    removals = (v + bias) >> shift if merged else 0
    return live_times * (v - (removals << shift)) - removals


@njit(cache=True, inline="always")
def _add_seen_from_opponents(board_hist, side, high_state, below, upto, total, no_low, low_index):
    """Add to ``side``'s cells of ``high_state`` the opponents of a hand with the low
    ``low_index``, seen from their side (the hand's own high state mirrored: it wins,
    they lose): among them ``below`` have a lower low (``no_low`` of those none),
    ``upto`` a lower or equal one, ``total`` in all. The mirror image of ``_add_counts``."""
    row = 5 * high_state
    if low_index == 0:
        board_hist[side, row + 4] += upto  # neither has a low
        board_hist[side, row + 1] += total - upto  # the opponent's low wins alone
    else:
        board_hist[side, row + 3] += no_low  # the opponent has none, the hand has one
        board_hist[side, row + 0] += below - no_low  # a lower low: it loses the low
        board_hist[side, row + 2] += upto - below
        board_hist[side, row + 1] += total - upto


@njit(cache=True, inline="always")
def _weigh_all(stored, x, live_times, merged, shift, bias):
    """The counts of hand x's stored raw query sums ``stored[x]`` (see ``_weigh``)."""
    return (
        _weigh(np.int64(stored[x, 0]), live_times, merged, shift, bias),
        _weigh(np.int64(stored[x, 1]), live_times, merged, shift, bias),
        _weigh(np.int64(stored[x, 2]), live_times, merged, shift, bias),
    )


@njit(cache=True, inline="always")
def _sums(rows, cell, shift):
    """The two sums a row cell packs when ``shift`` > 0: the weights and the weighted
    removed times (see ``sweep_runouts``); else the cell and 0."""
    v = np.int64(rows[cell])
    if shift == 0:
        return v, np.int64(0)
    return v & ((np.int64(1) << shift) - 1), v >> shift


@njit(cache=True, inline="always")
def _pair_cells(rows, a, b, j, stride, total, shift):
    """Cell ``j`` of rows ``a`` and ``b`` (0 from the stride on) as the four sides of
    :func:`_add_all_pairs`' two comparisons: ``total * w - r`` and ``w`` of row ``a``,
    ``w`` and ``r`` of row ``b`` (``w`` the weights, ``r`` the weighted removed times)."""
    if j >= stride:
        zero = np.int64(0)
        return zero, zero, zero, zero
    cell = unsigned(j)
    w_a, r_a = _sums(rows, a + cell, shift)
    w_b, r_b = _sums(rows, b + cell, shift)
    return total * w_a - r_a, w_a, w_b, r_b


@njit(cache=True)  # not inlined: inlined twice into _sweep_board, the first compile took 102 s of CPU, not 43
def _add_all_pairs(rows, mine, theirs, n_ids, stride, id_odd, board_hist, side, total, merged, shift):
    """Add to ``side``'s cells of a tied high (state 2) the low comparisons of every
    pair of a hand of row side ``mine`` and one of row side ``theirs`` sharing no card
    (identical hands aside: see the twins), whatever their highs, from ``mine``'s side,
    each pair counted on the boards of the set that hold neither hand's cards:
    ``total`` times less both hands' removed times (see ``sweep_runouts``). By the
    sum over the subset ids of ``(-1)**|s|`` (``id_odd``) times the comparisons of the
    two sides' hands holding ``s``. Integer sums: exact modulo 2**64, so exact when
    the totals fit.

    The hands of two rows, ``a[j]`` and ``b[j]`` of them with a low index ``>= j``
    (``j`` = 0: all of them), compare as: neither has a low ``(a0 - a1) * (b0 - b1)``,
    only b ``(a0 - a1) * b1``, a's low alone ``a1 * b0 - S1``, tied ``S1 - S2``, b's
    alone ``S2``, with ``S1`` the sum over ``j >= 1`` of ``(a[j] - a[j + 1]) * b[j]``
    and ``S2`` that of ``(a[j] - a[j + 1]) * b[j + 1]``. Each is bilinear in the rows:
    with ``w`` a row's weights and ``r`` its weighted removed times, ``total * C(w_a,
    w_b) - C(r_a, w_b) - C(w_a, r_b)`` is ``C(total * w_a - r_a, w_b) - C(w_a, r_b)``,
    both made in one pass over the two rows' cells (unmerged, ``r`` is 0)."""
    cells = np.zeros(5, dtype=np.int64)
    part_shift = shift if merged else 0
    for i in range(n_ids):
        a = unsigned((mine * n_ids + i) * stride)
        b = unsigned((theirs * n_ids + i) * stride)
        if rows[a] == 0 or rows[b] == 0:  # no hand of a side holds the subset: no pair
            continue
        p0, q0, w0, r0 = _pair_cells(rows, a, b, 0, stride, total, part_shift)
        p1, q1, w1, r1 = _pair_cells(rows, a, b, 1, stride, total, part_shift)
        s1 = np.int64(0)
        s2 = np.int64(0)
        p, q, w, r = p1, q1, w1, r1  # cell j, from j = 1
        for j in range(1, stride):
            p_up, q_up, w_up, r_up = _pair_cells(rows, a, b, j + 1, stride, total, part_shift)
            s1 += (p - p_up) * w - (q - q_up) * r
            s2 += (p - p_up) * w_up - (q - q_up) * r_up
            p, q, w, r = p_up, q_up, w_up, r_up
        sign = 1 - 2 * np.int64(id_odd[i])
        cells[4] += sign * ((p0 - p1) * (w0 - w1) - (q0 - q1) * (r0 - r1))
        cells[3] += sign * ((p0 - p1) * w1 - (q0 - q1) * r1)
        cells[1] += sign * (p1 * w0 - q1 * r0 - s1)
        cells[2] += sign * (s1 - s2)
        cells[0] += sign * s2
    for low_state in range(5):
        board_hist[side, 10 + low_state] += cells[low_state]


@njit(cache=True, inline="always")
def _cell(high, low_index, other_high, other_low_index):
    """The histogram cell (``5 * high_state + low_state``) of a hand against one opponent."""
    high_state = 1 if high > other_high else (2 if high == other_high else 0)
    if low_index == 0:
        low_state = 4 if other_low_index == 0 else 3
    else:
        low_state = 1 if low_index > other_low_index else (2 if low_index == other_low_index else 0)
    return 5 * high_state + low_state


@njit(cache=True)  # compiled apart, not inlined: see _sweep_thread
def _pair_board(n_a, masks, weights, highs, lows, hist, dealt, board_hist, total, removed):
    """Count one evaluated set of boards (see ``_evaluate_set``) pair by pair, each pair
    on the boards holding neither hand's cards (``total`` times less both hands'
    ``removed`` times): for ranges with very few hands a side. ``board_hist`` (2, 15)
    receives each side's weighted counts."""
    n = masks.shape[0]
    for x in range(n_a):
        if highs[x] < 0:
            continue
        for y in range(n_a, n):
            if highs[y] < 0 or masks[x] & masks[y]:
                continue
            times = total - removed[x] - removed[y]
            cell_x = _cell(highs[x], lows[x], highs[y], lows[y])
            cell_y = _cell(highs[y], lows[y], highs[x], lows[x])
            hist[x, cell_x] += times * weights[y]
            hist[y, cell_y] += times * weights[x]
            board_hist[0, cell_x] += times * weights[x] * weights[y]
            board_hist[1, cell_y] += times * weights[x] * weights[y]
            dealt[x] += times * weights[y]
            dealt[y] += times * weights[x]


@njit(cache=True)  # compiled apart, not inlined: see _sweep_thread
def _split_set(
    n_a, masks, weights, twins, twin_sign, highs, lows, marks, marked_sums, runout_masks, runout_times, first, end,
    set_hist, runout_hist, offset, mirror,
):  # fmt: skip
    """Each board's totals of the set ``first <= r < end`` swept once (see
    ``sweep_runouts``, ``split_sets``): ``set_hist`` (2, 15) counts every pair of the
    set's live hands once; board ``r``'s totals, ``runout_hist[r - offset]``, are
    ``runout_times[r]`` times those less the pairs in which a hand holds its fifth card.
    Such a hand x is marked (``marks[x]`` > 0), and ``marked_sums[x]`` holds its raw
    query sums (see ``_sweep_board``): its opponents with a lower, a lower-or-equal and
    any high, so its pairs are counted from its side and, mirrored, from theirs."""
    for r in range(first, end):
        for side in range(2):
            for cell in range(15):
                runout_hist[r - offset, side, cell] = set_hist[side, cell]
    for x in range(masks.shape[0]):
        if highs[x] < 0 or marks[x] == 0:
            continue
        w, low_index = -weights[x], lows[x]  # negative: the pairs are taken away
        side, opponents = side_of(x, n_a), opponents_of(x, n_a, mirror)
        sums = marked_sums[x]
        twin = w * twin_sign * twins[x]  # an identical opponent, counted by the queries (see _sweep_board)
        tie_cell = 10 + (4 if low_index == 0 else 2)
        for r in range(first, end):
            if masks[x] & runout_masks[r] == 0:
                continue
            board = runout_hist[r - offset]
            # High states from x's side: won (a lower high), tied, lost; its opponents see
            # the mirror: lost, tied, won.
            for state, opposite, part in ((1, 0, 0), (2, 2, 4), (0, 1, 8)):
                below, upto, every, no_low = sums[part], sums[part + 1], sums[part + 2], sums[part + 3]
                if part:  # less the part before it: the opponents of this high relation only
                    below -= sums[part - 4]
                    upto -= sums[part - 3]
                    every -= sums[part - 2]
                    no_low -= sums[part - 1]
                _add_counts(board, side, state, w * below, w * upto, w * every, low_index)
                _add_seen_from_opponents(
                    board, opponents, opposite, w * below, w * upto, w * every, w * no_low, low_index
                )  # fmt: skip
            board[side, tie_cell] += twin
            board[opponents, tie_cell] += twin
    for r in range(first, end):
        for side in range(2):
            for cell in range(15):
                runout_hist[r - offset, side, cell] *= runout_times[r]


@njit(cache=True)  # compiled apart, not inlined: see _sweep_thread
def _sweep_board(
    n_a, masks, weights, twins, twin_sign, ids, counts, stride, n_ids, rows, hist, dealt, highs, lows,
    order, bucket, lower, not_higher, board_hist, total, removed, packed, merged, shift, bias, mirror, per_hand,
    id_odd, marks, marked_sums,
):  # fmt: skip
    """Count one evaluated set of boards (see ``_evaluate_set``: ``total`` times in
    all, ``removed``, ``packed``; ``merged``: more than one board, whose rows pack
    two sums, see ``sweep_runouts``) into ``hist`` and ``dealt``, and so into each
    side's weighted counts ``board_hist`` (2, 15). ``mirror``: every hand is on side
    A (``n_a`` is all of them) and plays its own side.

    ``twin_sign`` is ``(-1) ** hole size``. ``lower[x]`` and ``not_higher[x]``
    receive hand x's raw query sums (see ``_weigh``) before and after its high group
    is added: (lower low, lower-or-equal low, all) among the opponents with a lower,
    and a lower-or-equal, high.

    Without ``per_hand`` only ``board_hist`` is counted (``hist``, ``dealt``,
    ``lower`` and ``not_higher`` are not touched), with one query a hand (see the module's notes):
    each side's lost-high cells from the winners' queries, every pair's low comparison
    from the rows (``id_odd[i]``: whether subset id ``i`` has an odd size), the ties by
    difference. Then the hands with ``marks[x]`` (``marks`` empty: none) also keep
    their raw query sums (with the opponents without a low: four a query) in
    ``marked_sums[x]``: among the opponents with a lower high, a lower-or-equal one,
    and all of them (for :func:`_split_set`)."""
    n = masks.shape[0]
    for v in range(N_HIGH_CLASSES):  # counting sort by high
        bucket[v + 1] += bucket[v]
    n_live = bucket[N_HIGH_CLASSES]
    for x in range(n):
        if highs[x] >= 0:
            order[bucket[highs[x]]] = x
            bucket[highs[x]] += 1
    rows[: (1 if mirror else 2) * n_ids * stride] = 0  # a mirror sweep uses side A's rows only
    start = 0
    while start < n_live:
        end = start
        with_a = 0
        while end < n_live and highs[order[end]] == highs[order[start]]:
            with_a += order[end] < n_a
            end += 1
        with_b = end - start - with_a
        for g in range(start, end):  # opponents with a lower high: the high is won
            x = order[g]
            opponents = opponents_of(x, n_a, mirror)
            if per_hand:
                lower[x, 0], lower[x, 1], lower[x, 2], _ = _query(
                    ids, counts, x, rows, opponents, n_ids, stride, lows[x], False
                )
            else:  # counted at once: won by x's side, lost by the opponents'
                below, upto, every, no_low = _query(ids, counts, x, rows, opponents, n_ids, stride, lows[x], True)
                live = total - removed[x]
                below, upto = _weigh(below, live, merged, shift, bias), _weigh(upto, live, merged, shift, bias)
                every, no_low = _weigh(every, live, merged, shift, bias), _weigh(no_low, live, merged, shift, bias)
                won = weights[x]
                _add_counts(board_hist, side_of(x, n_a), 1, won * below, won * upto, won * every, lows[x])
                _add_seen_from_opponents(
                    board_hist, opponents, 0, won * below, won * upto, won * every, won * no_low, lows[x]
                )  # fmt: skip
                if marks.shape[0] and marks[x]:  # kept for the set's boards (_split_set; one time: raw)
                    sums = marked_sums[x]
                    sums[0], sums[1], sums[2], sums[3] = below, upto, every, no_low
                # The identical opponents: see the per-hand count below.
                twin = twin_sign * twins[x] * (live - removed[x])
                board_hist[side_of(x, n_a), 10 + (4 if lows[x] == 0 else 2)] += won * twin
        for g in range(start, end):
            x = order[g]
            w = packed[x]
            side = side_of(x, n_a)
            for j in range(counts[x]):
                # Unsigned, the cells' indices need no negative-index fix-up each, and
                # LLVM makes the loop a run of vector adds (the flop's sweep: a third less).
                base = unsigned((side * n_ids + (ids[x, j] >> 1)) * stride)
                for q in range(unsigned(lows[x] + 1)):
                    rows[base + q] += w
        for g in range(start if marks.shape[0] else end, end):  # a marked hand's opponents of a lower or equal high
            x = order[g]
            if marks[x]:
                q = _query(ids, counts, x, rows, opponents_of(x, n_a, mirror), n_ids, stride, lows[x], True)
                marked_sums[x, 4], marked_sums[x, 5], marked_sums[x, 6], marked_sums[x, 7] = q
        for g in range(start if per_hand else end, end):  # opponents with a lower or equal high
            x = order[g]
            if mirror or (with_b if x < n_a else with_a) > 0:  # in a mirror sweep, x is its own twin
                not_higher[x, 0], not_higher[x, 1], not_higher[x, 2], _ = _query(
                    ids, counts, x, rows, opponents_of(x, n_a, mirror), n_ids, stride, lows[x], False
                )
            else:  # no opponent ties: the same as before the group
                not_higher[x, 0], not_higher[x, 1], not_higher[x, 2] = lower[x, 0], lower[x, 1], lower[x, 2]
        start = end
    for x in range(n if per_hand else 0):  # every opponent; in hand order, so the histogram is written in order
        if highs[x] < 0:
            continue
        below, upto, every, _ = _query(
            ids, counts, x, rows, opponents_of(x, n_a, mirror), n_ids, stride, lows[x], False
        )
        live = total - removed[x]
        below, upto = _weigh(below, live, merged, shift, bias), _weigh(upto, live, merged, shift, bias)
        every = _weigh(every, live, merged, shift, bias)
        b1, u1, t1 = _weigh_all(lower, x, live, merged, shift, bias)
        b2, u2, t2 = _weigh_all(not_higher, x, live, merged, shift, bias)
        _add_counts(hist, x, 1, b1, u1, t1, lows[x])
        _add_counts(hist, x, 2, b2 - b1, u2 - u1, t2 - t1, lows[x])
        _add_counts(hist, x, 0, below - b2, upto - u2, every - t2, lows[x])
        # The same counts weighted by the hand's own weight, into its side's board total.
        w, side = weights[x], side_of(x, n_a)
        _add_counts(board_hist, side, 1, w * b1, w * u1, w * t1, lows[x])
        _add_counts(board_hist, side, 2, w * (b2 - b1), w * (u2 - u1), w * (t2 - t1), lows[x])
        _add_counts(board_hist, side, 0, w * (below - b2), w * (upto - u2), w * (every - t2), lows[x])
        # The rows stop short of the whole hand, so an identical opponent is still
        # counted (with the sign -twin_sign): it ties both halves.
        tie_cell = 10 + (4 if lows[x] == 0 else 2)
        twin = twin_sign * twins[x] * (live - removed[x])
        hist[x, tie_cell] += twin
        board_hist[side, tie_cell] += w * twin
        dealt[x] += every + twin
    for x in range(n if marks.shape[0] else 0):  # a marked hand's opponents, all of them
        if highs[x] >= 0 and marks[x]:
            q = _query(ids, counts, x, rows, opponents_of(x, n_a, mirror), n_ids, stride, lows[x], True)
            marked_sums[x, 8], marked_sums[x, 9], marked_sums[x, 10], marked_sums[x, 11] = q
    if not per_hand:  # the ties: every pair's comparison less the wins and the losses
        # Sides typed int64, not literals: each literal type would compile the helper again.
        a, b = np.int64(0), np.int64(1)
        _add_all_pairs(rows, a, a if mirror else b, n_ids, stride, id_odd, board_hist, a, total, merged, shift)
        if not mirror:
            _add_all_pairs(rows, b, a, n_ids, stride, id_odd, board_hist, b, total, merged, shift)
        for side in range(2):
            for low_state in range(5):
                board_hist[side, 10 + low_state] -= board_hist[side, low_state] + board_hist[side, 5 + low_state]


@njit(cache=True, parallel=True)
def sweep_runouts(
    hands, n_a, masks, weights, twins, ids, counts, runouts, runout_masks, runout_times, group_starts, first,
    last, hilo, board_pair, flush5, suited, low, n_ids, rows, hist, dealt, pairwise, mirror, runout_hist, per_hand,
    id_odd, joins, shift, bias, split_sets,
):  # fmt: skip
    """Count the boards of the rank groups ``first <= g < last`` into the per-thread
    accumulators, board ``r`` ``runout_times[r]`` times (int64, positive), and each
    board's per-side weighted counts (times included) into
    ``runout_hist[r - group_starts[first]]`` (2, 15) int64, zeros on entry (a board
    is one thread's).

    ``runouts`` (five cards each; ``runout_masks``: their card masks) are ordered
    so that group ``g``, the boards
    ``group_starts[g] <= r < group_starts[g + 1]``, share their rank multiset: their
    highs without flushes and their lows are evaluated once. Thread ``t`` takes
    groups ``first + t``, ``first + t + T``, ... and adds to ``hist[t]`` (n, 15) and
    ``dealt[t]`` (n,): integer sums, so the totals do not depend on the thread
    count. ``rows[t]`` (at least ``2 * n_ids`` times the largest row stride) is its
    scratch. ``ids[x, :counts[x]]`` are hand x's signed subset ids (see
    ``dense_subset_ids``), ``twins[x]`` the weight of the other side's hands
    identical to x. Hands holding a dead card are not passed in; ``masks`` are the
    hands' card masks. ``pairwise``: compare every pair of hands instead of sweeping
    (cheaper when a side has a handful of hands; ``ids`` and ``rows`` are unused).
    ``mirror`` (not with ``pairwise``): the hands are one range played against itself,
    all of them side A (``n_a = n``), ``twins[x]`` their own weights. Without
    ``per_hand`` (not with ``pairwise``) only ``runout_hist`` is counted, with one
    query a hand instead of three (see ``_sweep_board``; ``id_odd[i]``, int8: whether
    subset id ``i`` has an odd size): ``hist`` and ``dealt`` are not touched and may
    have no rows (``hist.shape[0]`` is the thread count).

    A board ``r`` with ``joins[r]`` (bool) is swept together with the boards before
    it, back to the last one without (a sweep set, inside one rank group): the
    driver joins boards that evaluate alike (the same ranks, the same flush) and
    differ in one card only, and then leaves ``runout_hist`` to the set's first
    board; with ``split_sets`` (bool; not with ``per_hand`` or ``pairwise``) each
    board of a set gets its own, split from the set's one sweep of plain weights
    (``_split_set``; ``shift`` and ``bias`` unused). Otherwise a set is swept once
    over the hands holding none of the cards all its boards hold, each pair counted
    on the boards holding neither hand's cards: ``T - A(x) - A(y)`` times, with ``T``
    the set's times and ``A(x)`` those of its boards holding a card of hand x (two
    disjoint hands never both hold a board's card). The rows then sum
    ``w + (w * A << shift)`` a hand, two sums in one cell, and a query's raw sum
    ``v`` of its opponents' weights and weighted ``A`` gives both back:
    ``(v + bias) >> shift`` and the rest, for ``bias`` at least every hand's
    ``twins`` and the weights of a side plus twice ``bias`` below ``2**shift`` (the
    driver checks that a cell's sum fits the rows' dtype).
    """
    n_threads = hist.shape[0]
    # The thread's work is a helper compiled once, on its own: the parallel build and its
    # serial twin share its machine code, and numba's parallel passes see one call.
    for t in prange(n_threads):
        _sweep_thread(
            np.int64(t), hands, n_a, masks, weights, twins, ids, counts, runouts, runout_masks, runout_times,
            group_starts, first, last, hilo, board_pair, flush5, suited, low, n_ids, rows, hist, dealt, pairwise,
            mirror, runout_hist, per_hand, id_odd, joins, shift, bias, split_sets,
        )  # fmt: skip


@njit(cache=True)
def _sweep_thread(
    t, hands, n_a, masks, weights, twins, ids, counts, runouts, runout_masks, runout_times, group_starts, first,
    last, hilo, board_pair, flush5, suited, low, n_ids, rows, hist, dealt, pairwise, mirror, runout_hist, per_hand,
    id_odd, joins, shift, bias, split_sets,
):  # fmt: skip
    """Thread ``t``'s share of :func:`sweep_runouts`: the groups ``first + t``,
    ``first + t + T``, ... (``T`` threads), into its accumulators.

    The large steps it calls once a set (``_evaluate_set``, ``_sweep_board``,
    ``_pair_board``) are compiled apart, not inlined: numba's and LLVM's passes cost
    more than linearly in a function's size, and a call a set costs nothing."""
    n_threads = hist.shape[0]
    n = hands.shape[0]
    twin_sign = 1 if hands.shape[1] % 2 == 0 else -1  # the sign of the whole hand's term
    offset = group_starts[first]
    base_highs = np.empty(n, dtype=np.int32)
    highs = np.empty(n, dtype=np.int32)
    lows = np.empty(n, dtype=np.int32)
    removed = np.empty(n, dtype=np.int64)
    packed = np.empty(n, dtype=rows.dtype)
    order = np.empty(n, dtype=np.int32)
    bucket = np.empty(N_HIGH_CLASSES + 1, dtype=np.int64)
    low_index_of = np.zeros(57, dtype=np.int64)
    # Query results are sums of one side's weights, as the row cells: the rows' dtype
    # (int32 unless the weights could overflow it) halves them (6-card 15%: 78 MB).
    lower = np.empty((n if per_hand else 0, 3), dtype=rows.dtype)
    not_higher = np.empty((n if per_hand else 0, 3), dtype=rows.dtype)
    # Splitting sets: the marked hands' query sums (sums of one side's weights, as the
    # row cells: the rows' dtype), the set's totals, no removed times.
    marked_sums = np.empty((n if split_sets else 0, 12), dtype=rows.dtype)
    set_hist = np.empty((1, 2, 15), dtype=np.int64)  # [0]: typed as a board's row of runout_hist
    nothing_removed = np.zeros(n if split_sets else 0, dtype=np.int64)
    no_marks = np.zeros(0, dtype=np.int64)
    for g in range(first + t, last, n_threads):
        stride = _evaluate_ranks(hands, runouts, group_starts[g], hilo, board_pair, low, base_highs, lows, low_index_of)
        r = group_starts[g]
        while r < group_starts[g + 1]:
            end = r + 1
            while end < group_starts[g + 1] and joins[end]:
                end += 1
            total = _evaluate_set(
                hands, masks, weights, runouts, r, end, runout_masks, runout_times, flush5, suited, shift,
                base_highs, highs, bucket, removed, packed,
            )  # fmt: skip
            # Typed, not a constant: a literal argument would compile _sweep_board again.
            merged = end - r > 1 and not split_sets
            if pairwise:
                _pair_board(
                    n_a, masks, weights, highs, lows, hist[t], dealt[t], runout_hist[r - offset], total, removed
                )  # fmt: skip
            elif split_sets and end - r > 1:
                # Each board's totals: the set swept once, each pair counted once (plain
                # weights, nothing removed), then split board by board (_split_set).
                for x in range(n):
                    packed[x] = weights[x]
                set_hist[:] = 0
                _sweep_board(
                    n_a, masks, weights, twins, twin_sign, ids, counts, stride, n_ids, rows[t], hist[t],
                    dealt[t], highs, lows, order, bucket, lower, not_higher, set_hist[0], np.int64(1),
                    nothing_removed, packed, merged, shift, bias, mirror, per_hand, id_odd, removed, marked_sums,
                )  # fmt: skip
                _split_set(
                    n_a, masks, weights, twins, twin_sign, highs, lows, removed, marked_sums, runout_masks,
                    runout_times, r, end, set_hist[0], runout_hist, offset, mirror,
                )  # fmt: skip
            else:
                _sweep_board(
                    n_a, masks, weights, twins, twin_sign, ids, counts, stride, n_ids, rows[t], hist[t],
                    dealt[t], highs, lows, order, bucket, lower, not_higher, runout_hist[r - offset], total,
                    removed, packed, merged, shift, bias, mirror, per_hand, id_odd, no_marks, marked_sums,
                )  # fmt: skip
            r = end


@njit(cache=True)
def row_strides(runouts, low, out):
    """``out[r]``: the row stride (lows this board allows, plus one) of ``runouts[r]``."""
    low_index_of = np.zeros(57, dtype=np.int64)
    for r in range(runouts.shape[0]):
        board_low = describe_board(runouts, r, 5)[3]
        out[r] = _compress_lows(board_low, low, low_index_of)
