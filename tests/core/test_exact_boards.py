"""Exact enumeration over every board and random hand (``core/exact_boards.py``)."""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations
from math import comb

import naive
import numpy as np
import pytest

from omaha8eq import equity
from omaha8eq.cards import parse_cards
from omaha8eq.core.exact_boards import board_combinations, deal_count, enumerate_deals
from omaha8eq.core.showdown import histogram_shape
from omaha8eq.engine.deal import lookup_tables, prepare_deal
from omaha8eq.engine.spot import parse_spot

# Dead cards that keep the random hand's enumeration small.
DEAD = "Kh Kd Ks Kc Qh Qd Qs Qc Jh Jd Js Jc Th Td Ts"


def test_deal_count_is_boards_times_each_random_hand():
    assert board_combinations(44, 5) == comb(44, 5)
    assert deal_count(45, 2, 0, 4) == comb(45, 2)
    assert deal_count(40, 1, 2, 4) == 40 * comb(39, 4) * comb(35, 4)


@pytest.mark.parametrize("chunk", [1, 7, 64, 990])
def test_chunks_of_any_size_count_every_deal_once(chunk):
    spot = parse_spot(["As Ah 2c 3d", "random"], "4c 5d 7s", DEAD)
    deal = prepare_deal(spot)
    arrays, tables = deal.arrays(), lookup_tables()
    n_boards = board_combinations(len(deal.deck), deal.n_missing)
    starts = np.arange(0, n_boards, chunk, dtype=np.int64)
    ends = np.minimum(starts + chunk, n_boards)
    counts = np.zeros((len(starts), *histogram_shape(2)), dtype=np.int64)
    enumerate_deals(arrays, tables, starts, ends, counts)
    whole = equity(
        ["As Ah 2c 3d", "random"], "4c 5d 7s", "Kh Kd Ks Kc Qh Qd Qs Qc Jh Jd Js Jc Th Td Ts", exhaustive=True
    )
    assert counts.sum() == 2 * whole.outcomes == 2 * deal_count(len(deal.deck), 2, 1, 4)
    for p, player in enumerate(whole.players):
        assert np.array_equal(counts[:, p].sum(axis=0), player.counts)


def test_random_hand_golden_counts_from_poker_eval():
    # pypoker-eval's regression case (its bug 1823): As3s2s6s against every hand on
    # a complete board, game omaha8: 123,410 = C(43, 4) opponent hands.
    result = equity(["As 3s 2s 6s", "random"], board="Ad Qs 2c 7c 5c", exhaustive=True)
    assert result.outcomes == 123410
    hero, villain = (p.outcome_counts for p in result.players)
    assert (hero.hi_win, hero.hi_lose, hero.hi_tie) == (73190, 48978, 1242)
    assert (hero.lo_win, hero.lo_lose, hero.lo_tie, hero.scoop) == (109375, 8674, 5361, 69661)
    assert (villain.hi_win, villain.hi_lose, villain.hi_tie) == (48978, 73190, 1242)
    assert (villain.lo_win, villain.lo_lose, villain.lo_tie, villain.scoop) == (8674, 68788, 5361, 8674)
    assert int(result.players[0].equity * 1000) == 753 and int(result.players[1].equity * 1000) == 246


def test_random_hand_exhaustive_matches_naive_over_every_opponent_hand():
    hero, board = parse_cards("Ah 2d 5c Ks"), parse_cards("3h 4h 9c Td 8s")
    unseen = [c for c in np.random.default_rng(9).permutation(52).tolist() if c not in hero + board]
    dead, rest = unseen[:25], unseen[25:]  # 18 cards left: C(18, 4) = 3,060 opponent hands
    result = equity([hero, "random"], board=board, dead=dead, exhaustive=True)
    total = Fraction(0)
    opponents = list(combinations(rest, 4))
    for villain in opponents:
        total += naive.equity([hero, villain], board)["players"][0]["equity"]
    assert result.outcomes == len(opponents) == 3060
    assert result.players[0].exact_equity() == total / len(opponents)
