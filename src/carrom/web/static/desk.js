// The tournament desk: create or import an event, then pair, publish, type results, announce, record walkovers,
// protests and close. Every step is the server's (carrom.web.desk); the page only sends the desk's key with it.
import { said, t, language } from "./i18n.js";
import { el, fill } from "./umpire-view.js";
import { announcedText, matchSides, resultText, rubbersSoFar, standingsTable } from "./tournament-view.js";

const $ = (id) => document.getElementById(id);
const eventId = location.pathname.split("/").filter(Boolean)[1] || null;
const KEYS = "carrom-desk-keys";  // event id -> the desk's key, kept on this computer
// drafts: what is typed or chosen in a round's fields and not saved yet (by the field's data-draft key), kept across
// every live update; errors: a refusal shown beside the form or button that caused it (by its place), until the next
// action; correcting: the table whose stored result is being corrected; offline: the server did not answer
const desk = (window.desk = { state: null, busy: false, confirming: null, drafts: {}, errors: {}, correcting: null,
  opened: new Set(), offline: false });

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

// the connection's banner, on top of the page wherever it is scrolled: shown while the server does not answer
function connection(up) {
  desk.offline = !up;
  const e = $("connection");
  e.hidden = up;
  e.textContent = up ? "" : t("Connection lost: this page is not up to date and nothing can be saved; trying again every 10 s");
}
addEventListener("offline", () => connection(false));

// a refusal beside its form or button (``place``: a row's "table-1-3", drawn by render, or the id of a form or a
// button of the page's own); kept until the next action
function placeError(place, error) {
  if (error) desk.errors[place] = error; else delete desk.errors[place];
  const where = document.getElementById(place);  // a form or a button of the page's own (render does not re-draw them)
  if (where) {
    let p = document.querySelector(`.place-error[data-for="${place}"]`);
    if (!p) {
      p = el("p", { class: "place-error error", role: "alert", "data-for": place });
      if (where.tagName === "FORM") where.append(p); else (where.closest(".toolbar, .import") || where).append(p);
    }
    p.textContent = error ? error.text : ""; p.hidden = !error;
  }
}
function errorAt(place) {
  const e = desk.errors[place];
  if (!e) return null;
  const lines = [e.text];
  if (e.conflict) {
    const games = (g) => (g ? g.map((x) => x.join("–")).join("  ") : t("no result"));
    lines.push(el("span", { class: "conflict-stored" }, t("Stored: {games}", { games: games(e.conflict.stored) })),
      el("span", { class: "conflict-yours" }, t("Yours: {games}", { games: games(e.conflict.yours) })));
  }
  return el("div", { class: "place-error error", role: "alert" }, lines.map((l) => el("div", {}, l)));
}
function notice(text) { const e = $("notice"); e.textContent = text; e.hidden = !text; }

// ``place``: where a refusal is shown (beside what was clicked; null: the banner on top, as for a reading)
async function call(method, path, body, raw = false, place = null) {
  desk.busy = true;
  if (place) for (const p of Object.keys(desk.errors)) placeError(p, null);  // an action: the last one's errors go
  try {
    const headers = raw ? { "Content-Type": "application/octet-stream" } : { "Content-Type": "application/json" };
    const key = eventId && keyOf(eventId);
    if (key) headers["X-Desk-Key"] = key;
    let answer;
    try {
      answer = await fetch(path, { method, headers, body: raw ? body : body === undefined ? undefined : JSON.stringify(body) });
    } catch {  // no answer at all: the server is down or the network is
      connection(false);
      if (place) placeError(place, { text: t("Not saved: the server does not answer. Check the connection, then try again") });
      return null;
    }
    connection(true);
    const data = await answer.json().catch(() => ({}));
    if (!answer.ok) {
      const text = data.refusal ? said(data.refusal) : data.error || t("the server refused this request (HTTP {status})", { status: answer.status });
      if (place) placeError(place, { text, conflict: data.conflict }); else showError(text);
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
  const answer = await call("POST", "/api/desk", body, false, "new-event");
  if (answer) made([answer]);
});

$("import-button").addEventListener("click", async () => {
  const file = $("sol-file").files[0];
  if (!file) { placeError("import-button", { text: t("choose a SoL file first") }); return; }
  const answer = await call("POST", "/api/desk/import", await file.arrayBuffer(), true, "import-button");
  if (answer) made(answer.events);
});

// -- an event -------------------------------------------------------------------------------------------
// a step of the desk's, its refusal shown at ``place``; a refusal because the page was behind reads the event again
async function step(what, body = {}, place = what) {
  const answer = await call("POST", `/api/desk/${eventId}/${what}`, body, false, place);
  if (answer) render(answer);
  else if (desk.errors[place]?.conflict) await load();
  else if (desk.state) render(desk.state);  // the refusal drawn beside its button
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
    class: "lineup-player", "data-draft": `lineup:${m.round}-${m.table}-${r.rubber}-${i}-${k}`,
    "aria-label": t("Rubber {n}, side {side}, player {k}", { n: r.rubber, side: i + 1, k: k + 1 }),
  }, m.lineup.teams[i].map(([, n]) => el("option", { value: n, selected: n === name }, n))))));
  const rows = m.lineup.rubbers.map((r, j) => el("div", { class: "lineup-rubber" }, [
    el("span", { class: "tag" }, r.doubles ? t("Rubber {n}, doubles", { n: r.rubber }) : t("Rubber {n}, singles", { n: r.rubber })), " ",
    el("span", { class: "lineup-side", style: "display: inline-flex" }, picks[j][0]), " v ",
    el("span", { class: "lineup-side", style: "display: inline-flex" }, picks[j][1])]));
  const save = el("button", { type: "button", class: "save-lineup" }, t("Save the line-up"));
  save.addEventListener("click", () => step("lineup", { round: m.round, table: m.table,
    replacing: m.lineup.rubbers.map((r) => r.sides),  // the line-up shown: another desk's since is refused
    rubbers: picks.map((sides) => sides.map((side) => side.map((select) => select.value))) }, `table-${m.round}-${m.table}`)
    .then((done) => { if (done) for (const k of Object.keys(desk.drafts)) if (k.startsWith(`lineup:${m.round}-${m.table}-`)) delete desk.drafts[k]; }));
  return el("details", { class: "lineup", "data-table": String(m.table), "data-open": `lineup:${m.round}-${m.table}`,
    open: desk.opened.has(`lineup:${m.round}-${m.table}`) },
    [el("summary", {}, m.lineup.set ? t("Line-up (entered by hand)") : t("Line-up")), ...rows, save]);
}

// a result typed (or a stored one corrected): sent with the match's competitors (checked, ``players=``) and the
// result the page showed (``replacing``: another one stored since is refused, 409, both shown)
async function saveResult(m, input, place) {
  const answer = await step("result", { round: m.round, table: m.table, games: input.value, competitors: m.competitors,
    replacing: m.result ? m.result.games : null }, place);
  if (answer) { delete desk.drafts[input.dataset.draft]; if (desk.correcting === place) desk.correcting = null; render(answer); }
  else if (desk.errors[place]?.conflict) { desk.correcting = place; render(desk.state); }  // the stored one shown: correct it?
}

function matchRow(m, round) {
  const cells = [el("td", { class: "table-no" }, String(m.table)), el("td", {}, matchSides(m))];
  const acts = [];
  const place = `table-${m.round}-${m.table}`, key = `${m.round}-${m.table}`;
  const typable = m.sides.length === 2 && !desk.state.closed && !(m.result && (m.result.rubbers || m.result.walkover));
  // a result that came in (a tablet, another desk) while one was being typed here: shown, the typing kept to correct with
  const overtaken = m.result && !!desk.drafts[`result:${key}`] && desk.correcting !== place;
  const correcting = m.result && (desk.correcting === place || overtaken);
  if (typable && (!m.result || correcting)) {
    const input = el("input", { class: "result-input", placeholder: "25-13 20-25 25-9", "data-draft": `result:${key}`,
      "aria-label": t("Games of table {table}", { table: m.table }) });
    const save = el("button", { type: "button", class: "save" }, correcting ? t("Save the correction") : t("Save"));
    save.addEventListener("click", () => saveResult(m, input, place));
    input.addEventListener("keydown", (ev) => { if (ev.key === "Enter") saveResult(m, input, place); });
    acts.push(input, save);
    if (correcting) {
      const keep = el("button", { type: "button", class: "keep" }, t("Keep the stored result"));
      keep.addEventListener("click", () => { desk.correcting = null; delete desk.drafts[`result:${key}`]; placeError(place, null); render(desk.state); });
      acts.push(keep);
      if (overtaken && !desk.errors[place]) acts.push(el("div", { class: "place-error error overtaken", role: "alert" },
        t("A result came in while you typed: {games}. Save the correction to put yours in instead",
          { games: m.result.games.map((g) => g.join("–")).join("  ") })));
    }
  } else if (typable && m.result) {
    const fix = el("button", { type: "button", class: "correct" }, t("Correct the result"));
    fix.addEventListener("click", () => { desk.correcting = place; placeError(place, null); render(desk.state); });
    acts.push(fix);
  }
  if (m.sides.length === 2 && !m.result && !desk.state.closed) {
    if (round.published) {
      // announced for a time (empty: now); the laws' time to report counts from it (ICF 143 i)
      const at = el("input", { type: "time", class: "announce-at", "data-draft": `at:${key}`, "aria-label": t("Time of the announcement of table {table}", { table: m.table }) });
      const ann = el("button", { type: "button", class: "announce" }, m.announced ? t("Announce again") : t("Announce"));
      ann.addEventListener("click", async () => {
        if (await step("announce", { round: m.round, table: m.table, ...(at.value ? { at: todayAt(at.value) } : {}) }, place)) delete desk.drafts[`at:${key}`];
      });
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
          step("walkover", { round: m.round, table: m.table, present: i + 1, replacing: null }, place);  // on no result
        });
        acts.push(b);
      });
    }
  }
  if (m.tablet_result && m.result && typable) {  // the tablet finished after the desk typed, with other games
    const shown = (g) => g.map((x) => x.join("–")).join("  ");
    const take = el("button", { type: "button", class: "take-tablet" }, t("Take the tablet's result"));
    take.addEventListener("click", () => step("result", { round: m.round, table: m.table, games: shown(m.tablet_result).replaceAll("–", "-"),
      competitors: m.competitors, replacing: m.result.games }, place));
    acts.push(el("div", { class: "place-error error tablet-differs", role: "alert" },
      [t("The umpire's tablet finished at {games}; the result typed here stands", { games: shown(m.tablet_result) }), " ", take]));
  }
  cells.push(el("td", {}, [resultText(m), " ", announcedText(m), " ", rubbersSoFar(m)]));
  cells.push(el("td", { class: "actions" }, acts, errorAt(place)));
  const links = [];
  if (m.umpire) links.push(el("a", { href: m.umpire, target: "_blank", class: "umpire-link" }, t("Umpire's tablet")));
  for (const r of m.rubbers || []) {  // a team tie: a tablet each rubber, the toss asked on each
    links.push(el("div", { class: "rubber" }, [el("a", { href: r.umpire, target: "_blank", class: "umpire-link rubber-link" },
      t("Rubber {n}: {one} – {two}", { n: r.rubber, one: r.sides[0].join(" & "), two: r.sides[1].join(" & ") }))]));
  }
  if (m.lineup && !desk.state.closed) links.push(lineupEditor(m));
  if (m.umpire && !m.toss && !m.result) {  // the toss taken at the desk (ICF 39): the tablet then opens without asking
    const who = el("select", { class: "toss-winner", "data-draft": `toss-winner:${key}`, "aria-label": t("Toss won by") }, m.sides.map((names, i) => el("option", { value: String(i + 1) }, names.join(" & "))));
    const what = el("select", { class: "toss-choice", "data-draft": `toss-choice:${key}`, "aria-label": t("Chose") }, [el("option", { value: "break" }, t("the break")), el("option", { value: "side" }, t("a side"))]);
    const go = el("button", { type: "button", class: "toss" }, t("Toss"));
    go.addEventListener("click", () => step("toss", { round: m.round, table: m.table, winner: Number(who.value), choice: what.value }, place));
    links.push(el("div", { class: "toss-row" }, [who, what, go]));
  }
  if (m.scoreboard) links.push(" ", el("a", { href: m.scoreboard, target: "_blank" }, t("Scoreboard")));
  cells.push(el("td", {}, links));
  return el("tr", { "data-table": String(m.table) }, cells);
}

// what is being typed survives the re-drawing: each draft put back in its field, the field being typed in focused
// again with its caret where it was, a line-up left open stays open
function keepTyping(draw) {
  const active = document.activeElement?.dataset?.draft;
  const caret = active && "selectionStart" in document.activeElement
    ? [document.activeElement.selectionStart, document.activeElement.selectionEnd] : null;
  draw();
  for (const field of document.querySelectorAll("#rounds [data-draft]")) {
    const draft = desk.drafts[field.dataset.draft];
    if (draft !== undefined) field.value = draft;
    if (field.dataset.draft === active) {
      field.focus();
      if (caret && caret[0] !== null) try { field.setSelectionRange(...caret); } catch { /* a field without a caret */ }
    }
  }
}

function render(state) {
  keepTyping(() => draw(state));
}

function draw(state) {
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
      up.addEventListener("click", () => step("decide", { protest: p.protest, upheld: true }, `protest-${p.protest}`));
      const no = el("button", { type: "button", class: "reject" }, t("Reject (the result stands)"));
      no.addEventListener("click", () => step("decide", { protest: p.protest, upheld: false }, `protest-${p.protest}`));
      acts.push(up, no);
    }
    const left = p.time_left === null ? ({ upheld: t("upheld"), rejected: t("rejected") })[p.state] || p.state : p.time_left >= 0
      ? t("{time} left to decide (ICF 151 c)", { time: minutes(p.time_left) }) : t("{time} late (ICF 151 c)", { time: minutes(p.time_left) });
    return el("tr", { class: "protest" }, [el("td", {}, t("Round {round}, table {table}", p)),
      el("td", {}, t("by {names}, game {game}", { names: p.by_names.join(" & "), game: p.game })),
      el("td", { class: "time-left" }, left), el("td", {}, acts, errorAt(`protest-${p.protest}`))]);
  }))]) : el("p", {}, t("No protests.")));
  fill("standings", standingsTable(state.standings));
  fill("competitors", el("ul", {}, state.competitors.map((c) => {
    const li = el("li", {}, [`${c.id}. ${c.players.join(" & ")} `]);
    const id = `withdraw-${c.id}`, place = `competitor-${c.id}`;
    if (c.retired_from) {
      li.append(el("span", { class: "tag" }, t("withdrawn from round {n}", { n: c.retired_from })));
      if (!state.closed) {  // undone while no round from it on is paired (tournament.reinstate)
        const u = el("button", { type: "button", class: "reinstate" }, t("Undo withdrawal"));
        u.addEventListener("click", () => step("reinstate", { competitor: String(c.id) }, place));
        li.append(" ", u, errorAt(place) || "");
      }
    } else if (!state.closed) {  // two clicks, as a walkover: the first asks, the second withdraws
      const confirming = desk.confirming === id;
      const b = el("button", { type: "button", class: confirming ? "withdraw confirm" : "withdraw" },
        confirming ? t("Confirm: withdraw {names}", { names: c.players.join(" & ") }) : t("Withdraw"));
      b.addEventListener("click", () => {
        if (desk.confirming !== id) { desk.confirming = id; render(desk.state); return; }
        desk.confirming = null;
        step("retire", { competitor: String(c.id) }, place);
      });
      li.append(b, errorAt(place) || "");
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

// every change to a round's field is a draft until it is saved: the live updates put it back
for (const kind of ["input", "change"]) {
  $("rounds").addEventListener(kind, (ev) => { if (ev.target.dataset.draft) desk.drafts[ev.target.dataset.draft] = ev.target.value; });
}
$("rounds").addEventListener("toggle", (ev) => {
  const k = ev.target.dataset?.open;
  if (k) { if (ev.target.open) desk.opened.add(k); else desk.opened.delete(k); }
}, true);

if (eventId) {
  const key = keyOf(eventId);
  if (key) remember(eventId, key);
  $("event").hidden = false;
  $("pair").addEventListener("click", () => step("pair"));
  $("publish").addEventListener("click", () => step("publish"));
  $("undo").addEventListener("click", () => step("undo"));  // each refused beside its button (its id, the place)
  $("print").addEventListener("click", () => {
    window.open(`/api/desk/${eventId}/print/${$("print-what").value}.pdf?lang=${language()}&key=${encodeURIComponent(keyOf(eventId))}`, "_blank");
  });
  $("swap-form").addEventListener("submit", (ev) => { ev.preventDefault(); const f = new FormData(ev.target); step("swap", { a: f.get("a"), b: f.get("b") }, "swap-form"); });
  $("add-form").addEventListener("submit", (ev) => { ev.preventDefault(); step("add", { players: [new FormData(ev.target).get("player")] }, "add-form"); });
  $("close-form").addEventListener("submit", (ev) => { ev.preventDefault(); step("close", { rating: new FormData(ev.target).get("rating") || null }, "close-form"); });
  $("lodge-form").addEventListener("submit", (ev) => {
    ev.preventDefault();
    const f = new FormData(ev.target);
    step("lodge", { round: Number(f.get("round")), table: Number(f.get("table")), by: f.get("by"), game: Number(f.get("game")),
      minutes_since_game: Number(f.get("minutes") || 0), oral: f.get("oral") === "on", fee: f.get("oral") === "on" }, "lodge-form");
  });
  await load();
  // the tablets' results (and other desks') come in, merged: what is being typed stays (keepTyping)
  setInterval(() => { if (!desk.busy && !desk.confirming) load(); }, 10000);
  desk.ready = true;
} else {
  $("create").hidden = false;
  desk.ready = true;
}
