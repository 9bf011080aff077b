"""Another web site cannot start work on the server: a page from a second origin (a second
local port) tries every request a browser sends cross-site, in Chromium.

A ``text/plain`` fetch (no-cors: the browser sends it without asking first), a form
POST of each encoding, and a JSON fetch (the browser asks first with a preflight,
which the server never grants). Playwright sees each answer's status even where the
page cannot read it: every POST that reached the server got 403, and no job started.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from page_server import CHROMIUM, CHROMIUM_ARGS, serving
from playwright.sync_api import sync_playwright
from starlette.applications import Starlette
from starlette.responses import HTMLResponse
from starlette.routing import Route

from omaha8eq.web.app import create_app

pytestmark = pytest.mark.browser
if not Path(CHROMIUM).exists():
    pytest.skip(f"{CHROMIUM} is absent (apt-get install chromium; .ci/run does it)", allow_module_level=True)

EQUITY = {"players": ["AsAh2c3d", "KsKhQdJd"], "board": "4c5d7s"}

# The hostile page: TARGET is the server's address. Each attempt's outcome goes into
# window.outcomes; the forms post into hidden frames.
EVIL_PAGE = """<!doctype html><title>a page elsewhere</title>
<iframe name="sink1"></iframe><iframe name="sink2"></iframe><iframe name="sink3"></iframe>
<form id="plain" method="post" enctype="text/plain" target="sink1" action="TARGETapi/jobs">
  <input name='{"kind":"equity","request":{"players":["AsAh2c3d","KsKhQdJd"],"x":"' value='"}}'></form>
<form id="urlencoded" method="post" target="sink2" action="TARGETapi/equity"><input name="players"></form>
<form id="multipart" method="post" enctype="multipart/form-data" target="sink3" action="TARGETapi/range">
  <input name="expression" value="100%"></form>
<script>
window.outcomes = {};
const body = JSON.stringify(EQUITY);
async function attempt(name, path, options) {
  try {
    const response = await fetch("TARGET" + path, { method: "POST", body, ...options });
    window.outcomes[name] = response.type === "opaque" ? "opaque" : String(response.status);
  } catch (error) {
    window.outcomes[name] = "refused by the browser";
  }
}
window.run = async () => {
  await attempt("plain equity", "api/equity", { mode: "no-cors", headers: { "content-type": "text/plain" } });
  const job = JSON.stringify({ kind: "equity", request: EQUITY });
  await attempt("plain jobs", "api/jobs", { mode: "no-cors", body: job });
  await attempt("json equity", "api/equity", { headers: { "content-type": "application/json" } });
  for (const form of document.forms) form.submit();
};
</script>"""


def test_a_page_from_another_origin_cannot_start_work():
    app = create_app()
    page_html = EVIL_PAGE.replace("EQUITY", json.dumps(EQUITY))
    with serving(app) as target:
        evil = Starlette(routes=[Route("/", lambda request: HTMLResponse(page_html.replace("TARGET", target)))])
        with serving(evil) as evil_url, sync_playwright() as playwright:
            assert evil_url != target  # a second port: another origin
            browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
            try:
                page = browser.new_page()
                answers: list[tuple[str, str, int]] = []
                page.on("response", lambda r: answers.append((r.request.method, r.url, r.status)))
                page.goto(evil_url)
                page.evaluate("window.run()")
                page.wait_for_function("Object.keys(window.outcomes).length === 3")
                for _ in range(100):  # the forms post as their frames navigate: wait for all five
                    if sum(1 for method, url, _ in answers if method == "POST" and url.startswith(target)) >= 5:
                        break
                    page.wait_for_timeout(100)
                outcomes = page.evaluate("window.outcomes")
            finally:
                browser.close()
    posts = sorted((url.removeprefix(target), status) for method, url, status in answers if method == "POST")
    assert posts == [("api/equity", 403), ("api/equity", 403), ("api/jobs", 403), ("api/jobs", 403), ("api/range", 403)]
    assert outcomes == {"plain equity": "opaque", "plain jobs": "opaque", "json equity": "refused by the browser"}
    assert app.state.runner.jobs() == []  # nothing was started
