"""Hostile values for every parameter of every public function and method (issue 22, item 6).

Every name of ``omaha8eq.__all__`` is in :data:`TABLE`: a function or method with a valid
call, an exception, or a result record whose public methods with parameters are swept.
Each parameter of each swept callable (read from its signature, so a new parameter is
swept without a change here) gets every value of :data:`HOSTILE` in turn, the other
arguments staying valid. The call must return, or raise an ``OmahaInputError`` whose
message is one short line (an excerpt, never the whole input). A parameter of a strict
kind (an integer, a flag, a number) must refuse every value that is not of its kind:
nothing is accepted silently (``range_hands_excluding(R, 1.5)`` was).
"""

from __future__ import annotations

import inspect
import io
import math
import os
import tempfile
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import pytest
from history_files import STARS_SYNTHETIC

import omaha8eq
from omaha8eq import (
    BettingRound,
    Range,
    allin_equity,
    counterfeit_odds,
    equity,
    equity_many,
    evaluate,
    evaluate_batch,
    evaluate_high,
    evaluate_low,
    format_card,
    format_cards,
    format_hand,
    is_range_expression,
    limit_bet_size,
    parse_cards,
    parse_range,
    pot_limit_max_raise,
    preflop_rank,
    range_hands_excluding,
    settle,
    spot_equities,
)
from omaha8eq.errors import OmahaInputError
from omaha8eq.games import Game, as_game, game_for


def _nested(depth: int) -> list[Any]:
    value: list[Any] = []
    for _ in range(depth):
        value = [value]
    return value


class _LyingList(list[Any]):
    """A list whose ``len`` says one element fewer than it holds."""

    def __len__(self) -> int:
        return max(0, super().__len__() - 1)


#: name -> a function making the value afresh (a generator is used up by one call).
HOSTILE: dict[str, Callable[[], Any]] = {
    "str": lambda: "xyz",
    "empty str": lambda: "",
    "huge str": lambda: "As " * 40_000,  # 120,000 characters
    "None": lambda: None,
    "ndarray": lambda: np.array([4, 5]),
    "empty ndarray": lambda: np.array([]),
    "2-d float ndarray": lambda: np.full((2, 4), 0.5),
    "generator": lambda: (x for x in (1, 2)),
    "dict": lambda: {"a": 1},
    "set": lambda: {1, 2},
    "bytes": lambda: b"As",
    "int": lambda: 5,
    "negative int": lambda: -1,
    "huge int": lambda: 10**5000,  # more digits than repr() writes
    "numpy int8": lambda: np.int8(3),  # arithmetic on it wraps around at 127
    "float": lambda: 1.5,
    "nan": lambda: math.nan,
    "inf": lambda: math.inf,
    "-inf": lambda: -math.inf,
    "bool": lambda: True,
    "nested list": lambda: [[[]]],
    "deeply nested list": lambda: _nested(5000),
    "list of None": lambda: [None, None],
    "list whose len lies": lambda: _LyingList(["AsAh2c3d", "KsKhQdJd", "QsQhJdTd"]),
    "object": object,
    "function": lambda: lambda: None,
}

#: Strict kinds: the hostile values each accepts (any other must be refused).
ACCEPTS = {
    "int": {"int", "negative int", "huge int", "numpy int8"},
    "int?": {"int", "negative int", "huge int", "numpy int8", "None"},
    "flag": {"bool"},
    "flag?": {"bool", "None"},
    "number?": {"int", "negative int", "huge int", "numpy int8", "float", "None"},
}

#: The longest message an error may have: a few excerpts of the input, never all of it.
MAX_MESSAGE = 600


@dataclass
class Target:
    """One callable to sweep: ``call(**arguments)``; its parameters come from ``signature_of``
    (the function itself, or for a method on a fresh object, the method of a sample)."""

    name: str
    call: Callable[..., Any]
    good: dict[str, Any]
    kinds: dict[str, str] = field(default_factory=dict)
    signature_of: Callable[..., Any] | None = None

    def parameters(self) -> list[str]:
        signature = inspect.signature(self.signature_of or self.call)
        return [
            p.name
            for p in signature.parameters.values()
            if p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD) and not p.name.startswith("_")  # private: no input
        ]


SPOT = (["AsAh2c3d", "KsKhQdJd"], "4c5d7s")
RUN = {"exhaustive": "flag?", "samples": "int?", "stderr_target": "number?", "seed": "int?"}
RUN |= {"hilo": "flag?", "threads": "int?", "max_work": "int?", "by_hand": "flag", "by_next_card": "flag"}


#: Where AllinReport.draw's valid call writes its chart.
CHART = os.path.join(tempfile.gettempdir(), "omaha8eq-hostile-chart.svg")
#: Where AllinReport.write_csv's valid call writes its table.
CSV = os.path.join(tempfile.gettempdir(), "omaha8eq-hostile-report.csv")
SPOT_BOARDS = (SPOT[0], ("4c5d7s", "Kd8h2s"))


def _samples() -> dict[str, Any]:
    """One sample of each result record with parameterised methods."""
    spots = spot_equities([SPOT])
    ranged = equity(["AA", "KsKhQdJd"], "4c5d7s", by_hand=True)
    pot = settle([("As 2s 6d 7d", 40), ("6s 7s 8d 9d", 40)], "4c 5d Ks Qs 8c").pots[0]
    return {
        "spots": spots,
        "distribution": ranged.players[0].equity_distribution(),
        "pot": pot,
        "range": parse_range("AA"),
        "report": omaha8eq.allin_ev([]),
        "hand_ev": omaha8eq.allin_ev(omaha8eq.read_hands(STARS_SYNTHETIC)).hands[0],
        "exploration": omaha8eq.explore("AA2*", "Kc8c5h"),
        "boards": omaha8eq.boards_equity(*SPOT_BOARDS),
        "solution": omaha8eq.solve("Ac8c5h9d", "AsAh2c3d", "KsKhQdJd", pot=100, stack=100, max_iterations=2),
    }


SAMPLES = _samples()
ROUND = ("pot-limit", 3)


def _fresh_round(bet: int | None = None) -> BettingRound:
    round_ = BettingRound.postflop(*ROUND, bet_size=10, pot=75)
    if bet is not None:
        round_.bet(bet)
    return round_


TARGETS = [
    Target("equity", equity, {"hands": SPOT[0], "board": SPOT[1]}, RUN | {"max_memory": "int?", "runs": "int?"}),
    Target("equity_many", equity_many, {"spots": [SPOT]}, RUN),
    Target("spot_equities", spot_equities, {"spots": [SPOT]}, RUN),
    Target("allin_equity", allin_equity, {"players": [("AsAh2c3d", 10), ("KsKhQdJd", 10)], "board": SPOT[1]}, RUN),
    Target("counterfeit_odds", counterfeit_odds, {"hand": "As2cKhKd", "board": "4d6h8s"}),
    Target("evaluate", evaluate, {"hole": "AsAh3d6s", "board": "Ad8c5hKs2c"}, {"hilo": "flag?"}),
    Target("evaluate_batch", evaluate_batch, {"holes": [[0, 1, 2, 3]], "boards": [[4, 5, 6, 7, 8]]}),
    Target("evaluate_high", evaluate_high, {"hole": "AsAh3d6s", "board": "Ad8c5hKs2c"}),
    Target("evaluate_low", evaluate_low, {"hole": "AsAh3d6s", "board": "Ad8c5hKs2c"}),
    Target("format_card", format_card, {"c": 51}, {"c": "int"}),
    Target("format_cards", format_cards, {"cards": (51, 45)}),
    Target("format_hand", format_hand, {"cards": (0, 51, 45, 1)}),
    Target("is_range_expression", is_range_expression, {"text": "AA"}),
    Target("limit_bet_size", limit_bet_size, {"small_bet": 2, "street": "turn"}, {"small_bet": "int"}),
    Target("parse_cards", parse_cards, {"spec": "As Kd"}),
    Target("parse_range", parse_range, {"expr": "AsAh2c3d"}, {"hole_size": "int"}),
    Target(
        "pot_limit_max_raise", pot_limit_max_raise, {"pot": 10, "bets": (5,), "own": 0}, {"pot": "int", "own": "int"}
    ),
    Target("preflop_rank", preflop_rank, {"hand": "AsAh2c3d"}),
    Target(
        "range_hands_excluding", range_hands_excluding, {"rng": SAMPLES["range"], "dead_mask": 1}, {"dead_mask": "int"}
    ),
    Target(
        "settle",
        settle,
        {"players": [("As 2s 6d 7d", 40), ("6s 7s 8d 9d", 40)], "board": "4c 5d Ks Qs 8c"},
        {"button": "int", "chip": "int", "hilo": "flag?", "runs": "flag"},
    ),
    Target("Range", Range, {"hands": [[0, 1, 2, 3]]}, {"hole_size": "int?"}),
    Target("Range.weight_of", SAMPLES["range"].weight_of, {"hand": "AsAh2c3d"}),
    Target("Range.without", SAMPLES["range"].without, {"cards": "2c"}),
    Target(
        "BettingRound",
        BettingRound,
        {"structure": ROUND[0], "stacks": ROUND[1], "bet_size": 10},
        {"bet_size": "int", "pot": "int", "button": "int", "cap": "int?", "uncapped_heads_up": "flag"},
    ),
    Target(
        "BettingRound.preflop",
        BettingRound.preflop,
        {"structure": ROUND[0], "stacks": ROUND[1], "blinds": (5, 10)},
        {"button": "int", "small_bet": "int?", "pot": "int", "cap": "int?", "uncapped_heads_up": "flag"},
    ),
    Target(
        "BettingRound.postflop",
        BettingRound.postflop,
        {"structure": ROUND[0], "stacks": ROUND[1], "bet_size": 10, "pot": 75},
        {"bet_size": "int", "pot": "int", "button": "int", "cap": "int?", "uncapped_heads_up": "flag"},
    ),
    Target(
        "BettingRound.act",
        lambda **kw: _fresh_round().act(**kw),
        {"action": "bet", "to": 20},
        {"to": "int?"},
        signature_of=_fresh_round().act,
    ),
    Target(
        "BettingRound.why_illegal",
        lambda **kw: _fresh_round().why_illegal(**kw),
        {"action": "bet", "to": 20},
        {"to": "int?"},
        signature_of=_fresh_round().why_illegal,
    ),
    Target(
        "BettingRound.bet",
        lambda **kw: _fresh_round().bet(**kw),
        {"to": 20},
        {"to": "int?"},
        signature_of=_fresh_round().bet,
    ),
    Target(
        "BettingRound.raise_to",
        lambda **kw: _fresh_round(bet=20).raise_to(**kw),
        {"to": 60},
        {"to": "int?"},
        signature_of=_fresh_round().raise_to,
    ),
    Target("SpotEquities.result", SAMPLES["spots"].result, {"spot": 0}, {"spot": "int"}),
    Target(
        "SpotEquities.exact_equity",
        SAMPLES["spots"].exact_equity,
        {"spot": 0, "player": 1},
        {"spot": "int", "player": "int"},
    ),
    Target("EquityDistribution.quantile", SAMPLES["distribution"].quantile, {"fraction": 0.5}, {"fraction": "number?"}),
    Target("Pot.won_by", SAMPLES["pot"].won_by, {"seat": 0}, {"seat": "int"}),
    # omaha8eq.games: swept already, for the day its names join omaha8eq.__all__.
    Target(
        "Game",
        Game,
        {"name": "omaha8", "hole_cards": 4},
        {"hole_cards": "int", "hole_used": "int", "board_used": "int", "boards": "int"},
    ),
    Target("as_game", as_game, {"game": "omaha8"}),
    Target(
        "boards_equity",
        omaha8eq.boards_equity,
        {"hands": SPOT[0], "boards": ("4c5d7s", "Kd8h2s")},
        RUN | {"runs": "int"},
    ),
    Target(
        "settle_boards",
        omaha8eq.settle_boards,
        {"players": [("As 2s 6d 7d", 40), ("6s 7s 8d 9d", 40)], "boards": ("4c 5d Ks Qs 8c", "2c 3h 9s Td Jh")},
        {"runs": "flag", "button": "int", "chip": "int", "hilo": "flag?"},
    ),
    Target("read_hands", omaha8eq.read_hands, {}),
    Target("allin_ev", omaha8eq.allin_ev, {"hands": []}),
    Target("BoardsPlayer.to_dict", SAMPLES["boards"].players[0].to_dict, {}, {"exhaustive": "flag"}),
    Target(
        "query",
        omaha8eq.query,
        {"text": "select avg(riverEquity(hero)) from hero='AsAh2c3d', villain='KsKhQdJd', board='Ac8c5h9d'"},
        {"exhaustive": "flag?", "samples": "int?", "stderr_target": "number?", "seed": "int?", "threads": "int?"},
    ),
    Target("AllinReport.by_luck", SAMPLES["report"].by_luck, {}, {"limit": "int?"}),
    Target(
        "AllinReport.iter_by_luck",
        lambda **kwargs: list(SAMPLES["report"].iter_by_luck(**kwargs)),
        {},
        {"limit": "int?"},
        signature_of=SAMPLES["report"].iter_by_luck,
    ),
    Target("AllinReport.write_json", SAMPLES["report"].write_json, {"out": io.StringIO()}, {"indent": "int"}),
    Target("AllinReport.add", omaha8eq.allin_ev([]).add, {"ev": SAMPLES["hand_ev"]}),
    Target("AllinReport.write_csv", SAMPLES["report"].write_csv, {"path": CSV}),
    Target("AllinReport.cumulative", SAMPLES["report"].cumulative, {}),
    Target("AllinReport.draw", SAMPLES["report"].draw, {"path": CHART}),
    Target("game_for", game_for, {"hole_cards": 4}, {"hole_cards": "int", "hilo": "flag"}),
    Target(
        "solve",
        omaha8eq.solve,
        {"board": "Ac8c5h9dKs", "oop": "AA2*", "ip": "QsQhJdTd", "pot": 100, "stack": 400, "max_iterations": 5},
        {"max_iterations": "int", "raise_cap": "int", "threads": "int?", "max_work": "int?", "max_memory": "int?"},
    ),
    Target("Solution.node", SAMPLES["solution"].node, {}),
    Target("Solution.by_class", SAMPLES["solution"].by_class, {}),
    Target("Solution.by_hand", SAMPLES["solution"].by_hand, {}),
    Target("Solution.to_dict", SAMPLES["solution"].to_dict, {}, {"hands": "flag"}),
    Target(
        "Solution.river",
        SAMPLES["solution"].river,
        {"history": SAMPLES["solution"].chance_histories[0], "card": "2d"},
    ),
    Target("explore", omaha8eq.explore, {"range": "AA2*", "board": "Kc8c5h", "against": "KsKhQdJd"}),
    Target("filter_range", omaha8eq.filter_range, {"range": "AA2*", "board": "Kc8c5h", "expression": "low draw"}),
    Target("Exploration.view", SAMPLES["exploration"].view, {"name": "flags"}),
    Target("Exploration.row", SAMPLES["exploration"].row, {"name": "overpair"}),
    Target("Exploration.share", SAMPLES["exploration"].share, {"name": "set or low draw"}),
    Target("Exploration.where", SAMPLES["exploration"].where, {"expression": "nut low draw"}),
    Target("Exploration.to_pandas", SAMPLES["exploration"].to_pandas, {"view": "summary"}),
]
#: Public methods that are not an input surface, and why.
NOT_INPUT = {
    "HighHand.from_cards": "builds evaluate()'s result from the evaluator's own output, in its hot path",
}
SWEPT = {target.name.split(".")[0] for target in TARGETS} | {target.name for target in TARGETS} | set(NOT_INPUT)

#: Public names with nothing to sweep: exceptions, and records whose public methods take
#: no argument (``to_dict``, ``describe``, ...).
NOT_CALLED = {
    "DuplicateCardError",
    "HandSizeError",
    "IllegalActionError",
    "InvalidCardError",
    "OmahaInputError",
    "OmahaTypeError",
    "RangeSyntaxError",
    "AllinPlayer",
    "AllinReport",
    "QueryError",
    "QueryResult",
    "BoardsPlayer",
    "BoardsResult",
    "BoardsSettlement",
    "ClassRow",
    "AllinResult",
    "Award",
    "CounterfeitReport",
    "EquityDistribution",
    "EquityResult",
    "ExactOdds",
    "HandEquity",
    "HighHand",
    "GAMES",  # a dict of Game values
    "LowHand",
    "NextCard",
    "NextCardEquity",
    "OutcomeCounts",
    "PlayerEquity",
    "Pot",
    "PotEquity",
    "PreflopRank",
    "Settlement",
    "Solution",
    "SpotEquities",
}


def test_every_public_name_is_in_the_table():
    missing = sorted(set(omaha8eq.__all__) - SWEPT - NOT_CALLED)
    assert not missing, f"add these public names to tests/test_hostile_api.py: {missing}"


@pytest.mark.parametrize("name", sorted(NOT_CALLED - {"OmahaInputError"}))
def test_every_public_method_with_parameters_is_swept(name):
    cls = getattr(omaha8eq, name, None)
    if not isinstance(cls, type):  # not public (yet), or a value such as GAMES: no methods to sweep
        return
    if issubclass(cls, BaseException):
        assert issubclass(cls, OmahaInputError)
        return
    for method_name, member in vars(cls).items():
        if method_name.startswith("_") or (not callable(member) and not isinstance(member, classmethod | staticmethod)):
            continue
        function = member.__func__ if isinstance(member, classmethod | staticmethod) else member
        parameters = list(inspect.signature(function).parameters)[1 if not isinstance(member, staticmethod) else 0 :]
        if parameters:
            assert f"{name}.{method_name}" in SWEPT, f"add {name}.{method_name} to tests/test_hostile_api.py"


def test_the_valid_calls_work():
    for target in TARGETS:
        target.call(**target.good)


CASES = [
    pytest.param(target, parameter, value, id=f"{target.name}-{parameter}-{value}")
    for target in TARGETS
    for parameter in target.parameters()
    if parameter != "progress"  # a callback: swept in test_progress_must_be_callable
    for value in HOSTILE
]


@pytest.mark.parametrize(("target", "parameter", "value"), CASES)
def test_hostile_value_is_refused_in_one_short_line_or_accepted(target, parameter, value, tmp_path, monkeypatch):
    # A text taken as a file name ("xyz") is written where the test runs: a folder of its own.
    monkeypatch.chdir(tmp_path)
    arguments = {**target.good, parameter: HOSTILE[value]()}
    kind = target.kinds.get(parameter)
    try:
        target.call(**arguments)
    except OmahaInputError as exc:
        message = str(exc)
        assert len(message) <= MAX_MESSAGE, f"{len(message):,}-character message: {message[:200]}..."
        # A query's syntax error shows the query line and a caret line under it, by design.
        lines = 3 if isinstance(exc, omaha8eq.QueryError) else 1
        assert message.strip() and message.strip().count("\n") < lines
    else:
        assert kind is None or value in ACCEPTS[kind], f"{target.name}({parameter}={value}) accepted silently"


@pytest.mark.parametrize("target", [t for t in TARGETS if "progress" in t.parameters()], ids=lambda t: t.name)
@pytest.mark.parametrize("value", ["str", "int", "dict"])
def test_progress_must_be_callable(target, value):
    with pytest.raises(OmahaInputError):
        target.call(**target.good, progress=HOSTILE[value]())
