// The play page's words: every sentence the client writes about a match, here and nowhere else (docs/web.md).
// Pure functions of a state the server sent; each goes through t()/tn() (i18n.js).
import { botNames, cite, language, lawMeaning, said, t, tn } from "./i18n.js";

export const SEATS = ["south", "east", "north", "west"];
export const SEAT_WORDS = { south: t("south"), east: t("east"), north: t("north"), west: t("west") };
export const COLOUR_WORDS = { white: t("white"), black: t("black") };
export const COLOURS = { white: "#f7f2e2", black: "#2b2b2b", queen: "#c8102e", striker: "#e8eef5" };
export const esc = (s) => String(s).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" }[c]));

/** A match's scorecard (ICF XIX) in the page's language. */
export const scorecardUrl = (id) => `/matches/${id}/scorecard?lang=${language()}`;

// the seats nobody has taken yet: no stroke until every one is (the server refuses them too)
export function openSeats(st) {
  return Object.keys(st.seats).filter((seat) => st.seats[seat].open);
}

export const SAY = {
  // whose turn it is, to do what: [to the one whose turn it is, to the others]
  doing: {
    stroke: [(who) => t("{who}: your turn to strike", { who }), (who) => t("Wait for {who} to strike", { who })],
    place: [(who) => t("{who}: your turn to place the coin owed", { who }), (who) => t("Wait for {who} to place the coin owed", { who })],
    claim: [(who) => t("{who}: your turn to claim extra points or not", { who }),
      (who) => t("Wait for {who} to claim extra points or not", { who })],
    toss: [(who) => t("{who}: your turn to call the toss", { who }), (who) => t("Wait for {who} to call the toss", { who })],
  },
  points: (n) => tn("{n} point", "{n} points", n),
  // a side's names with the verb agreeing: "South wins", "Asha & Ravi win"
  wins: (st, side) => tn("{side} wins", "{side} win", SAY.players(st, side), { side: st.sides[side] }),
  players: (st, side) => Object.values(st.seats).filter((i) => i.side === side).length,
  // who a seat is: "Ravi (north, black)", or "North (black)" when the name is the seat's
  who(st, seat) {
    const i = st.seats[seat], colour = COLOUR_WORDS[i.colour] || i.colour;
    const word = SEAT_WORDS[seat];  // a player named after the seat is the seat, as a name: "North (black)"
    return i.name.toLowerCase() === seat ? t("{seat} ({colour})", { seat: word.charAt(0).toUpperCase() + word.slice(1), colour })
      : t("{name} ({seat}, {colour})", { name: i.name, seat: word, colour });
  },
  turn(st, e, mine) {
    if (st.over) return st.winner === null ? t("Match over") : t("Match over: {winner}", { winner: SAY.wins(st, st.winner) });
    if (!e) return "";
    const free = openSeats(st);
    if (free.length) return t("Waiting for a player to take {seats}", { seats: SAY.list(free.map((s) => SEAT_WORDS[s])) });
    return SAY.doing[e.kind][mine.includes(e.seat) ? 0 : 1](SAY.who(st, e.seat));
  },
  hint(turn, gesture, pulled, waiting, coin) {
    if (waiting) return t("Sent: waiting for the server's answer.");
    if (!turn) return "";
    if (turn.kind === "place") {
      return t("Drag the {colour} coin owed (ringed on the board) inside the outer circle and let go (keys: arrows move it, Enter places it).",
        { colour: COLOUR_WORDS[coin] || coin });
    }
    if (turn.kind !== "stroke") return "";
    if (gesture && gesture.mode === "aim") return pulled ? t("Let go to shoot, or come back inside the ring to cancel.") :
      t("Pull further back to shoot; let go inside the ring to cancel.");
    if (gesture && gesture.mode === "move") return t("Moving the striker along your baseline: let go to leave it there.");
    return t("Drag the striker sideways to move it. To shoot, press on it and pull back, away from where you aim, past the ring.");
  },
  // the end of a board, and of its game or the match when it ended them too (or a game or the match alone,
  // conceded: r is null): who won, the points, the queen, the law that decided it, where the match stands;
  // `level` is "board", "game" or "match"
  boardEnd(before, after, r) {
    const game = r ? r.game : before.score.game, lines = [];
    const level = after.over ? "match" : after.score.game !== game ? "game" : "board";
    const boardTitle = !r ? "" : r.winner === null ? t("Board {n} is played again", { n: r.number }) :
      t("Board {n}: {winner}", { n: r.number, winner: SAY.wins(after, r.winner) });
    if (r && level !== "board") lines.push(boardTitle);
    if (r && r.winner !== null) {
      const q = r.queen[r.winner], c = r.coins[r.winner];
      lines.push(q ? t("{points}: {coins} for the coins, {queen} for the queen", { points: SAY.points(q + c), coins: c, queen: q }) :
        t("{points}: {coins} for the coins", { points: SAY.points(q + c), coins: c }));
      lines.push(SAY.queen(before, r));
    }
    if (r) lines.push(cited(r, before));
    else lines.push(...(after.log.length ? citedLines(after.log[after.log.length - 1], after) : []));  // the ruling, with its law
    if (level === "match") lines.push(SAY.matchWon(after));
    else if (level === "game") lines.push(t("Game {n} is over. Games won: {each}", { n: game, each: SAY.each(after, after.score.games_won) }));
    else lines.push(t("Points in game {n}: {each}", { n: game, each: SAY.each(after, after.score.points) }));
    const gameWinner = [0, 1].find((side) => after.score.games_won[side] > before.score.games_won[side]);
    const title = level === "match" ? (after.winner === null ? t("The match is over") :
      t("The match: {winner}", { winner: SAY.wins(after, after.winner) })) :
      level === "game" && gameWinner !== undefined ? t("Game {n}: {winner}", { n: game, winner: SAY.wins(after, gameWinner) }) :
      level === "game" ? t("Game {n} is over", { n: game }) : boardTitle;
    return { title, lines, level, next: after.over ? t("See the last position") : level === "game" ? t("Next game") : t("Next board") };
  },
  queen(before, r) {
    const side = [0, 1].find((s) => r.queen[s] > 0), b = before.board;
    if (side !== undefined) return t("The queen: {points} to {side}", { points: SAY.points(r.queen[side]), side: before.sides[side] });
    if (b.queen === "covered" && b.queen_side !== null) {
      return t("The queen: covered by {side}, no points for it", { side: before.sides[b.queen_side] });
    }
    return t("The queen: no points for it");
  },
  each: (st, values) => [0, 1].map((s) => `${st.sides[s]} ${values[s]}`).join(", "),
  // the coins to place, and the coins owed with none in the nets (ICF 72 c)
  dues(st) {
    const b = st.board, owed = b.owed.map((o) => (o.waiting ? t("a {coin} by {seat} (waiting for room)", { coin: COLOUR_WORDS[o.coin], seat: SEAT_WORDS[o.placer] })
      : t("a {coin} by {seat}", { coin: COLOUR_WORDS[o.coin], seat: SEAT_WORDS[o.placer] })));
    const debts = [0, 1].filter((s) => b.debts[s]).map((s) => SAY.debt(st, s, b.debts[s]));
    return (owed.length ? t("Dues: to place: {list}", { list: owed.join(", ") }) : t("Dues: none to place")) +
      (debts.length ? `; ${debts.join("; ")} (ICF 72 c)` : "");
  },
  // a side's dues in the head-up display: the coins it owes with none in its nets (ICF 72 c) and the coins its
  // players are to place now (["1 coin owed", "a white to place"]); none, []
  sideDues(st, side) {
    const b = st.board, words = [];
    if (b.debts[side]) words.push(tn("{n} coin owed", "{n} coins owed", b.debts[side]));
    for (const o of b.owed) {
      if (st.seats[o.placer] && st.seats[o.placer].side === side) words.push(t("a {coin} to place", { coin: COLOUR_WORDS[o.coin] || o.coin }));
    }
    return words;
  },
  list: (words) => words.length < 2 ? words.join("") : t("{some} and {last}", { some: words.slice(0, -1).join(", "), last: words[words.length - 1] }),
  debt: (st, side, n) => tn("{side} owes {count}", "{side} owe {count}", SAY.players(st, side), { side: st.sides[side], count: n }),
  concede: (what) => ({ board: t("Concede the board? (ICF 139)"), game: t("Concede the game? (ICF 139)"),
    match: t("Concede the match? (ICF 139)") })[what],
  matchWon: (st) => st.winner === null ? t("The match is over.") : t("{winner} the match.", { winner: SAY.wins(st, st.winner) }),
  // the queen where she is: on the board, pocketed and to be covered, covered (by a side)
  queenWhere(st) {
    const b = st.board, side = b.queen_side === null || b.queen_side === undefined ? null : st.sides[b.queen_side];
    if (b.queen === "pending") return side === null ? t("pocketed, to be covered") : t("pocketed by {side}, to be covered", { side });
    if (b.queen === "covered") return side === null ? t("covered") : t("covered by {side}", { side });
    return t("on the board");
  },
  // a match listed under Past matches: where it stands, and what may be done with it
  listed: (m) => ({ result: m.over ? (m.result.endsWith(" won") ? t("{names} won", { names: botNames(m.result.slice(0, -4)) }) : m.result) : t("in play"),
    open: m.over ? t("final board") : m.mine ? t("play or watch") : t("watch (public)") }),
};

// a board's ending with its law, its players by name (with a state)
export function cited(r, st) {
  if (!r.said) return t("{why} ({law})", { why: r.text, law: r.law });
  const m = typeof r.said === "object" ? r.said : { text: st ? byName(r.said, st) : r.said };
  return said({ ...(st ? plain(m, st) : m), law: r.law });  // with a state: its players by name
}
// a state's names as the reader says them (a bot's, botNames)
export function named(st) {
  st.sides = st.sides.map(botNames);
  for (const info of Object.values(st.seats)) info.name = botNames(info.name);
  if (st.title) st.title = botNames(st.title);
  return st;
}
// ---- the players' words (issue 21, item 7): who did what, by name; no umpire notation, no seat with a name in
// brackets ("North (Computer (expert))"), the law apart. The server's messages (carrom.i18n.said) are reworded
// here: a seat stands for the player in it, "{seat} ({name})" is the name alone, a stroke is "Asha strikes".

const SEAT_IDS = { South: "south", East: "east", North: "north", West: "west", south: "south", east: "east", north: "north", west: "west" };

// a text the server worded itself (no message): each seat's word ("South") as its player's name
const byName = (text, st) => text.replace(/\b(South|East|North|West)\b/g, (word) => {
  const i = st.seats[word.toLowerCase()];
  return i && i.name.toLowerCase() !== word.toLowerCase() ? i.name : word;
});

/** A message of the server with each seat named by its player (st: the state whose seats say who sits where). */
export function plain(m, st) {
  if (m === null || typeof m !== "object" || "text" in m) return m;
  const seat = SEAT_IDS[m.id];
  if (seat && !m.params && st.seats[seat]) {
    const name = st.seats[seat].name;  // a player named after the seat stays the seat, in the reader's words
    return name.toLowerCase() === seat ? m : name;
  }
  if (m.id === "{seat} ({name})" && m.params) return m.params.name;
  const params = Object.fromEntries(Object.entries(m.params || {}).map(([k, v]) => [k, plain(v, st)]));
  if (m.id === "{actor} strikes: {notation}") return { text: t("{actor} strikes", { actor: said(params.actor) }) };  // no notation
  return { ...m, params };
}

// The referee's sentences are a record's, in the past ("South pocketed 1 white and plays on"); players speak in the
// present ("Asha pockets a white and plays on"). Each ruling a stroke commonly gives, reworded so (its law and
// parameters unchanged); `a` names the counts said with an article when there is one piece ("a white", not "1
// white"). A message not listed here is shown in the referee's own words, which are in the present already.
const PRESENT = {
  "{seat} breaks: the striker touched a piece": [(p) => t("{seat} breaks", p)],
  "not a break: the striker touched no piece. {seat} tries again ({n} more)":
    [(p) => t("not a break: the striker touches no piece; {seat} tries again ({n} more)", p)],
  "{who} pocketed {coins} and plays on": [(p) => t("{who} pockets {coins} and plays on", p), "coins"],
  "{who} pocketed {coins} and {others} and plays on": [(p) => t("{who} pockets {coins} and {others} and plays on", p), "coins", "others"],
  "{who} pocketed {coins} of the opponent: they stay down, and the turn passes":
    [(p) => t("{who} pockets {coins} of the opponent's: they stay down and the turn passes", p), "coins"],
  "nothing of {who}'s went in: the turn passes": [(p) => t("{who} pockets nothing: the turn passes", p)],
  "{who} pocketed the striker: a due, and the turn passes": [(p) => t("{who} pockets the striker: a due, and the turn passes", p)],
  "{who} pocketed the striker: a due, and the turn passes; the {coins} stay down":
    [(p) => t("{who} pockets the striker: a due, and the turn passes; the {coins} stay down", p)],
  "{who} pocketed the striker with own coins: the {coins} and a due go back, and {who} plays on":
    [(p) => t("{who} pockets the striker with own coins: the {coins} and a due go back, and {who} plays on", p)],
  "the queen went in with the striker: a due, and {who} plays on": [(p) => t("the queen goes in with the striker: a due, and {who} plays on", p)],
  "the queen went in with the striker: a due, and {who} loses the turn (all nine on the board)":
    [(p) => t("the queen goes in with the striker: a due, and {who} loses the turn (all nine on the board)", p)],
  "{who} pocketed the queen with own coins: the queen is covered": [(p) => t("{who} pockets the queen with own coins: the queen is covered", p)],
  "{who} pocketed the queen and must cover it with an own coin in the next stroke":
    [(p) => t("{who} pockets the queen and must cover it with an own coin in the next stroke", p)],
  "{who} pocketed the queen and must cover it with an own coin (one coin with the queen while all nine were on the board)":
    [(p) => t("{who} pockets the queen and must cover it with an own coin (one coin with the queen while all nine are on the board)", p)],
  "{who} covered the queen": [(p) => t("{who} covers the queen", p)],
  "the queen went in before {who} pocketed an own coin: the umpire puts it back and the turn passes":
    [(p) => t("the queen goes in before {who} has pocketed an own coin: the umpire puts it back and the turn passes", p)],
  "the queen went in while {who} owes a due: the umpire puts it back and the turn passes":
    [(p) => t("the queen goes in while {who} owes a due: the umpire puts it back and the turn passes", p)],
  "the queen was not covered: the umpire puts it back on the centre": [() => t("the queen is not covered: the umpire puts it back on the centre")],
  // the French official rules' simplified game (001)
  "{who} pocketed the striker with own coins: they go back as the penalty":
    [(p) => t("{who} pockets the striker with own coins: they go back as the penalty", p)],
  "the queen went in with the striker: it goes back to the centre": [() => t("the queen goes in with the striker: it goes back to the centre")],
  "the queen went in before {who}'s first coin: it goes back, the turn passes":
    [(p) => t("the queen goes in before {who}'s first coin: it goes back and the turn passes", p)],
  "the queen went in with an opponent's coin: it counts for the opponent": [() => t("the queen goes in with an opponent's coin: it counts for the opponent")],
  "{who} pocketed the queen with an own coin: the queen is covered": [(p) => t("{who} pockets the queen with an own coin: the queen is covered", p)],
  "the queen was not covered: it goes back to the centre and the turn passes":
    [() => t("the queen is not covered: it goes back to the centre and the turn passes")],
  "nothing went in: the turn passes": [() => t("nothing goes in: the turn passes")],
  "{who} pocketed the queen with a first coin while all nine were on the board: it must still be covered with the next stroke":
    [(p) => t("{who} pockets the queen with a first coin while all nine are on the board: it must still be covered with the next stroke", p)],
};
// one piece of a colour with its article ("a white"), else the count ("2 white")
const ONE = { "{n} white": () => t("a white"), "{n} black": () => t("a black") };
const counted = (v) => (v && v.n === 1 && ONE[v.id] ? ONE[v.id]() : said(v));

/**
 * One ruling in the players' words, without its law: in the present, each seat as its player, no notation ("Asha
 * pockets a white and plays on"). The one wording of a ruling for the toast, the log, the replay and the screen reader.
 */
export function spoken(m, st) {
  if (m === null || typeof m !== "object") return said(m);
  if ("text" in m) return st ? byName(said({ text: m.text }), st) : said({ text: m.text });
  const p = st ? plain(m, st) : m;
  if (typeof p !== "object" || "text" in p) return said(p);
  const present = PRESENT[p.id];
  if (!present) return said({ ...p, law: undefined, meaning: undefined });
  const [words, ...a] = present;
  return words(Object.fromEntries(Object.entries(p.params || {}).map(([k, v]) => [k, a.includes(k) ? counted(v) : said(v)])));
}

/** A ruling in the players' words with its law cited at its end: "Asha pockets a white and plays on (ICF 48)". */
export const spokenCited = (m, st) => cite(spoken(m, st), m && m.law);

/** An action's rulings in the players' words, in one line, without their laws (the toast). */
export function toastWords(l, st) {
  if (!l.said) return l.lines.join("; ");
  return (l.said.lines.length ? l.said.lines : [l.said.action]).map((m) => spoken(m, st)).join("; ");
}

/** An action's rulings in the players' words, each with its law (the screen reader, a board's end). */
export const citedLines = (l, st) => (l.said ? l.said.lines.map((m) => spokenCited(m, st)) : l.lines);

/** An action in the players' words: "Asha strikes", "Asha places a white". */
export const actionWords = (l, st) => (l.said ? said(plain(l.said.action, st)) : l.action);

/**
 * An action's rulings as HTML: each in the players' words, its law cited at its end as a button that shows the law's
 * meaning under it (a tap or a click, rulings.js): the meaning one tap away, never printed under every ruling.
 */
export function linesHtml(l, st) {
  if (!l.said) return l.lines.map(esc).join("<br>");
  return l.said.lines.map((m) => `<div class="line">${esc(spoken(m, st))}` + (m.law ? ` <span class="cite">(<button type="button" class="law-cite" ` +
    `aria-expanded="false">${esc(m.law)}</button>)</span>` +
    (m.meaning ? `<small class="law" hidden>${esc(lawMeaning(m))}</small>` : "") : "") + "</div>").join("");
}

/** A log's entry as HTML: the action in the players' words (`head`: it as the caller marks it up), its rulings. */
export const entryHtml = (l, st, head = esc(actionWords(l, st))) => `<div class="action">${head}</div><div class="lines">${linesHtml(l, st)}</div>`;

/** The play page's log as HTML, newest first. */
export const logHtml = (st) => st.log.slice().reverse().map((l) => `<li value="${l.n}">${entryHtml(l, st)}</li>`).join("");
