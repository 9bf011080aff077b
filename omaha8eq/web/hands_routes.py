"""``POST /api/hands``: a dropped hand-history file read, checked and all-in adjusted.

The page sends ``{"data": BASE64, "player": NAME?}``: the file's bytes, base64-encoded
(so each line's encoding is read by the server, as from a file), and optionally one
player. The answer is :meth:`omaha8eq.histories.report.AllinReport.to_dict` with the
lists cut to :data:`MAX_LISTED` entries, plus ``chart``: the focus player's cumulative
net won and all-in adjusted, at most :data:`CHART_POINTS` points.

The file is processed in memory and never stored. Its cost is bounded before any
equity is computed: at most :data:`MAX_BYTES` bytes, :data:`MAX_HANDS` hands and
:data:`MAX_ALLIN_HANDS` hands with an all-in to value (the command line has no such
limits); one file is processed at a time. Bad input is a 400 (413 when too large)
with a one-line message, never a 500.
"""

from __future__ import annotations

import base64
import binascii
import io
from typing import TYPE_CHECKING, Any

import anyio
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route

from .guard import BadRequest, read_json

if TYPE_CHECKING:
    from ..histories.reader import HandStream
    from ..histories.records import Hand

__all__ = ["hands_routes"]

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

_LIMITER = anyio.CapacityLimiter(1)  # one file at a time: the server's other runs keep their cores


def _error(message: str, status: int = 400) -> JSONResponse:
    return JSONResponse({"error": " ".join(message.split())}, status_code=status)


async def _body(request: Request) -> dict[str, Any]:
    # base64 and the JSON around it
    document = await read_json(request, MAX_BYTES * 4 // 3 + 1_000)
    if (
        not isinstance(document, dict)
        or set(document) - {"data", "player"}
        or not isinstance(document.get("data"), str)
    ):
        raise BadRequest('request: expected {"data": "the file, base64-encoded", "player": "a name (optional)"}')
    player = document.get("player")
    if player is not None and (not isinstance(player, str) or len(player) > 100):
        raise BadRequest("player: expected a player's name (at most 100 characters)")
    return document


def _hands(data: bytes) -> tuple[list[Hand], HandStream]:
    from ..histories.allin_ev import BOARD_CARDS
    from ..histories.reader import read_hands

    stream = read_hands(io.BytesIO(data))
    hands = []
    for hand in stream:
        hands.append(hand)
        if len(hands) > MAX_HANDS:
            raise BadRequest(f"hands: more than {MAX_HANDS:,} hands in one file; the command line reads any number")
    allins = sum(1 for h in hands if any(a.allin and a.street in BOARD_CARDS for a in h.actions))
    if allins > MAX_ALLIN_HANDS:
        raise BadRequest(
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


async def hands_api(request: Request) -> JSONResponse:
    """POST /api/hands: read a file, check its settlements, value its all-ins."""
    try:
        document = await _body(request)
        try:
            data = base64.b64decode(document["data"], validate=True)
        except (binascii.Error, ValueError):
            raise BadRequest("data: not base64 (the page sends the file's bytes base64-encoded)") from None
        if len(data) > MAX_BYTES:
            raise BadRequest(f"hands: the file is larger than {MAX_BYTES:,} bytes", 413)
        result = await anyio.to_thread.run_sync(analyse, data, document.get("player"), limiter=_LIMITER)
    except BadRequest as exc:
        return _error(str(exc), exc.status)
    return JSONResponse(result)


def hands_routes() -> list[Route]:
    """The routes of the hand-history panel, to put before the API's catch-all ``/api/{kind}``."""
    return [Route("/api/hands", hands_api, methods=["POST"])]
