"""Every query function against a plain-Python definition (tests/naive.py), deal by deal.

HvREquity, minHvHEquity, nutHiForHandType, boardInRange and handRanking (at the end)
against definitions written from docs/query-functions.md, with their refusals: a
hopeless HvREquity with its estimate, bad board ranges (double boards: test_double_board.py).

Random deals of 4, 5 and 6 hole cards, hi-lo and high-only, every street; the decks are
weighted toward low cards and two suits so that lows, ties, quartered lows,
counterfeits, flushes and nut draws come up often; plus the worked examples of RULES.md.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import combinations, permutations, product
from pathlib import Path

import naive
import numpy as np
import pytest
from deals import LOW_VALUE, LOW_WEIGHTS, TWO_SUITS, TWO_SUITS_LOW_WEIGHTS

from omaha8eq import equity, format_cards, parse_cards, preflop_rank
from omaha8eq.core.hand_features import nut_high_by_type
from omaha8eq.core.tables import get_tables
from omaha8eq.errors import WorkLimitError
from omaha8eq.pql import QueryError, query
from omaha8eq.pql import hand_vs_range as hvr_module
from omaha8eq.pql.check import check_query
from omaha8eq.pql.deals import DealBlock
from omaha8eq.pql.evaluate import BlockEvaluator, _categories
from omaha8eq.pql.functions import FUNCTIONS, HAND_TYPES, STREETS
from omaha8eq.pql.syntax import parse_query

STREET_NAMES = {3: "flop", 4: "turn", 5: "river"}
LOW_CARDS = {12, 0, 1, 2, 3, 4, 5, 6}  # A, 2..8


def random_block(seed, n, players, hole, deck, weights):
    rng = np.random.default_rng(seed)
    p = np.asarray(weights, dtype=float) / np.sum(weights)
    rows = np.array([rng.choice(deck, size=players * hole + 5, replace=False, p=p) for _ in range(n)])
    holes = rows[:, : players * hole].reshape(n, players, hole).astype(np.int8)
    boards = rows[:, players * hole :].astype(np.int8)
    return DealBlock(holes, boards, None)


def evaluator(block, game, players, dead=""):
    names = [f"p{i + 1}" for i in range(players)]
    # A query is only needed for the players, the game and the dead cards.
    text = f"select count(pairedBoard(flop)) from game='{game}', " + ", ".join(f"{n}='*'" for n in names)
    if dead:
        text += f", dead='{dead}'"
    checked = check_query(parse_query(text))
    return BlockEvaluator(checked, block), checked


def call(ev, checked, text):
    """The value of the expression ``text`` (in the evaluator's query context)."""
    node = parse_query(f"select count({text}) from x='*'").selectors[0].expr
    from omaha8eq.pql.check import _Checker

    checker = _Checker(checked.query, checked.game, checked.players)
    checker.check(node)
    checked.types.update(checker.types)
    checked.literals.update(checker.literals)
    return np.broadcast_to(ev.value(node), (len(ev.block),))


# -- the plain-Python definitions ------------------------------------------------------
def showdown(hands, board, hilo):
    highs = [naive.best_high(h, board)[0] for h in hands]
    lows = [naive.best_low(h, board) if hilo else None for h in hands]
    best_high = max(highs)
    high_winners = [h == best_high for h in highs]
    qualified = [low for low in lows if low is not None]
    best_low = min(qualified) if qualified else None
    low_winners = [low is not None and low == best_low for low in lows]
    shares = []
    for i in range(len(hands)):
        if best_low is None:
            share = Fraction(high_winners[i], sum(high_winners))
        else:
            share = Fraction(high_winners[i], 2 * sum(high_winners)) + Fraction(low_winners[i], 2 * sum(low_winners))
        shares.append(share)
    return high_winners, low_winners, shares


def unseen_pairs(hole, board, dead):
    seen = set(hole) | set(board) | set(dead)
    return combinations([c for c in range(52) if c not in seen], 2)


def nut_high(hole, board, dead):
    return max(
        naive.rank5(pair + triple) for pair in unseen_pairs(hole, board, dead) for triple in combinations(board, 3)
    )


def nut_low(hole, board, dead):
    lows = [
        low
        for pair in unseen_pairs(hole, board, dead)
        for triple in combinations(board, 3)
        if (low := naive._low_ranks(pair + triple)) is not None
    ]
    return min(lows) if lows else None


def low_board_count(board):
    return len({naive.card_rank(c) for c in board if naive.card_rank(c) in LOW_CARDS})


CASES = [
    # (seed, deals, players, hole size, game, deck, weights)
    (1, 12, 3, 4, "omaha8", np.arange(52), LOW_WEIGHTS),
    (2, 10, 2, 5, "omaha85", TWO_SUITS, TWO_SUITS_LOW_WEIGHTS),
    (3, 8, 4, 6, "omaha86", np.arange(52), LOW_WEIGHTS),
    (4, 10, 3, 4, "omahahi", TWO_SUITS, np.ones(len(TWO_SUITS))),
    (5, 8, 2, 6, "omahahi6", np.arange(52), np.ones(52)),
    pytest.param(6, 120, 3, 4, "omaha8", np.arange(52), LOW_WEIGHTS, marks=pytest.mark.slow),
    pytest.param(7, 80, 2, 5, "omaha85", TWO_SUITS, TWO_SUITS_LOW_WEIGHTS, marks=pytest.mark.slow),
]


@pytest.mark.parametrize(("seed", "n", "players", "hole", "game", "deck", "weights"), CASES)
def test_functions_match_their_definitions(seed, n, players, hole, game, deck, weights):
    block = random_block(seed, n, players, hole, deck, weights)
    ev, checked = evaluator(block, game, players)
    hilo = checked.game.hilo
    holes = block.holes.tolist()
    boards = block.boards.tolist()
    outcomes = [showdown(holes[i], boards[i], hilo) for i in range(n)]
    seen = Counter()
    for p in range(players):
        name = f"p{p + 1}"
        expected_outcome = {
            "winsHi": [o[0][p] and sum(o[0]) == 1 for o in outcomes],
            "tiesHi": [o[0][p] and sum(o[0]) > 1 for o in outcomes],
            "scoops": [o[2][p] == 1 for o in outcomes],
            "wins": [o[2][p] == 1 for o in outcomes],
        }
        if hilo:
            expected_outcome["winsLo"] = [o[1][p] and sum(o[1]) == 1 for o in outcomes]
            expected_outcome["tiesLo"] = [o[1][p] and sum(o[1]) > 1 for o in outcomes]
        for function, expected in expected_outcome.items():
            assert call(ev, checked, f"{function}({name})").tolist() == expected, (function, name)
        for function in ("riverEquity", "fractionalRiverEquity", "equity"):
            got = call(ev, checked, f"{function}({name})")
            assert [Fraction(float(x)).limit_denominator(1000) for x in got] == [o[2][p] for o in outcomes]
        seen["quartered"] += sum(o[1][p] and sum(o[1]) == 2 and not o[0][p] for o in outcomes)
        seen["tied high"] += sum(o[0][p] and sum(o[0]) > 1 for o in outcomes)
        for street, street_name in STREET_NAMES.items():
            rows = [(holes[i][p], boards[i][:street], [holes[i][q] for q in range(players)]) for i in range(n)]
            highs = [naive.best_high(h, b)[0] for h, b, _ in rows]
            everyone_high = [[naive.best_high(o, b)[0] for o in others] for _, b, others in rows]
            assert call(ev, checked, f"hiRating({name}, {street_name})").tolist() == highs
            categories = [naive.CATEGORY_NAMES.index(naive.category_of_value(v)) for v in highs]
            assert call(ev, checked, f"handType({name}, {street_name})").tolist() == categories
            for type_name, index in HAND_TYPES.items():
                got = call(ev, checked, f"minHandType({name}, {street_name}, {type_name})").tolist()
                assert got == [c >= index for c in categories]
                got = call(ev, checked, f"exactHandType({name}, {street_name}, {type_name})").tolist()
                assert got == [c == index for c in categories]
            assert call(ev, checked, f"bestHiRating({name}, {street_name})").tolist() == [
                h >= max(e) for h, e in zip(highs, everyone_high, strict=True)
            ]
            if (p == 0 and street < 5) or (p == 1 and street == 5):  # the nut reference is slow: some of them
                nuts = [nut_high(h, b, ()) for h, b, _ in rows]
                got = call(ev, checked, f"nutHi({name}, {street_name})").tolist()
                assert got == [h >= nut for h, nut in zip(highs, nuts, strict=True)]
                seen["nut high"] += sum(got)
            if not hilo:
                continue
            lows = [naive.best_low(h, b) for h, b, _ in rows]
            everyone_low = [[naive.best_low(o, b) for o in others] for _, b, others in rows]
            assert call(ev, checked, f"madeLo({name}, {street_name})").tolist() == [x is not None for x in lows]
            assert call(ev, checked, f"loRating({name}, {street_name})").tolist() == [
                -1 if x is None else LOW_VALUE[x] for x in lows
            ]
            assert call(ev, checked, f"minLoRating({name}, {street_name}, '7542A')").tolist() == [
                x is not None and x <= (7, 5, 4, 2, 1) for x in lows
            ]
            assert call(ev, checked, f"bestLoRating({name}, {street_name})").tolist() == [
                x is not None and all(o is None or x <= o for o in e) for x, e in zip(lows, everyone_low, strict=True)
            ]
            if (p == 0 and street > 3) or (p == 1 and street == 3):
                nuts = [nut_low(h, b, ()) for h, b, _ in rows]
                got = call(ev, checked, f"nutLo({name}, {street_name})").tolist()
                assert got == [x is not None and x <= nut for x, nut in zip(lows, nuts, strict=True)]
                seen["nut low"] += sum(got)
            seen["no low possible"] += sum(low_board_count(b) < 3 for _, b, _ in rows)
    for street, street_name in STREET_NAMES.items():
        cuts = [b[:street] for b in boards]
        suits = [Counter(c % 4 for c in b) for b in cuts]
        ranks = [Counter(c // 4 for c in b) for b in cuts]
        assert call(ev, checked, f"boardSuitCount({street_name})").tolist() == [len(s) for s in suits]
        assert call(ev, checked, f"pairedBoard({street_name})").tolist() == [max(r.values()) >= 2 for r in ranks]
        assert call(ev, checked, f"threeFlush({street_name})").tolist() == [max(s.values()) == 3 for s in suits]
        assert call(ev, checked, f"fourFlush({street_name})").tolist() == [max(s.values()) == 4 for s in suits]
        if hilo:
            counts = [low_board_count(b) for b in cuts]
            assert call(ev, checked, f"boardLoCardCount({street_name})").tolist() == counts
            assert call(ev, checked, f"boardAllowsMadeLo({street_name})").tolist() == [c >= 3 for c in counts]
            assert call(ev, checked, f"boardHasOneDistinctLoCard({street_name})").tolist() == [c == 1 for c in counts]
            assert call(ev, checked, f"boardHasTwoDistinctLoCards({street_name})").tolist() == [c == 2 for c in counts]
    assert call(ev, checked, "turnCard()").tolist() == [b[3] for b in boards]
    assert call(ev, checked, "riverCard() = 'As'").tolist() == [b[4] == 51 for b in boards]
    if hilo and n >= 10:  # the weighted decks make these cases come up
        assert seen["nut low"] and seen["no low possible"], seen


def test_every_function_is_tested_here():
    source = "".join(Path(__file__).with_name(name).read_text() for name in ("test_evaluate.py", "test_run.py"))
    assert [f for f in FUNCTIONS if f"{f}(" not in source and f'"{f}"' not in source and f != "inRange"] == []


def block_of(hands, board):
    holes = np.array([[parse_cards(h) for h in hands]], dtype=np.int8)
    return DealBlock(holes, np.array([parse_cards(board)], dtype=np.int8), None)


def test_rules_example_1_quartered_lows_and_tied_highs():
    block = block_of(["Ah Ac 2h 3c", "As 2s 6d 7d", "6s 7s 8d 9d"], "4c 5d Ks Qs 8c")
    ev, checked = evaluator(block, "omaha8", 3)
    assert [float(call(ev, checked, f"riverEquity(p{i})")[0]) for i in (1, 2, 3)] == [0.25, 0.5, 0.25]
    assert call(ev, checked, "tiesLo(p1) and tiesLo(p2) and tiesHi(p2) and tiesHi(p3)").tolist() == [True]
    assert call(ev, checked, "winsHi(p2) or winsLo(p1) or scoops(p2)").tolist() == [False]


def test_rules_example_4_nut_flush_and_nut_low():
    block = block_of(["Ad Kd 3s 2s", "Qh Jh Th 9h"], "Jd 4d 3c Qd 5h")
    ev, checked = evaluator(block, "omaha8", 2)
    assert call(ev, checked, "nutHi(p1, river) and nutLo(p1, river) and scoops(p1)").tolist() == [True]
    assert call(ev, checked, "handType(p1, river) = flush and loRating(p1, river) = '5432A'").tolist() == [True]


def test_counterfeit_turns_the_nut_low_into_a_worse_one():
    # RULES.md: hole A 2 K K, flop 4 6 8: the nut low; the turn 2 counterfeits it.
    block = block_of(["Ah 2c Kd Ks", "9c 9d Th Js"], "4s 6d 8h 2d Qc")
    ev, checked = evaluator(block, "omaha8", 2)
    assert call(ev, checked, "nutLo(p1, flop) and not nutLo(p1, turn) and madeLo(p1, turn)").tolist() == [True]


def test_nuts_read_the_dead_cards():
    # Board KsQsJs: the nut is the royal with As Ts; with Ts dead, AsXs (a flush) cannot be beaten by
    # a straight flush 9s Ts ... only 9s8s makes one: the dead card changes the nut high.
    block = block_of(["As 2s 3d 4d", "Kh Kd 7c 7d"], "Ks Qs Js 2h 3h")
    ev, checked = evaluator(block, "omaha8", 2)
    assert call(ev, checked, "nutHi(p1, flop)").tolist() == [False]
    ev, checked = evaluator(block, "omaha8", 2, dead="Ts 9s")
    assert call(ev, checked, "nutHi(p1, flop)").tolist() == [True]
    assert STREETS["flop"] == 3


def test_outs_match_their_definitions():
    block = random_block(8, 3, 2, 4, np.arange(52), LOW_WEIGHTS)
    ev, checked = evaluator(block, "omaha8", 2, dead="Kc")
    dead = parse_cards("Kc")
    for i in range(len(block)):
        hole, board = block.holes[i, 0].tolist(), block.boards[i].tolist()
        if 51 - 11 in hole + board:  # Kc is dead: it must not be dealt
            pytest.skip("the random deal holds the dead card")
    for street, street_name in ((3, "flop"), (4, "turn")):
        got_flush = call(ev, checked, f"outsToHandType(p1, {street_name}, flush)").tolist()
        assert call(ev, checked, f"minOutsToHandType(p1, {street_name}, flush, 9)").tolist() == [
            n >= 9 for n in got_flush
        ]
        got_nut_low = call(ev, checked, f"nutLoOuts(p1, {street_name})").tolist()
        for i in range(len(block)):
            hole, board = block.holes[i, 0].tolist(), block.boards[i, :street].tolist()
            unseen = [c for c in range(52) if c not in hole + board + list(dead)]
            flush = sum(naive.CATEGORY_NAMES.index(naive.category_of_value(naive.best_high(hole, [*board, c])[0])) >= 5
                        for c in unseen)  # fmt: skip
            assert got_flush[i] == flush
            if i != street - 3:  # the nut low reference is slow: one deal a street
                continue
            nut_low_outs = 0
            for c in unseen:
                low = naive.best_low(hole, [*board, c])
                nut = nut_low(hole, [*board, c], dead)
                nut_low_outs += low is not None and low <= nut
            assert got_nut_low[i] == nut_low_outs
    got = call(ev, checked, "nutHiOuts(p1, turn)").tolist()
    hole, board = block.holes[0, 0].tolist(), block.boards[0, :4].tolist()
    unseen = [c for c in range(52) if c not in hole + board + list(dead)]
    expected = sum(naive.best_high(hole, [*board, c])[0] >= nut_high(hole, [*board, c], dead) for c in unseen)
    assert got[0] == expected
    assert call(ev, checked, "nutHiOuts(p1, river) + outsToHandType(p1, river, pair)").tolist() == [0, 0, 0]


def test_known_hands_read_their_table_at_the_river():
    # Every row holds the same hands: the river values come from the fixed-hand tables
    # (as the equity sampler reads them); they equal the evaluation of the hole cards.
    block = random_block(9, 400, 2, 4, TWO_SUITS, TWO_SUITS_LOW_WEIGHTS)
    block.holes[:] = block.holes[0]
    block.boards[:] = random_block(10, 400, 0, 4, [c for c in range(52) if c not in block.holes[0].ravel()],
                                   np.ones(52 - 8)).boards  # fmt: skip
    ev, _ = evaluator(block, "omaha8", 2)
    for p in range(2):
        high, low = ev.high(p, 5), ev.low(p, 5)
        assert high.tolist() == [naive.best_high(block.holes[0, p].tolist(), b)[0] for b in block.boards.tolist()]
        want = [naive.best_low(block.holes[0, p].tolist(), b) for b in block.boards.tolist()]
        assert low.tolist() == [-1 if x is None else LOW_VALUE[x] for x in want]


# -- HvREquity, minHvHEquity, nutHiForHandType, boardInRange, handRanking ---------------------
def best_by_type(hole, board, dead=()):
    """The best high of each type that two unseen cards make with the board: a pair of
    cards plays its best 2 + 3 hand, whose type is the type it counts for."""
    best = {}
    for pair in unseen_pairs(hole, board, dead):
        value = max(naive.rank5(pair + triple) for triple in combinations(board, 3))
        kind = naive.CATEGORY_NAMES.index(naive.category_of_value(value))
        best[kind] = max(best.get(kind, -1), value)
    return best


@pytest.mark.parametrize(("seed", "deck", "weights"), [(21, np.arange(52), LOW_WEIGHTS), (22, TWO_SUITS, None)])
def test_best_high_of_each_type_matches_its_definition(seed, deck, weights):
    weights = np.ones(len(deck)) if weights is None else weights
    block = random_block(seed, 6, 1, 4, deck, weights)
    tables = get_tables()
    for street in (3, 4, 5):
        out = np.empty((len(block), 9), dtype=np.int16)
        boards = np.ascontiguousarray(block.boards[:, :street])
        holes = np.ascontiguousarray(block.holes[:, 0])
        nut_high_by_type(holes, boards, street, 0, tables.board_pair, tables.flush5, tables.suited, _categories(), out)
        for i in range(len(block)):
            best = best_by_type(holes[i].tolist(), boards[i].tolist())
            assert out[i].tolist() == [best.get(t, -1) for t in range(9)], (street, i)


@pytest.mark.parametrize(("seed", "game", "hole", "deck"), [(23, "omaha8", 4, None), (24, "omahahi5", 5, TWO_SUITS)])
def test_nut_high_for_hand_type_matches_its_definition(seed, game, hole, deck):
    deck = np.arange(52) if deck is None else deck
    weights = LOW_WEIGHTS if len(deck) == 52 else TWO_SUITS_LOW_WEIGHTS
    block = random_block(seed, 6, 2, hole, deck, weights)
    dead = parse_cards("Kc") if len(deck) == 52 else ()
    if any(set(dead) & set(r) for r in block.holes.reshape(len(block), -1).tolist() + block.boards.tolist()):
        pytest.skip("the random deal holds the dead card")
    ev, checked = evaluator(block, game, 2, dead="Kc" if dead else "")
    found = 0
    for street, name in STREET_NAMES.items():
        got = call(ev, checked, f"nutHiForHandType(p1, {name})").tolist()
        for i in range(len(block)):
            hole_cards, board = block.holes[i, 0].tolist(), block.boards[i, :street].tolist()
            own = naive.best_high(hole_cards, board)[0]
            kind = naive.CATEGORY_NAMES.index(naive.category_of_value(own))
            assert got[i] == (own >= best_by_type(hole_cards, board, dead).get(kind, -1)), (street, i)
        found += sum(got)
        # The nuts are the best of their type.
        assert not (call(ev, checked, f"nutHi(p1, {name}) and not nutHiForHandType(p1, {name})")).any()
    assert found  # some deal holds the best of its type


def test_nut_high_for_hand_type_documented_example():
    # Open PQL's example, in Omaha: a pair of aces with the best kicker on Ad Td 2d is the best pair.
    block = block_of(["As Kh 7c 3s", "Qh Jh 9c 8s"], "Ad Td 2d 5c 6h")
    ev, checked = evaluator(block, "omahahi", 2)
    assert call(ev, checked, "handType(p1, flop) = pair and nutHiForHandType(p1, flop)").tolist() == [True]
    assert call(ev, checked, "nutHi(p1, flop) or nutHiForHandType(p2, flop)").tolist() == [False]


BOARD_RANKS, BOARD_SUITS = "23456789TJQKA", "cdhs"


def reference_tokens(pattern):
    """A pattern as (rank or None, suit letter or None) per card, read one character at a time."""
    cards, i = [], 0
    while i < len(pattern):
        rank = None
        if pattern[i] in BOARD_RANKS or pattern[i] == "*":
            rank = None if pattern[i] == "*" else BOARD_RANKS.index(pattern[i])
            i += 1
        suit = None
        if i < len(pattern) and pattern[i] in "cdhswxyz":
            suit = pattern[i]
            i += 1
        cards.append((rank, suit))
    return cards


def reference_in_range(text, board):
    """Whether the board (card ints) is in the board range: try every order of the flop and
    every one-to-one assignment of suits to the suit variables."""
    for pattern in text.split(","):
        cards = reference_tokens(pattern.strip())
        variables = sorted({s for _, s in cards if s in ("w", "x", "y", "z")})
        for flop in permutations(board[:3]):
            dealt = list(flop) + board[3:]
            for suits in permutations(range(4), len(variables)):
                assign = dict(zip(variables, suits, strict=True))
                if all(
                    (rank is None or c // 4 == rank)
                    and (suit is None or c % 4 == (BOARD_SUITS.index(suit) if suit in BOARD_SUITS else assign[suit]))
                    for (rank, suit), c in zip(cards, dealt, strict=False)
                ):
                    return True
    return False


def test_board_in_range_matches_its_definition():
    rng = np.random.default_rng(31)
    alphabet_ranks = ["*", "A", "K", "2", "7"]
    alphabet_suits = ["", "", "s", "d", "w", "x", "y"]
    block = random_block(32, 300, 1, 4, TWO_SUITS, np.ones(len(TWO_SUITS)))
    ev, checked = evaluator(block, "omaha8", 1)
    boards = block.boards.tolist()
    hits = 0
    for _ in range(40):
        patterns = []
        for _ in range(rng.integers(1, 3)):
            length = int(rng.integers(3, 6))
            patterns.append("".join(rng.choice(alphabet_ranks) + rng.choice(alphabet_suits) for _ in range(length)))
        text = ", ".join(patterns)
        got = call(ev, checked, f"boardInRange('{text}')").tolist()
        assert got == [reference_in_range(text, b) for b in boards], text
        hits += sum(got)
    assert hits


def test_board_in_range_propokertools_examples():
    block = block_of(["2c 2d 3c 3d"], "As Kd Jh Kc 3s")
    ev, checked = evaluator(block, "omaha8", 1)
    got = [call(ev, checked, f"boardInRange('{t}')").tolist()[0] for t in ("AKK", "AKJ3K", "KJAK3", "AKJK3")]
    assert got == [False, False, True, True]


def test_board_in_range_enumerates_the_street_its_pattern_reads():
    # 'wwwx': a monotone flop and a turn of another suit, counted over every flop and turn.
    result = query("select count(boardInRange('wwwx')) from game='omaha8', hero='KsKhQdJd'")
    left = [c for c in range(52) if c not in parse_cards("KsKhQdJd")]
    turns = 0
    for flop in combinations(left, 3):
        if len({c % 4 for c in flop}) == 1:
            turns += sum(c % 4 != flop[0] % 4 for c in left if c not in flop)
    total = len(list(combinations(left, 3))) * (len(left) - 3)
    assert result.exact and result.selectors[0].fraction == Fraction(turns, total)


@pytest.mark.parametrize(
    ("text", "message"),
    [("AK", "has 2 cards"), ("AKQJT9", "has 6 cards"), ("AKX", "'X' in 'AKX' is no rank"), ("AK*,", "has 0 cards")],
)
def test_bad_board_ranges_are_named_with_a_caret(text, message):
    with pytest.raises(QueryError, match=message) as error:
        query(f"select count(boardInRange('{text}')) from hero='KsKhQdJd'")
    assert "^" in str(error.value)


@pytest.mark.parametrize(("hole", "game"), [(4, "omaha8"), (5, "omaha85")])
def test_hand_ranking_is_the_preflop_percentile(hole, game):
    block = random_block(41, 20, 2, hole, np.arange(52), np.ones(52))
    ev, checked = evaluator(block, game, 2)
    got = call(ev, checked, "handRanking(p2)").tolist()
    assert got == [preflop_rank(format_cards(h)).percentile for h in block.holes[:, 1].tolist()]
    assert call(ev, checked, "handRanking(p1) <= 1 and handRanking(p1) > 0").all()


def test_hand_ranking_orders_the_hands():
    result = query(
        "select max(handRanking(hero)) as best, max(handRanking(villain)) as worst "
        "from game='omaha8', hero='AsAh2s3h', villain='Kc7d3d2c', board='Qc9d4s'"
    )
    assert result["best"].value < 0.001 < result["worst"].value == preflop_rank("Kc7d3d2c").percentile


def test_min_hvh_equity_is_the_threshold_of_hvh_equity():
    block = random_block(51, 8, 2, 4, np.arange(52), LOW_WEIGHTS)
    ev, checked = evaluator(block, "omaha8", 2)
    for threshold in ("0", "0.25", "0.5", "1"):
        got = call(ev, checked, f"minHvHEquity(p1, turn, {threshold})")
        assert got.tolist() == (call(ev, checked, "HvHEquity(p1, turn)") >= float(threshold)).tolist()


def reference_hvr(hero, board, opponents, hilo):
    """The hero's share over every combination of the opponents' hands (lists of card
    lists) that shares no card with the hero, the board or each other, and every runout
    of the cards left."""
    total, count = Fraction(0), 0
    for hands in product(*opponents):
        cards = [*hero, *board, *(c for h in hands for c in h)]
        if len(set(cards)) != len(cards):
            continue
        left = [c for c in range(52) if c not in cards]
        for runout in combinations(left, 5 - len(board)):
            total += showdown([hero, *hands], [*board, *runout], hilo)[2][0]
            count += 1
    return total / count


HVR_CASES = [
    # (game, players' from texts (hero first), the hero's hands and boards of the deals, street)
    (
        "omaha8",
        ["*", "KsKhQdJd, 9s9h8d7d, As2d3h4c, 5s6s7h8h, AdKd2h3c"],
        [("AsAh2c3d", "Ac8c5h9d"), ("5c6c7d8d", "Ac8c5h9d"), ("AsAh2c3d", "Ac8c5h9d"), ("QcQd3s4s", "Kc7h2d6s")],
        4,
    ),
    (
        "omahahi",
        ["*", "KsKhQdJd, 9s9h8d7d", "AdKd2h3c, TcTd6h6s, 2s3s4d5d"],
        [("AsAh2c3d", "Ac8c5h9dJh"), ("5c6c7d8d", "Ac8c5h9dJh"), ("QcQd3s4s", "Kc7h2d6s5h")],
        5,
    ),
]


@pytest.mark.parametrize(("game", "texts", "deals", "street"), HVR_CASES)
def test_hand_vs_range_equity_matches_its_definition(game, texts, deals, street, monkeypatch):
    names = [f"p{i + 1}" for i in range(len(texts))]
    text = "select count(pairedBoard(flop)) from " + ", ".join(f"{n}='{t}'" for n, t in zip(names, texts, strict=True))
    checked = check_query(parse_query(f"{text}, game='{game}'"))
    holes = np.zeros((len(deals), len(texts), 4), dtype=np.int8)
    holes[:, 0] = [parse_cards(h) for h, _ in deals]
    boards = np.zeros((len(deals), 5), dtype=np.int8)
    boards[:, :street] = [parse_cards(b)[:street] for _, b in deals]
    runs = []
    original = hvr_module._one_run
    monkeypatch.setattr(hvr_module, "_one_run", lambda *args: runs.append(1) or original(*args))
    ev = BlockEvaluator(checked, DealBlock(holes, boards, None))
    got = call(ev, checked, f"HvREquity(p1, {STREET_NAMES[street]})").tolist()
    opponents = [[parse_cards(h) for h in t.split(",")] for t in texts[1:]]
    for value, (hand, board) in zip(got, deals, strict=True):
        expected = reference_hvr(parse_cards(hand), parse_cards(board)[:street], opponents, game == "omaha8")
        assert value == pytest.approx(float(expected), abs=1e-12), (hand, board)
    assert len(runs) == len(set(deals))  # a repeated hand and board is one engine run


def test_hand_vs_range_of_a_known_hand_on_a_known_board_equals_equity():
    result = query(
        "select avg(HvREquity(hero, turn)) as hvr from game='omaha8', hero='AsAh2c3d', villain='KK**', board='Ac8c5h9d'"
    )
    assert result["hvr"].value == pytest.approx(equity(["AsAh2c3d", "KK**"], "Ac8c5h9d").players[0].equity, abs=1e-12)


def test_hopeless_hand_vs_range_is_refused_with_its_estimate():
    with pytest.raises(WorkLimitError, match=r"HvREquity .* \(600,000 run\(s\) of about .*, over 600,000 deals\)"):
        query("select avg(HvREquity(hero, flop)) from game='omaha8', hero='A2**', villain='15%'", seed=1)
    # One run on a known hand and board, but a hopeless one: 15% and KK** against it on the turn.
    with pytest.raises(WorkLimitError, match=r"\(1 run\(s\) of about") as error:
        query(
            "select avg(HvREquity(hero, turn)) from hero='AsAh2c3d', villain='15%', villain2='KK**', board='7c8c9cTc'",
            seed=1,
        )
    assert error.value.seconds > 600


@pytest.mark.parametrize(("seed", "hole", "game"), [(11, 4, "omaha8"), (12, 5, "omaha85"), (13, 6, "omahahi6")])
def test_flop_hand_category_is_the_explorers_high_class(seed, hole, game):
    """flopHandCategory against the plain definitions of docs/range-explorer.md
    (tests/naive_holdings.py), deal by deal; the names order worst first."""
    import naive_holdings

    from omaha8eq.pql.functions import FLOP_CATEGORIES

    block = random_block(seed, 30, 2, hole, TWO_SUITS, TWO_SUITS_LOW_WEIGHTS)
    ev, checked = evaluator(block, game, 2)
    for p, name in enumerate(("p1", "p2")):
        want = [
            FLOP_CATEGORIES["flop" + naive_holdings.high_class(h[p], tuple(b[:3]), h[p]).replace(" ", "")]
            for h, b in zip(block.holes.tolist(), block.boards.tolist(), strict=True)
        ]
        assert call(ev, checked, f"flopHandCategory({name})").tolist() == want
        assert call(ev, checked, f"flopHandCategory({name}) >= FLOPTOPSET").tolist() == [
            w >= FLOP_CATEGORIES["floptopset"] for w in want
        ]


# The hand type (``tables.CATEGORIES`` index) of each of the explorer's made high classes.
_CLASS_TYPES = {
    "straight flush": 8, "quads": 7, "nut full house": 6, "other full house": 6, "nut flush": 5,
    "second nut flush": 5, "weaker flush": 5, "nut straight": 4, "other straight": 4, "top set": 3,
    "middle set": 3, "bottom set": 3, "trips": 3, "top two pair": 2, "other two pair": 2, "overpair": 1,
    "top pair top kicker": 1, "top pair weaker kicker": 1, "other pair": 1, "no pair": 0,
}  # fmt: skip


@pytest.mark.parametrize(("seed", "hole", "game", "street"), [(14, 4, "omaha8", 3), (15, 5, "omaha85", 4)])
def test_hand_class_is_the_explorers_filter(seed, hole, game, street):
    """handClass against the plain definitions of docs/range-explorer.md deal by deal, with
    the filter's families and operators; and handType is the hand type of the explorer's
    made high class: one vocabulary."""
    import naive_holdings

    block = random_block(seed, 20, 2, hole, TWO_SUITS, TWO_SUITS_LOW_WEIGHTS)
    ev, checked = evaluator(block, game, 2)
    street_name = STREET_NAMES[street]
    for p, name in enumerate(("p1", "p2")):
        truth = [
            naive_holdings.classes(tuple(h[p]), tuple(b[:street]))
            for h, b in zip(block.holes.tolist(), block.boards.tolist(), strict=True)
        ]
        got = call(ev, checked, f"handClass({name}, {street_name}, 'Nut Low Draw or (set and not flush draw)')")
        want = [
            c[2] in ("protected nut low draw", "unprotected nut low draw")
            or (c[0].endswith(" set") and c[3] not in ("nut flush draw", "other flush draw"))
            for c in truth
        ]
        assert got.tolist() == want
        got = call(ev, checked, f"handClass({name}, {street_name}, 'no pair or low')")
        assert got.tolist() == [c[0] == "no pair" or c[1] != "no low" for c in truth]
        types = call(ev, checked, f"handType({name}, {street_name})")
        assert types.tolist() == [_CLASS_TYPES[c[0]] for c in truth]


# The low cards of clubs and hearts: dead, they leave two cards of each low rank to deal
# from TWO_SUITS, so hands often hold a whole low rank (and block the others' lows).
_LOW_CLUBS_HEARTS = "".join(f"{r}{s}" for r in "A2345678" for s in "ch")


@pytest.mark.parametrize(
    ("seed", "hole", "game", "street", "dead"),
    [
        (16, 4, "omaha8", 3, ""),
        (17, 5, "omaha85", 4, _LOW_CLUBS_HEARTS),
        (18, 6, "omaha86", 5, _LOW_CLUBS_HEARTS),
        (19, 4, "omaha8", 3, _LOW_CLUBS_HEARTS),
    ],
)
def test_the_explorers_nuts_are_the_querys(seed, hole, game, street, dead):
    """One vocabulary: the explorer's "nut low" is nutLo, and its nut full house, nut flush
    and nut straight are the hand type with nutHiForHandType, deal by deal: both take the
    player's own cards and the dead cards out of the others' holdings."""
    block = random_block(seed, 60, 2, hole, TWO_SUITS, TWO_SUITS_LOW_WEIGHTS)
    ev, checked = evaluator(block, game, 2, dead)
    street_name = STREET_NAMES[street]
    found = Counter()
    for name in ("p1", "p2"):
        nut_low = call(ev, checked, f"handClass({name}, {street_name}, 'nut low')")
        assert nut_low.tolist() == call(ev, checked, f"nutLo({name}, {street_name})").tolist()
        found["nut low"] += int(nut_low.sum())
        hand_type = call(ev, checked, f"handType({name}, {street_name})")
        nut_of_type = call(ev, checked, f"nutHiForHandType({name}, {street_name})")
        for name_of_class, type_id in (("nut full house", 6), ("nut flush", 5), ("nut straight", 4)):
            got = call(ev, checked, f"handClass({name}, {street_name}, '{name_of_class}')")
            assert got.tolist() == ((hand_type == type_id) & nut_of_type).tolist()
            found[name_of_class] += int(got.sum())
    assert found["nut low"] > 0 and found["nut flush"] > 0


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("select count(handClass(hero, flop, 'nut low drow')) from hero='A2**'", "did you mean 'nut low draw'"),
        ("select count(handClass(hero, flop, 'set trips')) from hero='A2**'", "unexpected 'trips' after 'set'"),
        ("select count(handClass(hero, flop, 'and set')) from hero='A2**'", "missing before 'and'"),
        ("select count(handClass(hero, flop, 2)) from hero='A2**'", "must be a class expression"),
    ],
)
def test_bad_hand_classes_are_named_with_a_caret(text, message):
    with pytest.raises(QueryError, match=message) as error:
        query(text, samples=10)
    assert str(error.value).splitlines()[-1].strip() == "^"
