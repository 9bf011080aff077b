// The query box: a query of the query language (PQL), its result table and histogram bars.
// POST /api/query (omaha8eq/web/query_routes.py); the query is kept in the URL (#q=...) to share.

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

async function run(textarea, output, button) {
  const text = textarea.value;
  history.replaceState(null, "", "#q=" + encodeURIComponent(text));
  button.disabled = true;
  output.replaceChildren(element("p", {class: "hint"}, "running…"));
  try {
    const response = await fetch("api/query", {method: "POST", headers: {"Content-Type": "application/json"},
      body: JSON.stringify({query: text})});
    const document_ = await response.json();
    if (response.ok) showResult(output, document_);
    else showError(output, text, document_);
  } catch (error) {
    showError(output, text, {error: String(error)});
  } finally {
    button.disabled = false;
  }
}

function build() {
  if (!panel) return;
  const textarea = element("textarea", {id: "query-text", rows: "4", spellcheck: "false", "aria-label": "query"});
  const examples = element("select", {id: "query-examples", "aria-label": "examples"},
    element("option", {value: ""}, "Examples…"));
  EXAMPLES.forEach(([label], i) => examples.append(element("option", {value: String(i)}, label)));
  const button = element("button", {type: "button", id: "query-run"}, "Run query");
  const output = element("div", {id: "query-output", "aria-live": "polite"});
  examples.addEventListener("change", () => {
    if (examples.value !== "") textarea.value = EXAMPLES[Number(examples.value)][1];
  });
  button.addEventListener("click", () => run(textarea, output, button));
  panel.append(element("h2", {}, "Ask a question (PQL)"),
    element("p", {class: "hint"}, "select avg/count/max/min/histogram(expr) from game=…, players=… where …"),
    textarea, element("div", {class: "query-actions"}, examples, button), output);
  const shared = new URLSearchParams(location.hash.slice(1)).get("q");
  textarea.value = shared !== null ? shared : EXAMPLES[2][1];
  if (shared !== null) run(textarea, output, button);
}

build();
