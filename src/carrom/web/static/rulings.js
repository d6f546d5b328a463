// The play page's log: every action and its rulings, newest first, and the new ones read out by screen
// readers (an aria-live region) as the board shows them.

import { actionOf, esc, linesOf, rulingHtml } from "./say.js";

const $ = (id) => document.getElementById(id);

export function renderRulings(st) {
  $("rulings").innerHTML = st.log.slice().reverse().map((l) =>
    `<li value="${l.n}"><div>${esc(actionOf(l))}</div><div class="lines">${rulingHtml(l)}</div></li>`).join("");
}

export function announce(entries) {
  if (entries.length) $("announce").textContent = entries.map((l) => [actionOf(l), ...linesOf(l)].join(". ")).join(". ");
}
