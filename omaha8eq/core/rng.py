"""Compiled random generator of the Monte Carlo sampler: SplitMix64 with unbiased bounded ints.

SplitMix64 (Steele, Lea, Flood 2014): the state is one 64-bit word advanced by a
constant (the golden ratio), each output a mix of the new state. It passes BigCrush
and is trivially seeded per chunk: :func:`chunk_state` gives chunk ``i`` of a run
seeded with ``seed`` its own stream, so a run reproduces whatever the thread count.

Every function takes the state and returns ``(new state, value)``: numba kernels
keep the state in a local variable (no shared object between threads).
:func:`below_small` also carries the unread 16-bit lanes of the last output, so that
one output serves four card draws.
"""

from __future__ import annotations

import numpy as np
from numba import njit

__all__ = ["GOLDEN", "below", "below_small", "chunk_state", "mix", "next_output", "uniform"]

#: The increment of the state: 2**64 / golden ratio, odd.
GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_MIX1 = np.uint64(0xBF58476D1CE4E5B9)
_MIX2 = np.uint64(0x94D049BB133111EB)
_MASK32 = np.uint64(0xFFFFFFFF)
_MASK16 = np.uint64(0xFFFF)


@njit(cache=True, inline="always")
def mix(z):
    """SplitMix64's output function: a bijection of 64-bit words (uint64 in, uint64 out)."""
    z = (z ^ (z >> np.uint64(30))) * _MIX1
    z = (z ^ (z >> np.uint64(27))) * _MIX2
    return z ^ (z >> np.uint64(31))


@njit(cache=True, inline="always")
def chunk_state(seed, chunk):
    """Initial generator state of chunk number ``chunk`` of a run seeded with ``seed``."""
    return mix(np.uint64(seed) ^ mix(np.uint64(chunk) * GOLDEN + GOLDEN))


@njit(cache=True, inline="always")
def next_output(state):
    """(new state, next 64-bit output): one SplitMix64 step."""
    state = state + GOLDEN
    return state, mix(state)


@njit(cache=True, inline="always")
def below(state, bound):
    """(new state, uniform int in [0, bound)) for 0 < bound < 2**32, without bias.

    Lemire's nearly divisionless method on the low 32 bits of each output: the
    modulo that fixes the bias is only computed in the rare case that the low half
    of the product is below ``bound``.
    """
    bound64 = np.uint64(bound)
    state, output = next_output(state)
    product = (output & _MASK32) * bound64
    if (product & _MASK32) < bound64:
        threshold = (np.uint64(0x100000000) - bound64) % bound64
        while (product & _MASK32) < threshold:
            state, output = next_output(state)
            product = (output & _MASK32) * bound64
    return state, np.int64(product >> np.uint64(32))


@njit(cache=True, inline="always")
def uniform(state):
    """(new state, uniform float in [0, 1)) from the top 53 bits of one output."""
    state, output = next_output(state)
    return state, np.float64(output >> np.uint64(11)) * (1.0 / 9007199254740992.0)


@njit(cache=True, inline="always")
def _next_lane(state, lanes, left):
    """(state, lanes, left, next 16-bit lane): a new output is drawn when none is left."""
    if left == 0:
        state, lanes = next_output(state)
        left = 4
    return state, lanes >> np.uint64(16), left - 1, lanes & _MASK16


@njit(cache=True, inline="always")
def below_small(state, lanes, left, bound):
    """(state, lanes, left, uniform int in [0, bound)) for 0 < bound <= 2**16, without bias.

    Lemire's method (as :func:`below`) on 16-bit lanes: each 64-bit output is read as
    four lanes, lowest first; ``lanes`` holds the unread ones and ``left`` their count
    (start with ``left = 0``). Exact for any such bound: the rare lanes that would bias
    the result (fewer than ``bound`` in 2**16) are rejected.
    """
    bound64 = np.uint64(bound)
    state, lanes, left, lane = _next_lane(state, lanes, left)
    product = lane * bound64
    if (product & _MASK16) < bound64:
        threshold = (np.uint64(0x10000) - bound64) % bound64
        while (product & _MASK16) < threshold:
            state, lanes, left, lane = _next_lane(state, lanes, left)
            product = lane * bound64
    return state, lanes, left, np.int64(product >> np.uint64(16))
