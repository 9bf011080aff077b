"""The outcome model: the pot rule cell by cell, and one set of figures for one histogram or many.

``summarize_player`` (one histogram, plain Python) and ``histogram_figures`` (many, numpy
columns: ``SpotEquities`` and the preflop tables) must give the same floats bit for bit,
and every tally must add up to the deals.
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest

from omaha8eq.data.table_format import breakdown
from omaha8eq.outcomes import (
    SHARE_FIGURES,
    _sum_rows,
    cell_share,
    histogram_figures,
    outcome_sum_array,
    split_sum_columns,
    tally,
)
from omaha8eq.results import summarize_player


def test_the_pot_rule():
    # Two players: both halves alone; the high alone and the low tied; a tied high, no low of one's own.
    assert cell_share(1, 1, 2) == 1 and cell_share(1, 2, 2) == Fraction(3, 4)
    assert cell_share(2, 3, 2) == Fraction(1, 4) and cell_share(0, 2, 2) == Fraction(1, 4)
    # Nobody has a low (low state P + 2): the high takes the whole pot, split among the tied.
    assert cell_share(1, 4, 2) == 1 and cell_share(2, 4, 2) == Fraction(1, 2) and cell_share(0, 4, 2) == 0
    # RULES.md example 1: three players, B ties the high with C and the low with A: half of the pot.
    assert cell_share(2, 2, 3) == Fraction(1, 2)


def random_histograms(rng: np.random.Generator, n: int, players: int) -> np.ndarray:
    counts = rng.integers(0, 1_000, size=(n, players + 1, players + 3))
    counts[rng.random(counts.shape) < 0.4] = 0  # empty cells, as in real histograms
    counts[:, 1, 1] += 1  # at least one deal each
    return counts.astype(np.int64)


@pytest.mark.parametrize("players", [2, 3, 6])
def test_many_histograms_give_one_histograms_floats_bit_for_bit(players):
    counts = random_histograms(np.random.default_rng(players), 200, players)
    columns, _ = histogram_figures(counts)
    for i in range(len(counts)):
        player = summarize_player("h", counts[i], exhaustive=True)
        assert columns["equity"][i] == player.equity
        assert all(columns[name][i] == getattr(player, name) for name in SHARE_FIGURES)
        assert columns["quarter"][i] == player.quarter
        assert columns["nobody_low"][i] == player.outcome_counts.nobody_low / player.outcome_counts.deals
    assert breakdown(counts)["equity"].tolist() == columns["equity"].tolist()


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_sums_with_a_known_bound_are_the_exact_integer_sums(players):
    # From four players, with the largest total known and at most 2**53, the sums are
    # taken in float64 (BLAS): each must still be the exact integer.
    rng = np.random.default_rng(players)
    shape = (players + 1, players + 3)
    rows = _sum_rows(players).tolist()
    for top in (10**6, 2**53 - 1, 2**53):
        counts = np.zeros((players, *shape), dtype=np.int64)
        for histogram in counts:  # cells adding up to exactly top: odd sums near 2**53 included
            cuts = np.sort(rng.integers(0, top, size=shape[0] * shape[1] - 1, endpoint=True))
            histogram.flat[:] = np.diff(np.concatenate([[0], cuts, [top]]))
        cells = [[int(c) for c in histogram.flat] for histogram in counts]  # Python ints: no rounding
        exact = [[sum(c for c, keep in zip(flat, row, strict=True) if keep) for row in rows] for flat in cells]
        assert outcome_sum_array(counts, top).tolist() == exact
        assert outcome_sum_array(counts).tolist() == exact


def test_every_tally_adds_up_to_the_deals():
    counts = random_histograms(np.random.default_rng(7), 50, 4)
    sums = outcome_sum_array(counts)
    _, hi_split, by_low, counted = split_sum_columns(sums, 4)
    figures = tally(tuple(hi_split.T), tuple(by_low.T), tuple(counted[:, :-1].T))
    deals = counts.sum(axis=(1, 2))
    assert (counted[:, -1] == deals).all() and (hi_split.sum(axis=1) == deals).all()
    assert (figures["hi_win"] == counts[:, 1].sum(axis=1)).all()
    assert (figures["lo_win"] == counts[:, :, 1].sum(axis=1)).all()
    assert (figures["hi_tie"] == counts[:, 2:].sum(axis=(1, 2))).all()
    assert (figures["lo_tie"] == counts[:, :, 2:5].sum(axis=(1, 2))).all()
    assert (figures["hi_win"] + figures["hi_tie"] + figures["hi_lose"] == deals).all()
    assert (figures["lo_win"] + figures["lo_tie"] + figures["lo_lose"] + figures["no_low"] == deals).all()
    assert (figures["scoop"] == counts[:, 1, 1] + counts[:, 1, 6]).all()
    assert (figures["nobody_low"] == counts[:, :, 6].sum(axis=1)).all()
