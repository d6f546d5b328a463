// A table's tablet opened from the tournament: the toss first (ICF 39: who won it, the break or a side), as the
// umpire's own new match asks it, then the umpire's tablet with the scorecard's header and that toss. When the desk
// took the toss already, the page goes straight to the tablet. The umpire's key is the link's (#key=...).
import { said, t } from "./i18n.js";
import { el, fill } from "./umpire-view.js";

const [, eventId, , round, table] = location.pathname.split("/").filter(Boolean);
const key = decodeURIComponent((location.hash.match(/key=([^&]+)/) || [])[1] || "");
const rubber = Number(new URLSearchParams(location.search).get("rubber")) || 0;  // a team tie's rubber (1 up)
const api = `/api/desk/${eventId}/tablet/${round}/${table}`;
const query = rubber ? `?rubber=${rubber}` : "";
const page = (window.tossPage = { state: null, ready: false });

function showError(text) { const e = document.getElementById("error"); e.textContent = text; e.hidden = !text; }

// the toss's own refusal beside its button, kept until the next try (a reading's on top of the page)
function tossError(text) { const e = document.getElementById("toss-error"); e.textContent = text; e.hidden = !text; }

async function call(method, path, body, tell = showError) {
  tell("");
  let answer;
  try {
    answer = await fetch(path, { method, headers: { "Content-Type": "application/json", "X-Umpire-Key": key },
      body: body === undefined ? undefined : JSON.stringify(body) });
  } catch {  // no answer at all: the server is down or the network is
    tell(method === "GET" ? t("The server does not answer: reload the page when the connection is back")
      : t("Not saved: the server does not answer. Check the connection, then try again"));
    return null;
  }
  const data = await answer.json().catch(() => ({}));
  if (!answer.ok) {
    tell(data.refusal ? said(data.refusal) : data.error || data.detail || t("the server refused this request (HTTP {status})", { status: answer.status }));
    return null;
  }
  return data;
}

const state = await call("GET", api + query);
page.state = state;
if (state && state.toss) {
  location.replace(state.umpire);
} else if (state) {
  fill("title", state.event);
  const where = t("Round {round}, table {table}", { round: state.round, table: state.table }) + (rubber ? " · " + t("rubber {n}", { n: rubber }) : "");
  fill("match", where + ": " + state.sides.map((s) => s.join(" & ")).join(" – "));
  fill("winners", state.sides.map((names, i) => el("label", {}, [
    el("input", { type: "radio", name: "winner", value: String(i + 1), ...(i === 0 ? { checked: "" } : {}) }), " ", names.join(" & ")])));
  const form = document.getElementById("toss");
  form.hidden = false;
  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const f = new FormData(form);
    const answer = await call("POST", `${api}/toss${query}`, { winner: Number(f.get("winner")), choice: f.get("choice") }, tossError);
    if (answer) location.replace(answer.umpire);
  });
}
page.ready = true;
