// The clock of the laws on the page (docs/web.md, "Clocks"). In a room with clocks the server keeps
// the time: the page counts down to the deadline it sends (the break, a stroke or a placing: ICF 46,
// 50, 88 a) and the server rules the time foul when it passes. In a room without clocks, the
// optional reminder of ICF 50, counted from when the laws began to wait, is all there is.
import { t } from "./i18n.js";

const RUNNING = {
  break: (p) => t("{name}: {left} s to break (ICF 46)", p),
  stroke: (p) => t("{name}: {left} s to strike (ICF 50)", p),
  place: (p) => t("{name}: {left} s to place or waive (ICF 88 a)", p),
};

// what the clock box shows of state `st` at server time `now` (s): {text, late}, or null for nothing
export function clockShown(st, now, reminder) {
  if (!st || !st.expected || st.over) return null;
  if (st.clocks) {
    if (!st.deadline || !st.clock_for || now < st.since) return null;  // not yet "Play": the board's end is read
    const left = Math.max(0, st.deadline - now), who = st.seats[st.clock_for.seat];
    return { text: RUNNING[st.clock_for.what]({ name: who ? who.name : st.clock_for.seat, left: Math.ceil(left) }),
             late: left <= Math.min(5, st.clock / 3) };
  }
  if (!reminder) return null;
  const left = st.clock - (now - st.since);
  return { text: left > 0 ? t("Stroke clock: {left} s", { left: left.toFixed(0) }) : t("Stroke clock: time (ICF 50)"),
           late: left <= 5 };
}

// the setup page's option: on by default online, off by default on this device, off against the computer
export function presetClocks(box, mode) {
  box.checked = mode === "online";
  box.disabled = mode === "computer";
}
