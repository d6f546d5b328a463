"""The tournament's public page under a crowd (issue 19's 2,000 spectators): a reader that holds the view asks again
with its validator and is answered 304 with no body while nothing changed, and 200 with the new view once a result
is in; neither the view nor its validator carries a key."""

import asyncio
import concurrent.futures

import pytest
from fastapi.testclient import TestClient

from carrom.web import create_app

NAMES = ["Asha Rao", "Ravi Kumar", "Ana Novak", "Luc Martin"]


@pytest.fixture
def client(sqlite_db):
    with TestClient(create_app(sqlite_db, bot_pause=0)) as c:
        yield c



def run(coro):
    """The coroutine run to its end in a thread of its own, with its own event loop: whatever loop an earlier test
    left running in this process (the suite runs many files in one), ``asyncio.run`` here would refuse it."""
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coro).result(timeout=120)

def test_an_unchanged_public_page_is_a_304_and_a_result_makes_it_a_200_with_new_bytes(client):
    """Every spectator's reading cost the whole view (tens of KB gzipped for a big event) and ~3.5 ms of the server's
    CPU; a browser keeps the view and asks with ``If-None-Match`` (the page is ``no-cache``: always asked, never
    shown stale), so a reading of an unchanged page is now a 304 without a body."""
    made = client.post("/api/desk", json={"name": "Crowd Open", "players": NAMES, "system": "swiss", "rounds": 2})
    eid, key = made.json()["id"], {"X-Desk-Key": made.json()["key"]}
    assert client.post(f"/api/desk/{eid}/pair", headers=key, json={}).status_code == 200
    desk = client.post(f"/api/desk/{eid}/publish", headers=key, json={}).json()
    secret = desk["rounds"][0]["matches"][0]["umpire"].split("#key=")[1]

    first = client.get(f"/api/t/{eid}", headers={"Accept-Encoding": "gzip"})
    etag = first.headers["etag"]
    assert first.status_code == 200 and etag.startswith('W/"') and first.headers["cache-control"] == "no-cache"
    again = client.get(f"/api/t/{eid}", headers={"Accept-Encoding": "gzip", "If-None-Match": etag})
    assert again.status_code == 304 and again.content == b"" and again.headers["etag"] == etag
    strong = etag.removeprefix("W/")  # a cache may send it back without the weak mark: compared weakly
    assert client.get(f"/api/t/{eid}", headers={"If-None-Match": f'"other", {strong}'}).status_code == 304

    table = desk["rounds"][0]["matches"][0]["table"]
    assert client.post(f"/api/desk/{eid}/result", headers=key,
                       json={"round": 1, "table": table, "games": "25-10 25-12"}).status_code == 200
    after = client.get(f"/api/t/{eid}", headers={"Accept-Encoding": "gzip", "If-None-Match": etag})
    assert after.status_code == 200 and after.headers["etag"] != etag and after.content != first.content
    result = next(m for m in after.json()["rounds"][0]["matches"] if m["table"] == table)["result"]
    assert result["games"] == [[25, 10], [25, 12]]
    plain = client.get(f"/api/t/{eid}", headers={"Accept-Encoding": "identity"})
    assert plain.headers["etag"] == after.headers["etag"] and "content-encoding" not in plain.headers
    for response in (first, after, plain):
        seen = response.text + " ".join(response.headers.values())
        assert secret not in seen and key["X-Desk-Key"] not in seen and "/umpire/" not in seen


def test_the_public_view_is_worked_out_again_only_when_the_event_changed(client, sqlite_db, monkeypatch):
    """The public view was worked out afresh every second someone read it (the event loaded, its standings, the
    JSON gzipped: ~200 ms for 500 players, whether or not anything had changed). Now a refresh first reads what the
    view is made of (the event's version, its tablets and which are over) and keeps the view while that is the same;
    a result typed (by this server or another on the same database) makes the next refresh a new view."""
    from carrom.store import Store
    from carrom.web.desk import Desk

    made = client.post("/api/desk", json={"name": "Crowd Open", "players": NAMES, "system": "swiss", "rounds": 2})
    eid, key = made.json()["id"], {"X-Desk-Key": made.json()["key"]}
    client.post(f"/api/desk/{eid}/pair", headers=key, json={})
    table = client.post(f"/api/desk/{eid}/publish", headers=key, json={}).json()["rounds"][0]["matches"][0]["table"]
    desk = Desk(Store(sqlite_db))  # a second server's desk on the same database
    made_now = []
    public_now = desk.public_now
    monkeypatch.setattr(desk, "public_now", lambda e: made_now.append(e) or public_now(e))

    first = run(desk.refresh(eid))
    for _ in range(3):
        assert run(desk.refresh(eid)) is first
    assert made_now == [eid], "nothing changed: worked out once"
    assert client.post(f"/api/desk/{eid}/result", headers=key,
                       json={"round": 1, "table": table, "games": "25-3 25-4"}).status_code == 200
    after = run(desk.refresh(eid))
    assert made_now == [eid, eid] and after.etag != first.etag and b"[25,3]" in after.raw
    assert run(desk.refresh(eid)) is after and len(made_now) == 2


def test_a_desk_step_that_changes_the_view_is_not_followed_by_a_second_working_out(client, monkeypatch):
    """The desk's step works the public view out for its spectators at once; the next refresh found the event
    changed since the view before and worked it out a second time (on a 500-player event, a fifth of a second of
    the one process's CPU for every result typed)."""
    from carrom.web.desk import Desk, PublicReadings

    desk = next(m.kwargs["desk"] for m in client.app.user_middleware if m.cls is PublicReadings)
    made = client.post("/api/desk", json={"name": "Crowd Open", "players": NAMES, "system": "swiss", "rounds": 2})
    eid, key = made.json()["id"], {"X-Desk-Key": made.json()["key"]}
    client.post(f"/api/desk/{eid}/pair", headers=key, json={})
    table = client.post(f"/api/desk/{eid}/publish", headers=key, json={}).json()["rounds"][0]["matches"][0]["table"]
    assert client.get(f"/api/t/{eid}").status_code == 200  # read: the desk's steps now refresh it
    made_now = []
    public_now = Desk.public_now
    monkeypatch.setattr(Desk, "public_now", lambda self, e: made_now.append(e) or public_now(self, e))
    assert client.post(f"/api/desk/{eid}/result", headers=key,
                       json={"round": 1, "table": table, "games": "25-3 25-4"}).status_code == 200
    assert made_now == [eid], "the step worked the view out for the spectators"
    view = run(desk.refresh(eid))
    assert made_now == [eid] and b"[25,3]" in view.raw, "the refresh after it kept that view"
