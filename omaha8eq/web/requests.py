"""The web API's request bodies: JSON objects checked field by field into typed requests.

Each ``POST /api/KIND`` body is a JSON object (field names as in the results'
``to_dict()``: ``board``, ``dead``, ``game``, ``samples``, ``seed`` ...); this module
checks its shape -- the known fields, their JSON types, the server's limits -- and
raises :class:`~omaha8eq.errors.OmahaInputError` naming the first bad field. What the
values mean (cards, ranges, hand sizes) is checked later by the library itself, in
the job that runs the request, with its own messages. Cards are text: ``"AsAh2c3d"``,
``"As Ah 2c 3d"`` or with suit symbols ``"A♠ A♥ 2♣ 3♦"``. Nothing here imports numpy.
"""

from __future__ import annotations

import math
import os
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar

from ..checks import excerpt
from ..deck import HOLE_SIZES
from ..errors import OmahaInputError, OmahaTypeError
from ..games import as_game, game_for, game_of_hands

__all__ = [
    "KINDS",
    "BoardsRequest",
    "CounterfeitRequest",
    "EquityRequest",
    "EvaluateRequest",
    "Limits",
    "RangeRequest",
    "Request",
    "default_max_memory",
    "parse_request",
]

#: The longest text field accepted (a hand, a board, a range expression).
MAX_TEXT = 2_000
#: The most players or opponents a request may list (the deck allows fewer still).
MAX_PLAYERS = 12
#: The most hands a range request lists.
MAX_LISTED = 1_000
#: Equity methods: the library's ``exhaustive`` None, True and False.
METHODS = {"auto": None, "exact": True, "monte-carlo": False}


def default_max_memory() -> int:
    """The default memory budget of the server's runs: 2 GiB, or a quarter of the
    machine's memory when that is less."""
    budget = 2 << 30
    try:
        physical = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
    except (AttributeError, ValueError, OSError):  # not a POSIX system: the fixed budget
        return budget
    return min(budget, physical // 4) if physical > 0 else budget


@dataclass(frozen=True)
class Limits:
    """What one request may cost on this server.

    Attributes:
        max_work: the most hand evaluations an exact equity run may take (the
            library's estimate, ``equity(max_work=...)``; above it ``exact`` is refused
            and ``auto`` samples instead).
        max_samples: the most Monte Carlo samples a run draws (also the ceiling of a
            run towards a standard-error target).
        max_running: runs computing at once (each in a worker thread), whatever their
            route: equity requests, jobs, queries, explorations, hand-history files.
        max_waiting: runs queued behind them; beyond, requests get 503.
        abandon_after: seconds after which a job nobody polls is cancelled (its page
            was closed).
        max_body: the largest request body, in bytes.
        max_memory: the memory, in bytes, that the running runs may take together, by
            their estimates (:mod:`omaha8eq.web.cost`, from the ranges' sizes before
            anything is built): a request estimated above it is refused (400, with the
            estimate); one that fits alone waits while others hold the memory.
    """

    max_work: int = 3_000_000_000  # the library's MAX_WORK: about a minute on one core
    max_samples: int = 20_000_000
    max_running: int = 2
    max_waiting: int = 8
    abandon_after: float = 20.0
    max_body: int = 64_000
    max_memory: int = field(default_factory=default_max_memory)


@dataclass(frozen=True)
class EquityRequest:
    """``POST /api/equity``: the arguments of :func:`omaha8eq.equity`. ``game`` says
    whether the game is hi-lo (None: the library's default, Omaha Hi-Lo of the hands'
    hole size)."""

    players: tuple[str, ...]
    board: str
    dead: str
    hole_size: int | None
    exhaustive: bool | None
    samples: int | None
    seed: int | None
    stderr_target: float | None
    by_hand: bool
    by_next_card: bool
    game: str | None = None


@dataclass(frozen=True)
class CounterfeitRequest:
    """``POST /api/counterfeit``: the arguments of :func:`omaha8eq.counterfeit_odds`."""

    hand: str
    board: str
    dead: str
    opponents: tuple[str, ...]


@dataclass(frozen=True)
class EvaluateRequest:
    """``POST /api/evaluate``: the arguments of :func:`omaha8eq.evaluate`."""

    hand: str
    board: str
    game: str


@dataclass(frozen=True)
class RangeRequest:
    """``POST /api/range``: a range expression to count, describe, list and validate.

    ``hand``: the player (1, 2, ...) whose text this is, if any: text that reads as a
    mistyped hand rather than a range then gets :func:`omaha8eq.equity`'s card error.
    """

    expression: str
    hole_size: int
    list: int
    hand: int | None = None


@dataclass(frozen=True)
class BoardsRequest:
    """``POST /api/boards``: the arguments of :func:`omaha8eq.boards_equity` (double board,
    runs); ``game`` as in :class:`EquityRequest`."""

    players: tuple[str, ...]
    boards: tuple[str, ...]
    runs: int
    dead: str
    exhaustive: bool | None
    samples: int | None
    seed: int | None
    game: str | None = None


Request = EquityRequest | CounterfeitRequest | EvaluateRequest | RangeRequest | BoardsRequest
T = TypeVar("T")


class _Fields:
    """The fields of one JSON object, read one by one; unknown fields are refused at the end."""

    def __init__(self, body: object, allowed: set[str]):
        if not isinstance(body, dict):
            raise OmahaTypeError(f"request: expected a JSON object, got {excerpt(body)}")
        unknown = sorted(set(body) - allowed)
        if unknown:
            raise OmahaInputError(f"request: unknown field {unknown[0]!r} (fields: {', '.join(sorted(allowed))})")
        self.body: dict[str, Any] = body

    def get(self, name: str, check: Callable[[object, str], T], default: T) -> T:
        value = self.body.get(name)
        return default if value is None else check(value, name)


def _text(value: object, name: str) -> str:
    if not isinstance(value, str):
        raise OmahaTypeError(f"{name}: expected text, got {excerpt(value)}")
    if len(value) > MAX_TEXT:
        raise OmahaInputError(f"{name}: at most {MAX_TEXT:,} characters, got {len(value):,}")
    return value


def _texts(value: object, name: str) -> tuple[str, ...]:
    if not isinstance(value, list):
        raise OmahaTypeError(f"{name}: expected a list of hands, got {excerpt(value)}")
    if len(value) > MAX_PLAYERS:
        raise OmahaInputError(f"{name}: at most {MAX_PLAYERS} hands, got {len(value)}")
    return tuple(_text(item, f"{name} {i}") for i, item in enumerate(value, 1))


def _flag(value: object, name: str) -> bool:
    if not isinstance(value, bool):
        raise OmahaTypeError(f"{name}: expected true or false, got {excerpt(value)}")
    return value


def _integer(value: object, name: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise OmahaTypeError(f"{name}: expected an integer, got {excerpt(value)}")
    return value


def _number(value: object, name: str) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise OmahaTypeError(f"{name}: expected a number, got {excerpt(value)}")
    return float(value)


def _game(value: object, name: str) -> str:
    return as_game(_text(value, name), name).name


def _request_game(name: str | None, hole_size: int | None, hilo: bool, hands: tuple[str, ...]) -> str | None:
    """The name of the game a request plays: ``game`` when given (``hole_size`` and ``hilo``,
    the older fields, may only agree with it), else the one ``hole_size`` and ``hilo`` say;
    None for the library's default (Omaha Hi-Lo with the hands' hole size)."""
    if name is not None:
        game = as_game(name)
        if hole_size not in (None, game.hole_cards) or (game.hilo and not hilo):
            raise OmahaInputError(
                f"game: {game.name} ({game.title}) contradicts hole_size {hole_size} or hilo false: send game only"
            )
        return game.name
    if hole_size is not None:
        return game_for(hole_size, hilo).name
    return None if hilo else game_of_hands(hands, hilo=False).name


def _hole_size(value: object, name: str) -> int:
    size = _integer(value, name)
    if size not in HOLE_SIZES:
        raise OmahaInputError(f"{name}: expected 4, 5 or 6, got {size}")
    return size


def _method(fields: _Fields) -> bool | None:
    """The ``method`` field as the library's ``exhaustive``."""
    method = fields.get("method", _text, "auto")
    if method not in METHODS:
        raise OmahaInputError(f"method: expected one of {', '.join(METHODS)}, got {excerpt(method)}")
    return METHODS[method]


def _samples(fields: _Fields, limits: Limits) -> int | None:
    """The ``samples`` field, within the server's limit."""
    samples = fields.get("samples", _integer, None)
    if samples is not None and samples > limits.max_samples:
        raise OmahaInputError(
            f"samples: this server draws at most {limits.max_samples:,} samples a run, got {samples:,}; "
            "use fewer, or run omaha8eq on your own machine for more"
        )
    return samples


def _hands(fields: _Fields) -> tuple[str, ...]:
    """The players' hands: ``hands``, as the library and the batch mode name them, or its
    alias ``players`` (the page's name); one of the two."""
    if "hands" in fields.body and "players" in fields.body:
        raise OmahaInputError("hands: give the hands once, as 'hands' (or its alias 'players'), not both")
    return fields.get("players" if "players" in fields.body else "hands", _texts, ())


def _boards(body: object, limits: Limits) -> BoardsRequest:
    fields = _Fields(body, {"hands", "players", "boards", "runs", "dead", "game", "hilo", "method", "samples", "seed"})
    boards: tuple[str, ...] = fields.get("boards", _texts, ("",))
    if not 1 <= len(boards) <= 2:
        raise OmahaInputError(f"boards: expected one or two boards, got {len(boards)}")
    players = _hands(fields)
    hilo = fields.get("hilo", _flag, True)
    game = _request_game(fields.get("game", _game, None), None, hilo, players)
    return BoardsRequest(
        players=players,
        boards=boards,
        runs=fields.get("runs", _integer, 1),
        dead=fields.get("dead", _text, ""),
        game=game,
        exhaustive=_method(fields),
        samples=_samples(fields, limits),
        seed=fields.get("seed", _integer, None),
    )


def _equity(body: object, limits: Limits) -> EquityRequest:
    fields = _Fields(
        body,
        {"hands", "players", "board", "dead", "game", "hole_size", "hilo", "method", "samples", "seed",
         "stderr_target", "by_hand", "by_next_card"},
    )  # fmt: skip
    exhaustive = _method(fields)
    samples = _samples(fields, limits)
    players = _hands(fields)
    hole_size, hilo = fields.get("hole_size", _hole_size, None), fields.get("hilo", _flag, True)
    game = _request_game(fields.get("game", _game, None), hole_size, hilo, players)
    return EquityRequest(
        players=players,
        board=fields.get("board", _text, ""),
        dead=fields.get("dead", _text, ""),
        hole_size=None if game is None else as_game(game).hole_cards,
        exhaustive=exhaustive,
        samples=samples,
        seed=fields.get("seed", _integer, None),
        stderr_target=fields.get("stderr_target", _number, None),
        by_hand=fields.get("by_hand", _flag, True),
        by_next_card=fields.get("by_next_card", _flag, False),
        game=game,
    )


def _counterfeit(body: object, limits: Limits) -> CounterfeitRequest:
    fields = _Fields(body, {"hand", "board", "dead", "opponents"})
    return CounterfeitRequest(
        hand=fields.get("hand", _text, ""),
        board=fields.get("board", _text, ""),
        dead=fields.get("dead", _text, ""),
        opponents=fields.get("opponents", _texts, ()),
    )


def _evaluate(body: object, limits: Limits) -> EvaluateRequest:
    fields = _Fields(body, {"hand", "board", "game", "hilo"})
    hand, hilo = fields.get("hand", _text, ""), fields.get("hilo", _flag, True)
    game = _request_game(fields.get("game", _game, None), None, hilo, (hand,)) or game_of_hands([hand]).name
    return EvaluateRequest(hand=hand, board=fields.get("board", _text, ""), game=game)


def _range(body: object, limits: Limits) -> RangeRequest:
    fields = _Fields(body, {"expression", "hole_size", "list", "hand"})
    listed = fields.get("list", _integer, 10)
    if not 0 <= listed <= MAX_LISTED:
        raise OmahaInputError(f"list: expected 0 to {MAX_LISTED:,} hands, got {listed}")
    hand = fields.get("hand", _integer, None)
    if hand is not None and not 1 <= hand <= MAX_PLAYERS:
        raise OmahaInputError(f"hand: expected a player from 1 to {MAX_PLAYERS}, got {hand}")
    return RangeRequest(
        expression=fields.get("expression", _text, ""),
        hole_size=fields.get("hole_size", _hole_size, 4),
        list=listed,
        hand=hand,
    )


#: Each kind of request and the reader of its body.
KINDS: dict[str, Callable[[object, Limits], Request]] = {
    "equity": _equity,
    "counterfeit": _counterfeit,
    "evaluate": _evaluate,
    "range": _range,
    "boards": _boards,
}


def parse_request(kind: object, body: object, limits: Limits) -> Request:
    """The request of ``kind`` ("equity", "counterfeit", "evaluate", "range", "boards") read from a
    decoded JSON ``body``; OmahaInputError (OmahaTypeError for a wrong JSON type) names
    the first bad field.

    >>> parse_request("evaluate", {"hand": "AsAh2c3d", "board": "4c5d7s"}, Limits())
    EvaluateRequest(hand='AsAh2c3d', board='4c5d7s', game='omaha8')
    >>> parse_request("equity", {"players": "AsAh2c3d"}, Limits())
    Traceback (most recent call last):
    ...
    omaha8eq.errors.OmahaTypeError: players: expected a list of hands, got 'AsAh2c3d'
    """
    reader = KINDS.get(kind) if isinstance(kind, str) else None
    if reader is None:
        raise OmahaInputError(f"kind: expected one of {', '.join(KINDS)}, got {excerpt(kind)}")
    return reader(body, limits)
