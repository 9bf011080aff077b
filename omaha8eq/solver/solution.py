"""The result of :func:`omaha8eq.solve`: a solved river or turn spot.

:class:`Solution` holds the tree, both players' average strategies, values and reaches
(one row per node, one column per hand), the exploitability history and each hand's made
high and low class on the board (the range explorer's classes,
:mod:`omaha8eq.core.holdings`). :meth:`Solution.node` gives one decision node
(:class:`SolvedNode`): each hand's action frequencies and EV; :meth:`Solution.by_class`
the same by class. ``str(solution)`` is the root's strategy by class.

EVs are in chips: what a player wins from the pot less what he puts in from the spot's
street on (the two players' EVs add up to the starting pot). A hand's EV at a node is its
expected payoff given that it reached the node, against the opponent's hands that reached
it. A turn spot's :class:`Solution` describes the turn's decisions; :meth:`Solution.river`
gives the river's after any chance node and river card, as a :class:`Solution` of its own.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

import numpy as np

from ..cards import format_cards, format_hand, parse_cards
from ..checks import check_flag, excerpt
from ..core.holdings import HIGH, HIGH_CLASSES, LOW, LOW_CLASSES
from ..core.holdings_kernel import classify
from ..core.tables import get_tables
from ..errors import OmahaInputError, OmahaTypeError
from ..games import Game, as_game
from ..present.protocol import Column, Presented, View
from .engine import Averages, SolverState
from .rivers import river_tables
from .tree import CHANCE, FlatTree, TurnTree

__all__ = ["ClassStrategy", "RiverStrategies", "Solution", "SolvedNode", "hand_classes"]

_PLAYERS = ("OOP", "IP")
#: Weights below this fraction of a node's largest are rounding noise (zero).
_NOISE = 1e-9


def _percent(value: float) -> str:
    return f"{100 * value:.1f}"


def _chips(value: float) -> str:
    return "" if value != value else f"{value:.2f}"  # NaN: no hand of the class gets here


def hand_classes(hands: np.ndarray, board: np.ndarray, game: Game) -> np.ndarray:
    """(n, 2) int8: each hand's made high class and made low class (ids of
    ``core.holdings.HIGH_CLASSES`` and ``LOW_CLASSES``) on ``board`` (4 or 5 cards) in ``game``."""
    found = classify(hands, board, game.hilo, get_tables())
    return np.ascontiguousarray(found[:, [HIGH, LOW]])


@dataclass(frozen=True, eq=False)
class RiverStrategies:
    """What a turn spot's :class:`Solution` keeps of the river: the turn ``board`` (card
    ints), the ``game`` (:class:`~.tree.TurnTree`), the river ``cards``; per river card r,
    its live rows of each player's turn range (``rows[start[r]:start[r+1]]``, player 0's
    then player 1's, split at ``base[r, 1]``); and each player's strategy sums ``ssum[q]``,
    river tree c on card r's rows from ``row_offset[c, r, q]`` (:func:`~.cfr.walk_turn`)."""

    board: tuple[int, ...]
    game: TurnTree
    cards: np.ndarray
    base: np.ndarray
    start: np.ndarray
    rows: np.ndarray
    row_offset: np.ndarray
    ssum: tuple[np.ndarray, np.ndarray]


@dataclass(frozen=True)
class ClassStrategy:
    """One class's play at a node: ``group`` ("high" or "low"), ``name`` ("nut low"),
    ``share`` of the acting player's weight at the node, the ``frequencies`` of the
    actions (weighted by the hands' probabilities there) and the class's ``ev`` (chips)."""

    group: str
    name: str
    share: float
    frequencies: tuple[float, ...]
    ev: float


@dataclass(frozen=True, eq=False)
class SolvedNode:
    """A decision node: ``history`` (the actions from the root), the acting ``player``
    (0 OOP, 1 IP), its ``actions``; per hand of that player (the rows of ``hands``):
    ``frequencies`` (n, actions) of its average strategy, ``ev`` (n,) its EV in chips
    (NaN for a hand that never gets here or meets no opponent here) and ``weight`` (n,)
    the hand's probability weight here (its reach times the opponent's reach over the hands
    sharing no card with it). ``overall``: the frequencies weighted over the range."""

    history: tuple[str, ...]
    player: int
    actions: tuple[str, ...]
    hands: np.ndarray = field(repr=False)
    frequencies: np.ndarray = field(repr=False)
    ev: np.ndarray = field(repr=False)
    weight: np.ndarray = field(repr=False)

    @property
    def overall(self) -> tuple[float, ...]:
        total = float(self.weight.sum())
        if total <= 0:
            return tuple(float("nan") for _ in self.actions)
        return tuple(float(v) for v in self.weight @ self.frequencies / total)


@dataclass(frozen=True, eq=False)
class Solution(Presented):
    """A solved heads-up river or turn spot (see the module docstring and ``docs/solver.md``).

    Attributes:
        board, game: the board's cards (5: a river spot; 4: a turn spot) and the game's
            name; ``hilo``: it has a low half.
        pot, stack, bets, raises, raise_cap, limit: the tree's parameters.
        algorithm: ``"dcfr"`` or ``"cfr+"``; ``target``: the exploitability aimed at (%).
        ranges: the two ranges' texts (OOP, IP); ``hands``, ``weights``: their live hands
            (int8 rows) and weights; ``classes``: per player (n, 2) the made high and low
            class ids of each hand.
        tree: the flattened tree; ``averages``: strategies, values and reaches.
        history: ``(iterations, exploitability % of the pot)`` at each measure.
        rivers: a turn spot's river strategies (:class:`RiverStrategies`; None on the river).
    """

    board: str
    game: str
    hilo: bool
    pot: float
    stack: float
    bets: tuple[float, ...]
    raises: tuple[float, ...]
    raise_cap: int
    limit: str
    algorithm: str
    ranges: tuple[str, str]
    hands: tuple[np.ndarray, np.ndarray] = field(repr=False)
    weights: tuple[np.ndarray, np.ndarray] = field(repr=False)
    classes: tuple[np.ndarray, np.ndarray] = field(repr=False)
    tree: FlatTree = field(repr=False)
    averages: Averages = field(repr=False)
    history: tuple[tuple[int, float], ...]
    target: float
    rivers: RiverStrategies | None = field(default=None, repr=False)

    @property
    def street(self) -> str:
        """``"turn"`` or ``"river"``."""
        return "river" if self.rivers is None else "turn"

    @property
    def chance_histories(self) -> tuple[tuple[str, ...], ...]:
        """A turn spot's action histories that end the turn's betting (the river is dealt)."""
        return tuple(n.history for n in self.tree.nodes if n.kind == CHANCE)

    def river(self, history: str | Sequence[str], card: str | int) -> Solution:
        """A turn spot's river: the river tree after the turn's actions ``history`` (one of
        :attr:`chance_histories`, such as ``"check, bet 50, call"``) and the river
        ``card``, as a :class:`Solution` of its own: the five-card board, each player's
        hands live on it weighted by their reach at that point, the river's average
        strategies from this run and their EVs. Its payoffs, EVs and ``pot`` are the
        turn's (won less put in on both streets, of the turn's pot); ``history`` and
        ``exploitability`` are the turn run's.

        Raises:
            OmahaInputError: ``history`` is not a chance node's, ``card`` is on the board or
                not a card, or every hand of one range holds ``card`` (that river is never
                dealt: it has no strategy).
        """
        if self.rivers is None:
            raise OmahaInputError("history: a river spot has no river card to deal; use node()")
        kept = self.rivers
        wanted = _actions(history)
        chances = self.chance_histories
        if wanted not in chances:
            known = "; ".join(", ".join(h) for h in chances)
            raise OmahaInputError(f"history: the turn's action does not close after {excerpt(', '.join(wanted))}; "
                                  f"the river is dealt after: {known}")  # fmt: skip
        c = chances.index(wanted)
        parsed = parse_cards(card, what="card") if isinstance(card, str) else (card,)
        if len(parsed) != 1 or not isinstance(parsed[0], int) or parsed[0] not in kept.cards.tolist():
            raise OmahaInputError(f"card: expected one card not on the board, got {excerpt(card)}")
        r = kept.cards.tolist().index(parsed[0])
        node = self.tree.nodes.index(next(n for n in self.tree.nodes if n.history == wanted))
        rows = kept.rows[kept.start[r] : kept.start[r + 1]]
        split = int(kept.base[r, 1])
        live = (rows[:split], rows[split:])
        for q, name in ((0, "oop"), (1, "ip")):
            if not len(live[q]):  # the walk skips such a river: no deal, no strategy to show
                held = format_cards([parsed[0]])
                raise OmahaInputError(
                    f"card: every hand of {name}'s range ({excerpt(self.ranges[q])}) holds {held}: "
                    "that river is never dealt to this pair of ranges"
                )
        weights = (self.averages.reach[0][node][live[0]], self.averages.reach[1][node][live[1]])
        hands = (self.hands[0][live[0]], self.hands[1][live[1]])
        tree = kept.game.rivers[c]
        played = as_game(self.game)
        _, tables = river_tables(hands, kept.board, parsed[0], played)
        state = SolverState(tree, weights, tables, self.algorithm)
        for q in (0, 1):
            at = int(kept.row_offset[c, r, q])
            state.ssum[q][:] = kept.ssum[q][at : at + len(state.ssum[q])]
        board = np.array([*kept.board, parsed[0]], dtype=np.int8)
        return replace(
            self, board=format_cards(board.tolist()), hands=hands, weights=weights,
            classes=(hand_classes(hands[0], board, played), hand_classes(hands[1], board, played)), tree=tree,
            averages=state.averages(), rivers=None,
        )  # fmt: skip

    @property
    def iterations(self) -> int:
        return self.history[-1][0]

    @property
    def exploitability(self) -> float:
        """The last measured exploitability, percent of the pot (``docs/solver.md``)."""
        return self.history[-1][1]

    @property
    def ev(self) -> tuple[float, float]:
        """Each player's EV (OOP, IP) in chips; they add up to the pot."""
        return self.averages.ev

    @property
    def histories(self) -> tuple[tuple[str, ...], ...]:
        """The action histories of the decision nodes, root first."""
        return tuple(self.tree.nodes[i].history for i in self.tree.decision_nodes())

    def _index(self, history: str | Sequence[str]) -> int:
        wanted = _actions(history)
        for i in self.tree.decision_nodes():
            if self.tree.nodes[i].history == wanted:
                return i
        known = "; ".join(", ".join(h) or "(root)" for h in self.histories[:12])
        raise OmahaInputError(f"history: no decision node after {excerpt(', '.join(wanted))}; the nodes: {known}")

    def node(self, history: str | Sequence[str] = "") -> SolvedNode:
        """The decision node after ``history`` (``"check, bet 50"``; ``""``: the root)."""
        i = self._index(history)
        q = int(self.tree.kind[i])
        tree_node = self.tree.nodes[i]
        m = len(tree_node.actions)
        n = len(self.weights[q])
        row0 = int(self.tree.action_offset[i])
        frequencies = self.averages.strategy[q][row0 * n : (row0 + m) * n].reshape(m, n).T.copy()
        norm = self.averages.norm[q][i]
        with np.errstate(invalid="ignore", divide="ignore"):
            ev = np.where(norm > 0, self.averages.values[q][i] / np.where(norm > 0, norm, 1.0), np.nan)
        weight = self.averages.reach[q][i] * norm
        # The subset sums leave rounding noise (1e-13 of the range's weight) where a hand meets nobody.
        weight = np.where(weight > _NOISE * max(float(weight.max(initial=0.0)), 1e-300), weight, 0.0)
        ev = np.where(weight > 0, ev, np.nan)
        return SolvedNode(tree_node.history, q, tuple(tree_node.actions), self.hands[q], frequencies, ev, weight)

    def by_class(self, history: str | Sequence[str] = "") -> tuple[ClassStrategy, ...]:
        """The acting player's strategy at the node after ``history`` by made high class,
        then (hi-lo games) by made low class; classes with no weight there are left out."""
        node = self.node(history)
        total = float(node.weight.sum())
        groups = [("high", HIGH_CLASSES, 0)] + ([("low", LOW_CLASSES, 1)] if self.hilo else [])
        rows = []
        for group, names, column in groups:
            ids = self.classes[node.player][:, column]
            for c, name in enumerate(names):
                w = np.where(ids == c, node.weight, 0.0)
                mass = float(w.sum())
                if mass <= 0:
                    continue
                freqs = tuple(float(v) for v in w @ node.frequencies / mass)
                ev = float(np.nansum(w * node.ev) / mass)
                rows.append(ClassStrategy(group, name, mass / total, freqs, ev))
        return tuple(rows)

    def by_hand(self, history: str | Sequence[str] = "") -> list[dict[str, Any]]:
        """The acting player's strategy at the node after ``history``, hand by hand: its
        cards, weight there, EV and each action's frequency."""
        node = self.node(history)
        out = []
        for x in np.flatnonzero(node.weight > 0).tolist():
            freqs = {a: float(f) for a, f in zip(node.actions, node.frequencies[x], strict=True)}
            out.append(
                {"hand": format_hand(node.hands[x]), "weight": float(node.weight[x]), "ev": float(node.ev[x]), **freqs}
            )
        return out

    def view(self) -> View:
        """The root's strategy (OOP's first decision) by class, with the EVs and the
        exploitability under the table."""
        node = self.node()
        rows = self.by_class()
        columns = (
            Column("group", "Group"),
            Column("class", "Class"),
            Column("share", "Share %", _percent),
            *(Column(a, f"{a} %", _percent) for a in node.actions),
            Column("ev", "EV", _chips),
        )
        values = tuple((r.group, r.name, r.share, *r.frequencies, r.ev) for r in rows)
        overall = ", ".join(f"{a} {100 * f:.1f}%" for a, f in zip(node.actions, node.overall, strict=True))
        notes = (
            f"{self.board}, pot {self.pot:g}, stack {self.stack:g} ({self.limit} limit, {self.game}): "
            f"{self.ranges[0]} (OOP) v {self.ranges[1]} (IP)",
            f"OOP at the root: {overall}",
            f"EV: OOP {self.ev[0]:.2f}, IP {self.ev[1]:.2f} chips (of a pot of {self.pot:g})",
            f"Exploitability {self.exploitability:.3f}% of the pot after {self.iterations} iterations"
            f" ({self.algorithm})",
        )
        return View(columns, values, notes)

    def to_dict(self, hands: bool = False) -> dict[str, Any]:
        """A JSON-ready dict: the spot, the EVs, the exploitability history and every
        decision node's strategy by class (``hands=True``: and by hand, which is long)."""
        per_hand = check_flag(hands, "hands")
        nodes = []
        for history in self.histories:
            node = self.node(history)
            entry: dict[str, Any] = {
                "history": list(history),
                "player": _PLAYERS[node.player],
                "actions": list(node.actions),
                "frequencies": [_finite(f) for f in node.overall],
                "by_class": [
                    {
                        "group": r.group,
                        "class": r.name,
                        "share": r.share,
                        "frequencies": list(r.frequencies),
                        "ev": _finite(r.ev),
                    }
                    for r in self.by_class(history)
                ],
            }
            if per_hand:
                entry["by_hand"] = [
                    {k: _finite(v) if isinstance(v, float) else v for k, v in h.items()} for h in self.by_hand(history)
                ]
            nodes.append(entry)
        return {
            "board": self.board,
            "street": self.street,
            "game": self.game,
            "pot": self.pot,
            "stack": self.stack,
            "bets": list(self.bets),
            "raises": list(self.raises),
            "raise_cap": self.raise_cap,
            "limit": self.limit,
            "ranges": {"oop": self.ranges[0], "ip": self.ranges[1]},
            "hands": {"oop": len(self.weights[0]), "ip": len(self.weights[1])},
            "algorithm": self.algorithm,
            "iterations": self.iterations,
            "exploitability": self.exploitability,
            "exploitability_unit": "percent of the pot",
            "history": [[i, e] for i, e in self.history],
            "ev": {"oop": self.ev[0], "ip": self.ev[1]},
            "nodes": nodes,
        }


def _actions(history: str | Sequence[str]) -> tuple[str, ...]:
    """The actions of ``history`` (``"check, bet 50"`` or a sequence of actions), lower case."""
    if isinstance(history, str):
        return tuple(a.strip().lower() for a in history.split(",") if a.strip())
    if isinstance(history, list | tuple) and all(isinstance(a, str) for a in history):
        return tuple(a.strip().lower() for a in history)
    raise OmahaTypeError(f"history: expected actions such as 'check, bet 50', got {excerpt(history)}")


def _finite(value: float) -> float | None:
    return None if value != value else value
