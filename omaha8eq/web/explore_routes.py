"""The range explorer's route: ``POST /api/explore`` classifies a range on a board.

Body: ``{"range": "15%", "board": "Ac8c5h", "against": "KsKhQdJd" or null, "dead": "",
"game": "omaha8", "where": "nut low draw or set" or null}`` (all but ``range`` and
``board`` optional). The answer is :meth:`omaha8eq.explorer.Exploration.to_dict` plus
``class_hands``: for each class (``"group: name"``), up to :data:`LISTED_HANDS` of its
hands (the page lists them when a class is clicked); with ``where``, ``{"where", "hands",
"range"}``: the sub-range as a hand list the equity form takes as a range.

Bad input is a 400 with ``{"error": "..."}``. The cost is estimated before anything is
built, from the ranges' sizes, in a worker thread (counting a 4-card range builds it,
and may compile a kernel): the memory of the sweep (``engine.budget.estimate_memory``,
against ``max_memory`` beside the other runs') and its work (row touches over every
runout, against ``max_work``); above either the request is refused with the estimate.
It is one of the server's runs (:mod:`omaha8eq.web.routes`): it waits for a free slot,
and one that has not started when its client goes away never does (the sweep itself
has no progress reports to stop at).
"""

from __future__ import annotations

from math import comb
from typing import Any

from starlette.routing import BaseRoute

from ..cards import parse_cards
from ..engine.progress import ProgressCallback
from ..errors import OmahaInputError
from .requests import Limits
from .routes import Api, Endpoint, first_line

__all__ = ["EXPLORE", "LISTED_HANDS", "explore_cost", "explore_routes"]

#: The most hands of one class the answer lists.
LISTED_HANDS = 200

_FIELDS = {"range", "board", "against", "dead", "game", "where"}


def _options(body: object, limits: Limits) -> dict[str, Any]:
    """The checked fields; OmahaInputError names a bad one."""
    if not isinstance(body, dict) or not isinstance(body.get("range"), str) or not isinstance(body.get("board"), str):
        raise OmahaInputError('request: expected {"range": "...", "board": "...", "against": ..., "where": ...}')
    unknown = sorted(set(body) - _FIELDS)
    if unknown:
        raise OmahaInputError(f"request: unknown field {unknown[0]!r} (known: {', '.join(sorted(_FIELDS))})")
    for name in ("against", "dead", "game", "where"):
        if body.get(name) is not None and not isinstance(body[name], str):
            raise OmahaInputError(f"{name}: expected a string")
    return {name: body.get(name) for name in _FIELDS}


def explore_cost(options: dict[str, Any], limits: Limits) -> int:
    """The memory of an exploration, in bytes; OmahaInputError, with the estimate, above
    the server's limits."""
    from ..engine.budget import estimate_memory, memory_text
    from ..engine.range_vs_range import row_touches
    from ..games import as_game
    from ..ranges.range import range_size

    game = as_game(options["game"] or "omaha8")
    hole = game.hole_cards
    sizes = [range_size(options["range"], hole_size=hole).hands]
    if options["against"]:
        sizes.append(range_size(options["against"], hole_size=hole).hands)
    memory = estimate_memory(sizes, by_hand=len(sizes) > 1)
    if memory > limits.max_memory:
        raise OmahaInputError(
            f"explore: about {memory_text(memory)} of memory, above this server's {memory_text(limits.max_memory)}: "
            "use narrower ranges"
        )
    if len(sizes) > 1:
        known = len(parse_cards(options["board"], what="board")) + len(parse_cards(options["dead"] or "", what="dead"))
        runouts = comb(52 - known - 2 * hole, max(0, 5 - len(parse_cards(options["board"], what="board"))))
        work = runouts * row_touches(sizes[0], sizes[1], hole)
        if work > limits.max_work:
            raise OmahaInputError(
                f"explore: about {work:,} steps of exact work, above this server's limit of {limits.max_work:,}: "
                "use narrower ranges or a later street"
            )
    return memory


def _run(options: dict[str, Any], limits: Limits, progress: ProgressCallback) -> dict[str, Any]:
    from ..explorer import explore, hand_list

    found = explore(
        options["range"],
        options["board"],
        against=options["against"] or None,
        dead=options["dead"] or "",
        game=options["game"] or "omaha8",
    )
    if options["where"] is not None:
        narrowed = found.where(options["where"])
        return {"where": options["where"], "hands": len(narrowed), "range": hand_list(narrowed)}
    document = found.to_dict()
    listed = {}
    for row in found.view("classes"):
        hands = found.where(row.name).hands[:LISTED_HANDS] if row.hands else ()
        listed[f"{row.group}: {row.name}"] = [hand_list_row(h) for h in hands]
    document["class_hands"] = listed
    return document


def hand_list_row(row: Any) -> str:
    from ..explorer import hand_list_text

    return hand_list_text(row.tolist())


def _describe(exc: OmahaInputError) -> dict[str, Any]:
    return {"error": first_line(exc)}


#: An exploration as one of the server's runs.
EXPLORE: Endpoint[dict[str, Any]] = Endpoint("explore", _options, explore_cost, _run, _describe)


def explore_routes(api: Api) -> list[BaseRoute]:
    """The explorer's route."""
    return [api.run("/api/explore", EXPLORE)]
