"""An online match starts once every seat is taken; the names chosen on joining are the record's."""

import json
import time

import pytest
from fastapi.testclient import TestClient

from carrom.web import create_app
from web_helpers import numbered

ONLINE = {"south": {"type": "me", "name": "Asha"}, "north": {"type": "open"}}


@pytest.fixture
def client(tmp_path):
    with TestClient(create_app(f"sqlite:///{tmp_path / 's.db'}", bot_pause=0)) as c:
        yield c


def new_room(client, players=ONLINE, **extra):
    r = client.post("/api/rooms", json={"players": players} | extra)
    assert r.status_code == 200, r.text
    return r.json()


def join(client, r, seat, name):
    key = r["links"]["invite"].split("#invite=")[1]
    j = client.post(f"/api/rooms/{r['room']}/join", json={"seat": seat, "name": name, "invite": key})
    assert j.status_code == 200, j.text
    return j.json()


def test_nobody_strikes_while_a_seat_is_free(client):
    r = new_room(client)
    with numbered(client, f"/ws/{r['room']}?token={r['token']}") as host:
        first = host.receive_json()
        assert "waiting for north to join" in first["notice"]
        for msg in ({"type": "strike", "along": 0.0, "angle": 0.0, "power": 0.9}, {"type": "concede"},
                    {"type": "auto"}):
            host.send_json(msg)
            reply = host.receive_json()
            assert reply["code"] == "refused" and "waiting for north" in reply["message"], reply
        assert client.app.state.hub.store.actions(r["room"]) == []
        join(client, r, "north", "Ravi")
        assert "notice" not in host.receive_json()  # everybody is told: the match is on
        host.send_json({"type": "strike", "along": 0.0, "angle": 0.0, "power": 0.9})
        assert host.receive_json()["log"][-1]["seat"] == "south"


def test_a_bot_does_not_break_before_every_seat_is_taken(client):
    players = {"south": {"type": "me", "name": "Asha"}, "east": {"type": "bot", "level": "beginner"},
               "north": {"type": "me", "name": "Bela"}, "west": {"type": "open"}}
    r = new_room(client, players, first_breaker="east")
    with numbered(client, f"/ws/{r['room']}?token={r['token']}") as host:
        assert host.receive_json()["expected"] == {"kind": "stroke", "seat": "east"}
        time.sleep(0.5)  # the bot had its chance: it waits
        assert client.app.state.hub.store.actions(r["room"]) == []
        join(client, r, "west", "Dev")
        for _ in range(10):
            s = host.receive_json()
            if s["log"]:
                break
        assert s["log"][0]["seat"] == "east"


def test_the_names_chosen_on_joining_are_in_the_rulings_the_record_and_the_scorecard(client):
    r = new_room(client)
    guest = join(client, r, "north", "Ravi")
    with numbered(client, f"/ws/{r['room']}?token={r['token']}") as host, \
            numbered(client, f"/ws/{r['room']}?token={guest['token']}") as ws:
        host.receive_json(), ws.receive_json()
        host.send_json({"type": "strike", "along": 0.0, "angle": 1.3, "power": 0.3})
        host.receive_json(), ws.receive_json()
        ws.send_json({"type": "strike", "along": 0.0, "angle": 0.0, "power": 0.8})
        s = ws.receive_json()
    assert s["log"][-1]["action"].startswith("North (Ravi) strikes")
    record = json.loads(client.get(f"/api/matches/{r['room']}/record").text)
    assert record["players"]["north"]["name"] == "Ravi"
    card = client.get(f"/matches/{r['room']}/scorecard").text
    assert "Ravi" in card and "North</" not in card
    restarted = client.app.state.hub.store.get(r["room"])
    assert json.loads(restarted.record)["players"]["north"]["name"] == "Ravi"
