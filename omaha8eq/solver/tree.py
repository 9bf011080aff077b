"""The betting tree of one heads-up street: who acts, what each action costs, where it ends.

Plain Python, no numbers about cards: :func:`build_tree` gives the nodes (``Node``), and
:func:`flatten` the arrays the compiled walk reads (:class:`FlatTree`). A turn spot
(:func:`build_turn`, :class:`TurnTree`) is the turn's tree whose showdowns become
:data:`CHANCE` nodes (the river is dealt), each with the river's tree that follows it: the
same rules from the pot and stacks the turn's action left.

The rules (``docs/solver.md``):

- Player 0 (out of position, OOP) acts first, then player 1 (in position, IP).
- Nobody has bet: check, or bet ``f * pot`` for each fraction ``f`` of ``bets``, or
  all-in. Two checks end at a showdown.
- Facing a bet or raise: fold (the other player takes the pot), call (a showdown), or
  raise while fewer than ``raise_cap`` raises were made and both players have chips
  behind: by ``f * (pot after calling)`` for each ``f`` of ``raises`` (the increment
  above the call), or all-in.
- Every size is capped by the stack (a player's ``stack`` less what he put in this
  street); pot limit (``limit="pot"``) caps a bet at the pot and a raise's increment at
  the pot after calling; a raise's increment is at least the last bet or raise
  (unless all-in). Sizes that come out equal (or all-in) are merged into one action.
- Amounts are chips (floats); ``pot`` is what the pot holds before the street,
  ``stack`` each player's chips behind (the effective stack).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace

import numpy as np

__all__ = [
    "CHANCE",
    "FOLD",
    "IP",
    "LIMITS",
    "OOP",
    "SHOWDOWN",
    "FlatTree",
    "Node",
    "TurnTree",
    "build_tree",
    "build_turn",
    "flatten",
]

#: Node kinds: a decision of player 0 or 1, a fold, a showdown, a card dealt (the river).
OOP, IP, FOLD, SHOWDOWN, CHANCE = 0, 1, 2, 3, 4
#: The betting structures :func:`build_tree` knows.
LIMITS = ("pot", "no")
#: Two sizes closer than this (in chips) are one size.
_SAME = 1e-9


@dataclass
class Node:
    """One node of the tree.

    ``kind``: :data:`OOP` or :data:`IP` (that player acts), :data:`FOLD` (``folder``
    folded), :data:`SHOWDOWN` or :data:`CHANCE` (the turn's action closed: the river).
    ``contributed``: the chips each player put in this street so far. ``actions`` name
    the edges to ``children`` ("check", "bet 50", "raise to 300", "all-in 400", "call",
    "fold"). ``raises``: raises made so far.
    ``history``: the actions from the root.
    """

    kind: int
    contributed: tuple[float, float]
    raises: int = 0
    folder: int = -1
    history: tuple[str, ...] = ()
    actions: list[str] = field(default_factory=list)
    children: list[Node] = field(default_factory=list)

    @property
    def player(self) -> int:
        """The player who acts here (-1 at a terminal node)."""
        return self.kind if self.kind in (OOP, IP) else -1


def _sizes(candidates: Sequence[float], least: float, most: float) -> list[float]:
    """The distinct amounts among ``candidates`` each clipped into ``[least, most]``, ascending."""
    out: list[float] = []
    for amount in sorted(min(max(c, least), most) for c in candidates):
        if amount > _SAME and (not out or amount - out[-1] > _SAME):
            out.append(amount)
    return out


def build_tree(
    pot: float,
    stack: float,
    bets: Sequence[float],
    raises: Sequence[float],
    raise_cap: int,
    limit: str = "pot",
) -> Node:
    """The tree of one street from ``pot`` (chips in the pot) with ``stack`` chips behind
    each player, bet fractions ``bets`` and raise fractions ``raises`` of the pot, at most
    ``raise_cap`` raises, in a pot-limit (``"pot"``) or no-limit (``"no"``) game. Trusted
    inputs (the caller validated them)."""
    return _decide(OOP, (0.0, 0.0), 0, 0.0, False, (), pot, stack, bets, raises, raise_cap, limit)


def _decide(
    player: int,
    contributed: tuple[float, float],
    made_raises: int,
    last_increment: float,
    checked: bool,
    history: tuple[str, ...],
    pot: float,
    stack: float,
    bets: Sequence[float],
    raises: Sequence[float],
    raise_cap: int,
    limit: str,
) -> Node:
    node = Node(player, contributed, made_raises, history=history)
    other = 1 - player
    mine, theirs = contributed[player], contributed[other]
    to_call = theirs - mine
    current_pot = pot + contributed[0] + contributed[1]
    behind = stack - mine

    def child(action: str, kid: Node) -> None:
        node.actions.append(action)
        node.children.append(kid)

    def put(amount: float) -> tuple[float, float]:
        added = list(contributed)
        added[player] += amount
        return (added[0], added[1])

    rest = (pot, stack, bets, raises, raise_cap, limit)
    if to_call <= _SAME:  # nobody has bet
        if checked:
            child("check", Node(SHOWDOWN, contributed, made_raises, history=(*history, "check")))
        else:
            child("check", _decide(other, contributed, made_raises, 0.0, True, (*history, "check"), *rest))
        most = min(behind, current_pot) if limit == "pot" else behind
        for amount in _sizes([f * current_pot for f in bets] + [behind], 0.0, most):
            label = f"all-in {amount:g}" if amount >= behind - _SAME else f"bet {amount:g}"
            child(label, _decide(other, put(amount), made_raises, amount, False, (*history, label), *rest))
        return node
    child("fold", Node(FOLD, contributed, made_raises, folder=player, history=(*history, "fold")))
    call = min(to_call, behind)
    child("call", Node(SHOWDOWN, put(call), made_raises, history=(*history, "call")))
    can_raise = made_raises < raise_cap and behind - to_call > _SAME and stack - theirs > _SAME
    if can_raise:
        after_call = current_pot + to_call
        room = behind - to_call  # the most the increment can be
        most = min(room, after_call) if limit == "pot" else room
        least = min(last_increment, room)
        for increment in _sizes([f * after_call for f in raises] + [room], least, most):
            total = mine + to_call + increment
            label = f"all-in {total:g}" if increment >= room - _SAME else f"raise to {total:g}"
            kid = _decide(
                other, put(to_call + increment), made_raises + 1, increment, False, (*history, label), *rest
            )  # fmt: skip
            child(label, kid)
    return node


@dataclass(frozen=True)
class FlatTree:
    """The tree as arrays, nodes in breadth-first order (a parent before its children,
    the children of a node consecutive).

    ``kind[i]``: OOP, IP, FOLD or SHOWDOWN; ``first_child[i]``, ``n_children[i]``;
    ``folder[i]`` (-1 unless a fold); ``contributed[i]``: (2,) chips put in this street;
    ``action_offset[i]``: where node ``i``'s per-action rows start among its player's
    (``offsets[player]`` counts them: rows of ``n_hands[player]`` values each, one row per
    action); ``nodes``: the :class:`Node` objects in the same order.
    """

    kind: np.ndarray
    first_child: np.ndarray
    n_children: np.ndarray
    folder: np.ndarray
    contributed: np.ndarray
    action_offset: np.ndarray
    action_rows: tuple[int, int]
    nodes: tuple[Node, ...]
    pot: float

    @property
    def size(self) -> int:
        return len(self.nodes)

    def decision_nodes(self) -> list[int]:
        return [i for i, k in enumerate(self.kind.tolist()) if k in (OOP, IP)]

    def terminal_count(self) -> int:
        return int(np.count_nonzero(self.kind >= FOLD))

    def showdown_count(self) -> int:
        return int(np.count_nonzero(self.kind == SHOWDOWN))

    def shifted(self, paid: float, pot: float) -> FlatTree:
        """The same tree with ``paid`` chips more put in by each player before it and
        ``pot`` the starting pot: its payoffs become those of the street before (a river
        tree after a turn where each put in ``paid``)."""
        return replace(self, contributed=self.contributed + paid, pot=float(pot))


def flatten(root: Node, pot: float) -> FlatTree:
    """The arrays of the tree under ``root`` (see :class:`FlatTree`)."""
    order: list[Node] = [root]
    first: list[int] = []
    i = 0
    while i < len(order):
        first.append(len(order) if order[i].children else -1)
        order.extend(order[i].children)
        i += 1
    rows = [0, 0]
    offsets = []
    for node in order:
        if node.player >= 0:
            offsets.append(rows[node.player])
            rows[node.player] += len(node.children)
        else:
            offsets.append(-1)
    return FlatTree(
        kind=np.array([n.kind for n in order], dtype=np.int64),
        first_child=np.array(first, dtype=np.int64),
        n_children=np.array([len(n.children) for n in order], dtype=np.int64),
        folder=np.array([n.folder for n in order], dtype=np.int64),
        contributed=np.array([n.contributed for n in order], dtype=np.float64).reshape(len(order), 2),
        action_offset=np.array(offsets, dtype=np.int64),
        action_rows=(rows[0], rows[1]),
        nodes=tuple(order),
        pot=float(pot),
    )


@dataclass(frozen=True)
class TurnTree:
    """A turn spot's trees: ``turn`` (flattened; where the turn's action closes with a call
    or two checks, a :data:`CHANCE` node: the river is dealt), ``chance`` (the indices of
    those nodes in ``turn``, in order) and ``rivers[i]``: the river's tree after
    ``chance[i]`` (flattened, its payoffs shifted to the turn's: what a player wins less
    what he put in on both streets; a single :data:`SHOWDOWN` node when a player is
    all-in)."""

    turn: FlatTree
    chance: tuple[int, ...]
    rivers: tuple[FlatTree, ...]

    @property
    def size(self) -> int:
        """The nodes of one river card's game: the turn's and every river tree's."""
        return self.turn.size + sum(r.size for r in self.rivers)


def build_turn(
    pot: float, stack: float, bets: Sequence[float], raises: Sequence[float], raise_cap: int, limit: str = "pot"
) -> TurnTree:
    """The turn's tree (the rules of :func:`build_tree` on both streets) with a chance
    node where each showdown was, and the river's tree after each (:class:`TurnTree`)."""
    root = build_tree(pot, stack, bets, raises, raise_cap, limit)
    turn = flatten(root, pot)
    chance, rivers = [], []
    for i, node in enumerate(turn.nodes):
        if node.kind != SHOWDOWN:
            continue
        node.kind = CHANCE
        paid = node.contributed[0]  # a call or two checks: both put in the same
        behind = stack - paid
        river_pot = pot + 2 * paid
        if behind > _SAME:
            river = build_tree(river_pot, behind, bets, raises, raise_cap, limit)
        else:
            river = Node(SHOWDOWN, (0.0, 0.0))
        chance.append(i)
        rivers.append(flatten(river, river_pot).shifted(paid, pot))
    turn = replace(turn, kind=np.array([n.kind for n in turn.nodes], dtype=np.int64))
    return TurnTree(turn, tuple(chance), tuple(rivers))
