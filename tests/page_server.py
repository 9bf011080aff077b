"""A real server for the browser tests: uvicorn on a free localhost port, in a thread."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import uvicorn
from starlette.applications import Starlette

from omaha8eq.web.app import create_app

#: Debian's Chromium, which the browser tests drive through Playwright.
CHROMIUM = "/usr/bin/chromium"
# Without the networking flags Chromium keeps calling home on a machine with no network.
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-extensions",
]  # fmt: skip


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@contextmanager
def serving(app: Starlette | None = None) -> Iterator[str]:
    """Serve ``app`` (default: a new one) until the block ends; yields its address."""
    port = free_port()
    config = uvicorn.Config(app or create_app(), host="127.0.0.1", port=port, log_level="warning", lifespan="on")
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, name="omaha8eq-test-server", daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started:
        if time.monotonic() > deadline or not thread.is_alive():
            raise RuntimeError("the test server did not start")
        time.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{port}/"
    finally:
        server.should_exit = True
        thread.join(30)


@contextmanager
def chromium() -> Iterator[Any]:
    """Debian's Chromium, headless, driven by Playwright, until the block ends (Playwright is
    imported here: the server alone serves tests that need no browser)."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        try:
            yield browser
        finally:
            browser.close()


@contextmanager
def watched_tab(browser: Any, timeout_ms: int) -> Iterator[Any]:
    """A new 1100 x 900 tab of ``browser``; a JavaScript error on it fails the test when
    the block ends."""
    errors: list[str] = []
    context = browser.new_context(viewport={"width": 1100, "height": 900})
    context.set_default_timeout(timeout_ms)
    tab = context.new_page()
    tab.on("pageerror", lambda exc: errors.append(str(exc)))
    yield tab
    context.close()
    assert errors == [], f"JavaScript errors: {errors}"
