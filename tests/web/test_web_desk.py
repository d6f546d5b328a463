"""The tournament desk over HTTP, end to end: a Swiss whose results come from the umpire's tablet and from the desk's
typing, with a walkover, a protest upheld and one rejected; the public standings checked after every round against
a calculation written apart (tests/tournament/tournament_reference.py); the rights given by links only."""

import json
import random
import sys
import time
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from carrom.cli.app import app as cli
from carrom.web import create_app

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tournament"))
from tournament_reference import reference  # noqa: E402

NAMES = ["Asha Rao", "Ravi Kumar", "Ana Novak", "Luc Martin", "Marta Rossi", "Joan Puig", "Eva Kos", "Ivo Bele"]
# one board after another, South's side pocketing everything it is owed: the breaks alternate, so the match is
# decided in the third game (tests/web/test_web_umpire.py spells the letters)
BOARD = ["w", "q", "w"] + ["w"] * 8


@pytest.fixture
def client(sqlite_db):
    with TestClient(create_app(sqlite_db, bot_pause=0)) as c:
        c.db = sqlite_db
        yield c


def made(client, **settings):
    r = client.post("/api/desk", json={"name": "Desk Open", "players": NAMES, **settings})
    assert r.status_code == 200, r.text
    body = r.json()
    return body["id"], {"X-Desk-Key": body["key"]}


def step(client, eid, key, what, **body):
    r = client.post(f"/api/desk/{eid}/{what}", headers=key, json=body)
    assert r.status_code == 200, r.text
    return r.json()


def refusal(client, eid, key, what, **body):
    r = client.post(f"/api/desk/{eid}/{what}", headers=key, json=body)
    assert r.status_code >= 400, r.text
    return r.json()["error"]


def toss(client, desk_tablet_link, winner=1, choice="break"):
    """The umpire's first step on the table's tablet: the toss (ICF 39); the answer is the tablet's own link."""
    path, key = desk_tablet_link.split("#key=")
    path, _, query = path.partition("?")  # ?rubber=N: a team tie's rubber
    r = client.post(f"/api{path}/toss" + (f"?{query}" if query else ""), headers={"X-Umpire-Key": key},
                    json={"winner": winner, "choice": choice})
    assert r.status_code == 200, r.text
    return r.json()["umpire"]


def play_on_the_tablet(client, umpire_link):
    """The umpire scores the whole match on the tablet, entry by entry, as the page sends them."""
    match_id, key = umpire_link.split("/umpire/")[1].split("#key=")
    state = client.get(f"/api/umpire/{match_id}").json()
    n = 0
    while not state["state"]["over"]:
        r = client.post(f"/api/umpire/{match_id}/entries", json={"line": BOARD[n % len(BOARD)],
                                                                  "revision": state["revision"]},
                        headers={"X-Umpire-Key": key})
        assert r.status_code == 200, r.text
        state = r.json()["state"]
        n += 1
        assert n < 300
    return state


def check_standings(client, eid, played):
    """The public standings, row by row, against the calculation written apart."""
    public = client.get(f"/api/t/{eid}").json()
    rows = [(r["competitor"], r["points"], r["buchholz"], r["net_score"], r["total_score"])
            for r in public["standings"]]
    expected = reference(list(range(1, len(NAMES) + 1)), played)
    assert sorted(rows) == sorted(expected)
    assert [r[1:] for r in rows] == [r[1:] for r in expected]  # the same order (ties by name aside)
    return public


def test_a_swiss_on_the_desk_with_the_tablet_walkover_and_protests(client):
    eid, key = made(client, system="swiss", rounds=3)
    rng = random.Random(7)
    played = []  # (side1, side2, games, final) as the reference reads them

    # -- round 1 ------------------------------------------------------------------------------------------------
    state = step(client, eid, key, "pair")
    assert refusal(client, eid, key, "pair").startswith("round 1 is paired")  # a round is paired once
    state = step(client, eid, key, "publish")
    matches = state["rounds"][0]["matches"]
    assert all("umpire" in m and "scoreboard" not in m for m in matches)  # a tablet opens at the toss (ICF 39)
    public = client.get(f"/api/t/{eid}").text
    assert "key=" not in public and "/umpire/" not in public  # a public page never shows a key

    # table 1 from the tablet: its header filled in by the desk, the stage an early round's (ICF 56 b)
    tablet = toss(client, matches[0]["umpire"])
    match_id = tablet.split("/umpire/")[1].split("#")[0]
    header = client.get(f"/api/umpire/{match_id}").json()["header"]
    assert header["event"]["round"] == "1" and header["event"]["table"] == "1"
    assert header["event"]["event"] == "Desk Open" and header["stage"] == "early"
    assert [header["players"]["south"]["name"], header["players"]["north"]["name"]] == \
        [" & ".join(s) for s in matches[0]["sides"]]
    over = play_on_the_tablet(client, tablet)
    assert over["state"]["over"]
    state = client.get(f"/api/desk/{eid}", headers=key).json()  # the desk sees it without typing
    got = state["rounds"][0]["matches"][0]["result"]
    assert got is not None and any("umpire's tablet" in line["what"] for line in state["log"])
    played.append((matches[0]["competitors"][0], matches[0]["competitors"][1], [tuple(g) for g in got["games"]], False))

    # table 2 typed; a result the laws cannot produce is refused in the CLI's words (one source), nothing changed
    web_error = refusal(client, eid, key, "result", round=1, table=2, games="25-10 25-30")
    cli_run = CliRunner().invoke(cli, ["tournament", "result", str(eid), "1", "2", "25-10", "25-30", "--db", client.db])
    assert cli_run.exit_code != 0 and web_error in cli_run.output and "ICF 56 a" in web_error
    said = client.post(f"/api/desk/{eid}/result", headers=key, json={"round": 1, "table": 2,
                                                                     "games": "25-10 25-30"}).json()["refusal"]
    assert said["params"]["law"] == "ICF 56 a"  # sent as a message, so the page words it in its reader's language
    assert said["params"]["problem"]["id"].startswith("game {number}: {a}-{b} is won by both sides")
    step(client, eid, key, "result", round=1, table=2, games="25-10 13-25 25-20")
    played.append((*matches[1]["competitors"], [(25, 10), (13, 25), (25, 20)], False))

    # table 3: announced 16 minutes ago, the desk's word that side 2 did not report (ICF 143 i)
    step(client, eid, key, "announce", round=1, table=3, at=time.time() - 16 * 60)
    step(client, eid, key, "walkover", round=1, table=3, present=1)
    played.append((*matches[2]["competitors"], [(25, 0), (25, 0)], False))

    # table 4 typed, then protested by side 2 in game 2: held out of the standings (ICF 150), then rejected (151 b)
    step(client, eid, key, "result", round=1, table=4, games="25-5 25-9")
    by = str(matches[3]["competitors"][1])
    step(client, eid, key, "lodge", round=1, table=4, by=by, game=2, minutes_since_game=5)
    desk = client.get(f"/api/desk/{eid}", headers=key).json()
    assert desk["protests"][0]["state"] == "lodged" and 3500 < desk["protests"][0]["time_left"] <= 3600
    assert "under protest" in refusal(client, eid, key, "result", round=1, table=4, games="25-1 25-1")
    check_standings(client, eid, played)  # without table 4
    assert "ICF 151 c" in refusal(client, eid, key, "close")  # nothing closes while a protest waits
    step(client, eid, key, "decide", protest=desk["protests"][0]["protest"], upheld=False)
    played.append((*matches[3]["competitors"], [(25, 5), (25, 9)], False))
    check_standings(client, eid, played)

    # -- round 2: a protest upheld replays from the start of game 3 (ICF 151 a) ---------------------------------------
    state = step(client, eid, key, "pair")
    assert client.get(f"/api/t/{eid}").json()["rounds"][-1]["round"] == 1  # an unpublished round is the desk's
    state = step(client, eid, key, "publish")
    matches = state["rounds"][1]["matches"]
    step(client, eid, key, "result", round=2, table=1, games="25-10 10-25 25-5")
    step(client, eid, key, "lodge", round=2, table=1, by=str(matches[0]["competitors"][1]), game=3,
         minutes_since_game=2)
    pid = client.get(f"/api/desk/{eid}", headers=key).json()["protests"][1]["protest"]
    step(client, eid, key, "decide", protest=pid, upheld=True)
    step(client, eid, key, "result", round=2, table=1, games="5-25")  # the replayed game; the first two stand
    played.append((*matches[0]["competitors"], [(25, 10), (10, 25), (5, 25)], False))
    for m in matches[1:]:
        games = [(25, rng.randint(0, 24)), (rng.randint(0, 24), 25), (25, rng.randint(0, 24))]
        step(client, eid, key, "result", round=2, table=m["table"], games=" ".join(f"{a}-{b}" for a, b in games))
        played.append((*m["competitors"], games, False))
    check_standings(client, eid, played)

    # -- round 3, typed; then closed with a rating list -------------------------------------------------------------
    step(client, eid, key, "pair")
    state = step(client, eid, key, "publish")
    for m in state["rounds"][2]["matches"]:
        games = [(rng.randint(0, 24), 25), (rng.randint(0, 24), 25)]
        step(client, eid, key, "result", round=3, table=m["table"], games=" ".join(f"{a}-{b}" for a, b in games))
        played.append((*m["competitors"], games, False))
    public = check_standings(client, eid, played)
    assert [r["round"] for r in public["rounds"]] == [1, 2, 3]
    closed = step(client, eid, key, "close", rating="Desk list")
    assert closed["closed"]
    log = [line["what"] for line in closed["log"]]
    assert any("protest 1 rejected" in w for w in log) and any("protest 2 upheld" in w for w in log)


def test_rights_are_given_by_the_desk_link_only(client):
    eid, key = made(client)
    other, other_key = made(client)
    r = client.post(f"/api/desk/{eid}/pair")
    assert r.status_code == 401 and "desk's link" in r.json()["error"]
    r = client.post(f"/api/desk/{eid}/pair", headers=other_key)  # another event's key opens nothing here
    assert r.status_code == 403 and r.json()["refusal"]["id"].startswith("this is not the desk's key")
    assert client.get(f"/api/desk/{eid}", headers={"X-Desk-Key": "guess"}).status_code == 403
    assert client.get(f"/api/t/{eid}").status_code == 200  # reading needs nothing
    step(client, eid, key, "pair")
    assert client.get(f"/api/desk/{eid}/print/pairings.pdf").status_code == 401  # printouts are the desk's
    pdf = client.get(f"/api/desk/{eid}/print/pairings.pdf?lang=fr", headers=key)
    assert pdf.status_code == 200 and pdf.content.startswith(b"%PDF")
    assert "a printout is one of" in client.get(f"/api/desk/{eid}/print/menu.pdf", headers=key).json()["error"]
    assert client.get("/api/t/999").status_code == 404


@pytest.mark.parametrize("body, error", [
    ({"name": "X", "players": ["Asha"]}, 'a player is "First Last", not \'Asha\''),
    ({"name": "X", "players": ["Asha Rao"]}, "an event needs at least two players"),
    ({"name": "X", "players": ["Asha Rao", "Ravi Kumar"], "system": "ladder"}, "system: 'ladder' is not one of"),
    ({"name": "X", "players": ["Asha Rao", "Ravi Kumar"], "system": "groups"}, "needs its number of groups"),
    ({"name": "X", "players": 7}, "players must be a list"),
    ({"name": "X", "players": "Asha Rao\nRavi"}, "players, line 2, field 'name': a player is \"First Last\", not 'Ravi'"),
    ({"players": ["Asha Rao", "Ravi Kumar"]}, "name is missing"),
])
def test_a_bad_new_event_is_refused_and_nothing_is_made(client, body, error):
    r = client.post("/api/desk", json=body)
    assert r.status_code == 400 and error in r.json()["error"]
    runner = CliRunner().invoke(cli, ["tournament", "list", "--db", client.db, "--json"])
    assert json.loads(runner.output) == []


def test_a_sol_file_imported_on_the_desk_gets_its_key(client, tmp_path):
    eid, key = made(client, system="swiss")
    out = tmp_path / "open.sol"
    run = CliRunner().invoke(cli, ["tournament", "export", str(eid), "--out", str(out), "--db", client.db])
    assert run.exit_code == 0, run.output
    r = client.post("/api/desk/import", content=out.read_bytes(), headers={"X-File-Name": "open.sol"})
    assert r.status_code == 200, r.text
    (imported,) = r.json()["events"]
    assert imported["desk"].startswith(f"/desk/{imported['id']}#key=")
    state = client.get(f"/api/desk/{imported['id']}", headers={"X-Desk-Key": imported["key"]}).json()
    assert [c["players"] for c in state["competitors"]] == [[n] for n in NAMES]
    r = client.post("/api/desk/import", content=b"tourneys: [", headers={"X-File-Name": "bad.sol"})
    assert r.status_code == 400 and "bad.sol" in r.json()["error"]


def test_the_desk_reads_the_players_list_as_pasted_from_a_spreadsheet(client):
    """Issue 42, item 15: cells pasted from a spreadsheet (tabs) were one player "Nicolò D'Alessandro CC Roma ITA";
    compound surnames were split at their last word. The form sends the text; the server reads it (desk.roster)."""
    pasted = "Nicolò D'Alessandro\tCC Roma\tITA\t1700\nJuan de la Cruz\tSevilla\tESP\t\nAsha Rao, Mumbai CC, IND, 1650"
    made = client.post("/api/desk", json={"name": "Coppa", "players": pasted})
    assert made.status_code == 200, made.text
    body = made.json()
    event = client.get(f"/api/desk/{body['id']}", headers={"X-Desk-Key": body["key"]}).json()
    assert [c["players"] for c in event["competitors"]] == [["Nicolò D'Alessandro"], ["Juan de la Cruz"], ["Asha Rao"]]
