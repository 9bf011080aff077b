"""The JSON documents of an evaluation and of a range, as ``omaha8eq eval --json``,
``omaha8eq range --json`` and the web page's ``/api/evaluate`` and ``/api/range`` give them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..cards import format_cards, format_hand, parse_cards

if TYPE_CHECKING:
    from ..hand_values import HighHand, LowHand
    from ..ranges.range import Range

__all__ = ["CLASS_COUNT_LIMIT", "eval_document", "range_document"]

#: Classes are counted for ranges of at most this many hands.
CLASS_COUNT_LIMIT = 3_000_000


def eval_document(hand: str, board: str, high: HighHand, low: LowHand | None, game: str) -> dict[str, Any]:
    """The JSON form of an evaluation of ``hand`` on ``board`` (both as given) in the game
    named ``game``."""
    return {
        "game": game,
        "hand": format_hand(parse_cards(hand, what="hand")),
        "board": format_cards(parse_cards(board, what="board")),
        "high": high.to_dict(),
        "low": None if low is None else low.to_dict(),
    }


def _classes(rng: Range) -> int | None:
    return rng.classes() if rng.count <= CLASS_COUNT_LIMIT else None


def _preflop(rng: Range, count: int) -> list[tuple[int, float]] | None:
    """(rank, equity) of the first ``count`` hands in the preflop ranking of their size."""
    if count == 0:
        return None
    try:
        from ..ranges.preflop import class_index, preflop_ranking

        index = class_index(rng.hands[:count])
        equity = preflop_ranking(rng.hole_size).equity
    except FileNotFoundError:  # no ranking file: list without it
        return None
    return [(int(i) + 1, float(equity[i])) for i in index]


def range_document(rng: Range, list_count: int) -> dict[str, Any]:
    """The JSON form of the ``range`` report."""
    from ..core.hand_isomorphism import hand_count
    from ..ranges.range import hand_text

    shown = max(0, min(list_count, rng.count))
    preflop = _preflop(rng, shown)
    hands = []
    for i in range(shown):
        entry: dict[str, Any] = {"hand": hand_text(rng.hands[i], " "), "weight": float(rng.weights[i])}
        if preflop is not None:
            entry["preflop_rank"], entry["preflop_equity"] = preflop[i]
        hands.append(entry)
    return {
        "expression": rng.expression,
        "hole_size": rng.hole_size,
        "description": rng.describe(),
        "hands": rng.count,
        "all_hands": hand_count(rng.hole_size),
        "share": rng.share,
        "classes": _classes(rng),
        "weighted": rng.is_weighted,
        "total_weight": rng.total_weight,
        "listed": hands,
    }
