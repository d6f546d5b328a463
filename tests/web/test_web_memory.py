"""Rooms in memory: loaded when opened, from a snapshot (no stroke simulated again), and dropped when idle."""

import dataclasses
import random

import pytest
from fastapi.testclient import TestClient

import carrom.game.stroke as game_module  # where play_stroke simulates
from carrom.game import Game
from carrom.web import create_app
from carrom.web.rooms import Room
from web_helpers import AT_TEST_SPEED, numbered

LOCAL = {"south": {"type": "me", "name": "Asha"}, "north": {"type": "me", "name": "Ravi"}}
SHOWN = ("layout", "board", "score", "expected", "legal", "seats", "log")


@pytest.fixture
def db(tmp_path):
    return f"sqlite:///{tmp_path / 'm.db'}"


def play(client, actions, seed=5):
    """A room for two on one device, played on for ``actions`` actions of random strikes and waivers."""
    r = client.post("/api/rooms", json={"players": LOCAL}).json()
    rng = random.Random(seed)
    with numbered(client, f"/ws/{r['room']}?token={r['token']}") as ws:
        s = ws.receive_json()
        while len(s["log"]) < actions:
            e = s["expected"]
            if e["kind"] == "stroke":
                lo, hi = rng.choice(s["legal"])
                ws.send_json({"type": "strike", "along": rng.uniform(lo, hi), "angle": rng.uniform(-1.3, 1.3),
                              "speed": rng.uniform(1.0, 6.5)})
            elif e["kind"] == "claim":
                ws.send_json({"type": "claim", "points": 0})
            else:
                ws.send_json({"type": "waive"})
            s = ws.receive_json()
            assert s["type"] == "state", s
    return r, s


def no_physics(*args, **kwargs):
    raise AssertionError("a stroke was simulated again")


def test_a_restarted_server_loads_a_match_when_opened_from_its_snapshot(db, monkeypatch):
    with TestClient(create_app(db, bot_pause=0, limits=AT_TEST_SPEED)) as c:
        r, before = play(c, 25)
    monkeypatch.setattr(game_module, "simulate", no_physics)
    with TestClient(create_app(db, bot_pause=0, limits=AT_TEST_SPEED)) as c:
        hub = c.app.state.hub
        assert hub.rooms == {} and hub.unfinished == 1  # nothing replayed at startup
        after = c.get(f"/api/rooms/{r['room']}").json()
        assert set(hub.rooms) == {r["room"]}
    for key in SHOWN:
        assert after[key] == before[key], key


def test_the_snapshot_gives_the_same_game_as_simulating_every_stroke(db):
    with TestClient(create_app(db, bot_pause=0, limits=AT_TEST_SPEED)) as c:
        r, _ = play(c, 40, seed=11)
        row = c.app.state.hub.store.get(r["room"])
    fast = Room.load(c.app.state.hub.store, row).game
    slow = Room.load(c.app.state.hub.store, dataclasses.replace(row, snapshot=None)).game
    assert fast.layout == slow.layout and fast.state == slow.state and fast.expected() == slow.expected()
    seat = fast.expected().seat
    assert fast.legal_intervals(seat) == slow.legal_intervals(seat)
    assert [e.to_dict() for e in fast.record.entries] == [e.to_dict() for e in slow.record.entries]


@pytest.mark.parametrize("snapshot", ['{"actions": 3, "discs": []}', "not json", '{"discs": 7}'])
def test_a_snapshot_of_another_point_or_unreadable_is_not_used(db, snapshot):
    with TestClient(create_app(db, bot_pause=0, limits=AT_TEST_SPEED)) as c:
        r, before = play(c, 6)
        row = dataclasses.replace(c.app.state.hub.store.get(r["room"]), snapshot=snapshot)
    game = Room.load(c.app.state.hub.store, row).game  # simulated stroke by stroke instead
    assert game.layout == Game.resume(game.record).layout and len(game.record.entries) == 6


def test_idle_rooms_leave_memory_and_come_back_as_they_were(db):
    with TestClient(create_app(db, bot_pause=0, limits=AT_TEST_SPEED, room_idle=30)) as c:
        hub = c.app.state.hub
        idle, before = play(c, 4)
        watched = c.post("/api/rooms", json={"players": LOCAL}).json()
        with numbered(c, f"/ws/{watched['room']}") as ws:
            ws.receive_json()
            now = hub.used[idle["room"]]
            assert hub.evict_idle(now + 10) == []  # not idle long enough
            assert hub.evict_idle(now + 31) == [idle["room"]]  # the watched room stays
            assert set(hub.rooms) == {watched["room"]}
        after = c.get(f"/api/rooms/{idle['room']}").json()
        assert idle["room"] in hub.rooms
    for key in SHOWN:
        assert after[key] == before[key], key


def test_a_match_that_is_over_leaves_memory_after_a_minute_unwatched_not_after_the_idle_time(db):
    """A soak's finished matches stayed in memory for the ten idle minutes, a few MB each: a busy server held
    hundreds of them. A match conceded (ICF 139) leaves after a minute; one still played stays its idle time."""
    with TestClient(create_app(db, bot_pause=0, limits=AT_TEST_SPEED, room_idle=600)) as c:
        hub = c.app.state.hub
        over, _ = play(c, 4)
        playing, _ = play(c, 4, seed=6)
        with numbered(c, f"/ws/{over['room']}?token={over['token']}") as ws:
            ws.receive_json()
            ws.send_json({"type": "concede", "what": "match"})
            assert ws.receive_json()["expected"] is None
        now = max(hub.used[over["room"]], hub.used[playing["room"]])
        assert hub.evict_idle(now + 30) == []
        assert hub.evict_idle(now + 61) == [over["room"]]
        assert set(hub.rooms) == {playing["room"]}
        assert c.get(f"/api/rooms/{over['room']}").json()["expected"] is None  # loaded again when opened
        assert sorted(hub.evict_idle(now + 601)) == sorted([playing["room"], over["room"]])


def test_the_log_sent_after_an_action_reads_only_its_last_rulings(db, monkeypatch):
    """Every state carries the last 60 rulings (``LOG_LENGTH``); the room read them from ``Match.rulings``, a copy of
    every ruling of the match, after every action, so a long match cost more with each stroke (a soak's matches
    run to 900 actions). It reads them by index; so does the replay."""
    from carrom.rules.match import Match

    def copied(self):
        raise AssertionError("every ruling of the match copied")

    monkeypatch.setattr(Match, "rulings", property(copied))
    with TestClient(create_app(db, bot_pause=0, limits=AT_TEST_SPEED)) as c:
        r, s = play(c, 8)
        assert [entry["n"] for entry in s["log"]] == list(range(1, 9)) and all(e["lines"] for e in s["log"])
        outline = c.get(f"/api/matches/{r['room']}/replay/outline")
        assert outline.status_code == 200, outline.text


def test_a_match_that_leaves_memory_is_freed_by_reference_counting_alone(db):
    """The server collects its old objects rarely (``warm.FULL_COLLECTION_EVERY``; a soak's full collections took
    1.7-2.9 s): a cycle in a live match (its room, game, referee or clocks) would keep every match that left memory
    until then. With the collector off, each is gone the moment it leaves."""
    import gc
    import weakref

    enabled = gc.isenabled()
    gc.disable()
    try:
        with TestClient(create_app(db, bot_pause=0, limits=AT_TEST_SPEED)) as c:
            hub = c.app.state.hub
            r, _ = play(c, 12)
            live = hub.live[r["room"]]
            kept = [weakref.ref(x) for x in (live, live.room, live.room.game, live.room.game.match, live.clock)]
            del live
            assert hub.evict_idle(hub.used[r["room"]] + hub.room_idle + 1) == [r["room"]]
            assert [ref() for ref in kept] == [None] * len(kept)
    finally:
        if enabled:
            gc.enable()


def test_a_connection_that_ends_is_freed_by_reference_counting_alone(db):
    """A connection's send task, cancelled when its client left, kept its CancelledError, whose traceback held the
    task's frame and so the connection, which held the task: a cycle through the websocket and uvicorn's protocol.
    The server freezes what lives long (``warm.keep_settled``), so each such cycle stayed for good: a soak's server
    grew by 16 MB every ten minutes. With the collector off, a connection is gone the moment its client is."""
    import gc
    import time
    import weakref

    enabled = gc.isenabled()
    gc.disable()
    try:
        with TestClient(create_app(db, bot_pause=0, limits=AT_TEST_SPEED)) as c:
            r = c.post("/api/rooms", json={"players": LOCAL}).json()
            with c.websocket_connect(f"/ws/{r['room']}?token={r['token']}") as ws:
                assert ws.receive_json()["type"] == "state"
                live = c.app.state.hub.live[r["room"]]
                [conn] = live.connections.values()
                gone = weakref.ref(conn)
                del conn
            deadline = time.monotonic() + 10
            while (live.connections or gone() is not None) and time.monotonic() < deadline:
                time.sleep(0.05)
            assert not live.connections and gone() is None
    finally:
        if enabled:
            gc.enable()


def test_a_match_idle_too_long_is_adjourned_and_the_next_action_resumes_it(db):
    from datetime import datetime, timedelta, timezone

    with TestClient(create_app(db, bot_pause=0, limits=AT_TEST_SPEED, match_idle=3600)) as c:
        hub = c.app.state.hub
        r, _ = play(c, 2)
        fresh = c.post("/api/rooms", json={"players": LOCAL}).json()
        soon = datetime.now(timezone.utc) + timedelta(minutes=30)
        assert hub.adjourn_idle(soon) == []
        later = datetime.now(timezone.utc) + timedelta(hours=2)
        assert sorted(hub.adjourn_idle(later)) == sorted([r["room"], fresh["room"]])
        assert hub.adjourn_idle(later) == []  # once
        s = c.get(f"/api/rooms/{r['room']}").json()
        assert s["adjourned"] is True and "adjourned on" in s["notice"] and "resumes" in s["notice"]
        assert hub.store.count(unfinished=True) == 0 and hub.store.get(r["room"]).adjourned is not None
        with numbered(c, f"/ws/{r['room']}?token={r['token']}") as ws:
            assert ws.receive_json()["adjourned"] is True
            e = s["expected"]
            ws.send_json({"type": "strike", "along": sum(s["legal"][0]) / 2, "angle": 0.0, "power": 0.5}
                         if e["kind"] == "stroke" else {"type": "waive"})
            after = ws.receive_json()
        assert after["adjourned"] is False and "adjourned" not in after.get("notice", "")
        assert hub.store.get(r["room"]).adjourned is None and hub.store.count(unfinished=True) == 1
    with TestClient(create_app(db, bot_pause=0, limits=AT_TEST_SPEED)) as c:  # the adjourned one stays adjourned after a restart
        assert c.get(f"/api/rooms/{fresh['room']}").json()["adjourned"] is True
