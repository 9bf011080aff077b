"""The ``omaha8eq solve`` command: a heads-up turn or river spot solved (Discounted CFR).

Usage::

    omaha8eq solve --board B --oop RANGE --ip RANGE --pot P --stack S [--bets 50,100]
                   [--raises 100] [--raise-cap N] [--limit pot|no] [--target PCT]
                   [--max-iterations N] [--threads N] [--max-work W] [--game G] [--json]

Prints the out-of-position player's first decision by made high and low class (each
class's share of the range, its action frequencies and EV), the players' EVs and the
exploitability (percent of the pot; see :func:`omaha8eq.solve` and docs/solver.md).
Sizes are percentages of the pot. Example::

    omaha8eq solve --board Ac8c5h9dKs --oop 'AA2*' --ip 'KK:$ds' --pot 100 --stack 400
"""

from __future__ import annotations

import argparse
from collections.abc import Callable

from ..checks import excerpt
from ..errors import OmahaInputError
from .common import (
    EXIT_OK,
    Subparsers,
    add_command,
    add_game_option,
    add_max_memory_option,
    emit,
    emit_json,
    whole_number,
)
from .progress import ProgressBar
from .startup import loading_engine

__all__ = ["register", "run_solve"]


def _percents(option: str) -> Callable[[str], tuple[float, ...]]:
    """A parser of ``option``'s comma-separated percentages of the pot: fractions."""

    def parse(text: str) -> tuple[float, ...]:
        if not text.strip():
            return ()
        try:
            values = tuple(float(part) / 100 for part in text.split(","))
        except ValueError:
            raise argparse.ArgumentTypeError(
                f"expected percentages of the pot separated by commas, such as 50,100, got {excerpt(text)}"
            ) from None
        return values

    parse.__name__ = option
    return parse


def register(commands: Subparsers) -> None:
    """Add the ``solve`` subcommand to the CLI's subparsers."""
    sv = add_command(
        commands,
        "solve",
        help="solve a heads-up turn or river spot: strategies by class, EVs, exploitability",
        description="Solve a heads-up turn or river spot with Discounted CFR (a turn spot: the turn's and the "
        "river's betting, every river card dealt): the out-of-position player acts first; "
        "bets and raises are percentages of the pot (all-in is always offered; pot limit by default). Prints "
        "the first decision by made high and low class, the EVs and the exploitability (docs/solver.md).",
        examples=[
            "omaha8eq solve --board Ac8c5h9dKs --oop 'AA2*' --ip 'KK:$ds' --pot 100 --stack 400",
            "omaha8eq solve --board Ac8c5h9dKs --oop 15% --ip 15% --pot 100 --stack 400 --bets 50,100 --raises 100",
            "omaha8eq solve --board Ac8c5h9d --oop 'AA2*' --ip 'KK:$ds' --pot 100 --stack 400 --target 1",
        ],
        takes_range=True,
    )
    sv.add_argument("--board", "-b", required=True, metavar="B", help="the turn (four cards) or the river (five)")
    sv.add_argument("--oop", required=True, metavar="RANGE", help="the range of the player who acts first")
    sv.add_argument("--ip", required=True, metavar="RANGE", help="the range of the player in position")
    sv.add_argument("--pot", required=True, type=float, metavar="P", help="chips in the pot before the betting")
    sv.add_argument("--stack", required=True, type=float, metavar="S", help="chips behind, each (the effective stack)")
    sv.add_argument(
        "--bets",
        type=_percents("--bets"),
        default=(0.5, 1.0),
        metavar="PCTS",
        help="bet sizes, %% of the pot (default 50,100)",
    )
    sv.add_argument(
        "--raises",
        type=_percents("--raises"),
        default=(1.0,),
        metavar="PCTS",
        help="raise sizes, %% of the pot after calling (default 100)",
    )
    sv.add_argument("--raise-cap", type=int, default=3, metavar="N", help="the most raises in the round (default 3)")
    sv.add_argument("--limit", default="pot", choices=("pot", "no"), help="pot limit (default) or no limit")
    sv.add_argument(
        "--target",
        type=float,
        default=0.3,
        metavar="PCT",
        help="stop at this exploitability, %% of the pot (default 0.3)",
    )
    sv.add_argument(
        "--max-iterations", type=int, default=500, metavar="N", help="stop after N iterations (default 500)"
    )
    sv.add_argument(
        "--threads", "-t", type=whole_number(1), metavar="N",
        help="threads to use (default: all cores; a turn spot's river trees are walked in parallel)",
    )  # fmt: skip
    sv.add_argument(
        "--max-work", type=whole_number(1, "a number of row touches such as 1e12"), metavar="W",
        help="run even when the estimate is above the default limit of about ten minutes on one core (1e11 row "
        "touches): the most to allow, e.g. 1e12",
    )  # fmt: skip
    sv.add_argument("--json", action="store_true", help="print the result as JSON (every decision node by class)")
    add_game_option(sv)
    add_max_memory_option(sv)
    sv.set_defaults(run=run_solve)


def run_solve(args: argparse.Namespace) -> int:
    """Run ``omaha8eq solve``; input errors propagate to the CLI's handler."""
    from .common import chosen_game

    with loading_engine():
        from ..solver import solve
    game = chosen_game(args, ())
    if args.high_only and game is None:
        raise OmahaInputError("--high-only: give --game omahahi (or omahahi5, omahahi6) for the solver")
    bar = ProgressBar("iterations")
    try:
        solution = solve(
            args.board, args.oop, args.ip, pot=args.pot, stack=args.stack, bets=args.bets, raises=args.raises,
            raise_cap=args.raise_cap, limit=args.limit, game=game or "omaha8", target=args.target,
            max_iterations=args.max_iterations, threads=args.threads, progress=bar, max_memory=args.max_memory,
            max_work=args.max_work,
        )  # fmt: skip
    finally:
        bar.close()
    if args.json:
        emit_json(solution.to_dict())
    else:
        emit(str(solution))
    return EXIT_OK
