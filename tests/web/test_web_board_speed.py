"""Board speed as a user's choice (issue 20): a new match and the practice table play on a slow,
medium or fast board, the physics v4-slow, v4 and v4-fast (docs/physics.md, "board speed")."""

import json

import pytest
from fastapi.testclient import TestClient

from carrom.game import Game
from carrom.physics import BOARD_SPEEDS, MODELS
from carrom.practice import Aim, Position, predict
from carrom.web import create_app
from web_helpers import AT_TEST_SPEED, numbered

LOCAL = {"south": {"type": "me", "name": "Asha"}, "north": {"type": "me", "name": "Ravi"}}


@pytest.fixture
def client(sqlite_db):
    with TestClient(create_app(sqlite_db, bot_pause=0, limits=AT_TEST_SPEED)) as c:
        yield c


def test_the_options_and_an_unknown_speed_refused_by_name(client):
    assert client.get("/api/options").json()["board_speeds"] == ["slow", "medium", "fast"]
    r = client.post("/api/rooms", json={"variant": "icf", "players": LOCAL, "board_speed": "turbo"})
    assert r.status_code == 400
    assert r.json()["error"] == "board_speed must be one of slow, medium, fast, not 'turbo'"
    r = client.post("/api/practice/predict", json={"position": client.get("/api/practice/opening").json()["position"],
                                                   "aim": {"along": 0.0, "angle": 0.0, "speed": 6.0}, "board_speed": 3})
    assert r.status_code == 400 and r.json()["error"] == "board_speed must be one of slow, medium, fast, not 3"


def test_a_fast_match_plays_v4_fast_and_its_record_says_so(client):
    r = client.post("/api/rooms", json={"variant": "icf", "players": LOCAL, "board_speed": "fast"}).json()
    assert client.app.state.hub.rooms[r["room"]].game.params == BOARD_SPEEDS["v4-fast"]
    with numbered(client, f"/ws/{r['room']}?token={r['token']}") as ws:
        first = ws.receive_json()
        assert first["board_speed"] == "fast" and first["physics"] == "v4-fast"
        ws.send_json({"type": "strike", "seat": "south", "along": 0.0, "angle": 0.05, "speed": 6.5})
        update = ws.receive_json()
    record = json.loads(client.get(f"/api/matches/{r['room']}/record").text)
    assert record["physics"] == "v4-fast"  # the record's header names the board it was played on
    # the stroke was simulated on the fast board: the server's discs are a fast game's, not a medium one's
    games = {}
    for name, params in (("fast", BOARD_SPEEDS["v4-fast"]), ("medium", MODELS["v4"])):
        games[name] = Game.new({"south": "Asha", "north": "Ravi"}, params=params)
        games[name].strike("south", 0.0, 0.05, 6.5)
    shown = [(d["x"], d["y"]) for d in update["layout"]]
    assert shown == [(round(d.x, 6), round(d.y, 6)) for d in games["fast"].layout.discs]
    assert shown != [(round(d.x, 6), round(d.y, 6)) for d in games["medium"].layout.discs]
    plain = client.post("/api/rooms", json={"variant": "icf", "players": LOCAL}).json()  # not given: medium
    assert client.app.state.hub.rooms[plain["room"]].game.record.header.physics == "v4"


def test_practice_plays_on_the_chosen_board(client):
    position = client.get("/api/practice/opening").json()["position"]
    aim = {"along": 0.0, "angle": 0.05, "speed": 6.5}
    got = {speed: client.post("/api/practice/predict", json={"position": position, "aim": aim, "board_speed": speed}).json()
           for speed in ("slow", "fast")}
    unnamed = client.post("/api/practice/predict", json={"position": position, "aim": aim}).json()
    expected = predict(Position.from_dict(position), Aim(**aim), BOARD_SPEEDS["v4-fast"])
    assert [(p["index"], p["pocket"]) for p in got["fast"]["pocketed"]] == [(p.index, p.pocket) for p in expected.pocketed]
    assert got["fast"]["after"] != got["slow"]["after"]
    assert unnamed["after"] == client.post("/api/practice/predict", json={"position": position, "aim": aim,
                                                                         "board_speed": "medium"}).json()["after"]
    played = client.post("/api/practice/strike", json={"position": position, "aim": aim, "board_speed": "fast"}).json()
    assert played["after"] == got["fast"]["after"]
