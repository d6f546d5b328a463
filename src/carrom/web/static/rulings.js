// The play page's log: every action and its rulings, newest first, and the new ones read out by screen
// readers (an aria-live region) as the board shows them.

import { actionWords, logHtml, plain } from "./say.js";
import { said } from "./i18n.js";

const $ = (id) => document.getElementById(id);

export function renderRulings(st) {
  $("rulings").innerHTML = logHtml(st);
}

export function announce(entries, st) {
  const lines = (l) => (l.said && st ? l.said.lines.map((m) => said(plain(m, st))) : l.lines);
  if (entries.length) $("announce").textContent = entries.map((l) => [st ? actionWords(l, st) : l.action, ...lines(l)].join(". ")).join(". ");
}
