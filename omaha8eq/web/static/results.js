// Drawing the results: the equity table with its hi-lo breakdown, the pot-share bars,
// each range's per-hand table and distribution graph, the next-card table, the
// counterfeit report. Every number cell keeps the exact value in data-value.

import { get } from "./api.js";
import { distributionGraph } from "./graph.js";

export function percent(value, digits = 2) {
  return value === null || value === undefined ? "n/a" : `${(100 * value).toFixed(digits)}%`;
}

function node(name, attributes = {}, ...children) {
  const element = document.createElement(name);
  for (const [key, value] of Object.entries(attributes)) {
    if (key === "class") element.className = value;
    else if (key === "text") element.textContent = value;
    else element.setAttribute(key, value);
  }
  element.append(...children);
  return element;
}

function numberCell(field, value, digits = 2) {
  return node("td", { "data-field": field, "data-value": String(value), text: percent(value, digits) });
}

// A table whose columns sort on a click (or Enter) on their header: columns are
// {key, label, format?}; rows are objects. Numbers sort largest first on the first click.
export function sortableTable(columns, rows, caption) {
  const table = node("table", { class: "sortable" });
  if (caption) table.append(node("caption", { text: caption }));
  const head = node("tr");
  const body = node("tbody");
  let sortedBy = null, descending = true;
  const draw = () => {
    body.replaceChildren(...rows.map((row) => node("tr", {}, ...columns.map((c) =>
      c.format ? numberCell(c.key, row[c.key], c.digits) : node("td", { "data-field": c.key, text: row[c.key] ?? "" })))));
  };
  for (const column of columns) {
    const button = node("button", { type: "button", text: column.label });
    const th = node("th", { scope: "col", "aria-sort": "none" }, button);
    button.addEventListener("click", () => {
      descending = sortedBy === column.key ? !descending : column.format !== undefined;
      sortedBy = column.key;
      const sign = descending ? -1 : 1;
      rows = [...rows].sort((a, b) => {
        const x = a[column.key], y = b[column.key];
        return sign * (typeof x === "number" ? x - y : String(x).localeCompare(String(y)));
      });
      for (const other of head.children) other.setAttribute("aria-sort", "none");
      th.setAttribute("aria-sort", descending ? "descending" : "ascending");
      draw();
    });
    head.append(th);
  }
  table.append(node("thead", {}, head), body);
  draw();
  return table;
}

// The equity tables' figures as the server lists them (GET api/columns, web/columns.py:
// the library's figures in the page's order, each with its heading, its digits and the
// tables that show it). Asked once, when the page loads; a failure is reported by the
// first table that needs them, and the next one asks again.
let columnsAsked = null;
function equityColumns() {
  columnsAsked ??= get("api/columns").then((answer) => answer.columns, (error) => {
    columnsAsked = null;
    throw error;
  });
  return columnsAsked;
}
equityColumns().catch(() => {});

// A player's hand; a range marked with its size, so that a mistyped hand cannot pass for one.
function handCell(player) {
  const cell = node("td", { "data-field": "hand", text: player.hand });
  const size = player.range_hands;
  if (size) cell.append(" ", node("small", { text: `(range, ${size.toLocaleString()} hand${size === 1 ? "" : "s"})` }));
  return cell;
}

// The players' table of an equity result (each board's part of a double board's too).
export async function equityTable(table, result) {
  playersTable(table, result, await equityColumns());
}

function playersTable(table, result, figures) {
  const columns = figures.filter((c) => c.players);
  const head = node("tr", {}, node("th", { scope: "col", text: "Player" }), node("th", { scope: "col", text: "Hand" }),
    ...columns.map((c) => node("th", { scope: "col", text: c.heading })));
  const rows = result.players.map((player, i) => {
    const cells = columns.map((c) => numberCell(c.key, player[c.key], c.digits));
    if (!result.exhaustive) cells[0].append(node("small", { text: ` ±${percent(player.equity_stderr, 2)}` }));
    if (player.exact) cells[0].title = `exactly ${player.exact.equity}`;
    return node("tr", { "data-player": String(i + 1) }, node("th", { scope: "row", text: String(i + 1) }),
      handCell(player), ...cells);
  });
  table.replaceChildren(node("thead", {}, head), node("tbody", {}, ...rows));
}

// Each player's pot shares as one stacked bar: the whole pot, 3/4, 1/2, 1/4, other, nothing.
function shareBars(container, result) {
  const bars = result.players.map((player, i) => {
    const bar = node("div", { class: "bar", role: "img" });
    const parts = [];
    for (const [share, frequency] of Object.entries(player.shares)) {
      if (share === "0" || frequency <= 0) continue;
      const known = ["1", "3/4", "1/2", "1/4"].includes(share) ? share.replace("/", "-") : "other";
      const segment = node("span", { class: `share share-${known}`, title: `${share} of the pot: ${percent(frequency)}` });
      segment.style.width = `${100 * frequency}%`;
      if (frequency >= 0.08) segment.textContent = percent(frequency, 0);  // the number, where it fits
      bar.append(segment);
      parts.push(`${share} of the pot ${percent(frequency, 1)}`);
    }
    bar.setAttribute("aria-label", `Player ${i + 1}: ${parts.join(", ") || "never wins"}`);
    const numbers = node("span", { class: "bar-numbers", text: `equity ${percent(player.equity, 1)}, scoop ${percent(player.scoop, 1)}` });
    return node("div", { class: "bar-row" }, node("span", { class: "bar-label", text: `${i + 1}. ${player.hand}` }), bar, numbers);
  });
  const legend = node("p", { class: "legend" }, ...[["1", "whole pot"], ["3-4", "3/4"], ["1-2", "half"],
    ["1-4", "quarter"], ["other", "other share"]].map(([key, label]) =>
    node("span", {}, node("span", { class: `swatch share-${key}` }), ` ${label} `)));
  container.replaceChildren(node("h3", { text: "Pot shares" }), ...bars, legend);
}

function rangeSections(container, result, figures) {
  const numbers = figures.filter((c) => c.hands)
    .map((c) => ({ key: c.key, label: c.heading, format: true, digits: c.digits }));
  const sections = [];
  result.players.forEach((player, i) => {
    if (!player.by_hand) return;
    const shown = player.by_hand.length;
    const note = shown < player.by_hand_total
      ? `the best ${shown / 2} and the worst ${shown / 2} of ${player.by_hand_total.toLocaleString()} hands`
      : `${player.by_hand_total.toLocaleString()} hands`;
    const columns = [{ key: "hand", label: "Hand" }, ...numbers.filter((c) => c.key in player.by_hand[0])];
    const deciles = player.equity_distribution.deciles.map((d) => percent(d, 1)).join(", ");
    sections.push(node("section", { class: "range", "data-player": String(i + 1) },
      node("h3", { text: `Player ${i + 1}: ${player.hand}` }),
      node("div", { class: "range-body" },
        node("figure", {}, distributionGraph(player.equity_distribution, `Player ${i + 1}`),
          node("figcaption", { text: `Equity distribution. Deciles: ${deciles}.` })),
        node("div", { class: "scroll hands" }, sortableTable(columns, player.by_hand, `Per hand: ${note}`)))));
  });
  container.replaceChildren(...sections);
}

function nextCards(container, result) {
  if (!result.by_next_card) {
    container.replaceChildren();
    return;
  }
  const rows = result.by_next_card.map((c) => ({
    card: c.card, frequency: c.frequency, equity_1: c.equity[0], equity_2: c.equity[1], scoop_1: c.scoop[0],
    scoop_2: c.scoop[1],
  }));
  const columns = [
    { key: "card", label: "Card" }, { key: "frequency", label: "Comes", format: true },
    { key: "equity_1", label: "Equity 1", format: true }, { key: "equity_2", label: "Equity 2", format: true },
    { key: "scoop_1", label: "Scoop 1", format: true }, { key: "scoop_2", label: "Scoop 2", format: true },
  ];
  container.replaceChildren(node("h3", { text: "Equity by next card" }),
    node("div", { class: "scroll hands" }, sortableTable(columns, rows, "Best card for player 1 first")));
}

export async function showEquity(parts, result) {
  const figures = await equityColumns();  // first: nothing is drawn when they cannot be had
  const method = result.exhaustive ? "exact" : `Monte Carlo, seed ${result.seed}`;
  const target = result.target_met === null ? "" : result.target_met ? ", target met" : ", target not met";
  const low = result.hilo ? `; no low ${percent(result.nobody_low)}` : "; high only";
  parts.summary.textContent = `${result.board ? `Board ${result.board}` : "Preflop"}${result.dead ? `, dead ${result.dead}` : ""}: ` +
    `${method}${target}, ${result.outcomes.toLocaleString()} ${result.exhaustive ? "outcomes" : "samples"}` +
    `${low}; ${result.elapsed.toFixed(2)} s`;
  parts.summary.dataset.method = result.exhaustive ? "exact" : "monte-carlo";
  playersTable(parts.table, result, figures);
  shareBars(parts.bars, result);
  rangeSections(parts.ranges, result, figures);
  nextCards(parts.nextCards, result);
}

const CF_ROWS = [
  ["p_counterfeit", "Counterfeited"], ["p_low", "Low"], ["p_nut_low", "Nut low"],
  ["p_low_if_counterfeited", "Low if counterfeited"], ["p_nut_low_if_counterfeited", "Nut low if counterfeited"],
  ["equity", "Equity"], ["equity_if_counterfeited", "Equity if counterfeited"],
  ["equity_if_not_counterfeited", "Equity if not counterfeited"],
];

export function showCounterfeit(container, report) {
  const facts = [`${report.hand} on ${report.board || "no board"} (${report.street}), ${report.runouts.toLocaleString()} runouts`];
  if (report.low) facts.push(`low now ${report.low.text}${report.low_is_nut ? ", the nuts" : ""}`);
  if (report.low_cards) facts.push(`low cards ${report.low_cards}`);
  if (report.reason) facts.push(report.reason);
  const rows = CF_ROWS.filter(([key]) => report[key] !== null).map(([key, label]) =>
    node("tr", {}, node("th", { scope: "row", text: label }), numberCell(key, report[key]),
      node("td", { text: report.exact[key] })));
  const parts = [node("p", { text: facts.join("; ") }),
    node("table", { id: "cf-table" }, node("tbody", {}, ...rows))];
  if (report.next_cards.length) {
    const next = report.next_cards.map((c) => ({
      card: c.card, counterfeits: c.counterfeits ? "yes" : "", low: c.low ? c.low.text : "none",
      nut_low: c.nut_low ? "yes" : "",
    }));
    const columns = [{ key: "card", label: "Next card" }, { key: "counterfeits", label: "Counterfeits" },
      { key: "low", label: "Low" }, { key: "nut_low", label: "Nut low" }];
    parts.push(node("div", { class: "scroll hands" }, sortableTable(columns, next, "What each next card does")));
  }
  container.replaceChildren(...parts);
}
