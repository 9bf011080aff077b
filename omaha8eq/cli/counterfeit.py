"""The ``omaha8eq counterfeit`` command: counterfeit and low-draw odds of one hand.

Usage::

    omaha8eq counterfeit HAND [--board B] [--dead D] [--vs HAND|RANGE ...] [--json]

Prints, exactly over every runout, how likely the hand's low is counterfeited, how
likely it ends with a low and with the nut low (overall and given the counterfeit),
with ``--vs`` its equity against the given hands or ranges over all runouts, the
counterfeit ones and the others, and, on a flop or turn, the next cards grouped by
what they do. With ranges every count is over the joint deals of the ranges' hands
and the runouts, weighted. See :func:`omaha8eq.counterfeit_odds` for the
definitions. Examples::

    omaha8eq counterfeit As2cKhKd --board 4d6h8s
    omaha8eq counterfeit As2c3h4d                       # preflop
    omaha8eq counterfeit As2cKhKd --board 4d6h8s --vs Ac3cQdJd --json
    omaha8eq counterfeit As2cKhKd --board 4d6h8s --vs "AA2*" "KK:$ds"
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from ..cards import format_cards
from .common import EXIT_OK, Subparsers, add_command, emit, emit_json, percent
from .progress import ProgressBar
from .startup import loading_engine

if TYPE_CHECKING:
    from fractions import Fraction

    from ..counterfeit import CounterfeitReport, NextCard

__all__ = ["format_counterfeit", "register", "run_counterfeit"]

_TO_COME = {"preflop": "5 cards to come", "flop": "2 cards to come", "turn": "1 card to come"}
_NEXT = {"flop": "turn", "turn": "river"}
_LOWBALL_ORDER = "A23456789TJQK"  # next cards are listed by rank, ace low (suits never matter)


def register(commands: Subparsers) -> None:
    """Add the ``counterfeit`` subcommand to the CLI's subparsers."""
    cf = add_command(
        commands,
        "counterfeit",
        help="how often a hand's low is made, stays the nuts, or is counterfeited",
        description="Exact odds, over every runout, that the hand's low is counterfeited "
        "(a card to come pairs one of the two hole cards the low uses), that it ends "
        "with a low and with the nut low, and what each next card does.",
        examples=[
            "omaha8eq counterfeit As2cKhKd --board 4d6h8s",
            "omaha8eq counterfeit As2c3h4d                 # preflop",
            "omaha8eq counterfeit As2cKhKd --board 4d6h8s --vs Ac3cQdJd --json",
            "omaha8eq counterfeit As2cKhKd --board 4d6h8s --vs 'AA2*' 'KK:$ds'",
        ],
        takes_range=True,
    )
    cf.add_argument("hand", metavar="HAND", help="4, 5 or 6 hole cards, e.g. As2cKhKd")
    cf.add_argument(
        "--board", "-b", default="", metavar="B",
        help="0 (preflop, the default), 3 (flop) or 4 (turn) board cards",
    )  # fmt: skip
    cf.add_argument("--dead", "-d", default="", metavar="D", help="cards known to be out of play")
    cf.add_argument(
        "--vs", nargs="+", action="extend", default=[], metavar="HAND",
        help="opponents' hands or ranges (e.g. Ac3cQdJd, 'AA2*', '15%%'): adds the hand's "
        "equity against them, overall and with or without the counterfeit; known hands' "
        "cards count as seen, ranges' hands are dealt jointly with the runouts",
    )  # fmt: skip
    cf.add_argument("--json", action="store_true", help="print the result as JSON")
    cf.set_defaults(run=run_counterfeit)


def run_counterfeit(args: argparse.Namespace) -> int:
    """Run ``omaha8eq counterfeit``; input errors propagate to the CLI's handler."""
    with loading_engine():
        from ..core.registry import compile_notice_for  # the core loads numba
        from ..counterfeit import counterfeit_odds

    groups = ("evaluation", "equity") if args.vs else ("evaluation",)
    bar = ProgressBar()
    try:
        with compile_notice_for(*groups):
            report = counterfeit_odds(args.hand, args.board, args.dead, opponents=args.vs or None, progress=bar)
    finally:
        bar.close()
    if args.json:
        emit_json(report.to_dict())
    else:
        emit(format_counterfeit(report))
    return EXIT_OK


def _group_label(card: NextCard, street: str) -> str:
    parts = ["counterfeits"] if card.counterfeits else []
    if card.low is None:
        parts.append("no low yet" if street == "flop" else "no low")
    else:
        parts.append(f"{card.low}, {'the nut low' if card.nut_low else 'not the nut low'}")
    return ", ".join(parts)


def _next_card_lines(report: CounterfeitReport) -> list[str]:
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


def _percent(value: Any) -> str:
    return "n/a" if value is None else percent(float(value))


def _runouts_text(report: CounterfeitReport) -> str:
    """ "990 runouts", or with ranges "297,660 weighted runouts of 363 range deals"."""
    if report.combinations == 1:
        return f"{report.runouts:,} runouts"
    return f"{report.runouts:,} weighted runouts of {report.combinations:,} range deals"


def format_counterfeit(report: CounterfeitReport) -> str:
    """The text report: the spot, the probabilities table, the next cards, the method."""
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
        ranks = " or ".join(dict.fromkeys(format_cards((c,))[0] for c in report.low_cards))
        lines.append(f"Low cards: {format_cards(report.low_cards)} (the {kind}; counterfeited by any {ranks} to come)")
    if report.reason:
        lines.append(f"Note: {report.reason}")
    lines.append("")
    exact = report.exact
    rows: list[tuple[str, Fraction | None]] = [
        ("Counterfeited", exact.p_counterfeit),
        ("Low", exact.p_low),
        ("Nut low", exact.p_nut_low),
        ("Low if counterfeited", exact.p_low_if_counterfeited),
        ("Nut low if counterfeited", exact.p_nut_low_if_counterfeited),
    ]
    if report.opponents:
        rows += [
            ("Equity", exact.equity),
            ("Equity if counterfeited", exact.equity_if_counterfeited),
            ("Equity if not counterfeited", exact.equity_if_not_counterfeited),
        ]
    name_width = max(len(name) for name, _ in rows)
    percents = [_percent(value) for _, value in rows]
    pct_width = max(len("%"), *(len(p) for p in percents))
    lines.append(f"{'':{name_width}}  {'%':>{pct_width}}  Exact")
    for (name, value), pct in zip(rows, percents, strict=True):
        lines.append(f"{name:{name_width}}  {pct:>{pct_width}}  {'n/a' if value is None else value}")
    if report.next_cards:
        lines.append("")
        lines += _next_card_lines(report)
    lines.append("")
    lines.append(f"Exact: counted {_runouts_text(report)} in {report.elapsed:.2f} s")
    return "\n".join(lines)
