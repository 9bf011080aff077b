"""Seeded Monte Carlo sampling (``core/montecarlo.py``): reproducible, and close to exact."""

from __future__ import annotations

import numpy as np

from omaha8eq import equity
from omaha8eq.core.kernel_args import RangeDraw, SampleRun
from omaha8eq.core.montecarlo import sample_deals
from omaha8eq.core.showdown import histogram_shape
from omaha8eq.engine.deal import lookup_tables, prepare_deal
from omaha8eq.engine.sampling import range_draw
from omaha8eq.engine.spot import parse_spot
from omaha8eq.outcomes import share_units


def _sample(spot_args, seed, first_chunk, sizes):
    deal = prepare_deal(parse_spot(*spot_args))
    n = deal.n_players
    counts = np.zeros((len(sizes), *histogram_shape(n)), dtype=np.int64)
    shares = np.zeros((len(sizes), 1), dtype=np.int64)
    stuck = np.zeros(len(sizes), dtype=np.bool_)
    ranges: RangeDraw = range_draw(deal)
    run = SampleRun(np.uint64(seed), first_chunk, np.array(sizes, dtype=np.int64), False, share_units(n))
    sample_deals(deal.arrays(True), lookup_tables(), ranges, run, counts, shares, shares.copy(), stuck)
    assert not stuck.any()
    return counts


def test_a_run_extended_chunk_by_chunk_reproduces_the_whole_run():
    spot = (["As Ah 2c 3d", "random", "AA2*"], "4c 7d Ks", "")
    whole = _sample(spot, 7, 0, [500, 500, 500, 500])
    first = _sample(spot, 7, 0, [500, 500])
    rest = _sample(spot, 7, 2, [500, 500])
    assert np.array_equal(whole, np.concatenate([first, rest]))
    assert whole[:, 0].sum() == 2000
    assert not np.array_equal(whole[0], whole[1])  # each chunk has its own stream


def test_monte_carlo_agrees_with_exact_within_four_standard_errors():
    hands, board = ["As Ah 2c 3d", "Ks Kh Qd Jd", "7h 8h 9s Ts"], "4c 5d Js"
    exact = equity(hands, board, exhaustive=True)
    sampled = equity(hands, board, samples=300_000, seed=11)
    assert not sampled.exhaustive and sampled.outcomes == 300_000
    for e, s in zip(exact.players, sampled.players, strict=True):
        assert s.equity_stderr > 0
        assert abs(e.equity - s.equity) < 4 * s.equity_stderr


def test_monte_carlo_with_random_hand_agrees_with_enumeration():
    exact = equity(["As 3s 2s 6s", "random"], board="Ad Qs 2c 7c 5c", exhaustive=True)
    sampled = equity(["As 3s 2s 6s", "random"], board="Ad Qs 2c 7c 5c", samples=200_000, seed=3)
    for e, s in zip(exact.players, sampled.players, strict=True):
        assert abs(e.equity - s.equity) < 4 * s.equity_stderr


def test_seed_reproducible_across_thread_counts():
    args = (["As Ah 2c 3d", "random", "Ks Kh Qd Jd"],)
    one = equity(*args, samples=100_000, seed=42, threads=1)
    two = equity(*args, samples=100_000, seed=42, threads=2)
    again = equity(*args, samples=100_000, seed=42)
    other = equity(*args, samples=100_000, seed=43)
    for a, b, c in zip(one.players, two.players, again.players, strict=True):
        assert np.array_equal(a.counts, b.counts) and np.array_equal(a.counts, c.counts)
    assert not all(np.array_equal(a.counts, d.counts) for a, d in zip(one.players, other.players, strict=True))
    assert one.seed == 42
