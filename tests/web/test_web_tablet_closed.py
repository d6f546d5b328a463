"""After a take-back (the desk's undo of a round) the old tablet's match is closed and says so (issue 42 item 17): its
page said it was closed, but the umpire's match the toss had opened went on taking entries. Now an entry there is
refused with the reason, on a take-back at the web desk or the command line, and nothing is entered."""

from typer.testing import CliRunner

import pytest

from carrom.cli.app import app as cli
from test_web_desk_both_fronts import client  # noqa: F401  (the app on a test database)
from test_web_desk import step, toss  # noqa: F401

NAMES = ["Ann Alpha", "Bob Beta", "Cid Gamma", "Dan Delta"]


def opened(client):
    r = client.post("/api/desk", json={"name": "Closed Open", "players": NAMES, "system": "swiss"})
    eid, key = r.json()["id"], {"X-Desk-Key": r.json()["key"]}
    step(client, eid, key, "pair")
    first = step(client, eid, key, "publish")["rounds"][0]["matches"][0]
    umpire = toss(client, first["umpire"])  # the toss opens the umpire's match
    match_id, umpire_key = umpire.split("/umpire/")[1].split("#key=")
    return eid, key, match_id, {"X-Umpire-Key": umpire_key}


def enter(client, match_id, headers, line="w"):
    revision = client.get(f"/api/umpire/{match_id}").json()["revision"]
    return client.post(f"/api/umpire/{match_id}/entries", json={"line": line, "revision": revision}, headers=headers)


@pytest.mark.parametrize("where", ["web", "cli"])
def test_the_old_tablet_refuses_entries_after_its_round_is_taken_back(client, where):
    eid, key, match_id, umpire = opened(client)
    assert enter(client, match_id, umpire).status_code == 200  # scoring while the round stands
    before = client.get(f"/api/umpire/{match_id}").json()["revision"]
    if where == "web":
        step(client, eid, key, "undo")
    else:
        run = CliRunner().invoke(cli, ["tournament", "undo", str(eid), "--db", client.db])
        assert run.exit_code == 0, run.output
    r = enter(client, match_id, umpire)
    assert r.status_code == 409, r.text
    assert "was taken back: this tablet is closed" in r.json()["error"]
    assert client.get(f"/api/umpire/{match_id}").json()["revision"] == before  # nothing entered


def test_a_tablet_of_no_event_still_scores(client):
    """The umpire's own match (opened at /umpire, no desk) knows no take-back."""
    from test_web_umpire import new_match

    m = new_match(client)
    assert enter(client, m["id"], {"X-Umpire-Key": m["key"]}).status_code == 200
