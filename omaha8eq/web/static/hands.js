// The hand-history panel: drop a file, see the settlement check, the players' all-in
// adjusted EV and luck, and the cumulative chart. The file goes to the local server
// (POST /api/hands), is processed in memory there and never stored.

import { post } from "./api.js";

const panel = document.getElementById("hands-panel");
const SVG = "http://www.w3.org/2000/svg";

function el(tag, attrs = {}, text = "") {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (text) node.textContent = text;
  return node;
}

function money(x) {
  const r = Math.round(x * 100) / 100;
  return (r > 0 ? "+" : "") + r.toLocaleString(undefined, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}

function base64(buffer) {
  const bytes = new Uint8Array(buffer);
  let text = "";
  for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(text);
}

function table(header, rows) {
  const wrap = el("div", { class: "hands-scroll" }); // wide tables scroll on their own on a phone
  const t = wrap.appendChild(el("table"));
  const head = t.createTHead().insertRow();
  for (const h of header) head.appendChild(el("th", {}, h));
  const body = t.createTBody();
  for (const row of rows) {
    const tr = body.insertRow();
    row.forEach((cell, i) => tr.appendChild(el("td", i ? { class: "num" } : {}, cell)));
  }
  return wrap;
}

function chart(data) {
  const width = 640, height = 240, pad = 30;
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", `0 0 ${width} ${height}`);
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", `${data.player}: net won and all-in adjusted over ${data.hands} hands`);
  const all = data.net.concat(data.adjusted, [0]);
  const lo = Math.min(...all), hi = Math.max(...all), span = hi - lo || 1;
  const x = (i) => pad + (i / Math.max(data.net.length - 1, 1)) * (width - 2 * pad);
  const y = (v) => height - pad - ((v - lo) / span) * (height - 2 * pad);
  const line = (values, cls) => {
    const p = document.createElementNS(SVG, "polyline");
    p.setAttribute("points", values.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(" "));
    p.setAttribute("class", cls);
    svg.appendChild(p);
  };
  const zero = document.createElementNS(SVG, "line");
  Object.entries({ x1: pad, x2: width - pad, y1: y(0), y2: y(0), class: "zero" }).forEach(([k, v]) => zero.setAttribute(k, v));
  svg.appendChild(zero);
  line(data.net, "net");
  line(data.adjusted, "adjusted");
  return svg;
}

function show(result) {
  const out = panel.querySelector(".hands-results");
  out.replaceChildren();
  const s = result.summary;
  out.appendChild(el("p", {}, `Hands read: ${s.hands_read}, skipped: ${s.hands_skipped}. ` +
    `Pots checked: ${s.pots_checked}, differing from the site: ${s.pots_differing}. ` +
    `All-in hands adjusted: ${s.allin_hands}` + (s.monte_carlo_hands ? ` (${s.monte_carlo_hands} by Monte Carlo).` : " (exact).")));
  for (const d of result.differing) out.appendChild(el("p", { class: "warn" }, `Hand ${d.hand_id}: pot ${d.pot ?? "all"} differs from the site`));
  for (const k of result.skipped.slice(0, 10)) out.appendChild(el("p", { class: "hint" }, `Skipped line ${k.line}: ${k.reason}`));
  out.appendChild(table(["Player", "Unit", "Hands", "All-in", "Net won", "All-in EV", "Luck"],
    result.players.map((p) => [p.player, p.unit, String(p.hands), String(p.allin_hands), money(p.net), money(p.allin_ev_net), money(p.luck)])));
  if (result.chart && result.chart.net.length > 1) {
    out.appendChild(el("h3", {}, `${result.chart.player} (${result.chart.unit}): net won (green) and all-in adjusted (orange)`));
    out.appendChild(chart(result.chart));
  }
  const focus = result.focus && result.focus.player;
  if (focus && result.hands_by_luck.length) {
    out.appendChild(el("h3", {}, `${focus}'s all-in hands by luck`));
    out.appendChild(table(["Hand", "All-in on", "Net won", "All-in EV", "Luck"],
      result.hands_by_luck.map((h) => { const p = h.players[focus]; return [h.hand_id, h.allin_street || "", money(p.net), money(p.allin_ev_net), money(p.luck)]; })));
  }
}

async function send(file) {
  const status = panel.querySelector(".hands-status");
  status.textContent = `Reading ${file.name}...`;
  try {
    const player = panel.querySelector("#hands-player").value.trim() || undefined;
    const result = await post("api/hands", { data: base64(await file.arrayBuffer()), player });
    status.textContent = "";
    show(result);
  } catch (error) {
    status.textContent = error.message;
  }
}

if (panel) {
  panel.append(
    el("h2", { id: "hands-title" }, "Your hands: settlements and all-in luck"),
    el("p", { class: "hint" }, "Drop a hand-history file (PokerStars, Winamax, Winning Poker Network, partypoker, 888, Bovada) here, or choose one. " +
      "It is read by this computer's server, in memory, and never stored."),
  );
  const zone = el("label", { class: "hands-drop" }, "Drop a file or click to choose ");
  const input = el("input", { type: "file", id: "hands-file", accept: ".txt,.log,text/plain" });
  zone.appendChild(input);
  const who = el("label", {}, "Player (optional) ");
  who.appendChild(el("input", { id: "hands-player", spellcheck: "false", placeholder: "all players" }));
  panel.append(zone, who, el("p", { class: "hands-status", "aria-live": "polite" }), el("div", { class: "hands-results" }));
  input.addEventListener("change", () => input.files[0] && send(input.files[0]));
  zone.addEventListener("dragover", (e) => { e.preventDefault(); zone.classList.add("over"); });
  zone.addEventListener("dragleave", () => zone.classList.remove("over"));
  zone.addEventListener("drop", (e) => {
    e.preventDefault();
    zone.classList.remove("over");
    if (e.dataTransfer.files[0]) send(e.dataTransfer.files[0]);
  });
}
