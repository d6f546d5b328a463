// The tournament desk: create or import an event, then pair, publish, type results, announce, record walkovers,
// protests and close. Every step is the server's (carrom.web.desk); the page only sends the desk's key with it.
import { said, t, language } from "./i18n.js";
import { el, fill } from "./umpire-view.js";
import { announcedText, matchSides, resultText, rubbersSoFar, standingsTable } from "./tournament-view.js";

const $ = (id) => document.getElementById(id);
const eventId = location.pathname.split("/").filter(Boolean)[1] || null;
const KEYS = "carrom-desk-keys";  // event id -> the desk's key, kept on this computer
const desk = (window.desk = { state: null, busy: false, confirming: null });

function keys() { try { return JSON.parse(localStorage.getItem(KEYS) || "{}"); } catch { return {}; } }
function remember(id, key) {
  const all = keys(); all[id] = key;
  try { localStorage.setItem(KEYS, JSON.stringify(all)); } catch { /* the link still holds it */ }
}
function keyOf(id) {
  const m = location.hash.match(/key=([^&]+)/);
  return m ? decodeURIComponent(m[1]) : keys()[id] || null;
}

function showError(text) { const e = $("error"); e.textContent = text; e.hidden = !text; }
function notice(text) { const e = $("notice"); e.textContent = text; e.hidden = !text; }

async function call(method, path, body, raw = false) {
  desk.busy = true;
  try {
    const headers = raw ? { "Content-Type": "application/octet-stream" } : { "Content-Type": "application/json" };
    const key = eventId && keyOf(eventId);
    if (key) headers["X-Desk-Key"] = key;
    const answer = await fetch(path, { method, headers, body: raw ? body : body === undefined ? undefined : JSON.stringify(body) });
    const data = await answer.json().catch(() => ({}));
    if (!answer.ok) {
      showError(data.refusal ? said(data.refusal) : data.error || t("the server refused this request (HTTP {status})", { status: answer.status }));
      return null;
    }
    showError("");
    return data;
  } finally {
    desk.busy = false;
  }
}

// -- a new event ----------------------------------------------------------------------------------------
function made(list) {
  $("made").hidden = false;
  fill("made-links", list.flatMap((m) => [
    el("li", {}, [t("Desk (keep it to yourself): "), el("a", { href: m.desk, class: "desk-link" }, location.origin + m.desk)]),
    el("li", {}, [t("Public page: "), el("a", { href: m.public, target: "_blank" }, location.origin + m.public)]),
  ]));
  for (const m of list) remember(m.id, m.key);
}

// the form as filled in has one token: Create clicked twice is one event; any change to the form, a new one
const formToken = () => (crypto.randomUUID ? crypto.randomUUID() : String(Math.random()).slice(2));  // (http: no randomUUID)
let createToken = formToken();
$("new-event").addEventListener("input", () => { createToken = formToken(); });
$("new-event").addEventListener("submit", async (ev) => {
  ev.preventDefault();
  const f = new FormData(ev.target);
  const body = { name: f.get("name"), championship: f.get("championship") || null, prizes: f.get("prizes") || null,
    skip_worst: f.get("skip_worst") === "" || f.get("skip_worst") === null ? null : Number(f.get("skip_worst")), system: f.get("system"), pairing: f.get("pairing"), format: f.get("format"),
    rounds: Number(f.get("rounds") || 0), finals: Number(f.get("finals") || 0), groups: Number(f.get("groups") || 0),
    qualifiers: Number(f.get("qualifiers") || 2), third_place: f.get("third_place") === "on", timed: f.get("timed") === "on",
    players: f.get("players") || "", request: createToken };  // the list as typed or pasted: the server reads it (carrom.desk.roster)
  const answer = await call("POST", "/api/desk", body);
  if (answer) made([answer]);
});

$("import-button").addEventListener("click", async () => {
  const file = $("sol-file").files[0];
  if (!file) { showError(t("choose a SoL file first")); return; }
  const answer = await call("POST", "/api/desk/import", await file.arrayBuffer(), true);
  if (answer) made(answer.events);
});

// -- an event -------------------------------------------------------------------------------------------
async function step(what, body = {}) {
  const answer = await call("POST", `/api/desk/${eventId}/${what}`, body);
  if (answer) render(answer);
  return answer;
}

function minutes(seconds) {
  const m = Math.floor(Math.abs(seconds) / 60), s = Math.floor(Math.abs(seconds) % 60);
  return `${m}:${String(s).padStart(2, "0")}`;
}

// "14:30" as seconds since the epoch: today, at that time on this computer's clock
function todayAt(hhmm) {
  const [h, min] = hhmm.split(":").map(Number);
  const d = new Date(); d.setHours(h, min, 0, 0);
  return d.getTime() / 1000;
}

// a team tie's line-up by hand: for each rubber, each side's player (two for the doubles) among its team's
function lineupEditor(m) {
  const picks = m.lineup.rubbers.map((r) => r.sides.map((names, i) => names.map((name, k) => el("select", {
    class: "lineup-player", "aria-label": t("Rubber {n}, side {side}, player {k}", { n: r.rubber, side: i + 1, k: k + 1 }),
  }, m.lineup.teams[i].map(([, n]) => el("option", { value: n, selected: n === name }, n))))));
  const rows = m.lineup.rubbers.map((r, j) => el("div", { class: "lineup-rubber" }, [
    el("span", { class: "tag" }, r.doubles ? t("Rubber {n}, doubles", { n: r.rubber }) : t("Rubber {n}, singles", { n: r.rubber })), " ",
    el("span", { class: "lineup-side", style: "display: inline-flex" }, picks[j][0]), " v ",
    el("span", { class: "lineup-side", style: "display: inline-flex" }, picks[j][1])]));
  const save = el("button", { type: "button", class: "save-lineup" }, t("Save the line-up"));
  save.addEventListener("click", () => step("lineup", { round: m.round, table: m.table,
    rubbers: picks.map((sides) => sides.map((side) => side.map((select) => select.value))) }));
  return el("details", { class: "lineup", "data-table": String(m.table) },
    [el("summary", {}, m.lineup.set ? t("Line-up (entered by hand)") : t("Line-up")), ...rows, save]);
}

function matchRow(m, round) {
  const cells = [el("td", { class: "table-no" }, String(m.table)), el("td", {}, matchSides(m))];
  const acts = [];
  if (m.sides.length === 2 && !m.result && !desk.state.closed) {
    const input = el("input", { class: "result-input", placeholder: "25-13 20-25 25-9", "aria-label": t("Games of table {table}", { table: m.table }) });
    const save = el("button", { type: "button", class: "save" }, t("Save"));
    save.addEventListener("click", () => step("result", { round: m.round, table: m.table, games: input.value }));
    acts.push(input, save);
    if (round.published) {
      // announced for a time (empty: now); the laws' time to report counts from it (ICF 143 i)
      const at = el("input", { type: "time", class: "announce-at", "aria-label": t("Time of the announcement of table {table}", { table: m.table }) });
      const ann = el("button", { type: "button", class: "announce" }, m.announced ? t("Announce again") : t("Announce"));
      ann.addEventListener("click", () => step("announce", { round: m.round, table: m.table, ...(at.value ? { at: todayAt(at.value) } : {}) }));
      acts.push(at, ann);
      m.sides.forEach((names, i) => {
        const id = `${m.round}-${m.table}-${i + 1}`;
        const confirming = desk.confirming === id;
        const b = el("button", { type: "button", class: confirming ? "walkover confirm" : "walkover" },
          confirming ? t("Confirm: only {names} reported", { names: names.join(" & ") })
            : t("Walkover to {names}", { names: names.join(" & ") }));
        b.addEventListener("click", () => {
          if (desk.confirming !== id) { desk.confirming = id; render(desk.state); return; }
          desk.confirming = null;
          step("walkover", { round: m.round, table: m.table, present: i + 1 });
        });
        acts.push(b);
      });
    }
  }
  cells.push(el("td", {}, [resultText(m), " ", announcedText(m), " ", rubbersSoFar(m)]));
  cells.push(el("td", { class: "actions" }, acts));
  const links = [];
  if (m.umpire) links.push(el("a", { href: m.umpire, target: "_blank", class: "umpire-link" }, t("Umpire's tablet")));
  for (const r of m.rubbers || []) {  // a team tie: a tablet each rubber, the toss asked on each
    links.push(el("div", { class: "rubber" }, [el("a", { href: r.umpire, target: "_blank", class: "umpire-link rubber-link" },
      t("Rubber {n}: {one} – {two}", { n: r.rubber, one: r.sides[0].join(" & "), two: r.sides[1].join(" & ") }))]));
  }
  if (m.lineup && !desk.state.closed) links.push(lineupEditor(m));
  if (m.umpire && !m.toss && !m.result) {  // the toss taken at the desk (ICF 39): the tablet then opens without asking
    const who = el("select", { class: "toss-winner", "aria-label": t("Toss won by") }, m.sides.map((names, i) => el("option", { value: String(i + 1) }, names.join(" & "))));
    const what = el("select", { class: "toss-choice", "aria-label": t("Chose") }, [el("option", { value: "break" }, t("the break")), el("option", { value: "side" }, t("a side"))]);
    const go = el("button", { type: "button", class: "toss" }, t("Toss"));
    go.addEventListener("click", () => step("toss", { round: m.round, table: m.table, winner: Number(who.value), choice: what.value }));
    links.push(el("div", { class: "toss-row" }, [who, what, go]));
  }
  if (m.scoreboard) links.push(" ", el("a", { href: m.scoreboard, target: "_blank" }, t("Scoreboard")));
  cells.push(el("td", {}, links));
  return el("tr", { "data-table": String(m.table) }, cells);
}

function render(state) {
  desk.state = state;
  fill("title", state.name + (state.closed ? ` · ${t("closed")}` : ""));
  $("public-link").href = `/t/${state.id}`;
  $("links").hidden = false;
  fill("rounds", [...state.rounds].reverse().map((r) => el("section", { class: "round" }, [
    el("h2", {}, [t("Round {n}", { n: r.round }), r.published ? "" : el("span", { class: "tag" }, t("draft: not published"))]),
    el("table", { class: "matches" }, [el("tbody", {}, r.matches.map((m) => matchRow(m, r)))]),
  ])));
  fill("protests", state.protests.length ? el("table", { class: "matches" }, [el("tbody", {}, state.protests.map((p) => {
    const acts = [];
    if (p.state === "lodged") {
      const up = el("button", { type: "button", class: "uphold" }, t("Uphold (replay from game {game})", { game: p.game }));
      up.addEventListener("click", () => step("decide", { protest: p.protest, upheld: true }));
      const no = el("button", { type: "button", class: "reject" }, t("Reject (the result stands)"));
      no.addEventListener("click", () => step("decide", { protest: p.protest, upheld: false }));
      acts.push(up, no);
    }
    const left = p.time_left === null ? ({ upheld: t("upheld"), rejected: t("rejected") })[p.state] || p.state : p.time_left >= 0
      ? t("{time} left to decide (ICF 151 c)", { time: minutes(p.time_left) }) : t("{time} late (ICF 151 c)", { time: minutes(p.time_left) });
    return el("tr", { class: "protest" }, [el("td", {}, t("Round {round}, table {table}", p)),
      el("td", {}, t("by {names}, game {game}", { names: p.by_names.join(" & "), game: p.game })),
      el("td", { class: "time-left" }, left), el("td", {}, acts)]);
  }))]) : el("p", {}, t("No protests.")));
  fill("standings", standingsTable(state.standings));
  fill("competitors", el("ul", {}, state.competitors.map((c) => {
    const li = el("li", {}, [`${c.id}. ${c.players.join(" & ")} `]);
    const id = `withdraw-${c.id}`;
    if (c.retired_from) {
      li.append(el("span", { class: "tag" }, t("withdrawn from round {n}", { n: c.retired_from })));
      if (!state.closed) {  // undone while no round from it on is paired (tournament.reinstate)
        const u = el("button", { type: "button", class: "reinstate" }, t("Undo withdrawal"));
        u.addEventListener("click", () => step("reinstate", { competitor: String(c.id) }));
        li.append(" ", u);
      }
    } else if (!state.closed) {  // two clicks, as a walkover: the first asks, the second withdraws
      const confirming = desk.confirming === id;
      const b = el("button", { type: "button", class: confirming ? "withdraw confirm" : "withdraw" },
        confirming ? t("Confirm: withdraw {names}", { names: c.players.join(" & ") }) : t("Withdraw"));
      b.addEventListener("click", () => {
        if (desk.confirming !== id) { desk.confirming = id; render(desk.state); return; }
        desk.confirming = null;
        step("retire", { competitor: String(c.id) });
      });
      li.append(b);
    }
    return li;
  })));
  fill("log", state.log.slice().reverse().map((l) => el("li", {}, `${new Date(l.at * 1000).toLocaleTimeString(language())} ${l.what}${l.law ? ` (${l.law})` : ""}`)));
  fill("rating-lists", (state.rating_lists || []).map((n) => el("li", {}, el("a", { href: `/ratings/${encodeURIComponent(n)}`, target: "_blank", class: "rating-link" }, n))));
  for (const id of ["pair", "publish", "undo"]) $(id).disabled = state.closed;
}

async function load() {
  const state = await call("GET", `/api/desk/${eventId}`);
  if (state) render(state);
}

if (eventId) {
  const key = keyOf(eventId);
  if (key) remember(eventId, key);
  $("event").hidden = false;
  $("pair").addEventListener("click", () => step("pair"));
  $("publish").addEventListener("click", () => step("publish"));
  $("undo").addEventListener("click", () => step("undo"));
  $("print").addEventListener("click", () => {
    window.open(`/api/desk/${eventId}/print/${$("print-what").value}.pdf?lang=${language()}&key=${encodeURIComponent(keyOf(eventId))}`, "_blank");
  });
  $("swap-form").addEventListener("submit", (ev) => { ev.preventDefault(); const f = new FormData(ev.target); step("swap", { a: f.get("a"), b: f.get("b") }); });
  $("add-form").addEventListener("submit", (ev) => { ev.preventDefault(); step("add", { players: [new FormData(ev.target).get("player")] }); });
  $("close-form").addEventListener("submit", (ev) => { ev.preventDefault(); step("close", { rating: new FormData(ev.target).get("rating") || null }); });
  $("lodge-form").addEventListener("submit", (ev) => {
    ev.preventDefault();
    const f = new FormData(ev.target);
    step("lodge", { round: Number(f.get("round")), table: Number(f.get("table")), by: f.get("by"), game: Number(f.get("game")),
      minutes_since_game: Number(f.get("minutes") || 0), oral: f.get("oral") === "on", fee: f.get("oral") === "on" });
  });
  await load();
  setInterval(() => { if (!desk.busy && !desk.confirming) load(); }, 10000);  // the tablets' results come in
  desk.ready = true;
} else {
  $("create").hidden = false;
  desk.ready = true;
}
