"""The websocket protocol through the framework's test client: every message, every bad one, restarts."""

import json

import pytest
from fastapi.testclient import TestClient

from carrom.players import RandomPlayer, step
from carrom.web import create_app

LOCAL = {"south": {"type": "me", "name": "Asha"}, "north": {"type": "me", "name": "Ravi"}}
VS_BOT = {"south": {"type": "me", "name": "Asha"}, "north": {"type": "bot", "level": "beginner"}}


@pytest.fixture
def db(tmp_path):
    return f"sqlite:///{tmp_path / 'p.db'}"


@pytest.fixture
def client(db):
    with TestClient(create_app(db, bot_pause=0)) as c:
        yield c


def new_room(client, players=LOCAL, variant="icf"):
    r = client.post("/api/rooms", json={"variant": variant, "players": players})
    assert r.status_code == 200, r.text
    return r.json()


def state(client, room):
    return client.get(f"/api/rooms/{room}").json()


def drive_to(client, room, kind):
    """Play random legal actions on the server's game until the laws wait for ``kind``."""
    game = client.app.state.hub.rooms[room].game
    bots = {s: RandomPlayer(5) for s in ("south", "north")}
    for _ in range(3000):
        if game.expected()[0] == kind:
            return game.expected()[1]
        step(game, bots)
    raise AssertionError(f"never reached {kind}")


def test_rooms_are_unguessable_and_the_creator_plays_its_seats(client):
    a, b = new_room(client), new_room(client)
    assert a["room"] != b["room"] and len(a["room"]) >= 16 and len(a["token"]) >= 20
    assert a["seats"] == ["south", "north"]


@pytest.mark.parametrize("body, message", [
    ({"variant": "chess", "players": LOCAL}, "variant"),
    ({"variant": "icf", "players": {"south": {"type": "me"}}}, "players"),
    ({"variant": "icf", "players": {"south": {"type": "me"}, "north": {"type": "bot", "level": "god"}}}, "level"),
    ({"variant": "icf", "players": {"south": {"type": "me"}, "north": {"type": "alien"}}}, "type"),
])
def test_bad_room_requests_get_a_clear_error(client, body, message):
    r = client.post("/api/rooms", json=body)
    assert r.status_code == 400 and message in r.json()["error"]


def test_strike_is_ruled_stored_and_broadcast_with_the_motion(client):
    r = new_room(client)
    with client.websocket_connect(f"/ws/{r['room']}?token={r['token']}") as ws:
        first = ws.receive_json()
        assert first["expected"] == {"kind": "stroke", "seat": "south"} and first["you"] == ["south", "north"]
        assert first["legal"] and len(first["layout"]) == 19
        ws.send_json({"type": "strike", "seat": "south", "along": 0.0, "angle": 0.0, "power": 0.9})
        update = ws.receive_json()
    assert update["shot"]["frames"] and update["shot"]["kinds"][-1] == "striker"
    assert any("ICF 44" in line for line in update["log"][-1]["lines"])
    stored = json.loads(client.get(f"/api/matches/{r['room']}/record").text)
    assert stored["games"][0]["boards"][0]["actions"][0]["choice"]["speed"] > 0


BAD = [
    ("not json at all", "not JSON"),
    ([1, 2], "JSON object"),
    ({"type": "dance", "seat": "south"}, "unknown message type"),
    ({"type": "strike", "seat": "east", "along": 0, "angle": 0, "power": 0.5}, "you do not play"),
    ({"type": "strike", "seat": "north", "along": 0, "angle": 0, "power": 0.5}, "not north's stroke"),
    ({"type": "strike", "seat": "south", "along": 0, "angle": 0, "power": 3}, "power"),
    ({"type": "strike", "seat": "south", "along": "left", "angle": 0, "power": 0.5}, "along"),
    ({"type": "strike", "seat": "south", "along": 0.3, "angle": 0, "power": 0.5}, "ICF 130"),
    ({"type": "place", "seat": "north", "x": 0, "y": 0}, "not north's place"),
    ({"type": "claim", "seat": "south", "points": 1}, "not south's claim"),
    ({"type": "concede", "seat": "south", "what": "everything"}, "concede what"),
]


@pytest.mark.parametrize("msg, message", BAD, ids=[m for _, m in BAD])
def test_bad_messages_are_answered_and_change_nothing(client, msg, message):
    r = new_room(client)
    before = state(client, r["room"])
    with client.websocket_connect(f"/ws/{r['room']}?token={r['token']}") as ws:
        ws.receive_json()
        ws.send_text(msg if isinstance(msg, str) else json.dumps(msg))
        reply = ws.receive_json()
    assert reply["type"] == "error" and message in reply["message"], reply
    assert state(client, r["room"]) == before


def test_a_watcher_may_not_act(client):
    r = new_room(client)
    with client.websocket_connect(f"/ws/{r['room']}") as ws:
        assert ws.receive_json()["you"] == []
        ws.send_json({"type": "strike", "seat": "south", "along": 0, "angle": 0, "power": 0.5})
        assert "you do not play 'south'" in ws.receive_json()["message"]
    assert state(client, r["room"])["log"] == []


def test_place_waive_and_an_illegal_placement(client):
    r = new_room(client)
    seat = drive_to(client, r["room"], "place")
    with client.websocket_connect(f"/ws/{r['room']}?token={r['token']}") as ws:
        ws.receive_json()
        ws.send_json({"type": "place", "seat": seat, "x": 0.0, "y": 0.0})  # over the centre circle (ICF 89 b)
        reply = ws.receive_json()
        assert reply["type"] == "error" and "inner" in reply["message"]
        owed = len(state(client, r["room"])["board"]["owed"])
        ws.send_json({"type": "place", "seat": seat, "x": 0.06, "y": 0.02})
        reply = ws.receive_json()
        if reply["type"] == "error":  # a piece lies there: give the placing up instead (ICF 80)
            ws.send_json({"type": "waive", "seat": seat})
            reply = ws.receive_json()
        assert reply["type"] == "state" and len(reply["board"]["owed"]) < owed


def test_claim_concede_and_auto(client):
    r = new_room(client)
    with client.websocket_connect(f"/ws/{r['room']}?token={r['token']}") as ws:
        ws.receive_json()
        ws.send_json({"type": "auto", "seat": "south"})
        assert ws.receive_json()["log"]
        seat = state(client, r["room"])["expected"]["seat"]
        ws.send_json({"type": "concede", "seat": seat, "what": "board"})
        reply = ws.receive_json()
        if reply["expected"]["kind"] == "claim":  # extra points for coins owed (ICF 87 b)
            ws.send_json({"type": "claim", "seat": reply["expected"]["seat"], "points": 0})
            reply = ws.receive_json()
        assert reply["score"]["boards"] and any("ICF 139" in line for line in reply["log"][-1]["lines"])
        ws.send_json({"type": "concede", "seat": "south", "what": "match"})
        assert ws.receive_json()["over"] is True
    listed = client.get("/api/matches").json()
    assert listed[0]["over"] and "won" in listed[0]["result"]
    card = client.get(f"/matches/{r['room']}/scorecard")
    assert card.status_code == 200 and "Asha" in card.text


def test_bots_play_their_turns_on_the_server(client):
    r = new_room(client, VS_BOT)
    with client.websocket_connect(f"/ws/{r['room']}?token={r['token']}") as ws:
        ws.receive_json()
        ws.send_json({"type": "strike", "seat": "south", "along": 0.0, "angle": 1.2, "power": 0.3})  # a miss
        for _ in range(50):
            msg = ws.receive_json()
            if any(line for entry in msg["log"] for line in entry["lines"] if "North" in line):
                break
        else:
            pytest.fail("the bot never played")


def test_a_restart_loses_nothing_and_the_match_resumes(db):
    with TestClient(create_app(db, bot_pause=0)) as c:
        r = new_room(c)
        drive_to(c, r["room"], "place")
        room = c.app.state.hub.rooms[r["room"]]
        room._commit(0, None)  # store what was played directly on the game above
        before = state(c, r["room"])
    with TestClient(create_app(db, bot_pause=0)) as c:  # a new server on the same database
        after = state(c, r["room"])
        assert after["layout"] == before["layout"] and after["board"] == before["board"]
        assert after["expected"] == before["expected"]
        with c.websocket_connect(f"/ws/{r['room']}?token={r['token']}") as ws:
            ws.receive_json()
            ws.send_json({"type": "waive", "seat": after["expected"]["seat"]})
            assert ws.receive_json()["type"] == "state"


def test_replay_in_the_browser_api(client):
    r = new_room(client)
    drive_to(client, r["room"], "place")
    client.app.state.hub.rooms[r["room"]]._commit(0, None)
    v = client.get(f"/api/matches/{r['room']}/replay?step=1").json()
    assert v["step"] == 1 and v["steps"] > 1 and v["lines"]
    assert client.get("/api/matches/nope/replay").status_code == 404
