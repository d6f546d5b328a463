"""Where the server's CPU goes for one action, part by part: the time each part takes on the thread that runs it.

    python benchmarks/stroke_cost.py              # 20 rooms of two people on one device, 15 actions each
    python benchmarks/stroke_cost.py --rounds 30
    python benchmarks/stroke_cost.py --after 1500  # the same 15 actions, late in long matches

Runs what the server runs for each intent (``carrom.web.live_ws._handled``: the room's action,
its commit through the group commit on an SQLite file, the clocks, the state as JSON) in
this process, without the network, for 20 hot-seat rooms whose players strike at random
from the legal stretches (and waive or decline what they are offered, like
benchmarks/load.py). Each part is timed with ``time.thread_time`` (CPU time of the thread
that runs it, kernel time included: a commit's write and flush count) so that other programs
on the machine change the figures little; the committer's thread is timed on its own. Also
the message's size and what sending it costs (the websocket frame, compressed as
uvicorn's permessage-deflate does, and uncompressed). Prints milliseconds per action, and for each
part timed by wrapping it, milliseconds per call and the number of calls ("the stroke (all)" per call is
``game.strike``'s CPU per stroke).
"""

from __future__ import annotations

import argparse
import collections
import json
import random
import tempfile
import time
from typing import Any, Callable

import orjson
from websockets.extensions.permessage_deflate import PerMessageDeflate
from websockets.frames import Frame, Opcode

from carrom.game import game as game_module
from carrom.game import stroke as stroke_module
from carrom.store import Store, batch
from carrom.web import live_ws, rooms
from carrom.web.clocks import RoomClocks
from carrom.web.messages import decode, parse
from carrom.web.warm import settle, warm
from load import move

SPENT: collections.Counter[str] = collections.Counter()
CALLS: collections.Counter[str] = collections.Counter()


def timing(owner: Any, name: str, part: str) -> None:
    """``owner.name`` counts the CPU time of its thread under ``part`` from now on."""
    inner: Callable = getattr(owner, name)

    def timed(*args: Any, **kwargs: Any) -> Any:
        start = time.thread_time()
        try:
            return inner(*args, **kwargs)
        finally:
            SPENT[part] += time.thread_time() - start
            CALLS[part] += 1

    setattr(owner, name, timed)


PARTS = [
    (game_module.Game, "strike", "the stroke (all)"),
    (stroke_module, "simulate", "  the simulation"),
    (stroke_module, "rule_stroke", "  the referee, in play_stroke"),
    (game_module, "why_illegal", "  the striker's place checked"),
    (game_module.Game, "_play", "  the referee, the record's (Scorer.play)"),
    (game_module.Game, "replay_if_no_room", "  room to strike next (ICF 142)"),
    (rooms.Room, "view", "the state (all)"),
    (rooms, "motion_of", "  the shot's motion"),
    (rooms, "state_view", "  the match, with the legal stretches"),
    (game_module.Game, "legal_intervals", "    the legal stretches"),
    (rooms.Room, "log", "  the log's words"),
    (rooms, "snapshot", "the snapshot"),
    (batch.GroupCommit, "_together", "the committer's thread: SQL and commit"),
    (live_ws, "to_json", "the JSON (orjson)"),
]


def intent(state: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """What benchmarks/load.py's clients answer (``load.move``), as one message."""
    return move(state, rng) | {"seq": 1}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=15, help="actions per room")
    parser.add_argument("--after", type=int, default=0, help="actions per room played first, untimed: the cost "
                                                              "late in a long match (a soak's matches)")
    args = parser.parse_args()
    warm()
    settle()  # as the server does after warming: the timings are not a full collection's walks
    for owner, name, part in PARTS:
        timing(owner, name, part)
    rng = random.Random(2)
    deflate = PerMessageDeflate(False, False, 12, 12, {"memLevel": 5})  # as uvicorn's websockets negotiate it
    with tempfile.TemporaryDirectory() as tmp:
        store = Store(f"sqlite:///{tmp}/cost.db")
        clocks = RoomClocks(store)
        players = {"players": {"south": {"type": "me"}, "north": {"type": "me"}}}
        tables = []
        for _ in range(20):
            room, token = rooms.Room.create(store, players)
            clock = clocks.loaded(room.id)
            room.timekeeper = clock
            tables.append([room, token, room.view(), clock])
        actions = sent = deflated = 0
        for n in range(args.after + args.rounds):
            if n == args.after:
                SPENT.clear()
                CALLS.clear()
                actions = sent = deflated = 0
            for table in tables:
                room, token, state, clock = table
                if not state.get("expected"):
                    continue
                text = json.dumps(intent(state, rng))
                start = time.thread_time()
                checked = parse(decode(text, 8192))
                SPENT["the message read and checked"] += time.thread_time() - start
                start = time.thread_time()
                [out] = live_ws._handled(room, token, checked, clock)
                SPENT["the action in the room's thread (all)"] += time.thread_time() - start
                data = out.encode()
                start = time.thread_time()
                frame = Frame(Opcode.TEXT, data).serialize(mask=False, extensions=[deflate])
                SPENT["sending: compressed (permessage-deflate)"] += time.thread_time() - start
                start = time.thread_time()
                Frame(Opcode.TEXT, data).serialize(mask=False)
                SPENT["sending: uncompressed"] += time.thread_time() - start
                actions, sent, deflated = actions + 1, sent + len(data), deflated + len(frame)
                table[2] = orjson.loads(out)
        store.close()
    print(f"{actions} actions in 20 rooms; a state sent: {sent / actions:,.0f} bytes, {deflated / actions:,.0f} compressed")
    print(f"{'part':48} {'ms an action':>12} {'ms a call':>10} {'calls':>6}")
    order = ["the message read and checked", "the action in the room's thread (all)"] + [p for _, _, p in PARTS] + \
        ["sending: compressed (permessage-deflate)", "sending: uncompressed"]
    for part in order:
        calls = CALLS[part]
        each = f"{SPENT[part] * 1000 / calls:>10.3f} {calls:>6}" if calls else ""
        print(f"{part:48} {SPENT[part] * 1000 / actions:>12.3f} {each}")


if __name__ == "__main__":
    main()
