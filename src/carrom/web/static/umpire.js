// The tablet umpire: set a match up, then enter each stroke with buttons. The buttons only write the
// terminal assistant's notation (docs/umpire.md); the server's session rules on it and saves it.
import { language, said, t } from "./i18n.js";
import { el, fill, follow, scoreCard, boardFacts, boardsTable, logList, entryOf, promptOf, ruled, whoIs } from "./umpire-view.js";

const MINE = "carrom-umpire-matches"; // id -> {key, title}: the matches this tablet umpires
const umpire = (window.umpire = { state: null, busy: false, options: null, taps: [], tapsOn: null, canEnter: false,
  sentBy: null, shownAt: 0 });
// A second tap on the same button, with no other tap between, is the same finger again (a double tap) when it comes
// within DOUBLE ms of the first (Android's double-tap time) or within SEEN ms of the first one's answer shown (sooner
// than anyone reacts to what a screen shows): it is sent against the state the first tap was made on, and the server
// refuses it. Any later tap was made on the answer: a deliberate entry (a second coin placed, ICF 78-84).
const DOUBLE = 300, SEEN = 150;
const $ = (id) => document.getElementById(id);

const matchId = location.pathname.split("/").filter(Boolean)[1] || null;

function mine() {
  try { return JSON.parse(localStorage.getItem(MINE) || "{}"); } catch { return {}; }
}
function remember(id, key, title) {
  const all = mine();
  all[id] = { key, title, at: new Date().toISOString() };
  localStorage.setItem(MINE, JSON.stringify(all));
}
function keyOf(id) {
  const m = location.hash.match(/key=([^&]+)/);
  return m ? decodeURIComponent(m[1]) : (mine()[id] || {}).key || null;
}

function showError(text) {
  const e = $("error");
  e.textContent = text || "";
  e.hidden = !text;
}

// A refusal of an entry, said beside the pad where the thumb is (its slot keeps its height: the pad does not move).
function refuse(text) {
  fill("refusal", text || "");
}

// The notation's refusals a button can cause, said in the buttons' words (the terminal's are about its letters).
const IN_BUTTON_WORDS = {
  "'x' says the striker touched no piece, '-' that it touched one: write only one of them":
    () => t("“Touched nothing” and “Nothing in” cannot both be true: tap only one of them"),
  "'-' means nothing went in, but pieces are listed too":
    () => t("“Nothing in” is for a stroke that pocketed nothing, but pieces were tapped: tap Enter stroke instead"),
  "'x' means the striker touched no piece, yet pieces went in":
    () => t("“Touched nothing” was tapped, yet pieces went in: take one of them back (⌫)"),
  "'x' means the striker touched no piece, yet pieces left the board":
    () => t("“Touched nothing” was tapped, yet pieces left the board: take one of them back (⌫)"),
  "there is only one queen": () => t("the queen was tapped twice: there is only one queen (⌫ takes a tap back)"),
  "empty stroke": () => t("nothing tapped: tap what went in, then Enter stroke, or tap Nothing in"),
};

function refusalWords(body) {
  const id = body && body.refusal && body.refusal.id;
  return id && IN_BUTTON_WORDS[id] ? IN_BUTTON_WORDS[id]() : body.error;
}

async function call(url, options = {}) {
  const r = await fetch(url, options);
  let body = null;
  try { body = await r.json(); } catch { body = { error: t("the server answered {status}", { status: r.status }) }; }
  if (!r.ok && body && body.refusal) body.error = said(body.refusal);  // a refusal worded as a message, in the reader's words
  return { ok: r.ok, status: r.status, body };
}

// -- setting a match up ------------------------------------------------------------------------

const SEATS = { singles: ["south", "north"], doubles: ["south", "east", "north", "west"] };
const SEAT_WORDS = { south: t("south"), east: t("east"), north: t("north"), west: t("west") };

function options(select, values, chosen, words = {}) {
  select.replaceChildren(...values.map((v) => el("option", { value: v, selected: v === chosen }, words[v] || v)));
}

function seatsChanged() {
  const kind = document.querySelector("input[name=kind]:checked").value;
  const seats = SEATS[kind];
  const old = Object.fromEntries([...document.querySelectorAll("#players input")].map((i) => [i.name, i.value]));
  fill("players", seats.map((s) => el("tr", {},
    el("th", {}, SEAT_WORDS[s]),
    el("td", {}, el("input", { name: `name-${s}`, placeholder: t("name"), required: true, value: old[`name-${s}`] || "",
      "aria-label": t("{seat} player's name", { seat: SEAT_WORDS[s] }) })),
    el("td", {}, el("input", { name: `team-${s}`, placeholder: t("team or club"), value: old[`team-${s}`] || "",
      "aria-label": t("{seat} player's team", { seat: SEAT_WORDS[s] }) })))));
  options($("toss-winner"), seats, seats[0], SEAT_WORDS);
  options($("first-breaker"), seats, seats[0], SEAT_WORDS);
}

function headerOf(form) {
  const f = new FormData(form);
  const kind = f.get("kind");
  const players = {};
  for (const s of SEATS[kind]) {
    players[s] = { name: f.get(`name-${s}`).trim() };
    if (f.get(`team-${s}`).trim()) players[s].team = f.get(`team-${s}`).trim();
  }
  const event = {};
  for (const k of ["tournament", "event", "round", "match", "date", "time", "venue", "table", "umpire", "chief_umpire"]) {
    const v = (f.get(k) || "").trim();
    if (v) event[k] = v;
  }
  return { variant: f.get("variant"), kind, stage: f.get("stage") || "early", players, event,
    first_breaker: f.get("first_breaker"), toss: { winner: f.get("toss_winner"), choice: f.get("toss_choice") } };
}

async function opened(r) {
  if (!r.ok) { showError(r.body.error); return; }
  remember(r.body.id, r.body.key, r.body.state.title);
  sessionStorage.setItem("carrom-umpire-new", r.body.id);
  location.href = r.body.umpire;
}

function setup() {
  $("setup").hidden = false;
  // the rules and the stages from the referee's tables (their names in the reader's language); a ruleset whose
  // rounds are all alike offers no stage (001 §3.7 e, §3.8 c)
  const rulesets = Object.fromEntries(umpire.options.rulesets.map((r) => [r.name, r]));
  options($("variant"), Object.keys(rulesets), "icf", Object.fromEntries(umpire.options.rulesets.map((r) => [r.name, t(r.words)])));
  const stageWords = Object.fromEntries(umpire.options.stages.map((s) => [s.name, t(s.words)]));
  const stagesChanged = () => {
    // the setup's laws as the rules chosen cite them (001 §3.1 b, §3.3 under fr-official)
    for (const span of document.querySelectorAll("#setup [data-laws]")) {
      span.textContent = `(${lawUnder(rulesNamed($("variant").value), ...span.dataset.laws.split("|"))})`;
    }
    const offered = rulesets[$("variant").value].stages;
    options($("stage"), offered, offered.includes($("stage").value) ? $("stage").value : offered[0], stageWords);
    $("stage").closest("label").hidden = offered.length < 2;
  };
  $("variant").addEventListener("change", stagesChanged);
  stagesChanged();
  for (const r of document.querySelectorAll("input[name=kind]")) r.addEventListener("change", seatsChanged);
  seatsChanged();
  const now = new Date();
  const pad = (n) => String(n).padStart(2, "0");
  document.querySelector("input[name=date]").value = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
  document.querySelector("input[name=time]").value = `${pad(now.getHours())}:${pad(now.getMinutes())}`;
  $("new-match").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    showError("");
    await opened(await call("/api/umpire", { method: "POST", headers: { "Content-Type": "application/json" },
      body: JSON.stringify(headerOf(ev.target)) }));
  });
  $("import").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const file = $("import-file").files[0];
    if (!file) { showError(t("choose the record file (.json) first")); return; }
    await opened(await call("/api/umpire/import", { method: "POST", headers: { "Content-Type": "application/json" },
      body: await file.text() }));
  });
  const list = Object.entries(mine()).sort((a, b) => (b[1].at || "").localeCompare(a[1].at || ""));
  $("mine").hidden = !list.length;
  fill("mine-list", list.map(([id, m]) => el("li", {}, el("a", { href: `/umpire/${id}#key=${encodeURIComponent(m.key)}` },
    m.title || id))));
}

// -- the stroke pad: taps become the notation ---------------------------------------------------

function strokeLine(nothing = false) {
  const pocket = umpire.taps.filter((t) => t.pocket).map((t) => t.pocket).join("");
  const off = umpire.taps.filter((t) => t.off).map((t) => t.off).join("");
  const x = umpire.taps.some((t) => t.x);
  const parts = [];
  const head = (x ? "x" : "") + pocket;
  if (nothing) parts.push("-");
  if (head) parts.push(head);
  if (off) parts.push(`o:${off}`);
  for (const t of umpire.taps) if ("foul" in t) parts.push(t.foul ? `f:${t.foul}` : "f");
  return parts.join(" ");
}

// a stroke's taps are made on the state shown at its first tap, and sent with that state's revision
function tapped(t) {
  if (!umpire.taps.length) umpire.tapsOn = umpire.state.revision;
  umpire.taps.push(t);
  showLine();
}

// the taps of a stroke not sent: gone with a refusal, and with any change of the record this tablet did not make
// (sent on the new state they would enter the stroke twice, or a stroke nobody saw)
function dropTaps() {
  umpire.taps = [];
  umpire.tapsOn = null;
}

function showLine() {
  const line = strokeLine();
  $("line").textContent = line || "—";
  $("enter").disabled = !line || !umpire.canEnter;
  $("touched-nothing").setAttribute("aria-pressed", String(umpire.taps.some((t) => t.x)));
}

// -- dialogs: confirmations and choices, big enough for a finger --------------------------------

function ask(title, text, choices, input = null, cancel = t("Cancel")) {
  const dialog = $("dialog");
  fill("dialog-title", title);
  $("dialog-cancel").textContent = cancel;
  fill("dialog-text", text || "");
  const body = [];
  let field = null;
  if (input) {
    field = el(input.multiline ? "textarea" : "input", { id: "dialog-input", type: input.type || "text", rows: 3,
      "aria-label": title, min: input.min, value: input.value ?? "" });
    body.push(field);
  }
  body.push(...choices.map((c) => el("button", { value: c.value, class: `big ${c.cls || ""}`, "data-choice": c.value }, c.label)));
  fill("dialog-body", body);
  dialog.returnValue = "cancel";
  dialog.showModal();
  return new Promise((resolve) => {
    dialog.addEventListener("close", () => {
      const v = dialog.returnValue;
      resolve(v === "cancel" || !v ? null : { choice: v, text: field ? field.value.trim() : "" });
    }, { once: true });
  });
}

// The laws a label names, as the match's rules cite them: the ruleset's own text where it has the law (the server's
// table, carrom.rules.RuleSet.cites), ICF's elsewhere; the page holds no table of its own.
function rulesNamed(name) {
  return umpire.options.rulesets.find((r) => r.name === name) || { cites: {}, concede: {} };
}
const rulesNow = () => rulesNamed(umpire.state.header.variant);
// several laws of one text as the laws cite them: "ICF 46, 50, 88 a", "001 §3.5 d, §4 p"
const lawUnder = (rules, ...icf) => [...new Set(icf.map((l) => rules.cites[l] || l))]
  .map((l, k, all) => (k && all[k - 1].split(" ")[0] === l.split(" ")[0] ? l.slice(l.indexOf(" ") + 1) : l)).join(", ");
const law = (...icf) => lawUnder(rulesNow(), ...icf);

function actor() {
  return umpire.state ? whoIs(umpire.state, umpire.state.state.seat) : "";
}

// -- entering and showing ----------------------------------------------------------------------

function render(msg, lines = null) {
  if (!umpire.state || msg.revision !== umpire.state.revision) umpire.shownAt = performance.now();
  umpire.state = msg;
  document.title = t("umpire · {title}", { title: msg.title });
  fill("title", msg.title);
  fill("score", scoreCard(msg));
  fill("prompt", msg.state.over ? t("Match over: Undo and Comment… still work") : promptOf(msg));
  fill("facts", boardFacts(msg, law));
  fill("log", logList(msg));
  fill("boards", boardsTable(msg));
  const shown = lines || (msg.log[0] ? msg.log[0].said || msg.log[0] : { lines: [] }).lines;
  fill("ruling", ruled(shown, "p"));
  $("links").hidden = false;
  $("link-scoreboard").href = msg.links.scoreboard;
  for (const where of ["link", "end"]) {
    $(`${where}-record`).href = msg.links.record;
    // the scorecard in the tablet's language (the form of ICF XIX in each law text's own words)
    for (const fmt of ["html", "pdf", "csv"]) $(`${where}-${fmt}`).href = `${msg.links[`scorecard_${fmt}`]}?lang=${language()}`;
  }
  $("end").hidden = !msg.state.over;
  $("bell").hidden = msg.header.variant !== "timed";
  $("clock").disabled = !msg.clock;
  const placing = msg.state.to_act === "place";
  for (const id of ["place", "place-white", "place-black", "waive"]) $(id).classList.toggle("due", placing);
  $("pad").classList.toggle("over", msg.state.over);
  showLine();
}

async function refresh() {
  const r = await call(`/api/umpire/${matchId}`);
  if (!r.ok) throw new Error(r.body.error);
  render(r.body);
  return r.body;
}

let reconnecting = null;

function reconnect() {
  if (reconnecting) return;
  showError(t("The connection dropped: the last entry may not have arrived. Reconnecting…"));
  reconnecting = setInterval(async () => {
    try {
      const msg = await refresh();
      clearInterval(reconnecting);
      reconnecting = null;
      const last = msg.log[0] ? `«${entryOf(msg.log[0])}»` : t("none");
      showError(t("Reconnected. The record holds {n} entries; the last is {last}. If the stroke you entered is not there, enter it again.",
        { n: msg.entries, last }));
    } catch { /* still offline: try again */ }
  }, 1500);
}

// the revision a tap on ``button`` was made on: the one before the answer now shown when it is the same finger again
function madeOn(button) {
  const by = umpire.sentBy, now = performance.now();
  const again = by && button && by.button === button && by.revision === umpire.state.revision
    && (now - by.tappedAt < DOUBLE || now - umpire.shownAt < SEEN);
  if (again) return by.from;
  return umpire.taps.length ? umpire.tapsOn : umpire.state.revision;
}

async function send(line, button = null) {
  if (umpire.busy || !umpire.canEnter || !line) return;
  umpire.busy = true;
  document.body.classList.add("busy");
  const from = madeOn(button), tappedAt = performance.now();
  let r;
  try {
    r = await call(`/api/umpire/${matchId}/entries`, { method: "POST",
      headers: { "Content-Type": "application/json", "X-Umpire-Key": keyOf(matchId) },
      body: JSON.stringify({ line, revision: from }) });
  } catch {
    r = null;  // only the request itself failing means the connection dropped
  } finally {
    umpire.busy = false;
    document.body.classList.remove("busy");
  }
  if (r === null) return reconnect();
  if (r.ok) {
    showError("");
    refuse("");
    dropTaps();
    render(r.body.state, r.body.help ? [] : r.body.said || r.body.lines);  // said: the ruling (a refusal's is refusal)
    umpire.sentBy = { button, from, revision: r.body.state.revision, tappedAt };
    if (r.body.help) help();  // "?": the notation in the reader's language
  } else {
    // refused: nothing entered, and its taps go (kept, they were added to the next stroke); what was refused is said
    const taps = umpire.taps.length;
    dropTaps();
    if (r.status === 409) await refresh();
    const stale = r.body.kind === "stale" && umpire.state.log[0];
    refuse([refusalWords(r.body), stale ? otherTablet(umpire.state.log[0]) : taps ? t("«{line}» was not entered: its taps were cleared.", { line }) : ""]
      .filter(Boolean).reduce((said, more) => `${said}${/[.!?)]$/.test(said) ? "" : "."} ${more}`));
    showLine();
  }
}

// An entry that ends a board, a game or the match is sent only once the umpire says yes (nothing irreversible
// on one tap; Undo still takes it back).
async function confirmed(title, text, yes) {
  const c = await ask(title, text, [{ label: yes, value: "confirm", cls: "danger" }]);
  return Boolean(c);
}

async function concede() {
  const what = { board: t("the board"), game: t("the game"), match: t("the match") };
  const c = await ask(t("Concede"), t("{actor}'s side gives up. What?", { actor: actor() }),
    ["board", "game", "match"].map((w) => ({ label: `${what[w]} (${rulesNow().concede[w]})`, value: w, cls: "danger" })));
  if (!c) return;
  const ends = { board: t("This ends the board: the other side wins it."), game: t("This ends the game: the other side wins it."),
    match: t("This ends the match: the other side wins it.") };
  if (await confirmed(t("Concede {what}?", { what: what[c.choice] }), ends[c.choice], t("Yes: concede {what}", { what: what[c.choice] }))) {
    await send(`concede ${c.choice}`);
  }
}

// the bell of the timed game: a board begun is played out, none starts after it (004 law 40)
async function bell() {
  const c = await ask(t("Bell"), t("Time is up ({law}). Had \"Play\" been called for this board?", { law: law("004 law 40") }),
    [{ label: t("Yes: the board is played out"), value: "begun" }, { label: t("Not yet: no board starts"), value: "waiting" }]);
  if (c) await send(`time ${c.choice}`, "bell");
}

// the chair a player sits in now (ICF 58-60 move them): what the notation names him by at the table
function chairOf(seat) {
  const found = (umpire.state.seating || { chairs: [] }).chairs.find((c) => c.seat === seat);
  return found ? found.chair : seat;
}

// every player as a choice, by where he sits now
function players() {
  return Object.keys(umpire.state.header.players).map((s) => ({ label: whoIs(umpire.state, s), value: chairOf(s) }));
}

// who broke the law: every breach names its offender, the referee checks it against the law (ICF 63 b)
async function offender(title) {
  const o = await ask(title, t("Who broke the law?"), players());
  return o && o.choice;
}

// a player named by the chair he sits in now, as the choices above give it
const whoSits = (chair) => whoIs(umpire.state, (umpire.state.seating || { chairs: [] }).chairs.find((c) => c.chair === chair)?.seat || chair);

async function forfeit() {
  const laws = [["ICF 51", t("struck out of turn ({law})", { law: law("ICF 51") })],
    ["ICF 91", t("left the chair in own or partner's turn ({law})", { law: law("ICF 91") })],
    ["ICF 121 b", t("played on before \"Play\" ({law})", { law: law("ICF 121 b") })],
    ["ICF 126 b", t("disturbed the board beyond repair ({law})", { law: law("ICF 126 b") })]];
  const c = await ask(t("Forfeit the board"), t("A player loses the board for his side for a breach the laws punish so. Which law?"),
    laws.map(([v, label]) => ({ label, value: v, cls: "danger" })));
  if (!c) return;
  const who = await offender(t("Forfeit the board"));
  // rules where rising from the chair costs a penalty coin rule the ICF 91 forfeit so (001 §3.11 p): the board goes on
  const coin = c.choice === "ICF 91" && rulesNow().chair === "penalty";
  const told = coin ? t("{actor} rose from the chair in his turn: one penalty coin, the board goes on ({law}).",
    { actor: whoSits(who), law: law(c.choice) })
    : t("{actor}'s side loses the board ({law}). This ends the board.", { actor: whoSits(who), law: law(c.choice) });
  if (who && await confirmed(t("Forfeit the board"), told, coin ? t("Yes: enter it") : t("Yes: the board is lost"))) {
    await send(`forfeit ${who} ${c.choice}`);
  }
}

async function declare() {
  const c = await ask(t("Declare"), t("A declaration the referee knows:"),
    umpire.options.declarations.map((d) => ({ label: `${t(d.words)} (${law(d.law)})`, value: d.word })));
  if (!c) return;
  if (c.choice === "extra") {
    const n = await ask(t("Extra points ({law})", { law: law("ICF 87 b") }), t("How many extra points are claimed?"), [{ label: t("Claim"), value: "ok", cls: "primary" }],
      { type: "number", min: 0, value: "" });
    if (n) await send(n.text ? `declare extra ${n.text}` : "declare extra");
  } else if (c.choice === "toss") {
    const w = await ask(t("The tie-break toss ({law})", { law: law("ICF 56 b") }), t("Who won the toss?"), players());
    if (w) await send(`declare toss ${w.choice}`);
  } else {
    const breach = umpire.options.breaches.includes(c.choice);
    const who = breach ? await offender(t("Declare")) : null;
    if (breach && !who) return;
    const d = umpire.options.declarations.find((x) => x.word === c.choice);
    const ending = ENDING[c.choice];
    if (ending && !(await confirmed(`${t(d.words)} (${law(d.law)})`, ending(who && whoSits(who), law(d.law)),
      t("Yes: enter it")))) return;
    await send(who ? `declare ${c.choice} ${who}` : `declare ${c.choice}`);
  }
}

// the declarations that end a board, a game or the match, and what the umpire is told before saying yes (with the
// declaration's law as the match's rules cite it)
const ENDING = {
  replay: (who, cited) => t("The board is annulled and played again from the break ({law}).", { law: cited }),
  "no-room": (who, cited) => t("The board is annulled and played again from the break ({law}).", { law: cited }),
  absent: (who, cited) => t("{actor} left the board: his side loses the match ({law}).", { actor: who, law: cited }),
  stopped: (who, cited) => t("{actor} stopped the match without leave: his side loses the match ({law}).",
    { actor: who, law: cited }),
  late: (who, cited) => t("{actor} arrived late: his side loses the game 25–0 ({law}).", { actor: who, law: cited }),
};

async function comment() {
  const c = await ask(t("Umpire's comment"), t("A remark for the scorecard ({law}).", { law: law("ICF XIX") }), [{ label: t("Add"), value: "ok", cls: "primary" }],
    { multiline: true });
  if (c && c.text) await send(`comment ${c.text}`);
}

// What each button of the pad does, in the buttons' own words (each label read from the page, so in its language)
const BUTTON_HELP = {
  "[data-pocket=w]": () => t("a white went in; tap each piece in the order they went in"),
  "[data-pocket=b]": () => t("a black went in"),
  "[data-pocket=q]": () => t("the queen went in ({law})", { law: law("ICF 92") }),
  "[data-pocket=s]": () => t("the striker went in: a due ({law})", { law: law("ICF 72") }),
  "[data-off=w]": () => t("a white left the board ({law})", { law: law("ICF 65") }),
  "[data-off=b]": () => t("a black left the board ({law})", { law: law("ICF 65") }),
  "[data-off=q]": () => t("the queen left the board ({law})", { law: law("ICF 65") }),
  "#touched-nothing": () => t("the striker touched no piece ({law}); tap again to take it back",
    { law: law("ICF 45", "ICF 137") }),
  "#foul": () => t("a foul you call, named or not ({law})", { law: law("ICF 63", "ICF 64") }),
  "#back": () => t("takes back the last tap"),
  "#clear": () => t("takes back every tap of this stroke"),
  "#undo": () => t("takes back the last entry, whatever it was"),
  "#nothing": () => t("a stroke that touched a piece and pocketed nothing: the turn passes"),
  "#enter": () => t("the stroke tapped above, for the player in turn: the referee rules on it"),
  "#place": () => t("the coin owed is placed ({law})", { law: law("ICF 78", "ICF 84") }),
  "#place-white": () => t("places a white, when the colour must be said"),
  "#place-black": () => t("places a black, when the colour must be said"),
  "#waive": () => t("the side gives up placing the coins owed ({law})", { law: law("ICF 80", "ICF 87 a") }),
  "#declare": () => t("a breach or an event the laws name: asks which and who"),
  "#concede": () => t("the side in turn gives up the board, the game or the match ({law}): asks first",
    { law: [...new Set(Object.values(rulesNow().concede))].join(", ") }),
  "#forfeit": () => t("a player loses the board for his side ({law}): asks which law, who, then yes",
    { law: law("ICF 51", "ICF 91", "ICF 121 b", "ICF 126 b") }),
  "#clock": () => t("the 15 seconds ran out for whoever the laws wait for ({law}): asks first",
    { law: law("ICF 46", "ICF 50", "ICF 88 a") }),
  "#bell": () => t("the bell of the timed game ({law})", { law: law("004 law 40") }),
  "#comment": () => t("a remark for the scorecard"),
  "#help": () => t("this help"),
};

function help() {
  const closed = ask(t("Help"), t("What each button does:"), [], null, t("Close"));
  const rows = Object.entries(BUTTON_HELP).filter(([sel]) => !document.querySelector(sel).hidden).map(([sel, what]) =>
    el("tr", {}, el("th", {}, document.querySelector(sel).textContent.trim()), el("td", {}, what())));
  fill("dialog-body", el("table", { class: "help-map", id: "help-map" }, el("tbody", {}, rows)),
    el("details", { class: "help" }, el("summary", {}, t("The terminal assistant's notation, which the buttons write")),
      el("pre", { class: "help" }, umpire.options.help)));
  return closed;
}

// the laws' 15 seconds ran out (ICF 46 the break, 50 a stroke, 88 a placing): for whom and for what the server says
async function clock() {
  const c = umpire.state.clock;
  if (!c) { refuse(t("no clock runs now: nothing the laws time is awaited")); return; }
  const what = { break: t("to break"), stroke: t("to strike"), place: t("to place the coin owed") };
  if (await confirmed(t("15 seconds up ({law})", { law: c.law }),
    t("{actor} took more than 15 seconds {what}: the referee rules the time foul.", { actor: whoIs(umpire.state, c.seat), what: what[c.what] }),
    t("Yes: time is up"))) {
    await send(`clock ${c.what}`, "clock");
  }
}

function foulPicker() {
  // each foul in the page's words with its law as the match's rules cite it (the code is only what is sent)
  ask(t("Foul"), t("Which foul? ({law})", { law: law("ICF 63", "ICF 64") }), [{ label: t("a foul (unnamed)"), value: "-" },
    ...umpire.options.fouls.filter((f) => f.code !== "foul").map((f) => ({ label: `${t(f.words)} · ${law(f.law)}`,
      value: f.code }))])
    .then((c) => { if (c) tapped({ foul: c.choice === "-" ? "" : c.choice }); });
}

function wirePad() {
  for (const b of document.querySelectorAll("[data-pocket]")) b.addEventListener("click", () => tapped({ pocket: b.dataset.pocket }));
  for (const b of document.querySelectorAll("[data-off]")) b.addEventListener("click", () => tapped({ off: b.dataset.off }));
  $("touched-nothing").addEventListener("click", () => {
    if (umpire.taps.some((t) => t.x)) { umpire.taps = umpire.taps.filter((t) => !t.x); showLine(); } else tapped({ x: true });
  });
  $("foul").addEventListener("click", foulPicker);
  $("back").addEventListener("click", () => { umpire.taps.pop(); refuse(""); showLine(); });
  $("clear").addEventListener("click", () => { dropTaps(); refuse(""); showLine(); });
  $("enter").addEventListener("click", () => send(strokeLine(), "enter"));
  $("nothing").addEventListener("click", () => send(strokeLine(true), "nothing"));
  const plain = { place: "place", "place-white": "place white", "place-black": "place black", waive: "place waive",
    undo: "undo" };
  for (const [id, line] of Object.entries(plain)) $(id).addEventListener("click", () => send(line, id));
  // any other tap between two taps of one button makes the second a new entry, not the same finger again
  document.addEventListener("click", (ev) => {
    const b = ev.target.closest("button");
    if (umpire.sentBy && (!b || b.id !== umpire.sentBy.button)) umpire.sentBy = null;
  }, true);
  $("bell").addEventListener("click", bell);
  $("clock").addEventListener("click", clock);
  $("concede").addEventListener("click", concede);
  $("forfeit").addEventListener("click", forfeit);
  $("declare").addEventListener("click", declare);
  $("comment").addEventListener("click", comment);
  $("help").addEventListener("click", help);
}

// the record changed by someone else (another tablet with this link, or the answer a dropped connection lost):
// shown, and a stroke half tapped here is dropped, said beside the pad with what was entered instead
function moved(msg) {
  const half = umpire.taps.length;
  dropTaps();
  umpire.sentBy = null;
  render(msg);
  if (half) refuse(otherTablet(msg.log[0]));
}
const otherTablet = (entry) => t("Another tablet entered «{entry}»: this stroke's taps were cleared; tap it again if it is still to enter.",
  { entry: entry ? entryOf(entry) : "" });

async function scoring() {
  $("match").hidden = false;
  wirePad();
  try {
    await refresh();
  } catch (e) {
    showError(String(e.message || e));
    return;
  }
  const key = keyOf(matchId);
  const check = key ? await call(`/api/umpire/${matchId}/key`, { headers: { "X-Umpire-Key": key } }) : { ok: false };
  umpire.canEnter = check.ok;
  if (check.ok) {
    remember(matchId, key, umpire.state.title);
  } else {
    $("pad").hidden = true;
    showError((check.body && check.body.error) || t("This link does not hold the umpire's key: it can only watch. The scoreboard link shows the match live."));
  }
  // entries from another tablet with this link, or the answer a dropped connection lost, arrive here too
  follow(matchId, (msg) => { if (!umpire.busy && msg.revision > umpire.state.revision) moved(msg); }, () => {});
  if (sessionStorage.getItem("carrom-umpire-new") === matchId) {
    sessionStorage.removeItem("carrom-umpire-new");
    $("started").hidden = false;
    $("scoreboard-url").value = new URL(umpire.state.links.scoreboard, location.href).href;
  }
  showLine();
}

async function main() {
  const r = await call(`/api/umpire/options?lang=${language()}`);
  umpire.options = r.body;
  if (matchId) await scoring();
  else setup();
  umpire.ready = true;
}

main();
