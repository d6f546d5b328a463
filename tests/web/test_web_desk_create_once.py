"""Create clicked twice makes one event (issue 42 item 17): the desk's form sends a token of the form as filled in
(``request``), and the server answers a second creation with that token, however close behind, with the first's
event and key; a changed form is a new token, a new event."""

from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from carrom.web import create_app

NAMES = ["Ann Alpha", "Bob Beta", "Cid Gamma", "Dan Delta"]
DESK_JS = Path(__file__).resolve().parents[2] / "src" / "carrom" / "web" / "static" / "desk.js"


@pytest.fixture
def client(sqlite_db):
    with TestClient(create_app(sqlite_db, bot_pause=0)) as c:
        yield c


def create(client, **extra):
    return client.post("/api/desk", json={"name": "Twice Open", "players": NAMES, **extra})


def test_the_same_form_twice_is_one_event(client):
    first, again = create(client, request="form-1").json(), create(client, request="form-1").json()
    assert again == first
    other = create(client, request="form-2").json()
    assert other["id"] != first["id"]
    assert create(client).json()["id"] != create(client).json()["id"]  # no token: each call its own event


def test_a_double_click_at_once_is_one_event(client):
    with ThreadPoolExecutor(2) as pool:
        answers = list(pool.map(lambda _: create(client, request="double").json(), range(2)))
    assert answers[0]["id"] == answers[1]["id"]


@pytest.mark.parametrize("token", [5, "", "x" * 65])
def test_a_bad_token_is_refused_naming_the_field(client, token):
    r = create(client, request=token)
    assert r.status_code == 400 and "request" in r.json()["error"]


def test_the_desk_page_sends_the_forms_token():
    js = DESK_JS.read_text()
    assert "request: createToken" in js and 'addEventListener("input", () => { createToken' in js
