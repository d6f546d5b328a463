"""The lobby over HTTP and a real match (issue 39): two strangers (one signing up, one a guest who signs up too)
seek, are paired into one room, play it (one concedes the match) and their ratings change once; the ladder moves;
a guest plays casual games only; signing in is limited and says nothing of which names exist; the session is an
HttpOnly cookie. Each on SQLite and on PostgreSQL."""

import time

import pytest
from fastapi.testclient import TestClient

from carrom.web import create_app
from carrom.web import lobby as lobby_module
from web_helpers import AT_TEST_SPEED, numbered


@pytest.fixture
def app(db_url, monkeypatch):
    monkeypatch.setattr(lobby_module, "RATE_EVERY", 1e12)  # the lobby's own loop pairs but never rates: the test does
    return create_app(db_url, bot_pause=0, limits=AT_TEST_SPEED)


def player(app):
    """A player's own browser (its own cookies): the first one runs the app's lifespan, the others only ask."""
    return TestClient(app)


def paired(app, asha, ravi):
    """Both seek a rated ICF singles match; the lobby's own loop pairs them (as on a server: every half second);
    each polls its seek, as the page does, until it names the room and its seat's token."""
    seeks = [c.post("/api/lobby/seeks", json={"ruleset": "icf", "players": 2, "clocks": False}).json()["seek"]
             for c in (asha, ravi)]
    deadline = time.monotonic() + 20
    rooms = [{}, {}]
    while time.monotonic() < deadline and not all("room" in r for r in rooms):
        rooms = [c.get(f"/api/lobby/seeks/{s}").json() for c, s in zip((asha, ravi), seeks)]
        time.sleep(0.1)
    assert all("room" in r for r in rooms), rooms
    return rooms


def test_two_strangers_are_paired_play_a_rated_match_and_the_ladder_moves(app):
    with player(app) as asha:
        ravi = player(app)
        made = asha.post("/api/lobby/signup", json={"name": "Asha Rao", "password": "a long password"})
        assert made.status_code == 200, made.text
        cookie = made.headers["set-cookie"]
        assert "HttpOnly" in cookie and "SameSite=lax" in cookie.replace("Lax", "lax")
        assert ravi.post("/api/lobby/guest", json={"name": "Ravi"}).json()["guest"] is True
        assert ravi.post("/api/lobby/signup", json={"name": "Ravi Kumar", "password": "another password"}).json()[
            "guest"] is False
        first, second = paired(app, asha, ravi)
        assert first["room"] == second["room"] and first["token"] != second["token"]
        room = first["room"]
        assert asha.get(f"/api/rooms/{room}").json()["title"] == "Asha Rao v Ravi Kumar"
        with numbered(asha, f"/ws/{room}?token={first['token']}") as ws:  # Asha's seat, south, breaks
            ws.receive_json()
            ws.send_json({"type": "strike", "seat": "south", "along": 0.0, "angle": 0.0, "power": 0.6})
            assert ws.receive_json()["type"] == "state"  # a stroke: the game is not aborted (test_web_lobby_fair)
        with numbered(asha, f"/ws/{room}?token={second['token']}") as ws:  # Ravi's seat: north
            ws.receive_json()
            ws.send_json({"type": "concede", "seat": "north", "what": "match"})
            over = ws.receive_json()
        assert app.state.lobby.rate_ended() == 1
        assert app.state.lobby.rate_ended() == 0  # rated once
        me = asha.get("/api/lobby/me").json()
        assert me["ratings"]["icf"]["games"] == 1 and me["ratings"]["icf"]["rating"] > 1500
        ladder = asha.get("/api/lobby/leaderboard?ruleset=icf").json()["rows"]
        assert [r["name"] for r in ladder] == ["Asha Rao", "Ravi Kumar"]
        assert over is not None


def test_a_guest_plays_casual_games_only_and_each_refusal_names_its_field(app):
    with player(app) as guest:
        assert guest.post("/api/lobby/seeks", json={}).status_code == 401  # no session yet
        guest.post("/api/lobby/guest", json={"name": "Ana"})
        refused = guest.post("/api/lobby/seeks", json={"rated": True})
        assert refused.status_code == 400 and "sign up to play rated" in refused.json()["error"]
        snooker = guest.post("/api/lobby/seeks", json={"ruleset": "snooker"}).json()
        assert snooker["error"].startswith("ruleset: one of icf") and snooker["kind"] == "malformed"
        assert snooker["refusal"]["id"] == "{field}: one of {values}"  # worded in the reader's language by the page
        assert guest.post("/api/lobby/seeks", json={"color": "white"}).json()["error"].startswith("color:")
        assert guest.post("/api/lobby/seeks", json={}).status_code == 200  # casual by default for a guest
        assert guest.get("/api/lobby/leaderboard?ruleset=nope").status_code == 400


def test_signing_in_is_limited_and_never_says_whether_a_name_exists(app):
    with player(app) as someone:
        someone.post("/api/lobby/signup", json={"name": "Ana Novak", "password": "a long password"})
        answers = [someone.post("/api/lobby/signin", json={"name": name, "password": "wrong password"}).json()
                   for name in ("Ana Novak", "Nobody At All")]
        assert answers[0] == answers[1]
        codes = [someone.post("/api/lobby/signin", json={"name": "Ana Novak", "password": "wrong"}).status_code
                 for _ in range(6)]
        assert codes[-1] == 429  # five a minute for one name
        ok = someone.post("/api/lobby/signin", json={"name": "Ana Novak", "password": "a long password"})
        assert ok.status_code == 429  # even the right password waits: the limit is the name's, not the guess's
