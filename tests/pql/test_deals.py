"""Where deals come from: blocks of any size give the same deals; inRange reads the range."""

from __future__ import annotations

from fractions import Fraction

import numpy as np

from omaha8eq import query
from omaha8eq.pql.check import check_query
from omaha8eq.pql.deals import CHUNK_DEALS, exact_blocks, exact_cost, prepare, sampled_blocks
from omaha8eq.pql.syntax import parse_query


def deal_of(text):
    return prepare(check_query(parse_query(text)))


def test_sampled_deals_do_not_depend_on_the_block_size():
    deal = deal_of("select count(scoops(hero)) from hero='A2**', villain='KK**', other='*'")
    limit = 3 * CHUNK_DEALS - 100
    small = list(sampled_blocks(deal, 9, limit, chunks=1))
    large = list(sampled_blocks(deal, 9, limit, chunks=16))
    assert len(small) == 3 and len(large) == 1
    assert np.array_equal(np.concatenate([b.holes for b in small]), large[0].holes)
    assert np.array_equal(np.concatenate([b.boards for b in small]), large[0].boards)
    holes, boards = large[0].holes, large[0].boards
    cards = np.concatenate([holes.reshape(len(holes), -1), boards], axis=1)
    assert all(len(set(row)) == len(row) for row in cards[:500].tolist())  # no card twice in a deal


def deal_rows(blocks):
    """Every deal of ``blocks`` as one int8 row (hole cards, then the board), sorted."""
    rows = np.concatenate([np.concatenate([b.holes.reshape(len(b), -1), b.boards], axis=1) for b in blocks])
    return rows[np.lexsort(rows.T[::-1])]


def test_exact_blocks_of_any_size_give_every_deal_once():
    deal = deal_of("select count(scoops(hero)) from hero='AsAh2c3d', villain='KK**', board='Ac8c5h9d'")
    whole = list(exact_blocks(deal, (5,)))
    pieces = list(exact_blocks(deal, (5,), block_rows=1000))
    assert len(pieces) > len(whole)
    rows, rows_small = deal_rows(whole), deal_rows(pieces)
    assert np.array_equal(rows, rows_small)
    assert len(np.unique(rows, axis=0)) == len(rows) <= exact_cost(deal, (5,))


def test_in_range_and_weights():
    result = query(
        "select count(inRange(villain, 'KsKh**')) as kk from hero='AsAh2c3d', villain='KK**', board='Ac8c5h9d'"
    )
    # KK** holds KsKh in 1 of the C(4, 2) = 6 pairs of kings ... counted by the combinations themselves:
    deal = deal_of("select count(scoops(hero)) from hero='AsAh2c3d', villain='KK**', board='Ac8c5h9d'")
    hands = deal.seats[1].range_hands()
    with_both = sum(1 for h in hands.tolist() if 47 in h and 46 in h)
    assert result["kk"].fraction == Fraction(with_both, len(hands))
