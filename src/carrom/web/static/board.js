// The carrom board on a canvas, drawn like a tournament board and to scale from the server's geometry
// (GET /api/geometry, views.geometry: metres in the board frame, the same numbers as the library's SVG):
// a wooden frame with its grain, a light playing surface with the printed lines, arrows and circles,
// pockets that are holes with nets, carrommen with their rings, the queen crowned, the striker marked,
// every piece with a soft shadow. Everything is drawn here, procedurally: no image is downloaded.
//
//   drawBoard(ctx, geometry, {theme, bottom})         the empty board, filling ctx.canvas
//   drawDiscs(ctx, geometry, discs, {theme, bottom})  discs [{kind, x, y}] (kind white/black/queen/striker)
//   drawDisc(ctx, geometry, disc, {theme, bottom, alpha})
//   boardView(geometry, size, bottom)                 {scale, toScreen(x, y), toBoard(X, Y)} in canvas px
//
// `bottom` is the seat drawn at the bottom (south by default); `theme` a key of THEMES. Pure drawing:
// no state, no DOM besides the context given, no words.

export const THEMES = {
  // a varnished tournament board: a dark hardwood frame, a light birch surface
  wood: {
    frame: ["#5a3416", "#7a4a22", "#4a2a10"], grain: "#2a1506", cushion: "#2b170a",
    surface: ["#f6e6c4", "#ecd3a2"], surfaceGrain: "#b8905a",
    line: "#1b1410", red: "#b5121b", pocket: ["#050403", "#1c130c"], net: "#8a8070", rim: "#1a0e05",
    white: { face: ["#fffaf0", "#e6dcc4"], ring: "#a08a66", edge: "#7a6a50" },
    black: { face: ["#4a423c", "#161210"], ring: "#8a8078", edge: "#000" },
    queen: { face: ["#e0283f", "#a50c24"], ring: "#f2c94c", edge: "#5a0610", mark: "#f7d86a" },
    striker: { face: ["#ffffff", "#d6e2ee"], ring: "#1f4e9a", edge: "#3a4a60", mark: "#1f4e9a" },
    shadow: "rgba(30, 15, 0, 0.45)", grainy: true,
  },
  // high contrast: black on white, thick lines and outlines, no grain; every piece also told by its mark
  contrast: {
    frame: ["#111", "#111", "#111"], grain: "#111", cushion: "#000",
    surface: ["#ffffff", "#ffffff"], surfaceGrain: "#fff",
    line: "#000", red: "#d00000", pocket: ["#000", "#000"], net: "#fff", rim: "#fff",
    white: { face: ["#ffffff", "#ffffff"], ring: "#000", edge: "#000" },
    black: { face: ["#000", "#000"], ring: "#fff", edge: "#000", outline: "#fff" },
    queen: { face: ["#d00000", "#d00000"], ring: "#fff", edge: "#000", mark: "#fff", outline: "#fff" },
    striker: { face: ["#ffe14d", "#ffe14d"], ring: "#000", edge: "#000", mark: "#000" },
    shadow: "rgba(0, 0, 0, 0)", grainy: false, bold: true,
  },
};

const SEATS = ["south", "east", "north", "west"];

// ---- geometry: the board frame and the canvas ---------------------------------------------------------------

// a point given in a seat's own frame (along its baseline to its right, forward to the middle), in the board's
export function seatPoint(geometry, seat, along, forward) {
  const { right: r, forward: f } = geometry.seats[seat];
  return [along * r[0] + forward * f[0], along * r[1] + forward * f[1]];
}

// a board point in a seat's own frame: [along, forward]
export function inSeat(geometry, seat, x, y) {
  const { right: r, forward: f } = geometry.seats[seat];
  return [x * r[0] + y * r[1], x * f[0] + y * f[1]];
}

// the canvas of `size` px square showing the whole board with `bottom`'s seat at the bottom
export function boardView(geometry, size, bottom = "south") {
  const k = size / geometry.outer_side, h = geometry.outer_side / 2;
  return {
    scale: k,
    toScreen(x, y) { const [a, f] = inSeat(geometry, bottom, x, y); return [(a + h) * k, (h - f) * k]; },
    toBoard(X, Y) { return seatPoint(geometry, bottom, X / k - h, h - Y / k); },
  };
}

function themeOf(name) { return THEMES[name] || THEMES.wood; }

// ---- small drawing helpers ----------------------------------------------------------------------------------

function poly(ctx, pts, fill) {
  ctx.beginPath(); ctx.moveTo(...pts[0]); for (const p of pts.slice(1)) ctx.lineTo(...p); ctx.closePath();
  ctx.fillStyle = fill; ctx.fill();
}
// radii are clamped at 0: a canvas a few pixels wide (while a layout settles) makes the inset ones negative
function circle(ctx, [X, Y], R, fill) { ctx.beginPath(); ctx.arc(X, Y, Math.max(0, R), 0, 2 * Math.PI); ctx.fillStyle = fill; ctx.fill(); }
function ring(ctx, [X, Y], R, width, colour) {
  ctx.beginPath(); ctx.arc(X, Y, Math.max(0, R), 0, 2 * Math.PI); ctx.lineWidth = width; ctx.strokeStyle = colour; ctx.stroke();
}
export function line(ctx, a, b) { ctx.beginPath(); ctx.moveTo(...a); ctx.lineTo(...b); ctx.stroke(); }

// a small deterministic random source: the same grain on every draw and every machine
function random(seed) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// wood grain inside the current clip: wavy lines along `u` (a unit vector), from `origin`, `length` long,
// across a band `width` wide; `wobble` scales how far the lines wander
function grain(ctx, origin, u, length, width, colour, rnd, density, wobble = 1) {
  const v = [Math.abs(u[1]), Math.abs(u[0])], lines = Math.max(6, Math.round(width * density));  // across, into the band
  ctx.strokeStyle = colour;
  for (let i = 0; i < lines; i++) {
    const off = (i + rnd()) / lines * width, amp = width * (0.01 + 0.03 * rnd()) * wobble, wave = (2 + 5 * rnd()) * Math.PI / length;
    const phase = 2 * Math.PI * rnd();
    ctx.globalAlpha = 0.05 + 0.18 * rnd(); ctx.lineWidth = 0.4 + 1.6 * rnd();
    ctx.beginPath();
    for (let j = 0; j <= 60; j++) {  // counted, not stepped: a zero length must not loop forever
      const s = length * j / 60;
      const w = off + amp * Math.sin(wave * s + phase) + amp * 0.5 * Math.sin(wave * 3.7 * s + 2 * phase);
      const p = [origin[0] + u[0] * s + v[0] * w, origin[1] + u[1] * s + v[1] * w];
      if (j === 0) ctx.moveTo(...p); else ctx.lineTo(...p);
    }
    ctx.stroke();
  }
  ctx.globalAlpha = 1;
}

// ---- the board ---------------------------------------------------------------------------------------------

export function drawBoard(ctx, geometry, { theme = "wood", bottom = "south" } = {}) {
  const T = themeOf(theme), size = ctx.canvas.width, V = boardView(geometry, size, bottom), k = V.scale;
  const P = (x, y) => V.toScreen(x, y), h = geometry.half, lw = (m) => Math.max(1, m * k) * (T.bold ? 2 : 1);
  ctx.save();
  drawFrame(ctx, T, size, (geometry.outer_side / 2 - h) * k);
  drawSurface(ctx, T, P, h, k, size);
  for (const [x, y] of geometry.pockets) drawPocket(ctx, T, P(x, y), geometry.pocket_radius * k);
  const bl = geometry.baseline, bc = bl.half_length;
  for (const seat of SEATS) {
    for (const [f0, f1] of [[-bl.outer, -bl.outer + bl.lower_thickness], [-bl.inner - bl.upper_thickness, -bl.inner]]) {
      const thick = T.bold ? (f1 - f0) * 0.5 : 0;
      poly(ctx, [[-bc, f0 - thick], [bc, f0 - thick], [bc, f1 + thick], [-bc, f1 + thick]]
        .map(([a, f]) => P(...seatPoint(geometry, seat, a, f))), T.line);
    }
    for (const a of [-bc, bc]) {
      const c = P(...seatPoint(geometry, seat, a, -bl.axis));
      circle(ctx, c, bl.circle_radius * k, T.line);
      circle(ctx, c, bl.circle_red_radius * k, T.red);
    }
  }
  drawArrows(ctx, geometry, T, P, lw);
  drawCentre(ctx, geometry, T, P, k, lw);
  ctx.restore();
}

// four planks mitred at the corners, each with its grain along its length, and the cushion's shadow inside
function drawFrame(ctx, T, size, width) {
  const rnd = random(1979), c = size, w = width;
  const planks = [  // [corners], the grain's direction and start
    [[[0, 0], [c, 0], [c - w, w], [w, w]], [1, 0], [0, 0]],
    [[[c, 0], [c, c], [c - w, c - w], [c - w, w]], [0, 1], [c - w, 0]],
    [[[c, c], [0, c], [w, c - w], [c - w, c - w]], [1, 0], [0, c - w]],
    [[[0, c], [0, 0], [w, w], [w, c - w]], [0, 1], [0, 0]],
  ];
  for (const [corners, u, origin] of planks) {
    ctx.save();
    ctx.beginPath(); ctx.moveTo(...corners[0]); for (const p of corners.slice(1)) ctx.lineTo(...p); ctx.closePath(); ctx.clip();
    const across = u[0] ? [0, origin[1], 0, origin[1] + w] : [origin[0], 0, origin[0] + w, 0];
    const g = ctx.createLinearGradient(...across);
    g.addColorStop(0, T.frame[0]); g.addColorStop(0.45, T.frame[1]); g.addColorStop(1, T.frame[2]);
    ctx.fillStyle = g; ctx.fillRect(0, 0, c, c);
    if (T.grainy) grain(ctx, origin, u, c, w, T.grain, rnd, 0.9);
    ctx.restore();
  }
  if (T.grainy) {  // the mitre joints
    ctx.strokeStyle = "rgba(0,0,0,0.35)"; ctx.lineWidth = 1;
    for (const [a, b] of [[[0, 0], [w, w]], [[c, 0], [c - w, w]], [[c, c], [c - w, c - w]], [[0, c], [w, c - w]]]) line(ctx, a, b);
  }
}

function drawSurface(ctx, T, P, h, k, size) {
  const [x0, y0] = P(-h, h), [x1, y1] = P(h, -h), left = Math.min(x0, x1), top = Math.min(y0, y1), side = Math.abs(x1 - x0);
  const g = ctx.createRadialGradient(size / 2, size / 2, side * 0.1, size / 2, size / 2, side * 0.75);
  g.addColorStop(0, T.surface[0]); g.addColorStop(1, T.surface[1]);
  ctx.fillStyle = g; ctx.fillRect(left, top, side, side);
  ctx.save();
  ctx.beginPath(); ctx.rect(left, top, side, side); ctx.clip();
  if (T.grainy) grain(ctx, [left, top], [0, 1], side, side, T.surfaceGrain, random(7), 0.3, 0.12);
  // the cushion's shadow on the surface along the frame's inner edge
  const depth = Math.max(2, 0.006 * k);
  for (const [gx0, gy0, gx1, gy1, rx, ry, rw, rh] of [
    [left, 0, left + depth, 0, left, top, depth, side], [left + side, 0, left + side - depth, 0, left + side - depth, top, depth, side],
    [0, top, 0, top + depth, left, top, side, depth], [0, top + side, 0, top + side - depth, left, top + side - depth, side, depth]]) {
    const s = ctx.createLinearGradient(gx0, gy0 || 0, gx1, gy1 || 0);
    s.addColorStop(0, T.bold ? "rgba(0,0,0,0)" : "rgba(20,10,0,0.35)"); s.addColorStop(1, "rgba(20,10,0,0)");
    ctx.fillStyle = s; ctx.fillRect(rx, ry, rw, rh);
  }
  ctx.restore();
  ctx.strokeStyle = T.cushion; ctx.lineWidth = Math.max(1, 0.0015 * k) * (T.bold ? 3 : 1); ctx.strokeRect(left, top, side, side);
}

// a hole: dark inside, a rim, and the net seen through it
function drawPocket(ctx, T, c, R) {
  const g = ctx.createRadialGradient(c[0], c[1], R * 0.1, c[0], c[1], R);
  g.addColorStop(0, T.pocket[0]); g.addColorStop(1, T.pocket[1]);
  circle(ctx, c, R, g);
  ctx.save();
  ctx.beginPath(); ctx.arc(c[0], c[1], Math.max(0, R * 0.92), 0, 2 * Math.PI); ctx.clip();
  ctx.strokeStyle = T.net; ctx.globalAlpha = T.bold ? 0.9 : 0.35; ctx.lineWidth = Math.max(0.7, R / 22);
  for (let j = 0; j <= 6; j++) {  // the net's two sets of threads (counted: a zero radius must not loop forever)
    const d = -R + j * R / 3.2;
    line(ctx, [c[0] + d - R, c[1] - R], [c[0] + d + R, c[1] + R]);
    line(ctx, [c[0] + d + R, c[1] - R], [c[0] + d - R, c[1] + R]);
  }
  ctx.restore();
  ring(ctx, c, R, Math.max(1, R / 9), T.rim);
}

function drawArrows(ctx, geometry, T, P, lw) {
  const ar = geometry.arrows, rho = ar.arc_radius;
  ctx.strokeStyle = T.line; ctx.lineWidth = lw(ar.thickness);
  for (const [px, py] of geometry.pockets) {
    const n = Math.hypot(px, py), u = [px / n, py / n], v = [-u[1], u[0]];
    const at = (s, t) => [s * u[0] + t * v[0], s * u[1] + t * v[1]];
    line(ctx, P(...at(ar.start, 0)), P(...at(ar.end, 0)));
    const c = ar.start + rho, pts = [];
    for (let i = 0; i <= 32; i++) { const th = Math.PI * i / 32; pts.push(P(...at(c - rho * Math.sin(th), rho * Math.cos(th)))); }
    ctx.beginPath(); ctx.moveTo(...pts[0]); for (const p of pts.slice(1)) ctx.lineTo(...p); ctx.stroke();
    for (const sgn of [1, -1]) {
      const e = [c, sgn * rho];
      poly(ctx, [at(e[0] + 0.25 * rho, e[1]), at(e[0], e[1] + 0.11 * rho), at(e[0], e[1] - 0.11 * rho)].map((p) => P(...p)), T.line);
    }
  }
}

// the centre (ICF I.A.6, 7) as the SVG draws it: a star in outline, the inner circle a red ring and dot inside
// its black line, so that nobody takes it for the queen
function drawCentre(ctx, geometry, T, P, k, lw) {
  const cd = geometry.centre_design, r = geometry.inner_circle * k, thickness = geometry.arrows.thickness;
  ctx.lineWidth = lw(thickness / 2); ctx.strokeStyle = T.red;
  ctx.beginPath(); cd.star.forEach((p, i) => (i ? ctx.lineTo : ctx.moveTo).call(ctx, ...P(...p))); ctx.closePath(); ctx.stroke();
  ring(ctx, P(0, 0), r - cd.ring * k / 2, cd.ring * k, T.red);
  circle(ctx, P(0, 0), cd.dot * k, T.red);
  ctx.lineWidth = lw(thickness); ctx.strokeStyle = T.line;
  for (const radius of [geometry.outer_circle * k, r]) { ctx.beginPath(); ctx.arc(...P(0, 0), radius, 0, 2 * Math.PI); ctx.stroke(); }
}

// ---- the pieces --------------------------------------------------------------------------------------------

export function drawDiscs(ctx, geometry, discs, options = {}) {
  for (const d of discs) drawDisc(ctx, geometry, d, options);
}

// a piece standing on the board: its shadow, its turned face with rings, and its mark (a crown for the
// queen, a compass star for the striker): shape tells the pieces apart, not only colour
export function drawDisc(ctx, geometry, { kind, x, y }, { theme = "wood", bottom = "south", alpha = 1 } = {}) {
  const T = themeOf(theme), V = boardView(geometry, ctx.canvas.width, bottom), look = T[kind] || T.white;
  const R = (kind === "striker" ? geometry.striker_radius : geometry.coin_radius) * V.scale, c = V.toScreen(x, y);
  ctx.save();
  ctx.globalAlpha = alpha;
  ctx.shadowColor = T.shadow; ctx.shadowBlur = R * 0.5; ctx.shadowOffsetX = R * 0.14; ctx.shadowOffsetY = R * 0.2;
  const g = ctx.createRadialGradient(c[0] - R * 0.35, c[1] - R * 0.35, R * 0.1, c[0], c[1], R);
  g.addColorStop(0, look.face[0]); g.addColorStop(1, look.face[1]);
  circle(ctx, c, R, g);
  ctx.shadowColor = "transparent";
  const bold = T.bold ? 2.2 : 1, edge = Math.max(1, R / 14) * bold;
  ring(ctx, c, R - Math.max(0.5, R / 28) * bold, edge, look.edge);
  // high contrast: a dark piece's black edge has a light line inside it, so two that touch stay two discs
  if (look.outline) { const w = Math.max(2, R * 0.09); ring(ctx, c, R - Math.max(1, edge * 0.55) - w / 2, w, look.outline); }
  // high contrast: a coin is its fill alone, white or black, edge to edge (turned rings would blur the two together)
  if (T.bold && (kind === "white" || kind === "black")) { ctx.restore(); return; }
  ring(ctx, c, R * 0.72, Math.max(0.8, R / 22) * bold, look.ring);
  if (kind === "queen") crown(ctx, c, R * 0.42, look.mark);
  else if (kind === "striker") { ring(ctx, c, R * 0.5, Math.max(0.8, R / 18) * bold, look.ring); compass(ctx, c, R * 0.34, look.mark); }
  else ring(ctx, c, R * 0.42, Math.max(0.6, R / 30) * bold, look.ring);
  ctx.restore();
}

// a five-pointed crown, the queen's mark
function crown(ctx, [X, Y], s, colour) {
  const pts = [[-1, 0.55], [-1, -0.35], [-0.5, 0.1], [0, -0.6], [0.5, 0.1], [1, -0.35], [1, 0.55]];
  ctx.beginPath(); pts.forEach(([u, v], i) => (i ? ctx.lineTo : ctx.moveTo).call(ctx, X + u * s, Y + v * s)); ctx.closePath();
  ctx.fillStyle = colour; ctx.fill();
}

// a four-pointed star, the striker's mark
function compass(ctx, [X, Y], s, colour) {
  ctx.beginPath();
  for (let i = 0; i < 8; i++) {
    const r = i % 2 ? s * 0.3 : s, a = i * Math.PI / 4 - Math.PI / 2;
    (i ? ctx.lineTo : ctx.moveTo).call(ctx, X + r * Math.cos(a), Y + r * Math.sin(a));
  }
  ctx.closePath(); ctx.fillStyle = colour; ctx.fill();
}
