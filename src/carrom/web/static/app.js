// carrom web client: draws what the server sends, sends intents only (docs/web.md). No build step: ES modules
// served as they are, one concern each — the room's state and its pure updater (room-state.js), the server
// (net.js), the board and its drawing (tabletop.js), the input (controls.js), the head-up display (hud.js), the
// log (rulings.js), the dialogs (dialogs.js), the words (say.js), the new-match form (setup.js) and the replay
// (replay.js), around one page object (page.js). This module routes between the views, runs the motions and
// lends the browser tests their handles (window.carrom). Every word shown goes through t()/tn() (i18n.js).
import { t } from "./i18n.js";
import { layoutAt } from "./motion.js";
import * as sound from "./sound.js";
import * as effects from "./effects.js";
import { api, Connection } from "./net.js";
import { onRender, P, setRoom } from "./page.js";
import * as room from "./room-state.js";
import { named, SAY } from "./say.js";
import { boardToPage, disc, drawBoard, fullPull, grabRadius, deadZone, paintBase, placeSpot, redraw, shownLayout, sizeCanvas, snapStriker } from "./tabletop.js";
import { freshAim, renderActions, send } from "./controls.js";
import { sentAlong } from "./stretch.js";
import { refusalWords, renderHud, renderScore, showError } from "./hud.js";
import { announce, renderRulings } from "./rulings.js";
import { renderJoin, renderSummary } from "./dialogs.js";
import { setUpForm, showMatches, showSetup } from "./setup.js";
import { leaveReplay, redrawReplay, replayShown, showReplay } from "./replay.js";
import { drawAim, roomOpened, setUpAsides, shownAim, showAsides } from "./lobby-room.js";

const $ = (id) => document.getElementById(id);

function pageError(message) {
  $("page-error").hidden = !message;
  $("page-error").textContent = message || "";
}

async function start() {
  let options;
  try {
    options = await api("/api/options");
  } catch (e) { pageError(e.message); return; }
  P.G = options.geometry;
  setUpForm(options, { go, pageError });
  setUpAsides(send);  // presence, quick messages, the others' aim, the lobby's game (lobby-room.js)
  $("speed").value = localStorage.getItem("carrom-speed") || "1";
  $("show-clock").checked = localStorage.getItem("carrom-clock") === "1";
  setTheme(localStorage.getItem("carrom-theme") || "wood");
  window.addEventListener("popstate", route);
  window.addEventListener("resize", () => {
    P.boardCache = null; sizeCanvas($("board")); sizeCanvas($("replay-board")); redraw();
    redrawReplay();
  });
  route();
}

function go(path) { history.pushState(null, "", path); route(); }

function route() {
  for (const id of ["setup", "matches", "join", "game", "replay"]) $(id).hidden = true;
  pageError("");
  if (P.conn) { P.conn.close(); P.conn = null; }
  P.room = room.initialRoom(); P.motion = null; P.drag = null; $("skip").hidden = true;
  leaveReplay();
  const parts = location.pathname.split("/").filter(Boolean);
  if (parts[0] === "room" && parts[1]) return openRoom(parts[1]);
  if (parts[0] === "replay" && parts[1] === "umpire" && parts[2]) return showReplay(parts[2], "umpire", replayHost);
  if (parts[0] === "replay" && parts[1]) return showReplay(parts[1], "match", replayHost);
  if (parts[0] === "matches") return showMatches();
  showSetup();
}

document.addEventListener("click", (ev) => {
  const a = ev.target.closest("a[data-go]");
  if (a) { ev.preventDefault(); go(a.getAttribute("href")); }
});
for (const a of document.querySelectorAll("header a")) a.dataset.go = "1";

// ---- a room: the server's messages through the one updater ---------------------------------------------------

function openRoom(id) {
  P.room = room.initialRoom({
    id, token: localStorage.getItem("carrom-token-" + id),
    invite: (location.hash.match(/invite=([\w-]+)/) || [])[1] || null,  // an invitation link: a free seat may be taken
    watching: sessionStorage.getItem("carrom-watch-" + id) === "1",
  });
  P.conn = new Connection(id, P.room.token, { onMessage: receive, onTrouble: pageError });
  roomOpened(id);
}

function receive(msg) {
  if (!P.room.id) return;
  if (msg.type === "state") named(msg);
  let next;
  try {
    next = room.receive(P.room, msg, { now: Date.now() / 1000, instant: $("speed").value === "1000" });
  } catch (e) {
    if (!(e instanceof room.UnknownMessage)) throw e;
    // a message this page cannot read: said, never ignored
    pageError(t("The server sent a message this page does not know ({type}): reload the page.", { type: String(msg && msg.type) }));
    console.error(e); return;
  }
  const before = P.room;
  P.room = next;
  if (msg.type === "presence" || msg.type === "quick" || msg.type === "aim") {  // beside the match: no state
    if (msg.type === "aim" && next.view === "game" && !room.busy(next)) { redraw(); drawAim(); }
    showAsides(); return;
  }
  if (next.token && next.token !== before.token) { localStorage.setItem("carrom-token-" + next.id, next.token); P.conn.token = next.token; }
  if (next.watching && !before.watching) sessionStorage.setItem("carrom-watch-" + next.id, "1");
  const bottom = room.bottomOf(next.mine);
  if (bottom !== P.bottom) { P.bottom = bottom; P.boardCache = null; }
  if (next.fatal) { pageError(refusalWords(next.fatal)); return; }
  announce(next.heard, next.shown);
  if (next.view === "join") { renderJoin(send); return; }
  if (next.view !== "game") return;
  showGame();
  if (msg.type === "error") showError();  // at once, even while a motion plays
}

function showGame() {
  const S = P.room.shown, { mine, links } = P.room;
  $("join").hidden = true;
  $("game").hidden = false;
  if (!S) return;
  if (sizeCanvas($("board"))) P.boardCache = null;
  const online = Object.values(S.seats).some((i) => i.open) || mine.length < Object.values(S.seats).filter((i) => i.kind === "human").length;
  $("share").hidden = !mine.length;
  $("share-invite").hidden = !(online && links && links.invite);
  $("share-link").value = links && links.invite ? location.origin + links.invite : "";
  $("watch-link").value = location.origin + "/room/" + P.room.id;
  if (!room.busy(P.room)) render();
}

// the whole game view, from P
function render() {
  const S = P.room.shown;
  if (!S || $("game").hidden) return;
  const turn = room.myTurn(P.room);
  freshAim(turn);
  renderHud();
  renderActions(turn);
  renderRulings(S);
  renderSummary();
  if (turn && turn.kind === "stroke") snapStriker();
  if (!turn || turn.kind !== "place") P.keyPlace = null;
  redraw();
  drawAim(); showAsides();
}
onRender(render);

// ---- motions: the engine's slides at the display's rate (motion.js) -----------------------------------------
// A motion's clock runs at the chosen speed (slow motion below 1), frame by frame. A new stroke's aim starts
// with no power.

function tick(now) {
  const speed = Number($("speed").value) || 1;
  if (!P.room.playing && P.room.queue.length && !P.room.summary) {
    P.room = room.nextMotion(P.room, speed >= 1000);
    if (P.room.playing) { P.motion = { last: now, t: 0, heard: -1, layout: layoutAt(P.room.playing.shot, 0) }; $("skip").hidden = false; }
    announce(P.room.heard, P.room.shown);
    render();
  }
  const m = P.motion, playing = P.room.playing;
  if (m && playing) {
    // the motion's clock advances by each frame's time at the speed chosen now (it may change meanwhile)
    m.t += Math.max(0, now - m.last) / 1000 * speed; m.last = now;
    const shot = playing.shot, at = m.skip ? shot.duration : m.t;
    if (!m.skip) sound.play(shot, m.heard, at);  // the events this frame went past (a skipped motion is silent)
    effects.dropped(shot, m.heard, at, now, { skipped: m.skip || speed >= 1000, toPage: boardToPage, target: (kind) => hudOf(kind, playing) });
    m.heard = at;
    if (at >= shot.duration) {
      P.room = room.motionEnded(P.room, layoutAt(shot, shot.duration)); P.motion = null; $("skip").hidden = true;
      announce(P.room.heard, P.room.shown);
      render();  // the page always shows the state it holds
    } else {
      m.layout = layoutAt(shot, at);
      redraw();
      if (P.frameLog) P.frameLog.push({ now, t: at, layout: m.layout });
    }
  } else if (effects.flashes.length && effects.live(now).length) redraw();  // a flash fading after the motion
  requestAnimationFrame(tick);
}
requestAnimationFrame(tick);

// the display's box of the side a fallen piece counts for: its colour's side; the queen for the striker's side;
// the striker, none (a foul)
function hudOf(kind, st) {
  const seats = Object.values(P.room.shown ? P.room.shown.seats : st.seats), last = st.log[st.log.length - 1];
  const side = kind === "queen" ? (last && st.seats[last.seat] ? st.seats[last.seat].side : null)
    : (seats.find((i) => i.colour === kind) || {}).side;
  return kind === "striker" || side === undefined || side === null ? null : $(`hud-side-${side}`);
}

// ---- the replay's board, drawn as the game's (the theme chosen), south at the bottom ------------------------

const replayHost = {
  pageError, renderScore,
  draw(canvas, layout) {
    sizeCanvas(canvas);
    const saved = P.bottom; P.bottom = "south";
    const ctx = paintBase(canvas);
    for (const d of layout) disc(ctx, canvas, d.x, d.y, d.kind);
    P.bottom = saved;
  },
};

// ---- settings -------------------------------------------------------------------------------------------------

$("show-clock").addEventListener("change", () => localStorage.setItem("carrom-clock", $("show-clock").checked ? "1" : "0"));
$("speed").addEventListener("change", () => localStorage.setItem("carrom-speed", $("speed").value));
// the board's theme, remembered: the wooden board or the high-contrast one
function setTheme(name) {
  P.theme = name === "contrast" ? "contrast" : "wood";
  $("theme").value = P.theme; document.body.classList.toggle("contrast", P.theme === "contrast");
  P.boardCache = null; redraw();
  redrawReplay();
}
$("theme").addEventListener("change", () => { localStorage.setItem("carrom-theme", $("theme").value); setTheme($("theme").value); });
// skip: the motion under way ends at once (its last position is the state's)
function skipMotion() { if (P.motion) P.motion.skip = true; }
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
document.addEventListener("keydown", (ev) => { if (ev.key === "Escape" && P.motion) { skipMotion(); ev.preventDefault(); } });
for (const [button, input] of [["copy", "share-link"], ["copy-watch", "watch-link"]]) {
  $(button).addEventListener("click", () => { $(input).select(); navigator.clipboard && navigator.clipboard.writeText($(input).value); });
}

// for the browser tests: the page's state, words and drawing
window.carrom = {
  boardToPage, get state() { return P.room.shown; }, get mine() { return P.room.mine; }, get striker() { return P.striker; },
  get room() { return P.room; }, get aim() { return shownAim.drawn; },
  get busy() { return room.busy(P.room); }, get shown() { return shownLayout(); },
  get last() { return room.lastAction(P.room.shown); }, get geometry() { return P.G; }, send, myTurn: () => room.myTurn(P.room),
  SAY, drawBoard, disc, layoutAt, sound, receive, get effects() { return effects.shown; },
  measureFrames() { P.frameLog = []; }, get frames() { return P.frameLog; },
  get replay() { return replayShown(); },
  get sentAlong() { return P.room.shown ? sentAlong(P.room.shown.legal, P.striker.along) : null; },
  get placeSpot() { const turn = room.myTurn(P.room); return turn && turn.kind === "place" ? placeSpot(P.room.shown.layout, turn.seat) : null; },
  gesture: { get grab() { return grabRadius(); }, get dead() { return deadZone(); }, get full() { return fullPull(); } },
};

start();
