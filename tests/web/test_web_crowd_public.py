"""The tournament's public page under a crowd (issue 19's 2,000 spectators): a reader that holds the view asks again
with its validator and is answered 304 with no body while nothing changed, and 200 with the new view once a result
is in; neither the view nor its validator carries a key."""

import pytest
from fastapi.testclient import TestClient

from carrom.web import create_app

NAMES = ["Asha Rao", "Ravi Kumar", "Ana Novak", "Luc Martin"]


@pytest.fixture
def client(sqlite_db):
    with TestClient(create_app(sqlite_db, bot_pause=0)) as c:
        yield c


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
