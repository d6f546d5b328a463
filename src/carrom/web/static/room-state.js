// The play page's one state of a room, and the pure functions that change it (docs/web.md). No DOM, no
// clock, no words: `receive(room, msg, when)` is the next state after a server message, as `rules.apply` is
// the next match after an action; the page draws what it returns. An unknown message type is an error
// (UnknownMessage), never ignored. The browser tests import this module and check it on plain values.

/** A server message of a type this page does not know: the page reports it. */
export class UnknownMessage extends Error {
  constructor(type) {
    super(`the server sent a message of an unknown type: ${JSON.stringify(type)}`);
    this.name = "UnknownMessage";
  }
}

/** A room's page before the server has said anything. */
export function initialRoom({ id = null, token = null, watching = false, invite = null } = {}) {
  return {
    id, token, watching, invite,  // the room, this browser's key to its seats, watching only, an invitation's key
    mine: [],          // the seats this page plays
    links: null,       // the room's links (invitation, watch), for who plays in it
    shown: null,       // the match state shown: the latest, once every motion before it has been shown
    queue: [],         // states with a motion, waiting to be animated (and the states after them)
    playing: null,     // the state whose motion is being animated
    summary: null,     // {before, after, board, layout}: the end of a board, shown until closed
    inflight: null,    // {last}: an intent sent, not yet answered; the board takes no input meanwhile
    error: null,       // {message, turn}: the last refusal and the turn it was about (it goes when the turn changes)
    fatal: null,       // a refusal before any state: the page's error
    clockOffset: 0,    // server time − local time (s)
    view: null,        // "join" (the invitation page) or "game", once the server has spoken
    heard: [],         // the new actions to announce (read out by screen readers)
    away: {},          // seat -> until when (server time, s) its player may be gone before ICF 143 a applies
    quick: [],         // the latest quick messages heard: [{seat, id, at}] (at: local time, s)
    aim: null,         // {seat, along, angle, power}: the striker as its player moves it (another page's)
  };
}

export const lastAction = (st) => (st && st.log.length ? st.log[st.log.length - 1].n : 0);
export const turnOf = (st) => (st ? [lastAction(st), st.expected && st.expected.kind, st.expected && st.expected.seat].join(" ") : "");
const openSeats = (st) => Object.keys(st.seats).filter((seat) => st.seats[seat].open);

/** The seat drawn at the bottom: the one seat played here, north when only north is, else south. */
export function bottomOf(mine) {
  return mine.length === 1 ? mine[0] : (mine.length && mine.every((s) => s === "north") ? "north" : "south");
}

/** Whether a motion is under way or waiting. */
export const busy = (room) => !!room.playing || room.queue.length > 0;

/** What the laws wait for from this page now, or null: its seat's turn, every seat taken, nothing under way. */
export function myTurn(room) {
  const st = room.shown, e = st && st.expected;
  return e && room.mine.includes(e.seat) && !openSeats(st).length && !busy(room) && !room.inflight && !room.summary ? e : null;
}

/** The refusal shown: the last one, while the turn it was about is the turn shown. */
export function errorShown(room) {
  return room.error && room.error.turn === turnOf(room.shown) ? room.error.message : null;
}

/**
 * The room after one server message. `when.now` is the local clock (s); `when.instant` says motions are not
 * animated (the "skip" speed). Returns a new object; `room` is unchanged.
 */
export function receive(room, msg, { now = 0, instant = false } = {}) {
  const handler = RECEIVE[msg && msg.type];
  if (!handler || !Object.hasOwn(RECEIVE, msg.type)) throw new UnknownMessage(msg && msg.type);
  return handler(answered({ ...room, heard: [] }, msg), msg, { now, instant });
}

const RECEIVE = {
  // a refusal: it belongs to the turn shown when it came; before any state, it is the page's error
  error: (room, msg) => (room.shown ? { ...room, error: { message: msg, turn: turnOf(room.shown) } } : { ...room, fatal: msg }),
  // the seats this page holds, its key, its links; watching only
  joined: (room, msg) => ({
    ...room, view: "game", mine: msg.you, links: msg.links || room.links, token: msg.token || room.token,
    watching: room.watching || !!msg.watching,
  }),
  // who of the players is away, and until when (docs/web.md, "Presence"); a connection's first state says it too
  presence: (room, msg) => ({ ...room, away: msg.away || {} }),
  // a quick message, by id (docs/web.md, "Quick messages"): the last five kept
  quick: (room, msg, { now }) => ({ ...room, quick: [...room.quick.slice(-4), { seat: msg.seat, id: msg.quick, at: now }] }),
  // the striker as its player moves it ("Watching the aim"), until the turn changes
  aim: (room, msg) => ({ ...room, aim: { seat: msg.seat, along: msg.along, angle: msg.angle, power: msg.power, turn: turnOf(latest(room)) } }),
  // a match state: shown at once, or after the motions before it
  state(room, msg, { now, instant }) {
    let next = { ...room, mine: msg.you || room.mine, links: msg.links || room.links, clockOffset: msg.now - now, fatal: null };
    if (msg.away) next.away = msg.away;  // a first state: who is away
    if (room.aim && room.aim.turn !== turnOf(msg)) next.aim = null;  // the turn moved on: its aim goes
    const shown = room.shown;
    if (!shown || lastAction(msg) !== lastAction(shown)) next.error = null;  // a new action: the old refusal goes
    if (msg.shot && !instant) {
      next.queue = [...room.queue, msg];
      while (next.queue.length > 2) next = advance({ ...next, queue: next.queue.slice(1) }, next.queue[0]);  // far behind
    } else if (!busy(room) && !room.summary) {
      next = advance(next, msg);
    } else {
      next.queue = [...room.queue, msg];
    }
    if (!next.shown) next.shown = msg;
    const joining = !next.mine.length && !next.watching && next.invite && Object.values(msg.seats).some((i) => i.open);
    return { ...next, view: joining ? "join" : "game" };
  },
};

// an intent of this page answered: an error, a new action, a notice (not a stroke), a new connection
function answered(room, msg) {
  if (!room.inflight || (msg.type !== "error" && msg.type !== "state")) return room;
  if (msg.type === "error" || msg.you || msg.notice || lastAction(msg) !== room.inflight.last) return { ...room, inflight: null };
  return room;
}

/** This page sent an intent that changes the match: nothing more until the server answers. */
export const sent = (room) => ({ ...room, inflight: { last: lastAction(room.shown) }, error: null });

/**
 * The next state shown. A board, a game or the match that ended is summed up over its last position (`layout`:
 * where the motion left the discs), and the next board appears once the summary is closed.
 */
export function advance(room, next, layout) {
  const st = room.shown;
  let summary = room.summary, heard = room.heard;
  if (st) {
    const board = next.score.boards.length > st.score.boards.length ? next.score.boards[next.score.boards.length - 1] : null;
    const game = next.score.games_won.some((won, side) => won !== st.score.games_won[side]);
    if (board || game || (next.over && !st.over)) summary = { before: st, after: next, board, layout: layout || st.layout };
    heard = [...heard, ...next.log.filter((l) => l.n > lastAction(st))];
  }
  return { ...room, shown: next, summary, heard };
}

/** The motion of the next state waiting starts (or, without one, that state is shown at once). */
export function nextMotion(room, instant = false) {
  if (room.playing || !room.queue.length || room.summary) return room;
  const [next, ...rest] = room.queue;
  if (next.shot && !instant) return { ...room, queue: rest, playing: next, heard: [] };
  return advance({ ...room, queue: rest, heard: [] }, next);
}

/** The motion under way has ended where `layout` says: its state is shown. */
export function motionEnded(room, layout) {
  return room.playing ? advance({ ...room, playing: null, heard: [] }, room.playing, layout) : room;
}

/** The newest state this page holds: the last one waiting behind a motion or the summary, else the one shown. */
export const latest = (room) => (room.queue.length ? room.queue[room.queue.length - 1] : room.shown);

/**
 * Whether the end-of-board summary closes by itself at `now` (server time, s): the next board's break clock has
 * started ("Play"), by the reading time or because the breaker pressed "Next board" on another page; the newest
 * state says when, not the one shown under the summary (docs/web.md, "Clocks").
 */
export function playCalled(room, now) {
  const S = latest(room);
  return !!(room.summary && S && S.clocks && S.deadline && S.clock_for && S.clock_for.what === "break" && now >= S.since);
}

/** The end-of-board summary is closed: the next board may show. */
export const closeSummary = (room) => ({ ...room, summary: null });
