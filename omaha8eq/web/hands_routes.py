"""``POST /api/hands``: a dropped hand-history file read, checked and all-in adjusted.

The page sends ``{"data": BASE64, "player": NAME?}``: the file's bytes, base64-encoded
(so each line's encoding is read by the server, as from a file), and optionally one
player. The answer is :meth:`omaha8eq.histories.report.AllinReport.to_dict` with the
lists cut to :data:`MAX_LISTED` entries, plus ``chart``: the focus player's cumulative
net won and all-in adjusted, at most :data:`CHART_POINTS` points.

The file is processed in memory and never stored. Its cost is bounded before any
equity is computed: at most :data:`MAX_BYTES` bytes, :data:`MAX_HANDS` hands and
:data:`MAX_ALLIN_HANDS` hands with an all-in to value (the command line has no such
limits). It is one of the server's runs (:mod:`omaha8eq.web.routes`), priced at
:data:`FILE_MEMORY` bytes a byte of the file (reading a file of 3.9 MB peaked at 28 a
byte). Bad input is a 400 (413 when too large) with a one-line message, never a 500.
"""

from __future__ import annotations

import base64
import binascii
import io
from typing import TYPE_CHECKING, Any

from starlette.routing import BaseRoute

from ..engine.budget import BASE_BYTES
from ..engine.progress import ProgressCallback
from ..errors import OmahaInputError
from .guard import BadRequest
from .requests import Limits
from .routes import Api, Endpoint

if TYPE_CHECKING:
    from ..histories.reader import HandStream
    from ..histories.records import Hand

__all__ = ["HANDS", "hands_routes"]

#: The largest file accepted (bytes, before base64).
MAX_BYTES = 4_000_000
#: The most hands in one file.
MAX_HANDS = 20_000
#: The most hands with an all-in to value (a 4-way preflop all-in takes up to 0.1 s).
MAX_ALLIN_HANDS = 300
#: Entries of each list (skipped hands, differing pots, hands by luck) in the answer.
MAX_LISTED = 100
#: Points of the chart at most.
CHART_POINTS = 400
#: Bytes of memory priced per byte of the file (its hands as Python records, and the report).
FILE_MEMORY = 40


def read(document: object, limits: Limits) -> tuple[bytes, str | None]:
    """The file's bytes and the player named; BadRequest (413 for a file too large)."""
    if (
        not isinstance(document, dict)
        or set(document) - {"data", "player"}
        or not isinstance(document.get("data"), str)
    ):
        raise BadRequest('request: expected {"data": "the file, base64-encoded", "player": "a name (optional)"}')
    player = document.get("player")
    if player is not None and (not isinstance(player, str) or len(player) > 100):
        raise BadRequest("player: expected a player's name (at most 100 characters)")
    try:
        data = base64.b64decode(document["data"], validate=True)
    except (binascii.Error, ValueError):
        raise BadRequest("data: not base64 (the page sends the file's bytes base64-encoded)") from None
    if len(data) > MAX_BYTES:
        raise BadRequest(f"hands: the file is larger than {MAX_BYTES:,} bytes", 413)
    return data, player


def price(file: tuple[bytes, str | None], limits: Limits) -> int:
    return BASE_BYTES + FILE_MEMORY * len(file[0])


def _hands(data: bytes) -> tuple[list[Hand], HandStream]:
    from ..histories.allin_ev import BOARD_CARDS
    from ..histories.reader import read_hands

    stream = read_hands(io.BytesIO(data))
    hands = []
    for hand in stream:
        hands.append(hand)
        if len(hands) > MAX_HANDS:
            raise OmahaInputError(
                f"hands: more than {MAX_HANDS:,} hands in one file; the command line reads any number"
            )
    allins = sum(1 for h in hands if any(a.allin and a.street in BOARD_CARDS for a in h.actions))
    if allins > MAX_ALLIN_HANDS:
        raise OmahaInputError(
            f"hands: {allins:,} hands with an all-in to value, more than this page's {MAX_ALLIN_HANDS:,} "
            "(about 0.01 to 0.1 s each); use 'omaha8eq hands FILE' on the command line"
        )
    return hands, stream


def _thin(values: list[float]) -> list[float]:
    """At most CHART_POINTS values, evenly spaced, the last kept."""
    if len(values) <= CHART_POINTS:
        return values
    step = len(values) / CHART_POINTS
    return [values[int(i * step)] for i in range(CHART_POINTS - 1)] + [values[-1]]


def analyse(data: bytes, player: str | None) -> dict[str, Any]:
    """The answer for one file (run in a worker thread; the engine loads on first use)."""
    from ..histories.report import allin_ev

    hands, stream = _hands(data)
    report = allin_ev(hands, player=player)
    report.skipped, report.hands_skipped = list(stream.skipped), len(stream.skipped)
    document = report.to_dict()
    for key in ("skipped", "differing", "hands_by_luck"):
        document[key] = document[key][:MAX_LISTED]
    focus = report.focus()
    if focus is not None:
        net, adjusted = report.cumulative(*focus)
        document["chart"] = {
            "player": focus[0],
            "unit": focus[1],
            "hands": len(net),
            "net": _thin(net),
            "adjusted": _thin(adjusted),
        }
    else:
        document["chart"] = None
    return document


def _run(file: tuple[bytes, str | None], limits: Limits, progress: ProgressCallback) -> dict[str, Any]:
    return analyse(*file)


#: A hand-history file as one of the server's runs.
HANDS: Endpoint[tuple[bytes, str | None]] = Endpoint("hands", read, price, _run)


def hands_routes(api: Api) -> list[BaseRoute]:
    """The route of the hand-history panel: its body holds the file, base64-encoded (and the
    JSON around it), so it may be larger than the server's ``max_body``."""
    return [api.run("/api/hands", HANDS, max_body=MAX_BYTES * 4 // 3 + 1_000)]
