// What the umpire's page and the scoreboard both show of a match state (the server's words, as message ids
// rendered in the reader's language: i18n.js said; no law here).
import { lawMeaning, said, t, tn } from "./i18n.js";

export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "class") node.className = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children.flat()) if (c !== null && c !== undefined) node.append(c instanceof Node ? c : String(c));
  return node;
}

export function fill(id, ...children) {
  const node = document.getElementById(id);
  node.replaceChildren(...children.flat().filter((c) => c !== null && c !== undefined));
  return node;
}

const SWATCH = { white: "#f6f1e4", black: "#222" };

function swatch(colour) {
  return el("span", { class: "swatch", style: `background:${SWATCH[colour] || "transparent"}`, title: t(colour) });
}

// The two sides, the game's points and the games won, whose turn: the big numbers.
export function scoreCard(msg) {
  const s = msg.state;
  const side = (k) => {
    const seats = msg.sides[k].seats;
    const colour = s.colours[seats[0]];
    const acting = seats.includes(s.seat) && !s.over;
    return el("div", { class: "side" + (acting ? " acting" : ""), "data-side": k },
      el("div", { class: "name" }, swatch(colour), " ", msg.sides[k].name),
      el("div", { class: "points", "aria-label": t("points this game") }, s.game_points[k]),
      el("div", { class: "games" }, t("games {n}", { n: s.games_won[k] })));
  };
  const where = s.over ? t("Match over · won by {winner}", { winner: s.winner || t("nobody") })
    : t("Game {game} · board {board}", { game: s.game, board: s.board });
  return el("div", { class: "score" }, side(0), el("div", { class: "where" }, where), side(1));
}

const CHAIR = { south: () => t("South"), east: () => t("East"), north: () => t("North"), west: () => t("West") };

// Where the players sit, once they have changed places (ICF 58-60): the change just made, with its law, or the
// chairs now; nothing while everyone sits where the match began.
export function seatsNow(msg) {
  const seating = msg.seating;
  if (!seating) return null;
  if (seating.moved) return el("li", { class: "seats moved" }, said(seating.moved));
  if (seating.chairs.every((c) => c.chair === c.seat)) return null;
  const places = seating.chairs.map((c) => t("{seat} {name}", { seat: CHAIR[c.chair](), name: c.name })).join(", ");
  return el("li", { class: "seats" }, t("seats now: {places}", { places }));
}

// The rest before the deciding game (ICF 138), counted down from the end of the game before, on the server's clock.
export function restNotice(msg) {
  const rest = msg.rest;
  if (!rest) return null;
  const serverNow = Date.parse(rest.now), since = rest.since ? Date.parse(rest.since) : serverNow;
  const until = Date.now() + (since + rest.minutes * 60000 - serverNow);
  const li = el("li", { class: "rest", "data-until": until, "data-game": rest.game, "data-law": rest.law },
    restText(until, rest.game, rest.law));
  if (!restNotice.timer) restNotice.timer = setInterval(tickRests, 1000);
  return li;
}

function restText(until, game, law) {
  const left = Math.max(0, Math.round((until - Date.now()) / 1000));
  if (!left) return t("the rest is over: game {game} may begin ({law})", { game, law });
  const clock = `${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}`;
  return t("rest before game {game}: {left} left ({law})", { game, left: clock, law });
}

function tickRests() {
  for (const li of document.querySelectorAll("li.rest[data-until]")) {
    li.textContent = restText(Number(li.dataset.until), li.dataset.game, li.dataset.law);
  }
}

// The coins on the board, the queen, the dues: the terminal's status, laid out; first the rest and the seats. ``law``
// cites an ICF law as the match's rules do (the tablet's, from the server's table); ICF's own without it.
export function boardFacts(msg, law = (icf) => icf) {
  const s = msg.state;
  const facts = [
    restNotice(msg), seatsNow(msg),
    el("li", {}, swatch("white"), " ", tn("{n} white", "{n} white", s.on_board.white || 0), " · ", swatch("black"), " ",
      tn("{n} black", "{n} black", s.on_board.black || 0)),
    el("li", { class: "queen" }, el("span", { class: "swatch queen-dot" }), " ", t("queen {where}", { where: queenWhere(msg) })),
  ];
  if (s.owed.length) {
    const owed = s.owed.map((o) => t("{coin} by {seat}", { coin: t(o.coin), seat: whoIs(msg, o.seat) })).join(", ");
    facts.push(el("li", { class: "owed" }, t("to place: {owed}", { owed })));
  }
  s.debts.forEach((n, k) => {
    if (n) facts.push(el("li", { class: "owed" }, tn("outstanding: {n} due from {side} ({law})", "outstanding: {n} dues from {side} ({law})", n,
      { side: msg.sides[k].name, law: law("ICF 72 c") })));
  });
  return el("ul", { class: "facts" }, facts.filter(Boolean));
}

// a seat's player as the reader says it: "Sur (Asha)"
export function whoIs(msg, seat) { return msg.who_said ? said(msg.who_said[seat]) : msg.who[seat]; }

// the queen where she is (the referee's snapshot: on the board, pocketed and to be covered, covered by a side)
function queenWhere(msg) {
  const s = msg.state, side = s.queen_side === null || s.queen_side === undefined ? null : msg.sides[s.queen_side];
  if (s.queen_state === "pending") return side === null ? t("pocketed, to be covered") : t("pocketed by {side}, to be covered", { side: side.name });
  if (s.queen_state === "covered") return side === null ? t("covered") : t("covered by {side}", { side: side.name });
  return t("on the board");
}

// whose turn it is, to do what (carrom.records.describe.turn_prompt), without the terminal's commands: the tablet
// has buttons for them and spectators have none
export function promptOf(msg) {
  const s = msg.state;
  if (s.over) return t("Match over");
  const actor = whoIs(msg, s.seat);
  if (s.to_act === "place") return t("{actor} to place", { actor });
  if (s.to_act === "claim") return t("{actor} may claim extra points", { actor });
  if (s.to_act === "toss") return t("tie-break board: who won the toss?");
  return t("{actor} to play {colour}", { actor, colour: `[${t(s.colours[s.seat] || "")}]` });
}

// an entry of the log and its rulings, in the reader's words
export const entryOf = (e) => (e.said ? said(e.said.entry) : e.entry);
// the same for spectators: a stroke in plain words, not the umpire's notation
export const spectatorEntryOf = (e) => (e.said && e.said.spectator ? said(e.said.spectator) : entryOf(e));
export const linesOf = (e) => (e.said ? e.said.lines.map(said) : e.lines);
// a ruling's lines as elements (tag: "li" or "p"), each with its law's meaning under it (not for spectators: glosses)
export function ruled(lines, tag, glosses = true) {
  return lines.map((m) => el(tag, {}, said(m), glosses && m && m.meaning ? el("small", { class: "law" }, lawMeaning(m)) : null));
}

// the games decided so far: "Game 1 · 25–7 · won by Asha"
export function gamesList(msg) {
  if (!msg.games || !msg.games.length) return null;
  return el("ol", { class: "games-done" }, msg.games.map((g) => el("li", {},
    el("span", { class: "game-no" }, t("Game {game}", { game: g.game })), " ",
    el("span", { class: "game-score" }, `${g.points[0]}–${g.points[1]}`), " ",
    el("span", { class: "game-winner" }, g.winner ? t("won by {winner}", { winner: g.winner }) : ""))));
}

export function boardsTable(msg) {
  if (!msg.boards.length) return null;
  const rows = msg.boards.map((b) => el("tr", {},
    el("td", {}, b.game), el("td", {}, b.board), el("td", {}, msg.header.players[b.breaker].name),
    el("td", {}, b.queen[0] + b.coins[0]), el("td", {}, b.queen[1] + b.coins[1]), el("td", {}, b.winner || "—")));
  return el("table", { class: "boards" },
    el("thead", {}, el("tr", {}, el("th", {}, t("Game")), el("th", {}, t("Board")), el("th", {}, t("Break")),
      el("th", {}, msg.sides[0].name), el("th", {}, msg.sides[1].name), el("th", {}, t("Won by")))),
    el("tbody", {}, rows));
}

// The recent entries, newest first, each with the referee's rulings and their laws.
export function logList(msg, limit = 12, glosses = true) {
  const words = glosses ? entryOf : spectatorEntryOf;  // spectators: no glosses, no notation
  return el("ol", { class: "log", reversed: true, start: msg.entries },
    msg.log.slice(0, limit).map((e) => el("li", { value: e.n },
      el("div", { class: "entry" }, words(e), el("span", { class: "where" }, " · " + t("game {game}, board {board}", e))),
      el("ul", { class: "lines" }, ruled(e.said ? e.said.lines : e.lines, "li", glosses)))));
}

// The server's feed of a match: every state as the umpire enters it; reconnects with a growing pause.
export function follow(matchId, onState, onStatus) {
  let wait = 500;
  const connect = () => {
    const proto = location.protocol === "https:" ? "wss" : "ws";
    const ws = new WebSocket(`${proto}://${location.host}/ws/umpire/${matchId}`);
    ws.onopen = () => { wait = 500; onStatus(t("live"), true); };
    ws.onmessage = (ev) => {
      const msg = JSON.parse(ev.data);
      if (msg.type === "state") onState(msg);
      else if (msg.type === "error") onStatus(msg.refusal ? said(msg.refusal) : msg.message, false, true);
      else throw new Error(`unknown message ${msg.type}`);
    };
    ws.onclose = (ev) => {
      if (ev.code === 4404) { onStatus(t("no such match"), false); return; }
      onStatus(t("reconnecting…"), false);
      setTimeout(connect, wait);
      wait = Math.min(wait * 2, 10000);
    };
  };
  connect();
}
