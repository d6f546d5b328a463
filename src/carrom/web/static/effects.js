// Pocketing effects on the play page: where a piece drops, a short bright ring that widens and fades (drawn over the
// board by tabletop.js), and a chip of the piece's colour flying from there to its side in the head-up display.
// None at all when the reader asks the system for reduced motion (prefers-reduced-motion) or the page's animation
// is set to "skip"; the sounds keep their own switch (sound.js).

import { slideAt, slideIndex } from "./motion.js";

const FLASH = 0.6;  // s a flash lasts
export const flashes = [];  // {x, y, kind, start (performance.now(), ms)}
export let shown = 0;  // effects started since the page opened (the browser tests read it)

/** Whether effects are off: the system's reduced motion, or the animation skipped. */
export function calm(skipped) {
  return skipped || (typeof matchMedia === "function" && matchMedia("(prefers-reduced-motion: reduce)").matches);
}

/**
 * The pieces of `motion` that fell between its times `from` and `to` (s): a flash for each at the point it left the
 * board, and its chip sent to `target(kind)` (an element, or null for none). `toPage(x, y)` gives page pixels.
 */
export function dropped(motion, from, to, now, { skipped, toPage, target }) {
  if (calm(skipped)) return;
  motion.discs.forEach((disc, b) => {
    if (disc.pocket === null || !(disc.pocket > from && disc.pocket <= to)) return;
    const [x, y] = slideAt(disc.slides[slideIndex(disc.slides, disc.pocket)], disc.pocket), kind = motion.kinds[b];
    flashes.push({ x, y, kind, start: now });
    shown++;
    const goal = target(kind);
    if (goal) fly(kind, toPage(x, y), goal);
  });
}

/** The flashes still under way at `now` (ms), each with its age as a share of its life (0 to 1). */
export function live(now) {
  while (flashes.length && now - flashes[0].start > FLASH * 1000) flashes.shift();
  return flashes.map((f) => ({ ...f, age: Math.max(0, now - f.start) / (FLASH * 1000) }));
}

const CHIP = { white: "#f7f2e2", black: "#2b2b2b", queen: "#c8102e", striker: "#e8eef5" };

// a chip of the piece's colour from the page point where it fell to the element (the side's box in the display)
function fly(kind, [X, Y], goal) {
  const chip = document.createElement("span"), box = goal.getBoundingClientRect();
  chip.className = "fly-chip"; chip.setAttribute("aria-hidden", "true");
  chip.style.background = CHIP[kind] || "#fff";
  chip.style.left = `${X - scrollX}px`; chip.style.top = `${Y - scrollY}px`;
  document.body.append(chip);
  const dx = box.left + box.width / 2 - (X - scrollX), dy = box.top + box.height / 2 - (Y - scrollY);
  const run = chip.animate([{ transform: "translate(-50%, -50%) scale(1)", opacity: 1 },
    { transform: `translate(calc(${dx}px - 50%), calc(${dy}px - 50%)) scale(.6)`, opacity: 0.3 }],
  { duration: 700, easing: "cubic-bezier(.3,.1,.3,1)" });
  run.onfinish = () => { chip.remove(); goal.animate([{ transform: "scale(1.06)" }, { transform: "scale(1)" }], { duration: 250 }); };
}
