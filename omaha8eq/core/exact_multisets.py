"""Compiled exact enumeration without a board loop: rank multisets plus flush corrections.

Every hand's high without flushes, and every low, depend only on the board's ranks.
So instead of visiting each of the (up to 1,086,008) boards, the enumeration visits
each rank multiset the missing board cards can form, once, weighted by how many
boards have it: the product over ranks of C(cards of that rank left, times it
appears). That counts every board as if no flush were possible.

Then the boards where a flush *is* possible are corrected exactly: a suit ``s`` can
make a flush only on boards holding 3+ cards of ``s``, for a player holding 2+ of
``s``. For each such suit the correction visits every set of ``s`` ranks the
missing cards can add (each one specific cards) together with every rank multiset
of the other, off-suit, missing cards (weighted as above), and moves the boards
whose best high is a flush from their rank-only outcome to the flush's. A board
holds 3+ cards of at most one suit, so no board is corrected twice. The suited
ranks fix every player's flush, so a correction's boards only ask whether the best
rank-only high, summarised once per multiset of the missing cards, is below the
best flush: the moved weights are added up per multiset and per (player, board low
mask), and their outcomes counted once per cell, whatever the number of boards.

Every visited point knows the ranks of the cards it deals (the multiset, plus the
suited cards of a correction), so the outcomes can also be split by them: with a
13-bit ``split_ranks`` mask, boards whose missing cards hold a card of one of those
ranks are counted in ``counts[1]``, the others in ``counts[0]``
(``omaha8eq.equities.split_equity``). With ``split_ranks = 0`` everything goes to
``counts[0]``.

Only fixed hands: deals with random hands go through ``exact_boards.py``, which also
serves as this module's reference in the tests.
"""

from __future__ import annotations

import functools
from itertools import combinations
from math import comb

import numpy as np
from numba import njit, prange
from numba.extending import register_jitable

from ..deck import BOARD_CARDS, DECK_SIZE
from .high import best_flush, pair_columns, popcount, unsigned
from .kernel_args import LookupTables, RankMultisets
from .showdown import low_state
from .tables import BINOM, BOARD_OFFSET, LOW_BIT


@functools.cache
def rank_multisets() -> RankMultisets:
    """All multisets of 0..5 ranks, for weighting the ways the missing cards can fall.

    Returns ``RankMultisets``; the multisets of ``k`` ranks are rows
    ``offsets[k]:offsets[k + 1]``, in board-state (colex) order. Row ``m``
    lists its ranks in ``ranks[m, :k]`` (sorted); ``multiplicities[m, i]`` is how
    often ``ranks[m, i]`` appears at its first occurrence and 0 at the repeats, so
    that with ``a[r]`` cards of rank r available the multiset can be dealt in
    ``prod(C(a[ranks[m, i]], multiplicities[m, i]))`` ways. ``low_masks[m]`` and
    ``rank_masks[m]`` are its 8-bit low-rank mask and its 13-bit rank mask.

    ``low_masks``, ``rank_masks`` and ``with_suited`` are int16, ``offsets`` and
    ``with_suited_offsets`` int64. ``with_suited`` gives the five-card board state (less
    ``BOARD_OFFSET[5]``) of ``k`` distinct suited ranks (k = 3..5) plus a multiset of
    ``5 - k`` other ranks, so that a preflop flush correction reads its boards' states
    instead of sorting five ranks:
    ``with_suited[with_suited_offsets[k] + c * n + j]`` for the subset of colex index
    ``c`` (``sum(C(r_i, i + 1))`` over its ranks ``r_0 < r_1 < ...``) and the ``j``-th of
    the ``n`` multisets of ``5 - k`` ranks.
    """
    # Board-state order is colex order: by the largest rank, then the next largest, ...
    # So the multisets of k ranks whose largest is t are those of k - 1 ranks whose largest
    # is at most t (a prefix of theirs: the first C(t + k - 1, k - 1)), each followed by t.
    # Preflop the states are then read in turn, which keeps the table reads local.
    blocks = [np.zeros((1, 0), dtype=np.int64)]  # the one multiset of no ranks
    for size in range(1, BOARD_CARDS + 1):
        parts = []
        for top in range(13):
            prefix = blocks[-1][: comb(top + size - 1, size - 1)]
            parts.append(np.column_stack([prefix, np.full(len(prefix), top)]))
        blocks.append(np.concatenate(parts))
    offsets = np.cumsum([0] + [len(block) for block in blocks])
    ranks = np.zeros((offsets[-1], BOARD_CARDS), dtype=np.int64)
    multiplicities = np.zeros_like(ranks)
    for size, block in enumerate(blocks):
        rows = slice(offsets[size], offsets[size + 1])
        ranks[rows, :size] = block
        for i in range(size):  # rank i's count at its first occurrence (the ranks are sorted)
            first = block[:, i] != block[:, i - 1] if i else True
            multiplicities[rows, i] = np.where(first, (block[:, i:] == block[:, i : i + 1]).sum(axis=1), 0)
    sizes = np.repeat(np.arange(BOARD_CARDS + 1), [len(block) for block in blocks])
    low_masks = np.bitwise_or.reduce(np.where(np.arange(BOARD_CARDS) < sizes[:, None], LOW_BIT[ranks], 0), axis=1)
    rank_masks = np.bitwise_or.reduce(np.where(np.arange(BOARD_CARDS) < sizes[:, None], 1 << ranks, 0), axis=1)
    with_suited, with_suited_offsets = _states_with_suited(blocks)
    # The narrowest types that hold them: a preflop count reads every row of most of these
    # (and the flush corrections read with_suited at random); as int64 they would not fit
    # in the caches (about 600 KB more), which another program's work has often emptied.
    return RankMultisets(
        ranks.astype(np.int8),
        multiplicities.astype(np.int8),
        offsets.astype(np.int64),
        low_masks.astype(np.int16),
        rank_masks.astype(np.int16),
        with_suited.astype(np.int16),
        with_suited_offsets,
    )


def _states_with_suited(blocks: list[np.ndarray]) -> tuple[np.ndarray, np.ndarray]:
    """``RankMultisets.with_suited`` and its offsets (indexed by k; sizes below 3 empty),
    from the multisets of each size (``blocks[size]``, in board-state order)."""
    parts = [np.zeros(0, dtype=np.int64)] * 3
    for k in range(3, BOARD_CARDS + 1):
        subsets = sorted(combinations(range(13), k), key=lambda c: sum(comb(r, i + 1) for i, r in enumerate(c)))
        rest = blocks[BOARD_CARDS - k]
        pairs = [np.repeat(np.array(subsets), len(rest), axis=0), np.tile(rest, (len(subsets), 1))]
        rows = np.sort(np.concatenate(pairs, axis=1), axis=1)
        parts.append(BINOM[rows + np.arange(BOARD_CARDS), np.arange(1, BOARD_CARDS + 1)].sum(axis=1))
    offsets = np.cumsum([0] + [len(part) for part in parts]).astype(np.int64)
    return np.concatenate(parts).astype(np.int64), offsets


@njit(cache=True, inline="always")
def _merged_colex(first, n_first, ranks, m, n_more, merged):
    """The colex index (board-state order: ``high.board_state`` less its offset) of the
    multiset of the ranks ``first[:n_first]`` and ``ranks[m, :n_more]`` (each ascending),
    merged by insertion into ``merged``: a plain loop, where ``board_state``'s sorting
    network would cost the callers' first compilation half a second more."""
    for i in range(n_first):
        merged[i] = first[i]
    for i in range(n_more):
        k = n_first + i
        while k > 0 and merged[k - 1] > ranks[m, i]:
            merged[k] = merged[k - 1]
            k -= 1
        merged[k] = ranks[m, i]
    index = 0
    for i in range(n_first + n_more):
        index += BINOM[merged[i] + i, i + 1]
    return index


@register_jitable
def _describe_spot(holes, n_hole, board, n_known, deck):
    """What every task of a spot reads: ``(hole_low, hole_suit_ranks, available,
    deck_suit_ranks, known_suit_ranks, known_low, corrections)``.

    Per player the low mask and the rank mask of each suit held; per rank the cards
    left; per suit the ranks left and the ranks on the known board; the known board's
    low mask; and every flush correction as ``suit << 13 | suited ranks`` (int64): a
    suit ``s`` that some player holds 2+ of, and a set of ``s`` ranks still in the deck
    that the missing cards can add to the board's ``s`` cards to make 3+ of them (and at
    most ``5 - n_known``).
    The sets are listed by size, each size's combinations by an odometer (no test of
    every subset: half of those fail).

    Plain Python that numba compiles into the kernels that call it
    (``register_jitable``): it runs once per spot, outside the threads, and a
    kernel's first call, its body run as Python (``parallel.run_body_soon``), runs it
    as Python too, in a few milliseconds, instead of compiling it (0.9 s). So every
    shift is of an int64: a card (int8) shifted as Python shifts numpy scalars would
    stay int8 and lose the high ranks.
    """
    n_players = holes.shape[0]
    n_missing = 5 - n_known
    # np.empty and explicit zeros: np.zeros would compile numba's helpers for it on first use.
    hole_low = np.empty(n_players, dtype=np.int64)
    hole_suit_ranks = np.empty((n_players, 4), dtype=np.int64)
    hole_low[:] = 0
    hole_suit_ranks[:] = 0
    for p in range(n_players):
        for i in range(n_hole):
            hole_low[p] |= LOW_BIT[holes[p, i] >> 2]
            hole_suit_ranks[p, holes[p, i] & 3] |= np.int64(1) << (holes[p, i] >> 2)
    available = np.empty(13, dtype=np.int64)
    deck_suit_ranks = np.empty(4, dtype=np.int64)
    available[:] = 0
    deck_suit_ranks[:] = 0
    for i in range(deck.shape[0]):
        available[deck[i] >> 2] += 1
        deck_suit_ranks[deck[i] & 3] |= np.int64(1) << (deck[i] >> 2)
    known_suit_ranks = np.empty(4, dtype=np.int64)
    known_suit_ranks[:] = 0
    known_low = 0
    for i in range(n_known):
        known_suit_ranks[board[i] & 3] |= np.int64(1) << (board[i] >> 2)
        known_low |= LOW_BIT[board[i] >> 2]
    # Per suit: its ranks in the deck (ascending), and the fewest it must add (-1: none).
    deck_ranks = np.empty((4, 13), dtype=np.int64)
    n_ranks = np.empty(4, dtype=np.int64)
    n_ranks[:] = 0
    fewest = np.empty(4, dtype=np.int64)
    n_tasks = 0
    for s in range(4):
        for r in range(13):
            if (deck_suit_ranks[s] >> r) & 1:
                deck_ranks[s, n_ranks[s]] = r
                n_ranks[s] += 1
        flush_draw = False
        for p in range(n_players):
            flush_draw = flush_draw or popcount(hole_suit_ranks[p, s]) >= 2
        fewest[s] = max(0, 3 - popcount(known_suit_ranks[s]))
        if not flush_draw or fewest[s] > n_missing:
            fewest[s] = n_missing + 1  # no correction in this suit
        for k in range(fewest[s], n_missing + 1):
            n_tasks += BINOM[n_ranks[s], k]
    corrections = np.empty(n_tasks, dtype=np.int64)
    t = 0
    picked = np.empty(BOARD_CARDS, dtype=np.int64)
    for s in range(4):
        n = n_ranks[s]
        for k in range(fewest[s], min(n_missing, n) + 1):
            for i in range(k):
                picked[i] = i
            while True:
                subset = 0
                for i in range(k):
                    subset |= 1 << deck_ranks[s, picked[i]]
                corrections[t] = s << 13 | subset
                t += 1
                # Next combination: move the lowest position that can move, reset those below.
                i = 0
                while i < k and picked[i] + 1 == (picked[i + 1] if i + 1 < k else n):
                    i += 1
                if i == k:
                    break
                picked[i] += 1
                for j in range(i):
                    picked[j] = j
    return hole_low, hole_suit_ranks, available, deck_suit_ranks, known_suit_ranks, known_low, corrections


#: Rows of the board summary (:func:`_summarise_boards`), one column per multiset of the missing cards.
WEIGHT, BEST_PLAIN, LOW_CHUNK, BEST_HANDS = range(4)


@njit(cache=True)
def _summarise_boards(
    w, n_workers, fixed_highs, board, n_known, known_low, multisets, available, split_ranks, summary, holes, n_hole,
    board_pair,
):  # fmt: skip
    """Worker ``w`` of ``n_workers``: its share (a ``n_workers``-th, in turn) of the
    columns of ``summary``. Per rank multiset ``j`` of the missing cards (column ``j``, ``offsets[n_missing]``
    onwards): the boards dealing it (``summary[WEIGHT]``, the product over its ranks of
    C(cards left, times it appears)); the best high without flushes among the players
    (``BEST_PLAIN``), and who holds it (``BEST_HANDS``: bit ``p`` for player ``p``; at most
    11 players, so it fits the int16); and its board's low mask with ``1 << 8`` when a
    missing card has a rank of ``split_ranks`` (``LOW_CHUNK``). ``WEIGHT`` and
    ``LOW_CHUNK`` are written in every column; after a flop the other rows only in the
    columns of weight > 0, the only ones read.

    The players' highs: preflop read from ``fixed_highs[p, state]`` (five-card state
    less ``BOARD_OFFSET[5]``), a row of ``fixed_highs`` at a time; after a flop
    evaluated here from ``holes`` (``n_hole`` cards each), only at the states visited: a
    flop reaches at most 91 of the 6,188, so a spot costs a tiny fraction of a whole
    table (``aggregate_spots``). No other pass reads a player's high.

    Before the other passes: they read it, the flush corrections at the multisets
    their boards form, in any order.
    """
    n_missing = 5 - n_known
    first = multisets.offsets[n_missing]
    ranks = multisets.ranks
    known_ranks = np.empty(BOARD_CARDS, dtype=np.int64)  # the known board's ranks, ascending
    merged = np.empty(BOARD_CARDS, dtype=np.int64)
    for i in range(n_known):
        known_ranks[i] = board[i] >> 2
        for k in range(i, 0, -1):
            if known_ranks[k - 1] > known_ranks[k]:
                known_ranks[k - 1], known_ranks[k] = known_ranks[k], known_ranks[k - 1]
    size = multisets.offsets[n_missing + 1] - first
    start, stop = size * w // n_workers, size * (w + 1) // n_workers
    n_players = holes.shape[0]
    # C(cards left of rank r, c): a multiset's boards are the product over its ranks.
    ways = np.empty((13, BOARD_CARDS + 1), dtype=np.int64)
    for r in range(13):
        for c in range(BOARD_CARDS + 1):
            ways[r, c] = BINOM[available[r], c]
    weights = summary[WEIGHT]
    low_chunks = summary[LOW_CHUNK]
    for j in range(start, stop):
        m = first + j
        weight = 1
        for i in range(n_missing):
            weight *= ways[unsigned(ranks[m, i]), unsigned(multisets.multiplicities[m, i])]
        weights[j] = weight
        split = 256 if multisets.rank_masks[m] & split_ranks else 0
        low_chunks[j] = known_low | multisets.low_masks[m] | split
    if n_known == 0:
        # Preflop the whole board is multiset j (colex order is board-state order): the
        # players' highs on the share's boards are runs of their rows, compared a player
        # at a time in loops the compiler runs on vectors, for every column (those of
        # weight 0 too: cheaper than a test).
        best_row = summary[BEST_PLAIN]
        holders_row = summary[BEST_HANDS]
        for j in range(unsigned(start), unsigned(stop)):
            best_row[j] = fixed_highs[0, j]
            holders_row[j] = 0
        for p in range(1, n_players):
            highs = fixed_highs[p]
            for j in range(unsigned(start), unsigned(stop)):
                best_row[j] = max(best_row[j], highs[j])
        for p in range(n_players):
            highs = fixed_highs[p]
            for j in range(unsigned(start), unsigned(stop)):
                holders_row[j] |= np.int16(highs[j] == best_row[j]) << np.int16(p)
        return
    # Each player's board_pair columns, found once for all the states visited.
    columns = np.empty((n_players, n_hole * (n_hole - 1) // 2), dtype=np.int64)
    n_columns = np.empty(n_players, dtype=np.int64)
    for p in range(n_players):
        n_columns[p] = pair_columns(holes, p, n_hole, columns[p])
    for j in range(start, stop):
        if summary[WEIGHT, j] == 0:
            continue
        state = _merged_colex(known_ranks, n_known, ranks, first + j, n_missing, merged)
        pair_values = board_pair[unsigned(state + BOARD_OFFSET[5])]
        best = -1
        best_hands = 0
        for p in range(n_players):  # selects, not branches: who wins is a coin flip
            high = -1
            for k in range(n_columns[p]):
                high = max(high, pair_values[unsigned(columns[p, k])])
            holder = np.int64(1) << p
            best_hands = holder if high > best else (best_hands | holder if high == best else best_hands)
            best = max(best, high)
        summary[BEST_PLAIN, j] = best
        summary[BEST_HANDS, j] = best_hands


@njit(cache=True)
def _correct_flushes(
    w, n_workers, corrections, n_known, tables, multisets, summary, hole_suit_ranks, available, deck_suit_ranks,
    known_suit_ranks, moved, flushed,
):  # fmt: skip
    """Worker ``w`` of ``n_workers``: every ``n_workers``-th flush correction from ``w``
    (the boards with 3+ cards of a suit that some player holds 2+ of, see
    :func:`_describe_spot`), as weights: the boards whose best high is a flush leave
    their rank-only outcome (``moved[j]`` += their number, ``j`` the multiset of their
    missing cards) for the outcome where the best flush wins the high
    (``flushed[p, LOW_CHUNK of j]`` += their number, ``p`` its player).

    A correction fixes the suited ranks of the missing cards, so each player's flush:
    the best of them, ``F``, is the same on all its boards, which differ in the
    multiset of their off-suit cards. Where the best rank-only high beats ``F`` (a full
    house or better) nothing changes; elsewhere the flush wins, never tied: two players'
    flushes of one suit use different hole ranks, so their five ranks differ, and a
    flush never ties a hand without one. So a board costs a few reads, whatever the
    number of players, and the outcomes are counted once per cell, not once per board.
    """
    n_missing = 5 - n_known
    ranks = multisets.ranks
    multiplicities = multisets.multiplicities
    n_players = hole_suit_ranks.shape[0]
    cards_left = np.empty(13, dtype=np.int64)  # per rank, the off-suit cards left
    suited_ranks = np.empty(BOARD_CARDS, dtype=np.int64)  # a correction's suited ranks, ascending
    missing = np.empty(BOARD_CARDS, dtype=np.int64)  # after a known board: all the missing ranks, sorted
    merged_states = np.empty(BINOM[14, 2], dtype=np.int16)  # and the multisets they form
    # A correction's off-suit cards are at most 2 (3+ of the 5 are suited): their weights
    # (at most 91 multisets) depend on the suit and their number only, not on the subset,
    # so they are computed once for a run of tasks of the same suit and size.
    off_weights = np.empty(BINOM[14, 2], dtype=np.int64)
    weights_for = -1  # the (suit, size) they were computed for
    cards_left_for = -1  # the suit of cards_left: the tasks come suit by suit
    # Each correction's best flush and its player first: the loops over the boards below
    # then call nothing and keep their values in registers. With best_flush among them
    # (it calls numba's reference counting for the tables it reads), the compiled loop
    # read them from the stack, board after board: 0.6x the time now.
    n_tasks = corrections.shape[0]
    flush_values = np.empty(n_tasks, dtype=np.int64)
    winners = np.empty(n_tasks, dtype=np.int64)
    for t in range(w, n_tasks, n_workers):
        s = corrections[t] >> 13
        subset = corrections[t] & 0x1FFF
        flush_values[t] = -1
        winners[t] = 0
        for p in range(n_players):
            if popcount(hole_suit_ranks[p, s]) >= 2:
                value = best_flush(known_suit_ranks[s] | subset, hole_suit_ranks[p, s], tables.flush5, tables.suited)
                if value > flush_values[t]:
                    flush_values[t] = value
                    winners[t] = p
    best_plain = summary[BEST_PLAIN]
    low_chunks = summary[LOW_CHUNK]
    for t in range(w, n_tasks, n_workers):
        s = corrections[t] >> 13
        subset = corrections[t] & 0x1FFF
        if s != cards_left_for:
            cards_left_for = s
            for r in range(13):
                cards_left[r] = available[r] - ((deck_suit_ranks[s] >> r) & 1)
        n_suited = 0
        colex = 0  # preflop: where this subset's boards start in with_suited
        rest = subset
        while rest:  # its ranks, lowest first: the bits below the lowest set one, counted
            r = popcount((rest & -rest) - 1)
            suited_ranks[n_suited] = r
            n_suited += 1
            colex += BINOM[r, n_suited]
            rest &= rest - 1
        n_off = n_missing - n_suited
        first = multisets.offsets[n_off]
        last = multisets.offsets[n_off + 1]
        if s * 8 + n_off != weights_for:
            weights_for = s * 8 + n_off
            for m in range(first, last):
                off_weights[m - first] = 1
                for i in range(n_off):
                    off_weights[m - first] *= BINOM[cards_left[ranks[m, i]], multiplicities[m, i]]
        # The multisets j of the missing cards, one per off-suit multiset m (in turn):
        n_boards = last - first
        if n_known == 0:  # preflop: a run of with_suited
            start = multisets.with_suited_offsets[n_suited] + colex * n_boards
            states = multisets.with_suited[start : start + n_boards]
        else:  # the multiset of the suited ranks and m's
            for m in range(first, last):
                merged_states[m - first] = _merged_colex(suited_ranks, n_suited, ranks, m, n_off, missing)
            states = merged_states[:n_boards]
        flush_value = flush_values[t]
        winner_cells = flushed[winners[t]]
        for i in range(n_boards):
            weight = off_weights[i]
            if weight == 0:
                continue
            j = unsigned(states[i])
            if best_plain[j] < flush_value:
                moved[j] += weight
                winner_cells[unsigned(low_chunks[j])] += weight


@njit(cache=True)
def _count_boards(w, n_workers, hilo, tables, hole_low, known_low, n_known, summary, moved, flushed, counts):
    """Worker ``w`` of ``n_workers``: add its share of the outcomes to ``counts``
    (``(parts, *histogram_shape(P))``): of the multisets of the missing cards (a
    ``n_workers``-th of them, in turn), each one's rank-only outcome, weighted by its
    boards less those a flush correction moved (``moved``); and of the cells of
    ``flushed`` that a board can reach (every ``n_workers``-th), the outcome where
    player ``p`` alone holds the best high, on a board of that low mask, weighted by its
    boards.

    A multiset's outcome depends only on who holds its best rank-only high
    (``summary[BEST_HANDS]``) and on its board's low mask, and so does each player's low
    state: computed once per low mask a board can have, before the multisets. A
    multiset whose best high one player holds alone (most of them) has the outcome of
    ``flushed``'s cell of that player and low mask: its weight joins that cell (in a
    table of the worker's own, with the worker's share of ``flushed``), whose outcomes
    are counted once per cell, not once per multiset. The others (a tie for the high)
    add their weight to each player's cell, the high state read from the bits of
    ``BEST_HANDS``. So this pass reads no player's high, and a multiset costs about the
    same for five players as for two.

    Counts into a copy of its own, written back to ``counts`` at the end: the workers'
    ``counts`` are neighbours in memory, and a cache line written by two cores at once
    would move between them at every count.
    """
    n_players = hole_low.shape[0]
    size = summary.shape[1]
    # The low masks a board can have: the known board's plus at most one more low rank per
    # missing card (its supersets, in turn). Only they are read below: after a flop, 29 of
    # the 256 (three low ranks on it) to 37 (none).
    board_lows = np.empty(256, dtype=np.int64)
    n_lows = 0
    board_low = known_low
    while board_low < 256:
        if popcount(board_low ^ known_low) <= 5 - n_known:
            board_lows[n_lows] = board_low
            n_lows += 1
        board_low = (board_low + 1) | known_low
    # Each player's low state (the histogram's column) by board low mask: a board's
    # players side by side. np.empty, each cell written before it is read (see _describe_spot).
    low_states = np.empty((256, n_players), dtype=np.int64)
    low_values = np.empty(n_players, dtype=np.int64)
    for i in range(n_lows):
        board_low = board_lows[i]
        best_low = -1
        for p in range(n_players):
            low_values[p] = tables.low[board_low * 256 + hole_low[p]] if hilo else -1
            best_low = max(best_low, low_values[p])
        n_best_low = 0
        for p in range(n_players):
            n_best_low += low_values[p] == best_low
        for p in range(n_players):
            low_states[board_low, p] = low_state(low_values[p], best_low, n_best_low, n_players)
    own = counts.copy()  # counted into, then written back (a copy compiles quicker than a reshape)
    # Per player and LOW_CHUNK, the boards where that player alone has the best high: the
    # worker's share of the flushed cells (per player each low mask a board can have,
    # without and with the split bit (1 << 8): every n_workers-th from w), then its multisets.
    player_cells = 2 * n_lows
    alone = np.empty((n_players, 512), dtype=np.int64)
    alone[:] = 0
    for cell in range(w, n_players * player_cells if flushed.shape[1] else 0, n_workers):
        winner = cell // player_cells
        rest = cell - winner * player_cells
        low_chunk = board_lows[rest >> 1] | (rest & 1) << 8
        alone[winner, low_chunk] += flushed[winner, low_chunk]
    weights = summary[WEIGHT]
    low_chunks = summary[LOW_CHUNK]
    holders = summary[BEST_HANDS]
    for j in range(unsigned(size * w // n_workers), unsigned(size * (w + 1) // n_workers)):
        weight = weights[j] - moved[j]
        if weight == 0:
            continue
        low_chunk = unsigned(low_chunks[j])
        best_hands = holders[j]
        if best_hands & (best_hands - 1) == 0:  # one player: its index is the bits below its bit
            alone[unsigned(popcount(best_hands - 1)), low_chunk] += weight
            continue
        n_best = popcount(best_hands)
        for p in range(n_players):
            high_state = n_best * ((best_hands >> p) & 1)
            own[low_chunk >> 8, p, high_state, low_states[unsigned(low_chunk & 255), p]] += weight
    # alone's cells: player p alone has the best high on alone[p] of a low chunk's boards.
    for cell in range(player_cells):
        board_low = board_lows[cell >> 1]
        low_chunk = board_low | (cell & 1) << 8
        boards = 0
        for p in range(n_players):
            boards += alone[p, low_chunk]
        for p in range(n_players if boards else 0):
            column = low_states[board_low, p]
            own[cell & 1, p, 1, column] += alone[p, low_chunk]
            own[cell & 1, p, 0, column] += boards - alone[p, low_chunk]
    # Loops, not array expressions: numba compiles each of those as a kernel of its own.
    for a in range(counts.shape[0]):
        for b in range(counts.shape[1]):
            for c in range(counts.shape[2]):
                for d in range(counts.shape[3]):
                    counts[a, b, c, d] = own[a, b, c, d]


@register_jitable
def _tally_arrays(n_players, n_known, multisets, n_workers, n_corrections):
    """The boards' summary (for :func:`_summarise_boards`) and, per worker, the zeroed
    totals of its flush corrections: ``moved`` per multiset of the missing cards and
    ``flushed`` per player and ``LOW_CHUNK`` (for :func:`_correct_flushes`). Without
    corrections (say a flop where no player holds 2+ of a suit it shows) ``flushed`` has
    no cells: nothing to zero, nor for :func:`_count_boards` to visit. Compiled into the
    kernels that call it, and run as Python in a body run as Python (see
    :func:`_describe_spot`)."""
    size = multisets.offsets[6 - n_known] - multisets.offsets[5 - n_known]
    # Every value of the summary fits in int16 (a multiset's boards are at most 4**5), and
    # so do the boards moved from it: a preflop count reads them at random, and as int64
    # they would not fit in the caches.
    summary = np.empty((4, size), dtype=np.int16)
    moved = np.empty((n_workers, size), dtype=np.int16)
    flushed = np.empty((n_workers, n_players, 512 if n_corrections else 0), dtype=np.int64)
    moved[:] = 0
    flushed[:] = 0
    return summary, moved, flushed


@njit(cache=True, parallel=True)
def aggregate_showdowns(
    holes, n_hole, fixed_highs, board, n_known, deck, hilo, table_fields, multiset_fields, split_ranks, counts
):  # fmt: skip
    """Add every deal's outcome to ``counts``, one visit per rank multiset.

    The deal comes as the fields of a ``kernel_args.DealArrays`` whose hands are all
    fixed, one argument each: ``holes`` (P, ``n_hole``) int8; ``fixed_highs``
    (``DealArrays.fixed_tables``) their highs without flushes (the first columns of
    ``showdown.fixed_hand_tables``, the only ones read); ``board[:n_known]`` the known
    board cards; ``deck`` the cards left; ``hilo`` False for Omaha high.
    ``table_fields`` is ``tuple(tables)`` of the ``kernel_args.LookupTables``
    (``board_pair``, ``flush5``, ``suited`` and ``low`` are read), ``multiset_fields``
    ``tuple(rank_multisets())`` (:func:`rank_multisets`). Every argument is typed in C
    when called: numba types a NamedTuple in Python, field by field, which costs more
    than a flop's whole count (about 2 µs each); a plain tuple of arrays costs a tenth.

    ``counts`` has shape ``(workers, parts, *histogram_shape(P))``: the visits are
    shared among ``workers`` (run in parallel), worker ``w`` adding its outcomes to
    ``counts[w]``; the counts are the sum over workers, the same integers however
    the work is shared. ``split_ranks`` is a 13-bit rank mask (bit r: rank r, 0 =
    deuce ... 12 = ace): the deals whose missing board cards hold a card of one of
    those ranks go to part 1, the others to part 0; with 0 (and one part)
    everything goes to part 0.
    """
    tables = LookupTables(*table_fields)
    multisets = RankMultisets(*multiset_fields)
    hole_low, hole_suit_ranks, available, deck_suit_ranks, known_suit_ranks, known_low, corrections = _describe_spot(
        holes, n_hole, board, n_known, deck
    )
    n_workers = counts.shape[0]
    summary, moved, flushed = _tally_arrays(holes.shape[0], n_known, multisets, n_workers, corrections.size)
    # Three passes, each shared among the workers: each reads what the one before wrote.
    # prange's index is unsigned: as int64 the serial twin's helpers serve it.
    for w in prange(n_workers):
        _summarise_boards(
            np.int64(w), n_workers, fixed_highs, board, n_known, known_low, multisets, available, split_ranks,
            summary, holes, n_hole, tables.board_pair,
        )  # fmt: skip
    for w in prange(n_workers):
        _correct_flushes(
            np.int64(w), n_workers, corrections, n_known, tables, multisets, summary, hole_suit_ranks, available,
            deck_suit_ranks, known_suit_ranks, moved[w], flushed[w],
        )  # fmt: skip
    for w in range(1, n_workers):
        for j in range(moved.shape[1]):
            moved[0, j] += moved[w, j]
        for p in range(flushed.shape[1]):
            for cell in range(flushed.shape[2]):
                flushed[0, p, cell] += flushed[w, p, cell]
    for w in prange(n_workers):
        _count_boards(
            np.int64(w), n_workers, hilo, tables, hole_low, known_low, n_known, summary, moved[0], flushed[0],
            counts[w],
        )  # fmt: skip


@njit(cache=True, parallel=True)
def aggregate_spots(spots, tables, multisets, counts):
    """:func:`aggregate_showdowns` of many spots in one call, the spots shared among threads.

    ``spots`` is a ``kernel_args.SpotBatch`` of ``n`` spots with ``P`` fixed hands
    each; spot ``i`` adds its outcomes to ``counts[i]`` (``(n, *histogram_shape(P))``),
    exactly the counts of :func:`aggregate_showdowns` on that spot alone. Only the
    preflop spots' rows of ``spots.fixed_tables`` are read (see :func:`_summarise_boards`).
    """
    n_players = counts.shape[1]
    for i in prange(counts.shape[0]):
        holes = spots.holes[i * n_players : (i + 1) * n_players]
        board = spots.boards[i]
        n_known = spots.n_known[i]
        deck = np.empty(DECK_SIZE, dtype=np.int8)  # the cards left, ascending
        n_deck = 0
        for card in range(DECK_SIZE):
            if not (spots.known[i] >> card) & 1:
                deck[n_deck] = card
                n_deck += 1
        hole_low, hole_suit_ranks, available, deck_suit_ranks, known_suit_ranks, known_low, corrections = (
            _describe_spot(holes, spots.n_hole, board, n_known, deck[:n_deck])
        )
        # The hands' highs by board state: a preflop spot's from the batch, built by the
        # caller (copied: a slice would be typed apart and compile the passes again); with
        # a known board _summarise_boards evaluates the few states its boards reach.
        fixed_highs = np.empty((n_players, 0 if n_known else spots.fixed_tables.shape[1]), dtype=np.int16)
        if n_known == 0:
            fixed_highs[:] = spots.fixed_tables[i * n_players : (i + 1) * n_players]
        # One worker, no split, as int64 (not constants): the signatures of aggregate_showdowns' helpers.
        alone = np.int64(0)
        summary, moved, flushed = _tally_arrays(n_players, n_known, multisets, alone + 1, corrections.size)
        _summarise_boards(
            alone, alone + 1, fixed_highs, board, n_known, known_low, multisets, available, alone, summary, holes,
            spots.n_hole, tables.board_pair,
        )  # fmt: skip
        _correct_flushes(
            alone, alone + 1, corrections, n_known, tables, multisets, summary, hole_suit_ranks, available,
            deck_suit_ranks, known_suit_ranks, moved[0], flushed[0],
        )  # fmt: skip
        _count_boards(
            alone,
            alone + 1,
            spots.hilo,
            tables,
            hole_low,
            known_low,
            n_known,
            summary,
            moved[0],
            flushed[0],
            counts[i : i + 1],
        )
