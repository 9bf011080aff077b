"""The compiled classifier of :mod:`omaha8eq.core.holdings`: every hand's classes and outs
on a street (the range explorer's and the query language's ``handClass``).

The classes, their definitions and the columns written are documented in
:mod:`omaha8eq.core.holdings` (and, with an example each, in ``docs/range-explorer.md``).
"""

from __future__ import annotations

import numpy as np
from numba import njit, prange

from . import parallel
from .high import hand_high, popcount, unsigned
from .holding_facts import (
    BOARD_LOW,
    BOARD_MASK,
    BOARD_RANKS,
    BOTTOM,
    FLUSH1,
    FLUSH2,
    FLUSH_RANKS,
    FLUSH_SUIT,
    LOW1,
    LOW2,
    LOW3,
    LOWS_AFTER,
    MAX_HOLDINGS,
    N_FACTS,
    N_NEXT,
    N_NUTS,
    NEXT_CARD,
    NEXT_NEED,
    NEXT_SUITS,
    NUT_FH_VALUE,
    NUT_STRAIGHT_VALUE,
    SECOND,
    STATE,
    SUIT_RANKS,
    TOP,
    TOP_PAIR_VALUE,
    _board_facts,
    _low_facts,
    _next_facts,
    best_straight,
    best_two,
    count_rank,
    lowest_bits,
    nut_column,
)
from .holdings import (
    CLEAN,
    CLEAN_OUTS,
    COLUMNS,
    COUNTERFEIT,
    COUNTERFEIT_OUTS,
    FLUSH_DRAW,
    HIGH,
    LOW,
    LOW_DRAW,
    STRAIGHT_DRAW,
    STRAIGHT_OUTS,
    high_decode,
    low_rank_masks,
)
from .kernel_args import read_only_cards
from .loop_body import loop_body
from .low import hand_low
from .tables import LOW_BIT, NO_LOW, STRAIGHT_WINDOWS, Tables

__all__ = ["classify", "classify_kernel"]

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
HANDS_PER_CALL = 64  # the hands of one call of _classify_hands (see there)


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
        if count_rank(taken, rank) < 4 and count_rank(taken | hole_mask, rank) == 4:
            return True
    return False


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
    facts = np.empty((boards.shape[0], N_FACTS), dtype=np.int64)
    nexts = np.empty((boards.shape[0] if clean and n_board < 5 else 0, N_NEXT, N_FACTS), dtype=np.int64)
    # The nuts a hand is classed against are the others' (neither its own cards nor dead
    # ones). One shared board keeps, with the dead cards out, its nuts and the holdings
    # behind them, and each hand takes its own cards out of those; a board per hand gets
    # its hand's nuts directly. The board's own nuts (``facts``) are what the clean outs
    # compare, board to next board.
    shared = boards.shape[0] == 1
    n_kept = boards.shape[0] if shared else 0
    others = np.empty((n_kept, N_FACTS), dtype=np.int64)
    held_values = np.empty((n_kept, N_NUTS, MAX_HOLDINGS), dtype=np.int64)
    held_masks = np.empty((n_kept, N_NUTS, MAX_HOLDINGS), dtype=np.int64)
    held_counts = np.zeros((n_kept, N_NUTS), dtype=np.int64)
    none = np.empty((N_NUTS, 0), dtype=np.int64)
    no_counts = np.zeros(N_NUTS, dtype=np.int64)  # never written: nothing is kept
    # Each loop's body is a helper compiled once, on its own: the parallel build and its
    # serial twin share its machine code, and numba's parallel passes see a call, not
    # the inlined body (see docs/performance.md, first use: the compile's cost).
    # prange's index is unsigned: as int64, the parallel build and its serial twin call the
    # helpers with one signature.
    for p in prange(boards.shape[0]):
        _board_row(
            boards, np.int64(p), n_board, dead, shared, decode, board_pair, flush5, suited, low, facts, nexts,
            others, held_values, held_masks, held_counts, none, no_counts,
        )  # fmt: skip
    for q in prange((holes.shape[0] + HANDS_PER_CALL - 1) // HANDS_PER_CALL):
        first = np.int64(q) * HANDS_PER_CALL
        _classify_hands(
            holes, first, min(first + HANDS_PER_CALL, holes.shape[0]), boards, board_of, n_board, hilo, dead, clean,
            decode, low_masks, board_pair, flush5, suited, low, facts, nexts, others, held_values, held_masks,
            held_counts, none, no_counts, shared, out,
        )  # fmt: skip


@njit(cache=True)
def _board_row(
    boards, b, n_board, dead, shared, decode, board_pair, flush5, suited, low, facts, nexts, others, held_values,
    held_masks, held_counts, none, no_counts,
):  # fmt: skip
    """The facts of board ``b`` (:func:`classify_kernel`'s first loop): its own, with the
    dead cards out and the holdings kept when the board is ``shared``, and its next
    boards' when ``nexts`` has rows."""
    # No dead card, as int64 like ``dead``: a literal 0 would type _board_facts apart.
    _board_facts(
        boards, b, n_board, np.int64(0), decode, board_pair, flush5, suited, low, facts[b], none, none, no_counts
    )
    if shared:
        _board_facts(
            boards, b, n_board, dead, decode, board_pair, flush5, suited, low, others[b], held_values[b],
            held_masks[b], held_counts[b],
        )  # fmt: skip
    if len(nexts):
        _next_facts(boards, b, n_board, facts[b], decode, board_pair, flush5, suited, nexts[b])


@njit(cache=True)
def _classify_hands(
    holes, first, end, boards, board_of, n_board, hilo, dead, clean, decode, low_masks, board_pair, flush5, suited, low,
    facts, nexts, others, held_values, held_masks, held_counts, none, no_counts, shared, out,
):  # fmt: skip
    """``out[first:end]``: the classes of those rows of ``holes`` (:func:`classify_kernel`'s
    second loop), from their boards' facts. A call takes a run of hands: passing its two
    dozen arrays costs about as much as classifying a hand."""
    drawing = n_board < 5
    n_hole = holes.shape[1]
    for i in range(first, end):
        b = board_of[i]
        f = facts[b]
        board_mask = f[BOARD_MASK]
        board_low = f[BOARD_LOW]
        value = hand_high(holes, i, n_hole, f[STATE], f[FLUSH_SUIT], f[FLUSH_RANKS], board_pair, flush5, suited)
        # Not literal 0s: each would compile the helpers they are passed to once more.
        hole_ranks = np.int64(0)
        hole_mask = np.int64(0)
        hole_low = np.int64(0)
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
            e = np.empty(N_FACTS, dtype=np.int64)
            _board_facts(
                boards, b, n_board, dead | hole_mask, decode, board_pair, flush5, suited, low, e, none, none, no_counts
            )  # fmt: skip
        nut_fh, flush1, flush2 = e[NUT_FH_VALUE], e[FLUSH1], e[FLUSH2]
        nut_straight, top_pair = e[NUT_STRAIGHT_VALUE], e[TOP_PAIR_VALUE]
        column = nut_column(value, decode, f[TOP])
        key = _top_of_suit(hole_mask, f[FLUSH_SUIT]) if column == FLUSH1 else value
        if shared and column >= 0 and key < e[column]:
            best, second = best_two(held_values[b, column], held_masks[b, column], held_counts[b, column], hole_mask)
            if column == NUT_FH_VALUE:
                nut_fh = best
            elif column == FLUSH1:
                flush1, flush2 = best, second
            elif column == NUT_STRAIGHT_VALUE:
                nut_straight = best
            else:
                top_pair = best
        out[i, HIGH] = _made_high(value, decode, f, hole_mask, nut_fh, flush1, flush2, nut_straight, top_pair)
        seen = board_mask | hole_mask | dead
        lo = hand_low(holes, i, n_hole, board_low, low) if hilo else NO_LOW
        low_class = _low_class(lo, e[LOW1], e[LOW2], e[LOW3])
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
            out[i, FLUSH_DRAW] = _flush_draw(hole_mask, f[SUIT_RANKS : SUIT_RANKS + 4], n_board)
            outs = _straight_outs(f[BOARD_RANKS], seen, hole_ranks)
            out[i, STRAIGHT_OUTS] = outs
            out[i, STRAIGHT_DRAW] = _by_thresholds(outs, _OUTS_THRESHOLDS, _NO_SD)
            if outs == 0 and n_board == 3 and _backdoor_straight(f[BOARD_RANKS], hole_ranks, seen):
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


@njit(cache=True)  # compiled once: the classifier and _clean_outs call it
def _made_high(value, decode, f, hole_mask, nut_fh, flush1, flush2, nut_straight, top_pair):
    """The made high class of a hand of high ``value`` and card mask ``hole_mask`` on the
    board of facts ``f``, against the best the other hands can make (the nut full house,
    the two best flushes' top hole ranks, the nut straight, the best top pair; -1: none).
    A hand whose own cards block the others' best holdings can beat them: it then holds
    the nuts."""
    flush_top = _top_of_suit(hole_mask, f[FLUSH_SUIT]) if f[FLUSH_SUIT] >= 0 else -1
    high = _high_class(value, decode, f[BOARD_MASK], f[TOP], f[SECOND], f[BOTTOM], nut_fh, flush_top, flush1, flush2)
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
        value, decode, f, hole_mask, f[NUT_FH_VALUE], f[FLUSH1], f[FLUSH2], f[NUT_STRAIGHT_VALUE],
        f[TOP_PAIR_VALUE],
    )  # fmt: skip


@njit(cache=True, inline="always")
def _top_of_suit(hole_mask, suit):
    """The highest rank of the hole cards (card mask ``hole_mask``) of ``suit``, or -1."""
    for rank in range(12, -1, -1):
        if (hole_mask >> (4 * rank + suit)) & 1:
            return rank
    return -1


@loop_body
def _clean_outs(holes, i, hole_mask, value, high, seen, nexts, decode, board_pair, flush5, suited):
    """The clean outs (:func:`classify_kernel`) of ``holes[i]`` (card mask ``hole_mask``), of
    high ``value`` and class ``high`` against the board's own nuts, unseen cards being
    those off the card mask ``seen``, from its board's next
    boards ``nexts`` (:func:`_next_facts`)."""
    outs = 0
    n_hole = holes.shape[1]
    for k in range(N_NEXT):
        nf = nexts[k]
        card = nf[NEXT_CARD]
        if card < 0:
            break
        live = popcount(nf[NEXT_SUITS] & ~(seen >> (card & ~3)) & 15)
        if live == 0:
            continue
        after = hand_high(holes, i, n_hole, nf[STATE], nf[FLUSH_SUIT], nf[FLUSH_RANKS], board_pair, flush5, suited)
        if after > value and decode[after, 0] >= nf[NEXT_NEED]:
            better = _board_high(after, decode, nf, hole_mask)
            if better < high and better <= _TOP_TWO:
                outs += live
    return outs


@njit(cache=True)
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
        after = facts[LOWS_AFTER + 3 * k : LOWS_AFTER + 3 * k + 3]
        new_lo = low[unsigned((board_low | (1 << k)) * 256 + hole_low)]
        if _low_class(new_lo, after[0], after[1], after[2]) > low_class:
            rank = 12 if k == 0 else k - 1
            outs += 4 - count_rank(seen, rank)
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
    held = lowest_bits(hole_low & unseen_low, 2)
    if popcount(held) < 2:
        return _NO_LOW_DRAW
    if board_low_count <= 1:
        return _BACKDOOR_LOW
    nut_pair = lowest_bits(unseen_low, 2)
    nut_three = lowest_bits(unseen_low, 3)
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
    on_board = count_rank(board_mask, rank)
    if category == 3:
        if on_board != 1:
            return _TRIPS
        return _TOP_SET if rank == top else _BOTTOM_SET if rank == bottom else _MIDDLE_SET
    if category == 2:
        kicker = decode[value, 2]
        single = on_board == 1 and count_rank(board_mask, kicker) == 1
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


@njit(cache=True)
def _straight_outs(board_ranks, seen, hole_ranks):
    """Unseen cards (off the card mask ``seen``) that, dealt next, give a higher straight."""
    now = best_straight(board_ranks, hole_ranks)
    outs = 0
    for rank in range(13):
        if best_straight(board_ranks | (1 << rank), hole_ranks) > now:
            outs += 4 - count_rank(seen, rank)
    return outs


@njit(cache=True)
def _backdoor_straight(board_ranks, hole_ranks, seen):
    """Whether some turn and river together give a higher straight than the hand has: a
    straight window above its best with two hole ranks in it whose other three ranks miss
    at most two board ranks, each with an unseen card left (off the card mask ``seen``)."""
    now = best_straight(board_ranks, hole_ranks)
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
                    if (need >> r) & 1 and count_rank(seen, r) == 4:
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
