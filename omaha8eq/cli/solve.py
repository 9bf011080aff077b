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
from .common import Arg, Command, print_result
from .options import MAX_MEMORY, board_option, chosen_game, game_options, json_option, threads_option, whole_number
from .progress import ProgressBar
from .startup import loading_engine

__all__ = ["COMMANDS", "run_solve"]


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


def run_solve(args: argparse.Namespace) -> int:
    """Run ``omaha8eq solve``; input errors propagate to the CLI's handler."""
    with loading_engine():
        from ..solver import solve
    game = chosen_game(args, ())
    if args.high_only and game is None:
        raise OmahaInputError("--high-only: give --game omahahi (or omahahi5, omahahi6) for the solver")
    with ProgressBar("iterations") as bar:
        solution = solve(
            args.board, args.oop, args.ip, pot=args.pot, stack=args.stack, bets=args.bets, raises=args.raises,
            raise_cap=args.raise_cap, limit=args.limit, game=game or "omaha8", target=args.target,
            max_iterations=args.max_iterations, threads=args.threads, progress=bar, max_memory=args.max_memory,
            max_work=args.max_work,
        )  # fmt: skip
    return print_result(args, solution)


COMMANDS = (
    Command(
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
        options=[
            board_option("the turn (four cards) or the river (five)", required=True),
            Arg("--oop", required=True, metavar="RANGE", help="the range of the player who acts first"),
            Arg("--ip", required=True, metavar="RANGE", help="the range of the player in position"),
            Arg("--pot", required=True, type=float, metavar="P", help="chips in the pot before the betting"),
            Arg("--stack", required=True, type=float, metavar="S", help="chips behind, each (the effective stack)"),
            Arg("--bets", type=_percents("--bets"), default=(0.5, 1.0), metavar="PCTS",
                help="bet sizes, %% of the pot (default 50,100)"),
            Arg("--raises", type=_percents("--raises"), default=(1.0,), metavar="PCTS",
                help="raise sizes, %% of the pot after calling (default 100)"),
            Arg("--raise-cap", type=int, default=3, metavar="N", help="the most raises in the round (default 3)"),
            Arg("--limit", default="pot", choices=("pot", "no"), help="pot limit (default) or no limit"),
            Arg("--target", type=float, default=0.3, metavar="PCT",
                help="stop at this exploitability, %% of the pot (default 0.3)"),
            Arg("--max-iterations", type=int, default=500, metavar="N", help="stop after N iterations (default 500)"),
            threads_option("threads to use (default: all cores; a turn spot's river trees are walked in parallel)"),
            Arg("--max-work", type=whole_number(1, "a number of row touches such as 1e12"), metavar="W",
                help="run even when the estimate is above the default limit of about ten minutes on one core (1e11 row "
                "touches): the most to allow, e.g. 1e12"),
            json_option("print the result as JSON (every decision node by class)"),
            *game_options(),
            MAX_MEMORY,
        ],
        run=run_solve,
        takes_range=True,
    ),
)  # fmt: skip
