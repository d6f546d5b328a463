// The play page's log: every action and its rulings, newest first, and the new ones read out by screen readers (an
// aria-live region) as the board shows them, in the players' words (say.js). A ruling's law is a button: a tap (or
// hover) shows the law's meaning under it, here and in the replay's lists.

import { actionWords, citedLines, logHtml } from "./say.js";

const $ = (id) => document.getElementById(id);

export function renderRulings(st) {
  $("rulings").innerHTML = logHtml(st);
}

export function announce(entries, st) {
  if (entries.length) $("announce").textContent = entries.map((l) => [st ? actionWords(l, st) : l.action, ...(st ? citedLines(l, st) : l.lines)].join(". ")).join(". ");
}

// a law cited in a list of rulings: its meaning shown or hidden under it
document.addEventListener("click", (ev) => {
  const button = ev.target.closest("button.law-cite"), meaning = button && button.closest(".line").querySelector("small.law");
  if (!meaning) return;
  meaning.hidden = !meaning.hidden;
  button.setAttribute("aria-expanded", meaning.hidden ? "false" : "true");
});
