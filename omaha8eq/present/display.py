"""Results as text, HTML and DataFrames: what ``print(result)``, a notebook and the CLI show.

The result classes (:mod:`omaha8eq.results`, :mod:`omaha8eq.spot_results`) keep only
thin methods (``__str__``, ``_repr_html_``, ``to_pandas``) that call the functions here,
so that the command line and Python show the same table:

- :func:`format_equity`: the CLI's equity report (the table, the board, the method and
  its time), which is also ``str(EquityResult)``;
- :func:`equity_html`: the same table as HTML, for Jupyter;
- :func:`equity_frame`, :func:`hands_frame`, :func:`spots_frame`: pandas DataFrames of
  the players, of a range's hands and of many spots (pandas is imported only when one
  of them is called: ``pip install 'omaha8eq[pandas]'``).

A range's row is marked with its size, "AA:$ds (range, 864 hands)", so that a
mistyped hand read as a range cannot pass for a hand. This module imports nothing
heavy (the CLI's parser loads it): numpy, pandas and the engine are imported inside
the functions that need them. Results are typed ``Any`` here because the result
modules import this one (their methods delegate to it).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .protocol import Column, View, html_table, pandas_module, preformatted_html, table_lines, view_html
from .text import percent, seconds, table

__all__ = [
    "EQUITY_COLUMNS",
    "HAND_COLUMNS",
    "PLAYER_COLUMNS",
    "SHOWN_SPOTS",
    "SPOT_FIGURES",
    "EquityColumn",
    "counterfeit_view",
    "equity_frame",
    "equity_html",
    "format_counterfeit",
    "format_equity",
    "format_spots",
    "hand_label",
    "hands_frame",
    "percent",
    "preformatted_html",
    "range_sizes",
    "seconds",
    "spots_frame",
    "spots_html",
    "table",
]


def hand_label(hand: str, size: int | None) -> str:
    """A player's hand as the tables show it: a range marked with its size.

    >>> hand_label("AA:$ds", 864), hand_label("KsKhQd[J]", 1), hand_label("As Ah 2c 3d", None)
    ('AA:$ds (range, 864 hands)', 'KsKhQd[J] (range, 1 hand)', 'As Ah 2c 3d')
    """
    if size is None:
        return hand
    return f"{hand} (range, {size:,} hand{'' if size == 1 else 's'})"


@dataclass(frozen=True)
class EquityColumn:
    """One per-player column of an equity result, and where it is shown.

    Attributes:
        column: its key (the field of ``PlayerEquity`` / ``HandEquity`` it reads), its
            header and how the tables write a value.
        player: a field of ``PlayerEquity``: a column of :func:`equity_frame` and of
            ``EquityResult.to_dict()``'s players (:data:`PLAYER_COLUMNS`).
        hand: a field of ``HandEquity``: a column of :func:`hands_frame`
            (:data:`HAND_COLUMNS`).
        player_table: shown in the players' text and HTML table.
        hand_table: shown in a range's hands' text table (when the run counted it).
        low: a figure of the low half: the tables show it in hi-lo games only.
        sampled: the tables show it after a Monte Carlo run only.
        spots: an array of ``SpotEquities`` too (:data:`SPOT_FIGURES`, its
            ``PLAYER_FIGURES``): a figure of the outcome histogram it declares.
    """

    column: Column
    spots: bool = False
    player: bool = True
    hand: bool = False
    player_table: bool = False
    hand_table: bool = False
    low: bool = False
    sampled: bool = False


def _plus_minus(value: float) -> str:
    return f"± {percent(value)}"


def _dealt(value: float) -> str:
    # A hand of a wide range is dealt a few thousandths of a percent of the time.
    return f"{100 * value:.3g}"


def _share(value: float | None) -> str:
    return percent(value or 0.0)


def _figure(key: str, header: str, **where: bool) -> EquityColumn:
    """A figure's column, written as a percentage: by default a field of both results
    and an array of ``SpotEquities``."""
    return EquityColumn(Column(key, header, _share), **{"spots": True, "hand": True, **where})


#: Every per-player column of an equity result, in order: the one list that the text and
#: HTML tables, the DataFrames and the JSON players (``EquityResult.to_dict()``) read.
EQUITY_COLUMNS = (
    _figure("equity", "Equity %", player_table=True, hand_table=True),
    EquityColumn(Column("equity_stderr", "± s.e.", _plus_minus), player_table=True, sampled=True),
    EquityColumn(Column("frequency", "Dealt %", _dealt), player=False, hand=True, hand_table=True),
    _figure("hi_win", "Win hi %", player_table=True, hand_table=True),
    _figure("hi_tie", "Tie hi %", player_table=True, hand_table=True),
    _figure("hi_lose", "Lose hi %", hand=False),
    _figure("lo_win", "Win lo %", player_table=True, hand_table=True, low=True),
    _figure("lo_tie", "Tie lo %", player_table=True, hand_table=True, low=True),
    _figure("lo_lose", "Lose lo %", hand=False, low=True),
    _figure("no_low", "No low %", hand_table=True, low=True),
    _figure("scoop", "Scoop %", player_table=True, hand_table=True),
    _figure("quarter", "Quarter %", player_table=True, hand_table=True),
)
#: The per-player columns of :func:`equity_frame` and of the JSON players (the fields of ``PlayerEquity``).
PLAYER_COLUMNS = tuple(c.column.key for c in EQUITY_COLUMNS if c.player)
#: The per-hand columns of :func:`hands_frame` (the fields of ``HandEquity``).
HAND_COLUMNS = tuple(c.column.key for c in EQUITY_COLUMNS if c.hand)


def _table_columns(with_low: bool, sampled: bool, hands: bool = False) -> tuple[Column, ...]:
    """The columns of the players' table (``hands``: of a range's hands' table) of a run:
    the low half's only ``with_low`` (the result's game has one), the standard errors only
    when ``sampled``."""
    return tuple(
        c.column
        for c in EQUITY_COLUMNS
        if (c.hand_table if hands else c.player_table) and (with_low or not c.low) and (sampled or not c.sampled)
    )


def range_sizes(result: Any) -> list[int | None]:
    """For each player of an ``EquityResult``: the number of hands its range holds
    once the known cards are removed (``PlayerEquity.range_hands``), or None for a
    known hand or ``random``."""
    return [p.range_hands for p in result.players]


def format_equity(
    result: Any, stderr_target: float | None = None, by_hand: int = 0, compiling: float = 0.0, loading: float = 0.0
) -> str:
    """The text report of an ``EquityResult`` (the CLI's, and ``str(result)``): the
    table, then what was computed and how, then (``by_hand`` > 0) the best and worst
    ``by_hand`` hands of each range. ``compiling`` and ``loading``: the seconds of
    ``result.elapsed`` spent compiling kernels for first use (see
    :func:`omaha8eq.core.registry.compile_seconds`) and loading them from the disk cache
    (``omaha8eq.cli.startup.loading_seconds``), each reported apart from the work's."""
    lines = table_lines(_equity_view(result))
    lines.append("")
    lines += _equity_notes(result, stderr_target, compiling, loading)
    if result.by_next_card:
        lines.append("")
        lines += _next_card_lines(result)
    for number, p in enumerate(result.players, start=1):
        if p.by_hand and by_hand:
            lines.append("")
            lines += _hand_lines(number, p, by_hand, result.hilo)
    return "\n".join(lines)


def _equity_view(result: Any, notes: Sequence[str] = ()) -> View:
    """An ``EquityResult``'s table, one row per player (the hand, then the columns of
    :data:`EQUITY_COLUMNS` its tables show), with ``notes`` under it."""
    columns = (Column("hand", "Hand"), *_table_columns(result.hilo, not result.exhaustive))
    rows = tuple(
        (hand_label(p.hand, size), *(getattr(p, c.key) for c in columns[1:]))
        for p, size in zip(result.players, range_sizes(result), strict=True)
    )
    return View(columns, rows, tuple(notes))


def _equity_notes(
    result: Any, stderr_target: float | None = None, compiling: float = 0.0, loading: float = 0.0
) -> list[str]:
    """The lines under the table: the board, the dead cards, how often nobody has a low,
    the method with its size and the work's time (and the time spent compiling and
    loading kernels, if any: a run's first call does either, and its time is mostly that)."""
    took = f"{seconds(max(result.elapsed - compiling - loading, 0.0))} s"
    if compiling >= 0.005:
        took += f", plus {seconds(compiling)} s compiling kernels for first use"
    if loading >= 0.005:
        took += f", plus {seconds(loading)} s loading compiled kernels"
    lines = []
    if result.board:
        lines.append(f"Board: {result.board}")
    if result.dead:
        lines.append(f"Dead: {result.dead}")
    noun = "deals" if any(p.hand == "random" for p in result.players) else "boards"
    if result.hilo:
        lines.append(f"No low: {percent(result.nobody_low)}% of {noun}")
    if result.exhaustive:
        counted = noun if result.outcomes != 1 else noun[:-1]
        lines.append(f"Exact: enumerated {result.outcomes:,} {counted} in {took}")
    else:
        target = "" if stderr_target is None else f" (standard error target {percent(stderr_target)}%)"
        lines.append(f"Monte Carlo: {result.outcomes:,} samples, seed {result.seed}{target}, in {took}")
        if result.target_met is False:
            lines.append(
                f"Standard error target not met: stopped at the maximum of {result.outcomes:,} samples "
                "(ask for a larger standard error)"
            )
    if not result.hilo:
        lines.append("Omaha high")
    return lines


def _next_card_lines(result: Any) -> list[str]:
    """The next-card table: per card, how often it comes and both players' equity and scoop."""
    cards = result.by_next_card or ()
    header = ["Card", "Dealt %", "Equity 1 %", "Equity 2 %", "Scoop 1 %", "Scoop 2 %"]
    rows = [[c.card, percent(c.frequency), *map(percent, c.equity), *map(percent, c.scoop)] for c in cards]
    street = "turn" if len(result.board.split()) == 3 else "river"
    return [f"By {street} card ({len(cards)} cards), best for hand 1 first:", *table(header, rows)]


def _hand_lines(number: int, player: Any, n: int, with_low: bool) -> list[str]:
    """A range's best and worst ``n`` hands with their breakdown (when known), then its deciles."""
    hands: Sequence[Any] = player.by_hand or ()
    shown = list(hands) if len(hands) <= 2 * n else [*hands[:n], None, *hands[-n:]]
    what = f"all {len(hands):,} hands"
    if len(hands) > 2 * n:
        what = f"the best {n} and the worst {n} of {len(hands):,} hands"
    # After a Monte Carlo run the breakdown is unknown (None): its columns are left out.
    columns = [c for c in _table_columns(with_low, False, hands=True) if getattr(hands[0], c.key) is not None]
    header = ["Hand", *(c.header for c in columns)]
    rows = [
        ["..."] + [""] * len(columns) if h is None else [h.hand, *(c.write(getattr(h, c.key)) for c in columns)]
        for h in shown
    ]
    deciles = " ".join(percent(d) for d in player.deciles())
    return [
        f"Hand {number} ({player.hand}): {what}",
        *table(header, rows),
        f"Equity deciles (10% to 90% of the range, worst first): {deciles}",
    ]


def equity_html(result: Any) -> str:
    """An ``EquityResult`` as HTML (Jupyter's ``_repr_html_``): the table and the notes
    of :func:`format_equity`."""
    return view_html(_equity_view(result, _equity_notes(result)))


def equity_frame(result: Any) -> Any:
    """An ``EquityResult`` as a pandas DataFrame: one row per player (index ``player``,
    1-based), the columns ``hand``, ``range_hands`` (the range's size, missing for a
    known hand) and :data:`PLAYER_COLUMNS` as fractions (0.5 is 50%)."""
    pd = pandas_module()
    sizes = range_sizes(result)
    frame = pd.DataFrame(
        {
            "hand": [p.hand for p in result.players],
            "range_hands": pd.array(sizes, dtype="Int64"),
            **{name: [float(getattr(p, name)) for p in result.players] for name in PLAYER_COLUMNS},
        },
        index=pd.RangeIndex(1, len(result.players) + 1, name="player"),
    )
    return frame


def hands_frame(player: Any) -> Any:
    """A range's per-hand results (``PlayerEquity.by_hand``, from ``equity(...,
    by_hand=True)``) as a pandas DataFrame: one row per hand, best equity first, the
    columns ``hand`` and :data:`HAND_COLUMNS` (fractions; a breakdown column missing
    when the run did not count it). Raises ``ValueError`` without per-hand results."""
    if not player.by_hand:
        raise ValueError(f"{player.hand}: no per-hand results (a range, with equity(..., by_hand=True))")
    pd = pandas_module()
    hands = player.by_hand
    columns = {name: [getattr(h, name) for h in hands] for name in HAND_COLUMNS}
    return pd.DataFrame(
        {"hand": [h.hand for h in hands], **{k: pd.array(v, dtype="Float64") for k, v in columns.items()}}
    )


def spots_frame(spots: Any) -> Any:
    """A ``SpotEquities`` as a long pandas DataFrame: one row per spot and player, the
    columns ``spot`` and ``player`` (0-based, as ``SpotEquities.result`` counts them),
    ``hand``, ``board``, ``dead``, ``equity`` ... ``quarter`` (fractions), then the
    spot's ``nobody_low`` and ``outcomes``."""
    import numpy as np

    from ..cards import format_cards

    pd = pandas_module()
    n, players = len(spots), spots.players
    labels = [[seat.label for seat in spot.seats] for spot in spots._spots]
    return pd.DataFrame(
        {
            "spot": np.repeat(np.arange(n), players),
            "player": np.tile(np.arange(players), n),
            "hand": [label for row in labels for label in row],
            "board": np.repeat([format_cards(s.board) for s in spots._spots], players),
            "dead": np.repeat([format_cards(s.dead) for s in spots._spots], players),
            **{name: getattr(spots, name).reshape(-1) for name in SPOT_FIGURES},
            "nobody_low": np.repeat(spots.nobody_low, players),
            "outcomes": np.repeat(spots.outcomes, players),
        }
    )


#: The per-player arrays of ``SpotEquities`` that :func:`spots_frame` shows: the figures
#: among :data:`PLAYER_COLUMNS` (``SpotEquities.PLAYER_FIGURES``; a test holds them equal).
SPOT_FIGURES = tuple(c.column.key for c in EQUITY_COLUMNS if c.spots)
#: Spots that ``str(SpotEquities)`` lists (the rest are counted).
SHOWN_SPOTS = 10


def _spot_rows(spots: Any) -> tuple[list[str], list[list[str]]]:
    from ..cards import format_cards

    header = ["Spot", "Hand", "Board", "Equity %", "Scoop %"]
    rows = []
    for i, spot in enumerate(spots._spots[:SHOWN_SPOTS]):
        for p, seat in enumerate(spot.seats):
            first = p == 0
            rows.append(
                [
                    str(i) if first else "",
                    seat.label,
                    format_cards(spot.board) if first else "",
                    percent(spots.equity[i, p]),
                    percent(spots.scoop[i, p]),
                ]
            )
    return header, rows


def _spot_notes(spots: Any) -> list[str]:
    more = len(spots) - SHOWN_SPOTS
    game = "Omaha Hi-Lo" if spots.hilo else "Omaha high"
    return [
        *([f"... and {more:,} more spots (to_pandas() has them all)"] if more > 0 else []),
        f"{len(spots):,} spots of {spots.players} players, {game}, exact, in {seconds(spots.elapsed)} s",
    ]


def format_spots(spots: Any) -> str:
    """``str(SpotEquities)``: the first :data:`SHOWN_SPOTS` spots, each player's equity
    and scoop, then how many spots there are."""
    header, rows = _spot_rows(spots)
    return "\n".join([*table(header, rows, left=(0, 1, 2)), "", *_spot_notes(spots)])


def spots_html(spots: Any) -> str:
    """``SpotEquities`` as HTML (Jupyter): the table of :func:`format_spots`."""
    header, rows = _spot_rows(spots)
    return html_table(header, rows, _spot_notes(spots))


# ---------------------------------------------------------------------------
# counterfeit reports
# ---------------------------------------------------------------------------

_TO_COME = {"preflop": "5 cards to come", "flop": "2 cards to come", "turn": "1 card to come"}
_NEXT = {"flop": "turn", "turn": "river"}
_LOWBALL_ORDER = "A23456789TJQK"  # next cards are listed by rank, ace low (suits never matter)


def _group_label(card: Any, street: str) -> str:
    parts = ["counterfeits"] if card.counterfeits else []
    if card.low is None:
        parts.append("no low yet" if street == "flop" else "no low")
    else:
        parts.append(f"{card.low}, {'the nut low' if card.nut_low else 'not the nut low'}")
    return ", ".join(parts)


def _counterfeit_next_lines(report: Any) -> list[str]:
    """The next cards grouped by effect (counterfeits first, then the best lows), by rank."""
    groups: dict[tuple[bool, bool, int, bool], list[str]] = {}
    labels: dict[tuple[bool, bool, int, bool], str] = {}
    for card in report.next_cards:
        key = (not card.counterfeits, card.low is None, -(card.low.value if card.low else 0), not card.nut_low)
        groups.setdefault(key, []).append(card.card)
        labels[key] = _group_label(card, report.street)
    width = max(len(label) for label in labels.values())
    lines = [f"Next card ({_NEXT[report.street]}), {len(report.next_cards)} possible:"]
    for key in sorted(groups):
        ranks = sorted((card[0] for card in groups[key]), key=_LOWBALL_ORDER.index)
        count = f"({len(ranks)} card{'s' if len(ranks) != 1 else ''})"
        lines.append(f"  {(labels[key] + ':').ljust(width + 1)} {' '.join(ranks)} {count}")
    return lines


def _percent_or_na(value: Any) -> str:
    return "n/a" if value is None else percent(float(value))


def _runouts_text(report: Any) -> str:
    """ "990 runouts", or with ranges "297,660 weighted runouts of 363 range deals"."""
    if report.combinations == 1:
        return f"{report.runouts:,} runouts"
    return f"{report.runouts:,} weighted runouts of {report.combinations:,} range deals"


def counterfeit_view(report: Any) -> View:
    """A ``CounterfeitReport``'s probabilities (and equities, against opponents): one row
    per figure, as a float and as the exact fraction (None where it does not exist)."""
    exact = report.exact
    figures = [
        ("Counterfeited", exact.p_counterfeit),
        ("Low", exact.p_low),
        ("Nut low", exact.p_nut_low),
        ("Low if counterfeited", exact.p_low_if_counterfeited),
        ("Nut low if counterfeited", exact.p_nut_low_if_counterfeited),
    ]
    if report.opponents:
        figures += [
            ("Equity", exact.equity),
            ("Equity if counterfeited", exact.equity_if_counterfeited),
            ("Equity if not counterfeited", exact.equity_if_not_counterfeited),
        ]
    columns = (
        Column("figure", ""),
        Column("value", "%", _percent_or_na),
        Column("exact", "Exact", lambda value: "n/a" if value is None else str(value), left=True),
    )
    rows = tuple((name, None if value is None else float(value), value) for name, value in figures)
    return View(columns, rows)


def format_counterfeit(report: Any) -> str:
    """The text report of a ``CounterfeitReport`` (the CLI's, and ``str(report)``): the
    spot, the probabilities table, the next cards, the method."""
    from ..cards import format_cards, format_hand

    lines = [f"Hand: {report.hand}"]
    lines.append(
        f"Board: {report.board or '(none)'} ({report.street}: {_TO_COME[report.street]}, {_runouts_text(report)})"
    )
    if report.dead:
        lines.append(f"Dead: {report.dead}")
    if report.opponents:
        lines.append(f"Vs: {', '.join(report.opponents)}")
    if report.street != "preflop":
        if report.low is None:
            lines.append("Low now: none")
        else:
            nut = "the nut low" if report.low_is_nut else "not the nut low"
            lines.append(
                f"Low now: {report.low}, {nut} ({format_cards(report.low.hole_used)} + "
                f"{format_cards(report.low.board_used)})"
            )
    if report.low_cards:
        kind = "low" if report.low is not None else "low draw"
        written = format_hand(report.low_cards)
        ranks = " or ".join(dict.fromkeys(card[0] for card in written.split()))
        lines.append(f"Low cards: {written} (the {kind}; counterfeited by any {ranks} to come)")
    if report.reason:
        lines.append(f"Note: {report.reason}")
    lines.append("")
    lines += table_lines(counterfeit_view(report))
    if report.next_cards:
        lines.append("")
        lines += _counterfeit_next_lines(report)
    lines.append("")
    lines.append(f"Exact: counted {_runouts_text(report)} in {report.elapsed:.2f} s")
    return "\n".join(lines)
