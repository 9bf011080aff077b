"""The hand-history panel in a real browser: a file chosen, the table and the chart shown."""

from __future__ import annotations

from pathlib import Path

import pytest
from history_files import STARS_SYNTHETIC, WINAMAX_SYNTHETIC
from page_server import serving
from playwright.sync_api import sync_playwright

from omaha8eq import allin_ev, read_hands

CHROMIUM = "/usr/bin/chromium"
pytestmark = pytest.mark.browser
if not Path(CHROMIUM).exists():
    pytest.skip(f"{CHROMIUM} is absent (apt-get install chromium; .ci/run does it)", allow_module_level=True)

CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-extensions",
]


def test_a_dropped_file_shows_the_table_and_the_chart(tmp_path):
    path = tmp_path / "session.txt"  # Ann's two tournament all-ins: a chart of two points
    path.write_bytes(STARS_SYNTHETIC.read_bytes() + b"\n\n" + WINAMAX_SYNTHETIC.read_bytes())
    expected = allin_ev(read_hands(path))
    errors: list[str] = []
    with serving() as url, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": 1100, "height": 900})
        page.set_default_timeout(120_000)
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.goto(url)
        page.set_input_files("#hands-file", str(path))
        rows = page.locator("#hands-panel table").first.locator("tbody tr")
        rows.first.wait_for()
        cells = [rows.nth(i).locator("td").all_inner_texts() for i in range(rows.count())]
        assert [(c[0], c[1], c[2]) for c in cells] == [(t.player, t.unit, str(t.hands)) for t in expected.ranked()]
        assert page.locator("#hands-panel svg polyline").count() == 2
        assert "Pots checked: 8, differing from the site: 0" in page.inner_text("#hands-panel")
        page.screenshot(path=tmp_path / "hands.png", full_page=True)
        page.set_viewport_size({"width": 390, "height": 844})  # a phone: the tables scroll, not the page
        assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
        browser.close()
    assert errors == []
