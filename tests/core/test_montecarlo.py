"""Seeded Monte Carlo sampling (``core/montecarlo.py``): reproducible, and close to exact."""

from __future__ import annotations

import naive
import numpy as np

from omaha8eq import equity
from omaha8eq.cards import parse_cards
from omaha8eq.core.kernel_args import RangeDraw, SampleRun
from omaha8eq.core.montecarlo import sample_deals
from omaha8eq.core.showdown import histogram_shape
from omaha8eq.engine.deal import lookup_tables, prepare_deal
from omaha8eq.engine.sampling import range_draw, state_outcomes
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
    arrays, tables = deal.arrays(), lookup_tables()
    outcomes = state_outcomes(deal, arrays, tables)
    sample_deals(arrays, tables, ranges, run, outcomes, counts, shares, shares.copy(), stuck)
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


_MASK64 = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


def _mix(z: int) -> int:
    """SplitMix64's output function in plain Python."""
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
    return z ^ (z >> 31)


def _replayed_counts(hands: list[str], seed: int, chunk: int, deals: int) -> np.ndarray:
    """One chunk of fixed hands replayed in plain Python from the sampler's contract (``rng``
    and ``montecarlo`` docstrings): chunk ``chunk``'s SplitMix64 stream read as 16-bit lanes,
    each card drawn by Lemire's method into a Fisher-Yates shuffle of the deck carried from
    deal to deal; each board settled by the naive evaluator into the outcome cells of
    ``core/showdown.py``."""
    holes = [list(parse_cards(hand)) for hand in hands]
    n = len(holes)
    deck = [c for c in range(52) if all(c not in hole for hole in holes)]
    state = _mix(seed ^ _mix((chunk * _GOLDEN + _GOLDEN) & _MASK64))
    lanes: list[int] = []

    def lane() -> int:
        nonlocal state
        if not lanes:
            state = (state + _GOLDEN) & _MASK64
            output = _mix(state)
            lanes.extend(output >> (16 * k) & 0xFFFF for k in range(4))
        return lanes.pop(0)

    counts = np.zeros(histogram_shape(n), dtype=np.int64)
    for _ in range(deals):
        for i in range(5):
            bound = len(deck) - i
            product = lane() * bound
            while product & 0xFFFF < (1 << 16) % bound:
                product = lane() * bound
            j = i + (product >> 16)
            deck[i], deck[j] = deck[j], deck[i]
        board = deck[:5]
        highs = [naive.best_high(hole, board)[0] for hole in holes]
        lows = [naive.best_low(hole, board) for hole in holes]
        best_low = min((low for low in lows if low is not None), default=None)
        for p in range(n):
            high_state = highs.count(max(highs)) if highs[p] == max(highs) else 0
            if best_low is None:
                low_state = n + 2
            elif lows[p] is None:
                low_state = n + 1
            else:
                low_state = lows.count(best_low) if lows[p] == best_low else 0
            counts[p, high_state, low_state] += 1
    return counts


def test_known_hands_count_for_count_as_a_plain_replay_of_the_draws():
    """Known hands take the sampler's shortcut (boards no hand can flush on counted by rank
    state, settled at the chunk's end): the same counts, deal for deal, as a plain-Python replay
    of the same draws evaluated one by one; here with hands that can flush in two suits."""
    hands = ["As Ah 2c 3d", "Ks Kh Qd Jd", "9s 8s 7h 6c"]
    sampled = _sample((hands, "", ""), 5, 3, [400, 400])
    for c in range(2):
        assert np.array_equal(sampled[c], _replayed_counts(hands, 5, 3 + c, 400))
