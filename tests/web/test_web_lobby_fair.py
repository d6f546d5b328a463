"""Fair play in the lobby's games (issue 39, docs/web.md "Fair play"): a room sought with clocks keeps the laws'
clocks (and with them the absence of ICF 143 a); a match with no stroke in its first minutes, or one that ends
before its first stroke, is aborted and never rated; rating an ended game reads only its result, not the match;
the seek's status reads the seek once. Each on SQLite and on PostgreSQL."""

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import event

from carrom.web import create_app
from carrom.web import lobby as lobby_module
from web_helpers import AT_TEST_SPEED, numbered


@pytest.fixture
def app(db_url, monkeypatch):
    monkeypatch.setattr(lobby_module, "RATE_EVERY", 1e12)  # the lobby's own loop pairs but never settles: the tests do
    return create_app(db_url, bot_pause=0, limits=AT_TEST_SPEED)


def two_players(app, asha, ravi, clocks=True):
    """Asha and Ravi sign up and seek a rated ICF singles match; the lobby pairs them; their seeks' states."""
    for client, name in ((asha, "Asha Rao"), (ravi, "Ravi Kumar")):
        assert client.post("/api/lobby/signup", json={"name": name, "password": "a long password"}).status_code == 200
    seeks = [c.post("/api/lobby/seeks", json={"clocks": clocks}).json()["seek"] for c in (asha, ravi)]
    app.state.lobby.pair_now()
    states = [c.get(f"/api/lobby/seeks/{s}").json() for c, s in zip((asha, ravi), seeks)]
    assert all("room" in s for s in states), states
    return states


def test_a_room_sought_with_clocks_keeps_the_laws_clocks(app):
    with TestClient(app) as asha:
        first, _ = two_players(app, asha, TestClient(app))
        assert asha.get(f"/api/rooms/{first['room']}").json()["clocks"] is True  # False on main: never kept


def test_a_match_ended_before_its_first_stroke_is_aborted_and_not_rated(app):
    with TestClient(app) as asha:
        ravi = TestClient(app)
        first, second = two_players(app, asha, ravi)
        room = first["room"]
        game = asha.get(f"/api/lobby/games/{room}").json()
        assert game["rated"] is True and game["aborted"] is False and game["abort_at"] is not None
        with numbered(ravi, f"/ws/{room}?token={second['token']}") as ws:
            ws.receive_json()
            ws.send_json({"type": "concede", "seat": "north", "what": "match"})
            assert ws.receive_json()["over"] is True
        assert app.state.lobby.rate_ended() == 1
        assert "icf" not in asha.get("/api/lobby/me").json()["ratings"]  # rated on main
        assert asha.get(f"/api/lobby/games/{room}").json() | {"now": 0} == {
            "room": room, "lobby": True, "rated": False, "over": True, "aborted": True, "abort_at": None,
            "abort_after": game["abort_after"], "now": 0}
        assert asha.get("/api/lobby/games/nothing-here").json() == {"room": "nothing-here", "lobby": False}


def test_a_match_with_no_stroke_in_its_first_minutes_is_aborted(app):
    with TestClient(app) as asha:
        first, _ = two_players(app, asha, TestClient(app))
        game = asha.get(f"/api/lobby/games/{first['room']}").json()
        lobby = app.state.lobby
        assert lobby.rate_ended(now=game["abort_at"] - 1) == 0  # still time to break
        assert lobby.rate_ended(now=game["abort_at"] + 1) == 1
        assert asha.get(f"/api/lobby/games/{first['room']}").json()["aborted"] is True
        assert lobby.rate_ended(now=game["abort_at"] + 2) == 0


def test_rating_an_ended_game_reads_its_result_not_the_match(app, monkeypatch):
    from carrom.web.rooms import Room

    with TestClient(app) as asha:
        ravi = TestClient(app)
        first, second = two_players(app, asha, ravi, clocks=False)
        room = first["room"]
        with numbered(asha, f"/ws/{room}?token={first['token']}") as ws:
            ws.receive_json()
            ws.send_json({"type": "strike", "seat": "south", "along": 0.0, "angle": 0.0, "power": 0.6})
            ws.receive_json()
        with numbered(ravi, f"/ws/{room}?token={second['token']}") as ws:
            ws.receive_json()
            ws.send_json({"type": "concede", "seat": "north", "what": "match"})
            ws.receive_json()

        def replayed(*_args):
            raise AssertionError("the match was read and played again to rate it")
        monkeypatch.setattr(Room, "load", replayed)  # main: Room.load(store.get(room)) for every open game
        monkeypatch.setattr(app.state.lobby.store, "get", replayed)
        assert app.state.lobby.rate_ended() == 1
        me = asha.get("/api/lobby/me").json()
        assert me["ratings"]["icf"]["rating"] > 1500 and me["games"][0]["change"][1] > 1500  # Asha won


def test_the_seek_status_reads_the_seek_once(app):
    with TestClient(app) as asha:
        asha.post("/api/lobby/guest", json={"name": "Ana"})
        seek = asha.post("/api/lobby/seeks", json={}).json()["seek"]
        statements = []

        def seen(_conn, _cursor, statement, *_args):
            statements.append(statement)
        engine = app.state.lobby.accounts.engine
        event.listen(engine, "before_cursor_execute", seen)
        try:
            assert asha.get(f"/api/lobby/seeks/{seek}").json()["waiting"] is True
        finally:
            event.remove(engine, "before_cursor_execute", seen)
        assert len([s for s in statements if "FROM lobby_seeks" in s]) == 1  # 2 on main
        refused = asha.get("/api/lobby/seeks/999999")
        assert refused.status_code == 404 and refused.json()["error"] == "you have no seek 999999"
