"""A query of the query language priced from its text, before any of its ranges is built.

``POST /api/query`` took a server to 5.25 GB with two 6-card ``100%`` players and 2,000
samples: the run builds every player's range (and every range written in the query,
such as ``inRange(hero, '15%')``) before its first deal. :func:`query_cost` reads the
query (the grammar only: milliseconds), counts each of those ranges with
:func:`omaha8eq.ranges.range.range_size` (without building a 5- or 6-card one) and
prices them with :mod:`omaha8eq.engine.budget`: a player's range as a run's
(``estimate_memory``, no per-hand results), a range in the query as one built
(``range_memory``), and an exact enumeration's table of range-hand combinations (at
most the server's exact limit of deals) at :data:`COMBINATION_BYTES` a row.

The library's own pricing of a query (``omaha8eq.pql``) may later replace this; it only
uses pql's public reader (``parse_query``). Text it cannot read (a bad game name, a
malformed range) is priced as nothing: the run then reports it with its position.
"""

from __future__ import annotations

from dataclasses import fields, is_dataclass
from math import prod

from ..engine.budget import BASE_BYTES, estimate_memory, range_memory
from ..errors import OmahaInputError
from ..games import as_game
from .cost import Cost

__all__ = ["COMBINATION_BYTES", "query_cost"]

#: Bytes per row of an exact query's table of range-hand combinations (``pql.deals``: the
#: rows' hand indexes, card masks and weights, int64 each, and the masks of the next range
#: compared with them): measured 79 to 86 for two 4-card ranges (12 and 18 million rows), rounded up.
COMBINATION_BYTES = 96
#: The ``from`` names that are not players (as ``pql.check`` reads them).
NOT_PLAYERS = frozenset({"game", "board", "dead", "board1", "board2"})


def _is_random(text: str, hole_size: int) -> bool:
    """A hand dealt at random: ``*``, one ``*`` per card, or ``random``."""
    return text.strip().lower() in ("random", "*", "*" * hole_size)


def _size(text: str, hole_size: int) -> int | None:
    """The hands of a range expression; None for cards, a random hand or unreadable text."""
    from ..ranges.range import is_range_expression, range_size

    if _is_random(text, hole_size) or not is_range_expression(text):
        return None
    try:
        return range_size(text, hole_size=hole_size).hands
    except OmahaInputError:
        return None


def _strings(roots: list[object]) -> list[str]:
    """The text of every string literal under ``roots`` (the query's expressions), walked
    with a stack: a deeply nested query does not recurse here."""
    from ..pql.syntax import String

    found, stack = [], list(roots)
    while stack:
        node = stack.pop()
        if isinstance(node, String):
            found.append(node.text)
        elif isinstance(node, tuple):
            stack.extend(node)
        elif is_dataclass(node) and not isinstance(node, type):
            stack.extend(getattr(node, f.name) for f in fields(node))
    return found


def query_cost(text: str, *, may_enumerate: bool, max_deals: int) -> Cost:
    """The estimated peak memory of ``query(text)``; ``may_enumerate``: the run may be
    exact (then up to ``max_deals`` deals of range-hand combinations). QueryError for a
    query the grammar does not read (with its position)."""
    from ..pql.syntax import parse_query

    query = parse_query(text)
    try:
        game = next((as_game(b.value) for b in query.bindings if b.name.lower() == "game"), as_game("omaha8"))
    except OmahaInputError:
        return Cost(estimate_memory([], by_hand=False), 0)
    hole = game.hole_cards
    players = [_size(b.value, hole) for b in query.bindings if b.name.lower() not in NOT_PLAYERS]
    ranges = [n for n in players if n is not None and n > 1]
    literals = [n for n in (_size(s, hole) for s in _strings([query.selectors, query.where])) if n is not None]
    memory = estimate_memory(ranges, by_hand=False) + sum(range_memory(n) - BASE_BYTES for n in literals)
    if may_enumerate and ranges:
        memory += COMBINATION_BYTES * min(max_deals, prod(ranges))
    return Cost(memory, sum(ranges) + sum(literals))
