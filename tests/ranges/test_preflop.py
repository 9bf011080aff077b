"""The preflop rankings: the classes of 4, 5 and 6 cards, the shipped data files, preflop_rank()."""

from __future__ import annotations

import json
from math import comb

import numpy as np
import pytest
from build_preflop_ranking import main

import omaha8eq
from omaha8eq.core.hand_isomorphism import all_hands, class_keys, class_representatives
from omaha8eq.data.table_format import read_table
from omaha8eq.distributed.preflop_table import starting_classes
from omaha8eq.errors import HandSizeError
from omaha8eq.ranges.preflop import (
    DATA_FILES,
    EQUITY_SCALE,
    _read_exact_table,
    _read_npz,
    class_index,
    hands_above,
    preflop_rank,
    preflop_ranking,
)

DATA_FILE = DATA_FILES[4]

ALL4 = comb(52, 4)


def test_data_file_is_consistent():
    assert DATA_FILE.exists()
    ranking = preflop_ranking()
    keys, _, sizes = starting_classes(4)
    assert len(ranking.keys) == 16_432
    order = np.argsort(ranking.keys)
    assert (ranking.keys[order] == keys).all() and (ranking.sizes[order] == sizes).all()
    # ranks ordered by equity, best first; equal equities by class key
    assert (np.diff(ranking.equity) <= 0).all()
    tied = np.flatnonzero(np.diff(ranking.equity) == 0)
    assert (ranking.keys[tied] < ranking.keys[tied + 1]).all()
    assert 0.05 < ranking.equity[-1] < ranking.equity[0] < 0.8  # quad deuces .. A-A-2-3 double-suited
    assert (ranking.stderr == 0).all()  # exact
    # every hand maps to a class; the classes' hands add up
    index = class_index(all_hands(4))
    assert (np.bincount(index, minlength=16_432) == ranking.sizes).all()
    assert "exact: True" in ranking.header and "players: 2" in ranking.header


def test_the_exact_file_holds_every_deal_and_its_equity_is_the_pot_share():
    header, arrays = read_table(DATA_FILE)
    assert header["exact"] and header["hilo"] and header["players"] == 2 and header["hole_size"] == 4
    counts = arrays["counts"]
    # each class: its hands x C(48, 5) boards x C(43, 4) opponent hands
    assert (counts.sum(axis=(1, 2)) == arrays["sizes"] * comb(48, 5) * comb(43, 4)).all()
    row = int(np.flatnonzero(arrays["keys"] == class_keys(np.array([[51, 50, 3, 6]], dtype=np.int8))[0])[0])
    quarters = sum(n * _quarter_pots(h, lo) for (h, lo), n in np.ndenumerate(counts[row]))
    keys, equity, _, _ = _read_exact_table(DATA_FILE)
    assert equity[np.flatnonzero(keys == arrays["keys"][row])[0]] == quarters / (4 * counts[row].sum())


def _quarter_pots(high: int, low: int) -> int:
    """A heads-up player's share in quarter pots; states as in core.showdown."""
    half = (0, 2, 1)[high]  # lose, win alone, tie with the other
    if low == 4:  # nobody has a low: the high takes the whole pot
        return 2 * half
    return half + (0, 2, 1, 0)[low]  # lose, win alone, tie, no low of one's own


def test_a_damaged_exact_file_is_refused(tmp_path):
    header, arrays = read_table(DATA_FILE)
    arrays["counts"] = arrays["counts"].copy()
    arrays["counts"][7, 1, 1] -= 1  # one deal lost
    damaged = tmp_path / "damaged.npz"
    np.savez_compressed(damaged, header=np.array(json.dumps(header)), **arrays)
    with pytest.raises(ValueError, match="do not cover every board"):
        _read_exact_table(damaged)


def test_hands_near_the_top_and_bottom():
    # A-A-2-3 double-suited is the best class; double-suited aces with small cards lead
    top = preflop_rank("As Ah 2s 3h")
    assert top.rank == 1 and top.percentile < 0.0001 and top.equity > 0.7
    assert preflop_rank("As Ah 4s 5h").percentile < 0.001
    # A-A-K-K double-suited scoops less often in hi-lo: still about the top 5%
    assert preflop_rank("As Ah Ks Kh").percentile < 0.06
    # A-2 with a suited ace: top 5%
    assert preflop_rank("As 2s 4h Kd").percentile < 0.05
    # K-Q-7-2 rainbow (no low draw, no straight, no flush) is in the bottom quarter
    assert preflop_rank("Kc Qd 7h 2s").percentile > 0.75
    # trips and quads are the very worst: their cards block each other
    assert preflop_rank("9c 9d 9h 2s").percentile > 0.99
    assert preflop_rank("2c 2d 2h 2s").rank == 16_432
    assert preflop_rank("As Ah Ks Kh").rank < preflop_rank("Kc Qd 7h 2s").rank


@pytest.mark.parametrize(
    "k, rank", [(4, 1), (4, 2000), (4, 8000), (4, 16_432), (5, 1), (5, 60_000), (6, 1), (6, 500_000)]
)
def test_equities_agree_with_a_fresh_run(k, rank):
    ranking = preflop_ranking(k)
    hand = ranking.hands[rank - 1]
    result = omaha8eq.equity([hand, "random"], samples=300_000 if k == 4 else 100_000, seed=987_654_321)
    fresh = result.players[0]
    stored, stored_se = ranking.equity[rank - 1], ranking.stderr[rank - 1]
    assert abs(fresh.equity - stored) < 4 * np.hypot(fresh.equity_stderr, stored_se), hand


@pytest.mark.parametrize("k, classes_count, largest_stderr", [(5, 134_459, 0.003), (6, 962_988, 0.005)])
def test_five_and_six_card_files_are_consistent(k, classes_count, largest_stderr):
    ranking = preflop_ranking(k)
    assert len(ranking.keys) == classes_count and int(ranking.sizes.sum()) == comb(52, k)
    assert len(np.unique(ranking.keys)) == classes_count
    assert (np.diff(ranking.equity) <= 0).all()
    assert ranking.stderr.min() > 0.0 and ranking.stderr.max() < largest_stderr
    assert any(
        line.startswith(f"built by: python -m omaha8eq.data.build_preflop_ranking --hole-size {k}")
        for line in ranking.header
    )
    # the classes are exactly those of the k-card hands
    rng = np.random.default_rng(k)
    hands = np.array([rng.choice(52, k, replace=False) for _ in range(5000)], dtype=np.int8)
    index = class_index(hands)
    assert (ranking.keys[index] == class_keys(hands)).all()
    above = hands_above(hands)
    assert (above == ranking.at_or_above[index] - ranking.sizes[index]).all()


def test_preflop_rank():
    best = preflop_ranking()
    r = preflop_rank(best.hands[0])
    assert r == (1, best.sizes[0] / ALL4, best.equity[0])
    rank, percentile, equity = preflop_rank("Kc Qd 7h 2s")  # a plain tuple
    assert isinstance(rank, int) and 1 <= rank <= 16_432 and 0 < percentile <= 1 and 0 < equity < 1
    # hands of one class share their place, whatever the suits are called
    assert preflop_rank("As Ah 2s 3h") == preflop_rank("Ad Ac 2d 3c") == preflop_rank([51, 50, 3, 6])
    last = preflop_rank(best.hands[-1])
    assert last.rank == 16_432 and last.percentile == 1.0
    with pytest.raises(HandSizeError, match="3 cards given"):
        preflop_rank("As Ah 2s")


def test_preflop_rank_of_five_and_six_card_hands():
    for k in (5, 6):
        ranking = preflop_ranking(k)
        best = preflop_rank(ranking.hands[0])
        assert best.rank == 1 and best.equity == ranking.equity[0]
        last = preflop_rank(ranking.hands[-1])
        assert last.rank == len(ranking.keys) and last.percentile == 1.0
    # aces with low cards, double-suited, lead; unconnected high-low rainbow trash trails
    assert preflop_rank("As Ah 2s 3h 4d").percentile < 0.01
    assert preflop_rank("As Ah 2s 3h 4d 5c").percentile < 0.01
    assert preflop_rank("Kc Qd 9h 9s 7c").percentile > 0.6
    assert preflop_rank("Kc Qd 9h 9s 7c 7d").percentile > 0.6
    assert preflop_rank("As Ah 2s 3h 4d") == preflop_rank("Ad Ac 2d 3c 4h")


def test_the_build_script_writes_five_card_files(tmp_path):
    out = tmp_path / "ranking5.npz"
    assert main(["--hole-size", "5", "--limit", "4", "--samples", "2000", "--seed", "1", "--out", str(out)]) == 0
    keys, equity, stderr, header = _read_npz(out)
    assert len(keys) == 4 and (np.diff(equity) <= 0).all() and (stderr > 0).all()
    assert header[1].startswith("built by: python tools/build_preflop_ranking.py --hole-size 5")
    # the stored values are the equities of the classes' representatives, to the unit stored
    fresh = omaha8eq.equity([class_representatives(keys[:1], 5)[0].tolist(), "random"], samples=2000, seed=1)
    assert abs(fresh.players[0].equity - equity[0]) <= 0.5 / EQUITY_SCALE


def test_the_build_script_refuses_four_cards(capsys):
    with pytest.raises(SystemExit):
        main(["--hole-size", "4", "--limit", "5"])
    assert "omaha8eq table preflop --hole-size 4" in capsys.readouterr().err
