// The play page's one object: the room's state (changed only through room-state.js's pure functions, by
// `setRoom`) and what belongs to this screen alone (the board's geometry and look, the aim, a gesture or a
// motion under way). Every other module of the page reads it from here; `render` draws it all again.

import { initialRoom } from "./room-state.js";

export const P = {
  G: null,                 // the board's geometry from the server (metres)
  room: initialRoom(),     // the room's state (room-state.js)
  conn: null,              // the room's websocket (net.js Connection)
  striker: { along: 0, angle: 0, power: 0, pulled: false },  // the aim: along the baseline (m), angle, power 0..1
  aimFor: null,            // the turn the aim is for (a new turn: a fresh aim)
  drag: null,              // {mode: "press"|"move"|"aim"|"place", seat, pointer, …}: a gesture under way
  keyPlace: null,          // {x, y}: where the keys hold a coin owed (m), until it is placed
  motion: null,            // {t, last, heard, skip, layout}: the motion of room.playing being animated, its clock at t s
  frameLog: null,          // [{now, t, layout}]: each frame of a motion, once a test asks (carrom.measureFrames)
  bottom: "south",         // the seat drawn at the bottom
  theme: "wood",           // the board's look (board.js THEMES): wood, or contrast (high contrast)
  boardCache: null,        // the board without pieces, drawn once per size
};

let renderer = () => {};
/** The page's whole drawing, set once by app.js. */
export function onRender(fn) { renderer = fn; }
export function render() { renderer(); }
/** The room's next state (from room-state.js), then the page drawn again. */
export function setRoom(room) { P.room = room; renderer(); }
