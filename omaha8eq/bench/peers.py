"""The other Python packages that ``omaha8eq bench --peers`` measures side by side.

Imported only when peers are asked for. The same work as omaha8eq's measurements
(:mod:`omaha8eq.bench.measure`) runs through the peers that are installed (``pip
install 'omaha8eq[peers]'``), in the same process and run, and each peer's answers
are checked against omaha8eq's on the very hands it was timed on:

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
"""

from __future__ import annotations

import importlib
import math
import warnings
from collections.abc import Callable
from importlib import metadata
from typing import Any

import numpy as np

from ..cards import format_cards
from ..evaluation import evaluate_batch
from .measure import HERO, VILLAIN, BenchReport, PeerResult, best_of, eval_key, holes_boards

__all__ = ["PEERS", "PeerRun", "measure_peers", "same_order"]

#: Seconds a peer measurement may take before its remaining rounds are skipped.
PEER_BUDGET = 3.0
PEERS_HINT = "pip install 'omaha8eq[peers]'"


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


class PeerRun:
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
        holes, boards = holes_boards(self.deals[:n], n_hole)
        high, low = evaluate_batch(holes, boards)
        return holes, boards, high, low


def _peer_pokerkit(run: PeerRun) -> list[PeerResult]:
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
            for h, b in zip(_card_texts(holes), _card_texts(boards), strict=True)
        ]

        def evaluate_all(hands: list[tuple[Any, Any]] = hands, mode: str = mode) -> list[tuple[Any, Any]]:
            out = []
            for hole, board in hands:
                hi = High.from_game(hole, board) if mode != "low" else None
                lo = low_or_none(hole, board) if mode != "high" else None
                out.append((hi, lo))
            return out

        evaluate_all()
        seconds, out = best_of(evaluate_all, run.rounds, PEER_BUDGET)
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
        results.append(run.result("pokerkit", version, eval_key(n_hole, mode), api, n, 1,
                                  seconds, agrees, check))  # fmt: skip
    return results


def _peer_phevaluator(run: PeerRun) -> list[PeerResult]:
    ph, version = _import("phevaluator", "phevaluator")
    evaluate_omaha_cards, PhCard = ph.evaluate_omaha_cards, ph.Card
    n = run.sizes["phevaluator"]
    holes, boards, high, _ = run.ours(n, 4)
    if PhCard("2c").id_ == 0 and PhCard("2d").id_ == 1 and PhCard("As").id_ == 51:
        rows = [b + h for b, h in zip(boards.tolist(), holes.tolist(), strict=True)]  # the same card ints
    else:  # pragma: no cover - a future encoding change
        rows = [b + h for b, h in zip(_card_texts(boards), _card_texts(holes), strict=True)]

    def evaluate_all() -> list[int]:
        return [evaluate_omaha_cards(*row) for row in rows]  # 5 board cards, then 4 hole cards

    evaluate_all()
    seconds, values = best_of(evaluate_all, run.rounds, PEER_BUDGET)
    agrees = same_order(high, np.array(values), higher_is_better=False)
    check = f"{n:,} hands: highs in omaha8eq's order (phevaluator: 1 = royal flush)"
    return [run.result("phevaluator", version, eval_key(4, "high"), "evaluate_omaha_cards",
                       n, 1, seconds, agrees, check)]  # fmt: skip


def _peer_clubs(run: PeerRun) -> list[PeerResult]:
    clubs, version = _import("clubs", "clubs")
    Evaluator, ClubsCard = clubs.poker.Evaluator, clubs.poker.Card
    evaluator = Evaluator(4, 13, 5, mandatory_hole_cards=2)
    n = run.sizes["clubs"]
    results = []
    for n_hole in (4, 5, 6):
        holes, boards, high, _ = run.ours(n, n_hole)
        hands = [
            ([ClubsCard(c) for c in h], [ClubsCard(c) for c in b])
            for h, b in zip(_card_texts(holes), _card_texts(boards), strict=True)
        ]

        def evaluate_all(hands: list[tuple[Any, Any]] = hands) -> list[int]:
            return [evaluator.evaluate(hole, board) for hole, board in hands]

        evaluate_all()
        seconds, values = best_of(evaluate_all, run.rounds, PEER_BUDGET)
        agrees = same_order(high, np.array(values), higher_is_better=False)
        check = f"{n:,} hands: highs in omaha8eq's order (clubs: 0 = royal flush)"
        results.append(run.result("clubs", version, eval_key(n_hole, "high"),
                                  "Evaluator(4, 13, 5, mandatory_hole_cards=2).evaluate",
                                  n, 1, seconds, agrees, check))  # fmt: skip
    return results


def _peer_poker_equity(run: PeerRun) -> list[PeerResult]:
    pe, version = _import("poker_equity", "poker-equity")
    hands = [HERO.replace(" ", ""), VILLAIN.replace(" ", "")]
    results = []

    # Exact heads-up preflop: every board, as omaha8eq enumerates them.
    def exact() -> Any:
        return pe.exact_from_text("omaha_hi_lo", hands)

    seconds, r = best_of(exact, min(run.rounds, 2), PEER_BUDGET)
    ours = run.answers["exact"]
    agrees = r is not None and r["exact"] and r["samples"] == ours.outcomes
    agrees = agrees and len(r["players"]) == len(ours.players)
    if agrees:
        for mine, theirs in zip(ours.players, r["players"], strict=True):
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
            seconds, r = best_of(sample, run.rounds, PEER_BUDGET)
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
PEERS: dict[str, Callable[[PeerRun], list[PeerResult]]] = {
    "pokerkit": _peer_pokerkit,
    "phevaluator": _peer_phevaluator,
    "clubs": _peer_clubs,
    "poker-equity": _peer_poker_equity,
}


def measure_peers(report: BenchReport, deals: np.ndarray, answers: dict[str, Any],
                  say: Callable[[str], None]) -> None:  # fmt: skip
    """Run every peer of :data:`PEERS` on omaha8eq's ``deals`` and check it against
    omaha8eq's ``answers``; add the results (or why a peer was skipped) to ``report``."""
    run = PeerRun(report, deals, answers)
    for name, measure in PEERS.items():
        say(f"peer {name}")
        try:
            report.peers += measure(run)
        except _Skip as skip:
            report.skipped.append((name, str(skip)))
