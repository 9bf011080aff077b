"""Settlements and all-ins as text and tables: what ``omaha8eq pots`` and ``allin`` print.

Each result's player table (who put in what, what he gets or expects, his net) is one
:class:`~omaha8eq.present.protocol.View`, shared by the text report, the HTML and the
DataFrame; the reports add each pot's winners or equities above it.
"""

from __future__ import annotations

from typing import Any

from .protocol import Column, View, table_lines, view_text
from .text import table

__all__ = ["allin_view", "boards_settlement_view", "format_allin", "format_settlement", "settlement_view"]


def _signed(x: float | int, digits: int = 0) -> str:
    return f"{x:+,.{digits}f}" if x else f"{x:,.{digits}f}"


def _chips(x: int) -> str:
    return f"{x:,}"


#: The columns every player table starts with: the player (1-based) and his hand.
_PLAYER = (Column("player", "Player"), Column("hand", "Hand", lambda hand: hand or "folded", left=True))
_PUT_IN = Column("contributed", "Put in", _chips)


def settlement_view(s: Any) -> View:
    """A ``Settlement``'s (or ``BoardsSettlement``'s) players: put in, gets, net."""
    columns = (*_PLAYER, _PUT_IN, Column("payout", "Gets", _chips), Column("net", "Net", _signed))
    rows = tuple(
        (seat + 1, s.hands[seat], s.contributions[seat], s.payouts[seat], s.net[seat]) for seat in range(len(s.payouts))
    )
    return View(columns, rows, () if s.hilo else ("Omaha high",))


def boards_settlement_view(s: Any) -> View:
    """A ``BoardsSettlement``: the players' table, then each board and each pot's parts."""
    names = s.names()
    notes = [f"{name.capitalize()}: {board or '-'}" for name, board in zip(names, s.boards, strict=True)]
    for pot in s.pots:
        parts = "; ".join(
            f"{name}: " + ", ".join(f"player {seat + 1} {part.won_by(seat):,}" for seat in _winners(part))
            for name, part in zip(names, pot.parts, strict=True)
        )
        notes.append(f"{pot.name.capitalize()} {pot.amount:,}: {parts}")
    base = settlement_view(s)
    return View(base.columns, base.rows, (*notes, *base.notes))


def _winners(pot: Any) -> list[int]:
    """The seats that win chips from ``pot``, in seat order."""
    return [seat for seat in pot.eligible if pot.won_by(seat)]


def allin_view(r: Any) -> View:
    """An ``AllinResult``'s players: put in, expected chips back, expected net."""
    columns = (
        *_PLAYER,
        _PUT_IN,
        Column("expected", "Expected", lambda x: f"{x:,.2f}"),
        Column("net", "Net", lambda x: _signed(x, 2)),
    )
    rows = tuple((p.seat + 1, p.hand, p.contributed, p.expected, p.net) for p in r.players)
    return View(columns, rows, _allin_notes(r))


def _allin_notes(r: Any) -> tuple[str, ...]:
    contested = sum(1 for p in r.pots if p.result is not None)
    noun = "boards" if r.outcomes != 1 else "board"
    pots = f"pot{'s' if contested > 1 else ''}"
    if not contested:
        method = "No contested pot"
    elif r.exhaustive:
        method = (
            f"Exact: enumerated {r.outcomes:,} {noun} for each of {contested} contested {pots} in {r.elapsed:.2f} s"
        )
    else:
        method = (
            f"Monte Carlo: {r.outcomes:,} samples for each of {contested} contested {pots}, "
            f"seed {r.seed}, in {r.elapsed:.2f} s"
        )
    return (method,) if r.hilo else (method, "Omaha high")


def _award_text(award: Any) -> str:
    from ..cards import format_cards

    hand = award.hand
    if hand is None:
        return f"player {award.seat + 1} takes {award.chips:,} uncontested"
    name = hand.describe()
    return (
        f"player {award.seat + 1} wins {award.chips:,}: {name} "
        f"({format_cards(hand.cards)}; hole {format_cards(hand.hole_used)})"
    )


def _pot_lines(pot: Any) -> list[str]:
    players = ", ".join(str(s + 1) for s in pot.eligible)
    lines = [f"{pot.name.capitalize()}: {pot.amount:,} (player{'s' if len(pot.eligible) > 1 else ''} {players})"]
    if not pot.showdown:
        lines.append(f"  {_award_text(pot.high[0])}")
        return lines
    halves = [("High", pot.high_amount, pot.high)]
    if pot.low:
        halves.append(("Low", pot.low_amount, pot.low))
    for label, amount, awards in halves:
        head = f"  {label} {amount:,}" + ("" if pot.low else " (no low)") + ": "
        for k, award in enumerate(awards):
            lines.append((head if k == 0 else " " * len(head)) + _award_text(award))
    return lines


def format_settlement(s: Any) -> str:
    """The text report of a ``Settlement`` (the CLI's, and ``str(settlement)``): each
    pot's winners, then each player's result (:func:`settlement_view`).

    >>> from omaha8eq import settle
    >>> print(format_settlement(settle([(None, 10), ("As Ah 2c 3d", 50)])))
    Board: -
    <BLANKLINE>
    No showdown: player 2 is the only player left
    Main pot: 20 (player 2)
      player 2 takes 20 uncontested
    Returned to player 2: 40 (uncalled)
    <BLANKLINE>
    Player  Hand         Put in  Gets  Net
    1       folded           10     0  -10
    2       As Ah 3d 2c      50    60  +10
    """
    lines = [f"Board: {s.board or '-'}", ""]
    if not s.showdown:
        winner = next(i for i, h in enumerate(s.hands) if h is not None)
        lines.append(f"No showdown: player {winner + 1} is the only player left")
    for pot in s.pots:
        lines += _pot_lines(pot)
    for seat, chips in enumerate(s.returned):
        if chips:
            lines.append(f"Returned to player {seat + 1}: {chips:,} (uncalled)")
    view = settlement_view(s)
    lines += ["", *table_lines(view), *view.notes]
    return "\n".join(lines)


def format_allin(r: Any) -> str:
    """The text report of an ``AllinResult`` (the CLI's, and ``str(result)``): each
    pot's equities, then each player's expectation (:func:`allin_view`).

    >>> from omaha8eq import allin_equity
    >>> r = allin_equity([("As 2s 3d Kc", 20), ("Qh Qd Jh Tc", 60), ("9h 8h 7c 6c", 60)], "4c 5d Ks Jd")
    >>> print(format_allin(r))  # doctest: +ELLIPSIS
    Board: 4c 5d Ks Jd
    <BLANKLINE>
    Pot         Chips  Players  Equity %
    Main pot       60  1 2 3    51.39 / 31.94 / 16.67
    Side pot 1     80  2 3      58.33 / 41.67
    <BLANKLINE>
    Player  Hand         Put in  Expected     Net
    1       As Kc 3d 2s      20     30.83  +10.83
    2       Qh Qd Jh Tc      60     65.83   +5.83
    3       9h 8h 7c 6c      60     43.33  -16.67
    <BLANKLINE>
    Exact: enumerated 36 boards for each of 2 contested pots in ... s
    """
    lines = [f"Board: {r.board or '-'}"]
    if r.dead:
        lines.append(f"Dead: {r.dead}")
    lines.append("")
    rows = []
    for pot in r.pots:
        equities = " / ".join(f"{100 * e:.2f}" for e in pot.equities)
        rows.append([pot.name.capitalize(), f"{pot.amount:,}", " ".join(str(s + 1) for s in pot.eligible), equities])
    lines += table(["Pot", "Chips", "Players", "Equity %"], rows, left=(0, 2, 3))
    for player in r.players:
        if player.returned:
            lines.append(f"Returned to player {player.seat + 1}: {player.returned:,} (uncalled)")
    lines += ["", view_text(allin_view(r))]
    return "\n".join(lines)
