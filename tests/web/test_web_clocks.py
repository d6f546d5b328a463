"""The server runs a room's clocks of the laws (docs/web.md, "Clocks"): the option at creation, deadlines
stored and ruled once by the background check, after a restart too, and the laws of absence.

The clock's 15 s are scaled down (``create_app(clock_seconds=...)``): no test waits 15 s. The strokes are fixed, and
whether the turn passes depends on the physics: the server plays ``PHYSICS`` (``create_app(physics=...)``), the model
they were chosen under, whatever the default.
"""

import asyncio
import time
from datetime import datetime, timedelta, timezone

import pytest
from fastapi.testclient import TestClient

from carrom.physics import MODELS
from carrom.store import Store
from carrom.store.clocks import ClockStore
from carrom.web import create_app
from carrom.web.clocks import RoomClocks
from web_helpers import AT_TEST_SPEED, numbered

ONLINE = {"south": {"type": "me", "name": "Asha"}, "north": {"type": "open"}}
LOCAL = {"south": {"type": "me", "name": "Asha"}, "north": {"type": "me", "name": "Ravi"}}
VS_BOT = {"south": {"type": "me", "name": "Asha"}, "north": {"type": "bot", "level": "beginner"}}
PHYSICS = MODELS["v4"]  # the model the strokes below were chosen under


def app(db, seconds=0.4, grace=120.0):
    return TestClient(create_app(db, bot_pause=0, limits=AT_TEST_SPEED, clock_seconds=seconds, absence_grace=grace,
                                 physics=PHYSICS))


def new_room(c, players, **extra):
    r = c.post("/api/rooms", json={"variant": "icf", "players": players} | extra)
    assert r.status_code == 200, r.text
    return r.json()


def online_room(c, first="north"):
    """Asha at south, Ravi joined north without a page (gone); ``first`` breaks."""
    r = new_room(c, ONLINE, first_breaker=first)
    key = r["links"]["invite"].split("#invite=")[1]
    joined = c.post(f"/api/rooms/{r['room']}/join", json={"seat": "north", "name": "Ravi", "invite": key})
    assert joined.status_code == 200, joined.text
    return r


def state(c, room):
    return c.get(f"/api/rooms/{room}").json()


def wait_for(what, limit=10.0):
    end = time.monotonic() + limit
    while time.monotonic() < end:
        got = what()
        if got:
            return got
        time.sleep(0.05)
    raise AssertionError("not within the time limit")


def clock_entries(c, room):
    return [a for a in c.app.state.hub.store.actions(room) if a["type"] == "clock"]


# -- the option at creation ----------------------------------------------------------------------

@pytest.mark.parametrize("players, extra, on", [
    (ONLINE, {}, True),  # online: on by default
    (ONLINE, {"clocks": False}, False),
    (LOCAL, {}, False),  # hot-seat: off by default, on if chosen
    (LOCAL, {"clocks": True}, True),
    (VS_BOT, {}, False),  # against the computer: off
], ids=["online", "online-off", "hot-seat", "hot-seat-on", "computer"])
def test_the_option_and_its_defaults(sqlite_db, players, extra, on):
    with app(sqlite_db, seconds=60) as c:
        r = new_room(c, players, **extra)
        s = state(c, r["room"])
        assert s["clocks"] is on
        if on and players is LOCAL:
            assert s["clock_for"] == {"what": "break", "seat": "south"} and s["deadline"] - s["since"] == 60
            assert s["clock"] == 60


@pytest.mark.parametrize("extra, words", [
    ({"clocks": "yes"}, "clocks must be true or false"),
    ({"clocks": True, "players": VS_BOT}, "against the computer the clocks are off"),
])
def test_a_bad_option_is_refused(sqlite_db, extra, words):
    with app(sqlite_db, seconds=60) as c:
        body = {"variant": "icf", "players": LOCAL} | extra
        r = c.post("/api/rooms", json=body)
        assert r.status_code == 400 and words in r.json()["error"]
        assert c.get("/api/matches", headers={"X-Carrom-Browser": "k"}).status_code == 200


def test_no_clock_runs_until_every_seat_is_taken(sqlite_db):
    with app(sqlite_db, seconds=0.2) as c:
        r = new_room(c, ONLINE)
        assert state(c, r["room"])["deadline"] is None
        time.sleep(0.6)
        assert clock_entries(c, r["room"]) == []


def counted_checks(c) -> list[int]:
    """Count the background check's completed rounds (RoomClocks.run calls ``self.check`` every tick)."""
    clocks = c.app.state.hub.clocks
    done: list[int] = []
    real = clocks.check

    async def check(hub):
        await real(hub)
        done.append(len(done) + 1)

    clocks.check = check
    return done


def test_with_the_clocks_off_nobody_is_timed(sqlite_db):
    """Two hot-seat rooms side by side, one with the clocks on: the background check rules the break of that one
    out of time (ICF 46), and in the same rounds of the check the room with the clocks off gets no ruling."""
    with app(sqlite_db, seconds=0.2) as c:
        done = counted_checks(c)
        off = new_room(c, LOCAL)
        on = new_room(c, LOCAL, clocks=True)
        start = len(done)
        wait_for(lambda: clock_entries(c, on["room"]))  # the check ran and ruled the timed room
        wait_for(lambda: len(done) >= start + 3)  # and went round at least three times in all
        assert clock_entries(c, on["room"])[0] == {"type": "clock", "seat": "south", "what": "break"}
        assert clock_entries(c, off["room"]) == []
        s = state(c, off["room"])
        assert s["clocks"] is False and s.get("deadline") is None and s.get("clock_for") is None


# -- the clock runs out -----------------------------------------------------------------------

def test_an_absent_players_break_is_ruled_out_of_time(sqlite_db):
    """Ravi (north) has no page open: his clock runs all the same; the time foul names ICF 46 and ICF 63 a."""
    with app(sqlite_db) as c:
        r = online_room(c, first="north")
        s = state(c, r["room"])
        assert s["clock_for"] == {"what": "break", "seat": "north"}
        with numbered(c, f"/ws/{r['room']}?token={r['token']}") as ws:  # Asha watches the clock run out
            ws.receive_json()
            update = ws.receive_json()
        assert "did not break within 0.4 seconds (ICF 46)" in update["notice"]
        last = update["log"][-1]
        assert last["seat"] == "north" and "did not break" in last["action"]
        assert any("ICF 63 a" in line for line in last["lines"]) and any("ICF 46" in line for line in last["lines"])
        assert update["clock_for"] == {"what": "break", "seat": "north"}  # a penalty owed, none in the nets: again
        assert update["deadline"] > s["deadline"]
        assert clock_entries(c, r["room"])[0] == {"type": "clock", "seat": "north", "what": "break"}


def test_a_stroke_after_the_deadline_was_set_stops_that_deadline(sqlite_db):
    with app(sqlite_db, seconds=1.0) as c:
        r = new_room(c, LOCAL, clocks=True)
        with numbered(c, f"/ws/{r['room']}?token={r['token']}") as ws:
            ws.receive_json()
            sent = time.time()
            ws.send_json({"type": "strike", "seat": "south", "along": 0.0, "angle": 0.0, "power": 0.6})
            after = ws.receive_json()
        assert after["clock_for"]["what"] in ("stroke", "place")
        # counted once the pieces stop: from after the stroke was sent plus the motion (the server's "now", taken
        # when it describes the state, may come any time after it armed the clock on a busy machine)
        assert after["since"] >= sent + after["shot"]["duration"] - 1e-3
        assert clock_entries(c, r["room"]) == []


@pytest.mark.parametrize("angle, speed, next_seat", [(-0.04, 6.5, "south"), (0.0, 1.0, "north")],
                         ids=["the turn continues", "the turn passes"])  # under PHYSICS: a break that pots, one that does not
def test_the_deadline_after_an_action_is_stored_in_the_actions_own_commit(sqlite_db, angle, speed, next_seat):
    """One commit (one flush to disk) for a stroke in a room with clocks, whether the striker plays on (a coin
    pocketed at the break, ICF 48) or the turn passes: the next deadline joins the action's transaction, and what
    is stored is the deadline the players are sent."""
    from sqlalchemy import event

    with app(sqlite_db, seconds=60) as c:
        r = new_room(c, LOCAL, clocks=True)
        commits = []
        event.listen(c.app.state.hub.store.engine, "commit", lambda _conn: commits.append(1))
        with numbered(c, f"/ws/{r['room']}?token={r['token']}") as ws:
            ws.receive_json()
            ws.send_json({"type": "strike", "seat": "south", "along": 0.0, "angle": angle, "speed": speed})
            after = ws.receive_json()
        assert after["clock_for"] == {"what": "stroke", "seat": next_seat}
        assert len(after["log"]) == 1 and len(commits) == 1
        stored = ClockStore(c.app.state.hub.store).get(r["room"])
        assert (stored.actions, stored.what, stored.seat) == (1, after["clock_for"]["what"], after["clock_for"]["seat"])
        assert stored.due.timestamp() == pytest.approx(after["deadline"], abs=1e-6)
        assert stored.started.timestamp() == pytest.approx(after["since"], abs=1e-6)


def test_two_checks_racing_rule_a_deadline_once(sqlite_db):
    with app(sqlite_db, seconds=60) as c:
        r = new_room(c, LOCAL, clocks=True)
        hub = c.app.state.hub
        past = datetime.now(timezone.utc) - timedelta(seconds=1)
        hub.clocks.table.arm(r["room"], 0, "break", "south", past - timedelta(seconds=60), past)
        other = RoomClocks(hub.store, 60)  # a second checker (as another process would run)

        async def race():
            await asyncio.gather(hub.clocks.check(hub), other.check(hub), hub.clocks.check(hub))

        c.portal.call(race)
        assert clock_entries(c, r["room"]) == [{"type": "clock", "seat": "south", "what": "break"}]


def test_a_deadline_is_claimed_by_one_process_only(sqlite_db):
    store = Store(sqlite_db)
    with app(sqlite_db, seconds=60) as c:
        r = new_room(c, LOCAL, clocks=True)
    a, b = ClockStore(store), ClockStore(Store(sqlite_db))
    past = datetime.now(timezone.utc) - timedelta(seconds=1)
    a.arm(r["room"], 0, "break", "south", past - timedelta(seconds=15), past)
    now = datetime.now(timezone.utc)
    [deadline] = a.passed(now)
    assert [a.claim(deadline, now), b.claim(deadline, now)] == [True, False]
    assert b.passed(now) == []  # taken: not offered again (until the claim is stale)


def test_a_deadline_passed_while_the_server_was_down_is_ruled_after_the_restart(db_url):
    with app(db_url, seconds=0.5) as c:
        r = new_room(c, LOCAL, clocks=True)
        due = state(c, r["room"])["deadline"]
    time.sleep(max(0.0, due - time.time()) + 0.2)
    with app(db_url, seconds=0.5) as c:  # nobody connects: the stored deadline alone brings the room back
        assert wait_for(lambda: clock_entries(c, r["room"]))[0] == {"type": "clock", "seat": "south", "what": "break"}


# -- absence --------------------------------------------------------------------------------

def test_a_player_gone_past_the_grace_loses_the_match(sqlite_db):
    """ICF 143 a: Ravi's page never came back; his clock runs, Asha is there: the match is lost by absence."""
    with app(sqlite_db, seconds=5, grace=0.3) as c:
        r = online_room(c, first="north")
        with numbered(c, f"/ws/{r['room']}?token={r['token']}") as ws:
            ws.receive_json()
            update = ws.receive_json()
        assert update["over"] and update["winner"] == 1  # side 1: Asha (north broke first, side 0)
        assert "ICF 143 a" in update["notice"]
        assert any("ICF 143 a" in line for line in update["log"][-1]["lines"])
        assert update["deadline"] is None


def test_nobody_at_the_board_past_the_grace_adjourns_the_match(sqlite_db):
    with app(sqlite_db, seconds=5, grace=0.3) as c:
        r = new_room(c, LOCAL, clocks=True)
        s = wait_for(lambda: (s := state(c, r["room"]))["adjourned"] and s)
        assert s["deadline"] is None and not s["over"] and "adjourned" in s["notice"]
        assert c.app.state.hub.store.get(r["room"]).adjourned is not None
        with numbered(c, f"/ws/{r['room']}?token={r['token']}") as ws:  # the next action resumes it
            ws.receive_json()
            ws.send_json({"type": "strike", "seat": "south", "along": 0.0, "angle": 0.0, "power": 0.6})
            after = ws.receive_json()
        assert not after["adjourned"] and after["deadline"] is not None


def test_the_grace_is_an_option_of_the_server(monkeypatch):
    from typer.testing import CliRunner

    from carrom.cli import web as cli_web
    from carrom.cli.app import app as cli

    out = CliRunner().invoke(cli, ["serve", "--port", "0", "--absence-grace", "-3"])
    assert out.exit_code != 0 and "--absence-grace must be 0 seconds or more, not -3.0" in out.output
    made = {}

    def fake_create_app(db, **kw):
        made.update(kw)
        raise cli_web.typer.Exit(0)  # stop before listening

    monkeypatch.setattr("carrom.web.create_app", fake_create_app)
    CliRunner().invoke(cli, ["serve", "--port", "0", "--absence-grace", "30"])
    assert made["absence_grace"] == 30.0


# -- one live match, one home ---------------------------------------------------------------

def test_a_match_that_leaves_memory_takes_all_its_clocks_state_with_it(sqlite_db):
    """Issue 24 (the live match in one place): an evicted match's clocks keep nothing of it in the process's
    checker: not that it keeps clocks, not its deadline, not since when its players are gone (ICF 143 a counts an
    absence from when it is first seen; a match loaded again counts afresh, from its stored deadline)."""
    with app(sqlite_db, seconds=60, grace=120) as c:
        hub = c.app.state.hub
        room = new_room(c, LOCAL, clocks=True)["room"]  # nobody connected: both players seen gone
        c.portal.call(hub.clocks.check, hub)
        assert hub.live[room].view()["deadline"] is not None
        assert hub.evict_idle(now=time.monotonic() + hub.room_idle + 1) == [room]
        assert room not in repr(vars(hub.clocks)), vars(hub.clocks)
        assert state(c, room)["deadline"] is not None  # loaded again: the stored deadline runs on
