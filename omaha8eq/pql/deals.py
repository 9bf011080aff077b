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

from ..cards import format_cards, format_hand
from ..core import parallel
from ..core.hand_isomorphism import _colex_ascending, card_masks, class_keys, class_representatives, class_sizes
from ..core.kernel_args import RangeDraw
from ..core.montecarlo import MAX_REDRAWS
from ..core.query_deals import draw_deals
from ..engine.deal import Deal, prepare_deal
from ..engine.sampling import range_draw
from ..engine.spot import RANDOM, Seat, Spot, parse_range_text, range_seat
from ..errors import OmahaInputError
from ..inputs import DECK_SIZE, parse_hole
from .check import CheckedQuery

__all__ = [
    "CHUNK_DEALS",
    "DealBlock",
    "enumeration_cost",
    "exact_blocks",
    "exact_cost",
    "is_random",
    "prepare",
    "sampled_blocks",
    "suit_classes",
]

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
    #: A double-board query's second board (n, 5) int8, dealt from the same deck; None: one board.
    boards2: np.ndarray | None = None

    def __len__(self) -> int:
        return int(self.holes.shape[0])


def is_random(text: str, hole_size: int) -> bool:
    """PQL writes any hand as ``*`` (or one ``*`` per card); omaha8eq's equity as ``random``."""
    stripped = text.strip().lower()
    return stripped in (RANDOM, "*", "*" * hole_size)


def prepare(checked: CheckedQuery) -> Deal:
    """The query's spot, parsed and checked like ``equity()``'s (errors name the player)."""
    hole_size = checked.game.hole_cards
    seats = []
    for name, text in zip(checked.players, checked.hands, strict=True):
        if is_random(text, hole_size):
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
    # A double-board query's second board is dealt apart (``double_board``): its known cards
    # are out of the first board's deck, as dead cards are.
    board2 = checked.board2 or ()
    board_name = "board" if checked.board2 is None else "board1"
    known = [(board_name, checked.board), ("board2", board2), ("dead", checked.dead)] + [
        (name, s.cards) for name, s in zip(checked.players, seats, strict=True) if s.cards is not None
    ]
    used = 0
    for name, cards in known:
        mask = sum(1 << c for c in cards)  # parsed cards, each group free of duplicates already
        if used & mask:
            raise OmahaInputError(
                f"{name}: the card {format_cards([c for c in cards if used >> c & 1][:1])} is dealt twice"
            )
        used |= mask
    n_boards = 1 if checked.board2 is None else 2
    needed = len(seats) * hole_size + 5 * n_boards + len(checked.dead)
    if needed > DECK_SIZE:
        raise OmahaInputError(
            f"from: {len(seats)} players, {n_boards} board(s) and the dead cards need {needed} cards; the deck has 52"
        )
    spot = Spot(seats, checked.game, checked.board, checked.dead + board2)
    from ..engine.spot import restrict_ranges

    if any(s.is_range for s in seats):
        restrict_ranges(seats, used, names=list(checked.players))
    return prepare_deal(spot)


def suit_classes(deal: Deal) -> Deal | None:
    """The deal of one suit-symmetric range and nothing else known, with the range cut to
    one representative hand per suit class (``core.hand_isomorphism``), each weighted by its
    class's hands; None when that does not apply (more than one player, a board or dead
    cards, or a range that holds only part of a class or weighs its hands unequally).

    A suit permutation maps a hand's boards one to one onto its class-mate's, so a query
    whose values do not read a suit (``evaluate.suit_invariant``) counts the same over
    representatives x boards, weighted, as over every hand x board: the exact fractions
    are identical, with about 24 times fewer deals (``histogram(handType(hero, flop))``
    of ``A2**``: 1,245 classes instead of 26,112 hands)."""
    seats = deal.spot.seats
    if len(seats) != 1 or not seats[0].is_range or deal.spot.board or deal.spot.dead:
        return None
    hands, weights = seats[0].range_hands(), seats[0].range_weights()
    keys, inverse, counts = np.unique(class_keys(hands), return_inverse=True, return_counts=True)
    lightest = np.full(len(keys), np.iinfo(np.int64).max)
    heaviest = np.zeros(len(keys), dtype=np.int64)
    np.minimum.at(lightest, inverse, weights)
    np.maximum.at(heaviest, inverse, weights)
    if (counts != class_sizes(keys)).any() or (lightest != heaviest).any():
        return None
    seat = Seat(seats[0].label, hands=class_representatives(keys, deal.spot.hole_size), weights=heaviest * counts)
    return prepare_deal(Spot([seat], deal.spot.game, (), ()))


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
    hands = [len(deal.seats[i].range_hands()) for i in deal.ranged]
    return enumeration_cost(hands, len(deal.deck), len(deal.spot.board), streets)


def enumeration_cost(range_hands: list[int], deck: int, board: int, streets: tuple[int, ...]) -> int:
    """Deals an exact enumeration visits: every combination of one hand of each range
    (``range_hands`` hands each) times the runouts of the ``streets`` read from a
    ``deck`` of cards left after a known ``board`` of that many cards (an upper bound:
    card clashes between ranges are not subtracted). :func:`exact_cost` of a prepared
    deal, and the price of a query before its ranges are built (``pricing``)."""
    boards = 1
    for size in _segments(board, streets):
        boards *= comb(deck, size)
        deck -= size
    return prod(range_hands) * boards


def _runouts(deck: np.ndarray, segments: list[int]) -> tuple[np.ndarray, np.ndarray]:
    """Every runout of the board: for each segment (a street's new cards), every
    combination of the cards the earlier segments left, as rows of card ints, and each
    row's card mask (int64)."""
    rows = np.zeros((1, 0), dtype=np.int8)
    masks = np.zeros(1, dtype=np.int64)
    for size in segments:
        combos = deck[_colex_ascending(len(deck), size)]
        combo_masks = card_masks(combos).astype(np.int64)
        left, right = np.nonzero((masks[:, None] & combo_masks[None, :]) == 0)
        rows = np.concatenate([rows[left], combos[right]], axis=1)
        masks = masks[left] | combo_masks[right]
    return rows, masks


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
    completions, completion_masks = _runouts(deal.deck, _segments(len(known), streets))  # every runout, vectorised
    n_boards = len(completion_masks)
    full_boards = np.zeros((n_boards, 5), dtype=np.int8)  # each runout as a whole board row
    full_boards[:, : len(known)] = known
    if missing:
        full_boards[:, len(known) : len(known) + missing] = completions
    holes = deal.holes
    if not deal.ranged and n_boards <= block_rows:  # known hands: one block of every board
        yield DealBlock(np.repeat(holes[None], n_boards, axis=0), full_boards, np.ones(n_boards, dtype=np.int64))
        return
    board_step = min(n_boards, block_rows)
    per_block = max(1, block_rows // board_step)
    for start, first_board in ((s, b) for s in range(0, len(rows), per_block) for b in range(0, n_boards, board_step)):
        part = slice(start, start + per_block)
        fits = (masks[part, None] & completion_masks[None, first_board : first_board + board_step]) == 0
        # np.nonzero lists the fits combination by combination: each combination's hands are
        # repeated over its boards (a repeat is several times faster than a gather).
        per_combination = np.count_nonzero(fits, axis=1)
        board = np.nonzero(fits.ravel())[0] % fits.shape[1] + first_board
        part_holes = np.empty((len(per_combination), *holes.shape), dtype=np.int8)
        part_holes[:] = holes
        for r, seat_index in enumerate(deal.ranged):
            part_holes[:, seat_index] = deal.seats[seat_index].range_hands()[rows[part, r]]
        block_holes = np.repeat(part_holes, per_combination, axis=0)
        boards = np.take(full_boards, board, axis=0)
        yield DealBlock(block_holes, boards, np.repeat(weights[part], per_combination))


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
