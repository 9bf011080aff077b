// The page: the spot form (players, board, dead cards, card picker, method), the spot
// in the address bar, live checks while typing, runs with progress and Cancel, results.

import { ApiError, post } from "./api.js";
import { buildPicker, cardText, classify, markPicker, toggleCard } from "./cards.js";
import { bringIntoView, markFresh, markStale, spotChanged } from "./display.js";
import { RunControls } from "./progress.js";
import { showCounterfeit, showEquity } from "./results.js";
import { showTab } from "./tabs.js";

const $ = (selector) => document.querySelector(selector);
const MIN_PLAYERS = 2;
const MAX_PLAYERS = 11; // the deck's limit for 4 cards (the server checks each size)
const CHECK_DELAY_MS = 250;

const form = $("#spot");
const playerList = $("#players");
const fields = { board: $("#board"), dead: $("#dead") };
let target = "1"; // the field the picker fills: a player's number, "board" or "dead"
let pickerButtons = [];
// The form's runs (equity, counterfeit): its progress bar and Cancel button (Esc too).
const controls = new RunControls({
  bar: $("#progress"), text: $("#progress-text"), cancel: $("#cancel"), buttons: [$("#run"), $("#cf-run")],
});

function playerInputs() {
  return [...playerList.querySelectorAll("input.hand")];
}

function targetInput() {
  return fields[target] || playerInputs()[Number(target) - 1] || playerInputs()[0];
}

// The game selector names the game (omaha8eq.games); its option says the hole cards dealt.
function holeSize() {
  return Number($("#game").selectedOptions[0].dataset.hole);
}

// ----- players -----

// The controls of every card field (a player's, the board's, the dead cards'), put after
// its input: Pick, which points the picker at the field (``name()``: its name at the
// click, as players are renumbered), and the status line its quick check is written to.
function addCardControls(input, name) {
  const pick = document.createElement("button");
  Object.assign(pick, { type: "button", className: "pick", textContent: "Pick" });
  pick.setAttribute("aria-controls", "picker");
  pick.addEventListener("click", () => { setTarget(name()); input.focus(); });
  const status = document.createElement("span");
  status.className = "status";
  status.setAttribute("aria-live", "polite");
  input.after(pick);
  input.parentElement.append(status);
}

function addPlayer(text = "") {
  const li = document.createElement("li");
  const number = playerList.children.length + 1;
  li.dataset.player = String(number);
  li.innerHTML = `
    <label class="visually-hidden" for="player-${number}">Player ${number}</label>
    <input class="hand" id="player-${number}" spellcheck="false" placeholder="hand, range or random">
    <button type="button" class="random" title="a random hand">Random</button>
    <button type="button" class="remove" aria-label="Remove player ${number}">✕</button>`;
  const input = li.querySelector("input");
  addCardControls(input, () => li.dataset.player);
  input.value = text;
  input.addEventListener("input", () => changed(input));
  input.addEventListener("focus", () => setTarget(li.dataset.player));
  li.querySelector(".random").addEventListener("click", () => { input.value = "random"; changed(input); });
  li.querySelector(".remove").addEventListener("click", () => removePlayer(li));
  playerList.append(li);
  renumber();
  return input;
}

function removePlayer(li) {
  if (playerList.children.length <= MIN_PLAYERS) return;
  li.remove();
  spotChanged(li);
  renumber();
  setTarget("1");
  refresh();
}

function renumber() {
  [...playerList.children].forEach((li, i) => {
    li.dataset.player = String(i + 1);
    li.querySelector("label").textContent = `Player ${i + 1}`;
    li.querySelector(".remove").setAttribute("aria-label", `Remove player ${i + 1}`);
    li.querySelector(".remove").disabled = playerList.children.length <= MIN_PLAYERS;
  });
  $("#add-player").disabled = playerList.children.length >= MAX_PLAYERS;
}

// ----- the picker and the checks while typing -----

function setTarget(name) {
  target = name;
  $("#picking").textContent = fields[name] ? `for the ${name === "board" ? "board" : "dead cards"}` : `for player ${name}`;
  refresh();
}

function cardsOf(input) {
  const kind = classify(input.value);
  return kind.kind === "cards" ? kind.cards : [];
}

// Grey the cards in use elsewhere; show each field's quick check; put the spot in the URL.
function refresh() {
  const all = [...playerInputs(), fields.board, fields.dead];
  const mine = targetInput();
  const owners = new Map();
  for (const input of all) for (const card of cardsOf(input)) owners.set(card, [...(owners.get(card) || []), input]);
  const elsewhere = new Set([...owners].filter(([, inputs]) => inputs.some((i) => i !== mine)).map(([c]) => c));
  markPicker(pickerButtons, elsewhere, new Set(cardsOf(mine)));
  for (const input of all) {
    const dupes = cardsOf(input).filter((c) => owners.get(c).length > 1);
    if (dupes.length) setStatus(input, `${dupes.map(cardText).join(" ")} used twice`, "error");
    else if (classify(input.value).kind !== "range") setStatus(input, quickCheck(input), "");
  }
  saveSpot();
}

function quickCheck(input) {
  const kind = classify(input.value);
  if (kind.kind === "random") return "a random hand";
  if (kind.kind !== "cards") return "";
  const n = kind.cards.length;
  if (input === fields.dead) return n ? `${n} dead` : "";
  if (input === fields.board) return [0, 3, 4, 5].includes(n) ? "" : "a board has 3, 4 or 5 cards";
  return n === holeSize() ? "" : `${n} of ${holeSize()} cards`;
}

function statusOf(input) {
  return input.closest("li, .card-field").querySelector(".status");
}

function setStatus(input, text, kind) {
  const status = statusOf(input);
  status.textContent = text;
  status.className = `status ${kind}`;
  input.setAttribute("aria-invalid", String(kind === "error"));
}

const checks = new WeakMap(); // input -> {timer, controller}: the pending range check

function changed(input) {
  spotChanged(input);
  refresh();
  if (input.classList.contains("hand") && classify(input.value).kind === "range") checkRange(input);
}

// Validate a range on the server as it is typed: its number of hands, or the error and where.
function checkRange(input) {
  const pending = checks.get(input);
  if (pending) { clearTimeout(pending.timer); pending.controller.abort(); }
  const controller = new AbortController();
  setStatus(input, "checking…", "");
  const timer = setTimeout(async () => {
    try {
      const hand = Number(input.closest("li").dataset.player);
      const range = await post("api/range", { expression: input.value, hole_size: holeSize(), list: 0, hand },
        controller.signal);
      setStatus(input, `${range.hands.toLocaleString()} hands (${(100 * range.share).toFixed(2)}%)`, "ok");
    } catch (error) {
      if (error.name === "AbortError") return;
      // The server counts positions from 1, as its message does.
      const where = error.details && error.details.position !== undefined ? error.details.position - 1 : null;
      setStatus(input, error.message, "error");
      if (where !== null && document.activeElement !== input) input.setSelectionRange(where, where + 1);
    }
  }, CHECK_DELAY_MS);
  checks.set(input, { timer, controller });
}

function pick(card) {
  const input = targetInput();
  if (classify(input.value).kind === "range" || classify(input.value).kind === "random") input.value = "";
  input.value = toggleCard(input.value, card);
  changed(input);
}

// ----- the spot in the address bar -----

const OPTIONS = { game: "#game", m: "#method", n: "#samples", s: "#seed", e: "#stderr" };

// A link saved before the game selector: k (hole cards) and g ("hilo" or "high").
function legacyGame(params) {
  const size = params.get("k") || "4";
  return `${params.get("g") === "high" ? "omahahi" : "omaha8"}${size === "4" ? "" : size}`;
}

function saveSpot() {
  const params = new URLSearchParams();
  for (const input of playerInputs()) params.append("p", input.value);
  if (fields.board.value) params.set("b", fields.board.value);
  if (fields.dead.value) params.set("d", fields.dead.value);
  for (const [key, selector] of Object.entries(OPTIONS)) {
    const element = $(selector);
    if (element.value && element.value !== element.querySelector?.("option")?.value) params.set(key, element.value);
  }
  if ($("#by-next-card").checked) params.set("nc", "1");
  if ($("#board2").value) params.set("b2", $("#board2").value);  // double board (boards.js)
  if ($("#run-twice").checked) params.set("rt", "1");
  history.replaceState(null, "", `?${params}${location.hash}`);  // the hash: the query box's #q=
  form.dispatchEvent(new CustomEvent("spotchange"));  // the explorer and the query box follow the spot
}

function loadSpot() {
  const params = new URLSearchParams(location.search);
  const players = params.getAll("p");
  while (players.length < MIN_PLAYERS) players.push("");
  players.slice(0, MAX_PLAYERS).forEach((text) => addPlayer(text));
  fields.board.value = params.get("b") || "";
  fields.dead.value = params.get("d") || "";
  if (params.has("k") || params.has("g")) $("#game").value = legacyGame(params);
  for (const [key, selector] of Object.entries(OPTIONS)) if (params.has(key)) $(selector).value = params.get(key);
  if (!$("#game").value) $("#game").selectedIndex = 0;  // a name that is not a game
  $("#by-next-card").checked = params.get("nc") === "1";
  $("#board2").value = params.get("b2") || "";
  $("#run-twice").checked = params.get("rt") === "1";
  for (const input of playerInputs()) if (classify(input.value).kind === "range") checkRange(input);
  return players.filter((p) => p.trim()).length >= MIN_PLAYERS;
}

// ----- running -----

function showMessage(text) {
  const message = $("#message");
  message.textContent = text;
  message.hidden = !text;
  if (text) for (const panel of [$("#results"), $("#boards-results"), $("#cf-results")]) markStale(panel);  // never old numbers as new
}

// A number field: null when empty; the server checks the rest (a fraction where a count
// belongs, a negative seed). Integers must survive JSON: JavaScript holds them up to 2**53.
function optionalNumber(selector, name) {
  const text = $(selector).value.trim().replace(/[,_ ]/g, "");
  if (!text) return null;
  const value = Number(text);
  if (!Number.isFinite(value)) throw new ApiError(`${name}: expected a number, got '${$(selector).value}'`);
  if (Number.isInteger(value) && !Number.isSafeInteger(value)) {
    throw new ApiError(`${name}: at most ${Number.MAX_SAFE_INTEGER} on this page, got ${text}`);
  }
  return value;
}

function equityRequest() {
  return {
    players: playerInputs().map((i) => i.value),
    board: fields.board.value,
    dead: fields.dead.value,
    game: $("#game").value,
    method: $("#method").value,
    samples: optionalNumber("#samples", "samples"),
    seed: optionalNumber("#seed", "seed"),
    stderr_target: optionalNumber("#stderr", "stderr_target"),
    by_hand: true,
    by_next_card: $("#by-next-card").checked,
  };
}

// Run a job of the form; its answer goes to the equity tab, shown and brought into view.
async function runJob(kind, request, show) {
  if (controls.busy) return;
  showMessage("");
  showTab("equity");
  try {
    const status = await controls.run(kind, request);
    if (status) await show(status.result);
    else showMessage("Cancelled.");
  } catch (error) {
    showMessage(error.message);
  }
}

const resultParts = {
  summary: $("#summary"), table: $("#equity-table"), bars: $("#share-bars"), ranges: $("#ranges"),
  nextCards: $("#next-cards"),
};

function runEquity() {
  let request;
  try {
    request = equityRequest();
  } catch (error) {
    showMessage(error.message);
    return;
  }
  runJob("equity", request, async (result) => {
    await showEquity(resultParts, result);
    $("#results").hidden = false;
    $("#boards-results").hidden = true;
    markFresh($("#results"));
    bringIntoView($("#results"));  // on a phone the form fills the screen: the answer comes up
  });
}

function runCounterfeit() {
  const hand = $("#cf-hand").value.trim() || playerInputs()[0].value;
  $("#cf-hand").value = hand;
  const opponents = $("#cf-vs").checked
    ? playerInputs().slice(1).map((i) => i.value.trim()).filter((t) => t && t.toLowerCase() !== "random")
    : [];
  runJob("counterfeit", { hand, board: fields.board.value, dead: fields.dead.value, opponents },
    (report) => { showCounterfeit($("#cf-results"), report); markFresh($("#cf-results")); bringIntoView($("#cf-results")); });
}

// ----- wiring -----

pickerButtons = buildPicker($("#picker"), pick);
$("#add-player").addEventListener("click", () => { const input = addPlayer(); setTarget(String(playerInputs().length)); input.focus(); });
for (const [name, input] of Object.entries(fields)) {
  input.addEventListener("input", () => changed(input));
  input.addEventListener("focus", () => setTarget(name));
  addCardControls(input, () => name);
}
$("#game").addEventListener("change", () => playerInputs().forEach(changed));
for (const selector of ["#game", "#method", "#samples", "#seed", "#stderr", "#by-next-card", "#run-twice"]) {
  $(selector).addEventListener("change", saveSpot);
}
$("#board2").addEventListener("input", saveSpot);
form.addEventListener("submit", (event) => { event.preventDefault(); runEquity(); });
$("#counterfeit-form").addEventListener("submit", (event) => { event.preventDefault(); runCounterfeit(); });

const ready = loadSpot();
setTarget("1");
// A link's spot runs as if Run were pressed, once every module is loaded: a link with a
// second board or run it twice goes to boards.js (its submit listener), the rest here.
if (ready) document.addEventListener("DOMContentLoaded", () => form.requestSubmit(), { once: true });
