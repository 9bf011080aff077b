"""Running a query: :func:`query`, the library's entry point for the query language.

Parse (``syntax``), check (``check``), choose exact or sampled (``deals``), then per
block of deals evaluate every selector's expression and ``where`` as arrays
(``evaluate``) and add them up (:class:`_Accumulator`).
"""

from __future__ import annotations

import contextlib
import dataclasses
import functools
import math
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np

from ..cards import format_card
from ..core.registry import compile_notice_for
from ..core.tables import CATEGORIES, high_classes, low_class_ranks
from ..deck import DECK_SIZE
from ..engine.deal import Deal
from ..engine.method import duration_text
from ..engine.options import RunOptions, draw_seed
from ..engine.presets import Preset
from ..engine.run import numba_threads
from ..engine.sampling import SampleTarget, draw_until, exact_chosen, sampling_asked
from ..engine.threads import choose_threads
from ..errors import OmahaInputError, WorkLimitError
from .check import CheckedQuery, check_query
from .deals import (
    CHUNK_DEALS,
    CHUNKS_PER_BATCH,
    EXACT_BLOCK_ROWS,
    DealBlock,
    exact_blocks,
    exact_cost,
    prepare,
    sampled_blocks,
    suit_classes,
)
from .double_board import DoubleBoardEvaluator, double_exact_blocks, double_exact_cost, double_sampled_blocks
from .evaluate import BlockEvaluator, call_function, share_denominator, streets_read, suit_invariant
from .exact_sums import exact_sum
from .functions import FLOP_CATEGORIES, HAND_TYPES, Nested, Type
from .hand_vs_range import hand_vs_range_seconds
from .pricing import DEALS_PER_SECOND, check_price, price_query
from .result import Bucket, QueryResult, SelectorResult
from .syntax import Call, Selector, parse_query

__all__ = ["QUERY", "plan_query", "query"]

#: A query's defaults (its work counts deals, each evaluating every function of the query):
#: 600,000 samples (ProPokerTools' default); exact by itself (``exhaustive=None``) up to
#: 2 million deals; ``max_work``, the most deals an exact run (``exhaustive=True``) enumerates,
#: 50 million.
QUERY = Preset(samples=600_000, exact_limit=2_000_000, max_work=50_000_000, unit="deals")

#: The most hand evaluations the nested equities (``HvHEquity``) of one query may take:
#: about ten minutes on one core; above it the query is refused with the estimate.
MAX_NESTED_EVALUATIONS = 3_000_000_000
#: The most seconds (one core, estimated) the ``HvREquity`` calls of one query may take.
MAX_NESTED_SECONDS = 600.0
#: The deals of a block of a query with a function that reads every next card (``Function.next_cards``).
HEAVY_BLOCK_DEALS = CHUNK_DEALS

ProgressCallback = Callable[[int, int | None], Any]

_TYPE_NAMES = {v: k for k, v in HAND_TYPES.items()}
_FLOP_NAMES = {v: k for k, v in FLOP_CATEGORIES.items()}
_RAN: list[bool] = []  # non-empty once a query ran in this process (its kernels are loaded)
_RANKS = "23456789TJQKA"


def label(kind: Type, value: Any) -> str:
    """A value of a query type in words."""
    if kind is Type.BOOLEAN:
        return "true" if value else "false"
    if kind is Type.HAND_TYPE:
        return _TYPE_NAMES[int(value)]
    if kind is Type.FLOP_CATEGORY:
        return _FLOP_NAMES[int(value)]
    if kind is Type.HI_RATING:
        classes = high_classes()
        ranks = "".join(_RANKS[r] for r in classes.ranks[int(value)])
        return f"{CATEGORIES[classes.category[int(value)]].lower()} {ranks}"
    if kind is Type.LO_RATING:
        return "no low" if value < 0 else "-".join("A" if r == 1 else str(r) for r in low_class_ranks(int(value)))
    if kind is Type.CARD:
        return format_card(int(value))
    return f"{float(value):g}"


class _Accumulator:
    """Sums of one selector over the blocks: weights, weighted sums, extremes, histogram."""

    def __init__(self, selector: Selector, kind: Type, exact: bool) -> None:
        self.selector = selector
        self.kind = kind
        self.weight = 0
        self.total = 0.0
        self.squares = 0.0
        # The weighted sum, exactly (``exact_sums``); sampled runs give no Fraction.
        self.exact_total: Fraction | None = Fraction(0) if exact else None
        self.extreme: Any = None
        self.histogram: dict[Any, int] = {}

    def add(self, values: Any, weights: np.ndarray | None, n: int, exact_part: Fraction | None = None) -> None:
        """Add ``n`` deals: their ``values``, weighted (None: every deal counts 1), and in an
        exact run their weighted sum exactly (``exact_part``; None: not known exactly)."""
        values = np.broadcast_to(values, (n,))
        how = self.selector.kind.lower()
        self.weight += n if weights is None else int(weights.sum())
        if how in ("avg", "count") and weights is None:  # sampled: plain sums
            if values.dtype == np.bool_:
                count = int(np.count_nonzero(values))
                self.total += count
                self.squares += count
            else:
                x = values.astype(np.float64, copy=False)
                self.total += float(x.sum())
                # Sums, not np.dot: BLAS's dot spawns threads (20 ms a block on a busy machine) and
                # its rounding may depend on them.
                self.squares += float(np.square(x).sum())
        elif how in ("avg", "count"):
            assert weights is not None
            x = values.astype(np.float64)
            weighted = weights * x
            self.total += float(weighted.sum())
            self.squares += float((weighted * x).sum())
            if self.exact_total is not None:
                self.exact_total = None if exact_part is None else self.exact_total + exact_part
        elif how in ("max", "min") and len(values):
            pick = np.max if how == "max" else np.min
            found = pick(values)
            if self.extreme is None:
                self.extreme = found
            else:
                self.extreme = pick([self.extreme, found])
        elif how == "histogram":
            if values.dtype.kind in "bi" and len(values):  # small integers: count by value, no sort
                lowest = int(values.min())
                sums = np.bincount(values.astype(np.int64) - lowest, weights=weights)  # None: counts
                keys = np.flatnonzero(sums) + lowest
                sums = sums[keys - lowest]
                keys = keys.astype(values.dtype)
            else:
                keys, inverse = np.unique(values, return_inverse=True)
                sums = np.bincount(inverse.reshape(-1), weights=weights, minlength=len(keys))  # None: counts
            for key, total in zip(keys.tolist(), sums.tolist(), strict=True):
                self.histogram[key] = self.histogram.get(key, 0) + round(total)

    def stderr(self, count: int) -> float | None:
        """The standard error of the mean of a sampled run (weights 1: count deals)."""
        if self.selector.kind.lower() not in ("avg", "count") or count < 2:
            return None
        mean = self.total / count
        variance = max(0.0, self.squares / count - mean * mean) * count / (count - 1)
        return math.sqrt(variance / count)

    def result(self, name: str, exact: bool, count: int) -> SelectorResult:
        how = self.selector.kind.lower()
        if how == "histogram":
            buckets = []
            for key in sorted(self.histogram):
                share = self.histogram[key] / self.weight
                buckets.append(
                    Bucket(
                        label(self.kind, key),
                        share,
                        Fraction(self.histogram[key], self.weight) if exact else None,
                        None if exact or count < 2 else math.sqrt(share * (1 - share) / count),
                    )
                )
            return SelectorResult(name, how, None, buckets=tuple(buckets))
        if self.weight == 0:
            return SelectorResult(name, how, None)
        if how in ("max", "min"):
            value: Any = self.extreme
            shown = label(self.kind, value) if self.kind is not Type.NUMBER else float(value)
            return SelectorResult(name, how, shown)
        fraction = None
        if exact and self.exact_total is not None:
            fraction = self.exact_total / self.weight
        return SelectorResult(name, how, self.total / self.weight, fraction, None if exact else self.stderr(count))


#: Query texts whose checked query and deal are kept (known hands only), oldest dropped first.
PLANS_KEPT = 64
#: Most deals of an exact enumeration whose block a plan keeps (one block whatever the query).
KEPT_BLOCK_DEALS = HEAVY_BLOCK_DEALS


@dataclass
class _Plan:
    """What a query's text alone decides: the checked query, its deal, the streets it reads,
    its suit classes (or None) and its exact cost; a small exact enumeration of known hands
    keeps its deal block (``blocks``) once made. Kept per text (:func:`_plan`): asking the same
    query again (a page, a loop over boards in a script) skips checking and preparing it."""

    checked: CheckedQuery
    deal: Deal
    streets: tuple[int, ...]
    classes: Deal | None
    cost: int | None
    blocks: list[DealBlock] | None = None

    @property
    def keeps_blocks(self) -> bool:
        return self.cost is not None and self.cost <= KEPT_BLOCK_DEALS and not self.deal.ranged


_PLANS: dict[str, _Plan] = {}


def plan_query(text: object, options: RunOptions, max_work: int) -> _Plan:
    """The :class:`_Plan` of ``text``: checked, priced and prepared, or the one kept for it.
    Plans of known hands only are kept (at most ``PLANS_KEPT``); a range's deal holds its
    hands' arrays (large) and is prepared per run, once its price from the ranges' sizes
    (``pricing``) has passed ``options``' limits."""
    if isinstance(text, str) and text in _PLANS:
        return _PLANS[text]
    checked = check_query(parse_query(text))
    # None: chosen by the cost (exhaustive=True with samples was refused by the options' check)
    exhaustive = False if sampling_asked(options) else options.exhaustive
    price = price_query(checked, exhaustive=exhaustive, exact_limit=QUERY.exact_limit)
    if price is not None:
        check_price(price, exhaustive=exhaustive, max_work=max_work, max_memory=options.max_memory)
    deal = prepare(checked)
    streets = streets_read(checked)
    # One representative hand per suit class, when the answer cannot tell them apart.
    classes = suit_classes(deal) if checked.board2 is None else None
    classes = classes if classes is not None and suit_invariant(checked) else None
    two = checked.board2
    cost = exact_cost(classes or deal, streets) if two is None else double_exact_cost(deal, two)
    plan = _Plan(checked, deal, streets, classes, cost)
    if not deal.ranged and isinstance(text, str):
        if len(_PLANS) >= PLANS_KEPT:
            del _PLANS[next(iter(_PLANS))]
        _PLANS[text] = plan
    return plan


def query(
    text: str,
    *,
    exhaustive: bool | None = None,
    samples: int | None = None,
    stderr_target: float | None = None,
    seed: int | None = None,
    threads: int | None = None,
    max_work: int = QUERY.max_work,
    max_memory: int | None = None,
    progress: ProgressCallback | None = None,
) -> QueryResult:
    """Run a query of the query language (``docs/query.md``) and return its answer.

    Args:
        text: ``select ... from ... [where ...]``. Cards are written rank then suit
            (``'AsAh2c3d'``); hands and ranges in the project's range syntax; ``*`` (or
            ``****``) is a hand dealt at random.
        exhaustive: True enumerates every deal (every combination of the range hands
            and every board up to the last street the query reads, weighted); False
            samples; None (default) enumerates when that is at most ``QUERY.exact_limit``
            deals and neither ``samples`` nor ``stderr_target`` is given. Random hands
            are always sampled.
        samples: deals to draw (default ``QUERY.samples``, 600,000).
        stderr_target: sample until every ``count``/``avg`` standard error is at most this.
        seed: the seed of a sampled run (default: a random one, reported in the result);
            the same seed gives the same answer on any thread count.
        threads: numba threads (default: numba's).
        max_work: most deals an exact run enumerates; a larger one is refused with the estimate.
        max_memory: the most bytes the run is estimated to need (default: half the
            machine's memory, as ``equity()``); priced from the ranges' sizes before any
            range is built (``pql/pricing.py``) and refused above it with the estimate.
        progress: called as ``progress(done, total)`` in deals after each block.

    The options are checked as ``equity()``'s (``engine.options.RunOptions.check``):
    numpy integers are whole numbers, anything else is refused naming the option.

    Raises:
        QueryError (an OmahaInputError): a syntax error or an expression nested above
            ``syntax.MAX_DEPTH`` (position and caret), an unknown function or name (the
            closest one suggested), a type error naming the argument, a player not
            declared; OmahaInputError for bad cards, ranges or options (naming them) and
            for a run above ``max_memory``; WorkLimitError for an exact run above ``max_work``
            (refused before the ranges are built when their sizes show it).

    >>> result = query("select avg(riverEquity(hero)) as eq, count(scoops(hero)) "
    ...                "from game='omaha8', hero='AsAh2c3d', villain='KsKhQdJd', board='Ac8c5h9d'")
    >>> result["eq"].fraction, result.exact, result.trials
    (Fraction(19, 20), True, 40)
    """
    started = time.perf_counter()
    options = RunOptions.check(
        exhaustive=exhaustive, samples=samples, stderr_target=stderr_target, seed=seed, threads=threads,
        max_work=max_work, max_memory=max_memory, progress=progress,
    )  # fmt: skip
    exhaustive, samples, seed, threads = options.exhaustive, options.samples, options.seed, options.threads
    max_work = QUERY.max_work if options.max_work is None else options.max_work
    plan = plan_query(text, options, max_work)
    checked = dataclasses.replace(plan.checked, cache={})  # the run's own cache (HvREquity answers)
    deal, streets, classes, cost = plan.deal, plan.streets, plan.classes, plan.cost
    if exhaustive:
        if cost is None:
            raise OmahaInputError(
                "exhaustive=True: a random hand ('*') is never enumerated; sample it"
                if checked.board2 is None
                else "exhaustive=True: a double-board query enumerates known hands only; sample ranges and random hands"
            )
        if cost > max_work:
            raise WorkLimitError(
                f"exhaustive=True: the query enumerates about {cost:,} deals, above max_work={max_work:,}; "
                "sample it (exhaustive=False, samples=...)",
                work=cost, unit="deals", seconds=cost / DEALS_PER_SECOND, limit=max_work,
            )  # fmt: skip
    exact = exact_chosen(options, cost, QUERY.exact_limit)
    target = SampleTarget.of(options, QUERY.samples)
    deals = cost if exact and cost is not None else (samples or QUERY.samples)
    nested = deals * _nested_evaluations(checked)
    if nested > MAX_NESTED_EVALUATIONS:
        raise WorkLimitError(
            f"query: its nested equities (HvHEquity) take about {nested:.2g} hand evaluations "
            f"({deals:,} deals), above the limit of {MAX_NESTED_EVALUATIONS:.2g} (about ten minutes); "
            "ask on a later street or with fewer samples",
            work=nested, unit="hand evaluations", seconds=nested / 5e6, limit=MAX_NESTED_EVALUATIONS,
        )  # fmt: skip
    _check_hand_vs_range(checked, deal, deals)
    checked.cache["deal"] = deal
    # The first query of a process may compile the kernels: say so (checking the caches
    # reads files, so later queries, whose kernels are loaded, skip it).
    notice = compile_notice_for("evaluation", "query") if not _RAN else contextlib.nullcontext()
    with numba_threads(choose_threads(threads, deals / DEALS_PER_SECOND)), notice:
        enumerated = classes if exact and classes is not None else deal
        kept = plan if exact and plan.keeps_blocks else None
        result = _run(checked, enumerated, streets, exact, target, seed, progress, started, cost, kept)
    _RAN.append(True)
    return dataclasses.replace(result, warnings=checked.warnings) if checked.warnings else result


def _run(
    checked: CheckedQuery,
    deal: Any,
    streets: tuple[int, ...],
    exact: bool,
    target: SampleTarget,
    seed: int | None,
    progress: ProgressCallback | None,
    started: float,
    cost: int | None,
    kept: _Plan | None = None,
) -> QueryResult:
    selectors = checked.query.selectors
    accumulators = [_Accumulator(s, checked.types[s.expr], exact) for s in selectors]
    limit = target.limit
    if not exact and seed is None:
        seed = draw_seed()
    # A query reading the next card evaluates 52 boards a deal: smaller blocks keep its
    # memory and the time between progress reports (and Ctrl-C) small.
    heavy = any(isinstance(node, Call) and call_function(node).next_cards for node in checked.types)
    blocks: Iterator[DealBlock]
    if checked.board2 is not None:
        if exact:
            blocks = double_exact_blocks(deal, checked.board2, EXACT_BLOCK_ROWS)
        else:
            blocks = double_sampled_blocks(deal, checked.board2, int(seed or 0), limit)
    elif kept is not None:  # a small enumeration of known hands: its one block, made once per text
        if kept.blocks is None:
            kept.blocks = list(exact_blocks(deal, streets, HEAVY_BLOCK_DEALS))
        blocks = iter(kept.blocks)
    elif exact:
        blocks = exact_blocks(deal, streets, HEAVY_BLOCK_DEALS if heavy else EXACT_BLOCK_ROWS)
    else:
        blocks = sampled_blocks(deal, int(seed or 0), limit, 1 if heavy else CHUNKS_PER_BATCH)
    trials = weight = met = 0

    def added(block: DealBlock) -> int:
        nonlocal trials, weight, met
        trials, weight, met = _add_block(checked, block, accumulators, trials, weight, met)
        return len(block)

    def stderrs() -> list[float | None] | None:
        return [a.stderr(met) for a in accumulators] if met >= 2 else None  # None: too few deals to tell

    # An enumeration runs through the same loop: its cost is the progress total, and it has no target.
    stop = SampleTarget(cost, None) if exact else target
    target_met = draw_until(stop, map(added, blocks), stderrs, progress)
    results = []
    for selector, accumulator in zip(selectors, accumulators, strict=True):
        name = selector.alias or checked.text[selector.position : _end(checked.text, selector.position)]
        results.append(accumulator.result(name, exact, met))
    return QueryResult(
        query=checked.text,
        game=checked.game.name,
        selectors=tuple(results),
        exact=exact,
        trials=trials,
        met=met,
        weight=weight,
        seed=None if exact else seed,
        seconds=time.perf_counter() - started,
        target_met=target_met,
        by_name={r.name: r for r in results},
    )


def _add_block(
    checked: CheckedQuery, block: DealBlock, accumulators: list[_Accumulator], trials: int, weight: int, met: int
) -> tuple[int, int, int]:
    evaluator = BlockEvaluator(checked, block) if block.boards2 is None else DoubleBoardEvaluator(checked, block)
    n = len(block)
    weights = block.weights  # None: a sampled block, every deal counts 1
    trials += n
    weight += n if weights is None else int(weights.sum())
    rows = None
    met_weights = weights  # an exact block's weights, 0 for a deal that fails where
    if checked.query.where is not None:
        # The deals that fail where are left out of every selector.
        meets = np.broadcast_to(evaluator.value(checked.query.where), (n,))
        rows = np.flatnonzero(meets)
        if weights is not None:
            met_weights = weights * meets
            weights = weights[rows]
    kept = n if rows is None else len(rows)
    met += kept if weights is None else int(weights.sum())
    # A double-board pot share is the mean of the boards' shares: twice the denominator.
    denominator = share_denominator(len(checked.players)) * (1 if checked.board2 is None else 2)
    for accumulator in accumulators:
        expr = accumulator.selector.expr
        values = evaluator.value(expr)
        if rows is not None:
            values = np.broadcast_to(values, (n,))[rows]
        exact_part = None
        if accumulator.exact_total is not None and met_weights is not None:
            exact_part = exact_sum(evaluator, expr, met_weights, denominator)
        accumulator.add(values, weights, kept, exact_part)
    return trials, weight, met


def _nested_calls(checked: CheckedQuery, nested: Nested) -> set[tuple[int, int]]:
    """The distinct (player, street) of the query's calls whose row does ``nested`` work
    (``Function.nested``): the values of their player and street arguments (names, so
    literals)."""
    calls = set()
    for node in checked.types:
        function = call_function(node) if isinstance(node, Call) else None
        if function is not None and function.nested == nested:
            kinds = [kind for _, kind in function.arguments]
            player, street = (node.arguments[kinds.index(kind)] for kind in (Type.PLAYER, Type.STREET))
            calls.add((int(checked.literals[player]), int(checked.literals[street])))
    return calls


def _nested_evaluations(checked: CheckedQuery) -> int:
    """Hand evaluations per deal of the query's nested equities over the runouts
    (``HvHEquity``): every runout of the cards left after the street, for every player
    (once per street)."""
    players = len(checked.players)
    streets = {street for _, street in _nested_calls(checked, "runouts")}
    left = DECK_SIZE - players * checked.game.hole_cards - len(checked.dead)
    return sum(math.comb(left - street, 5 - street) * players for street in streets if street < 5)


def _check_hand_vs_range(checked: CheckedQuery, deal: Any, deals: int) -> None:
    """Refuse a query whose runs of the range engine (``HvREquity``) would take above
    ``MAX_NESTED_SECONDS``, with the estimate (``hand_vs_range.hand_vs_range_seconds``)."""
    calls = _nested_calls(checked, "ranges")
    estimates = [hand_vs_range_seconds(deal, player, street, deals) for player, street in sorted(calls)]
    seconds = sum(per_run * runs for per_run, runs in estimates)
    if seconds > MAX_NESTED_SECONDS:
        runs = ", ".join(f"{runs:,} run(s) of about {per_run:.2g} s" for per_run, runs in estimates)
        raise WorkLimitError(
            f"query: its HvREquity runs the exact range engine once per distinct hand and board ({runs}, "
            f"over {deals:,} deals): about {duration_text(seconds)} on one core, above the limit of "
            f"{duration_text(MAX_NESTED_SECONDS)}; fix the player's hand or the board to the street, "
            "narrow the ranges or draw fewer samples",
            work=round(seconds), unit="seconds", seconds=seconds, limit=round(MAX_NESTED_SECONDS),
        )  # fmt: skip


@functools.lru_cache(maxsize=256)
def _end(text: str, start: int) -> int:
    """The end of the selector starting at ``start``: its closing parenthesis (kept: a query
    is often asked again, and the scan is Python per character)."""
    depth = 0
    for i in range(start, len(text)):
        if text[i] == "(":
            depth += 1
        elif text[i] == ")":
            depth -= 1
            if depth == 0:
                return i + 1
    return len(text)
