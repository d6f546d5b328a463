// The lobby's page (docs/web.md, "The lobby"): play as a guest or sign up, seek a match, wait while the lobby
// pairs the seek by rating, then go to the room with the seat's token kept as any room's; the ladder below.
import { said, t, tn } from "./i18n.js";
import { el, fill } from "./umpire-view.js";

const view = (window.lobby = { me: null, seek: null, room: null, ready: false });
const $ = (id) => document.getElementById(id);

function shown(body, status) {
  const e = $("error");
  e.textContent = body.refusal ? said(body.refusal) : body.error || t("the server refused this request (HTTP {status})", { status });
  e.hidden = false;
}

async function call(method, path, body) {
  const answer = await fetch(path, { method, cache: "no-store", headers: body ? { "Content-Type": "application/json" } : {},
    body: body ? JSON.stringify(body) : undefined }).catch(() => null);
  if (!answer) { shown({ error: t("the server cannot be reached: check the connection") }, 0); return null; }
  const data = await answer.json().catch(() => ({}));
  if (!answer.ok) { if (answer.status !== 401) shown(data, answer.status); return null; }
  $("error").hidden = true;
  return data;
}

async function signedIn() {
  const me = (view.me = await call("GET", "/api/lobby/me"));
  $("account").hidden = !!me;
  $("seeking").hidden = !me;
  fill("who", me ? (me.guest ? t("{name} (guest)", { name: me.name }) : me.name) : "");
  if (me) $("rated").checked = !me.guest;
  $("rated").disabled = !!(me && me.guest);
}

async function ladder(ruleset) {
  const board = await call("GET", `/api/lobby/leaderboard?ruleset=${encodeURIComponent(ruleset)}`);
  if (!board) return;
  fill("ladder", [el("h2", {}, t("The ladder")), board.rows.length ? el("table", { class: "standings" }, [
    el("thead", {}, [el("tr", {}, [el("th", { class: "n" }, "#"), el("th", {}, t("Players")), el("th", { class: "n" }, t("Rating")),
      el("th", { class: "n" }, t("Games"))])]),
    el("tbody", {}, board.rows.map((r, i) => el("tr", {}, [el("td", { class: "n" }, String(i + 1)), el("td", {}, r.name),
      el("td", { class: "n" }, r.provisional ? `${r.rating}?` : String(r.rating)), el("td", { class: "n" }, String(r.games))])))]) :
    el("p", {}, t("Nobody is rated in these rules yet."))]);
}

// the profile's rating history in the chosen rules: a small inline SVG, the rating after each rated game from the
// start, and the latest games with their replays
const SVG = "http://www.w3.org/2000/svg";
function svg(tag, attrs = {}, text = "") {
  const n = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) n.setAttribute(k, String(v));
  if (text) n.textContent = text;
  return n;
}

export function graph(start, games) {
  const values = [start, ...games.map((g) => g.after)], W = 320, H = 120, left = 40, pad = 12;
  const lo = Math.min(...values) - 5, hi = Math.max(...values) + 5;
  const x = (i) => left + i * (W - left - pad) / Math.max(1, values.length - 1);
  const y = (v) => H - pad - (v - lo) / (hi - lo) * (H - 2 * pad);
  const chart = svg("svg", { id: "history-graph", viewBox: `0 0 ${W} ${H}`, width: "100%", style: "max-width:480px", role: "img",
    "aria-label": t("Your rating in these rules, game by game: from {start} to {now}", { start: Math.round(start), now: Math.round(values[values.length - 1]) }) });
  chart.append(svg("line", { x1: left, y1: pad, x2: left, y2: H - pad, stroke: "#888" }),
    svg("line", { x1: left, y1: H - pad, x2: W - pad, y2: H - pad, stroke: "#888" }),
    svg("text", { x: left - 4, y: y(hi - 5) + 4, "text-anchor": "end", "font-size": 11 }, String(Math.round(hi - 5))),
    svg("text", { x: left - 4, y: y(lo + 5) + 4, "text-anchor": "end", "font-size": 11 }, String(Math.round(lo + 5))),
    svg("polyline", { points: values.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(" "), fill: "none", stroke: "#1f4e9a", "stroke-width": 2 }));
  values.forEach((v, i) => {
    const dot = svg("circle", { cx: x(i).toFixed(1), cy: y(v).toFixed(1), r: 3, fill: "#1f4e9a" });
    dot.append(svg("title", {}, i ? t("{rating} after game {n}", { rating: Math.round(v), n: i }) : t("{rating} to start", { rating: Math.round(v) })));
    chart.append(dot);
  });
  return chart;
}

async function history(ruleset) {
  if (!view.me) { $("profile").hidden = true; return; }
  const data = await call("GET", `/api/lobby/me/history?ruleset=${encodeURIComponent(ruleset)}`);
  if (!data) return;
  $("profile").hidden = false;
  view.history = data;
  fill("history", data.games.length ? [graph(data.start, data.games), el("ul", {}, data.games.slice(-5).reverse().map((g) =>
    el("li", {}, `${Math.round(g.before)} → ${Math.round(g.after)} (${g.after >= g.before ? "+" : ""}${Math.round(g.after - g.before)}) `,
      el("a", { href: `/replay/${g.room}` }, t("Replay")))))]
    : el("p", {}, t("No rated game in these rules yet.")));
}

$("guest-form").addEventListener("submit", async (ev) => {
  ev.preventDefault();
  if (await call("POST", "/api/lobby/guest", { name: new FormData(ev.target).get("name") })) { await signedIn(); await history($("ruleset").value); }
});
$("signup-form").addEventListener("submit", async (ev) => {
  ev.preventDefault();
  const f = new FormData(ev.target);
  const action = ev.submitter && ev.submitter.dataset.action === "signin" ? "signin" : "signup";
  if (await call("POST", `/api/lobby/${action}`, { name: f.get("name"), password: f.get("password") })) { await signedIn(); await history($("ruleset").value); }
});
$("seek-form").addEventListener("submit", async (ev) => {
  ev.preventDefault();
  const f = new FormData(ev.target);
  const made = await call("POST", "/api/lobby/seeks", { ruleset: f.get("ruleset"), players: Number(f.get("players")),
    clocks: f.get("clocks") === "on", rated: f.get("rated") === "on" });
  if (!made) return;
  view.seek = made.seek;
  $("seek-button").disabled = true;
  wait();
});

async function wait() {
  const state = await call("GET", `/api/lobby/seeks/${view.seek}`);
  if (!state) { $("seek-button").disabled = false; return; }
  if (state.room) {
    view.room = state.room;
    localStorage.setItem("carrom-token-" + state.room, state.token);  // the seat, as a room made on this device
    location.assign(`/room/${state.room}`);
    return;
  }
  const w = $("waiting");
  w.hidden = false;
  w.textContent = tn("Looking for an opponent within {points} points of your rating: {n} second so far.",
    "Looking for an opponent within {points} points of your rating: {n} seconds so far.", Math.round(state.seconds),
    { n: Math.round(state.seconds), points: Math.round(state.window) });
  setTimeout(wait, 700);
}

const options = await call("GET", "/api/options");
const rulesets = (options && options.variants) || [{ value: "icf", label: "ICF" }];
fill("ruleset", rulesets.map((v) => el("option", { value: v.value || v }, v.label || v.value || v)));
$("ruleset").addEventListener("change", () => { ladder($("ruleset").value); history($("ruleset").value); });
await signedIn();
await ladder($("ruleset").value);
await history($("ruleset").value);
view.ready = true;
