"""Plain-Python reference for omaha8eq.counterfeit: every runout visited one by one.

Built only on tests/naive.py (``best_low``, ``equity``) and the standard library; it
shares no code with the package. Cards are ints 0..51 (``card = 4*rank + suit``, rank
0..12 = 2..A). Lows are naive's descending rank tuples (ace = 1): smaller is better.

Definitions (omaha8eq/counterfeit.py and docs/counterfeit.md say the same):

- runouts: every set of cards completing the board to five, from the unseen cards
  (not in the hand, board, dead cards or opponents' hands);
- low cards: the two hole cards of the best low now (several pairs making it: the pair
  whose ranks, higher first, are lowest; then the first in hand order); with no low now,
  the two lowest different low ranks among the hole cards whose rank is not on the board
  (fewer than two such: among all hole cards), the first card of each rank; none when
  no runout gives the hand a low;
- counterfeit: a card to come has the rank of a low card;
- nut low: no two unseen cards (after the runout) make a better low with the board.

Opponents' ranges (``range_counterfeit_odds``): every combination of the ranges' hands
(one each, no card shared, none holding a card of the hand, board, dead cards or known
opponents) is weighted by the product of its hands' whole-number weights; a range left
with one hand is a known opponent. The report is the weighted sum of the known-opponent
reports of the combinations (all have the same number of runouts), measured against
the low cards of the joint deal; the current low's nuttiness and the next cards are
relative to the cards outside the hand, board, dead cards and known opponents.
"""

from fractions import Fraction
from itertools import combinations, product
from math import prod

import naive


def low_rank(card):
    """Ace-to-five rank: ace 1, deuce 2, ..., king 13."""
    r = card // 4
    return 1 if r == 12 else r + 2


def five_card_low(cards):
    """Descending ranks (ace = 1) if the five cards make an 8-or-better low, else None."""
    ranks = sorted((low_rank(c) for c in cards), reverse=True)
    if ranks[0] > 8 or len(set(ranks)) != 5:
        return None
    return tuple(ranks)


def best_low_of_pair(pair, board):
    """The best low of exactly these two hole cards with three of the board's cards."""
    lows = [five_card_low(tuple(pair) + b3) for b3 in combinations(board, 3)]
    lows = [low for low in lows if low is not None]
    return min(lows) if lows else None


def nut_low(board, unseen):
    """The best low any hand of unseen cards makes with the board (None if none).

    Suits do not matter for lows, so one unseen card of each low rank stands for all.
    """
    one_of_rank = {}
    for c in unseen:
        if low_rank(c) <= 8:
            one_of_rank.setdefault(low_rank(c), c)
    lows = [best_low_of_pair((one_of_rank[a], one_of_rank[b]), board) for a, b in combinations(sorted(one_of_rank), 2)]
    lows = [low for low in lows if low is not None]
    return min(lows) if lows else None


def is_nut(low, board, unseen):
    best = nut_low(board, unseen)
    return low is not None and (best is None or low <= best)


def low_cards(hand, board, low_possible):
    """The two hole cards the counterfeit is measured against (see the module docstring)."""
    if not low_possible:
        return ()
    now = naive.best_low(hand, board) if board else None
    if now is not None:
        makers = [p for p in combinations(hand, 2) if best_low_of_pair(p, board) == now]
        return min(makers, key=lambda p: sorted((low_rank(c) for c in p), reverse=True))
    first = {}
    for c in hand:
        if low_rank(c) <= 8:
            first.setdefault(low_rank(c), c)
    board_ranks = {low_rank(c) for c in board}
    free = [r for r in sorted(first) if r not in board_ranks]
    chosen = (free if len(free) >= 2 else sorted(first))[:2]
    return tuple(c for c in hand if low_rank(c) in chosen and first[low_rank(c)] == c)


def counterfeit_odds(hand, board=(), dead=(), opponents=(), cards=None):
    """Every count and probability of omaha8eq.counterfeit_odds, by brute force.

    ``cards``: the low cards to measure the counterfeit against (default: by the
    definition above).

    Returns a dict: runouts, counterfeit, low, nut, counterfeit_low, counterfeit_nut
    (runout counts), low_now, low_now_nut, low_cards, next (card -> (counterfeits,
    low, nut) for a flop or turn), p_* Fractions as in CounterfeitReport.exact, and,
    with opponents, equity, equity_if_counterfeited, equity_if_not_counterfeited (each
    runout's pot share from naive.equity on the completed board; None when empty).
    """
    hand, board, dead = tuple(hand), tuple(board), tuple(dead)
    seen = set(hand) | set(board) | set(dead) | {c for h in opponents for c in h}
    unseen = [c for c in range(52) if c not in seen]
    to_come = 5 - len(board)
    runs = []
    for extra in combinations(unseen, to_come):
        final = board + extra
        low = naive.best_low(hand, final)
        rest = [c for c in unseen if c not in extra]
        runs.append((extra, low is not None, is_nut(low, final, rest)))
    cards = low_cards(hand, board, any(r[1] for r in runs)) if cards is None else tuple(cards)
    ranks = {low_rank(c) for c in cards}
    counterfeited = [r for r in runs if any(low_rank(c) in ranks for c in r[0])]

    def ratio(a, b):
        return Fraction(a, b) if b else Fraction(0)

    n, n_cf = len(runs), len(counterfeited)
    out = {
        "runouts": n,
        "counterfeit": n_cf,
        "low": sum(r[1] for r in runs),
        "nut": sum(r[2] for r in runs),
        "counterfeit_low": sum(r[1] for r in counterfeited),
        "counterfeit_nut": sum(r[2] for r in counterfeited),
        "low_cards": cards,
    }
    out["p_counterfeit"] = ratio(n_cf, n)
    out["p_low"] = ratio(out["low"], n)
    out["p_nut_low"] = ratio(out["nut"], n)
    out["p_low_if_counterfeited"] = ratio(out["counterfeit_low"], n_cf)
    out["p_nut_low_if_counterfeited"] = ratio(out["counterfeit_nut"], n_cf)
    now = naive.best_low(hand, board) if board else None
    out["low_now"] = now
    out["low_now_nut"] = is_nut(now, board, unseen) if board else False
    out["next"] = {}
    if to_come <= 2:
        for c in unseen:
            low = naive.best_low(hand, (*board, c))
            rest = [u for u in unseen if u != c]
            out["next"][c] = (low_rank(c) in ranks, low, is_nut(low, (*board, c), rest))
    if opponents:
        hands = [hand] + [tuple(h) for h in opponents]
        shares = {}
        for extra in combinations(unseen, to_come):
            shares[extra] = naive.equity(hands, board + extra)["players"][0]["equity"]
        cf_runs = {r[0] for r in counterfeited}
        cf = [s for e, s in shares.items() if e in cf_runs]
        other = [s for e, s in shares.items() if e not in cf_runs]
        out["equity"] = sum(shares.values()) / len(shares)
        out["equity_if_counterfeited"] = sum(cf) / len(cf) if cf else None
        out["equity_if_not_counterfeited"] = sum(other) / len(other) if other else None
    return out


def range_counterfeit_odds(hand, board=(), dead=(), known=(), ranges=()):
    """The report against known opponents and ranges, from per-combination reports.

    ``known``: known hands; ``ranges``: each a list of (hand, whole-number weight).
    Returns the keys of ``counterfeit_odds`` (counts weighted by the combinations'
    weights) plus "combinations" (how many joint combinations there are).
    """
    hand, board, dead = tuple(hand), tuple(board), tuple(dead)
    known = [tuple(h) for h in known]
    ranges = [[(tuple(h), w) for h, w in r] for r in ranges]
    seen = set(hand) | set(board) | set(dead) | {c for h in known for c in h}
    while True:
        ranges = [[(h, w) for h, w in r if not seen & set(h)] for r in ranges]
        if any(not r for r in ranges):
            raise ValueError("a range has no hand left")
        single = [r for r in ranges if len(r) == 1]
        if not single:
            break
        known.append(single[0][0][0])
        seen |= set(single[0][0][0])
        ranges.remove(single[0])
    combos = []
    for choice in product(*ranges):
        cards = [c for h, _ in choice for c in h]
        if len(set(cards)) == len(cards):
            combos.append(([h for h, _ in choice], prod(w for _, w in choice)))
    if not combos:
        raise ValueError("the ranges cannot be dealt together")
    candidate = low_cards(hand, board, True)
    reports = [(w, counterfeit_odds(hand, board, dead, known + hs, cards=candidate)) for hs, w in combos]
    if not any(r["low"] for _, r in reports):  # no low in any deal: no low cards
        reports = [(w, counterfeit_odds(hand, board, dead, known + hs, cards=())) for hs, w in combos]
    out = {"combinations": len(combos), "low_cards": reports[0][1]["low_cards"]}
    for key in ("runouts", "counterfeit", "low", "nut", "counterfeit_low", "counterfeit_nut"):
        out[key] = sum(w * r[key] for w, r in reports)

    def ratio(a, b):
        return Fraction(a, b) if b else Fraction(0)

    out["p_counterfeit"] = ratio(out["counterfeit"], out["runouts"])
    out["p_low"] = ratio(out["low"], out["runouts"])
    out["p_nut_low"] = ratio(out["nut"], out["runouts"])
    out["p_low_if_counterfeited"] = ratio(out["counterfeit_low"], out["counterfeit"])
    out["p_nut_low_if_counterfeited"] = ratio(out["counterfeit_nut"], out["counterfeit"])
    unseen = [c for c in range(52) if c not in seen]
    now = naive.best_low(hand, board) if board else None
    out["low_now"] = now
    out["low_now_nut"] = is_nut(now, board, unseen) if board else False
    ranks = {low_rank(c) for c in out["low_cards"]}
    out["next"] = {}
    if len(board) >= 3:
        for c in unseen:
            low = naive.best_low(hand, (*board, c))
            rest = [u for u in unseen if u != c]
            out["next"][c] = (low_rank(c) in ranks, low, is_nut(low, (*board, c), rest))
    if known or ranges:
        n_cf = out["counterfeit"]
        n_other = out["runouts"] - n_cf
        out["equity"] = sum(w * r["runouts"] * r["equity"] for w, r in reports) / out["runouts"]
        out["equity_if_counterfeited"] = (
            sum(w * r["counterfeit"] * r["equity_if_counterfeited"] for w, r in reports if r["counterfeit"]) / n_cf
            if n_cf
            else None
        )
        out["equity_if_not_counterfeited"] = (
            sum(
                w * (r["runouts"] - r["counterfeit"]) * r["equity_if_not_counterfeited"]
                for w, r in reports
                if r["runouts"] > r["counterfeit"]
            )
            / n_other
            if n_other
            else None
        )
    return out
