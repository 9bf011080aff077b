"""Where a query's deals come from: seeded random batches, or every deal exactly, weighted.

Both sources yield :class:`DealBlock` s: every player's hole cards and the board as
arrays (one row a deal), with integer weights for an exact enumeration. The evaluator
(``pql/evaluate.py``) reads nothing else, so a query gives the same answer from
either source, up to sampling error.

- :func:`sampled_blocks`: ``core.query_deals.draw_deals`` in batches of chunks, chunk
  ``i`` seeded from ``(seed, i)`` (the same seed, the same deals on any thread count).
- :func:`exact_blocks`: every combination of the range hands (weights multiplied) and
  every board completion up to the last street the query reads (a query about the
  flop enumerates flops only), cards never shared. Random hands are never enumerated.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from math import comb, prod

import numpy as np

from ..cards import cards_to_mask, format_cards, format_hand
from ..core import parallel
from ..core.handclasses import _colex_ascending, card_masks
from ..core.kernel_args import RangeDraw
from ..core.montecarlo import MAX_REDRAWS
from ..core.query_deals import draw_deals
from ..engine.deal import Deal, prepare_deal
from ..engine.sampling import range_draw
from ..engine.spot import RANDOM, Seat, Spot, parse_range_text, range_seat
from ..errors import OmahaInputError
from ..inputs import DECK_SIZE, parse_hole
from .check import CheckedQuery

__all__ = ["CHUNK_DEALS", "DealBlock", "exact_blocks", "exact_cost", "prepare", "sampled_blocks"]

#: Deals per seeded chunk: the unit of seeding and of parallel work.
CHUNK_DEALS = 1 << 13
#: Chunks per kernel call: one batch of deals the evaluator reads at once.
CHUNKS_PER_BATCH = 16
#: Rows of one exact block (deals evaluated at once).
EXACT_BLOCK_ROWS = 1 << 17


@dataclass
class DealBlock:
    """Deals as arrays: ``holes`` (n, players, hole size) int8, ``boards`` (n, 5) int8
    (cards past the streets enumerated are 0 and unread), ``weights`` int64 (n,) or None
    (every deal counts 1)."""

    holes: np.ndarray
    boards: np.ndarray
    weights: np.ndarray | None

    def __len__(self) -> int:
        return int(self.holes.shape[0])


def _is_random(text: str, hole_size: int) -> bool:
    """PQL writes any hand as ``*`` (or one ``*`` per card); omaha8eq's equity as ``random``."""
    stripped = text.strip().lower()
    return stripped in (RANDOM, "*", "*" * hole_size)


def prepare(checked: CheckedQuery) -> Deal:
    """The query's spot, parsed and checked like ``equity()``'s (errors name the player)."""
    hole_size = checked.game.hole_cards
    seats = []
    for name, text in zip(checked.players, checked.hands, strict=True):
        if _is_random(text, hole_size):
            seats.append(Seat(RANDOM))
            continue
        try:
            cards = parse_hole(text, what=name)
        except OmahaInputError:
            cards = None
        if cards is not None:
            if len(cards) != hole_size:
                raise OmahaInputError(f"{name}: {len(cards)} cards; {checked.game.name} deals {hole_size}")
            seats.append(Seat(format_hand(cards), cards=cards))
        else:
            seats.append(range_seat(text.strip(), parse_range_text(text, hole_size, name)))
    known = [("board", checked.board), ("dead", checked.dead)] + [
        (name, s.cards) for name, s in zip(checked.players, seats, strict=True) if s.cards is not None
    ]
    used = 0
    for name, cards in known:
        mask = cards_to_mask(cards)
        if used & mask:
            raise OmahaInputError(
                f"{name}: the card {format_cards([c for c in cards if used >> c & 1][:1])} is dealt twice"
            )
        used |= mask
    needed = len(seats) * hole_size + 5 + len(checked.dead)
    if needed > DECK_SIZE:
        raise OmahaInputError(
            f"from: {len(seats)} players, a board and the dead cards need {needed} cards; the deck has 52"
        )
    spot = Spot(seats, hole_size, checked.board, checked.dead)
    from ..engine.spot import restrict_ranges

    if any(s.is_range for s in seats):
        restrict_ranges(seats, used, names=list(checked.players))
    return prepare_deal(spot)


def _segments(known: int, streets: tuple[int, ...]) -> list[int]:
    """The board cards to enumerate, street by street read: ``[3, 2]`` for a query that reads
    the flop and the river with no board known (the turn and the river together: which of
    the two came first is never read, so their order is not enumerated)."""
    sizes, last = [], known
    for street in streets:
        if street > last:
            sizes.append(street - last)
            last = street
    return sizes


def exact_cost(deal: Deal, streets: tuple[int, ...]) -> int | None:
    """Deals an exact enumeration of the ``streets`` read visits (an upper bound: card
    clashes between ranges are not subtracted), or None with a random hand."""
    if len(deal.random_players):
        return None
    hands = prod(len(deal.seats[i].range_hands()) for i in deal.ranged)
    left = len(deal.deck)
    boards = 1
    for size in _segments(len(deal.spot.board), streets):
        boards *= comb(left, size)
        left -= size
    return hands * boards


def _runouts(deck: np.ndarray, segments: list[int]) -> np.ndarray:
    """Every runout of the board: for each segment (a street's new cards), every
    combination of the cards the earlier segments left, as rows of card ints."""
    rows = np.zeros((1, 0), dtype=np.int8)
    masks = np.zeros(1, dtype=np.int64)
    for size in segments:
        combos = deck[_colex_ascending(len(deck), size)]
        combo_masks = card_masks(combos).astype(np.int64)
        left, right = np.nonzero((masks[:, None] & combo_masks[None, :]) == 0)
        rows = np.concatenate([rows[left], combos[right]], axis=1)
        masks = masks[left] | combo_masks[right]
    return rows


def _range_combinations(deal: Deal) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Every combination of one hand per range seat sharing no card: (hand rows
    (n, ranges), card masks, weights)."""
    rows = np.zeros((1, 0), dtype=np.int64)
    masks = np.zeros(1, dtype=np.int64)
    weights = np.ones(1, dtype=np.int64)
    for seat in (deal.seats[i] for i in deal.ranged):
        hands_masks = card_masks(seat.range_hands()).astype(np.int64)
        combined = masks[:, None] | hands_masks[None, :]
        fits = (masks[:, None] & hands_masks[None, :]) == 0
        left, right = np.nonzero(fits)
        rows = np.concatenate([rows[left], right[:, None]], axis=1)
        masks = combined[left, right]
        weights = weights[left] * seat.range_weights()[right]
    return rows, masks, weights


def exact_blocks(deal: Deal, streets: tuple[int, ...], block_rows: int = EXACT_BLOCK_ROWS) -> Iterator[DealBlock]:
    """Every deal (range hands x board cards of the ``streets`` read), weighted, in blocks of
    at most ``block_rows`` deals."""
    known = deal.spot.board
    missing = max(0, max(streets) - len(known))
    rows, masks, weights = _range_combinations(deal)
    if len(rows) == 0:
        raise OmahaInputError("from: the ranges never fit together without two players sharing a card")
    completions = _runouts(deal.deck, _segments(len(known), streets))  # every runout, vectorised
    completion_masks = card_masks(completions).astype(np.int64) if missing else np.zeros(1, dtype=np.int64)
    n_boards = len(completion_masks)
    holes = deal.holes
    board_step = min(n_boards, block_rows)
    per_block = max(1, block_rows // board_step)
    for start, first_board in ((s, b) for s in range(0, len(rows), per_block) for b in range(0, n_boards, board_step)):
        part = slice(start, start + per_block)
        fits = (masks[part, None] & completion_masks[None, first_board : first_board + board_step]) == 0
        combo, board = np.nonzero(fits)
        combo += start
        board += first_board
        n = len(combo)
        block_holes = np.empty((n, *holes.shape), dtype=np.int8)
        block_holes[:] = holes
        for r, seat_index in enumerate(deal.ranged):
            block_holes[:, seat_index] = deal.seats[seat_index].range_hands()[rows[combo, r]]
        boards = np.zeros((n, 5), dtype=np.int8)
        boards[:, : len(known)] = known
        if missing:
            boards[:, len(known) : len(known) + missing] = completions[board]
        yield DealBlock(block_holes, boards, weights[combo])


def sampled_blocks(deal: Deal, seed: int, limit: int, chunks: int = CHUNKS_PER_BATCH) -> Iterator[DealBlock]:
    """Random deals, ``chunks`` chunks of ``CHUNK_DEALS`` per block, ``limit`` in all (the
    caller may stop earlier). Chunk ``i`` is seeded from ``(seed, i)`` whatever ``chunks``."""
    ranges: RangeDraw = range_draw(deal)
    drawn = chunk = 0
    n_players, n_hole = deal.holes.shape
    while drawn < limit:
        sizes = [min(CHUNK_DEALS, limit - drawn - k * CHUNK_DEALS) for k in range(chunks)]
        sizes = [s for s in sizes if s > 0]
        starts = np.concatenate([[0], np.cumsum(sizes)]).astype(np.int64)
        n = int(starts[-1])
        holes = np.empty((n, n_players, n_hole), dtype=np.int8)
        boards = np.empty((n, 5), dtype=np.int8)
        stuck = np.zeros(len(sizes), dtype=np.bool_)
        parallel.run(
            draw_deals,
            deal.holes,
            deal.random_players,
            deal.board_array,
            len(deal.spot.board),
            deal.deck,
            ranges,
            np.uint64(seed),
            chunk,
            starts,
            holes,
            boards,
            stuck,
        )
        if stuck.any():
            raise OmahaInputError(
                "from: the ranges almost never fit together without two players sharing a card "
                f"(no deal found in {MAX_REDRAWS:,} draws); narrow them"
            )
        drawn += n
        chunk += len(sizes)
        yield DealBlock(holes, boards, None)
