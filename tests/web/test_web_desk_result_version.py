"""A result typed at the web desk carries the match's state it was typed on (issue 42 item 10): ``replacing``, the
result the page showed (null: none). A second desk on an older page is refused (409) with both results, and the
refusal is a line in the event's log, so the desk whose result stands sees it too; a stored result is corrected
over the one shown, with the law's checks and a log line; the competitors the page showed are checked
(``players=``); a malformed ``replacing`` is refused naming the field."""

import pytest
from fastapi.testclient import TestClient

from carrom.web import create_app

NAMES = ["Asha Rao", "Ravi Kumar", "Ana Novak", "Luc Martin"]


@pytest.fixture
def client(sqlite_db):
    with TestClient(create_app(sqlite_db, bot_pause=0)) as c:
        yield c


@pytest.fixture
def event(client):
    r = client.post("/api/desk", json={"name": "Version Open", "players": NAMES, "rounds": 2})
    assert r.status_code == 200, r.text
    eid, key = r.json()["id"], {"X-Desk-Key": r.json()["key"]}
    for what in ("pair", "publish"):
        assert client.post(f"/api/desk/{eid}/{what}", headers=key, json={}).status_code == 200
    return eid, key


def post(client, event, **body):
    eid, key = event
    return client.post(f"/api/desk/{eid}/result", headers=key, json={"round": 1, "table": 1, **body})


def match(client, event):
    eid, key = event
    return client.get(f"/api/desk/{eid}", headers=key).json()["rounds"][0]["matches"][0]


def test_a_second_desk_on_an_older_page_is_refused_with_both_results(client, event):
    sides = match(client, event)["competitors"]
    first = post(client, event, games="25-10 25-3", competitors=sides, replacing=None)
    assert first.status_code == 200, first.text
    second = post(client, event, games="3-25 10-25", competitors=sides, replacing=None)  # its page showed none
    assert second.status_code == 409, second.text
    body = second.json()
    assert body["conflict"] == {"yours": [[3, 25], [10, 25]], "stored": [[25, 10], [25, 3]]}
    assert "25-10 25-3 stands" in body["error"] and "3-25 10-25" in body["error"]
    assert match(client, event)["result"]["games"] == [[25, 10], [25, 3]]  # nothing changed
    log = [line["what"] for line in client.get(f"/api/desk/{event[0]}", headers=event[1]).json()["log"]]
    assert any(w.startswith("result refused: round 1, table 1: 3-25 10-25") for w in log), log  # the other side's


def test_a_result_without_its_state_does_not_overwrite_one_stored(client, event):
    assert post(client, event, games="25-10 25-3").status_code == 200
    assert post(client, event, games="3-25 10-25").status_code == 409  # no ``replacing``: it showed no result


def test_a_stored_result_is_corrected_over_the_one_shown_with_the_laws_checks_and_a_log_line(client, event):
    assert post(client, event, games="25-10 25-3").status_code == 200
    wrong = post(client, event, games="25-10 25-30", replacing=[[25, 10], [25, 3]])
    assert wrong.status_code == 400 and "ICF 56 a" in wrong.json()["error"]  # the law's checks, nothing changed
    fixed = post(client, event, games="25-10 3-25 25-9", replacing=[[25, 10], [25, 3]])
    assert fixed.status_code == 200, fixed.text
    assert match(client, event)["result"]["games"] == [[25, 10], [3, 25], [25, 9]]
    log = [line["what"] for line in fixed.json()["log"]]
    assert "result corrected: round 1, table 1: 25-10 25-3 replaced by 25-10 3-25 25-9" in log


def test_the_competitors_shown_are_checked(client, event):
    m = match(client, event)
    other = next(c for c in range(1, 5) if c not in m["competitors"])
    r = post(client, event, games="25-10 25-3", competitors=[m["competitors"][0], other])
    assert r.status_code == 400 and "not between those competitors" in r.json()["error"]


@pytest.mark.parametrize("replacing", ["25-10", [[25, "10"]], [[25]], [True]])
def test_a_malformed_replacing_is_refused_naming_the_field(client, event, replacing):
    r = post(client, event, games="25-10 25-3", replacing=replacing)
    assert r.status_code == 400 and "replacing" in r.text


def test_a_walkover_on_an_older_page_does_not_replace_a_stored_result(client, event):
    import time

    eid, key = event
    at = time.time() - 16 * 60  # announced 16 minutes ago: past the laws' 15 to report (ICF 143 i)
    assert client.post(f"/api/desk/{eid}/announce", headers=key, json={"round": 1, "table": 1, "at": at}).status_code == 200
    assert post(client, event, games="25-10 25-3").status_code == 200
    late = client.post(f"/api/desk/{eid}/walkover", headers=key, json={"round": 1, "table": 1, "present": 2})
    assert late.status_code == 409, late.text
    assert late.json()["conflict"] == {"yours": [[0, 25], [0, 25]], "stored": [[25, 10], [25, 3]]}
    assert match(client, event)["result"]["games"] == [[25, 10], [25, 3]]
