"""Evaluating a checked query on a block of deals: arrays in, arrays out, no per-deal Python.

:class:`BlockEvaluator` computes what an expression needs once per block: each
player's high and low on each street it reads (``batch.evaluate_rows``, compiled and
parallel), the nut values a ``nutHi``/``nutLo`` reads (``core.hand_features``), and the
showdown at the river; then the expression is numpy operations on those arrays. Equal
calls are computed once a block (the tree's nodes are values, memoised by node); the
operators over them are redone where they recur, so that a block's memory is its calls'
arrays, whatever the query's length (a chain of a thousand terms keeps one running value).

Values by type: boolean -> bool array, number -> float64 array, hand type -> int8
(``tables.CATEGORIES`` index), hi rating -> int16 (0..7461), lo rating -> int16 (0..55,
-1: no low), card -> int8; literals are numpy scalars broadcast against the arrays.

The pot shares (``riverEquity``) are also kept exactly as integers over
:func:`share_denominator` so that an exact run can give a Fraction.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from math import lcm
from typing import Any, TypeVar

import numpy as np

from ..core import batch, parallel
from ..core.hand_features import fixed_river_values, nut_high_by_type, nut_values
from ..core.handclasses import _colex_ascending
from ..core.query_deals import TIES_HI, TIES_LO, WINS_HI, WINS_LO, block_showdown
from ..core.showdown import fixed_hand_tables
from ..core.street_classes import HIGH, HIGH_CLASSES, classify
from ..core.tables import get_tables, high_classes
from ..evaluation import _evaluate_rows
from .board_range import board_in_range
from .check import CheckedQuery
from .deals import DealBlock, prepare
from .functions import HAND_TYPES, Type
from .hand_vs_range import RangeEquities, hand_vs_range
from .syntax import Binary, Call, Case, Chain, Expr, Name, Negate, Not, Number, String, shape

__all__ = ["BlockEvaluator", "share_denominator", "streets_read", "suit_invariant"]

_T = TypeVar("_T")


def share_denominator(n_players: int) -> int:
    """A whole multiple of every pot share: halves split among up to ``n_players`` ways."""
    return 2 * lcm(*range(1, n_players + 1))


@functools.cache
def _categories() -> np.ndarray:
    """The hand type (category index, int8) of each high value 0..7461."""
    return high_classes().category


_LOW_RANKS = np.array([0x7F, 1 << 12], dtype=np.int64)  # deuce..eight bits, the ace bit


@functools.lru_cache(maxsize=64)
def _fixed_table(cards: tuple[int, ...]) -> np.ndarray:
    """The fixed-hand table row of ``cards`` (``showdown.fixed_hand_tables``), cached."""
    hole = np.array([cards], dtype=np.int8)
    row: np.ndarray = fixed_hand_tables(hole, np.ones(1, dtype=np.bool_), get_tables())[0]
    return row


def _board_rank_counts(boards: np.ndarray, street: int) -> np.ndarray:
    """(n, 13) counts of each rank on the first ``street`` board cards."""
    ranks = boards[:, :street] >> 2
    counts = np.zeros((len(boards), 13), dtype=np.int8)
    for j in range(street):
        np.add.at(counts, (np.arange(len(boards)), ranks[:, j]), 1)
    return counts


class BlockEvaluator:
    """Values of a checked query's expressions on one :class:`DealBlock`."""

    def __init__(self, checked: CheckedQuery, block: DealBlock) -> None:
        self.checked = checked
        self.block = block
        self.n = len(block)
        self.hilo = checked.game.hilo
        self.memo: dict[Any, Any] = {}
        self.dead_mask = sum(1 << (16 * (c & 3) + (c >> 2)) for c in checked.dead)

    # -- per player and street, computed once ------------------------------------------
    def _cached(self, key: tuple[Any, ...], compute: Callable[[], _T]) -> _T:
        if key not in self.memo:
            self.memo[key] = compute()
        found: _T = self.memo[key]
        return found

    def _hand(self, player: int) -> np.ndarray:
        return self._cached(("hand", player), lambda: np.ascontiguousarray(self.block.holes[:, player, :]))

    def _board(self, street: int) -> np.ndarray:
        return self._cached(("board", street), lambda: np.ascontiguousarray(self.block.boards[:, :street]))

    def _values(self, player: int, street: int) -> tuple[np.ndarray, np.ndarray]:
        """(high values, low values) of ``player`` on ``street``; lows are -1 in a high-only game."""

        def compute() -> tuple[np.ndarray, np.ndarray]:
            known = self._known_hand(player)
            if street == 5 and self.n > 1 and known is not None:
                # A known hand at the river: one read of its table per deal, as the equity
                # sampler does, instead of evaluating its hole pairs on every board.
                out_high = np.empty(self.n, dtype=np.int16)
                out_low = np.empty(self.n, dtype=np.int16)
                table = _fixed_table(known)
                parallel.run(fixed_river_values, table, self._board(5), self.hilo, out_high, out_low)
                return out_high, out_low
            return _evaluate_rows(self._hand(player), self._board(street), want_high=True, want_low=self.hilo)

        return self._cached(("values", player, street), compute)

    def _known_hand(self, player: int) -> tuple[int, ...] | None:
        """``player``'s cards when every deal of the block holds the same hand, else None: a
        fixed hand of the run's deal (``checked.cache["deal"]``), or, without a deal, any
        block whose rows are all equal."""
        deal = self.checked.cache.get("deal")
        if deal is not None and deal.spot.seats[player].cards is not None:
            return tuple(int(c) for c in self.block.holes[0, player])
        hand = self.block.holes[:, player, :]
        return tuple(hand[0].tolist()) if deal is None and (hand == hand[0]).all() else None

    def classes(self, player: int, street: int, *, clean_outs: bool = False) -> np.ndarray:
        """``player``'s classes on ``street`` (``core.street_classes.classify``: the range
        explorer's), (n, columns) int8; the clean outs only when asked (``clean_outs``):
        each deal's board then costs a pass over its next cards. The nuts leave out the
        player's own and the dead cards, as ``nutLo`` and ``nutHiForHandType`` do."""
        dead = sum(1 << c for c in self.checked.dead)
        return self._cached(
            ("classes", player, street, clean_outs),
            lambda: classify(
                self._hand(player), self._board(street), self.hilo, get_tables(), dead=dead, clean_outs=clean_outs
            ),
        )

    def flop_category(self, player: int) -> np.ndarray:
        """``player``'s made high class on the flop, as a ``FLOP_CATEGORIES`` value (int8,
        higher is better)."""
        return (len(HIGH_CLASSES) - 1 - self.classes(player, 3)[:, HIGH]).astype(np.int8)

    def high(self, player: int, street: int) -> np.ndarray:
        return self._values(player, street)[0]

    def low(self, player: int, street: int) -> np.ndarray:
        return self._values(player, street)[1]

    def nuts(self, player: int, street: int, *, high: bool) -> np.ndarray:
        """The best high (``high``) or low two cards unseen by ``player`` make on ``street``."""

        def compute() -> tuple[np.ndarray, np.ndarray]:
            tables = get_tables()
            out_high = np.full(self.n, -1, dtype=np.int16)
            out_low = np.empty(self.n, dtype=np.int16)
            parallel.run(
                nut_values, self._hand(player), self._board(street), street, self.dead_mask, high,
                tables.board_pair, tables.flush5, tables.suited, tables.low, out_high, out_low,
            )  # fmt: skip
            return out_high, out_low

        if high:
            return self._cached(("nut high", player, street), compute)[0]
        found = self.memo.get(("nut high", player, street))  # a high run computed the lows too
        return found[1] if found is not None else self._cached(("nut low", player, street), compute)[1]

    def nut_high_of_type(self, player: int, street: int) -> np.ndarray:
        """The best high two cards unseen by ``player`` make on ``street`` within the hand type
        of ``player``'s own high (``nutHiForHandType``)."""

        def compute() -> np.ndarray:
            tables = get_tables()
            best = np.empty((self.n, len(HAND_TYPES)), dtype=np.int16)
            parallel.run(
                nut_high_by_type, self._hand(player), self._board(street), street, self.dead_mask,
                tables.board_pair, tables.flush5, tables.suited, _categories(), best,
            )  # fmt: skip
            own_type = _categories()[self.high(player, street)]
            found: np.ndarray = best[np.arange(self.n), own_type]
            return found

        return self._cached(("nut high of type", player, street), compute)

    def hand_vs_range(self, player: int, street: int) -> RangeEquities:
        """``HvREquity(player, street)`` of every deal, with its exact answers (``pql/hand_vs_range.py``)."""

        def compute() -> RangeEquities:
            if "deal" not in self.checked.cache:
                self.checked.cache["deal"] = prepare(self.checked)
            deal = self.checked.cache["deal"]
            return hand_vs_range(self.checked, deal, player, street, self._hand(player), self.block.boards)

        return self._cached(("hand vs range", player, street), compute)

    def hand_ranking(self, player: int) -> np.ndarray:
        """``handRanking(player)``: the share of the hands of its size in classes ranked at or
        above the class of each deal's hand (``ranges.preflop``)."""
        from ..core.handclasses import hand_count
        from ..ranges.preflop import class_index, preflop_ranking

        def compute() -> np.ndarray:
            hands = self._hand(player)
            ranking = preflop_ranking(hands.shape[1])
            found: np.ndarray = ranking.at_or_above[class_index(hands)] / hand_count(hands.shape[1])
            return found

        return self._cached(("hand ranking", player), compute)

    def next_card(self, player: int, street: int) -> dict[str, np.ndarray]:
        """``player``'s high and low on ``street`` plus each of the 52 cards as the next one:
        ``high``, ``low`` (n, 52) int16; ``unseen`` (n, 52) bool: the card is not in the
        hand, on the board or dead (the cards the player counts as outs); ``nut high`` and
        ``nut low`` (n, 52): the nuts on that board (computed when first asked)."""

        def compute() -> dict[str, np.ndarray]:
            tables = get_tables()
            n = self.n
            holes = np.repeat(self._hand(player), 52, axis=0)
            boards = np.empty((n * 52, street + 1), dtype=np.int8)
            boards[:, :street] = np.repeat(self._board(street), 52, axis=0)
            boards[:, street] = np.tile(np.arange(52, dtype=np.int8), n)
            high = np.empty(n * 52, dtype=np.int16)
            low = np.empty(n * 52, dtype=np.int16)
            # A next card the hand or the board holds makes a bad row: its high is -1.
            parallel.run(
                batch.evaluate_rows, holes, boards, True, self.hilo,
                tables.board_pair, tables.flush5, tables.suited, tables.low, high, low,
            )  # fmt: skip
            unseen = high.reshape(n, 52) >= 0
            unseen[:, list(self.checked.dead)] = False
            return {"high": high.reshape(n, 52), "low": low.reshape(n, 52), "unseen": unseen, "holes": holes,
                    "boards": boards}  # fmt: skip

        found = self._cached(("next card", player, street), compute)
        return found

    def next_card_nuts(self, player: int, street: int) -> tuple[np.ndarray, np.ndarray]:
        """(nut high, nut low) (n, 52) on ``street`` plus each next card, for ``player``."""

        def compute() -> tuple[np.ndarray, np.ndarray]:
            tables = get_tables()
            rows = self.next_card(player, street)
            out_high = np.empty(self.n * 52, dtype=np.int16)
            out_low = np.empty(self.n * 52, dtype=np.int16)
            parallel.run(
                nut_values, rows["holes"], rows["boards"], street + 1, self.dead_mask, True,
                tables.board_pair, tables.flush5, tables.suited, tables.low, out_high, out_low,
            )  # fmt: skip
            return out_high.reshape(self.n, 52), out_low.reshape(self.n, 52)

        return self._cached(("next card nuts", player, street), compute)

    def outs(self, name: str, player: int, street: int, hand_type: int = 0) -> np.ndarray:
        """The number of unseen next cards after which ``player`` has: at least ``hand_type``
        (``outsToHandType``), the nut high (``nutHiOuts``) or the nut low (``nutLoOuts``).
        On the river there is no next card: 0."""
        if street >= 5:
            return np.zeros(self.n)
        rows = self.next_card(player, street)
        if name == "outsToHandType":
            good = _categories()[np.maximum(rows["high"], 0)] >= hand_type
        elif name == "nutHiOuts":
            good = rows["high"] >= self.next_card_nuts(player, street)[0]
        else:
            low = rows["low"]
            good = (low >= 0) & (low >= self.next_card_nuts(player, street)[1])
        counted: np.ndarray = (good & rows["unseen"]).sum(axis=1).astype(np.float64)
        return counted

    def hand_vs_hand(self, street: int) -> np.ndarray:
        """(n, players): each player's pot share on ``street`` against the others' actual
        hands, averaged over every runout of the cards no hand, board or dead card holds
        (the river: the showdown's share)."""
        return self._hand_vs_hand(street)[0]

    def hand_vs_hand_counts(self, street: int) -> tuple[np.ndarray, int]:
        """:meth:`hand_vs_hand` exactly: (n, players) int64 share counts (each runout's
        shares over ``share_denominator``, summed over the runouts) and their denominator
        (``share_denominator`` times the runouts; the same for every deal of a query)."""
        _, counts, denominator = self._hand_vs_hand(street)
        return counts, denominator

    def _hand_vs_hand(self, street: int) -> tuple[np.ndarray, np.ndarray, int]:
        def compute() -> tuple[np.ndarray, np.ndarray, int]:
            showdown_denominator = share_denominator(len(self.checked.players))
            if street >= 5:
                shares = self.showdown()["shares"]
                return shares / float(showdown_denominator), shares, showdown_denominator
            holes, boards, n = self.block.holes, self.block.boards, self.n
            used = np.zeros((n, 52), dtype=np.bool_)
            rows = np.arange(n)[:, None]
            used[rows, holes.reshape(n, -1)] = True
            used[rows, boards[:, :street]] = True
            used[:, list(self.checked.dead)] = True
            free = np.nonzero(~used)[1].reshape(n, -1).astype(np.int8)  # each row's cards left, ascending
            runouts = _colex_ascending(free.shape[1], 5 - street)
            count = len(runouts)
            expanded = np.empty((n * count, 5), dtype=np.int8)
            expanded[:, :street] = np.repeat(boards[:, :street], count, axis=0)
            expanded[:, street:] = free[:, runouts].reshape(n * count, 5 - street)
            highs = np.empty((n * count, holes.shape[1]), dtype=np.int16)
            lows = np.empty_like(highs)
            for p in range(holes.shape[1]):
                hand = np.repeat(self._hand(p), count, axis=0)
                highs[:, p], lows[:, p] = _evaluate_rows(hand, expanded, want_high=True, want_low=self.hilo)
            shares = np.empty(highs.shape, dtype=np.int64)
            flags = np.empty(highs.shape, dtype=np.int8)
            parallel.run(block_showdown, highs, lows, showdown_denominator, shares, flags)
            per_runout = shares.reshape(n, count, -1)
            mean: np.ndarray = per_runout.mean(axis=1) / showdown_denominator
            return mean, per_runout.sum(axis=1), showdown_denominator * count

        return self._cached(("hand vs hand", street), compute)

    def _all(self, what: str, street: int) -> np.ndarray:
        """(n, players) highs or lows on ``street``."""
        values = self.high if what == "high" else self.low
        return self._cached(
            ("all", what, street),
            lambda: np.stack([values(p, street) for p in range(len(self.checked.players))], axis=1),
        )

    def showdown(self) -> dict[str, np.ndarray]:
        """At the river: who wins and ties each half (bool (n, players) each), who scoops,
        and each player's share of the pot as an integer over ``share_denominator``
        (``shares``, (n, players) int64)."""

        def compute() -> dict[str, np.ndarray]:
            highs = self._all("high", 5)
            n_players = highs.shape[1]
            denominator = share_denominator(n_players)
            shares = np.empty(highs.shape, dtype=np.int64)
            flags = np.empty(highs.shape, dtype=np.int8)
            parallel.run(block_showdown, highs, self._all("low", 5), denominator, shares, flags)
            return {"shares": shares, "flags": flags, "denominator": np.array(denominator)}

        return self._cached(("showdown",), compute)

    def outcome(self, name: str, player: int) -> np.ndarray:
        """``winsHi``, ``tiesHi``, ``winsLo``, ``tiesLo`` or ``scoops`` of ``player`` at the river,
        read from the showdown's flags or shares only when asked."""
        found = self.showdown()
        if name == "scoops":
            scoops: np.ndarray = found["shares"][:, player] == found["denominator"]
            return scoops
        bit = {"winsHi": WINS_HI, "tiesHi": TIES_HI, "winsLo": WINS_LO, "tiesLo": TIES_LO}[name]
        flagged: np.ndarray = (found["flags"][:, player] & bit) > 0
        return flagged

    def board_counts(self, street: int) -> np.ndarray:
        return self._cached(("ranks", street), lambda: _board_rank_counts(self.block.boards, street))

    def suit_counts(self, street: int) -> np.ndarray:
        def compute() -> np.ndarray:
            suits = self.block.boards[:, :street] & 3
            return np.stack([(suits == s).sum(axis=1) for s in range(4)], axis=1)

        return self._cached(("suits", street), compute)

    def board_low_count(self, street: int) -> np.ndarray:
        counts = self.board_counts(street)
        low_ranks = [12, 0, 1, 2, 3, 4, 5, 6]  # A, 2..8
        found: np.ndarray = (counts[:, low_ranks] > 0).sum(axis=1)
        return found

    # -- expressions --------------------------------------------------------------------
    def value(self, node: Expr) -> Any:
        """``node``'s value on every deal of the block (an array, or a scalar that broadcasts)."""
        if not isinstance(node, Call):
            return self._value(node)
        key = ("call", shape(node))  # equal calls at other places in the text are one
        found = self.memo.get(key)
        if found is None:
            found = self.memo[key] = self._call(node)
        return found

    def _value(self, node: Expr) -> Any:
        literals = self.checked.literals
        if node in literals:
            return literals[node]
        if isinstance(node, Number):
            return np.float64(node.value)
        if isinstance(node, String):  # pragma: no cover - the checker converts every string it accepts
            raise AssertionError("unconverted string")
        if isinstance(node, Negate):
            return -self.value(node.operand)
        if isinstance(node, Not):
            return np.logical_not(self.value(node.operand))
        if isinstance(node, Chain):
            return self._chain(node)
        if isinstance(node, Binary):
            return self._compare(node)
        if isinstance(node, Case):
            return self._case(node)
        if isinstance(node, Call):
            return self._call(node)
        raise AssertionError(f"unresolved node {node!r}")  # pragma: no cover - the checker resolves names

    def _chain(self, node: Chain) -> Any:
        """Left to right, as the pairs ``((a + b) - c)`` would be: the same rounding."""
        result = self.value(node.operands[0])
        for op, operand in zip(node.operators, node.operands[1:], strict=True):
            right = self.value(operand)
            with np.errstate(divide="ignore", invalid="ignore"):  # x / 0 is inf or nan, not an error
                result = _CHAIN_OPERATORS[op](result, right)
        return result

    def _compare(self, node: Binary) -> Any:
        return _COMPARISONS[node.operator](self.value(node.left), self.value(node.right))

    def _case(self, node: Case) -> Any:
        result = self.value(node.default) if node.default is not None else np.False_
        for condition, value in reversed(node.whens):
            result = np.where(self.value(condition), self.value(value), result)
        return result

    def _call(self, node: Call) -> Any:
        name = node.name
        args = [self.value(a) for a in node.arguments]
        if name in ("winsHi", "tiesHi", "winsLo", "tiesLo", "scoops", "wins"):
            return self.outcome("scoops" if name == "wins" else name, args[0])
        if name == "HvHEquity" or (name == "equity" and len(args) == 2):
            return self.hand_vs_hand(args[1])[:, args[0]]
        if name == "minHvHEquity":
            return self.hand_vs_hand(args[1])[:, args[0]] >= args[2]
        if name == "HvREquity":
            return self.hand_vs_range(args[0], args[1]).values
        if name == "handRanking":
            return self.hand_ranking(args[0])
        if name == "boardInRange":
            return board_in_range(args[0], self.block.boards)
        if name in ("riverEquity", "fractionalRiverEquity", "equity"):
            showdown = self.showdown()
            return showdown["shares"][:, args[0]] / float(showdown["denominator"])
        if name in _PLAYER_STREET:
            return _PLAYER_STREET[name](self, *args)
        if name in _BOARD:
            return _BOARD[name](self, args[0])
        if name == "minLoRating":
            return self.low(args[0], args[1]) >= args[2]
        if name == "flopHandCategory":
            return self.flop_category(args[0])
        if name == "handClass":
            return args[2].mask(self.classes(args[0], args[1], clean_outs=args[2].reads_clean_outs))
        if name == "minHandType":
            return _categories()[self.high(args[0], args[1])] >= args[2]
        if name == "exactHandType":
            return _categories()[self.high(args[0], args[1])] == args[2]
        if name == "turnCard":
            return self.block.boards[:, 3]
        if name == "riverCard":
            return self.block.boards[:, 4]
        if name in ("outsToHandType", "nutHiOuts", "nutLoOuts"):
            return self.outs(name, *args)
        if name == "minOutsToHandType":
            return self.outs("outsToHandType", args[0], args[1], args[2]) >= args[3]
        if name == "inRange":
            return self._in_range(args[0], args[1])
        raise AssertionError(f"function {name} has no implementation")  # pragma: no cover - tested for all

    def _in_range(self, player: int, text: str) -> np.ndarray:
        from ..ranges.range import range_weights

        inside: np.ndarray = range_weights(text, self._hand(player)) > 0
        return inside


_CHAIN_OPERATORS: dict[str, Callable[[Any, Any], Any]] = {
    "and": np.logical_and, "or": np.logical_or,
    "+": np.add, "-": np.subtract, "*": np.multiply, "/": np.true_divide,
}  # fmt: skip
_COMPARISONS: dict[str, Callable[[Any, Any], Any]] = {
    "=": np.equal, "<>": np.not_equal, "!=": np.not_equal,
    "<": np.less, "<=": np.less_equal, ">": np.greater, ">=": np.greater_equal,
}  # fmt: skip


def _best(values: np.ndarray, everyone: np.ndarray) -> np.ndarray:
    best: np.ndarray = values >= everyone.max(axis=1)
    return best


_PLAYER_STREET: dict[str, Callable[..., Any]] = {
    "handType": lambda e, p, s: _categories()[e.high(p, s)],
    "hiRating": lambda e, p, s: e.high(p, s),
    "loRating": lambda e, p, s: e.low(p, s),
    "madeLo": lambda e, p, s: e.low(p, s) >= 0,
    "bestHiRating": lambda e, p, s: _best(e.high(p, s), e._all("high", s)),
    "bestLoRating": lambda e, p, s: (e.low(p, s) >= 0) & _best(e.low(p, s), e._all("low", s)),
    "nutHi": lambda e, p, s: e.high(p, s) >= e.nuts(p, s, high=True),
    "nutLo": lambda e, p, s: (e.low(p, s) >= 0) & (e.low(p, s) >= e.nuts(p, s, high=False)),
    "nutHiForHandType": lambda e, p, s: e.high(p, s) >= e.nut_high_of_type(p, s),
}

_BOARD: dict[str, Callable[..., Any]] = {
    "boardSuitCount": lambda e, s: (e.suit_counts(s) > 0).sum(axis=1).astype(np.float64),
    "pairedBoard": lambda e, s: e.board_counts(s).max(axis=1) >= 2,
    "threeFlush": lambda e, s: e.suit_counts(s).max(axis=1) == 3,
    "fourFlush": lambda e, s: e.suit_counts(s).max(axis=1) == 4,
    "boardAllowsMadeLo": lambda e, s: e.board_low_count(s) >= 3,
    "boardLoCardCount": lambda e, s: e.board_low_count(s).astype(np.float64),
    "boardHasOneDistinctLoCard": lambda e, s: e.board_low_count(s) == 1,
    "boardHasTwoDistinctLoCards": lambda e, s: e.board_low_count(s) == 2,
}


def value_type(checked: CheckedQuery, node: Expr) -> Type:
    """The checked type of ``node``."""
    return checked.types[node]


def streets_read(checked: CheckedQuery) -> tuple[int, ...]:
    """The streets the query reads, as board sizes in order, e.g. ``(3, 5)``: 5 with an
    outcome function, 4 and 5 with the river card, 3 and 4 with the turn card, 3 up to a
    ``boardInRange`` pattern's length, and every street named (none: the flop). An exact
    run tells those streets' cards apart and no others."""
    streets = set()
    for node, found in checked.types.items():
        if isinstance(node, Call):
            if node.name in _RIVER and len(node.arguments) == 1:
                streets.add(5)
            # The turn or river card itself: its street is enumerated apart from the one before
            # (else it would be the highest card of a combination); a board pattern reads every
            # street up to its length.
            elif node.name == "riverCard":
                streets.update((4, 5))
            elif node.name == "turnCard":
                streets.update((3, 4))
            elif node.name == "boardInRange":
                streets.update(range(3, 1 + max(len(pattern) for pattern in checked.literals[node.arguments[0]])))
            elif node.name == "flopHandCategory":
                streets.add(3)
        if found is Type.STREET and isinstance(node, Name):
            streets.add(int(checked.literals[node]))
    return tuple(sorted(streets)) or (3,)


def suit_invariant(checked: CheckedQuery) -> bool:
    """Whether no value of the query reads a suit by name: no card function, no range
    (its text may name suits) and no board range with a concrete suit. Such a query has
    the same values on deals whose suits are permuted (see ``deals.suit_classes``)."""
    for node in checked.types:
        if isinstance(node, Call):
            if node.name in ("turnCard", "riverCard", "inRange"):
                return False
            patterns = checked.literals[node.arguments[0]] if node.name == "boardInRange" else ()
            if any(card[1] >= 0 for pattern in patterns for card in pattern):
                return False
    return True


_RIVER = {"winsHi", "tiesHi", "winsLo", "tiesLo", "scoops", "wins", "riverEquity", "fractionalRiverEquity", "equity"}
