"""An event's public view leaves memory when nobody reads or follows it (issue 43 item 7: "80 events' public views stay
in memory"): an anonymous reading of many events costs memory for the idle time, as a room nobody is in does, not
for the server's life; a view followed by a subscriber stays, and the next reading works a view out again."""

import asyncio
import time

from fastapi.testclient import TestClient

from carrom.store import Store
from carrom.web import create_app
from carrom.web.desk import Desk
from test_web_crowd_public import run as run_alone

NAMES = ["Ann Alpha", "Bob Beta", "Cid Gamma", "Dan Delta"]


def made(client, name):
    r = client.post("/api/desk", json={"name": name, "players": NAMES, "system": "swiss", "rounds": 2})
    assert r.status_code == 200, r.text
    eid, key = r.json()["id"], {"X-Desk-Key": r.json()["key"]}
    assert client.post(f"/api/desk/{eid}/pair", headers=key, json={}).status_code == 200
    assert client.post(f"/api/desk/{eid}/publish", headers=key, json={}).status_code == 200
    return eid


def test_public_views_nobody_reads_leave_memory_and_come_back_when_read(sqlite_db):
    with TestClient(create_app(sqlite_db, bot_pause=0, room_idle=2.0), base_url="http://127.0.0.1") as client:
        desk = client.app.state.desk
        events = [made(client, f"Open {n}") for n in range(4)]
        first = {}
        for e in events:  # each kept for the next readers (checked at once: a loaded machine reads four slowly)
            first[e] = client.get(f"/api/t/{e}").json()
            assert e in desk.public
        deadline = time.monotonic() + 20
        while desk.public and time.monotonic() < deadline:
            time.sleep(0.05)
        assert desk.public == {} and desk.stamps == {} and desk.read == {}  # on main: all four kept for good
        assert desk.locks == {}
        for e in events:  # worked out again
            assert client.get(f"/api/t/{e}").json() == first[e] and e in desk.public


def test_a_view_someone_follows_stays_and_a_read_one_is_kept_for_the_idle_time(sqlite_db):
    with TestClient(create_app(sqlite_db, bot_pause=0), base_url="http://127.0.0.1") as client:
        followed, read = made(client, "Followed"), made(client, "Read")

    async def scene():
        desk = Desk(Store(sqlite_db), idle=60.0)
        subscription = await desk.subscribe(followed, None, "198.51.100.7")
        await desk.public_bytes(read)
        now = time.monotonic()
        assert desk.evict_idle(now + 30) == []  # read half a minute ago: kept
        assert desk.evict_idle(now + 61) == [read]  # a minute unread: gone; the followed one stays
        assert set(desk.public) == {followed}
        subscription.done()
        channel = desk.channels[followed]
        channel.refresher.cancel()
        await asyncio.gather(channel.refresher, return_exceptions=True)
        assert followed not in desk.channels  # nobody follows it now
        assert desk.evict_idle(now + 200) == [followed]
    run_alone(scene())  # a loop of its own: an earlier test in this process may have left one running
