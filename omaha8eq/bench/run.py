"""Measure this machine: evaluation and equity throughput, and peers side by side.

:func:`run_bench` times the work below on one thread and on all of numba's threads,
as the best of ``rounds`` runs, after one untimed warm-up run of each (so numba's
first-call compile, the table load and the thread pool start are never timed):

- ``evaluate_batch`` on random deals, 4, 5 and 6 hole cards and a 5-card board:
  hi-lo, high only, low only; the unit of work is one row (validation included).
- exact heads-up preflop equity of ``AsAh2c3d`` against ``KsKhQdJd``: one whole
  enumeration of the 1,086,008 boards, reported as a time.
- Monte Carlo equity of ``AsAh2c3d`` against ``KsKhQdJd`` and against a random
  hand; the unit is one trial (a deal and its showdown).

With ``peers=True`` the same work runs through the other Python packages that are
installed (``pip install 'omaha8eq[peers]'``), in the same process and run, and each
peer's answers are checked against omaha8eq's on the very hands it was timed on:

- PokerKit (``pokerkit``): ``OmahaHoldemHand`` and ``OmahaEightOrBetterLowHand``
  (hi-lo for 4, 5 and 6 hole cards, high only and low only for 4), one hand at a time.
- phevaluator: ``evaluate_omaha_cards``, 4-card Omaha high, one hand at a time.
- clubs: ``Evaluator(4, 13, 5, mandatory_hole_cards=2)``, Omaha high, 4, 5, 6 cards.
- poker-equity (``poker_equity``, Rust): ``exact_from_text("omaha_hi_lo", ...)``
  and ``chunk_from_text(...)``: the same exact and Monte Carlo equities.

Value scales differ between packages (PokerKit's high index is omaha8eq's
``HighHand.value``; phevaluator and clubs count down from the royal flush), so the
evaluators are checked by order: two hands are ordered (or tied) the same way by
the peer as by omaha8eq, over all hands timed, and a hand has a low for the peer
exactly when it has one for omaha8eq. Equities are compared as numbers: exact
ones to 1e-9, Monte Carlo ones within four standard errors.

A ratio is how many times faster omaha8eq did the same work with the same number
of threads (omaha8eq's rate over the peer's, or the peer's time over omaha8eq's).
Evaluation peers are called one hand at a time from Python, as their APIs offer
no batch call; omaha8eq's rate is that of its batch call.

>>> report = run_bench(BenchConfig(rows=2_000, samples=20_000, rounds=1))
>>> sorted(report.to_dict())
['config', 'elapsed', 'machine', 'measurements', 'peers', 'skipped', 'version']
"""

from __future__ import annotations

import importlib
import math
import os
import platform
import time
import warnings
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field, replace
from importlib import metadata
from typing import Any

import numba
import numpy as np

from .. import __version__
from ..cards import format_cards
from ..equities import equity
from ..errors import OmahaInputError
from ..evaluation import evaluate_batch

__all__ = [
    "QUICK",
    "BenchConfig",
    "BenchReport",
    "Measurement",
    "PeerResult",
    "format_bench",
    "random_deals",
    "run_bench",
]

HERO, VILLAIN = "As Ah 2c 3d", "Ks Kh Qd Jd"
#: evaluate_batch modes: (high, low) keyword arguments.
MODES = {"hilo": (True, True), "high": (True, False), "low": (False, True)}
MODE_NAMES = {"hilo": "hi-lo", "high": "high only", "low": "low only"}
#: Seconds a peer measurement may take before its remaining rounds are skipped.
PEER_BUDGET = 3.0
PEERS_HINT = "pip install 'omaha8eq[peers]'"


@dataclass(frozen=True)
class BenchConfig:
    """How much work ``run_bench`` does.

    ``rows``: rows per ``evaluate_batch`` call; ``samples``: Monte Carlo trials per
    equity call; ``rounds``: timed runs of each (the best is kept); ``threads``: the
    thread count of the "all cores" column (default: numba's, all cores); ``peers``:
    also time the other installed packages. The peers' sizes follow ``rows`` and
    ``samples`` (see :meth:`peer_sizes`).
    """

    rows: int = 1_000_000
    samples: int = 1_000_000
    rounds: int = 5
    threads: int | None = None
    peers: bool = False
    seed: int = 2026

    def peer_sizes(self) -> dict[str, int]:
        """Hands (or trials) given to each peer: its speed allows a few seconds."""
        return {
            "pokerkit": max(10, min(200, self.rows // 5_000)),
            "clubs": max(20, min(1_000, self.rows // 1_000)),
            "phevaluator": max(100, min(50_000, self.rows // 20)),
            "poker-equity": max(10_000, self.samples // 5),
        }


#: ``omaha8eq bench --quick``.
QUICK = BenchConfig(rows=200_000, samples=200_000, rounds=3)


@dataclass
class Measurement:
    """One piece of omaha8eq work, timed per thread count.

    ``what`` describes it, ``short`` names it in the peers' table. ``work`` units (``unit``: rows, boards, trials) are done per run; ``seconds``
    maps a thread count to the best run's time. ``show`` is ``"rate"`` (units per
    second) or ``"time"`` (milliseconds per run).
    """

    key: str
    what: str
    short: str
    unit: str
    work: int
    show: str = "rate"
    seconds: dict[int, float] = field(default_factory=dict)

    def rate(self, threads: int) -> float:
        return self.work / self.seconds[threads]

    def to_dict(self) -> dict[str, Any]:
        return {
            "key": self.key,
            "what": self.what,
            "short": self.short,
            "unit": self.unit,
            "work": self.work,
            "show": self.show,
            "threads": {
                str(t): {"seconds": s, f"{self.unit}_per_second": self.work / s}
                for t, s in sorted(self.seconds.items())
            },
        }


@dataclass
class PeerResult:
    """The same work as omaha8eq's measurement ``key``, done by another package.

    ``what``: that measurement's short name; ``api``: the peer's calls used. ``ratio``: how many times faster omaha8eq was with the same thread count;
    ``agrees``: whether the peer's answers matched omaha8eq's (``check`` says
    what was compared, on how many hands).
    """

    peer: str
    version: str
    key: str
    what: str
    api: str
    unit: str
    work: int
    threads: int
    seconds: float
    omaha8eq_seconds: float
    agrees: bool
    check: str

    @property
    def ratio(self) -> float:
        return self.seconds / self.omaha8eq_seconds

    def to_dict(self) -> dict[str, Any]:
        d = asdict(self)
        d["rate"] = self.work / self.seconds
        d["omaha8eq_rate"] = self.work / self.omaha8eq_seconds
        d["ratio"] = self.ratio
        return d


@dataclass
class BenchReport:
    """What :func:`run_bench` measured; ``to_dict()`` is the ``--json`` form."""

    machine: dict[str, Any]
    config: BenchConfig
    thread_counts: tuple[int, ...]
    measurements: list[Measurement]
    peers: list[PeerResult]
    skipped: list[tuple[str, str]]
    elapsed: float

    def get(self, key: str) -> Measurement:
        return next(m for m in self.measurements if m.key == key)

    def to_dict(self) -> dict[str, Any]:
        return {
            "version": __version__,
            "machine": self.machine,
            "config": {**asdict(self.config), "thread_counts": list(self.thread_counts)},
            "measurements": [m.to_dict() for m in self.measurements],
            "peers": [p.to_dict() for p in self.peers],
            "skipped": [{"peer": name, "reason": reason} for name, reason in self.skipped],
            "elapsed": self.elapsed,
        }


# ---------------------------------------------------------------------------
# timing
# ---------------------------------------------------------------------------


def _best_of(run: Callable[[], Any], rounds: int, budget: float | None = None) -> tuple[float, Any]:
    """The fastest of ``rounds`` timed calls (at least one; fewer if over ``budget`` s)."""
    best, result, spent = math.inf, None, 0.0
    for _ in range(max(1, rounds)):
        start = time.perf_counter()
        result = run()
        took = time.perf_counter() - start
        best, spent = min(best, took), spent + took
        if budget is not None and spent > budget:
            break
    return best, result


@contextmanager
def _numba_threads(count: int) -> Iterator[None]:
    previous = numba.get_num_threads()
    numba.set_num_threads(count)
    try:
        yield
    finally:
        numba.set_num_threads(previous)


def random_deals(n: int, seed: int = 2026) -> np.ndarray:
    """``n`` rows of 11 distinct random cards (int8): up to 6 hole cards + 5 board.

    Rows are drawn uniformly (independent uniform cards, rows with a repeated card
    rejected). Use ``deals[:, :h]`` as holes and ``deals[:, 6:]`` as boards.

    >>> d = random_deals(1000, seed=1)
    >>> d.shape, bool((np.sort(d, axis=1)[:, 1:] != np.sort(d, axis=1)[:, :-1]).all())
    ((1000, 11), True)
    """
    rng = np.random.default_rng(seed)
    out = np.empty((n, 11), dtype=np.int8)
    filled = 0
    while filled < n:
        # About 33% of 11-card draws have no repeated card.
        candidates = rng.integers(0, 52, size=(int((n - filled) * 3.3) + 64, 11), dtype=np.int8)
        ordered = np.sort(candidates, axis=1)
        good = candidates[(ordered[:, 1:] != ordered[:, :-1]).all(axis=1)][: n - filled]
        out[filled : filled + len(good)] = good
        filled += len(good)
    return out


def _holes_boards(deals: np.ndarray, n_hole: int) -> tuple[np.ndarray, np.ndarray]:
    return np.ascontiguousarray(deals[:, :n_hole]), np.ascontiguousarray(deals[:, 6:])


# ---------------------------------------------------------------------------
# omaha8eq
# ---------------------------------------------------------------------------


def _eval_key(n_hole: int, mode: str) -> str:
    return f"evaluate_batch/{n_hole}/{mode}"


def _measure_omaha8eq(
    config: BenchConfig, deals: np.ndarray, thread_counts: tuple[int, ...]
) -> tuple[list[Measurement], dict[str, Any]]:
    """Time omaha8eq's work; also return the answers the peers are checked against."""
    measurements: list[Measurement] = []
    hero, villain = HERO.replace(" ", ""), VILLAIN.replace(" ", "")
    for n_hole in (4, 5, 6):
        holes, boards = _holes_boards(deals, n_hole)
        for mode, (high, low) in MODES.items():
            m = Measurement(
                _eval_key(n_hole, mode),
                f"evaluate_batch, {n_hole} hole cards, {MODE_NAMES[mode]}",
                f"evaluate {n_hole} cards, {MODE_NAMES[mode]}",
                "rows",
                len(holes),
            )
            for t in thread_counts:
                with _numba_threads(t):

                    def run() -> Any:
                        return evaluate_batch(holes, boards, high=high, low=low)

                    run()  # warm-up: compile, tables, thread pool
                    m.seconds[t], _ = _best_of(run, config.rounds)
            measurements.append(m)

    answers: dict[str, Any] = {}
    exact = Measurement(
        "exact/heads-up-preflop",
        f"exact heads-up preflop, {hero} vs {villain}",
        "exact heads-up preflop",
        "boards",
        0,
        show="time",
    )
    for t in thread_counts:

        def run_exact(t: int = t) -> Any:
            return equity([HERO, VILLAIN], exhaustive=True, threads=t)

        answers["exact"] = run_exact()
        exact.work = answers["exact"].outcomes
        exact.seconds[t], _ = _best_of(run_exact, config.rounds)
    measurements.append(exact)

    for key, opponent, what, short in (
        ("monte-carlo/fixed", VILLAIN, f"Monte Carlo, {hero} vs {villain}", "Monte Carlo, fixed hands"),
        ("monte-carlo/random", "random", f"Monte Carlo, {hero} vs a random hand", "Monte Carlo, vs random"),
    ):
        m = Measurement(key, what, short, "trials", config.samples)
        for t in thread_counts:

            def run_mc(t: int = t, opponent: str = opponent) -> Any:
                return equity([HERO, opponent], samples=config.samples, seed=config.seed, threads=t)

            answers[key] = run_mc()
            m.seconds[t], _ = _best_of(run_mc, config.rounds)
        measurements.append(m)
    return measurements, answers


# ---------------------------------------------------------------------------
# agreement
# ---------------------------------------------------------------------------


def same_order(ours: np.ndarray, theirs: np.ndarray, higher_is_better: bool) -> bool:
    """True when ``theirs`` orders (and ties) every pair of hands as ``ours`` does.

    ``ours`` is higher-is-better; ``theirs`` is either way round.

    >>> same_order(np.array([3, 1, 3, 7]), np.array([10, 40, 10, 2]), higher_is_better=False)
    True
    >>> same_order(np.array([3, 1, 2]), np.array([10, 40, 10]), higher_is_better=False)
    False
    """
    ours = np.asarray(ours, dtype=np.int64)
    theirs = np.asarray(theirs, dtype=np.int64) * (1 if higher_is_better else -1)
    if len(ours) != len(theirs):
        return False
    order = np.lexsort((theirs, ours))
    a, b = ours[order], theirs[order]
    step_a, step_b = np.diff(a), np.diff(b)
    return bool(np.all((step_a == 0) == (step_b == 0)) and np.all(step_b >= 0))


def _low_agrees(ours: np.ndarray, theirs: list[int | None], higher_is_better: bool) -> bool:
    """Same hands with a low, and the lows in the same order."""
    has = np.array([v is not None for v in theirs])
    if not np.array_equal(has, ours >= 0):
        return False
    values = np.array([v for v in theirs if v is not None], dtype=np.int64)
    return same_order(ours[has], values, higher_is_better)


# ---------------------------------------------------------------------------
# peers
# ---------------------------------------------------------------------------


class _Skip(Exception):
    """A peer that cannot run here (not installed, or lacks a feature)."""


def _import(module: str, distribution: str) -> tuple[Any, str]:
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)  # clubs imports ``imp``
            mod = importlib.import_module(module)
    except ImportError as exc:
        if exc.name == module:
            raise _Skip(f"not installed ({PEERS_HINT})") from exc
        raise _Skip(f"cannot be imported here: {exc}") from exc
    try:
        version = metadata.version(distribution)
    except metadata.PackageNotFoundError:
        version = getattr(mod, "__version__", "?")
    return mod, version


def _card_texts(rows: np.ndarray) -> list[list[str]]:
    return [format_cards(row.tolist()).split() for row in rows]


class _PeerRun:
    """Shared state of the peer measurements: omaha8eq's figures and answers."""

    def __init__(self, report: BenchReport, deals: np.ndarray, answers: dict[str, Any]):
        self.report, self.deals, self.answers = report, deals, answers
        self.config = report.config
        self.rounds = min(self.config.rounds, 3)
        self.sizes = self.config.peer_sizes()
        self.single = 1

    def result(self, peer: str, version: str, key: str, api: str, work: int, threads: int,
               seconds: float, agrees: bool, check: str) -> PeerResult:  # fmt: skip
        """A peer's figure, with omaha8eq's time for the same ``work`` at its measured rate."""
        m = self.report.get(key)
        ours = m.seconds[threads] * (work / m.work if m.show == "rate" else 1.0)
        return PeerResult(peer, version, key, m.short, api, m.unit, work, threads, seconds, ours,
                          agrees, check)  # fmt: skip

    def ours(self, n: int, n_hole: int) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """The first ``n`` timed rows with ``n_hole`` cards and omaha8eq's answers."""
        holes, boards = _holes_boards(self.deals[:n], n_hole)
        high, low = evaluate_batch(holes, boards)
        return holes, boards, high, low


def _peer_pokerkit(run: _PeerRun) -> list[PeerResult]:
    pk, version = _import("pokerkit", "pokerkit")
    High, Low, Card = pk.OmahaHoldemHand, pk.OmahaEightOrBetterLowHand, pk.Card
    n = run.sizes["pokerkit"]
    results = []

    def low_or_none(hole: Any, board: Any) -> Any:
        try:
            return Low.from_game(hole, board)
        except ValueError:  # no qualifying low
            return None

    for n_hole, mode in ((4, "hilo"), (5, "hilo"), (6, "hilo"), (4, "high"), (4, "low")):
        holes, boards, high, low = run.ours(n, n_hole)
        hands = [
            (tuple(Card.parse("".join(h))), tuple(Card.parse("".join(b))))
            for h, b in zip(_card_texts(holes), _card_texts(boards))
        ]

        def evaluate_all() -> list[tuple[Any, Any]]:
            out = []
            for hole, board in hands:
                hi = High.from_game(hole, board) if mode != "low" else None
                lo = low_or_none(hole, board) if mode != "high" else None
                out.append((hi, lo))
            return out

        evaluate_all()
        seconds, out = _best_of(evaluate_all, run.rounds, PEER_BUDGET)
        agrees = True
        if mode != "low":
            agrees &= same_order(high, np.array([hi.entry.index for hi, _ in out]), True)
        if mode != "high":
            # PokerKit's low lookup gives the wheel index 0: lower is better.
            agrees &= _low_agrees(low, [None if lo is None else lo.entry.index for _, lo in out], False)
        halves = {"hilo": "highs and lows", "high": "highs", "low": "lows"}[mode]
        check = f"{n:,} hands: {halves} in omaha8eq's order" + (", no-low hands the same" if mode != "high" else "")
        api = {"hilo": "OmahaHoldemHand and OmahaEightOrBetterLowHand.from_game",
               "high": "OmahaHoldemHand.from_game", "low": "OmahaEightOrBetterLowHand.from_game"}[mode]  # fmt: skip
        results.append(run.result("pokerkit", version, _eval_key(n_hole, mode), api, n, 1,
                                  seconds, agrees, check))  # fmt: skip
    return results


def _peer_phevaluator(run: _PeerRun) -> list[PeerResult]:
    ph, version = _import("phevaluator", "phevaluator")
    evaluate_omaha_cards, PhCard = ph.evaluate_omaha_cards, ph.Card
    n = run.sizes["phevaluator"]
    holes, boards, high, _ = run.ours(n, 4)
    if PhCard("2c").id_ == 0 and PhCard("2d").id_ == 1 and PhCard("As").id_ == 51:
        rows = [b + h for b, h in zip(boards.tolist(), holes.tolist())]  # the same card ints
    else:  # pragma: no cover - a future encoding change
        rows = [b + h for b, h in zip(_card_texts(boards), _card_texts(holes))]

    def evaluate_all() -> list[int]:
        return [evaluate_omaha_cards(*row) for row in rows]  # 5 board cards, then 4 hole cards

    evaluate_all()
    seconds, values = _best_of(evaluate_all, run.rounds, PEER_BUDGET)
    agrees = same_order(high, np.array(values), higher_is_better=False)
    check = f"{n:,} hands: highs in omaha8eq's order (phevaluator: 1 = royal flush)"
    return [run.result("phevaluator", version, _eval_key(4, "high"), "evaluate_omaha_cards",
                       n, 1, seconds, agrees, check)]  # fmt: skip


def _peer_clubs(run: _PeerRun) -> list[PeerResult]:
    clubs, version = _import("clubs", "clubs")
    Evaluator, ClubsCard = clubs.poker.Evaluator, clubs.poker.Card
    evaluator = Evaluator(4, 13, 5, mandatory_hole_cards=2)
    n = run.sizes["clubs"]
    results = []
    for n_hole in (4, 5, 6):
        holes, boards, high, _ = run.ours(n, n_hole)
        hands = [
            ([ClubsCard(c) for c in h], [ClubsCard(c) for c in b])
            for h, b in zip(_card_texts(holes), _card_texts(boards))
        ]

        def evaluate_all() -> list[int]:
            return [evaluator.evaluate(hole, board) for hole, board in hands]

        evaluate_all()
        seconds, values = _best_of(evaluate_all, run.rounds, PEER_BUDGET)
        agrees = same_order(high, np.array(values), higher_is_better=False)
        check = f"{n:,} hands: highs in omaha8eq's order (clubs: 0 = royal flush)"
        results.append(run.result("clubs", version, _eval_key(n_hole, "high"),
                                  "Evaluator(4, 13, 5, mandatory_hole_cards=2).evaluate",
                                  n, 1, seconds, agrees, check))  # fmt: skip
    return results


def _peer_poker_equity(run: _PeerRun) -> list[PeerResult]:
    pe, version = _import("poker_equity", "poker-equity")
    hands = [HERO.replace(" ", ""), VILLAIN.replace(" ", "")]
    results = []

    # Exact heads-up preflop: every board, as omaha8eq enumerates them.
    def exact() -> Any:
        return pe.exact_from_text("omaha_hi_lo", hands)

    seconds, r = _best_of(exact, min(run.rounds, 2), PEER_BUDGET)
    ours = run.answers["exact"]
    agrees = r is not None and r["exact"] and r["samples"] == ours.outcomes
    if agrees:
        for mine, theirs in zip(ours.players, r["players"]):
            pairs = [(mine.equity, theirs["equity"]), (mine.scoop, theirs["scoop"]),
                     (mine.hi_win, theirs["high_win"]), (mine.lo_win, theirs["low_win"])]  # fmt: skip
            agrees &= all(abs(a - b) < 1e-9 for a, b in pairs)
    m = run.report.get("exact/heads-up-preflop")
    results.append(PeerResult(
        "poker-equity", version, m.key, m.short, "exact_from_text('omaha_hi_lo', hands)",
        m.unit, m.work, 1, seconds, m.seconds[1], bool(agrees),
        f"{ours.outcomes:,} boards: equity, scoop, high and low wins equal omaha8eq's",
    ))  # fmt: skip

    samples = run.sizes["poker-equity"]
    exact_equity = ours.players[0].equity
    for key, opponent in (("monte-carlo/fixed", hands[1]), ("monte-carlo/random", "****")):
        mine = run.answers[key].players[0]
        for t in run.report.thread_counts:

            def sample(t: int = t, opponent: str = opponent) -> Any:
                return pe.chunk_from_text("omaha_hi_lo", [hands[0], opponent], samples=samples,
                                          seed=1, threads=t)  # fmt: skip

            sample()
            seconds, r = _best_of(sample, run.rounds, PEER_BUDGET)
            theirs, their_se = r["players"][0]["equity"], r["players"][0]["std_error"]
            if key == "monte-carlo/fixed":
                agrees = abs(theirs - exact_equity) <= 4 * their_se + 1e-12
                check = f"{samples:,} trials: equity within 4 standard errors of omaha8eq's exact one"
            else:
                bound = 4 * math.hypot(their_se, mine.equity_stderr)
                agrees = abs(theirs - mine.equity) <= bound
                check = f"{samples:,} trials: equity within 4 standard errors of omaha8eq's Monte Carlo"
            api = f"chunk_from_text('omaha_hi_lo', ['{hands[0]}', '{opponent}'], threads={t})"
            results.append(run.result("poker-equity", version, key, api, samples, t, seconds,
                                      bool(agrees), check))  # fmt: skip
    return results


#: Peer name -> measuring function, in the order they are run and printed.
PEERS: dict[str, Callable[[_PeerRun], list[PeerResult]]] = {
    "pokerkit": _peer_pokerkit,
    "phevaluator": _peer_phevaluator,
    "clubs": _peer_clubs,
    "poker-equity": _peer_poker_equity,
}


# ---------------------------------------------------------------------------
# the run
# ---------------------------------------------------------------------------


def _cpu_name() -> str:
    try:
        with open("/proc/cpuinfo") as handle:
            for line in handle:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def _machine() -> dict[str, Any]:
    try:
        layer = numba.threading_layer()
    except ValueError:  # no parallel kernel has run yet
        layer = "not initialised"
    return {
        "cpu": _cpu_name(),
        "cores": os.cpu_count(),
        "numba_threads": numba.config.NUMBA_NUM_THREADS,
        "threading_layer": layer,
        "python": platform.python_version(),
        "numpy": np.__version__,
        "numba": numba.__version__,
        "platform": platform.platform(terse=True),
    }


def _check_config(config: BenchConfig) -> tuple[int, ...]:
    for name in ("rows", "samples", "rounds"):
        value = getattr(config, name)
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise OmahaInputError(f"{name}: expected a positive integer, got {value!r}")
    if config.rows < 10:
        raise OmahaInputError(f"rows: expected at least 10, got {config.rows}")
    most = numba.config.NUMBA_NUM_THREADS
    threads = most if config.threads is None else config.threads
    if isinstance(threads, bool) or not isinstance(threads, int) or not 1 <= threads <= most:
        raise OmahaInputError(f"threads: expected 1..{most}, got {config.threads!r}")
    return (1,) if threads == 1 else (1, threads)


def run_bench(config: BenchConfig = BenchConfig(), *, log: Callable[[str], None] | None = None) -> BenchReport:
    """Measure omaha8eq (and, with ``config.peers``, the installed peers) on this machine.

    ``log`` (e.g. ``print`` to stderr) is told what is being measured as it goes.
    Raises ``OmahaInputError`` for a bad ``config``.
    """
    thread_counts = _check_config(config)
    say = log or (lambda message: None)
    started = time.perf_counter()
    deals = random_deals(config.rows, config.seed)
    say(f"omaha8eq: {config.rows:,} rows, {config.samples:,} trials, threads {thread_counts}")
    measurements, answers = _measure_omaha8eq(config, deals, thread_counts)
    report = BenchReport(_machine(), config, thread_counts, measurements, [], [], 0.0)
    if config.peers:
        run = _PeerRun(report, deals, answers)
        for name, measure in PEERS.items():
            say(f"peer {name}")
            try:
                report.peers += measure(run)
            except _Skip as skip:
                report.skipped.append((name, str(skip)))
    report.elapsed = time.perf_counter() - started
    return report


# ---------------------------------------------------------------------------
# text
# ---------------------------------------------------------------------------


def _si(rate: float) -> str:
    """``15.5 M``, ``415 k``, ``612``: a rate with three significant figures."""
    for scale, suffix in ((1e9, " G"), (1e6, " M"), (1e3, " k")):
        if rate >= scale:
            value = rate / scale
            return f"{value:.3g}{suffix}" if value < 100 else f"{value:.0f}{suffix}"
    return f"{rate:.3g}" if rate < 100 else f"{rate:.0f}"


def _duration(seconds: float) -> str:
    if seconds >= 1:
        return f"{seconds:.2f} s"
    if seconds >= 1e-3:
        return f"{seconds * 1e3:.3g} ms" if seconds < 0.1 else f"{seconds * 1e3:.0f} ms"
    return f"{seconds * 1e6:.3g} µs"


def _figure(m: Measurement, threads: int) -> str:
    if threads not in m.seconds:
        return ""
    return _duration(m.seconds[threads]) if m.show == "time" else _si(m.rate(threads))


def _ratio(x: float) -> str:
    return f"{x:,.0f}x" if x >= 100 else f"{x:.3g}x"


def _table(header: list[str], rows: list[list[str]], right_from: int = 1) -> list[str]:
    widths = [max(len(r[i]) for r in [header, *rows]) for i in range(len(header))]
    lines = []
    for row in [header, *rows]:
        cells = [c.ljust(w) if i < right_from else c.rjust(w) for i, (c, w) in enumerate(zip(row, widths))]
        lines.append("  ".join(cells).rstrip())
    return lines


def _unit_label(m: Measurement) -> str:
    if m.show == "time":
        return f"time for {m.work:,} {m.unit}"
    return f"{m.unit}/s"


def format_bench(report: BenchReport) -> str:
    """The text report: machine, omaha8eq's table, then the peers and their checks."""
    c, mach = report.config, report.machine
    counts = report.thread_counts
    lines = [
        f"omaha8eq {__version__} bench: best of {c.rounds} round{'s' if c.rounds != 1 else ''} "
        "after a warm-up run (compile and first-call costs are not timed)",
        f"{mach['cpu']}, {mach['cores']} cores; Python {mach['python']}, numpy {mach['numpy']}, "
        f"numba {mach['numba']} ({mach['threading_layer']} threading layer)",
        f"Work: evaluate_batch on {c.rows:,} random deals (hole cards + a 5-card board), "
        f"Monte Carlo {c.samples:,} trials",
        "",
    ]
    header = ["What (unit)"] + [f"{t} thread{'s' if t != 1 else ''}" for t in counts]
    rows = [[f"{m.what} ({_unit_label(m)})"] + [_figure(m, t) for t in counts] for m in report.measurements]
    lines += _table(header, rows)
    if report.peers or report.skipped:
        lines += [
            "",
            "Peers, in this run on the same deals and spots. Ratio: how many times faster omaha8eq",
            "did the same work with as many threads. The evaluation peers take one hand per call",
            "(their APIs have no batch call); omaha8eq's figure is its batch rate from the table above.",
            "",
        ]
    if report.peers:
        header = ["Work", "Peer", "Threads", "Peer", "omaha8eq", "Ratio", "Agrees"]
        rows = []
        for p in report.peers:
            if report.get(p.key).show == "time":
                theirs, ours = _duration(p.seconds), _duration(p.omaha8eq_seconds)
            else:
                theirs, ours = f"{_si(p.work / p.seconds)}/s", f"{_si(p.work / p.omaha8eq_seconds)}/s"
            rows.append([p.what, f"{p.peer} {p.version}", str(p.threads), theirs, ours,
                         _ratio(p.ratio), "yes" if p.agrees else "NO"])  # fmt: skip
        lines += _table(header, rows, right_from=2)
        lines += ["", "How each peer was called, and what was checked on the hands and spots it was timed on:"]
        by_peer: dict[str, list[str]] = {}
        for p in report.peers:
            verdict = "agrees" if p.agrees else "DISAGREES"
            by_peer.setdefault(f"{p.peer} {p.version}", []).append(f"{p.what}: {p.api}; {p.check}: {verdict}")
        for peer, entries in by_peer.items():
            lines.append(f"  {peer}")
            lines += [f"    {e}" for e in entries]
    for name, reason in report.skipped:
        lines.append(f"Skipped {name}: {reason}")
    lines += ["", f"Done in {report.elapsed:.1f} s."]
    return "\n".join(lines)


def main_config(quick: bool, **overrides: Any) -> BenchConfig:
    """The configuration of ``omaha8eq bench``: the default or ``QUICK``, then overrides."""
    base = QUICK if quick else BenchConfig()
    return replace(base, **{k: v for k, v in overrides.items() if v is not None})
