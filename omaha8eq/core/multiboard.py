"""Compiled showdowns of deals with several boards: double-board Omaha and running it N times.

A deal has ``B`` boards (1 to 4), each with its own known cards; the missing cards of
every board and the random hands come from one deck, so no card is ever on two boards
and card removal between the boards is exact. A double board is two boards with their
own known cards; running it N times is N boards that share the known cards (each run
deals from what the earlier runs left). Every board plays for ``1/B`` of the pot and is
split hi/lo on its own, as by ``showdown.settle``.

What a deal adds (``tally``), per player ``p``:

- ``counts[chunk, b, p, high_state, low_state]``: board ``b``'s outcome cell, the
  histogram of ``showdown`` for each board;
- ``shares[chunk, p, s]``: the player's share of the whole pot, ``s`` in units of
  ``units[1, P + 2] * B`` (a board's pot is ``units[1, P + 2]``, see
  ``results.share_units``), so ``s / (B * pot)`` is the exact fraction;
- ``scoops[chunk, p, k]``: ``k`` boards scooped (won alone, the whole board's pot).

The exact enumeration evaluates each (hand, board completion) pair once:
:func:`board_outcomes` gives every completion of one board its card mask and the
players' cells, and :func:`combine_boards` visits every tuple of completions that share
no card, reading those cells. The sampler (:func:`sample_boards`) deals and evaluates
each board of a deal once, with the range picking and the card draws of ``montecarlo``.
Counts are integers written per chunk, so a seed gives the same numbers with any number
of threads. Inputs are trusted (validated in Python).
"""

from __future__ import annotations

import numpy as np
from numba import njit, prange

from .exact_boards import _advance, _unrank, deal_fields
from .high import describe_board
from .loop_body import loop_body
from .montecarlo import _draw, chunk_deck, deal_range_hands
from .showdown import settle

__all__ = ["board_outcomes", "combine_boards", "sample_boards"]


@njit(cache=True, inline="always")
def _board_cells(holes, deal, tables, board, row, high_values, low_values, scratch, cells, out, first):
    """Evaluate every hand on the 5-card ``board[row]``; ``out[first + p]`` gets player p's cell."""
    state, flush_suit, flush_ranks, board_low = describe_board(board, row, 5)
    # weight 0: only the cells are wanted here; the caller counts them.
    settle(
        holes, deal, tables, state, flush_suit, flush_ranks, board_low, high_values, low_values, scratch, 0, 0, cells
    )
    for p in range(holes.shape[0]):
        out[first + p, 0] = cells[p, 0]
        out[first + p, 1] = cells[p, 1]


@njit(cache=True, inline="always")
def tally(cells, rows, n_boards, units, counts, shares, scoops, chunk):
    """Count one deal: board ``b``'s cells are ``cells[rows[b] + p]`` for player ``p``."""
    n_players = counts.shape[2]
    pot = units[1, n_players + 2]
    for p in range(n_players):
        total = 0
        scooped = 0
        for b in range(n_boards):
            high_state = cells[rows[b] + p, 0]
            low_state = cells[rows[b] + p, 1]
            counts[chunk, b, p, high_state, low_state] += 1
            won = units[high_state, low_state]
            total += won
            scooped += won == pot
        shares[chunk, p, total] += 1
        scoops[chunk, p, scooped] += 1


@njit(cache=True, parallel=True)
def board_outcomes(deal, tables, board, n_known, masks, cells):
    """Every completion of ``board[:n_known]`` from ``deal.deck`` (colex order of deck
    positions): completion ``i``'s card mask (bit ``card``) in ``masks[i]`` and player
    ``p``'s outcome cell on it in ``cells[i * P + p]`` (high state, low state).

    ``deal`` is a ``kernel_args.DealArrays`` of fixed hands (full ``fixed_tables``);
    ``tables`` a ``kernel_args.LookupTables``.
    """
    n_players = deal.holes.shape[0]
    total = masks.shape[0]
    n_chunks = min(total, 64)
    # A chunk's completions are a loop body compiled apart (``_board_outcomes_chunk``): once
    # for the parallel build and its serial twin, and without reference counts, so it
    # takes its scratch arrays from here.
    for c in prange(n_chunks):
        work_board = np.empty((1, 5), dtype=np.int8)
        work_board[0, :n_known] = board[:n_known]
        scratch = (
            work_board, np.empty(n_players, dtype=np.int64), np.empty(n_players, dtype=np.int64),
            np.zeros((1, n_players, n_players + 1, n_players + 3), dtype=np.int64),
            np.empty((n_players, 2), dtype=np.int64), np.zeros((1, 6), dtype=np.int64),
        )  # fmt: skip
        first = np.int64(total * c // n_chunks)  # prange's index is unsigned: as int64 one signature serves both builds
        last = np.int64(total * (c + 1) // n_chunks)
        _board_outcomes_chunk(first, last, deal, tables, n_known, masks, cells, scratch)


@loop_body
def _board_outcomes_chunk(first, last, deal, tables, n_known, masks, cells, scratch):
    """Completions ``first <= i < last`` of :func:`board_outcomes`. ``scratch`` is
    ``(work_board, high_values, low_values, settle_counts, player_cells, positions)``:
    a copy of the known board, the settling's scratch (``settle_counts`` zeros of one
    chunk's outcome counts), and zeroed positions ``(1, 6)``."""
    holes = deal.holes
    deck = deal.deck
    n_players = holes.shape[0]
    n_missing = 5 - n_known
    n_deck = deck.shape[0]
    work_board, high_values, low_values, settle_counts, player_cells, positions = scratch
    _unrank(first, n_missing, positions, 0)
    for i in range(first, last):
        mask = 0
        for k in range(n_missing):
            card = deck[positions[0, k]]
            work_board[0, n_known + k] = card
            mask |= np.int64(1) << card
        masks[i] = mask
        _board_cells(holes, deal, tables, work_board, 0, high_values, low_values, settle_counts, player_cells, cells,
                     i * n_players)  # fmt: skip
        _advance(positions, 0, n_missing, n_deck)


@njit(cache=True, parallel=True)
def combine_boards(masks, cells, offsets, sizes, units, chunk_first, chunk_last, counts, shares, scoops):
    """Count every tuple of completions, one per board, that share no card.

    Board ``b``'s completions are rows ``offsets[b] .. offsets[b] + sizes[b]`` of
    ``masks`` and ``cells`` (as :func:`board_outcomes` writes them, ``cells`` rows
    ``P`` per completion; runs share one block). Chunk ``c`` visits board 1's
    completions ``chunk_first[c] <= i < chunk_last[c]`` and adds to ``counts[c]``,
    ``shares[c]`` and ``scoops[c]`` (see :func:`tally`).
    """
    n_boards = sizes.shape[0]
    n_players = counts.shape[2]
    for c in prange(chunk_first.shape[0]):
        index = np.zeros(n_boards, dtype=np.int64)
        used = np.zeros(n_boards, dtype=np.int64)  # the cards of boards 1..b+1
        rows = np.zeros(n_boards, dtype=np.int64)
        for i in range(chunk_first[c], chunk_last[c]):
            used[0] = masks[offsets[0] + i]
            rows[0] = (offsets[0] + i) * n_players
            if n_boards == 1:
                tally(cells, rows, n_boards, units, counts, shares, scoops, c)
                continue
            # Depth-first over the later boards' completions: an odometer with a card check.
            level = 1
            index[1] = -1
            while level >= 1:
                index[level] += 1
                if index[level] >= sizes[level]:
                    level -= 1
                    continue
                row = offsets[level] + index[level]
                if masks[row] & used[level - 1]:
                    continue
                used[level] = used[level - 1] | masks[row]
                rows[level] = row * n_players
                if level == n_boards - 1:
                    tally(cells, rows, n_boards, units, counts, shares, scoops, c)
                else:
                    level += 1
                    index[level] = -1


@njit(cache=True, parallel=True)
def sample_boards(deal, tables, ranges, boards, n_known, run, counts, shares, scoops, stuck):
    """Play ``run.chunk_sizes[c]`` random deals in each chunk ``c`` (run chunk ``run.first_chunk + c``).

    Each deal first picks a hand for every player of ``ranges.players`` (a
    ``kernel_args.RangeDraw``, drawn as ``montecarlo.sample_deals`` does: by weight, all
    again until no two share a card), then draws, without replacement from the rest of
    ``deal.deck``, the missing cards of ``boards[b]`` (known cards ``boards[b, :n_known[b]]``)
    for every board in order and ``n_hole`` cards for every player of
    ``deal.random_players``; it evaluates each hand on each board once and adds the deal
    to ``counts[c]``, ``shares[c]`` and ``scoops[c]`` (see :func:`tally`, share units
    ``run.share_units``). ``deal`` is a ``kernel_args.DealArrays`` (fixed hands with full
    ``fixed_tables``), ``run`` a ``kernel_args.SampleRun``. A chunk whose ranges never
    fit together stops and sets ``stuck[c]``.
    """
    holes, _, _, deck, n_players, _, _ = deal_fields(deal)
    n_boards = boards.shape[0]
    # The chunk's deals are a loop body compiled apart (``_sample_boards_chunk``): once for
    # the parallel build and its serial twin, and without reference counts, so it takes
    # its scratch arrays from here.
    for c in prange(run.chunk_sizes.shape[0]):
        state, work_deck, position = chunk_deck(run.seed, run.first_chunk + c, deck)
        scratch = (
            work_deck, position, holes.copy(), boards.copy(), np.empty(n_players, dtype=np.int64),
            np.empty(n_players, dtype=np.int64), np.zeros((1, n_players, n_players + 1, n_players + 3), dtype=np.int64),
            np.empty((n_players, 2), dtype=np.int64), np.empty((n_boards * n_players, 2), dtype=np.int64),
            np.arange(n_boards) * n_players, np.empty(max(ranges.players.shape[0], 1), dtype=np.int64),
        )  # fmt: skip
        _sample_boards_chunk(
            np.int64(c), state, deal, tables, ranges, n_known, run, counts, shares, scoops, stuck, scratch
        )


@loop_body
def _sample_boards_chunk(c, state, deal, tables, ranges, n_known, run, counts, shares, scoops, stuck, scratch):
    """Chunk ``c`` of :func:`sample_boards`, from generator ``state``: its deals, into
    ``counts[c]``, ``shares[c]`` and ``scoops[c]`` (or ``stuck[c]``). ``scratch`` is
    ``(work_deck, position, work_holes, work_boards, high_values, low_values,
    settle_counts, player_cells, cells, rows, picked)``: the chunk's deck and where each
    card is in it (``montecarlo.chunk_deck``), copies of the holes and the boards, the
    settling's scratch (``settle_counts`` zeros of one chunk's outcome counts), every
    board's cells, their rows (``b * P``) and one picked hand per range."""
    _, n_hole, random_players, _, _, n_random, _ = deal_fields(deal)
    (
        work_deck,
        position,
        work_holes,
        work_boards,
        high_values,
        low_values,
        settle_counts,
        player_cells,
        cells,
        rows,
        picked,
    ) = scratch
    units = run.share_units
    n_ranged = ranges.players.shape[0]
    n_boards = work_boards.shape[0]
    n_players = work_holes.shape[0]
    lanes = np.uint64(0)
    left = 0
    for _ in range(run.chunk_sizes[c]):
        state, found, front = deal_range_hands(state, ranges, picked, n_hole, work_holes, work_deck, position)
        if not found:
            stuck[c] = True
            break
        # A partial Fisher-Yates shuffle: each draw goes straight to its place.
        i = front
        for b in range(n_boards):
            for k in range(n_known[b], 5):
                state, lanes, left, work_boards[b, k] = _draw(state, lanes, left, work_deck, position, i, n_ranged)
                i += 1
        for r in range(n_random):
            for h in range(n_hole):
                state, lanes, left, work_holes[random_players[r], h] = _draw(
                    state, lanes, left, work_deck, position, i, n_ranged
                )
                i += 1
        for b in range(n_boards):
            _board_cells(work_holes, deal, tables, work_boards, b, high_values, low_values, settle_counts,
                         player_cells, cells, b * n_players)  # fmt: skip
        tally(cells, rows, n_boards, units, counts, shares, scoops, c)
