// The play page's input: the mouse, the finger and the keys on the board (the gestures: tabletop.js), and
// the buttons of a turn (claim, waive, toss, concede). Every intent leaves through `act`, one at a time.

import { t } from "./i18n.js";
import { P, render, setRoom } from "./page.js";
import { myTurn, sent, turnOf } from "./room-state.js";
import { esc, SAY, SEATS } from "./say.js";
import { sentAlong } from "./stretch.js";
import { deadZone, eventBoard, placeSpot, frame, fullPull, GESTURE, grabRadius, inSeat, metresPerCss, redraw, seatPoint, snapStriker, strikerXY } from "./tabletop.js";

const $ = (id) => document.getElementById(id);
const canvas = $("board");

/** Sends an intent on the room's connection; when not connected, says so. */
export function send(msg) {
  if (P.conn && P.conn.send(msg)) {
    if (P.room.error) setRoom({ ...P.room, error: null });
    return true;
  }
  setRoom({ ...P.room, error: { message: { message: t("not connected: wait a moment") }, turn: "" } });
  return false;
}

canvas.addEventListener("pointerdown", (ev) => {
  const t = myTurn(P.room);
  if (!t || P.drag) return;
  canvas.focus();
  const [mx, my] = eventBoard(canvas, ev);
  if (t.kind === "place") {
    P.drag = { mode: "place", seat: t.seat, x: mx, y: my };
  } else if (t.kind === "stroke") {
    const [sx, sy] = strikerXY(t.seat), [a, f] = inSeat(t.seat, mx, my);
    if (Math.hypot(mx - sx, my - sy) <= grabRadius()) {
      P.drag = { mode: "press", seat: t.seat, from: [a, f], grip: P.striker.along - a, aim: { ...P.striker } };
    } else if (Math.abs(f + P.G.baseline.axis) <= Math.max(0.05, grabRadius())) {
      P.drag = { mode: "move", seat: t.seat, grip: 0 };
      moveTo(t.seat, a);
    } else return;
  } else return;
  P.drag.pointer = ev.pointerId;
  canvas.setPointerCapture(ev.pointerId);
  ev.preventDefault();
  redraw();
});
canvas.addEventListener("pointermove", (ev) => {
  if (!P.drag || ev.pointerId !== P.drag.pointer) return;
  const [mx, my] = eventBoard(canvas, ev);
  if (P.drag.mode === "place") { P.drag.x = mx; P.drag.y = my; redraw(); return; }
  const [a, f] = inSeat(P.drag.seat, mx, my);
  if (P.drag.mode === "press") {
    const da = a - P.drag.from[0], df = f - P.drag.from[1];
    if (Math.hypot(da, df) < GESTURE.slop * metresPerCss()) return;
    P.drag.mode = df < 0 && Math.abs(da) <= -df * GESTURE.cone ? "aim" : "move";
  }
  if (P.drag.mode === "move") { moveTo(P.drag.seat, a + P.drag.grip); return; }
  aimFrom(P.drag.seat, mx, my);
  redraw();
});
canvas.addEventListener("pointerup", (ev) => {
  if (!P.drag || ev.pointerId !== P.drag.pointer) return;
  const d = P.drag; P.drag = null;
  const [mx, my] = eventBoard(canvas, ev);
  if (d.mode === "place") act({ type: "place", seat: d.seat, x: round(mx), y: round(my) });
  if (d.mode === "aim" && aimFrom(d.seat, mx, my)) shoot(d.seat);
  else if (d.mode === "aim") cancelAim(d);
  render();
});
canvas.addEventListener("pointercancel", () => { if (P.drag && P.drag.mode === "aim") cancelAim(P.drag); P.drag = null; render(); });

// a pull let go inside the dead zone: the aim and power are as they were before it
function cancelAim(gesture) { Object.assign(P.striker, gesture.aim, { pulled: false }); }
function round(v) { return Math.round(v * 1e5) / 1e5; }
// aim away from the pointer, the power from how far past the dead zone it is; false inside the dead zone
function aimFrom(seat, mx, my) {
  const [sx, sy] = strikerXY(seat), vx = sx - mx, vy = sy - my, len = Math.hypot(vx, vy), dead = deadZone();
  P.striker.pulled = len > dead;
  if (!P.striker.pulled) return false;
  const { right: r, forward: f } = frame(seat);
  P.striker.angle = Math.atan2(-(vx * r[0] + vy * r[1]), vx * f[0] + vy * f[1]);
  P.striker.power = Math.min(1, Math.max(0.02, (len - dead) / fullPull()));
  return true;
}
function moveTo(seat, along) {
  P.striker.along = along;
  snapStriker();
  redraw();
}
function shoot(seat) {
  if (!(P.striker.power > 0)) {  // the keys' power starts at nothing, as a pull does
    setRoom({ ...P.room, error: { message: { message: t("No power yet: pull back from the striker, or press + to add power.") }, turn: turnOfShown() } });
    return;
  }
  act({ type: "strike", seat, along: sentAlong(P.room.shown.legal, P.striker.along), angle: Math.round(P.striker.angle * 1e6) / 1e6, power: Math.round(P.striker.power * 1e4) / 1e4 });
}
const turnOfShown = () => turnOf(P.room.shown);

/** A new stroke's aim starts with no power and straight ahead (never the last stroke's, nor another player's). */
export function freshAim(turn) {
  const key = turn && turn.kind === "stroke" ? turnOf(P.room.shown) : null;
  if (key && key !== P.aimFor) Object.assign(P.striker, { angle: 0, power: 0, pulled: false });
  P.aimFor = key;
}

// an intent that changes the match: one at a time, the board's input off until the server answers
function act(msg) {
  if (P.room.inflight) return;
  if (send(msg)) setRoom(sent(P.room));
}
// the keys (the board focused): ← → move the striker (Shift: more), ↑ ↓ aim, + − power, Space or Enter strike;
// a coin owed: the arrows move it across the screen, Enter or Space places it
canvas.addEventListener("keydown", (ev) => {
  const t = myTurn(P.room);
  if (!t) return;
  const big = ev.shiftKey ? 10 : 1, k = ev.key;
  if (t.kind === "place") {
    if (!P.keyPlace) P.keyPlace = placeSpot(P.room.shown.layout, t.seat);  // from the coin drawn
    const step = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, 1], ArrowDown: [0, -1] }[k];
    if (step) {
      const [dx, dy] = seatPoint(P.bottom, step[0] * 0.002 * big, step[1] * 0.002 * big);
      P.keyPlace.x = round(P.keyPlace.x + dx); P.keyPlace.y = round(P.keyPlace.y + dy);
    } else if (k === "Enter" || k === " ") act({ type: "place", seat: t.seat, x: P.keyPlace.x, y: P.keyPlace.y });
    else return;
    ev.preventDefault(); redraw();
    return;
  }
  if (t.kind !== "stroke") return;
  if (k === "ArrowLeft") P.striker.along -= 0.001 * big;
  else if (k === "ArrowRight") P.striker.along += 0.001 * big;
  else if (k === "ArrowUp") P.striker.angle += Math.PI / 720 * big;
  else if (k === "ArrowDown") P.striker.angle -= Math.PI / 720 * big;
  else if (k === "+" || k === "=") P.striker.power = Math.min(1, P.striker.power + 0.01 * big);
  else if (k === "-" || k === "_") P.striker.power = Math.max(0, P.striker.power - 0.01 * big);
  else if (k === " " || k === "Enter") { ev.preventDefault(); shoot(t.seat); return; }
  else return;
  ev.preventDefault();
  P.striker.angle = Math.max(-Math.PI, Math.min(Math.PI, P.striker.angle));
  snapStriker(); redraw();
});


// the other side's seat that plays next after `seat`, round the table (the toss's other caller)
function opponent(st, seat) {
  const order = SEATS.filter((s) => s in st.seats), side = st.seats[seat].side, i = order.indexOf(seat);
  return [...order.slice(i + 1), ...order.slice(0, i)].find((s) => st.seats[s].side !== side);
}

export function renderActions(turn) {
  const button = (id, words) => `<button id="${id}">${esc(words)}</button>`;
  let html = "";
  // the computer's stroke for this player: a help, offered only against the computer (in a room of people the
  // opponent would not know the stroke was not theirs)
  const st = P.room.shown, side = turn && st.seats[turn.seat].side;
  const againstComputer = turn && Object.values(st.seats).every((i) => i.side === side || i.kind === "bot");
  if (turn && turn.kind === "stroke" && againstComputer) html += button("auto", t("Help: let the computer play this stroke for you"));
  if (turn && turn.kind === "place") html += button("waive", t("Waive placing (ICF 80)")) + button("wait", t("No room now: wait (ICF 79 a)"));
  if (turn && turn.kind === "claim") html += button("claim", t("Claim {n} extra (ICF 87 b)", { n: P.room.shown.board.claimable })) + button("decline", t("Do not claim"));
  if (turn && turn.kind === "toss") html += button("toss-me", t("I won the toss")) + button("toss-them", t("They won the toss"));
  $("actions").innerHTML = html;
  // conceding (ICF 139), apart from the turn's buttons: never read as one of their options
  let give = "";
  if (!P.room.shown.over && P.room.mine.length && !P.room.summary) {
    const label = t("What to concede");
    give = `<span class="concede-label">${esc(t("Give up (ICF 139):"))}</span> ` +
      `<select id="concede-what" aria-label="${esc(label)}"><option value="board">${esc(t("the board"))}</option>` +
      `<option value="game">${esc(t("the game"))}</option><option value="match">${esc(t("the match"))}</option></select>` + button("concede", t("Concede"));
  }
  $("concede-box").innerHTML = give;
  $("concede-box").hidden = !give;
  const on = (id, fn) => { const b = $(id); if (b) b.onclick = fn; };
  on("auto", () => act({ type: "auto", seat: turn.seat }));
  on("waive", () => act({ type: "waive", seat: turn.seat }));
  on("wait", () => act({ type: "wait", seat: turn.seat }));
  on("claim", () => act({ type: "claim", seat: turn.seat, points: P.room.shown.board.claimable }));
  on("decline", () => act({ type: "claim", seat: turn.seat, points: 0 }));
  on("toss-me", () => act({ type: "toss", seat: turn.seat, winner: turn.seat }));
  on("toss-them", () => act({ type: "toss", seat: turn.seat, winner: opponent(P.room.shown, turn.seat) }));
  on("concede", () => {
    const what = $("concede-what").value, seat = (turn && turn.seat) || P.room.mine[0];
    if (confirm(SAY.concede(what))) act({ type: "concede", seat, what });
  });
}
