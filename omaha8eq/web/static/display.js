// How results read: greyed (with a note) as soon as the form changes or a run fails, the
// next-card table cleared when the board changes, and the four-colour deck option.

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
deckOption();
