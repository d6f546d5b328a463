// A tournament's public page: the published rounds' pairings on their tables (each table's live scoreboard and
// its QR code), the standings and the bracket, sent again as results arrive: read once, then subscribed to (each new
// version's changes, tournament-feed.js), or read again every few seconds where it cannot subscribe (?poll=MS asks
// for that). No key, no login.
import { t, language } from "./i18n.js";
import { el, fill } from "./umpire-view.js";
import { announcedText, matchSides, resultText, rubbersSoFar, standingsTable } from "./tournament-view.js";
import { applied, subscribe } from "./tournament-feed.js";

const eventId = location.pathname.split("/").filter(Boolean)[1];
const asked = Number(new URLSearchParams(location.search).get("poll"));
const view = (window.tournament = { state: null, etag: null, updates: 0, readings: 0, subscribed: false, every: asked || 5000 });
const TABS = ["pairings", "standings", "bracket"];

function show() {
  const on = TABS.includes(location.hash.slice(1)) ? location.hash.slice(1) : "pairings";
  for (const tab of TABS) {
    document.getElementById(tab).hidden = tab !== on;
    document.getElementById(`tab-${tab}`).classList.toggle("on", tab === on);
  }
}

function pairings(state) {
  if (!state.rounds.length) return el("p", {}, t("No round is published yet."));
  return [...state.rounds].reverse().map((r) => el("section", { class: "round", id: `round-${r.round}` }, [
    el("h2", {}, t("Round {n}", { n: r.round })),
    el("table", { class: "matches" }, [el("tbody", {}, r.matches.map((m) => el("tr", { id: `r${m.round}t${m.table}` }, [
      el("td", { class: "table-no", title: t("Table {table}", { table: m.table }) }, String(m.table)),
      el("td", {}, matchSides(m)),
      el("td", {}, [resultText(m), " ", announcedText(m), " ", rubbersSoFar(m)]),
      el("td", {}, m.scoreboard ? el("a", { href: m.scoreboard, class: "watch" }, t("Watch live"))
        : (m.rubbers || []).filter((r) => r.scoreboard).map((r) => el("div", {}, el("a", { href: r.scoreboard, class: "watch" }, t("Watch rubber {n} live", { n: r.rubber }))))),
      el("td", { class: "qr-cell" }, m.sides.length === 2 ? el("a", { href: `/api/t/${eventId}/qr/${m.round}/${m.table}.svg`, target: "_blank" },
        el("img", { class: "qr", alt: t("QR code of table {table}", { table: m.table }), src: `/api/t/${eventId}/qr/${m.round}/${m.table}.svg`, loading: "lazy" })) : ""),
    ])))]),
  ]));
}

function bracket(state) {
  if (!state.bracket.length) return el("p", {}, t("This tournament has no knockout stage yet."));
  return el("div", { class: "bracket" }, state.bracket.map((r) => el("div", { class: "col" }, [
    el("h3", {}, t("Round {n}", { n: r.round })),
    ...r.matches.map((m) => el("div", { class: "m" }, m.sides.map((names, i) => el("div", { class: m.result && m.result.winner === i + 1 ? "won" : "" }, [
      el("span", {}, names.join(" & ")), el("span", {}, m.result ? String(m.result.games.filter((g) => g[i] > g[1 - i]).length) : "")])))),
  ])));
}

function render(state) {
  view.state = state;
  view.updates += 1;
  fill("name", state.name);
  document.title = `${state.name} · carrom`;
  fill("pairings", pairings(state));
  fill("standings", [el("h2", {}, t("Standings")), standingsTable(state.standings)]);
  fill("bracket", [el("h2", {}, t("Bracket")), bracket(state)]);
  fill("updated", t("Updated {time}", { time: new Date().toLocaleTimeString(language()) }));
}

function shown(state, etag) {
  view.etag = etag;
  document.getElementById("error").hidden = true;
  fill("live", state_word(state));
  render(state);
}

async function poll() {
  try {
    view.readings += 1;
    // no-cache: asked every time with the validator held, so an unchanged view is a 304 without a body
    const answer = await fetch(`/api/t/${eventId}`, { cache: "no-cache" });
    const body = await answer.json();
    if (!answer.ok) throw new Error(body.error);
    shown(body, answer.headers.get("ETag"));
  } catch (exc) {
    const e = document.getElementById("error");
    e.textContent = t("The tournament cannot be read now: {error}", { error: exc.message });
    e.hidden = false;
  }
}
const state_word = (s) => (s.closed ? t("final") : t("live"));

function polling() {
  view.subscribed = false;
  setInterval(poll, view.every);
}

window.addEventListener("hashchange", show);
show();
await poll();
if (asked || !window.EventSource) polling();
else {
  view.subscribed = true;
  subscribe(`/api/t/${eventId}/feed`, view.etag, {
    whole: (state, etag) => shown(state, etag),
    // changes from another version than the one held (one missed meanwhile): read the view again
    changes: (patch, etag) => (patch.base === view.etag ? shown(applied(view.state, patch.ops), etag) : poll()),
    failed: polling,
  });
}
