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

Each function is a method of :class:`BlockEvaluator`, named by its row of the function
table (``Function.evaluator``, ``pql/functions.py``) and called with its arguments' values;
:func:`streets_read` and :func:`suit_invariant` read the rows too. The pot shares
(``riverEquity``) are also kept exactly as integers over :func:`share_denominator` so that
an exact run can give a Fraction.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from fractions import Fraction
from math import lcm
from typing import Any, TypeVar

import numpy as np

from ..core import batch, parallel
from ..core.hand_features import fixed_river_values, nut_high_by_type, nut_values
from ..core.hand_isomorphism import _colex_ascending
from ..core.holdings import HIGH, HIGH_CLASSES
from ..core.holdings_kernel import classify
from ..core.query_deals import TIES_HI, TIES_LO, WINS_HI, WINS_LO, block_showdown
from ..core.showdown import fixed_hand_tables
from ..core.tables import get_tables, high_classes
from ..evaluation import _evaluate_rows
from .board_range import board_in_range
from .check import CheckedQuery
from .deals import DealBlock, prepare
from .functions import HAND_TYPES, Function, Type, function_of
from .hand_vs_range import RangeEquities, hand_vs_range
from .syntax import Binary, Call, Case, Chain, Expr, Name, Negate, Not, Number, String, shape

__all__ = ["BlockEvaluator", "call_function", "exact_dot", "share_denominator", "streets_read", "suit_invariant"]

_T = TypeVar("_T")


# The most a weight times a count may reach before the dot product is taken in Python ints.
_INT64_SAFE = 2**62


def exact_dot(weights: np.ndarray, counts: np.ndarray) -> int:
    """``sum(weights * counts)`` exactly (int64 when it cannot overflow, else Python ints)."""
    largest = int(np.abs(weights).max(initial=0)) * int(np.abs(counts).max(initial=0)) * len(weights)
    if largest < _INT64_SAFE:
        return int(np.dot(weights.astype(np.int64), counts.astype(np.int64)))
    return int(np.dot(weights.astype(object), counts.astype(object)))


def call_function(node: Call) -> Function:
    """The row of the function ``node`` calls (``functions.function_of``: ``equity(p, street)``
    is ``HvHEquity``); the checker has refused every call of no function."""
    found = function_of(node.name, len(node.arguments))
    assert found is not None, f"unchecked call of {node.name}"
    return found


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
        """``player``'s classes on ``street`` (``core.holdings.classify``: the range
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
        from ..core.hand_isomorphism import hand_count
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

    def _outs(self, player: int, street: int, good: Callable[[dict[str, np.ndarray]], np.ndarray]) -> np.ndarray:
        """The number of unseen next cards after which ``player``'s hand is ``good`` (a test of
        :meth:`next_card`'s rows, (n, 52) bool). On the river there is no next card: 0."""
        if street >= 5:
            return np.zeros(self.n)
        rows = self.next_card(player, street)
        counted: np.ndarray = (good(rows) & rows["unseen"]).sum(axis=1).astype(np.float64)
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

    def _flagged(self, player: int, bit: int) -> np.ndarray:
        """Whether the showdown's flags of ``player`` hold ``bit`` (``WINS_HI`` ...)."""
        flagged: np.ndarray = (self.showdown()["flags"][:, player] & bit) > 0
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

    # -- the functions: each row of the table names its method (``Function.evaluator``) -
    # Outcomes at the river (a double-board query reads them per board; DoubleBoardEvaluator
    # overrides the whole pot's).
    def wins_hi(self, player: int) -> np.ndarray:
        return self._flagged(player, WINS_HI)

    def ties_hi(self, player: int) -> np.ndarray:
        return self._flagged(player, TIES_HI)

    def wins_lo(self, player: int) -> np.ndarray:
        return self._flagged(player, WINS_LO)

    def ties_lo(self, player: int) -> np.ndarray:
        return self._flagged(player, TIES_LO)

    def scoops(self, player: int) -> np.ndarray:
        found = self.showdown()
        scoops: np.ndarray = found["shares"][:, player] == found["denominator"]
        return scoops

    def river_equity(self, player: int) -> np.ndarray:
        found = self.showdown()
        share: np.ndarray = found["shares"][:, player] / float(found["denominator"])
        return share

    # Low (``loRating`` is :meth:`low`).
    def made_lo(self, player: int, street: int) -> np.ndarray:
        made: np.ndarray = self.low(player, street) >= 0
        return made

    def nut_lo(self, player: int, street: int) -> np.ndarray:
        low = self.low(player, street)
        nut: np.ndarray = (low >= 0) & (low >= self.nuts(player, street, high=False))
        return nut

    def best_lo_rating(self, player: int, street: int) -> np.ndarray:
        low = self.low(player, street)
        best: np.ndarray = (low >= 0) & _best(low, self._all("low", street))
        return best

    def min_lo_rating(self, player: int, street: int, low: int) -> np.ndarray:
        found: np.ndarray = self.low(player, street) >= low
        return found

    def board_allows_made_lo(self, street: int) -> np.ndarray:
        found: np.ndarray = self.board_low_count(street) >= 3
        return found

    def board_lo_card_count(self, street: int) -> np.ndarray:
        return self.board_low_count(street).astype(np.float64)

    def board_has_one_distinct_lo_card(self, street: int) -> np.ndarray:
        found: np.ndarray = self.board_low_count(street) == 1
        return found

    def board_has_two_distinct_lo_cards(self, street: int) -> np.ndarray:
        found: np.ndarray = self.board_low_count(street) == 2
        return found

    # High (``hiRating`` is :meth:`high`, ``flopHandCategory`` :meth:`flop_category`).
    def hand_type(self, player: int, street: int) -> np.ndarray:
        found: np.ndarray = _categories()[self.high(player, street)]
        return found

    def min_hand_type(self, player: int, street: int, hand_type: int) -> np.ndarray:
        found: np.ndarray = self.hand_type(player, street) >= hand_type
        return found

    def exact_hand_type(self, player: int, street: int, hand_type: int) -> np.ndarray:
        found: np.ndarray = self.hand_type(player, street) == hand_type
        return found

    def hand_class(self, player: int, street: int, classes: Any) -> np.ndarray:
        """``classes``: a ``class_filter.ClassFilter``, the checked class expression."""
        found: np.ndarray = classes.mask(self.classes(player, street, clean_outs=classes.reads_clean_outs))
        return found

    def best_hi_rating(self, player: int, street: int) -> np.ndarray:
        return _best(self.high(player, street), self._all("high", street))

    def nut_hi(self, player: int, street: int) -> np.ndarray:
        found: np.ndarray = self.high(player, street) >= self.nuts(player, street, high=True)
        return found

    def nut_hi_for_hand_type(self, player: int, street: int) -> np.ndarray:
        found: np.ndarray = self.high(player, street) >= self.nut_high_of_type(player, street)
        return found

    # Equity on a street (``handRanking`` is :meth:`hand_ranking`).
    def hand_vs_hand_equity(self, player: int, street: int) -> np.ndarray:
        found: np.ndarray = self.hand_vs_hand(street)[:, player]
        return found

    def min_hand_vs_hand_equity(self, player: int, street: int, threshold: Any) -> np.ndarray:
        found: np.ndarray = self.hand_vs_hand_equity(player, street) >= threshold
        return found

    def hand_vs_hand_sum(self, weights: np.ndarray, player: int, street: int) -> Fraction:
        """``HvHEquity``'s weighted sum exactly, from its share counts (``Function.exact_sum``)."""
        counts, denominator = self.hand_vs_hand_counts(street)
        return Fraction(exact_dot(weights, counts[:, player]), denominator)

    def hand_vs_range_equity(self, player: int, street: int) -> np.ndarray:
        return self.hand_vs_range(player, street).values

    def hand_vs_range_sum(self, weights: np.ndarray, player: int, street: int) -> Fraction:
        """``HvREquity``'s weighted sum exactly: each distinct hand and board's exact answer
        times its deals' weight (``Function.exact_sum``)."""
        found = self.hand_vs_range(player, street)
        per_key = np.zeros(len(found.fractions), dtype=np.int64)
        np.add.at(per_key, found.keys, weights)
        return sum((f * int(w) for f, w in zip(found.fractions, per_key.tolist(), strict=True) if w), Fraction(0))

    # Board.
    def board_in_range(self, patterns: Any) -> np.ndarray:
        """``patterns``: the checked board range (``board_range.parse_board_range``)."""
        return board_in_range(patterns, self.block.boards)

    def board_suit_count(self, street: int) -> np.ndarray:
        found: np.ndarray = (self.suit_counts(street) > 0).sum(axis=1).astype(np.float64)
        return found

    def paired_board(self, street: int) -> np.ndarray:
        found: np.ndarray = self.board_counts(street).max(axis=1) >= 2
        return found

    def three_flush(self, street: int) -> np.ndarray:
        found: np.ndarray = self.suit_counts(street).max(axis=1) == 3
        return found

    def four_flush(self, street: int) -> np.ndarray:
        found: np.ndarray = self.suit_counts(street).max(axis=1) == 4
        return found

    def turn_card(self) -> np.ndarray:
        return self.block.boards[:, 3]

    def river_card(self) -> np.ndarray:
        return self.block.boards[:, 4]

    # Outs: the next card.
    def outs_to_hand_type(self, player: int, street: int, hand_type: int) -> np.ndarray:
        return self._outs(player, street, lambda rows: _categories()[np.maximum(rows["high"], 0)] >= hand_type)

    def min_outs_to_hand_type(self, player: int, street: int, hand_type: int, count: Any) -> np.ndarray:
        found: np.ndarray = self.outs_to_hand_type(player, street, hand_type) >= count
        return found

    def nut_hi_outs(self, player: int, street: int) -> np.ndarray:
        return self._outs(player, street, lambda rows: rows["high"] >= self.next_card_nuts(player, street)[0])

    def nut_lo_outs(self, player: int, street: int) -> np.ndarray:
        def good(rows: dict[str, np.ndarray]) -> np.ndarray:
            low = rows["low"]
            found: np.ndarray = (low >= 0) & (low >= self.next_card_nuts(player, street)[1])
            return found

        return self._outs(player, street, good)

    # Range.
    def in_range(self, player: int, text: str) -> np.ndarray:
        from ..ranges.range import range_weights

        inside: np.ndarray = range_weights(text, self._hand(player)) > 0
        return inside

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
        """The function's evaluator (its row's ``evaluator``) called with its arguments' values."""
        evaluate = getattr(self, call_function(node).evaluator)
        return evaluate(*(self.value(a) for a in node.arguments))


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


def streets_read(checked: CheckedQuery) -> tuple[int, ...]:
    """The streets the query reads, as board sizes in order, e.g. ``(3, 5)``: those its
    functions' rows read whatever their arguments (``Function.streets``: 5 with an outcome,
    4 and 5 with the river card ...), every street named, and 3 up to each board range's
    longest pattern (none: the flop). An exact run tells those streets' cards apart and no
    others."""
    streets: set[int] = set()
    for node, found in checked.types.items():
        if isinstance(node, Call):
            streets.update(call_function(node).streets)
        if found is Type.STREET and isinstance(node, Name):
            streets.add(int(checked.literals[node]))
        if found is Type.BOARD_RANGE:
            streets.update(range(3, 1 + max(len(pattern) for pattern in checked.literals[node])))
    return tuple(sorted(streets)) or (3,)


def suit_invariant(checked: CheckedQuery) -> bool:
    """Whether no value of the query reads a suit by name: no function whose row names one
    (``Function.names_suit``: a card, a range, whose text may name suits) and no board range
    with a concrete suit. Such a query has the same values on deals whose suits are permuted
    (see ``deals.suit_classes``)."""
    for node, found in checked.types.items():
        if isinstance(node, Call) and call_function(node).names_suit:
            return False
        patterns = checked.literals[node] if found is Type.BOARD_RANGE else ()
        if any(card[1] >= 0 for pattern in patterns for card in pattern):
            return False
    return True
