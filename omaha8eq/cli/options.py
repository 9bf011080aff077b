"""The options several commands share, as rows of data, and how their values are read.

The argparse types of counts and chip amounts (:func:`whole_number`), the options of an
equity run (:func:`method_options`, read back by :func:`method_keywords`), the game
(:func:`game_options`, read by :func:`chosen_game`), the run limits, ``--threads``,
``--board``, ``--dead``, ``--button`` (read by :func:`button_index`) and ``--json``. Each is
an :class:`~omaha8eq.cli.common.Arg` row (or a tuple of rows) that a command lists among its
options, so that a shared option is written once.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from decimal import Decimal
from typing import TYPE_CHECKING, Any

from .common import PROG, Arg, OneOf

if TYPE_CHECKING:
    from ..games import Game

__all__ = [
    "BUTTON",
    "DEAD",
    "MAX_MEMORY",
    "MAX_WORK",
    "board_option",
    "button_index",
    "chosen_game",
    "game_options",
    "json_option",
    "method_keywords",
    "method_options",
    "non_negative_chips",
    "note_unused_seed",
    "positive_chips",
    "threads_option",
    "whole_number",
]

#: The largest power of ten :func:`whole_number` reads in ``1e6`` notation.
MAX_EXPONENT = 30


def whole_number(minimum: int, expected: str = "a whole number") -> Callable[[str], int]:
    """An argparse type: a whole number of at least ``minimum``, written in digits (``_``
    or ``,`` may group them: ``1_000_000``) or in ``1e6`` notation (``2.5e5``; a whole
    number up to 1e30). Every count option reads numbers this way. The error says
    ``expected`` ("a whole number of chips")."""

    def parse(text: str) -> int:
        plain = text.strip().replace("_", "").replace(",", "")
        try:
            if any(c in plain for c in "eE."):
                number = Decimal(plain)
                if not number.is_finite() or number != number.to_integral_value():
                    raise ValueError
                if number.adjusted() > MAX_EXPONENT:
                    raise argparse.ArgumentTypeError(f"invalid value {text!r}: larger than 1e{MAX_EXPONENT}")
                value = int(number)
            else:
                value = int(plain)
        except (ValueError, ArithmeticError):
            raise argparse.ArgumentTypeError(f"invalid value {text!r}: expected {expected}") from None
        if value < minimum:
            floor = "must not be negative" if minimum == 0 else f"must be at least {minimum}"
            raise argparse.ArgumentTypeError(f"invalid value {text!r}: {floor}")
        return value

    return parse


#: argparse types for chip amounts: 0 or more, 1 or more.
non_negative_chips = whole_number(0, "a whole number of chips")
positive_chips = whole_number(1, "a whole number of chips")


#: ``--button N``: the button's player number, read by :func:`button_index`.
BUTTON = Arg("--button", type=int, default=1, metavar="N", help="the button's player number (default 1)")


def button_index(number: int, players: int) -> int:
    """The 0-based seat of the 1-based ``--button`` player number among ``players``.

    Raises ``OmahaInputError`` naming ``--button`` when it is not a player.
    """
    if not 1 <= number <= players:
        from ..errors import OmahaInputError

        raise OmahaInputError(f"--button: {number} is not a player; players are numbered 1 to {players}")
    return number - 1


def _stderr_target(text: str) -> float:
    """Parse ``--stderr``: a fraction of the pot (``0.001``) or a percentage (``0.1%``)."""
    value = text.strip()
    scale = 1.0
    if value.endswith("%"):
        value, scale = value[:-1], 0.01
    try:
        number = float(value) * scale
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"invalid value {text!r}: expected a fraction of the pot such as 0.001, or 0.1%"
        ) from None
    if not number > 0 or number == float("inf"):
        raise argparse.ArgumentTypeError(f"invalid value {text!r}: expected a positive number")
    if number >= 1:  # a pot share's standard error is at most 0.5: 5 is a slip for 5% or 0.05
        hint = "" if scale != 1.0 else f" ({value}% of the pot is {value}% or {number / 100:g})"
        raise argparse.ArgumentTypeError(
            f"invalid value {text!r}: a standard error of {100 * number:g}% of the pot; "
            f"expected a fraction below 1 such as 0.001, or a percentage such as 0.1%{hint}"
        )
    return number


def json_option(help: str = "print the result as JSON") -> Arg:
    """``--json``: print the result as JSON (``help`` says what the document holds)."""
    return Arg("--json", action="store_true", help=help)


def threads_option(help: str = "threads to use (default: all cores)") -> Arg:
    """``--threads N`` (``-t``): the threads of a run."""
    return Arg("--threads", "-t", type=whole_number(1), metavar="N", help=help)


def board_option(help: str, *, required: bool = False) -> Arg:
    """``--board B`` (``-b``): the board's cards, ``help`` saying how many; none (``""``)
    unless ``required``."""
    if required:
        return Arg("--board", "-b", required=True, metavar="B", help=help)
    return Arg("--board", "-b", default="", metavar="B", help=help)


#: ``--dead D``: cards out of play.
DEAD = Arg("--dead", "-d", default="", metavar="D", help="cards known to be out of play")

#: ``--max-memory B``: the ``max_memory`` of a run (the API's refusals name this option).
MAX_MEMORY = Arg(
    "--max-memory", type=whole_number(1, "a number of bytes such as 8e9"), metavar="B",
    help="the most memory the run is estimated to need, in bytes, e.g. 8e9 "
    "(default: half the machine's memory); a run estimated above it is refused before it starts",
)  # fmt: skip

#: ``--max-work W``: the ``max_work`` of an exact run (the API's refusals name this option).
MAX_WORK = Arg(
    "--max-work", type=whole_number(1, "a number of evaluations such as 1e11"), metavar="W",
    help="with --exact, run even when the estimate is above the default limit of about a minute "
    "(3e9 hand evaluations): the most evaluations to allow, e.g. 1e11",
)  # fmt: skip


def game_options(high_only: str = "Omaha high: no low half") -> tuple[Arg, Arg]:
    """``--game NAME`` (a named game of ``omaha8eq.games``) and its shortcut ``--high-only``
    (``high_only`` is its help text); :func:`chosen_game` reads them."""
    from ..games import GAMES

    game = Arg(
        "--game", metavar="NAME",
        help=f"the game played: {', '.join(GAMES)} (default: Omaha Hi-Lo with the hands' hole size)",
    )  # fmt: skip
    return game, Arg("--high-only", action="store_true", help=f"{high_only} (the high-only game of the hands' size)")


def method_options(*, exact: str, samples: str) -> tuple[Arg | OneOf, ...]:
    """The options of an equity run: --exact | --samples | --stderr, --seed, --threads,
    --game, --high-only (``exact`` and ``samples`` are their help texts);
    :func:`method_keywords` reads them."""
    stderr = Arg(
        "--stderr", type=_stderr_target, metavar="X", dest="stderr_target",
        help="Monte Carlo until every equity's standard error is at most X "
        "(a fraction of the pot such as 0.001, or a percentage such as 0.1%%)",
    )  # fmt: skip
    method = OneOf(
        Arg("--exact", action="store_true", help=exact),
        Arg("--samples", "-n", type=whole_number(1), metavar="N", help=samples + " (1e6 or 1000000)"),
        stderr,
    )
    seed = Arg(
        "--seed", type=whole_number(0), metavar="S",
        help="Monte Carlo seed (default: random, reported; an exact run has no use for it and says so)",
    )  # fmt: skip
    return (method, seed, threads_option(), *game_options())


def method_keywords(args: argparse.Namespace) -> dict[str, Any]:
    """The options of :func:`method_options` and :data:`MAX_WORK` as the library's keyword
    arguments (checked there, once, into its options record)."""
    return {
        "exhaustive": True if args.exact else None,
        "samples": args.samples,
        "stderr_target": args.stderr_target,
        "seed": args.seed,
        "threads": args.threads,
        "max_work": args.max_work,
    }


def note_unused_seed(seed: int | None, exhaustive: bool) -> None:
    """Say on stderr, in one line, that ``--seed`` was given to a run that was exact."""
    if seed is not None and exhaustive:
        sys.stderr.write(f"{PROG}: note: --seed {seed} is not used: the run is exact (every board enumerated)\n")


def chosen_game(args: argparse.Namespace, hands: Sequence[object]) -> Game | None:
    """The game of ``--game`` and ``--high-only`` (None for neither: the library's default,
    Omaha Hi-Lo with the hands' hole size). ``--high-only`` alone is the high-only game of
    ``hands``' hole size (:func:`omaha8eq.games.game_of_hands`).

    Raises:
        OmahaInputError: an unknown ``--game``, or ``--high-only`` with a hi-lo game.
    """
    from ..errors import OmahaInputError
    from ..games import as_game, game_of_hands

    game = None if args.game is None else as_game(args.game, "--game")
    if not args.high_only:
        return game
    if game is not None:
        if game.hilo:
            raise OmahaInputError(f"--high-only contradicts --game {game.name} ({game.title}): give one of them")
        return game
    return game_of_hands(hands, hilo=False)
