"""Suit permutations that leave a heads-up sweep unchanged, and the boards they make equivalent.

A permutation ``p`` of the four suits (card ``4 * rank + suit`` goes to ``4 * rank +
p[suit]``) relabels a deal without changing any showdown. When it maps the dead cards
onto themselves, the weighted board list onto itself (the same boards with the same
weights: on a flop, every runout, as soon as ``p`` maps the flop onto itself) and each
side's live hands onto themselves with the same weights, then hand ``x`` on board
``p(B)`` meets exactly what hand ``p^-1(x)`` meets on ``B``. Such permutations form a
group ``G`` (on ``Ac 8c 5h`` with ranges like ``15%``: the identity and diamonds <->
spades; on a monotone flop, the six permutations of the other suits), and the sweep
counts one board of each orbit of ``G`` on the boards, weighted by the orbit's size,
instead of all of them (1,176 runouts of ``Ac 8c 5h``: 721 orbits; of ``Kc 9c 4c``: 344).

From those counts, with ``acc[x]`` hand ``x``'s sum over the representatives
``B`` of ``|orbit(B)|`` times its counts on ``B``, every hand's exact count over all
boards is ``sum(acc[p(x)] for p in G) / |G|`` (the sum over an orbit is ``|Stab|``
times the sum over ``G``; the division is exact, and checked). A board's totals are
its representative's divided by the orbit's size: relabelled boards have the same
per-side totals. A spot no permutation but the identity leaves unchanged (a known
hand, a suited range, a rainbow turn) is swept board by board, as before.

Cards are ints 0..51; hands are card masks (int64, bit ``card`` set).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import permutations

import numpy as np

__all__ = [
    "RunoutOrbits",
    "hand_symmetries",
    "permute_suits",
    "runout_orbit_count",
    "runout_orbits",
    "spread_board_totals",
    "symmetrize",
]

#: The bits of the clubs (suit 0) of every rank in a card mask.
_CLUBS = sum(1 << (4 * rank) for rank in range(13))
_IDENTITY = (0, 1, 2, 3)


def permute_suits(masks: np.ndarray, permutation: tuple[int, ...]) -> np.ndarray:
    """Card masks with suit ``s`` replaced by ``permutation[s]``."""
    out = np.zeros_like(masks)
    for suit, image in enumerate(permutation):
        out |= ((masks >> suit) & _CLUBS) << image
    return out


@dataclass(frozen=True)
class RunoutOrbits:
    """The boards to sweep and how to spread their counts back (see :func:`runout_orbits`).

    Attributes:
        hand_maps: per permutation of ``G`` (the identity first), each live hand's
            image (row index among the hands, in the same side), (|G|, n) int64.
        keep: the boards to sweep, one per orbit (its first board in list order), (m,) bool.
        times: each kept board's weight times its orbit's size, (keep.sum(),) int64.
        rep: per board of the list, the index among the kept boards of its orbit's
            representative, (m,) int64.
        orbit_size: per board of the list, its orbit's size, (m,) int64.
    """

    hand_maps: np.ndarray
    keep: np.ndarray
    times: np.ndarray
    rep: np.ndarray
    orbit_size: np.ndarray


def _image_rows(masks: np.ndarray, weights: np.ndarray, permuted: np.ndarray) -> np.ndarray | None:
    """Per hand, the row of its image ``permuted`` among ``masks`` with the same weight;
    None when some image is not there (or a side lists a hand twice: not mapped)."""
    if not len(masks):
        return np.zeros(0, dtype=np.int64)
    order = np.argsort(masks, kind="stable")
    sorted_masks = masks[order]
    if (sorted_masks[1:] == sorted_masks[:-1]).any():
        return None
    at = np.minimum(np.searchsorted(sorted_masks, permuted), len(masks) - 1)
    rows = order[at]
    if not (sorted_masks[at] == permuted).all() or not (weights[rows] == weights).all():
        return None
    return rows.astype(np.int64)


def _same_weighted_set(masks: np.ndarray, weights: np.ndarray, permuted: np.ndarray) -> bool:
    """Whether ``permuted`` with ``weights`` is ``masks`` with ``weights``, as multisets of pairs."""
    this = np.lexsort((weights, masks))
    that = np.lexsort((weights, permuted))
    return bool(np.array_equal(masks[this], permuted[that]) and np.array_equal(weights[this], weights[that]))


def hand_symmetries(
    sides: Sequence[tuple[np.ndarray, np.ndarray]], known_mask: int
) -> list[tuple[tuple[int, ...], list[np.ndarray]]]:
    """The suit permutations other than the identity that map ``known_mask`` (the cards
    no hand holds) onto itself and each side's live hands onto themselves with the same
    weights, each with, per side, every hand's image (its row in that side).

    Args:
        sides: each side's live hands' card masks and weights (a mirror sweep: one side).
        known_mask: the dead cards and a sweep's known board.
    """
    found = []
    # The smaller side first: a known hand rules out most permutations at once.
    by_size = sorted(range(len(sides)), key=lambda s: len(sides[s][0]))
    for permutation in permutations(range(4)):
        # In Python ints: a planner's estimate asks this of every spot, 23 times.
        known_image = sum(((known_mask >> suit) & _CLUBS) << image for suit, image in enumerate(permutation))
        if permutation == _IDENTITY or known_image != known_mask:
            continue
        rows: list[np.ndarray] = []
        for s in by_size:
            masks, weights = sides[s]
            image = _image_rows(masks, weights, permute_suits(masks, permutation))
            if image is None:
                break
            rows.append(image)
        if len(rows) == len(sides):
            found.append((permutation, [rows[by_size.index(s)] for s in range(len(sides))]))
    return found


def runout_orbits(
    masks: np.ndarray,
    weights: np.ndarray,
    n_a: int,
    known_mask: int,
    board_masks: np.ndarray,
    board_weights: np.ndarray,
) -> RunoutOrbits:
    """The suit permutations leaving the sweep unchanged and the boards' orbits under them.

    Args:
        masks, weights: the live hands' card masks and weights, side A's (rows
            ``< n_a``) then side B's (none in a mirror sweep: ``n_a`` is all of them).
        known_mask: the cards no hand holds: the dead cards (and a sweep's known board,
            which every board of the list holds).
        board_masks, board_weights: the five-card boards' masks and how many times each counts.

    Returns:
        A :class:`RunoutOrbits`; with the identity alone, every board is kept with its weight.
    """
    sides = [(masks[:n_a], weights[:n_a]), (masks[n_a:], weights[n_a:])]
    maps = [np.arange(len(masks), dtype=np.int64)]
    images = [board_masks]
    for permutation, (rows_a, rows_b) in hand_symmetries(sides, known_mask):
        permuted_boards = permute_suits(board_masks, permutation)
        if not _same_weighted_set(board_masks, board_weights, permuted_boards):
            continue
        maps.append(np.concatenate([rows_a, n_a + rows_b]))
        images.append(permuted_boards)
    # Each board's orbit, named by its smallest image; the representative is the orbit's first board.
    names = np.min(np.stack(images), axis=0)
    _, first, inverse, sizes = np.unique(names, return_index=True, return_inverse=True, return_counts=True)
    keep = np.zeros(len(board_masks), dtype=bool)
    keep[first] = True
    # Kept boards in list order: the index of each orbit among them.
    kept_index = np.cumsum(keep) - 1
    rep = kept_index[first][inverse]
    orbit_size = sizes[inverse].astype(np.int64)
    return RunoutOrbits(np.stack(maps), keep, (board_weights * orbit_size)[keep], rep.astype(np.int64), orbit_size)


def runout_orbit_count(sides: Sequence[tuple[np.ndarray, np.ndarray]], known_mask: int, missing: int) -> int:
    """How many runouts :func:`runout_orbits` keeps for the completions by ``missing``
    cards of a board (dead cards included in ``known_mask``), without listing them.

    Burnside's lemma: the orbits number the mean over the group of the runouts each
    permutation fixes. A set of cards is fixed when it is a union of the permutation's
    cycles on the unseen cards (the unseen cards of one rank are a union of cycles of
    the suits, as the known cards are), so the fixed ``missing``-card sets are the
    coefficient of ``x**missing`` in the product over the cycles of ``1 + x**length``.
    """
    group = [_IDENTITY, *(permutation for permutation, _ in hand_symmetries(sides, known_mask))]
    fixed = 0
    for permutation in group:
        ways = [1] + [0] * missing  # ways[t]: the fixed t-card sets among the cycles seen so far
        for rank in range(13):
            for cycle in _cycles(permutation):
                if all(not (known_mask >> (4 * rank + suit)) & 1 for suit in cycle):
                    for t in range(missing, len(cycle) - 1, -1):
                        ways[t] += ways[t - len(cycle)]
        fixed += ways[missing]
    return fixed // len(group)


def _cycles(permutation: tuple[int, ...]) -> list[list[int]]:
    """The cycles of a permutation of the suits."""
    cycles, seen = [], set()
    for start in range(len(permutation)):
        cycle = []
        suit = start
        while suit not in seen:
            seen.add(suit)
            cycle.append(suit)
            suit = permutation[suit]
        if cycle:
            cycles.append(cycle)
    return cycles


def symmetrize(counts: np.ndarray, hand_maps: np.ndarray) -> np.ndarray:
    """Every hand's count over all boards from ``counts`` over the orbit representatives
    (weighted by orbit sizes): the mean of its images' counts (exact integers)."""
    if len(hand_maps) == 1:
        return counts
    total: np.ndarray = counts[hand_maps].sum(axis=0)
    mean, remainder = np.divmod(total, len(hand_maps))
    if remainder.any():
        raise AssertionError("symmetrize: a sum over the permutations is not a multiple of their number")
    out: np.ndarray = mean.astype(counts.dtype)
    return out


def spread_board_totals(rep_totals: np.ndarray, orbits: RunoutOrbits) -> np.ndarray:
    """Each board's totals from its orbit representative's (which count the whole orbit)."""
    spread, remainder = np.divmod(rep_totals[orbits.rep], orbits.orbit_size.reshape(-1, *(1,) * (rep_totals.ndim - 1)))
    if remainder.any():
        raise AssertionError("spread_board_totals: an orbit's totals are not a multiple of its size")
    return spread
