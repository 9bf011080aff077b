"""The named structures the compiled kernels take, and their fast numba typing.

Kernel inputs travel as NamedTuples of arrays and scalars (numba types them as
heterogeneous tuples; attribute access works in nopython mode). The engine builds
them with one dtype per field, so each entry point compiles one signature:

- :class:`LookupTables`: the evaluation tables (``tables.get_tables()``'s arrays);
- :class:`DealArrays`: a spot (hands, board, deck, game);
- :class:`RankMultisets`: the rank multisets of ``exact_multisets.rank_multisets``;
- :class:`RangeDraw` and :class:`SampleRun`: what ``montecarlo.sample_deals`` draws;
- :class:`StateOutcomes`: the known hands' outcome of every rank state, which it reads;
- :class:`SpotBatch`: many spots of fixed hands (``exact_multisets.aggregate_spots``).

numba types an argument on every call. Plain arrays are typed in C, but a NamedTuple
goes through numba's Python ``typeof`` field by field (about 4 us an array): tens of
microseconds per call, as much as a small kernel call itself (the exact range loop
calls a kernel per combination of hands). So each class registers a ``typeof`` that
caches the type by a cheap key of its fields (array dtype, dimensions and flags;
scalar type), and remembers the value it typed last (a NamedTuple is immutable, and
nothing here changes an array's flags in place): the same type as numba's own, found
faster.
"""

from __future__ import annotations

from typing import Any, NamedTuple

import numpy as np
from numba.core import types
from numba.extending import typeof_impl

__all__ = [
    "DealArrays",
    "LookupTables",
    "RangeDraw",
    "RankMultisets",
    "SampleRun",
    "SpotBatch",
    "StateOutcomes",
    "read_only_cards",
]


def read_only_cards(cards: np.ndarray) -> np.ndarray:
    """``cards`` as a C-contiguous int8 array, read-only (a view; copied only when not
    int8 and contiguous already). numba types a read-only array apart from a writable
    one, and the engine's hands come both ways (a range's cached hands are read-only):
    a kernel handed every card array this way compiles one signature, not two."""
    view: np.ndarray = np.ascontiguousarray(cards, dtype=np.int8).view()
    view.flags.writeable = False
    return view


class LookupTables(NamedTuple):
    """The lookup tables every showdown kernel reads (``tables.Tables``' arrays)."""

    board_pair: np.ndarray
    flush5: np.ndarray
    suited: np.ndarray
    low: np.ndarray


class DealArrays(NamedTuple):
    """A spot as the kernels take it.

    - ``holes`` (P, n_hole) int8: the fixed hands' cards (rows of random hands and
      ranges are overwritten per deal);
    - ``n_hole`` (int): hole cards per hand;
    - ``random_players`` int64: the seats of the random hands;
    - ``fixed`` bool (P,): the seats whose values are read from ``fixed_tables``;
    - ``fixed_tables`` int16 (P, width): see ``showdown.fixed_hand_tables``;
    - ``board`` int8 (5,): the known board cards first, ``n_known`` (int) of them;
    - ``deck`` int8: the cards left to deal;
    - ``hilo`` (bool): Omaha Hi-Lo, or Omaha high (no low) when False.
    """

    holes: np.ndarray
    n_hole: int
    random_players: np.ndarray
    fixed: np.ndarray
    fixed_tables: np.ndarray
    board: np.ndarray
    n_known: int
    deck: np.ndarray
    hilo: bool


class RankMultisets(NamedTuple):
    """All multisets of 0..5 ranks (``ranks`` and ``multiplicities`` int8, the offsets
    int64, the others int16; see ``exact_multisets.rank_multisets``)."""

    ranks: np.ndarray
    multiplicities: np.ndarray
    offsets: np.ndarray
    low_masks: np.ndarray
    rank_masks: np.ndarray
    with_suited: np.ndarray
    with_suited_offsets: np.ndarray


class RangeDraw(NamedTuple):
    """The ranges of a Monte Carlo run, concatenated (see ``montecarlo.sample_deals``).

    ``players`` int64: the seats drawing from a range; ``hands`` (n, n_hole) int8 and
    ``masks`` int64 (card masks): every range's hands, range r in rows
    ``offsets[r]:offsets[r + 1]`` (``offsets`` int64); ``cumulative`` float64: the
    running sums of each range's integer weights.
    """

    players: np.ndarray
    hands: np.ndarray
    masks: np.ndarray
    offsets: np.ndarray
    cumulative: np.ndarray


class SampleRun(NamedTuple):
    """What one ``montecarlo.sample_deals`` call draws.

    ``seed`` (uint64) and ``first_chunk`` (int): chunk ``c`` of the call is chunk
    ``first_chunk + c`` of the run; ``chunk_sizes`` int64: deals per chunk;
    ``by_hand`` (bool): also credit each range hand drawn; ``share_units`` (int64,
    ``results.share_units``): the pot share of each histogram cell, in integer units.
    """

    seed: np.uint64
    first_chunk: int
    chunk_sizes: np.ndarray
    by_hand: bool
    share_units: np.ndarray


class StateOutcomes(NamedTuple):
    """The outcomes of a spot's known hands over the five-card rank states of boards on
    which no hand makes a flush (``montecarlo.rank_state_outcomes``), read by
    ``montecarlo.sample_deals`` when only known hands play (else empty:
    ``montecarlo.no_state_outcomes``).

    ``codes`` int16: ``codes[s]`` numbers the outcome of state ``BOARD_OFFSET[5] + s``
    (states of the same outcome share a number); ``examples`` int64: a state of each
    outcome; ``example_lows`` int64: its board's low mask.
    """

    codes: np.ndarray
    examples: np.ndarray
    example_lows: np.ndarray


class SpotBatch(NamedTuple):
    """Many spots of ``P`` fixed hands each, for one ``exact_multisets.aggregate_spots`` call.

    - ``holes`` (n * P, n_hole) int8: spot i's hands in rows ``i * P : (i + 1) * P``;
    - ``n_hole`` (int): hole cards per hand;
    - ``fixed_tables`` int16 (n * P, width): those hands' high columns (see
      ``showdown.fixed_hand_tables``), read for the preflop spots only (the rows of a
      spot with a known board may be left unwritten: the kernel builds the few it reads);
    - ``boards`` (n, 5) int8 and ``n_known`` int64 (n,): each spot's known board first;
    - ``known`` int64 (n,): each spot's card mask (bit ``card``) of its hands, board and
      dead cards: the deck is the other cards;
    - ``hilo`` (bool): Omaha Hi-Lo, or Omaha high (no low) when False.
    """

    holes: np.ndarray
    n_hole: int
    fixed_tables: np.ndarray
    boards: np.ndarray
    n_known: np.ndarray
    known: np.ndarray
    hilo: bool


def _field_key(value: object) -> object:
    """What numba's type of ``value`` depends on (None: do not cache)."""
    if isinstance(value, np.ndarray):
        # flags.num: every flag bit (contiguity, alignment, writeability and more) as one int
        return value.dtype, value.ndim, value.flags.num
    if type(value) is int:
        return int if -(2**63) <= value < 2**63 else None  # larger ints type as uint64
    return type(value)


def _key(value: tuple[Any, ...]) -> tuple[object, ...]:
    """:func:`_field_key` of every field (plain arrays inline: this runs on every kernel call)."""
    ndarray = np.ndarray
    return tuple([(v.dtype, v.ndim, v.flags.num) if type(v) is ndarray else _field_key(v) for v in value])


def _register_typeof(cls: type[tuple[Any, ...]]) -> None:
    cache: dict[tuple[object, ...], types.Type] = {}
    # The value typed last and its type: the tables and multisets are the same object on
    # every call. Held, so that its id cannot be reused while it is compared.
    last_value: list[object] = [None]
    last_type: list[types.Type | None] = [None]

    @typeof_impl.register(cls)
    def _typeof(value: tuple[Any, ...], context: Any) -> types.Type | None:
        if value is last_value[0]:
            return last_type[0]
        key = _key(value)
        found = cache.get(key)
        if found is None:
            field_types = [typeof_impl(v, context) for v in value]
            if any(t is None for t in field_types):
                return None
            # numba's own tuple typing (``typeof._typeof_tuple``), unannotated upstream
            new_type: types.Type = types.BaseTuple.from_types(field_types, cls)  # type: ignore[no-untyped-call]
            if None in key:
                return new_type
            cache[key] = found = new_type
        last_value[0], last_type[0] = value, found
        return found


for _cls in (LookupTables, DealArrays, RankMultisets, RangeDraw, SampleRun, StateOutcomes, SpotBatch):
    _register_typeof(_cls)
