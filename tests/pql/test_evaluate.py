"""Every query function against a plain-Python definition (tests/naive.py), deal by deal.

Random deals of 4, 5 and 6 hole cards, hi-lo and high-only, every street; the decks are
weighted toward low cards and two suits so that lows, ties, quartered lows,
counterfeits, flushes and nut draws come up often; plus the worked examples of RULES.md.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import combinations
from pathlib import Path

import naive
import numpy as np
import pytest
from deals import LOW_VALUE, LOW_WEIGHTS, TWO_SUITS, TWO_SUITS_LOW_WEIGHTS

from omaha8eq import parse_cards
from omaha8eq.pql.check import check_query
from omaha8eq.pql.deals import DealBlock
from omaha8eq.pql.evaluate import BlockEvaluator
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


@pytest.mark.parametrize(("seed", "hole", "game"), [(11, 4, "omaha8"), (12, 5, "omaha85"), (13, 6, "omahahi6")])
def test_flop_hand_category_is_the_explorers_high_class(seed, hole, game):
    """flopHandCategory against the plain definitions of docs/range-explorer.md
    (tests/naive_street_classes.py), deal by deal; the names order worst first."""
    import naive_street_classes

    from omaha8eq.pql.functions import FLOP_CATEGORIES

    block = random_block(seed, 30, 2, hole, TWO_SUITS, TWO_SUITS_LOW_WEIGHTS)
    ev, checked = evaluator(block, game, 2)
    for p, name in enumerate(("p1", "p2")):
        want = [
            FLOP_CATEGORIES["flop" + naive_street_classes.high_class(tuple(h[p]), tuple(b[:3])).replace(" ", "")]
            for h, b in zip(block.holes.tolist(), block.boards.tolist(), strict=True)
        ]
        assert call(ev, checked, f"flopHandCategory({name})").tolist() == want
        assert call(ev, checked, f"flopHandCategory({name}) >= FLOPTOPSET").tolist() == [
            w >= FLOP_CATEGORIES["floptopset"] for w in want
        ]
