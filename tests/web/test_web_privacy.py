"""Privacy: a room is reached only through its links; the invitation takes a free seat, the watch link only watches."""

import json

import pytest
from fastapi.testclient import TestClient

from carrom.store import Store
from carrom.web import create_app
from web_helpers import numbered

ONLINE = {"south": {"type": "me", "name": "Asha"}, "north": {"type": "open"}}
LOCAL = {"south": {"type": "me", "name": "Asha"}, "north": {"type": "me", "name": "Ravi"}}
HOST, GUEST, STRANGER = "host-browser-key", "guest-browser-key", "stranger-browser-key"


@pytest.fixture
def client(db_url):
    with TestClient(create_app(db_url, bot_pause=0)) as c:
        yield c


def new_room(client, players=ONLINE, **extra):
    r = client.post("/api/rooms", json={"players": players, "browser": HOST} | extra)
    assert r.status_code == 200, r.text
    return r.json()


def listed(client, browser=None):
    return client.get("/api/matches", headers={"X-Carrom-Browser": browser} if browser else {}).json()


def key(r):
    return r["links"]["invite"].split("#invite=")[1]


def test_the_creator_gets_an_invitation_link_and_a_watch_link(client):
    r = new_room(client)
    assert r["links"]["watch"] == f"/room/{r['room']}"
    assert r["links"]["invite"].startswith(f"/room/{r['room']}#invite=") and len(key(r)) >= 20
    assert new_room(client, LOCAL)["links"]["invite"] is None  # no free seat: nothing to invite to
    assert key(new_room(client)) != key(r)


def test_matches_are_listed_only_to_their_browsers_never_with_an_invitation(client):
    private = new_room(client)
    public = new_room(client, LOCAL, public=True)
    assert [m["id"] for m in listed(client)] == [public["room"]]  # no key: the public ones only
    assert [m["id"] for m in listed(client, STRANGER)] == [public["room"]]
    mine = listed(client, HOST)
    assert [(m["id"], m["mine"]) for m in mine] == [(public["room"], True), (private["room"], True)]
    for m in listed(client) + mine:
        assert m["watch"] == f"/room/{m['id']}" and "open" not in m
    text = client.get("/api/matches", headers={"X-Carrom-Browser": HOST}).text
    assert key(private) not in text and private["token"] not in text
    assert client.get("/api/matches", headers={"X-Carrom-Browser": "no spaces please"}).status_code == 400


def test_the_watch_link_only_watches(client):
    r = new_room(client)
    with numbered(client, f"/ws/{r['room']}") as watcher:
        first = watcher.receive_json()
        assert first["you"] == [] and "links" not in first and key(r) not in json.dumps(first)
        for bad in ({}, {"invite": "not-the-key"}):
            watcher.send_json({"type": "join", "seat": "north", "name": "Mallory"} | bad)
            reply = watcher.receive_json()
            assert reply["code"] == "refused" and "joining needs the invitation link" in reply["message"]
    denied = client.post(f"/api/rooms/{r['room']}/join", json={"seat": "north", "name": "Mallory"})
    assert denied.status_code == 400 and "invitation" in denied.json()["error"]
    assert client.get(f"/api/rooms/{r['room']}").json()["seats"]["north"]["open"] is True


def test_the_invitation_takes_a_free_seat_and_lists_the_match_for_the_guest(client):
    r = new_room(client)
    with numbered(client, f"/ws/{r['room']}?token={r['token']}") as host:
        assert host.receive_json()["links"] == r["links"]  # the host's page shows both links
        with numbered(client, f"/ws/{r['room']}") as guest:
            guest.receive_json()
            guest.send_json({"type": "join", "seat": "north", "name": "Ravi", "invite": key(r), "browser": GUEST})
            joined = guest.receive_json()
            assert joined["you"] == ["north"] and joined["links"]["invite"] is None  # no free seat left
            guest.send_json({"type": "join", "seat": "north", "invite": key(r)})
            assert guest.receive_json()["type"] == "state"
            assert "north is taken" in guest.receive_json()["message"]
    assert [m["id"] for m in listed(client, GUEST)] == [r["room"]]


def test_a_seat_taken_through_another_server_a_moment_before_is_refused_as_taken(db_url):
    """Two servers on one database: the second's copy of the room still shows north free, the store refuses the
    second guest, and the page is told the seat is taken (not that the database failed), in its own words."""
    with TestClient(create_app(db_url, bot_pause=0)) as one, TestClient(create_app(db_url, bot_pause=0)) as two:
        r = new_room(one)
        with numbered(two, f"/ws/{r['room']}") as late:  # the room is in the second server's memory: north free
            late.receive_json()
            with numbered(one, f"/ws/{r['room']}") as first:
                first.receive_json()
                first.send_json({"type": "join", "seat": "north", "name": "Ravi", "invite": key(r)})
                assert first.receive_json()["you"] == ["north"]
            late.send_json({"type": "join", "seat": "north", "name": "Mina", "invite": key(r)})
            refused = late.receive_json()
            while refused["type"] == "state":  # on PostgreSQL the second server may have heard of the join first
                refused = late.receive_json()
        assert refused["code"] == "refused" and refused["message"] == "north is taken; you can watch"
        assert refused["refusal"]["id"] == "{seat} is taken; you can watch"


def test_seats_are_named_to_the_invited_only(client):
    r = new_room(client, {"south": {"type": "me"}, "north": {"type": "open"}, "east": {"type": "open"},
                          "west": {"type": "bot", "level": "beginner"}})
    with numbered(client, f"/ws/{r['room']}") as ws:
        ws.receive_json()
        for msg, words in (({"seat": "west"}, "west is taken"), ({}, "join which seat? one of east and north")):
            ws.send_json({"type": "join", "invite": key(r)} | msg)
            assert words in ws.receive_json()["message"]


def test_an_older_database_gets_the_new_columns_as_a_fresh_one_has_them(db_url):
    from sqlalchemy import inspect, text

    def columns(store):
        return {c["name"]: (c["type"].compile(dialect=store.engine.dialect), c["nullable"])
                for c in inspect(store.engine).get_columns("matches")}

    store = Store(db_url)
    fresh = columns(store)
    with store.engine.begin() as db:  # the matches table as the first version made it
        db.execute(text("DROP INDEX ix_matches_public"))
        for column in ("public", "invite", "adjourned"):
            db.execute(text(f"ALTER TABLE matches DROP COLUMN {column}"))
        db.execute(text("INSERT INTO matches (id, created, updated, variant, kind, title, record, over, result) "
                        "VALUES ('old', '2026-01-01', '2026-01-01', 'icf', 'singles', 't', '{}', FALSE, '')"))
    store.close()
    store = Store(db_url)
    row = store.get("old")
    assert row.invite is None and row.public is False and row.adjourned is None
    assert columns(store) == fresh
    store.close()
