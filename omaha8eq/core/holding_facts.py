"""The per-board facts behind :mod:`omaha8eq.core.holdings_kernel`'s classes, compiled:
what the best holdings of the other hands make on a board (the nut full house, the two
best flushes, the nut straight, the best top pair, the three best lows, each with the
two-card holdings behind it), and the same facts for every next board (for the clean
outs). Each hand then takes its own cards out of them (see :mod:`omaha8eq.core.holdings`).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from .high import best_flush, describe_board, popcount, unsigned
from .tables import NO_LOW, PAIR_INDEX, STRAIGHT_WINDOWS

# The categories (tables.CATEGORIES) a next card must let the hand reach to be clean
# when it pairs the board, brings a suit's third card, or first puts three ranks in a
# straight's window.
_FULL_HOUSE, _FLUSH_CATEGORY, _STRAIGHT_CATEGORY = 6, 5, 4
# Next boards a flop or turn can have: 13 ranks, each once for the suits with fewer than
# two board cards and once for each suit with two or more (at most two such suits).
N_NEXT = 39


@njit(cache=True, inline="always")
def count_rank(card_mask, rank):
    """How many cards of ``rank`` the card mask (bit ``4 * rank + suit``) holds."""
    return popcount((card_mask >> (4 * rank)) & 15)


@njit(cache=True, inline="always")
def best_straight(board_ranks, hole_ranks):
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
def lowest_bits(mask, count):
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
NUT_FH_VALUE, FLUSH1, FLUSH2, NUT_STRAIGHT_VALUE, TOP_PAIR_VALUE, LOW1, LOW2, LOW3 = range(8)
STATE, FLUSH_SUIT, FLUSH_RANKS, BOARD_LOW, BOARD_MASK, BOARD_RANKS, TOP, SECOND, BOTTOM = range(8, 17)
SUIT_RANKS = 17  # four columns: each suit's 13-bit rank mask on the board
LOWS_AFTER = 21  # 8 x 3 columns: the three best lows after one more card of low bit k
# A next board's facts (the high columns above) add: the card dealt, the 4-bit mask of
# the suits whose card of its rank gives the same board, and the category the hand must
# then reach for the card to be clean.
NEXT_CARD, NEXT_SUITS, NEXT_NEED = 45, 46, 47
N_FACTS = 48
# The nut columns whose holdings a shared board keeps (``FLUSH2`` has none of its own).
N_NUTS = 5
# Two-card holdings a flop leaves at most: C(49, 2).
MAX_HOLDINGS = 1176


@njit(cache=True)
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
    _low_facts(facts[BOARD_MASK] | blocked, facts[BOARD_LOW], low, facts)


@njit(cache=True)  # compiled once: _board_facts and the classifier call it
def _low_facts(taken, board_low, low, facts):
    """The low columns of ``facts`` (``LOW1`` .. ``LOW3`` and ``LOWS_AFTER``): the three
    best lows two cards off the card mask ``taken`` (the board's cards included) make with
    a board of low-rank mask ``board_low``, and the same after one more card of each low
    rank, the nuts a counterfeit is measured against."""
    low1, low2, low3 = _three_best_lows(taken, board_low, -1, low)
    for k in range(8):
        after = _three_best_lows(taken, board_low | (1 << k), 12 if k == 0 else k - 1, low)
        for j in range(3):
            facts[LOWS_AFTER + 3 * k + j] = after[j]
    facts[LOW1] = low1
    facts[LOW2] = low2
    facts[LOW3] = low3


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
    rank), ``held_masks`` their card masks (what :func:`best_two` reads to take a hand's
    own cards out)."""
    state, flush_suit, flush_ranks, board_low = describe_board(boards, b, n_board)
    on_board = 0
    ranks = 0
    for j in range(4):
        facts[SUIT_RANKS + j] = 0
    for j in range(n_board):
        c = boards[b, j]
        on_board |= np.int64(1) << c
        ranks |= 1 << (c >> 2)
        facts[SUIT_RANKS + (c & 3)] |= 1 << (c >> 2)
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
            column = nut_column(value, decode, top)
            if column == FLUSH1:
                # A flush is measured by its top hole card: the higher one always wins.
                value = max(c1, c2) >> 2
                if value > flush1:
                    flush1, flush2 = value, flush1
                elif flush1 > value > flush2:
                    flush2 = value
            elif column == NUT_FH_VALUE:
                nut_fh = max(nut_fh, value)
            elif column == NUT_STRAIGHT_VALUE:
                nut_straight = max(nut_straight, value)
            elif column == TOP_PAIR_VALUE:
                top_pair = max(top_pair, value)
            if store and column >= 0:
                held_values[column, held_counts[column]] = value
                held_masks[column, held_counts[column]] = (np.int64(1) << c1) | (np.int64(1) << c2)
                held_counts[column] += 1
    facts[NUT_FH_VALUE] = nut_fh
    facts[FLUSH1] = flush1
    facts[FLUSH2] = flush2
    facts[NUT_STRAIGHT_VALUE] = nut_straight
    facts[TOP_PAIR_VALUE] = top_pair
    facts[STATE] = state
    facts[FLUSH_SUIT] = flush_suit
    facts[FLUSH_RANKS] = flush_ranks
    facts[BOARD_LOW] = board_low
    facts[BOARD_MASK] = on_board
    facts[BOARD_RANKS] = ranks
    facts[TOP] = top
    facts[SECOND] = second
    facts[BOTTOM] = bottom


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
    for j in range(n_board):  # not a slice assignment: its shape check compiles an error message's formatting
        row[0, j] = boards[b, j]
    zero = np.int64(0)  # not a literal 0: that would compile _high_facts once more
    none = np.empty((N_NUTS, 0), dtype=np.int64)  # no holdings kept
    counts = np.empty(N_NUTS, dtype=np.int64)
    on_board = facts[BOARD_MASK]
    ranks = facts[BOARD_RANKS]
    straight_before = _straight_possible(ranks)
    plain = 0
    for suit in range(4):
        if popcount(facts[SUIT_RANKS + suit]) < 2:
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
            elif suit >= 0 and popcount(facts[SUIT_RANKS + suit]) == 2:
                need = _FLUSH_CATEGORY
            elif not straight_before and _straight_possible(ranks | (1 << rank)):
                need = _STRAIGHT_CATEGORY
            nexts[k, NEXT_CARD] = card
            nexts[k, NEXT_SUITS] = suits
            nexts[k, NEXT_NEED] = need
            k += 1
    for j in range(k, N_NEXT):
        nexts[j, NEXT_CARD] = -1


@njit(cache=True, inline="always")
def _lowest_suit(suits):
    """The lowest suit of a non-empty 4-bit suit mask."""
    suit = 0
    while not (suits >> suit) & 1:
        suit += 1
    return suit


@njit(cache=True, inline="always")
def nut_column(value, decode, top):
    """The nut column of ``facts`` a high ``value`` is measured against (the full house,
    flush, straight or top pair one; the board's top rank is ``top``), else -1."""
    category = decode[value, 0]
    if category == _FULL_HOUSE:
        return NUT_FH_VALUE
    if category == _FLUSH_CATEGORY:
        return FLUSH1
    if category == _STRAIGHT_CATEGORY:
        return NUT_STRAIGHT_VALUE
    if category == 1 and decode[value, 1] == top:
        return TOP_PAIR_VALUE
    return -1


@njit(cache=True, inline="always")
def best_two(values, masks, count, hole_mask):
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
            if count_rank(taken, rank_a) + (rank_a == extra_rank) == 4:
                continue
            if count_rank(taken, rank_c) + (rank_c == extra_rank) == 4:
                continue
            value = low[unsigned(board_low * 256 + (1 << a) + (1 << c))]
            if value > low1:
                low1, low2, low3 = value, low1, low2
            elif low1 > value > low2:
                low2, low3 = value, low2
            elif low2 > value > low3:
                low3 = value
    return low1, low2, low3
