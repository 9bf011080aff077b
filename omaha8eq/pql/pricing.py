"""A query priced from its ranges' sizes, before any range is built, and refused if hopeless.

A query's players' ranges are built before its first deal (``deals.prepare``): up to a
minute and gigabytes for 6-card ranges. :func:`price_query` counts them instead with
:func:`~omaha8eq.engine.budget.spot_sizes` (``range_size``: milliseconds) and prices the
run with the engine's own model (:mod:`omaha8eq.engine.budget`); :func:`check_price`
refuses it with the estimate:

- work: an exact run visits at least :attr:`QueryPrice.least_deals` deals (the same
  count as ``deals.exact_cost``, each range's hands clear of the known cards estimated
  as ``budget.live_hands`` does, and divided by the 24 suit permutations when the query
  may enumerate one hand per suit class); ``exhaustive=True`` is refused when that is
  ``budget.EARLY_MARGIN`` times ``max_work`` (nearer the limit the count of the built
  ranges decides, as before).
- memory: the ranges as an equity run's (``budget.estimate_memory``: building them and
  the sampler's arrays, measured 6-card ``100%`` v ``100%``: 5.1 GB peak, priced 7.8 GB),
  plus, when the run may be exact, the table of joint range-hand combinations that
  ``deals.exact_blocks`` enumerates (:data:`COMBINATION_BYTES` a row); refused above
  ``max_memory`` (default: half the machine's memory, as ``equity()``).

A query's blocks of deals (``CHUNKS_PER_BATCH`` chunks, ``EXACT_BLOCK_ROWS`` rows) and its
calls' arrays per block are bounded whatever the ranges, so they are in ``BASE_BYTES``.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import ceil, prod

from ..deck import DECK_SIZE
from ..engine.budget import EARLY_MARGIN, SpotSizes, estimate_memory, live_hands, memory_text, spot_sizes
from ..engine.method import duration_text
from ..engine.options import default_max_memory
from ..engine.spot import RANDOM
from ..errors import OmahaInputError, WorkLimitError
from .check import CheckedQuery
from .deals import enumeration_cost, is_random
from .evaluate import streets_read, suit_invariant

__all__ = ["COMBINATION_BYTES", "DEALS_PER_SECOND", "SUIT_PERMUTATIONS", "QueryPrice", "check_price", "price_query"]

#: Peak bytes per joint combination of range hands in an exact run (``deals._range_combinations``:
#: each row's hand indexes, card mask and weight, int64, and the clash test of the next range's
#: masks against them). Measured 79 to 86 (two 4-card ranges, 12 and 18 million rows), rounded up.
COMBINATION_BYTES = 96
#: Deals a query evaluates a second on one core, about (its functions in numpy blocks):
#: what its time estimates divide by.
DEALS_PER_SECOND = 2e6
#: The most hands one suit class holds: an exact run of one range enumerates one hand per class.
SUIT_PERMUTATIONS = 24


@dataclass(frozen=True)
class QueryPrice:
    """A query's cost read from its ranges' sizes (see the module docstring).

    Attributes:
        range_hands: the hands of each player's range (fixed and random hands left out).
        least_deals: the fewest deals an exact run can visit, about; None when a hand is
            dealt at random or the query reads two boards with a range (never enumerated).
        memory: the peak bytes of the run: exact (``exhaustive=True``), sampled
            (``exhaustive=False``) or either (None: up to ``exact_limit`` deals exact).
    """

    range_hands: tuple[int, ...]
    least_deals: int | None
    memory: int

    @property
    def hands_text(self) -> str:
        return " and ".join(f"{n:,}" for n in self.range_hands)


def _sizes(checked: CheckedQuery) -> SpotSizes | None:
    """The players' sizes (``budget.spot_sizes``), PQL's ``*`` read as a random hand."""
    hole_size = checked.game.hole_cards
    hands = [RANDOM if is_random(text, hole_size) else text for text in checked.hands]
    try:
        return spot_sizes(hands, checked.board, checked.dead + (checked.board2 or ()), checked.game)
    except OmahaInputError:  # a card twice ...: ``deals.prepare`` names the player or board in its words
        return None


def _least_deals(checked: CheckedQuery, sizes: SpotSizes) -> int | None:
    """About the fewest deals an exact run visits; None when it cannot enumerate (a random
    hand) or when only its prepared deal tells (two boards: known hands only, cheap to prepare)."""
    if None in sizes.sides or checked.board2 is not None:
        return None
    fixed = sum(1 for n in sizes.sides if n == 1)
    known = sizes.board + sizes.dead + fixed * sizes.hole_size
    hands = [live_hands(n, sizes.hole_size, known) for n in sizes.range_hands]
    deals = enumeration_cost(hands, DECK_SIZE - known, sizes.board, streets_read(checked))
    one_range = len(sizes.sides) == 1 and len(hands) == 1 and not sizes.board and not sizes.dead
    if one_range and suit_invariant(checked):  # deals.suit_classes: one hand per class
        deals = ceil(deals / SUIT_PERMUTATIONS)
    return deals


def price_query(checked: CheckedQuery, *, exhaustive: bool | None, exact_limit: int) -> QueryPrice | None:
    """The price of running ``checked`` (``exhaustive`` as ``query``'s; ``exact_limit``:
    the most deals a run with ``exhaustive=None`` enumerates), read without building a
    range; None when a player's text cannot be read (the build then names it)."""
    sizes = _sizes(checked)
    if sizes is None:
        return None
    hands = tuple(sizes.range_hands)
    least = _least_deals(checked, sizes)
    memory = estimate_memory(hands, by_hand=False)
    if least is not None and hands and exhaustive is not False:
        combinations = prod(live_hands(n, sizes.hole_size, sizes.board + sizes.dead) for n in hands)
        memory += COMBINATION_BYTES * (combinations if exhaustive else min(combinations, exact_limit))
    return QueryPrice(hands, least, memory)


def check_price(price: QueryPrice, *, exhaustive: bool | None, max_work: int, max_memory: int | None) -> None:
    """Refuse, with the estimate, an ``exhaustive=True`` run of at least ``EARLY_MARGIN``
    times ``max_work`` deals (WorkLimitError), and a run above ``max_memory`` bytes (None:
    half the machine's, ``engine.options.default_max_memory``; OmahaInputError naming it)."""
    least = price.least_deals
    if exhaustive and least is not None and least > EARLY_MARGIN * max_work:
        raise WorkLimitError(
            f"exhaustive=True: the query enumerates about {least:,} deals or more (estimated from the ranges' sizes, "
            f"{price.hands_text} hands, before building them; "
            f"about {duration_text(least / DEALS_PER_SECOND)} on one core), "
            f"above max_work={max_work:,}; sample it (exhaustive=False, samples=...)",
            work=least, unit="deals", seconds=least / DEALS_PER_SECOND, limit=max_work,
        )  # fmt: skip
    memory_limit = default_max_memory() if max_memory is None else max_memory
    if price.memory > memory_limit:
        raise OmahaInputError(
            f"max_memory: this query would need about {memory_text(price.memory)} of memory (estimated from the "
            f"ranges' sizes, {price.hands_text} hands, before building them), above the limit "
            f"max_memory={memory_limit:,} bytes = {memory_text(memory_limit)}"
            + (" (half the machine's memory)" if max_memory is None else "")
            + "; give narrower ranges"
            + (", sample it (exhaustive=False)" if exhaustive is not False and price.least_deals else "")
            + ", or raise max_memory (--max-memory) to run it anyway"
        )
