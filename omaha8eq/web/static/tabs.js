// The spot's panels as tabs beside (wide screen) or below (phone) the spot form: the equity
// results with the counterfeit odds, the range explorer and the query box, each on the
// spot's board and players. WAI-ARIA tabs: a click or Enter chooses one, the arrow keys,
// Home and End move along them; the chosen tab's panel shows and gets a "tabshown" event.

const list = document.getElementById("panel-tabs");
const tabs = list ? [...list.querySelectorAll('[role="tab"]')] : [];

function panelOf(tab) {
  return document.getElementById(tab.getAttribute("aria-controls"));
}

// Show the tab named ``name`` (its data-tab) and hide the others' panels.
export function showTab(name, focus = false) {
  for (const tab of tabs) {
    const chosen = tab.dataset.tab === name;
    tab.setAttribute("aria-selected", String(chosen));
    tab.tabIndex = chosen ? 0 : -1;
    panelOf(tab).hidden = !chosen;
    if (chosen) {
      if (focus) tab.focus();
      panelOf(tab).dispatchEvent(new CustomEvent("tabshown"));
    }
  }
}

for (const [i, tab] of tabs.entries()) {
  tab.addEventListener("click", () => showTab(tab.dataset.tab));
  tab.addEventListener("keydown", (event) => {
    const to = { ArrowRight: i + 1, ArrowLeft: i - 1, Home: 0, End: tabs.length - 1 }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    showTab(tabs[(to + tabs.length) % tabs.length].dataset.tab, true);
  });
}
