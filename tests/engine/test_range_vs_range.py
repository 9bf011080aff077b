"""The range-vs-range sweep equals the combination-by-combination path count for count,
per range and per hand, and the plain-Python brute force on tiny ranges."""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations

import naive
import numba
import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from range_helpers import combination_path

from omaha8eq.cards import format_cards, parse_cards
from omaha8eq.engine import range_vs_range
from omaha8eq.engine.options import RunOptions
from omaha8eq.engine.range_vs_range import sweep_ranges
from omaha8eq.engine.spot import integer_weights as _integer_weights
from omaha8eq.engine.spot import parse_spot
from omaha8eq.errors import OmahaInputError
from omaha8eq.games import GameChoice, game_for
from omaha8eq.outcomes import share_matrix
from omaha8eq.ranges.range import Range, parse_range


@pytest.fixture(params=["sweep", "pairwise"])
def method(request, monkeypatch):
    """Count by the sweep, then by comparing every pair (whatever the range sizes)."""
    monkeypatch.setattr(range_vs_range, "PAIRWISE_SIDE", -1 if request.param == "sweep" else 10**9)
    return request.param


def _combination_path(hands, board, dead="", *, exhaustive, hilo=True, by_hand=False):
    """``omaha8eq.equity(hands, ...)`` counted combination by combination, the reference."""
    assert exhaustive
    spot = parse_spot(hands, board, dead, GameChoice(None, hilo))
    return combination_path(spot, RunOptions(exhaustive=True, by_hand=by_hand))


def _sweep(a: Range, b: Range, board: str, dead: str = "", hilo: bool = True):
    args = (a.hands, _integer_weights(a.weights), b.hands, _integer_weights(b.weights), parse_cards(board))
    return _swept_both_ways(*args, parse_cards(dead), game=game_for(a.hands.shape[1], hilo))


def _swept_both_ways(*args, **kwargs):
    """``sweep_ranges(*args, **kwargs)``, after checking that the totals alone
    (``per_hand=False``: one query a hand) are its totals and board totals, count for count."""
    swept = sweep_ranges(*args, **kwargs)
    alone = sweep_ranges(*args, **kwargs, per_hand=False)
    assert alone.total_a.tolist() == swept.total_a.tolist()
    assert alone.total_b.tolist() == swept.total_b.tolist()
    assert np.array_equal(alone.board_totals, swept.board_totals)
    assert alone.runouts == swept.runouts and np.array_equal(alone.boards, swept.boards)
    return swept


def _assert_totals(a: Range, b: Range, board: str, dead: str = "", hilo: bool = True):
    """The sweep's totals are the combination path's counts; returns the sweep."""
    swept = _sweep(a, b, board, dead, hilo)
    combined = _combination_path([a, b], board=board, dead=dead, exhaustive=True, hilo=hilo)
    assert swept.total_a.tolist() == combined.players[0].counts.tolist()
    assert swept.total_b.tolist() == combined.players[1].counts.tolist()
    return swept


# Ranges with hands sharing cards, the same hands on both sides and weights.
SPOTS = [
    ("AsAh2c*@50, KhKd2c*", "AsAh2c*, Ad3d4c*@30", "Qc8c5h9dTs", "", True, 4),
    ("AsAh2c*@50, KhKd2c*", "AsAh2c*, Ad3d4c*@30", "Qc8c5h9d2s", "", False, 4),
    ("AsAh2c*@50, KhKd2c*", "AsAh2c*, Ad3d4c*@30", "Qc8c5h9d", "Jc", True, 4),
    ("AsAh2c3c, AsAh2c4c@25, 7s7h8s9h", "AsKh2c*", "Qc8c5h", "", True, 4),
    ("AsAhKd2c*", "AsAhKd2c*@20, Ad2s3s4c*", "Qc8c5h9d", "", True, 5),
    ("AsAhKsKd2c*", "AsAhKsKd2c*@40, AdQd2d3h4h*", "Ac8c5h9d3s", "", True, 6),
    ("AsAhKsKd2c*", "AsAhKsKd2c*@40, AdQd2d3h4h*", "Jc8c5h9d", "", False, 6),
]


@pytest.mark.parametrize(("a", "b", "board", "dead", "hilo", "size"), SPOTS)
def test_totals_equal_the_combination_path(method, a, b, board, dead, hilo, size):
    _assert_totals(parse_range(a, hole_size=size), parse_range(b, hole_size=size), board, dead, hilo)


def test_each_hand_equals_the_known_hand_against_the_range(method):
    a = parse_range("AsAh2c3c, AsAh2c4c@25, 7s7h8s9h, Ks3s4h6h@40")
    b = parse_range("AsKh2c*@50, 7d7c8*")
    board = "Qc8c5h9d"
    swept = _sweep(a, b, board)
    weights_a = _integer_weights(a.weights)
    for i, hand in enumerate(a.hands.tolist()):
        known = _combination_path([hand, b], board=board, exhaustive=True)
        assert swept.hands_a[i].tolist() == known.players[0].counts.tolist()
        assert swept.dealt_a[i] == weights_a[i] * swept.hands_a[i].sum()
    known_cards = set(parse_cards(board))
    checked = 0
    for j, hand in enumerate(b.hands.tolist()[:16]):
        if set(hand) & known_cards:
            assert not swept.hands_b[j].any()
            continue
        if sum(not set(h) & (set(hand) | known_cards) for h in a.hands.tolist()) < 2:
            continue  # a range left with one hand is played as that hand, unweighted
        known = _combination_path([a, hand], board=board, exhaustive=True)
        assert swept.hands_b[j].tolist() == known.players[1].counts.tolist()
        checked += 1
    assert checked >= 8
    # A range of one hand is that hand.
    one = _sweep(Range(a.hands[:1], a.weights[:1]), b, board)
    assert one.total_a.tolist() == swept.hands_a[0].tolist()


def test_dealt_weights_and_hand_equities_match_by_hand():
    a = parse_range("AsAh2c*@50, KhKd2c*")
    b = parse_range("AsAh2c*, Ad3d4c*@30")
    board = "Qc8c5h9d"
    swept = _sweep(a, b, board)
    combined = _combination_path([a, b], board=board, exhaustive=True, by_hand=True)
    by_hand = {h.hand: h for h in combined.players[0].by_hand}
    shares = share_matrix(2)
    for i, hand in enumerate(a.hands.tolist()):
        if not swept.dealt_a[i]:  # holds a board card, or meets no hand of the other range
            assert format_cards(hand[::-1]) not in by_hand or by_hand[format_cards(hand[::-1])].frequency == 0
            continue
        expected = by_hand[format_cards(hand[::-1])]  # high card first
        assert swept.dealt_a[i] / swept.dealt_a.sum() == pytest.approx(expected.frequency, rel=1e-12)
        won = (swept.hands_a[i] * shares).sum() / swept.hands_a[i].sum()
        assert won == pytest.approx(expected.equity, rel=1e-12)


def test_heavy_weights_are_counted_exactly(method):
    """Row cells switch to int64 when a side's weights could overflow int32."""
    a = parse_range("AsAh2c*@50, KhKd2c*")
    b = parse_range("AsAh2c*, Ad3d4c*@30")
    board = parse_cards("Qc8c5h9d")
    weights_a, weights_b = _integer_weights(a.weights), _integer_weights(b.weights)
    light = sweep_ranges(a.hands, weights_a, b.hands, weights_b, board, ())
    heavy = sweep_ranges(a.hands, weights_a, b.hands, weights_b << 30, board, ())
    assert heavy.hands_a.tolist() == (light.hands_a << 30).tolist()
    assert heavy.total_b.tolist() == (light.total_b << 30).tolist()


def test_weights_past_int64_are_weighed_in_python_ints():
    per_hand = np.zeros((2, 3, 5), dtype=np.int64)
    per_hand[0, 1, 2], per_hand[1, 0, 4] = 3, 5
    dealt = per_hand.sum(axis=(1, 2))
    weights = np.array([2**62, 7], dtype=np.int64)  # 3 * 2**62 is past int64
    weighted_dealt, total = range_vs_range.weigh_side(weights, per_hand, dealt)
    assert weighted_dealt.tolist() == [3 * 2**62, 35]
    assert total[1, 2] == 3 * 2**62 and total[0, 4] == 35 and total.sum() == 3 * 2**62 + 35


def test_hands_holding_a_known_card_are_not_live():
    a = parse_range("AsAh2c*")
    b = parse_range("KsKh2d*")
    swept = _sweep(a, b, "Qc8c5h9d", dead="Jc")
    dead = [i for i, hand in enumerate(a.hands.tolist()) if set(hand) & set(parse_cards("Qc8c5h9dJc"))]
    assert dead and not swept.hands_a[dead].any() and not swept.dealt_a[dead].any()
    assert swept.runouts == 52 - 5
    assert swept.dealt_a.sum() == swept.total_a.sum() == swept.total_b.sum() == swept.dealt_b.sum()


def _naive_histogram(hand, others, weights, board, hilo):
    """Hand ``hand``'s (3, 5) outcome counts against ``others`` by looping pairs and runouts."""
    hist = np.zeros((3, 5), dtype=np.int64)
    deck = [c for c in range(52) if c not in set(board) | set(hand)]
    for extra in combinations(deck, 5 - len(board)):
        full = tuple(board) + extra
        mine = naive.best_high(hand, full)[0], naive.best_low(hand, full) if hilo else None
        for other, w in zip(others, weights, strict=True):
            if set(other) & (set(hand) | set(full)):
                continue
            theirs = naive.best_high(other, full)[0], naive.best_low(other, full) if hilo else None
            high_state = 1 if mine[0] > theirs[0] else 2 if mine[0] == theirs[0] else 0
            if mine[1] is None and theirs[1] is None:
                low_state = 4
            elif mine[1] is None:
                low_state = 3
            elif theirs[1] is None or mine[1] < theirs[1]:
                low_state = 1
            else:
                low_state = 2 if mine[1] == theirs[1] else 0
            hist[high_state, low_state] += w
    return hist


@pytest.mark.parametrize("hilo", [True, False])
def test_tiny_ranges_equal_the_brute_force(method, hilo):
    board = parse_cards("Qc8c5h9d")
    hands_a = [parse_cards(h) for h in ("As Ah 2c 3c", "Ks Kh 2c 4d", "7s 6h 8s 9h")]
    hands_b = [parse_cards(h) for h in ("As Kh 2c 3d", "7d 7c 6d 4s", "As Ah 2c 3c", "Jh Th 3s 2s")]
    weights_a, weights_b = [3, 1, 2], [1, 5, 2, 1]
    sides = np.array(hands_a), np.array(weights_a), np.array(hands_b), np.array(weights_b)
    swept = sweep_ranges(*sides, board, (), game=game_for(4, hilo))
    for i, hand in enumerate(hands_a):
        assert swept.hands_a[i].tolist() == _naive_histogram(hand, hands_b, weights_b, board, hilo).tolist()
    for j, hand in enumerate(hands_b):
        assert swept.hands_b[j].tolist() == _naive_histogram(hand, hands_a, weights_a, board, hilo).tolist()


def test_a_hand_twice_on_a_side_in_any_order_equals_the_brute_force(method):
    # Rows in no order and a hand listed twice: the identical-hand weights are sums.
    board = parse_cards("Qc8c5h9d")
    hands_a = [parse_cards(h) for h in ("7s 6h 8s 9h", "As Ah 2c 3c", "Ks Kh 2c 4d", "As Ah 2c 3c")]
    hands_b = [parse_cards(h) for h in ("As Ah 2c 3c", "7d 7c 6d 4s", "As Ah 3c 2c", "Jh Th 3s 2s", "Ks Kh 2c 4d")]
    weights_a, weights_b = [2, 3, 1, 4], [1, 5, 2, 1, 7]
    swept = sweep_ranges(np.array(hands_a), np.array(weights_a), np.array(hands_b), np.array(weights_b), board, ())
    for i, hand in enumerate(hands_a):
        assert swept.hands_a[i].tolist() == _naive_histogram(hand, hands_b, weights_b, board, True).tolist()
    for j, hand in enumerate(hands_b):
        assert swept.hands_b[j].tolist() == _naive_histogram(hand, hands_a, weights_a, board, True).tolist()


@pytest.mark.parametrize("twice", [False, True])
def test_a_range_against_itself_equals_the_brute_force(method, twice):
    # Swept once, each hand against its own side (the mirror sweep), unless compared pair by pair.
    board = parse_cards("Qc8c5h9d")
    texts = ["As Ah 2c 3c", "Ks Kh 2c 4d", "7s 6h 8s 9h", "As Kh 2c 3d", "Jh Th 3s 2s", "7d 7c 6d 4s"]
    hands = [parse_cards(h) for h in texts + (["Kh Ks 4d 2c"] if twice else [])]
    weights = [3, 1, 2, 5, 1, 4] + ([2] if twice else [])
    swept = sweep_ranges(np.array(hands), np.array(weights), np.array(hands), np.array(weights), board, ())
    for side in (swept.hands_a, swept.hands_b):
        for i, hand in enumerate(hands):
            assert side[i].tolist() == _naive_histogram(hand, hands, weights, board, True).tolist()


@pytest.mark.parametrize(("expr", "size", "board", "dead"), [("4%", 4, "Qc8c5h9d", "Jc"), ("1%", 5, "Ac8c5h", "")])
def test_the_mirror_sweep_equals_the_two_sided_sweep(expr, size, board, dead):
    r = parse_range(expr, hole_size=size)
    weights = np.random.default_rng(3).integers(1, 4, r.count)
    perm = np.random.default_rng(4).permutation(r.count)  # the same range, rows reordered: swept two-sided
    args = (parse_cards(board), parse_cards(dead))
    mirror = _swept_both_ways(r.hands, weights, r.hands, weights, *args)
    two_sided = _swept_both_ways(r.hands, weights, r.hands[perm], weights[perm], *args)
    back = np.argsort(perm)
    assert np.array_equal(mirror.hands_a, two_sided.hands_a) and np.array_equal(mirror.hands_b, two_sided.hands_b[back])
    assert np.array_equal(mirror.dealt_b, two_sided.dealt_b[back]) and np.array_equal(mirror.dealt_a, two_sided.dealt_a)
    assert mirror.total_a.tolist() == mirror.total_b.tolist() == two_sided.total_a.tolist()
    assert np.array_equal(mirror.board_totals, two_sided.board_totals)


@pytest.mark.parametrize("order", ["standard", "increasing", "same range", "shuffled with repeats"])
def test_twin_weights_are_the_other_sides_weight_of_the_same_cards(order):
    rng = np.random.default_rng(7)
    masks = np.unique(rng.integers(1, 1 << 52, 60, dtype=np.int64))[::-1]  # decreasing, as a Range's
    other, weights = masks[rng.permutation(60)[:40]], rng.integers(1, 9, 40, dtype=np.int64)
    if order == "increasing":
        keep = np.argsort(other)
        other, weights = other[keep], weights[keep]
    elif order == "standard":
        keep = np.argsort(-other)
        other, weights = other[keep], weights[keep]
    elif order == "same range":
        masks, other = masks[:40], masks[:40].copy()
    else:
        pick = rng.integers(0, 40, 70)
        other, weights = other[pick], rng.integers(1, 9, 70, dtype=np.int64)
    twins = range_vs_range._twin_weights(masks, other, weights)
    expected = [int(weights[other == m].sum()) for m in masks]
    assert twins.tolist() == expected
    assert twins.dtype == np.int64
    assert all(expected) if order == "same range" else any(expected) and not all(expected)  # with and without twins


def _exact_equity(counts: np.ndarray) -> Fraction:
    shares = share_matrix(2)
    won = sum(Fraction(shares[h, low]) * int(counts[h, low]) for h in range(3) for low in range(5))
    return won / int(counts.sum())


def test_a_range_against_itself_has_half_the_pot(method):
    r = parse_range("AA2*:$ds, KK:$ds@50")
    swept = _sweep(r, r, "Qc8c5h9d")
    assert swept.total_a.tolist() == swept.total_b.tolist()
    assert _exact_equity(swept.total_a) == Fraction(1, 2)


def test_the_thread_count_does_not_change_a_count(method):
    r = parse_range("AA2*:$ds")
    b = parse_range("KK:$ds@50, 5%")
    previous = numba.get_num_threads()
    try:
        numba.set_num_threads(1)
        one = _sweep(r, b, "Qc8c5h")
        numba.set_num_threads(numba.config.NUMBA_NUM_THREADS)
        every = _sweep(r, b, "Qc8c5h")
    finally:
        numba.set_num_threads(previous)
    assert np.array_equal(one.hands_a, every.hands_a) and np.array_equal(one.hands_b, every.hands_b)
    assert np.array_equal(one.dealt_a, every.dealt_a)


def test_progress_is_reported_and_can_stop_the_run():
    r = parse_range("5%")
    seen: list[tuple[int, int | None]] = []
    _ = sweep_ranges(r.hands, np.ones(len(r), dtype=np.int64), r.hands, np.ones(len(r), dtype=np.int64),
                     parse_cards("Qc8c5h"), (), progress=lambda done, total: seen.append((done, total)))  # fmt: skip
    assert seen[-1] == (1176, 1176) and len(seen) > 1
    assert [done for done, _ in seen] == sorted(done for done, _ in seen)

    def stop(done: int, total: int | None) -> None:
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        sweep_ranges(r.hands, np.ones(len(r), dtype=np.int64), r.hands, np.ones(len(r), dtype=np.int64),
                     parse_cards("Qc8c5h"), (), progress=stop)  # fmt: skip


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"board": (1, 2)}, "board: expected 3, 4 or 5 cards"),
        ({"board": (1, 2, 3), "dead": (3,)}, "distinct"),
        ({"weights_a": np.array([0])}, "positive integer weight"),
        ({"hands_a": np.array([[1, 1, 2, 3]])}, "same card twice"),
        ({"hands_a": np.array([[1, 2, 3, 4, 5]])}, "same number of hole cards"),
        ({"hands_a": np.array([[1, 2, 3, 60]])}, "0..51"),
    ],
)
def test_bad_inputs_are_refused(change, message):
    spot = {
        "hands_a": np.array([[40, 41, 42, 43]]), "weights_a": np.array([1]),
        "hands_b": np.array([[30, 31, 32, 33]]), "weights_b": np.array([1]),
        "board": (0, 4, 8), "dead": (),
    }  # fmt: skip
    spot.update(change)
    with pytest.raises(OmahaInputError, match=message):
        sweep_ranges(**spot)


_DECK = list(range(52))


@st.composite
def _spots(draw):
    """Two ranges of 2 to 5 distinct hands from 14 cards (so they often share cards and
    hands), weights 0.1 to 0.9, a turn or a river, hi-lo or high."""
    size = draw(st.sampled_from([4, 4, 5, 6]))
    cards = draw(st.permutations(list(range(52))))
    n_board = draw(st.sampled_from([4, 5]))
    board, pool = cards[:n_board], sorted(cards[n_board : n_board + 14])
    hand = st.lists(st.sampled_from(pool), min_size=size, max_size=size, unique=True).map(lambda h: tuple(sorted(h)))
    sides = []
    for _ in range(2):
        hands = draw(st.lists(hand, min_size=2, max_size=5, unique=True))
        weights = draw(st.lists(st.integers(1, 9), min_size=len(hands), max_size=len(hands)))
        sides.append(Range(np.array(hands, dtype=np.int8), np.array(weights) / 10))
    return sides[0], sides[1], board, draw(st.booleans())


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_spots())
def test_random_small_ranges_equal_the_combination_path(spot):
    # Small ranges: the default picks pairwise counting, so force the sweep.
    previous, range_vs_range.PAIRWISE_SIDE = range_vs_range.PAIRWISE_SIDE, -1
    try:
        _check_random_spot(spot)
    finally:
        range_vs_range.PAIRWISE_SIDE = previous


def _check_random_spot(spot):
    a, b, board, hilo = spot
    swept = _swept_both_ways(a.hands, _integer_weights(a.weights), b.hands, _integer_weights(b.weights), board, (),
                             game=game_for(a.hands.shape[1], hilo))  # fmt: skip
    try:
        combined = _combination_path([a, b], board=board, exhaustive=True, hilo=hilo)
    except OmahaInputError:  # every pair of hands shares a card
        assert swept.total_a.sum() == swept.total_b.sum() == 0
        return
    assert swept.total_a.tolist() == combined.players[0].counts.tolist()
    assert swept.total_b.tolist() == combined.players[1].counts.tolist()


@pytest.mark.parametrize(
    ("a", "b", "board", "dead", "hilo", "size"),
    [
        ("5%", "5%", "Ac8c5h", "", True, 4),  # a range against itself: the mirror sweep
        ("5%", "AA**, KK**, A2**@40", "Kd7d2s", "3c", True, 4),
        ("8%", "8%", "Ts9s8s2h", "", False, 4),
        ("1%", "AA***, KK***@70", "Qc8c5h", "", True, 5),
        ("AsAhKsKd2c*", "AsAhKsKd2c*@40, AdQd2d3h4h*", "Jc8c5h9d", "", True, 6),
        ("10%", "AA**@30, 22**", "7c6d2h4h3s", "", True, 4),
    ],
)
def test_the_totals_alone_equal_the_per_hand_sweep(a, b, board, dead, hilo, size):
    # _swept_both_ways compares them; here wider ranges than the combination path can take.
    ranges = parse_range(a, hole_size=size), parse_range(b, hole_size=size)
    args = [x for r in ranges for x in (r.hands, _integer_weights(r.weights))]
    swept = _swept_both_ways(*args, parse_cards(board), parse_cards(dead), game=game_for(size, hilo))
    assert swept.total_a.sum() > 0
    alone = sweep_ranges(*args, parse_cards(board), parse_cards(dead), game=game_for(size, hilo), per_hand=False)
    assert alone.hands_a.shape == alone.hands_b.shape == (0, 3, 5) and alone.dealt_a.shape == (0,)


def test_the_totals_alone_count_the_hands_when_compared_pair_by_pair_or_too_heavy():
    r = parse_range("5%")
    board = parse_cards("Kd7d2s")
    known = sweep_ranges(r.hands[:1], np.ones(1, dtype=np.int64), r.hands, np.ones(r.count), board, per_hand=False)
    assert known.hands_b.shape == (r.count, 3, 5)  # a side of one hand: every pair compared
    heavy = np.full(r.count, 2**40, dtype=np.int64)  # totals past int64: weighed per hand, in Python ints
    swept = sweep_ranges(r.hands, heavy, r.hands, heavy, board, per_hand=False)
    assert swept.hands_a.shape == (r.count, 3, 5)
    light = sweep_ranges(r.hands, np.ones(r.count, dtype=np.int64), r.hands, np.ones(r.count), board)
    assert swept.total_a.tolist() == (light.total_a.astype(object) * 2**80).tolist()


@pytest.mark.parametrize("seed", range(6))
def test_boards_swept_together_equal_the_boards_one_by_one(method, seed):
    """Runouts that evaluate alike and differ in one card are swept together: without
    per-board totals with packed row sums, with them (the totals alone) split board by
    board from the set's one sweep. Every count equals that of the sweep counting every
    hand, which sweeps each board apart."""
    rng = np.random.default_rng(seed)
    board = [int(c) for c in rng.choice(52, 3 + seed % 2, replace=False)]
    deck = np.setdiff1d(np.arange(52), board)
    hands = np.array([np.sort(rng.choice(deck, 4, replace=False)) for _ in range(60)], dtype=np.int8)
    heavy = 2 ** int(rng.integers(0, 26))  # some weights too heavy to pack every set
    weights = rng.integers(1, 4, len(hands)) * np.where(rng.random(len(hands)) < 0.1, heavy, 1)
    sides = (hands, weights, hands, weights) if seed % 3 == 0 else (hands[:40], weights[:40], hands[25:], weights[25:])
    runouts, starts = range_vs_range._runouts(tuple(board), sum(1 << c for c in board))
    _, joins = range_vs_range._sweep_sets(runouts, np.ones(len(runouts)), starts, np.ones(52, dtype=np.int64), 10**9)
    assert joins.any()  # the spot has boards to sweep together
    one_by_one = sweep_ranges(*sides, board)
    for per_hand in (True, False):
        together = sweep_ranges(*sides, board, per_hand=per_hand, per_board=False)
        assert together.board_totals.shape == (0, 2, 3, 5)
        fields = ("hands_a", "hands_b", "dealt_a", "dealt_b") if per_hand else ()
        for field in (*fields, "total_a", "total_b"):
            assert np.array_equal(getattr(together, field), getattr(one_by_one, field)), field
    split = sweep_ranges(*sides, board, per_hand=False)
    assert np.array_equal(split.board_totals, one_by_one.board_totals)
    assert split.total_a.tolist() == one_by_one.total_a.tolist()
    assert split.total_b.tolist() == one_by_one.total_b.tolist()


@pytest.mark.parametrize("mirror", [True, False])
def test_each_boards_totals_split_from_its_sweep_set(monkeypatch, mirror):
    """With per-board totals and the totals alone, a turn's rivers that evaluate alike are
    swept in sets, and each river's totals (the next-card table's) split from its set's
    sweep equal those of the sweep counting every hand, board by board."""
    r = parse_range("AA, KK, A2, A3", hole_size=4)
    other = r if mirror else parse_range("QQ, JJ, A4", hole_size=4)
    sides = (r.hands, _integer_weights(r.weights), other.hands, _integer_weights(other.weights))
    board = parse_cards("Ac 8c 5h 9d")
    made = []
    sweep_sets = range_vs_range._sweep_sets

    def spy(*args):
        order, joins = sweep_sets(*args)
        made.append(joins)
        return order, joins

    monkeypatch.setattr(range_vs_range, "_sweep_sets", spy)
    split = sweep_ranges(*sides, board, per_hand=False)
    assert len(made) == 1 and made[0].any()  # swept in sets (on this turn, 24 sweeps for 44 rivers)
    board_by_board = sweep_ranges(*sides, board)
    assert len(made) == 1  # counting every hand, each board is swept apart
    assert np.array_equal(split.board_totals, board_by_board.board_totals)
    assert split.total_a.tolist() == board_by_board.total_a.tolist()
    assert split.total_b.tolist() == board_by_board.total_b.tolist()
