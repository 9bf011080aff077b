"""Counterfactual regret minimisation over a flattened tree, vectorised over hands.

One compiled entry point, :func:`walk`: one pass over the tree for one player (the
traverser ``p``), in one of three modes:

- ``UPDATE``: a CFR iteration's half for ``p``: the opponent plays its current strategy
  (regret matching), ``p``'s counterfactual values are computed bottom-up, its regrets
  and strategy sums updated (Discounted CFR or CFR+, by the weights passed);
- ``BEST``: ``p``'s best response against the opponent's average strategy (the max of
  the actions' values at ``p``'s nodes); no state changes;
- ``AVERAGE``: both play their average strategies; also fills, at every node, the
  opponent's reach over the hands sharing no card with each of ``p``'s hands (to turn
  counterfactual values into EVs).

A walk: a forward pass (node order: parents first) computing both players' reach at
every node from the strategies; the terminal nodes' values (:mod:`.showdown` for
showdowns, the opponent's disjoint reach for folds); a backward pass for the decision
nodes. The tree, the showdown evaluator and the regret update are separate pieces: the
tree is data (:mod:`.tree`), the showdown is called per terminal node, the update is
:func:`_update`.

Values are counterfactual: for hand x of ``p`` at node n, the sum over the opponent's
hands y (sharing no card with x) of the opponent's reach at n times x's payoff against y
under the strategies below n; a payoff is what the player wins from the pot less what he
put in this street (both players' payoffs add up to the starting pot). Deterministic:
the same arithmetic in the same order on any thread count.

Regrets, strategy sums and the current strategies are flat float64 arrays per player:
node n's action a's row starts at ``(action_offset[n] + a) * n_hands[player]``.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from .showdown import disjoint_reach, showdown_values
from .tree import FOLD, SHOWDOWN

__all__ = ["AVERAGE", "BEST", "UPDATE", "walk"]

UPDATE, BEST, AVERAGE = 0, 1, 2


@njit(cache=True, inline="always")
def _regret_matching(regret, row0, n_actions, n, out):
    """The current strategy: positive regrets normalised (uniform where none is positive)."""
    for h in range(n):
        total = 0.0
        for a in range(n_actions):
            v = regret[(row0 + a) * n + h]
            if v > 0.0:
                total += v
        for a in range(n_actions):
            v = regret[(row0 + a) * n + h]
            out[(row0 + a) * n + h] = (v if v > 0.0 else 0.0) / total if total > 0.0 else 1.0 / n_actions


@njit(cache=True, inline="always")
def _average(ssum, row0, n_actions, n, out):
    """The average strategy: strategy sums normalised (uniform where all are zero)."""
    for h in range(n):
        total = 0.0
        for a in range(n_actions):
            total += ssum[(row0 + a) * n + h]
        for a in range(n_actions):
            out[(row0 + a) * n + h] = ssum[(row0 + a) * n + h] / total if total > 0.0 else 1.0 / n_actions


@njit(cache=True, inline="always")
def _update(regret, ssum, strategy, row0, n_actions, n, values, first, node_values, reach_p, weights, plus):
    """The regret update at one of the traverser's nodes: instantaneous regrets
    ``v(child) - v(node)`` added to the discounted cumulative regrets (CFR+: floored at
    zero), the reach-weighted current strategy to the discounted strategy sums.
    ``weights``: (positive-regret, negative-regret, strategy-sum discounts, strategy weight)."""
    pos, neg, keep, gain = weights[0], weights[1], weights[2], weights[3]
    for a in range(n_actions):
        row = (row0 + a) * n
        child = first + a
        for h in range(n):
            r = regret[row + h]
            r = r * (pos if r > 0.0 else neg) + values[child, h] - node_values[h]
            regret[row + h] = max(r, 0.0) if plus else r
            ssum[row + h] = ssum[row + h] * keep + gain * reach_p[h] * strategy[row + h]


@njit(cache=True)
def walk(
    mode, p, kind, first_child, n_children, folder, contributed, action_offset, pot, regret0, regret1, ssum0, ssum1,
    strategy0, strategy1, weights0, weights1, base, ids, counts, twin, high, low, by_high, by_low, low_start, no_low,
    no_low_start, split, full_sign, n_ids, discounts, plus, values, reach_o, reach_p, norm,
):  # fmt: skip
    """One walk of the tree for player ``p`` (module docstring). ``values[n, x]``
    receives hand x's counterfactual value at node n; ``reach_o``, ``reach_p`` the
    players' reaches; ``norm`` (``AVERAGE`` only) the opponent's disjoint reach."""
    o = 1 - p
    n_p = base[p + 1] - base[p]
    n_o = base[o + 1] - base[o]
    n_nodes = kind.shape[0]
    rows = np.zeros(max(n_ids, 1), dtype=np.float64)
    a = np.empty(n_p, dtype=np.float64)
    b = np.empty(n_p, dtype=np.float64)
    c = np.empty(n_p, dtype=np.float64)
    d = np.empty(n_p, dtype=np.float64)
    reach_o[0, :n_o] = weights1 if p == 0 else weights0
    reach_p[0, :n_p] = weights0 if p == 0 else weights1
    # Forward: the strategies at every decision node and the reaches below it.
    for node in range(n_nodes):
        q = kind[node]
        if q > 1:
            continue
        m = n_children[node]
        n_q = base[q + 1] - base[q]
        row0 = action_offset[node]
        strategy = strategy0 if q == 0 else strategy1
        if mode == UPDATE:
            _regret_matching(regret0 if q == 0 else regret1, row0, m, n_q, strategy)
        elif q == o or mode == AVERAGE:
            _average(ssum0 if q == 0 else ssum1, row0, m, n_q, strategy)
        for k in range(m):
            child = first_child[node] + k
            row = (row0 + k) * n_q
            if q == o:
                for h in range(n_o):
                    reach_o[child, h] = reach_o[node, h] * strategy[row + h]
                reach_p[child, :n_p] = reach_p[node, :n_p]
            else:
                reach_o[child, :n_o] = reach_o[node, :n_o]
                if mode == BEST:
                    reach_p[child, :n_p] = reach_p[node, :n_p]
                else:
                    for h in range(n_p):
                        reach_p[child, h] = reach_p[node, h] * strategy[row + h]
    # Terminal nodes.
    for node in range(n_nodes):
        q = kind[node]
        if q < FOLD:
            continue
        paid = contributed[node, p]
        final_pot = pot + contributed[node, 0] + contributed[node, 1]
        out = values[node]
        if q == SHOWDOWN:
            showdown_values(
                p, reach_o[node], final_pot, paid, base, ids, counts, twin, high, low, by_high, by_low, low_start,
                no_low, no_low_start, split, full_sign, rows, a, b, c, d, out,
            )  # fmt: skip
        else:
            disjoint_reach(p, reach_o[node], base, ids, counts, twin, full_sign, rows, d)
            won = -paid if folder[node] == p else final_pot - paid
            for h in range(n_p):
                out[h] = won * d[h]
    # Backward: the decision nodes, children first.
    for node in range(n_nodes - 1, -1, -1):
        q = kind[node]
        if q > 1:
            continue
        m = n_children[node]
        first = first_child[node]
        row0 = action_offset[node]
        if mode == AVERAGE:
            disjoint_reach(p, reach_o[node], base, ids, counts, twin, full_sign, rows, d)
            norm[node, :n_p] = d
        if q == o:
            for h in range(n_p):
                total = 0.0
                for k in range(m):
                    total += values[first + k, h]
                values[node, h] = total
            continue
        if mode == BEST:
            for h in range(n_p):
                best = values[first, h]
                for k in range(1, m):
                    best = max(best, values[first + k, h])
                values[node, h] = best
            continue
        strategy = strategy0 if p == 0 else strategy1
        for h in range(n_p):
            total = 0.0
            for k in range(m):
                total += strategy[(row0 + k) * n_p + h] * values[first + k, h]
            values[node, h] = total
        if mode == UPDATE:
            _update(
                regret0 if p == 0 else regret1, ssum0 if p == 0 else ssum1, strategy, row0, m, n_p, values, first,
                values[node], reach_p[node], discounts, plus,
            )  # fmt: skip
