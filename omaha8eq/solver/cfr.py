"""Counterfactual regret minimisation over a flattened tree, vectorised over hands.

Two compiled entry points: :func:`walk`, one pass over a one-street tree (a river spot)
for one player (the traverser ``p``), and :func:`walk_turn`, the same over a turn spot
(the turn's tree, then at each chance node one river tree per river card, in parallel,
each through :func:`walk`); both in one of three modes:

- ``UPDATE``: a CFR iteration's half for ``p``: the opponent plays its current strategy
  (regret matching), ``p``'s counterfactual values are computed bottom-up, its regrets
  and strategy sums updated (Discounted CFR or CFR+, by the weights passed);
- ``BEST``: ``p``'s best response against the opponent's average strategy (the max of
  the actions' values at ``p``'s nodes); no state changes;
- ``AVERAGE``: both play their average strategies; also fills, at every node, the
  opponent's reach over the hands sharing no card with each of ``p``'s hands (to turn
  counterfactual values into EVs).

A walk: a forward pass (node order: parents first) computing both players' reach at
every node from the strategies (:func:`_forward`); the terminal nodes' values
(:mod:`.showdown` for showdowns, the opponent's disjoint reach for folds, the river
trees' mean for a chance node); a backward pass for the decision nodes (:func:`_backward`).
The tree, the showdown evaluator and the regret update are separate pieces: the tree is
data (:mod:`.tree`), the showdown is called per terminal node, the update is
:func:`_update`.

Values are counterfactual: for hand x of ``p`` at node n, the sum over the opponent's
hands y (sharing no card with x) of the opponent's reach at n times x's payoff against y
under the strategies below n; a payoff is what the player wins from the pot less what he
put in from the spot's street on (both players' payoffs add up to the starting pot). Deterministic:
the same arithmetic in the same order on any thread count.

Regrets, strategy sums and the current strategies are flat arrays per player: node n's
action a's row starts at ``(action_offset[n] + a) * n_hands[player]``. Regrets and strategy
sums are float32 (:data:`STORE`): they are most of a turn spot's memory and of the bytes an
update moves, and each is only ever read, discounted and added to one value in float64
before being stored again, so their rounding (a relative 6e-8 per iteration) never
accumulates over sums of many terms. Everything that sums many terms (values, reaches, the
showdown's running sums, the normalising totals) is float64.
"""

from __future__ import annotations

import numpy as np
from numba import njit, prange

from .showdown import disjoint_reach, showdown_values
from .tree import FOLD, SHOWDOWN

__all__ = ["AVERAGE", "BEST", "STORE", "UPDATE", "walk", "walk_turn"]

UPDATE, BEST, AVERAGE = 0, 1, 2
#: The dtype of the regrets and strategy sums (module docstring).
STORE = np.float32


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
    ``weights``: (positive-regret, negative-regret, strategy-sum discounts, strategy weight).
    Each stored value is read into float64, updated and rounded once on the way back."""
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
def _forward(mode, p, kind, first_child, n_children, action_offset, regret0, regret1, ssum0, ssum1, strategy0,
             strategy1, weights0, weights1, base, reach_o, reach_p):  # fmt: skip
    """The forward pass: the strategies at every decision node (current, or average for
    the opponent in ``BEST`` and both in ``AVERAGE``) and both reaches below it."""
    o = 1 - p
    n_p = base[p + 1] - base[p]
    n_o = base[o + 1] - base[o]
    reach_o[0, :n_o] = weights1 if p == 0 else weights0
    reach_p[0, :n_p] = weights0 if p == 0 else weights1
    for node in range(kind.shape[0]):
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


@njit(cache=True)
def _terminals(
    p, kind, first_child, n_children, folder, contributed, pot, reach_o, base, ids, counts, twin, high, low, by_high,
    by_low, low_start, no_low, no_low_start, split, full_sign, n_ids, values,
):  # fmt: skip
    """The terminal nodes' values for ``p``: a fold's payoff times the opponent's disjoint
    reach, a showdown's :func:`~.showdown.showdown_values`.

    The disjoint reach (a full pass over both ranges' subset sums) is computed once per
    distinct opponent reach: below one of ``p``'s own decisions the opponent's reach is
    the parent's, copied, so ``p``'s fold and ``p``'s call (a showdown) facing a bet read
    the same one. Reusing it gives the same bits as computing it again."""
    n_p = base[p + 1] - base[p]
    rows = np.zeros(max(n_ids, 1), dtype=np.float64)
    a = np.empty(n_p, dtype=np.float64)
    b = np.empty(n_p, dtype=np.float64)
    c = np.empty(n_p, dtype=np.float64)
    d = np.empty(n_p, dtype=np.float64)
    # source[n]: the node where the opponent's reach at n was last changed (parents come first).
    source = np.arange(kind.shape[0])
    for node in range(kind.shape[0]):
        if kind[node] == p:
            for k in range(n_children[node]):
                source[first_child[node] + k] = source[node]
    held = -1
    for node in range(kind.shape[0]):
        if kind[node] != FOLD and kind[node] != SHOWDOWN:
            continue
        if source[node] != held:
            disjoint_reach(p, reach_o[node], base, ids, counts, twin, full_sign, rows, d)
            held = source[node]
        paid = contributed[node, p]
        final_pot = pot + contributed[node, 0] + contributed[node, 1]
        if kind[node] == SHOWDOWN:
            showdown_values(
                p, reach_o[node], final_pot, paid, base, ids, counts, twin, high, low, by_high, by_low, low_start,
                no_low, no_low_start, split, full_sign, rows, a, b, c, d, values[node],
            )  # fmt: skip
        else:
            won = -paid if folder[node] == p else final_pot - paid
            for h in range(n_p):
                values[node, h] = won * d[h]


@njit(cache=True)
def _backward(mode, p, kind, first_child, n_children, action_offset, regret0, regret1, ssum0, ssum1, strategy0,
              strategy1, base, ids, counts, twin, full_sign, n_ids, discounts, plus, values, reach_o, reach_p,
              norm):  # fmt: skip
    """The backward pass over the decision nodes, children first: the opponent's nodes
    sum their children's values, the traverser's take the strategy's (or, ``BEST``, the
    best action's) and, ``UPDATE``, update its regrets; ``AVERAGE`` also fills ``norm``."""
    o = 1 - p
    n_p = base[p + 1] - base[p]
    rows = np.zeros(max(n_ids, 1), dtype=np.float64)
    d = np.empty(n_p, dtype=np.float64)
    for node in range(kind.shape[0] - 1, -1, -1):
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


@njit(cache=True)
def walk(
    mode, p, kind, first_child, n_children, folder, contributed, action_offset, pot, regret0, regret1, ssum0, ssum1,
    strategy0, strategy1, weights0, weights1, base, ids, counts, twin, high, low, by_high, by_low, low_start, no_low,
    no_low_start, split, full_sign, n_ids, discounts, plus, values, reach_o, reach_p, norm,
):  # fmt: skip
    """One walk of a one-street tree (a river spot, or one river card's tree of a turn
    spot) for player ``p`` (module docstring). ``weights0``, ``weights1``: the players'
    reaches at the root; ``values[n, x]`` receives hand x's counterfactual value at node
    n; ``reach_o``, ``reach_p`` the players' reaches; ``norm`` (``AVERAGE`` only) the
    opponent's disjoint reach."""
    _forward(
        mode, p, kind, first_child, n_children, action_offset, regret0, regret1, ssum0, ssum1, strategy0, strategy1,
        weights0, weights1, base, reach_o, reach_p,
    )  # fmt: skip
    _terminals(
        p, kind, first_child, n_children, folder, contributed, pot, reach_o, base, ids, counts, twin, high, low,
        by_high, by_low, low_start, no_low, no_low_start, split, full_sign, n_ids, values,
    )  # fmt: skip
    _backward(
        mode, p, kind, first_child, n_children, action_offset, regret0, regret1, ssum0, ssum1, strategy0, strategy1,
        base, ids, counts, twin, full_sign, n_ids, discounts, plus, values, reach_o, reach_p, norm,
    )  # fmt: skip


@njit(cache=True, parallel=True)
def walk_turn(
    mode, p, kind, first_child, n_children, folder, contributed, action_offset, pot, regret0, regret1, ssum0, ssum1,
    strategy0, strategy1, weights0, weights1, base, ids, counts, twin, full_sign, n_ids, chance, r_start, r_kind,
    r_first_child, r_n_children, r_folder, r_contributed, r_action_offset, r_rows, row_offset, rv_base, rv_start,
    rv_global, rv_ids, rv_counts, rv_twin, rv_high, rv_low, rv_by_high, rv_by_low, rv_low_start, rv_no_low,
    rv_no_low_at, rv_no_low_start, rv_split, rv_n_ids, deal, discounts, plus, values, reach_o, reach_p, norm,
):  # fmt: skip
    """One walk of a turn spot for player ``p``: the turn's tree (its arrays as
    :func:`walk`'s; ``base`` ... ``n_ids`` the turn's hands' subset tables, for the
    folds and ``norm``), and at each chance node ``chance[c]`` the river tree ``c`` once
    per river card ``r`` (:func:`walk`, on river ``r``'s own live hands).

    River tree ``c``'s arrays are rows ``r_start[c]:r_start[c+1]`` of the ``r_*``
    arrays; it has ``r_rows[c, q]`` action rows of player q. River card ``r``'s tables
    (:class:`~.showdown.Showdown`'s fields, stacked): its live hands are the rows
    ``rv_start[r]:rv_start[r+1]`` of the ``rv_*`` per-hand arrays (local rows, player 0's
    then 1's at ``rv_base[r]``), ``rv_global`` maps a local row to the hand's row in its
    player's turn range; its ``no_low`` rows at ``rv_no_low_at[r]:rv_no_low_at[r+1]``.
    The regrets and strategy sums of tree ``c`` on river ``r`` start at
    ``row_offset[c, r, q]`` in player q's flat arrays (after the turn's).

    A chance node's value is the mean over the river cards of the river trees' root
    values: ``deal`` = 1 / the cards a river can be once both hands are dealt (each pair
    of disjoint hands meets every one of those equally often). The river trees are
    independent: run in parallel (``prange``), each into its own row, summed in river
    order after, so the result is the same on any thread count."""
    n_p = base[p + 1] - base[p]
    _forward(
        mode, p, kind, first_child, n_children, action_offset, regret0, regret1, ssum0, ssum1, strategy0, strategy1,
        weights0, weights1, base, reach_o, reach_p,
    )  # fmt: skip
    # The turn's tree has folds but no showdown (its closing actions are chance nodes):
    # empty showdown tables, of the river's types so that one compiled _terminals serves both.
    none = np.zeros(0, dtype=np.int64)
    _terminals(
        p, kind, first_child, n_children, folder, contributed, pot, reach_o, base, ids, counts, twin, none, none,
        none, none, none, none, none, n_ids < 0, full_sign, n_ids, values,
    )  # fmt: skip
    n_chance = chance.shape[0]
    n_rivers = rv_base.shape[0]
    tasks = n_chance * n_rivers
    found = np.zeros((tasks, n_p), dtype=np.float64)
    for task in prange(tasks):
        # Task order: every tree of a river card together, rivers in turn, so that
        # numba's equal chunks of tasks are equal work.
        c = task % n_chance
        r = task // n_chance
        node = chance[c]
        h0, h1 = rv_start[r], rv_start[r + 1]
        local = rv_base[r]
        n0, n1 = local[1], local[2] - local[1]
        w0 = np.empty(n0, dtype=np.float64)
        w1 = np.empty(n1, dtype=np.float64)
        mine = reach_p[node]
        theirs = reach_o[node]
        for i in range(n0):
            w0[i] = (mine if p == 0 else theirs)[rv_global[h0 + i]]
        for i in range(n1):
            w1[i] = (theirs if p == 0 else mine)[rv_global[h0 + n0 + i]]
        t0, t1 = r_start[c], r_start[c + 1]
        rows0, rows1 = r_rows[c, 0] * n0, r_rows[c, 1] * n1
        at0, at1 = row_offset[c, r, 0], row_offset[c, r, 1]
        size = t1 - t0
        width = max(n0, n1)
        sub_values = np.empty((size, width), dtype=np.float64)
        sub_reach_o = np.empty((size, width), dtype=np.float64)
        sub_reach_p = np.empty((size, width), dtype=np.float64)
        sub_norm = np.empty((size if mode == AVERAGE else 0, width), dtype=np.float64)
        nl0, nl1 = rv_no_low_at[r], rv_no_low_at[r + 1]
        if n0 == 0 or n1 == 0:  # a player holds the river card in every hand: no deal
            continue
        walk(
            mode, p, r_kind[t0:t1], r_first_child[t0:t1], r_n_children[t0:t1], r_folder[t0:t1],
            r_contributed[t0:t1], r_action_offset[t0:t1], pot, regret0[at0 : at0 + rows0],
            regret1[at1 : at1 + rows1], ssum0[at0 : at0 + rows0], ssum1[at1 : at1 + rows1],
            np.empty(rows0, dtype=np.float64), np.empty(rows1, dtype=np.float64), w0, w1, local, rv_ids[h0:h1],
            rv_counts[h0:h1], rv_twin[h0:h1], rv_high[h0:h1], rv_low[h0:h1], rv_by_high[h0:h1], rv_by_low[h0:h1],
            rv_low_start[r], rv_no_low[nl0:nl1], rv_no_low_start[r], rv_split[r], full_sign, rv_n_ids[r], discounts,
            plus, sub_values, sub_reach_o, sub_reach_p, sub_norm,
        )  # fmt: skip
        first_p = h0 + (0 if p == 0 else n0)
        for i in range(n1 if p else n0):
            found[task, rv_global[first_p + i]] = sub_values[0, i]
    for c in range(n_chance):
        out = values[chance[c]]
        out[:n_p] = 0.0
        for r in range(n_rivers):
            out[:n_p] += found[r * n_chance + c]
        out[:n_p] *= deal
    _backward(
        mode, p, kind, first_child, n_children, action_offset, regret0, regret1, ssum0, ssum1, strategy0, strategy1,
        base, ids, counts, twin, full_sign, n_ids, discounts, plus, values, reach_o, reach_p, norm,
    )  # fmt: skip
