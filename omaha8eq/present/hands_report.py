"""A hand-history report (``omaha8eq.allin_ev``'s ``AllinReport``) as text and a table.

The text is what ``omaha8eq hands`` prints: the counts (hands read and skipped, pots
checked against the sites' payouts, all-in hands adjusted), the skipped hands and the
differing pots (the first :data:`LIST_LIMIT` of each), each player's totals (the table of
:func:`players_view`, which the HTML and the DataFrame show too), then the chosen
player's all-in hands by luck. Results are typed ``Any``: the report's module imports this one.
"""

from __future__ import annotations

from typing import Any

from .protocol import Column, View, table_lines
from .text import table

__all__ = ["LIST_LIMIT", "format_hands_report", "players_view"]

#: Lines of skipped hands and differing pots the text report lists (the JSON lists all).
LIST_LIMIT = 20


def _money(x: float) -> str:
    return f"{x:+,.2f}" if round(x, 2) else "0.00"


def players_view(report: Any) -> View:
    """One row per player and unit, most hands first: hands dealt in, all-in hands, net
    won, all-in adjusted net, luck (their difference); amounts in the site's unit."""
    columns = (
        Column("player", "Player"),
        Column("unit", "Unit"),
        Column("hands", "Hands", lambda n: f"{n:,}"),
        Column("allin_hands", "All-in", lambda n: f"{n:,}"),
        Column("net", "Net won", _money),
        Column("allin_ev_net", "All-in EV", _money),
        Column("luck", "Luck", _money),
    )
    rows = tuple((t.player, t.unit, t.hands, t.allin_hands, t.net, t.allin_ev_net, t.luck) for t in report.ranked())
    return View(columns, rows, tuple(_counts(report.summary())))


def _counts(s: dict[str, Any]) -> list[str]:
    lines = [
        f"hands read: {s['hands_read']:,}, skipped: {s['hands_skipped']:,}",
        f"pots checked: {s['pots_checked']:,}, differing from the site: {s['pots_differing']:,}",
        f"all-in hands adjusted: {s['allin_hands']:,}"
        + (f" ({s['monte_carlo_hands']:,} by Monte Carlo)" if s["monte_carlo_hands"] else " (exact)")
        + (f", {s['assumed_hands']:,} with unshown cards played as ranges" if s["assumed_hands"] else ""),
    ]
    if len(s["sites"]) > 1:
        lines.append("sites: " + ", ".join(f"{site} {n:,}" for site, n in s["sites"].items()))
    return lines


def format_hands_report(report: Any) -> str:
    """The text report: counts, skipped hands, differing pots, players, luckiest hands."""
    view = players_view(report)
    lines = list(view.notes)
    lines.extend(f"skipped: {skipped}" for skipped in report.skipped[:LIST_LIMIT])
    if len(report.skipped) > LIST_LIMIT:
        lines.append(f"skipped: ... {len(report.skipped) - LIST_LIMIT:,} more (--json lists them all)")
    for hand_id, pot in report.differing[:LIST_LIMIT]:
        paid = pot.to_dict()
        lines.append(f"differs: hand {hand_id}, {pot.name}: expected {paid['expected']}, site paid {paid['site']}")
    if view.rows:
        lines += ["", *table_lines(view)]
    focus = report.focus()
    ranked = report.by_luck(limit=LIST_LIMIT)  # a bounded heap: memory stays flat
    if focus and ranked:
        who, unit = focus
        lines += ["", f"{who}'s all-in hands by luck ({unit}):"]
        rows = [
            [
                h.hand_id,
                h.allin_street or "",
                _money(h.net[who] / 100),
                _money(h.adjusted[who] / 100),
                _money(h.luck(who) / 100),
                ", ".join(f"{p}={h.ranges[p]}" for p in h.assumed) or "known",
            ]
            for h in ranked
        ]
        lines += table(["Hand", "All-in on", "Net won", "All-in EV", "Luck", "Cards"], rows, left=(5,))
    return "\n".join(lines)
