"""The server's gate: which requests may reach the API at all, and how a body is read.

Three rules keep other web sites and hostile bodies away from the computations:

* **This server's own name.** With a list of allowed hosts (``omaha8eq serve`` on
  127.0.0.1 gives the loopback names), a request whose ``Host`` header names another
  server is answered 400 before anything else (:class:`HostGuard`): a web site whose
  name an attacker points at 127.0.0.1 (DNS rebinding) cannot read or start anything.

* **Same origin, JSON only.** A state-changing request (any method but GET, HEAD and
  OPTIONS) must say ``Content-Type: application/json`` and, when it carries an
  ``Origin`` header, that origin must be the server's own (``http://`` + its Host
  header). A browser sends a cross-site ``text/plain`` or form POST without asking
  first (no CORS preflight), so without this rule any page the user visits could start
  work on the user's machine; a cross-site JSON POST needs a preflight, which this
  server never grants. Refused requests get 403 and a one-line message.
* **Bounded bodies.** A body larger than the limit is refused with 413 from its
  ``Content-Length`` before a byte of it is read (and while streaming, when no length
  is given); JSON nested deeper than :data:`MAX_DEPTH` or holding an integer of more
  than :data:`MAX_DIGITS` digits is refused with 400 before Python's parser could hit
  its recursion limit or its 4,300-digit int limit; ``NaN``, ``Infinity`` and numbers
  too large for a float (``1e400``), which Python reads but JSON does not have, are 400.

Every refusal here is one JSON object ``{"error": "..."}``, as the routes' own.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Awaitable, Callable, MutableMapping, Sequence
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse

__all__ = ["MAX_DEPTH", "MAX_DIGITS", "BadRequest", "HostGuard", "OriginGuard", "read_json"]

#: The deepest nesting of arrays and objects a body may have (the API's deepest is 2).
MAX_DEPTH = 16
#: The most digits an integer in a body may have (seeds are below 2**64: 20 digits).
MAX_DIGITS = 30
#: Methods that change nothing, let through without the checks.
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})

# Strings (skipped: brackets inside them do not nest; an unclosed one runs to the end,
# which keeps the scan linear) and the brackets themselves.
_TOKENS = re.compile(rb'"(?:[^"\\]|\\.)*"?|[\[\]{}]')

Scope = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[MutableMapping[str, Any]]]
Send = Callable[[MutableMapping[str, Any]], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


class BadRequest(Exception):
    """A request answered with an error status (400 unless given) and a one-line message."""

    def __init__(self, message: str, status: int = 400):
        super().__init__(message)
        self.status = status


def _nesting(body: bytes) -> int:
    """The deepest nesting of ``[`` and ``{`` outside strings (at most MAX_DEPTH + 1:
    the scan stops there)."""
    depth = deepest = 0
    for match in _TOKENS.finditer(body):
        token = match.group()
        if token in (b"[", b"{"):
            depth += 1
            deepest = max(deepest, depth)
            if deepest > MAX_DEPTH:
                break
        elif token in (b"]", b"}"):
            depth -= 1
    return deepest


def _integer(text: str) -> int:
    digits = len(text.lstrip("-"))
    if digits > MAX_DIGITS:
        raise BadRequest(f"request: a number with {digits:,} digits; at most {MAX_DIGITS} are accepted")
    return int(text)


def _constant(text: str) -> float:
    raise BadRequest(f"request: {text} is not a JSON number")


def _float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise BadRequest(f"request: the number {text[:40]} is out of range")
    return value


def _declared_length(request: Request) -> int | None:
    value = request.headers.get("content-length")
    if value is None:
        return None
    if not value.isdigit() or len(value) > 30:
        raise BadRequest(f"request: Content-Length is not a byte count: {value[:40]!r}")
    return int(value)


async def read_json(request: Request, limit: int) -> object:
    """The request's body decoded as JSON, at most ``limit`` bytes (None when it is
    empty): BadRequest (413 for a body too large, told by its Content-Length before it
    is read; 400 for anything that is not JSON, nested too deep, with an integer too
    long, NaN or a number out of range)."""
    declared = _declared_length(request)
    too_large = f"request: the body is larger than {limit:,} bytes"
    if declared is not None and declared > limit:
        raise BadRequest(too_large, 413)
    body = bytearray()
    async for chunk in request.stream():
        body += chunk
        if len(body) > limit:
            raise BadRequest(too_large, 413)
    if not body.strip():
        return None  # no body: a route that takes one says what it expected
    if _nesting(bytes(body)) > MAX_DEPTH:
        raise BadRequest(f"request: JSON nested more than {MAX_DEPTH} levels deep")
    try:
        return json.loads(body.decode("utf-8"), parse_int=_integer, parse_float=_float, parse_constant=_constant)
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise BadRequest(f"request: not valid JSON ({exc})") from None
    except (RecursionError, ValueError) as exc:  # a belt for the checks above
        raise BadRequest(f"request: not valid JSON ({type(exc).__name__})") from None


def _refusal(scope: Scope) -> str | None:
    """Why a state-changing request is refused (None: it is not)."""
    headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope.get("headers", [])}
    media_type = headers.get("content-type", "").split(";")[0].strip().lower()
    if media_type != "application/json":
        shown = media_type[:60] or "none"
        return f"request: Content-Type must be application/json (got {shown}): requests from other sites are refused"
    origin = headers.get("origin")
    if origin is not None:
        own = f"{scope.get('scheme', 'http')}://{headers.get('host', '')}"
        if origin.rstrip("/").lower() != own.lower():
            shown = f"{origin[:80]!r} is not this server ({own[:80]})"
            return f"request: Origin {shown}: requests from other sites are refused"
    return None


def _host_name(host: str) -> str:
    """The name of a Host header, without its port: ``127.0.0.1``, ``[::1]``."""
    if host.startswith("["):
        return host[: host.find("]") + 1] if "]" in host else host
    return host.split(":", 1)[0]


class HostGuard:
    """ASGI middleware: answers 400 to a request whose Host header is not one of
    ``allowed_hosts`` (compared without the port, case-insensitively)."""

    def __init__(self, app: ASGIApp, allowed_hosts: Sequence[str]):
        self.app = app
        self.allowed = frozenset(host.lower() for host in allowed_hosts)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            host = next((v.decode("latin-1") for k, v in scope.get("headers", []) if k.lower() == b"host"), "")
            if _host_name(host.strip()).lower() not in self.allowed:
                shown = f"{host[:80]!r}" if host else "none"
                reason = f"request: Host {shown} is not this server's name: requests through other names are refused"
                await JSONResponse({"error": reason}, status_code=400)(scope, receive, send)
                return
        await self.app(scope, receive, send)


class OriginGuard:
    """ASGI middleware: answers 403 to a state-changing request that is not a
    same-origin JSON request (see the module's docstring)."""

    def __init__(self, app: ASGIApp):
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and scope["method"] not in SAFE_METHODS:
            reason = _refusal(scope)
            if reason is not None:
                await JSONResponse({"error": reason}, status_code=403)(scope, receive, send)
                return
        await self.app(scope, receive, send)
