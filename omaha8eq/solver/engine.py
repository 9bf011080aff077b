"""The solver's driver: the state of a run, its iterations, best responses and exploitability.

Trusted inputs (the friendly API, :mod:`omaha8eq.solver.api`, validated them): a flattened
tree (:class:`~omaha8eq.solver.tree.FlatTree`), the two players' live hands and weights,
and the board's showdown tables (:class:`~omaha8eq.solver.showdown.Showdown`). Each
iteration is two compiled walks (:func:`~omaha8eq.solver.cfr.walk`), one per player
(alternating updates: player 0, then player 1 against player 0's new strategy).

Discounted CFR (Brown and Sandholm 2019) with alpha = 1.5, beta = 0, gamma = 2: before
iteration t adds its regrets, the cumulative positive regrets are multiplied by
``(t-1)**1.5 / ((t-1)**1.5 + 1)``, the negative ones by 1/2, the strategy sums by
``((t-1)/t)**2``. CFR+ (``algorithm="cfr+"``): regrets floored at zero, iteration t's
strategy weighted t (linear averaging).

Exploitability (``docs/solver.md``): with ``BR_p`` the expected payoff of player p's best
response to the other's average strategy, and payoffs that add up to the starting pot
``P`` (what a player wins from the pot less what he put in on this street),
``(BR_0 + BR_1 - P) / 2``, reported as a percentage of ``P``: the average of the two
best responses' gains over the game value (the values ``v_0 + v_1 = P`` cancel).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from .cfr import AVERAGE, BEST, STORE, UPDATE, walk, walk_turn
from .rivers import Rivers, deal_count
from .showdown import Showdown
from .tree import FlatTree, TurnTree

__all__ = ["ALGORITHMS", "Averages", "SolverState", "TurnState", "discounts"]

#: The algorithms :class:`SolverState` runs.
ALGORITHMS = ("dcfr", "cfr+")
_ALPHA, _BETA, _GAMMA = 1.5, 0.0, 2.0


def discounts(algorithm: str, t: int) -> np.ndarray:
    """The weights of iteration ``t`` (1-based): (positive-regret discount, negative-regret
    discount, strategy-sum discount, the current strategy's weight)."""
    if algorithm == "cfr+":
        return np.array([1.0, 1.0, 1.0, float(t)])
    s = float(t - 1)
    pos = s**_ALPHA / (s**_ALPHA + 1.0)
    neg = s**_BETA / (s**_BETA + 1.0) if s > 0 else 0.5
    keep = (s / t) ** _GAMMA
    return np.array([pos, neg, keep, 1.0])


@dataclass(frozen=True)
class Averages:
    """Both players playing their average strategies, per player p: ``values[p]`` (nodes,
    n_p) counterfactual values, ``reach[p]`` (nodes, n_p) p's own reach (range weight
    times its strategy's probabilities), ``norm[p]`` (nodes, n_p) the opponent's reach over
    the hands sharing no card with each hand; ``strategy[p]``: p's average strategy (flat
    rows, see :mod:`.cfr`); ``ev``: each player's expected payoff in chips."""

    values: tuple[np.ndarray, np.ndarray]
    reach: tuple[np.ndarray, np.ndarray]
    norm: tuple[np.ndarray, np.ndarray]
    strategy: tuple[np.ndarray, np.ndarray]
    ev: tuple[float, float]


class SolverState:
    """Regrets and strategy sums of a run, and the walks over them."""

    def __init__(
        self, tree: FlatTree, weights: tuple[np.ndarray, np.ndarray], showdown: Showdown, algorithm: str = "dcfr"
    ) -> None:
        self.tree = tree
        self.weights = (np.ascontiguousarray(weights[0], np.float64), np.ascontiguousarray(weights[1], np.float64))
        self.showdown = showdown
        self.algorithm = algorithm
        self.n = (len(self.weights[0]), len(self.weights[1]))
        self._allocate()
        width = max(self.n)
        self._values = np.zeros((tree.size, width))
        self._reach_o = np.zeros((tree.size, width))
        self._reach_p = np.zeros((tree.size, width))
        self._norm = np.zeros((tree.size, width))
        self.iterations = 0
        self.pairs = self._pair_weight()

    def _allocate(self) -> None:
        """The regrets and strategy sums (:data:`~.cfr.STORE`) and the current strategies
        (float64), flat rows per player (see :mod:`.cfr`)."""
        rows = self.tree.action_rows
        self.regret = tuple(np.zeros(rows[q] * self.n[q], dtype=STORE) for q in (0, 1))
        self.ssum = tuple(np.zeros(rows[q] * self.n[q], dtype=STORE) for q in (0, 1))
        self.strategy = tuple(np.zeros(rows[q] * self.n[q]) for q in (0, 1))

    def _walk(self, mode: int, p: int, weights: np.ndarray) -> np.ndarray:
        """One compiled walk for player ``p``; its root values (``p``'s hands)."""
        t, s = self.tree, self.showdown
        walk(
            mode, p, t.kind, t.first_child, t.n_children, t.folder, t.contributed, t.action_offset, t.pot,
            self.regret[0], self.regret[1], self.ssum[0], self.ssum[1], self.strategy[0], self.strategy[1],
            self.weights[0], self.weights[1], s.base, s.ids, s.counts, s.twin, s.high, s.low, s.by_high, s.by_low,
            s.low_start, s.no_low, s.no_low_start, s.split, s.full_sign, s.n_ids, weights, self.algorithm == "cfr+",
            self._values, self._reach_o, self._reach_p, self._norm,
        )  # fmt: skip
        return self._values[0, : self.n[p]]

    def _pair_weight(self) -> float:
        """The total weight of the deals: the pairs of hands sharing no card, weighted."""
        self._walk(AVERAGE, 0, discounts(self.algorithm, 1))
        return float(self.weights[0] @ self._norm[0, : self.n[0]])

    def iterate(self, count: int = 1) -> None:
        """Run ``count`` iterations (each: an update for player 0, then for player 1)."""
        for _ in range(count):
            self.iterations += 1
            weights = discounts(self.algorithm, self.iterations)
            for p in (0, 1):
                self._walk(UPDATE, p, weights)

    def best_response(self, p: int) -> float:
        """Player ``p``'s best-response payoff (chips) against the other's average strategy."""
        values = self._walk(BEST, p, discounts(self.algorithm, 1))
        return float(self.weights[p] @ values) / self.pairs

    def exploitability(self) -> float:
        """``(BR_0 + BR_1 - pot) / 2`` in chips (module docstring)."""
        return (self.best_response(0) + self.best_response(1) - self.tree.pot) / 2

    def averages(self) -> Averages:
        """Both players' average strategies, with values, reaches and EVs (one walk each)."""
        values, reach, norm, evs = [], [], [], []
        for p in (0, 1):
            root = self._walk(AVERAGE, p, discounts(self.algorithm, 1))
            evs.append(float(self.weights[p] @ root) / self.pairs if self.pairs > 0 else math.nan)
            values.append(self._values[:, : self.n[p]].copy())
            reach.append(self._reach_p[:, : self.n[p]].copy())
            norm.append(self._norm[:, : self.n[p]].copy())
        return Averages(
            (values[0], values[1]), (reach[0], reach[1]), (norm[0], norm[1]),
            (self.strategy[0].copy(), self.strategy[1].copy()), (evs[0], evs[1]),
        )  # fmt: skip


class TurnState(SolverState):
    """A turn spot's regrets and strategy sums (the turn tree's rows, then each river
    tree's on each river card, on that card's live hands), walked by
    :func:`~.cfr.walk_turn`. ``showdown``: the turn's hands' tables (only their subset
    ids are read: the folds and the disjoint reaches); ``rivers``: every river card's."""

    def __init__(
        self,
        game: TurnTree,
        weights: tuple[np.ndarray, np.ndarray],
        showdown: Showdown,
        rivers: Rivers,
        hole_size: int,
        algorithm: str = "dcfr",
    ) -> None:
        self.game = game
        self.rivers = rivers
        self.deal = 1.0 / deal_count(hole_size)
        trees = game.rivers
        starts = np.cumsum([0] + [t.size for t in trees])
        self._r_start = starts.astype(np.int64)
        self._r_kind = np.concatenate([t.kind for t in trees])
        self._r_first_child = np.concatenate([t.first_child for t in trees])
        self._r_n_children = np.concatenate([t.n_children for t in trees])
        self._r_folder = np.concatenate([t.folder for t in trees])
        self._r_contributed = np.concatenate([t.contributed for t in trees])
        self._r_action_offset = np.concatenate([t.action_offset for t in trees])
        self._r_rows = np.array([t.action_rows for t in trees], dtype=np.int64).reshape(len(trees), 2)
        self._chance = np.array(game.chance, dtype=np.int64)
        local = np.diff(rivers.tables.base, axis=1)  # (R, 2): each river's live hands per player
        n = (len(weights[0]), len(weights[1]))
        offsets = np.zeros((len(trees), len(rivers.cards), 2), dtype=np.int64)
        self.row_count = [game.turn.action_rows[q] * n[q] for q in (0, 1)]
        for r in range(len(rivers.cards)):
            for c in range(len(trees)):
                for q in (0, 1):
                    offsets[c, r, q] = self.row_count[q]
                    self.row_count[q] += int(self._r_rows[c, q] * local[r, q])
        self.row_offset = offsets
        super().__init__(game.turn, weights, showdown, algorithm)

    def _allocate(self) -> None:
        turn_rows = self.tree.action_rows
        self.regret = tuple(np.zeros(self.row_count[q], dtype=STORE) for q in (0, 1))
        self.ssum = tuple(np.zeros(self.row_count[q], dtype=STORE) for q in (0, 1))
        self.strategy = tuple(np.zeros(turn_rows[q] * self.n[q]) for q in (0, 1))

    def _walk(self, mode: int, p: int, weights: np.ndarray) -> np.ndarray:
        t, s, v, w = self.tree, self.showdown, self.rivers, self.rivers.tables
        walk_turn(
            mode, p, t.kind, t.first_child, t.n_children, t.folder, t.contributed, t.action_offset, t.pot,
            self.regret[0], self.regret[1], self.ssum[0], self.ssum[1], self.strategy[0], self.strategy[1],
            self.weights[0], self.weights[1], s.base, s.ids, s.counts, s.twin, s.full_sign, s.n_ids, self._chance,
            self._r_start, self._r_kind, self._r_first_child, self._r_n_children, self._r_folder,
            self._r_contributed, self._r_action_offset, self._r_rows, self.row_offset, w.base, v.start, v.rows,
            w.ids, w.counts, w.twin, w.high, w.low, w.by_high, w.by_low, w.low_start, w.no_low, v.no_low_at,
            w.no_low_start, w.split, w.n_ids, self.deal, weights, self.algorithm == "cfr+", self._values,
            self._reach_o, self._reach_p, self._norm,
        )  # fmt: skip
        return self._values[0, : self.n[p]]


def run(
    state: SolverState,
    *,
    target: float,
    max_iterations: int,
    check_every: int,
    progress: Callable[[int, float], None] | None = None,
) -> list[tuple[int, float]]:
    """Iterate until the exploitability (percent of the pot) is at most ``target`` or
    ``max_iterations`` are done, measuring it every ``check_every`` iterations and at the
    end; returns the history ``(iterations, exploitability %)``. ``progress(iterations,
    exploitability %)`` once after each iteration (with the last measure, NaN before the
    first; an iteration followed by a measure reports after it)."""
    history: list[tuple[int, float]] = []
    percent = math.nan
    while True:
        for step in range(min(check_every, max_iterations - state.iterations), 0, -1):
            state.iterate(1)
            if progress is not None and step > 1:  # the last one's is after the measure
                progress(state.iterations, percent)
        percent = 100.0 * state.exploitability() / state.tree.pot
        history.append((state.iterations, percent))
        if progress is not None:
            progress(state.iterations, percent)
        if percent <= target or state.iterations >= max_iterations:
            return history
