// carrom web client: draws what the server sends, sends intents only. No build step.
"use strict";

const FORWARD = { south: [0, 1], east: [-1, 0], north: [0, -1], west: [1, 0] };
const COLOURS = { white: "#f3ead7", black: "#2b2b2b", queen: "#c0182d", striker: "#e8d9a8" };
const $ = (id) => document.getElementById(id);
let G = null;          // board geometry (metres)
let boardImg = null;   // the board drawn by the server (SVG, same geometry)
let S = null;          // the latest state from the server
let room = null, token = null, ws = null, mine = [];
let shots = [];        // queue of shots to animate
let animating = null;  // {shot, start}
let striker = { along: 0, angle: 0, power: 0.6 };
let drag = null;

const right = (seat) => { const [fx, fy] = FORWARD[seat]; return [fy, -fx]; };
function toBoard(seat, along, forward) {
  const [fx, fy] = FORWARD[seat], [rx, ry] = right(seat);
  return [rx * along + fx * forward, ry * along + fy * forward];
}
function px(canvas, x, y) {
  const k = canvas.width / G.outer_side;
  return [(x + G.outer_side / 2) * k, (G.outer_side / 2 - y) * k];
}
function toM(canvas, X, Y) {
  const k = canvas.width / G.outer_side;
  return [X / k - G.outer_side / 2, G.outer_side / 2 - Y / k];
}
function eventM(canvas, ev) {
  const r = canvas.getBoundingClientRect();
  return toM(canvas, (ev.clientX - r.left) * canvas.width / r.width, (ev.clientY - r.top) * canvas.height / r.height);
}

async function api(path, body) {
  const res = await fetch(path, body === undefined ? {} : {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  const data = await res.json().catch(() => ({}));
  if (!res.ok) throw new Error(data.error || data.detail || res.statusText);
  return data;
}

// ---- pages ---------------------------------------------------------------------------------

async function start() {
  const opts = await api("/api/options");
  G = opts.geometry;
  boardImg = new Image();
  boardImg.src = "/api/board.svg";
  await new Promise((ok) => { boardImg.onload = ok; boardImg.onerror = ok; });
  $("variants").innerHTML = opts.variants.map((v) => `<option>${v}</option>`).join("");
  $("levels").innerHTML = opts.levels.map((v) => `<option ${v === "intermediate" ? "selected" : ""}>${v}</option>`).join("");
  window.addEventListener("hashchange", route);
  route();
}

function route() {
  const h = new URLSearchParams(location.hash.slice(1));
  for (const id of ["setup", "join", "game", "replay"]) $(id).hidden = true;
  if (h.get("replay")) return showReplay(h.get("replay"));
  room = h.get("room");
  if (!room) { showSetup(); return; }
  token = localStorage.getItem("carrom-token-" + room);
  connect();
}

async function showSetup() {
  $("setup").hidden = false;
  const list = await api("/api/matches");
  $("matches").innerHTML = list.map((m) =>
    `<li>${esc(m.title)} · ${m.variant} · ${m.over ? esc(m.result) : "in play"} · ` +
    `<a href="#room=${m.id}">${m.over ? "view" : "watch or join"}</a> · <a href="#replay=${m.id}">replay</a> · ` +
    `<a href="/matches/${m.id}/scorecard" target="_blank">scorecard</a></li>`).join("") || "<li>none yet</li>";
}

$("new-match").addEventListener("submit", async (ev) => {
  ev.preventDefault();
  const f = new FormData(ev.target);
  const doubles = f.get("format") === "doubles", mode = f.get("mode"), level = f.get("level");
  const name = f.get("name") || "";
  const seats = doubles ? ["south", "east", "north", "west"] : ["south", "north"];
  const players = {};
  for (const s of seats) {
    let type = "me";
    if (s !== "south") {
      if (mode === "computer") type = (doubles && s === "north") ? "me" : "bot";
      else if (mode === "online") type = "open";
    }
    players[s] = { type, level, name: s === "south" ? name : "" };
  }
  try {
    const r = await api("/api/rooms", { variant: f.get("variant"), players });
    localStorage.setItem("carrom-token-" + r.room, r.token);
    location.hash = "room=" + r.room;
  } catch (e) { $("setup-error").textContent = e.message; }
});

function showJoin() {
  $("join").hidden = false;
  const open = Object.entries(S.seats).filter(([, i]) => i.open);
  $("open-seats").innerHTML = open.map(([s]) => `<button data-seat="${s}">Play ${s}</button>`).join("") ||
    "<p>Every seat is taken.</p>";
  for (const b of $("open-seats").querySelectorAll("button")) {
    b.onclick = async () => {
      try {
        const r = await api(`/api/rooms/${room}/join`, { seat: b.dataset.seat, name: $("join-name").value });
        localStorage.setItem("carrom-token-" + room, r.token);
        token = r.token; ws.close(); connect();
      } catch (e) { $("join-error").textContent = e.message; }
    };
  }
  $("watch").onclick = () => { sessionStorage.setItem("carrom-watch-" + room, "1"); $("join").hidden = true; showGame(); };
}

// ---- the live game -----------------------------------------------------------------------------

function connect() {
  const proto = location.protocol === "https:" ? "wss" : "ws";
  ws = new WebSocket(`${proto}://${location.host}/ws/${room}` + (token ? `?token=${encodeURIComponent(token)}` : ""));
  ws.onmessage = (ev) => {
    const msg = JSON.parse(ev.data);
    if (msg.type === "error") { $("game-error").textContent = msg.message; return; }
    if (msg.you) mine = msg.you;
    $("game-error").textContent = "";
    if (msg.shot) shots.push({ shot: msg.shot, after: msg }); else if (!animating && !shots.length) S = msg;
    if (!S) S = msg;
    if (!mine.length && Object.values(msg.seats).some((i) => i.open) && !sessionStorage.getItem("carrom-watch-" + room)) {
      S = msg; $("game").hidden = true; showJoin(); return;
    }
    showGame();
  };
  ws.onclose = () => { $("game-error").textContent = "connection closed; reload to reconnect"; };
}

function send(msg) { ws.send(JSON.stringify(msg)); }

function showGame() {
  $("join").hidden = true; $("game").hidden = false;
  if (!animating && !shots.length) render();
  const online = Object.values(S.seats).some((i) => i.open);
  $("share").hidden = !online;
  $("share-link").value = location.href.split("#")[0] + "#room=" + room;
}

function myTurn() {
  const e = S && S.expected;
  return e && mine.includes(e.seat) ? e : null;
}

function render() {
  if (!S) return;
  const e = S.expected;
  const who = e ? `${S.seats[e.seat].name} (${e.seat}, ${S.seats[e.seat].colour})` : "";
  const words = { stroke: "to play", place: "to place the coin owed", claim: "may claim extra points", toss: "to call the toss" };
  $("turn").textContent = S.over ? "Match over: " + (S.winner === null ? "" : sideName(S.winner) + " win") :
    e ? `${who} ${words[e.kind]}${myTurn() ? " — your turn" : ""}` : "";
  renderActions();
  renderScore();
  $("rulings").innerHTML = S.log.slice().reverse().map((l) => l.lines.map((t) => `<li>${esc(t)}</li>`).join("")).join("");
  const t = myTurn();
  if (t && t.kind === "stroke") snapStriker(t.seat);
  draw(S.layout);
}

function sideName(side) {
  return Object.entries(S.seats).filter(([, i]) => i.side === side).map(([, i]) => i.name).join(" & ");
}

function renderActions() {
  const t = myTurn(), box = $("actions");
  let html = "";
  if (t && t.kind === "stroke") html += `<button id="auto">Let the computer play this turn</button>` +
    `<button id="auto-board">… and the rest of this board</button>`;
  if (t && t.kind === "place") html += `<button id="waive">Waive placing</button>`;
  if (t && t.kind === "claim") html += `<button id="claim">Claim ${S.board.claimable} extra</button><button id="decline">Decline</button>`;
  if (t && t.kind === "toss") html += `<button id="toss">I won the toss</button>`;
  if (!S.over && mine.length) html += `<button id="concede">Concede the board</button>`;
  if (S.over) html += `<a href="/matches/${room}/scorecard" target="_blank" id="scorecard-link">The scorecard</a>`;
  box.innerHTML = html;
  const on = (id, fn) => { const b = $(id); if (b) b.onclick = fn; };
  on("auto", () => send({ type: "auto", seat: t.seat }));
  on("auto-board", () => send({ type: "auto", seat: t.seat, until: "board" }));
  on("waive", () => send({ type: "waive", seat: t.seat }));
  on("claim", () => send({ type: "claim", seat: t.seat, points: S.board.claimable }));
  on("decline", () => send({ type: "claim", seat: t.seat, points: 0 }));
  on("toss", () => send({ type: "toss", seat: t.seat }));
  on("concede", () => { if (confirm("Concede this board?")) send({ type: "concede", seat: mine[0], what: "board" }); });
}

function renderScore() {
  const sc = S.score;
  const sides = [0, 1].map(sideName);
  const rows = sc.boards.filter((b) => b.game === sc.game);
  $("scoreboard").innerHTML = `<tr><th>game ${sc.game}</th><th>${esc(sides[0])}</th><th>${esc(sides[1])}</th></tr>` +
    rows.map((b) => `<tr><td>board ${b.number}</td><td>${b.queen[0] + b.coins[0]}</td><td>${b.queen[1] + b.coins[1]}</td></tr>`).join("") +
    `<tr><th>points</th><th id="points-0">${sc.points[0]}</th><th id="points-1">${sc.points[1]}</th></tr>` +
    `<tr><td>games</td><td>${sc.games_won[0]}</td><td>${sc.games_won[1]}</td></tr>`;
  const b = S.board;
  const q = b.queen === "board" ? "on the board" : (b.queen === "pending" ? "pocketed by " : "covered by ") + (b.queen_side === null ? "" : sideName(b.queen_side));
  const owed = b.owed.map((o) => `${o.coin} by ${o.placer}`).join(", ");
  $("pieces").innerHTML = `<span class="swatch" style="background:${COLOURS.white}"></span> ${b.white} white · ` +
    `<span class="swatch" style="background:${COLOURS.black}"></span> ${b.black} black · queen ${esc(q)}` +
    (owed ? `<br>to place: ${esc(owed)}` : "") + (b.debts[0] + b.debts[1] ? `<br>dues outstanding: ${b.debts.join(" / ")}` : "");
}

// ---- drawing ------------------------------------------------------------------------------------

function disc(ctx, canvas, x, y, r, kind) {
  const [X, Y] = px(canvas, x, y), R = r * canvas.width / G.outer_side;
  ctx.beginPath(); ctx.arc(X, Y, R, 0, 2 * Math.PI);
  ctx.fillStyle = COLOURS[kind]; ctx.fill();
  ctx.lineWidth = 1; ctx.strokeStyle = kind === "black" ? "#000" : "#555"; ctx.stroke();
  ctx.beginPath(); ctx.arc(X, Y, R * 0.6, 0, 2 * Math.PI); ctx.strokeStyle = "#0005"; ctx.stroke();
}

function draw(layout, canvas = $("board"), strikerOn = true) {
  const ctx = canvas.getContext("2d");
  ctx.clearRect(0, 0, canvas.width, canvas.height);
  if (boardImg && boardImg.complete) ctx.drawImage(boardImg, 0, 0, canvas.width, canvas.height);
  for (const d of layout) disc(ctx, canvas, d.x, d.y, G.coin_radius, d.kind);
  const t = S && myTurn();
  if (strikerOn && t && t.kind === "stroke" && canvas === $("board")) {
    const [x, y] = strikerXY(t.seat);
    guide(ctx, canvas, t.seat, x, y, layout);
    disc(ctx, canvas, x, y, G.striker_radius, "striker");
  }
}

function strikerXY(seat) { return toBoard(seat, striker.along, -G.baseline_axis); }
function aimDirection(seat) {
  const [fx, fy] = FORWARD[seat], a = Math.atan2(fy, fx) + striker.angle;
  return [Math.cos(a), Math.sin(a)];
}

function guide(ctx, canvas, seat, x, y, layout) {
  // The predicted first path: the striker's straight run to the first disc or cushion, then that coin's line.
  const [dx, dy] = aimDirection(seat);
  let best = null;
  for (const d of layout) {
    const R = G.coin_radius + G.striker_radius, ox = d.x - x, oy = d.y - y;
    const along = ox * dx + oy * dy, perp2 = ox * ox + oy * oy - along * along;
    if (along > 0 && perp2 < R * R) {
      const t = along - Math.sqrt(R * R - perp2);
      if (!best || t < best.t) best = { t, d };
    }
  }
  const wall = G.half - G.striker_radius;
  const tw = Math.min(dx > 0 ? (wall - x) / dx : dx < 0 ? (-wall - x) / dx : 9, dy > 0 ? (wall - y) / dy : dy < 0 ? (-wall - y) / dy : 9);
  const t = best ? best.t : tw;
  const [X0, Y0] = px(canvas, x, y), [X1, Y1] = px(canvas, x + dx * t, y + dy * t);
  ctx.setLineDash([6, 5]); ctx.lineWidth = 2; ctx.strokeStyle = `rgba(20,90,200,${0.35 + 0.6 * striker.power})`;
  ctx.beginPath(); ctx.moveTo(X0, Y0); ctx.lineTo(X1, Y1); ctx.stroke();
  if (best) {
    const gx = x + dx * t, gy = y + dy * t, cx = best.d.x - gx, cy = best.d.y - gy, n = Math.hypot(cx, cy);
    const [A, B] = px(canvas, best.d.x, best.d.y), [C, D] = px(canvas, best.d.x + cx / n * 0.15, best.d.y + cy / n * 0.15);
    ctx.strokeStyle = "rgba(200,40,40,0.7)"; ctx.beginPath(); ctx.moveTo(A, B); ctx.lineTo(C, D); ctx.stroke();
  }
  ctx.setLineDash([]);
  ctx.fillStyle = "#145ac8"; ctx.fillRect(8, canvas.height - 14, (canvas.width - 16) * striker.power, 6);
}

function snapStriker(seat) {
  const iv = S.legal;
  if (!iv.length) return;
  let best = null;
  for (const [lo, hi] of iv) {
    const v = Math.min(Math.max(striker.along, lo), hi);
    if (best === null || Math.abs(v - striker.along) < Math.abs(best - striker.along)) best = v;
  }
  striker.along = best;
}

function animate(now) {
  while (shots.length > 3) { const skipped = shots.shift(); S = skipped.after; }  // catch up: animate only the last few
  if (!animating && shots.length) { animating = { ...shots.shift(), start: now }; }
  if (animating) {
    const { shot, after } = animating;
    const f = Math.min(shot.frames.length - 1, Math.floor((now - animating.start) / 1000 * shot.fps));
    const frame = shot.frames[f];
    const layout = [];
    frame.forEach((p, i) => { if (p) layout.push({ kind: shot.kinds[i], x: p[0], y: p[1] }); });
    const canvas = $("board"), ctx = canvas.getContext("2d");
    ctx.clearRect(0, 0, canvas.width, canvas.height);
    if (boardImg) ctx.drawImage(boardImg, 0, 0, canvas.width, canvas.height);
    for (const d of layout) disc(ctx, canvas, d.x, d.y, d.kind === "striker" ? G.striker_radius : G.coin_radius, d.kind);
    if (f >= shot.frames.length - 1) { animating = null; S = after; if (!shots.length) render(); }
  }
  requestAnimationFrame(animate);
}
requestAnimationFrame(animate);

// ---- input ----------------------------------------------------------------------------------------

const canvas = $("board");
canvas.addEventListener("pointerdown", (ev) => {
  const t = myTurn();
  if (!t || animating) return;
  const [mx, my] = eventM(canvas, ev);
  if (t.kind === "place") {
    send({ type: "place", seat: t.seat, x: mx, y: my });
    return;
  }
  if (t.kind !== "stroke") return;
  const [sx, sy] = strikerXY(t.seat);
  canvas.setPointerCapture(ev.pointerId);
  drag = Math.hypot(mx - sx, my - sy) <= G.striker_radius * 1.6 ? { mode: "aim", seat: t.seat } : { mode: "move", seat: t.seat };
  if (drag.mode === "move") moveTo(t.seat, mx, my);
});
canvas.addEventListener("pointermove", (ev) => {
  if (!drag) return;
  const [mx, my] = eventM(canvas, ev);
  if (drag.mode === "move") { moveTo(drag.seat, mx, my); return; }
  const [sx, sy] = strikerXY(drag.seat);
  const vx = sx - mx, vy = sy - my, len = Math.hypot(vx, vy);
  if (len < 0.005) return;
  const [fx, fy] = FORWARD[drag.seat];
  let a = Math.atan2(vy, vx) - Math.atan2(fy, fx);
  a = Math.atan2(Math.sin(a), Math.cos(a));
  striker.angle = a;
  striker.power = Math.min(1, len / 0.2);
  draw(S.layout);
});
canvas.addEventListener("pointerup", (ev) => {
  if (!drag) return;
  const d = drag; drag = null;
  if (d.mode === "aim") {
    const [mx, my] = eventM(canvas, ev), [sx, sy] = strikerXY(d.seat);
    if (Math.hypot(mx - sx, my - sy) > 0.01) shoot(d.seat);
  }
});
function moveTo(seat, mx, my) {
  const [rx, ry] = right(seat);
  striker.along = mx * rx + my * ry;
  snapStriker(seat);
  draw(S.layout);
}
function shoot(seat) {
  send({ type: "strike", seat, along: striker.along, angle: striker.angle, power: Math.max(0.02, striker.power) });
}
canvas.addEventListener("keydown", (ev) => {
  const t = myTurn();
  if (!t || t.kind !== "stroke") return;
  const k = ev.key;
  if (k === "ArrowLeft") striker.along -= 0.002; else if (k === "ArrowRight") striker.along += 0.002;
  else if (k === "ArrowUp") striker.angle += Math.PI / 360; else if (k === "ArrowDown") striker.angle -= Math.PI / 360;
  else if (k === "+" || k === "=") striker.power = Math.min(1, striker.power + 0.02);
  else if (k === "-") striker.power = Math.max(0.02, striker.power - 0.02);
  else if (k === " " || k === "Enter") { shoot(t.seat); ev.preventDefault(); return; }
  else return;
  ev.preventDefault(); snapStriker(t.seat); draw(S.layout);
});

// ---- replay ---------------------------------------------------------------------------------------

async function showReplay(id) {
  $("replay").hidden = false;
  const first = await api(`/api/matches/${id}/replay?step=0`);
  $("replay-title").textContent = "Replay: " + first.title;
  $("replay-card").href = `/matches/${id}/scorecard`;
  const slider = $("replay-step");
  slider.max = first.steps;
  const show = async () => {
    const v = await api(`/api/matches/${id}/replay?step=${slider.value}`);
    S = v.state;
    draw(v.state.layout, $("replay-board"), false);
    $("replay-where").textContent = `action ${slider.value} of ${v.steps}`;
    $("replay-rulings").innerHTML = v.lines.map((t) => `<li>${esc(t)}</li>`).join("");
  };
  slider.oninput = show;
  await show();
}

function esc(s) { return String(s).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" }[c])); }

start();
