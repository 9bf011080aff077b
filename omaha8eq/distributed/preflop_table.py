"""The preflop table: every starting-hand suit class's hi-lo equity and breakdown.

Against one random hand the table is exact: the job sweeps every hand of the size
(each weight 1) against every hand (:func:`~omaha8eq.engine.range_vs_range.sweep_boards`)
over the suit classes of five-card boards (134,459, each counted as many times as
it has boards), a chunk of board classes per task, and sums each hand's outcome
histogram over the hands of its starting-hand class. That sum is the class's count
over every board and every opponent hand: a suit permutation maps a board onto its
class representative and the class's hands onto themselves.

Against ``players - 1`` random hands it is seeded Monte Carlo: per class,
``equity([representative, "random", ...], samples=samples, seed=s)`` with ``s``
drawn from the job seed and the class's index (``core.rng.chunk_state``), a chunk of
classes per task; any partitioning gives the same numbers.

Cards are ints 0..51 (``4 * rank + suit``). A class's histogram ``counts[c]`` has
the layout of ``core.showdown`` for ``players`` players (high state: 0 loses, ``j``
ties with ``j - 1`` others; low state likewise, then "no low while another has
one", then "nobody has a low"): exact tables count (board, opponent hand, class
hand) triples, sampled ones deals of the representative.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass
from math import comb
from typing import Any

import numpy as np

from ..cards import format_card
from ..core.hand_isomorphism import all_hands, class_keys, class_representatives, class_sizes, hand_chunks
from ..data.table_format import breakdown, check_exact_counts
from ..deck import BOARD_CARDS, DECK_SIZE, HOLE_SIZES
from ..engine.board_isomorphism import BOARD_CLASSES, board_isomorphism
from ..engine.preflop import class_totals
from ..engine.range_vs_range import row_touches
from ..errors import OmahaInputError
from ..games import game_for
from ..present.protocol import Column, Presented, View
from ..present.text import percent
from .job import Job, Task, TaskResult

__all__ = [
    "PreflopTable",
    "starting_classes",
    "table_from_counts",
    "table_job",
]

#: Board classes per task of an exact table (about a minute of one core for 4 cards).
EXACT_CHUNK = {4: 1_000, 5: 200, 6: 20}
#: Starting-hand classes per task of a sampled table.
SAMPLED_CHUNK = 64
#: Deals per class of a sampled table when not given.
DEFAULT_TABLE_SAMPLES = 100_000
#: Most players of each hole size: their hands and a board fit in the deck.
MAX_PLAYERS = {size: (DECK_SIZE - BOARD_CARDS) // size for size in HOLE_SIZES}
#: Row touches a second of one core sweeping every hand against every hand, swept once
#: as a range against itself (measured: 4 cards, 1,000 board classes in 61 s of CPU on a
#: busy 2-core machine, about 0.06 s a board).
SWEEP_RATE = 45_000_000
#: Most memory one exact task may need (bytes): the sweep of every 6-card hand against
#: every 6-card hand (20 million a side) would need about 16 GB.
MAX_TASK_MEMORY = 4 << 30
#: Starting-hand suit classes of each hole size.
CLASS_COUNTS = {4: 16_432, 5: 134_459, 6: 962_988}


@functools.cache
def starting_classes(hole_size: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The starting-hand classes of ``hole_size`` cards: keys (sorted ascending, int64),
    representatives ((n, hole_size) int8) and sizes (hands per class, int64). Cached."""
    keys = np.unique(np.concatenate([np.unique(class_keys(chunk)) for chunk in hand_chunks(hole_size)]))
    return keys, class_representatives(keys, hole_size), class_sizes(keys)


def _exact_task(params: Mapping[str, Any], task: Task) -> TaskResult:
    """Board classes ``task.start`` to ``task.stop - 1``: every class's summed
    heads-up histogram (n_classes, 3, 5) against one random hand."""
    from ..engine.range_vs_range import sweep_boards

    hole_size = int(params["hole_size"])
    hands = all_hands(hole_size)
    ones = np.ones(len(hands), dtype=np.int64)
    boards, sizes = board_isomorphism()
    swept = sweep_boards(
        hands, ones, hands, ones, boards[task.start : task.stop], sizes[task.start : task.stop],
        game=game_for(hole_size, bool(params["hilo"])), per_board=False,
    )  # fmt: skip
    _, counts, _ = class_totals(hands, swept.hands_a)  # all hands: every class, in starting_classes' order
    return {"counts": counts}


def class_seed(seed: int, index: int) -> int:
    """The Monte Carlo seed of class ``index`` of a table seeded with ``seed``."""
    from ..core.rng import chunk_state

    return int(chunk_state(np.uint64(seed), np.uint64(index)))


def _sampled_task(params: Mapping[str, Any], task: Task) -> TaskResult:
    """Starting-hand classes ``task.start`` to ``task.stop - 1``: each one's histogram
    of ``samples`` seeded deals against ``players - 1`` random hands (one row a class)."""
    # The engine's run, as equity(..., samples=, seed=) makes it (the distributed jobs
    # run below the public API: omaha8eq.equities calls this package).
    from ..engine.options import RunOptions
    from ..engine.run import run_equity
    from ..engine.spot import parse_spot

    hole_size, players, hilo = int(params["hole_size"]), int(params["players"]), bool(params["hilo"])
    _, representatives, _ = starting_classes(hole_size)
    game = game_for(hole_size, hilo)
    rows = []
    for index in range(task.start, task.stop):
        spot = parse_spot([representatives[index].tolist()] + ["random"] * (players - 1), "", "", game)
        seed = class_seed(int(params["seed"]), index)
        result = run_equity(spot, RunOptions(samples=int(params["samples"]), seed=seed))
        rows.append(result.players[0].counts)
    return {"counts": np.stack(rows).astype(np.int64)}


def table_job(
    hole_size: int,
    players: int = 2,
    *,
    samples: int | None = None,
    seed: int = 0,
    hilo: bool = True,
    chunk: int | None = None,
) -> Job:
    """The job that builds the table of ``hole_size``-card classes for ``players``
    players: exact for two (``samples`` must be None), else ``samples`` seeded deals
    a class (default ``DEFAULT_TABLE_SAMPLES``). ``chunk``: items per task (board
    classes when exact, starting-hand classes when sampled)."""
    if hole_size not in MAX_PLAYERS:
        raise OmahaInputError(f"hole size: expected 4, 5 or 6, got {hole_size}")
    if not 2 <= players <= MAX_PLAYERS[hole_size]:
        raise OmahaInputError(
            f"players: expected 2 to {MAX_PLAYERS[hole_size]} for {hole_size}-card hands, got {players}"
        )
    if chunk is not None and chunk < 1:
        raise OmahaInputError(f"chunk: expected a positive number of items per task, got {chunk}")
    params: dict[str, Any] = {"hole_size": hole_size, "players": players, "hilo": hilo}
    if players == 2:
        if samples is not None:
            raise OmahaInputError("samples: the heads-up table is exact; samples apply to 3 or more players")
        work, memory = exact_table_cost(hole_size)
        if memory > MAX_TASK_MEMORY:
            hours = work / SWEEP_RATE / 3600
            raise OmahaInputError(
                f"hole size: the exact {hole_size}-card table is about {work:.1e} row touches (about {hours:,.0f} "
                f"core-hours) and each task needs about {memory / 2**30:.0f} GB: not offered; 3 or more players "
                "are sampled"
            )
        return Job(_exact_task, params, BOARD_CLASSES, chunk or EXACT_CHUNK[hole_size], label=_label(params))
    params |= {"samples": samples or DEFAULT_TABLE_SAMPLES, "seed": seed}
    n_classes = CLASS_COUNTS[hole_size]
    return Job(_sampled_task, params, n_classes, chunk or SAMPLED_CHUNK, rows=True, label=_label(params))


def exact_table_cost(hole_size: int) -> tuple[int, int]:
    """The exact heads-up table's work (row touches over every board class) and one
    task's memory (bytes: the subset ids of every hand, each hand's histogram a thread)."""
    hands = comb(DECK_SIZE, hole_size)
    live = comb(DECK_SIZE - 5, hole_size)
    work = row_touches(live, live, hole_size, mirror=True) * BOARD_CLASSES
    memory = 2 * hands * ((4 << hole_size) + 2 * 15 * 8)
    return work, memory


def _label(params: Mapping[str, Any]) -> str:
    if params["players"] == 2:
        work = exact_table_cost(params["hole_size"])[0]
        kind = f"exact, about {work / SWEEP_RATE / 3600:,.1f} core-hours"
    else:
        kind = f"{params['samples']:,} deals a class, seed {params['seed']}"
    return f"preflop table, {params['hole_size']} cards, {params['players']} players, {kind}"


@dataclass(frozen=True)
class PreflopTable(Presented):
    """A finished table, one row per starting-hand class in class-key order.

    Attributes:
        hole_size, players, hilo: what it is for.
        exact: True for the heads-up table (every board and opponent), False for
            sampled ones; then ``samples`` deals a class from ``seed``.
        keys: (n,) int64 class keys (``core.hand_isomorphism.class_keys``), ascending.
        hands: (n, hole_size) int8 representatives; sizes: (n,) hands per class.
        counts: (n, players + 1, players + 3) int64 outcome histograms (module doc).
        digest: the job's digest.
    """

    hole_size: int
    players: int
    hilo: bool
    exact: bool
    samples: int | None
    seed: int | None
    keys: np.ndarray
    hands: np.ndarray
    sizes: np.ndarray
    counts: np.ndarray
    digest: str

    def method(self) -> str:
        """What the table is, in words: the game, the opponents and how it was counted."""
        game = "Omaha Hi-Lo 8-or-better" if self.hilo else "Omaha high"
        opponents = "one random hand" if self.players == 2 else f"{self.players - 1} random hands"
        if self.exact:
            how = "exact: every board and every opponent hand (board suit classes, weighted by size)"
        else:
            how = f"seeded Monte Carlo, {self.samples:,} deals a class from seed {self.seed} and the class index"
        return f"{game}, each {self.hole_size}-card starting-hand class against {opponents}; {how}"

    def view(self) -> View:
        """One row per class, best equity first (equal equities in class-key order): its
        rank, representative (high card first, ``AsAhKsKh``), size and breakdown."""
        columns = breakdown(self.counts)
        order = np.lexsort((self.keys, -columns["equity"]))
        names = [format_card(c) for c in range(52)]
        hands, sizes = self.hands.tolist(), self.sizes.tolist()
        values = [figure.tolist() for figure in columns.values()]
        rows = tuple(
            (rank, "".join(names[c] for c in sorted(hands[row], reverse=True)), sizes[row], *(v[row] for v in values))
            for rank, row in enumerate(order.tolist(), start=1)
        )
        figures = tuple(Column(name, f"{name.replace('_', ' ').capitalize()} %", percent) for name in columns)
        return View((Column("rank", "Rank", str), Column("hand", "Hand"), Column("hands", "Hands", str), *figures),
                    rows, (self.method(),))  # fmt: skip

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict: what the table is (``hole_size`` ... ``digest``, ``method``)
        and its rows (``rank``, ``hand``, ``hands`` and the breakdown, best first)."""
        view = self.view()
        keys = [c.key for c in view.columns]
        settings = ("hole_size", "players", "hilo", "exact", "samples", "seed", "digest")
        return {
            **{name: getattr(self, name) for name in settings},
            "method": self.method(),
            "rows": [dict(zip(keys, row, strict=True)) for row in view.rows],
        }


def table_from_counts(job: Job, counts: np.ndarray) -> PreflopTable:
    """The table of a finished :func:`table_job` whose result is ``counts``."""
    params = job.params
    hole_size, players = int(params["hole_size"]), int(params["players"])
    keys, hands, sizes = starting_classes(hole_size)
    exact = players == 2
    if exact:
        check_exact_counts(counts, sizes, hole_size)
    return PreflopTable(
        hole_size, players, bool(params["hilo"]), exact, None if exact else int(params["samples"]),
        None if exact else int(params["seed"]), keys, hands, sizes, counts, job.digest,
    )  # fmt: skip
