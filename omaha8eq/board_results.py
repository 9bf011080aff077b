"""The result of an equity run with several boards: double board, or a board run N times.

Each board (or run) plays for an equal part of the pot, split hi/lo on its own. A
player's total equity is the mean over the boards of the board's equity; what the
boards add is how the pot share of one deal is distributed: 0, 1/8, 1/4, ... 1 with
two hi-lo boards (other fractions when hands tie three ways or more).

Every fraction below is an integer count divided by ``outcomes`` (deals enumerated or
sampled); the counts are fields too, and the exact fractions come on request
(:meth:`BoardsPlayer.exact_equity`, :meth:`BoardsPlayer.share_fractions`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from .checks import check_flag
from .present.boards import boards_view
from .present.protocol import Presented, View
from .results import EquityResult, PlayerEquity, run_fields

__all__ = ["BoardsPlayer", "BoardsResult"]


@dataclass(frozen=True)
class BoardsPlayer:
    """One player's results over all the boards.

    Attributes:
        hand: the hand as given, in text, or "random".
        equity: the mean share of the whole pot won; the players' equities sum to 1.
        equity_stderr: standard error of ``equity`` (0.0 when exhaustive).
        boards: the player's results on each board (or run) in order, each for that
            board's own part of the pot: the full hi/lo breakdown of
            :class:`~omaha8eq.results.PlayerEquity` (``boards[0].hi_win``,
            ``boards[1].scoop``, ... and the integer ``outcome_counts``).
        scoop_all: the share of deals in which the player scoops every board (the whole
            pot, alone).
        scoop_one: the share of deals in which the player scoops exactly one board.
        scooped: ``scooped[k]``: the deals (a count) in which the player scooped exactly
            ``k`` boards, k = 0 .. number of boards.
        share_counts: each share of the whole pot won (a Fraction) mapped to its deals
            (a count, 0 included); the counts sum to ``outcomes``.
        outcomes: the deals counted.
    """

    hand: str
    equity: float
    equity_stderr: float
    boards: tuple[PlayerEquity, ...] = field(repr=False)
    scoop_all: float
    scoop_one: float
    scooped: tuple[int, ...]
    share_counts: dict[Fraction, int] = field(repr=False)
    outcomes: int

    def exact_equity(self) -> Fraction:
        """The equity as an exact fraction of the counts (exact when enumerated)."""
        return sum((share * count for share, count in self.share_counts.items()), Fraction(0)) / self.outcomes

    def share_fractions(self) -> dict[Fraction, Fraction]:
        """Each pot share won mapped to how often it is won, as exact fractions, largest share first."""
        return {
            share: Fraction(count, self.outcomes) for share, count in sorted(self.share_counts.items(), reverse=True)
        }

    @property
    def shares(self) -> dict[Fraction, float]:
        """Each pot share won mapped to how often it is won (floats summing to 1), largest share first."""
        return {share: count / self.outcomes for share, count in sorted(self.share_counts.items(), reverse=True)}

    @property
    def share_stdev(self) -> float:
        """The standard deviation of the pot share of one deal: how much running it more
        times (or a second board) narrows the result, the equity staying the same."""
        mean = self.exact_equity()
        variance = sum(((share - mean) ** 2 * count for share, count in self.share_counts.items()), Fraction(0))
        return math.sqrt(variance / self.outcomes)

    def to_dict(self, exhaustive: bool = False) -> dict[str, Any]:
        """A JSON-ready dict: the fields above (``boards`` as ``EquityResult.to_dict``'s
        players, shares keyed "1/8" etc.), with ``exact`` fractions when ``exhaustive``."""
        exhaustive = check_flag(exhaustive, "exhaustive")
        return {
            "hand": self.hand,
            "equity": self.equity,
            **({"exact": {"equity": str(self.exact_equity())}} if exhaustive else {}),
            "equity_stderr": self.equity_stderr,
            "share_stdev": self.share_stdev,
            "scoop_all": self.scoop_all,
            "scoop_one": self.scoop_one,
            "scooped": list(self.scooped),
            "shares": {str(k): v for k, v in self.shares.items()},
            "share_counts": {str(k): v for k, v in sorted(self.share_counts.items(), reverse=True)},
        }


@dataclass(frozen=True)
class BoardsResult(Presented):
    """The result of :func:`omaha8eq.boards.boards_equity` (double board, or running it N times).

    Attributes:
        players: one :class:`BoardsPlayer` per hand, in the order given.
        boards: one :class:`~omaha8eq.results.EquityResult` per board (or run), in
            order: each board's known cards (``boards[b].board``) and every player's
            results on it, for that board's part of the pot.
        kind: ``"board"`` for several boards (double board), ``"run"`` for one board run
            N times; the JSON document names them "board 1", "run 2", ...
        game: the game's name (``"omaha8"``, ``"omahahi5"``, ...).
        dead: the dead cards, as text.
        outcomes: the deals counted: tuples of board completions enumerated, or samples.
        exhaustive: True if every deal was enumerated (exact), False for Monte Carlo.
        seed: the Monte Carlo seed used (None when exhaustive).
        elapsed: wall-clock seconds spent.
        hilo: True for Omaha Hi-Lo, False for Omaha high.
    """

    players: list[BoardsPlayer]
    boards: tuple[EquityResult, ...] = field(repr=False)
    kind: str
    game: str
    dead: str
    outcomes: int
    exhaustive: bool
    seed: int | None
    elapsed: float
    hilo: bool

    def names(self) -> list[str]:
        """The boards' names: "board 1", "board 2" or "run 1", "run 2", ..."""
        return [f"{self.kind} {b}" for b in range(1, len(self.boards) + 1)]

    def view(self) -> View:
        """One row per hand: its total equity, its equity on each board, scoops of all and
        of one, the pot share's standard deviation; under it the shares, boards and method."""
        return boards_view(self)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict: the settings, each board's result (``EquityResult.to_dict``,
        named) and each player's totals (:meth:`BoardsPlayer.to_dict`)."""
        return {
            "game": self.game,
            "kind": self.kind,
            **run_fields(self),
            "boards": [
                {"name": name, **board.to_dict()} for name, board in zip(self.names(), self.boards, strict=True)
            ],
            "players": [p.to_dict(self.exhaustive) for p in self.players],
        }
