// The query box, a tab beside the spot (tabs.js): a query of the query language (PQL), its
// result table and histogram bars. Its from clause starts from the spot: the page's game,
// players (hero=, villain= or villain1=...), board and dead cards, and follows the spot
// until the query is edited ("From the spot" follows it again). It runs as a "query" job of
// POST /api/jobs (the job form of POST /api/query, omaha8eq/web/query_routes.py), with
// progress and Cancel as the equity run; the query is kept in the URL (#q=...) to share.

import { RunControls } from "./progress.js";
import { showTab } from "./tabs.js";

const EXAMPLES = [
  ["A2 quartered when it makes the nut low",
   "select count(tiesLo(hero)) as quartered\nfrom game='omaha8', hero='A2**', villain1='15%', villain2='15%'\nwhere nutLo(hero, river) and not (winsHi(hero) or tiesHi(hero))"],
  ["What A2** flops", "select histogram(handType(hero, flop)) as flop\nfrom game='omaha8', hero='A2**'"],
  ["Aces against kings on the turn, exact",
   "select avg(riverEquity(hero)) as equity, count(scoops(hero)) as scoop\nfrom game='omaha8', hero='AsAh2c3d', villain='KsKhQdJd', board='Ac8c5h9d'"],
  ["Lows a hand makes by the river",
   "select histogram(loRating(hero, river)) as low\nfrom hero='As2s3d9c', villain='KhKd7c6c', board='4h8dQs'\nwhere madeLo(hero, river)"],
];

const panel = document.getElementById("query-panel");
const SPOT_SELECT = "select avg(riverEquity(hero)) as equity, count(scoops(hero)) as scoop";

function element(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, value);
  for (const child of children) node.append(child);
  return node;
}

function percent(share) {
  return (100 * share).toFixed(2) + "%";
}

function showResult(output, result) {
  output.replaceChildren();
  const how = result.exact ? "exact" : `sampled, seed ${result.seed}`;
  let summary = `${result.trials.toLocaleString()} ${result.exact ? "combinations" : "trials"} (${how})`;
  if (result.met !== result.weight) summary += `, ${percent(result.acceptance)} met where`;
  const table = element("table", {class: "query-table"});
  for (const selector of result.selectors) {
    if (selector.buckets) {
      table.append(element("tr", {}, element("th", {colspan: "3"}, selector.name)));
      if (!selector.buckets.length) table.append(element("tr", {}, element("td", {colspan: "3"}, "no deal met the where clause")));
      for (const bucket of selector.buckets) {
        const bar = element("span", {class: "query-bar"});
        bar.style.width = percent(bucket.share);
        table.append(element("tr", {}, element("td", {}, bucket.label), element("td", {class: "num"}, percent(bucket.share)),
          element("td", {class: "bar-cell"}, bar)));
      }
      continue;
    }
    let value = "no deal met the where clause";
    if (selector.value !== null) {
      if (typeof selector.value === "string") value = selector.value;
      else value = selector.kind === "count" ? percent(selector.value) : selector.value.toPrecision(6);
      if (selector.stderr !== null) value += ` ± ${selector.kind === "count" ? percent(selector.stderr) : selector.stderr.toPrecision(2)}`;
      if (selector.fraction !== null && selector.fraction.includes("/")) value += ` = ${selector.fraction}`;
    }
    table.append(element("tr", {}, element("th", {}, selector.name), element("td", {colspan: "2"}, value)));
  }
  output.append(table, element("p", {class: "hint"}, summary));
}

function showError(output, text, error) {
  output.replaceChildren(element("p", {class: "query-error", role: "alert"}, error.error));
  if (error.position !== null && error.position !== undefined) {
    const start = text.lastIndexOf("\n", error.position - 1) + 1;
    const end = text.indexOf("\n", error.position);
    const line = text.slice(start, end < 0 ? text.length : end);
    output.append(element("pre", {class: "query-caret"}, `${line}\n${" ".repeat(error.position - start)}^`));
  }
}

async function run(textarea, output, controls) {
  if (controls.busy) return;
  const text = textarea.value;
  history.replaceState(null, "", "#q=" + encodeURIComponent(text));
  output.replaceChildren();
  try {
    const status = await controls.run("query", {query: text});
    if (status) showResult(output, status.result);
    else output.replaceChildren(element("p", {class: "query-error", role: "status"}, "Cancelled."));
  } catch (error) {
    showError(output, text, {error: error.message, position: error.details ? error.details.position : null});
  }
}

// ----- the spot as a from clause -----

const quoted = (value) => (value.includes("'") ? `"${value}"` : `'${value}'`);
const spotValue = (id) => document.getElementById(id).value.trim();

function spotPlayers() {
  return [...document.querySelectorAll("#players input.hand")].map((input) => input.value.trim()).filter(Boolean);
}

// The spot's from clause: its game, players (hero and villain, or villain1, villain2... when
// more than two), board (board1= and board2= with a second board) and dead cards.
export function spotFrom() {
  const players = spotPlayers();
  const names = players.map((_, i) => (i === 0 ? "hero" : players.length === 2 ? "villain" : `villain${i}`));
  const parts = [`game=${quoted(spotValue("game"))}`, ...players.map((hand, i) => `${names[i]}=${quoted(hand)}`)];
  if (spotValue("board2")) {
    if (spotValue("board")) parts.push(`board1=${quoted(spotValue("board"))}`);
    parts.push(`board2=${quoted(spotValue("board2"))}`);
  } else if (spotValue("board")) parts.push(`board=${quoted(spotValue("board"))}`);
  if (spotValue("dead")) parts.push(`dead=${quoted(spotValue("dead"))}`);
  return `from ${parts.join(", ")}`;
}

// Where the keyword ``word`` starts in ``text``, outside strings and comments, from ``start``; -1 if nowhere.
function keyword(text, word, start = 0) {
  const pattern = new RegExp(`--[^\\n]*|'[^']*'?|"[^"]*"?|\\b${word}\\b`, "gi");
  pattern.lastIndex = start;
  for (let match; (match = pattern.exec(text)) !== null;) if (match[0].toLowerCase() === word) return match.index;
  return -1;
}

// The query with its from clause replaced by the spot's (its select and where kept).
function withSpot(text) {
  const from = keyword(text, "from");
  if (from < 0) return `${SPOT_SELECT}\n${spotFrom()}`;
  const where = keyword(text, "where", from);
  return text.slice(0, from) + spotFrom() + (where < 0 ? "" : `\n${text.slice(where)}`);
}

function build() {
  if (!panel) return;
  const textarea = element("textarea", {id: "query-text", rows: "4", spellcheck: "false", "aria-label": "query"});
  const examples = element("select", {id: "query-examples", "aria-label": "examples"},
    element("option", {value: ""}, "Examples…"));
  EXAMPLES.forEach(([label], i) => examples.append(element("option", {value: String(i)}, label)));
  const button = element("button", {type: "button", id: "query-run"}, "Run query");
  const fromSpot = element("button", {type: "button", id: "query-spot",
    title: "the spot's game, players, board and dead cards as the from clause"}, "From the spot");
  const cancel = element("button", {type: "button", id: "query-cancel", hidden: ""}, "Cancel");
  const bar = element("progress", {id: "query-progress", hidden: ""});
  const text = element("span", {id: "query-progress-text", "aria-live": "polite"});
  const controls = new RunControls({bar, text, cancel, buttons: [button]});
  const output = element("div", {id: "query-output", "aria-live": "polite"});
  // The from clause follows the spot until the query is edited or an example chosen.
  let follows = true;
  const follow = () => { if (follows && spotPlayers().length) textarea.value = withSpot(textarea.value); };
  examples.addEventListener("change", () => {
    if (examples.value === "") return;
    textarea.value = EXAMPLES[Number(examples.value)][1];
    follows = false;
  });
  textarea.addEventListener("input", () => { follows = false; });
  fromSpot.addEventListener("click", () => { follows = true; textarea.value = withSpot(textarea.value); });
  button.addEventListener("click", () => run(textarea, output, controls));
  document.getElementById("spot").addEventListener("spotchange", follow);
  panel.addEventListener("tabshown", follow);
  panel.append(element("h2", {}, "Ask a question (PQL)"),
    element("p", {class: "hint"}, "select avg/count/max/min/histogram(expr) from game=…, hero=…, villain=…, board=… where …. The from clause starts from the spot: its game, players, board and dead cards."),
    textarea, element("div", {class: "query-actions"}, fromSpot, examples, button, cancel, bar, text), output);
  const shared = new URLSearchParams(location.hash.slice(1)).get("q");
  textarea.value = shared !== null ? shared : EXAMPLES[2][1];
  if (shared !== null) {  // a shared query: as it was written, in its tab, run
    follows = false;
    showTab("query");
    run(textarea, output, controls);
  }
}

build();
