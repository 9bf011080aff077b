"""Slow, obviously-correct reference for pots: fair shares by chip layers, and all-in EV.

Shares no code with ``omaha8eq.chips.pots`` or ``omaha8eq.chips.allin``; hands are evaluated with
``naive.py``. Cards are ints 0..51 (``4 * rank + suit``).

Pots are built one chip layer at a time: the u-th chip of every player who put in at
least u chips forms a layer, won by the live players among them. Layers with the same
live players are one pot. A layer with a single live contributor and no other
contributor is that player's uncalled chip, coming back to him; the function leaves
inputs in which folded players put in more than every live player to the caller
(such layers have no live player: ``ValueError``).
"""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction
from itertools import combinations

import naive


def layer_pots(chips, live):
    """{frozenset of live eligible seats: chips} built layer by layer."""
    pots = defaultdict(int)
    for u in range(1, max(chips, default=0) + 1):
        contributors = [i for i, c in enumerate(chips) if c >= u]
        eligible = frozenset(i for i in contributors if live[i])
        if not eligible:
            raise ValueError("a chip layer with no live player")
        pots[eligible] += len(contributors)
    return dict(pots)


def fair_shares(hands, board, pots, hilo=True):
    """Each seat's exact fractional chips from ``pots`` on a full board (no odd-chip rule)."""
    n = len(hands)
    highs = [None if h is None else naive.best_high(h, board)[0] for h in hands]
    lows = [None if h is None or not hilo else naive.best_low(h, board) for h in hands]
    won = [Fraction(0)] * n
    for eligible, amount in pots.items():
        seats = sorted(eligible)
        if len(seats) == 1:
            won[seats[0]] += amount
            continue
        top = max(highs[s] for s in seats)
        high_winners = [s for s in seats if highs[s] == top]
        with_low = [s for s in seats if lows[s] is not None]
        if with_low:
            best = min(lows[s] for s in with_low)
            low_winners = [s for s in with_low if lows[s] == best]
            for s in high_winners:
                won[s] += Fraction(amount, 2 * len(high_winners))
            for s in low_winners:
                won[s] += Fraction(amount, 2 * len(low_winners))
        else:
            for s in high_winners:
                won[s] += Fraction(amount, len(high_winners))
    return won


def _deal(units, seats, button, n):
    """units chips dealt one at a time to seats, clockwise from the button's left."""
    order = sorted(seats, key=lambda s: (s - button - 1) % n)
    out = dict.fromkeys(seats, 0)
    for k in range(units):
        out[order[k % len(order)]] += 1
    return out


def payouts(hands, board, chips, button=0, chip=1, hilo=True):
    """Integer payouts with the odd-chip rules: a halved pot's odd unit goes high, a
    tied half's leftover units one by one clockwise from the button's left."""
    n = len(hands)
    live = [h is not None for h in hands]
    pots = layer_pots(chips, live)
    paid = [0] * n
    if sum(live) == 1:
        paid[live.index(True)] = sum(pots.values())
        return paid
    highs = [None if h is None else naive.best_high(h, board)[0] for h in hands]
    lows = [None if h is None or not hilo else naive.best_low(h, board) for h in hands]
    for eligible, amount in pots.items():
        seats = sorted(eligible)
        units = amount // chip
        top = max(highs[s] for s in seats)
        high_winners = [s for s in seats if highs[s] == top]
        with_low = [s for s in seats if lows[s] is not None]
        if len(seats) == 1 or not with_low:
            halves = [(units, high_winners)]
        else:
            best = min(lows[s] for s in with_low)
            low_winners = [s for s in with_low if lows[s] == best]
            halves = [((units + 1) // 2, high_winners), (units // 2, low_winners)]
        for half_units, winners in halves:
            for s, u in _deal(half_units, winners, button, n).items():
                paid[s] += u * chip
    return paid


def expected_chips(hands, chips, board=(), dead=(), hilo=True):
    """Each seat's exact expected chips back over every completion of ``board``."""
    live = [h is not None for h in hands]
    pots = layer_pots(chips, live)
    used = {c for h in hands if h is not None for c in h} | set(board) | set(dead)
    deck = [c for c in range(52) if c not in used]
    total = [Fraction(0)] * len(hands)
    boards = 0
    for extra in combinations(deck, 5 - len(board)):
        full = tuple(board) + extra
        if sum(live) == 1:
            shares = [Fraction(sum(pots.values())) if live[i] else Fraction(0) for i in range(len(hands))]
        else:
            shares = fair_shares(hands, full, pots, hilo)
        total = [t + s for t, s in zip(total, shares, strict=False)]
        boards += 1
    return [t / boards for t in total]
