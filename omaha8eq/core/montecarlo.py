"""Compiled Monte Carlo sampling of deals, reproducible whatever the thread count.

Samples come in chunks; chunk number ``i`` of a run draws from its own generator,
seeded from ``(seed, i)``, and writes only its own slice of the histogram. A seed
therefore gives the same counts with any number of threads, and a run extended
chunk by chunk (``stderr_target``) reproduces too.

The generator is SplitMix64 (Steele, Lea, Flood 2014): 64-bit state, passes
BigCrush, and trivially seeded per chunk. Cards are drawn by a partial Fisher-Yates
shuffle of the chunk's copy of the deck, with Lemire's unbiased bounded integers.
"""

from __future__ import annotations

import numpy as np
from numba import njit, prange

from .showdown import record_showdown

_GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_MIX1 = np.uint64(0xBF58476D1CE4E5B9)
_MIX2 = np.uint64(0x94D049BB133111EB)
_MASK32 = np.uint64(0xFFFFFFFF)
#: Draws of the range hands allowed for one deal before giving up on the ranges.
MAX_REDRAWS = 1_000_000


@njit(cache=True, inline="always")
def _mix(z):
    z = (z ^ (z >> np.uint64(30))) * _MIX1
    z = (z ^ (z >> np.uint64(27))) * _MIX2
    return z ^ (z >> np.uint64(31))


@njit(cache=True, inline="always")
def chunk_state(seed, chunk):
    """Initial generator state of chunk number ``chunk`` of a run seeded with ``seed``."""
    return _mix(np.uint64(seed) ^ _mix(np.uint64(chunk) * _GOLDEN + _GOLDEN))


@njit(cache=True, inline="always")
def _below(state, bound):
    """(new state, uniform int in [0, bound)) for 0 < bound < 2**32, without bias.

    Lemire's nearly divisionless method: the modulo that fixes the bias is only
    computed in the rare case that the low half of the product is below ``bound``.
    """
    bound64 = np.uint64(bound)
    state = state + _GOLDEN
    product = (_mix(state) & _MASK32) * bound64
    if (product & _MASK32) < bound64:
        threshold = (np.uint64(0x100000000) - bound64) % bound64
        while (product & _MASK32) < threshold:
            state = state + _GOLDEN
            product = (_mix(state) & _MASK32) * bound64
    return state, np.int64(product >> np.uint64(32))


@njit(cache=True, inline="always")
def _uniform(state):
    """(new state, uniform float in [0, 1)) from the top 53 bits of one output."""
    state = state + _GOLDEN
    return state, np.float64(_mix(state) >> np.uint64(11)) * (1.0 / 9007199254740992.0)


@njit(cache=True, inline="always")
def _pick(cumulative, first, last, target):
    """The first index i in [first, last) with cumulative[i] > target (binary search)."""
    last -= 1
    while first < last:
        middle = (first + last) // 2
        if cumulative[middle] > target:
            last = middle
        else:
            first = middle + 1
    return first


@njit(cache=True, parallel=True)
def sample_deals(
    holes, n_hole, random_players, fixed, fixed_tables, board, n_known, deck,
    range_players, range_hands, range_masks, range_offsets, range_cumulative, share_units,
    by_hand, seed, first_chunk, chunk_sizes, hilo, board_pair, flush5, suited, low, counts,
    hand_shares, hand_deals, stuck,
):  # fmt: skip
    """Play ``chunk_sizes[c]`` random deals in each chunk ``c`` (run chunk ``first_chunk + c``).

    Each deal first picks a hand for every player of ``range_players`` (player
    ``range_players[r]`` draws hand k of ``range_hands[range_offsets[r]:range_offsets[r + 1]]``
    with probability proportional to its weight, ``range_cumulative`` holding the
    running sums (weights are whole numbers; when all are 1 the pick is uniform); ``range_masks[k]`` is the hand's card bitmask). If two picked hands
    share a card, all are drawn again: that samples the joint distribution of the
    range hands given that they do not collide, exactly. Then it draws the
    ``5 - n_known`` missing board cards and ``n_hole`` cards for every player of
    ``random_players``, without replacement from the rest of ``deck``. Outcomes go
    to ``counts[c]``; with ``by_hand``, each picked range hand k also adds its share
    of the pot, in units of ``share_units`` (a pot is ``share_units[1, P + 2]``), to
    ``hand_shares[c, k]`` and one deal to ``hand_deals[c, k]``. ``fixed``/``fixed_tables``:
    see ``showdown.fixed_hand_tables``. A chunk that needs more than ``MAX_REDRAWS``
    draws of the range hands for one deal stops and sets ``stuck[c]``: those ranges
    (almost) never fit together.
    """
    n_players = holes.shape[0]
    n_random = random_players.shape[0]
    n_ranged = range_players.shape[0]
    n_missing = 5 - n_known
    n_draw = n_missing + n_random * n_hole
    n_deck = deck.shape[0]
    for c in prange(chunk_sizes.shape[0]):
        state = chunk_state(seed, first_chunk + c)
        work_deck = deck.copy()
        position = np.full(64, -1, dtype=np.int64)  # where each card is in work_deck
        for i in range(n_deck):
            position[work_deck[i]] = i
        work_holes = holes.copy()
        work_board = np.empty((1, 5), dtype=np.int8)
        work_board[0, :n_known] = board[:n_known]
        high_values = np.empty(n_players, dtype=np.int64)
        low_values = np.empty(n_players, dtype=np.int64)
        cells = np.empty((n_players, 2), dtype=np.int64)
        picked = np.empty(max(n_ranged, 1), dtype=np.int64)
        for _ in range(chunk_sizes[c]):
            collided = True
            redraws = 0
            while collided and redraws < MAX_REDRAWS:
                redraws += 1
                collided = False
                used = 0
                for r in range(n_ranged):
                    first = range_offsets[r]
                    last = range_offsets[r + 1]
                    if range_cumulative[last - 1] == last - first:  # all weights 1
                        state, k = _below(state, last - first)
                        k += first
                    else:
                        state, u = _uniform(state)
                        k = _pick(range_cumulative, first, last, u * range_cumulative[last - 1])
                    picked[r] = k
                    if range_masks[k] & used:
                        collided = True
                        break
                    used |= range_masks[k]
            if collided:
                stuck[c] = True
                break
            # The picked cards go to the front of the deck; the draws come from the rest.
            front = 0
            for r in range(n_ranged):
                for i in range(n_hole):
                    card = range_hands[picked[r], i]
                    work_holes[range_players[r], i] = card
                    j = position[card]
                    work_deck[j] = work_deck[front]
                    position[work_deck[j]] = j
                    work_deck[front] = card
                    position[card] = front
                    front += 1
            for i in range(front, front + n_draw):
                state, offset = _below(state, n_deck - i)
                j = i + offset
                card = work_deck[j]
                work_deck[j] = work_deck[i]
                work_deck[i] = card
                if n_ranged:
                    position[work_deck[j]] = j
                    position[card] = i
            for i in range(n_missing):
                work_board[0, n_known + i] = work_deck[front + i]
            for r in range(n_random):
                for i in range(n_hole):
                    work_holes[random_players[r], i] = work_deck[front + n_missing + r * n_hole + i]
            record_showdown(
                work_holes, n_players, n_hole, fixed, fixed_tables, work_board, hilo,
                board_pair, flush5, suited, low, high_values, low_values, counts, c, cells,
            )  # fmt: skip
            if by_hand:
                for r in range(n_ranged):
                    p = range_players[r]
                    hand_shares[c, picked[r]] += share_units[cells[p, 0], cells[p, 1]]
                    hand_deals[c, picked[r]] += 1
