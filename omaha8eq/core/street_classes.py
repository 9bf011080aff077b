"""Compiled hand classes on a street: what each hand of a range holds on one board.

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
from numba import njit, prange

from . import parallel
from .high import best_flush, describe_board, hand_high, popcount, unsigned
from .kernel_args import read_only_cards
from .low import hand_low
from .tables import (
    LOW_BIT,
    N_LOW_CLASSES,
    NO_LOW,
    PAIR_INDEX,
    STRAIGHT_WINDOWS,
    Tables,
    high_classes,
    low_class_ranks,
)

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
    "classify",
    "classify_kernel",
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
#: The columns of :func:`classify_kernel`'s output, by name: the class groups, then the counts.
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

# Class ids the kernel writes (positions in the tuples above).
_SF, _QUADS, _NUT_FH, _FH, _NUT_FLUSH, _SECOND_FLUSH, _FLUSH, _NUT_STRAIGHT, _STRAIGHT = range(9)
_TOP_SET, _MIDDLE_SET, _BOTTOM_SET, _TRIPS, _TOP_TWO, _TWO_PAIR, _OVERPAIR, _TPTK, _TOP_PAIR = range(9, 18)
_OTHER_PAIR, _NO_PAIR = 18, 19
_PROTECTED, _NUT_DRAW, _SECOND_DRAW, _WEAKER_DRAW, _BACKDOOR_LOW, _NO_LOW_DRAW = range(6)
_NUT_FD, _FD, _BACKDOOR_FD, _NO_FD = range(4)
_NO_CLEAN = 2
_BACKDOOR_SD, _NO_SD = 4, 5
# Outs at or above each threshold give the straight draw (clean outs) class of the same position.
_OUTS_THRESHOLDS = np.array([13, 9, 5, 1], dtype=np.int64)
_CLEAN_THRESHOLDS = np.array([8, 1], dtype=np.int64)
# The categories (tables.CATEGORIES) a next card must let the hand reach to be clean
# when it pairs the board, brings a suit's third card, or first puts three ranks in a
# straight's window.
_FULL_HOUSE, _FLUSH_CATEGORY, _STRAIGHT_CATEGORY = 6, 5, 4
# Next boards a flop or turn can have: 13 ranks, each once for the suits with fewer than
# two board cards and once for each suit with two or more (at most two such suits).
_N_NEXT = 39


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


@njit(cache=True, inline="always")
def _best_straight(board_ranks, hole_ranks):
    """Index (0 = wheel .. 9 = broadway) of the best straight that 2 of the hole ranks and
    3 of the board ranks (13-bit masks) make, or -1."""
    for w in range(9, -1, -1):
        window = STRAIGHT_WINDOWS[w]
        if (
            (window & ~(board_ranks | hole_ranks)) == 0
            and popcount(window & board_ranks) >= 3
            and popcount(window & hole_ranks) >= 2
        ):
            return w
    return -1


@njit(cache=True, inline="always")
def _lowest_bits(mask, count):
    """The ``count`` lowest set bits of ``mask`` (fewer if it has fewer)."""
    kept = 0
    for _ in range(count):
        if mask == 0:
            break
        bit = mask & -mask
        kept |= bit
        mask &= ~bit
    return kept


# Columns of the per-board facts (int64) the hands of a board read.
_NUT_FH_VALUE, _FLUSH1, _FLUSH2, _NUT_STRAIGHT_VALUE, _TOP_PAIR_VALUE, _LOW1, _LOW2, _LOW3 = range(8)
_STATE, _FLUSH_SUIT, _FLUSH_RANKS, _BOARD_LOW, _BOARD_MASK, _BOARD_RANKS, _TOP, _SECOND, _BOTTOM = range(8, 17)
_SUIT_RANKS = 17  # four columns: each suit's 13-bit rank mask on the board
_LOWS_AFTER = 21  # 8 x 3 columns: the three best lows after one more card of low bit k
# A next board's facts (the high columns above) add: the card dealt, the 4-bit mask of
# the suits whose card of its rank gives the same board, and the category the hand must
# then reach for the card to be clean.
_NEXT_CARD, _NEXT_SUITS, _NEXT_NEED = 45, 46, 47
_N_FACTS = 48
# The nut columns whose holdings a shared board keeps (``_FLUSH2`` has none of its own).
_N_NUTS = 5
# Two-card holdings a flop leaves at most: C(49, 2).
_MAX_HOLDINGS = 1176


@njit(cache=True, inline="always")
def _board_facts(
    boards, b, n_board, blocked, decode, board_pair, flush5, suited, low, facts, held_values, held_masks, held_counts
):
    """``facts``: the board ``boards[b, :n_board]`` summarised (:func:`_high_facts`, which
    also fills the ``held_*`` arrays) with the three best lows that two cards neither on
    the board nor in the card mask ``blocked`` make, and the three best lows after one more
    card of each low rank."""
    _high_facts(
        boards, b, n_board, blocked, decode, board_pair, flush5, suited, facts, held_values, held_masks, held_counts
    )
    _low_facts(facts[_BOARD_MASK] | blocked, facts[_BOARD_LOW], low, facts)


@njit(cache=True, inline="always")
def _low_facts(taken, board_low, low, facts):
    """The low columns of ``facts`` (``_LOW1`` .. ``_LOW3`` and ``_LOWS_AFTER``): the three
    best lows two cards off the card mask ``taken`` (the board's cards included) make with
    a board of low-rank mask ``board_low``, and the same after one more card of each low
    rank, the nuts a counterfeit is measured against."""
    low1, low2, low3 = _three_best_lows(taken, board_low, -1, low)
    for k in range(8):
        after = _three_best_lows(taken, board_low | (1 << k), 12 if k == 0 else k - 1, low)
        for j in range(3):
            facts[_LOWS_AFTER + 3 * k + j] = after[j]
    facts[_LOW1] = low1
    facts[_LOW2] = low2
    facts[_LOW3] = low3


@njit(cache=True)
def _high_facts(
    boards, b, n_board, blocked, decode, board_pair, flush5, suited, facts, held_values, held_masks, held_counts
):
    """``facts``: the board ``boards[b, :n_board]`` summarised (``describe_board``, card,
    rank and suit masks, its top, second and bottom ranks) and its high nuts: the nut full
    house, the two best flushes by their top hole card's rank (of two flushes on a board,
    the one with the higher top hole card wins), the nut straight and the best top pair
    that two cards neither on the board nor in the card mask ``blocked`` make (-1: none).

    Unless ``held_values`` has no columns, the holdings behind each nut column are kept
    too: ``held_values[column, :held_counts[column]]`` their highs (a flush's top hole
    rank), ``held_masks`` their card masks (what :func:`_best_two` reads to take a hand's
    own cards out)."""
    state, flush_suit, flush_ranks, board_low = describe_board(boards, b, n_board)
    on_board = 0
    ranks = 0
    for j in range(4):
        facts[_SUIT_RANKS + j] = 0
    for j in range(n_board):
        c = boards[b, j]
        on_board |= np.int64(1) << c
        ranks |= 1 << (c >> 2)
        facts[_SUIT_RANKS + (c & 3)] |= 1 << (c >> 2)
    top = 12
    while not (ranks >> top) & 1:
        top -= 1
    second = top - 1
    while second >= 0 and not (ranks >> second) & 1:
        second -= 1
    bottom = 0
    while not (ranks >> bottom) & 1:
        bottom += 1
    pair_values = board_pair[unsigned(state)]
    nut_fh = flush1 = flush2 = nut_straight = top_pair = -1
    taken = on_board | blocked
    store = held_values.shape[1] > 0
    if store:
        for k in range(held_counts.shape[0]):
            held_counts[k] = 0
    for c1 in range(52):
        if (taken >> c1) & 1:
            continue
        for c2 in range(c1 + 1, 52):
            if (taken >> c2) & 1:
                continue
            value = pair_values[unsigned(PAIR_INDEX[c1 >> 2, c2 >> 2])]
            if flush_suit >= 0 and (c1 & 3) == flush_suit and (c2 & 3) == flush_suit:
                value = max(value, best_flush(flush_ranks, (1 << (c1 >> 2)) | (1 << (c2 >> 2)), flush5, suited))
            column = _nut_column(value, decode, top)
            if column == _FLUSH1:
                # A flush is measured by its top hole card: the higher one always wins.
                value = max(c1, c2) >> 2
                if value > flush1:
                    flush1, flush2 = value, flush1
                elif flush1 > value > flush2:
                    flush2 = value
            elif column == _NUT_FH_VALUE:
                nut_fh = max(nut_fh, value)
            elif column == _NUT_STRAIGHT_VALUE:
                nut_straight = max(nut_straight, value)
            elif column == _TOP_PAIR_VALUE:
                top_pair = max(top_pair, value)
            if store and column >= 0:
                held_values[column, held_counts[column]] = value
                held_masks[column, held_counts[column]] = (np.int64(1) << c1) | (np.int64(1) << c2)
                held_counts[column] += 1
    facts[_NUT_FH_VALUE] = nut_fh
    facts[_FLUSH1] = flush1
    facts[_FLUSH2] = flush2
    facts[_NUT_STRAIGHT_VALUE] = nut_straight
    facts[_TOP_PAIR_VALUE] = top_pair
    facts[_STATE] = state
    facts[_FLUSH_SUIT] = flush_suit
    facts[_FLUSH_RANKS] = flush_ranks
    facts[_BOARD_LOW] = board_low
    facts[_BOARD_MASK] = on_board
    facts[_BOARD_RANKS] = ranks
    facts[_TOP] = top
    facts[_SECOND] = second
    facts[_BOTTOM] = bottom


@njit(cache=True, inline="always")
def _straight_possible(ranks):
    """Whether two hole cards can make a straight with a board of rank mask ``ranks``: a
    straight's window holds three of its ranks."""
    for w in range(10):  # noqa: SIM110 - a loop numba compiles as it reads
        if popcount(STRAIGHT_WINDOWS[w] & ranks) >= 3:
            return True
    return False


@njit(cache=True)
def _next_facts(boards, b, n_board, facts, decode, board_pair, flush5, suited, nexts):
    """``nexts``: the high facts (:func:`_high_facts`) of each board one card after
    ``boards[b, :n_board]`` (summarised in ``facts``), one row per rank for the suits with
    fewer than two board cards (their cards give the same board but for suits) and one
    per rank and suit with two or more; then rows of card -1. Each row also holds its
    card, the suits it stands for and the category a clean out must reach: a full house
    if the card pairs the board, a flush if it is a suit's third card, a straight if it
    first puts three ranks in a straight's window."""
    row = np.empty((1, 5), dtype=np.int8)
    row[0, :n_board] = boards[b, :n_board]
    zero = np.int64(0)  # not a literal 0: that would compile _high_facts once more
    none = np.empty((_N_NUTS, 0), dtype=np.int64)  # no holdings kept
    counts = np.empty(_N_NUTS, dtype=np.int64)
    on_board = facts[_BOARD_MASK]
    ranks = facts[_BOARD_RANKS]
    straight_before = _straight_possible(ranks)
    plain = 0
    for suit in range(4):
        if popcount(facts[_SUIT_RANKS + suit]) < 2:
            plain |= 1 << suit
    k = 0
    for rank in range(13):
        free = ~(on_board >> (4 * rank)) & 15
        for suit in range(-1, 4):
            suits = plain if suit < 0 else (1 << suit) & ~plain
            if not suits & free:
                continue
            card = 4 * rank + _lowest_suit(suits & free)
            row[0, n_board] = card
            _high_facts(row, zero, n_board + 1, zero, decode, board_pair, flush5, suited, nexts[k], none, none, counts)
            # The highest threat decides (the categories rank full house > flush > straight).
            need = 0
            if (ranks >> rank) & 1:
                need = _FULL_HOUSE
            elif suit >= 0 and popcount(facts[_SUIT_RANKS + suit]) == 2:
                need = _FLUSH_CATEGORY
            elif not straight_before and _straight_possible(ranks | (1 << rank)):
                need = _STRAIGHT_CATEGORY
            nexts[k, _NEXT_CARD] = card
            nexts[k, _NEXT_SUITS] = suits
            nexts[k, _NEXT_NEED] = need
            k += 1
    for j in range(k, _N_NEXT):
        nexts[j, _NEXT_CARD] = -1


@njit(cache=True, inline="always")
def _lowest_suit(suits):
    """The lowest suit of a non-empty 4-bit suit mask."""
    suit = 0
    while not (suits >> suit) & 1:
        suit += 1
    return suit


@njit(cache=True, inline="always")
def _nut_column(value, decode, top):
    """The nut column of ``facts`` a high ``value`` is measured against (the full house,
    flush, straight or top pair one; the board's top rank is ``top``), else -1."""
    category = decode[value, 0]
    if category == _FULL_HOUSE:
        return _NUT_FH_VALUE
    if category == _FLUSH_CATEGORY:
        return _FLUSH1
    if category == _STRAIGHT_CATEGORY:
        return _NUT_STRAIGHT_VALUE
    if category == 1 and decode[value, 1] == top:
        return _TOP_PAIR_VALUE
    return -1


@njit(cache=True, inline="always")
def _best_two(values, masks, count, hole_mask):
    """The two best distinct values (-1: none) of the first ``count`` holdings (``values``:
    highs, or a flush's top hole rank; card masks ``masks``) that share no card with the
    card mask ``hole_mask``."""
    best = second = -1
    for j in range(count):
        if masks[j] & hole_mask:
            continue
        value = values[j]
        if value > best:
            best, second = value, best
        elif best > value > second:
            second = value
    return best, second


@njit(cache=True, inline="always")
def _three_best_lows(taken, board_low, extra_rank, low):
    """The three best lows (NO_LOW: fewer) two cards off the card mask ``taken`` make with
    the board of low-rank mask ``board_low``, one more card of ``extra_rank`` (-1: none)
    counted as taken."""
    # Lows depend on ranks only; a rank is available unless all four of its cards are taken.
    low1 = low2 = low3 = NO_LOW
    for a in range(8):
        for c in range(a + 1, 8):
            # low bit k is rank k - 1 (bit 0: the ace, rank 12)
            rank_a = 12 if a == 0 else a - 1
            rank_c = c - 1
            if _count_rank(taken, rank_a) + (rank_a == extra_rank) == 4:
                continue
            if _count_rank(taken, rank_c) + (rank_c == extra_rank) == 4:
                continue
            value = low[unsigned(board_low * 256 + (1 << a) + (1 << c))]
            if value > low1:
                low1, low2, low3 = value, low1, low2
            elif low1 > value > low2:
                low2, low3 = value, low2
            elif low2 > value > low3:
                low3 = value
    return low1, low2, low3


@njit(cache=True, inline="always")
def _low_class(lo, low1, low2, low3):
    """The made low class id of low value ``lo`` against the three best lows the other
    hands can make (a hand whose own cards block the better lows ranks above them)."""
    if lo == NO_LOW:
        return 4
    if lo >= low1:
        return 0
    if lo >= low2:
        return 1
    if lo >= low3:
        return 2
    return 3


@njit(cache=True, inline="always")
def _takes_a_low_rank(taken, hole_mask):
    """Whether the hole cards (card mask ``hole_mask``) hold every card of a low rank that
    the card mask ``taken`` leaves: the others' lows then lack that rank."""
    for k in range(8):
        rank = 12 if k == 0 else k - 1
        if _count_rank(taken, rank) < 4 and _count_rank(taken | hole_mask, rank) == 4:
            return True
    return False


@njit(cache=True, inline="always")
def _count_rank(card_mask, rank):
    """How many cards of ``rank`` the card mask (bit ``4 * rank + suit``) holds."""
    return popcount((card_mask >> (4 * rank)) & 15)


@njit(cache=True, parallel=True)
def classify_kernel(
    holes, boards, board_of, n_board, hilo, dead, clean, decode, low_masks, board_pair, flush5, suited, low, out
):
    """``out[i]`` (int8, 10 columns, see the module docstring): the classes of ``holes[i]``
    on the board ``boards[board_of[i], :n_board]``. ``hilo`` false: no lows, no low draws.
    ``dead`` is the card mask of the dead cards (no out is one of them). ``clean`` false:
    no clean outs (``CLEAN`` and ``CLEAN_OUTS`` are -1; they cost a next board's facts
    per rank, which a board per deal cannot share). ``decode`` is :func:`high_decode`,
    ``low_masks`` :func:`low_rank_masks`.

    A clean out of a hand on the flop or turn is an unseen card that, dealt next, gives
    it a higher high and a better made high class, top two pair or better (a card that
    pairs a hole card into one pair or a weaker two pair helps every hand alike), and
    that brings no new threat above its new hand: if the card pairs the board, the hand
    then has a full house or better; if it is a suit's third board card, a flush or
    better; if it first puts three board ranks in a straight's window, a straight or
    better."""
    facts = np.empty((boards.shape[0], _N_FACTS), dtype=np.int64)
    nexts = np.empty((boards.shape[0] if clean and n_board < 5 else 0, _N_NEXT, _N_FACTS), dtype=np.int64)
    # The nuts a hand is classed against are the others' (neither its own cards nor dead
    # ones). One shared board keeps, with the dead cards out, its nuts and the holdings
    # behind them, and each hand takes its own cards out of those; a board per hand gets
    # its hand's nuts directly. The board's own nuts (``facts``) are what the clean outs
    # compare, board to next board.
    shared = boards.shape[0] == 1
    n_kept = boards.shape[0] if shared else 0
    others = np.empty((n_kept, _N_FACTS), dtype=np.int64)
    held_values = np.empty((n_kept, _N_NUTS, _MAX_HOLDINGS), dtype=np.int64)
    held_masks = np.empty((n_kept, _N_NUTS, _MAX_HOLDINGS), dtype=np.int64)
    held_counts = np.zeros((n_kept, _N_NUTS), dtype=np.int64)
    none = np.empty((_N_NUTS, 0), dtype=np.int64)
    no_counts = np.zeros(_N_NUTS, dtype=np.int64)  # never written: nothing is kept
    # prange's index is unsigned and a literal 0 is typed apart: as int64, each helper
    # compiled on its own (``_high_facts``, ``_next_facts``, ``_clean_outs``) has one signature.
    zero = np.int64(0)
    for p in prange(boards.shape[0]):
        b = np.int64(p)
        _board_facts(boards, b, n_board, zero, decode, board_pair, flush5, suited, low, facts[b], none, none, no_counts)
        if shared:
            _board_facts(
                boards, b, n_board, dead, decode, board_pair, flush5, suited, low, others[b], held_values[b],
                held_masks[b], held_counts[b],
            )  # fmt: skip
        if len(nexts):
            _next_facts(boards, b, n_board, facts[b], decode, board_pair, flush5, suited, nexts[b])
    drawing = n_board < 5
    n_hole = holes.shape[1]
    for q in prange(holes.shape[0]):
        i = np.int64(q)
        b = board_of[i]
        f = facts[b]
        board_mask = f[_BOARD_MASK]
        board_low = f[_BOARD_LOW]
        value = hand_high(holes, i, n_hole, f[_STATE], f[_FLUSH_SUIT], f[_FLUSH_RANKS], board_pair, flush5, suited)
        hole_ranks = 0
        hole_mask = np.int64(0)  # not a literal 0: that would compile _clean_outs once more
        hole_low = 0
        for j in range(n_hole):
            c = holes[i, j]
            hole_ranks |= 1 << (c >> 2)
            hole_mask |= np.int64(1) << c
            hole_low |= LOW_BIT[c >> 2]
        if shared:
            e = others[b]
            if hilo and _takes_a_low_rank(board_mask | dead, hole_mask):
                e = others[b].copy()
                _low_facts(board_mask | dead | hole_mask, board_low, low, e)
        else:
            e = np.empty(_N_FACTS, dtype=np.int64)
            _board_facts(
                boards, b, n_board, dead | hole_mask, decode, board_pair, flush5, suited, low, e, none, none, no_counts
            )  # fmt: skip
        nut_fh, flush1, flush2 = e[_NUT_FH_VALUE], e[_FLUSH1], e[_FLUSH2]
        nut_straight, top_pair = e[_NUT_STRAIGHT_VALUE], e[_TOP_PAIR_VALUE]
        column = _nut_column(value, decode, f[_TOP])
        key = _top_of_suit(hole_mask, f[_FLUSH_SUIT]) if column == _FLUSH1 else value
        if shared and column >= 0 and key < e[column]:
            best, second = _best_two(held_values[b, column], held_masks[b, column], held_counts[b, column], hole_mask)
            if column == _NUT_FH_VALUE:
                nut_fh = best
            elif column == _FLUSH1:
                flush1, flush2 = best, second
            elif column == _NUT_STRAIGHT_VALUE:
                nut_straight = best
            else:
                top_pair = best
        out[i, HIGH] = _made_high(value, decode, f, hole_mask, nut_fh, flush1, flush2, nut_straight, top_pair)
        seen = board_mask | hole_mask | dead
        lo = hand_low(holes, i, n_hole, board_low, low) if hilo else NO_LOW
        low_class = _low_class(lo, e[_LOW1], e[_LOW2], e[_LOW3])
        out[i, LOW] = low_class
        counterfeits = 0
        if drawing and lo != NO_LOW:
            counterfeits = _counterfeit_outs(lo, low_class, hole_low, seen, board_low, e, low, low_masks)
        out[i, COUNTERFEIT_OUTS] = counterfeits
        out[i, COUNTERFEIT] = 0 if counterfeits else 1
        out[i, LOW_DRAW] = _low_draw(hole_low, board_low, n_board) if hilo and drawing else _NO_LOW_DRAW
        out[i, FLUSH_DRAW] = _NO_FD
        out[i, STRAIGHT_OUTS] = 0
        out[i, STRAIGHT_DRAW] = _NO_SD
        out[i, CLEAN_OUTS] = 0 if clean else -1
        out[i, CLEAN] = _NO_CLEAN if clean else -1
        if drawing:
            out[i, FLUSH_DRAW] = _flush_draw(hole_mask, f[_SUIT_RANKS : _SUIT_RANKS + 4], n_board)
            outs = _straight_outs(f[_BOARD_RANKS], seen, hole_ranks)
            out[i, STRAIGHT_OUTS] = outs
            out[i, STRAIGHT_DRAW] = _by_thresholds(outs, _OUTS_THRESHOLDS, _NO_SD)
            if outs == 0 and n_board == 3 and _backdoor_straight(f[_BOARD_RANKS], hole_ranks, seen):
                out[i, STRAIGHT_DRAW] = _BACKDOOR_SD
            if clean:
                high = _board_high(value, decode, f, hole_mask)
                outs = _clean_outs(holes, i, hole_mask, value, high, seen, nexts[b], decode, board_pair, flush5, suited)
                out[i, CLEAN_OUTS] = outs
                out[i, CLEAN] = _by_thresholds(outs, _CLEAN_THRESHOLDS, _NO_CLEAN)


@njit(cache=True, inline="always")
def _by_thresholds(outs, thresholds, none):
    """The position of the first threshold ``outs`` reaches, else ``none``."""
    for k in range(len(thresholds)):
        if outs >= thresholds[k]:
            return k
    return none


@njit(cache=True, inline="always")
def _made_high(value, decode, f, hole_mask, nut_fh, flush1, flush2, nut_straight, top_pair):
    """The made high class of a hand of high ``value`` and card mask ``hole_mask`` on the
    board of facts ``f``, against the best the other hands can make (the nut full house,
    the two best flushes' top hole ranks, the nut straight, the best top pair; -1: none).
    A hand whose own cards block the others' best holdings can beat them: it then holds
    the nuts."""
    flush_top = _top_of_suit(hole_mask, f[_FLUSH_SUIT]) if f[_FLUSH_SUIT] >= 0 else -1
    high = _high_class(
        value, decode, f[_BOARD_MASK], f[_TOP], f[_SECOND], f[_BOTTOM], nut_fh, flush_top, flush1, flush2
    )
    if value >= nut_straight and high == _STRAIGHT:
        return _NUT_STRAIGHT
    if value >= top_pair and high == _TOP_PAIR:
        return _TPTK
    return high


@njit(cache=True, inline="always")
def _board_high(value, decode, f, hole_mask):
    """The made high class of a hand of high ``value`` and card mask ``hole_mask`` against
    the board's own nuts, those of the facts ``f`` (what the clean outs compare, board to
    next board)."""
    return _made_high(
        value, decode, f, hole_mask, f[_NUT_FH_VALUE], f[_FLUSH1], f[_FLUSH2], f[_NUT_STRAIGHT_VALUE],
        f[_TOP_PAIR_VALUE],
    )  # fmt: skip


@njit(cache=True, inline="always")
def _top_of_suit(hole_mask, suit):
    """The highest rank of the hole cards (card mask ``hole_mask``) of ``suit``, or -1."""
    for rank in range(12, -1, -1):
        if (hole_mask >> (4 * rank + suit)) & 1:
            return rank
    return -1


@njit(cache=True)
def _clean_outs(holes, i, hole_mask, value, high, seen, nexts, decode, board_pair, flush5, suited):
    """The clean outs (:func:`classify_kernel`) of ``holes[i]`` (card mask ``hole_mask``), of
    high ``value`` and class ``high`` against the board's own nuts, unseen cards being
    those off the card mask ``seen``, from its board's next
    boards ``nexts`` (:func:`_next_facts`)."""
    outs = 0
    n_hole = holes.shape[1]
    for k in range(_N_NEXT):
        nf = nexts[k]
        card = nf[_NEXT_CARD]
        if card < 0:
            break
        live = popcount(nf[_NEXT_SUITS] & ~(seen >> (card & ~3)) & 15)
        if live == 0:
            continue
        after = hand_high(holes, i, n_hole, nf[_STATE], nf[_FLUSH_SUIT], nf[_FLUSH_RANKS], board_pair, flush5, suited)
        if after > value and decode[after, 0] >= nf[_NEXT_NEED]:
            better = _board_high(after, decode, nf, hole_mask)
            if better < high and better <= _TOP_TWO:
                outs += live
    return outs


@njit(cache=True, inline="always")
def _counterfeit_outs(lo, low_class, hole_low, seen, board_low, facts, low, low_masks):
    """The unseen cards (off the card mask ``seen``) that counterfeit a made low ``lo`` of
    class ``low_class``: of a rank its best low takes from the hand (a rank of the low not
    on the board), dealt next, they leave the hand's low in a worse class against the nuts
    of the new board."""
    used = low_masks[lo] & ~board_low
    outs = 0
    for k in range(8):
        if not (used >> k) & 1:
            continue
        after = facts[_LOWS_AFTER + 3 * k : _LOWS_AFTER + 3 * k + 3]
        new_lo = low[unsigned((board_low | (1 << k)) * 256 + hole_low)]
        if _low_class(new_lo, after[0], after[1], after[2]) > low_class:
            rank = 12 if k == 0 else k - 1
            outs += 4 - _count_rank(seen, rank)
    return outs


@njit(cache=True, inline="always")
def _low_draw(hole_low, board_low, n_board):
    """The low draw class of a hand with low-rank mask ``hole_low`` (bit 0: the ace) on a
    board of low-rank mask ``board_low`` before the river: the hand's two lowest low ranks
    not on the board, against the two lowest such ranks any hand can hold."""
    board_low_count = popcount(board_low)
    # A draw needs a board short of three low ranks that the cards to come can complete.
    if board_low_count >= 3 or board_low_count + 5 - n_board < 3:
        return _NO_LOW_DRAW
    unseen_low = 0xFF & ~board_low
    held = _lowest_bits(hole_low & unseen_low, 2)
    if popcount(held) < 2:
        return _NO_LOW_DRAW
    if board_low_count <= 1:
        return _BACKDOOR_LOW
    nut_pair = _lowest_bits(unseen_low, 2)
    nut_three = _lowest_bits(unseen_low, 3)
    if held == nut_pair:
        return _PROTECTED if (hole_low & nut_three) == nut_three else _NUT_DRAW
    if held == (nut_pair & -nut_pair) | (nut_three & ~nut_pair):  # the lowest and the third lowest
        return _SECOND_DRAW
    return _WEAKER_DRAW


@njit(cache=True, inline="always")
def _high_class(value, decode, board_mask, top, second, bottom, nut_fh, flush_top, flush1, flush2):
    """The made high class of a hand of high ``value`` whose top hole card of the flush
    suit has rank ``flush_top`` (the nut straight and top kicker are settled by the
    caller, which knows the board's nut values)."""
    category = decode[value, 0]
    rank = decode[value, 1]
    if category == 8:
        return _SF
    if category == 7:
        return _QUADS
    if category == 6:
        return _NUT_FH if value >= nut_fh else _FH
    if category == 5:
        return _NUT_FLUSH if flush_top >= flush1 else _SECOND_FLUSH if flush_top >= flush2 else _FLUSH
    if category == 4:
        return _STRAIGHT
    on_board = _count_rank(board_mask, rank)
    if category == 3:
        if on_board != 1:
            return _TRIPS
        return _TOP_SET if rank == top else _BOTTOM_SET if rank == bottom else _MIDDLE_SET
    if category == 2:
        kicker = decode[value, 2]
        single = on_board == 1 and _count_rank(board_mask, kicker) == 1
        return _TOP_TWO if single and rank == top and kicker == second else _TWO_PAIR
    if category == 1:
        if on_board == 0 and rank > top:
            return _OVERPAIR
        if on_board == 1 and rank == top:
            return _TOP_PAIR
        return _OTHER_PAIR
    return _NO_PAIR


@njit(cache=True, inline="always")
def _flush_draw(hole_mask, suit_ranks, n_board):
    """The flush draw class: two or more hole cards of a suit with two board cards (nut:
    holding that suit's best rank not on the board), or on the flop with one board card."""
    best = _NO_FD
    for suit in range(4):
        held = 0
        for rank in range(13):
            held |= ((hole_mask >> (4 * rank + suit)) & 1) << rank
        if popcount(held) < 2:
            continue
        on_board = popcount(suit_ranks[suit])
        if on_board == 2:
            nut = 12
            while (suit_ranks[suit] >> nut) & 1:
                nut -= 1
            best = min(best, _NUT_FD if (held >> nut) & 1 else _FD)
        elif on_board == 1 and n_board == 3:
            best = min(best, _BACKDOOR_FD)
    return best


@njit(cache=True, inline="always")
def _straight_outs(board_ranks, seen, hole_ranks):
    """Unseen cards (off the card mask ``seen``) that, dealt next, give a higher straight."""
    now = _best_straight(board_ranks, hole_ranks)
    outs = 0
    for rank in range(13):
        if _best_straight(board_ranks | (1 << rank), hole_ranks) > now:
            outs += 4 - _count_rank(seen, rank)
    return outs


@njit(cache=True, inline="always")
def _backdoor_straight(board_ranks, hole_ranks, seen):
    """Whether some turn and river together give a higher straight than the hand has: a
    straight window above its best with two hole ranks in it whose other three ranks miss
    at most two board ranks, each with an unseen card left (off the card mask ``seen``)."""
    now = _best_straight(board_ranks, hole_ranks)
    for w in range(9, now, -1):
        window = STRAIGHT_WINDOWS[w]
        held = window & hole_ranks
        if popcount(held) < 2:
            continue
        for a in range(13):
            if not (held >> a) & 1:
                continue
            for c in range(a + 1, 13):
                if not (held >> c) & 1:
                    continue
                need = window & ~((1 << a) | (1 << c)) & ~board_ranks
                if popcount(need) > 2:
                    continue
                left = True
                for r in range(13):
                    if (need >> r) & 1 and _count_rank(seen, r) == 4:
                        left = False
                if left:
                    return True
    return False


def classify(
    holes: np.ndarray,
    boards: np.ndarray,
    hilo: bool,
    tables: Tables,
    *,
    dead: int = 0,
    clean_outs: bool = False,
) -> np.ndarray:
    """(n, 10) int8: the classes of every row of ``holes`` (int8 card ints) on ``boards``:
    one board (3, 4 or 5 card ints) for every hand, or one board row per hand (n, 3..5).
    ``dead``: the card mask (bit ``card``) of the dead cards, which no out counts.
    ``clean_outs``: compute the clean outs (``CLEAN``, ``CLEAN_OUTS``; else -1), at the
    cost of one board's high facts per rank for each board (cheap for one board).
    Trusted: the caller checked the cards (see the module docstring)."""
    boards = np.asarray(boards)
    one = boards.ndim == 1
    n_board = boards.shape[-1]
    rows = np.zeros((1 if one else len(boards), 5), dtype=np.int8)
    rows[:, :n_board] = boards
    board_of = np.zeros(len(holes), dtype=np.int64) if one else np.arange(len(holes), dtype=np.int64)
    out = np.empty((len(holes), len(COLUMNS)), dtype=np.int8)
    parallel.run(
        classify_kernel,
        read_only_cards(holes),
        rows,
        board_of,
        n_board,
        bool(hilo),
        np.int64(dead),
        bool(clean_outs),
        high_decode(),
        low_rank_masks(),
        tables.board_pair,
        tables.flush5,
        tables.suited,
        tables.low,
        out,
    )
    return out
