"""Compiled Monte Carlo sampling of deals, reproducible whatever the thread count.

Samples come in chunks; chunk number ``i`` of a run draws from its own generator,
seeded from ``(seed, i)``, and writes only its own slice of the histogram. A seed
therefore gives the same counts with any number of threads, and a run extended
chunk by chunk (``stderr_target``) reproduces too.

The generator is SplitMix64 (``rng.py``). Cards are drawn by a partial Fisher-Yates
shuffle of the chunk's copy of the deck, with Lemire's unbiased bounded integers
(a card from 16 bits of an output: one output draws four cards).
"""

from __future__ import annotations

import numpy as np
from numba import njit, prange

from ..deck import BOARD_CARDS
from .exact_boards import deal_fields
from .high import board_state, flush_field, read_cards, unsigned
from .kernel_args import StateOutcomes
from .loop_body import loop_body
from .low import low_bits
from .rng import GOLDEN, below, below_small, chunk_state, uniform
from .showdown import FIVE_CARD_STATES, record_showdown, settle, showdown_scratch
from .tables import BOARD_OFFSET

#: Draws of the range hands allowed for one deal before giving up on the ranges.
MAX_REDRAWS = 1_000_000


@njit(cache=True, inline="always")
def _pick(cumulative, first, last, target):
    """The first index i in [first, last) with cumulative[i] > target (binary search)."""
    last -= 1
    while first < last:
        middle = (first + last) // 2
        if cumulative[middle] > target:
            last = middle
        else:
            first = middle + 1
    return first


@njit(cache=True, inline="always")
def _pick_range_hands(state, ranges, picked):
    """Pick one hand per range into ``picked``, all again until no two share a card.

    Range r's hand k is drawn with probability proportional to its weight (uniformly
    when all weights are 1). Returns ``(state, found)``: found is False after
    ``MAX_REDRAWS`` draws that all collided.
    """
    offsets = ranges.offsets
    cumulative = ranges.cumulative
    for _ in range(MAX_REDRAWS):
        used = 0
        collided = False
        for r in range(ranges.players.shape[0]):
            first = offsets[r]
            last = offsets[r + 1]
            if cumulative[last - 1] == last - first:  # all weights 1
                state, k = below(state, last - first)
                k += first
            else:
                state, u = uniform(state)
                k = _pick(cumulative, first, last, u * cumulative[last - 1])
            picked[r] = k
            if ranges.masks[k] & used:
                collided = True
                break
            used |= ranges.masks[k]
        if not collided:
            return state, True
    return state, False


@njit(cache=True, inline="always")
def _draw(state, lanes, left, work_deck, position, i, track):
    """Draw ``work_deck[i]`` uniformly from ``work_deck[i:]`` (one Fisher-Yates step).

    Returns ``(state, lanes, left, card)`` (see ``rng.below_small``); with ``track``,
    ``position`` follows the two cards swapped.
    """
    state, lanes, left, offset = below_small(state, lanes, left, work_deck.shape[0] - i)
    j = i + offset
    card = work_deck[j]
    work_deck[j] = work_deck[i]
    work_deck[i] = card
    if track:
        position[work_deck[j]] = j
        position[card] = i
    return state, lanes, left, card


@njit(cache=True, inline="always")
def _draw_board(state, lanes, left, work_deck, position, front, track, work_board, n_known, suit_counts):
    """Draw the board's missing cards ``work_board[0, n_known:]`` in turn from ``work_deck[front:]``.

    Returns ``(state, lanes, left, suit_counts)`` (see :func:`_draw`), ``suit_counts``
    plus the drawn cards' (one 16-bit count a suit, as ``high.read_cards``).
    """
    i = front
    for b in range(n_known, 5):
        state, lanes, left, card = _draw(state, lanes, left, work_deck, position, i, track)
        work_board[0, b] = card
        suit_counts += 1 << ((card & 3) << 4)
        i += 1
    return state, lanes, left, suit_counts


@njit(cache=True, inline="always")
def _place_range_hands(ranges, picked, n_hole, holes, work_deck, position):
    """Seat the picked range hands and move their cards to the front of ``work_deck``.

    Range player ``ranges.players[r]`` gets hand ``ranges.hands[picked[r]]`` in
    ``holes`` ((P, n_hole), written in place); each of its cards swaps places with the
    card at the deck's front, ``position`` (card -> index in ``work_deck``) following
    both. Returns the number of cards moved: the draws come from ``work_deck[front:]``.
    Every sampler does this the same way, so a seed deals the same cards in each.
    """
    front = 0
    for r in range(ranges.players.shape[0]):
        for h in range(n_hole):
            card = ranges.hands[picked[r], h]
            holes[ranges.players[r], h] = card
            j = position[card]
            work_deck[j] = work_deck[front]
            position[work_deck[j]] = j
            work_deck[front] = card
            position[card] = front
            front += 1
    return front


@njit(cache=True, inline="always")
def deal_range_hands(state, ranges, picked, n_hole, holes, work_deck, position):
    """One deal's range hands, picked (:func:`_pick_range_hands`, when there are ranges)
    and placed (:func:`_place_range_hands`). Returns ``(state, found, front)``: when
    ``found`` is False (the ranges collided ``MAX_REDRAWS`` times) nothing is placed and
    the caller's chunk stops; ``front`` is the number of cards placed."""
    if ranges.players.shape[0]:
        state, found = _pick_range_hands(state, ranges, picked)
        if not found:
            return state, False, 0
    return state, True, _place_range_hands(ranges, picked, n_hole, holes, work_deck, position)


@njit(cache=True, inline="always")
def chunk_deck(seed, chunk, deck):
    """A sampling chunk's start: ``(state, work_deck, position)``, its generator's state
    (``rng.chunk_state``), its copy of the deck and where each card is in it
    (``position[card]``; -1 for a card not in the deck)."""
    work_deck = deck.copy()
    position = np.full(64, -1, dtype=np.int64)
    for i in range(deck.shape[0]):
        position[work_deck[i]] = i
    return chunk_state(seed, chunk), work_deck, position


@njit(cache=True, inline="always")
def _outcome_key(cells, n_players):
    """A number naming the outcome ``cells`` (as ``showdown.count_outcome`` fills them):
    equal numbers, equal cells. Three bits a player (at most 21 players): best high,
    best low, and no low of its own; the cells follow from them (a state is the size
    of the player's winning group, and nobody has a low when no player has the best)."""
    key = 0
    for p in range(n_players):
        high_state = cells[p, 0]
        low_state = cells[p, 1]
        key |= (high_state > 0) << p
        key |= (1 <= low_state <= n_players) << (n_players + p)
        key |= (low_state > n_players) << (2 * n_players + p)
    return key


#: Slots of the table numbering the rank states' outcome keys: a power of two, at least
#: twice as many as the states, so that a key takes a few probes.
_KEY_SLOTS = 1 << (2 * FIVE_CARD_STATES - 1).bit_length()
_KEY_SHIFT = np.uint64(64 - (_KEY_SLOTS.bit_length() - 1))


@njit(cache=True, inline="always")
def _number_keys(keys):
    """``(codes, examples)`` of the (up to ``FIVE_CARD_STATES``) non-negative ``keys``:
    ``codes[i]`` numbers their distinct values in order of first appearance, and
    ``keys[examples[k]]`` is the value numbered ``k``."""
    # Open addressing by a multiplicative hash: np.unique's sort of the mostly equal keys
    # cost as much as evaluating every state.
    slots = np.full(_KEY_SLOTS, -1, dtype=np.int32)  # a number, or -1: free
    # int16 (at most FIVE_CARD_STATES numbers): 12 KB that the sampler's loop reads from L1
    # on every deal, where int64's 49 KB missed it (known hands sampled 11% slower).
    codes = np.empty(keys.shape[0], dtype=np.int16)
    examples = np.empty(keys.shape[0], dtype=np.int64)
    n_codes = 0
    for i in range(keys.shape[0]):
        slot = (np.uint64(keys[i]) * GOLDEN) >> _KEY_SHIFT
        while slots[slot] >= 0 and keys[examples[slots[slot]]] != keys[i]:
            slot = (slot + np.uint64(1)) & np.uint64(_KEY_SLOTS - 1)
        if slots[slot] < 0:
            slots[slot] = n_codes
            examples[n_codes] = i
            n_codes += 1
        codes[i] = slots[slot]
    return codes, examples[:n_codes]


@njit(cache=True)
def rank_state_outcomes(deal, tables):
    """Number the outcomes of the known hands of ``deal`` (a ``kernel_args.DealArrays``
    with no random hand) over the five-card rank states of boards on which no hand makes
    a flush: ``(codes, examples, example_lows)``, the fields of a
    ``kernel_args.StateOutcomes``. ``settle`` on ``examples[k]`` and ``example_lows[k]``
    adds outcome ``k``'s cells.

    A step of its own, called once a run before :func:`sample_deals`: a run with ranges
    or random hands never compiles it.
    """
    holes = deal.holes
    n_players = holes.shape[0]
    high_values, low_values, cells = showdown_scratch(n_players)
    # Only lends ``settle`` a place to add nothing (weight 0): the cells are what is read.
    counts = np.zeros((1, n_players, n_players + 1, n_players + 3), dtype=np.int64)
    keys = np.empty(FIVE_CARD_STATES, dtype=np.int64)
    lows = np.empty(FIVE_CARD_STATES, dtype=np.int64)
    # Board-state (colex) order: by the largest rank, then the next largest, ...
    s = 0
    for r4 in range(13):
        for r3 in range(r4 + 1):
            for r2 in range(r3 + 1):
                for r1 in range(r2 + 1):
                    for r0 in range(r1 + 1):
                        lows[s] = low_bits((1 << r0) | (1 << r1) | (1 << r2) | (1 << r3) | (1 << r4))
                        settle(
                            holes, deal, tables, BOARD_OFFSET[5] + s, -1, 0, lows[s], high_values, low_values,
                            counts, 0, 0, cells,
                        )  # fmt: skip
                        keys[s] = _outcome_key(cells, n_players)
                        s += 1
    codes, examples = _number_keys(keys)
    return codes, examples + BOARD_OFFSET[5], lows[examples]


def no_state_outcomes() -> StateOutcomes:
    """The :class:`~.kernel_args.StateOutcomes` of a run with ranges or random hands: empty."""
    return StateOutcomes(np.zeros(0, dtype=np.int16), np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int64))


@njit(cache=True, parallel=True)
def sample_deals(deal, tables, ranges, run, state_outcomes, counts, hand_shares, hand_deals, stuck):
    """Play ``run.chunk_sizes[c]`` random deals in each chunk ``c`` (run chunk ``run.first_chunk + c``).

    ``deal`` is a ``kernel_args.DealArrays``, ``tables`` the ``kernel_args.LookupTables``,
    ``ranges`` a ``kernel_args.RangeDraw``, ``run`` a ``kernel_args.SampleRun``,
    ``state_outcomes`` a ``kernel_args.StateOutcomes``: :func:`rank_state_outcomes` when
    only known hands play, else :func:`no_state_outcomes`. Each deal first
    picks a hand for every player of ``ranges.players``: player ``ranges.players[r]``
    draws hand k of ``ranges.hands[offsets[r]:offsets[r + 1]]`` with probability
    proportional to its weight (uniformly when all weights are 1). If two picked hands
    share a card, all are drawn again: that samples the joint distribution of the range
    hands given that they do not collide, exactly. Then it draws the ``5 - n_known``
    missing board cards and ``n_hole`` cards for every player of ``deal.random_players``,
    without replacement from the rest of ``deal.deck``. Outcomes go to ``counts[c]``;
    with ``run.by_hand``, each picked range hand k also adds its share of the pot, in
    units of ``run.share_units`` (a pot is ``share_units[1, P + 2]``), to
    ``hand_shares[c, k]`` and one deal to ``hand_deals[c, k]``. A chunk that needs more
    than ``MAX_REDRAWS`` draws of the range hands for one deal stops and sets
    ``stuck[c]``: those ranges (almost) never fit together.
    """
    holes, n_hole, _, deck, n_players, _, _ = deal_fields(deal)
    board = deal.board
    n_known = deal.n_known
    seed = run.seed
    first_chunk = run.first_chunk
    chunk_sizes = run.chunk_sizes
    n_ranged = ranges.players.shape[0]
    # Known hands only: a board on which no hand can make a flush has the outcome of its
    # rank state, numbered once a run (``state_outcomes``), so such a board only adds one
    # to its outcome's count in the chunk, and each outcome hit is settled once at the
    # chunk's end (the same cells, added up). ``flush_fields`` has the 13 rank bits of
    # each suit's field (as ``high.read_cards``) that some hand holds 2+ cards of.
    codes, examples, example_lows = state_outcomes
    flush_fields = 0
    for p in range(n_players):
        for s in range(4):
            held = 0
            for i in range(n_hole):
                held += (holes[p, i] & 3) == s
            flush_fields |= (held >= 2) * (0x1FFF << (16 * s))
    _, _, known_counts = read_cards(board.reshape((1, -1)), 0, n_known)
    outcomes = (codes, examples, example_lows, np.int64(flush_fields), np.int64(known_counts))
    # The chunk's deals are a loop body compiled apart (``_sample_chunk``): once for the
    # parallel build and its serial twin, and without reference counts, so it takes its
    # scratch arrays from here. Inlined, the deals took 57 + 19 s of CPU to compile (now 28 + 6).
    for c in prange(chunk_sizes.shape[0]):
        state, work_deck, position = chunk_deck(seed, first_chunk + c, deck)
        work_board = np.empty((1, BOARD_CARDS), dtype=np.int8)
        work_board[0, :n_known] = board[:n_known]
        high_values, low_values, cells = showdown_scratch(n_players)
        scratch = (
            work_deck, position, holes.copy(), work_board, high_values, low_values, cells,
            np.empty(max(n_ranged, 1), dtype=np.int64), np.zeros(examples.shape[0], dtype=np.int64),
        )  # fmt: skip
        _sample_chunk(
            np.int64(c), state, deal, tables, ranges, run, counts, hand_shares, hand_deals, stuck, outcomes, scratch
        )


@loop_body
def _sample_chunk(c, state, deal, tables, ranges, run, counts, hand_shares, hand_deals, stuck, outcomes, scratch):
    """Chunk ``c`` of :func:`sample_deals`, from generator ``state``: its deals, into
    ``counts[c]`` (and ``hand_shares[c]``, ``hand_deals[c]``, ``stuck[c]``).

    ``outcomes`` is ``(codes, examples, example_lows, flush_fields, known_counts)``: the
    known hands' rank-state outcomes (empty unless only known hands play), the suit
    fields some hand can flush in, and the known board's suit counts. ``scratch`` is
    ``(work_deck, position, work_holes, work_board, high_values, low_values, cells,
    picked, outcome_hits)``: the chunk's deck and ``position[card]`` in it (``chunk_deck``),
    copies of the holes and of the known board, ``showdown_scratch``, one picked hand
    per range and a zeroed count per rank-state outcome.
    """
    _, n_hole, random_players, _, _, n_random, _ = deal_fields(deal)
    n_known = deal.n_known
    range_players = ranges.players
    n_ranged = range_players.shape[0]
    chunk_sizes = run.chunk_sizes
    by_hand = run.by_hand
    share_units = run.share_units
    codes, examples, example_lows, flush_fields, known_counts = outcomes
    work_deck, position, work_holes, work_board, high_values, low_values, cells, picked, outcome_hits = scratch
    states_only = n_random == 0 and n_ranged == 0
    lanes = np.uint64(0)
    left = 0
    if states_only:  # its own loop: the hottest one, kept free of the ranges' branches
        for _ in range(chunk_sizes[c]):
            state, lanes, left, suit_counts = _draw_board(
                state, lanes, left, work_deck, position, 0, False, work_board, n_known, known_counts
            )
            if flush_field(suit_counts) & flush_fields:
                record_showdown(work_holes, deal, tables, work_board, high_values, low_values, counts, c, cells)
            else:
                outcome_hits[unsigned(codes[unsigned(board_state(work_board, 0, 5) - BOARD_OFFSET[5])])] += 1
    else:
        for _ in range(chunk_sizes[c]):
            state, found, front = deal_range_hands(state, ranges, picked, n_hole, work_holes, work_deck, position)
            if not found:
                stuck[c] = True
                break
            # Each draw goes straight to its place: the board first, then the random hands.
            state, lanes, left, _ = _draw_board(
                state, lanes, left, work_deck, position, front, n_ranged, work_board, n_known, 0
            )
            i = front + 5 - n_known
            for r in range(n_random):
                for h in range(n_hole):
                    state, lanes, left, work_holes[random_players[r], h] = _draw(
                        state, lanes, left, work_deck, position, i, n_ranged
                    )
                    i += 1
            record_showdown(work_holes, deal, tables, work_board, high_values, low_values, counts, c, cells)
            if by_hand:
                for r in range(n_ranged):
                    p = range_players[r]
                    hand_shares[c, picked[r]] += share_units[cells[p, 0], cells[p, 1]]
                    hand_deals[c, picked[r]] += 1
    for k in range(outcome_hits.shape[0]):
        if outcome_hits[k]:
            settle(
                work_holes, deal, tables, examples[k], -1, 0, example_lows[k], high_values, low_values, counts, c,
                outcome_hits[k], cells,
            )  # fmt: skip
