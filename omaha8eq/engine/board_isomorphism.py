"""The suit classes of five-card boards: what an exact preflop sweep of suit-symmetric ranges needs.

Two boards are in the same class when a permutation of the four suits maps one onto
the other. When both ranges are unchanged by every suit permutation (and nothing is
dead), every board of a class gives the same totals, so sweeping one representative
per class, counted as many times as the class has boards, gives the totals of all
C(52, 5) = 2,598,960 boards from 134,459 (19.3 times fewer).

The classes are those of :mod:`omaha8eq.core.hand_isomorphism` for five cards (a board is
a five-card set like a five-card hand): built in about 0.4 s and kept in memory, so
nothing is cached on disk. Cards are ints 0..51 (``card = 4 * rank + suit``).
"""

from __future__ import annotations

from functools import cache

import numpy as np

from ..core.hand_isomorphism import all_hands, class_keys, class_representatives, class_sizes

__all__ = ["BOARD_CLASSES", "board_isomorphism"]

#: The number of suit classes of five-card boards.
BOARD_CLASSES = 134_459


@cache
def board_isomorphism() -> tuple[np.ndarray, np.ndarray]:
    """Every suit class of five-card boards: its representative and its size.

    Returns:
        ``(boards, sizes)``: boards (134,459, 5) int8, each row sorted ascending, one
        per class, in increasing order of the class key of
        :func:`omaha8eq.core.hand_isomorphism.class_keys` (deterministic); sizes (134,459,)
        int64, the number of boards in each class (4, 12 or 24; they sum to
        2,598,960). Both read-only.
    """
    keys = np.unique(class_keys(all_hands(5)))
    boards = class_representatives(keys, 5)
    sizes = class_sizes(keys)
    for array in (boards, sizes):
        array.setflags(write=False)
    return boards, sizes
