"""The suit classes of five-card boards, checked against a brute force over the 24 suit permutations."""

from __future__ import annotations

from itertools import combinations, permutations
from math import comb

import numpy as np

from omaha8eq.engine.board_isomorphism import BOARD_CLASSES, board_isomorphism

PERMUTATIONS = list(permutations(range(4)))


def _orbit(board) -> set[frozenset[int]]:
    """Every board a suit permutation maps ``board`` to."""
    return {frozenset(4 * (c >> 2) + p[c & 3] for c in board) for p in PERMUTATIONS}


def test_counts_and_sizes():
    boards, sizes = board_isomorphism()
    assert boards.shape == (BOARD_CLASSES, 5) and sizes.shape == (BOARD_CLASSES,)
    assert int(sizes.sum()) == comb(52, 5)
    assert set(sizes.tolist()) == {4, 12, 24}  # 24 / the suit permutations fixing the board
    assert (np.diff(boards, axis=1) > 0).all()  # sorted rows of distinct cards
    assert boards is board_isomorphism()[0]  # built once
    assert not boards.flags.writeable


def test_each_board_maps_to_exactly_one_class_of_the_right_size():
    """Brute force on every board of the 20 highest cards (a set closed under suit
    permutations): the orbits of the representatives partition it, sizes included."""
    boards, sizes = board_isomorphism()
    cards = range(52 - 20, 52)
    wanted = {frozenset(b) for b in combinations(cards, 5)}
    covered: set[frozenset[int]] = set()
    classes = 0
    for board, size in zip(boards.tolist(), sizes.tolist(), strict=True):
        if min(board) < 52 - 20:
            continue
        orbit = _orbit(board)
        assert len(orbit) == size
        assert not orbit & covered  # no board in two classes
        covered |= orbit
        classes += 1
    assert covered == wanted
    assert classes < len(wanted)


def test_random_boards_have_their_class():
    boards, sizes = board_isomorphism()
    index = {frozenset(b): i for i, b in enumerate(boards.tolist())}
    rng = np.random.default_rng(3)
    for _ in range(200):
        board = rng.choice(52, 5, replace=False).tolist()
        found = [index[b] for b in _orbit(board) if b in index]
        assert len(found) == 1
        assert sizes[found[0]] == len(_orbit(board))
