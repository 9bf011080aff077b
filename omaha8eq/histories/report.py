"""A session's report: hands read and skipped, settlements checked, all-in adjusted EV per player.

:func:`allin_ev` runs the settlement check and the all-in EV of every hand of a
stream and totals them per player and unit: hands, net won, all-in adjusted net won
and luck (net won minus adjusted: positive when the player ran above expectation).
Amounts are in the site's unit; money of each currency and tournament chips are
totalled apart (a player who played both has one row per unit).
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..checks import excerpt
from ..errors import OmahaInputError, OmahaTypeError
from .allin_ev import HandEV, hand_ev
from .reader import HandStream
from .records import SCALE, Hand, Skipped
from .settlement import PotCheck, check_settlement

__all__ = ["AllinReport", "PlayerTotals", "allin_ev"]


@dataclass
class PlayerTotals:
    """One player's totals over the hands he was dealt in (amounts in the site's unit).

    Attributes:
        player: the name.
        unit: what the amounts count: a currency (``"USD"``) or ``"chips"``.
        hands: hands dealt in.
        allin_hands: hands he was in when the last all-in was called (adjusted hands).
        net: net won.
        allin_ev_net: all-in adjusted net won.
    """

    player: str
    unit: str
    hands: int = 0
    allin_hands: int = 0
    net: float = 0.0
    allin_ev_net: float = 0.0

    @property
    def luck(self) -> float:
        """``net - allin_ev_net``: above zero, the player ran above expectation."""
        return self.net - self.allin_ev_net

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict (rounded to the cent)."""
        return {
            "player": self.player,
            "unit": self.unit,
            "hands": self.hands,
            "allin_hands": self.allin_hands,
            "net": round(self.net, 2),
            "allin_ev_net": round(self.allin_ev_net, 2),
            "luck": round(self.luck, 2),
        }


@dataclass
class AllinReport:
    """What :func:`allin_ev` found.

    Attributes:
        hands_read: hands read.
        hands_skipped: hands (or stretches of text) skipped; ``skipped`` says why.
        skipped: the skipped entries (file, line, reason).
        pots_checked: pots settled from the shown cards and compared with the site's.
        pots_differing: pots where the site paid other amounts; ``differing`` lists them.
        differing: ``(hand, pot check)`` pairs of the pots that differ.
        hands: each hand's real and adjusted results, in reading order (only hands
            the chosen player was dealt in, when one was chosen).
        players: the totals per player and unit (only the chosen player's, when one
            was chosen), keyed by ``(player, unit)``.
        monte_carlo_hands: adjusted hands whose EV is a Monte Carlo estimate.
        player: the chosen player, or None.
    """

    hands_read: int = 0
    hands_skipped: int = 0
    skipped: list[Skipped] = field(default_factory=list)
    pots_checked: int = 0
    pots_differing: int = 0
    differing: list[tuple[str, PotCheck]] = field(default_factory=list)
    hands: list[HandEV] = field(default_factory=list)
    players: dict[tuple[str, str], PlayerTotals] = field(default_factory=dict)
    monte_carlo_hands: int = 0
    player: str | None = None

    def _add(self, hand: Hand) -> None:
        """Check one hand's settlement, compute its all-in EV and add it to the totals."""
        self.hands_read += 1
        check = check_settlement(hand)
        self.pots_checked += len(check.pots)
        for pot in check.differing:
            self.pots_differing += 1
            self.differing.append((hand.hand_id, pot))
        if self.player is not None and self.player not in hand.players():
            return
        ev = hand_ev(hand)
        self.hands.append(ev)
        if ev.adjusted_hand and not ev.exhaustive:
            self.monte_carlo_hands += 1
        for name in ev.net:
            if self.player is not None and name != self.player:
                continue
            totals = self.players.setdefault((name, ev.unit), PlayerTotals(name, ev.unit))
            totals.hands += 1
            totals.allin_hands += name in ev.allin_players
            totals.net += ev.net[name] / SCALE
            totals.allin_ev_net += ev.adjusted[name] / SCALE

    def focus(self) -> tuple[str, str] | None:
        """The player and unit the chart and the luck ranking follow: the chosen player,
        else the one dealt in the most hands (the hero, in a player's own files), in the
        unit of his most all-in hands (then of his most hands)."""
        rows = [t for t in self.players.values() if self.player is None or t.player == self.player]
        if not rows:
            return None
        player = max(rows, key=lambda t: t.hands).player
        return player, max((t for t in rows if t.player == player), key=lambda t: (t.allin_hands, t.hands)).unit

    def by_luck(self, player: str | None = None, unit: str | None = None) -> list[HandEV]:
        """The adjusted hands of ``player`` in ``unit`` (default :meth:`focus`), luckiest first."""
        who, unit = self._who(player, unit)
        return sorted((h for h in self.hands if who in h.allin_players and h.unit == unit), key=lambda h: -h.luck(who))

    def _who(self, player: str | None, unit: str | None) -> tuple[str, str]:
        """``player`` and ``unit``, their defaults from :meth:`focus`."""
        for value, what in ((player, "player"), (unit, "unit")):
            if value is not None and not isinstance(value, str):
                raise OmahaTypeError(f"{what}: expected a name or None, got {excerpt(value)}")
        if player is None:
            player, default_unit = self.focus() or ("", "")
        else:
            rows = [t for t in self.players.values() if t.player == player]
            default_unit = max(rows, key=lambda t: (t.allin_hands, t.hands)).unit if rows else ""
        return player, unit or default_unit

    def ranked(self) -> list[PlayerTotals]:
        """The totals, most hands first."""
        return sorted(self.players.values(), key=lambda t: (-t.hands, t.player, t.unit))

    def summary(self) -> dict[str, Any]:
        """The counts: hands read and skipped, pots checked and differing, Monte Carlo hands."""
        return {
            "hands_read": self.hands_read,
            "hands_skipped": self.hands_skipped,
            "pots_checked": self.pots_checked,
            "pots_differing": self.pots_differing,
            "allin_hands": sum(h.adjusted_hand for h in self.hands),
            "monte_carlo_hands": self.monte_carlo_hands,
        }

    def to_dict(self) -> dict[str, Any]:
        """The JSON document: summary, players (sorted by hands), differing pots,
        skipped hands, and the adjusted hands sorted by luck."""
        focus = self.focus()
        return {
            "summary": self.summary(),
            "players": [t.to_dict() for t in self.ranked()],
            "focus": None if focus is None else {"player": focus[0], "unit": focus[1]},
            "differing": [{"hand_id": h, **p.to_dict()} for h, p in self.differing],
            "skipped": [s.to_dict() for s in self.skipped],
            "hands_by_luck": [h.to_dict() for h in self.by_luck()],
        }

    def csv_text(self) -> str:
        """One row per hand and player: hand, date, player, unit, net, all-in EV net, luck, street, method."""
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(
            ["hand_id", "date", "player", "unit", "net", "allin_ev_net", "luck", "allin_street", "adjusted", "exact"]
        )
        for h in self.hands:
            for name in h.net:
                if self.player is not None and name != self.player:
                    continue
                writer.writerow(
                    [
                        h.hand_id,
                        h.date,
                        name,
                        h.unit,
                        f"{h.net[name] / SCALE:.2f}",
                        f"{h.adjusted[name] / SCALE:.4f}",
                        f"{h.luck(name) / SCALE:.4f}",
                        h.allin_street or "",
                        int(h.adjusted_hand),
                        int(h.exhaustive),
                    ]
                )
        return out.getvalue()

    def cumulative(self, player: str | None = None, unit: str | None = None) -> tuple[list[float], list[float]]:
        """The running totals of net won and all-in adjusted net won of ``player`` in
        ``unit`` (default :meth:`focus`), hand by hand."""
        who, unit = self._who(player, unit)
        net: list[float] = []
        adjusted: list[float] = []
        a = b = 0.0
        for h in self.hands:
            if who in h.net and h.unit == unit:
                a += h.net[who] / SCALE
                b += h.adjusted[who] / SCALE
                net.append(a)
                adjusted.append(b)
        return net, adjusted

    def draw(self, path: str | Path, player: str | None = None, unit: str | None = None) -> None:
        """The cumulative chart (net won and all-in adjusted, by hand) as PNG, SVG or PDF
        (by the suffix of ``path``); needs matplotlib (``pip install 'omaha8eq[plot]'``)."""
        if not isinstance(path, str | Path):
            raise OmahaTypeError(f"path: expected a file name, got {excerpt(path)}")
        if Path(path).suffix.lower() not in (".png", ".svg", ".pdf"):
            raise OmahaInputError(f"path: {excerpt(str(path))}: the chart is written as .png, .svg or .pdf")
        who, unit = self._who(player, unit)
        from matplotlib.figure import Figure  # no pyplot: no backend or global state

        net, adjusted = self.cumulative(who, unit)
        figure = Figure(figsize=(8, 4.5), layout="constrained")
        axes = figure.add_subplot()
        hands = range(1, len(net) + 1)
        axes.plot(hands, net, label="net won", color="tab:green")
        axes.plot(hands, adjusted, label="all-in adjusted", color="tab:orange")
        axes.axhline(0, color="grey", linewidth=0.8)
        axes.set_xlabel("hands")
        axes.set_ylabel(f"won ({unit})")
        axes.set_title(f"{who}: net won and all-in adjusted EV over {len(net)} hands")
        axes.grid(alpha=0.3)
        axes.legend()
        try:
            figure.savefig(path)
        except OSError as exc:
            raise OmahaInputError(f"path: {excerpt(str(path))}: cannot write the chart ({exc.strerror})") from None


def allin_ev(hands: Iterable[Hand], player: str | None = None) -> AllinReport:
    """Check every showdown's settlement and compute the all-in adjusted EV of every hand.

    Args:
        hands: hand records, e.g. :func:`omaha8eq.read_hands`'s stream (whose skipped
            hands are then counted too).
        player: only this player's totals and hands (every player by default).

    Returns:
        An :class:`AllinReport`: the summary counts, per-player totals (net won,
        all-in adjusted, luck), each hand's results, the differing pots.
    """
    if isinstance(hands, str | bytes | dict) or not isinstance(hands, Iterable):
        raise OmahaTypeError(f"hands: expected hand records (read_hands' stream or a list), got {excerpt(hands)}")
    if player is not None and not isinstance(player, str):
        raise OmahaTypeError(f"player: expected a name or None, got {excerpt(player)}")
    report = AllinReport(player=player)
    for hand in hands:
        if not isinstance(hand, Hand):
            raise OmahaTypeError(f"hands: expected hand records (read_hands' stream or a list), got {excerpt(hand)}")
        report._add(hand)
    if isinstance(hands, HandStream):
        report.skipped = list(hands.skipped)
        report.hands_skipped = len(hands.skipped)
    return report
