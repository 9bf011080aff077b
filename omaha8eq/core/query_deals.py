"""Compiled deal drawing for the query language: seeded batches of whole deals as arrays.

:func:`draw_deals` fills ``out_holes[i]`` (every player's hole cards) and
``out_boards[i]`` (five board cards) for each row ``i`` of a batch, exactly as
``montecarlo.sample_deals`` deals them (the same generator, the same joint draw of the
range hands, the same partial shuffle), but keeps the deals instead of settling them:
the query evaluates any function of them afterwards, once per batch and street
(``core/hand_features.py`` and ``batch.evaluate_rows``). Chunk ``c`` of a run seeded
with ``seed`` draws from its own stream (``rng.chunk_state``) and writes only its own
rows, so a seed gives the same deals on any thread count.
"""

from __future__ import annotations

import numpy as np
from numba import njit, prange

from .loop_body import loop_body
from .montecarlo import _draw, chunk_deck, deal_range_hands


@njit(cache=True, parallel=True)
def draw_deals(
    holes, random_players, board, n_known, deck, ranges, seed, first_chunk, starts, out_holes, out_boards, stuck
):
    """Deal rows ``starts[c]:starts[c + 1]`` with chunk ``first_chunk + c``'s generator.

    ``holes`` (P, n_hole) int8: the fixed hands (rows of random and range players are
    overwritten); ``random_players`` int64: the seats dealt at random from the deck;
    ``board`` int8 (5,): the known board first, ``n_known`` cards; ``deck`` int8: the
    cards no fixed hand, board or dead card holds; ``ranges`` a ``kernel_args.RangeDraw``.
    A chunk whose range hands never fit together (``montecarlo.MAX_REDRAWS`` draws) sets
    ``stuck[c]`` and stops.
    """
    # The chunk's rows are a loop body compiled apart (``_draw_chunk``): once for the
    # parallel build and its serial twin, and without reference counts, so it takes its
    # scratch arrays from here.
    for c in prange(starts.shape[0] - 1):
        state, work_deck, position = chunk_deck(seed, first_chunk + c, deck)
        picked = np.empty(max(ranges.players.shape[0], 1), dtype=np.int64)
        _draw_chunk(
            np.int64(c), state, holes, random_players, board, n_known, ranges, starts, out_holes, out_boards, stuck,
            (work_deck, position, picked),
        )  # fmt: skip


@loop_body
def _draw_chunk(c, state, holes, random_players, board, n_known, ranges, starts, out_holes, out_boards, stuck, scratch):
    """Chunk ``c``'s rows of :func:`draw_deals`, from generator ``state``. ``scratch`` is
    ``(work_deck, position, picked)``: the chunk's deck and where each card is in it
    (``montecarlo.chunk_deck``), and one picked hand per range."""
    work_deck, position, picked = scratch
    n_players, n_hole = holes.shape
    n_random = random_players.shape[0]
    n_ranged = ranges.players.shape[0]
    lanes = np.uint64(0)
    left = 0
    for row in range(starts[c], starts[c + 1]):
        for p in range(n_players):
            for h in range(n_hole):
                out_holes[row, p, h] = holes[p, h]
        state, found, front = deal_range_hands(state, ranges, picked, n_hole, out_holes[row], work_deck, position)
        if not found:
            stuck[c] = True
            break
        for b in range(n_known):
            out_boards[row, b] = board[b]
        i = front
        for b in range(n_known, 5):
            state, lanes, left, out_boards[row, b] = _draw(state, lanes, left, work_deck, position, i, n_ranged)
            i += 1
        for r in range(n_random):
            for h in range(n_hole):
                state, lanes, left, out_holes[row, random_players[r], h] = _draw(
                    state, lanes, left, work_deck, position, i, n_ranged
                )
                i += 1


#: Bits of ``block_showdown``'s ``out_flags``: the only best high, a shared best high,
#: the only best low, a shared best low.
WINS_HI, TIES_HI, WINS_LO, TIES_LO = 1, 2, 4, 8


@njit(cache=True, parallel=True)
def block_showdown(highs, lows, denominator, out_shares, out_flags):
    """Settle each row of a block at the river: ``highs``/``lows`` (n, P) int16 (low -1: none).

    ``out_shares[i, p]``: player p's share of the pot times ``denominator`` (a multiple of
    2 and of every split count): half to the best high and half to the best low, the whole
    pot to the high when no low qualifies, ties splitting their half. ``out_flags[i, p]``:
    the bits ``WINS_HI``, ``TIES_HI``, ``WINS_LO``, ``TIES_LO``.
    """
    n_players = highs.shape[1]
    for i in prange(highs.shape[0]):
        best_high = highs[i, 0]
        best_low = lows[i, 0]
        for p in range(1, n_players):
            best_high = max(best_high, highs[i, p])
            best_low = max(best_low, lows[i, p])
        n_high = 0
        n_low = 0
        for p in range(n_players):
            n_high += highs[i, p] == best_high
            n_low += best_low >= 0 and lows[i, p] == best_low
        high_pot = denominator // 2 if n_low else denominator
        for p in range(n_players):
            share = 0
            flags = 0
            if highs[i, p] == best_high:
                share += high_pot // n_high
                flags |= WINS_HI if n_high == 1 else TIES_HI
            if n_low and lows[i, p] == best_low:
                share += (denominator // 2) // n_low
                flags |= WINS_LO if n_low == 1 else TIES_LO
            out_shares[i, p] = share
            out_flags[i, p] = flags
