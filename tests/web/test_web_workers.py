"""Several servers on one PostgreSQL (docs/web.md, Several servers): any of them serves any room.

Two real `carrom serve` processes on one database, a page's websocket on each, in one room:
each stroke, made through either, reaches both (NOTIFY); a kill -9 of one loses nothing,
the other goes on, and the killed one restarted serves the room with everything. `carrom
serve --workers 2` runs two processes on one port; on SQLite it is refused in one line.
"""

import contextlib
import json
import os
import random
import signal
import subprocess
import sys

import httpx
from websockets.sync.client import connect

from conftest import free_port
from test_web_operator import ROOT, SERVE, start, wait_until_it_answers
from web_helpers import legal

PLAYERS = {"south": {"type": "me", "name": "Asha"}, "north": {"type": "open"}}


class Page:
    """A page's websocket: numbered intents (``seq``), and waiting for the message it expects."""

    def __init__(self, port: int, room: str, token: str | None = None) -> None:
        self.ws = connect(f"ws://127.0.0.1:{port}/ws/{room}" + (f"?token={token}" if token else ""), max_size=2**24)
        self.ws.__enter__()
        self.seq = 0
        self.first = self.next()

    def send(self, msg: dict) -> None:
        self.seq += 1
        self.ws.send(json.dumps(msg | {"seq": self.seq}))

    def next(self) -> dict:
        return json.loads(self.ws.recv(timeout=30))

    def until(self, wanted) -> dict:
        while True:
            msg = self.next()
            assert msg["type"] != "error", msg
            if wanted(msg):
                return msg

    def state_with(self, actions: int) -> dict:
        return self.until(lambda m: m["type"] == "state" and len(m["log"]) == actions)

    def close(self) -> None:
        self.ws.close()


def play_on(pages: dict, state: dict, rng: random.Random) -> dict:
    """The seat the laws wait for acts through its page; every page sees the same new state, a stroke's motion too."""
    actions = len(state["log"])
    kind = state["expected"]["kind"]
    pages[state["expected"]["seat"]].send(legal(state, rng))
    seen = [page.state_with(actions + 1) for page in set(pages.values())]
    for other in seen[1:]:
        assert other["log"] == seen[0]["log"] and other["layout"] == seen[0]["layout"]
        assert other["expected"] == seen[0]["expected"]
    if kind == "stroke":
        assert all("shot" in s for s in seen), "a stroke's motion reaches every server's pages"
    return seen[0]


@contextlib.contextmanager
def servers(db: str, *ports: int):
    """``carrom serve`` on each port, on one database, answering; killed on leaving (a process put in the list
    instead of one, as a restart does, is killed too); the pages opened, in the second list, closed first."""
    procs, pages = [start(port, db) for port in ports], []
    try:
        for proc, port in zip(procs, ports):
            wait_until_it_answers(proc, port)
        yield procs, pages
    finally:
        for page in pages:
            page.close()
        for proc in procs:
            proc.kill()
            proc.wait(10)


def test_two_servers_on_one_postgresql_serve_one_room_and_a_kill_9_loses_nothing(postgresql_db):
    port_a, port_b = free_port(), free_port()
    with servers(postgresql_db, port_a, port_b) as (procs, pages):
        a = procs[0]
        # no clocks: a kill -9 and a restart take longer than 15 s on a busy machine (the clocks have their own tests)
        r = httpx.post(f"http://127.0.0.1:{port_a}/api/rooms", json={"players": PLAYERS, "clocks": False}).json()
        south = Page(port_a, r["room"], r["token"])  # the host, on server a
        north = Page(port_b, r["room"])  # the guest, on server b: takes the free seat there
        pages += [south, north]
        north.send({"type": "join", "seat": "north", "name": "Ravi", "invite": r["links"]["invite"].split("=")[-1]})
        north.until(lambda m: m["type"] == "joined")
        taken = south.until(lambda m: m["type"] == "state" and not m["seats"]["north"]["open"])  # heard from b
        assert taken["seats"]["north"]["name"] == "Ravi"
        state = north.until(lambda m: m["type"] == "state" and not m["seats"]["north"]["open"])
        rng = random.Random(4)
        while len({e["seat"] for e in state["log"]}) < 2 or len(state["log"]) < 4:
            state = play_on({"south": south, "north": north}, state, rng)
            assert len(state["log"]) < 40
        a.send_signal(signal.SIGKILL)  # server a dies; b and its pages go on
        a.wait(10)
        south.close()
        pages.remove(south)
        south = Page(port_b, r["room"], r["token"])  # the host's page reconnects, to b
        pages.append(south)
        assert south.first["log"] == state["log"] and south.first["you"] == ["south"]
        state = play_on({"south": south, "north": north}, south.first, rng)
        a = procs[0] = start(port_a, postgresql_db)  # a again, at once, on its port: it serves the room with everything
        wait_until_it_answers(a, port_a)
        watcher = Page(port_a, r["room"])
        pages.append(watcher)
        assert watcher.first["log"] == state["log"] and watcher.first["layout"] == state["layout"]
        state = play_on({"south": south, "north": north, "watch": watcher}, state, rng)
        record = httpx.get(f"http://127.0.0.1:{port_a}/api/matches/{r['room']}/record").json()
        actions = [a for g in record["games"] for b in g["boards"] for a in b["actions"]]
        assert len(actions) == len(state["log"]) and record["players"]["north"]["name"] == "Ravi"


def serve_workers(port: int, db: str, workers: int) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-c", SERVE, "serve", "--host", "127.0.0.1", "--port", str(port), "--db",
                             db, "--workers", str(workers)], stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                            text=True, env=os.environ | {"PYTHONPATH": str(ROOT / "src")}, start_new_session=True)


def test_serve_with_two_workers_on_postgresql_any_process_serves_the_room(postgresql_db):
    port = free_port()
    server = serve_workers(port, postgresql_db, 2)
    try:
        wait_until_it_answers(server, port, limit=180)
        with httpx.Client(base_url=f"http://127.0.0.1:{port}") as http:
            r = http.post("/api/rooms", json={"players": {"south": {"type": "me"}, "north": {"type": "me"}}}).json()
            page = Page(port, r["room"], r["token"])
            rng = random.Random(1)
            state = page.first
            for _ in range(3):
                page.send(legal(state, rng))
                state = page.state_with(len(state["log"]) + 1)
            page.close()
            # new connections land on either process; each answers the same match
            answers = [http.get(f"/api/rooms/{r['room']}", headers={"Connection": "close"}).json() for _ in range(8)]
        assert all(a["log"] == state["log"] and a["layout"] == state["layout"] for a in answers)
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        output = server.communicate(timeout=30)[0]
    assert "2 server processes" in output and "Traceback" not in output


def test_serve_with_workers_on_sqlite_is_refused_in_one_line(tmp_path):
    server = serve_workers(free_port(), f"sqlite:///{tmp_path / 'x.db'}", 2)
    output = server.communicate(timeout=60)[0]
    assert server.returncode == 2 and output.strip().count("\n") == 0
    assert "--workers 2 needs PostgreSQL" in output and "one process only" in output
    assert not (tmp_path / "x.db").exists()


def test_watchers_on_another_server_receive_each_stroke_through_the_database(postgresql_db):
    """Issue 24 (watchers past one process): a match played on server a and watched on a and on b (two processes on
    one PostgreSQL, as ``--workers`` or more servers run): each stroke reaches every watcher, with its motion, on b
    fed only by the database's notifications; b's copy of the match is the same as a's."""
    port_a, port_b = free_port(), free_port()
    with servers(postgresql_db, port_a, port_b) as (_, pages):
        r = httpx.post(f"http://127.0.0.1:{port_a}/api/rooms",
                       json={"players": {"south": {"type": "me", "name": "Asha"}, "north": {"type": "me", "name": "Bela"}},
                             "public": True}).json()
        player = Page(port_a, r["room"], r["token"])
        pages += [player] + [Page(port, r["room"]) for port in (port_a, port_b, port_b)]
        state, rng = player.first, random.Random(11)
        for _ in range(4):  # each stroke played on a, then seen by everyone before the next
            state = play_on({"south": player, "north": player, **{f"w{i}": p for i, p in enumerate(pages[1:])}},
                            state, rng)
        on_b = httpx.get(f"http://127.0.0.1:{port_b}/api/rooms/{r['room']}").json()
        assert on_b["log"] == state["log"] and on_b["layout"] == state["layout"]
