"""Double-board queries (``game='omaha8-double'``, ``board1=``/``board2=``) against a plain-Python
brute force (tests/naive.py's evaluators, both boards from one deck, every pair of rivers) and
against ``boards_equity``: exact counts equal, sampled within error, the same seed on 1 and 2
threads, and the refusals (a per-board outcome without its board, a function reading one board).
"""

from __future__ import annotations

import random
from fractions import Fraction
from itertools import combinations

import naive
import pytest

from omaha8eq import boards_equity, format_cards
from omaha8eq.errors import OmahaInputError
from omaha8eq.pql import QueryError, query

PER_BOARD = ("winsHi", "tiesHi", "winsLo", "tiesLo", "scoops")


def _board_outcome(hands, board, hilo):
    """Per player on one complete board: (share of that board's half as a Fraction of the
    half, winsHi, tiesHi, winsLo, tiesLo), written from RULES.md with naive's evaluators."""
    highs = [naive.best_high(h, board)[0] for h in hands]
    lows = [naive.best_low(h, board) if hilo else None for h in hands]
    top = max(highs)
    qualified = [low for low in lows if low is not None]
    best_low = min(qualified) if qualified else None
    hi_winners = [i for i, v in enumerate(highs) if v == top]
    lo_winners = [i for i, v in enumerate(lows) if best_low is not None and v == best_low]
    out = []
    for i in range(len(hands)):
        share = Fraction(0)
        high_part = Fraction(1, 2) if lo_winners else Fraction(1)
        if i in hi_winners:
            share += high_part / len(hi_winners)
        if i in lo_winners:
            share += Fraction(1, 2) / len(lo_winners)
        out.append(
            (
                share,
                i in hi_winners and len(hi_winners) == 1,
                i in hi_winners and len(hi_winners) > 1,
                i in lo_winners and len(lo_winners) == 1,
                i in lo_winners and len(lo_winners) > 1,
            )
        )
    return out


def brute_force(hands, board1, board2, hilo):
    """Every completion of board1, then of board2 from the cards left: each player's pot
    share (mean of the boards' shares), whole-pot scoops and per-board outcome counts."""
    used = {c for h in hands for c in h} | set(board1) | set(board2)
    deck = [c for c in range(52) if c not in used]
    n = len(hands)
    equity = [Fraction(0)] * n
    scoops = [0] * n
    per_board = {(name, b, p): 0 for name in PER_BOARD for b in (0, 1) for p in range(n)}
    deals = 0
    for first in combinations(deck, 5 - len(board1)):
        rest = [c for c in deck if c not in first]
        one = _board_outcome(hands, board1 + first, hilo)
        for second in combinations(rest, 5 - len(board2)):
            two = _board_outcome(hands, board2 + second, hilo)
            deals += 1
            for p in range(n):
                equity[p] += (one[p][0] + two[p][0]) / 2
                scoops[p] += one[p][0] == 1 and two[p][0] == 1
                for b, outcome in enumerate((one, two)):
                    for k, name in enumerate(PER_BOARD[:4], 1):
                        per_board[(name, b, p)] += outcome[p][k]
                    per_board[("scoops", b, p)] += outcome[p][0] == 1
    return deals, [e / deals for e in equity], [Fraction(s, deals) for s in scoops], per_board


def _random_spot(rng, players, hole, known1, known2):
    cards = rng.sample(range(52), players * hole + known1 + known2)
    hands = [tuple(cards[i * hole : (i + 1) * hole]) for i in range(players)]
    board1 = tuple(cards[players * hole : players * hole + known1])
    board2 = tuple(cards[players * hole + known1 :])
    return hands, board1, board2


def _from(names, hands, board1, board2, game):
    players = ", ".join(f"{name}='{format_cards(h).replace(' ', '')}'" for name, h in zip(names, hands, strict=True))
    b1, b2 = (format_cards(b).replace(" ", "") for b in (board1, board2))
    return f"from game='{game}', {players}, board1='{b1}', board2='{b2}'"


NAMES = ("hero", "villain", "third")


@pytest.mark.parametrize(
    ("seed", "players", "hole", "game", "known"),
    [
        (1, 2, 4, "omaha8-double", (4, 4)),
        (2, 3, 4, "omaha8-double", (4, 4)),
        (3, 2, 5, "omahahi5-double", (4, 4)),
        (4, 2, 4, "omaha8-double", (5, 3)),
        (5, 2, 5, "omaha85-double", (4, 4)),
    ],
)
def test_exact_counts_equal_a_brute_force_and_boards_equity(seed, players, hole, game, known):
    rng = random.Random(seed)
    hands, board1, board2 = _random_spot(rng, players, hole, *known)
    hilo = "8" in game
    deals, equities, scoops, per_board = brute_force(hands, board1, board2, hilo)
    names = NAMES[:players]
    selects = [f"avg(riverEquity({p})), count(scoops({p}))" for p in names]
    selects += [
        f"count({f}({p}, board{b + 1}))" for f in PER_BOARD if hilo or "Lo" not in f for p in names for b in (0, 1)
    ]
    result = query(f"select {', '.join(selects)} {_from(names, hands, board1, board2, game)}")
    assert result.exact and result.trials == deals
    values = [s.fraction for s in result.selectors]
    for i in range(players):
        assert values[2 * i] == equities[i]
        assert values[2 * i + 1] == scoops[i]
    expected = [
        Fraction(per_board[(f, b, p)], deals)
        for f in PER_BOARD
        if hilo or "Lo" not in f
        for p in range(players)
        for b in (0, 1)
    ]
    assert values[2 * players :] == expected
    # boards_equity: the same pot shares and whole-pot scoops, count for count.
    found = boards_equity([format_cards(h) for h in hands], (format_cards(board1), format_cards(board2)), game=game)
    assert found.exhaustive and found.outcomes == deals
    for i, player in enumerate(found.players):
        assert player.exact_equity() == equities[i]
        assert Fraction(player.scooped[2], deals) == scoops[i]


def test_the_issue_example_on_two_flops_is_exact_and_equals_boards_equity():
    spot = "from game='omaha8-double', hero='AsAh2c3d', villain='KsKhQdJd', board1='Ac8c5h', board2='Kd7d2s'"
    result = query(f"select avg(riverEquity(hero)), count(scoops(hero)) {spot}")
    found = boards_equity(["AsAh2c3d", "KsKhQdJd"], ("Ac8c5h", "Kd7d2s"))
    assert result.exact and result.trials == found.outcomes == 442_890
    assert result.selectors[0].fraction == found.players[0].exact_equity()
    assert result.selectors[1].fraction == Fraction(found.players[0].scooped[2], found.outcomes)


def test_sampled_agrees_with_the_exact_answer_and_seeds_repeat_on_any_thread_count():
    spot = "from game='omaha8-double', hero='AsAh2c3d', villain='KsKhQdJd', board1='Ac8c5h', board2='Kd7d2s'"
    selects = "avg(riverEquity(hero)), count(scoops(hero)), count(winsLo(hero, board2)), count(winsHi(villain, board1))"
    text = f"select {selects} {spot}"
    exact = query(text)
    sampled = query(text, samples=200_000, seed=11, threads=1)
    for got, want in zip(sampled.selectors, exact.selectors, strict=True):
        assert got.stderr is not None and got.stderr > 0
        assert abs(got.value - want.value) / got.stderr < 4.5
    again = query(text, samples=200_000, seed=11, threads=2)
    assert [s.value for s in again.selectors] == [s.value for s in sampled.selectors]


def test_the_first_board_of_a_sampled_run_is_the_single_board_querys():
    """With nothing known on board2 the deck is the single-board query's: the same seed deals
    the same hands and first board, so board1's outcomes are the single board's exactly."""
    hands = "hero='AsAh2c3d', villain='15%', third='*'"
    single = query(
        f"select count(winsHi(hero)), count(tiesLo(villain)) from {hands}, board='Ac8c5h'", samples=50_000, seed=3
    )
    double = query(
        f"select count(winsHi(hero, board1)), count(tiesLo(villain, board1)) from {hands}, board1='Ac8c5h'",
        samples=50_000,
        seed=3,
    )
    assert [s.value for s in double.selectors] == [s.value for s in single.selectors]


def test_ranges_and_random_hands_are_sampled_against_boards_equity():
    spot = "from game='omaha8-double', hero='AsAh2c3d', villain='15%', board1='Ac8c5h', board2=''"
    result = query(f"select avg(riverEquity(hero)) {spot}", samples=100_000, seed=5)
    assert not result.exact
    found = boards_equity(["AsAh2c3d", "15%"], ("Ac8c5h", ""), game="omaha8-double", samples=100_000, seed=5)
    combined = (result.selectors[0].stderr ** 2 + found.players[0].equity_stderr ** 2) ** 0.5
    assert abs(result.selectors[0].value - found.players[0].equity) / combined < 4.5
    with pytest.raises(OmahaInputError, match="double-board query enumerates known hands only"):
        query(f"select avg(riverEquity(hero)) {spot}", exhaustive=True)


def test_board_free_functions_read_the_hands():
    spot = "from game='omaha8-double', hero='AA**', villain='KK**', board1='Ac8c5h', board2='Kd7d2s'"
    result = query(
        f"select count(inRange(hero, 'AA2*')), avg(handRanking(villain)) {spot} where inRange(villain, 'KKQ*')",
        samples=30_000,
        seed=2,
    )
    assert 0 < result.selectors[0].value < 1 and 0 < result.selectors[1].value < 1


@pytest.mark.parametrize(
    ("select", "message"),
    [
        ("count(winsHi(hero))", r"winsHi needs a board in a double-board query .* winsHi\(player, board1\)"),
        ("count(tiesLo(hero))", "tiesLo needs a board"),
        ("histogram(handType(hero, flop))", "handType is not available in a double-board query: it reads one board"),
        ("count(nutHi(hero, river))", "nutHi is not available"),
        ("histogram(turnCard())", "turnCard is not available"),
        ("avg(HvHEquity(hero, flop))", "HvHEquity is not available"),
        ("avg(equity(hero, flop))", "equity is not available"),
        ("count(winsHi(hero, flop))", "winsHi's last argument must be board1 or board2"),
        ("count(winsHi(hero, board3))", "winsHi's last argument must be board1 or board2"),
        ("avg(riverEquity(hero, board1))", r"riverEquity\(player\) -> number takes 1 argument\(s\), got 2"),
    ],
)
def test_functions_that_read_one_board_are_refused_by_name(select, message):
    with pytest.raises(QueryError, match=message):
        query(f"select {select} from game='omaha8-double', hero='AsAh2c3d', villain='KsKhQdJd', board1='Ac8c5h'")


@pytest.mark.parametrize(
    ("bindings", "message"),
    [
        (
            "game='omaha8-double', hero='AsAh2c3d', villain='KsKhQdJd', board='Ac8c5h'",
            "names its boards board1 and board2",
        ),
        ("hero='AsAh2c3d', villain='KsKhQdJd', board1='Ac8c5h', board2='Ac7d2s'", "board2: the card Ac is dealt twice"),
        ("hero='AsAh2c3d', villain='KsKhQdJd', board1='Ac8c5h4d7h2d'", "board1: 6 cards"),
        ("hero='AsAh2c3d', villain='KsKhQdJd', board1='Ac8c5h', board1='Kd'", "board1 is declared twice"),
    ],
)
def test_bad_double_board_spots_are_refused(bindings, message):
    with pytest.raises(OmahaInputError, match=message):
        query(f"select avg(riverEquity(hero)) from {bindings}")


def test_board1_and_board2_make_the_game_double_board():
    spot = "hero='AsAh2c3d', villain='KsKhQdJd', board1='Ac8c5h9d', board2='Kd7d2s3h'"
    plain = query(f"select avg(riverEquity(hero)) from game='omahahi', {spot}")
    named = query(f"select avg(riverEquity(hero)) from game='omahahi-double', {spot}")
    assert plain.game == named.game == "omahahi-double"
    assert plain.selectors[0].fraction == named.selectors[0].fraction


def test_board_names_mean_nothing_in_a_single_board_query():
    with pytest.raises(QueryError, match="takes 1 argument"):
        query("select count(winsHi(hero, board1)) from hero='AsAh2c3d', villain='KsKhQdJd', board='Ac8c5h'")
