// The play page's head-up display: whose turn, the notice and the refusal shown, the score of the match and
// of the board, the coins left and the queen, the dues, the end of the match, the laws' clock.

import { lawMeaning, said, t, tn } from "./i18n.js";
import { clockShown } from "./clock.js";
import { P, setRoom } from "./page.js";
import { closeSummary, errorShown, myTurn, playCalled } from "./room-state.js";
import { actionWords, cited, COLOURS, esc, SAY, scorecardUrl, spokenCited, toastWords } from "./say.js";

const $ = (id) => document.getElementById(id);

/** A refusal in the reader's words (the server's message ids, or its English). */
export const refusalWords = (msg) => (msg.refusal ? said(msg.refusal) : msg.message);

/** The refusal about the turn shown, if any. */
export function showError() {
  const error = errorShown(P.room);
  $("game-error").textContent = error ? refusalWords(error) : "";
}

/**
 * The state the display shows: the state shown, or, while the end of a board is summed up, that board as it
 * ended (its number, the coins left on it, the points it gave): never the next board before the summary closes.
 */
export function displayed(room) {
  const s = room.summary;
  if (!s) return room.shown;
  const r = s.board, count = (kind) => s.layout.filter((d) => d.kind === kind).length;
  return { ...s.after, seats: s.before.seats,  // the colours the board was played with (the next board's may swap)
    score: { ...s.after.score, game: r ? r.game : s.before.score.game, board: r ? r.number : s.before.score.board },
    board: { ...s.before.board, white: count("white"), black: count("black"), owed: [], debts: [0, 0] } };
}

// the share of the laws' clock left (1 at the start), or null without one
function clockLeft(st, now, reminder) {
  if (!st || !st.expected || st.over || !st.clock) return null;
  const left = st.clocks ? (st.deadline && now >= st.since ? st.deadline - now : null) : reminder ? st.clock - (now - st.since) : null;
  return left === null ? null : Math.max(0, Math.min(1, left / st.clock));
}

// a side on the display: its colour, its players, its points in this game and the games it has won; whose turn it
// is (a ring round it), with the laws' clock as a ring that empties
function renderSides(st, turnSide) {
  for (const side of [0, 1]) {
    const seat = Object.values(st.seats).find((i) => i.side === side), box = $(`hud-side-${side}`), dues = SAY.sideDues(st, side);
    box.classList.toggle("turn-now", side === turnSide);
    // the dues' parts may go on two lines, each whole: the words fit a phone's half of the display
    box.innerHTML = `<span class="swatch" style="background:${COLOURS[seat.colour]}"></span>` +
      `<span class="who"><span class="name">${esc(st.sides[side])}</span>` +
      `<span class="games">${esc(tn("{n} game won", "{n} games won", st.score.games_won[side]))}</span>` +
      (dues.length ? `<span class="dues">${dues.map((d) => `<span>${esc(d)}</span>`).join(" · ")}</span>` : "") + `</span>` +
      `<span class="score">` +  // the points, and round them whose turn it is with the laws' clock
      (side === turnSide ? `<svg class="ring" viewBox="0 0 36 36" aria-hidden="true"><circle cx="18" cy="18" r="16" fill="none" stroke="#0002" stroke-width="3"/>` +
        `<circle class="clock-arc" cx="18" cy="18" r="16" fill="none" stroke="var(--accent)" stroke-width="3" pathLength="100" ` +
        `stroke-dasharray="100 100" transform="rotate(-90 18 18)"/></svg>` : "") +
      `<span class="points" title="${esc(t("points"))}">${st.score.points[side]}</span></span>`;
  }
}

// the last action's ruling in one line, in the players' words; its law and the law's meaning one tap away
function renderToast(st) {
  const last = st.log[st.log.length - 1], law = $("toast-law");
  $("toast-meaning").hidden = true; law.setAttribute("aria-expanded", "false");
  if (!last) { $("toast-text").textContent = ""; law.hidden = true; return; }
  const lines = last.said ? last.said.lines : [];
  $("toast-text").textContent = toastWords(last, st);
  const laws = lines.filter((m) => m.law);
  law.hidden = !laws.length;
  const cited = [...new Set(laws.map((m) => m.law))];  // the first law, and how many more the tap shows
  law.textContent = cited.length > 1 ? `${cited[0]} +${cited.length - 1}` : cited.join("");
  // the whole ruling (the line may stop at two), each part with its law and the law's meaning
  $("toast-meaning").innerHTML = `<strong>${esc(actionWords(last, st))}</strong>` + lines.map((m) => `<div>${esc(spokenCited(m, st))}` +
    (m.meaning ? `<small class="law">${esc(lawMeaning(m))}</small>` : "") + `</div>`).join("");
}
$("toast-law").addEventListener("click", () => {
  const box = $("toast-meaning"), open = box.hidden;
  box.hidden = !open; $("toast-law").setAttribute("aria-expanded", open ? "true" : "false");
  if (open) placeMeaning();
});
// The law's box is fixed to the window, not inside the head-up display: the display's height is fixed (the board
// never moves) and it clips what overflows, which cut the box to its first line. It opens under the ruling, or over
// it where the window has more room there, never taller than the window has room for (it scrolls inside).
function placeMeaning() {
  const box = $("toast-meaning");
  if (box.hidden) return;
  const r = $("toast").getBoundingClientRect(), margin = 6, below = innerHeight - r.bottom - margin, above = r.top - margin;
  box.style.left = `${Math.max(margin, r.left)}px`;
  box.style.width = `${Math.min(r.width, innerWidth - 2 * margin)}px`;
  box.style.maxHeight = `${Math.max(below, above)}px`;
  const up = below < box.scrollHeight && above > below;
  box.style.top = up ? "" : `${r.bottom}px`;
  box.style.bottom = up ? `${innerHeight - r.top}px` : "";
}
addEventListener("resize", placeMeaning);
addEventListener("scroll", placeMeaning, { passive: true });

export function renderHud() {
  const room = P.room, S = displayed(room), e = S.expected, turn = myTurn(room), summary = room.summary;
  const swatch = e && !S.over && !summary ? `<span class="swatch" style="background:${COLOURS[S.seats[e.seat].colour]}"></span> ` : "";
  const words = summary ? SAY.boardEnd(summary.before, summary.after, summary.board).title : SAY.turn(S, e, room.mine);
  $("turn").innerHTML = swatch + `<span class="${turn ? "you" : ""}">${esc(words)}</span>`;
  $("notice").textContent = S.notice_said ? said(S.notice_said) : S.notice || "";
  showError();
  renderScore($("scoreboard"), S);
  renderSides(S, e && !S.over && !summary ? S.seats[e.seat].side : null);
  $("hud-where").textContent = t("game {game}, board {board}", { game: S.score.game, board: S.score.board });
  $("hud-queen").textContent = t("queen {where}", { where: SAY.queenWhere(S) });
  renderToast(room.summary ? room.summary.after : room.shown);
  renderEnd();
}

export function renderScore(box, st) {
  const sc = st.score, b = st.board;
  const colourOf = (side) => Object.values(st.seats).find((i) => i.side === side).colour;
  const head = [0, 1].map((side) => `<th><span class="swatch" style="background:${COLOURS[colourOf(side)]}"></span> ${esc(st.sides[side])}</th>`).join("");
  const done = sc.boards.filter((r) => r.game === sc.game);
  const endedWith = (r) => t("{board}: {why}", { board: boardWord(r), why: cited(r, st) });
  const boardWord = (r) => (r.winner === null ? t("board {n} (replayed)", { n: r.number }) : t("board {n}", { n: r.number }));
  const rows = done.map((r) =>
    `<tr><td>${esc(boardWord(r))}</td>` +
    [0, 1].map((i) => `<td>${r.queen[i] + r.coins[i] || (r.winner === i ? 0 : "–")}${r.winner === i ? " ✓" : ""}</td>`).join("") + `</tr>`).join("");
  const swatch = (colour) => `<span class="swatch" style="background:${COLOURS[colour]}"></span>`;
  const where = t("game {game}, board {board}", { game: sc.game, board: sc.board });
  box.innerHTML = `<table><tr><th>${esc(where)}</th>${head}</tr>${rows}` +
    `<tr><th>${esc(t("points"))}</th><th class="points-0">${sc.points[0]}</th><th class="points-1">${sc.points[1]}</th></tr>` +
    `<tr><td>${esc(t("games won"))}</td><td>${sc.games_won[0]}</td><td>${sc.games_won[1]}</td></tr></table>` +
    (done.length ? `<details class="why"><summary>${esc(t("How each board ended"))}</summary><ul>` +
      done.map((r) => `<li>${esc(endedWith(r))}</li>`).join("") + `</ul></details>` : "") +
    `<div class="coins">${esc(t("On the board:"))} ${swatch("white")} ${esc(tn("{n} white", "{n} white", b.white))} · ` +
    `${swatch("black")} ${esc(tn("{n} black", "{n} black", b.black))} · ` +
    `${swatch("queen")} ${esc(t("queen {where}", { where: SAY.queenWhere(st) }))}</div>` +
    `<div class="dues">${esc(SAY.dues(st))}</div>`;
}


function renderEnd() {
  const end = $("end"), S = P.room.shown, room = P.room.id;
  end.hidden = !S.over;
  if (S.over) {
    end.innerHTML = `<strong>${esc(SAY.matchWon(S))}</strong> ` +
      `<a id="scorecard-link" href="${scorecardUrl(room)}" target="_blank">${esc(t("The scorecard (ICF XIX)"))}</a> · ` +
      `<a href="/replay/${room}" data-go="1">${esc(t("Replay"))}</a> · <a href="/" data-go="1">${esc(t("New match"))}</a>`;
  }
}

// the room's clocks of the laws, kept by the server (clock.js); without them, the reminder if chosen
setInterval(() => {
  const S = P.room.shown, box = $("clock"), now = Date.now() / 1000 + P.room.clockOffset, arc = document.querySelector("#hud .clock-arc");
  // the next board's break clock starts once its summary has been read: the summary closes as it starts ("Play")
  if (playCalled(P.room, now)) setRoom(closeSummary(P.room));
  const shown = !$("game").hidden && clockShown(S, now, $("show-clock").checked);
  if (arc) {
    const left = clockLeft(S, now, $("show-clock").checked);
    arc.setAttribute("stroke-dasharray", left === null ? "100 100" : `${100 * left} 100`);
    arc.style.stroke = left !== null && left < 0.34 ? "var(--bad)" : "";
  }
  box.hidden = !shown;
  if (!shown) return;
  box.textContent = shown.text;
  box.classList.toggle("late", shown.late);
}, 250);
