"""Every field checked before anything is touched, each message used once, and what one client may cost."""

import asyncio
import concurrent.futures
import json
import logging

import httpx
import pytest
import websockets
from fastapi.testclient import TestClient

from carrom.web import create_app
from carrom.web.limits import Limits
from carrom.web.rooms import Room
from web_helpers import numbered

LOCAL = {"south": {"type": "me", "name": "Asha"}, "north": {"type": "me", "name": "Ravi"}}


@pytest.fixture
def client(tmp_path):
    with TestClient(create_app(f"sqlite:///{tmp_path / 'l.db'}", bot_pause=0)) as c:
        yield c


def new_room(client, players=LOCAL):
    r = client.post("/api/rooms", json={"players": players})
    assert r.status_code == 200, r.text
    return r.json()


def connect(client, r):
    return numbered(client, f"/ws/{r['room']}?token={r['token']}")


def visible(client, room):
    return {k: v for k, v in client.get(f"/api/rooms/{room}").json().items() if k not in ("now", "since")}


@pytest.fixture
def no_rebuild(monkeypatch):
    """A bad message must be refused without reading the match back from the store."""
    def forbidden(*args, **kwargs):
        raise AssertionError("the match was rebuilt from the store for a bad message")
    monkeypatch.setattr(Room, "reload", forbidden)
    monkeypatch.setattr(Room, "load", classmethod(forbidden))


TYPED = [  # (message, words of the error): fields of the wrong type or size, each named
    ({"type": "toss", "winner": {}}, "winner must be south, east, north or west, not {}"),
    ({"type": "toss", "winner": []}, "winner must be south, east, north or west, not []"),
    ({"type": "strike", "along": 10**400, "angle": 0, "power": 0.5}, "along 10000000000000000000… is out of range"),
    ({"type": "strike", "along": -(10**400), "angle": 0, "power": 0.5}, "is out of range"),
    ({"type": "strike", "along": 0, "angle": 0, "power": 0.5, "speed": 3}, "power or speed, not both"),
    ({"type": "strike", "along": 0, "angle": 0, "power": 0.5, "spin": 1}, "strike has no field 'spin'"),
    ({"type": "place", "x": 0, "y": 0, "coin": {}}, "coin must be one of white, black, queen, not {}"),
    ({"type": "claim", "points": 10**30}, "points must be a whole number"),
    ({"type": "concede", "what": ["board"]}, "what must be one of board, game, match, not ['board']"),
    ({"type": "auto", "until": "forever"}, "until must be one of board"),
    ({"type": "strike", "seat": {}, "along": 0, "angle": 0, "power": 0.5}, "seat must be south"),
    ({"type": {}, "along": 0}, "unknown message type {}"),
    ({"type": "join", "seat": "north", "name": "x" * 41}, "at most 40"),
    ({"type": "join", "seat": "north", "name": "<script>"}, "not '<'"),
    ({"type": "join", "seat": "north", "name": 7}, "name must be text"),
    ({"type": "join", "watch": "yes"}, "watch must be true or false"),
]


@pytest.mark.parametrize("msg, words", TYPED, ids=[w for _, w in TYPED])
def test_every_field_is_checked_before_the_match_is_touched(client, no_rebuild, msg, words):
    r = new_room(client)
    before = visible(client, r["room"])
    with connect(client, r) as ws:
        ws.receive_json()
        ws.send_json(msg)
        reply = ws.receive_json()
    assert reply["type"] == "error" and words in reply["message"] and reply["code"] == "bad_message", reply
    assert reply["seq"] == 1
    assert visible(client, r["room"]) == before and client.app.state.hub.store.actions(r["room"]) == []


@pytest.mark.parametrize("text", ["1" * 5000, "[" * 5000 + "]" * 5000, '{"type": "strike", "along": NaN}',
                                  '{"seq": 1, "type": "strike", "along": Infinity, "angle": 0, "power": 1}'])
def test_numbers_too_long_nesting_too_deep_and_nan_are_refused_cheaply(client, no_rebuild, text):
    r = new_room(client)
    with connect(client, r) as ws:
        ws.receive_json()
        ws.send_text(text)
        reply = ws.receive_json()
    assert reply["type"] == "error" and reply["code"] == "bad_message", reply


BAD_ROOMS = [
    ({"players": LOCAL, "first_breaker": {}}, "first_breaker must be one of the seats played"),
    ({"players": LOCAL, "variant": {}}, "variant must be one of"),
    ({"players": {"south": {"type": "me"}, "north": {"type": "bot", "level": []}}}, "players.north.level"),
    ({"players": {"south": {"type": {}}, "north": {"type": "me"}}}, "players.south.type"),
    ({"players": {"south": {"type": "me", "name": "a" * 41}, "north": {"type": "me"}}}, "players.south.name is 41"),
    ({"players": {"south": {"type": "me", "name": "Asha\u0000"}, "north": {"type": "me"}}}, "not '\\x00'"),
    ({"players": {"south": {"type": "me", "colour": "red"}, "north": {"type": "me"}}}, "no field 'colour'"),
    ({"players": LOCAL, "public": "yes"}, "public must be true or false"),
    ({"players": LOCAL, "timer": 3}, "a new match has no field 'timer'"),
]


@pytest.mark.parametrize("body, words", BAD_ROOMS, ids=[w for _, w in BAD_ROOMS])
def test_a_bad_new_match_is_a_400_naming_the_field(client, body, words):
    r = client.post("/api/rooms", json=body)
    assert r.status_code == 400 and words in r.json()["error"], r.text
    assert client.app.state.hub.store.matches() == []


def test_names_keep_letters_of_every_language_and_common_punctuation(client):
    players = {"south": {"type": "me", "name": "  José   O'Neil-Smith "}, "north": {"type": "me", "name": "रवि (Ravi)"}}
    s = client.get(f"/api/rooms/{new_room(client, players)['room']}").json()
    assert s["seats"]["south"]["name"] == "José O'Neil-Smith" and s["seats"]["north"]["name"] == "रवि (Ravi)"


def test_a_number_of_5000_digits_in_a_request_is_a_400(client):
    r = client.post("/api/rooms", content=b'{"players": ' + b"1" * 5000 + b"}",
                    headers={"Content-Type": "application/json"})
    assert r.status_code == 400 and "JSON" in r.json()["error"]


# -- seq: each message once --------------------------------------------------------------------------


def test_seq_is_required_a_whole_number_and_increasing(client):
    r = new_room(client)
    strike = {"type": "strike", "seat": "south", "along": 0.0, "angle": 0.0, "power": 0.9}
    with connect(client, r) as ws:
        ws.receive_json()
        for seq, code in ((None, "bad_message"), ("7", "bad_message"), (1.5, "bad_message"), (0, "bad_message"),
                          (True, "bad_message")):
            ws.send_text(json.dumps(strike if seq is None else strike | {"seq": seq}))
            reply = ws.receive_json()
            assert reply["type"] == "error" and reply["code"] == code and "seq" in reply["message"], reply
        ws.send_text(json.dumps(strike | {"seq": 5}))
        assert ws.receive_json()["type"] == "state"
        for seq in (5, 4):  # the same strike again (sent twice), or an older one: refused, nothing played
            ws.send_text(json.dumps(strike | {"seq": seq, "seat": "north"}))
            reply = ws.receive_json()
            assert reply == reply | {"type": "error", "code": "duplicate", "seq": seq}, reply
        ws.send_text(json.dumps({"type": "waive", "seq": 6}))  # the counter moves on from 5
        assert ws.receive_json()["code"] == "refused"
    assert len(client.app.state.hub.store.actions(r["room"])) == 1


def test_each_connection_counts_its_own_seq(client):
    r = new_room(client)
    with connect(client, r) as a:
        a.receive_json()
        a.send_json({"type": "strike", "along": 0.0, "angle": 0.0, "power": 0.9})
        assert a.receive_json()["type"] == "state"
    with connect(client, r) as b:  # a new connection (a reload of the page) starts again at 1
        b.receive_json()
        b.send_json({"type": "strike", "along": 0.0, "angle": 1.3, "power": 0.3})
        assert b.receive_json()["type"] == "state"


# -- limits ------------------------------------------------------------------------------------------


def test_every_http_body_has_a_size_limit(client):
    big = {"players": LOCAL, "pad": "x" * (100 * 1024)}
    r = client.post("/api/rooms", json=big)
    assert r.status_code == 413 and "over 65536 bytes" in r.json()["error"]
    room = new_room(client)["room"]
    r = client.post(f"/api/rooms/{room}/join", content=b"[" + b"0," * 40000 + b"0]",
                    headers={"Content-Type": "application/json"})
    assert r.status_code == 413
    assert len(client.app.state.hub.store.matches()) == 1


def test_a_burst_over_the_rate_is_answered_with_errors_and_the_connection_stays(tmp_path):
    app = create_app(f"sqlite:///{tmp_path / 'r.db'}", bot_pause=0, limits=Limits(rate=0.5, burst=3))
    with TestClient(app) as client:
        r = new_room(client)
        with connect(client, r) as ws:
            ws.receive_json()
            for _ in range(6):
                ws.send_json({"type": "waive"})
            replies = [ws.receive_json() for _ in range(6)]
            assert [m["code"] for m in replies] == ["refused"] * 3 + ["too_many"] * 3
            assert "at most 0.5 a second" in replies[-1]["message"]
        with connect(client, r) as again:  # the limit is per connection
            again.receive_json()
            again.send_json({"type": "strike", "along": 0.0, "angle": 0.0, "power": 0.9})
            assert again.receive_json()["type"] == "state"


@pytest.mark.parametrize("field", ["body_bytes", "message_chars", "rate", "burst"])
def test_limits_must_be_positive(field):
    with pytest.raises(ValueError, match=f"Limits.{field} must be above 0"):
        Limits(**{field: 0})


# -- clients that misbehave or vanish ----------------------------------------------------------------


@pytest.fixture
def server_log():
    """What the server logs (uvicorn's loggers do not propagate to the root logger)."""
    records = []
    handler = logging.Handler()
    handler.emit = records.append
    loggers = [logging.getLogger(n) for n in ("uvicorn.error", "carrom.web")]
    for lg in loggers:
        lg.addHandler(handler)
    old = logging.getLogger("carrom.web").level
    logging.getLogger("carrom.web").setLevel(logging.INFO)
    yield records
    for lg in loggers:
        lg.removeHandler(handler)
    logging.getLogger("carrom.web").setLevel(old)


def test_a_binary_frame_closes_with_1003_and_a_log_line(client, server_log):
    r = new_room(client)
    with connect(client, r) as ws:
        ws.receive_json()
        ws.send_bytes(b"\x00\x01")
        with pytest.raises(Exception) as closed:
            ws.receive_json()
    assert getattr(closed.value, "code", None) == 1003
    assert any("binary frame" in rec.getMessage() and rec.levelno == logging.INFO for rec in server_log)
    assert not [rec for rec in server_log if rec.levelno >= logging.ERROR or rec.exc_info]


def test_a_client_that_vanishes_mid_send_leaves_a_log_line_not_a_traceback(server, server_log):
    r = httpx.post(server.url + "api/rooms", json={"players": LOCAL}).json()
    url = f"ws://127.0.0.1:{server.port}/ws/{r['room']}?token={r['token']}"

    async def vanish():
        ws = await websockets.connect(url)
        await ws.recv()
        await ws.send(json.dumps({"seq": 1, "type": "strike", "along": 0, "angle": 0, "power": 0.9}))
        ws.transport.abort()  # gone without a closing handshake, while the server simulates and answers
        await asyncio.sleep(1.5)
        ws = await websockets.connect(url)  # the server still serves this room
        state = json.loads(await ws.recv())
        await ws.close()
        return state

    with concurrent.futures.ThreadPoolExecutor(1) as pool:  # its own event loop (Playwright may run one here)
        state = pool.submit(asyncio.run, vanish()).result(60)
    assert state["log"] and state["log"][-1]["seat"] == "south"
    assert any("left without closing" in rec.getMessage() for rec in server_log)
    assert not [rec for rec in server_log if rec.levelno >= logging.ERROR or rec.exc_info]


def test_a_chunked_body_over_the_limit_is_refused_too(client):
    r = client.post("/api/rooms", content=iter([b" " * 40000] * 3), headers={"Content-Type": "application/json"})
    assert r.status_code == 413 and client.app.state.hub.store.matches() == []
