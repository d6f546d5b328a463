// The live scoreboard: read-only, the state pushed by the server after every entry the umpire makes.
import { t } from "./i18n.js";
import { el, fill, follow, gamesList, promptOf, ruled, scoreCard, boardFacts, boardsTable, logList, spectatorEntryOf } from "./umpire-view.js";

const board = (window.scoreboard = { state: null, updates: 0, connected: false });
const matchId = location.pathname.split("/").filter(Boolean)[1];
// the event's fields as the scoreboard shows them: the value alone, or with its word ("table 3")
const EVENT_FIELDS = [["tournament", (v) => v], ["event", (v) => v], ["round", (v) => t("round {v}", { v })],
  ["table", (v) => t("table {v}", { v })], ["venue", (v) => v], ["umpire", (v) => t("umpire {v}", { v })]];

function render(msg) {
  board.state = msg;
  board.updates += 1;
  document.title = `${msg.state.game_points.join("–")} · ${msg.title}`;
  fill("title", msg.title);
  fill("score", scoreCard(msg));
  fill("prompt", promptOf(msg));
  fill("facts", boardFacts(msg));
  // spectators read the rulings, not the laws' glosses (the replay and the scorecard carry those)
  fill("ruling", msg.log[0] ? [el("p", { class: "entry" }, spectatorEntryOf(msg.log[0])), ...ruled((msg.log[0].said || msg.log[0]).lines, "p", false)] : []);
  fill("games", gamesList(msg));
  fill("boards", boardsTable(msg));
  fill("log", logList(msg, 8, false));
  const ev = msg.header.event;
  fill("event", EVENT_FIELDS.filter(([k]) => ev[k]).map(([k, shown]) => el("span", {}, shown(ev[k]))));
  for (const fmt of ["html", "pdf", "csv"]) document.getElementById(`link-${fmt}`).href = msg.links[`scorecard_${fmt}`];
  document.getElementById("link-record").href = msg.links.record;
  document.getElementById("link-replay").href = `/replay/umpire/${matchId}`;  // every entry again, with its rulings
}

function live(text, ok, error = false) {
  board.connected = ok;
  const node = document.getElementById(error ? "error" : "live");
  node.textContent = text;
  node.hidden = false;
  if (!error) node.classList.toggle("off", !ok);
}

follow(matchId, (msg) => { document.getElementById("error").hidden = true; render(msg); }, live);
