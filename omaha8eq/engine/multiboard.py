"""Equity with several boards: double-board Omaha, and one board run N times.

Both are one model (``omaha8eq.core.multiboard``): a deal has ``B`` boards, each with
its known cards; the missing cards of every board come from one deck, board 1's first,
so card removal between the boards is exact. A double board is two boards with their
own known cards (either may be empty); running it N times is N boards sharing the one
board's known cards. Every board plays for ``1/B`` of the pot.

The method: exact enumeration of every tuple of board completions when the hands are
known and the tuples few enough (each completion of each board is evaluated once, then
the tuples read those values); seeded Monte Carlo otherwise (random hands, ranges, bomb
pots preflop, three or four runs from the flop). Exact runs are estimated first and refused
above ``max_work``; long runs report progress between kernel calls of bounded size, so
Ctrl-C stops them within about a second.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass

import numpy as np

from ..board_results import BoardsPlayer, BoardsResult
from ..cards import CardSpec, check_disjoint, format_cards, parse_cards
from ..checks import check_int, excerpt
from ..core import parallel
from ..core.kernel_args import SampleRun
from ..core.montecarlo import MAX_REDRAWS
from ..core.multiboard import board_outcomes, combine_boards, sample_boards
from ..core.showdown import histogram_shape
from ..deck import DECK_SIZE
from ..errors import HandSizeError, OmahaInputError, WorkLimitError
from ..games import Game, GameChoice, double_board, game_for
from ..outcomes import boards_figures, share_units
from ..results import EquityResult
from .deal import Deal, lookup_tables, prepare_deal
from .feasibility import check_ranges_fit
from .method import EXHAUSTIVE_LIMIT, MAX_WORK, RATES, Method, duration_text
from .options import RunOptions, draw_seed
from .progress import CHUNKS_PER_CALL, ProgressCallback, announce_unit, report
from .run import numba_threads
from .sampling import SampleTarget, chunk_calls, draw_until, exact_chosen, range_draw
from .spot import Spot, as_choice, parse_spot
from .summary import build_result
from .threads import choose_threads

__all__ = ["MAX_RUNS", "BoardsSpot", "boards_work", "parse_boards_spot", "run_boards"]

#: Running it N times: N from 1 to MAX_RUNS.
MAX_RUNS = 4
#: Tuples of board completions one exact chunk visits (about 10 ms): the unit of
#: parallel work, and of progress between kernel calls.
TUPLES_PER_CHUNK = 1_000_000
#: Exact chunks per kernel call: at most about 0.2 s of work between progress reports
#: (and chances to stop on Ctrl-C).
EXACT_CHUNKS_PER_CALL = 16
#: The most histogram cells (int64) the chunks of one kernel call write: 32 MB.
CELLS_PER_CALL = 4_000_000
#: Tuple-player visits per second of the exact combination on one core (measured
#: 1-3e8 on a 2-core x86-64 VM shared with other work; the cautious end).
EXACT_RATE = 1e8


@dataclass(frozen=True)
class BoardsSpot:
    """A checked spot with several boards.

    ``spot`` holds the seats and the dead cards (no board); ``boards`` each board's
    known cards (card ints), a run repeating the one board's; ``kind`` is "board" or
    "run"; ``game`` the game played (its ``boards`` field is the number of boards).
    """

    spot: Spot
    boards: tuple[tuple[int, ...], ...]
    kind: str
    game: Game

    @property
    def known(self) -> tuple[int, ...]:
        """Every known board card once (runs share theirs)."""
        return tuple(dict.fromkeys(card for board in self.boards for card in board))

    @property
    def missing(self) -> tuple[int, ...]:
        """The cards still to come on each board."""
        return tuple(5 - len(board) for board in self.boards)


def parse_boards_spot(
    hands: object, boards: object, dead: CardSpec, *, runs: object = 1, game: GameChoice | Game | None = None
) -> BoardsSpot:
    """Check the players, the boards (one to run ``runs`` times, or two), the dead cards
    and the game. Raises OmahaInputError naming the bad input: a card on two boards (one
    board given twice), a board of more than 5 cards, more than two boards, runs outside
    1..4 with one board, runs with two boards, a game of another hole size, too few
    cards in the deck; OmahaTypeError for inputs of the wrong type. The spot carries
    the one-board game each board plays; the answer's ``game`` the game of all boards."""
    choice = as_choice(game)
    spot = parse_spot(hands, "", dead, GameChoice(None, choice.hilo))  # type: ignore[arg-type]  # checked there
    chosen = spot.game if choice.game is None else choice.game
    if chosen.hole_cards != spot.hole_size:
        raise HandSizeError(
            f"game: {chosen.name} deals {chosen.hole_cards} hole cards, the hands have {spot.hole_size}"
        )
    spot.game = game_for(chosen.hole_cards, chosen.hilo)
    if isinstance(boards, (str, bytes)):
        boards = [boards]
    if not isinstance(boards, (list, tuple)):
        raise OmahaInputError(f"boards: expected a list of one or two boards, got {excerpt(boards)}")
    n_runs = check_int(runs, "runs", minimum=1, maximum=MAX_RUNS)
    given = [parse_cards(board, what=f"board {i}") for i, board in enumerate(boards, 1)]
    if not 1 <= len(given) <= 2:
        raise OmahaInputError(f"boards: {len(given)} boards given; a game deals one or two")
    for i, board in enumerate(given, 1):
        if len(board) > 5:
            raise HandSizeError(f"board {i}: {len(board)} cards given; a board has at most 5")
    if n_runs > 1 and len(given) > 1:
        raise OmahaInputError("runs: running it N times plays one board; give one board with runs, or two without")
    n_boards = max(len(given), chosen.boards)
    given += [()] * (n_boards - len(given))  # a double-board game with a board on one side only
    check_disjoint(
        [(f"hand {i}", s.cards) for i, s in enumerate(spot.seats, 1) if s.cards is not None]
        + [(f"board {i}", board) for i, board in enumerate(given, 1)]
        + [("the dead cards", spot.dead)]
    )
    kind = "run" if n_runs > 1 else "board"
    parsed = BoardsSpot(
        spot,
        tuple(given) * n_runs,
        kind,
        double_board(chosen) if kind == "board" and n_boards == 2 else chosen,
    )
    needed = len(spot.seats) * spot.hole_size + len(parsed.known) + sum(parsed.missing) + len(spot.dead)
    if needed > DECK_SIZE:
        raise OmahaInputError(
            f"hands: {len(spot.seats)} players with {spot.hole_size} cards each, {len(parsed.boards)} "
            f"{kind}s and {len(spot.dead)} dead cards need {needed} cards; the deck has 52"
        )
    if n_boards == 1 and n_runs == 1:
        raise OmahaInputError("boards: one board run once is a plain equity(hands, board); give two boards or runs")
    return parsed


def _deck_size(parsed: BoardsSpot) -> int:
    spot = parsed.spot
    fixed = sum(len(s.cards) for s in spot.seats if s.cards is not None)
    return DECK_SIZE - fixed - len(parsed.known) - len(spot.dead)


def _tuples(parsed: BoardsSpot) -> int:
    """The tuples of board completions (board 1's first, then each from what is left)."""
    left = _deck_size(parsed)
    total = 1
    for missing in parsed.missing:
        total *= math.comb(left, missing)
        left -= missing
    return total


def boards_work(parsed: BoardsSpot) -> int:
    """The exact run's estimated work: tuples of completions times players."""
    return _tuples(parsed) * len(parsed.spot.seats)


def run_boards(parsed: BoardsSpot, options: RunOptions, *, started: float | None = None) -> BoardsResult:
    """The equity of a checked spot with several boards (``options`` checked by
    :meth:`RunOptions.check`, as :func:`omaha8eq.boards.boards_equity` does; it reads the
    method options, ``threads``, ``progress`` and ``max_work``)."""
    started = time.perf_counter() if started is None else started
    seed, threads, progress, max_work = options.seed, options.threads, options.progress, options.max_work
    spot = parsed.spot
    has_random = any(s.is_random or s.is_range for s in spot.seats)
    if options.exhaustive and has_random:
        raise OmahaInputError(
            f"exhaustive=True: with several {parsed.kind}s the exact run takes known hands only; "
            "random hands and ranges are sampled"
        )
    exhaustive = exact_chosen(options, None if has_random else _tuples(parsed), EXHAUSTIVE_LIMIT)
    target = SampleTarget.of(options)
    # The known board cards leave the deck; each board keeps its own. Board 1's go as the
    # deal's board, the others' as dead cards: the deal's check of the deck (every hand,
    # a whole board and the dead cards) then counts no card twice, so it lets through
    # every deal that parse_boards_spot counted to fit (7 6-card hands on two flops: 52).
    first = parsed.boards[0]
    rest = tuple(card for card in parsed.known if card not in first)
    deal = prepare_deal(Spot(spot.seats, spot.game, first, (*spot.dead, *rest)))
    check_ranges_fit(deal)
    arrays = deal.arrays()
    tables = lookup_tables()
    n_players = len(spot.seats)
    used_seed = None
    if exhaustive:
        seconds = boards_work(parsed) / EXACT_RATE
    else:
        seconds = n_players * len(parsed.boards) * target.limit / RATES[Method.SAMPLE]
    with numba_threads(choose_threads(threads, seconds)):
        if exhaustive:
            _check_exact_work(parsed, max_work)
            announce_unit(progress, "deals")
            totals = _exact_counts(parsed, arrays, tables, progress)
        else:
            used_seed = draw_seed() if seed is None else seed
            announce_unit(progress, "samples")
            totals = _sampled_counts(parsed, deal, arrays, tables, used_seed, target, progress)
    counts, shares, scoops = totals
    outcomes = int(scoops[0].sum())
    board_results = tuple(
        build_result(
            Spot(spot.seats, spot.game, board, spot.dead),
            counts[b],
            outcomes,
            exhaustive=exhaustive,
            seed=used_seed,
            started=started,
            weighted=False,
        )
        for b, board in enumerate(parsed.boards)
    )
    whole = len(parsed.boards) * int(share_units(n_players)[1, n_players + 2])
    players = [
        _player(board_results[0].players[p].hand, p, board_results, shares[p], scoops[p], whole, exhaustive)
        for p in range(n_players)
    ]
    return BoardsResult(
        players=players,
        boards=board_results,
        kind=parsed.kind,
        game=parsed.game.name,
        dead=format_cards(spot.dead),
        outcomes=outcomes,
        exhaustive=exhaustive,
        seed=used_seed,
        elapsed=time.perf_counter() - started,
        hilo=spot.game.hilo,
    )


def _player(
    hand: str,
    p: int,
    board_results: tuple[EquityResult, ...],
    shares: np.ndarray,
    scoops: np.ndarray,
    whole: int,
    exhaustive: bool,
) -> BoardsPlayer:
    """One player's totals: the figure maker's (:func:`~omaha8eq.outcomes.boards_figures`)
    of the share histogram (units of ``whole`` a pot) and the scoop counts, and its results on each board."""
    figures = boards_figures(shares, scoops, whole, exhaustive)
    return BoardsPlayer(hand=hand, boards=tuple(result.players[p] for result in board_results), **figures)


def _check_exact_work(parsed: BoardsSpot, max_work: int | None) -> None:
    limit = MAX_WORK if max_work is None else max_work
    work = boards_work(parsed)
    if work > limit:
        seconds = work / EXACT_RATE
        raise WorkLimitError(
            f"exhaustive=True: this exact run ({len(parsed.boards)} {parsed.kind}s) would take about {work:.2g} "
            f"hand outcomes, about {duration_text(seconds)} on one core (more cores divide it), above the limit "
            f"max_work={limit:.2g}; use Monte Carlo (samples or stderr_target; on the command line --samples "
            "or --stderr), or raise max_work (--max-work) to run it anyway",
            work=work, unit="hand outcomes", seconds=seconds, limit=limit,
        )  # fmt: skip


def _histograms(n_chunks: int, n_boards: int, n_players: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Empty per-chunk histograms: board cells, pot shares (units), boards scooped."""
    whole = n_boards * int(share_units(n_players)[1, n_players + 2])
    return (
        np.zeros((n_chunks, n_boards, *histogram_shape(n_players)), dtype=np.int64),
        np.zeros((n_chunks, n_players, whole + 1), dtype=np.int64),
        np.zeros((n_chunks, n_players, n_boards + 1), dtype=np.int64),
    )


def _chunks_per_call(n_boards: int, n_players: int) -> int:
    """Chunks of one kernel call: at most CHUNKS_PER_CALL, and CELLS_PER_CALL histogram cells."""
    cells = sum(int(h[0].size) for h in _histograms(1, n_boards, n_players))
    return max(1, min(CHUNKS_PER_CALL, CELLS_PER_CALL // cells))


def _exact_counts(
    parsed: BoardsSpot, arrays: object, tables: object, progress: ProgressCallback | None
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Every tuple of board completions counted: the board cells, the shares and the scoops."""
    n_players = len(parsed.spot.seats)
    deck_size = _deck_size(parsed)
    # One block of completions per distinct board (the runs share one), each evaluated once.
    blocks: dict[tuple[int, ...], int] = {}
    masks_parts: list[np.ndarray] = []
    cells_parts: list[np.ndarray] = []
    offsets = []
    sizes = []
    start = 0
    for board, missing in zip(parsed.boards, parsed.missing, strict=True):
        size = math.comb(deck_size, missing)
        if board not in blocks:
            blocks[board] = start
            masks = np.zeros(size, dtype=np.int64)
            cells = np.zeros((size * n_players, 2), dtype=np.int8)
            row = np.zeros(5, dtype=np.int8)
            row[: len(board)] = board
            parallel.run(board_outcomes, arrays, tables, row, len(board), masks, cells)
            masks_parts.append(masks)
            cells_parts.append(cells)
            start += size
        offsets.append(blocks[board])
        sizes.append(size)
    all_masks = np.concatenate(masks_parts)
    all_cells = np.concatenate(cells_parts)
    n_boards = len(parsed.boards)
    units = share_units(n_players)
    first_size = sizes[0]
    tuples = _tuples(parsed)
    per_first = tuples // first_size  # every completion of board 1 leaves as many tuples
    step = max(1, TUPLES_PER_CHUNK // max(per_first, 1))
    bounds = [*range(0, first_size, step), first_size]
    per_call = min(_chunks_per_call(n_boards, n_players), EXACT_CHUNKS_PER_CALL)
    totals = [h[0] for h in _histograms(1, n_boards, n_players)]
    n_chunks = len(bounds) - 1
    for call in range(0, n_chunks, per_call):
        end = min(call + per_call, n_chunks)
        firsts = np.array(bounds[call:end], dtype=np.int64)
        lasts = np.array(bounds[call + 1 : end + 1], dtype=np.int64)
        chunk_counts, chunk_shares, chunk_scoops = _histograms(len(firsts), n_boards, n_players)
        parallel.run(
            combine_boards, all_masks, all_cells, np.array(offsets, dtype=np.int64), np.array(sizes, dtype=np.int64),
            units, firsts, lasts, chunk_counts, chunk_shares, chunk_scoops,
        )  # fmt: skip
        for total, part in zip(totals, (chunk_counts, chunk_shares, chunk_scoops), strict=True):
            total += part.sum(axis=0)
        report(progress, int(lasts[-1]) * per_first, tuples)
    return totals[0], totals[1], totals[2]


def _sampled_counts(
    parsed: BoardsSpot,
    deal: Deal,
    arrays: object,
    tables: object,
    seed: int,
    target: SampleTarget,
    progress: ProgressCallback | None,
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Seeded random deals, a batch of chunks per kernel call, until ``target`` is met
    (:func:`~.sampling.draw_until`: the pot shares' standard errors). Raises
    OmahaInputError when the ranges (almost) never fit together."""
    n_players = len(parsed.spot.seats)
    n_boards = len(parsed.boards)
    boards = np.zeros((n_boards, 5), dtype=np.int8)
    for b, board in enumerate(parsed.boards):
        boards[b, : len(board)] = board
    n_known = np.array([len(board) for board in parsed.boards], dtype=np.int64)
    units = share_units(n_players)
    whole = n_boards * int(units[1, n_players + 2])
    # A deal evaluates every board: fewer chunks a call keep a call under about a second.
    per_call = max(1, _chunks_per_call(n_boards, n_players) // n_boards)
    totals = [h[0] for h in _histograms(1, n_boards, n_players)]
    ranges = range_draw(deal)

    def draw(chunk: int, sizes: np.ndarray) -> int:
        histograms = _histograms(len(sizes), n_boards, n_players)
        run = SampleRun(np.uint64(seed), chunk, sizes, False, units)
        stuck = np.zeros(len(sizes), dtype=np.bool_)
        parallel.run(sample_boards, arrays, tables, ranges, boards, n_known, run, *histograms, stuck)
        if stuck.any():
            raise OmahaInputError(
                "hands: the ranges almost never fit together without two players sharing a "
                f"card (no deal found in {MAX_REDRAWS:,} draws); narrow them"
            )
        for total, part in zip(totals, histograms, strict=True):
            total += part.sum(axis=0)
        return int(sizes.sum())

    batches = (draw(chunk, sizes) for chunk, sizes in chunk_calls(target.limit, per_call))
    draw_until(target, batches, lambda: [_stderr(totals[1], whole)], progress)
    return totals[0], totals[1], totals[2]


def _stderr(shares: np.ndarray, whole: int) -> float:
    """The largest standard error of the players' equities in the share histograms."""
    values = np.arange(shares.shape[1], dtype=np.float64) / whole
    n = shares.sum(axis=1).astype(np.float64)
    mean = (shares * values).sum(axis=1) / n
    variance = (shares * values**2).sum(axis=1) / n - mean**2
    return float(np.sqrt(np.maximum(variance, 0.0) / np.maximum(n - 1, 1)).max())
