// A tournament's public page: the published rounds' pairings on their tables (each table's live scoreboard and
// its QR code), the standings and the bracket, sent again as results arrive: read once, then subscribed to (each new
// version's changes, tournament-feed.js), or read again every few seconds where it cannot subscribe (?poll=MS asks
// for that). No key, no login. A table's QR code is the table's for the whole event (its table page,
// /t/EVENT/table/N): shown beside the current round only, and only where there is room for it (not on a phone), so
// a result fetches no image; the browser keeps each image a day (carrom.desk.table_code).
import { t, language } from "./i18n.js";
import { el, fill } from "./umpire-view.js";
import { announcedText, matchSides, resultText, rubbersSoFar, standingsTable } from "./tournament-view.js";
import { follow } from "./tournament-feed.js";

const eventId = location.pathname.split("/").filter(Boolean)[1];
const asked = Number(new URLSearchParams(location.search).get("poll"));
const view = (window.tournament = { state: null, etag: null, updates: 0, readings: 0, subscribed: false, every: asked || 5000 });
const TABS = ["pairings", "standings", "bracket"];
const roomy = window.matchMedia("(min-width: 601px)"); // the codes' column is hidden below (tournament.css)
const qrUrl = (table) => `/api/t/${eventId}/qr/table/${table}.svg`;

function show() {
  const on = TABS.includes(location.hash.slice(1)) ? location.hash.slice(1) : "pairings";
  for (const tab of TABS) {
    document.getElementById(tab).hidden = tab !== on;
    document.getElementById(`tab-${tab}`).classList.toggle("on", tab === on);
  }
}

function qrCell(m, current) {
  if (!current || !roomy.matches || m.sides.length !== 2) return el("td", { class: "qr-cell" });
  return el("td", { class: "qr-cell" }, el("a", { href: `/t/${eventId}/table/${m.table}`, target: "_blank" },
    el("img", { class: "qr", alt: t("QR code of table {table}", { table: m.table }), src: qrUrl(m.table), loading: "lazy" })));
}

function pairings(state) {
  if (!state.rounds.length) return el("p", {}, t("No round is published yet."));
  const current = Math.max(...state.rounds.map((r) => r.round));
  return [...state.rounds].reverse().map((r) => el("section", { class: "round", id: `round-${r.round}` }, [
    el("h2", {}, t("Round {n}", { n: r.round })),
    el("table", { class: "matches" }, [el("tbody", {}, r.matches.map((m) => el("tr", { id: `r${m.round}t${m.table}` }, [
      el("td", { class: "table-no", title: t("Table {table}", { table: m.table }) }, String(m.table)),
      el("td", {}, matchSides(m)),
      el("td", {}, [resultText(m), " ", announcedText(m), " ", rubbersSoFar(m)]),
      el("td", {}, m.scoreboard ? el("a", { href: m.scoreboard, class: "watch" }, t("Watch live"))
        : (m.rubbers || []).filter((r) => r.scoreboard).map((r) => el("div", {}, el("a", { href: r.scoreboard, class: "watch" }, t("Watch rubber {n} live", { n: r.rubber }))))),
      qrCell(m, r.round === current),
    ])))]),
  ]));
}

function bracket(state) {
  if (!state.bracket.length) return el("p", {}, t("This tournament has no knockout stage yet."));
  return el("div", { class: "bracket" }, state.bracket.map((r) => el("div", { class: "col" }, [
    el("h3", {}, t("Round {n}", { n: r.round })),
    ...r.matches.map((m) => el("div", { class: m.stage === "third" ? "m third" : "m" }, [
      ...(m.stage === "third" ? [el("div", { class: "stage" }, t("A match for third place"))] : []),  // beside the final
      ...m.sides.map((names, i) => el("div", { class: m.result && m.result.winner === i + 1 ? "won" : "" }, [
        el("span", {}, names.join(" & ")), el("span", {}, m.result ? String(m.result.games.filter((g) => g[i] > g[1 - i]).length) : "")]))])),
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

function unread(exc) {
  const e = document.getElementById("error");
  e.textContent = t("The tournament cannot be read now: {error}", { error: exc.message });
  e.hidden = false;
}
const state_word = (s) => (s.closed ? t("final") : t("live"));

window.addEventListener("hashchange", show);
roomy.addEventListener("change", () => view.state && render(view.state));
show();
await follow(eventId, view, { shown, unread, every: view.every, polling: Boolean(asked) });
