"""The rank-multiset enumeration gives exactly the counts of visiting every board."""

from __future__ import annotations

import numba
import numpy as np
import pytest
from deals import batches_by_game

from omaha8eq import equity_many
from omaha8eq.core import parallel
from omaha8eq.core.exact_multisets import _describe_spot, aggregate_showdowns, aggregate_spots, rank_multisets
from omaha8eq.core.showdown import histogram_shape
from omaha8eq.engine.deal import lookup_tables, prepare_deal
from omaha8eq.engine.exact import aggregate_many
from omaha8eq.engine.method import Method
from omaha8eq.engine.options import RunOptions
from omaha8eq.engine.run import run_equity, run_method
from omaha8eq.engine.spot import parse_spot
from omaha8eq.games import GameChoice

SPOTS = [
    (["As Ah 2c 3d", "Ks Kh Qd Jd"], "", ""),
    (["As Ah 2s 3h", "Kd Kc Qd Jc"], "", ""),  # both double-suited: four suits corrected
    (["As Ah 2c 3d", "Ks Kh Qd Jd", "7h 8h 9s Ts"], "", "2h"),
    (["As 2s 3s 4s 5h", "Ks Qs Js Th 9h"], "", ""),
    (["As 2s 3s 4s 5s 6h", "Ks Qs Js Th 9h 8h"], "Kd 7c 2h", ""),
    (["As Ah 2c 3d", "Ks Kh Qd Jd"], "4s 5s Jh", ""),
    (["Ad Kd 3s 2s", "Ac 2h 9c 9h", "Qh Jh Th 9d"], "Jd 4d 3c", ""),
    (["Ad Kd 3s 2s", "Ac 2h 9c 9h"], "Jd 4d 3d", "5d"),  # monotone flop
    (["Ad Kd 3s 2s", "Ac 2h 9c 9h"], "Jd 4d 3d Qd", ""),
    # Five players, and four where two hold the same ranks: many boards tie for the best high.
    (["As Ah 2c 3d", "Ks Kh Qd Jd", "9s 8s 7d 6d", "Tc Jh Qc 4h", "5s 6h 8c 2d"], "", ""),
    (["Ks Kh 7c 7d", "Kc Kd 7s 7h", "As 2h 3c 4d", "Qs Js Th 9h"], "", "5c"),
]


def _counts(hands, board, dead, hilo, aggregate):
    result = (
        run_equity(parse_spot(hands, board, dead, GameChoice(None, hilo)), RunOptions(exhaustive=True))
        if aggregate
        else run_method(
            parse_spot(hands, board, dead, GameChoice(None, hilo)), Method.ENUMERATE, RunOptions(exhaustive=True)
        )
    )
    return result, [p.counts for p in result.players]


@pytest.mark.parametrize("hilo", [True, False])
@pytest.mark.parametrize("hands, board, dead", SPOTS)
def test_aggregate_equals_per_board_enumeration(hands, board, dead, hilo):
    fast, fast_counts = _counts(hands, board, dead, hilo, aggregate=True)
    slow, slow_counts = _counts(hands, board, dead, hilo, aggregate=False)
    assert fast.outcomes == slow.outcomes
    for a, b in zip(fast_counts, slow_counts, strict=True):
        assert np.array_equal(a, b)
        assert a.min() >= 0 and a.sum() == fast.outcomes


def test_rank_multisets_weights_count_every_board():
    multisets = rank_multisets()
    multiplicities, offsets = multisets.multiplicities, multisets.offsets
    for size, expected in [(0, 1), (1, 52), (2, 1326), (3, 22100), (5, 2598960)]:
        rows = range(offsets[size], offsets[size + 1])
        total = 0
        for m in rows:
            ways = 1
            for i in range(size):
                ways *= [1, 4, 6, 4, 1, 0][multiplicities[m, i]]
            total += ways
        assert total == expected


@pytest.mark.parametrize("hands, board, dead", [SPOTS[1], SPOTS[2], SPOTS[7]])
def test_the_shares_of_any_number_of_workers_add_up_to_the_same_counts(hands, board, dead):
    # The workers split the visits (one worker: all of them); integer sums do not depend on the split.
    arrays = prepare_deal(parse_spot(hands, board, dead)).arrays(high_only=True)
    totals = []
    for workers in (1, 2, 3, 5):
        counts = np.zeros((workers, 1, *histogram_shape(len(hands))), dtype=np.int64)
        aggregate_showdowns(*_deal_arguments(arrays), 0, counts)
        totals.append(counts.sum(axis=0))
    for total in totals[1:]:
        assert np.array_equal(total, totals[0])
    assert (
        totals[0].sum() == len(hands) * run_equity(parse_spot(hands, board, dead), RunOptions(exhaustive=True)).outcomes
    )


@pytest.mark.parametrize("hilo", [True, False])
def test_many_spots_in_one_call_count_as_each_alone(hilo):
    # Mixed player counts and hole sizes (several groups), every street, repeated spots.
    spots = [(hands, board, dead) for hands, board, dead in SPOTS] + [SPOTS[0], SPOTS[6]]
    many = [None] * len(spots)
    for game, where in batches_by_game(spots, hilo):
        for i, result in zip(where, equity_many([spots[i] for i in where], game=game), strict=True):
            many[i] = result
    assert all(result is not None for result in many)
    for spot, result in zip(spots, many, strict=True):
        alone = run_method(parse_spot(*spot, GameChoice(None, hilo)), Method.ENUMERATE, RunOptions(exhaustive=True))
        assert result.outcomes == alone.outcomes
        for a, b in zip(result.players, alone.players, strict=True):
            assert np.array_equal(a.counts, b.counts)


@pytest.mark.parametrize("hands, board, dead", [SPOTS[1], SPOTS[2], SPOTS[5]])
def test_the_serial_build_and_the_body_as_python_count_as_the_parallel_one(hands, board, dead):
    # After a flop the serial build runs; a first call runs the body as Python
    # (parallel.run_body_soon): each worker's share, count for count.
    arrays = prepare_deal(parse_spot(hands, board, dead)).arrays(high_only=True)
    for workers in (1, 2, 3):
        builds = []
        for kernel in (aggregate_showdowns, parallel.serial_twin(aggregate_showdowns), aggregate_showdowns.py_func):
            counts = np.zeros((workers, 2, *histogram_shape(len(hands))), dtype=np.int64)
            split = 0b1000000000011  # by A, 2, 3
            kernel(*_deal_arguments(arrays), split, counts)
            builds.append(counts)
        assert (
            builds[0].sum()
            == len(hands) * run_equity(parse_spot(hands, board, dead), RunOptions(exhaustive=True)).outcomes
        )
        assert np.array_equal(builds[1], builds[0])
        assert np.array_equal(builds[2], builds[0])


def test_the_serial_build_counts_many_spots_as_the_parallel_one(monkeypatch):
    chosen = [SPOTS[0], SPOTS[1], SPOTS[5]]  # heads-up, four cards: one aggregate_many call
    outcomes = sum(run_equity(parse_spot(*spot), RunOptions(exhaustive=True)).outcomes for spot in chosen)
    spots = [parse_spot(*spot) for spot in chosen]
    builds = []
    for kernel in (aggregate_spots, parallel.serial_twin(aggregate_spots)):
        monkeypatch.setattr(parallel, "run_soon", lambda _, *args, kernel=kernel: kernel(*args))
        builds.append(aggregate_many(spots, lookup_tables()))
    assert builds[0].sum() == 2 * outcomes
    assert np.array_equal(builds[1], builds[0])


def test_the_helpers_compile_one_signature_for_every_caller():
    # aggregate_showdowns (a spot; its body run as Python on a first call) and aggregate_spots
    # (a batch, preflop and flop) call the same helpers with the same types: each compiles
    # once (keep first use short).
    from omaha8eq.core import exact_multisets as kernels

    arrays = prepare_deal(parse_spot(*SPOTS[5])).arrays(high_only=True)
    for kernel in (aggregate_showdowns.py_func, aggregate_showdowns, parallel.serial_twin(aggregate_showdowns)):
        counts = np.zeros((1, 1, *histogram_shape(2)), dtype=np.int64)
        kernel(*_deal_arguments(arrays), 0, counts)
    spots = [parse_spot(*SPOTS[0]), parse_spot(*SPOTS[5])]
    for kernel in (aggregate_spots, parallel.serial_twin(aggregate_spots)):
        kernel(*_batch_arguments(spots), np.zeros((2, *histogram_shape(2)), dtype=np.int64))
    # The helpers compile with a kernel (a cold cache, as in CI); loaded from the cache, they have none.
    for helper in (
        kernels._summarise_boards,
        kernels._correct_flushes,
        kernels._count_boards,
    ):
        assert len(helper.signatures) <= 1, (helper.py_func.__name__, helper.signatures)


@numba.njit
def _described(holes, n_hole, board, n_known, deck):
    return _describe_spot(holes, n_hole, board, n_known, deck)


def test_the_spot_description_run_as_python_is_the_compiled_one():
    # A first call runs aggregate_showdowns' body as Python, and with it _describe_spot:
    # numpy's integer rules are not numba's (an int8 card shifted stays int8).
    rng = np.random.default_rng(30)
    flush_corrections = 0
    for _ in range(150):
        n_hole, n_known = int(rng.choice([4, 5, 6])), int(rng.choice([0, 3, 4]))
        players = int(rng.integers(2, 6 if n_hole < 6 else 5))
        cards = rng.permutation(52).astype(np.int8)
        holes = cards[: players * n_hole].reshape(players, n_hole).copy()
        board = np.zeros(5, dtype=np.int8)
        board[:n_known] = cards[players * n_hole : players * n_hole + n_known]
        deck = np.sort(cards[players * n_hole + n_known :])
        as_python = _describe_spot(holes, n_hole, board, n_known, deck)
        compiled = _described(holes, n_hole, board, n_known, deck)
        for ours, theirs in zip(as_python, compiled, strict=True):
            assert np.asarray(ours).dtype == np.int64
            assert np.array_equal(ours, theirs)
        flush_corrections += len(compiled[-1])
    assert flush_corrections > 10_000  # the corrections' odometer ran, not only empty lists


def _batch_arguments(spots):
    """The arguments before ``counts`` that aggregate_many gives aggregate_spots."""
    captured = []
    original = parallel.run_soon
    try:
        parallel.run_soon = lambda kernel, *args: captured.append(args[:-1]) or original(kernel, *args)
        aggregate_many(spots, lookup_tables())
    finally:
        parallel.run_soon = original
    return captured[0]


def _deal_arguments(arrays):
    """The fields of a DealArrays that aggregate_showdowns takes, in its order, then its tables' fields."""
    deal = arrays.holes, arrays.n_hole, arrays.fixed_tables, arrays.board, arrays.n_known, arrays.deck, arrays.hilo
    return *deal, tuple(lookup_tables()), tuple(rank_multisets())
