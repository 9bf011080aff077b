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


@njit(cache=True, parallel=True)
def sample_deals(
    holes, n_hole, random_players, fixed, fixed_highs, board, n_known, deck, seed,
    first_chunk, chunk_sizes, hilo, board_pair, flush5, suited, low, counts,
):  # fmt: skip
    """Play ``chunk_sizes[c]`` random deals in each chunk ``c`` (run chunk ``first_chunk + c``).

    Each deal draws the ``5 - n_known`` missing board cards and then ``n_hole`` cards
    for every row of ``holes`` listed in ``random_players``, without replacement from
    ``deck``. Outcomes go to ``counts[c]``. ``fixed``/``fixed_highs``: see
    ``showdown.fixed_hand_highs``.
    """
    n_players = holes.shape[0]
    n_random = random_players.shape[0]
    n_missing = 5 - n_known
    n_draw = n_missing + n_random * n_hole
    n_deck = deck.shape[0]
    for c in prange(chunk_sizes.shape[0]):
        state = chunk_state(seed, first_chunk + c)
        work_deck = deck.copy()
        work_holes = holes.copy()
        work_board = np.empty((1, 5), dtype=np.int8)
        work_board[0, :n_known] = board[:n_known]
        high_values = np.empty(n_players, dtype=np.int64)
        low_values = np.empty(n_players, dtype=np.int64)
        for _ in range(chunk_sizes[c]):
            for i in range(n_draw):
                state, offset = _below(state, n_deck - i)
                j = i + offset
                card = work_deck[j]
                work_deck[j] = work_deck[i]
                work_deck[i] = card
            for i in range(n_missing):
                work_board[0, n_known + i] = work_deck[i]
            for r in range(n_random):
                for i in range(n_hole):
                    work_holes[random_players[r], i] = work_deck[n_missing + r * n_hole + i]
            record_showdown(
                work_holes, n_players, n_hole, fixed, fixed_highs, work_board, hilo,
                board_pair, flush5, suited, low, high_values, low_values, counts, c,
            )  # fmt: skip
