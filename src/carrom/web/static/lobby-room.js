// What the play page shows beside the match (docs/web.md, "Presence", "Quick messages", "Watching the aim", "Fair
// play"): who of the players is away and how long they have before the laws of absence apply (ICF 143 a); quick
// messages, sent and shown by id (never free text), which a player may mute; the striker as its player moves it,
// sent at most eight times a second (and once a second while it rests) unless the player hides it, drawn faint on the others' boards; and, in a room
// the lobby made, whether the game is rated and how long it may wait for its first stroke before it is aborted.
// Its own elements, made here; its state in P.room (room-state.js: away, quick, aim).
import { t } from "./i18n.js";
import { P } from "./page.js";
import { myTurn } from "./room-state.js";
import { disc, frame, scale, seatPoint, toScreen } from "./tabletop.js";

const $ = (id) => document.getElementById(id);
const AIM_EVERY = 125;  // ms between two aims sent (the server passes on at most ten a second)
const HEARD_FOR = 8;  // s a quick message stays shown

// the quick messages by id, as the server knows them (carrom.web.messages.QUICK), in the reader's words
export const QUICK = {
  hello: () => t("Hello"), good_luck: () => t("Good luck"), good_shot: () => t("Good shot"),
  well_played: () => t("Well played"), thanks: () => t("Thanks"), sorry: () => t("Sorry"),
  sorry_connection: () => t("Sorry, connection"), one_moment: () => t("One moment"),
};

const shownAim = { drawn: null };  // for the browser tests: the aim last drawn on this board
let lobbyGame = null;  // GET /api/lobby/games/{room}, in a room the lobby made
let ticking = null;

function node(tag, attrs = {}, text = "") {
  const n = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) n.setAttribute(k, v);
  if (text) n.textContent = text;
  return n;
}

function remembered(key, fallback) { const v = localStorage.getItem(key); return v === null ? fallback : v === "1"; }

/** The elements, made once under the notice; `send(msg)` sends an intent. */
export function setUpAsides(send) {
  const box = node("div", { id: "asides" });
  box.append(node("p", { id: "away", class: "notice", role: "status" }), node("p", { id: "lobby-game", class: "notice" }));
  const bar = node("div", { id: "quick", role: "group", "aria-label": t("Quick messages"), style: "display:flex;flex-wrap:wrap;gap:.3em;align-items:center;margin:.3em 0" });
  for (const [id, words] of Object.entries(QUICK)) {
    const b = node("button", { type: "button", "data-quick": id }, words());
    b.addEventListener("click", () => send({ type: "say", quick: id }));
    bar.append(b);
  }
  const mute = node("label", {}), box2 = node("input", { type: "checkbox", id: "quick-mute" });
  box2.checked = remembered("carrom-quick-mute", false);
  box2.addEventListener("change", () => { localStorage.setItem("carrom-quick-mute", box2.checked ? "1" : "0"); showAsides(); });
  mute.append(box2, " ", t("Mute the others' messages"));
  bar.append(mute);
  box.append(bar, node("p", { id: "quick-heard", role: "status", "aria-live": "polite", style: "font-weight:bold;margin:.2em 0" }));
  $("notice").after(box);
  const share = node("label", {}), input = node("input", { type: "checkbox", id: "share-aim" });
  input.checked = remembered("carrom-share-aim", true);
  input.addEventListener("change", () => localStorage.setItem("carrom-share-aim", input.checked ? "1" : "0"));
  share.append(input, " ", t("Show the others where I place and aim the striker"));
  $("show-clock").closest("label").after(share);
  setInterval(sendAim, AIM_EVERY);
  setInterval(showAsides, 1000);  // the time left, counted down
  showAsides();
}

/** A room opened: whether the lobby made it (its game rated, aborted, the time left to break). */
export async function roomOpened(id) {
  lobbyGame = null;
  const answer = await fetch(`/api/lobby/games/${encodeURIComponent(id)}`, { cache: "no-store" }).catch(() => null);
  if (!answer || !answer.ok || P.room.id !== id) { showAsides(); return; }
  const game = await answer.json();
  if (!game.lobby) { showAsides(); return; }
  lobbyGame = { ...game, offset: game.now - Date.now() / 1000 };
  showAsides();
  clearTimeout(ticking);
  if (game.abort_at) ticking = setTimeout(() => roomOpened(id), Math.max(1, game.abort_at - game.now + 1) * 1000);
}

const nameOf = (seat) => (P.room.shown && P.room.shown.seats[seat] ? P.room.shown.seats[seat].name : seat);

/** Presence, quick messages and the lobby's game, as P.room has them now. */
export function showAsides() {
  if (!$("asides")) return;
  const R = P.room, S = R.shown, now = Date.now() / 1000;
  const online = !!S && R.mine.length > 0 && Object.entries(S.seats).some(([seat, i]) => i.kind === "human" && !R.mine.includes(seat));
  const away = S && !S.over ? Object.entries(R.away || {}).filter(([seat]) => !R.mine.includes(seat)) : [];
  $("away").hidden = !away.length;
  $("away").textContent = away.map(([seat, until]) => {
    const left = Math.max(0, Math.ceil(until - (now + R.clockOffset)));
    return left > 0 ? t("{name} has left the board: {seconds} s to come back before the match is lost at their turn (ICF 143 a)", { name: nameOf(seat), seconds: left })
      : t("{name} has been away past the grace: the match is lost at their turn (ICF 143 a)", { name: nameOf(seat) });
  }).join(" ");
  $("quick").hidden = !online;
  const muted = $("quick-mute").checked;
  const heard = (R.quick || []).filter((q) => now - q.at < HEARD_FOR && !(muted && !R.mine.includes(q.seat)) && QUICK[q.id]);
  const last = heard[heard.length - 1];
  $("quick-heard").hidden = !last;
  $("quick-heard").textContent = last ? t("{name}: {message}", { name: nameOf(last.seat), message: QUICK[last.id]() }) : "";
  const g = lobbyGame;
  $("lobby-game").hidden = !g;
  if (g) {
    const left = g.abort_at ? Math.max(0, Math.ceil(g.abort_at - (now + g.offset))) : 0;
    $("lobby-game").textContent = g.aborted ? t("Aborted: no stroke in the first {seconds} s, so this match is not rated.", { seconds: g.abort_after })
      : [g.rated ? t("A rated game of the lobby.") : t("A casual game of the lobby."),
        g.abort_at && left > 0 && !(S && S.log.length) ? t("If the break is not played within {seconds} s, the match is aborted and not rated.", { seconds: left }) : ""].join(" ").trim();
  }
}

// this page's striker, as its player moves it, to the others (unless hidden): when it changed, and once a second
// while it does not (the server drops an aim for a page with anything waiting, so the last one may not have come)
const AIM_AGAIN = 1000;  // ms
let lastAim = "", lastSent = 0;
function sendAim() {
  const turn = myTurn(P.room);
  if (!turn || turn.kind !== "stroke" || !$("share-aim").checked || !P.conn || !P.conn.ready) return;
  const aim = { along: round(P.striker.along), angle: round(P.striker.angle), power: round(P.striker.power) };
  const key = `${turn.seat} ${aim.along} ${aim.angle} ${aim.power}`;
  if (key === lastAim && Date.now() - lastSent < AIM_AGAIN) return;
  lastAim = key; lastSent = Date.now();
  P.conn.send({ type: "aim", seat: turn.seat, ...aim });  // not controls' send: an aim clears no refusal shown
}
const round = (v) => Math.round(v * 1e5) / 1e5;

/** Another player's striker, drawn faint where they hold it, with its line of aim (after the board is drawn). */
export function drawAim() {
  const a = P.room.aim, S = P.room.shown, canvas = $("board");
  shownAim.drawn = null;
  if (!a || !S || !S.expected || S.expected.seat !== a.seat || P.room.mine.includes(a.seat) || P.motion || !P.G) return;
  const ctx = canvas.getContext("2d");
  const [x, y] = seatPoint(a.seat, a.along, -P.G.baseline.axis);
  const { right: r, forward: f } = frame(a.seat), c = Math.cos(a.angle), s = Math.sin(a.angle);
  const reach = 0.08 + 0.5 * a.power, to = [x + reach * (c * f[0] - s * r[0]), y + reach * (c * f[1] - s * r[1])];
  ctx.save();
  ctx.setLineDash([6, 5]); ctx.lineWidth = Math.max(2, 0.004 * scale(canvas)); ctx.strokeStyle = "rgba(31, 78, 154, 0.8)";
  ctx.beginPath(); ctx.moveTo(...toScreen(canvas, x, y)); ctx.lineTo(...toScreen(canvas, ...to)); ctx.stroke();
  ctx.restore();
  disc(ctx, canvas, x, y, "striker", 0.6);
  shownAim.drawn = { seat: a.seat, along: a.along, angle: a.angle, power: a.power };
}

export { shownAim };
