"""Seeded Monte Carlo figures stay bit-identical when the samplers are reworked.

A seed promises the same numbers on any machine and thread count, and the docs print
seeded figures; a change to a sampler (``core/montecarlo.py``, ``core/multiboard.py``,
``core/query_deals.py``) that deals even one card differently breaks that promise. The
integer counts of these spots were recorded on commit b493e64, before the range hands'
placing was shared by the three samplers and the double-board sampler was sped up, in
``tests/data/seeded_figures.json``; every later version must give the same counts.
Record anew only for a change that is meant to deal differently (and say so in the
CHANGELOG): ``python tests/core/test_seeded_figures.py``.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import omaha8eq
from omaha8eq.core import parallel

RECORD = Path(__file__).parent.parent / "data" / "seeded_figures.json"
ACES = "As Ah 2c 3d"


def _equity_counts(result: Any) -> list[dict[str, Any]]:
    return [player.outcome_counts.to_dict() for player in result.players]


def _boards_counts(result: Any) -> list[dict[str, Any]]:
    return [
        {
            "scooped": list(player.scooped),
            "share_counts": {str(share): count for share, count in sorted(player.share_counts.items())},
            "boards": [board.outcome_counts.to_dict() for board in player.boards],
        }
        for player in result.players
    ]


def _query_counts(result: Any) -> dict[str, Any]:
    # value * trials is the count behind a count/avg selector; repr keeps every float bit.
    return {s.name: [repr(s.value), repr(s.stderr)] for s in result.selectors} | {"trials": result.trials}


#: name -> a function of the package giving the spot's counts as JSON data.
SPOTS: dict[str, Callable[[Any], Any]] = {
    # montecarlo.sample_deals: ranges (weighted and not), a random hand, 4 and 5 cards.
    "equity, ranges, preflop": lambda m: _equity_counts(
        m.equity([ACES, "KK:$ds", "A2**", "random"], samples=20_000, seed=3, threads=1)
    ),
    "equity, ranges, flop, 2 threads": lambda m: _equity_counts(
        m.equity(["AK**", "QQ**", "random"], "Ac8c5h", samples=20_000, seed=11, threads=2)
    ),
    "equity, 5 cards": lambda m: _equity_counts(
        m.equity(["AsAh2c3d4d", "KK***", "random"], samples=20_000, seed=4, threads=1, game="omaha85")
    ),
    # multiboard.sample_boards: bomb pots preflop and from two flops, ranges, runs.
    "bomb pot, 6 players, preflop": lambda m: _boards_counts(
        m.boards_equity([ACES] + ["random"] * 5, ("", ""), samples=20_000, seed=8, threads=1)
    ),
    "bomb pot, 6 players, two flops": lambda m: _boards_counts(
        m.boards_equity([ACES] + ["random"] * 5, ("4c5d7s", "KcQs9h"), samples=20_000, seed=1, threads=1)
    ),
    "bomb pot, 9 players, two flops": lambda m: _boards_counts(
        m.boards_equity([ACES] + ["random"] * 8, ("4c5d7s", "KcQs9h"), samples=10_000, seed=2, threads=2)
    ),
    "two boards, ranges": lambda m: _boards_counts(
        m.boards_equity([ACES, "KK**", "A2**", "random"], ("4c5d7s", "KcQs9h"), samples=20_000, seed=2, threads=1)
    ),
    "run it twice, 5 cards": lambda m: _boards_counts(
        m.boards_equity(["AsAhKd2c3d", "KsKhQdJdTd", "random"], "4c5d7s", runs=2, samples=20_000, seed=5, threads=2)
    ),
    "run it twice, ranges": lambda m: _boards_counts(
        m.boards_equity(["AA**", "KK:$ds", "random"], "4c5d7s", runs=2, samples=20_000, seed=5, threads=1)
    ),
    "high only, three boards from a turn": lambda m: _boards_counts(
        m.boards_equity([ACES, "random", "random"], "4c5d7sKh", runs=3, game="omahahi", samples=20_000, seed=6)
    ),
    # query_deals.draw_deals: ranges and a random hand.
    "query, ranges": lambda m: _query_counts(
        m.query(
            "select avg(riverEquity(hero)) as eq, count(winsHi(villain)) as w "
            "from hero='A2**', villain='KK**', third='*'",
            samples=20_000,
            seed=3,
            threads=1,
        )
    ),
    "query, percent range, flop": lambda m: _query_counts(
        m.query(
            "select avg(riverEquity(hero)) as eq from hero='AA**', villain='15%', board='Ac8c5h'",
            samples=20_000,
            seed=5,
            threads=2,
        )
    ),
}


def _recorded() -> dict[str, Any]:
    recorded: dict[str, Any] = json.loads(RECORD.read_text(encoding="utf-8"))
    return recorded


def test_every_spot_is_recorded() -> None:
    assert sorted(_recorded()) == sorted(SPOTS)


@pytest.mark.parametrize("name", list(SPOTS))
def test_seeded_counts_are_unchanged(name: str) -> None:
    # Through JSON, as recorded: tuples become lists, keys strings.
    assert json.loads(json.dumps(SPOTS[name](omaha8eq))) == _recorded()[name]


@pytest.mark.parametrize("name", ["equity, ranges, preflop", "bomb pot, 6 players, two flops", "query, ranges"])
def test_serial_twins_give_the_recorded_counts(name: str) -> None:
    # What forked and Dask workers run: each sampler compiled without ``parallel``, its
    # chunks' scratch allocated by a plain loop (one spot per sampler).
    with parallel.serial_builds():
        assert json.loads(json.dumps(SPOTS[name](omaha8eq))) == _recorded()[name]


#: The other kernels with a loop body (``core/loop_body.py``), exact or not recorded: their
#: serial twins must count as their parallel builds.
TWIN_SPOTS: dict[str, Callable[[Any], Any]] = {
    "exact, a random hand (enumerate_deals)": lambda m: _equity_counts(
        m.equity([ACES, "random"], "Ks7d2h9c", exhaustive=True, threads=1)
    ),
    "double board, exact (board_outcomes)": lambda m: _boards_counts(
        m.boards_equity([ACES, "KsKhQdJd"], ("7s6d2h9c", "9s8c4h5d"), exhaustive=True, threads=1)
    ),
    "Monte Carlo, known hands (sample_deals)": lambda m: _equity_counts(
        m.equity([ACES, "KsKhQdJd"], samples=5_000, seed=2, threads=1)
    ),
}


@pytest.mark.parametrize("name", list(TWIN_SPOTS))
def test_serial_twins_count_as_the_parallel_builds(name: str) -> None:
    parallel_counts = TWIN_SPOTS[name](omaha8eq)
    with parallel.serial_builds():
        assert TWIN_SPOTS[name](omaha8eq) == parallel_counts


if __name__ == "__main__":
    RECORD.write_text(json.dumps({name: spot(omaha8eq) for name, spot in SPOTS.items()}, indent=1) + "\n")
    print(f"recorded {len(SPOTS)} spots in {RECORD}")
