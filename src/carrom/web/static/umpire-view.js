// What the umpire's page and the scoreboard both show of a match state (the server's words; no law here).

export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "class") node.className = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children.flat()) if (c !== null && c !== undefined) node.append(c instanceof Node ? c : String(c));
  return node;
}

export function fill(id, ...children) {
  const node = document.getElementById(id);
  node.replaceChildren(...children.flat().filter((c) => c !== null && c !== undefined));
  return node;
}

const SWATCH = { white: "#f6f1e4", black: "#222" };

function swatch(colour) {
  return el("span", { class: "swatch", style: `background:${SWATCH[colour] || "transparent"}`, title: colour });
}

// The two sides, the game's points and the games won, whose turn: the big numbers.
export function scoreCard(msg) {
  const s = msg.state;
  const side = (k) => {
    const seats = msg.sides[k].seats;
    const colour = s.colours[seats[0]];
    const acting = seats.includes(s.seat) && !s.over;
    return el("div", { class: "side" + (acting ? " acting" : ""), "data-side": k },
      el("div", { class: "name" }, swatch(colour), " ", msg.sides[k].name),
      el("div", { class: "points", "aria-label": "points this game" }, s.game_points[k]),
      el("div", { class: "games" }, `games ${s.games_won[k]}`));
  };
  const where = s.over ? `Match over · won by ${s.winner || "nobody"}` : `Game ${s.game} · board ${s.board}`;
  return el("div", { class: "score" }, side(0), el("div", { class: "where" }, where), side(1));
}

// The coins on the board, the queen, the dues: the terminal's status, laid out.
export function boardFacts(msg) {
  const s = msg.state;
  const facts = [
    el("li", {}, swatch("white"), ` ${s.on_board.white || 0} white · `, swatch("black"), ` ${s.on_board.black || 0} black`),
    el("li", { class: "queen" }, el("span", { class: "swatch queen-dot" }), ` queen ${s.queen}`),
  ];
  if (s.owed.length) facts.push(el("li", { class: "owed" }, "to place: " + s.owed.map((o) => `${o.coin} by ${msg.who[o.seat]}`).join(", ")));
  s.debts.forEach((n, k) => { if (n) facts.push(el("li", { class: "owed" }, `outstanding: ${n} due from ${msg.sides[k].name} (ICF 72 c)`)); });
  return el("ul", { class: "facts" }, facts);
}

export function boardsTable(msg) {
  if (!msg.boards.length) return null;
  const rows = msg.boards.map((b) => el("tr", {},
    el("td", {}, b.game), el("td", {}, b.board), el("td", {}, msg.header.players[b.breaker].name),
    el("td", {}, b.queen[0] + b.coins[0]), el("td", {}, b.queen[1] + b.coins[1]), el("td", {}, b.winner || "—")));
  return el("table", { class: "boards" },
    el("thead", {}, el("tr", {}, el("th", {}, "Game"), el("th", {}, "Board"), el("th", {}, "Break"),
      el("th", {}, msg.sides[0].name), el("th", {}, msg.sides[1].name), el("th", {}, "Won by"))),
    el("tbody", {}, rows));
}

// The recent entries, newest first, each with the referee's rulings and their laws.
export function logList(msg, limit = 12) {
  return el("ol", { class: "log", reversed: true, start: msg.entries },
    msg.log.slice(0, limit).map((e) => el("li", { value: e.n },
      el("div", { class: "entry" }, e.entry, el("span", { class: "where" }, ` · game ${e.game}, board ${e.board}`)),
      el("ul", { class: "lines" }, e.lines.map((t) => el("li", {}, t))))));
}

// The server's feed of a match: every state as the umpire enters it; reconnects with a growing pause.
export function follow(matchId, onState, onStatus) {
  let wait = 500;
  const connect = () => {
    const proto = location.protocol === "https:" ? "wss" : "ws";
    const ws = new WebSocket(`${proto}://${location.host}/ws/umpire/${matchId}`);
    ws.onopen = () => { wait = 500; onStatus("live", true); };
    ws.onmessage = (ev) => {
      const msg = JSON.parse(ev.data);
      if (msg.type === "state") onState(msg);
      else if (msg.type === "error") onStatus(msg.message, false, true);
      else throw new Error(`unknown message ${msg.type}`);
    };
    ws.onclose = (ev) => {
      if (ev.code === 4404) { onStatus("no such match", false); return; }
      onStatus("reconnecting…", false);
      setTimeout(connect, wait);
      wait = Math.min(wait * 2, 10000);
    };
  };
  connect();
}
