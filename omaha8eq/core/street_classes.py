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
``STRAIGHT_OUTS``
    the number of unseen cards (not on the board, not in the hand) that, dealt next,
    give the hand a higher straight than it has (suits ignored; 0 on the river);
``COUNTERFEIT_OUTS``
    the number of unseen cards that, dealt next, counterfeit the hand's made low: of a
    rank its best low takes from the hand (not on the board), they drop its made low
    class (nut, second, third, weaker) against the new board's nuts (0 on the river).

"Nut" always compares with what any two cards not on the board make with it (the
board's nuts: the hand's own cards and dead cards are not removed). The per-board
facts (the nut full house, the two best flushes, the nut straight, the best top
pair, the three best lows) are computed once per call from the 1,176 (flop) two-card
holdings of the cards not on the board, then each hand reads them.
"""

from __future__ import annotations

import functools

import numpy as np
from numba import njit, prange

from . import parallel
from .high import best_flush, describe_board, hand_high, popcount, unsigned
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

HIGH, LOW, LOW_DRAW, FLUSH_DRAW, STRAIGHT_DRAW, COUNTERFEIT, STRAIGHT_OUTS, COUNTERFEIT_OUTS = range(8)
#: The columns of :func:`classify_kernel`'s output, by name: the class groups, then the counts.
COLUMNS = (
    "high",
    "low",
    "low draw",
    "flush draw",
    "straight draw",
    "counterfeit",
    "straight outs",
    "counterfeit outs",
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
}

# Class ids the kernel writes (positions in the tuples above).
_SF, _QUADS, _NUT_FH, _FH, _NUT_FLUSH, _SECOND_FLUSH, _FLUSH, _NUT_STRAIGHT, _STRAIGHT = range(9)
_TOP_SET, _MIDDLE_SET, _BOTTOM_SET, _TRIPS, _TOP_TWO, _TWO_PAIR, _OVERPAIR, _TPTK, _TOP_PAIR = range(9, 18)
_OTHER_PAIR, _NO_PAIR = 18, 19
_PROTECTED, _NUT_DRAW, _SECOND_DRAW, _WEAKER_DRAW, _BACKDOOR_LOW, _NO_LOW_DRAW = range(6)
_NUT_FD, _FD, _BACKDOOR_FD, _NO_FD = range(4)
_BACKDOOR_SD, _NO_SD = 4, 5
# Outs at or above each threshold give the straight draw class of the same position.
_OUTS_THRESHOLDS = np.array([13, 9, 5, 1], dtype=np.int64)


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
_N_FACTS = 45


@njit(cache=True, inline="always")
def _board_facts(boards, b, n_board, decode, board_pair, flush5, suited, low, facts):
    """``facts[b]``: the board ``boards[b, :n_board]`` summarised (``describe_board``, card
    and rank masks, its top, second and bottom ranks) and its nuts: the nut full house, the
    two best flushes, the nut straight, the best top pair and the three best lows that two
    cards not on the board make (-1: none), and the three best lows after one more card of
    each low rank."""
    state, flush_suit, flush_ranks, board_low = describe_board(boards, b, n_board)
    on_board = 0
    ranks = 0
    for j in range(4):
        facts[b, _SUIT_RANKS + j] = 0
    for j in range(n_board):
        c = boards[b, j]
        on_board |= np.int64(1) << c
        ranks |= 1 << (c >> 2)
        facts[b, _SUIT_RANKS + (c & 3)] |= 1 << (c >> 2)
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
    for c1 in range(52):
        if (on_board >> c1) & 1:
            continue
        for c2 in range(c1 + 1, 52):
            if (on_board >> c2) & 1:
                continue
            r1 = c1 >> 2
            r2 = c2 >> 2
            value = pair_values[unsigned(PAIR_INDEX[r1, r2])]
            if flush_suit >= 0 and (c1 & 3) == flush_suit and (c2 & 3) == flush_suit:
                value = max(value, best_flush(flush_ranks, (1 << r1) | (1 << r2), flush5, suited))
            category = decode[value, 0]
            if category == 6:
                nut_fh = max(nut_fh, value)
            elif category == 5:
                if value > flush1:
                    flush1, flush2 = value, flush1
                elif flush1 > value > flush2:
                    flush2 = value
            elif category == 4:
                nut_straight = max(nut_straight, value)
            elif category == 1 and decode[value, 1] == top:
                top_pair = max(top_pair, value)
    low1, low2, low3 = _three_best_lows(on_board, board_low, -1, low)
    # The nuts after one more card of each low rank: what a counterfeit is measured against.
    for k in range(8):
        after = _three_best_lows(on_board, board_low | (1 << k), 12 if k == 0 else k - 1, low)
        for j in range(3):
            facts[b, _LOWS_AFTER + 3 * k + j] = after[j]
    facts[b, _NUT_FH_VALUE] = nut_fh
    facts[b, _FLUSH1] = flush1
    facts[b, _FLUSH2] = flush2
    facts[b, _NUT_STRAIGHT_VALUE] = nut_straight
    facts[b, _TOP_PAIR_VALUE] = top_pair
    facts[b, _LOW1] = low1
    facts[b, _LOW2] = low2
    facts[b, _LOW3] = low3
    facts[b, _STATE] = state
    facts[b, _FLUSH_SUIT] = flush_suit
    facts[b, _FLUSH_RANKS] = flush_ranks
    facts[b, _BOARD_LOW] = board_low
    facts[b, _BOARD_MASK] = on_board
    facts[b, _BOARD_RANKS] = ranks
    facts[b, _TOP] = top
    facts[b, _SECOND] = second
    facts[b, _BOTTOM] = bottom


@njit(cache=True, inline="always")
def _three_best_lows(on_board, board_low, extra_rank, low):
    """The three best lows (NO_LOW: fewer) two cards not on the board make with the board
    of card mask ``on_board`` and low-rank mask ``board_low``, plus one more card of
    ``extra_rank`` (-1: none) counted as on the board."""
    # Lows depend on ranks only; a rank is available unless the board holds all four cards.
    low1 = low2 = low3 = NO_LOW
    for a in range(8):
        for c in range(a + 1, 8):
            # low bit k is rank k - 1 (bit 0: the ace, rank 12)
            rank_a = 12 if a == 0 else a - 1
            rank_c = c - 1
            if _count_rank(on_board, rank_a) + (rank_a == extra_rank) == 4:
                continue
            if _count_rank(on_board, rank_c) + (rank_c == extra_rank) == 4:
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
    """The made low class id of low value ``lo`` against the board's three best lows."""
    if lo == NO_LOW:
        return 4
    if lo == low1:
        return 0
    if lo == low2:
        return 1
    if lo == low3:
        return 2
    return 3


@njit(cache=True, inline="always")
def _count_rank(card_mask, rank):
    """How many cards of ``rank`` the card mask (bit ``4 * rank + suit``) holds."""
    return popcount((card_mask >> (4 * rank)) & 15)


@njit(cache=True, parallel=True)
def classify_kernel(holes, boards, board_of, n_board, hilo, decode, low_masks, board_pair, flush5, suited, low, out):
    """``out[i]`` (int8, 6 columns, see the module docstring): the classes of ``holes[i]``
    on the board ``boards[board_of[i], :n_board]``. ``hilo`` false: no lows, no low draws.
    ``decode`` is :func:`high_decode`, ``low_masks`` :func:`low_rank_masks`."""
    facts = np.empty((boards.shape[0], _N_FACTS), dtype=np.int64)
    for b in prange(boards.shape[0]):
        _board_facts(boards, b, n_board, decode, board_pair, flush5, suited, low, facts)
    drawing = n_board < 5
    n_hole = holes.shape[1]
    for i in prange(holes.shape[0]):
        f = facts[board_of[i]]
        board_mask = f[_BOARD_MASK]
        board_low = f[_BOARD_LOW]
        value = hand_high(holes, i, n_hole, f[_STATE], f[_FLUSH_SUIT], f[_FLUSH_RANKS], board_pair, flush5, suited)
        high = _high_class(
            value, decode, board_mask, f[_TOP], f[_SECOND], f[_BOTTOM], f[_NUT_FH_VALUE], f[_FLUSH1], f[_FLUSH2]
        )
        if value == f[_NUT_STRAIGHT_VALUE] and high == _STRAIGHT:
            high = _NUT_STRAIGHT
        if value == f[_TOP_PAIR_VALUE] and high == _TOP_PAIR:
            high = _TPTK
        out[i, HIGH] = high
        hole_ranks = 0
        hole_mask = 0
        hole_low = 0
        for j in range(n_hole):
            c = holes[i, j]
            hole_ranks |= 1 << (c >> 2)
            hole_mask |= np.int64(1) << c
            hole_low |= LOW_BIT[c >> 2]
        lo = hand_low(holes, i, n_hole, board_low, low) if hilo else NO_LOW
        low_class = _low_class(lo, f[_LOW1], f[_LOW2], f[_LOW3])
        out[i, LOW] = low_class
        counterfeits = 0
        if drawing and lo != NO_LOW:
            counterfeits = _counterfeit_outs(
                lo, low_class, hole_low, hole_mask, board_mask, board_low, f, low, low_masks
            )
        out[i, COUNTERFEIT_OUTS] = counterfeits
        out[i, COUNTERFEIT] = 0 if counterfeits else 1
        out[i, LOW_DRAW] = _low_draw(hole_low, board_low, n_board) if hilo and drawing else _NO_LOW_DRAW
        out[i, FLUSH_DRAW] = _NO_FD
        out[i, STRAIGHT_OUTS] = 0
        out[i, STRAIGHT_DRAW] = _NO_SD
        if drawing:
            out[i, FLUSH_DRAW] = _flush_draw(hole_mask, f[_SUIT_RANKS : _SUIT_RANKS + 4], n_board)
            outs = _straight_outs(f[_BOARD_RANKS], board_mask, hole_ranks, hole_mask)
            out[i, STRAIGHT_OUTS] = outs
            for k in range(len(_OUTS_THRESHOLDS)):
                if outs >= _OUTS_THRESHOLDS[k]:
                    out[i, STRAIGHT_DRAW] = k
                    break
            if outs == 0 and n_board == 3 and _backdoor_straight(f[_BOARD_RANKS], hole_ranks, hole_mask):
                out[i, STRAIGHT_DRAW] = _BACKDOOR_SD


@njit(cache=True, inline="always")
def _counterfeit_outs(lo, low_class, hole_low, hole_mask, board_mask, board_low, facts, low, low_masks):
    """The unseen cards that counterfeit a made low ``lo`` of class ``low_class``: of a rank
    its best low takes from the hand (a rank of the low not on the board), dealt next, they
    leave the hand's low in a worse class against the nuts of the new board."""
    used = low_masks[lo] & ~board_low
    outs = 0
    for k in range(8):
        if not (used >> k) & 1:
            continue
        after = facts[_LOWS_AFTER + 3 * k : _LOWS_AFTER + 3 * k + 3]
        new_lo = low[unsigned((board_low | (1 << k)) * 256 + hole_low)]
        if _low_class(new_lo, after[0], after[1], after[2]) > low_class:
            rank = 12 if k == 0 else k - 1
            outs += 4 - _count_rank(board_mask, rank) - _count_rank(hole_mask, rank)
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
def _high_class(value, decode, board_mask, top, second, bottom, nut_fh, flush1, flush2):
    """The made high class of a hand of high ``value`` (the nut straight and top kicker are
    settled by the caller, which knows the board's nut values)."""
    category = decode[value, 0]
    rank = decode[value, 1]
    if category == 8:
        return _SF
    if category == 7:
        return _QUADS
    if category == 6:
        return _NUT_FH if value == nut_fh else _FH
    if category == 5:
        return _NUT_FLUSH if value == flush1 else _SECOND_FLUSH if value == flush2 else _FLUSH
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
def _straight_outs(board_ranks, board_mask, hole_ranks, hole_mask):
    """Unseen cards (not on the board or in the hand) that, dealt next, give a higher straight."""
    now = _best_straight(board_ranks, hole_ranks)
    outs = 0
    for rank in range(13):
        if _best_straight(board_ranks | (1 << rank), hole_ranks) > now:
            outs += 4 - _count_rank(board_mask, rank) - _count_rank(hole_mask, rank)
    return outs


@njit(cache=True, inline="always")
def _backdoor_straight(board_ranks, hole_ranks, hole_mask):
    """Whether some turn and river together give a higher straight than the hand has: a
    straight window above its best with two hole ranks in it whose other three ranks miss
    at most two board ranks, each with a card left (the missing ranks are off the board;
    only the hand can hold their cards)."""
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
                    if (need >> r) & 1 and _count_rank(hole_mask, r) == 4:
                        left = False
                if left:
                    return True
    return False


def classify(holes: np.ndarray, boards: np.ndarray, hilo: bool, tables: Tables) -> np.ndarray:
    """(n, 8) int8: the classes of every row of ``holes`` (int8 card ints) on ``boards``:
    one board (3, 4 or 5 card ints) for every hand, or one board row per hand (n, 3..5).
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
        np.ascontiguousarray(holes, dtype=np.int8),
        rows,
        board_of,
        n_board,
        bool(hilo),
        high_decode(),
        low_rank_masks(),
        tables.board_pair,
        tables.flush5,
        tables.suited,
        tables.low,
        out,
    )
    return out
