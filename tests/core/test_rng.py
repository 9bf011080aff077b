"""The random generator (``core/rng.py``): SplitMix64 outputs, unbiased bounded ints, chunk streams."""

from __future__ import annotations

import numpy as np
import pytest
from numba import njit

from omaha8eq.core.rng import below, below_small, chunk_state, next_output, uniform

MASK64 = (1 << 64) - 1


def _splitmix64(state: int, n: int) -> list[int]:
    """The reference SplitMix64 (Steele, Lea, Flood 2014) in plain Python."""
    out = []
    for _ in range(n):
        state = (state + 0x9E3779B97F4A7C15) & MASK64
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        out.append(z ^ (z >> 31))
    return out


@njit
def _outputs(state, n):
    out = np.empty(n, dtype=np.uint64)
    for i in range(n):
        state, out[i] = next_output(state)
    return out


@njit
def _draws(state, bound, n):
    out = np.empty(n, dtype=np.int64)
    for i in range(n):
        state, out[i] = below(state, bound)
    return out


@njit
def _small_draws(state, bound, n):
    out = np.empty(n, dtype=np.int64)
    lanes = np.uint64(0)
    left = 0
    for i in range(n):
        state, lanes, left, out[i] = below_small(state, lanes, left, bound)
    return out


def _small_draws_reference(state: int, bound: int, n: int) -> list[int]:
    """``below_small`` in plain Python: Lemire's method on the 16-bit lanes of SplitMix64, lowest first."""
    outputs = iter(_splitmix64(state, 4 * n + 100))
    lanes = (output >> (16 * k) & 0xFFFF for output in outputs for k in range(4))
    threshold = (1 << 16) % bound  # lanes whose product's low half is below this are rejected
    draws = []
    while len(draws) < n:
        product = next(lanes) * bound
        if product & 0xFFFF >= threshold:
            draws.append(product >> 16)
    return draws


@njit
def _uniforms(state, n):
    out = np.empty(n, dtype=np.float64)
    for i in range(n):
        state, out[i] = uniform(state)
    return out


@njit
def _first_outputs(seed, n_chunks, n):
    out = np.empty((n_chunks, n), dtype=np.uint64)
    for c in range(n_chunks):
        state = chunk_state(seed, c)
        for i in range(n):
            state, out[c, i] = next_output(state)
    return out


def test_splitmix64_known_outputs():
    # The published first outputs of SplitMix64 seeded with 0.
    assert _outputs(np.uint64(0), 3).tolist() == [0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F]
    seed = 0x1234_5678_9ABC_DEF0
    assert _outputs(np.uint64(seed), 100).tolist() == _splitmix64(seed, 100)


# 0.1% critical values of the chi-square distribution with bound - 1 degrees of freedom.
CHI2_999 = {2: 10.83, 3: 13.82, 5: 18.47, 7: 22.46, 52: 87.97}


@pytest.mark.parametrize("bound", sorted(CHI2_999))
def test_below_is_uniform_on_small_bounds(bound):
    n = 200_000
    draws = _draws(np.uint64(2024 + bound), bound, n)
    assert draws.min() >= 0 and draws.max() < bound
    observed = np.bincount(draws, minlength=bound)
    expected = n / bound
    chi2 = float(((observed - expected) ** 2 / expected).sum())
    assert chi2 < CHI2_999[bound]


@pytest.mark.parametrize("bound", sorted(CHI2_999))
def test_below_small_is_uniform_on_small_bounds(bound):
    n = 200_000
    draws = _small_draws(np.uint64(4048 + bound), bound, n)
    assert draws.min() >= 0 and draws.max() < bound
    observed = np.bincount(draws, minlength=bound)
    expected = n / bound
    chi2 = float(((observed - expected) ** 2 / expected).sum())
    assert chi2 < CHI2_999[bound]


@pytest.mark.parametrize("bound", [1, 7, 52, (1 << 15) + 1, 1 << 16])
def test_below_small_reads_four_lanes_per_output_and_rejects_exactly_the_biased_ones(bound):
    # (1 << 15) + 1 rejects almost half the lanes: the rejection path, lane by lane.
    assert _small_draws(np.uint64(99), bound, 2000).tolist() == _small_draws_reference(99, bound, 2000)


def test_below_takes_the_rejection_path_without_bias():
    # A bound just above 2**31 rejects almost half the outputs: the result must stay in range
    # and fall in each half of [0, bound) about equally often.
    bound = (1 << 31) + 1
    draws = _draws(np.uint64(5), bound, 20_000)
    assert draws.min() >= 0 and draws.max() < bound
    assert abs(int((draws < bound // 2).sum()) - 10_000) < 4 * 71  # 4 standard deviations


def test_uniform_is_in_the_unit_interval_with_the_right_moments():
    values = _uniforms(np.uint64(77), 200_000)
    assert values.min() >= 0.0 and values.max() < 1.0
    assert abs(values.mean() - 0.5) < 4 * (1 / 12 / 200_000) ** 0.5
    assert abs(values.var() - 1 / 12) < 0.002


def test_chunk_streams_are_distinct_and_uncorrelated():
    outputs = _first_outputs(np.uint64(42), 1000, 64)
    assert len(set(outputs.ravel().tolist())) == outputs.size  # no output repeats across streams
    assert np.array_equal(outputs, _first_outputs(np.uint64(42), 1000, 64))  # deterministic
    assert not np.array_equal(outputs, _first_outputs(np.uint64(43), 1000, 64))
    # Top bits of neighbouring streams as [0, 1) floats: no correlation.
    top = (outputs >> np.uint64(11)).astype(np.float64) / 2.0**53
    correlation = np.corrcoef(top[:-1].ravel(), top[1:].ravel())[0, 1]
    assert abs(correlation) < 4 / np.sqrt(top[1:].size)
