"""A session's report: hands read and skipped, settlements checked, all-in adjusted EV per player.

:func:`allin_ev` runs the settlement check and the all-in EV of every hand of a
stream and totals them per player and unit: hands, net won, all-in adjusted net won
and luck (net won minus adjusted: positive when the player ran above expectation).
Amounts are in the site's unit; money of each currency and tournament chips are
totalled apart (a player who played both has one row per unit). The report counts
the hands of each site, and the adjusted hands whose EV assumed a range for a player
whose cards were not shown.

Memory stays flat in the number of hands: the CSV rows, the chart's data (22 bytes a
hand and player) and the all-in hands the luck ranking lists go to temporary files as
they come (spooled to disk past a megabyte); the ranking keeps a bounded heap when a
number of hands is asked for (the text report's twenty), and the JSON document
streams its hands (:meth:`AllinReport.write_json`). With ``every_hand=False`` no hand
is kept as a record in memory.
"""

from __future__ import annotations

import csv
import heapq
import json
import os
import shutil
import struct
import tempfile
from array import array
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import IO, Any

from ..checks import check_int, excerpt
from ..errors import OmahaInputError, OmahaTypeError
from ..present.hands_report import format_hands_report, players_view
from ..present.protocol import Presented, View, fields_dict
from .allin_ev import HandEV, hand_ev
from .pot_values import check_ranges
from .reader import HandStream
from .records import SCALE, Hand, Skipped
from .settlement import HandCheck, PotCheck, check_settlement
from .store import ev_from_row, ev_to_row

__all__ = ["AllinReport", "PlayerTotals", "allin_ev"]

#: The CSV's columns, in order.
CSV_COLUMNS = (
    "hand_id", "date", "player", "unit", "net", "allin_ev_net", "luck", "allin_street", "adjusted", "exact",
    "site", "cards", "assumed", "error", "settlement",
)  # fmt: skip

#: What a hand's EV rests on, as the chart's series store it (index = code).
CARDS = ("", "known", "assumed")


class _Series:
    """Every player's hands in every unit, compactly: the chart's data, 22 bytes a hand
    and player, in a file (in memory up to a megabyte, then on disk) read back for the
    one player a chart draws."""

    RECORD = struct.Struct("<IddBB")  # key, net, adjusted (site's unit), site, cards

    def __init__(self) -> None:
        self._file = _binary_spool()
        self._keys: dict[tuple[str, str], int] = {}

    def add(self, key: tuple[str, str], net: float, adjusted: float, site: int, cards: int) -> None:
        """One hand of the player and unit ``key``."""
        index = self._keys.setdefault(key, len(self._keys))
        self._file.seek(0, 2)
        self._file.write(self.RECORD.pack(index, net, adjusted, site, cards))

    def of(self, key: tuple[str, str]) -> tuple[array[float], array[float], array[int], array[int]]:
        """The hands of ``key`` in order: net, adjusted, site and cards codes (empty when none)."""
        net, adjusted, site, cards = array("d"), array("d"), array("B"), array("B")
        index = self._keys.get(key)
        if index is None:
            return net, adjusted, site, cards
        self._file.seek(0)
        size = self.RECORD.size
        while chunk := self._file.read(size * 4096):
            for k, n, a, s, c in self.RECORD.iter_unpack(chunk):
                if k == index:
                    net.append(n)
                    adjusted.append(a)
                    site.append(s)
                    cards.append(c)
        self._file.seek(0, 2)
        return net, adjusted, site, cards


class _Spool:
    """The all-in hands' results as rows (the store's row form) in a file (in memory up
    to a megabyte, then on disk), for the luck ranking: what memory keeps is one
    offset per hand, not the hand."""

    def __init__(self) -> None:
        self._file = _binary_spool()

    def add(self, ev: HandEV) -> None:
        """Append one hand's results."""
        self._file.seek(0, 2)
        self._file.write(ev_to_row(ev).encode("utf-8") + b"\n")

    def rows(self) -> Iterator[tuple[int, HandEV]]:
        """Every hand's results with its offset, in the order added."""
        self._file.seek(0)
        offset = 0
        for line in self._file:
            yield offset, ev_from_row(line.decode("utf-8"))
            offset += len(line)
        self._file.seek(0, 2)

    def at(self, offset: int) -> HandEV:
        """The hand's results at ``offset``."""
        self._file.seek(offset)
        line = self._file.readline()
        self._file.seek(0, 2)
        return ev_from_row(line.decode("utf-8"))


def _binary_spool() -> IO[bytes]:
    """A temporary binary file: in memory up to a megabyte, then on disk (deleted when closed)."""
    return tempfile.SpooledTemporaryFile(max_size=1 << 20)


def _spool() -> IO[str]:
    """The CSV rows' file: in memory up to a megabyte, then on disk (deleted when closed)."""
    return tempfile.SpooledTemporaryFile(max_size=1 << 20, mode="w+", newline="", encoding="utf-8")


def _running(values: Iterable[float]) -> list[float]:
    total, out = 0.0, []
    for v in values:
        total += v
        out.append(total)
    return out


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
        return fields_dict(
            self, net=round(self.net, 2), allin_ev_net=round(self.allin_ev_net, 2), luck=round(self.luck, 2)
        )


@dataclass
class AllinReport(Presented):
    """What :func:`allin_ev` found.

    Attributes:
        hands_read: hands read.
        hands_skipped: hands (or stretches of text) skipped; ``skipped`` says why.
        skipped: the skipped entries (file, line, reason).
        pots_checked: pots settled from the shown cards and compared with the site's.
        pots_differing: pots where the site paid other amounts; ``differing`` lists them.
        differing: ``(hand, pot check)`` pairs of the pots that differ.
        hands: each hand's real and adjusted results, in reading order (only hands
            the chosen player was dealt in, when one was chosen; none when
            ``every_hand`` is False: the luck ranking reads the all-in hands back from
            a temporary file).
        players: the totals per player and unit (only the chosen player's, when one
            was chosen), keyed by ``(player, unit)``.
        monte_carlo_hands: adjusted hands whose EV is a Monte Carlo estimate.
        assumed_hands: adjusted hands whose EV played a player's unshown cards as a range.
        sites: the hands read from each site, by site.
        player: the chosen player, or None.
        ranges: the range of each player whose cards are not shown, by name (others: random).
        every_hand: False keeps no hand in ``hands`` (flat memory).
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
    assumed_hands: int = 0
    sites: dict[str, int] = field(default_factory=dict)
    player: str | None = None
    ranges: dict[str, str] = field(default_factory=dict)
    every_hand: bool = True
    _allin_hands: int = field(default=0, repr=False)
    _site_names: list[str] = field(default_factory=list, repr=False)
    _series: _Series = field(default_factory=_Series, repr=False)
    _allins: _Spool = field(default_factory=_Spool, repr=False)
    _rows: IO[str] = field(default_factory=_spool, repr=False)

    def __post_init__(self) -> None:
        csv.writer(self._rows, lineterminator="\n").writerow(CSV_COLUMNS)

    def _add(self, hand: Hand) -> None:
        """Check one hand's settlement, compute its all-in EV and add it to the totals."""
        check = check_settlement(hand)
        if self.player is not None and self.player not in hand.players():
            self._count(hand.site, hand.hand_id, check)  # his EV is not wanted: not computed
            return
        self.add(replace(hand_ev(hand, self.ranges), settlement=check))

    def _count(self, site: str, hand_id: str, check: HandCheck | None) -> None:
        """Count a hand read: its site, its pots checked and differing."""
        self.hands_read += 1
        self.sites[site] = self.sites.get(site, 0) + 1
        if check is None:
            return
        self.pots_checked += len(check.pots)
        for pot in check.differing:
            self.pots_differing += 1
            self.differing.append((hand_id, pot))

    def add(self, ev: HandEV) -> None:
        """Add one hand's results (its settlement check attached) to the counts and totals."""
        if not isinstance(ev, HandEV):
            raise OmahaTypeError(f"ev: expected a hand's results (HandEV, from hand_ev), got {excerpt(ev)}")
        self._count(ev.site, ev.hand_id, ev.settlement)
        if self.player is not None and self.player not in ev.net:
            return
        if self.every_hand:
            self.hands.append(ev)
        if ev.adjusted_hand:  # the hands the luck ranking lists
            self._allins.add(ev)
        if ev.adjusted_hand:
            self._allin_hands += 1
            self.monte_carlo_hands += not ev.exhaustive
            self.assumed_hands += bool(ev.assumed)
        if ev.site not in self._site_names:
            self._site_names.append(ev.site)
        site, cards = self._site_names.index(ev.site), CARDS.index(ev.cards)
        writer = csv.writer(self._rows, lineterminator="\n")
        for name in ev.net:
            if self.player is not None and name != self.player:
                continue
            net, adjusted = ev.net[name] / SCALE, ev.adjusted[name] / SCALE
            totals = self.players.setdefault((name, ev.unit), PlayerTotals(name, ev.unit))
            totals.hands += 1
            totals.allin_hands += name in ev.allin_players
            totals.net += net
            totals.allin_ev_net += adjusted
            self._series.add((name, ev.unit), net, adjusted, site, cards)
            writer.writerow(_csv_row(ev, name))

    def focus(self) -> tuple[str, str] | None:
        """The player and unit the chart and the luck ranking follow: the chosen player,
        else the one dealt in the most hands (the hero, in a player's own files), in the
        unit of his most all-in hands (then of his most hands)."""
        rows = [t for t in self.players.values() if self.player is None or t.player == self.player]
        if not rows:
            return None
        player = max(rows, key=lambda t: t.hands).player
        return player, max((t for t in rows if t.player == player), key=lambda t: (t.allin_hands, t.hands)).unit

    def by_luck(self, player: str | None = None, unit: str | None = None, limit: int | None = None) -> list[HandEV]:
        """The adjusted hands of ``player`` in ``unit`` (default :meth:`focus`), luckiest
        first (in reading order among equals); the first ``limit`` only, when given."""
        return list(self.iter_by_luck(player, unit, limit))

    def iter_by_luck(
        self, player: str | None = None, unit: str | None = None, limit: int | None = None
    ) -> Iterator[HandEV]:
        """:meth:`by_luck`, one hand at a time: memory holds a key and an offset per
        hand ranked (a heap of ``limit`` of them when a limit is given), and each hand
        is read back from the spool as it is yielded."""
        limit = None if limit is None else check_int(limit, "limit", minimum=0)
        who, unit = self._who(player, unit)
        keys = (
            (-ev.luck(who), order, offset)
            for order, (offset, ev) in enumerate(self._allins.rows())
            if who in ev.allin_players and ev.unit == unit
        )
        ranked = heapq.nsmallest(limit, keys) if limit is not None else sorted(keys)
        for _, _, offset in ranked:
            yield self._allins.at(offset)

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

    def __str__(self) -> str:
        """The report ``omaha8eq hands`` prints (:func:`~omaha8eq.present.hands_report.format_hands_report`)."""
        return format_hands_report(self)

    def view(self) -> View:
        """The players' totals: hands, all-in hands, net won, all-in EV and luck, with the
        counts under them (:func:`~omaha8eq.present.hands_report.players_view`)."""
        return players_view(self)

    def summary(self) -> dict[str, Any]:
        """The counts: hands read and skipped, pots checked and differing, all-in hands
        adjusted (by Monte Carlo, with assumed ranges), hands per site (most first)."""
        return {
            "hands_read": self.hands_read,
            "hands_skipped": self.hands_skipped,
            "pots_checked": self.pots_checked,
            "pots_differing": self.pots_differing,
            "allin_hands": self._allin_hands,
            "monte_carlo_hands": self.monte_carlo_hands,
            "assumed_hands": self.assumed_hands,
            "sites": dict(sorted(self.sites.items(), key=lambda kv: (-kv[1], kv[0]))),
        }

    def to_dict(self) -> dict[str, Any]:
        """The JSON document: summary, players (sorted by hands), differing pots,
        skipped hands, and the adjusted hands sorted by luck."""
        return {**self._document_head(), "hands_by_luck": [h.to_dict() for h in self.iter_by_luck()]}

    def write_json(self, out: IO[str], indent: int = 2) -> None:
        """:meth:`to_dict` written to ``out`` as ``json.dump`` writes it (no newline at
        the end), the hands by luck streamed one at a time, never all in memory."""
        if not callable(getattr(out, "write", None)):
            raise OmahaTypeError(f"out: expected a text stream (an open file, io.StringIO), got {excerpt(out)}")
        indent = check_int(indent, "indent", minimum=0, maximum=16)
        document = self._document_head()
        marker = "\x00hands_by_luck\x00"
        head, _, tail = json.dumps({**document, "hands_by_luck": marker}, indent=indent).partition(json.dumps(marker))
        out.write(head)
        pad = " " * (2 * indent)
        first = True
        for hand in self.iter_by_luck():
            text = json.dumps(hand.to_dict(), indent=indent).replace("\n", "\n" + pad)
            out.write(("[\n" if first else ",\n") + pad + text)
            first = False
        out.write("[]" if first else "\n" + " " * indent + "]")
        out.write(tail)

    def _document_head(self) -> dict[str, Any]:
        """:meth:`to_dict` without its ``hands_by_luck``."""
        focus = self.focus()
        return {
            "summary": self.summary(),
            "players": [t.to_dict() for t in self.ranked()],
            "focus": None if focus is None else {"player": focus[0], "unit": focus[1]},
            "ranges": dict(self.ranges),
            "differing": [{"hand_id": h, **p.to_dict()} for h, p in self.differing],
            "skipped": [s.to_dict() for s in self.skipped],
        }

    def csv_text(self) -> str:
        """One row per hand and player (:data:`CSV_COLUMNS`): hand, date, player, unit, net,
        all-in EV net, luck, street, adjusted, exact, site, cards (known or assumed), the
        assumed ranges, the error bound of a Monte Carlo EV and the settlement check."""
        self._rows.seek(0)
        text = self._rows.read()
        self._rows.seek(0, 2)
        return text

    def write_csv(self, path: str | Path) -> None:
        """:meth:`csv_text` written to ``path`` (copied from the spool, never held whole);
        an input error starting ``csv:`` when it cannot be written."""
        if not isinstance(path, str | os.PathLike):  # an int would be taken for a file descriptor
            raise OmahaTypeError(f"csv: expected a file name, got {excerpt(path)}")
        try:
            with open(path, "w", encoding="utf-8", newline="") as out:
                self._rows.seek(0)
                shutil.copyfileobj(self._rows, out)
        except (OSError, ValueError) as exc:  # ValueError: a NUL in the name
            raise OmahaInputError(
                f"csv: cannot write {excerpt(str(path))}: {getattr(exc, 'strerror', None) or exc}"
            ) from None
        finally:
            self._rows.seek(0, 2)

    def cumulative(self, player: str | None = None, unit: str | None = None) -> tuple[list[float], list[float]]:
        """The running totals of net won and all-in adjusted net won of ``player`` in
        ``unit`` (default :meth:`focus`), hand by hand."""
        net, adjusted, _, _ = self._series.of(self._who(player, unit))
        return _running(net), _running(adjusted)

    def draw(self, path: str | Path, player: str | None = None, unit: str | None = None) -> None:
        """The cumulative chart as PNG, SVG or PDF (by the suffix of ``path``); needs
        matplotlib (``pip install 'omaha8eq[plot]'``).

        Above, by hand: net won, all-in adjusted, and all-in adjusted where every card
        was known (hands whose EV assumed a range kept at their real result). Below,
        when the hands come from more than one site: each site's net won and all-in
        adjusted over its own hands."""
        if not isinstance(path, str | Path):
            raise OmahaTypeError(f"path: expected a file name, got {excerpt(path)}")
        if Path(path).suffix.lower() not in (".png", ".svg", ".pdf"):
            raise OmahaInputError(f"path: {excerpt(str(path))}: the chart is written as .png, .svg or .pdf")
        who, unit = self._who(player, unit)
        from matplotlib.figure import Figure  # no pyplot: no backend or global state

        net, adjusted, site_codes, cards = self._series.of((who, unit))
        sites = sorted(set(site_codes), key=list(site_codes).index)
        figure = Figure(figsize=(8, 4.5 if len(sites) < 2 else 8), layout="constrained")
        axes = figure.add_subplot(2 if len(sites) > 1 else 1, 1, 1)
        hands = range(1, len(net) + 1)
        known = CARDS.index("known")
        axes.plot(hands, _running(net), label="net won", color="tab:green")
        axes.plot(hands, _running(adjusted), label="all-in adjusted", color="tab:orange")
        if CARDS.index("assumed") in cards:
            rows = zip(net, adjusted, cards, strict=True)
            only_known = (a if c == known else n for n, a, c in rows)
            axes.plot(hands, _running(only_known), label="all-in adjusted, all cards known", color="tab:blue",
                      linestyle="--")  # fmt: skip
        names = [self._site_names[i] for i in sites]
        where = f" at {names[0]}" if len(names) == 1 else ""
        axes.set_title(f"{who}{where}: net won and all-in adjusted EV over {len(net)} hands")
        _style(axes, unit)
        if len(sites) > 1:
            below = figure.add_subplot(2, 1, 2)
            for colour, (site, name) in enumerate(zip(sites, names, strict=True)):
                mine = [i for i, s in enumerate(site_codes) if s == site]
                x = range(1, len(mine) + 1)
                below.plot(x, _running(net[i] for i in mine), color=f"C{colour}", label=f"{name}: net won")
                below.plot(x, _running(adjusted[i] for i in mine), color=f"C{colour}", linestyle="--",
                           label=f"{name}: all-in adjusted")  # fmt: skip
            below.set_title("by site, over each site's hands")
            _style(below, unit)
        try:
            figure.savefig(path)
        except OSError as exc:
            raise OmahaInputError(f"path: {excerpt(str(path))}: cannot write the chart ({exc.strerror})") from None


def _style(axes: Any, unit: str) -> None:
    axes.axhline(0, color="grey", linewidth=0.8)
    axes.set_xlabel("hands")
    axes.set_ylabel(f"won ({unit})")
    axes.grid(alpha=0.3)
    axes.legend()


def _csv_row(h: HandEV, name: str) -> list[Any]:
    return [
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
        h.site,
        h.cards,
        " ".join(f"{p}={h.ranges[p]}" for p in h.assumed),
        f"{h.error[name] / SCALE:.4f}" if name in h.error else "",
        "" if h.settlement is None else h.settlement.status,
    ]


def allin_ev(
    hands: Iterable[Hand],
    player: str | None = None,
    *,
    ranges: Mapping[str, str] | None = None,
    store: str | Path | None = None,
    every_hand: bool = True,
) -> AllinReport:
    """Check every showdown's settlement and compute the all-in adjusted EV of every hand.

    Args:
        hands: hand records, e.g. :func:`omaha8eq.read_hands`'s stream (whose skipped
            hands are then counted too).
        player: only this player's totals and hands (every player by default).
        ranges: by name, the range a player whose cards were not shown is played as
            (``"random"``, the default for everyone, or a range expression such as
            ``"AA**"``).
        store: a file (SQLite) keeping what was read: a later run over the same
            sources reads only the files, or the ends of files, that are new
            (:mod:`omaha8eq.histories.store`). ``hands`` must then be
            :func:`omaha8eq.read_hands`'s stream, not yet read.
        every_hand: False keeps no hand as a record in ``report.hands`` (the totals,
            chart, CSV and luck ranking still cover every hand): flat memory.

    Returns:
        An :class:`AllinReport`: the summary counts, per-player totals (net won,
        all-in adjusted, luck), each hand's results, the differing pots.
    """
    if isinstance(hands, str | bytes | dict) or not isinstance(hands, Iterable):
        raise OmahaTypeError(f"hands: expected hand records (read_hands' stream or a list), got {excerpt(hands)}")
    if player is not None and not isinstance(player, str):
        raise OmahaTypeError(f"player: expected a name or None, got {excerpt(player)}")
    if not isinstance(every_hand, bool):
        raise OmahaTypeError(f"every_hand: expected True or False, got {excerpt(every_hand)}")
    report = AllinReport(player=player, ranges=check_ranges(ranges), every_hand=every_hand)
    if store is not None:
        from .incremental import read_into

        if not isinstance(hands, HandStream) or hands.started:
            raise OmahaInputError("store: give read_hands(...)'s stream, not yet read, as hands")
        read_into(report, hands, store)
    else:
        for hand in hands:
            if not isinstance(hand, Hand):
                raise OmahaTypeError(
                    f"hands: expected hand records (read_hands' stream or a list), got {excerpt(hand)}"
                )
            report._add(hand)
    if isinstance(hands, HandStream):
        report.skipped = list(hands.skipped)
        report.hands_skipped = len(hands.skipped)
    return report
