// The striker's place along the baseline as the page keeps it and as it sends it: on the legal stretches the
// server gives (ICF 130 a-b, 134), never past their ends. Pure: the stretches and the place in, a place out.

const SENT = 1e5;  // a place leaves rounded to a hundredth of a millimetre (10 µm)

/** The place on a legal stretch nearest `along` (the striker drawn where it may lie); `along` if none. */
export function nearestOn(legal, along) {
  let best = null;
  for (const [lo, hi] of legal) {
    const v = Math.min(Math.max(along, lo), hi);
    if (best === null || Math.abs(v - along) < Math.abs(best - along)) best = v;
  }
  return best === null ? along : best;
}

/** The place sent for `along`: rounded, then kept inside the stretch it lies on. Rounding alone put a
 *  stretch's end just past it (−0.2223358 → −0.22234), and the server, which plays exactly the place sent
 *  (docs/web.md), refused it; so each end is rounded inwards. A stretch narrower than the rounding keeps the
 *  unrounded place. */
export function sentAlong(legal, along) {
  const rounded = Math.round(along * SENT) / SENT;
  const on = legal.find(([lo, hi]) => lo <= along && along <= hi);
  if (!on) return rounded;
  const lo = Math.ceil(on[0] * SENT) / SENT, hi = Math.floor(on[1] * SENT) / SENT;
  if (lo > hi) return along;
  return Math.min(Math.max(rounded, lo), hi);
}
