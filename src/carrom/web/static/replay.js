// The replay page (docs/web.md): the replay of a match played here (each stroke's motion, simulated again by
// the server) or of a record an umpire scored at a real table (no positions: the state the referee knows).
// #stroke=N in the address opens the match at action N, its motion shown: the link to share. One state,
// `R` ({id, kind, base, step, steps, view, playing, outline, asked, motion, listed}), null when the page is elsewhere.

import { botNames, language, t } from "./i18n.js";
import { layoutAt } from "./motion.js";
import * as sound from "./sound.js";
import { api } from "./net.js";
import { actionWords, entryHtml, esc, linesHtml, named, scorecardUrl } from "./say.js";

const $ = (id) => document.getElementById(id);
let R = null;
let host = null;  // the page's {draw(canvas, layout), renderScore(box, state), pageError(words)}

/** The replay's state for the tests: where it is, and the motion under way. */
export function replayShown() {
  return R && { step: R.step, steps: R.steps, playing: R.playing, shown: R.view !== null,
    motion: R.motion && { t: R.motion.t, paused: R.motion.paused, duration: R.motion.shot.duration } };
}

/** The page left the replay. */
export function leaveReplay() { R = null; }

/** Draws the replay's board again (a new size, a new theme). */
export function redrawReplay() { if (R && R.view && !R.motion) drawReplay(R.view.state.layout); }

export async function showReplay(id, kind, page) {
  host = page;
  $("replay").hidden = false;
  const base = kind === "umpire" ? `/api/umpire/${id}` : `/api/matches/${id}`;
  R = { id, kind, base, step: 0, steps: 0, view: null, playing: false, outline: null, asked: 0, motion: null, listed: false };
  $("replay-card").href = kind === "umpire" ? `${base}/scorecard.html?lang=${language()}` : scorecardUrl(id);
  $("replay-record").href = `${base}/record`;
  let outline;
  try { outline = await api(`${base}/replay/outline`); } catch (e) { host.pageError(e.message); return; }
  if (!R || R.id !== id) return;
  R.outline = outline; R.steps = outline.steps;
  $("replay-title").textContent = t("Replay: {title}", { title: botNames(outline.title) });
  $("replay-no-positions").hidden = outline.positions;
  const boardName = (b) => t("Game {game}, board {board}", b);
  $("replay-jump").innerHTML = outline.boards.map((b) => `<option value="${b.step}">${esc(boardName(b))}</option>`).join("");
  const slider = $("replay-step");
  slider.max = outline.steps;
  slider.oninput = () => replayGo(Number(slider.value), false);
  $("replay-first").onclick = () => replayGo(0, false);
  $("replay-last").onclick = () => replayGo(R.steps, false);
  $("replay-prev").onclick = () => replayGo(R.step - 1, false);
  $("replay-next").onclick = () => replayGo(R.step + 1, true);
  $("replay-play").onclick = () => replayPlay(!R.playing);
  $("replay-jump").onchange = () => replayGo(Number($("replay-jump").value), false);
  $("replay-log").onclick = (ev) => {
    const a = ev.target.closest("a[data-step]");
    if (a) { ev.preventDefault(); replayGo(Number(a.dataset.step), true); }
  };
  $("replay-copy").onclick = () => { $("replay-link").select(); navigator.clipboard && navigator.clipboard.writeText($("replay-link").value); };
  const linked = /(?:^#|&)stroke=(\d+)/.exec(location.hash);
  await replayGo(linked ? Number(linked[1]) : 0, !!linked);
}

// every action and its rulings, in the players' words as the play page says them (say.js: names, no notation, the
// law a tap away), once the first view gives the players' names
function listActions(st) {
  $("replay-log").innerHTML = R.outline.actions.map((a) => `<li value="${a.n}" id="replay-log-${a.n}">` +
    entryHtml(a, st, `<a href="#stroke=${a.n}" data-step="${a.n}">${esc(actionWords(a, st))}</a>`) + `</li>`).join("");
  R.listed = true;
}

// play or pause: playing goes on action after action, each stroke's motion shown; a pause stops the motion too
function replayPlay(on) {
  R.playing = on;
  $("replay-play").textContent = on ? t("Pause") : t("Play");
  $("replay-play").setAttribute("aria-pressed", on ? "true" : "false");
  if (R.motion) R.motion.paused = !on;
  if (on && !R.motion) replayGo(R.step >= R.steps ? 0 : R.step + 1, true);
}

async function replayGo(n, animate) {
  if (!R) return;
  n = Math.max(0, Math.min(n, R.steps));
  const asked = ++R.asked;  // a later request wins: scrubbing sends many
  const v = await api(`${R.base}/replay?step=${n}`);
  if (!R || asked !== R.asked) return;
  named(v.state);
  R.view = v; R.step = v.step; R.steps = v.steps;
  $("replay-step").max = v.steps; $("replay-step").value = v.step;
  $("replay-where").textContent = t("action {step} of {steps}", v);
  // the action and its rulings in the players' words (names, no notation), as the play page says them
  $("replay-action").textContent = v.action ? actionWords(v, v.state) : t("The opening (ICF 41)");
  $("replay-lines").innerHTML = v.action ? linesHtml(v, v.state) : "";
  if (!R.listed) listActions(v.state);
  const board = R.outline.boards.filter((b) => b.step <= v.step).pop();
  if (board) $("replay-jump").value = String(board.step);
  for (const li of $("replay-log").querySelectorAll("li")) {
    const here = Number(li.value) === v.step;
    li.classList.toggle("current", here);
    if (here) { li.setAttribute("aria-current", "step"); showInList(li); } else li.removeAttribute("aria-current");
  }
  const link = v.step ? `#stroke=${v.step}` : "";
  history.replaceState(null, "", location.pathname + link);
  $("replay-link").value = location.origin + location.pathname + link;
  host.renderScore($("replay-score"), v.state);
  if (animate && v.shot) { R.motion = { shot: v.shot, t: 0, last: null, heard: -1, paused: false }; requestAnimationFrame(replayTick); }
  else { R.motion = null; drawReplay(v.state.layout); replayNext(); }
}

// the action shown, scrolled into view inside the list of every action: never the page, which keeps the board
// in view while the motion plays (scrollIntoView would scroll every box round it, the page too)
function showInList(li) {
  const list = $("replay-log"), box = list.getBoundingClientRect(), r = li.getBoundingClientRect();
  if (r.top < box.top || r.bottom > box.bottom) list.scrollTop += r.top - box.top - (box.height - r.height) / 2;
}

function drawReplay(layout) { host.draw($("replay-board"), layout); }

// the replay's motion: its own clock, at the replay's speed, stopped while paused
function replayTick(now) {
  const a = R && R.motion;
  if (!a) return;
  const shot = a.shot, speed = Number($("replay-speed").value) || 1;
  if (a.last !== null && !a.paused) a.t += Math.max(0, now - a.last) / 1000 * speed;
  a.last = now;
  if (a.t >= shot.duration) {
    sound.play(shot, a.heard, shot.duration);
    R.motion = null; drawReplay(R.view.state.layout); replayNext();
    return;
  }
  sound.play(shot, a.heard, a.t); a.heard = a.t;
  drawReplay(layoutAt(shot, a.t));
  requestAnimationFrame(replayTick);
}

function replayNext() {
  if (!R || !R.playing) return;
  if (R.step >= R.steps) { replayPlay(false); return; }
  setTimeout(() => { if (R && R.playing && !R.motion) replayGo(R.step + 1, true); }, 500);
}
