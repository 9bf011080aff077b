"""The range explorer's route: ``POST /api/explore`` classifies a range on a board.

Body: ``{"range": "15%", "board": "Ac8c5h", "against": "KsKhQdJd" or null, "dead": "",
"game": "omaha8", "where": "nut low draw or set" or null}`` (all but ``range`` and
``board`` optional). The answer is :meth:`omaha8eq.explorer.result.Exploration.to_dict` plus
``class_hands``: for each class (``"group: name"``), up to :data:`LISTED_HANDS` of its
hands (the page lists them when a class is clicked); with ``where``, ``{"where", "hands",
"range"}``: the sub-range as a hand list the equity form takes as a range.

Bad input is a 400 with ``{"error": "..."}``. The cost is the library's estimate
(:func:`omaha8eq.explorer.exploration_cost`, from the ranges' sizes before anything is
built), taken in a worker thread (counting a 4-card range builds it, and may compile a
kernel) and checked against the server's limits by the library
(:func:`omaha8eq.engine.budget.check_explore_cost`), worded here for the page; above
either the request is refused with the estimate. It is one of the server's runs
(:mod:`omaha8eq.web.routes`): it waits for a free slot, and its progress callback, which
the exploration calls between chunks of work, stops it once its client goes away. The page
runs it as a job instead (``POST /api/jobs`` with ``"kind": "explore"``,
:mod:`omaha8eq.web.equity_routes`): the same :data:`EXPLORE`, polled for its progress
(``hands``, then ``boards``) and cancelled by its Cancel button.
"""

from __future__ import annotations

from typing import Any

from starlette.routing import BaseRoute

from ..engine.method import duration_text
from ..engine.progress import ProgressCallback
from ..errors import OmahaInputError, WorkLimitError
from .cost import Cost, check_memory
from .requests import Limits
from .routes import Api, Endpoint, first_line

__all__ = ["EXPLORE", "LISTED_HANDS", "explore_routes"]

#: The most hands of one class the answer lists.
LISTED_HANDS = 200

_FIELDS = {"range", "board", "against", "dead", "game", "where"}


def _options(body: object, limits: Limits) -> dict[str, Any]:
    """The checked fields (``against``, ``dead`` and ``game`` null or empty: the explorer's
    defaults); OmahaInputError names a bad one."""
    if not isinstance(body, dict) or not isinstance(body.get("range"), str) or not isinstance(body.get("board"), str):
        raise OmahaInputError('request: expected {"range": "...", "board": "...", "against": ..., "where": ...}')
    unknown = sorted(set(body) - _FIELDS)
    if unknown:
        raise OmahaInputError(f"request: unknown field {unknown[0]!r} (known: {', '.join(sorted(_FIELDS))})")
    for name in ("against", "dead", "game", "where"):
        if body.get(name) is not None and not isinstance(body[name], str):
            raise OmahaInputError(f"{name}: expected a string")
    return {
        "range": body["range"],
        "board": body["board"],
        "against": body.get("against") or None,
        "dead": body.get("dead") or "",
        "game": body.get("game") or "omaha8",
        "where": body.get("where"),
    }


def _spot(options: dict[str, Any]) -> dict[str, Any]:
    """The explorer's arguments (:func:`~omaha8eq.explorer.exploration_cost`'s and
    :func:`~omaha8eq.explorer.explore`'s): the options but ``where``, which narrows its answer."""
    return {name: value for name, value in options.items() if name != "where"}


def _price(options: dict[str, Any], limits: Limits) -> int:
    """The exploration's estimated memory, in bytes; OmahaInputError, with the estimate,
    above the server's limits."""
    from ..engine.budget import check_explore_cost
    from ..engine.options import RunOptions
    from ..explorer import exploration_cost

    cost = exploration_cost(**_spot(options))
    check_memory(Cost(cost.memory, sum(cost.hands)), limits)
    try:
        check_explore_cost(cost, RunOptions.check(max_work=limits.max_work, max_memory=limits.max_memory))
    except WorkLimitError as exc:  # the library names its parameters: the page has none
        raise OmahaInputError(
            f"explore: about {exc.work:.2g} {exc.unit} of exact work, about {duration_text(exc.seconds)} on one "
            f"core, above this server's limit of {exc.limit:.2g}: use narrower ranges or a later street"
        ) from None
    return cost.memory


def _run(options: dict[str, Any], limits: Limits, progress: ProgressCallback) -> dict[str, Any]:
    from ..explorer import explore, hand_list

    found = explore(
        **_spot(options),
        # priced by _price; the server's limits, so that no second estimate refuses it
        max_work=limits.max_work,
        max_memory=limits.max_memory,
        progress=progress,
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
EXPLORE: Endpoint[dict[str, Any]] = Endpoint("explore", _options, _price, _run, _describe)


def explore_routes(api: Api) -> list[BaseRoute]:
    """The explorer's route."""
    return [api.run("/api/explore", EXPLORE)]
