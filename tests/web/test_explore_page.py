"""The range explorer panel in a real browser (Chromium driven by Playwright): a tab beside
the spot, on the spot's board; the table is the library's, a clicked class lists its hands,
and that class becomes player 1's range."""

from __future__ import annotations

from pathlib import Path

import pytest
from page_server import CHROMIUM, chromium, serving, watched_tab
from playwright.sync_api import expect

import omaha8eq
from omaha8eq.explorer import hand_list
from omaha8eq.web.app import create_app

pytestmark = pytest.mark.browser
if not Path(CHROMIUM).exists():
    pytest.skip(f"{CHROMIUM} is absent (apt-get install chromium; .ci/run does it)", allow_module_level=True)

TIMEOUT_MS = 120_000  # a cold numba cache compiles kernels on the first run
# An expectation waits as long as an action: on a busy machine a run's first progress report
# can take more than Playwright's default 5 s (the test is about what shows, not how fast).
expect.set_options(timeout=TIMEOUT_MS)


@pytest.fixture(scope="module")
def server():
    with serving(create_app()) as url:
        yield url


@pytest.fixture(scope="module")
def browser():
    with chromium() as launched:
        yield launched


@pytest.fixture
def page(browser):
    with watched_tab(browser, TIMEOUT_MS) as tab:
        yield tab


def test_explore_lists_the_classes_their_hands_and_uses_one_as_a_range(page, server):
    page.goto(server)
    page.fill("#board", "Kc8c5h")
    expect(page.locator("#explore-panel")).to_be_hidden()  # a tab: the equity results show first
    page.click("#tab-explore")
    expect(page.locator("#explore-spot")).to_contain_text("On the spot's board: Kc8c5h")
    page.fill("#explore-range", "AA2*")
    page.fill("#explore-against", "KsKhQdJd")
    page.click("#explore-run")
    table = page.locator("#explore-table")
    expect(table).to_be_visible()
    found = omaha8eq.explore("AA2*", "Kc8c5h", against="KsKhQdJd")
    rows = table.locator("tr[data-class]")
    expected = found.view("classes")
    assert rows.count() == len(expected)
    for i, row in enumerate(expected):
        cells = rows.nth(i).locator("td").all_inner_texts()
        assert cells[:4] == [row.group, row.name, f"{row.hands:,}", f"{100 * row.share:.2f}%"]
        assert cells[4] == f"{100 * row.equity:.2f}%"
    assert page.locator(".explore-bar").count() == len({r.group for r in expected})
    page.click("tr[data-class='protected nut low draw']")
    expect(page.locator("#explore-hands h3")).to_have_text("protected nut low draw: 96 hands")
    page.click("#explore-use")
    expect(page.locator("#explore-use-status")).to_have_text("player 1: 96 hands")
    assert page.input_value("#player-1") == hand_list(found.where("protected nut low draw"))


def test_a_bad_board_shows_the_message(page, server):
    page.goto(server)
    page.fill("#board", "Kc8c")
    page.click("#tab-explore")
    page.fill("#explore-range", "AA2*")
    page.click("#explore-run")
    expect(page.locator(".explore-error")).to_contain_text("board: 2 cards")
