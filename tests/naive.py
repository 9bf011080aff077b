"""Slow, obviously-correct reference implementation of Omaha Hi-Lo (8-or-better).

This module is the test oracle for the fast ``omaha8eq`` package.  It shares no
code with the package and imports only the Python standard library.  Rules
follow docs/RULES.md.

Card format
-----------
A card is an int 0..51, ``card = 4*rank + suit``; rank 0..12 means
2,3,4,5,6,7,8,9,T,J,Q,K,A and suit 0..3 means c,d,h,s.  Hands and boards are
sequences of such ints.

Public functions
----------------
rank5(cards) -> int                        high-hand class 0..7461 (higher is better)
category5(cards) -> str                    category name of a 5-card high hand
value5(cards) -> (int, int)                rank5 and the category's index, cards unchecked
best_high(hole, board) -> (value, hole2, board3)
best_low(hole, board) -> tuple | None      best 8-or-better low, ranks high->low, ace = 1
best_low_cards(hole, board) -> (ranks, hole2, board3) | None
equity(hands, board=(), dead=(), hilo=True) -> dict   exhaustive enumeration
"""

from collections import Counter
from fractions import Fraction
from itertools import combinations, combinations_with_replacement

ACE = 12  # rank index of the ace

CATEGORY_NAMES = (
    "High card",  # 0
    "One pair",  # 1
    "Two pair",  # 2
    "Three of a kind",  # 3
    "Straight",  # 4
    "Flush",  # 5
    "Full house",  # 6
    "Four of a kind",  # 7
    "Straight flush",  # 8
)


def card_rank(card):
    return card // 4


def card_suit(card):
    return card % 4


# ---------------------------------------------------------------------------
# 5-card high hands
# ---------------------------------------------------------------------------


def _straight_top(distinct_ranks):
    """Top rank of the straight formed by 5 distinct ranks, or None.

    The wheel A-2-3-4-5 is the lowest straight; its top card is the 5 (rank 3).
    There is no wrap-around (K-A-2-3-4 is not a straight).
    """
    r = sorted(distinct_ranks)
    if len(r) != 5:
        return None
    if r[4] - r[0] == 4:
        return r[4]
    if r == [0, 1, 2, 3, ACE]:
        return 3
    return None


def _key5(ranks, flush):
    """Comparison key (category, tiebreak ranks...) of a 5-card pattern.

    ``ranks`` are the five card ranks (0..12, any order), ``flush`` tells
    whether all five cards share a suit.  Larger key = better hand.
    """
    counts = Counter(ranks)
    # ranks ordered by (multiplicity, rank), both descending: e.g. full house
    # K-K-K-4-4 -> (K, 4); two pair 9-9-5-5-A -> (9, 5, A).
    ordered = sorted(counts, key=lambda r: (counts[r], r), reverse=True)
    shape = sorted(counts.values(), reverse=True)
    top = _straight_top(ranks) if len(counts) == 5 else None

    if top is not None and flush:
        return (8, top)
    if shape == [4, 1]:
        return (7, *tuple(ordered))
    if shape == [3, 2]:
        return (6, *tuple(ordered))
    if flush:
        return (5, *tuple(ordered))
    if top is not None:
        return (4, top)
    if shape == [3, 1, 1]:
        return (3, *tuple(ordered))
    if shape == [2, 2, 1]:
        return (2, *tuple(ordered))
    if shape == [2, 1, 1, 1]:
        return (1, *tuple(ordered))
    return (0, *tuple(ordered))


_TABLE = None  # dict: (ranks sorted descending, flush) -> (class value, category)


def _table():
    """Build (once) the map from every 5-card rank pattern to its class.

    All patterns: every multiset of 5 ranks with no rank used more than 4
    times (non-flush), plus every set of 5 distinct ranks as a flush.
    The classes are the distinct keys sorted ascending, numbered from 0.
    """
    global _TABLE
    if _TABLE is None:
        patterns = []
        for combo in combinations_with_replacement(range(13), 5):
            ranks = tuple(sorted(combo, reverse=True))
            if max(Counter(ranks).values()) > 4:
                continue
            patterns.append((ranks, False))
            if len(set(ranks)) == 5:
                patterns.append((ranks, True))
        keys = {p: _key5(p[0], p[1]) for p in patterns}
        order = sorted(set(keys.values()))
        value_of_key = {k: i for i, k in enumerate(order)}
        _TABLE = {p: (value_of_key[k], k[0]) for p, k in keys.items()}
    return _TABLE


def _check_cards(cards, n=None):
    cards = tuple(cards)
    for c in cards:
        if not isinstance(c, int) or isinstance(c, bool) or not 0 <= c < 52:
            raise ValueError(f"bad card {c!r}")
    if len(set(cards)) != len(cards):
        raise ValueError(f"duplicate cards in {cards!r}")
    if n is not None and len(cards) != n:
        raise ValueError(f"expected {n} cards, got {len(cards)}")
    return cards


def _lookup5(cards):
    ranks = tuple(sorted((c // 4 for c in cards), reverse=True))
    flush = len({c % 4 for c in cards}) == 1
    return _table()[(ranks, flush)]


def rank5(cards):
    """High-hand class of exactly 5 distinct cards: 0 (7-5-4-3-2) .. 7461 (royal flush)."""
    cards = _check_cards(cards, 5)
    return _lookup5(cards)[0]


def value5(cards):
    """(rank5, category index) of exactly 5 distinct cards, unchecked: for the oracles
    that evaluate every two-card holding of many boards."""
    return _lookup5(cards)


def category5(cards):
    """Category name of exactly 5 distinct cards, e.g. "Full house"."""
    cards = _check_cards(cards, 5)
    return CATEGORY_NAMES[_lookup5(cards)[1]]


def category_of_value(value):
    """Category name of a class value 0..7461."""
    for v, cat in _table().values():
        if v == value:
            return CATEGORY_NAMES[cat]
    raise ValueError(f"bad class value {value!r}")


# ---------------------------------------------------------------------------
# Omaha: exactly 2 hole cards + exactly 3 board cards
# ---------------------------------------------------------------------------


def _check_omaha(hole, board):
    hole = _check_cards(hole)
    board = _check_cards(board)
    if len(hole) not in (4, 5, 6):
        raise ValueError("hole must have 4, 5 or 6 cards")
    if len(board) not in (3, 4, 5):
        raise ValueError("board must have 3, 4 or 5 cards")
    if set(hole) & set(board):
        raise ValueError("hole and board share a card")
    return hole, board


def best_high(hole, board):
    """Best Omaha high: (rank5 value, 2 hole cards used, 3 board cards used)."""
    hole, board = _check_omaha(hole, board)
    best = None
    for h in combinations(hole, 2):
        for b in combinations(board, 3):
            v = _lookup5(h + b)[0]
            if best is None or v > best[0]:
                best = (v, h, b)
    return best


def _low_ranks(cards):
    """Descending low ranks (ace = 1) of 5 cards if they make an 8-or-better low, else None."""
    lows = [1 if c // 4 == ACE else c // 4 + 2 for c in cards]
    if max(lows) > 8 or len(set(lows)) != 5:
        return None
    return tuple(sorted(lows, reverse=True))


def best_low_cards(hole, board):
    """Best 8-or-better low: (ranks high->low with ace = 1, hole2, board3), or None.

    Lower is better: the smallest descending tuple wins lexicographically.
    """
    hole, board = _check_omaha(hole, board)
    best = None
    for h in combinations(hole, 2):
        for b in combinations(board, 3):
            low = _low_ranks(h + b)
            if low is not None and (best is None or low < best[0]):
                best = (low, h, b)
    return best


def best_low(hole, board):
    """Best 8-or-better low as ranks high->low (ace = 1), e.g. (6, 5, 3, 2, 1); None if none."""
    found = best_low_cards(hole, board)
    return None if found is None else found[0]


# ---------------------------------------------------------------------------
# Exhaustive equity
# ---------------------------------------------------------------------------


def _new_player():
    return {
        "hi_win": 0,
        "hi_tie": 0,
        "hi_lose": 0,
        "lo_win": 0,
        "lo_tie": 0,
        "lo_lose": 0,
        "no_low": 0,
        "scoop": 0,
        "shares": Counter(),
        "equity": Fraction(0),
    }


def equity(hands, board=(), dead=(), hilo=True):
    """Enumerate every completion of ``board`` to 5 cards and split each pot.

    Pot rule (hilo=True): if at least one player's low qualifies, half the pot
    goes to the best high and half to the best low (equal hands split their
    half equally); otherwise the best high takes the whole pot.  With
    hilo=False the best high always takes the whole pot.

    Returns {"outcomes": boards enumerated, "no_low": boards where nobody has a
    low (every board when hilo=False), "players": one dict per hand} with, per
    player, board counts "hi_win"/"hi_tie"/"hi_lose", "lo_win"/"lo_tie"/
    "lo_lose" (only when the player's own low qualifies), "no_low" (own low
    does not qualify), "scoop" (whole pot alone), "shares" (Fraction share of
    the pot -> number of boards, INCLUDING Fraction(0) for boards that won
    nothing, so its counts sum to "outcomes") and "equity" (mean share, a
    Fraction).  The equities sum to exactly 1.
    """
    hands = [_check_cards(h) for h in hands]
    board = _check_cards(board)
    dead = _check_cards(dead)
    if len(hands) < 2:
        raise ValueError("need at least 2 hands")
    for h in hands:
        if len(h) not in (4, 5, 6):
            raise ValueError("each hand must have 4, 5 or 6 cards")
    if len(board) > 5:
        raise ValueError("board has more than 5 cards")
    used = [c for h in hands for c in h] + list(board) + list(dead)
    if len(set(used)) != len(used):
        raise ValueError("a card is used twice among hands, board and dead")
    used_set = set(used)
    deck = [c for c in range(52) if c not in used_set]
    need = 5 - len(board)
    if need > len(deck):
        raise ValueError("not enough cards left to complete the board")

    n = len(hands)
    players = [_new_player() for _ in range(n)]
    outcomes = 0
    no_low_boards = 0
    half = Fraction(1, 2)

    for extra in combinations(deck, need):
        full = board + extra
        outcomes += 1
        highs = [best_high(h, full)[0] for h in hands]
        lows = [best_low(h, full) if hilo else None for h in hands]

        top = max(highs)
        hi_winners = [i for i in range(n) if highs[i] == top]
        qualified = [i for i in range(n) if lows[i] is not None]

        shares = [Fraction(0)] * n
        if qualified:
            best_lo = min(lows[i] for i in qualified)
            lo_winners = [i for i in qualified if lows[i] == best_lo]
            for i in hi_winners:
                shares[i] += half / len(hi_winners)
            for i in lo_winners:
                shares[i] += half / len(lo_winners)
        else:
            no_low_boards += 1
            lo_winners = []
            for i in hi_winners:
                shares[i] += Fraction(1, len(hi_winners))

        for i, p in enumerate(players):
            if i in hi_winners:
                p["hi_win" if len(hi_winners) == 1 else "hi_tie"] += 1
            else:
                p["hi_lose"] += 1
            if lows[i] is None:
                p["no_low"] += 1
            elif i in lo_winners:
                p["lo_win" if len(lo_winners) == 1 else "lo_tie"] += 1
            else:
                p["lo_lose"] += 1
            if shares[i] == 1:
                p["scoop"] += 1
            p["shares"][shares[i]] += 1

    for p in players:
        p["shares"] = dict(p["shares"])
        total = sum((s * k for s, k in p["shares"].items()), Fraction(0))
        p["equity"] = total / outcomes
    assert sum(p["equity"] for p in players) == 1
    return {"outcomes": outcomes, "no_low": no_low_boards, "players": players}
