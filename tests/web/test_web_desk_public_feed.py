"""The tournament's public page while results arrive (issue 19: 2,000 spectators, p99 <= 100 ms "also while results
arrive"): spectators subscribe to the page and are sent each new version once made (its changes, the same bytes to
every subscriber) instead of all fetching it at once (the desk's step: test_web_desk_public_step.py)."""

import asyncio
import copy
import json
import queue
import socket
import threading

import httpx
import pytest
from hypothesis import given, settings, strategies as st

from carrom.web.desk import Desk, PublicReadings
from carrom.web.feed import Channel, Subscription, applied, changes, version_of
from test_web_crowd_public import run as run_alone  # a loop of its own: a browser test may leave one running
from test_web_desk_public_step import new_event

class Reader(threading.Thread):
    """A subscriber on a real connection of its own (HTTP/1.1 by hand, so the test can close it): each server-sent
    event (its id, kind and data) into ``got``."""

    def __init__(self, port: int, path: str, held: str | None) -> None:
        super().__init__(daemon=True)
        self.got: queue.Queue = queue.Queue()
        self.sock = socket.create_connection(("127.0.0.1", port))
        ask = f"Last-Event-ID: {held}\r\n" if held else ""
        self.sock.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n{ask}\r\n".encode())

    def run(self) -> None:
        stream = self.sock.makefile("rb")
        try:
            head = b""
            while not head.endswith(b"\r\n\r\n"):
                head += stream.readline()
            self.got.put(("status", head.split(b" ")[1].decode(), head.decode("latin-1")))
            text = b""
            while True:  # chunked: a size line, the chunk, CRLF
                size = int(stream.readline().strip(), 16)
                if not size:
                    return
                text += stream.read(size)
                stream.readline()
                while b"\n\n" in text:
                    event, text = text.split(b"\n\n", 1)
                    fields = dict(line.split(": ", 1) for line in event.decode().split("\n") if ": " in line)
                    if "data" in fields:
                        self.got.put((fields["id"], fields["event"], fields["data"]))
        except (OSError, ValueError):
            return

    def next(self):
        return self.got.get(timeout=30)

    def close(self) -> None:
        self.sock.shutdown(socket.SHUT_RDWR)
        self.sock.close()


def desk_of(server) -> Desk:
    return next(m.kwargs["desk"] for m in server.app.user_middleware if m.cls is PublicReadings)


def test_subscribers_are_sent_each_new_version_as_the_same_changes_and_a_stalled_one_holds_none_back(server):
    """Every spectator polled the page, and each result made every one of them fetch the whole new view at once
    (34 kB gzipped for 500 players, 2,000 of them in the same second). A page now subscribes with the version it
    holds and is sent each new version's changes from it, made once: every subscriber gets the same bytes, which
    turn the view it holds into exactly the view a reader then fetches. A subscriber that never reads its
    connection holds nobody back, and a plain reader still gets its 304 with the validator."""
    base = server.url
    eid, key, tables = new_event(base)
    first = httpx.get(f"{base}api/t/{eid}")
    held, view = first.headers["etag"], first.json()
    stalled = socket.socket()
    stalled.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 2048)
    stalled.connect(("127.0.0.1", server.port))
    stalled.sendall(f"GET /api/t/{eid}/feed HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode())  # and never reads
    path = f"/api/t/{eid}/feed"
    readers = [Reader(server.port, path, held) for _ in range(4)] + [Reader(server.port, path, None)]
    for r in readers:
        r.start()
        status = r.next()
        assert status[1] == "200" and "text/event-stream" in status[2]
    whole = readers[-1].next()  # holding no version: sent the view whole
    assert whole[0] == held and whole[1] == "view" and json.loads(whole[2]) == view
    for n, table in enumerate(tables[:3], 1):
        for _ in range(100):
            if desk_of(server).channels[eid].subscribers == 6:
                break
            threading.Event().wait(0.05)
        assert httpx.post(f"{base}api/desk/{eid}/result", headers=key,
                          json={"round": 1, "table": table, "games": f"25-{n} 25-{n + 1}"}).status_code == 200
        now = httpx.get(f"{base}api/t/{eid}")
        sent = [r.next() for r in readers]
        assert len(set(sent)) == 1, "one message, the same bytes for every subscriber"
        etag, kind, data = sent[0]
        patch = json.loads(data)
        assert (etag, kind, patch["base"]) == (now.headers["etag"], "patch", held)
        assert len(data) < len(now.content) / 2, "the changes, not the whole view"
        view = applied(view, patch["ops"])
        assert view == now.json()
        assert next(m for m in view["rounds"][0]["matches"] if m["table"] == table)["result"]["games"] == \
            [[25, n], [25, n + 1]]
        held = etag
    assert httpx.get(f"{base}api/t/{eid}", headers={"If-None-Match": held}).status_code == 304
    assert httpx.get(f"{base}api/t/{eid + 1}/feed").status_code == 404, "no such event"
    for r in readers:
        r.close()
    stalled.close()


@settings(max_examples=50, deadline=None)
@given(st.data())
def test_changes_turn_any_json_value_into_any_other(data):
    """The subscribers' messages are ``changes`` between two views; a page that applies them must hold exactly the
    new view, whatever changed: keys added and gone, lists grown and cut, rows replaced, values of another type."""
    leaf = st.one_of(st.none(), st.booleans(), st.integers(-3, 3), st.text("ab", max_size=2))
    value = st.recursive(leaf, lambda inner: st.one_of(st.lists(inner, max_size=4),
                                                        st.dictionaries(st.sampled_from("abcd"), inner, max_size=4)),
                         max_leaves=12)
    old, new = data.draw(value), data.draw(value)
    ops = changes(old, new)
    after = applied(copy.deepcopy(old), json.loads(json.dumps(ops)))
    assert after == new and json.dumps(after, sort_keys=True) == json.dumps(new, sort_keys=True)
    assert changes(new, new) == []


@settings(max_examples=80, deadline=None)
@given(st.data())
def test_rows_that_moved_are_sent_as_the_new_order_and_what_changed(data):
    """A result moves a player past others in the standings (rows named by their competitor): the changes put the
    rows in their new order, then change what changed in each, and turn the old view into the new one exactly."""
    n = data.draw(st.integers(2, 12))
    keys = data.draw(st.lists(st.integers(1, 99), min_size=n, max_size=n, unique=True))
    rows = [{"rank": i + 1, "competitor": k, "points": data.draw(st.integers(0, 4))} for i, k in enumerate(keys)]
    order = data.draw(st.permutations(range(n)))
    moved = [dict(rows[i], rank=place + 1) for place, i in enumerate(order)]
    for row in moved:
        if data.draw(st.booleans()):
            row["points"] += 2
    old, new = {"standings": rows, "name": "open"}, {"standings": moved, "name": "open"}
    ops = changes(old, new)
    assert applied(copy.deepcopy(old), json.loads(json.dumps(ops))) == new
    if list(order) != list(range(n)):
        assert ops[0][0] == ["standings"] and ops[0][2] == "order"
    assert applied(copy.deepcopy(rows), changes(rows, moved)) == moved  # a list at the top too


def test_a_player_moving_up_sends_the_order_not_every_row_again():
    """One row of 200 moved from place 150 to place 20: the order in three runs and the ranks that changed, a few
    kB, where each shifted row's fields again were ~25 kB."""
    rows = [{"rank": i + 1, "competitor": 1000 + i, "players": [f"First{i} Last{i:04d}"], "points": 10 - i // 20,
             "buchholz": 30, "net_score": i, "total_score": 2 * i, "retired": False, "played": 4} for i in range(200)]
    mover = dict(rows[149], points=12)
    after = rows[:19] + [mover] + rows[19:149] + rows[150:]
    after = [dict(r, rank=i + 1) for i, r in enumerate(after)]
    ops = changes({"standings": rows}, {"standings": after})
    assert ops[0] == [["standings"], [[0, 19], [149, 1], [19, 130], [150, 50]], "order"]
    assert applied({"standings": copy.deepcopy(rows)}, ops) == {"standings": after}
    assert len(json.dumps(ops)) < 5_000


def scope() -> dict:
    return {"type": "http", "method": "GET", "path": "/api/t/1/feed", "headers": [], "query_string": b""}


def test_a_slow_subscriber_is_sent_the_latest_version_not_the_backlog_and_one_that_stalls_is_closed():
    """Each subscriber holds only the version it was last sent: one whose connection takes its messages slowly is
    sent, when it is ready again, the newest version (whole, since it no longer holds the version the changes are
    from), not every version it missed; one whose message waits longer than the stall limit is closed (its channel checks them all at once, every second
    on a server), and counted out."""
    rows = [{"rank": i, "players": [f"Player {i}"], "points": 0} for i in range(1, 30)]
    views = [{"round": 1, "results": list(range(k)), "standings": rows} for k in range(5)]
    versions, before = [], None
    for k, v in enumerate(views):
        raw = json.dumps(v).encode()
        versions.append(version_of(f'W/"v{k}"', raw, v, before))
        before = (f'W/"v{k}"', v)

    async def main():
        channel = Channel()
        channel.publish(versions[0])
        sent, release, closed = [], asyncio.Event(), []

        async def send(message):
            if message["type"] == "http.response.body" and message.get("body"):
                sent.append(message["body"])
                if len(sent) == 1:
                    await release.wait()  # the client takes its first message only when released

        async def receive():
            await asyncio.Event().wait()  # the client never goes away by itself

        slow = Subscription(channel, None, lambda: closed.append(1))
        task = asyncio.ensure_future(slow(scope(), receive, send))
        for _ in range(100):
            await asyncio.sleep(0.01)
            if sent:
                break
        for v in versions[1:4]:  # three versions while its first message waits
            channel.publish(v)
            await asyncio.sleep(0.01)
        release.set()
        for _ in range(100):
            await asyncio.sleep(0.01)
            if len(sent) == 2:
                break
        assert sent == [versions[0].whole, versions[3].whole], "the latest version, whole; not v1, v2, v3"
        channel.publish(versions[4])
        for _ in range(100):
            await asyncio.sleep(0.01)
            if len(sent) == 3:
                break
        assert sent[2] == versions[4].patch and b'"base":"W/\\"v3\\""' in sent[2], "held v3: the changes from it"
        assert channel.close_stalled(0.0) == 0, "it took its messages: not stalled"

        stuck = []

        async def never(message):
            if message["type"] == "http.response.body" and message.get("body"):
                stuck.append(message["body"])
                await asyncio.Event().wait()  # the client stopped reading: this message never leaves

        stalled = asyncio.ensure_future(Subscription(channel, None, lambda: closed.append(2))(scope(), receive, never))
        for _ in range(100):
            await asyncio.sleep(0.01)
            if stuck:
                break
        assert channel.close_stalled(60.0) == 0, "not yet past the limit"
        await asyncio.sleep(0.05)
        assert channel.close_stalled(0.01) == 1, "its message waited past the limit"
        await asyncio.wait_for(stalled, 10)
        assert stuck == [versions[4].whole] and closed == [2], "closed, and counted out; the other one not"
        assert len(channel.holders) == 1
        task.cancel()

    run_alone(main())


def test_subscriptions_are_refused_over_the_servers_most(make_server, sqlite_db):
    """Subscriptions are held connections: over ``Limits.subscribers`` (all addresses) the server answers 503 in
    its usual words, and the page reads by polling instead."""
    from carrom.web.limits import Limits

    with make_server(sqlite_db, limits=Limits(subscribers=1, http_per_address="1000/second")) as server:
        eid, _, _ = new_event(server.url)
        one = Reader(server.port, f"/api/t/{eid}/feed", None)
        one.start()
        assert one.next()[1] == "200" and one.next()[1] == "view"
        refused = httpx.get(f"{server.url}api/t/{eid}/feed", timeout=10)
        assert refused.status_code == 503 and "full" in refused.json()["error"]
        assert httpx.get(f"{server.url}api/t/{eid}").status_code == 200
        one.close()
