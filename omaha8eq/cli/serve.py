"""The ``omaha8eq serve`` command: a local web page for Omaha Hi-Lo equities.

Usage::

    omaha8eq serve [--host 127.0.0.1] [--port 8000] [--open] [--max-memory 2GB]

Serves the page and its JSON API (see :mod:`omaha8eq.web.app`) until Ctrl-C. Needs the
``web`` extra: ``pip install 'omaha8eq[web]'``; without it the command says so (exit 2).
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import socket
import sys

from ..checks import excerpt
from ..errors import OmahaInputError
from .common import EXIT_INTERRUPTED, EXIT_OK, Arg, Command, report_interrupted

__all__ = ["COMMANDS", "run_serve"]

#: Host names that mean this machine only: the page then accepts no other Host header.
LOOPBACK = ("127.0.0.1", "localhost", "::1")


_UNITS = {"": 1, "b": 1, "k": 10**3, "kb": 10**3, "m": 10**6, "mb": 10**6, "g": 10**9, "gb": 10**9}


def _memory_size(text: str) -> int:
    """A size in bytes from ``1GB``, ``512MB``, ``1.5g`` or a byte count (decimal units)."""
    number = text.strip().lower().rstrip("bgkm ")
    unit = text.strip().lower()[len(number) :].strip()
    try:
        size = float(number) * _UNITS[unit]
    except (KeyError, ValueError):
        raise argparse.ArgumentTypeError(f"expected a size such as 1GB or 512MB, got {excerpt(text)}") from None
    if not 1e6 <= size <= 1e15:
        raise argparse.ArgumentTypeError(f"expected 1MB to 1PB, got {excerpt(text)}")
    return int(size)


def _listening_socket(host: str, port: int) -> socket.socket:
    """A socket bound to ``host`` and ``port`` and listening; OmahaInputError, in one line,
    for an address that is not this machine's or a port in use (uvicorn would print its
    own error and exit 3)."""
    try:
        family, kind, proto, _, address = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0]
    except (socket.gaierror, UnicodeError) as exc:
        reason = getattr(exc, "strerror", None) or str(exc)
        raise OmahaInputError(f"--host {excerpt(host)}: not an address of this machine ({reason})") from None
    sock = socket.socket(family, kind, proto)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # a restart need not wait for TIME_WAIT
        sock.bind(address)
        sock.listen(128)
    except OSError as exc:
        sock.close()
        raise OmahaInputError(f"--host {host} --port {port}: cannot listen there ({exc.strerror})") from None
    return sock


def run_serve(args: argparse.Namespace) -> int:
    """Run ``omaha8eq serve``; a missing extra or a bad port is an input error."""
    missing = [name for name in ("starlette", "uvicorn") if importlib.util.find_spec(name) is None]
    if missing:
        raise OmahaInputError(
            f"serve needs {' and '.join(missing)}: install the web extra with pip install 'omaha8eq[web]'"
        )
    if not 0 <= args.port <= 65535:
        raise OmahaInputError(f"--port: expected 0 to 65535, got {args.port}")
    import threading
    import webbrowser

    import uvicorn

    from ..web.app import create_app
    from ..web.requests import Limits

    sock = _listening_socket(args.host, args.port)
    port = sock.getsockname()[1]  # --port 0: the one the system chose
    loopback = args.host in LOOPBACK
    server: uvicorn.Server | None = None  # made below: the app asks it whether it is stopping
    limits = Limits() if args.max_memory is None else Limits(max_memory=args.max_memory)
    app = create_app(
        limits,
        allowed_hosts=[*LOOPBACK, "[::1]"] if loopback else None,
        stopping=lambda: server is not None and server.should_exit,
    )
    shown = f"[{args.host}]" if ":" in args.host else args.host
    url = f"http://{shown}:{port}/"
    print(f"omaha8eq: serving {url} (Ctrl-C stops)", flush=True)
    if args.open:
        threading.Timer(1.0, webbrowser.open, (url,)).start()
    # After Ctrl-C, waiting requests cancel their runs and answer; the rest get a second to end.
    server = uvicorn.Server(
        uvicorn.Config(app, host=args.host, port=port, log_level="warning", timeout_graceful_shutdown=1)
    )
    status = EXIT_OK
    try:
        server.run(sockets=[sock])
    except KeyboardInterrupt:
        status = EXIT_INTERRUPTED
        raise
    finally:
        sock.close()
        runner = app.state.runner
        runner.shutdown()  # after a second Ctrl-C, which skips the app's own shutdown
        if runner.running():
            _leave_now(status)
    return EXIT_OK


def _leave_now(status: int) -> None:
    """End the process with ``status`` without the interpreter's finalization: a job's
    thread is still inside numba's compiler or a kernel (neither sees a cancellation), and
    finalizing under it frees what it is using (the process then dies of SIGSEGV)."""
    if status == EXIT_INTERRUPTED:
        report_interrupted()
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(status)


COMMANDS = (
    Command(
        "serve",
        help="a local web page: pick cards, type ranges, see the hi-lo breakdown",
        description="Serve a web page (and its JSON API) for equities, counterfeits, hand evaluation "
        "and ranges on this machine, until Ctrl-C. Needs: pip install 'omaha8eq[web]'.",
        examples=["omaha8eq serve", "omaha8eq serve --port 8080 --open"],
        options=[
            Arg("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1: this machine only)"),
            Arg("--port", type=int, default=8000, help="port to listen on (default 8000)"),
            Arg("--open", action="store_true", help="open the page in the web browser"),
            Arg("--max-memory", type=_memory_size, default=None, metavar="SIZE",
                help="memory the running requests may take together, by their estimates, e.g. 1GB or 512MB "
                "(default 2 GiB, or a quarter of the machine's memory if less); "
                "a request estimated above it is refused"),
        ],
        run=run_serve,
    ),
)  # fmt: skip
