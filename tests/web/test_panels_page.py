"""The page's layout in a real browser (Chromium driven by Playwright), at a desktop's
1280 x 800 and a phone's 390 x 844: the first figures of an answer (equity and scoop; each
board's equity and the scoop of a double board) on screen without scrolling, the other
columns behind a cue that names them; the spot's panels as tabs beside (desktop) or below
(phone) the spot; a query started from the spot; the explorer's progress and Cancel.

Screenshots go to pytest's temporary directory (and ``$OMAHA8EQ_SCREENSHOTS`` when set:
docs/web-phone.png and docs/web-range.png are made here).
"""

from __future__ import annotations

import os
import re
import shutil
from pathlib import Path

import pytest
from page_server import CHROMIUM, chromium, serving
from playwright.sync_api import Page, expect

import omaha8eq
from omaha8eq.web.app import create_app
from omaha8eq.web.jobs import JobState

pytestmark = pytest.mark.browser
if not Path(CHROMIUM).exists():
    pytest.skip(f"{CHROMIUM} is absent (apt-get install chromium; .ci/run does it)", allow_module_level=True)

TIMEOUT_MS = 120_000  # a cold numba cache compiles kernels on the first run
# An expectation waits as long as an action: on a busy machine a run's first progress report
# can take more than Playwright's default 5 s (the test is about what shows, not how fast).
expect.set_options(timeout=TIMEOUT_MS)
DESKTOP, PHONE = (1280, 800), (390, 844)
HANDS = ["AsAh2c3d", "KsKhQdJd"]


@pytest.fixture(scope="module")
def app():
    return create_app()


@pytest.fixture(scope="module")
def server(app):
    with serving(app) as url:
        yield url


@pytest.fixture(scope="module")
def browser():
    with chromium() as launched:
        yield launched


@pytest.fixture(params=[DESKTOP, PHONE], ids=["desktop", "phone"])
def page(browser, request):
    """A tab at each size; a JavaScript error on it fails the test."""
    width, height = request.param
    errors: list[str] = []
    context = browser.new_context(viewport={"width": width, "height": height})
    context.set_default_timeout(TIMEOUT_MS)
    tab = context.new_page()
    tab.on("pageerror", lambda exc: errors.append(str(exc)))
    yield tab
    context.close()
    assert errors == [], f"JavaScript errors: {errors}"


def is_phone(page: Page) -> bool:
    return page.viewport_size == {"width": PHONE[0], "height": PHONE[1]}


@pytest.fixture
def screenshot(tmp_path):
    def save(page: Page, name: str, full_page: bool = False) -> Path:
        path = tmp_path / f"{name}.png"
        page.screenshot(path=path, full_page=full_page)
        if os.environ.get("OMAHA8EQ_SCREENSHOTS"):
            shutil.copy(path, Path(os.environ["OMAHA8EQ_SCREENSHOTS"]) / path.name)
        return path

    return save


#: Where a cell is: its box, its scroll box's, the viewport's, and whether it is the element
#: drawn at its centre (nothing covers it: not the pinned first column, not the Run bar).
WHERE = """cell => {
  const r = cell.getBoundingClientRect();
  const box = cell.closest(".scroll").getBoundingClientRect();
  const top = document.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2);
  return {left: r.left, right: r.right, top: r.top, bottom: r.bottom, boxLeft: box.left, boxRight: box.right,
          width: innerWidth, height: innerHeight, drawn: top !== null && cell.contains(top)};
}"""


def assert_on_screen(page: Page, selector: str) -> None:
    """Each cell ``selector`` finds is whole within the viewport and its scroll box, and drawn."""
    cells = page.locator(selector)
    assert cells.count() > 0, selector
    for i in range(cells.count()):
        where = cells.nth(i).evaluate(WHERE)
        assert where["left"] >= 0 and where["right"] <= where["width"], (selector, i, where)
        assert where["top"] >= 0 and where["bottom"] <= where["height"], (selector, i, where)
        assert where["boxLeft"] <= where["left"] and where["right"] <= where["boxRight"] + 0.5, (selector, i, where)
        assert where["drawn"], (selector, i, where)


def enter_spot(page: Page, board: str, board2: str = "") -> None:
    page.fill("#player-1", HANDS[0])
    page.fill("#player-2", HANDS[1])
    page.fill("#board", board)
    if board2:
        page.fill("#board2", board2)


def test_the_first_figures_are_on_screen_after_run(page, server, screenshot):
    page.goto(server)
    enter_spot(page, "4c5d7s")
    page.click("#run")
    expect(page.locator("#summary")).to_contain_text("exact, 820 outcomes")
    expected = omaha8eq.equity(HANDS, board="4c5d7s")
    for i, player in enumerate(expected.players):
        row = page.locator(f'#equity-table tr[data-player="{i + 1}"]')
        for field in ("equity", "scoop"):
            assert float(row.locator(f'td[data-field="{field}"]').get_attribute("data-value")) == getattr(player, field)
    assert_on_screen(page, '#equity-table td[data-field="equity"], #equity-table td[data-field="scoop"]')
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")  # no sideways page
    cue = page.locator("#results .scroll-cue")
    if is_phone(page):  # the rest scrolls inside the table's box, and the cue names it
        expect(cue).to_be_visible()
        expect(cue).to_contain_text("Quarter")
        quarter = '#equity-table td[data-field="quarter"]'
        cut = page.locator(quarter).first.evaluate(WHERE)
        assert cut["right"] > cut["boxRight"]  # out of sight before the cue is tapped
        screenshot(page, "web-phone")
        for _ in range(5):  # each tap brings the next hidden columns into the box
            named = cue.text_content()
            cue.click()
            expect(cue).not_to_have_text(named)  # it names the columns still out of sight
            if not cue.is_visible():
                break
        expect(cue).to_be_hidden()
        assert_on_screen(page, quarter)
    else:  # beside the spot: the whole table fits
        expect(cue).to_be_hidden()
        assert page.evaluate("(b => b.scrollWidth <= b.clientWidth)(document.querySelector('#results .scroll'))")
        assert page.locator("#results").bounding_box()["x"] > page.locator("#spot").bounding_box()["x"] + 300


def test_a_double_boards_first_figures_are_on_screen(page, server):
    page.goto(server)
    enter_spot(page, "4c5d7s8h", "KcQs9h2d")
    page.click("#run")
    expect(page.locator("#boards-summary")).to_contain_text("exact, 1,260 deals")
    expected = omaha8eq.boards_equity(HANDS, ("4c5d7s8h", "KcQs9h2d"))
    fields = ("equity", "board-1", "board-2", "scoop_all")
    for i, player in enumerate(expected.players):
        row = page.locator("#boards-table tbody tr").nth(i)
        got = [float(row.locator(f'td[data-field="{f}"]').get_attribute("data-value")) for f in fields]
        assert got == [player.equity, *(board.equity for board in player.boards), player.scoop_all]
    assert_on_screen(page, ", ".join(f'#boards-table td[data-field="{f}"]' for f in fields))


def test_the_panels_are_tabs_beside_or_below_the_spot(page, server, screenshot):
    page.goto(f"{server}?p=AsAh2c3d&p=KK%3A%24ds&b=4c5d7s&nc=1")
    expect(page.locator('section.range[data-player="2"] svg.distribution')).to_have_count(1)
    tabs = {name: page.locator(f"#tab-{name}") for name in ("equity", "explore", "query")}
    panels = {"equity": page.locator("#equity-panel"), "explore": page.locator("#explore-panel"),
              "query": page.locator("#query-panel")}  # fmt: skip

    def chosen(name: str) -> None:
        for other, tab in tabs.items():
            expect(tab).to_have_attribute("aria-selected", "true" if other == name else "false")
            if other == name:
                expect(panels[other]).to_be_visible()
            else:
                expect(panels[other]).to_be_hidden()

    chosen("equity")
    spot, bar = page.locator("#spot").bounding_box(), page.locator("#panel-tabs").bounding_box()
    if is_phone(page):  # one column: the tabs right below the form
        assert bar["y"] >= spot["y"] + spot["height"] and bar["y"] - (spot["y"] + spot["height"]) < 120
    else:  # two columns: the tabs beside the form, at the top of the page
        assert bar["x"] >= spot["x"] + spot["width"] and abs(bar["y"] - spot["y"]) < 40
        assert page.locator("#run").bounding_box()["y"] + 30 <= DESKTOP[1]  # Run stays in sight
        screenshot(page, "web-range")
    tabs["explore"].click()
    chosen("explore")
    expect(page.locator("#explore-spot")).to_contain_text("On the spot's board: 4c5d7s")
    page.keyboard.press("ArrowRight")  # the keyboard moves along the tabs
    chosen("query")
    expect(tabs["query"]).to_be_focused()
    page.keyboard.press("Home")
    chosen("equity")
    tabs["query"].click()
    page.click("#run")  # a run of the spot shows its answer's tab
    chosen("equity")
    expect(page.locator("#results")).not_to_have_class(re.compile("stale"))
    screenshot(page, f"web-tabs-{'phone' if is_phone(page) else 'desktop'}", full_page=True)


def test_a_query_starts_from_the_spot(page, app, server):
    page.goto(server)
    page.select_option("#game", "omahahi")
    enter_spot(page, "4c5d7s")
    page.fill("#dead", "9h")
    page.click("#tab-query")
    spot = "from game='omahahi', hero='AsAh2c3d', villain='KsKhQdJd', board='4c5d7s', dead='9h'"
    text = page.locator("#query-text")
    expect(text).to_have_value(f"select avg(riverEquity(hero)) as equity, count(scoops(hero)) as scoop\n{spot}")
    page.fill("#board", "4c5d7sTc")  # it follows the spot until the query is edited
    expect(text).to_have_value(re.compile("board='4c5d7sTc'"))
    own = "select count(winsHi(hero)) as high\nfrom hero='QhQd3s3c', villain='*'\nwhere handType(hero, flop) >= pair"
    text.fill(own)
    page.fill("#board", "4c5d7s")
    expect(text).to_have_value(own)  # edited: left alone
    page.click("#query-spot")  # the spot's from clause; the select and where kept
    query = f"select count(winsHi(hero)) as high\n{spot}\nwhere handType(hero, flop) >= pair"
    expect(text).to_have_value(query)
    page.click("#query-run")
    expect(page.locator("#query-output .query-table")).to_be_visible()
    expected = omaha8eq.query(query).to_dict()["selectors"][0]
    assert expected["fraction"] and "/" in expected["fraction"]
    expect(page.locator("#query-output .query-table td")).to_contain_text(f"= {expected['fraction']}")
    job = app.state.runner.jobs()[-1]
    assert job.kind == "query" and job.state is JobState.DONE
    assert job.result is not None and job.result["selectors"][0]["fraction"] == expected["fraction"]
    # More players: villain1, villain2...; a second board: board1 and board2.
    page.click("#add-player")
    page.fill("#player-3", "random")
    page.fill("#board2", "KcQs9h2d")
    page.click("#query-spot")
    expect(text).to_have_value(
        "select count(winsHi(hero)) as high\nfrom game='omahahi', hero='AsAh2c3d', villain1='KsKhQdJd', "
        "villain2='random', board1='4c5d7s', board2='KcQs9h2d', dead='9h'\nwhere handType(hero, flop) >= pair"
    )


def test_a_query_error_points_at_its_place(page, server):
    page.goto(server)
    page.click("#tab-query")
    page.fill("#query-text", "select count(winsHi(hero) from hero='AA**'")
    page.click("#query-run")
    expect(page.locator(".query-error")).to_contain_text("syntax error at column 27")
    expect(page.locator(".query-caret")).to_have_text("select count(winsHi(hero) from hero='AA**'\n" + " " * 26 + "^")


#: About 8e8 sweep row updates: several seconds on one core, long enough to be cancelled.
LONG = {"range": "20%", "board": "Kc8c5h", "against": "20%"}


def test_the_explorer_shows_its_progress_and_cancel_stops_it(page, app, server, screenshot):
    page.goto(f"{server}?b={LONG['board']}")
    page.click("#tab-explore")
    page.fill("#explore-range", LONG["range"])
    page.fill("#explore-against", LONG["against"])
    page.click("#explore-run")
    text = page.locator("#explore-progress-text")
    expect(text).to_contain_text(re.compile(r"[\d,]+ of [\d,]+ boards done"))
    expect(page.locator("#explore-progress")).to_be_visible()
    expect(page.locator("#explore-run")).to_be_disabled()
    job = app.state.runner.jobs()[-1]
    assert job.kind == "explore" and job.state is JobState.RUNNING
    screenshot(page, f"web-explore-progress-{'phone' if is_phone(page) else 'desktop'}")
    page.click("#explore-cancel")
    expect(page.locator("#explore-output")).to_have_text("Cancelled.", timeout=30_000)
    expect(page.locator("#explore-cancel")).to_be_hidden()
    expect(page.locator("#explore-progress")).to_be_hidden()
    expect(page.locator("#explore-run")).to_be_enabled()
    assert job.finished.wait(10) and job.state is JobState.CANCELLED
    assert job.total is not None and job.done < job.total  # stopped mid-sweep
