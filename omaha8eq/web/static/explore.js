// The range explorer, a tab beside the spot (tabs.js): a range's classes on the spot's board,
// with its dead cards and game (stacked bars and a table), the hands of a clicked class, and
// that class as player 1's range. It runs as an "explore" job of POST /api/jobs (the job form
// of POST /api/explore, omaha8eq/web/explore_routes.py), with progress and Cancel as the equity run.

import { post as postJson } from "./api.js";
import { RunControls } from "./progress.js";

const panel = document.getElementById("explore-panel");
const spotField = (id) => document.getElementById(id).value.trim();

function element(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, value);
  for (const child of children) node.append(child);
  return node;
}

const percent = (share) => (100 * share).toFixed(2) + "%";
const COLOURS = ["#2166ac", "#d6604d", "#4dac26", "#b2abd2", "#f1a340", "#5e3c99", "#80cdc1", "#e08214"];

function request(fields) {
  return {range: fields.range.value, board: spotField("board"), dead: spotField("dead"), game: spotField("game"),
    against: fields.against.value.trim() || null};
}

// What the explorer takes from the spot, kept in sight as the spot changes.
function spotLine() {
  const game = document.getElementById("game").selectedOptions[0].textContent;
  return `On the spot's board: ${spotField("board") || "(none)"}; dead: ${spotField("dead") || "none"}; ${game}.`;
}

function showClass(output, fields, result, row) {
  const listed = result.class_hands[`${row.group}: ${row.name}`] || [];
  const more = row.hands > listed.length ? ` (the first ${listed.length})` : "";
  const use = element("button", {type: "button", id: "explore-use"}, "Use as player 1's range");
  const status = element("span", {class: "hint", id: "explore-use-status"});
  use.addEventListener("click", async () => {
    try {
      const narrowed = await postJson("api/explore", {...request(fields), against: null, where: row.name});
      const input = document.getElementById("player-1");
      input.value = narrowed.range;
      input.dispatchEvent(new Event("input", {bubbles: true}));
      status.textContent = `player 1: ${narrowed.hands.toLocaleString()} hands`;
    } catch (error) {
      status.textContent = error.message;
    }
  });
  output.querySelector("#explore-hands").replaceChildren(
    element("h3", {}, `${row.name}: ${row.hands.toLocaleString()} hands${more}`),
    element("p", {class: "explore-list"}, listed.join(", ")), use, status);
}

function showResult(output, fields, result) {
  const rows = result.rows.filter((r) => r.group !== "summary");
  const bars = element("div", {class: "explore-bars"});
  for (const group of [...new Set(rows.map((r) => r.group))]) {
    const bar = element("div", {class: "explore-bar", "aria-label": group});
    rows.filter((r) => r.group === group).forEach((r, i) => {
      const part = element("span", {title: `${r.name} ${percent(r.share)}`});
      part.style.width = percent(r.share);
      part.style.background = COLOURS[i % COLOURS.length];
      bar.append(part);
    });
    bars.append(element("div", {class: "explore-bar-row"}, element("span", {class: "explore-group"}, group), bar));
  }
  const equity = result.against !== null;
  const head = ["group", "class", "hands", "share", ...(equity ? ["equity", "scoop", "best", "worst"] : [])];
  const table = element("table", {class: "explore-table", id: "explore-table"},
    element("tr", {}, ...head.map((h) => element("th", {}, h))));
  for (const r of rows) {
    const cells = [r.group, r.name, r.hands.toLocaleString(), percent(r.share),
      ...(equity ? [percent(r.equity), percent(r.scoop), r.best, r.worst] : [])];
    const line = element("tr", {tabindex: "0", "data-class": r.name}, ...cells.map((c) => element("td", {}, c)));
    line.addEventListener("click", () => showClass(output, fields, result, r));
    table.append(line);
  }
  const total = `${result.total.hands.toLocaleString()} live hands` + (equity ? `, equity ${percent(result.total.equity)}` : "");
  output.replaceChildren(element("p", {class: "hint"}, `${result.range} on ${result.board}: ${total}`), bars,
    element("div", {class: "scroll"}, table),
    element("div", {id: "explore-hands"}));
}

async function run(fields, output, controls) {
  if (controls.busy) return;
  output.replaceChildren();
  try {
    const status = await controls.run("explore", request(fields));
    if (status) showResult(output, fields, status.result);
    else output.replaceChildren(element("p", {class: "explore-error", role: "status"}, "Cancelled."));
  } catch (error) {
    output.replaceChildren(element("p", {class: "explore-error", role: "alert"}, error.message));
  }
}

function build() {
  if (!panel) return;
  const fields = {
    range: element("input", {id: "explore-range", spellcheck: "false", placeholder: "e.g. 15% or AA2*"}),
    against: element("input", {id: "explore-against", spellcheck: "false", placeholder: "optional: a hand or a range"}),
  };
  const button = element("button", {type: "submit", id: "explore-run"}, "Explore");
  const cancel = element("button", {type: "button", id: "explore-cancel", hidden: ""}, "Cancel");
  const bar = element("progress", {id: "explore-progress", hidden: ""});
  const text = element("span", {id: "explore-progress-text", "aria-live": "polite"});
  const controls = new RunControls({bar, text, cancel, buttons: [button]});
  const output = element("div", {id: "explore-output", "aria-live": "polite"});
  const spot = element("p", {class: "spot-line", id: "explore-spot"}, spotLine());
  const form = element("form", {id: "explore-form", autocomplete: "off", novalidate: ""},
    element("label", {}, "Range ", fields.range), element("label", {}, "against ", fields.against),
    element("div", {class: "actions"}, button, cancel, bar, text));
  form.addEventListener("submit", (event) => { event.preventDefault(); run(fields, output, controls); });
  document.getElementById("spot").addEventListener("spotchange", () => { spot.textContent = spotLine(); });
  panel.append(element("h2", {}, "Range explorer"),
    element("p", {class: "hint"}, "What a range holds on the spot's board: sets, nut low draws, wraps… and, against a hand or range, each class's exact equity. Click a class to list its hands."),
    spot, form, output);
}

build();
