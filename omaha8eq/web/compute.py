"""Running a checked web request through the library: the JSON answer of each kind.

Every function takes a request from :mod:`omaha8eq.web.requests`, the server's
:class:`~omaha8eq.web.requests.Limits` and a ``progress(done, total)`` callback, calls
the public library function and returns a JSON-ready dict with the field names of the
results' ``to_dict()``. The library validates the values and raises
:class:`~omaha8eq.errors.OmahaInputError` (a :class:`~omaha8eq.ranges.range.RangeSyntaxError`
carries the position); the callback may raise to stop a run (the job runner's
cancellation), and the run stops at its next progress report.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from ..cards import parse_cards
from ..deck import HOLE_SIZES
from ..engine.options import draw_seed
from ..engine.progress import ProgressCallback
from ..engine.spot import parse_range_text
from ..errors import HandSizeError, OmahaInputError, WorkLimitError
from .cost import work_refusal
from .requests import BoardsRequest, CounterfeitRequest, EquityRequest, EvaluateRequest, Limits, RangeRequest, Request

if TYPE_CHECKING:
    from ..ranges.range import Range
    from ..results import EquityResult, PlayerEquity

__all__ = ["BY_HAND_ROWS", "DISTRIBUTION_POINTS", "run_request"]

#: A range's per-hand table lists at most this many hands: its best and worst halves.
BY_HAND_ROWS = 1_000
#: The equity-distribution graph's points (fractions 0, 1/(n-1), ..., 1 of the range).
DISTRIBUTION_POINTS = 201


def _players(request: EquityRequest, progress: ProgressCallback) -> list[str | Range]:
    """The players for :func:`omaha8eq.equity`. With a ``hole_size``, ranges are parsed
    here at that size (with progress, so that a 6-card range can be cancelled) and known
    hands are checked against it; without one, everything goes to the library as written
    (it takes the size from the known hands)."""
    from ..ranges.range import RangeSyntaxError, is_range_expression, parse_range

    size = request.hole_size
    if size is None:
        return list(request.players)
    players: list[str | Range] = []
    for i, text in enumerate(request.players, 1):
        if text.strip().lower() == "random":
            players.append(text)
        elif is_range_expression(text):
            try:
                players.append(parse_range(text, hole_size=size, progress=progress))
            except RangeSyntaxError:
                parse_range_text(text, size, f"hand {i}")  # raises equity()'s own error (a mistyped hand's)
                raise
        else:
            cards = parse_cards(text, what=f"hand {i}")
            if len(cards) in HOLE_SIZES and len(cards) != size:  # other sizes: equity() says what is wrong
                raise HandSizeError(f"hand {i}: {len(cards)} cards given; this spot deals {size} hole cards")
            players.append(text)
    return players


def _distribution(player: PlayerEquity) -> dict[str, Any]:
    """The equity-distribution graph of a range: equity at evenly spaced fractions of it."""
    distribution = player.equity_distribution()
    last = DISTRIBUTION_POINTS - 1
    return {
        "fraction": [k / last for k in range(DISTRIBUTION_POINTS)],
        "equity": [distribution.quantile(max(k / last, 1e-12)) for k in range(DISTRIBUTION_POINTS)],
        "deciles": list(distribution.deciles()),
    }


def _equity_document(result: EquityResult) -> dict[str, Any]:
    """``result.to_dict()`` with each range's per-hand rows cut to its best and worst
    ``BY_HAND_ROWS`` (``by_hand_total`` counts them all) and its distribution added."""
    document = result.to_dict()
    for player, entry in zip(result.players, document["players"], strict=True):
        if not player.by_hand:
            continue
        rows = entry["by_hand"]  # best equity first
        entry["by_hand_total"] = len(rows)
        if len(rows) > BY_HAND_ROWS:
            half = BY_HAND_ROWS // 2
            entry["by_hand"] = rows[:half] + rows[-half:]
        entry["equity_distribution"] = _distribution(player)
    return document


@contextlib.contextmanager
def _within_work_limit(advice: str) -> Iterator[None]:
    """Turn the library's WorkLimitError (an exact run above ``max_work``) into the page's
    refusal (:func:`~omaha8eq.web.cost.work_refusal`), followed by ``advice``."""
    try:
        yield
    except WorkLimitError as exc:
        raise work_refusal(exc.work, exc.unit, exc.seconds, exc.limit, advice) from None


def _run_equity(request: EquityRequest, limits: Limits, progress: ProgressCallback) -> dict[str, Any]:
    from ..equities import equity

    players = _players(request, progress)
    samples = request.samples
    # A seed the page can show and send back exactly (engine.options.DRAWN_SEED_BITS).
    seed = draw_seed() if request.seed is None else request.seed
    if samples is None and request.stderr_target is not None and request.exhaustive is not True:
        samples = limits.max_samples  # the server's ceiling of a run towards a target
    with _within_work_limit("; choose Monte Carlo, narrower ranges or fewer random hands"):
        result = equity(
            players,
            request.board,
            request.dead,
            exhaustive=request.exhaustive,
            samples=samples,
            stderr_target=request.stderr_target,
            seed=seed,
            game=request.game,
            progress=progress,
            by_hand=request.by_hand,  # per-hand results of each range (none without one)
            by_next_card=request.by_next_card,
            max_work=limits.max_work,
        )
    return _equity_document(result)


def _run_boards(request: BoardsRequest, limits: Limits, progress: ProgressCallback) -> dict[str, Any]:
    from ..boards import boards_equity

    seed = draw_seed() if request.seed is None else request.seed  # as _run_equity's
    with _within_work_limit("; choose Monte Carlo"):
        result = boards_equity(
            list(request.players),
            list(request.boards),
            request.dead,
            runs=request.runs,
            game=request.game,
            exhaustive=request.exhaustive,
            samples=request.samples,
            seed=seed,
            progress=progress,
            max_work=limits.max_work,
        )
    return result.to_dict()


def _run_counterfeit(request: CounterfeitRequest, limits: Limits, progress: ProgressCallback) -> dict[str, Any]:
    from ..counterfeit import counterfeit_odds

    opponents = list(request.opponents) or None
    return counterfeit_odds(request.hand, request.board, request.dead, opponents=opponents, progress=progress).to_dict()


def _run_evaluate(request: EvaluateRequest, limits: Limits, progress: ProgressCallback) -> dict[str, Any]:
    from ..evaluation import evaluate
    from ..present.documents import eval_document

    high, low = evaluate(request.hand, request.board, game=request.game)
    return eval_document(request.hand, request.board, high, low, request.game)


def _run_range(request: RangeRequest, limits: Limits, progress: ProgressCallback) -> dict[str, Any]:
    from ..present.documents import range_document
    from ..ranges.range import RangeSyntaxError, parse_range

    try:
        parsed = parse_range(request.expression, hole_size=request.hole_size, progress=progress)
    except RangeSyntaxError:
        if request.hand is not None:  # a player's text: a mistyped hand gets equity()'s card error
            parse_range_text(request.expression, request.hole_size, f"hand {request.hand}")
        raise
    return range_document(parsed, request.list)


def run_request(request: Request, limits: Limits, progress: ProgressCallback) -> dict[str, Any]:
    """The JSON answer to ``request``; OmahaInputError for bad values."""
    if isinstance(request, EquityRequest):
        return _run_equity(request, limits, progress)
    if isinstance(request, CounterfeitRequest):
        return _run_counterfeit(request, limits, progress)
    if isinstance(request, EvaluateRequest):
        return _run_evaluate(request, limits, progress)
    if isinstance(request, RangeRequest):
        return _run_range(request, limits, progress)
    if isinstance(request, BoardsRequest):
        return _run_boards(request, limits, progress)
    raise OmahaInputError(f"request: unknown kind {type(request).__name__}")
