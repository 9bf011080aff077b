// The range explorer: a range's classes on the board (stacked bars and a table), the hands of a
// clicked class, and that class as player 1's range. POST /api/explore (omaha8eq/web/explore_routes.py).

const panel = document.getElementById("explore-panel");

function element(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, value);
  for (const child of children) node.append(child);
  return node;
}

const percent = (share) => (100 * share).toFixed(2) + "%";
const COLOURS = ["#2166ac", "#d6604d", "#4dac26", "#b2abd2", "#f1a340", "#5e3c99", "#80cdc1", "#e08214"];

async function post(body) {
  const response = await fetch("api/explore", {method: "POST", headers: {"Content-Type": "application/json"},
    body: JSON.stringify(body)});
  const document_ = await response.json();
  if (!response.ok) throw new Error(document_.error);
  return document_;
}

function request(fields) {
  return {range: fields.range.value, board: document.getElementById("board").value,
    dead: document.getElementById("dead").value, against: fields.against.value.trim() || null};
}

function showClass(output, fields, result, row) {
  const listed = result.class_hands[`${row.group}: ${row.name}`] || [];
  const more = row.hands > listed.length ? ` (the first ${listed.length})` : "";
  const use = element("button", {type: "button", id: "explore-use"}, "Use as player 1's range");
  const status = element("span", {class: "hint", id: "explore-use-status"});
  use.addEventListener("click", async () => {
    try {
      const narrowed = await post({...request(fields), against: null, where: row.name});
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
  output.replaceChildren(element("p", {class: "hint"}, `${result.range} on ${result.board}: ${total}`), bars, table,
    element("div", {id: "explore-hands"}));
}

async function run(fields, output, button) {
  button.disabled = true;
  output.replaceChildren(element("p", {class: "hint"}, "running…"));
  try {
    showResult(output, fields, await post(request(fields)));
  } catch (error) {
    output.replaceChildren(element("p", {class: "explore-error", role: "alert"}, error.message));
  } finally {
    button.disabled = false;
  }
}

function build() {
  if (!panel) return;
  const fields = {
    range: element("input", {id: "explore-range", spellcheck: "false", placeholder: "e.g. 15% or AA2*"}),
    against: element("input", {id: "explore-against", spellcheck: "false", placeholder: "optional: a hand or a range"}),
  };
  const button = element("button", {type: "button", id: "explore-run"}, "Explore");
  const output = element("div", {id: "explore-output", "aria-live": "polite"});
  button.addEventListener("click", () => run(fields, output, button));
  panel.append(element("h2", {}, "Range explorer"),
    element("p", {class: "hint"}, "What a range holds on the board above: sets, nut low draws, wraps… and, against a hand or range, each class's exact equity. Click a class to list its hands."),
    element("label", {}, "Range ", fields.range), element("label", {}, " against ", fields.against), button, output);
}

build();
