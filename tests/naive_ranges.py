"""Slow, obviously-correct reference for range patterns and macros (stdlib only).

It shares no code with ``omaha8eq.ranges``. A hand is a tuple of card ints
(``4 * rank + suit``; rank 0..12 = 2..A, suit 0..3 = c, d, h, s).

matches(pattern, hand) -> bool   the pattern's slots fit distinct cards of the hand
macro(name, hand) -> bool        $ds $ss $r $np $low by their written definitions

Pattern text here: slots glued together, each a rank (``2-9 T J Q K A``), a rank
variable (``R O N B M P``), ``*`` or a list ``[2-5]`` / ``[2345]``, optionally
followed by a suit (``c d h s``) or a suit variable (``w x y z``).
"""

from collections import Counter
from itertools import permutations

RANKS = "23456789TJQKA"
SUITS = "cdhs"
RANK_VARS = "RONBMP"
SUIT_VARS = "wxyz"


def parse_slots(pattern):
    """[(ranks allowed: set, suit: int | None, rank var: str | None, suit var: str | None)]."""
    slots = []
    i = 0
    while i < len(pattern):
        ch = pattern[i]
        rank_var = None
        if ch == "[":
            end = pattern.index("]", i)
            body = pattern[i + 1 : end]
            ranks = set()
            for part in body.split(","):
                if "-" in part:
                    a, b = sorted(RANKS.index(x) for x in part.split("-"))
                    ranks |= set(range(a, b + 1))
                else:
                    ranks |= {RANKS.index(x) for x in part}
            i = end + 1
        elif ch == "*":
            ranks = set(range(13))
            i += 1
        elif ch in RANK_VARS:
            ranks = set(range(13))
            rank_var = ch
            i += 1
        else:
            ranks = {RANKS.index(ch)}
            i += 1
        suit = suit_var = None
        if i < len(pattern) and pattern[i] in SUITS:
            suit = SUITS.index(pattern[i])
            i += 1
        elif i < len(pattern) and pattern[i] in SUIT_VARS:
            suit_var = pattern[i]
            i += 1
        slots.append((ranks, suit, rank_var, suit_var))
    return slots


def matches(pattern, hand):
    """Whether some assignment of the pattern's slots to distinct cards of ``hand`` fits.

    Same rank variable = same rank, different rank variables = different ranks, and
    a rank variable never takes a rank written alone in the pattern; the same for
    suit variables and written suits.
    """
    slots = parse_slots(pattern)
    written_ranks = {min(r) for r, _, v, _ in slots if v is None and len(r) == 1}
    written_suits = {s for _, s, _, _ in slots if s is not None}
    for cards in permutations(hand, len(slots)):
        rank_of, suit_of = {}, {}
        ok = True
        for (ranks, suit, rank_var, suit_var), c in zip(slots, cards, strict=True):
            r, s = c // 4, c % 4
            if r not in ranks or (suit is not None and s != suit):
                ok = False
                break
            if rank_var is not None and (r in written_ranks or rank_of.setdefault(rank_var, r) != r):
                ok = False
                break
            if suit_var is not None and (s in written_suits or suit_of.setdefault(suit_var, s) != s):
                ok = False
                break
        if ok and len(set(rank_of.values())) == len(rank_of) and len(set(suit_of.values())) == len(suit_of):
            return True
    return False


def macro(name, hand):
    suits = Counter(c % 4 for c in hand)
    ranks = Counter(c // 4 for c in hand)
    suited = sum(1 for n in suits.values() if n >= 2)
    if name == "ds":
        return suited >= 2
    if name == "ss":
        return suited == 1
    if name == "r":
        return suited == 0
    if name == "np":
        return max(ranks.values()) == 1
    if name == "low":
        return len({r for r in ranks if r == 12 or r <= 6}) >= 2
    raise ValueError(name)
