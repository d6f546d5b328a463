// carrom web client: draws what the server sends, sends intents only (docs/web.md). No build step:
// ES modules served as they are. Every word shown goes through t()/tn() (i18n.js).
import { botNames, levelName, lawMeaning, said, t, tn, variantName } from "./i18n.js";
import { layoutAt } from "./motion.js";
import * as sound from "./sound.js";
import { boardView, drawBoard as paintBoard, drawDisc, inSeat as inSeatOf, line, seatPoint as seatPointOf } from "./board.js";
import { clockShown, presetClocks } from "./clock.js";

const SEATS = ["south", "east", "north", "west"];
const SEAT_WORDS = { south: t("south"), east: t("east"), north: t("north"), west: t("west") };
const COLOUR_WORDS = { white: t("white"), black: t("black") };
const COLOURS = { white: "#f7f2e2", black: "#2b2b2b", queen: "#c8102e", striker: "#e8eef5" };
const BOARD = { legal: "#1f9d55" };  // the legal stretches of the baseline (the board itself: board.js)
const FULL_PULL = 0.16; // metres of pull back for full power
const $ = (id) => document.getElementById(id);
const esc = (s) => String(s).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" }[c]));

// ---- words: every sentence the client writes about the match, here and nowhere else ------------------------

const SAY = {
  // whose turn it is, to do what: [to the one whose turn it is, to the others]
  doing: {
    stroke: [(who) => t("{who}: your turn to strike", { who }), (who) => t("Wait for {who} to strike", { who })],
    place: [(who) => t("{who}: your turn to place the coin owed", { who }), (who) => t("Wait for {who} to place the coin owed", { who })],
    claim: [(who) => t("{who}: your turn to claim extra points or not", { who }),
      (who) => t("Wait for {who} to claim extra points or not", { who })],
    toss: [(who) => t("{who}: your turn to call the toss", { who }), (who) => t("Wait for {who} to call the toss", { who })],
  },
  points: (n) => tn("{n} point", "{n} points", n),
  // a side's names with the verb agreeing: "South wins", "Asha & Ravi win"
  wins: (st, side) => tn("{side} wins", "{side} win", SAY.players(st, side), { side: st.sides[side] }),
  players: (st, side) => Object.values(st.seats).filter((i) => i.side === side).length,
  // who a seat is: "Ravi (north, black)", or "North (black)" when the name is the seat's
  who(st, seat) {
    const i = st.seats[seat], colour = COLOUR_WORDS[i.colour] || i.colour;
    const word = SEAT_WORDS[seat];  // a player named after the seat is the seat, as a name: "North (black)"
    return i.name.toLowerCase() === seat ? t("{seat} ({colour})", { seat: word.charAt(0).toUpperCase() + word.slice(1), colour })
      : t("{name} ({seat}, {colour})", { name: i.name, seat: word, colour });
  },
  turn(st, e, mine) {
    if (st.over) return st.winner === null ? t("Match over") : t("Match over: {winner}", { winner: SAY.wins(st, st.winner) });
    if (!e) return "";
    const free = openSeats(st);
    if (free.length) return t("Waiting for a player to take {seats}", { seats: SAY.list(free.map((s) => SEAT_WORDS[s])) });
    return SAY.doing[e.kind][mine.includes(e.seat) ? 0 : 1](SAY.who(st, e.seat));
  },
  hint(turn, gesture, pulled, waiting) {
    if (waiting) return t("Sent: waiting for the server's answer.");
    if (!turn) return "";
    if (turn.kind === "place") return t("Drag the coin owed inside the outer circle and let go (keys: arrows move it, Enter places it).");
    if (turn.kind !== "stroke") return "";
    if (gesture && gesture.mode === "aim") return pulled ? t("Let go to shoot, or come back inside the ring to cancel.") :
      t("Pull further back to shoot; let go inside the ring to cancel.");
    if (gesture && gesture.mode === "move") return t("Moving the striker along your baseline: let go to leave it there.");
    return t("Drag the striker sideways to move it. To shoot, press on it and pull back, away from where you aim, past the ring.");
  },
  // the end of a board, and of its game or the match when it ended them too (or a game or the match alone,
  // conceded: r is null): who won, the points, the queen, the law that decided it, where the match stands;
  // `level` is "board", "game" or "match"
  boardEnd(before, after, r) {
    const game = r ? r.game : before.score.game, lines = [];
    const level = after.over ? "match" : after.score.game !== game ? "game" : "board";
    const boardTitle = !r ? "" : r.winner === null ? t("Board {n} is played again", { n: r.number }) :
      t("Board {n}: {winner}", { n: r.number, winner: SAY.wins(after, r.winner) });
    if (r && level !== "board") lines.push(boardTitle);
    if (r && r.winner !== null) {
      const q = r.queen[r.winner], c = r.coins[r.winner];
      lines.push(q ? t("{points}: {coins} for the coins, {queen} for the queen", { points: SAY.points(q + c), coins: c, queen: q }) :
        t("{points}: {coins} for the coins", { points: SAY.points(q + c), coins: c }));
      lines.push(SAY.queen(before, r));
    }
    if (r) lines.push(cited(r));
    else lines.push(...(after.log.length ? linesOf(after.log[after.log.length - 1]) : []));  // the ruling, with its law
    if (level === "match") lines.push(SAY.matchWon(after));
    else if (level === "game") lines.push(t("Game {n} is over. Games won: {each}", { n: game, each: SAY.each(after, after.score.games_won) }));
    else lines.push(t("Points in game {n}: {each}", { n: game, each: SAY.each(after, after.score.points) }));
    const gameWinner = [0, 1].find((side) => after.score.games_won[side] > before.score.games_won[side]);
    const title = level === "match" ? (after.winner === null ? t("The match is over") :
      t("The match: {winner}", { winner: SAY.wins(after, after.winner) })) :
      level === "game" && gameWinner !== undefined ? t("Game {n}: {winner}", { n: game, winner: SAY.wins(after, gameWinner) }) :
      level === "game" ? t("Game {n} is over", { n: game }) : boardTitle;
    return { title, lines, level, next: after.over ? t("See the last position") : level === "game" ? t("Next game") : t("Next board") };
  },
  queen(before, r) {
    const side = [0, 1].find((s) => r.queen[s] > 0), b = before.board;
    if (side !== undefined) return t("The queen: {points} to {side}", { points: SAY.points(r.queen[side]), side: before.sides[side] });
    if (b.queen === "covered" && b.queen_side !== null) {
      return t("The queen: covered by {side}, no points for it", { side: before.sides[b.queen_side] });
    }
    return t("The queen: no points for it");
  },
  each: (st, values) => [0, 1].map((s) => `${st.sides[s]} ${values[s]}`).join(", "),
  // the coins to place, and the coins owed with none in the nets (ICF 72 c)
  dues(st) {
    const b = st.board, owed = b.owed.map((o) => (o.waiting ? t("a {coin} by {seat} (waiting for room)", { coin: COLOUR_WORDS[o.coin], seat: SEAT_WORDS[o.placer] })
      : t("a {coin} by {seat}", { coin: COLOUR_WORDS[o.coin], seat: SEAT_WORDS[o.placer] })));
    const debts = [0, 1].filter((s) => b.debts[s]).map((s) => SAY.debt(st, s, b.debts[s]));
    return (owed.length ? t("Dues: to place: {list}", { list: owed.join(", ") }) : t("Dues: none to place")) +
      (debts.length ? `; ${debts.join("; ")} (ICF 72 c)` : "");
  },
  list: (words) => words.length < 2 ? words.join("") : t("{some} and {last}", { some: words.slice(0, -1).join(", "), last: words[words.length - 1] }),
  debt: (st, side, n) => tn("{side} owes {count}", "{side} owe {count}", SAY.players(st, side), { side: st.sides[side], count: n }),
  concede: (what) => ({ board: t("Concede the board? (ICF 139)"), game: t("Concede the game? (ICF 139)"),
    match: t("Concede the match? (ICF 139)") })[what],
  matchWon: (st) => st.winner === null ? t("The match is over.") : t("{winner} the match.", { winner: SAY.wins(st, st.winner) }),
  // the queen where she is: on the board, pocketed and to be covered, covered (by a side)
  queenWhere(st) {
    const b = st.board, side = b.queen_side === null || b.queen_side === undefined ? null : st.sides[b.queen_side];
    if (b.queen === "pending") return side === null ? t("pocketed, to be covered") : t("pocketed by {side}, to be covered", { side });
    if (b.queen === "covered") return side === null ? t("covered") : t("covered by {side}", { side });
    return t("on the board");
  },
  // a match listed under Past matches: where it stands, and what may be done with it
  listed: (m) => ({ result: m.over ? (m.result.endsWith(" won") ? t("{names} won", { names: botNames(m.result.slice(0, -4)) }) : m.result) : t("in play"),
    open: m.over ? t("final board") : m.mine ? t("play or watch") : t("watch (public)") }),
};

let G = null;                 // the board's geometry from the server (metres)
let OPTIONS = null;
let S = null;                 // the state shown (the latest, once every shot before it has been animated)
let room = null, token = null, ws = null, mine = [], watching = false;
let shots = [];               // updates with a shot, waiting to be animated
let anim = null;              // {update, last, t}: a shot being animated, its clock at t s
let animLayout = null;        // discs during an animation
let striker = { along: 0, angle: 0, power: 0.5 };
let frameLog = null;          // [{now, t, layout}]: each frame of a motion, once a test asks (carrom.measureFrames)
let keyPlace = null;          // {x, y}: where the keys hold a coin owed (m), until it is placed
let drag = null;              // {mode: "press"|"move"|"aim"|"place", seat, pointer, …}: a gesture under way
let inflight = null;          // {last}: an intent sent, not yet answered; the board takes no input meanwhile
let summary = null;           // {before, after, board, layout}: the end of a board, shown until closed
let errorTurn = "";           // the turn an error shown was about: it goes when the turn changes
let clockOffset = 0;          // server time − local time (s)
let reconnectDelay = 500;
let bottom = "south";         // the seat drawn at the bottom
let theme = "wood";           // the board's look (board.js THEMES): wood, or contrast (high contrast)
let boardCache = null;        // the board without pieces, drawn once per size
let replay = null, replayAnim = null;  // the replay page: {id, step, steps, view, playing}; a stroke being shown

// the server's words (message ids and their parameters, carrom.i18n.said) in the reader's language; the English
// it also sends when a message has none
const linesOf = (l) => (l.said ? l.said.lines.map(said) : l.lines);
const actionOf = (l) => (l.said ? said(l.said.action) : l.action);
function cited(r) { return r.said ? said({ ...(typeof r.said === "object" ? r.said : { text: r.said }), law: r.law }) : t("{why} ({law})", { why: r.text, law: r.law }); }
// a state's names as the reader says them (a bot's, botNames)
function named(st) {
  st.sides = st.sides.map(botNames);
  for (const info of Object.values(st.seats)) info.name = botNames(info.name);
  if (st.title) st.title = botNames(st.title);
  return st;
}
// a ruling's lines as HTML: each line, and under it its law's meaning
function rulingHtml(l) {
  return l.said ? l.said.lines.map((m) => `<div>${esc(said(m))}` + (m.meaning ? `<small class="law">${esc(lawMeaning(m))}</small>` : "") + "</div>").join("")
    : l.lines.map(esc).join("<br>");
}

// ---- geometry ------------------------------------------------------------------------------------

function frame(seat) { return G.seats[seat]; }
function seatPoint(seat, along, forward) { return seatPointOf(G, seat, along, forward); }
function inSeat(seat, x, y) { return inSeatOf(G, seat, x, y); }
function scale(canvas) { return canvas.width / G.outer_side; }
function toScreen(canvas, x, y) { return boardView(G, canvas.width, bottom).toScreen(x, y); }
function toBoard(canvas, X, Y) { return boardView(G, canvas.width, bottom).toBoard(X, Y); }
function eventBoard(canvas, ev) {
  const r = canvas.getBoundingClientRect();
  return toBoard(canvas, (ev.clientX - r.left) * canvas.width / r.width, (ev.clientY - r.top) * canvas.height / r.height);
}
// page coordinates of a board point: for tests and tools
function boardToPage(x, y, id = "board") {
  const canvas = $(id), r = canvas.getBoundingClientRect(), [X, Y] = toScreen(canvas, x, y);
  return [r.left + X * r.width / canvas.width + window.scrollX, r.top + Y * r.height / canvas.height + window.scrollY];
}
function strikerXY(seat) { return seatPoint(seat, striker.along, -G.baseline.axis); }
function aimVector(seat) {
  const { right: r, forward: f } = frame(seat), c = Math.cos(striker.angle), s = Math.sin(striker.angle);
  return [c * f[0] - s * r[0], c * f[1] - s * r[1]];  // 0 straight across, positive to the player's left
}

// ---- the server ------------------------------------------------------------------------------------

// The key this browser keeps: its "Past matches" are the matches it made or joined (docs/web.md, privacy).
function browserKey() {
  let key = localStorage.getItem("carrom-browser");
  if (!key) {
    key = btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(18)))).replace(/\+/g, "-").replace(/\//g, "_");
    localStorage.setItem("carrom-browser", key);
  }
  return key;
}

async function api(path, body) {
  const headers = { "X-Carrom-Browser": browserKey() };
  const init = body === undefined ? { headers } :
    { method: "POST", headers: { ...headers, "Content-Type": "application/json" }, body: JSON.stringify(body) };
  let res;
  try { res = await fetch(path, init); } catch (e) { throw new Error(t("the server cannot be reached")); }
  const data = await res.json().catch(() => ({}));
  if (!res.ok) throw new Error(data.refusal ? said(data.refusal) : data.error || res.statusText);
  return data;
}

function pageError(message) {
  $("page-error").hidden = !message;
  $("page-error").textContent = message || "";
}

async function start() {
  try {
    OPTIONS = await api("/api/options");
  } catch (e) { pageError(e.message); return; }
  G = OPTIONS.geometry;
  $("variants").innerHTML = OPTIONS.variants.map((v) => `<option value="${esc(v)}">${esc(variantName(v))}</option>`).join("");
  $("levels").innerHTML = OPTIONS.levels.map((v) => `<option value="${esc(v)}" ${v === "intermediate" ? "selected" : ""}>${esc(levelName(v))}</option>`).join("");
  $("speed").value = localStorage.getItem("carrom-speed") || "1";
  $("show-clock").checked = localStorage.getItem("carrom-clock") === "1";
  setTheme(localStorage.getItem("carrom-theme") || "wood");
  window.addEventListener("popstate", route);
  window.addEventListener("resize", () => {
    boardCache = null; sizeCanvas($("board")); sizeCanvas($("replay-board")); redraw();
    if (replay && replay.view && !replayAnim) drawReplay(replay.view.state.layout);
  });
  route();
}

function go(path) { history.pushState(null, "", path); route(); }

function route() {
  for (const id of ["setup", "matches", "join", "game", "replay"]) $(id).hidden = true;
  pageError("");
  if (ws) { ws.onclose = null; ws.onmessage = null; ws.close(); ws = null; }
  room = null; S = null; shots = []; anim = null; animLayout = null; $("skip").hidden = true; drag = null;
  summary = null;
  replay = null; replayAnim = null;
  const parts = location.pathname.split("/").filter(Boolean);
  if (parts[0] === "room" && parts[1]) return openRoom(parts[1]);
  if (parts[0] === "replay" && parts[1] === "umpire" && parts[2]) return showReplay(parts[2], "umpire");
  if (parts[0] === "replay" && parts[1]) return showReplay(parts[1], "match");
  if (parts[0] === "matches") return showMatches();
  showSetup();
}

document.addEventListener("click", (ev) => {
  const a = ev.target.closest("a[data-go]");
  if (a) { ev.preventDefault(); go(a.getAttribute("href")); }
});
for (const a of document.querySelectorAll("header a")) a.dataset.go = "1";

// ---- new match -------------------------------------------------------------------------------------

function showSetup() {
  $("setup").hidden = false;
  fillSeats();
  presetClocks($("clocks"), $("mode").value);
}

function presetType(mode, seat, doubles) {
  if (seat === "south") return "me";
  if (mode === "local") return "me";
  if (mode === "online") return "open";
  return "bot";  // against the computer: in doubles the partner is the computer too
}

function fillSeats() {
  const mode = $("mode").value, doubles = $("format").value === "doubles";
  const seats = doubles ? SEATS : ["south", "north"];
  $("seat-table").querySelector("tbody").innerHTML = seats.map((s) => {
    const type = presetType(mode, s, doubles), placeholder = s === "south" ? t("your name") : SEAT_WORDS[s];
    return `<tr><td>${esc(SEAT_WORDS[s])}</td><td><select name="type-${s}">` +
      `<option value="me" ${type === "me" ? "selected" : ""}>${esc(s === "south" ? t("me") : t("a person on this device"))}</option>` +
      `<option value="open" ${type === "open" ? "selected" : ""}>${esc(t("someone online (link)"))}</option>` +
      `<option value="bot" ${type === "bot" ? "selected" : ""}>${esc(t("the computer"))}</option></select></td>` +
      `<td><input name="name-${s}" maxlength="60" placeholder="${esc(placeholder)}"></td></tr>`;
  }).join("");
}
$("mode").addEventListener("change", () => { fillSeats(); presetClocks($("clocks"), $("mode").value); });
$("format").addEventListener("change", fillSeats);

$("new-match").addEventListener("submit", async (ev) => {
  ev.preventDefault();
  const f = new FormData(ev.target);
  const seats = f.get("format") === "doubles" ? SEATS : ["south", "north"];
  const players = {};
  for (const s of seats) {
    players[s] = { type: f.get("type-" + s), name: (f.get("name-" + s) || "").trim() || null };
    if (players[s].type === "bot") players[s].level = f.get("level");
  }
  $("start").disabled = true;
  try {
    const r = await api("/api/rooms", { variant: f.get("variant"), players, public: f.get("public") === "on", browser: browserKey(),
                                        ...($("clocks").disabled ? {} : { clocks: $("clocks").checked }) });
    localStorage.setItem("carrom-token-" + r.room, r.token);
    $("setup-error").textContent = "";
    go("/room/" + r.room);
  } catch (e) { $("setup-error").textContent = e.message; }
  finally { $("start").disabled = false; }
});

// ---- past matches ------------------------------------------------------------------------------------

async function showMatches() {
  $("matches").hidden = false;
  $("match-list").innerHTML = `<tr><td colspan=5>${esc(t("loading…"))}</td></tr>`;
  try {
    const list = await api("/api/matches");  // this browser's matches, then the public ones (watch only)
    const kinds = { singles: t("singles"), doubles: t("doubles") };
    $("match-list").innerHTML = list.map((m) => {
      const said = SAY.listed(m), replayWord = t("replay"), cardWord = t("scorecard");
      return `<tr class="${m.mine ? "mine" : "public"}"><td>${esc(botNames(m.title))}</td><td>${esc(variantName(m.variant))} ${esc(kinds[m.kind] || m.kind)}</td>` +
        `<td>${m.actions}</td><td>${esc(said.result)}</td><td><a href="${m.watch}" data-go="1">${esc(said.open)}</a> · ` +
        `<a href="/replay/${m.id}" data-go="1">${esc(replayWord)}</a> · <a href="/matches/${m.id}/scorecard" target="_blank">${esc(cardWord)}</a></td></tr>`;
    }).join("") || `<tr><td colspan=5>${esc(t("No matches yet."))}</td></tr>`;
  } catch (e) { pageError(e.message); }
}

// ---- a room --------------------------------------------------------------------------------------------

function openRoom(id) {
  room = id; S = null; mine = []; shots = []; anim = null; animLayout = null; $("skip").hidden = true;
  token = localStorage.getItem("carrom-token-" + room);
  invite = (location.hash.match(/invite=([\w-]+)/) || [])[1] || null;  // an invitation link: a free seat may be taken
  watching = sessionStorage.getItem("carrom-watch-" + room) === "1";
  connect();
}

function connect() {
  const proto = location.protocol === "https:" ? "wss" : "ws";
  const sock = new WebSocket(`${proto}://${location.host}/ws/${room}` + (token ? `?token=${encodeURIComponent(token)}` : ""));
  ws = sock;
  sent = 0;
  sock.onopen = () => { reconnectDelay = 500; pageError(""); };
  sock.onmessage = (ev) => receive(JSON.parse(ev.data));
  sock.onclose = (ev) => {
    if (ws !== sock) return;
    if (ev.code === 4404) return;  // no such match: the error says so
    // 4008: the server closed a connection that fell behind (a slow network): it resyncs on reconnecting
    pageError(ev.code === 4008 ? t("your connection fell behind the match: reconnecting…")
                               : t("connection lost: reconnecting…"));
    setTimeout(() => { if (ws === sock) connect(); }, reconnectDelay);
    reconnectDelay = Math.min(reconnectDelay * 2, 8000);
  };
}

let sent = 0;  // the seq of the last intent sent on this connection: each intent carries the next (docs/web.md)
let invite = null, links = null;  // the invitation's key from the link opened; the room's links, for who plays in it

function send(msg) {
  if (!ws || ws.readyState !== WebSocket.OPEN) { $("game-error").textContent = t("not connected: wait a moment"); return; }
  $("game-error").textContent = "";
  ws.send(JSON.stringify({ ...msg, seq: ++sent }));
}

function receive(msg) {
  if (!room) return;
  answered(msg);
  if (msg.type === "error") {
    const words = msg.refusal ? said(msg.refusal) : msg.message;  // a refusal worded as a message: in the reader's words
    if (!S) { pageError(words); return; }
    if (!$("join").hidden) $("join-error").textContent = words;
    $("game-error").textContent = words;
    return;
  }
  if (msg.type === "joined") {
    if (msg.links) links = msg.links;
    if (msg.token) { token = msg.token; localStorage.setItem("carrom-token-" + room, token); }
    mine = msg.you;
    if (msg.watching) { watching = true; sessionStorage.setItem("carrom-watch-" + room, "1"); }
    chooseBottom();
    showGame();
    return;
  }
  if (msg.type !== "state") return;
  named(msg);
  if (!S || msg.log.length !== S.log.length || (msg.log.length && S.log.length && msg.log[msg.log.length - 1].n !== S.log[S.log.length - 1].n)) {
    $("game-error").textContent = "";
  }
  if (msg.you) { mine = msg.you; chooseBottom(); }
  if (msg.links) links = msg.links;
  clockOffset = msg.now - Date.now() / 1000;
  if (msg.shot && $("speed").value !== "1000") {
    shots.push(msg);
    while (shots.length > 2) advance(shots.shift());  // far behind: show only the latest motions
  } else if (!anim && !shots.length && !summary) {
    advance(msg);
  } else {
    shots.push(msg);
  }
  if (!S) S = msg;
  if (!mine.length && !watching && invite && Object.values(msg.seats).some((i) => i.open)) { showJoin(); return; }
  showGame();
}

function chooseBottom() {
  const before = bottom;
  bottom = mine.length === 1 ? mine[0] : (mine.length && mine.every((s) => s === "north") ? "north" : "south");
  if (before !== bottom) boardCache = null;
}

function showJoin() {
  $("game").hidden = true;
  $("join").hidden = false;
  $("join-title").textContent = S.title ? t("Join: {title}", { title: S.title }) : t("Join this match");
  const open = Object.entries(S.seats).filter(([, i]) => i.open);
  const play = (s) => t("Play {seat}", { seat: SEAT_WORDS[s] });
  $("open-seats").innerHTML = open.map(([s]) => `<button data-seat="${s}">${esc(play(s))}</button>`).join("") ||
    `<p>${esc(t("Every seat is taken."))}</p>`;
  for (const b of $("open-seats").querySelectorAll("button")) {
    b.onclick = () => { $("join-error").textContent = ""; send({ type: "join", seat: b.dataset.seat, name: $("join-name").value, invite, browser: browserKey() }); };
  }
  $("watch").onclick = () => send({ type: "join", watch: true });
}

function showGame() {
  $("join").hidden = true;
  $("game").hidden = false;
  const canvas = $("board");
  if (sizeCanvas(canvas)) boardCache = null;
  const online = Object.values(S.seats).some((i) => i.open) || mine.length < Object.values(S.seats).filter((i) => i.kind === "human").length;
  $("share").hidden = !mine.length;
  $("share-invite").hidden = !(online && links && links.invite);
  $("share-link").value = links && links.invite ? location.origin + links.invite : "";
  $("watch-link").value = location.origin + "/room/" + room;
  if (!anim && !shots.length) render();
}

// the seats nobody has taken yet: no stroke until every one is (the server refuses them too)
function openSeats(st) {
  return Object.keys(st.seats).filter((seat) => st.seats[seat].open);
}

function myTurn() {
  const e = S && S.expected;
  return e && mine.includes(e.seat) && !openSeats(S).length && !anim && !shots.length && !inflight && !summary ? e : null;
}

function render() {
  if (!S) return;
  const e = S.expected, t = myTurn();
  const swatch = e && !S.over && !summary ? `<span class="swatch" style="background:${COLOURS[S.seats[e.seat].colour]}"></span> ` : "";
  const words = summary ? SAY.boardEnd(summary.before, summary.after, summary.board).title : SAY.turn(S, e, mine);
  $("turn").innerHTML = swatch + `<span class="${t ? "you" : ""}">${esc(words)}</span>`;
  $("notice").textContent = S.notice_said ? said(S.notice_said) : S.notice || "";
  if (turnOf(S) !== errorTurn) $("game-error").textContent = "";
  renderActions(t);
  renderScore($("scoreboard"), S);
  renderRulings();
  renderEnd();
  renderSummary();
  if (t && t.kind === "stroke") snapStriker();
  if (!t || t.kind !== "place") keyPlace = null;
  redraw();
}

function renderActions(turn) {
  const button = (id, words) => `<button id="${id}">${esc(words)}</button>`;
  let html = "";
  if (turn && turn.kind === "stroke") html += button("auto", t("Computer: play this stroke"));
  if (turn && turn.kind === "place") html += button("waive", t("Waive placing (ICF 80)")) + button("wait", t("No room now: wait (ICF 79 a)"));
  if (turn && turn.kind === "claim") html += button("claim", t("Claim {n} extra (ICF 87 b)", { n: S.board.claimable })) + button("decline", t("Do not claim"));
  if (turn && turn.kind === "toss") html += button("toss-me", t("I won the toss")) + button("toss-them", t("They won the toss"));
  if (!S.over && mine.length && !summary) {
    const label = t("What to concede");
    html += `<select id="concede-what" aria-label="${esc(label)}"><option value="board">${esc(t("the board"))}</option>` +
      `<option value="game">${esc(t("the game"))}</option><option value="match">${esc(t("the match"))}</option></select>` + button("concede", t("Concede"));
  }
  $("actions").innerHTML = html;
  const on = (id, fn) => { const b = $(id); if (b) b.onclick = fn; };
  on("auto", () => act({ type: "auto", seat: turn.seat }));
  on("waive", () => act({ type: "waive", seat: turn.seat }));
  on("wait", () => act({ type: "wait", seat: turn.seat }));
  on("claim", () => act({ type: "claim", seat: turn.seat, points: S.board.claimable }));
  on("decline", () => act({ type: "claim", seat: turn.seat, points: 0 }));
  on("toss-me", () => act({ type: "toss", seat: turn.seat, winner: turn.seat }));
  on("toss-them", () => act({ type: "toss", seat: turn.seat, winner: SEATS[(SEATS.indexOf(turn.seat) + 1) % 4] in S.seats ? SEATS[(SEATS.indexOf(turn.seat) + 1) % 4] : SEATS[(SEATS.indexOf(turn.seat) + 2) % 4] }));
  on("concede", () => {
    const what = $("concede-what").value, seat = (turn && turn.seat) || mine[0];
    if (confirm(SAY.concede(what))) act({ type: "concede", seat, what });
  });
}

function renderScore(box, st) {
  const sc = st.score, b = st.board;
  const colourOf = (side) => Object.values(st.seats).find((i) => i.side === side).colour;
  const head = [0, 1].map((side) => `<th><span class="swatch" style="background:${COLOURS[colourOf(side)]}"></span> ${esc(st.sides[side])}</th>`).join("");
  const done = sc.boards.filter((r) => r.game === sc.game);
  const endedWith = (r) => t("{board}: {why}", { board: boardWord(r), why: cited(r) });
  const boardWord = (r) => (r.winner === null ? t("board {n} (replayed)", { n: r.number }) : t("board {n}", { n: r.number }));
  const rows = done.map((r) =>
    `<tr><td>${esc(boardWord(r))}</td>` +
    [0, 1].map((i) => `<td>${r.queen[i] + r.coins[i] || (r.winner === i ? 0 : "–")}${r.winner === i ? " ✓" : ""}</td>`).join("") + `</tr>`).join("");
  const swatch = (colour) => `<span class="swatch" style="background:${COLOURS[colour]}"></span>`;
  const where = t("game {game}, board {board}", { game: sc.game, board: sc.board });
  box.innerHTML = `<table><tr><th>${esc(where)}</th>${head}</tr>${rows}` +
    `<tr><th>${esc(t("points"))}</th><th class="points-0">${sc.points[0]}</th><th class="points-1">${sc.points[1]}</th></tr>` +
    `<tr><td>${esc(t("games won"))}</td><td>${sc.games_won[0]}</td><td>${sc.games_won[1]}</td></tr></table>` +
    (done.length ? `<details class="why"><summary>${esc(t("How each board ended"))}</summary><ul>` +
      done.map((r) => `<li>${esc(endedWith(r))}</li>`).join("") + `</ul></details>` : "") +
    `<div class="coins">${esc(t("On the board:"))} ${swatch("white")} ${esc(tn("{n} white", "{n} white", b.white))} · ` +
    `${swatch("black")} ${esc(tn("{n} black", "{n} black", b.black))} · ` +
    `${swatch("queen")} ${esc(t("queen {where}", { where: SAY.queenWhere(st) }))}</div>` +
    `<div class="dues">${esc(SAY.dues(st))}</div>`;
}

function renderRulings() {
  $("rulings").innerHTML = S.log.slice().reverse().map((l) =>
    `<li value="${l.n}"><div>${esc(actionOf(l))}</div><div class="lines">${rulingHtml(l)}</div></li>`).join("");
}

function renderEnd() {
  const end = $("end");
  end.hidden = !S.over;
  if (S.over) {
    end.innerHTML = `<strong>${esc(SAY.matchWon(S))}</strong> ` +
      `<a id="scorecard-link" href="/matches/${room}/scorecard" target="_blank">${esc(t("The scorecard (ICF XIX)"))}</a> · ` +
      `<a href="/replay/${room}" data-go="1">${esc(t("Replay"))}</a> · <a href="/" data-go="1">${esc(t("New match"))}</a>`;
  }
}

function renderSummary() {
  const box = $("board-end"), shown = !box.hidden;
  box.hidden = !summary;
  if (!summary) return;
  const said = SAY.boardEnd(summary.before, summary.after, summary.board);
  $("board-end-title").textContent = said.title;
  $("board-end-lines").innerHTML = said.lines.map((l) => `<li>${esc(l)}</li>`).join("");
  $("board-end-next").textContent = said.next;
  $("board-end").dataset.level = said.level;
  $("board-end-card").hidden = said.level === "board";  // a game or the match ended: its scorecard (ICF XIX)
  $("board-end-card").href = `/matches/${room}/scorecard`;
  if (!shown) $("board-end-next").focus({ preventScroll: true });
}
$("board-end-next").addEventListener("click", () => { summary = null; render(); $("board").focus({ preventScroll: true }); });

// clock: the room's clocks of the laws, kept by the server (clock.js); without them, the reminder if chosen
setInterval(() => {
  const box = $("clock"), shown = !$("game").hidden && clockShown(S, Date.now() / 1000 + clockOffset, $("show-clock").checked);
  box.hidden = !shown;
  if (!shown) return;
  box.textContent = shown.text;
  box.classList.toggle("late", shown.late);
}, 250);
$("show-clock").addEventListener("change", () => localStorage.setItem("carrom-clock", $("show-clock").checked ? "1" : "0"));
$("speed").addEventListener("change", () => localStorage.setItem("carrom-speed", $("speed").value));
// the board's theme, remembered: the wooden board or the high-contrast one
function setTheme(name) {
  theme = name === "contrast" ? "contrast" : "wood";
  $("theme").value = theme; document.body.classList.toggle("contrast", theme === "contrast");
  boardCache = null; redraw();
  if (replay && replay.view) drawReplay(replay.view.state.layout);
}
$("theme").addEventListener("change", () => { localStorage.setItem("carrom-theme", $("theme").value); setTheme($("theme").value); });
// skip: the motion under way ends at once (its last position is the state's)
function skipMotion() { if (anim) anim.skip = true; }
$("skip").addEventListener("click", skipMotion);
// sound: on from the first gesture (browsers require one), the switch remembered
for (const type of ["pointerdown", "keydown"]) document.addEventListener(type, sound.unlock, { capture: true });
function showSound() {
  const off = sound.muted();
  $("sound").textContent = off ? t("Sound: off") : t("Sound: on");
  $("sound").setAttribute("aria-pressed", off ? "false" : "true");
}
$("sound").addEventListener("click", () => { sound.setMuted(!sound.muted()); showSound(); });
showSound();
document.addEventListener("keydown", (ev) => { if (ev.key === "Escape" && anim) { skipMotion(); ev.preventDefault(); } });
for (const [button, input] of [["copy", "share-link"], ["copy-watch", "watch-link"]]) {
  $(button).addEventListener("click", () => { $(input).select(); navigator.clipboard && navigator.clipboard.writeText($(input).value); });
}

// ---- drawing ----------------------------------------------------------------------------------------------

function sizeCanvas(canvas) {
  const css = canvas.getBoundingClientRect().width || 640, px = Math.round(css * (window.devicePixelRatio || 1));
  if (canvas.width !== px) { canvas.width = px; canvas.height = px; return true; }
  return false;
}

// the board and the pieces as board.js draws them, in the theme chosen, the player's seat at the bottom
function drawBoard(ctx, canvas) { paintBoard(ctx, G, { theme, bottom }); }
function disc(ctx, canvas, x, y, kind, alpha = 1) { drawDisc(ctx, G, { kind, x, y }, { theme, bottom, alpha }); }

function paintBase(canvas) {
  const ctx = canvas.getContext("2d");
  if (canvas.id === "board") {
    if (!boardCache || boardCache.width !== canvas.width || boardCache.bottom !== bottom || boardCache.theme !== theme) {
      boardCache = document.createElement("canvas");
      boardCache.width = boardCache.height = canvas.width; boardCache.bottom = bottom; boardCache.theme = theme;
      drawBoard(boardCache.getContext("2d"), boardCache);
    }
    ctx.drawImage(boardCache, 0, 0);
  } else {
    drawBoard(ctx, canvas);
  }
  return ctx;
}

function redraw() {
  const canvas = $("board");
  if (!S || $("game").hidden) return;
  sizeCanvas(canvas);
  const ctx = paintBase(canvas);
  const layout = shownLayout();
  for (const d of layout) disc(ctx, canvas, d.x, d.y, d.kind);
  const t = myTurn();
  if (t && t.kind === "stroke") {
    legalStretches(ctx, canvas, t.seat);
    const [x, y] = strikerXY(t.seat), aiming = drag && drag.mode === "aim";
    if (aiming) deadRing(ctx, canvas, x, y);
    if (!aiming || striker.pulled) guide(ctx, canvas, t.seat, x, y, layout);
    disc(ctx, canvas, x, y, "striker");
  }
  const spot = t && t.kind === "place" ? (drag && drag.mode === "place" ? drag : keyPlace) : null;
  if (spot) {  // the coin owed where the pointer or the keys hold it: faint outside the outer circle
    const owed = S.board.owed.find((o) => o.placer === t.seat && !o.waiting);
    const inside = Math.hypot(spot.x, spot.y) + G.coin_radius <= G.outer_circle;
    disc(ctx, canvas, spot.x, spot.y, owed ? owed.coin : "white", inside ? 0.85 : 0.4);
  }
  const power = t && t.kind === "stroke" && !(drag && drag.mode === "aim" && !striker.pulled) ? striker.power : 0;
  $("power-bar").style.width = 100 * power + "%";
  $("hint").textContent = SAY.hint(t, drag, striker.pulled, !!inflight);
}

// the dead zone of a pull: let go inside this ring and nothing is played
function deadRing(ctx, canvas, x, y) {
  ctx.beginPath(); ctx.arc(...toScreen(canvas, x, y), deadZone() * scale(canvas), 0, 2 * Math.PI);
  ctx.setLineDash([4, 4]); ctx.lineWidth = 2; ctx.strokeStyle = striker.pulled ? "rgba(20,90,200,0.5)" : "rgba(160,0,0,0.8)";
  ctx.stroke(); ctx.setLineDash([]);
}

// the discs drawn: moving, or the last position of a board that ended, or the state's
function shownLayout() { return animLayout || (summary ? summary.layout : S && S.layout); }

function legalStretches(ctx, canvas, seat) {
  ctx.strokeStyle = BOARD.legal; ctx.globalAlpha = 0.55; ctx.lineWidth = Math.max(3, 0.006 * scale(canvas)); ctx.lineCap = "round";
  for (const [lo, hi] of S.legal) line(ctx, toScreen(canvas, ...seatPoint(seat, lo, -G.baseline.axis)), toScreen(canvas, ...seatPoint(seat, hi, -G.baseline.axis)));
  ctx.globalAlpha = 1; ctx.lineCap = "butt";
}

function guide(ctx, canvas, seat, x, y, layout) {
  // the striker's straight run to the first piece it would meet (or the cushion), then that piece's line
  const [dx, dy] = aimVector(seat), R = G.coin_radius + G.striker_radius;
  let best = null;
  for (const d of layout) {
    const ox = d.x - x, oy = d.y - y, along = ox * dx + oy * dy, perp2 = ox * ox + oy * oy - along * along;
    if (along > 0 && perp2 < R * R) {
      const t = along - Math.sqrt(R * R - perp2);
      if (!best || t < best.t) best = { t, d };
    }
  }
  const wall = G.half - G.striker_radius;
  const tw = Math.min(dx > 1e-9 ? (wall - x) / dx : dx < -1e-9 ? (-wall - x) / dx : 9, dy > 1e-9 ? (wall - y) / dy : dy < -1e-9 ? (-wall - y) / dy : 9);
  const t = best ? best.t : tw, gx = x + dx * t, gy = y + dy * t;
  ctx.setLineDash([6, 5]); ctx.lineWidth = 2; ctx.strokeStyle = `rgba(20,90,200,${0.4 + 0.6 * striker.power})`;
  line(ctx, toScreen(canvas, x, y), toScreen(canvas, gx, gy));
  ctx.setLineDash([]);
  if (best) {
    ctx.beginPath(); ctx.arc(...toScreen(canvas, gx, gy), G.striker_radius * scale(canvas), 0, 2 * Math.PI);
    ctx.strokeStyle = "rgba(20,90,200,0.5)"; ctx.stroke();
    const cx = best.d.x - gx, cy = best.d.y - gy, n = Math.hypot(cx, cy);
    ctx.strokeStyle = "rgba(200,40,40,0.8)";
    line(ctx, toScreen(canvas, best.d.x, best.d.y), toScreen(canvas, best.d.x + cx / n * 0.2, best.d.y + cy / n * 0.2));
  }
}

function snapStriker() {
  let best = null;
  for (const [lo, hi] of S.legal) {
    const v = Math.min(Math.max(striker.along, lo), hi);
    if (best === null || Math.abs(v - striker.along) < Math.abs(best - striker.along)) best = v;
  }
  if (best !== null) striker.along = best;
}

// ---- animation: the engine's slides at the display's rate (motion.js) -----------------------------------
// A motion's clock runs at the chosen speed (slow motion below 1), frame by frame.

// the next state shown; a board, a game or the match that ended is summed up over its last position, and the
// next board's layout appears once the summary is closed (the updates after it wait in `shots`)
function advance(next, shown) {
  if (S) {
    const board = next.score.boards.length > S.score.boards.length ? next.score.boards[next.score.boards.length - 1] : null;
    const game = next.score.games_won.some((won, side) => won !== S.score.games_won[side]);
    if (board || game || (next.over && !S.over)) summary = { before: S, after: next, board, layout: shown || S.layout };
    announce(next.log.filter((l) => l.n > lastAction(S)));
  }
  S = next;
}

// the new actions and their rulings, read out by screen readers (an aria-live region) as the board shows them
function announce(entries) {
  if (entries.length) $("announce").textContent = entries.map((l) => [actionOf(l), ...linesOf(l)].join(". ")).join(". ");
}

function tick(now) {
  const speed = Number($("speed").value) || 1;
  if (!anim && shots.length && !summary) {
    const next = shots.shift();
    if (next.shot && speed < 1000) { anim = { update: next, last: now, t: 0, heard: -1 }; animLayout = layoutAt(next.shot, 0); render(); $("skip").hidden = false; }
    else { advance(next); render(); }
  }
  if (anim) {
    // the motion's clock advances by each frame's time at the speed chosen now (it may change meanwhile)
    anim.t += Math.max(0, now - anim.last) / 1000 * speed; anim.last = now;
    const shot = anim.update.shot, t = anim.skip ? shot.duration : anim.t;
    if (!anim.skip) sound.play(shot, anim.heard, t);  // the events this frame went past (a skipped motion is silent)
    anim.heard = t;
    if (t >= shot.duration) {
      advance(anim.update, layoutAt(shot, shot.duration)); anim = null; animLayout = null; $("skip").hidden = true;
      render();  // the page always shows the state it holds
    } else {
      animLayout = layoutAt(shot, t);
      redraw();
      if (frameLog) frameLog.push({ now, t, layout: animLayout });
    }
  }
  if (replayAnim) replayTick(now);
  requestAnimationFrame(tick);
}
requestAnimationFrame(tick);

// ---- the mouse, the finger and the keys --------------------------------------------------------------------
// Moving and shooting are two gestures (docs/web.md). A press on the striker (a target of at least
// GESTURE.target CSS px) or on the baseline is undecided until the pointer has gone GESTURE.slop px: then
// a movement back, away from the board (within GESTURE.cone of straight back), is a pull that aims;
// any other movement moves the striker along the baseline, whatever happens after. A pull let go
// within the dead zone round the striker is cancelled; only a pull past it shoots.

const GESTURE = { target: 44, slop: 8, dead: 10, cone: Math.tan(60 * Math.PI / 180), fullPull: 120 };
const canvas = $("board");

function metresPerCss() { return G.outer_side / canvas.getBoundingClientRect().width; }
function grabRadius() { return Math.max(1.5 * G.striker_radius, GESTURE.target / 2 * metresPerCss()); }
function deadZone() { return grabRadius() + GESTURE.dead * metresPerCss(); }  // m from the striker's centre
function fullPull() { return Math.max(FULL_PULL, GESTURE.fullPull * metresPerCss()); }  // m past the dead zone

canvas.addEventListener("pointerdown", (ev) => {
  const t = myTurn();
  if (!t || drag) return;
  canvas.focus();
  const [mx, my] = eventBoard(canvas, ev);
  if (t.kind === "place") {
    drag = { mode: "place", seat: t.seat, x: mx, y: my };
  } else if (t.kind === "stroke") {
    const [sx, sy] = strikerXY(t.seat), [a, f] = inSeat(t.seat, mx, my);
    if (Math.hypot(mx - sx, my - sy) <= grabRadius()) {
      drag = { mode: "press", seat: t.seat, from: [a, f], grip: striker.along - a, aim: { ...striker } };
    } else if (Math.abs(f + G.baseline.axis) <= Math.max(0.05, grabRadius())) {
      drag = { mode: "move", seat: t.seat, grip: 0 };
      moveTo(t.seat, a);
    } else return;
  } else return;
  drag.pointer = ev.pointerId;
  canvas.setPointerCapture(ev.pointerId);
  ev.preventDefault();
  redraw();
});
canvas.addEventListener("pointermove", (ev) => {
  if (!drag || ev.pointerId !== drag.pointer) return;
  const [mx, my] = eventBoard(canvas, ev);
  if (drag.mode === "place") { drag.x = mx; drag.y = my; redraw(); return; }
  const [a, f] = inSeat(drag.seat, mx, my);
  if (drag.mode === "press") {
    const da = a - drag.from[0], df = f - drag.from[1];
    if (Math.hypot(da, df) < GESTURE.slop * metresPerCss()) return;
    drag.mode = df < 0 && Math.abs(da) <= -df * GESTURE.cone ? "aim" : "move";
  }
  if (drag.mode === "move") { moveTo(drag.seat, a + drag.grip); return; }
  aimFrom(drag.seat, mx, my);
  redraw();
});
canvas.addEventListener("pointerup", (ev) => {
  if (!drag || ev.pointerId !== drag.pointer) return;
  const d = drag; drag = null;
  const [mx, my] = eventBoard(canvas, ev);
  if (d.mode === "place") act({ type: "place", seat: d.seat, x: round(mx), y: round(my) });
  if (d.mode === "aim" && aimFrom(d.seat, mx, my)) shoot(d.seat);
  else if (d.mode === "aim") cancelAim(d);
  render();
});
canvas.addEventListener("pointercancel", () => { if (drag && drag.mode === "aim") cancelAim(drag); drag = null; render(); });

// a pull let go inside the dead zone: the aim and power are as they were before it
function cancelAim(gesture) { Object.assign(striker, gesture.aim, { pulled: false }); }
function round(v) { return Math.round(v * 1e5) / 1e5; }
// aim away from the pointer, the power from how far past the dead zone it is; false inside the dead zone
function aimFrom(seat, mx, my) {
  const [sx, sy] = strikerXY(seat), vx = sx - mx, vy = sy - my, len = Math.hypot(vx, vy), dead = deadZone();
  striker.pulled = len > dead;
  if (!striker.pulled) return false;
  const { right: r, forward: f } = frame(seat);
  striker.angle = Math.atan2(-(vx * r[0] + vy * r[1]), vx * f[0] + vy * f[1]);
  striker.power = Math.min(1, Math.max(0.02, (len - dead) / fullPull()));
  return true;
}
function moveTo(seat, along) {
  striker.along = along;
  snapStriker();
  redraw();
}
function shoot(seat) {
  act({ type: "strike", seat, along: round(striker.along), angle: Math.round(striker.angle * 1e6) / 1e6, power: Math.round(striker.power * 1e4) / 1e4 });
}
// an intent that changes the match: one at a time, the board's input off until the server answers
function act(msg) {
  if (inflight) return;
  const open = ws && ws.readyState === WebSocket.OPEN;
  send(msg);
  if (open) { inflight = { last: lastAction(S) }; render(); }
}
function lastAction(st) { return st && st.log.length ? st.log[st.log.length - 1].n : 0; }
function turnOf(st) { return st ? [lastAction(st), st.expected && st.expected.kind, st.expected && st.expected.seat].join(" ") : ""; }
// the server answered this client's intent: an error, a new action, a notice (not a stroke), a new connection;
// an error belongs to the turn shown when it came, and goes when the turn changes (render)
function answered(msg) {
  if (msg.type === "error") errorTurn = turnOf(S);
  if (!inflight || (msg.type !== "error" && msg.type !== "state")) return;
  if (msg.type === "error" || msg.you || msg.notice || lastAction(msg) !== inflight.last) inflight = null;
}
// the keys (the board focused): ← → move the striker (Shift: more), ↑ ↓ aim, + − power, Space or Enter strike;
// a coin owed: the arrows move it across the screen, Enter or Space places it
canvas.addEventListener("keydown", (ev) => {
  const t = myTurn();
  if (!t) return;
  const big = ev.shiftKey ? 10 : 1, k = ev.key;
  if (t.kind === "place") {
    if (!keyPlace) keyPlace = { x: 0, y: 0 };
    const step = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, 1], ArrowDown: [0, -1] }[k];
    if (step) {
      const [dx, dy] = seatPoint(bottom, step[0] * 0.002 * big, step[1] * 0.002 * big);
      keyPlace.x = round(keyPlace.x + dx); keyPlace.y = round(keyPlace.y + dy);
    } else if (k === "Enter" || k === " ") act({ type: "place", seat: t.seat, x: keyPlace.x, y: keyPlace.y });
    else return;
    ev.preventDefault(); redraw();
    return;
  }
  if (t.kind !== "stroke") return;
  if (k === "ArrowLeft") striker.along -= 0.001 * big;
  else if (k === "ArrowRight") striker.along += 0.001 * big;
  else if (k === "ArrowUp") striker.angle += Math.PI / 720 * big;
  else if (k === "ArrowDown") striker.angle -= Math.PI / 720 * big;
  else if (k === "+" || k === "=") striker.power = Math.min(1, striker.power + 0.01 * big);
  else if (k === "-" || k === "_") striker.power = Math.max(0.02, striker.power - 0.01 * big);
  else if (k === " " || k === "Enter") { ev.preventDefault(); shoot(t.seat); return; }
  else return;
  ev.preventDefault();
  striker.angle = Math.max(-Math.PI, Math.min(Math.PI, striker.angle));
  snapStriker(); redraw();
});

// ---- replay ---------------------------------------------------------------------------------------------------

// The replay of a match played here (each stroke's motion, simulated again by the server) or of a record an
// umpire scored at a real table (no positions: the state the referee knows). #stroke=N in the address opens
// the match at action N, its motion shown: the link to share.
async function showReplay(id, kind) {
  $("replay").hidden = false;
  const base = kind === "umpire" ? `/api/umpire/${id}` : `/api/matches/${id}`;
  replay = { id, kind, base, step: 0, steps: 0, view: null, playing: false, outline: null, asked: 0 };
  $("replay-card").href = kind === "umpire" ? `${base}/scorecard.html` : `/matches/${id}/scorecard`;
  $("replay-record").href = `${base}/record`;
  let outline;
  try { outline = await api(`${base}/replay/outline`); } catch (e) { pageError(e.message); return; }
  if (!replay || replay.id !== id) return;
  replay.outline = outline; replay.steps = outline.steps;
  $("replay-title").textContent = t("Replay: {title}", { title: botNames(outline.title) });
  $("replay-no-positions").hidden = outline.positions;
  const boardName = (b) => t("Game {game}, board {board}", b);
  $("replay-jump").innerHTML = outline.boards.map((b) => `<option value="${b.step}">${esc(boardName(b))}</option>`).join("");
  $("replay-log").innerHTML = outline.actions.map((a) => `<li value="${a.n}" id="replay-log-${a.n}">` +
    `<a href="#stroke=${a.n}" data-step="${a.n}">${esc(actionOf(a))}</a><div class="lines">${rulingHtml(a)}</div></li>`).join("");
  const slider = $("replay-step");
  slider.max = outline.steps;
  slider.oninput = () => replayGo(Number(slider.value), false);
  $("replay-first").onclick = () => replayGo(0, false);
  $("replay-last").onclick = () => replayGo(replay.steps, false);
  $("replay-prev").onclick = () => replayGo(replay.step - 1, false);
  $("replay-next").onclick = () => replayGo(replay.step + 1, true);
  $("replay-play").onclick = () => replayPlay(!replay.playing);
  $("replay-jump").onchange = () => replayGo(Number($("replay-jump").value), false);
  $("replay-log").onclick = (ev) => {
    const a = ev.target.closest("a[data-step]");
    if (a) { ev.preventDefault(); replayGo(Number(a.dataset.step), true); }
  };
  $("replay-copy").onclick = () => { $("replay-link").select(); navigator.clipboard && navigator.clipboard.writeText($("replay-link").value); };
  const linked = /(?:^#|&)stroke=(\d+)/.exec(location.hash);
  await replayGo(linked ? Number(linked[1]) : 0, !!linked);
}

// play or pause: playing goes on action after action, each stroke's motion shown; a pause stops the motion too
function replayPlay(on) {
  replay.playing = on;
  $("replay-play").textContent = on ? t("Pause") : t("Play");
  $("replay-play").setAttribute("aria-pressed", on ? "true" : "false");
  if (replayAnim) replayAnim.paused = !on;
  if (on && !replayAnim) replayGo(replay.step >= replay.steps ? 0 : replay.step + 1, true);
}

async function replayGo(n, animate) {
  if (!replay) return;
  n = Math.max(0, Math.min(n, replay.steps));
  const asked = ++replay.asked;  // a later request wins: scrubbing sends many
  const v = await api(`${replay.base}/replay?step=${n}`);
  if (!replay || asked !== replay.asked) return;
  named(v.state);
  replay.view = v; replay.step = v.step; replay.steps = v.steps;
  $("replay-step").max = v.steps; $("replay-step").value = v.step;
  $("replay-where").textContent = t("action {step} of {steps}", v);
  $("replay-action").textContent = v.action ? actionOf(v) : t("The opening (ICF 41)");
  $("replay-lines").innerHTML = (v.said ? v.said.lines : v.lines).map((l) => `<li>${esc(said(l))}` +
    (l.meaning ? `<small class="law">${esc(lawMeaning(l))}</small>` : "") + `</li>`).join("");
  const board = replay.outline.boards.filter((b) => b.step <= v.step).pop();
  if (board) $("replay-jump").value = String(board.step);
  for (const li of $("replay-log").querySelectorAll("li")) {
    const here = Number(li.value) === v.step;
    li.classList.toggle("current", here);
    if (here) { li.setAttribute("aria-current", "step"); li.scrollIntoView({ block: "nearest" }); } else li.removeAttribute("aria-current");
  }
  const link = v.step ? `#stroke=${v.step}` : "";
  history.replaceState(null, "", location.pathname + link);
  $("replay-link").value = location.origin + location.pathname + link;
  renderScore($("replay-score"), v.state);
  if (animate && v.shot) replayAnim = { shot: v.shot, t: 0, last: null, heard: -1, paused: false };
  else { replayAnim = null; drawReplay(v.state.layout); replayNext(); }
}

function drawReplay(layout) {
  const c = $("replay-board");
  sizeCanvas(c);
  const saved = bottom; bottom = "south";
  const ctx = paintBase(c);
  for (const d of layout) disc(ctx, c, d.x, d.y, d.kind);
  bottom = saved;
}

// the replay's motion: its own clock, at the replay's speed, stopped while paused
function replayTick(now) {
  const a = replayAnim, shot = a.shot, speed = Number($("replay-speed").value) || 1;
  if (a.last !== null && !a.paused) a.t += Math.max(0, now - a.last) / 1000 * speed;
  a.last = now;
  if (a.t >= shot.duration) {
    sound.play(shot, a.heard, shot.duration);
    replayAnim = null; drawReplay(replay.view.state.layout); replayNext();
  } else {
    sound.play(shot, a.heard, a.t); a.heard = a.t;
    drawReplay(layoutAt(shot, a.t));
  }
}

function replayNext() {
  if (!replay || !replay.playing) return;
  if (replay.step >= replay.steps) { replayPlay(false); return; }
  setTimeout(() => { if (replay && replay.playing && !replayAnim) replayGo(replay.step + 1, true); }, 500);
}

window.carrom = { boardToPage, get state() { return S; }, get mine() { return mine; }, get striker() { return striker; },
  get busy() { return !!anim || shots.length > 0; }, get shown() { return shownLayout(); },
  get last() { return S && S.log.length ? S.log[S.log.length - 1].n : 0; }, get geometry() { return G; }, send, myTurn,
  SAY, drawBoard, disc, layoutAt, sound,
  measureFrames() { frameLog = []; }, get frames() { return frameLog; },
  get replay() {  // the replay page: where it is, and the motion under way
    return replay && { step: replay.step, steps: replay.steps, playing: replay.playing, shown: replay.view !== null,
      motion: replayAnim && { t: replayAnim.t, paused: replayAnim.paused, duration: replayAnim.shot.duration } };
  },  // for the browser tests: the page's words and drawing
  gesture: { get grab() { return grabRadius(); }, get dead() { return deadZone(); } } };

start();
