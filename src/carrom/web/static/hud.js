// The play page's head-up display: whose turn, the notice and the refusal shown, the score of the match and
// of the board, the coins left and the queen, the dues, the end of the match, the laws' clock.

import { said, t, tn } from "./i18n.js";
import { clockShown } from "./clock.js";
import { P } from "./page.js";
import { errorShown, myTurn } from "./room-state.js";
import { cited, COLOURS, esc, SAY } from "./say.js";

const $ = (id) => document.getElementById(id);

/** A refusal in the reader's words (the server's message ids, or its English). */
export const refusalWords = (msg) => (msg.refusal ? said(msg.refusal) : msg.message);

/** The refusal about the turn shown, if any. */
export function showError() {
  const error = errorShown(P.room);
  $("game-error").textContent = error ? refusalWords(error) : "";
}

export function renderHud() {
  const room = P.room, S = room.shown, e = S.expected, turn = myTurn(room), summary = room.summary;
  const swatch = e && !S.over && !summary ? `<span class="swatch" style="background:${COLOURS[S.seats[e.seat].colour]}"></span> ` : "";
  const words = summary ? SAY.boardEnd(summary.before, summary.after, summary.board).title : SAY.turn(S, e, room.mine);
  $("turn").innerHTML = swatch + `<span class="${turn ? "you" : ""}">${esc(words)}</span>`;
  $("notice").textContent = S.notice_said ? said(S.notice_said) : S.notice || "";
  showError();
  renderScore($("scoreboard"), S);
  renderEnd();
}

export function renderScore(box, st) {
  const sc = st.score, b = st.board;
  const colourOf = (side) => Object.values(st.seats).find((i) => i.side === side).colour;
  const head = [0, 1].map((side) => `<th><span class="swatch" style="background:${COLOURS[colourOf(side)]}"></span> ${esc(st.sides[side])}</th>`).join("");
  const done = sc.boards.filter((r) => r.game === sc.game);
  const endedWith = (r) => t("{board}: {why}", { board: boardWord(r), why: cited(r) });
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
      `<a id="scorecard-link" href="/matches/${room}/scorecard" target="_blank">${esc(t("The scorecard (ICF XIX)"))}</a> · ` +
      `<a href="/replay/${room}" data-go="1">${esc(t("Replay"))}</a> · <a href="/" data-go="1">${esc(t("New match"))}</a>`;
  }
}

// the room's clocks of the laws, kept by the server (clock.js); without them, the reminder if chosen
setInterval(() => {
  const S = P.room.shown, box = $("clock");
  const shown = !$("game").hidden && clockShown(S, Date.now() / 1000 + P.room.clockOffset, $("show-clock").checked);
  box.hidden = !shown;
  if (!shown) return;
  box.textContent = shown.text;
  box.classList.toggle("late", shown.late);
}, 250);
