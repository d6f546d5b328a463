"""What is said and shown beside a match (issue 39, docs/web.md "Presence", "Quick messages", "Watching the aim"):
a player's page gone is told to the others with when the grace of ICF 143 a runs out, and its return too; quick
messages go by id to the players' pages (never free text; one every two seconds; a watcher sends none); the
striker's aim goes to every other page, the striker's only, in its turn, at most ten a second. Nothing of it is
stored. On SQLite."""

import contextlib
import time

import pytest
from fastapi.testclient import TestClient

from carrom.web import create_app
from web_helpers import AT_TEST_SPEED, numbered


@pytest.fixture
def client(sqlite_db):
    with TestClient(create_app(sqlite_db, bot_pause=0, limits=AT_TEST_SPEED, absence_grace=60)) as c:
        yield c


def until(ws, kind):
    """The next message of type ``kind`` (states and the like before it skipped)."""
    for _ in range(20):
        msg = ws.receive_json()
        if msg["type"] == kind:
            return msg
        assert msg["type"] != "error", msg  # a refusal not asked for (on main: say and aim are unknown types)
    raise AssertionError(f"no {kind} message")


def online(client):
    """A room with clocks: south played by Asha, north open; its id, Asha's token and the invitation's key."""
    made = client.post("/api/rooms", json={"variant": "icf", "clocks": True, "players": {
        "south": {"type": "me", "name": "Asha"}, "north": {"type": "open", "name": "Ravi"}}}).json()
    return made["room"], made["token"], made["links"]["invite"].split("#invite=")[1]


@contextlib.contextmanager
def north(client, room, invite):
    """Ravi's page, taking the free seat: its websocket and his token."""
    with numbered(client, f"/ws/{room}") as ws:
        until(ws, "state")
        ws.send_json({"type": "join", "seat": "north", "name": "Ravi", "invite": invite})
        yield ws, until(ws, "joined")["token"]


def test_a_player_who_leaves_is_shown_away_until_the_grace_runs_out_and_back_when_he_returns(client):
    room, token, invite = online(client)
    with numbered(client, f"/ws/{room}?token={token}") as asha:
        until(asha, "state")
        with north(client, room, invite) as (_, ravi_token):
            until(asha, "state")  # Ravi took his seat
        away = until(asha, "presence")
        assert list(away["away"]) == ["north"] and away["grace"] == 60
        assert 55 < away["away"]["north"] - time.time() <= 60
        with numbered(client, f"/ws/{room}?token={ravi_token}") as back:
            until(back, "state")
            assert until(asha, "presence")["away"] == {}
        assert list(until(asha, "presence")["away"]) == ["north"]  # gone again: the grace counts from then
    with numbered(client, f"/ws/{room}") as watcher:  # a page that arrives while both are gone: its opening says so
        assert sorted(until(watcher, "state")["away"]) == ["north", "south"]


def test_quick_messages_go_by_id_to_the_players_one_every_two_seconds(client):
    room, token, invite = online(client)
    with numbered(client, f"/ws/{room}?token={token}") as asha, numbered(client, f"/ws/{room}") as watcher:
        until(asha, "state"), until(watcher, "state")
        with north(client, room, invite) as (ravi, _):
            said(asha, ravi, watcher)
    assert client.get(f"/api/rooms/{room}").json()["log"] == []  # nothing of it stored


def said(asha, ravi, watcher):
    ravi.send_json({"type": "say", "quick": "good_luck"})
    heard = {"type": "quick", "seat": "north", "quick": "good_luck"}
    assert until(asha, "quick") == heard and until(ravi, "quick") == heard
    ravi.send_json({"type": "say", "quick": "thanks"})
    again = until(ravi, "error")
    assert again["code"] == "too_many" and "one quick message every 2 seconds" in again["message"]
    asha.send_json({"type": "say", "quick": "you are a cheat"})  # free text: refused, naming the field
    bad = until(asha, "error")
    assert bad["code"] == "bad_message" and bad["message"].startswith("quick must be one of hello, good_luck")
    asha.send_json({"type": "say"})
    assert until(asha, "error")["message"] == "say needs quick"
    watcher.send_json({"type": "say", "quick": "hello"})
    assert until(watcher, "error")["message"] == "quick messages are the players': you are watching"
    asha.send_json({"type": "say", "quick": "well_played"})
    assert until(ravi, "quick")["quick"] == "well_played"


def test_the_strikers_aim_goes_to_the_other_pages_at_most_ten_a_second(client):
    room, token, invite = online(client)
    with numbered(client, f"/ws/{room}?token={token}") as asha, numbered(client, f"/ws/{room}") as watcher:
        until(asha, "state"), until(watcher, "state")
        with north(client, room, invite) as (ravi, _):
            aimed(asha, ravi, watcher)


def aimed(asha, ravi, watcher):
    until(watcher, "state")
    ravi.send_json({"type": "aim", "along": 0.1, "angle": 0.0, "power": 0.0})  # not his turn: dropped
    asha.send_json({"type": "aim", "along": 0.05, "angle": 0.2, "power": 0.3})
    asha.send_json({"type": "aim", "along": 0.06, "angle": 0.2, "power": 0.3})  # within 0.1 s: dropped
    time.sleep(0.12)
    asha.send_json({"type": "aim", "along": 0.07, "angle": -0.1, "power": 0.5})
    first = {"type": "aim", "seat": "south", "along": 0.05, "angle": 0.2, "power": 0.3}
    assert until(watcher, "aim") == first and until(ravi, "aim") == first
    assert until(watcher, "aim")["along"] == 0.07
    asha.send_json({"type": "aim", "along": 0.9, "angle": 0.0, "power": 0.0})
    assert until(asha, "error")["message"] == "along 0.9 is out of range: at least -0.5 and at most 0.5"


def test_the_page_words_every_quick_message_the_server_knows_and_no_other():
    import re
    from pathlib import Path

    from carrom.web.messages import QUICK

    page = (Path(__file__).resolve().parents[2] / "src/carrom/web/static/lobby-room.js").read_text()
    block = page.split("export const QUICK = {", 1)[1].split("};", 1)[0]
    assert tuple(re.findall(r"(\w+): \(\) => t\(", block)) == QUICK
