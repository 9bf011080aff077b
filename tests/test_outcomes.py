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


# The figure maker against the plain-Python reference, and the readers that go through it.

# Low cards (ace to eight) drawn more often, so that lows, quarters and no-low boards all come up.
_LOW_HEAVY = np.array([3.0 if c // 4 <= 6 or c // 4 == 12 else 1.0 for c in range(52)])


def _random_spot(rng: np.random.Generator, players: int, hole: int, board: int) -> tuple[list[list[int]], list[int]]:
    order = rng.choice(52, size=players * hole + board, replace=False, p=_LOW_HEAVY / _LOW_HEAVY.sum()).tolist()
    return [order[i * hole : (i + 1) * hole] for i in range(players)], order[players * hole :]


@pytest.mark.parametrize("seed", range(8))
def test_the_figure_maker_agrees_with_the_plain_python_reference(seed):
    import naive

    from omaha8eq import equity, format_cards
    from omaha8eq.outcomes import FIGURES, exact_equity

    rng = np.random.default_rng(1000 + seed)
    players, hole, hilo = 2 + seed % 3, 4 + (seed % 4 == 3), seed % 5 != 4
    hands, board = _random_spot(rng, players, hole, 4 if seed % 2 else 3)
    game = ("omaha8" if hilo else "omahahi") + ("" if hole == 4 else str(hole))
    counts = equity([format_cards(h) for h in hands], format_cards(board), exhaustive=True, game=game).players
    histograms = np.array([p.counts for p in counts])
    reference = naive.equity(hands, board, hilo=hilo)
    deals = reference["outcomes"]
    columns, _ = histogram_figures(histograms)
    assert set(columns) == set(FIGURES)
    for p, expected in enumerate(reference["players"]):
        # Each tally is an exact count over the deals: its float is the correctly rounded quotient.
        for name in SHARE_FIGURES:
            assert columns[name][p] == expected[name] / deals, (seed, p, name)
        assert columns["quarter"][p] == expected["shares"].get(Fraction(1, 4), 0) / deals
        assert columns["nobody_low"][p] == reference["no_low"] / deals
        assert exact_equity(histograms[p]) == expected["equity"]
        assert columns["equity"][p] == pytest.approx(float(expected["equity"]), abs=1e-15)
        # One histogram's plain-Python path gives the same floats.
        one = summarize_player("h", histograms[p], exhaustive=True)
        assert [one.equity, *(getattr(one, name) for name in SHARE_FIGURES)] == [
            columns[name][p] for name in ("equity", *SHARE_FIGURES)
        ]


def test_the_explorers_class_figures_are_the_figure_makers_of_the_summed_histogram():
    from omaha8eq.cards import cards_to_mask
    from omaha8eq.explorer import GROUPS, explore
    from omaha8eq.outcomes import exact_equity
    from omaha8eq.ranges.range import parse_range

    text, board = "A2**:$ds@50, 2345@35", "Kc8c5h7d"
    found = explore(text, board, against="KK**:$ds, QQJT")
    live = parse_range(text).without(cards_to_mask(board))
    assert np.array_equal(live.hands, found.hands)
    weights = [int(w) for w in live.exact_weights()[0]]
    assert len(set(weights)) > 1  # weighted: the classes' histograms are not plain sums
    checked = 0
    for row in [*found.view("classes"), found.total]:
        if row.group == "range":
            mask = np.ones(len(found.hands), dtype=bool)
        else:
            mask = found.classes[:, list(GROUPS).index(row.group)] == GROUPS[row.group].index(row.name)
        # The class's histogram summed here in Python ints, cell by cell, weight by weight.
        chosen = np.flatnonzero(mask).tolist()
        cells = found.hand_counts[chosen].reshape(len(chosen), 15).T.tolist()
        summed = np.array(
            [sum(weights[i] * c for i, c in zip(chosen, cell, strict=True)) for cell in cells], dtype=object
        )
        summed = summed.reshape(3, 5)
        assert (summed == row.counts).all()
        figures, _ = histogram_figures(summed)
        assert row.equity == float(exact_equity(summed)) and row.exact_equity() == exact_equity(summed)
        for name in ("scoop", "quarter", "hi_win", "lo_win"):
            assert getattr(row, name) == figures[name][0], (row.name, name)
        # and those are the histogram's cells over its deals, read cell by cell
        seen = int(summed.sum())
        assert row.scoop == float(Fraction(int(summed[1, 1] + summed[1, 4]), seen))
        assert row.quarter == float(Fraction(int(summed[2, 3] + summed[0, 2]), seen))
        checked += 1
    assert checked > 10
