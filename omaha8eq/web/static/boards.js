// Double board and running it twice: a second board row and a run-it-twice toggle.
// When either is used, the Run button asks POST api/jobs for a "boards" job (omaha8eq's
// boards_equity) instead of the single-board equity, and the result goes to #boards-results:
// per player the total equity, each board's (run's) equity, scoops and the pot shares, then
// each board's hi/lo breakdown. A second board and run it twice are in the page's link
// (b2=, rt=1: app.js), and the numbers grey when the spot changes (display.js).

import { ApiError } from "./api.js";
import { bringIntoView, markFresh, markStale } from "./display.js";
import { RunControls } from "./progress.js";
import { equityTable } from "./results.js";
import { showTab } from "./tabs.js";

const $ = (selector) => document.querySelector(selector);
// The form's progress bar and Cancel button, as the single-board run's (app.js).
const controls = new RunControls({
  bar: $("#progress"), text: $("#progress-text"), cancel: $("#cancel"), buttons: [$("#run"), $("#cf-run")],
});

function isActive() {
  return $("#board2").value.trim() !== "" || $("#run-twice").checked;
}

function optionalInteger(selector, name) {
  const text = $(selector).value.trim().replace(/[,_ ]/g, "");
  if (!text) return null;
  const value = Number(text);
  if (!Number.isSafeInteger(value)) throw new ApiError(`${name}: expected a whole number, got '${$(selector).value}'`);
  return value;
}

function boardsRequest() {
  const twice = $("#run-twice").checked;
  if (twice && $("#board2").value.trim()) {
    throw new ApiError("run it twice plays one board: clear board 2, or untick run it twice");
  }
  return {
    players: [...document.querySelectorAll("#players input.hand")].map((input) => input.value),
    boards: twice ? [$("#board").value] : [$("#board").value, $("#board2").value],
    runs: twice ? 2 : 1,
    dead: $("#dead").value,
    game: $("#game").value,  // the game selector names the game (omaha8, omahahi5, ...)
    method: $("#method").value,
    samples: optionalInteger("#samples", "samples"),
    seed: optionalInteger("#seed", "seed"),
  };
}

const percent = (x) => (100 * x).toFixed(2);

function cell(row, text, field, value) {
  const td = row.insertCell();
  td.textContent = text;
  if (field) { td.dataset.field = field; td.dataset.value = String(value); }
}

async function show(result) {
  const names = result.boards.map((b) => b.name.replace(/^./, (c) => c.toUpperCase()));
  const method = result.exhaustive ? `exact, ${result.outcomes.toLocaleString()} deals`
    : `Monte Carlo, ${result.outcomes.toLocaleString()} samples, seed ${result.seed}`;
  $("#boards-summary").textContent = `${names.map((n, i) => `${n}: ${result.boards[i].board || "(none)"}`).join("; ")} — ${method}`;
  const table = $("#boards-table");
  table.replaceChildren();
  const head = table.createTHead().insertRow();
  for (const title of ["Hand", "Equity %", ...names.map((n) => `${n} %`), "Scoop all %", "Scoop one %", "Pot shares"]) {
    const th = document.createElement("th");
    th.textContent = title;
    head.append(th);
  }
  const body = table.createTBody();
  result.players.forEach((player, p) => {
    const row = body.insertRow();
    cell(row, player.hand);
    row.cells[0].className = "hand";
    cell(row, percent(player.equity), "equity", player.equity);
    result.boards.forEach((board, b) => {
      const equity = board.players[p].equity;
      cell(row, percent(equity), `board-${b + 1}`, equity);
    });
    cell(row, percent(player.scoop_all), "scoop_all", player.scoop_all);
    cell(row, percent(player.scoop_one), "scoop_one", player.scoop_one);
    cell(row, Object.entries(player.shares).map(([share, often]) => `${share}: ${percent(often)}`).join("  "));
  });
  // Each board's (run's) part of the pot, split high/low as a single board's table reads.
  $("#boards-breakdown").replaceChildren(...await Promise.all(result.boards.map(async (board, b) => {
    const section = document.createElement("section");
    section.dataset.board = String(b + 1);
    const title = document.createElement("h3");
    title.textContent = `${names[b]}: ${board.board || "(none)"}, its part of the pot`;
    const table = document.createElement("table");
    await equityTable(table, board);
    const scroll = document.createElement("div");
    scroll.className = "scroll";
    scroll.append(table);
    section.append(title, scroll);
    return section;
  })));
  $("#boards-results").hidden = false;
  markFresh($("#boards-results"));
  $("#results").hidden = true;
  bringIntoView($("#boards-results"));  // on a phone the form fills the screen: the answer comes up
}

async function run() {
  if (controls.busy) return;
  const message = $("#message");
  message.hidden = true;
  showTab("equity");
  let request;
  try {
    request = boardsRequest();
  } catch (error) {
    message.textContent = error.message;
    message.hidden = false;
    return;
  }
  try {
    const status = await controls.run("boards", request);
    if (status) await show(status.result);
    else {
      message.textContent = "Cancelled.";
      message.hidden = false;
    }
  } catch (error) {
    message.textContent = error.message;
    message.hidden = false;
    markStale($("#boards-results"));  // never old numbers as new
  }
}

// Before the page's own handler (a capture listener on the document runs first): take the
// run when a second board or run-it-twice is asked for, else leave it to the page.
document.addEventListener("submit", (event) => {
  if (event.target.id !== "spot" || !isActive()) return;
  event.preventDefault();
  event.stopPropagation();
  run();
}, true);
