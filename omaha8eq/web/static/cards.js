// Cards as the page types and shows them: "As", "A♠", "10h"; card = 4 * rank + suit
// (rank 0..12 = 2..A, suit 0..3 = c, d, h, s), as in the library. The server parses
// everything again: this only greys the picker and gives quick hints while typing.

export const RANKS = "23456789TJQKA";
export const SUITS = "cdhs";
export const SUIT_SYMBOLS = { c: "♣", d: "♦", h: "♥", s: "♠" };
const SYMBOL_SUITS = { "♣": "c", "♦": "d", "♥": "h", "♠": "s", "♧": "c", "♢": "d", "♡": "h", "♤": "s" };

export function cardText(card) {
  return RANKS[card >> 2] + SUITS[card & 3];
}

// The cards of a text made only of cards (separated by spaces or commas, or glued),
// or null when it holds anything else (a range, "random", a typo).
export function parseCards(text) {
  const cards = [];
  const rest = text.replace(/(10|[2-9tjqka])\s*([cdhs♣♦♥♠♧♢♡♤])/gi, (_, rank, suit) => {
    const r = RANKS.indexOf(rank === "10" ? "T" : rank.toUpperCase());
    const s = SUITS.indexOf(SYMBOL_SUITS[suit] || suit.toLowerCase());
    cards.push(4 * r + s);
    return " ";
  });
  return /^[\s,]*$/.test(rest) ? cards : null;
}

// What a player's text is: {kind: "cards", cards}, {kind: "random"}, {kind: "empty"} or {kind: "range"}.
export function classify(text) {
  const trimmed = text.trim();
  if (!trimmed) return { kind: "empty" };
  if (trimmed.toLowerCase() === "random") return { kind: "random" };
  const cards = parseCards(trimmed);
  return cards ? { kind: "cards", cards } : { kind: "range" };
}

// The 52-card picker: a grid of buttons, one row per suit; onPick(card) toggles a card
// in the current target. Arrow keys move between cards (one tab stop for the grid).
export function buildPicker(grid, onPick) {
  const buttons = [];
  for (let suit = 3; suit >= 0; suit--) {
    const row = document.createElement("div");
    row.setAttribute("role", "row");
    for (let rank = 12; rank >= 0; rank--) {
      const card = 4 * rank + suit;
      const button = document.createElement("button");
      button.type = "button";
      button.className = `card suit-${SUITS[suit]}`;
      button.dataset.card = cardText(card);
      button.setAttribute("role", "gridcell");
      button.setAttribute("aria-label", cardText(card));
      button.textContent = RANKS[rank] + SUIT_SYMBOLS[SUITS[suit]];
      button.tabIndex = buttons.length === 0 ? 0 : -1;
      button.addEventListener("click", () => onPick(card));
      row.append(button);
      buttons.push(button);
    }
    grid.append(row);
  }
  grid.addEventListener("keydown", (event) => {
    const moves = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -13, ArrowDown: 13 };
    const at = buttons.indexOf(document.activeElement);
    if (at < 0 || !(event.key in moves)) return;
    event.preventDefault();
    const next = buttons[(at + moves[event.key] + 52) % 52];
    buttons[at].tabIndex = -1;
    next.tabIndex = 0;
    next.focus();
  });
  return buttons;
}

// Grey the cards held elsewhere and mark those of the current target.
export function markPicker(buttons, usedElsewhere, inTarget) {
  for (const button of buttons) {
    const card = cardIndex(button.dataset.card);
    const taken = usedElsewhere.has(card);
    button.disabled = taken;
    button.classList.toggle("taken", taken);
    button.setAttribute("aria-pressed", String(inTarget.has(card)));
  }
}

function cardIndex(text) {
  return 4 * RANKS.indexOf(text[0]) + SUITS.indexOf(text[1]);
}

// A text with one card added or, if present, removed (cards written glued: "AsAh2c").
export function toggleCard(text, card) {
  const cards = parseCards(text.trim()) || [];
  const kept = cards.includes(card) ? cards.filter((c) => c !== card) : [...cards, card];
  return kept.map(cardText).join("");
}
