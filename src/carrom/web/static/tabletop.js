// The play page's board: its geometry on the screen (board metres ↔ canvas pixels, the gesture's sizes in
// board units) and its drawing — the board and pieces as board.js paints them, and over them what the
// player's turn needs: the legal stretches, the aim guide, the dead ring, the power ring with its percentage.

import { boardView, drawBoard as paintBoard, drawDisc, inSeat as inSeatOf, line, seatPoint as seatPointOf } from "./board.js";
import { language } from "./i18n.js";
import { P } from "./page.js";
import { myTurn } from "./room-state.js";
import { SAY } from "./say.js";
import { live } from "./effects.js";
import { nearestOn } from "./stretch.js";

const $ = (id) => document.getElementById(id);
const LEGAL = "#1f9d55";  // the legal stretches of the baseline (the board itself: board.js)

// ---- geometry ------------------------------------------------------------------------------------
export function frame(seat) { return P.G.seats[seat]; }
export function seatPoint(seat, along, forward) { return seatPointOf(P.G, seat, along, forward); }
export function inSeat(seat, x, y) { return inSeatOf(P.G, seat, x, y); }
export function scale(canvas) { return canvas.width / P.G.outer_side; }
export function toScreen(canvas, x, y) { return boardView(P.G, canvas.width, P.bottom).toScreen(x, y); }
export function toBoard(canvas, X, Y) { return boardView(P.G, canvas.width, P.bottom).toBoard(X, Y); }
export function eventBoard(canvas, ev) {
  const r = canvas.getBoundingClientRect();
  return toBoard(canvas, (ev.clientX - r.left) * canvas.width / r.width, (ev.clientY - r.top) * canvas.height / r.height);
}
// page coordinates of a board point: for tests and tools
export function boardToPage(x, y, id = "board") {
  const canvas = $(id), r = canvas.getBoundingClientRect(), [X, Y] = toScreen(canvas, x, y);
  return [r.left + X * r.width / canvas.width + window.scrollX, r.top + Y * r.height / canvas.height + window.scrollY];
}
export function strikerXY(seat) { return seatPoint(seat, P.striker.along, -P.G.baseline.axis); }
export function aimVector(seat) {
  const { right: r, forward: f } = frame(seat), c = Math.cos(P.striker.angle), s = Math.sin(P.striker.angle);
  return [c * f[0] - s * r[0], c * f[1] - s * r[1]];  // 0 straight across, positive to the player's left
}


// ---- the gestures' sizes ----------------------------------------------------------------------------------
// Moving and shooting are two gestures (docs/web.md). A press on the striker (a target of at least
// GESTURE.target CSS px) or on the baseline is undecided until the pointer has gone GESTURE.slop px: then
// a movement back, away from the board (within GESTURE.cone of straight back), is a pull that aims;
// any other movement moves the striker along the baseline, whatever happens after. A pull let go
// within the dead zone round the striker is cancelled; only a pull past it shoots. The pull is measured in
// board units, as shares of the board's side (GESTURE.dead, GESTURE.full), so that the same gesture on a
// phone and on a desktop is the same stroke: full power is 17 % of the board's side past the dead ring (the whole
// pull, 24 % of the side straight back, stays on the screen of a phone held sideways, 844x390).

const canvas = () => $("board");
export const GESTURE = { target: 44, slop: 8, cone: Math.tan(60 * Math.PI / 180), dead: 0.07, full: 0.17 };

export function metresPerCss() { return P.G.outer_side / canvas().getBoundingClientRect().width; }
export function grabRadius() { return Math.max(1.5 * P.G.striker_radius, GESTURE.target / 2 * metresPerCss()); }
// m from the striker's centre; on a screen so small that the finger's target is wider, the target's edge
export function deadZone() { return Math.max(GESTURE.dead * P.G.outer_side, grabRadius()); }
export function fullPull() { return GESTURE.full * P.G.outer_side; }  // m past the dead zone

// ---- drawing ----------------------------------------------------------------------------------------------

export function sizeCanvas(canvas) {
  const css = canvas.getBoundingClientRect().width || 640, px = Math.round(css * (window.devicePixelRatio || 1));
  if (canvas.width !== px) { canvas.width = px; canvas.height = px; return true; }
  return false;
}

// the board and the pieces as board.js draws them, in the theme chosen, the player's seat at the bottom
export function drawBoard(ctx, canvas) { paintBoard(ctx, P.G, { theme: P.theme, bottom: P.bottom }); }
export function disc(ctx, canvas, x, y, kind, alpha = 1) { drawDisc(ctx, P.G, { kind, x, y }, { theme: P.theme, bottom: P.bottom, alpha }); }

export function paintBase(canvas) {
  const ctx = canvas.getContext("2d");
  if (canvas.id === "board") {
    if (!P.boardCache || P.boardCache.width !== canvas.width || P.boardCache.bottom !== P.bottom || P.boardCache.theme !== P.theme) {
      P.boardCache = document.createElement("canvas");
      P.boardCache.width = P.boardCache.height = canvas.width; P.boardCache.bottom = P.bottom; P.boardCache.theme = P.theme;
      drawBoard(P.boardCache.getContext("2d"), P.boardCache);
    }
    ctx.drawImage(P.boardCache, 0, 0);
  } else {
    drawBoard(ctx, canvas);
  }
  return ctx;
}

export function redraw() {
  const canvas = $("board");
  if (!P.room.shown || $("game").hidden) return;
  sizeCanvas(canvas);
  const ctx = paintBase(canvas);
  const layout = shownLayout();
  for (const d of layout) disc(ctx, canvas, d.x, d.y, d.kind);
  for (const f of live(performance.now())) {  // where a piece just fell: a ring that widens and fades
    ctx.beginPath(); ctx.arc(...toScreen(canvas, f.x, f.y), P.G.coin_radius * scale(canvas) * (1.2 + 1.8 * f.age), 0, 2 * Math.PI);
    ctx.lineWidth = Math.max(3, 0.25 * P.G.coin_radius * scale(canvas)); ctx.strokeStyle = `rgba(255, 214, 64, ${1 - f.age})`; ctx.stroke();
  }
  const t = myTurn(P.room);
  if (t && t.kind === "stroke") {
    legalStretches(ctx, canvas, t.seat);
    const [x, y] = strikerXY(t.seat), aiming = P.drag && P.drag.mode === "aim";
    if (aiming) deadRing(ctx, canvas, x, y);
    if (!aiming || P.striker.pulled) guide(ctx, canvas, t.seat, x, y, layout);
    disc(ctx, canvas, x, y, "striker");
  }
  const held = t && t.kind === "place" ? (P.drag && P.drag.mode === "place" ? P.drag : P.keyPlace) : null;
  const spot = held || (t && t.kind === "place" ? placeSpot(layout, t.seat) : null);
  if (spot) {  // the coin owed, drawn to be dragged (or where the pointer or the keys hold it): faint outside the outer circle
    const inside = Math.hypot(spot.x, spot.y) + P.G.coin_radius <= P.G.outer_circle;
    disc(ctx, canvas, spot.x, spot.y, owedCoin(t), inside ? 0.85 : 0.4);
    if (!held) {  // not yet moved: a ring round it says "drag me"
      ctx.beginPath(); ctx.arc(...toScreen(canvas, spot.x, spot.y), 1.6 * P.G.coin_radius * scale(canvas), 0, 2 * Math.PI);
      ctx.setLineDash([5, 4]); ctx.lineWidth = 3; ctx.strokeStyle = P.theme === "contrast" ? "#000" : "rgba(20,90,200,0.9)";
      ctx.stroke(); ctx.setLineDash([]);
    }
  }
  showPower(ctx, canvas, t);
  $("hint").textContent = SAY.hint(t, P.drag, P.striker.pulled, !!P.room.inflight, t && t.kind === "place" ? owedCoin(t) : null);
}

/** The colour of the coin the seat to place owes ("white" or "black"). */
export function owedCoin(turn) {
  const owed = P.room.shown.board.owed.find((o) => o.placer === turn.seat && !o.waiting);
  return owed ? owed.coin : "white";
}

/**
 * Where the coin owed is drawn before it is moved, and where the keys start: a spot on the keys' 2 mm grid inside
 * the outer circle, off the inner circle (ICF 89 b) and clear of every disc, on the placer's side of the centre.
 */
export function placeSpot(layout, seat) {
  const g = P.G, step = 0.002, clear = 2 * g.coin_radius + 0.003;
  const lo = g.inner_circle + g.coin_radius + 0.003, hi = g.outer_circle - g.coin_radius - 0.004;
  const [bx, by] = seatPoint(seat, 0, -1);  // towards the placer's baseline
  for (let r = lo; r <= hi; r += step) {
    for (let k = 0; k < 48; k++) {
      const a = Math.atan2(by, bx) + (k % 2 ? 1 : -1) * Math.ceil(k / 2) * Math.PI / 24;
      const x = Math.round(r * Math.cos(a) / step) * step, y = Math.round(r * Math.sin(a) / step) * step, d = Math.hypot(x, y);
      if (d > lo && d < hi && layout.every((o) => Math.hypot(o.x - x, o.y - y) > clear)) return { x: Math.round(x * 1e5) / 1e5, y: Math.round(y * 1e5) / 1e5 };
    }
  }
  return { x: 0, y: 0 };
}

// the power at the striker while it counts (a pull past the dead ring, or the keys' power): a ring that fills
// clockwise from the top, and over it the percentage
function showPower(ctx, canvas, turn) {
  const label = $("power-label"), aiming = P.drag && P.drag.mode === "aim";
  const on = turn && turn.kind === "stroke" && (aiming ? P.striker.pulled : !P.drag && P.striker.power > 0);
  label.hidden = !on;
  if (!on) return;
  const [X, Y] = toScreen(canvas, ...strikerXY(turn.seat)), r = 2.1 * P.G.striker_radius * scale(canvas);
  const width = Math.max(4, 0.35 * P.G.striker_radius * scale(canvas));
  ctx.lineWidth = width; ctx.lineCap = "butt";
  ctx.beginPath(); ctx.arc(X, Y, r, 0, 2 * Math.PI); ctx.strokeStyle = "rgba(255,255,255,0.75)"; ctx.stroke();
  ctx.beginPath(); ctx.arc(X, Y, r, -Math.PI / 2, -Math.PI / 2 + 2 * Math.PI * P.striker.power);
  ctx.strokeStyle = P.theme === "contrast" ? "#000" : `hsl(${120 - 120 * P.striker.power}, 85%, 40%)`; ctx.stroke();
  const css = canvas.getBoundingClientRect().width / canvas.width;
  label.textContent = new Intl.NumberFormat(language(), { style: "percent" }).format(P.striker.power);
  label.style.left = `${X * css}px`;
  label.style.top = `${(Y - r - width) * css}px`;
}

// the dead zone of a pull: let go inside this ring and nothing is played
function deadRing(ctx, canvas, x, y) {
  ctx.beginPath(); ctx.arc(...toScreen(canvas, x, y), deadZone() * scale(canvas), 0, 2 * Math.PI);
  ctx.setLineDash([4, 4]); ctx.lineWidth = 2; ctx.strokeStyle = P.striker.pulled ? "rgba(20,90,200,0.5)" : "rgba(160,0,0,0.8)";
  ctx.stroke(); ctx.setLineDash([]);
}

// the discs drawn: moving, or the last position of a board that ended, or the state's
export function shownLayout() { return (P.motion && P.motion.layout) || (P.room.summary ? P.room.summary.layout : P.room.shown && P.room.shown.layout); }

function legalStretches(ctx, canvas, seat) {
  ctx.strokeStyle = LEGAL; ctx.globalAlpha = 0.55; ctx.lineWidth = Math.max(3, 0.006 * scale(canvas)); ctx.lineCap = "round";
  for (const [lo, hi] of P.room.shown.legal) line(ctx, toScreen(canvas, ...seatPoint(seat, lo, -P.G.baseline.axis)), toScreen(canvas, ...seatPoint(seat, hi, -P.G.baseline.axis)));
  ctx.globalAlpha = 1; ctx.lineCap = "butt";
}

function guide(ctx, canvas, seat, x, y, layout) {
  // the striker's straight run to the first piece it would meet (or the cushion), then that piece's line
  const [dx, dy] = aimVector(seat), R = P.G.coin_radius + P.G.striker_radius;
  let best = null;
  for (const d of layout) {
    const ox = d.x - x, oy = d.y - y, along = ox * dx + oy * dy, perp2 = ox * ox + oy * oy - along * along;
    if (along > 0 && perp2 < R * R) {
      const t = along - Math.sqrt(R * R - perp2);
      if (!best || t < best.t) best = { t, d };
    }
  }
  const wall = P.G.half - P.G.striker_radius;
  const tw = Math.min(dx > 1e-9 ? (wall - x) / dx : dx < -1e-9 ? (-wall - x) / dx : 9, dy > 1e-9 ? (wall - y) / dy : dy < -1e-9 ? (-wall - y) / dy : 9);
  const t = best ? best.t : tw, gx = x + dx * t, gy = y + dy * t;
  ctx.setLineDash([6, 5]); ctx.lineWidth = 2; ctx.strokeStyle = `rgba(20,90,200,${0.4 + 0.6 * P.striker.power})`;
  line(ctx, toScreen(canvas, x, y), toScreen(canvas, gx, gy));
  ctx.setLineDash([]);
  if (best) {
    ctx.beginPath(); ctx.arc(...toScreen(canvas, gx, gy), P.G.striker_radius * scale(canvas), 0, 2 * Math.PI);
    ctx.strokeStyle = "rgba(20,90,200,0.5)"; ctx.stroke();
    const cx = best.d.x - gx, cy = best.d.y - gy, n = Math.hypot(cx, cy);
    ctx.strokeStyle = "rgba(200,40,40,0.8)";
    line(ctx, toScreen(canvas, best.d.x, best.d.y), toScreen(canvas, best.d.x + cx / n * 0.2, best.d.y + cy / n * 0.2));
  }
}

export function snapStriker() { P.striker.along = nearestOn(P.room.shown.legal, P.striker.along); }
