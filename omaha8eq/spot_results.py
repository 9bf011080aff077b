"""The exact equities of many spots of known hands as arrays: :class:`SpotEquities`.

:func:`omaha8eq.equities.spot_equities` returns one: every figure of
:class:`~omaha8eq.results.PlayerEquity` that a caller of many spots reads, as a numpy
array of shape ``(spots, players)`` (per spot: shape ``(spots,)``), made from the
outcome histograms with a few numpy calls for all the spots instead of a result object
apiece. The floats are the ones :func:`omaha8eq.equities.equity` gives, bit for bit
(the same operations in the same order), and the histograms keep every count:
:meth:`SpotEquities.result` gives a spot's full :class:`~omaha8eq.results.EquityResult`.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, Any

import numpy as np

from .checks import check_int
from .games import GameChoice
from .outcomes import SHARE_FIGURES, histogram_figures
from .present.display import format_spots, spots_frame, spots_html
from .present.protocol import Shown
from .results import EquityResult

if TYPE_CHECKING:
    from .engine.spot import Spot

__all__ = ["PLAYER_FIGURES", "SpotEquities", "empty_spot_table", "spot_table"]

#: The per-player arrays of :class:`SpotEquities`, shape ``(spots, players)``.
PLAYER_FIGURES = ("equity", *SHARE_FIGURES, "quarter")


@dataclass(frozen=True, eq=False)
class SpotEquities(Shown, text=format_spots, html=spots_html, frame=spots_frame):
    """Exact equities of ``n`` spots of ``P`` known hands each (Omaha Hi-Lo, or high only).

    Printed, the first spots as a table (:func:`omaha8eq.present.display.format_spots`);
    ``to_pandas()`` gives one row per spot and player (:func:`omaha8eq.present.display.spots_frame`).

    Every per-player array has shape ``(n, P)``, float64: row ``i`` is spot ``i`` in the
    order given, column ``p`` its player ``p``; each figure is the same as
    ``equity(hands, board, dead, exhaustive=True).players[p]``'s (a share of the spot's
    ``outcomes`` boards, see :class:`~omaha8eq.results.PlayerEquity`).

    Attributes:
        equity: the mean share of the pot won (each row sums to 1).
        hi_win, hi_tie, hi_lose: the best high alone, shared, not the best.
        lo_win, lo_tie, lo_lose: a qualifying low that is the best alone, shared, not the best.
        no_low: no qualifying low of the player's own.
        scoop: the whole pot alone.
        quarter: exactly a quarter of the pot.
        nobody_low: per spot (shape ``(n,)``), the share of boards in which nobody has a
            qualifying low (1.0 in Omaha high).
        outcomes: per spot (int64, ``(n,)``), the boards counted.
        counts: the outcome histograms, int64 ``(n, P, P + 1, P + 3)``: ``counts[i, p]``
            is ``equity(...).players[p].counts`` of spot ``i`` (see ``omaha8eq.core.showdown``);
            every figure above, and every :class:`~omaha8eq.results.OutcomeCounts` field, is
            made from them.
        hilo: True for Omaha Hi-Lo, False for Omaha high.
        elapsed: wall-clock seconds the call took.
    """

    equity: np.ndarray
    hi_win: np.ndarray
    hi_tie: np.ndarray
    hi_lose: np.ndarray
    lo_win: np.ndarray
    lo_tie: np.ndarray
    lo_lose: np.ndarray
    no_low: np.ndarray
    scoop: np.ndarray
    quarter: np.ndarray
    nobody_low: np.ndarray
    outcomes: np.ndarray
    counts: np.ndarray
    hilo: bool
    elapsed: float
    # The parsed spots (hand labels, board, dead cards) and the histograms' sums, for result().
    _spots: list[Spot] = field(repr=False)
    _sums: np.ndarray = field(repr=False)

    def __len__(self) -> int:
        return len(self.outcomes)

    @property
    def players(self) -> int:
        """Players in every spot (0 for no spot)."""
        return int(self.counts.shape[1])

    @property
    def game(self) -> str | None:
        """The name of the game played (``"omaha8"``: see :mod:`omaha8eq.games`); None
        when the spots' games differ (hole sizes, no game given) or there is no spot."""
        names = {spot.game.name for spot in self._spots}
        return names.pop() if len(names) == 1 else None

    def result(self, spot: int) -> EquityResult:
        """The full :class:`~omaha8eq.results.EquityResult` of spot ``spot`` (0-based; its
        ``elapsed`` is this call's): the same as ``equity(hands, board, dead,
        exhaustive=True, game=game)`` but for ``elapsed``."""
        spot = check_int(spot, "spot", minimum=0, maximum=len(self) - 1)
        n_players = self.players
        return self._result(spot, self._sums[spot * n_players : (spot + 1) * n_players].tolist())

    def results(self) -> list[EquityResult]:
        """:meth:`result` of every spot, in order."""
        n_players = self.players
        sums = self._sums.tolist()  # one conversion for all the spots
        return [self._result(i, sums[i * n_players : (i + 1) * n_players]) for i in range(len(self))]

    def _result(self, spot: int, sums: list[list[int]]) -> EquityResult:
        from .engine.summary import build_result

        return build_result(
            self._spots[spot],
            self.counts[spot],
            int(self.outcomes[spot]),
            exhaustive=True,
            seed=None,
            started=time.perf_counter() - self.elapsed,
            sums=sums,
        )

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready document of the table: ``game``, ``hilo``, ``spots``, ``players``, per spot
        ``outcomes`` and ``nobody_low`` (lists of ``spots`` numbers), every per-player figure
        as a list of ``spots`` rows of ``players`` floats, the outcome histograms ``counts``
        (nested lists of integers: every exact figure can be rebuilt from them) and
        ``elapsed``."""
        figures = {name: getattr(self, name).tolist() for name in PLAYER_FIGURES}
        return {
            "game": self.game,
            "hilo": self.hilo,
            "spots": len(self),
            "players": self.players,
            "outcomes": self.outcomes.tolist(),
            "nobody_low": self.nobody_low.tolist(),
            **figures,
            "counts": self.counts.tolist(),
            "elapsed": self.elapsed,
        }

    def exact_equity(self, spot: int, player: int) -> Fraction:
        """The equity of ``player`` in ``spot`` (both 0-based) as an exact fraction."""
        player = check_int(player, "player", minimum=0, maximum=self.players - 1)
        return self.result(spot).players[player].exact_equity()


def spot_table(spots: list[Spot], counts: np.ndarray, outcomes: np.ndarray, started: float) -> SpotEquities:
    """The :class:`SpotEquities` of the checked ``spots`` (one player count) and their
    outcome histograms ``counts`` (int64, ``(n, P, P + 1, P + 3)``) over ``outcomes``
    boards each; ``started`` (a ``time.perf_counter()``) times the call.

    Each float is :func:`~omaha8eq.outcomes.histogram_figures`', the figures of
    :func:`~omaha8eq.results.summarize_player` for one player, bit for bit."""
    n_spots, n_players = counts.shape[:2]
    columns, sums = histogram_figures(counts)  # columns of n * P, sums (n * P, rows)
    shape = (n_spots, n_players)
    return SpotEquities(
        **{name: columns[name].reshape(shape) for name in PLAYER_FIGURES},
        nobody_low=columns["nobody_low"][::n_players],
        outcomes=outcomes,
        counts=counts,
        hilo=spots[0].game.hilo,
        elapsed=time.perf_counter() - started,
        _spots=spots,
        _sums=sums,
    )


def empty_spot_table(game: GameChoice, started: float) -> SpotEquities:
    """The :class:`SpotEquities` of no spot, for the game asked: arrays of shape ``(0, 0)``
    (``(0,)`` per spot)."""
    return SpotEquities(
        **dict.fromkeys(PLAYER_FIGURES, np.zeros((0, 0))),
        nobody_low=np.zeros(0),
        outcomes=np.zeros(0, dtype=np.int64),
        counts=np.zeros((0, 0, 1, 3), dtype=np.int64),
        hilo=game.hilo,
        elapsed=time.perf_counter() - started,
        _spots=[],
        _sums=np.zeros((0, 0), dtype=np.int64),
    )
