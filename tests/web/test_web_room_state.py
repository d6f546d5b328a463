"""The play page's one state (issue 21): static/room-state.js is a pure function from the room and a server
message to the next room, checked here on plain values in Debian's chromium (the module imported as the page
imports it); and the page reports a message of a type it does not know instead of ignoring it.
"""

# a match state as the server sends it, reduced to what the updater reads; `n` actions in its log
STATE = """(n, extra = {}) => ({
  type: "state", now: 1000, over: false, notice: null,
  seats: {south: {name: "Asha", side: 0, open: false, kind: "human"}, north: {name: "Ravi", side: 1, open: false, kind: "human"}},
  expected: {kind: "stroke", seat: n % 2 ? "north" : "south"},
  log: Array.from({length: n}, (_, i) => ({n: i + 1, seat: i % 2 ? "north" : "south"})),
  score: {boards: [], games_won: [0, 0], points: [0, 0], game: 1, board: 1}, layout: [], ...extra})"""

CHECKS = """async () => {
  const R = await import("/static/room-state.js");
  const state = %s;
  const out = {};
  const frozen = (room) => JSON.stringify(room);
  let room = R.initialRoom({id: "r1", token: null, invite: null});
  const before = frozen(room);
  // an unknown type is an error, and the room is unchanged
  try { R.receive(room, {type: "gossip"}); out.unknown = "accepted"; } catch (e) { out.unknown = [e.name, e.message]; }
  try { R.receive(room, {type: "constructor"}); out.inherited = "accepted"; } catch (e) { out.inherited = e.name; }
  out.unchanged = frozen(room) === before;
  // joined: the seats this page plays, its key, the game view
  room = R.receive(room, {type: "joined", you: ["south", "north"], token: "k", watching: false, links: {invite: "/i"}});
  out.joined = [room.mine, room.token, room.view, R.bottomOf(room.mine)];
  // a state without a motion is shown at once; its clock offset is the server's time minus ours
  room = R.receive(room, state(0), {now: 990});
  out.first = [R.lastAction(room.shown), room.clockOffset, R.myTurn(room)];
  // an intent sent: no turn until the answer; a refusal belongs to the turn shown, the answer frees the board
  room = R.sent(room);
  out.inflight = [!!room.inflight, R.myTurn(room)];
  room = R.receive(room, {type: "error", message: "along is out of range"});
  out.refused = [room.inflight, R.errorShown(room).message];
  // a stroke's state waits for its motion: the state shown stays, the page is busy, no one's turn here
  const stroke = state(1, {shot: {duration: 1}});
  const input = frozen(stroke);
  room = R.sent(room);
  room = R.receive(room, stroke);
  out.queued = [R.lastAction(room.shown), room.queue.length, R.busy(room), R.myTurn(room), room.inflight];
  out.messageUntouched = frozen(stroke) === input;
  room = R.nextMotion(room);
  out.playing = [!!room.playing, room.queue.length, R.lastAction(room.shown)];
  room = R.motionEnded(room, [{kind: "striker", x: 0, y: 0}]);
  out.ended = [R.lastAction(room.shown), R.busy(room), room.heard.map((l) => l.n), R.errorShown(room), R.myTurn(room)];
  // a board that ends is summed up over the last position, and the next state waits until it is closed
  const won = {number: 1, game: 1, winner: 0, queen: [3, 0], coins: [4, 0]};
  room = R.receive(room, state(2, {score: {boards: [won], games_won: [0, 0], points: [7, 0], game: 1, board: 2},
                                    layout: [{kind: "white", x: 0, y: 0}]}));
  out.summary = [!!room.summary, room.summary.board.winner, room.summary.before.log.length, R.myTurn(room)];
  room = R.receive(room, state(3));
  out.waiting = [R.lastAction(room.shown), room.queue.length];
  room = R.nextMotion(R.closeSummary(room));
  out.closed = [room.summary, R.lastAction(room.shown), room.queue.length];
  // an invitation with a free seat and no seat of ours: the join view
  let guest = R.initialRoom({id: "r2", invite: "x"});
  const open = state(0);
  open.seats.north.open = true;
  guest = R.receive(guest, open);
  out.join = guest.view;
  // a refusal before any state is the page's
  out.fatal = R.receive(R.initialRoom({id: "r3"}), {type: "error", message: "no such match"}).fatal.message;
  return out;
}""" % STATE


def test_the_room_state_is_a_pure_function_of_the_server_messages(server, browser):
    page = browser.new_page()
    page.goto(server.url + "static/index.html")
    out = page.evaluate(CHECKS)
    page.close()
    assert out["unknown"][0] == "UnknownMessage" and "gossip" in out["unknown"][1]
    assert out["inherited"] == "UnknownMessage" and out["unchanged"]
    assert out["joined"] == [["south", "north"], "k", "game", "south"]
    assert out["first"] == [0, 10, {"kind": "stroke", "seat": "south"}]
    assert out["inflight"] == [True, None]
    assert out["refused"] == [None, "along is out of range"]
    assert out["queued"] == [0, 1, True, None, None] and out["messageUntouched"]
    assert out["playing"] == [True, 0, 0]
    assert out["ended"] == [1, False, [1], None, {"kind": "stroke", "seat": "north"}]
    assert out["summary"] == [True, 0, 1, None]
    assert out["waiting"] == [2, 1]
    assert out["closed"] == [None, 3, 0]
    assert out["join"] == "join" and out["fatal"] == "no such match"


def test_a_message_of_an_unknown_type_is_reported_on_the_page(server, browser):
    kind = "gossip"
    page = browser.new_page()
    errors = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.goto(server.url)
    page.select_option("#mode", "local")
    page.click("#start")
    page.wait_for_function("carrom.state && !carrom.busy")
    page.evaluate(f"carrom.receive({{type: '{kind}'}})")
    assert kind in page.inner_text("#page-error") and any(kind in e for e in errors)
    assert page.evaluate("carrom.state.log.length") == 0  # nothing else changed
    page.close()
