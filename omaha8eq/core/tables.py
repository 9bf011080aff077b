"""Lookup tables behind the compiled evaluators, built with numpy at first use.

Card format: a card is an int 0..51, ``card = 4 * rank + suit``, rank 0..12 = 2..A,
suit 0..3 = c, d, h, s.

High-hand values are the standard 7,462 equivalence classes of five-card hands,
numbered so that higher is better: 0 is 7-5-4-3-2 unsuited, 7461 a royal flush.
Low values number the 56 possible 8-or-better lows: 0 is 8-7-6-5-4, 55 the wheel
5-4-3-2-A; -1 means no qualifying low.

The tables:

``board_pair`` (int16, ``BOARD_STATES x PAIR_STATES``)
    For a board rank multiset of 3, 4 or 5 cards and a two-card hole rank multiset,
    the best high value of the 2 hole + 3 board combinations *read as if no five
    cards shared a suit*. Omaha's non-flush high of a hand is the maximum of this
    over the hand's hole pairs; flushes are added separately (see high.py).
``pair_five`` (int16, ``PAIR_STATES x`` five-card board states)
    ``board_pair`` for five-card boards, transposed: a fixed hand's values over every
    board are then a few contiguous rows (``showdown.fixed_hand_tables``).
``flush5`` (int16, 8192)
    The value of a five-card flush (or straight flush) by its 13-bit rank mask.
``suited`` (int16, 4 x 8192)
    Per 13-bit rank mask of one suit: its top two ranks (row TOP_2), its top three
    (TOP_3), the straight windows (bit w for STRAIGHT_WINDOWS[w]) holding 2+ of its
    ranks (WINDOWS_WITH_2) and exactly 3 (WINDOWS_WITH_3).
``low`` (int8, 256 x 256 flattened)
    The best low from a board low-rank mask and a hole low-rank mask (bit 0 = ace,
    bit 7 = eight), exactly two distinct hole ranks and three distinct board ranks.

Rank multisets are indexed with the combinatorial number system: sorted ranks
``r_0 <= ... <= r_{k-1}`` map to ``sum C(r_i + i, i + 1)``, a bijection onto
``range(C(12 + k, k))``; boards of 3, 4 and 5 cards share one index space through
``BOARD_OFFSET``.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import os
import re
import sys
import time
import uuid
from collections.abc import Iterable
from dataclasses import dataclass
from itertools import combinations, combinations_with_replacement
from math import comb
from pathlib import Path

import numpy as np

from ..deck import BOARD_CARDS, DECK_SIZE, MAX_HOLE_CARDS
from .cache_guard import NotAFileError, core_fingerprint, open_cache_file

N_HIGH_CLASSES = 7462
N_LOW_CLASSES = 56
NO_LOW = -1

CATEGORIES = (
    "High card",
    "One pair",
    "Two pair",
    "Three of a kind",
    "Straight",
    "Flush",
    "Full house",
    "Four of a kind",
    "Straight flush",
)
_STRAIGHT, _FLUSH, _STRAIGHT_FLUSH = 4, 5, 8

# Board multisets of 3, 4 and 5 ranks live one after the other in one index space.
BOARD_OFFSET = np.array([0, 0, 0, 0, comb(15, 3), comb(15, 3) + comb(16, 4)], dtype=np.int64)
BOARD_STATES = comb(15, 3) + comb(16, 4) + comb(17, 5)
PAIR_STATES = comb(14, 2)
# BINOM[n, k] = C(n, k) for the multiset index; n <= 16 + 1 covers five ranks.
#: Binomial coefficients C(n, k) for n <= DECK_SIZE, k <= the most cards of a hand or a
#: board (52 and 6): rank-multiset indices, board and hand counts.
BINOM = np.array(
    [[comb(n, k) for k in range(max(MAX_HOLE_CARDS, BOARD_CARDS) + 1)] for n in range(DECK_SIZE + 1)], dtype=np.int64
)
# Window masks of the ten straights, lowest (the wheel A-2-3-4-5) first.
STRAIGHT_WINDOWS = np.array([0b1000000001111] + [0b11111 << low for low in range(9)], dtype=np.int64)
# Bit of a rank in the 8-bit low mask: ace -> bit 0, 2 -> bit 1, ..., 8 -> bit 7.
LOW_BIT = np.array([1 << (r + 1) for r in range(7)] + [0] * 5 + [1], dtype=np.int64)
# PAIR_INDEX[a, b]: multiset index of the two hole ranks a and b.
PAIR_INDEX = np.array(
    [[min(a, b) + comb(max(a, b) + 1, 2) for b in range(13)] for a in range(13)],
    dtype=np.int64,
)

# Rows of the ``suited`` table, each indexed by a 13-bit rank mask of one suit.
TOP_2, TOP_3, WINDOWS_WITH_2, WINDOWS_WITH_3 = range(4)

TABLE_FORMAT_VERSION = 1


def multiset_index(sorted_ranks: Iterable[int]) -> int:
    """Combinatorial index of a non-decreasing sequence of ranks (within its size)."""
    return sum(comb(r + i, i + 1) for i, r in enumerate(sorted_ranks))


def _multiset_index_rows(sorted_rows: np.ndarray) -> np.ndarray:
    """``multiset_index`` of every row of a (n, k) array of sorted ranks."""
    k = sorted_rows.shape[1]
    shifted = sorted_rows + np.arange(k)
    indices: np.ndarray = BINOM[shifted, np.arange(1, k + 1)].sum(axis=1)
    return indices


def _is_straight(distinct_desc: tuple[int, ...]) -> int:
    """Top rank of the straight formed by five distinct ranks (descending), or -1."""
    if distinct_desc[0] - distinct_desc[4] == 4:
        return distinct_desc[0]
    if distinct_desc == (12, 3, 2, 1, 0):
        return 3
    return -1


def high_class_key(ranks: tuple[int, ...], flush: bool) -> tuple[int, ...]:
    """Comparison key of a five-card hand given its ranks and whether it is suited."""
    counts = {r: ranks.count(r) for r in set(ranks)}
    # Ranks grouped by multiplicity, then by rank: AAKKQ -> (A, K, Q).
    grouped = tuple(sorted(counts, key=lambda r: (counts[r], r), reverse=True))
    shape = tuple(sorted(counts.values(), reverse=True))
    if len(counts) == 5:
        desc = tuple(sorted(ranks, reverse=True))
        top = _is_straight(desc)
        if flush:
            return (_STRAIGHT_FLUSH, top) if top >= 0 else (_FLUSH, *desc)
        return (_STRAIGHT, top) if top >= 0 else (0, *desc)
    category = {
        (2, 1, 1, 1): 1,
        (2, 2, 1): 2,
        (3, 1, 1): 3,
        (3, 2): 6,
        (4, 1): 7,
    }[shape]
    return (category, *grouped)


@dataclass(frozen=True)
class HighClasses:
    """The 7,462 high classes: for each value its category index and a sample rank tuple."""

    category: np.ndarray  # int8, by value
    ranks: tuple[tuple[int, ...], ...]  # descending ranks of the class, by value
    flush: np.ndarray  # bool, by value


@functools.cache
def high_classes() -> HighClasses:
    """Every high class, ordered worst (value 0) to best (value 7461)."""
    entries = [
        (high_class_key(ranks, False), ranks, False)
        for ranks in combinations_with_replacement(range(13), 5)
        if max(ranks.count(r) for r in ranks) <= 4
    ]
    entries += [(high_class_key(ranks, True), ranks, True) for ranks in combinations(range(13), 5)]
    entries.sort(key=lambda e: e[0])
    return HighClasses(
        category=np.array([e[0][0] for e in entries], dtype=np.int8),
        ranks=tuple(tuple(sorted(e[1], reverse=True)) for e in entries),
        flush=np.array([e[2] for e in entries], dtype=bool),
    )


def _five_card_tables() -> tuple[np.ndarray, np.ndarray]:
    """(non-flush value by 5-rank multiset index, flush value by 13-bit rank mask)."""
    classes = high_classes()
    nonflush = np.full(comb(17, 5), -1, dtype=np.int16)
    flush = np.full(1 << 13, -1, dtype=np.int16)
    for value, (ranks, suited) in enumerate(zip(classes.ranks, classes.flush, strict=True)):
        if suited:
            flush[sum(1 << r for r in ranks)] = value
        else:
            nonflush[multiset_index(sorted(ranks))] = value
    return nonflush, flush


def _board_pair_table(nonflush5: np.ndarray) -> np.ndarray:
    """Best non-flush value for every (board multiset, hole pair multiset).

    The value of a hole pair with every board triple comes first (one 5-card lookup
    per triple multiset and pair); a 4- or 5-card board's cell is then the best over
    its triples, read from that table (a gather, not a 5-card sort per triple).
    """
    pairs = np.array(list(combinations_with_replacement(range(13), 2)), dtype=np.int64)
    triples = np.array(list(combinations_with_replacement(range(13), 3)), dtype=np.int64)
    five = np.concatenate([np.repeat(triples, len(pairs), axis=0), np.tile(pairs, (len(triples), 1))], axis=1)
    five.sort(axis=1)
    # Five of a kind (a triple and a pair of one rank) is no hand: -1.
    values = np.where((np.diff(five, axis=1) != 0).any(axis=1), nonflush5[_multiset_index_rows(five)], -1)
    by_triple = np.full((len(triples), PAIR_STATES), -1, dtype=np.int16)  # rows: triple multiset index
    by_triple[
        np.repeat(_multiset_index_rows(triples), len(pairs)),
        np.tile(PAIR_INDEX[pairs[:, 0], pairs[:, 1]], len(triples)),
    ] = values
    table = np.full((BOARD_STATES, PAIR_STATES), -1, dtype=np.int16)
    for size in (3, 4, 5):
        boards = np.array(list(combinations_with_replacement(range(13), size)), dtype=np.int64)
        best = np.full((len(boards), PAIR_STATES), -1, dtype=np.int16)
        for triple in combinations(range(size), 3):  # a sorted board's triples are sorted
            np.maximum(best, by_triple[_multiset_index_rows(boards[:, triple])], out=best)
        table[BOARD_OFFSET[size] + _multiset_index_rows(boards)] = best
    return table


def _top_bits(masks: np.ndarray, count: int) -> np.ndarray:
    """The ``count`` highest set bits of every mask (all of them if it has fewer)."""
    kept = np.zeros_like(masks)
    remaining = masks.copy()
    for _ in range(count):
        top = np.where(remaining > 0, 1 << (np.log2(np.maximum(remaining, 1)).astype(np.int64)), 0)
        kept |= top
        remaining &= ~top
    return kept


def _suited_table() -> np.ndarray:
    masks = np.arange(1 << 13, dtype=np.int64)
    ranks_in = np.bitwise_count(masks[:, None] & STRAIGHT_WINDOWS[None, :])
    window_bits = 1 << np.arange(len(STRAIGHT_WINDOWS))
    return np.stack(
        [
            _top_bits(masks, 2),
            _top_bits(masks, 3),
            ((ranks_in >= 2) * window_bits).sum(axis=1),
            ((ranks_in == 3) * window_bits).sum(axis=1),
        ]
    ).astype(np.int16)


def _low_table() -> np.ndarray:
    """Best low class for every (board low mask, hole low mask), flattened board-major."""
    board = np.arange(256)[:, None]
    hole = np.arange(256)[None, :]
    table = np.full((256, 256), NO_LOW, dtype=np.int8)
    # Worse lows have numerically larger masks; visit best first and keep the first hit.
    lows = sorted(sum(1 << b for b in bits) for bits in combinations(range(8), 5))
    for rank_from_best, low_mask in enumerate(lows):
        value = N_LOW_CLASSES - 1 - rank_from_best
        bits = [b for b in range(8) if low_mask >> b & 1]
        reachable = np.zeros((256, 256), dtype=bool)
        for hole_bits in combinations(bits, 2):
            hole_mask = sum(1 << b for b in hole_bits)
            board_mask = low_mask & ~hole_mask
            reachable |= ((board & board_mask) == board_mask) & ((hole & hole_mask) == hole_mask)
        table[reachable & (table == NO_LOW)] = value
    return table.reshape(-1)


def low_class_ranks(value: int) -> tuple[int, ...]:
    """The five ranks (high to low, ace = 1) of a low class value 0..55."""
    lows = sorted(sum(1 << b for b in bits) for bits in combinations(range(8), 5))
    mask = lows[N_LOW_CLASSES - 1 - value]
    return tuple(b + 1 for b in range(7, -1, -1) if mask >> b & 1)


@dataclass(frozen=True)
class Tables:
    """The arrays the kernels read; pass them to kernels as arguments, never as globals."""

    board_pair: np.ndarray
    pair_five: np.ndarray
    flush5: np.ndarray
    suited: np.ndarray
    nonflush5: np.ndarray
    low: np.ndarray


def build_tables() -> Tables:
    """Generate every table from scratch (a few hundredths of a second with numpy)."""
    nonflush5, flush5 = _five_card_tables()
    board_pair = _board_pair_table(nonflush5)
    return Tables(
        board_pair=board_pair,
        pair_five=np.ascontiguousarray(board_pair[BOARD_OFFSET[5] :].T),
        flush5=flush5,
        suited=_suited_table(),
        nonflush5=nonflush5,
        low=_low_table(),
    )


#: Name -> (shape, dtype) of every table: exactly what a cache file must hold.
TABLE_LAYOUT: dict[str, tuple[tuple[int, ...], type[np.generic]]] = {
    "board_pair": ((BOARD_STATES, PAIR_STATES), np.int16),
    "pair_five": ((PAIR_STATES, comb(17, 5)), np.int16),
    "flush5": ((1 << 13,), np.int16),
    "suited": ((4, 1 << 13), np.int16),
    "nonflush5": ((comb(17, 5),), np.int16),
    "low": ((256 * 256,), np.int8),
}


#: A table file of other sources (or its write left by a killed process) is removed when
#: a new one is written, once unused for this long: another installation sharing the
#: folder may still be using it (every read refreshes its file's modification time).
STALE_AFTER_SECONDS = 3600
# The table files and their writes in progress (see write_table_cache), by name.
_TABLE_FILE_NAME = re.compile(r"tables-v\d+-[0-9a-f]{16}(\.\d+\.[0-9a-f]{8}\.tmp)?\.npz")


def _cache_dir() -> Path:
    override = os.environ.get("OMAHA8EQ_CACHE_DIR")
    if override:
        return Path(override)
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "omaha8eq"


def table_cache_path() -> Path:
    """The cache file of the tables, named by the format and the core's fingerprint.

    Keyed by the fingerprint of every core source (see :mod:`.cache_guard`), not by
    this module alone, so that no edit of the core can be answered by old tables.
    The directory is ``$OMAHA8EQ_CACHE_DIR``, else ``$XDG_CACHE_HOME/omaha8eq``,
    else ``~/.cache/omaha8eq``.
    """
    return _cache_dir() / f"tables-v{TABLE_FORMAT_VERSION}-{core_fingerprint()[:16]}.npz"


def _contents_digest(arrays: dict[str, np.ndarray]) -> str:
    """sha256 of every table's name, dtype, shape and bytes, in ``TABLE_LAYOUT`` order."""
    digest = hashlib.sha256()
    for name in TABLE_LAYOUT:
        array = np.ascontiguousarray(arrays[name])
        digest.update(f"{name}\0{array.dtype.str}\0{array.shape}\0".encode())
        digest.update(array.data)
    return digest.hexdigest()


def read_table_cache(path: Path) -> Tables:
    """The tables stored in ``path``, checked: raises if anything is not exactly as written.

    Checks the names, every shape and dtype against ``TABLE_LAYOUT``, and a digest
    of the contents stored in the file (so a flipped byte is caught even where the
    zip format does not check). Raises OSError if the file cannot be opened,
    :class:`~.cache_guard.NotAFileError` (without blocking) if the path holds a folder,
    a named pipe or a device, and ValueError (or the zip/npy reader's own error) if it
    is damaged.
    """
    with open_cache_file(path) as file, np.load(file, allow_pickle=False) as data:
        names = set(data.files)
        if names != {*TABLE_LAYOUT, "digest"}:
            raise ValueError(f"it holds {sorted(names)}")
        arrays = {name: data[name] for name in TABLE_LAYOUT}
        stored_digest = str(data["digest"])
    for name, (shape, dtype) in TABLE_LAYOUT.items():
        array = arrays[name]
        if array.shape != shape or array.dtype != dtype:
            raise ValueError(f"{name} is {array.dtype} {array.shape}, expected {np.dtype(dtype)} {shape}")
    if stored_digest != _contents_digest(arrays):
        raise ValueError("its contents do not match their digest")
    return Tables(**arrays)


def write_table_cache(path: Path, tables: Tables) -> None:
    """Store ``tables`` in ``path`` atomically; a failed write only leaves no file.

    The file is written under a name private to this process, then renamed over
    ``path``, so a reader (another process building at the same time) never sees
    half a file. Any failure (unwritable directory, full disk) is ignored and
    removes the private file: the caller already has the tables.
    """
    arrays = {name: getattr(tables, name) for name in TABLE_LAYOUT}
    tmp = path.with_name(f"{path.stem}.{os.getpid()}.{uuid.uuid4().hex[:8]}.tmp.npz")
    try:
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            with open(tmp, "wb") as f:
                np.savez(f, digest=np.array(_contents_digest(arrays)), **arrays)
            os.replace(tmp, path)
        finally:
            with contextlib.suppress(OSError):
                tmp.unlink(missing_ok=True)
    except OSError:
        return
    prune_table_cache(path)


def prune_table_cache(keep: Path) -> list[Path]:
    """Remove the table files in ``keep``'s folder but ``keep`` that were not used in the
    last ``STALE_AFTER_SECONDS``; return the removed paths.

    Only files named as :func:`table_cache_path` names them (and their writes in
    progress) are touched. Safe when processes race: a file another process removed
    first is skipped, and a process whose file was removed rebuilds it.
    """
    removed: list[Path] = []
    oldest_kept = time.time() - STALE_AFTER_SECONDS
    try:
        candidates = [entry for entry in os.scandir(keep.parent) if _TABLE_FILE_NAME.fullmatch(entry.name)]
    except OSError:
        return removed
    for entry in candidates:
        if entry.name == keep.name:
            continue
        try:
            if entry.stat(follow_symlinks=False).st_mtime < oldest_kept:
                os.unlink(entry.path)
                removed.append(Path(entry.path))
        except OSError:  # gone already, or not ours to remove: leave it
            pass
    return removed


def _mark_used(path: Path) -> None:
    """Refresh ``path``'s modification time, so that no other process prunes it as unused."""
    with contextlib.suppress(OSError):  # a read-only cache: it is only read
        os.utime(path)


def load_or_build_tables(path: Path) -> Tables:
    """The tables from the cache file ``path`` if it is intact, else built and stored there.

    A damaged file (truncated, emptied, a flipped byte, a wrong shape or dtype) is
    never used: one line on stderr says so and the tables are rebuilt and rewritten.
    A missing or unreachable file is rebuilt without a word. Writing a new file
    removes the table files of other sources left unused (:func:`prune_table_cache`).
    """
    try:
        tables = read_table_cache(path)
    except (FileNotFoundError, NotADirectoryError, PermissionError):
        pass
    except NotAFileError as error:
        # A pipe is replaced by the new file; a folder cannot be: the cache is bypassed.
        fate = "not using the cache" if error.kind == "folder" else "replacing it"
        print(f"omaha8eq: the table cache {path} is a {error.kind}, not a file; {fate}", file=sys.stderr)
    except Exception as error:  # on any doubt rebuild: the tables must never be wrong
        print(f"omaha8eq: the table cache {path} is damaged ({error or type(error).__name__}); rebuilding it",
              file=sys.stderr)  # fmt: skip
    else:
        _mark_used(path)
        return tables
    tables = build_tables()
    write_table_cache(path, tables)
    return tables


@functools.cache
def get_tables() -> Tables:
    """The tables, loaded from the on-disk cache (checked) or built and cached on first use.

    See :func:`table_cache_path` for where, :func:`load_or_build_tables` for what
    happens to a damaged cache. An unwritable cache directory only costs the
    rebuild (about a second) on every start.
    """
    return load_or_build_tables(table_cache_path())
