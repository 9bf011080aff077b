"""PQL's board ranges (``boardInRange``): the subset omaha8eq reads, parsed and matched.

A board range is one or more patterns separated by commas. A pattern is 3, 4 or 5
cards; a card is a rank (``AKQJT98765432``, or ``*`` for any rank) with an optional
suit: a concrete suit (``shdc``) or a suit variable (``wxyz``: the same letter is the
same suit, different letters are different suits; a variable may equal a concrete
suit). A suit alone is a card of any rank of that suit. The first three cards match the
flop in any order, the fourth the turn, the fifth the river; a board is in the range
when one pattern matches it. As in ProPokerTools' examples, on the board
``AsKdJhKc3s`` the range ``'KJAK3'`` matches and ``'AKK'`` and ``'AKJ3K'`` do not.

>>> patterns = parse_board_range("AK*, wwwx")
>>> [len(p) for p in patterns]
[3, 4]
>>> import numpy as np
>>> board_in_range(patterns, np.array([[49, 44, 0, 1, 2]], dtype=np.int8)).tolist()  # Kd Ac 2c 2d 2h
[True]
"""

from __future__ import annotations

from itertools import combinations, permutations

import numpy as np

from ..cards import RANKS, SUITS
from ..checks import excerpt
from ..errors import OmahaInputError

__all__ = ["Pattern", "board_in_range", "parse_board_range"]

_VARIABLES = "wxyz"
ANY = -1

#: One card of a pattern: (rank or ANY, concrete suit or ANY, suit variable index or ANY).
Card = tuple[int, int, int]
Pattern = tuple[Card, ...]


def parse_board_range(text: str) -> tuple[Pattern, ...]:
    """The patterns of a board range (see the module docstring); OmahaInputError names
    the bad part."""
    patterns = []
    for part in text.split(","):
        compact = "".join(part.split())
        cards: list[Card] = []
        i = 0
        while i < len(compact):
            rank = suit = variable = ANY
            has_rank = compact[i].upper() in RANKS or compact[i] == "*"
            if has_rank:
                rank = ANY if compact[i] == "*" else RANKS.index(compact[i].upper())
                i += 1
            char = compact[i] if i < len(compact) else ""
            if char and char in SUITS:
                suit = SUITS.index(char)
                i += 1
            elif char and char in _VARIABLES:
                variable = _VARIABLES.index(char)
                i += 1
            elif not has_rank:
                raise OmahaInputError(
                    f"board range: {excerpt(char)} in {excerpt(part.strip())} is no rank (AKQJT98765432 or *), "
                    "suit (shdc) or suit variable (wxyz)"
                )
            cards.append((rank, suit, variable))
        if not 3 <= len(cards) <= 5:
            raise OmahaInputError(
                f"board range: {excerpt(part.strip() or text)} has {len(cards)} cards; a pattern has 3 (the flop), "
                "4 (the turn) or 5 (the river)"
            )
        patterns.append(tuple(cards))
    return tuple(patterns)


def _matches(pattern: Pattern, boards: np.ndarray, order: tuple[int, ...]) -> np.ndarray:
    """Whether each board matches ``pattern`` with its card j read at board index ``order[j]``."""
    ranks = boards >> 2
    suits = boards & 3
    ok = np.ones(len(boards), dtype=np.bool_)
    for (rank, suit, _), at in zip(pattern, order, strict=False):
        if rank != ANY:
            ok &= ranks[:, at] == rank
        if suit != ANY:
            ok &= suits[:, at] == suit
    with_variable = [(card[2], at) for card, at in zip(pattern, order, strict=False) if card[2] != ANY]
    for (first, at_first), (second, at_second) in combinations(with_variable, 2):
        same = suits[:, at_first] == suits[:, at_second]
        ok &= same if first == second else ~same
    return ok


def board_in_range(patterns: tuple[Pattern, ...], boards: np.ndarray) -> np.ndarray:
    """Whether each board row (``(n, 5)`` int8, the streets the longest pattern reads dealt)
    is in the range of ``patterns``."""
    found = np.zeros(len(boards), dtype=np.bool_)
    for pattern in patterns:
        for flop in permutations(range(3)):
            found |= _matches(pattern, boards, (*flop, 3, 4))
    return found
