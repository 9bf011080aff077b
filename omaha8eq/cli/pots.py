"""The pot commands of the ``omaha8eq`` command line: settle, allin, potlimit, betting.

Usage::

    omaha8eq settle HAND:CHIPS ... --board B [--button N] [--chip C] [--high-only] [--json]
    omaha8eq allin HAND:CHIPS ... [--board B] [--dead D] [--exact | --samples N | --stderr X]
                   [--seed S] [--threads N] [--high-only] [--json]
    omaha8eq potlimit POT [BET ...] [--own X] [--json]
    omaha8eq betting STRUCTURE ACTION ... (--players N | --stacks S,S,...) [--blinds SB/BB]
                     [--button N] [--small-bet X] [--street S] [--pot P] [--uncapped-heads-up] [--json]

Players are given in seat order as ``HAND:CHIPS`` (the hole cards and the chips the
player put in this hand) or ``fold:CHIPS``, and are numbered from 1 (``--button``
too); the JSON output uses 0-based ``seat`` indices, as the Python API does. Bad
input prints one line on stderr and exits with status 2 (see :mod:`omaha8eq.cli.app`).
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import re
from typing import Any

from ..cards import format_cards
from ..core.registry import compile_notice_for
from ..errors import OmahaInputError
from ..game.allin import AllinResult, allin_equity
from ..game.betting import STREETS, STRUCTURES, BettingRound, IllegalActionError, limit_bet_size, pot_limit_max_raise
from ..game.pots import FOLD, Award, Pot, Settlement, settle
from ..hands import LowHand
from .app import EXIT_OK, add_method_options

__all__ = ["add_commands", "format_allin", "format_settlement", "parse_player"]

EXAMPLE = "AsAh2c3d:40 or fold:10"


def parse_player(text: str, number: int) -> tuple[str | None, int]:
    """Parse ``HAND:CHIPS`` or ``fold:CHIPS`` (player ``number``, 1-based, names errors).

    >>> parse_player("AsAh2c3d:40", 1), parse_player("fold:5", 2)
    (('AsAh2c3d', 40), (None, 5))
    """
    hand, sep, chips = text.rpartition(":")
    if not sep or not hand.strip():
        raise OmahaInputError(f"player {number}: {text!r} is not HAND:CHIPS (e.g. {EXAMPLE})")
    chips = chips.strip()
    if not re.fullmatch(r"-?\d+", chips):
        raise OmahaInputError(f"player {number}: chips {chips!r} (in {text!r}) is not a whole number")
    amount = int(chips)
    if amount < 0:
        raise OmahaInputError(f"player {number}: chips must not be negative, got {amount}")
    hand = hand.strip()
    return (None if hand.lower() == FOLD else hand), amount


def _players(texts: list[str]) -> list[tuple[str | None, int]]:
    return [parse_player(t, i) for i, t in enumerate(texts, 1)]


def _button(value: int, n: int) -> int:
    if not 1 <= value <= n:
        raise OmahaInputError(f"--button: {value} is not a player; players are numbered 1 to {n}")
    return value - 1


def _table(header: list[str], rows: list[list[str]], left: tuple[int, ...] = (0, 1)) -> list[str]:
    """Aligned text table: the columns ``left`` left-aligned, the others right-aligned."""
    widths = [max(len(r[i]) for r in [header, *rows]) for i in range(len(header))]
    lines = []
    for row in [header, *rows]:
        cells = [c.ljust(w) if i in left else c.rjust(w) for i, (c, w) in enumerate(zip(row, widths))]
        lines.append("  ".join(cells).rstrip())
    return lines


def _signed(x: float | int, digits: int = 0) -> str:
    return f"{x:+,.{digits}f}" if x else f"{x:,.{digits}f}"


# ---------------------------------------------------------------------------
# settle
# ---------------------------------------------------------------------------


def _award_text(award: Award) -> str:
    hand = award.hand
    if hand is None:
        return f"player {award.seat + 1} takes {award.chips:,} uncontested"
    name = f"{hand} low" if isinstance(hand, LowHand) else hand.describe()
    return (
        f"player {award.seat + 1} wins {award.chips:,}: {name} "
        f"({format_cards(hand.cards)}; hole {format_cards(hand.hole_used)})"
    )


def _pot_lines(pot: Pot) -> list[str]:
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


def format_settlement(s: Settlement) -> str:
    """The text report of a settlement: each pot's winners, then each player's result.

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
    2       As Ah 2c 3d      50    60  +10
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
    lines.append("")
    rows = [
        [str(seat + 1), s.hands[seat] or "folded", f"{s.contributions[seat]:,}",
         f"{s.payouts[seat]:,}", _signed(s.net[seat])]
        for seat in range(len(s.payouts))
    ]  # fmt: skip
    lines += _table(["Player", "Hand", "Put in", "Gets", "Net"], rows)
    if not s.hilo:
        lines.append("Omaha high")
    return "\n".join(lines)


def _run_settle(args: argparse.Namespace) -> int:
    players = _players(args.players)
    button = _button(args.button, len(players))
    with compile_notice_for("evaluation"):
        result = settle(players, args.board, button=button, chip=args.chip, hilo=not args.high_only)
    if args.json:
        print(json.dumps(result.to_dict(), indent=2))
    else:
        print(format_settlement(result))
    return EXIT_OK


# ---------------------------------------------------------------------------
# allin
# ---------------------------------------------------------------------------


def format_allin(r: AllinResult) -> str:
    """The text report of an all-in: each pot's equities, then each player's expectation.

    >>> r = allin_equity([("As 2s 3d Kc", 20), ("Qh Qd Jh Tc", 60), ("9h 8h 7c 6c", 60)], "4c 5d Ks Jd")
    >>> print(format_allin(r))  # doctest: +ELLIPSIS
    Board: 4c 5d Ks Jd
    <BLANKLINE>
    Pot         Chips  Players  Equity %
    Main pot       60  1 2 3    51.39 / 31.94 / 16.67
    Side pot 1     80  2 3      58.33 / 41.67
    <BLANKLINE>
    Player  Hand         Put in  Expected     Net
    1       As 2s 3d Kc      20     30.83  +10.83
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
    lines += _table(["Pot", "Chips", "Players", "Equity %"], rows, left=(0, 2, 3))
    for player in r.players:
        if player.returned:
            lines.append(f"Returned to player {player.seat + 1}: {player.returned:,} (uncalled)")
    lines.append("")
    rows = [
        [str(p.seat + 1), p.hand or "folded", f"{p.contributed:,}", f"{p.expected:,.2f}", _signed(p.net, 2)]
        for p in r.players
    ]
    lines += _table(["Player", "Hand", "Put in", "Expected", "Net"], rows)
    lines.append("")
    contested = sum(1 for p in r.pots if p.result is not None)
    noun = "boards" if r.outcomes != 1 else "board"
    if not contested:
        lines.append("No contested pot")
    elif r.exhaustive:
        lines.append(f"Exact: enumerated {r.outcomes:,} {noun} for each of {contested} contested "
                     f"pot{'s' if contested > 1 else ''} in {r.elapsed:.2f} s")  # fmt: skip
    else:
        lines.append(f"Monte Carlo: {r.outcomes:,} samples for each of {contested} contested "
                     f"pot{'s' if contested > 1 else ''}, seed {r.seed}, in {r.elapsed:.2f} s")  # fmt: skip
    if not r.hilo:
        lines.append("Omaha high")
    return "\n".join(lines)


def _run_allin(args: argparse.Namespace) -> int:
    players = _players(args.players)
    with compile_notice_for("equity"):
        result = allin_equity(
            players, args.board, args.dead,
            exhaustive=True if args.exact else None, samples=args.samples,
            stderr_target=args.stderr_target, seed=args.seed,
            hilo=not args.high_only, threads=args.threads,
        )  # fmt: skip
    if args.json:
        print(json.dumps(result.to_dict(), indent=2))
    else:
        print(format_allin(result))
    return EXIT_OK


# ---------------------------------------------------------------------------
# potlimit
# ---------------------------------------------------------------------------


def _run_potlimit(args: argparse.Namespace) -> int:
    to = pot_limit_max_raise(args.pot, args.bets, args.own)
    current = max(args.bets, default=0)
    call = current - args.own
    after_call = args.pot + sum(args.bets) + call
    if args.json:
        document = {
            "pot": args.pot, "bets": args.bets, "own": args.own, "to_call": call,
            "pot_after_call": after_call, "max_raise_by": to - current, "max_raise_to": to,
            "puts_in": to - args.own,
        }  # fmt: skip
        print(json.dumps(document, indent=2))
        return EXIT_OK
    kind = "raise" if current else "bet"
    print(f"To call: {call:,}")
    print(f"Pot after the call: {after_call:,} (pot {args.pot:,} + bets {sum(args.bets):,} + call {call:,})")
    print(f"Largest {kind}: {to - current:,} more, to {to:,} (puts in {to - args.own:,})")
    return EXIT_OK


# ---------------------------------------------------------------------------
# betting
# ---------------------------------------------------------------------------

_ACTION_WORDS = {
    "f": "fold", "fold": "fold", "x": "check", "k": "check", "check": "check",
    "c": "call", "call": "call", "b": "bet", "bet": "bet", "r": "raise", "raise": "raise",
    "allin": "all-in", "all-in": "all-in", "a": "all-in",
}  # fmt: skip


def _parse_action(text: str) -> tuple[str, int | None]:
    word, _, amount = text.lower().partition("=")
    if word not in _ACTION_WORDS:
        raise OmahaInputError(
            f"action {text!r}: expected fold, check, call, bet=N, raise[=N] or allin (f, x, c, b=N, r[=N], a)"
        )
    if amount and not amount.isdigit():
        raise OmahaInputError(f"action {text!r}: {amount!r} is not a whole number of chips")
    return _ACTION_WORDS[word], int(amount) if amount else None


def _stacks(args: argparse.Namespace) -> int | list[int | None]:
    if args.stacks is None:
        return args.players if args.players is not None else 2
    stacks: list[int | None] = []
    for k, part in enumerate(args.stacks.split(","), 1):
        part = part.strip()
        if part.lower() in ("", "inf", "-"):
            stacks.append(None)
        elif part.isdigit():
            stacks.append(int(part))
        else:
            raise OmahaInputError(f"--stacks: {part!r} (player {k}) is not a whole number of chips")
    return stacks


def _blinds(text: str) -> tuple[int, int]:
    parts = re.split(r"[/,]", text)
    if len(parts) != 2 or not all(p.strip().isdigit() for p in parts):
        raise OmahaInputError(f"--blinds: {text!r} is not SMALL/BIG, e.g. 5/10")
    return int(parts[0]), int(parts[1])


def _options_text(game: BettingRound) -> str:
    if game.finished:
        left = [s + 1 for s, f in enumerate(game.folded) if not f]
        return f"Round over: pot {game.total_pot:,}; players left: {', '.join(map(str, left))}"
    o = game.options()
    seat = o.seat
    parts = ["check" if o.can_check else f"call {o.to_call:,}"]
    if o.can_raise:
        kind = "raise" if game.current_bet else "bet"
        own = game.bets[seat]
        if o.min_raise_to == o.max_raise_to:
            parts.append(f"{kind} to {o.min_raise_to:,} ({o.min_raise_to - own:,} more)")  # type: ignore[operator]
        elif o.max_raise_to is None:
            parts.append(f"{kind} to {o.min_raise_to:,} or more")
        else:
            parts.append(f"{kind} to {o.min_raise_to:,} up to {o.max_raise_to:,}")
    parts.append("fold")
    text = f"Player {seat + 1} to act: " + ", ".join(parts)
    if o.reason:
        text += f"\n  May not raise: {o.reason}"
    return text


def _run_betting(args: argparse.Namespace) -> int:
    stacks = _stacks(args)
    n = stacks if isinstance(stacks, int) else len(stacks)
    button = _button(args.button, n)
    small, big = _blinds(args.blinds)
    if args.street == "preflop":
        game = BettingRound.preflop(
            args.structure, stacks, blinds=(small, big), button=button, small_bet=args.small_bet,
            pot=args.pot, uncapped_heads_up=args.uncapped_heads_up,
        )  # fmt: skip
    else:
        size = big if args.structure != "limit" else limit_bet_size(args.small_bet or big, args.street)
        game = BettingRound.postflop(
            args.structure, stacks, bet_size=size, pot=args.pot, button=button,
            uncapped_heads_up=args.uncapped_heads_up,
        )  # fmt: skip
    lines = []
    for text in args.actions:
        action, amount = _parse_action(text)
        seat = game.to_act
        try:
            game.act(action, amount)
        except IllegalActionError as exc:
            who = f"player {seat + 1}" if seat is not None else "nobody"
            raise OmahaInputError(f"{text!r} ({who}): illegal: {exc.reason}") from None
    for record in game.history:
        lines.append(str(record).replace(f"seat {record.seat}:", f"Player {record.seat + 1}:"))
    if args.json:
        document = {
            "structure": game.structure,
            "street": args.street,
            "actions": [
                {"seat": a.seat, "kind": a.kind, "added": a.added, "to": a.to, "all_in": a.all_in, "full": a.full}
                for a in game.history
            ],
            "bets": list(game.bets),
            "pot": game.total_pot,
            "finished": game.finished,
            "options": None if game.finished else dataclasses.asdict(game.options()),
        }
        print(json.dumps(document, indent=2))
        return EXIT_OK
    lines.append(_options_text(game))
    print("\n".join(lines))
    return EXIT_OK


# ---------------------------------------------------------------------------
# registration
# ---------------------------------------------------------------------------

_PLAYER_HELP = "a player in seat order: HAND:CHIPS (hole cards, chips put in this hand) or fold:CHIPS"


def _non_negative(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"invalid value {text!r}: expected a whole number of chips") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"invalid value {text!r}: must not be negative")
    return value


def _positive(text: str) -> int:
    value = _non_negative(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"invalid value {text!r}: must be at least 1")
    return value


def add_commands(commands: Any) -> None:
    """Register settle, allin, potlimit and betting on the ``omaha8eq`` subparsers."""
    st = commands.add_parser(
        "settle",
        help="split a pot at showdown: side pots, hi/lo halves, odd chips",
        description="Settle a hand at showdown: the main and side pots, each split hi/lo among "
        "its eligible players, odd chips high and then clockwise from the button; uncalled "
        "chips are returned.",
    )
    st.add_argument("players", nargs="+", metavar="HAND:CHIPS", help=_PLAYER_HELP)
    st.add_argument("--board", "-b", default="", metavar="B", help="the 5 board cards (needed for a showdown)")
    st.add_argument("--button", type=int, default=1, metavar="N", help="the button's player number (default 1)")
    st.add_argument("--chip", type=_positive, default=1, metavar="C",
                    help="the smallest chip: amounts are multiples of it (default 1)")  # fmt: skip
    st.add_argument("--high-only", action="store_true", help="Omaha high: no low half")
    st.add_argument("--json", action="store_true", help="print the result as JSON")
    st.set_defaults(run=_run_settle)

    al = commands.add_parser(
        "allin",
        help="expected chips of all-in players, per side pot",
        description="All-in adjusted expectation: each player's expected chips, every side pot's "
        "equity computed among the players eligible for it.",
    )
    al.add_argument("players", nargs="+", metavar="HAND:CHIPS", help=_PLAYER_HELP)
    al.add_argument("--board", "-b", default="", metavar="B", help="0 to 5 known board cards")
    al.add_argument("--dead", "-d", default="", metavar="D", help="cards known to be out of play")
    add_method_options(al, exact="enumerate every board", samples="Monte Carlo with N samples per pot")
    al.add_argument("--json", action="store_true", help="print the result as JSON")
    al.set_defaults(run=_run_allin)

    pl = commands.add_parser(
        "potlimit",
        help="the largest pot-limit bet or raise",
        description="The largest pot-limit raise: the pot after the raiser's call (previous "
        "rounds' pot + every bet this round + the call), added to the current bet.",
    )
    pl.add_argument("pot", type=_non_negative, metavar="POT", help="chips in the pot from previous rounds")
    pl.add_argument("bets", type=_non_negative, nargs="*", metavar="BET",
                    help="each player's bet this round (blinds count; the raiser's own too)")  # fmt: skip
    pl.add_argument("--own", type=_non_negative, default=0, metavar="X",
                    help="the raiser's own bet this round, one of the BETs (default 0)")  # fmt: skip
    pl.add_argument("--json", action="store_true", help="print the result as JSON")
    pl.set_defaults(run=_run_potlimit)

    bt = commands.add_parser(
        "betting",
        help="replay a betting round and check each action (limit, pot limit, no limit)",
        description="Replay a betting round: each action is checked against the structure's "
        "rules (limit cap, pot limit, no-limit minimum raise, short all-ins that do not "
        "reopen the betting); prints what the next player may do. Actions: fold, check, call, "
        "bet=N, raise[=N] (N: the total the bet comes to this round), allin; or f, x, c, b=N, r[=N], a.",
    )
    bt.add_argument("structure", choices=STRUCTURES, metavar="STRUCTURE", help="limit, pot-limit or no-limit")
    bt.add_argument("actions", nargs="*", metavar="ACTION", help="the actions in turn")
    who = bt.add_mutually_exclusive_group()
    who.add_argument("--players", type=int, metavar="N", help="number of players, unlimited stacks (default 2)")
    who.add_argument("--stacks", metavar="S,S,...", help="each player's chips behind, in seat order")
    bt.add_argument("--blinds", default="1/2", metavar="SB/BB", help="the blinds (default 1/2)")
    bt.add_argument("--small-bet", type=_positive, metavar="X",
                    help="limit: the small bet (default: the big blind); the big bet is twice it")  # fmt: skip
    bt.add_argument("--street", choices=STREETS, default="preflop", help="the round (default preflop)")
    bt.add_argument("--pot", type=_non_negative, default=0, metavar="P", help="chips already in the pot")
    bt.add_argument("--button", type=int, default=1, metavar="N", help="the button's player number (default 1)")
    bt.add_argument("--uncapped-heads-up", action="store_true", help="limit: no cap with two players left")
    bt.add_argument("--json", action="store_true", help="print the result as JSON")
    bt.set_defaults(run=_run_betting)
