"""Slow, obviously-correct reference for double-board Omaha and for running it N times.

Shares no code with the package; hands are evaluated with ``naive.py``. Cards are ints
0..51 (``4 * rank + suit``).

One model covers both: a deal has several boards, each with its known cards; the cards
still to come on board 1 are dealt first from the deck (every card no hand, known board
card or dead card holds), then board 2's from what is left, and so on. A double board has
two boards with their own known cards; running it N times has N boards that share the
same known cards (each run deals from what the earlier runs left). Each board plays for
an equal part of the pot and splits it hi/lo on its own.

Public functions
----------------
board_shares(hands, board, hilo) -> (shares, states)   one board's showdown
boards_equity(hands, boards, dead=(), hilo=True) -> dict   exhaustive enumeration
payouts(hands, boards, chips, button=0, chip=1, hilo=True) -> list   settle, odd chips included
"""

from __future__ import annotations

import functools
from collections import Counter
from fractions import Fraction
from itertools import combinations

import naive
import naive_pots


@functools.lru_cache(maxsize=100_000)
def board_shares(hands, board, hilo=True):
    """Each hand's share of one board's pot, and its (high, low) outcome as words.

    The high word is "win", "tie" or "lose"; the low word "win", "tie" or "lose" (own low
    qualifies), "none" (own low does not, someone's does) or "nobody" (no low at all).
    """
    n = len(hands)
    highs = [naive.best_high(h, board)[0] for h in hands]
    lows = [naive.best_low(h, board) if hilo else None for h in hands]
    top = max(highs)
    high_winners = [i for i in range(n) if highs[i] == top]
    qualified = [i for i in range(n) if lows[i] is not None]
    shares = [Fraction(0)] * n
    low_winners = []
    if qualified:
        best = min(lows[i] for i in qualified)
        low_winners = [i for i in qualified if lows[i] == best]
        for i in high_winners:
            shares[i] += Fraction(1, 2 * len(high_winners))
        for i in low_winners:
            shares[i] += Fraction(1, 2 * len(low_winners))
    else:
        for i in high_winners:
            shares[i] += Fraction(1, len(high_winners))
    states = []
    for i in range(n):
        high = "lose" if i not in high_winners else ("win" if len(high_winners) == 1 else "tie")
        if not qualified:
            low = "nobody"
        elif lows[i] is None:
            low = "none"
        elif i in low_winners:
            low = "win" if len(low_winners) == 1 else "tie"
        else:
            low = "lose"
        states.append((high, low))
    return shares, states


def _completions(deck, boards):
    """Every tuple of full boards: board 1's missing cards first, then board 2's from the rest."""
    if not boards:
        yield ()
        return
    first, rest = boards[0], boards[1:]
    for extra in combinations(deck, 5 - len(first)):
        left = [c for c in deck if c not in extra]
        for others in _completions(left, rest):
            yield (tuple(first) + extra, *others)


def boards_equity(hands, boards, dead=(), hilo=True):
    """Enumerate every deal of the missing cards of ``boards`` (a list of known-card tuples).

    Returns {"outcomes": deals, "players": [...]} with, per player: "equity" (the mean
    share of the whole pot, a Fraction), "shares" (Fraction share of the pot -> deals,
    0 included), "scooped" (number of boards scooped alone -> deals) and "boards" (per
    board a Counter of its (high, low) words, see :func:`board_shares`, and that board's
    equity: the mean share of the board's own pot).
    """
    hands = tuple(tuple(h) for h in hands)
    used = [c for h in hands for c in h] + [c for b in boards for c in b] + list(dead)
    deck = [c for c in range(52) if c not in set(used)]
    n, n_boards = len(hands), len(boards)
    players = [
        {
            "equity": Fraction(0),
            "shares": Counter(),
            "scooped": Counter(),
            "boards": [{"states": Counter(), "equity": Fraction(0)} for _ in boards],
        }
        for _ in hands
    ]
    outcomes = 0
    for full_boards in _completions(deck, [tuple(b) for b in boards]):
        outcomes += 1
        totals = [Fraction(0)] * n
        scooped = [0] * n
        for b, full in enumerate(full_boards):
            shares, states = board_shares(hands, full, hilo)
            for i in range(n):
                totals[i] += shares[i] / n_boards
                scooped[i] += shares[i] == 1
                players[i]["boards"][b]["states"][states[i]] += 1
                players[i]["boards"][b]["equity"] += shares[i]
        for i in range(n):
            players[i]["shares"][totals[i]] += 1
            players[i]["scooped"][scooped[i]] += 1
            players[i]["equity"] += totals[i]
    for p in players:
        p["equity"] /= outcomes
        for board in p["boards"]:
            board["equity"] /= outcomes
    assert sum(p["equity"] for p in players) == 1
    return {"outcomes": outcomes, "players": players}


def payouts(hands, boards, chips, button=0, chip=1, hilo=True):
    """Integer payouts of a pot played on several full boards (or runs).

    Pots are built chip layer by chip layer (``naive_pots.layer_pots``). Each pot of
    ``u`` units is cut into one part per board: ``u // B`` units each, and the
    ``u % B`` units left one each to boards 1, 2, ... in order. Each part is then split
    on its board like a pot of its own: the odd unit of a halved part goes high, a
    tied half's leftover units one by one clockwise from the button's left.
    """
    n = len(hands)
    live = [h is not None for h in hands]
    pots = naive_pots.layer_pots(chips, live)
    paid = [0] * n
    if sum(live) == 1:
        paid[live.index(True)] = sum(pots.values())
        return paid
    n_boards = len(boards)
    for eligible, amount in pots.items():
        units = amount // chip
        for b, board in enumerate(boards):
            part = units // n_boards + (b < units % n_boards)
            if len(eligible) == 1:  # uncalled or uncontested: no showdown
                paid[next(iter(eligible))] += part * chip
                continue
            only = [h if i in eligible else None for i, h in enumerate(hands)]
            won = _split_part(only, board, part, button, hilo)
            for i in range(n):
                paid[i] += won[i] * chip
    return paid


def _split_part(hands, board, part, button, hilo):
    """``part`` units won on ``board`` by the hands (None: not eligible), odd units as RULES.md."""
    n = len(hands)
    seats = [i for i in range(n) if hands[i] is not None]
    highs = {s: naive.best_high(hands[s], board)[0] for s in seats}
    lows = {s: naive.best_low(hands[s], board) if hilo else None for s in seats}
    top = max(highs.values())
    high_winners = [s for s in seats if highs[s] == top]
    with_low = [s for s in seats if lows[s] is not None]
    if with_low:
        best = min(lows[s] for s in with_low)
        halves = [((part + 1) // 2, high_winners), (part // 2, [s for s in with_low if lows[s] == best])]
    else:
        halves = [(part, high_winners)]
    won = [0] * n
    for units, winners in halves:
        order = sorted(winners, key=lambda s: (s - button - 1) % n)
        for k in range(units):
            won[order[k % len(order)]] += 1
    return won
