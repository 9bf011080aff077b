"""Plain-Python reference for omaha8eq.counterfeit: every runout visited one by one.

Built only on tests/naive.py (``best_low``, ``equity``) and the standard library; it
shares no code with the package. Cards are ints 0..51 (``card = 4*rank + suit``, rank
0..12 = 2..A). Lows are naive's descending rank tuples (ace = 1): smaller is better.

Definitions (omaha8eq/counterfeit.py and the README say the same):

- runouts: every set of cards completing the board to five, from the unseen cards
  (not in the hand, board, dead cards or opponents' hands);
- low cards: the two hole cards of the best low now (several pairs making it: the pair
  whose ranks, higher first, are lowest; then the first in hand order); with no low now,
  the two lowest different low ranks among the hole cards whose rank is not on the board
  (fewer than two such: among all hole cards), the first card of each rank; none when
  no runout gives the hand a low;
- counterfeit: a card to come has the rank of a low card;
- nut low: no two unseen cards (after the runout) make a better low with the board.
"""

from fractions import Fraction
from itertools import combinations

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


def counterfeit_odds(hand, board=(), dead=(), opponents=()):
    """Every count and probability of omaha8eq.counterfeit_odds, by brute force.

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
    cards = low_cards(hand, board, any(r[1] for r in runs))
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
            low = naive.best_low(hand, board + (c,))
            rest = [u for u in unseen if u != c]
            out["next"][c] = (low_rank(c) in ranks, low, is_nut(low, board + (c,), rest))
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
