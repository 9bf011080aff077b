"""The page in a real browser: Chromium (Debian's /usr/bin/chromium) driven by Playwright.

A server runs on a free localhost port; each test enters a spot as a player would
(clicking cards, typing, the keyboard), runs it and reads the numbers back from the
page, comparing them with :func:`omaha8eq.equity` called directly. Each saves a
screenshot in pytest's temporary directory (and in ``$OMAHA8EQ_SCREENSHOTS`` when set:
that is how docs/web-*.png are made).
"""

from __future__ import annotations

import os
import re
import shutil
from pathlib import Path

import pytest
from page_server import CHROMIUM, chromium, serving, watched_tab
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


@pytest.fixture
def page(browser):
    with watched_tab(browser, TIMEOUT_MS) as tab:
        yield tab


@pytest.fixture
def screenshot(tmp_path):
    def save(page: Page, name: str) -> Path:
        path = tmp_path / f"{name}.png"
        page.screenshot(path=path, full_page=True)
        if os.environ.get("OMAHA8EQ_SCREENSHOTS"):
            shutil.copy(path, Path(os.environ["OMAHA8EQ_SCREENSHOTS"]) / path.name)
        return path

    return save


def equity_cells(page: Page) -> list[dict[str, float]]:
    """The equity table read back: per player, each field's exact value."""
    rows = page.locator("#equity-table tbody tr")
    values = []
    for i in range(rows.count()):
        cells = rows.nth(i).locator("td[data-value]")
        values.append(
            {cells.nth(j).get_attribute("data-field"): float(cells.nth(j).get_attribute("data-value"))
             for j in range(cells.count())}
        )  # fmt: skip
    return values


def assert_table_is(page: Page, result: omaha8eq.EquityResult) -> None:
    got = equity_cells(page)
    assert len(got) == len(result.players)
    for row, player in zip(got, result.players, strict=True):
        for field in ("equity", "hi_win", "hi_tie", "lo_win", "lo_tie", "no_low", "scoop"):
            assert row[field] == getattr(player, field), field
        assert row["quarter"] == player.quarter


def click_cards(page: Page, cards: str) -> None:
    for card in cards.split():
        page.click(f'#picker button[data-card="{card}"]')


def test_spot_by_clicking_and_typing_matches_the_library(page, server, screenshot):
    page.set_viewport_size({"width": 390, "height": 844})  # a phone
    page.goto(server)
    click_cards(page, "As Ah 2c")  # the picker fills player 1 first
    page.locator('#picker button[data-card="3c"]').focus()
    page.keyboard.press("ArrowRight")  # 3c -> 2c is to its right; back left to 3c, then down a suit row
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowUp")
    page.keyboard.press("ArrowUp")  # 3d: one suit row above clubs
    page.keyboard.press("Enter")
    expect(page.locator("#player-1")).to_have_value("AsAh2c3d")
    page.fill("#player-2", "K♠ K♥ Q♦ J♦")
    page.click('.card-field[data-target="board"] .pick')
    expect(page.locator('#picker button[data-card="As"]')).to_be_disabled()  # player 1 holds it
    expect(page.locator('#picker button[data-card="Ks"]')).to_be_disabled()  # typed by player 2
    click_cards(page, "4c 5d 7s")
    expect(page.locator("#board")).to_have_value("4c5d7s")
    page.click("#run")
    expect(page.locator("#summary")).to_contain_text("exact, 820 outcomes")
    assert_table_is(page, omaha8eq.equity(["AsAh2c3d", "KsKhQdJd"], board="4c5d7s"))
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")  # no sideways scroll
    assert "p=AsAh2c3d" in page.url and "b=4c5d7s" in page.url
    screenshot(page, "web-phone-spot")  # docs/web-phone.png: test_panels_page.py
    page.goto(page.url)  # the link reproduces the spot and runs it
    expect(page.locator("#summary")).to_contain_text("exact, 820 outcomes")
    assert_table_is(page, omaha8eq.equity(["AsAh2c3d", "KsKhQdJd"], board="4c5d7s"))


def test_bad_card_and_bad_range_show_the_message(page, server, screenshot):
    page.goto(server)
    page.fill("#player-1", "AsAh2c3q")
    page.fill("#player-2", "KsKhQdJd")
    page.press("#player-2", "Enter")  # Enter runs the form
    with pytest.raises(omaha8eq.OmahaInputError) as bad_card:
        omaha8eq.equity(["AsAh2c3q", "KsKhQdJd"])
    expect(page.locator("#message")).to_have_text(str(bad_card.value))
    expect(page.locator('#players li[data-player="1"] .status')).to_have_text(str(bad_card.value))  # as typed
    page.fill("#player-2", "AA:$xs")
    with pytest.raises(omaha8eq.RangeSyntaxError) as bad_range:
        omaha8eq.parse_range("AA:$xs")
    status = page.locator('#players li[data-player="2"] .status')
    expect(status).to_have_text(str(bad_range.value))  # checked live, before any run
    expect(page.locator("#player-2")).to_have_attribute("aria-invalid", "true")
    page.fill("#player-2", "AA:$ds")
    expect(status).to_have_text("864 hands (0.32%)")
    screenshot(page, "web-errors")


def test_range_shows_its_hands_and_graph(page, server, screenshot):
    page.goto(f"{server}?p=AsAh2c3d&p=KK%3A%24ds&b=4c5d7s&nc=1")
    section = page.locator('section.range[data-player="2"]')
    expect(section.locator("svg.distribution polyline")).to_have_count(1)
    result = omaha8eq.equity(["AsAh2c3d", "KK:$ds"], board="4c5d7s", by_hand=True, by_next_card=True)
    assert_table_is(page, result)
    # The columns the server lists (GET /api/columns), as the page has always shown them.
    assert page.locator("#equity-table thead th").all_inner_texts() == [
        "Player", "Hand", "Equity", "Scoop", "High win", "High tie", "Low win", "Low tie", "No low", "Quarter",
    ]  # fmt: skip
    headings = ["Hand", "Equity", "Scoop", "Dealt", "High win", "Low win", "No low", "Quarter"]
    assert section.locator("thead th").all_inner_texts() == headings
    hands = section.locator("tbody tr")
    assert hands.count() == len(result.players[1].by_hand)
    assert re.fullmatch(r"\d+\.\d{3}%", hands.first.locator('td[data-field="frequency"]').inner_text())
    section.get_by_role("button", name="Equity").click()  # sort: best first
    best = max(h.equity for h in result.players[1].by_hand)
    assert float(hands.first.locator('td[data-field="equity"]').get_attribute("data-value")) == best
    section.get_by_role("button", name="Equity").click()  # again: worst first
    worst = min(h.equity for h in result.players[1].by_hand)
    assert float(hands.first.locator('td[data-field="equity"]').get_attribute("data-value")) == worst
    assert page.locator("#next-cards tbody tr").count() == len(result.by_next_card)
    page.click("#cf-run")  # the counterfeit panel: player 1's hand against player 2's range
    report = omaha8eq.counterfeit_odds("AsAh2c3d", "4c5d7s", opponents=["KK:$ds"])
    cell = page.locator('#cf-table td[data-field="p_counterfeit"]')
    expect(cell).to_have_attribute("data-value", str(report.to_dict()["p_counterfeit"]))
    screenshot(page, "web-range-1100")  # docs/web-range.png: test_panels_page.py


def test_cancel_or_closing_the_page_stops_a_long_run(page, app, server, screenshot):
    page.goto(f"{server}?p=AsAh2c3d&p=random&p=random&p=random&p=random&m=monte-carlo&n=20000000")
    expect(page.locator("#progress-text")).to_contain_text(" of 20,000,000 deals done")
    screenshot(page, "web-progress")
    page.click("#cancel")
    expect(page.locator("#message")).to_have_text("Cancelled.", timeout=30_000)
    expect(page.locator("#cancel")).to_be_hidden()
    expect(page.locator("#results")).to_be_hidden()
    stopped = app.state.runner.jobs()[-1]  # the page leaves at once; the job stops at its next report
    assert stopped.finished.wait(10) and stopped.state is JobState.CANCELLED
    page.press("#player-1", "Enter")  # again, then close the page: it tells the server on its way out
    expect(page.locator("#progress-text")).to_contain_text(" of 20,000,000 deals done")
    job = app.state.runner.jobs()[-1]
    page.close(run_before_unload=True)
    assert job.finished.wait(10)  # well before the server's own 20 s for an abandoned job
    assert job.state is JobState.CANCELLED


def test_a_kernel_compiling_for_first_use_is_named_with_its_seconds(page, server):
    """A job's status names the kernel its thread compiles (``Job.status``, tests/web/test_jobs.py);
    the progress line says so, as it says a run's progress."""
    page.goto(server)
    compiling = {"state": "running", "done": 0, "total": None, "unit": None, "elapsed": 12.5,
                 "compiling": {"kernel": "sweep_runouts", "seconds": 12.4}}  # fmt: skip
    text = page.evaluate("async (s) => (await import('./progress.js')).progressText(s)", compiling)
    assert text == "compiling sweep_runouts for first use, 12 s (once per install; Cancel stops waiting)"
    del compiling["compiling"]
    text = page.evaluate("async (s) => (await import('./progress.js')).progressText(s)", compiling)
    assert text == "0 done, 12.5 s"


# ----- the second board row and run it twice (boards.js) -----


def board_cells(page: Page) -> list[dict[str, float]]:
    rows = page.locator("#boards-table tbody tr")
    values = []
    for i in range(rows.count()):
        cells = rows.nth(i).locator("td[data-value]")
        values.append(
            {cells.nth(j).get_attribute("data-field"): float(cells.nth(j).get_attribute("data-value"))
             for j in range(cells.count())}
        )  # fmt: skip
    return values


def test_a_second_board_runs_the_double_board(page, server, screenshot):
    page.goto(server)
    page.fill("#player-1", "AsAh2c3d")
    page.fill("#player-2", "KsKhQdJd")
    page.fill("#board", "4c5d7s8h")
    page.fill("#board2", "KcQs9h2d")
    page.click("#run")
    expect(page.locator("#boards-summary")).to_contain_text("exact, 1,260 deals")
    expected = omaha8eq.boards_equity(["AsAh2c3d", "KsKhQdJd"], ("4c5d7s8h", "KcQs9h2d"))
    for row, player in zip(board_cells(page), expected.players, strict=True):
        assert row["equity"] == player.equity and row["scoop_all"] == player.scoop_all
        assert [row["board-1"], row["board-2"]] == [board.equity for board in player.boards]
    screenshot(page, "web-double-board")


def test_run_it_twice_keeps_the_equity_and_a_bad_board_shows_the_message(page, server):
    page.goto(server)
    page.fill("#player-1", "AsAh2c3d")
    page.fill("#player-2", "KsKhQdJd")
    page.fill("#board", "4c5d7s8h")
    page.check("#run-twice")
    page.click("#run")
    expect(page.locator("#boards-summary")).to_contain_text("Run 2: 4c 5d 7s 8h")
    single = omaha8eq.equity(["AsAh2c3d", "KsKhQdJd"], "4c5d7s8h")
    assert [row["equity"] for row in board_cells(page)] == pytest.approx([p.equity for p in single.players], abs=1e-12)
    page.uncheck("#run-twice")
    page.fill("#board2", "4c")
    page.click("#run")
    expect(page.locator("#message")).to_contain_text("4c appears in board 1 and in board 2")


def breakdown_cells(page: Page, board: int) -> list[dict[str, float]]:
    """Board ``board``'s hi/lo breakdown table read back (as ``equity_cells``)."""
    rows = page.locator(f'#boards-breakdown section[data-board="{board}"] tbody tr')
    return [
        {cell.get_attribute("data-field"): float(cell.get_attribute("data-value"))
         for cell in rows.nth(i).locator("td[data-value]").all()}
        for i in range(rows.count())
    ]  # fmt: skip


def test_a_shared_link_keeps_board_2_and_run_it_twice(page, server, screenshot):
    hands = ["AsAh2c3d", "KsKhQdJd"]
    page.goto(server)
    page.fill("#player-1", hands[0])
    page.fill("#player-2", hands[1])
    page.fill("#board", "4c5d7s8h")
    page.fill("#board2", "KcQs9h2d")
    expect(page).to_have_url(re.compile(r"[?&]b2=KcQs9h2d(&|$)"))
    page.goto(page.url)  # the shared link: board 2 is back, and it runs as a double board
    expect(page.locator("#board2")).to_have_value("KcQs9h2d")
    expect(page.locator("#run-twice")).not_to_be_checked()
    expect(page.locator("#boards-summary")).to_contain_text("Board 2: Kc Qs 9h 2d — exact, 1,260 deals")
    expect(page.locator("#results")).to_be_hidden()
    double = omaha8eq.boards_equity(hands, ("4c5d7s8h", "KcQs9h2d"))
    for row, player in zip(board_cells(page), double.players, strict=True):
        got = [row["equity"], row["scoop_all"], row["scoop_one"]]
        assert got == [player.equity, player.scoop_all, player.scoop_one]
    shares = page.locator("#boards-table tbody tr").first.locator("td").last.text_content() or ""
    assert set(shares.split("  ")) == {f"{s}: {100 * f:.2f}" for s, f in double.players[0].shares.items()}
    for b in (1, 2):  # each board's own hi/lo breakdown, as the library gives it
        for row, player in zip(breakdown_cells(page, b), double.players, strict=True):
            board = player.boards[b - 1]
            assert [row[f] for f in ("equity", "hi_win", "hi_tie", "lo_win", "scoop")] == [
                board.equity, board.hi_win, board.hi_tie, board.lo_win, board.scoop
            ]  # fmt: skip
    screenshot(page, "web-double-board-link")
    page.fill("#board2", "")  # run it twice instead: a change greys the numbers, the link follows
    expect(page.locator("#boards-results")).to_have_class(re.compile("stale"))
    page.check("#run-twice")
    expect(page).to_have_url(re.compile(r"[?&]rt=1(&|$)"))
    assert "b2=" not in page.url
    page.goto(page.url)
    expect(page.locator("#run-twice")).to_be_checked()
    expect(page.locator("#boards-summary")).to_contain_text("Run 2: 4c 5d 7s 8h")
    expect(page.locator("#boards-results")).not_to_have_class(re.compile("stale"))
    twice = omaha8eq.boards_equity(hands, "4c5d7s8h", runs=2)
    for row, player in zip(board_cells(page), twice.players, strict=True):
        assert [row["equity"], row["board-1"], row["board-2"]] == [p.equity for p in (player, *player.boards)]
    page.fill("#player-1", "AsAh2c3q")  # a failed run leaves the last numbers greyed
    page.click("#run")
    expect(page.locator("#message")).to_be_visible()
    expect(page.locator("#boards-results")).to_have_class(re.compile("stale"))


# ---------------------------------------------------------------------------
# the page fits and never shows old numbers as new
# ---------------------------------------------------------------------------

#: Every table's right edge, the page's width, and any table wider than the box it scrolls in.
OVERFLOW = """() => {
  const width = document.documentElement.clientWidth;
  const out = [];
  for (const table of document.querySelectorAll("table")) {
    const box = table.closest(".scroll") || table.parentElement;
    const right = box.getBoundingClientRect().right;
    if (right > width + 0.5) out.push(`${table.id || table.className}: its box ends at ${right}, page ${width}`);
  }
  const page = document.documentElement.scrollWidth;
  if (page > width) out.push(`the page scrolls sideways: ${page} > ${width}`);
  return out;
}"""


@pytest.mark.parametrize("width, height, name", [(1280, 900, "web-desktop"), (390, 844, "web-phone-range")])
def test_the_tables_fit_at_desktop_and_phone_widths(browser, server, screenshot, width, height, name):
    context = browser.new_context(viewport={"width": width, "height": height})
    context.set_default_timeout(TIMEOUT_MS)
    page = context.new_page()
    try:
        page.goto(f"{server}?p=AsAh2c3d&p=KK%3A%24ds&b=4c5d7s&nc=1")
        expect(page.locator('section.range[data-player="2"] svg.distribution')).to_have_count(1)
        expect(page.locator("#next-cards tbody tr").first).to_be_visible()
        assert page.evaluate(OVERFLOW) == []
        size = omaha8eq.parse_range("KK:$ds").without(omaha8eq.cards.cards_to_mask("AsAh2c3d4c5d7s")).count
        expect(page.locator("#equity-table td[data-field=hand]").nth(1)).to_have_text(f"KK:$ds (range, {size} hands)")
        # every share bar carries its numbers, in colours told apart without red-green vision
        numbers = page.locator(".bar-numbers")
        expect(numbers).to_have_count(2)
        assert all("equity" in t and "%" in t for t in numbers.all_inner_texts())
        whole = page.locator(".share-1").first
        assert whole.inner_text().endswith("%")
        assert whole.evaluate("e => getComputedStyle(e).backgroundColor") == "rgb(0, 114, 178)"
        screenshot(page, name)
    finally:
        context.close()


def test_a_changed_spot_or_an_error_greys_the_old_numbers(page, server, screenshot):
    page.goto(f"{server}?p=AsAh2c3d&p=KsKhQdJd&b=4c5d7s&nc=1")
    results = page.locator("#results")
    expect(page.locator("#next-cards tbody tr").first).to_be_visible()
    expect(results).not_to_have_class(re.compile("stale"))
    page.fill("#board", "4c5d7s8h")  # a new board: old numbers greyed, the next-card table gone
    expect(results).to_have_class(re.compile("stale"))
    expect(page.locator("#next-cards")).to_be_empty()
    expect(page.locator("#results .stale-note")).to_contain_text("Out of date")
    page.click("#run")
    expect(page.locator("#summary")).to_contain_text("Board 4c 5d 7s 8h")
    expect(results).not_to_have_class(re.compile("stale"))
    page.select_option("#game", "omahahi")  # an option changes the numbers too
    expect(results).to_have_class(re.compile("stale"))
    page.click("#run")
    expect(results).not_to_have_class(re.compile("stale"))
    page.fill("#player-1", "AsAh2c3q")
    page.click("#run")  # the run fails: the message, and the last numbers stay greyed
    expect(page.locator("#message")).to_be_visible()
    expect(results).to_have_class(re.compile("stale"))
    screenshot(page, "web-stale")


def test_the_four_colour_deck(page, server):
    page.goto(server)
    colour = "c => getComputedStyle(document.querySelector(`#picker button[data-card='${c}']`)).color"
    two = [page.evaluate(colour, card) for card in ("Ac", "As", "Ad", "Ah")]
    assert two[0] == two[1] and two[2] == two[3] and two[0] != two[2]  # black and red
    page.check("#four-colour")
    four = [page.evaluate(colour, card) for card in ("Ac", "As", "Ad", "Ah")]
    assert len(set(four)) == 4
    page.reload()  # remembered
    expect(page.locator("#four-colour")).to_be_checked()


def test_the_game_selector_plays_the_game_named(page, server):
    page.goto(f"{server}?p=AsAh2c3d5h&p=AA%3A%24ds&b=4c5d7s&game=omahahi5")
    expect(page.locator("#game")).to_have_value("omahahi5")
    five = omaha8eq.parse_range("AA:$ds", hole_size=5)  # the range is read with the game's hole size
    result = omaha8eq.equity(["AsAh2c3d5h", five], board="4c5d7s", game="omahahi5")
    expect(page.locator("#summary")).to_contain_text(f"exact, {result.outcomes:,} outcomes")
    assert_table_is(page, result)
    page.goto(f"{server}?p=AsAh2c3d&p=KsKhQdJd&b=4c5d7s&k=4&g=high")  # a link saved before the selector
    expect(page.locator("#game")).to_have_value("omahahi")
    expect(page.locator("#summary")).to_contain_text("exact, 820 outcomes")
    assert_table_is(page, omaha8eq.equity(["AsAh2c3d", "KsKhQdJd"], board="4c5d7s", game="omahahi"))
