// A table's page, where its QR code leads (the same code for the whole event, carrom.desk.table_code): what is on
// this table now, the current round's match: "waiting for the toss" until an umpire's tablet runs it, then its live
// scoreboard, then its result; the next round's match as soon as the round is published. The event's public view,
// read once and then subscribed to (tournament-feed.js), or read again every few seconds where it cannot subscribe.
import { t, language } from "./i18n.js";
import { el, fill } from "./umpire-view.js";
import { matchSides, resultText, announcedText } from "./tournament-view.js";
import { follow } from "./tournament-feed.js";

const [, , eventId, , tableNo] = location.pathname.split("/");
const table = Number(tableNo);
const view = (window.tableView = { state: null, etag: null, updates: 0, board: null });
document.getElementById("all").href = `/t/${eventId}`;

// the current round's match on this table, and the round (null: no round published yet)
function onTable(state) {
  if (!state.rounds.length) return { round: null, match: null };
  const round = state.rounds.reduce((a, b) => (b.round > a.round ? b : a));
  return { round: round.round, match: round.matches.find((m) => m.table === table) || null };
}

function scoreboardOf(m) {
  if (m.scoreboard) return m.scoreboard;
  const live = (m.rubbers || []).filter((r) => r.scoreboard);
  return live.length ? live[live.length - 1].scoreboard : null;
}

function render(state) {
  view.state = state;
  view.updates += 1;
  fill("name", state.name);
  document.title = `${t("Table {table}", { table })} · ${state.name} · carrom`;
  const { round, match } = onTable(state);
  fill("where", round === null ? t("Table {table}", { table }) : t("Table {table} · Round {n}", { table, n: round }));
  let now, board = null;
  if (round === null) now = el("p", { class: "waiting" }, t("No round is published yet."));
  else if (!match) now = el("p", { class: "waiting" }, t("No match on this table in round {n}.", { n: round }));
  else {
    board = scoreboardOf(match);
    const sides = el("p", { class: "sides" }, matchSides(match));
    if (match.result || match.held || match.sides.length === 1) now = [sides, el("p", { class: "outcome" }, resultText(match))];
    else if (!board) now = [sides, el("p", { class: "waiting", id: "waiting" }, t("Waiting for the toss: the scoreboard starts with the match.")), el("p", {}, announcedText(match))];
    else now = [sides, el("p", {}, el("a", { href: board, class: "watch" }, t("Open the scoreboard")))];
    if (match.result) board = null;
  }
  fill("now", now);
  // the scoreboard's frame replaced only when the match on the table changes (a new frame reconnects it)
  if (board !== view.board) {
    view.board = board;
    fill("board", board ? el("iframe", { class: "scoreboard-frame", src: board, title: t("Live scoreboard") }) : "");
  }
  fill("updated", t("Updated {time}", { time: new Date().toLocaleTimeString(language()) }));
}

function shown(state, etag) {
  view.etag = etag;
  document.getElementById("error").hidden = true;
  fill("live", state.closed ? t("final") : t("live"));
  render(state);
}

function unread(exc) {
  const e = document.getElementById("error");
  e.textContent = t("The tournament cannot be read now: {error}", { error: exc.message });
  e.hidden = false;
  fill("live", t("disconnected"));
}

await follow(eventId, view, { shown, unread });
