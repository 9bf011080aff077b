"""Double-board queries: two boards dealt from one deck, each half of the pot split on its own.

A double-board query (``game='omaha8-double'``, or ``board1=``/``board2=`` in ``from``)
reads deals whose :class:`~omaha8eq.pql.deals.DealBlock` carries a second board
(``boards2``). Both boards and every hand come from one deck, so card removal between
the boards is exact, as in ``boards_equity``:

- :func:`double_exact_blocks`: known hands only; every completion of the first board,
  and for each every completion of the second from the cards left (weights 1).
- :func:`double_sampled_blocks`: the hands and the first board are the single-board
  query's seeded deals (``deals.sampled_blocks``: same seed, same first board); the
  second board's missing cards are then drawn uniformly from each deal's unseen cards
  with a generator seeded from ``(seed, block)``, so a seed gives the same deals on any
  thread count.

:class:`DoubleBoardEvaluator` reads each board with a single-board
:class:`~omaha8eq.pql.evaluate.BlockEvaluator`, as each function's row says
(``Function.double_board``): a per-board call (``winsHi(p, board1)``, and ``tiesHi``,
``winsLo``, ``tiesLo``, ``scoops``) is that board's evaluator's answer; a whole-pot one is
this evaluator's own method: ``riverEquity(p)`` the share of the whole pot (the mean of the
two boards' shares), ``scoops(p)`` true when ``p`` scoops both boards; a function that reads
no board (``inRange``, ``handRanking``) is read as in a single-board query. The checker
refuses every function that reads one board's cards.
"""

from __future__ import annotations

from collections.abc import Iterator
from math import comb
from typing import Any

import numpy as np

from ..core.hand_isomorphism import _colex_ascending, card_masks
from ..errors import OmahaInputError
from .deals import DealBlock, sampled_blocks
from .evaluate import BlockEvaluator, call_function
from .functions import DoubleBoard
from .syntax import Call

__all__ = ["DoubleBoardEvaluator", "double_exact_blocks", "double_exact_cost", "double_sampled_blocks"]


def double_exact_cost(deal: Any, board2: tuple[int, ...]) -> int | None:
    """Deals an exact enumeration visits (both boards' completions, one deck), or None
    when a hand is random or a range (those are sampled)."""
    if len(deal.random_players) or deal.ranged:
        return None
    left = len(deal.deck)
    first, second = 5 - len(deal.spot.board), 5 - len(board2)
    return comb(left, first) * comb(left - first, second)


def _full_boards(known: tuple[int, ...], completions: np.ndarray) -> np.ndarray:
    boards = np.zeros((len(completions), 5), dtype=np.int8)
    boards[:, : len(known)] = known
    boards[:, len(known) :] = completions
    return boards


def double_exact_blocks(deal: Any, board2: tuple[int, ...], block_rows: int) -> Iterator[DealBlock]:
    """Every pair of completions of the two boards, known hands only, ``block_rows`` deals a block."""
    if len(deal.random_players) or deal.ranged:
        raise OmahaInputError(
            "exhaustive=True: a double-board query enumerates known hands only; sample ranges and random hands"
        )
    first, second = 5 - len(deal.spot.board), 5 - len(board2)
    # The deck holds neither board's known cards (board2's are the spot's dead cards). Each
    # block pairs a slice of board 1's completions with every board 2 completion sharing no
    # card with it, so the memory stays one block's whatever the enumeration's size.
    firsts = deal.deck[_colex_ascending(len(deal.deck), first)]
    seconds = deal.deck[_colex_ascending(len(deal.deck), second)]
    first_masks = card_masks(firsts).astype(np.int64)
    second_masks = card_masks(seconds).astype(np.int64)
    step = max(1, block_rows // len(seconds))
    for start in range(0, len(firsts), step):
        left, right = np.nonzero((first_masks[start : start + step, None] & second_masks[None, :]) == 0)
        n = len(left)
        yield DealBlock(
            np.repeat(deal.holes[None], n, axis=0),
            _full_boards(deal.spot.board, firsts[start + left]),
            np.ones(n, dtype=np.int64),
            _full_boards(board2, seconds[right]),
        )


def double_sampled_blocks(deal: Any, board2: tuple[int, ...], seed: int, limit: int) -> Iterator[DealBlock]:
    """Random deals with both boards: the single-board query's deals (same seed), plus the
    second board's missing cards drawn from each deal's unseen cards (see the module docstring)."""
    missing = 5 - len(board2)
    out = np.ones(52, dtype=np.bool_)  # cards no deal may put on the second board: all but the deck's
    out[deal.deck] = False
    for index, block in enumerate(sampled_blocks(deal, seed, limit)):
        n = len(block)
        used = np.repeat(out[None], n, axis=0)
        rows = np.arange(n)[:, None]
        used[rows, block.holes.reshape(n, -1)] = True
        used[rows, block.boards] = True
        # Uniform random keys, the used cards' pushed past every unused one: the smallest
        # ``missing`` keys are a uniform draw of distinct unseen cards.
        keys = np.random.default_rng([seed, index, 2]).random((n, 52))
        keys[used] = 2.0
        drawn = np.argpartition(keys, missing - 1, axis=1)[:, :missing] if missing else np.zeros((n, 0))
        yield DealBlock(block.holes, block.boards, None, _full_boards(board2, drawn.astype(np.int8)))


class DoubleBoardEvaluator(BlockEvaluator):
    """Values of a double-board query on a block with two boards (see the module docstring).
    As a :class:`BlockEvaluator` it reads the first board (the functions that read no board);
    ``boards`` holds one single-board evaluator per board (the per-board calls); it overrides
    the evaluators of the whole-pot functions (``DoubleBoard.WHOLE_POT``)."""

    def __init__(self, checked: Any, block: DealBlock) -> None:
        super().__init__(checked, block)
        assert block.boards2 is not None
        self.boards = (
            BlockEvaluator(checked, DealBlock(block.holes, block.boards, block.weights)),
            BlockEvaluator(checked, DealBlock(block.holes, block.boards2, block.weights)),
        )

    def _call(self, node: Call) -> Any:
        function = call_function(node)
        if DoubleBoard.PER_BOARD in function.double_board and len(node.arguments) == len(function.arguments) + 1:
            *arguments, board = (self.value(a) for a in node.arguments)  # the last one: board1 or board2
            return getattr(self.boards[int(board)], function.evaluator)(*arguments)
        return super()._call(node)  # the whole pot (the methods below) or no board (the checker allows no other)

    def river_equity(self, player: int) -> np.ndarray:
        """The share of the whole pot: half from each board."""
        first, second = (b.showdown() for b in self.boards)
        share: np.ndarray = (first["shares"][:, player] + second["shares"][:, player]) / (
            2.0 * float(first["denominator"])
        )
        return share

    def scoops(self, player: int) -> np.ndarray:
        """Every board scooped."""
        found: np.ndarray = np.logical_and(*(b.scoops(player) for b in self.boards))
        return found
