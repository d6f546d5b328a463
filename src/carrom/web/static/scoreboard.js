// The live scoreboard: read-only, the state pushed by the server after every entry the umpire makes.
import { el, fill, scoreCard, boardFacts, boardsTable, logList } from "./umpire-view.js";

const board = (window.scoreboard = { state: null, updates: 0, connected: false });
const matchId = location.pathname.split("/").filter(Boolean)[1];
const EVENT_FIELDS = [["tournament", ""], ["event", ""], ["round", "round "], ["table", "table "], ["venue", ""], ["umpire", "umpire "]];

function render(msg) {
  board.state = msg;
  board.updates += 1;
  document.title = `${msg.state.game_points.join("–")} · ${msg.title}`;
  fill("title", msg.title);
  fill("score", scoreCard(msg));
  fill("prompt", msg.prompt);
  fill("facts", boardFacts(msg));
  fill("ruling", msg.log[0] ? [el("p", { class: "entry" }, msg.log[0].entry), ...msg.log[0].lines.map((t) => el("p", {}, t))] : []);
  fill("boards", boardsTable(msg));
  fill("log", logList(msg, 8));
  const ev = msg.header.event;
  fill("event", EVENT_FIELDS.filter(([k]) => ev[k]).map(([k, label]) => el("span", {}, label + ev[k])));
  for (const fmt of ["html", "pdf", "csv"]) document.getElementById(`link-${fmt}`).href = msg.links[`scorecard_${fmt}`];
  document.getElementById("link-record").href = msg.links.record;
}

function live(text, ok) {
  board.connected = ok;
  const node = document.getElementById("live");
  node.textContent = text;
  node.classList.toggle("off", !ok);
}

let wait = 500;

function connect() {
  const proto = location.protocol === "https:" ? "wss" : "ws";
  const ws = new WebSocket(`${proto}://${location.host}/ws/umpire/${matchId}`);
  ws.onopen = () => { wait = 500; live("live", true); };
  ws.onmessage = (ev) => {
    const msg = JSON.parse(ev.data);
    if (msg.type === "state") { document.getElementById("error").hidden = true; render(msg); }
    else if (msg.type === "error") {
      const e = document.getElementById("error");
      e.textContent = msg.message;
      e.hidden = false;
    } else throw new Error(`unknown message ${msg.type}`);
  };
  ws.onclose = (ev) => {
    if (ev.code === 4404) { live("no such match", false); return; }
    live("reconnecting…", false);
    setTimeout(connect, wait);
    wait = Math.min(wait * 2, 10000);
  };
}

connect();
