// The play page's dialogs: the end of a board (a game, the match) over its last position, until closed;
// and the invitation's page, where a free seat is taken or the match only watched.

import { t, variantName } from "./i18n.js";
import { P, setRoom } from "./page.js";
import { closeSummary } from "./room-state.js";
import { esc, SAY, scorecardUrl, SEAT_WORDS } from "./say.js";
import { refusalWords } from "./hud.js";
import { browserKey } from "./net.js";
import { send } from "./controls.js";

const $ = (id) => document.getElementById(id);

export function renderSummary() {
  const box = $("board-end"), shown = !box.hidden, summary = P.room.summary;
  box.hidden = !summary;
  if (!summary) return;
  const said = SAY.boardEnd(summary.before, summary.after, summary.board);
  $("board-end-title").textContent = said.title;
  // each line's law at its end stays whole with its bracket: "(ICF 139)", never "(ICF" over "139)"
  $("board-end-lines").innerHTML = said.lines.map((l) => `<li>${esc(l).replace(/\([^()]*\)$/, (law) => `<span class="cite">${law}</span>`)}</li>`).join("");
  $("board-end-next").textContent = said.next;
  $("board-end").dataset.level = said.level;
  $("board-end-card").hidden = said.level === "board";  // a game or the match ended: its scorecard (ICF XIX)
  $("board-end-card").href = scorecardUrl(P.room.id);
  if (!shown) $("board-end-next").focus({ preventScroll: true });
}
$("board-end-next").addEventListener("click", () => {
  // the breaker has read it: the break's clock starts now, not after the reading time (docs/web.md, "Clocks")
  const S = P.room.shown, e = S && S.expected;
  if (S && S.clocks && e && e.kind === "stroke" && P.room.mine.includes(e.seat) && S.clock_for && S.clock_for.what === "break"
      && S.since > Date.now() / 1000 + P.room.clockOffset) send({ type: "ready", seat: e.seat });
  setRoom(closeSummary(P.room)); $("board").focus({ preventScroll: true });
});

/** The invitation's page: `send` takes a seat or watches. */
export function renderJoin(send) {
  const S = P.room.shown;
  $("game").hidden = true;
  $("join").hidden = false;
  $("join-title").textContent = S.title ? t("Join: {title}", { title: S.title }) : t("Join this match");
  $("join-error").textContent = P.room.error ? refusalWords(P.room.error.message) : "";
  // what is being joined: the rules, and whether the laws' clocks run (a stroke, a break, a placing in 15 s)
  $("join-rules").textContent = t("Rules: {rules}.", { rules: variantName(S.variant) }) + " " + (S.clocks
    ? t("The clocks of the laws are on: {s} s to break, strike or place (ICF 46, 50, 88).", { s: S.clock })
    : t("The clocks of the laws are off: no time limit per stroke."));
  const open = Object.entries(S.seats).filter(([, i]) => i.open);
  const play = (s) => t("Play {seat}", { seat: SEAT_WORDS[s] });
  $("open-seats").innerHTML = open.map(([s]) => `<button data-seat="${s}">${esc(play(s))}</button>`).join("") ||
    `<p>${esc(t("Every seat is taken."))}</p>`;
  for (const b of $("open-seats").querySelectorAll("button")) {
    b.onclick = () => send({ type: "join", seat: b.dataset.seat, name: $("join-name").value, invite: P.room.invite, browser: browserKey() });
  }
  $("watch").onclick = () => send({ type: "join", watch: true });
}
