"""A run priced from its ranges' sizes before they are built (engine.budget): the estimates
agree with the planner's own, made once the ranges are built, and a hopeless request is
refused at once, with the estimate in its message."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

import omaha8eq
from omaha8eq.engine.budget import (
    BASE_BYTES,
    BUILD_BYTES,
    BY_HAND_BYTES,
    EXACT_BY_HAND_BYTES,
    EXACT_BYTES,
    RUN_BYTES,
    check_range_combinations,
    estimate_exact_work,
    estimate_memory,
    live_hands,
    spot_sizes,
)
from omaha8eq.engine.deal import prepare_deal
from omaha8eq.engine.heads_up import sweep_work
from omaha8eq.engine.method import Method, estimate_work
from omaha8eq.engine.spot import parse_spot
from omaha8eq.games import as_game
from omaha8eq.ranges.range import parse_range, range_size


@pytest.mark.parametrize(
    ("players", "board", "hole_size", "method"),
    [
        (["15%", "15%"], "4c5d7s", 4, Method.RANGE_SWEEP),
        (["15%", "20%"], "4c5d7s8h", 4, Method.RANGE_SWEEP),
        (["AA:$ds", "KsKhQdJd"], "4c5d7s", 4, Method.RANGE_SWEEP),
        (["AA", "KK", "QQ"], "4c5d7s", 4, Method.RANGE_COMBINATIONS),
    ],
)
def test_the_exact_work_estimate_is_near_the_planners(players, board, hole_size, method):
    spot = parse_spot([p if "s" in p[1:3] else parse_range(p, hole_size=hole_size) for p in players], board, "")
    deal = prepare_deal(spot)
    built = sweep_work(deal) if method is Method.RANGE_SWEEP else estimate_work(method, deal)
    sides = [1 if "Ks" in p else range_size(p, hole_size=hole_size).hands for p in players]
    cost = estimate_exact_work(
        sides, hole_size=hole_size, board=len(board) // 2, dead=0, one_range=players[0] == players[1]
    )
    assert cost is not None and cost.method is method
    assert 0.6 < cost.work / built < 1.3  # the early refusal allows for it (EARLY_MARGIN, COMBINATIONS_MARGIN)


@pytest.mark.parametrize(
    ("players", "board", "low", "high"),
    [
        (["15%", "15%"], "Kc9c4c", 0.6, 1.3),  # monotone: every runout counted was 3.4x the sweep's
        (["15%", "20%"], "Ac8c5h", 0.6, 1.3),  # two suits interchangeable: 1.6x
        (["AA:$ds", "KsKhQdJd"], "Kc9c4c", 0.0, 1.3),  # the known hand breaks the symmetry: below
    ],
)
def test_the_early_estimate_counts_the_runouts_the_known_cards_leave(players, board, low, high):
    # The known cards' symmetries alone: never more runouts than the sweep runs (its ranges
    # may break some), so the early refusal refuses nothing the planner would run.
    built = sweep_work(prepare_deal(parse_spot(players, board, "")))
    sizes = spot_sizes(players, board, "", as_game("omaha8"))
    assert sizes is not None
    cost = estimate_exact_work(
        sizes.sides, hole_size=4, board=3, dead=0, one_range=sizes.one_range, known_mask=sizes.known_mask
    )
    assert cost is not None and low < cost.work / built < high


def test_the_memory_estimate_counts_each_range_hand():
    assert estimate_memory([], by_hand=True) == BASE_BYTES
    assert estimate_memory([1000, 10], by_hand=False) == BASE_BYTES + 1010 * (BUILD_BYTES + RUN_BYTES)
    assert estimate_memory([1000], by_hand=True) - estimate_memory([1000], by_hand=False) == 1000 * BY_HAND_BYTES


def test_an_exact_run_may_need_more_memory_than_a_sampled_one():
    hands = [1000, 500]
    exact = estimate_memory(hands, by_hand=False, exact=True)
    assert exact - estimate_memory(hands, by_hand=False) == 1500 * EXACT_BYTES
    assert estimate_memory(hands, by_hand=True, exact=True) - exact == 1500 * (BY_HAND_BYTES + EXACT_BY_HAND_BYTES)


def test_a_run_is_priced_as_the_method_it_may_run():
    # 5-card 15% against itself on a flop: about 8.9e9 row updates exact.
    sizes = spot_sizes(["15%", "15%"], "4c5d7s", "", as_game("omaha85"))
    assert sizes is not None
    cost = sizes.exact_work()
    assert cost is not None
    hands, samples = sizes.range_hands, 10**6
    exact = estimate_memory(hands, by_hand=True, exact=True)
    sampled = estimate_memory(hands, by_hand=True, samples=samples)
    assert exact != sampled
    for limit in (cost.work // 100, cost.work * 100):
        assert sizes.memory(by_hand=True, exhaustive=True, samples=samples, work_limit=limit) == exact
        assert sizes.memory(by_hand=True, exhaustive=False, samples=samples, work_limit=limit) == sampled
    # The planner's choice: it samples what is far above the work limit, else may count exactly.
    assert sizes.memory(by_hand=True, exhaustive=None, samples=samples, work_limit=cost.work // 100) == sampled
    assert sizes.memory(by_hand=True, exhaustive=None, samples=samples, work_limit=cost.work * 100) == max(
        exact, sampled
    )


def test_a_preflop_range_run_left_to_the_planner_is_priced_as_sampled():
    # 6-card 100% against itself preflop: no early estimate of the exact work, and the
    # planner samples it (priced as exact it was 18 GB, above half of a 32 GB machine).
    sizes = spot_sizes(["100%", "100%"], "", "", as_game("omaha86"))
    assert sizes is not None and sizes.exact_work() is None
    hands = sizes.range_hands
    assert sizes.memory(by_hand=False, exhaustive=None, samples=10**5, work_limit=10**20) == estimate_memory(
        hands, by_hand=False, samples=10**5
    )
    assert sizes.memory(by_hand=False, exhaustive=True, samples=0, work_limit=10**20) == estimate_memory(
        hands, by_hand=False, exact=True
    )


# A process runs a small exact sweep of the same game first (it loads or compiles the
# kernels, whose compilation takes memory of its own, and builds the game's range
# tables), then the measured run: the growth of its peak resident memory is the run's.
_MEASURE = textwrap.dedent(
    """
    import json, sys
    import omaha8eq
    from omaha8eq.engine.budget import estimate_memory

    def peak():
        for line in open("/proc/self/status"):
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) * 1024

    game, board, ranges, by_hand = json.loads(sys.argv[1])
    options = dict(game=game, exhaustive=True, by_hand=by_hand, by_next_card=True, threads=2)
    omaha8eq.equity(["AA", "KK"], board, **options)
    before = peak()
    hands = [p.range_hands for p in omaha8eq.equity(ranges, board, **options).players]
    print(json.dumps([peak() - before, estimate_memory(hands, by_hand=by_hand, exact=True), hands]))
    """
)


@pytest.mark.slow
@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="reads the peak memory from /proc")
@pytest.mark.parametrize(
    ("game", "ranges", "by_hand"),
    [("omaha85", ["15%", "15%"], False), ("omaha8", ["60%", "60%"], True)],
    ids=["5 cards", "4 cards, by hand"],
)
def test_the_memory_estimate_bounds_what_an_exact_range_run_takes(game, ranges, by_hand):
    # Before EXACT_BYTES these grew by 96-123 MB and 263 MB against estimates of 119 MB and 226 MB.
    arguments = json.dumps([game, "Ac8c5h9d", ranges, by_hand])
    measured = subprocess.run(
        [sys.executable, "-c", _MEASURE, arguments], capture_output=True, text=True, check=True, timeout=600
    )
    grown, estimate, hands = json.loads(measured.stdout.splitlines()[-1])
    assert sum(hands) > 200_000  # large enough that the hands, not the fixed costs, weigh
    assert 0 < grown <= estimate


def test_random_hands_and_preflop_heads_up_are_left_to_the_planner():
    assert estimate_exact_work([1000, None], hole_size=4, board=3, dead=0) is None
    assert estimate_exact_work([1000, 1000], hole_size=4, board=0, dead=0) is None
    assert estimate_exact_work([1, 1], hole_size=4, board=3, dead=0) is None


def test_joint_combinations_above_the_limit_are_refused_with_the_estimate():
    assert live_hands(20_358_520, 6, 9) == 6_096_454  # C(43, 6): every hand clear of 9 known cards
    check_range_combinations([4_000_000], hole_size=6, known=0, limit=5_000_000, names="opponent 1")  # within
    with pytest.raises(omaha8eq.OmahaInputError, match=r"more than 5,000,000 joint combinations of hands \(about 6,"):
        check_range_combinations([20_358_520], hole_size=6, known=9, limit=5_000_000, names="opponent 1")


def test_counterfeit_refuses_a_range_of_every_hand_before_building_it():
    started = time.monotonic()
    with pytest.raises(omaha8eq.OmahaInputError) as refused:
        omaha8eq.counterfeit_odds("As2cKhKd3c4c", "7d8h9s", opponents=["100%"])
    assert time.monotonic() - started < 15  # 20 s and 2.6 GB when refused after the build
    assert str(refused.value) == (
        "opponent 1: the ranges make more than 5,000,000 joint combinations of hands (about 6,096,454, "
        "estimated from their sizes, 20,358,520 hands); give narrower ranges"
    )
