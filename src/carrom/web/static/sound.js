// The table's sounds, synthesized with Web Audio from a shot's events (views.motion_of: [t, kind, i, j,
// impulse, speed]): a click for each impact between discs, louder the harder it is; a softer, lower knock
// for a cushion; a drop into the net for a pocket. Browsers let a page make sound only after a gesture:
// `unlock()` is called on the first one. The mute switch is remembered (localStorage "carrom-sound").
//
// `log` keeps every event the sounds were asked to play ({t, kind, i, j, speed, gain, voiced}): the
// browser tests compare it with the engine's events, no audio needed.

const KEY = "carrom-sound";
const FULL = { contact: 8, cushion: 5, pocketed: 3 };  // m/s giving full loudness, per kind
const VOICES = 6;  // at most this many sounds started in one frame (a break's first instant has ~100 impacts)

let audio = null;
export const log = [];

export function muted() { return localStorage.getItem(KEY) === "off"; }
export function setMuted(off) { localStorage.setItem(KEY, off ? "off" : "on"); }

// the first gesture: from now on the page may make sound
export function unlock() {
  if (!audio) {
    const Ctx = window.AudioContext || window.webkitAudioContext;
    if (!Ctx) return;
    audio = new Ctx();
  }
  if (audio.state === "suspended") audio.resume();
}

// how loud an event sounds, 0 to 1: rising with the impact's speed, and soft below a light touch
export function loudness(kind, speed) {
  const x = Math.min(1, Math.max(0, speed) / (FULL[kind] || 5));
  return Math.sqrt(x);
}

// the events of `motion` with from < t <= to, played now (one animation frame's worth)
export function play(motion, from, to) {
  const due = motion.events.filter((e) => e[0] > from && e[0] <= to);
  const loudest = due.map((e) => loudness(e[1], e[5])).sort((a, b) => b - a);
  const floor = loudest.length > VOICES ? loudest[VOICES - 1] : 0;
  let voices = 0;
  for (const [t, kind, i, j, _impulse, speed] of due) {
    const gain = loudness(kind, speed), voiced = !muted() && !!audio && gain >= floor && voices < VOICES && gain > 0.01;
    log.push({ t, kind, i, j, speed, gain, voiced });
    if (voiced) { voices++; SOUNDS[kind](audio, gain / Math.max(1, Math.sqrt(due.length) / 2)); }
  }
}

// ---- the sounds ------------------------------------------------------------------------------------------------

function noise(ctx, seconds) {
  const buffer = ctx.createBuffer(1, Math.ceil(ctx.sampleRate * seconds), ctx.sampleRate), data = buffer.getChannelData(0);
  for (let k = 0; k < data.length; k++) data[k] = Math.random() * 2 - 1;
  const source = ctx.createBufferSource(); source.buffer = buffer;
  return source;
}

// a sound that starts at `peak` and dies away in `decay` seconds
function envelope(ctx, peak, decay) {
  const g = ctx.createGain(), now = ctx.currentTime;
  g.gain.setValueAtTime(peak, now);
  g.gain.exponentialRampToValueAtTime(0.0001, now + decay);
  g.connect(ctx.destination);
  return g;
}

function tone(ctx, type, f0, f1, seconds, out) {
  const o = ctx.createOscillator(), now = ctx.currentTime;
  o.type = type; o.frequency.setValueAtTime(f0, now); o.frequency.exponentialRampToValueAtTime(f1, now + seconds);
  o.connect(out); o.start(now); o.stop(now + seconds);
}

function filtered(ctx, type, frequency, q, seconds, out) {
  const n = noise(ctx, seconds), f = ctx.createBiquadFilter();
  f.type = type; f.frequency.value = frequency; f.Q.value = q;
  n.connect(f); f.connect(out); n.start();
}

const SOUNDS = {
  // two discs: a bright, very short click of wood on wood
  contact(ctx, gain) {
    const out = envelope(ctx, 0.6 * gain, 0.045);
    filtered(ctx, "bandpass", 3200, 2.5, 0.05, out);
    tone(ctx, "sine", 2100, 1700, 0.03, envelope(ctx, 0.25 * gain, 0.03));
  },
  // a disc against the cushion: a lower, duller knock
  cushion(ctx, gain) {
    filtered(ctx, "lowpass", 900, 0.8, 0.09, envelope(ctx, 0.45 * gain, 0.08));
    tone(ctx, "sine", 190, 120, 0.09, envelope(ctx, 0.35 * gain, 0.09));
  },
  // into the pocket: a falling thump, then the net
  pocketed(ctx, gain) {
    tone(ctx, "sine", 320, 70, 0.18, envelope(ctx, 0.55 * Math.max(gain, 0.4), 0.2));
    filtered(ctx, "bandpass", 1400, 1.2, 0.15, envelope(ctx, 0.12 * Math.max(gain, 0.4), 0.15));
  },
};
