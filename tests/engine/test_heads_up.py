"""Heads-up exact equity by the range sweep is the combination path's result, field for
field: counts, outcomes, labels and every hand's results."""

from __future__ import annotations

import numpy as np
import pytest
from range_helpers import combination_path

from omaha8eq.cards import format_cards
from omaha8eq.engine import range_vs_range
from omaha8eq.engine.deal import prepare_deal
from omaha8eq.engine.heads_up import sweep_work
from omaha8eq.engine.method import SWEEP_LIMIT, Method, choose_method
from omaha8eq.engine.options import RunOptions
from omaha8eq.engine.range_vs_range import row_touches
from omaha8eq.engine.run import run_equity
from omaha8eq.engine.spot import parse_spot
from omaha8eq.errors import OmahaInputError
from omaha8eq.games import GameChoice
from omaha8eq.ranges.range import Range


def _random_side(rng: np.random.Generator, pool: list[int], size: int, kind: str) -> object:
    """A known hand (text) or a small weighted range drawn from ``pool`` (hands share cards)."""
    if kind == "hand":
        return format_cards(rng.choice(pool[-size - 3 :], size, replace=False).tolist())
    n = int(rng.integers(3, 13))
    hands = np.array([np.sort(rng.choice(pool, size, replace=False)) for _ in range(n)], dtype=np.int8)
    hands = np.unique(hands, axis=0)
    weights = rng.choice([1.0, 0.5, 0.25, 0.3, 0.75], len(hands))
    return Range(hands, weights)


def _random_spot(seed: int) -> tuple[list[object], list[int], list[int], bool]:
    rng = np.random.default_rng(seed)
    size = int(rng.choice([4, 4, 5, 6]))
    n_board = int(rng.choice([3, 4, 5]))
    deck = rng.permutation(52).tolist()
    board, dead = deck[:n_board], deck[n_board : n_board + int(rng.integers(0, 2))]
    # A small pool (with a board card or dead card, first) so that hands share cards and
    # some hold a known card.
    pool = [board[-1], *dead, *deck[n_board + len(dead) : n_board + 24]]
    kinds = [("range", "range"), ("hand", "range"), ("range", "hand")][seed % 3]
    sides = [_random_side(rng, pool, size, kind) for kind in kinds]
    return sides, board, dead, bool(rng.integers(0, 2))


def _both_paths(hands, board, dead, hilo, by_hand=True):
    results = []
    for sweep in (True, False):
        spot = parse_spot(hands, board, dead, GameChoice(None, hilo))
        results.append(
            run_equity(spot, RunOptions(exhaustive=True, by_hand=by_hand, threads=1))
            if sweep
            else combination_path(spot, RunOptions(exhaustive=True, by_hand=by_hand, threads=1))
        )
    return results


def _assert_same(swept, combined):
    assert swept.outcomes == combined.outcomes
    assert swept.nobody_low == combined.nobody_low
    assert (swept.board, swept.dead, swept.exhaustive, swept.hilo) == (
        combined.board,
        combined.dead,
        combined.exhaustive,
        combined.hilo,
    )
    for mine, theirs in zip(swept.players, combined.players, strict=True):
        assert mine.hand == theirs.hand
        assert mine.counts.tolist() == theirs.counts.tolist()
        assert mine.outcome_counts == theirs.outcome_counts
        assert mine == theirs  # every compared field: equity, the breakdown, shares
        assert mine.by_hand == theirs.by_hand
        if mine.by_hand is not None:  # and count for count, behind each hand's exact equity
            assert [h.counts.tolist() for h in mine.by_hand] == [h.counts.tolist() for h in theirs.by_hand]


@pytest.mark.parametrize("seed", range(40))
def test_random_small_spots_equal_the_combination_path(seed):
    hands, board, dead, hilo = _random_spot(seed)
    try:
        swept, combined = _both_paths(hands, board, dead, hilo)
    except OmahaInputError:
        with pytest.raises(OmahaInputError):
            combination_path(parse_spot(hands, board, dead), RunOptions(exhaustive=True))
        return
    _assert_same(swept, combined)


@pytest.mark.parametrize("by_hand", [True, False])  # without: the sweep counts the totals alone
@pytest.mark.parametrize("pairwise", [False, True])
def test_weighted_ranges_sharing_hands_by_sweep_and_by_pairs(monkeypatch, pairwise, by_hand):
    monkeypatch.setattr(range_vs_range, "PAIRWISE_SIDE", 10**9 if pairwise else -1)
    hands = ["AsAh2c*@50, KhKd2c*", "AsAh2c*, Ad3d4c*@30"]
    for board, dead, hilo in (("Qc8c5h9dTs", "", True), ("Qc8c5h9d", "Jc", False), ("Qc8c5h", "", True)):
        _assert_same(*_both_paths(hands, board, dead, hilo, by_hand=by_hand))


def test_a_range_reduced_to_one_hand_is_that_hand():
    # Every hand of the second range but one holds a board card: it is played as a known hand.
    hands = ["AsAh2c*@50, KhKd2c*", "Qc Jc Tc 9c, Kc Qd Jd 3h"]
    swept, combined = _both_paths(hands, "Jc8c5h", "", True)
    assert swept.players[1].hand == "Kc Qd Jd 3h"  # high card first
    _assert_same(swept, combined)
    # Both ranges reduced: the known hands' exact method.
    swept, combined = _both_paths(["As Ah 2c 3d, Qc Jc 9s 9d", "Qc Jc Tc 9c, Kc Qd Jd 3h"], "Jc8c5h", "", True)
    _assert_same(swept, combined)


def test_the_sweep_is_the_method_for_two_players_after_the_flop():
    def method(hands, board, **kwargs):
        deal = prepare_deal(parse_spot(hands, board, ""))
        return choose_method(deal, RunOptions(**kwargs)).method

    assert method(["15%", "15%"], "Ac8c5h9d", exhaustive=True) is Method.RANGE_SWEEP
    assert method(["AsAh2c3d", "15%"], "Ac8c5h9d", exhaustive=None) is Method.RANGE_SWEEP
    assert method(["15%", "15%"], "Ac8c5h9dKs", exhaustive=None) is Method.RANGE_SWEEP
    # Too much work for the default: sampled, as before.
    assert method(["15%", "15%"], "Ac8c5h", exhaustive=None) is Method.SAMPLE
    assert method(["15%", "15%"], "Ac8c5h", exhaustive=False) is Method.SAMPLE
    # Preflop, three players, random hands: today's methods.
    assert method(["AsAh2c3d", "KK"], "", exhaustive=True) is Method.RANGE_COMBINATIONS
    assert method(["AsAh2c3d", "KK", "QQ"], "Ac8c5h", exhaustive=True) is Method.RANGE_COMBINATIONS
    assert method(["AsAh2c3d", "random"], "Ac8c5h", exhaustive=True) is Method.ENUMERATE
    assert SWEEP_LIMIT > 0


def test_the_estimate_counts_a_range_against_itself_once():
    # The sweep runs a range against itself once (the mirror sweep): its estimate is half
    # the two-sided one; two different ranges are estimated two-sided.
    def work_and_sides(hands):
        deal = prepare_deal(parse_spot(hands, "Ac8c5h9d", ""))
        return sweep_work(deal), [len(seat.range_hands()) for seat in deal.seats]

    boards = 48  # the river cards of the 48 not on the board (the sweep removes each pair's own)
    work, (n, _) = work_and_sides(["KK", "KK"])
    assert work == row_touches(n, n, 4, mirror=True) * boards == row_touches(n, n, 4) * boards // 2
    work, (n_a, n_b) = work_and_sides(["AA", "KK"])
    assert work == row_touches(n_a, n_b, 4) * boards
    work, (n_a, n_b) = work_and_sides(["KK", "KK, AsAh2c3d"])
    assert work == row_touches(n_a, n_b, 4) * boards


def test_the_estimate_counts_the_runouts_the_sweep_runs():
    # One runout of each class of suit-equivalent ones (see runout_symmetry), never fewer.
    def work_and_size(hands, board):
        deal = prepare_deal(parse_spot(hands, board, ""))
        return sweep_work(deal), len(deal.seats[0].range_hands())

    for board, runouts in (("Ac8c5h", 721), ("Kc9c4c", 344), ("Ac8c5h9d", 48), ("Ac8c5hKh", 35)):
        work, n = work_and_size(["KK", "KK"], board)
        assert work == row_touches(n, n, 4, mirror=True) * runouts, board
    work, n = work_and_size(["KK", "KsKhQdJd"], "Ac8c5h")  # the known hand fixes every suit
    assert work == row_touches(n, 1, 4) * 1176


def test_by_hand_weighted_mean_is_the_range_total():
    hands = ["AsAh2c*@50, KhKd2c*, 7s7h8s9h, QsJsTd9d@20", "AsKh2c*, Ad3d4c*@30, 6c6d7h8h"]
    result = run_equity(parse_spot(hands, "Qc8c5h9d", ""), RunOptions(exhaustive=True, by_hand=True))
    for player in result.players:
        assert player.by_hand is not None
        assert sum(h.frequency for h in player.by_hand) == pytest.approx(1, abs=1e-12)
        assert sum(h.equity * h.frequency for h in player.by_hand) == pytest.approx(player.equity, abs=1e-12)
        assert sum(h.scoop * h.frequency for h in player.by_hand) == pytest.approx(player.scoop, abs=1e-12)
        assert sum(h.quarter * h.frequency for h in player.by_hand) == pytest.approx(player.quarter, abs=1e-12)
        assert sum(h.lo_win * h.frequency for h in player.by_hand) == pytest.approx(player.lo_win, abs=1e-12)


def _equity_and_scoop(result):
    return [p.equity for p in result.players], [p.scoop for p in result.players]


@pytest.mark.parametrize(
    ("hands", "board", "dead"),
    [
        (["AsAh2c*@50, KhKd2c*, 7s7h8s9h", "AsKh2c*, Ad3d4c*@30"], "Qc8c5h9d", "Jc"),
        (["AsAh2c3d", "KK:$ds, QQ:$ds@40"], "Qc8c5h", ""),
        (["AsAh2c3d", "KsKhQdJd"], "4c5d7s", ""),
        (["random", "AsAh2c3d"], "4c5d7s9h", "Kd"),
    ],
)
def test_next_card_table_is_the_board_plus_that_card(hands, board, dead):
    result = run_equity(parse_spot(hands, board, dead), RunOptions(exhaustive=True, by_next_card=True))
    table = result.by_next_card
    assert sum(c.frequency for c in table) == pytest.approx(1, abs=1e-12)
    weighted = [sum(c.frequency * c.equity[p] for c in table) for p in range(2)]
    assert weighted == pytest.approx([p.equity for p in result.players], abs=1e-12)
    assert [c.equity[0] for c in table] == sorted((c.equity[0] for c in table), reverse=True)
    for row in table[:: max(1, len(table) // 6)]:
        given = combination_path(parse_spot(hands, f"{board}{row.card}", dead))
        assert (list(row.equity), list(row.scoop)) == _equity_and_scoop(given)
    assert set(result.to_dict()["by_next_card"][0]) == {"card", "frequency", "equity", "scoop"}


def test_board_totals_sum_to_the_totals():
    from omaha8eq.engine.range_vs_range import sweep_ranges
    from omaha8eq.engine.spot import integer_weights
    from omaha8eq.ranges.range import parse_range

    a, b = parse_range("AsAh2c*@50, KhKd2c*"), parse_range("AsAh2c*, Ad3d4c*@30, 15%")
    for board in ([40, 25, 14], [40, 25, 14, 31], [40, 25, 14, 31, 3]):
        swept = sweep_ranges(a.hands, integer_weights(a.weights), b.hands, integer_weights(b.weights), board)
        assert swept.board_totals.sum(axis=0).tolist() == [swept.total_a.tolist(), swept.total_b.tolist()]
        # and each total is the weighted sum of its side's per-hand histograms
        for weights, hands, total in (
            (a.weights, swept.hands_a, swept.total_a),
            (b.weights, swept.hands_b, swept.total_b),
        ):
            per_hand = hands.reshape(len(hands), 15)
            assert (integer_weights(weights) @ per_hand).tolist() == total.reshape(15).tolist()
        assert swept.boards.shape == (swept.runouts, 5)


@pytest.mark.parametrize(
    ("hands", "board", "options"),
    [
        (["AsAh2c3d", "15%"], "Qc8c5h9d2s", {}),  # a river: no next card
        (["AsAh2c3d", "15%"], "", {}),  # preflop
        (["AsAh2c3d", "KK", "QQ"], "Qc8c5h", {}),
        (["AsAh2c3dKdQd", "random"], "Qc8c5h", {}),  # 14 million random six-card hands
        (["AsAh2c3d", "15%"], "Qc8c5h", {"exhaustive": False}),
        (["AsAh2c3d", "15%"], "Qc8c5h", {"samples": 1000}),
    ],
)
def test_next_card_table_needs_two_players_on_a_flop_or_turn_counted_exactly(hands, board, options):
    with pytest.raises(OmahaInputError, match="by_next_card: needs two players"):
        run_equity(parse_spot(hands, board, ""), RunOptions(by_next_card=True, **options))


@pytest.mark.parametrize(("board", "random_first"), [("Qc8c5h9d2s", False), ("Qc8c5h9d", True)])
def test_random_against_a_range_is_every_hand_of_the_unseen_cards(board, random_first):
    """Each range hand against a random hand, enumerated exactly, weighted: the sweep's totals."""
    villain = ["AsAh2c3d", "KsKhQdJd", "7s7h6d5d"]
    weights = [2, 1, 3]
    hands = ["random", "AsAh2c3d@50, KsKhQdJd@25, 7s7h6d5d@75"]
    hands = hands if random_first else hands[::-1]
    spot = parse_spot(hands, board, "")
    assert choose_method(prepare_deal(spot), RunOptions(exhaustive=True)).method is (Method.RANGE_SWEEP)
    result = run_equity(spot, RunOptions(exhaustive=True, by_hand=True))
    expected = np.zeros((2, 3, 5), dtype=np.int64)
    outcomes = 0
    for hand, weight in zip(villain, weights, strict=True):
        one = run_equity(
            parse_spot(["random", hand] if random_first else [hand, "random"], board, ""), RunOptions(exhaustive=True)
        )
        expected += weight * np.array([p.counts for p in one.players])
        outcomes += one.outcomes
    assert [p.counts.tolist() for p in result.players] == expected.tolist()
    assert result.outcomes == outcomes
    assert result.players[0 if random_first else 1].hand == "random"
    assert result.players[0 if random_first else 1].by_hand is None
