"""Plain-Python references for the solver: the showdown pair by pair, and an exact best
response by recursion over the tree, hand by hand and pair by pair, each hand evaluated
with the public ``omaha8eq.evaluate``. Slow and obvious on purpose."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

import omaha8eq
from omaha8eq.solver.tree import CHANCE, FOLD, SHOWDOWN, FlatTree


def game_name(hole_size: int, hilo: bool) -> str:
    return ("omaha8" if hilo else "omahahi") + ("" if hole_size == 4 else str(hole_size))


def hand_values(hands: np.ndarray, board: Sequence[int], hilo: bool) -> list[tuple[int, int]]:
    """(high value, low value or -1) of each hand, from ``omaha8eq.evaluate``."""
    out = []
    for row in hands:
        high, low = omaha8eq.evaluate([int(c) for c in row], list(board), game=game_name(len(row), hilo))
        out.append((high.value, -1 if low is None else low.value))
    return out


def share(mine: tuple[int, int], theirs: tuple[int, int]) -> float:
    """A hand's part of the pot against one opponent (the rules: split halves, no low: all to the high)."""
    (h1, l1), (h2, l2) = mine, theirs
    high = 1.0 if h1 > h2 else 0.5 if h1 == h2 else 0.0
    if l1 < 0 and l2 < 0:
        return high
    low = 1.0 if l1 > l2 else 0.5 if l1 == l2 else 0.0
    return 0.5 * high + 0.5 * low


def disjoint(x: np.ndarray, y: np.ndarray) -> bool:
    return not set(x.tolist()) & set(y.tolist())


def showdown_sums(
    hands: tuple[np.ndarray, np.ndarray], reach: np.ndarray, values, p: int
) -> tuple[np.ndarray, np.ndarray]:
    """Per hand x of player p: sum over disjoint opponents y of reach[y] * share(x, y), and of reach[y]."""
    o = 1 - p
    shares = np.zeros(len(hands[p]))
    totals = np.zeros(len(hands[p]))
    for i, x in enumerate(hands[p]):
        for j, y in enumerate(hands[o]):
            if disjoint(x, y):
                shares[i] += reach[j] * share(values[p][i], values[o][j])
                totals[i] += reach[j]
    return shares, totals


def payoff(tree: FlatTree, node: int, p: int, mine: tuple[int, int], theirs: tuple[int, int]) -> float:
    """Player p's payoff at a terminal node: won from the pot less put in on the street."""
    paid = float(tree.contributed[node, p])
    pot = tree.pot + float(tree.contributed[node].sum())
    if tree.kind[node] == FOLD:
        return -paid if tree.folder[node] == p else pot - paid
    assert tree.kind[node] == SHOWDOWN
    return pot * share(mine, theirs) - paid


def best_response(solution, p: int, board: Sequence[int]) -> float:
    """Player p's exact best-response payoff (chips) against the other's average strategy
    in ``solution``: recursion over the tree for each of p's hands, pair by pair."""
    tree = solution.tree
    o = 1 - p
    hands, weights = solution.hands, solution.weights
    values = [hand_values(hands[q], board, solution.hilo) for q in (0, 1)]
    strategy = {}
    for history in solution.histories:
        node = solution.node(history)
        index = next(i for i in tree.decision_nodes() if tree.nodes[i].history == history)
        strategy[index] = node.frequencies  # (n_player, actions)

    def value(node: int, x: int, reach: np.ndarray) -> float:
        kind = int(tree.kind[node])
        if kind >= FOLD:
            return sum(
                reach[j] * payoff(tree, node, p, values[p][x], values[o][j])
                for j in range(len(reach))
                if reach[j] > 0 and disjoint(hands[p][x], hands[o][j])
            )
        first, m = int(tree.first_child[node]), int(tree.n_children[node])
        if kind == p:
            return max(value(first + a, x, reach) for a in range(m))
        return sum(value(first + a, x, reach * strategy[node][:, a]) for a in range(m))

    total = 0.0
    pairs = 0.0
    for x in range(len(hands[p])):
        total += weights[p][x] * value(0, x, weights[o].copy())
        pairs += weights[p][x] * sum(weights[o][j] for j in range(len(hands[o])) if disjoint(hands[p][x], hands[o][j]))
    return total / pairs


def deal_count(hole_size: int) -> int:
    """The river cards left once the turn's four board cards and two hands are dealt."""
    return 52 - 4 - 2 * hole_size


def turn_best_response(solution, p: int, board: Sequence[int]) -> float:
    """Player p's exact best-response payoff (chips) in a turn spot against the other's
    average strategy on both streets: recursion over the turn's tree for each of p's
    hands, pair by pair; at a chance node, the mean over the river cards that neither hand
    holds (each equally likely for a pair of hands) of the river tree's best response,
    the best responder choosing on each river after seeing it. The river trees' average
    strategies are read through ``solution.river``."""
    tree = solution.tree
    o = 1 - p
    hands, weights = solution.hands, solution.weights
    turn_strategy = {}
    for history in solution.histories:
        index = next(i for i in tree.decision_nodes() if tree.nodes[i].history == history)
        turn_strategy[index] = solution.node(history).frequencies
    rows = [{tuple(h.tolist()): i for i, h in enumerate(hands[q])} for q in (0, 1)]
    cards = [c for c in range(52) if c not in set(board)]
    rivers = {}  # (chance node, card) -> (tree, values per player per turn row, strategies per player per turn row)
    for node, river_node in enumerate(tree.nodes):
        if river_node.kind != CHANCE:
            continue
        for card in cards:
            sub = solution.river(river_node.history, card)
            full = [*board, card]
            values = []
            for q in (0, 1):
                found = hand_values(sub.hands[q], full, solution.hilo)
                values.append({rows[q][tuple(h.tolist())]: v for h, v in zip(sub.hands[q], found, strict=True)})
            strategies = {}
            for history in sub.histories:
                at = next(i for i in sub.tree.decision_nodes() if sub.tree.nodes[i].history == history)
                solved = sub.node(history)
                strategies[at] = {rows[solved.player][tuple(h.tolist())]: f
                                  for h, f in zip(solved.hands, solved.frequencies, strict=True)}  # fmt: skip
            rivers[node, card] = (sub.tree, values, strategies)

    def river_value(sub_tree, values, strategies, node: int, x: int, reach: np.ndarray) -> float:
        kind = int(sub_tree.kind[node])
        if kind >= FOLD:
            return sum(
                reach[j] * payoff(sub_tree, node, p, values[p][x], values[o][j])
                for j in range(len(reach))
                if reach[j] > 0 and disjoint(hands[p][x], hands[o][j])
            )
        first, m = int(sub_tree.first_child[node]), int(sub_tree.n_children[node])
        if kind == p:
            return max(river_value(sub_tree, values, strategies, first + a, x, reach) for a in range(m))
        table = strategies[node]
        return sum(
            river_value(sub_tree, values, strategies, first + a, x,
                        np.array([reach[j] * table[j][a] if j in table else 0.0 for j in range(len(reach))]))
            for a in range(m)
        )  # fmt: skip

    def value(node: int, x: int, reach: np.ndarray) -> float:
        kind = int(tree.kind[node])
        if kind == CHANCE:
            total = 0.0
            for card in cards:
                if card in hands[p][x].tolist():
                    continue
                sub_tree, values, strategies = rivers[node, card]
                live = np.array([0.0 if card in hands[o][j].tolist() else reach[j] for j in range(len(reach))])
                total += river_value(sub_tree, values, strategies, 0, x, live)
            return total / deal_count(hands[p].shape[1])
        if kind == FOLD:
            return sum(
                reach[j] * payoff(tree, node, p, (0, -1), (0, -1))
                for j in range(len(reach))
                if reach[j] > 0 and disjoint(hands[p][x], hands[o][j])
            )
        first, m = int(tree.first_child[node]), int(tree.n_children[node])
        if kind == p:
            return max(value(first + a, x, reach) for a in range(m))
        return sum(value(first + a, x, reach * turn_strategy[node][:, a]) for a in range(m))

    total = 0.0
    pairs = 0.0
    for x in range(len(hands[p])):
        total += weights[p][x] * value(0, x, weights[o].copy())
        pairs += weights[p][x] * sum(weights[o][j] for j in range(len(hands[o])) if disjoint(hands[p][x], hands[o][j]))
    return total / pairs
