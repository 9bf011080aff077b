"""What each hand of a range holds on one board: the class names, their columns and tables.

The compiled classifier that writes them is :mod:`omaha8eq.core.holdings_kernel`.

The range explorer (``omaha8eq.explore``) and the query language's ``flopHandCategory``
read these classes; their definitions, with an example each, are the table of
``docs/range-explorer.md``. Every class follows the Omaha rule: exactly two hole cards
and three board cards.

:func:`classify_kernel` gives each hand (a row of ``holes``: card ints ``4 * rank +
suit``, trusted, distinct from the board) one class id in each of five groups, plus its
straight outs (columns, int8):

``HIGH``
    the made high, best first (:data:`HIGH_CLASSES`);
``LOW``
    the made low (:data:`LOW_CLASSES`);
``LOW_DRAW``
    the low draw (:data:`LOW_DRAW_CLASSES`), flop and turn only;
``FLUSH_DRAW``
    the flush draw (:data:`FLUSH_DRAW_CLASSES`), flop and turn only;
``STRAIGHT_DRAW``
    the straight draw by its number of outs (:data:`STRAIGHT_DRAW_CLASSES`);
``COUNTERFEIT``
    the counterfeit risk of a made low (:data:`COUNTERFEIT_CLASSES`), flop and turn only;
``CLEAN``
    the clean outs by number (:data:`CLEAN_CLASSES`), flop and turn only;
``STRAIGHT_OUTS``
    the number of unseen cards (not on the board, not in the hand, not dead) that,
    dealt next, give the hand a higher straight than it has (suits ignored; 0 on the
    river);
``COUNTERFEIT_OUTS``
    the number of unseen cards that, dealt next, counterfeit the hand's made low: of a
    rank its best low takes from the hand (not on the board), they drop its made low
    class (nut, second, third, weaker) against the nuts of the new board (0 on the river);
``CLEAN_OUTS``
    the number of unseen cards that, dealt next, improve the hand's made high class to
    top two pair or better without bringing a new threat above its new hand
    (:func:`classify_kernel`; 0 on the river).

"Nut" compares with what the other hands can make: the best that two cards neither on
the board, nor in the hand, nor dead make with it (the nuts as the query language's
``nutLo``, ``nutHiForHandType`` and PQL read them: a hand whose own cards block every
better holding holds the nuts, as ace-high flush with the board's king, ``As Js`` on
``Ks 7s 2s``). Second and third are counted the same way: one, two better values the
others can make. The per-board facts (the nut full house, the two best flushes, the
nut straight, the best top pair, the three best lows) are computed once per call from
the two-card holdings (1,176 on a flop), with the holdings behind each nut kept, then
each hand takes its own cards out of them (a board per hand: its nuts are computed
directly). The clean outs compare classes by the board's own nuts (no card taken out)
on both boards, now and after the card, from the same facts of every next board (one
per rank, and per rank and suit for a suit with two board cards or more: the other
suits' cards of a rank give the same board up to suits).
"""

from __future__ import annotations

import functools

import numpy as np

from .tables import N_LOW_CLASSES, high_classes, low_class_ranks

__all__ = [
    "CLEAN",
    "CLEAN_CLASSES",
    "CLEAN_OUTS",
    "COLUMNS",
    "COUNTERFEIT",
    "COUNTERFEIT_CLASSES",
    "COUNTERFEIT_OUTS",
    "FLUSH_DRAW",
    "FLUSH_DRAW_CLASSES",
    "GROUPS",
    "HIGH",
    "HIGH_CLASSES",
    "LOW",
    "LOW_CLASSES",
    "LOW_DRAW",
    "LOW_DRAW_CLASSES",
    "STRAIGHT_DRAW",
    "STRAIGHT_DRAW_CLASSES",
    "STRAIGHT_OUTS",
    "high_decode",
    "low_rank_masks",
]

#: The made high classes, best first (ids are positions).
HIGH_CLASSES = (
    "straight flush",
    "quads",
    "nut full house",
    "other full house",
    "nut flush",
    "second nut flush",
    "weaker flush",
    "nut straight",
    "other straight",
    "top set",
    "middle set",
    "bottom set",
    "trips",
    "top two pair",
    "other two pair",
    "overpair",
    "top pair top kicker",
    "top pair weaker kicker",
    "other pair",
    "no pair",
)
#: The made low classes, best first.
LOW_CLASSES = ("nut low", "second nut low", "third nut low", "weaker low", "no low")
#: The low draws, best first.
LOW_DRAW_CLASSES = (
    "protected nut low draw",
    "unprotected nut low draw",
    "second nut low draw",
    "weaker low draw",
    "backdoor low draw",
    "no low draw",
)
#: The flush draws, best first.
FLUSH_DRAW_CLASSES = ("nut flush draw", "other flush draw", "backdoor flush draw", "no flush draw")
#: The straight draws by outs, best first: 13+, 9-12, 5-8, 1-4, then (flop, no outs) a
#: backdoor draw: some turn and river together give a higher straight; none.
STRAIGHT_DRAW_CLASSES = ("big wrap", "wrap", "open-ended", "gutshot", "backdoor straight draw", "no straight draw")

#: The counterfeit risk of a made low: some next card counterfeits it, or none does.
COUNTERFEIT_CLASSES = ("counterfeitable low", "no counterfeit risk")

#: The clean outs by number: 8 or more, 1 to 7, none.
CLEAN_CLASSES = ("many clean outs", "some clean outs", "no clean outs")

HIGH, LOW, LOW_DRAW, FLUSH_DRAW, STRAIGHT_DRAW, COUNTERFEIT, CLEAN = range(7)
STRAIGHT_OUTS, COUNTERFEIT_OUTS, CLEAN_OUTS = range(7, 10)
#: The columns of :func:`~omaha8eq.core.holdings_kernel.classify`'s output, by name: the class groups, then the counts.
COLUMNS = (
    "high",
    "low",
    "low draw",
    "flush draw",
    "straight draw",
    "counterfeit",
    "clean",
    "straight outs",
    "counterfeit outs",
    "clean outs",
)

#: The class groups, by their column's name: each hand has exactly one class of each (the
#: explorer's groups; the query language's ``handClass`` names them too).
GROUPS: dict[str, tuple[str, ...]] = {
    "high": HIGH_CLASSES,
    "low": LOW_CLASSES,
    "low draw": LOW_DRAW_CLASSES,
    "flush draw": FLUSH_DRAW_CLASSES,
    "straight draw": STRAIGHT_DRAW_CLASSES,
    "counterfeit": COUNTERFEIT_CLASSES,
    "clean": CLEAN_CLASSES,
}


@functools.cache
def high_decode() -> np.ndarray:
    """(7462, 3) int8, by high value: its category (``tables.CATEGORIES`` index) and the
    ranks of its first two rank groups (a pair's rank and top kicker, two pair's ranks,
    a set's rank, a full house's trips and pair; -1 where the hand has no second group)."""
    classes = high_classes()
    out = np.full((len(classes.ranks), 3), -1, dtype=np.int8)
    out[:, 0] = classes.category
    for value, ranks in enumerate(classes.ranks):
        grouped = sorted(set(ranks), key=lambda r: (ranks.count(r), r), reverse=True)
        out[value, 1] = grouped[0]
        if len(grouped) > 1:
            out[value, 2] = grouped[1]
    out.setflags(write=False)
    return out


@functools.cache
def low_rank_masks() -> np.ndarray:
    """(56,) int64, by low value: its five ranks as a low-rank mask (bit 0: the ace)."""
    out = np.array([sum(1 << (r - 1) for r in low_class_ranks(v)) for v in range(N_LOW_CLASSES)], dtype=np.int64)
    out.setflags(write=False)
    return out
