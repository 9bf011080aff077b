"""Tests of the lookup tables in omaha8eq.core.tables, against brute force and tests/naive.py.

Card format: int 0..51, card = 4*rank + suit, rank 0..12 = 2..A, suit 0..3 = c, d, h, s.
"""

from collections import Counter
from itertools import chain, combinations, combinations_with_replacement
from math import comb

import naive
import numpy as np
import pytest

from omaha8eq.core import tables

N_HANDS = comb(52, 5)

# Binomials for the vectorised multiset index (written here, not taken from the package).
BIN = np.array([[comb(n, k) for k in range(6)] for n in range(18)], dtype=np.int64)


def multiset_index_rows(sorted_ranks):
    """sum_i C(r_i + i, i + 1) for each row of non-decreasing ranks."""
    k = sorted_ranks.shape[1]
    return sum(BIN[sorted_ranks[:, i] + i, i + 1] for i in range(k))


@pytest.fixture(scope="module")
def t():
    return tables.get_tables()


@pytest.fixture(scope="module")
def all_hands(t):
    """Every five-card hand (ascending cards) and its table value."""
    hands = np.fromiter(chain.from_iterable(combinations(range(52), 5)), dtype=np.int8, count=5 * N_HANDS).reshape(
        N_HANDS, 5
    )
    ranks = (hands >> 2).astype(np.int64)  # non-decreasing, as the cards are ascending
    suits = hands & 3
    flush = (suits == suits[:, :1]).all(axis=1)
    rank_mask = np.bitwise_or.reduce(np.left_shift(1, ranks), axis=1)
    values = np.where(
        flush,
        t.flush5[np.where(flush, rank_mask, 0)],
        t.nonflush5[multiset_index_rows(ranks)],
    )
    return hands, values


def test_table_shapes(t):
    assert t.flush5.shape == (1 << 13,)
    assert t.low.shape == (256 * 256,)
    assert t.board_pair.shape == (tables.BOARD_STATES, tables.PAIR_STATES)
    assert comb(15, 3) + comb(16, 4) + comb(17, 5) == tables.BOARD_STATES
    assert tables.PAIR_STATES == comb(14, 2) == 91
    assert len(tables.CATEGORIES) == 9
    assert tables.CATEGORIES[0] == "High card" and tables.CATEGORIES[8] == "Straight flush"
    assert tuple(tables.CATEGORIES) == naive.CATEGORY_NAMES


def test_multiset_index_is_a_bijection():
    for k in (2, 3, 4, 5):
        seen = sorted(tables.multiset_index(ms) for ms in combinations_with_replacement(range(13), k))
        assert seen == list(range(comb(12 + k, k)))
    rows = np.array(list(combinations_with_replacement(range(13), 5)), dtype=np.int64)
    mine = multiset_index_rows(rows)
    assert [tables.multiset_index(r) for r in rows[::97].tolist()] == mine[::97].tolist()


def test_all_five_card_hands_category_counts(all_hands):
    _, values = all_hands
    assert values.min() == 0 and values.max() == 7461
    distinct = np.unique(values)
    assert len(distinct) == 7462
    assert np.array_equal(distinct, np.arange(7462))
    category = tables.high_classes().category[values]
    counts = dict(zip(tables.CATEGORIES, np.bincount(category, minlength=9).tolist(), strict=True))
    assert counts == {
        "Straight flush": 40,
        "Four of a kind": 624,
        "Full house": 3_744,
        "Flush": 5_108,
        "Straight": 10_200,
        "Three of a kind": 54_912,
        "Two pair": 123_552,
        "One pair": 1_098_240,
        "High card": 1_302_540,
    }
    assert sum(counts.values()) == N_HANDS


def test_five_card_values_match_naive_sample(all_hands):
    hands, values = all_hands
    rng = np.random.default_rng(52)
    sample = rng.choice(N_HANDS, size=20_000, replace=False)
    sample = np.concatenate([sample, [0, N_HANDS - 1]])  # 2c 2d 2h 2s 3c and Ks Ac Ad Ah As
    bad = []
    for i in sample.tolist():
        hand = hands[i].tolist()
        if naive.rank5(hand) != values[i]:
            bad.append((hand, int(values[i]), naive.rank5(hand)))
    assert not bad, bad[:5]
    # Extremes by name: royal flush 7461, 7-5-4-3-2 offsuit 0.
    royal = [4 * r + 3 for r in (8, 9, 10, 11, 12)]
    assert tables.get_tables().flush5[sum(1 << r for r in (8, 9, 10, 11, 12))] == 7461
    assert naive.rank5(royal) == 7461
    worst = sorted([4 * 5, 4 * 3, 4 * 2, 4 * 1, 4 * 0 + 1])
    assert tables.get_tables().nonflush5[tables.multiset_index([0, 1, 2, 3, 5])] == 0
    assert naive.rank5(worst) == 0


def test_high_classes_agree_with_naive():
    hc = tables.high_classes()
    assert len(hc.ranks) == len(hc.category) == len(hc.flush) == 7462
    by_value = dict(naive._table().values())
    assert [int(c) for c in hc.category] == [by_value[v] for v in range(7462)]
    for value in range(7462):
        ranks = hc.ranks[value]
        assert list(ranks) == sorted(ranks, reverse=True)
        if hc.flush[value]:
            hand = [4 * r for r in ranks]  # all clubs
        else:
            used = Counter()
            hand = []
            for r in ranks:
                hand.append(4 * r + used[r])
                used[r] += 1
            if len(set(ranks)) == 5:
                hand[-1] += 1  # break the suit so it is not a flush
        assert naive.rank5(hand) == value, (value, ranks, bool(hc.flush[value]))


def test_flush5_defined_exactly_on_five_rank_masks(t):
    masks = np.arange(1 << 13)
    five = np.bitwise_count(masks) == 5
    assert (t.flush5[five] >= 0).all()
    assert (t.flush5[~five] == -1).all()
    cats = tables.high_classes().category[t.flush5[five]]
    assert set(cats.tolist()) == {5, 8}
    assert (cats == 8).sum() == 10


# ---------------------------------------------------------------------------
# Low table
# ---------------------------------------------------------------------------


def low_mask_of_ranks(ranks):
    """Ace = 1 -> bit 0, ..., eight -> bit 7."""
    return sum(1 << (r - 1) for r in ranks)


def test_low_class_ranks():
    assert tables.low_class_ranks(55) == (5, 4, 3, 2, 1)
    assert tables.low_class_ranks(0) == (8, 7, 6, 5, 4)
    all_ranks = [tables.low_class_ranks(v) for v in range(56)]
    assert len(set(all_ranks)) == 56
    for r in all_ranks:
        assert len(r) == 5 and list(r) == sorted(set(r), reverse=True) and r[-1] >= 1 and r[0] <= 8
    # Higher value = better low = lexicographically smaller descending ranks.
    assert all_ranks == sorted(all_ranks, reverse=True)
    # ... which is the same as the numerically smaller 8-bit mask.
    masks = [low_mask_of_ranks(r) for r in all_ranks]
    assert masks == sorted(masks, reverse=True)
    # RULES.md comparisons.
    value = {r: v for v, r in enumerate(all_ranks)}
    assert value[(6, 4, 3, 2, 1)] > value[(7, 5, 4, 3, 2)]
    assert value[(7, 6, 5, 3, 2)] > value[(7, 6, 5, 4, 1)]


def test_low_table_brute_force(t):
    value_of_mask = {low_mask_of_ranks(tables.low_class_ranks(v)): v for v in range(56)}
    bits = [[b for b in range(8) if m >> b & 1] for m in range(256)]
    two_of = [[(1 << a) | (1 << b) for a, b in combinations(bits[m], 2)] for m in range(256)]
    three_of = [[(1 << a) | (1 << b) | (1 << c) for a, b, c in combinations(bits[m], 3)] for m in range(256)]
    expected = np.full(256 * 256, -1, dtype=np.int64)
    for board in range(256):
        triples = three_of[board]
        if not triples:
            continue
        for hole in range(256):
            best = None
            for h in two_of[hole]:
                for b in triples:
                    if h & b:
                        continue  # a rank used twice: that combination is no low
                    m = h | b
                    if best is None or m < best:
                        best = m
            if best is not None:
                expected[board * 256 + hole] = value_of_mask[best]
    got = t.low.astype(np.int64)
    bad = np.flatnonzero(got != expected)
    assert bad.size == 0, [
        (f"board {i // 256:08b}", f"hole {i % 256:08b}", int(got[i]), int(expected[i])) for i in bad[:5]
    ]
    # Spot checks in words.
    wheel_board = low_mask_of_ranks((3, 4, 5))
    assert t.low[wheel_board * 256 + low_mask_of_ranks((1, 2))] == 55
    assert t.low[low_mask_of_ranks((4, 5, 6)) * 256 + low_mask_of_ranks((7, 8))] == 0
    assert t.low[wheel_board * 256 + low_mask_of_ranks((1,))] == -1  # one low hole rank
    assert t.low[low_mask_of_ranks((1, 2)) * 256 + 0xFF] == -1  # two low board ranks


# ---------------------------------------------------------------------------
# board_pair table
# ---------------------------------------------------------------------------


def nonflush_value(t, ranks):
    return int(t.nonflush5[tables.multiset_index(sorted(ranks))])


def board_pair_brute(t, board_ranks, pair_ranks):
    best = -1
    for triple in combinations(board_ranks, 3):
        five = list(triple) + list(pair_ranks)
        if max(Counter(five).values()) == 5:
            continue
        best = max(best, nonflush_value(t, five))
    return best


def board_pair_lookup(t, board_ranks, pair_ranks):
    row = tables.BOARD_OFFSET[len(board_ranks)] + tables.multiset_index(sorted(board_ranks))
    col = tables.multiset_index(sorted(pair_ranks))
    assert col == tables.PAIR_INDEX[pair_ranks[0], pair_ranks[1]]
    return int(t.board_pair[row, col])


def test_board_pair_random_samples(t):
    rng = np.random.default_rng(2024)
    bad = []
    for size in (3, 4, 5):
        deals = np.argsort(rng.random((6_000, 52)), axis=1)[:, : size + 2] >> 2
        for row in deals.tolist():
            board, pair = row[:size], row[size:]
            got = board_pair_lookup(t, board, pair)
            want = board_pair_brute(t, board, pair)
            if got != want:
                bad.append((board, pair, got, want))
    assert not bad, bad[:5]


def test_board_pair_three_card_boards_exhaustive(t):
    bad = []
    for board in combinations_with_replacement(range(13), 3):
        for pair in combinations_with_replacement(range(13), 2):
            if max(Counter(board + pair).values()) > 4:
                continue  # not dealable from one deck
            got = board_pair_lookup(t, board, pair)
            if got != board_pair_brute(t, board, pair):
                bad.append((board, pair))
    assert not bad, bad[:5]


def test_board_pair_every_cell_is_its_best_triple(t):
    """Every cell of every board size, against a direct five-card lookup per board triple."""
    pairs = np.array(list(combinations_with_replacement(range(13), 2)), dtype=np.int64)
    for size in (3, 4, 5):
        boards = np.array(list(combinations_with_replacement(range(13), size)), dtype=np.int64)
        want = np.full((len(boards), len(pairs)), -1, dtype=np.int64)
        for triple in combinations(range(size), 3):
            five = np.concatenate(
                [np.repeat(boards[:, triple], len(pairs), axis=0), np.tile(pairs, (len(boards), 1))], axis=1
            )
            five.sort(axis=1)
            five_of_a_kind = (five == five[:, :1]).all(axis=1)
            values = np.where(five_of_a_kind, -1, t.nonflush5[multiset_index_rows(five)])
            want = np.maximum(want, values.reshape(want.shape))
        rows = tables.BOARD_OFFSET[size] + multiset_index_rows(boards)
        got = t.board_pair[rows[:, None], tables.PAIR_INDEX[pairs[:, 0], pairs[:, 1]][None, :]]
        assert np.array_equal(got, want), size


def test_board_pair_matches_naive_on_offsuit_cards(t):
    """With suits spread so that no flush is possible, board_pair is the naive best high."""
    rng = np.random.default_rng(7)
    checked = 0
    for _ in range(3_000):
        size = int(rng.integers(3, 6))
        cards = rng.choice(52, size=size + 2, replace=False).tolist()
        board, pair = cards[:size], cards[size:]
        if pair[0] % 4 == pair[1] % 4 and sum(c % 4 == pair[0] % 4 for c in board) >= 3:
            continue  # a 2 + 3 flush is possible: skip
        want = max(naive.rank5(list(b) + pair) for b in combinations(board, 3))
        assert board_pair_lookup(t, [c >> 2 for c in board], [c >> 2 for c in pair]) == want
        checked += 1
    assert checked > 2_500


# ---------------------------------------------------------------------------
# The on-disk cache: keyed by the core's fingerprint, checked on load, written atomically
# ---------------------------------------------------------------------------


@pytest.fixture(scope="module")
def built():
    return tables.build_tables()


def assert_same_tables(got, want):
    for name in tables.TABLE_LAYOUT:
        assert np.array_equal(getattr(got, name), getattr(want, name)), name
        assert getattr(got, name).dtype == getattr(want, name).dtype, name


def test_layout_names_every_table(built):
    assert list(tables.TABLE_LAYOUT) == list(tables.Tables.__dataclass_fields__)
    for name, (shape, dtype) in tables.TABLE_LAYOUT.items():
        assert getattr(built, name).shape == shape and getattr(built, name).dtype == dtype, name


def test_cache_file_is_named_by_the_core_fingerprint(monkeypatch, tmp_path):
    from omaha8eq.core.cache_guard import core_fingerprint

    monkeypatch.setenv("OMAHA8EQ_CACHE_DIR", str(tmp_path))
    path = tables.table_cache_path()
    assert path.parent == tmp_path
    assert path.name == f"tables-v{tables.TABLE_FORMAT_VERSION}-{core_fingerprint()[:16]}.npz"


def test_cache_round_trip(tmp_path, built, capsys):
    path = tmp_path / "tables.npz"
    tables.write_table_cache(path, built)
    assert_same_tables(tables.load_or_build_tables(path), built)
    assert capsys.readouterr().err == ""
    assert [p.name for p in tmp_path.iterdir()] == ["tables.npz"]


def write_npz(path, arrays, digest=None):
    """A well-formed cache file holding ``arrays`` and ``digest`` (by default the right one for them)."""
    np.savez(path, digest=np.array(digest or tables._contents_digest(arrays)), **arrays)


def arrays_of(t):
    return {name: getattr(t, name) for name in tables.TABLE_LAYOUT}


def truncate(path, built):
    path.write_bytes(path.read_bytes()[: path.stat().st_size // 2])


def empty(path, built):
    path.write_bytes(b"")


def flip_one_byte(path, built):
    data = bytearray(path.read_bytes())
    data[len(data) // 2] ^= 0x01
    path.write_bytes(bytes(data))


def change_a_value_keeping_the_file_well_formed(path, built):
    arrays = arrays_of(built)
    digest = tables._contents_digest(arrays)
    arrays["low"] = arrays["low"].copy()
    arrays["low"][1234] ^= 1
    write_npz(path, arrays, digest)  # zip CRCs fine, the stored digest is the old one


def wrong_shape(path, built):
    # The case: a shorter low table is read out of bounds without an error.
    arrays = arrays_of(built)
    arrays["low"] = arrays["low"][: 256 * 128]
    write_npz(path, arrays)


def wrong_dtype(path, built):
    arrays = arrays_of(built)
    arrays["flush5"] = arrays["flush5"].astype(np.int32)
    write_npz(path, arrays)


def missing_table(path, built):
    arrays = arrays_of(built)
    del arrays["suited"]
    np.savez(path, digest=np.array("0" * 64), **arrays)


def not_a_table_file(path, built):
    np.savez(path, something=np.arange(3))


@pytest.mark.parametrize(
    "damage",
    [
        truncate,
        empty,
        flip_one_byte,
        change_a_value_keeping_the_file_well_formed,
        wrong_shape,
        wrong_dtype,
        missing_table,
        not_a_table_file,
    ],
)
def test_damaged_cache_is_rebuilt_with_a_note(damage, tmp_path, built, capsys, monkeypatch):
    path = tmp_path / "tables.npz"
    tables.write_table_cache(path, built)
    damage(path, built)
    monkeypatch.setattr(tables, "build_tables", lambda: built)  # the rebuild, without its second
    assert_same_tables(tables.load_or_build_tables(path), built)
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith(f"omaha8eq: the table cache {path} is damaged ("), err
    assert err.endswith("; rebuilding it\n")
    assert_same_tables(tables.read_table_cache(path), built)  # rewritten, intact
    assert [p.name for p in tmp_path.iterdir()] == ["tables.npz"]


def test_failed_write_leaves_no_partial_file(tmp_path, built, capsys, monkeypatch):
    import errno

    def disk_full(file, **arrays):
        file.write(b"PK\x03\x04 half a zip")
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(tables.np, "savez", disk_full)
    monkeypatch.setattr(tables, "build_tables", lambda: built)
    for _ in range(3):  # one run after another: nothing piles up
        assert_same_tables(tables.load_or_build_tables(tmp_path / "tables.npz"), built)
    assert list(tmp_path.iterdir()) == []
    assert capsys.readouterr().err == ""


def test_unwritable_cache_dir_only_costs_a_rebuild(tmp_path, built, capsys, monkeypatch):
    blocked = tmp_path / "a file"
    blocked.write_text("")
    monkeypatch.setattr(tables, "build_tables", lambda: built)
    assert_same_tables(tables.load_or_build_tables(blocked / "cache" / "tables.npz"), built)
    assert capsys.readouterr().err == ""


BUILD = """
from omaha8eq.core.tables import get_tables, table_cache_path
t = get_tables()
print(table_cache_path(), int(t.board_pair.sum()), int(t.low.sum()))
"""


@pytest.mark.slow
def test_two_processes_building_the_cache_at_once(tmp_path):
    import os
    import subprocess
    import sys
    from pathlib import Path

    env = {**os.environ, "OMAHA8EQ_CACHE_DIR": str(tmp_path), "PYTHONPATH": os.pathsep.join(sys.path)}
    procs = [
        subprocess.Popen(
            [sys.executable, "-c", BUILD], env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
        )
        for _ in range(2)
    ]
    outputs = [p.communicate(timeout=300) for p in procs]
    assert [p.returncode for p in procs] == [0, 0], outputs
    assert all(err == "" for _, err in outputs), outputs
    assert outputs[0][0] == outputs[1][0]
    path = Path(outputs[0][0].split()[0])
    assert [p.name for p in tmp_path.iterdir()] == [path.name]  # one file, no *.tmp.npz
    tables.read_table_cache(path)  # intact
