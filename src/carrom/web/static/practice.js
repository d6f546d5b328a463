// The practice page: set up a position, aim, see exactly what the stroke would do (every disc's path, the
// pieces that fall, the referee's ruling), strike, undo, redo; the drills with the master bot's shot.
// The server simulates and rules (carrom.web.practice); this page holds the position and its history.
// The board and the pieces are board.js's canvas drawing; over it an SVG in board metres holds what is
// practice's own (legal stretches, paths, the aim, the selection) and takes the pointer. A stroke is
// animated from the engine's own slides (motion.js), with its sounds (sound.js). Words go through t().

import { drawBoard, drawDiscs } from "./board.js";
import { said, t } from "./i18n.js";
import { linesHtml } from "./say.js";
import "./rulings.js";  // a law cited opens its meaning
import { layoutAt, slideAt } from "./motion.js";
import * as sound from "./sound.js";

const SVG = "http://www.w3.org/2000/svg";
const $ = (id) => document.getElementById(id);
const POCKETS = ["SW", "SE", "NE", "NW"];
const AIM_LENGTH = 0.03;  // metres of aim line per m/s of speed

const S = {
  geo: null, maxSpeed: 8, position: null, legal: [], selected: null, problem: null,
  aim: { along: 0, angle: 0, speed: 3 }, checks: 0, checked: 0, prediction: null, predictedFor: null, history: [], future: [], animating: null, last: null,
};

// -- talking to the server ----------------------------------------------------------------------

async function call(path, body) {
  const r = await fetch(path, body === undefined ? {} : {
    method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  const data = await r.json();
  if (!r.ok) throw new Error(data.refusal ? said(data.refusal) : data.error || t("The server refused: {status}", { status: r.status }));
  return data;
}

// the aim exactly as chosen (a bot's, a record's, a click's); the sliders show it and change one part of it
function aim() {
  return { ...S.aim };
}

function setAim(a) {
  S.aim = { along: a.along, angle: a.angle, speed: a.speed };
  $("along").value = a.along; $("angle").value = a.angle * 180 / Math.PI; $("speed").value = a.speed;
  showAim();
}

function fromSliders() {
  S.aim = { along: +$("along").value, angle: +$("angle").value * Math.PI / 180, speed: +$("speed").value };
}

// -- the seat's frame -----------------------------------------------------------------------------

function frame() {
  const seat = S.geo.seats[S.position.seat];
  return { f: seat.forward, r: seat.right };
}

function strikerAt(along) {
  const { f, r } = frame(), axis = S.geo.baseline.axis;
  return [along * r[0] - axis * f[0], along * r[1] - axis * f[1]];
}

function direction(angle) {
  const { f } = frame();
  return Math.atan2(f[1], f[0]) + angle;
}

// -- drawing ---------------------------------------------------------------------------------------

function el(name, attrs, parent) {
  const node = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (parent) parent.appendChild(node);
  return node;
}

function setUpBoard() {
  const svg = $("board"), side = S.geo.outer_side;
  svg.setAttribute("viewBox", `${-side / 2} ${-side / 2} ${side} ${side}`);  // south at the bottom, as board.js
  S.layer = el("g", { transform: "scale(1,-1)" }, svg);  // the board frame: +y to the north
  S.theme = localStorage.getItem("carrom-theme") === "contrast" ? "contrast" : "wood";  // as the main page
  $("theme").value = S.theme;
}

// the canvas: the empty board (drawn once per size and theme), then the pieces and the striker
function paint(discs) {
  const canvas = $("board-canvas"), css = canvas.getBoundingClientRect().width || 640;
  const px = Math.round(css * (window.devicePixelRatio || 1));
  if (canvas.width !== px) { canvas.width = px; canvas.height = px; }
  if (!S.empty || S.empty.width !== px || S.empty.theme !== S.theme) {
    S.empty = document.createElement("canvas");
    S.empty.width = S.empty.height = px; S.empty.theme = S.theme;
    drawBoard(S.empty.getContext("2d"), S.geo, { theme: S.theme });
  }
  const ctx = canvas.getContext("2d");
  ctx.drawImage(S.empty, 0, 0);
  drawDiscs(ctx, S.geo, discs, { theme: S.theme });
}

function draw(discs) {
  const g = S.layer;
  g.replaceChildren();
  const [sx, sy] = strikerAt(aim().along);
  paint(discs || S.position.pieces.concat([{ kind: "striker", x: sx, y: sy }]));
  const legal = el("g", { class: "legal" }, g);
  for (const [lo, hi] of S.legal) {
    const [x1, y1] = strikerAt(lo), [x2, y2] = strikerAt(hi);
    el("line", { x1, y1, x2, y2 }, legal);
  }
  if (S.prediction && !S.animating) drawPaths(el("g", { class: "paths" }, g), S.prediction.motion);
  const layer = el("g", { class: "discs" }, g);
  if (discs) return;  // moving: the canvas alone
  S.position.pieces.forEach((p, i) => {  // what the pointer takes hold of, and the selection's ring
    const c = el("circle", { cx: p.x, cy: p.y, r: S.geo.coin_radius, class: "hit", "data-index": i }, layer);
    if (i === S.selected) c.classList.add("selected");
  });
  drawStriker(layer);
}

function drawStriker(layer) {
  const a = aim(), [x, y] = strikerAt(a.along), d = direction(a.angle), len = AIM_LENGTH * a.speed;
  el("line", { x1: x, y1: y, x2: x + len * Math.cos(d), y2: y + len * Math.sin(d), class: "aim" }, layer);
  el("circle", { cx: x, cy: y, r: S.geo.striker_radius, class: "hit", "data-striker": "1" }, layer);
}

// the predicted paths: every piece that moves, unless many do (a break): then the striker's path and the paths of the
// pieces that fall, never a tangle of 19
const FEW = 4;
function drawPaths(g, motion) {
  const moving = (disc) => disc.slides.length > 1 || Math.hypot(disc.slides[0][3], disc.slides[0][4]) > 0;
  const many = motion.discs.filter(moving).length > FEW;
  motion.discs.forEach((disc, b) => {
    if (!moving(disc) || (many && motion.kinds[b] !== "striker" && disc.pocket === null)) return;
    const last = disc.slides[disc.slides.length - 1];
    const end = slideAt(last, disc.pocket === null ? Infinity : disc.pocket);
    const pts = disc.slides.map((s) => `${s[1]},${s[2]}`).concat(`${end[0]},${end[1]}`).join(" ");
    el("polyline", { points: pts, class: `path ${motion.kinds[b]}` }, g);
    if (disc.pocket === null) el("circle", { cx: end[0], cy: end[1], r: motion.kinds[b] === "striker"
      ? S.geo.striker_radius : S.geo.coin_radius, class: `ghost ${motion.kinds[b]}` }, g);
  });
}

// -- words -------------------------------------------------------------------------------------------

function showAim() {
  const a = aim();
  const cm = (Math.abs(a.along) * 100).toFixed(1);
  $("along-out").textContent = a.along < 0 ? t("{cm} cm to the left", { cm }) : t("{cm} cm to the right", { cm });
  $("angle-out").textContent = t("{deg}° from straight across", { deg: (a.angle * 180 / Math.PI).toFixed(1) });
  $("speed-out").textContent = t("{v} m/s", { v: a.speed.toFixed(2) });
  if (S.position) draw();
}

function pieceWord(kind) {
  return { white: t("a white"), black: t("a black"), queen: t("the queen"), striker: t("the striker") }[kind];
}

function showOutcome(p, heading) {
  const box = $("outcome");
  box.replaceChildren();
  const h = document.createElement("h3");
  h.textContent = heading;
  box.appendChild(h);
  const fell = document.createElement("p");
  fell.className = "fell";
  const fallen = p.pocketed.map((x) => t("{piece} into {pocket}", { piece: pieceWord(x.kind), pocket: POCKETS[x.pocket] }));
  fell.textContent = fallen.length ? t("Falls: {list}", { list: fallen.join(", ") }) : t("Nothing falls.");
  box.appendChild(fell);
  // each decision in the players' words as the play page says them (say.js), its law a button that shows its meaning
  const rulings = document.createElement("div");
  rulings.className = "rulings lines";
  rulings.innerHTML = linesHtml(p.ruling && p.ruling.said ? { said: { lines: p.ruling.said } } : { lines: p.ruling ? p.ruling.lines :
    [t("The striker never left the baseline and touched nothing: the stroke is not made (ICF 127 b).")] }, null);
  box.appendChild(rulings);
  const next = document.createElement("p");
  next.className = "help";
  next.textContent = p.board_over ? t("The board is over: the opening is laid out again.")
    : t("Then {seat} strikes.", { seat: t(p.after.position.seat) });
  box.appendChild(next);
}

function fail(err) {
  $("error").textContent = err ? err.message : "";
}

function buttons() {
  const bad = !!S.problem || !!S.animating;
  $("predict").disabled = bad;
  $("strike").disabled = bad;
  $("undo").disabled = !S.history.length || !!S.animating;
  $("redo").disabled = !S.future.length || !!S.animating;
  $("remove").disabled = S.selected === null;
}

// -- the position ----------------------------------------------------------------------------------

function settingsToPosition() {
  const p = S.position, q = $("queen").value, by = $("queen-by").value;
  p.seat = $("seat").value; p.colour = $("colour").value; p.queen = q;
  p.queen_by = q === "board" || !by ? (q === "pending" ? p.seat : null)
    : (by === "me" ? p.seat : S.geo.opposite[p.seat]);
  p.dues = Math.max(0, Math.round(+$("dues").value || 0));
  p.broken = $("broken").checked;
}

function positionToSettings() {
  const p = S.position;
  $("seat").value = p.seat; $("colour").value = p.colour; $("queen").value = p.queen;
  $("queen-by").value = p.queen_by === null ? "" : (p.queen_by === p.seat ? "me" : "opponent");
  $("dues").value = p.dues; $("broken").checked = p.broken;
}

function show(view) {
  S.position = view.position; S.legal = view.legal;
  positionToSettings();
  draw();
  buttons();
}

// a change made by hand: checked by the server, which names every fault
async function edited() {
  S.prediction = null;
  $("outcome").replaceChildren();
  draw();  // at once: the piece is where the hand left it while the server checks
  const asked = ++S.checks;
  try {
    const view = await call("/api/practice/position", { position: S.position });
    if (asked !== S.checks) return;  // a later change is being checked: its answer counts
    S.problem = null; fail(null);
    S.legal = view.legal;
  } catch (err) {
    if (asked !== S.checks) return;
    S.problem = err.message; fail(err);
    S.legal = [];
  }
  S.checked = asked;
  draw(); buttons();
}

function begin(view) {
  S.history.push({ position: S.position, legal: S.legal });
  S.future = [];
  S.prediction = null; S.selected = null; S.problem = null; fail(null);
  $("outcome").replaceChildren();
  show(view);
}

function freeSpot() {
  const r = 2 * S.geo.coin_radius + 0.001;
  for (let ring = 0; ring < 8; ring++) {
    for (let k = 0; k < Math.max(1, ring * 6); k++) {
      const a = (2 * Math.PI * k) / Math.max(1, ring * 6), x = ring * r * Math.cos(a), y = ring * r * Math.sin(a);
      if (S.position.pieces.every((p) => Math.hypot(p.x - x, p.y - y) >= r)) return [x, y];
    }
  }
  return [0, 0];
}

function add(kind) {
  const [x, y] = freeSpot();
  S.position.pieces.push({ kind, x, y });
  S.selected = S.position.pieces.length - 1;
  if (kind === "queen") { S.position.queen = "board"; S.position.queen_by = null; positionToSettings(); }
  edited();
}

function remove(i) {
  if (i === null || i >= S.position.pieces.length) return;
  S.position.pieces.splice(i, 1);
  S.selected = null;
  edited();
}

// -- strokes ----------------------------------------------------------------------------------------

async function predict() {
  fail(null);
  try {
    const body = { position: S.position, aim: aim(), board_speed: $("board-speed").value };
    S.prediction = await call("/api/practice/predict", body);
    S.predictedFor = JSON.stringify(body);
    showOutcome(S.prediction, t("If you strike now"));
    draw();
  } catch (err) { fail(err); }
}

async function strike() {
  fail(null);
  const body = { position: S.position, aim: aim(), board_speed: $("board-speed").value };
  try {
    const played = await call("/api/practice/strike", body);
    const predicted = S.predictedFor === JSON.stringify(body) ? S.prediction : null;
    S.last = { predicted, played, same: predicted ? JSON.stringify(predicted) === JSON.stringify(played) : null };
    S.prediction = null;
    await animate(played.motion);
    begin(played.after);
    showOutcome(played, S.last.same ? t("Played, exactly as predicted") : t("Played"));
  } catch (err) { fail(err); }
}

function animate(motion) {
  return new Promise((done) => {
    const start = performance.now(), slow = window.practiceSpeed || 1;
    let before = -1;
    S.animating = motion; buttons();
    const frameAt = (now) => {
      const time = Math.min(((now - start) / 1000) * slow, motion.duration);
      sound.play(motion, before, time);
      before = time;
      draw(layoutAt(motion, time));
      if (time < motion.duration) requestAnimationFrame(frameAt);
      else { S.animating = null; S.shown = layoutAt(motion, motion.duration); done(); }
    };
    requestAnimationFrame(frameAt);
  });
}

function undo() {
  if (!S.history.length) return;
  S.future.push({ position: S.position, legal: S.legal });
  const prev = S.history.pop();
  S.prediction = null; S.selected = null; S.problem = null; fail(null);
  $("outcome").replaceChildren();
  show(prev);
}

function redo() {
  if (!S.future.length) return;
  S.history.push({ position: S.position, legal: S.legal });
  S.prediction = null; S.selected = null;
  $("outcome").replaceChildren();
  show(S.future.pop());
}

// -- pointer and keys ----------------------------------------------------------------------------------

function boardPoint(ev) {
  const svg = $("board"), pt = svg.createSVGPoint();
  pt.x = ev.clientX; pt.y = ev.clientY;
  const p = pt.matrixTransform(S.layer.getScreenCTM().inverse());
  return [p.x, p.y];
}

function toScreen(x, y) {
  const svg = $("board"), pt = svg.createSVGPoint();
  pt.x = x; pt.y = y;
  const p = pt.matrixTransform(S.layer.getScreenCTM());
  return [p.x, p.y];
}

function aimAt(x, y) {
  const [sx, sy] = strikerAt(aim().along), { f } = frame();
  let a = Math.atan2(y - sy, x - sx) - Math.atan2(f[1], f[0]);
  a = Math.atan2(Math.sin(a), Math.cos(a));
  S.aim.angle = a;
  $("angle").value = a * 180 / Math.PI;
  S.prediction = null; showAim();
}

function pointers() {
  const svg = $("board");
  let drag = null;
  svg.addEventListener("pointerdown", (ev) => {
    if (S.animating) return;
    const target = ev.target, [x, y] = boardPoint(ev);
    if (target.dataset && target.dataset.striker) drag = { striker: true };
    else if (target.dataset && target.dataset.index !== undefined) {
      S.selected = +target.dataset.index; drag = { index: S.selected }; buttons();
    } else { aimAt(x, y); return; }
    svg.setPointerCapture(ev.pointerId);
    ev.preventDefault();
  });
  svg.addEventListener("pointermove", (ev) => {
    if (!drag) return;
    const [x, y] = boardPoint(ev);
    if (drag.striker) {
      const { r } = frame();
      S.aim.along = Math.max(-0.24, Math.min(0.24, x * r[0] + y * r[1]));
      $("along").value = S.aim.along;
      S.prediction = null; showAim();
    } else {
      const piece = S.position.pieces[drag.index];
      piece.x = x; piece.y = y; drag.moved = true; S.prediction = null; draw();
    }
  });
  svg.addEventListener("pointerup", () => {
    if (!drag) return;
    const d = drag;
    drag = null;
    if (d.striker || !d.moved) return draw();
    const piece = S.position.pieces[d.index], half = S.geo.half;
    if (Math.abs(piece.x) > half || Math.abs(piece.y) > half) return remove(d.index);  // dragged off: removed
    edited();
  });
  svg.addEventListener("keydown", (ev) => {
    const n = S.position.pieces.length;
    if (ev.key === "n" || ev.key === "N") { S.selected = n ? ((S.selected ?? -1) + 1) % n : null; draw(); buttons(); return; }
    if (S.selected === null) return;
    if (ev.key === "Delete" || ev.key === "Backspace") { remove(S.selected); ev.preventDefault(); return; }
    const step = ev.shiftKey ? 0.01 : 0.002;
    const moves = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, step], ArrowDown: [0, -step] };
    if (!moves[ev.key]) return;
    const piece = S.position.pieces[S.selected];
    piece.x += moves[ev.key][0]; piece.y += moves[ev.key][1];
    ev.preventDefault();
    edited();
  });
}

// -- drills ----------------------------------------------------------------------------------------------

async function drills() {
  const list = await call("/api/practice/drills");
  const ol = $("drills");
  for (const d of list) {
    const li = document.createElement("li");
    const h = document.createElement("strong");
    h.textContent = t(d.title);  // the drills' words are in the catalogs too (carrom.i18n.catalogs.extract_drills)
    const p = document.createElement("p");
    p.textContent = t(d.text);
    const laws = document.createElement("p");
    laws.className = "help";
    laws.textContent = t("Laws: {laws}", { laws: d.laws.join(", ") });
    const load = document.createElement("button");
    load.textContent = t("Set it up");
    load.dataset.drill = d.id;
    load.addEventListener("click", () => { begin({ position: d.position, legal: d.legal }); setAim({ along: 0, angle: 0, speed: 3 }); });
    const bot = document.createElement("button");
    bot.textContent = t("Show the bot's shot");
    bot.dataset.bot = d.id;
    bot.addEventListener("click", () => botShot(d));
    li.append(h, p, laws, load, bot);
    ol.appendChild(li);
  }
}

async function botShot(d) {
  fail(null);
  try {
    if (JSON.stringify(S.position) !== JSON.stringify(d.position)) begin({ position: d.position, legal: d.legal });
    $("outcome").textContent = t("The master bot is thinking…");
    const speed = $("board-speed").value;  // the board the bot plays on: its shot is for that speed
    const shot = await call(`/api/practice/drills/${encodeURIComponent(d.id)}/bot?board_speed=${encodeURIComponent(speed)}`);
    if (JSON.stringify(S.position) !== JSON.stringify(d.position)) return;  // the player moved on meanwhile
    setAim(shot.aim);
    S.prediction = shot;
    S.predictedFor = JSON.stringify({ position: S.position, aim: aim(), board_speed: speed });
    showOutcome(shot, t("The master bot's shot"));
    draw();
  } catch (err) { fail(err); }
}

// -- start ---------------------------------------------------------------------------------------------

async function start() {
  try {
    S.geo = await call("/api/geometry");
    S.geo.opposite = { south: "north", north: "south", east: "west", west: "east" };
    setUpBoard();
    const opening = await call("/api/practice/opening");
    S.maxSpeed = opening.max_speed;
    $("speed").max = S.maxSpeed;
    const q = new URLSearchParams(location.search);
    let view = opening;
    if (q.get("match") && q.get("stroke")) {
      try {
        view = await call(`/api/practice/match/${encodeURIComponent(q.get("match"))}/stroke/${encodeURIComponent(q.get("stroke"))}`);
      } catch (err) { fail(err); }
    }
    show(view);
    if (view.aim) setAim(view.aim); else showAim();
  } catch (err) { fail(err); return; }
  for (const id of ["along", "angle", "speed"]) {
    $(id).addEventListener("input", () => { fromSliders(); S.prediction = null; showAim(); });
  }
  for (const id of ["seat", "colour", "queen", "queen-by", "dues", "broken"]) {
    $(id).addEventListener("change", () => { settingsToPosition(); edited(); });
  }
  $("predict").addEventListener("click", predict);
  $("strike").addEventListener("click", () => { sound.unlock(); strike(); });
  const said = () => { $("sound").textContent = sound.muted() ? t("Sound: off") : t("Sound: on");
    $("sound").setAttribute("aria-pressed", String(!sound.muted())); };
  said();
  $("sound").addEventListener("click", () => { sound.setMuted(!sound.muted()); sound.unlock(); said(); });
  $("theme").addEventListener("change", () => {
    S.theme = $("theme").value === "contrast" ? "contrast" : "wood";
    localStorage.setItem("carrom-theme", S.theme);
    draw();
  });
  $("board-speed").addEventListener("change", () => { S.prediction = null; draw(); });  // a prediction holds for its board only
  window.addEventListener("resize", () => draw());
  $("undo").addEventListener("click", undo);
  $("redo").addEventListener("click", redo);
  $("add-white").addEventListener("click", () => add("white"));
  $("add-black").addEventListener("click", () => add("black"));
  $("add-queen").addEventListener("click", () => add("queen"));
  $("remove").addEventListener("click", () => remove(S.selected));
  $("opening").addEventListener("click", async () => begin(await call("/api/practice/opening")));
  $("clear").addEventListener("click", () => {
    begin({ position: { ...S.position, pieces: [], queen: "covered", queen_by: S.geo.opposite[S.position.seat],
      broken: true, dues: 0, opponent_dues: 0 }, legal: [] });
    edited();
  });
  pointers();
  buttons();
  await drills();
  document.body.dataset.ready = "1";
}

window.practice = { S, toScreen, sound };  // for the browser tests: the page's state and its board's screen coordinates
start();
