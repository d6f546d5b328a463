// A shot's motion from the server's slides (views.motion_of): each disc goes straight from the start of a
// slide, losing speed at a constant deceleration until it stops or its next slide begins, so where it is at
// any time t is a formula — the engine's own (ShotResult.state_at), evaluated at the display's rate.
// Pure functions of the payload: no drawing, no DOM.

// where slide [t0, x, y, vx, vy, deceleration] has taken its disc at time t (before t0: where it starts)
export function slideAt(slide, t) {
  const [t0, x, y, vx, vy, a] = slide, speed = Math.hypot(vx, vy);
  if (speed === 0) return [x, y];
  const dt = Math.min(Math.max(t - t0, 0), speed / a), gone = dt * (speed - 0.5 * a * dt);
  return [x + vx / speed * gone, y + vy / speed * gone];
}

// the slide under way at time t: the last one started at or before t (the first one before the strike)
export function slideIndex(slides, t) {
  let lo = 0, hi = slides.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (slides[mid][0] <= t) lo = mid; else hi = mid - 1;
  }
  return lo;
}

// disc b's [x, y] at time t, or null once it has fallen into a pocket
export function discAt(motion, b, t) {
  const disc = motion.discs[b];
  if (disc.pocket !== null && t >= disc.pocket) return null;
  return slideAt(disc.slides[slideIndex(disc.slides, t)], t);
}

// the discs on the board at time t, as the state's layout lists them: [{kind, x, y}]
export function layoutAt(motion, t) {
  const out = [];
  motion.discs.forEach((_disc, b) => {
    const p = discAt(motion, b, t);
    if (p) out.push({ kind: motion.kinds[b], x: p[0], y: p[1] });
  });
  return out;
}

// the events (impacts, cushions, pockets) with from < time <= to: what a frame has to sound
export function eventsBetween(motion, from, to) {
  return motion.events.filter((e) => e[0] > from && e[0] <= to);
}
