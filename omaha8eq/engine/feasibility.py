"""Can the ranges be dealt together at all? A quick exact check before any run.

Several ranges can be impossible to deal together without two players sharing a card
(``["AA", "AA", "AA"]`` needs six aces): a sampler then never finds a deal and an
exact run visits every combination before it can say so. :func:`ranges_fit` decides it
directly: a greedy pass finds a deal in the usual case, else a depth-first search for
one hand per range that share no card, with prunings that settle the usual cases at once:

* a range with no hand left that avoids the cards already taken fails the branch;
* a card that every hand still possible of two ranges holds (``"AsKh**"`` twice);
* counting: every hand of a range holds at least ``m`` cards of a given rank (or suit),
  the least over its hands still possible; when the ranges' least needs of one rank
  (or suit) add up to more cards of it than are left, no deal exists.

The search is cut after ``budget`` nodes: the answer is then None (undecided), and the
run goes on as before (the sampler reports ranges that almost never fit).

Cards are ints 0..51 (``4 * rank + suit``); hands are given by their 52-bit card masks.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from ..checks import excerpt
from ..core.hand_isomorphism import card_masks
from ..errors import OmahaInputError
from .deal import Deal

__all__ = ["SEARCH_BUDGET", "check_ranges_fit", "ranges_fit"]

#: Search nodes :func:`ranges_fit` visits at most before answering None.
SEARCH_BUDGET = 200

# The card masks of each rank (4 cards) and of each suit (13 cards).
_GROUPS = np.array(
    [sum(1 << (4 * r + s) for s in range(4)) for r in range(13)]
    + [sum(1 << (4 * r + s) for r in range(13)) for s in range(4)],
    dtype=np.int64,
)


def _bounds_hold(candidates: Sequence[np.ndarray], used: int) -> bool:
    """False when two ranges must hold the same card, or when the ranges' least needs
    of some rank or suit exceed the cards left of it."""
    needs = np.zeros(len(_GROUPS), dtype=np.int64)
    forced = 0
    for masks in candidates:
        held_by_all = int(np.bitwise_and.reduce(masks))
        if held_by_all & forced:
            return False
        forced |= held_by_all
        needs += np.bitwise_count(masks[:, None] & _GROUPS[None, :]).min(axis=0)
    left = np.bitwise_count(~np.int64(used) & _GROUPS)
    return bool((needs <= left).all())


class _Search:
    def __init__(self, budget: int) -> None:
        self.nodes = budget

    def fits(self, ranges: Sequence[np.ndarray], used: int) -> bool | None:
        self.nodes -= 1
        if self.nodes < 0:
            return None
        candidates = [masks[(masks & used) == 0] for masks in ranges]
        if any(len(masks) == 0 for masks in candidates):
            return False
        if len(candidates) == 1:
            return True
        if not _bounds_hold(candidates, used):
            return False
        # Branch on the range with the fewest hands left: the narrowest choice first.
        order = sorted(range(len(candidates)), key=lambda i: len(candidates[i]))
        first, rest = candidates[order[0]], [candidates[i] for i in order[1:]]
        for mask in first:
            found = self.fits(rest, used | int(mask))
            if found is not False:
                return found  # True, or None once the budget is spent
        return False


def _greedy_fit(ranges: Sequence[np.ndarray], used: int) -> bool:
    """True if taking, narrowest range first, each range's first hand clear of the cards
    taken so far deals every range (the usual case, found in one pass)."""
    for masks in sorted(ranges, key=len):
        clear = (masks & used) == 0
        first = int(clear.argmax()) if len(clear) else 0  # the first clear hand, without copying the clear ones
        if not len(clear) or not clear[first]:
            return False
        used |= int(masks[first])
    return True


def ranges_fit(ranges: Sequence[np.ndarray], known: int, *, budget: int = SEARCH_BUDGET) -> bool | None:
    """True if one hand of each range can be dealt with no card shared (by two hands or
    with ``known``, a card mask), False if not, None if ``budget`` search nodes did not
    decide. ``ranges`` are int64 arrays of the hands' card masks."""
    masks = [np.asarray(m, dtype=np.int64) for m in ranges]
    if _greedy_fit(masks, int(known)):
        return True
    return _Search(budget).fits(masks, int(known))


def check_ranges_fit(deal: Deal) -> None:
    """Raise OmahaInputError when the deal's ranges cannot be dealt together (decided by
    :func:`ranges_fit`; an undecided search lets the run go on)."""
    if len(deal.ranged) < 2:
        return  # one range keeps a hand clear of the known cards (``restrict_ranges``)
    known = ((1 << 52) - 1) & ~int(card_masks(deal.deck[None, :])[0])
    ranges = [card_masks(deal.seats[i].range_hands()) for i in deal.ranged]
    if ranges_fit(ranges, known) is False:
        names = ", ".join(f"hand {i + 1} ({excerpt(deal.seats[i].label)})" for i in deal.ranged)
        raise OmahaInputError(
            f"hands: the ranges cannot be dealt together: no choice of one hand from each of "
            f"{names} avoids sharing a card (with each other or the known cards); widen or change them"
        )
