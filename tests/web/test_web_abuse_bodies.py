"""Issue 43.6 (HTTP): hostile JSON bodies are refused 4xx with where they are wrong, on a real server, and leave
no traceback in the log: a nesting past Python's recursion on every desk route, a number of 5,000 digits in both
imports, a lone surrogate in a player's name at the desk. Nothing is stored."""

import logging

import httpx
import pytest

DEEP = b'{"name": "X", "players": ' + b"[" * 5000 + b"]" * 5000 + b"}"
LONG = "9" * 5000
NAMES = '["Asha Rao", "Ravi Kumar"]'
# (method, path, body, status, the words the answer must hold)
HOSTILE = {
    "desk create, deep": ("/api/desk", DEEP, 400, "nested deeper than 32 levels"),
    "desk create, long number": ("/api/desk", f'{{"name": "X", "players": {NAMES}, "rounds": {LONG}}}'.encode(), 400,
                                 "rounds is 5000 characters long: at most 40"),
    "desk create, lone surrogate": ("/api/desk", b'{"name": "X", "players": ["Asha \\ud800Rao", "Ravi Kumar"]}',
                                    400, "not Unicode (a lone surrogate) (players.0)"),
    "desk create, NaN": ("/api/desk", f'{{"name": "X", "players": {NAMES}, "rounds": NaN}}'.encode(), 400,
                         "rounds must be a finite number"),
    "desk, not UTF-8": ("/api/desk", b'{"name": "\xff"}', 400, "not UTF-8 text (byte 10)"),
    "umpire start, deep": ("/api/umpire", DEEP, 400, "nested deeper"),
    "umpire start, long number": ("/api/umpire", f'{{"variant": {LONG}}}'.encode(), 400,
                                  "variant is 5000 characters long"),
    "umpire import, long number": ("/api/umpire/import", f'{{"format": {LONG}}}'.encode(), 400,
                                   "a number of more than 4300 digits"),
    "desk import, long number": ("/api/desk/import", f"clubs: []\nplayers: {LONG}\n".encode(), 400,
                                 "line 2: a number of 5000 characters (at most 40)"),
}


@pytest.mark.parametrize("name", HOSTILE)
def test_a_hostile_body_is_refused_with_where_and_no_traceback(make_server, sqlite_db, caplog, name):
    path, body, status, said = HOSTILE[name]
    with make_server(sqlite_db) as server, httpx.Client(base_url=server.url, timeout=30) as client:
        with caplog.at_level(logging.INFO):
            r = client.post(path, content=body, headers={"Content-Type": "application/json"})
        assert r.status_code == status, r.text
        assert said in r.json()["error"], r.json()["error"]
        assert client.get("/api/t/1").status_code == 404  # nothing was stored
    assert not [rec for rec in caplog.records if rec.exc_info], "a traceback in the log"
    assert len([rec for rec in caplog.records if rec.name.startswith("carrom")]) <= 1


@pytest.mark.parametrize("what", ["pair", "result", "undo", "table", "toss"])
def test_every_desk_step_refuses_a_deep_body_and_changes_nothing(make_server, sqlite_db, caplog, what):
    with make_server(sqlite_db) as server, httpx.Client(base_url=server.url, timeout=30) as client:
        made = client.post("/api/desk", json={"name": "Open", "players": ["Asha Rao", "Ravi Kumar", "Mira Shah"]})
        assert made.status_code == 200, made.text
        event, key = made.json()["id"], {"X-Desk-Key": made.json()["key"]}
        before = client.get(f"/api/desk/{event}", headers=key).json()
        with caplog.at_level(logging.INFO):
            r = client.post(f"/api/desk/{event}/{what}", content=DEEP, headers=key)
        assert r.status_code == 400, r.text
        assert "nested deeper than 32 levels" in r.json()["error"]
        assert client.get(f"/api/desk/{event}", headers=key).json() == before
    assert not [rec for rec in caplog.records if rec.exc_info], "a traceback in the log"
