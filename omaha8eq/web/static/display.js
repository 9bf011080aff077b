// How results read: greyed (with a note) as soon as the form changes or a run fails, the
// next-card table cleared when the board changes, new results brought into view, a cue on
// every table that scrolls sideways, and the four-colour deck option.

const STALE_NOTE = "Out of date: the spot changed or the last run failed. Run again for new numbers.";
const DECK_KEY = "omaha8eq.fourColour";

function note(panel) {
  let element = panel.querySelector(":scope > .stale-note");
  if (!element) {
    element = document.createElement("p");
    element.className = "stale-note";
    element.setAttribute("role", "status");
    element.textContent = STALE_NOTE;
    panel.prepend(element);
  }
  return element;
}

// Grey a results panel that shows numbers (nothing to grey in an empty one).
export function markStale(panel) {
  if (!panel || panel.hidden || !panel.textContent.trim()) return;
  note(panel);
  panel.classList.add("stale");
}

// A panel that was just drawn from a new result.
export function markFresh(panel) {
  if (panel) panel.classList.remove("stale");
}

// The spot changed (a typed or picked card, a removed player: ``element`` is the field or
// the player's row): grey the equity results (one board or several); a new board also clears the next-card table,
// whose cards came after the old one, and greys the counterfeit report.
export function spotChanged(element) {
  markStale(document.querySelector("#results"));
  markStale(document.querySelector("#boards-results"));
  if (element && ["board", "dead"].includes(element.id)) markStale(document.querySelector("#cf-results"));
  if (element && element.id === "board") {
    const next = document.querySelector("#next-cards");
    if (next) next.replaceChildren();
  }
}

// A panel just drawn: scrolled to when its top is out of sight (on a phone, below the form).
export function bringIntoView(panel) {
  const top = panel.getBoundingClientRect().top;
  if (top < 0 || top > window.innerHeight - 120) panel.scrollIntoView({ block: "start" });
}

// A table wider than its box scrolls inside it (display.css): a button at the top of the box,
// held in sight as it scrolls, names the columns out of sight on the right, and a click on
// it scrolls them into view. The first columns (the hand, equity, scoop, each board) are
// the ones a phone shows whole. The button is inside the box: it changes the box's height,
// never its width, so showing it cannot change which columns fit.
function hiddenColumns(box) {
  const right = box.getBoundingClientRect().right;
  const head = box.querySelector("thead tr") || box.querySelector("tr");
  if (!head || box.scrollWidth - box.clientWidth - box.scrollLeft < 2) return [];
  return [...head.children].filter((th) => th.getBoundingClientRect().right > right + 1)
    .map((th) => th.textContent.trim()).filter(Boolean);
}

// Scroll the first column cut on the right to just after the pinned first column.
function revealNext(box) {
  const head = [...(box.querySelector("thead tr") || box.querySelector("tr")).children];
  const right = box.getBoundingClientRect().right;
  const cut = head.find((th) => th.getBoundingClientRect().right > right + 1);
  if (cut) box.scrollBy({ left: cut.getBoundingClientRect().left - head[0].getBoundingClientRect().right });
}

function updateScrollCues() {
  for (const box of document.querySelectorAll(".scroll")) {
    let cue = box.querySelector(":scope > .scroll-cue");
    const hidden = hiddenColumns(box);
    box.classList.toggle("more-right", hidden.length > 0);  // a class: not watched, no loop
    if (!cue) {
      if (!hidden.length) continue;
      cue = document.createElement("button");
      cue.type = "button";
      cue.className = "scroll-cue";
      cue.addEventListener("click", () => revealNext(box));
      box.prepend(cue);
    }
    const text = hidden.length ? `More: ${hidden.join(", ")} →` : "";
    if (cue.textContent !== text) cue.textContent = text;
    if (cue.hidden !== !hidden.length) cue.hidden = !hidden.length;
  }
}

function watchScrolling() {
  let pending = false;
  const update = () => {
    if (pending) return;
    pending = true;
    requestAnimationFrame(() => { pending = false; updateScrollCues(); });
  };
  // New tables, shown panels and tabs, a turned phone, a table scrolled by a finger.
  new MutationObserver(update).observe(document.querySelector("main"),
    { childList: true, subtree: true, attributes: true, attributeFilter: ["hidden"] });
  window.addEventListener("resize", update);
  document.addEventListener("scroll", (event) => {
    if (event.target instanceof Element && event.target.classList.contains("scroll")) update();
  }, true);
}

function watchForm() {
  // The options (game, method, samples...) change the numbers too ("input" fires for
  // selects and boxes as well; "change" would fire again on leaving a field already run).
  document.querySelector("#spot").addEventListener("input", (event) => spotChanged(event.target));
  const counterfeit = document.querySelector("#cf-results");
  document.querySelector("#counterfeit-form").addEventListener("input", () => markStale(counterfeit));
}

function deckOption() {
  const label = document.createElement("label");
  label.className = "deck-option";
  const box = document.createElement("input");
  box.type = "checkbox";
  box.id = "four-colour";
  box.checked = localStorage.getItem(DECK_KEY) === "1";
  label.append(box, " Four-colour deck");
  const apply = () => {
    document.documentElement.classList.toggle("four-colour", box.checked);
    localStorage.setItem(DECK_KEY, box.checked ? "1" : "0");
  };
  box.addEventListener("change", apply);
  apply();
  document.querySelector("header").prepend(label);
}

watchForm();
watchScrolling();
deckOption();
