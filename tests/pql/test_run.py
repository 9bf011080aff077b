"""query(): consistency with equity(), exact and sampled; where against brute force; seeds."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import permutations

import naive
import numba
import numpy as np
import pytest

from omaha8eq import equity, parse_cards
from omaha8eq.errors import OmahaInputError, WorkLimitError
from omaha8eq.pql import QueryError, query

SPOTS = [
    # (game, hands, board)
    ("omaha8", ["AsAh2c3d", "KsKhQdJd"], "Ac8c5h9d"),
    ("omaha8", ["As2s3d4d", "KhKd7c6c", "8s9sTdJd"], "5c6h7h"),
    ("omahahi", ["AsAh2c3d", "KsKhQdJd"], "2d3c4h"),
    ("omaha85", ["As2s3d4dKc", "KhKd7c6c5c"], "8h9h2h6s"),
    ("omaha86", ["As2s3d4dKcQc", "KhKd7c6c5c4c"], "8h9h2h"),
]


def from_clause(game, hands, board):
    players = ", ".join(f"p{i + 1}='{h}'" for i, h in enumerate(hands))
    return f"from game='{game}', {players}, board='{board}'"


@pytest.mark.parametrize(("game", "hands", "board"), SPOTS)
def test_exact_answers_equal_equity_exactly(game, hands, board):
    expected = equity(hands, board, game=game)
    assert expected.exhaustive
    for i, player in enumerate(expected.players, 1):
        result = query(
            f"select avg(riverEquity(p{i})) as eq, count(scoops(p{i})) as scoop, count(winsHi(p{i})) as hi "
            + from_clause(game, hands, board)
        )
        assert result.exact and result.trials == expected.outcomes
        assert result["eq"].fraction == player.exact_equity()
        assert result["scoop"].value == pytest.approx(player.scoop, abs=1e-12)
        assert result["hi"].value == pytest.approx(player.hi_win, abs=1e-12)


def test_exact_hand_against_a_range_equals_equity():
    expected = equity(["AsAh2c3d", "KK**"], "Ac8c5h9d")
    result = query("select avg(riverEquity(hero)) as eq from hero='AsAh2c3d', villain='KK**', board='Ac8c5h9d'")
    assert result.exact and result["eq"].fraction == expected.players[0].exact_equity()


@pytest.mark.parametrize(("game", "hands", "board"), SPOTS[:3])
def test_sampled_answers_agree_with_equity_within_the_error(game, hands, board):
    expected = equity(hands, board, game=game)
    text = "select avg(riverEquity(p1)) as eq, count(scoops(p1)) as scoop " + from_clause(game, hands, board)
    result = query(text, samples=40_000, seed=11)
    assert not result.exact and result.trials == 40_000
    for name, exact in (("eq", expected.players[0].equity), ("scoop", expected.players[0].scoop)):
        got = result[name]
        assert got.stderr is not None
        assert abs(got.value - exact) <= 4.5 * got.stderr + 1e-12, (name, got, exact)


def test_where_equals_brute_force_enumeration():
    hero, villain, flop = "As2s3d9c", "KhKd7c6c", "4h8dQs"
    result = query(
        "select count(scoops(hero)) as scoop, avg(riverEquity(hero)) as eq, histogram(handType(hero, river)) as types "
        f"from game='omaha8', hero='{hero}', villain='{villain}', board='{flop}' "
        "where madeLo(hero, turn) and not madeLo(villain, river)"
    )
    h, v, b = parse_cards(hero), parse_cards(villain), parse_cards(flop)
    deck = [c for c in range(52) if c not in h + v + b]
    met = scoops = 0
    share = Fraction(0)
    types = Counter()
    for turn, river in permutations(deck, 2):  # the turn and the river apart: the query reads the turn
        board = (*b, turn, river)
        if naive.best_low(h, board[:4]) is None or naive.best_low(v, board) is not None:
            continue
        met += 1
        result_board = naive.equity([h, v], board)["players"][0]
        scoops += result_board["scoop"]
        share += result_board["equity"]
        types[naive.category_of_value(naive.best_high(h, board)[0])] += 1
    assert result.exact and result.met == met and result.trials == len(deck) * (len(deck) - 1)
    assert result["scoop"].fraction == Fraction(scoops, met)
    assert result["eq"].fraction == share / met
    buckets = {bucket.label: bucket.fraction for bucket in result["types"].buckets}
    names = {"One pair": "pair", "High card": "highcard", "Two pair": "twopair", "Three of a kind": "trips"}
    names |= {"Straight": "straight", "Flush": "flush", "Full house": "fullhouse"}
    assert buckets == {names[k]: Fraction(n, met) for k, n in types.items()}


def test_a_query_about_the_flop_enumerates_flops_only():
    result = query("select histogram(handType(hero, flop)) as t from hero='AsKs2d3c', villain='7h7d8h9c'")
    assert result.exact and result.trials == 44 * 43 * 42 // 6
    assert sum(b.fraction for b in result["t"].buckets) == 1


def test_same_seed_same_answer_on_one_and_two_threads():
    text = "select avg(riverEquity(hero)) as eq, histogram(handType(hero, flop)) as t from hero='A2**', villain='15%'"
    answers = []
    for threads in (1, 2):
        if threads > numba.config.NUMBA_NUM_THREADS:
            pytest.skip("one thread only")
        result = query(text, samples=20_000, seed=5, threads=threads)
        answers.append((result["eq"].value, [b.share for b in result["t"].buckets]))
    assert answers[0] == answers[1]
    assert query(text, samples=20_000, seed=6, threads=1)["eq"].value != answers[0][0]


def test_where_rejecting_most_deals_reports_the_acceptance():
    result = query(
        "select count(scoops(hero)) as s from hero='A2**', villain='*' where nutLo(hero, flop)",
        samples=30_000,
        seed=2,
    )
    assert 0 < result.met < result.trials and result.acceptance == result.met / result.trials
    assert "met where" in str(result)


def test_stderr_target_stops_early():
    result = query("select count(scoops(hero)) as s from hero='AsAh2c3d', villain='*'", stderr_target=0.01, seed=1)
    assert result.target_met and result["s"].stderr <= 0.01 and result.trials < 600_000


def test_no_deal_meeting_where_says_so():
    result = query(
        "select avg(riverEquity(hero)) as eq from hero='AsAh2c3d', villain='KsKhQdJd', board='Ac8c5h9d2d' "
        "where handType(villain, river) = straightflush"
    )
    assert result.met == 0 and result["eq"].value is None
    assert "no deal met the where clause" in str(result)


def test_options_and_spot_errors():
    text = "select count(scoops(hero)) from hero='AsAh2c3d', villain='*'"
    with pytest.raises(OmahaInputError, match="random hand"):
        query(text, exhaustive=True)
    with pytest.raises(WorkLimitError, match="max_work"):
        query("select count(scoops(hero)) from hero='AsAh2c3d', villain='KK**'", exhaustive=True, max_work=1000)
    with pytest.raises(OmahaInputError, match="samples"):
        query(text, samples=1)
    with pytest.raises(OmahaInputError, match="villain: the card As"):
        query("select count(scoops(hero)) from hero='AsAh2c3d', villain='AsKsQsJs'")
    with pytest.raises(QueryError, match="omahahi has no low"):
        query("select count(winsLo(hero)) from game='omahahi', hero='AsAh2c3d', villain='*'")
    with pytest.raises(OmahaInputError, match="villain"):
        query("select count(scoops(hero)) from hero='AsAh2c3d', villain='ZZ9'")


def test_exact_runs_tell_apart_the_streets_they_read():
    spot = "from hero='AsAh2c3d', villain='KsKhQdJd', board='Ac8c5h'"
    # Each card is the turn (and the river) as often as any other: 1/41 each.
    result = query(f"select count(turnCard() = 'As') as t, count(riverCard() = '2s') as r {spot}".replace("As'", "Kc'"))
    assert result.exact and result["t"].fraction == result["r"].fraction == Fraction(1, 41)
    # The mean of the turn equity is the flop equity (and equity() on each turn).
    result = query(f"select avg(HvHEquity(hero, turn)) as turn, avg(HvHEquity(hero, flop)) as flop {spot}")
    flop = equity(["AsAh2c3d", "KsKhQdJd"], "Ac8c5h").players[0].exact_equity()
    assert result["turn"].value == pytest.approx(float(flop), abs=1e-12)
    assert result["flop"].value == pytest.approx(float(flop), abs=1e-12)
    on_turn = query(
        "select avg(HvHEquity(p1, turn)) as e, avg(equity(p1, turn)) as same "
        "from p1='AsAh2c3d', p2='KsKhQdJd', board='Ac8c5h9d'"
    )
    assert on_turn["e"].value == pytest.approx(0.95, abs=1e-12) == on_turn["same"].value


def test_nested_equity_cost_is_bounded():
    with pytest.raises(WorkLimitError, match="nested equities"):
        query("select count(HvHEquity(hero, flop) > 0.5) from hero='A2**', villain='*'", samples=10_000_000)


@pytest.mark.parametrize(
    ("hero", "reduced"),
    [("AAKK", True), ("AAKK@50, QQJJ", True), ("AsKsQsJs, AhKhQhJh", False), ("AAKK@50, AsAhKsKh", False)],
)
def test_suit_classes_give_the_full_enumeration_exactly(hero, reduced):
    # One representative per suit class, weighted by its class, counts what every hand counts;
    # inRange reads suits by name, so the same query with it is enumerated hand by hand.
    text = f"select histogram(handType(hero, flop)) as t, count(nutHi(hero, flop)) as nut from hero='{hero}'"
    by_class = query(text, exhaustive=True)
    by_hand = query(text + " where inRange(hero, '****')", exhaustive=True)
    assert by_class.weight == by_hand.weight and (by_class.trials < by_hand.trials) == reduced
    assert by_class["nut"].fraction == by_hand["nut"].fraction
    assert [(b.label, b.fraction) for b in by_class["t"].buckets] == [
        (b.label, b.fraction) for b in by_hand["t"].buckets
    ]


def test_flop_hand_category_histogram_names_the_classes():
    """AsAh2c3d with the Ad on the flop, every flop (C(47, 2) = 1,081): quads with the Ac
    (46 flops), the nut full house on a paired flop (2s and 3s: 3 pairs each; ten other
    ranks: 6 each), the wheel, the nut straight, on Ad-4-5 (16), else top set."""
    result = query("select histogram(flopHandCategory(hero)) as c from game='omaha8', hero='AsAh2c3d', board='Ad'")
    assert result.exact and result.trials == 1081
    counts = {b.label: round(b.fraction * 1081) for b in result["c"].buckets}
    assert counts == {"flopquads": 46, "flopnutfullhouse": 66, "flopnutstraight": 16, "floptopset": 953}


def _answers(result):
    """Everything a result says but its timing."""
    return [(s.name, s.value, s.fraction, s.stderr, s.buckets) for s in result.selectors] + [
        result.exact,
        result.trials,
        result.met,
        result.weight,
        result.seed,
    ]


def test_a_query_asked_again_gives_the_same_answer_from_its_kept_plan():
    """Known-hands queries keep their checked query, deal and small exact block per text
    (run._PLANS): asking again, after other queries, answers exactly as a fresh run."""
    from omaha8eq.pql import run

    texts = [
        "select avg(riverEquity(hero)) as eq, count(scoops(villain)), histogram(handType(hero, river)) "
        "from game='omaha8', hero='AsAh2c3d', villain='KsKhQdJd', board='Ac8c5h9d'",
        "select count(winsLo(hero)), max(hiRating(villain, river)) from game='omaha8', hero='AsAh2c3d', "
        "villain='KsKhQdJd', board='Ac8c5h' where nutLo(hero, river)",
        "select avg(HvHEquity(hero, flop)) from game='omaha8', hero='AsAh2c3d', villain='KsKhQdJd', board='Ac8c5h9d'",
        "select count(winsHi(p1)) from game='omahahi', p1='AsAh2c3d', p2='KsKhQdJd', p3='*', board='2d3c4h'",
    ]
    run._PLANS.clear()
    fresh = [_answers(query(t, seed=3)) for t in texts]
    assert all(t in run._PLANS for t in texts)
    for _ in range(2):
        for text, expected in zip(texts, fresh, strict=True):
            assert _answers(query(text, seed=3)) == expected
    run._PLANS.clear()
    assert [_answers(query(t, seed=3)) for t in reversed(texts)] == fresh[::-1]


def test_plans_kept_are_bounded_and_ranges_are_prepared_per_run(monkeypatch):
    from omaha8eq.pql import run

    monkeypatch.setattr(run, "PLANS_KEPT", 3)
    run._PLANS.clear()
    boards = ["Ac8c5h9d", "Ac8c5h9s", "Ac8c5h7d", "Ac8c5hTd"]
    for board in boards:
        query(f"select avg(riverEquity(hero)) from game='omaha8', hero='AsAh2c3d', villain='KsKhQdJd', board='{board}'")
    assert len(run._PLANS) == 3 and not any(boards[0] in t for t in run._PLANS)
    ranged = "select avg(riverEquity(hero)) from game='omaha8', hero='AsAh2c3d', villain='KK**', board='Ac8c5h9d'"
    first = _answers(query(ranged))
    assert ranged not in run._PLANS
    assert _answers(query(ranged)) == first


# -- results by position, exact equities on a street, warnings ---------------------------

KNOWN = "hero='AsAh2c3d', villain='KsKhQdJd'"


def test_results_read_by_position_and_by_name():
    result = query(f"select avg(riverEquity(hero)) as eq, count(scoops(hero)) from {KNOWN}, board='Ac8c5h9d'")
    assert result[0] is result["eq"] and result[-1] is result[1] is result["count(scoops(hero))"]
    assert result[np.int64(1)] is result[1] and len(result) == 2 and list(result) == list(result.selectors)
    with pytest.raises(IndexError, match="2 selector"):
        result[2]
    with pytest.raises(KeyError, match="'eq', 'count"):
        result["equity"]
    with pytest.raises(TypeError):
        result[1.0]  # type: ignore[index]


def test_equities_on_a_street_carry_the_exact_fraction_of_equity():
    # The mean of the turn equities over every turn card is the flop equity (the law of total
    # expectation), and a known hand against a range on the flop is equity()'s run itself.
    flop = "Ac8c5h"
    exact = equity(["AsAh2c3d", "KsKhQdJd"], board=flop, exhaustive=True).players[0].exact_equity()
    result = query(
        "select avg(HvHEquity(hero, turn)) as hvh, avg(equity(hero, turn)) as same, avg(HvREquity(hero, flop)) as hvr, "
        f"avg(0.5 * HvHEquity(hero, turn) - riverEquity(hero) / 2) as zero from {KNOWN}, board='{flop}'"
    )
    assert result.exact and result["hvh"].fraction == result["same"].fraction == exact
    assert result["hvr"].fraction == exact and result["zero"].fraction == 0
    turn = equity(["AsAh2c3d", "KsKhQdJd"], board=flop + "9d", exhaustive=True).players[0].exact_equity()
    assert query(f"select avg(HvHEquity(hero, turn)) from {KNOWN}, board='{flop}9d'")[0].fraction == turn
    # Against a range, weighted: the range's flop equity.
    ranged = equity(["AsAh2c3d", "KK**"], board=flop, exhaustive=True).players[0].exact_equity()
    against = query(f"select avg(HvHEquity(hero, turn)) from hero='AsAh2c3d', villain='KK**', board='{flop}'")
    assert against.exact and against[0].fraction == ranged
    assert abs(against[0].value - float(ranged)) < 1e-12


def test_exact_fractions_of_a_case_and_a_where_are_the_weighted_sums():
    text = (
        "select avg(case when nutLo(hero, river) then HvHEquity(hero, river) else 0.25 end) as x "
        f"from {KNOWN}, board='Ac8c5h' where not pairedBoard(river)"
    )
    result = query(text)
    listed = query(
        "select histogram(case when nutLo(hero, river) then riverEquity(hero) else 0.25 end) "
        f"from {KNOWN}, board='Ac8c5h' where not pairedBoard(river)"
    )
    expected = sum(Fraction(b.label) * b.fraction for b in listed[0].buckets)
    assert result["x"].fraction == expected and abs(result["x"].value - float(expected)) < 1e-12


def test_a_player_declared_and_never_named_close_to_one_named_is_warned_about():
    text = "select count(winsHi(villain)) from hero='AsAh2c3d', villain='KsKhQdJd', villian='QsQh9d8d', board='Ac8c5h'"
    (warning,) = query(text).warnings
    assert "from declares villian but the query never names it (did you mean 'villain'?)" in warning
    assert query(text).to_dict()["warnings"] == [warning]
    # Usual queries are not warned about: a villain that only plays the showdown, numbered players.
    assert query(f"select avg(riverEquity(hero)) from {KNOWN}, board='Ac8c5h'").warnings == ()
    numbered = "select count(winsHi(villain1)) from hero='AsAh2c3d', villain1='KsKhQdJd', villain2='QsQh9d8d'"
    assert query(numbered + ", board='Ac8c5h'").warnings == ()
