"""The betting commands of the ``omaha8eq`` command line: potlimit and betting.

Usage::

    omaha8eq potlimit POT [BET ...] [--own X] [--json]
    omaha8eq betting STRUCTURE ACTION ... (--players N | --stacks S,S,...) [--blinds SB/BB]
                     [--button N] [--small-bet X] [--street S] [--pot P] [--uncapped-heads-up] [--json]

Players are numbered from 1 (``--button`` too); the JSON output uses 0-based
``seat`` indices, as the Python API does. Neither command needs the compiled
engine: they start without loading numba.
"""

from __future__ import annotations

import argparse
import re
from typing import Any, NamedTuple

from ..chips.betting import STREETS, STRUCTURES, BettingRound, IllegalActionError, limit_bet_size, pot_limit_max_raise
from ..deck import check_player_count
from ..errors import OmahaInputError
from .common import Arg, Command, OneOf, print_result
from .options import BUTTON, button_index, json_option, non_negative_chips, positive_chips

__all__ = ["COMMANDS"]


# ---------------------------------------------------------------------------
# potlimit
# ---------------------------------------------------------------------------


class _PotLimit(NamedTuple):
    """What ``omaha8eq potlimit`` reports, named as in its JSON."""

    pot: int
    bets: list[int]
    own: int
    to_call: int
    pot_after_call: int
    max_raise_by: int
    max_raise_to: int
    puts_in: int


def _run_potlimit(args: argparse.Namespace) -> int:
    to = pot_limit_max_raise(args.pot, args.bets, args.own)
    current = max(args.bets, default=0)
    call = current - args.own
    after_call = args.pot + sum(args.bets) + call
    limit = _PotLimit(args.pot, args.bets, args.own, call, after_call, to - current, to, to - args.own)
    return print_result(args, limit, _potlimit_text, _PotLimit._asdict)


def _potlimit_text(limit: _PotLimit) -> str:
    kind = "raise" if max(limit.bets, default=0) else "bet"
    return "\n".join(
        [
            f"To call: {limit.to_call:,}",
            f"Pot after the call: {limit.pot_after_call:,} "
            f"(pot {limit.pot:,} + bets {sum(limit.bets):,} + call {limit.to_call:,})",
            f"Largest {kind}: {limit.max_raise_by:,} more, to {limit.max_raise_to:,} (puts in {limit.puts_in:,})",
        ]
    )


POTLIMIT = Command(
    "potlimit",
    help="the largest pot-limit bet or raise",
    description="The largest pot-limit raise: the pot after the raiser's call (previous "
    "rounds' pot + every bet this round + the call), added to the current bet.",
    examples=[
        "omaha8eq potlimit 30                # no bet yet: bet up to the pot",
        "omaha8eq potlimit 0 5 10 --own 5   # the small blind raises preflop",
        "omaha8eq potlimit 100 20 60 --json",
    ],
    options=[
        Arg("pot", type=non_negative_chips, metavar="POT", help="chips in the pot from previous rounds"),
        Arg("bets", type=non_negative_chips, nargs="*", metavar="BET",
            help="each player's bet this round (blinds count; the raiser's own too)"),
        Arg("--own", type=non_negative_chips, default=0, metavar="X",
            help="the raiser's own bet this round, one of the BETs (default 0)"),
        json_option(),
    ],
    run=_run_potlimit,
)  # fmt: skip


# ---------------------------------------------------------------------------
# betting
# ---------------------------------------------------------------------------

_ACTION_WORDS = {
    "f": "fold", "fold": "fold", "x": "check", "k": "check", "check": "check",
    "c": "call", "call": "call", "b": "bet", "bet": "bet", "r": "raise", "raise": "raise",
    "allin": "all-in", "all-in": "all-in", "a": "all-in",
}  # fmt: skip


def _is_whole(text: str) -> bool:
    """Whether ``text`` is a whole number in ASCII digits (``str.isdigit`` accepts ``²``)."""
    return re.fullmatch(r"[0-9]+", text) is not None


def _parse_action(text: str) -> tuple[str, int | None]:
    word, _, amount = text.lower().partition("=")
    if word not in _ACTION_WORDS:
        raise OmahaInputError(
            f"action {text!r}: expected fold, check, call, bet=N, raise[=N] or allin (f, x, c, b=N, r[=N], a)"
        )
    if amount and not _is_whole(amount):
        raise OmahaInputError(f"action {text!r}: {amount!r} is not a whole number of chips")
    return _ACTION_WORDS[word], int(amount) if amount else None


def _stacks(args: argparse.Namespace) -> int | list[int | None]:
    if args.stacks is None:
        if args.players is not None and args.players >= 2:
            check_player_count(args.players, "--players")
        return args.players if args.players is not None else 2
    stacks: list[int | None] = []
    for k, part in enumerate(args.stacks.split(","), 1):
        part = part.strip()
        if part.lower() in ("", "inf", "-"):
            stacks.append(None)
        elif _is_whole(part):
            stacks.append(int(part))
        else:
            raise OmahaInputError(f"--stacks: {part!r} (player {k}) is not a whole number of chips")
    return stacks


def _blinds(text: str) -> tuple[int, int]:
    parts = re.split(r"[/,]", text)
    if len(parts) != 2 or not all(_is_whole(p.strip()) for p in parts):
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
    if n < 2:  # said before the button is checked against the players
        option = "--players" if args.stacks is None else "--stacks"
        raise OmahaInputError(f"{option}: {n} player{'s' if n != 1 else ''}; a betting round needs 2 or more")
    button = button_index(args.button, n)
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
    for text in args.actions:
        action, amount = _parse_action(text)
        seat = game.to_act
        try:
            game.act(action, amount)
        except IllegalActionError as exc:
            who = f"player {seat + 1}" if seat is not None else "nobody"
            raise OmahaInputError(f"{text!r} ({who}): illegal: {exc.reason}") from None
    return print_result(args, game, _betting_text, lambda game: _betting_document(game, args.street))


def _betting_text(game: BettingRound) -> str:
    """The actions, players numbered from 1, then what the next player may do."""
    lines = [str(record).replace(f"seat {record.seat}:", f"Player {record.seat + 1}:") for record in game.history]
    return "\n".join([*lines, _options_text(game)])


def _betting_document(game: BettingRound, street: str) -> dict[str, Any]:
    return {
        "structure": game.structure,
        "street": street,
        "actions": [action.to_dict() for action in game.history],
        "bets": list(game.bets),
        "pot": game.total_pot,
        "finished": game.finished,
        "options": None if game.finished else game.options().to_dict(),
    }


BETTING = Command(
    "betting",
    help="replay a betting round and check each action (limit, pot limit, no limit)",
    description="Replay a betting round: each action is checked against the structure's "
    "rules (limit cap, pot limit, no-limit minimum raise, short all-ins that do not "
    "reopen the betting); prints what the next player may do. Actions: fold, check, call, "
    "bet=N, raise[=N] (N: the total the bet comes to this round), allin; or f, x, c, b=N, r[=N], a.",
    examples=[
        "omaha8eq betting limit r c c --players 4",
        "omaha8eq betting no-limit r=30 allin --stacks 100,45,200 --blinds 5/10",
        "omaha8eq betting pot-limit b=20 --street flop --pot 40 --json",
    ],
    options=[
        Arg("structure", choices=STRUCTURES, metavar="STRUCTURE", help="limit, pot-limit or no-limit"),
        Arg("actions", nargs="*", metavar="ACTION", help="the actions in turn"),
        OneOf(
            Arg("--players", type=int, metavar="N", help="number of players, unlimited stacks (default 2)"),
            Arg("--stacks", metavar="S,S,...", help="each player's chips behind, in seat order"),
        ),
        Arg("--blinds", default="1/2", metavar="SB/BB", help="the blinds (default 1/2)"),
        Arg("--small-bet", type=positive_chips, metavar="X",
            help="limit: the small bet (default: the big blind); the big bet is twice it"),
        Arg("--street", choices=STREETS, default="preflop", help="the round (default preflop)"),
        Arg("--pot", type=non_negative_chips, default=0, metavar="P", help="chips already in the pot"),
        BUTTON,
        Arg("--uncapped-heads-up", action="store_true", help="limit: no cap with two players left"),
        json_option(),
    ],
    run=_run_betting,
)  # fmt: skip

#: The commands of this module, in the order ``--help`` lists them.
COMMANDS = (POTLIMIT, BETTING)
