"""The compiled kernels of the range language (:mod:`omaha8eq.ranges.nodes`; numba, cached on disk).

- :func:`features_kernel`: each hand's cards per rank and per suit, and its card mask.
- :func:`match_kernel`: whether a pattern's slots fit distinct cards of each hand.

They live apart from the parser so that editing the parser does not make numba
compile them again. Inputs are not checked here: ``ranges`` passes int8 rows of
distinct card ints 0..51 and slot arrays it built itself.
"""

from __future__ import annotations

import numpy as np
from numba import njit, prange

__all__ = ["features_kernel", "match_kernel"]

_BLOCK = 4096


@njit(cache=True, parallel=True)
def features_kernel(hands):
    """Per hand: cards of each rank (n, 13), of each suit (n, 4), and the card mask."""
    n, k = hands.shape
    rank_counts = np.zeros((n, 13), dtype=np.int8)
    suit_counts = np.zeros((n, 4), dtype=np.int8)
    masks = np.zeros(n, dtype=np.int64)
    for i in prange(n):
        mask = np.int64(0)
        for j in range(k):
            c = hands[i, j]
            rank_counts[i, c >> 2] += 1
            suit_counts[i, c & 3] += 1
            mask |= np.int64(1) << c
        masks[i] = mask
    return rank_counts, suit_counts, masks


@njit(cache=True, parallel=True)
def match_kernel(hands, rank_sets, suit_sets, rank_vars, suit_vars, after_prev):
    """out[i]: whether some assignment of the slots to distinct cards of hand i fits.

    Slot s needs a card whose rank is in the bit set rank_sets[s] and whose suit is
    in suit_sets[s]; slots sharing a rank variable (rank_vars >= 0) need equal ranks
    and slots with different variables different ranks (the same for suits).
    after_prev[s]: slot s is identical to slot s-1, so only assignments with
    increasing card positions are tried (the others are the same up to order).
    """
    n, k = hands.shape
    m = rank_sets.shape[0]
    out = np.zeros(n, dtype=np.bool_)
    for b in prange((n + _BLOCK - 1) // _BLOCK):
        choice = np.empty(m, dtype=np.int64)
        ranks = np.empty(k, dtype=np.int64)
        suits = np.empty(k, dtype=np.int64)
        for i in range(b * _BLOCK, min(n, (b + 1) * _BLOCK)):
            for j in range(k):
                ranks[j] = hands[i, j] >> 2
                suits[j] = hands[i, j] & 3
            used = 0
            s = 0
            choice[0] = -1
            found = False
            while s >= 0:
                if s == m:
                    found = True
                    break
                c = choice[s] + 1
                if after_prev[s] and c <= choice[s - 1]:
                    c = choice[s - 1] + 1
                ok = False
                while c < k:
                    if (used >> c) & 1 == 0 and (rank_sets[s] >> ranks[c]) & 1 and (suit_sets[s] >> suits[c]) & 1:
                        ok = True
                        rv = rank_vars[s]
                        sv = suit_vars[s]
                        if rv >= 0 or sv >= 0:
                            for t in range(s):
                                ct = choice[t]
                                if rv >= 0 and rank_vars[t] >= 0 and (rank_vars[t] == rv) != (ranks[ct] == ranks[c]):
                                    ok = False
                                    break
                                if sv >= 0 and suit_vars[t] >= 0 and (suit_vars[t] == sv) != (suits[ct] == suits[c]):
                                    ok = False
                                    break
                        if ok:
                            break
                    c += 1
                if ok:
                    choice[s] = c
                    used |= 1 << c
                    s += 1
                    if s < m:
                        choice[s] = -1
                else:
                    s -= 1
                    if s >= 0:
                        used &= ~(1 << choice[s])
            out[i] = found
    return out
