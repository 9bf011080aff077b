"""The equity engine against the naive reference, golden counts and the rules' examples."""

from __future__ import annotations

import contextlib
import itertools
from fractions import Fraction

import naive
import numpy as np
import pytest

from omaha8eq import equity, equity_many, parse_range
from omaha8eq.cards import parse_cards
from omaha8eq.engine.deal import prepare_deal
from omaha8eq.engine.spot import parse_spot
from omaha8eq.errors import (
    DuplicateCardError,
    HandSizeError,
    InvalidCardError,
    OmahaInputError,
    OmahaTypeError,
    WorkLimitError,
)
from omaha8eq.games import game_for

COUNTED = ("hi_win", "hi_tie", "hi_lose", "lo_win", "lo_tie", "lo_lose", "no_low", "scoop")


def _counts_of(player):
    """The player's statistics as integer counts of outcomes."""
    return {name: getattr(player.outcome_counts, name) for name in COUNTED}


def _assert_matches_naive(hands, board="", dead="", hilo=True):
    result = equity(hands, board, dead, game=game_for(len(parse_cards(hands[0])), hilo), exhaustive=True)
    reference = naive.equity([parse_cards(h) for h in hands], parse_cards(board), parse_cards(dead), hilo=hilo)
    assert result.exhaustive
    assert result.outcomes == reference["outcomes"]
    for fast, slow in zip(result.players, reference["players"], strict=True):
        assert fast.outcome_counts.nobody_low == reference["no_low"]
        assert fast.outcome_counts.deals == result.outcomes
        assert fast.exact_equity() == slow["equity"]
        assert _counts_of(fast) == {k: slow[k] for k in COUNTED}
        expected_shares = {s: n for s, n in slow["shares"].items() if n}
        assert fast.outcome_counts.shares == expected_shares
        # the fractions are these counts over the outcomes
        assert all(getattr(fast, name) == getattr(fast.outcome_counts, name) / result.outcomes for name in COUNTED)
    assert sum(p.exact_equity() for p in result.players) == 1
    return result


def _random_spot(rng, n_players, n_hole, n_board, n_dead=0, low_bias=False):
    deck = np.arange(52)
    if low_bias:  # mostly A-8 so lows, ties and counterfeits are common
        weights = np.where((deck >> 2 <= 6) | (deck >> 2 == 12), 4.0, 1.0)
        cards = rng.choice(deck, n_players * n_hole + n_board + n_dead, replace=False, p=weights / weights.sum())
    else:
        cards = rng.permutation(deck)[: n_players * n_hole + n_board + n_dead]
    cards = [int(c) for c in cards]
    hands = [cards[i * n_hole : (i + 1) * n_hole] for i in range(n_players)]
    rest = cards[n_players * n_hole :]
    return hands, rest[:n_board], rest[n_board:]


def test_rules_example_1_river_three_way():
    result = equity(["Ah Ac 2h 3c", "As 2s 6d 7d", "6s 7s 8d 9d"], board="4c 5d Ks Qs 8c")
    assert [p.exact_equity() for p in result.players] == [Fraction(1, 4), Fraction(1, 2), Fraction(1, 4)]
    a, b, c = result.players
    assert (a.hi_lose, a.lo_tie, b.hi_tie, b.lo_tie, c.hi_tie, c.lo_lose) == (1, 1, 1, 1, 1, 1)
    assert a.quarter == 1 and c.quarter == 1 and b.shares == {Fraction(1, 2): 1.0}


def test_rules_example_2_scoop():
    result = equity(["As Ah 3d 6s", "Kh Qd Jc Th"], board="Ad 8c 5h Ks 2c")
    alice, bob = result.players
    assert alice.scoop == 1 and alice.equity == 1 and bob.no_low == 1


def test_rules_example_4_three_quarters():
    result = equity(["Ad Kd 3s 2s", "Ac 2h 9c 9h"], board="Jd 4d 3c Qd 5h")
    hero, villain = result.players
    assert hero.exact_equity() == Fraction(3, 4) and villain.quarter == 1


def test_no_low_board_gives_high_the_whole_pot():
    # A widely used library splits a missing low half among all players (0.75/0.25).
    result = equity(["As Ah 2c 3d", "Ks Kh Qd Jd"], board="Kc 9d 9h Ts 2h")
    kings, aces = result.players[1], result.players[0]
    assert result.nobody_low == 1.0
    assert kings.equity == 1.0 and kings.scoop == 1.0 and aces.equity == 0.0


def test_quartered_player():
    result = equity(["As 2s Kd Kc", "Ah 2h Qd Qc"], board="3c 4d 8s Kh 9c")
    assert result.players[0].exact_equity() == Fraction(3, 4)
    assert result.players[1].quarter == 1.0 and result.players[1].lo_tie == 1.0


def test_three_way_tie_splits_in_thirds():
    result = equity(["As Kc 9d 9h", "Ah Kd 8c 8d", "Ad Ks 7c 7h"], board="Ts Jh Qd 2c 3c")
    assert result.nobody_low == 1.0
    for player in result.players:
        assert player.exact_equity() == Fraction(1, 3) and player.hi_tie == 1.0


@pytest.mark.parametrize("n_board", [3, 4])
@pytest.mark.parametrize("seed", range(3))
def test_matches_naive_heads_up(seed, n_board):
    rng = np.random.default_rng(100 + seed * 7 + n_board)
    hands, board, dead = _random_spot(rng, 2, 4, n_board, n_dead=seed, low_bias=seed % 2 == 0)
    _assert_matches_naive(hands, board, dead)


@pytest.mark.parametrize("n_hole", [4, 5, 6])
def test_matches_naive_multiway_and_big_hands(n_hole):
    rng = np.random.default_rng(n_hole)
    hands, board, dead = _random_spot(rng, 3, n_hole, 4, n_dead=2, low_bias=True)
    _assert_matches_naive(hands, board, dead)
    hands, board, _ = _random_spot(rng, 4, n_hole, 3, low_bias=True)
    _assert_matches_naive(hands[:2], board)


def test_matches_naive_high_only():
    rng = np.random.default_rng(5)
    hands, board, _ = _random_spot(rng, 3, 4, 4, low_bias=True)
    result = _assert_matches_naive(hands, board, hilo=False)
    assert result.nobody_low == 1.0 and not result.hilo


def test_stderr_target_is_met():
    result = equity(["As Ah 2c 3d", "Ks Kh Qd Jd"], stderr_target=0.002, seed=5)
    assert not result.exhaustive
    assert all(p.equity_stderr <= 0.002 for p in result.players)


def test_heads_up_preflop_is_exhaustive_by_default():
    result = equity(["As Ah 2c 3d", "Ks Kh Qd Jd"])
    assert result.exhaustive and result.outcomes == 1_086_008
    assert sum(p.exact_equity() for p in result.players) == 1
    sampled = equity(["As Ah 2c 3d", "Ks Kh Qd Jd"], samples=400_000, seed=8)
    for e, s in zip(result.players, sampled.players, strict=True):
        assert abs(e.equity - s.equity) < 4 * s.equity_stderr


def test_large_spots_fall_back_to_monte_carlo():
    result = equity(["As Ah 2c 3d", "random", "random"], samples=50_000, seed=1)
    assert not result.exhaustive and result.seed == 1
    assert abs(sum(p.equity for p in result.players) - 1) < 1e-12


def test_progress_is_reported():
    calls = []
    equity(["As Ah 2c 3d", "Ks Kh Qd Jd"], progress=lambda done, total: calls.append((done, total)))
    assert calls and calls[-1] == (1_086_008, 1_086_008)
    assert [d for d, _ in calls] == sorted(d for d, _ in calls)


@pytest.mark.parametrize(
    "kwargs, error, text",
    [
        ({"hands": ["As Ah 2c 3d"]}, OmahaInputError, "2 or more"),
        ({"hands": ["As Ah 2c", "Ks Kh Qd Jd"]}, HandSizeError, "hand 1"),
        ({"hands": ["As Ah 2c 3d", "Ks Kh Qd Jd 9c"]}, HandSizeError, "same number"),
        ({"hands": ["As Ah 2c 3d", "As Kh Qd Jd"]}, DuplicateCardError, "As"),
        ({"hands": ["As Ah 2c 3d", "Ks Kh Qd Jd"], "board": "Ks 2h 3h"}, DuplicateCardError, "Ks"),
        ({"hands": ["As Ah 2c 3d", "Ks Kh Qd Jd"], "dead": "2c"}, DuplicateCardError, "dead"),
        ({"hands": ["As Ah 2c 3d", "Ks Kh Qd Xd"]}, InvalidCardError, "Xd"),
        ({"hands": ["As Ah 2c 3d", "Ks Kh Qd Jd"], "board": "2h 3h 4h 5h 6h 7h"}, HandSizeError, "board"),
        ({"hands": ["random"] * 12 + ["As Ah 2c 3d"]}, OmahaInputError, "at most 11 players"),
        ({"hands": ["random", "random"]}, OmahaInputError, "known"),
        ({"hands": ["As Ah 2c 3d", "Ks Kh Qd Jd"], "samples": 0}, OmahaInputError, "samples"),
        ({"hands": ["As Ah 2c 3d", "Ks Kh Qd Jd"], "exhaustive": True, "samples": 5}, OmahaInputError, "exhaustive"),
        ({"hands": ["As Ah 2c 3d", "Ks Kh Qd Jd"], "seed": -1}, OmahaInputError, "seed"),
        ({"hands": ["As Ah 2c 3d", "Ks Kh Qd Jd"], "threads": 0}, OmahaInputError, "threads"),
        ({"hands": "As Ah 2c 3d"}, TypeError, "list of hands"),
    ],
)
def test_bad_input_is_rejected_with_a_clear_message(kwargs, error, text):
    with pytest.raises(error, match=text):
        equity(**kwargs)


# --- Limits: estimate first, refuse hopeless exact runs -------------------------------


@pytest.mark.parametrize(
    "hands, board, method",
    [
        (["15%", "15%", "15%"], "Ac8c5h", "range combinations"),  # three ranges: ~5e16 evaluations
        ([5, 5], "Ac8c5h", "range sweep"),  # 5-card 15% against 15% on the flop: ~2e10 row updates
        (["As Ah 2c 3d", "random"], "", "enumerate"),  # 2.1e11 deals
        (["As Ah 2c 3d"] + ["random"] * 10, "", "enumerate"),  # 2.7e44 deals
    ],
)
def test_hopeless_exact_runs_are_refused_with_the_estimate_and_what_to_do(hands, board, method):
    # A number stands for the range 15% of hands of that many cards.
    hands = [parse_range("15%", hole_size=h) if isinstance(h, int) else h for h in hands]
    with pytest.raises(OmahaInputError) as caught:
        equity(hands, board, exhaustive=True)
    message = str(caught.value)
    unit = "sweep row updates" if method == "range sweep" else "hand evaluations"
    for said in (method, unit, "on one core", "samples", "narrower ranges", "max_work"):
        assert said in message


def test_every_method_supplies_an_estimate_and_a_rate():
    from omaha8eq.engine.method import RATES, WORK_ESTIMATES, Method

    assert set(WORK_ESTIMATES) == set(RATES) == set(Method)
    assert all(rate > 0 for rate in RATES.values())


def test_known_hands_are_counted_exactly_unless_sampling_is_asked():
    # The planner decides known hands first: C(44, 5) deals at most, within the exact limit.
    from math import comb

    from omaha8eq.engine.method import EXHAUSTIVE_LIMIT, Method, choose_method
    from omaha8eq.engine.options import RunOptions

    assert comb(44, 5) <= EXHAUSTIVE_LIMIT
    deal = prepare_deal(parse_spot(["As Ah 2c 3d", "Ks Kh Qd Jd"], "", ""))
    for options, method in [
        (RunOptions(), Method.AGGREGATE),
        (RunOptions(exhaustive=True), Method.AGGREGATE),
        (RunOptions(exhaustive=False), Method.SAMPLE),
        (RunOptions(samples=1000), Method.SAMPLE),
        (RunOptions(stderr_target=0.01), Method.SAMPLE),
    ]:
        assert choose_method(deal, options).method is method
    assert choose_method(deal, RunOptions()).deals == comb(44, 5)


def test_the_estimate_of_an_enumeration_counts_its_evaluations():
    from omaha8eq.engine.method import Method, estimate_work

    deal = prepare_deal(parse_spot(["As Ah 2c 3d", "Ks Kh Qd Jd", "random"], "4c 5d 7s 9h", ""))
    result = equity(["As Ah 2c 3d", "Ks Kh Qd Jd", "random"], "4c 5d 7s 9h", exhaustive=True)
    assert estimate_work(Method.ENUMERATE, deal) == 3 * result.outcomes


def test_max_work_lowers_or_raises_the_limit():
    hands, board = ["As Ah 2c 3d", "random"], "4c 5d 7s 9h"  # 5,430,040 deals, 2 hands each
    with pytest.raises(
        WorkLimitError, match=r"1.1e\+07 hand evaluations, .* above the limit max_work=1e\+06"
    ) as refused:
        equity(hands, board, exhaustive=True, max_work=10**6)
    assert (refused.value.work, refused.value.limit) == (2 * 5_430_040, 10**6)
    assert refused.value.unit == "hand evaluations" and refused.value.seconds > 0
    assert equity(hands, board, exhaustive=True, max_work=2 * 5_430_040).outcomes == 5_430_040
    # Monte Carlo is never refused; by default, a spot too long to enumerate is sampled.
    assert not equity(hands, board, samples=1000, seed=1, max_work=1).exhaustive
    assert equity(["As Ah 2c 3d", "Ks Kh Qd Jd"]).exhaustive is True
    assert equity(["As Ah 2c 3d", "Ks Kh Qd Jd"], max_work=1, seed=1).exhaustive is False
    # the range sweep counts its work in row updates, not evaluations
    with pytest.raises(WorkLimitError, match="sweep row updates") as refused:
        equity(["AA**", "KK**"], "4c 5d 7s", exhaustive=True, max_work=1000)
    assert refused.value.unit == "sweep row updates" and refused.value.work > 1000


def test_ranges_that_cannot_be_dealt_together_are_found_at_once(monkeypatch):
    import omaha8eq.engine.run as engine_run

    def never(*args, **kwargs):
        raise AssertionError("the impossibility must be found before any deal is counted")

    for counter in ("sweep_counts", "exact_range_counts", "enumerate_counts", "sample_counts", "aggregate_counts"):
        monkeypatch.setattr(engine_run, counter, never)
    for hands in (["AA", "AA", "AA"], ["AsKh**", "AsQh**"], ["AAA", "KK", "AAA"]):
        for exhaustive in (None, True, False):
            with pytest.raises(OmahaInputError, match="cannot be dealt together"):
                equity(hands, exhaustive=exhaustive)
    monkeypatch.undo()
    assert equity(["AA", "AA", "KK"], samples=2000, seed=1).outcomes == 2000


def test_the_feasibility_search_decides_or_says_it_cannot():
    from omaha8eq.core.hand_isomorphism import card_masks
    from omaha8eq.engine.feasibility import ranges_fit
    from omaha8eq.ranges.range import parse_range

    def masks(*expressions):
        return [card_masks(parse_range(e).hands) for e in expressions]

    assert ranges_fit(masks("AA", "AA", "AA"), 0) is False
    assert ranges_fit(masks("AA", "AA", "KK"), 0) is True
    assert ranges_fit(masks("AA", "KK"), (1 << 51) | (1 << 50) | (1 << 49)) is False  # three aces known
    # The first hands clash; the search finds the deal, unless cut off before.
    first = np.array([0b1111, 0b1111 << 10], dtype=np.int64)
    second = np.array([0b1110001, 0b1110000010], dtype=np.int64)
    assert ranges_fit([first, second], 0, budget=1) is None
    assert ranges_fit([first, second], 0) is True


@pytest.mark.parametrize(
    "kwargs, text",
    [
        ({"samples": 10**26}, "samples: expected 2 to 1,000,000,000"),
        ({"samples": 1}, "standard error needs two samples"),
        ({"samples": 2.0}, "samples: expected an integer"),
        ({"samples": True}, "samples: expected an integer"),
        ({"stderr_target": "0.01"}, "stderr_target: expected a positive number"),
        ({"stderr_target": float("nan")}, "stderr_target"),
        ({"stderr_target": 0}, "stderr_target"),
        ({"seed": 2**64}, "seed: must be at most"),
        ({"seed": 1.5}, "seed: expected an integer"),
        ({"threads": "2"}, "threads: expected an integer"),
        ({"max_work": 0}, "max_work: must be at least 1"),
        ({"max_work": 1e12}, "max_work: expected an integer"),
        ({"hilo": "yes"}, "hilo: expected True or False"),  # hilo=None is now "not given" (hilo= is deprecated)
        ({"game": 4}, "game: expected a game name or a Game"),
        ({"game": "omaha9"}, "game: unknown game 'omaha9'"),
        ({"hilo": [1]}, "hilo: expected True or False"),
        ({"hilo": object()}, "hilo: expected True or False"),
        ({"by_hand": 1}, "by_hand: expected True or False"),
        ({"exhaustive": 1}, "exhaustive: expected True, False or None"),
        ({"exhaustive": "yes"}, "exhaustive: expected True, False or None"),
        ({"progress": 5}, "progress: expected a function"),
    ],
)
def test_method_options_are_checked(kwargs, text):
    # the deprecated hilo= warns before it is refused
    warns = pytest.warns(DeprecationWarning) if "hilo" in kwargs else contextlib.nullcontext()
    with warns, pytest.raises(OmahaInputError, match=text):
        equity(["As Ah 2c 3d", "Ks Kh Qd Jd"], **kwargs)


def test_numpy_integers_and_bools_are_accepted():
    plain = equity(["As Ah 2c 3d", "Ks Kh Qd Jd"], samples=20_000, seed=3, threads=1)
    with pytest.warns(DeprecationWarning, match="hilo= is deprecated"):  # the deprecated flag still reads numpy
        numpy = equity(
            ["As Ah 2c 3d", "Ks Kh Qd Jd"], samples=np.int64(20_000), seed=np.uint64(3), threads=np.int32(1),
            hilo=np.bool_(True), by_hand=np.bool_(False),
        )  # fmt: skip
    assert type(numpy.seed) is int and numpy.players[0].counts.tolist() == plain.players[0].counts.tolist()


def test_a_stderr_target_not_met_by_the_sample_cap_says_so(monkeypatch):
    monkeypatch.setattr("omaha8eq.engine.sampling.MAX_SAMPLES", 1 << 20)
    short = equity(["As Ah 2c 3d", "Ks Kh Qd Jd"], stderr_target=1e-9, seed=1)
    assert short.outcomes == 1 << 20 and short.target_met is False
    assert short.to_dict()["target_met"] is False
    met = equity(["As Ah 2c 3d", "Ks Kh Qd Jd"], stderr_target=0.01, seed=1)
    assert met.target_met is True
    assert equity(["As Ah 2c 3d", "Ks Kh Qd Jd"], samples=1000, seed=1).target_met is None


# --- Progress and Ctrl-C: kernel calls are short ------------------------------------


def test_enumeration_reports_progress_between_short_calls(monkeypatch):
    import numba

    from omaha8eq.engine import exact

    hands, board = ["As Ah 2c 3d", "random"], "4c 5d 7s 9h"  # 44 rivers, 123,410 deals each
    whole = equity(hands, board, exhaustive=True)
    monkeypatch.setattr(exact, "DEALS_PER_CALL", 200_000)
    calls = []
    chunked = equity(hands, board, exhaustive=True, progress=lambda done, total: calls.append(done))
    steps = np.diff([0, *calls])
    threads = numba.get_num_threads()
    assert calls[-1] == whole.outcomes and len(calls) >= whole.outcomes // (200_000 * threads)
    assert steps.max() <= max(200_000, 123_410) * threads
    assert [p.counts.tolist() for p in chunked.players] == [p.counts.tolist() for p in whole.players]


def test_counterfeit_odds_checks_its_progress_callback():
    from omaha8eq import counterfeit_odds

    with pytest.raises(OmahaInputError, match="progress: expected a function"):
        counterfeit_odds("As 2c Kh Qd", "3d 4h Ks", opponents=["KK"], progress="bar")


def test_the_json_form_carries_the_exact_equity_when_exhaustive():
    exact = equity(["As Ah 2c 3d", "Ks Kh Qd Jd"], "4c 5d 7s").to_dict()
    shares = [Fraction(p["exact"]["equity"]) for p in exact["players"]]
    assert shares[0] == equity(["As Ah 2c 3d", "Ks Kh Qd Jd"], "4c 5d 7s").players[0].exact_equity()
    assert sum(shares) == 1 and float(shares[0]) == exact["players"][0]["equity"]
    sampled = equity(["As Ah 2c 3d", "Ks Kh Qd Jd"], samples=1000, seed=1).to_dict()
    assert all("exact" not in p for p in sampled["players"])


ACES, KINGS = "As Ah 2c 3d", "Ks Kh Qd Jd"


def test_equity_many_gives_equity_s_results_and_reports_progress():
    seen = []
    spots = [([ACES, KINGS], "4c 5d 7s"), ([ACES, KINGS, "9s 8s 7d 6d"], "", "Th"), ([ACES, KINGS],)]
    results = equity_many(spots, progress=lambda done, total: seen.append((done, total)))
    for spot, result in zip(spots, results, strict=True):
        alone = equity(*spot, exhaustive=True)
        assert result.outcomes == alone.outcomes and result.exhaustive
        assert [p.exact_equity() for p in result.players] == [p.exact_equity() for p in alone.players]
        assert result.board == alone.board and result.dead == alone.dead
    assert seen[-1] == (3, 3) and all(b >= a for (a, _), (b, _) in itertools.pairwise(seen))
    assert equity_many([]) == []


@pytest.mark.parametrize(
    "spots, error, message",
    [
        ([([ACES, "random"], "4c 5d 7s")], OmahaInputError, "spot 1: equity_many takes known hands only"),
        ([([ACES, KINGS],), ([ACES, "AA*"], "")], OmahaInputError, "spot 2: equity_many takes known hands only"),
        ([([ACES, KINGS], "4c 5d As")], DuplicateCardError, "spot 1: As appears in hand 1 and in the board"),
        ([([ACES, KINGS], "4c", "", "extra")], OmahaTypeError, "spot 1: expected a tuple"),
        (["As Ah"], OmahaTypeError, "spot 1: expected a tuple"),
        ("As Ah", OmahaTypeError, "spots: expected a list"),
        ([(ACES,)], TypeError, "spot 1: hands: expected a list of hands"),
    ],
)
def test_equity_many_names_the_bad_spot(spots, error, message):
    with pytest.raises(error, match=message):
        equity_many(spots)


def test_equity_many_refuses_more_work_than_max_work_before_counting():
    with pytest.raises(OmahaInputError, match=r"spots: these 2 exact runs .* above the limit max_work=1e\+03"):
        equity_many([([ACES, KINGS], "4c 5d 7s")] * 2, max_work=1000)
    assert len(equity_many([([ACES, KINGS], "4c 5d 7s")] * 2, max_work=2 * 1640)) == 2  # 2 hands x 820 boards each
