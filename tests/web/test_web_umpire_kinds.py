"""Every refusal says what kind it is and, where a law forbids it, which law: through the real endpoints.

The tablet (POST /api/umpire/{id}/entries) and the live game (the websocket, POST /api/rooms) answer an error with
``kind`` (malformed, illegal, out-of-turn, over; the web's own forbidden, repeated, stale) and ``law`` as data, so a
page or a program need not read the English to know what went wrong (issue 23; before, only the words said it).
"""

import json

import pytest
from fastapi.testclient import TestClient

from carrom.web import create_app
from test_web_umpire import MATCH, enter, new_match
from web_helpers import AT_TEST_SPEED, numbered

KINDS = {"malformed", "illegal", "out-of-turn", "over", "forbidden", "repeated", "stale", "too-many", "not-found",
         "failed"}  # docs/web.md, "Errors"


def test_the_kinds_are_the_ones_documented():
    from carrom.web.messages import KINDS as SENT
    assert set(SENT) == KINDS


@pytest.fixture
def client(sqlite_db):
    with TestClient(create_app(sqlite_db, bot_pause=0, limits=AT_TEST_SPEED)) as c:
        yield c


def entered(client, m, lines):
    for line in lines:
        r = enter(client, m, line)
        assert r.status_code == 200, r.text


def refused(r, status, kind, law=None):
    assert r.status_code == status, r.text
    body = r.json()
    assert body.get("kind") == kind and body.get("law") == law, body
    assert body["error"] and body["refusal"]  # the words too, for the reader's language
    return body


def test_the_tablets_refusals_carry_their_kind_and_law(client):
    m = new_match(client)
    refused(enter(client, m, "zz"), 400, "malformed")  # notation that does not read
    refused(client.post(f"/api/umpire/{m['id']}/entries", json={"line": 5, "revision": 0},
                        headers={"X-Umpire-Key": m["key"]}), 400, "malformed")
    refused(enter(client, m, "w", key="not-the-key"), 403, "forbidden")
    entered(client, m, ["w", "ws"])
    # ICF 78 a: the coins owed are placed before the next stroke; a stroke now is not what the laws wait for
    refused(enter(client, m, "w"), 400, "out-of-turn", "ICF 78 a")
    entered(client, m, ["place"])
    # ICF 87 a: the placing is waived in full or not at all; once begun, a waiver is against that law
    refused(enter(client, m, "place waive"), 400, "illegal", "ICF 87 a")
    # ICF 46, 50, 88 a: the 15-second clocks run only while the laws wait for a break, a stroke or a placing
    now = client.get(f"/api/umpire/{m['id']}").json()["revision"]
    r = enter(client, m, "place")
    assert r.status_code == 200
    refused(enter(client, m, "place", revision=now), 409, "repeated")  # the same tap twice
    refused(enter(client, m, "w", revision=now), 409, "stale")  # made on a state that has moved on
    entered(client, m, ["concede match"])
    refused(enter(client, m, "w"), 400, "over")


def test_the_live_games_refusals_carry_their_kind_and_law(client):
    r = client.post("/api/rooms", json={"variant": "icf", "players": {"south": {"type": "me", "name": "Asha"},
                                                                      "north": {"type": "me", "name": "Ravi"}}})
    assert r.status_code == 200
    room = r.json()
    bad = client.post("/api/rooms", json={"variant": "icf", "players": {"up": {"type": "me"}}})
    assert bad.status_code == 400 and bad.json().get("kind") == "malformed"
    cases = [
        ("not JSON", "malformed", None),
        ({"type": "strike", "seat": "south", "along": 0, "angle": 0, "power": 3}, "malformed", None),
        # ICF 130: the striker touches an arrow's line or a base circle only partly: the laws forbid it there
        ({"type": "strike", "seat": "south", "along": 0.3, "angle": 0, "power": 0.5}, "illegal", "ICF 130"),
        # ICF 48, 49: the players strike in turn; North does not break
        ({"type": "strike", "seat": "north", "along": 0, "angle": 0, "power": 0.5}, "out-of-turn", None),
        ({"type": "waive", "seat": "south"}, "out-of-turn", None),
        ({"type": "concede", "seat": "south", "what": "match"}, None, None),  # accepted: the match is over
        ({"type": "strike", "seat": "north", "along": 0, "angle": 0, "power": 0.5}, "over", None),
    ]
    with numbered(client, f"/ws/{room['room']}?token={room['token']}") as ws, \
            numbered(client, f"/ws/{room['room']}") as watcher:
        ws.receive_json(), watcher.receive_json()
        watcher.send_json({"type": "strike", "seat": "south", "along": 0, "angle": 0, "power": 0.5})
        reply = watcher.receive_json()
        assert reply["type"] == "error" and reply.get("kind") == "forbidden", reply
        for msg, kind, law in cases:
            ws.send_text(msg if isinstance(msg, str) else json.dumps(ws.numbered(msg)))
            reply = ws.receive_json()
            if kind is None:
                assert reply["type"] == "state", reply
                watcher.receive_json()
                continue
            assert reply["type"] == "error" and reply.get("kind") == kind and reply.get("law") == law, (msg, reply)
