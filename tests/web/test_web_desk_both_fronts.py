"""One event, two front ends, one database (issue 42 items 1, 2, 3, 13): ``carrom tournament`` and the web desk take
the same steps through ``desk.service``, side effects included (tablets reserved on publish, closed by an undo,
results read from finished tablets, a concession read with its law), and a tablet is bound to its match by the
match's own id, not by its table."""

from fastapi.testclient import TestClient
from typer.testing import CliRunner

from carrom.cli.app import app as cli
from carrom.desk import TournamentStore, service
from carrom.web import create_app
from test_web_desk import play_on_the_tablet, step, toss  # noqa: F401

import pytest

NAMES = ["Ann Alpha", "Bob Beta", "Cid Gamma", "Dan Delta"]


@pytest.fixture
def client(sqlite_db):
    with TestClient(create_app(sqlite_db, bot_pause=0)) as c:
        c.db = sqlite_db
        yield c


def carrom(db, *args):
    run = CliRunner().invoke(cli, ["tournament", *map(str, args), "--db", db])
    assert run.exit_code == 0, run.output
    return run.output


def made(client, name="Both Open", **settings):
    r = client.post("/api/desk", json={"name": name, "players": NAMES, "system": "swiss", **settings})
    assert r.status_code == 200, r.text
    return r.json()["id"], {"X-Desk-Key": r.json()["key"]}


def desk(client, eid, key):
    return client.get(f"/api/desk/{eid}", headers=key).json()


def concede_on_the_tablet(client, umpire_link):
    match_id, key = umpire_link.split("/umpire/")[1].split("#key=")
    state = client.get(f"/api/umpire/{match_id}").json()
    r = client.post(f"/api/umpire/{match_id}/entries", json={"line": "concede match", "revision": state["revision"]},
                    headers={"X-Umpire-Key": key})
    assert r.status_code == 200, r.text
    assert r.json()["state"]["state"]["over"] and "ICF 139" in r.json()["lines"][0]
    return r.json()["lines"][0]


def test_a_round_published_on_the_command_line_gets_its_tablets(client):
    """42.2: on main the tablets were made only by the web's publish; a round published by `carrom tournament
    publish` had none, so no umpire could score it."""
    eid, key = made(client)
    carrom(client.db, "pair", eid)
    carrom(client.db, "publish", eid)
    matches = desk(client, eid, key)["rounds"][0]["matches"]
    assert len(matches) == 2 and all(m.get("umpire") for m in matches)


def test_an_undo_on_the_command_line_closes_the_old_tablets_and_a_swap_gets_new_ones(client):
    """42.1: the CLI's undo kept the round's tablets (the web's dropped them); after pairing again with a swap, the
    old tablet of table 1, played to its end, was recorded for the new pairing. A tablet is bound to the match it
    was made for: the old one is closed and says so, the new match at table 1 has a tablet of its own, and the
    old tablet's games never reach the event."""
    eid, key = made(client)
    step(client, eid, key, "pair")
    first = step(client, eid, key, "publish")["rounds"][0]["matches"][0]
    old = toss(client, first["umpire"])  # the umpire at table 1 takes the toss: the old match opens
    carrom(client.db, "undo", eid)
    carrom(client.db, "pair", eid)
    now = desk(client, eid, key)["rounds"][0]["matches"]
    a = now[0]["competitors"][0]
    b = now[1]["competitors"][0]
    carrom(client.db, "swap", eid, a, b)  # table 1 is now a pairing the old tablet was not made for
    carrom(client.db, "publish", eid)
    match_id, old_key = old.split("/umpire/")[1].split("#key=")
    revision = client.get(f"/api/umpire/{match_id}").json()["revision"]
    refused = client.post(f"/api/umpire/{match_id}/entries", json={"line": "w", "revision": revision},
                          headers={"X-Umpire-Key": old_key})  # on main: the old match played on to its end
    assert refused.status_code == 409 and "this tablet is closed" in refused.json()["error"]  # issue 42 item 17
    after = desk(client, eid, key)
    view = after["rounds"][0]["matches"]
    assert sorted(view[0]["competitors"]) != sorted(first["competitors"])
    assert view[0].get("result") is None  # on main: the old match's games, recorded for the new pairing
    assert not any("umpire's tablet" in line["what"] for line in after["log"])
    assert view[0]["umpire"] != first["umpire"]  # a tablet of its own
    path, umpire_key = first["umpire"].split("#key=")
    closed = client.get("/api" + path, headers={"X-Umpire-Key": umpire_key})
    assert closed.status_code == 400 and "taken back" in closed.json()["error"]  # the old tablet says so


def test_a_match_conceded_at_0_0_on_the_tablet_comes_into_the_event_with_its_law(client):
    """42.3: a match conceded on the tablet before a board was played gave 0-0, which the result's check refuses:
    the desk had to type it. It comes in as the concession's (ICF 139), each game the winner needed at 25-0."""
    eid, key = made(client)
    step(client, eid, key, "pair")
    first = step(client, eid, key, "publish")["rounds"][0]["matches"][0]
    said = concede_on_the_tablet(client, toss(client, first["umpire"]))
    winner = 1 if said.endswith(f"{' & '.join(first['sides'][0])} wins it (ICF 139)") else 2
    view = desk(client, eid, key)
    got = view["rounds"][0]["matches"][0]["result"]
    assert got is not None and got["winner"] == winner
    assert got["games"] == ([[25, 0], [25, 0]] if winner == 1 else [[0, 25], [0, 25]])
    assert any("ICF 139" in line["law"] and "conceded" in line["what"] for line in view["log"])


def test_a_rubber_conceded_on_its_tablet_lets_the_tie_come_in(client):
    """42.13: in a team tie a rubber conceded at 0-0 blocked the tie for good; conceded rubbers now count."""
    players = [{"first": f, "last": last, "team": team} for f, last, team in (
        ("Asha", "Rao", "India"), ("Ravi", "Kumar", "India"), ("Ana", "Novak", "Slovenia"), ("Ivo", "Bele", "Slovenia"))]
    r = client.post("/api/desk", json={"name": "Teams", "players": players, "system": "swiss", "rubbers": 3})
    assert r.status_code == 200, r.text
    eid, key = r.json()["id"], {"X-Desk-Key": r.json()["key"]}
    step(client, eid, key, "pair")
    tie = step(client, eid, key, "publish")["rounds"][0]["matches"][0]
    winners = []
    for rubber in tie["rubbers"][:2]:
        said = concede_on_the_tablet(client, toss(client, rubber["umpire"]))
        winners.append(1 if said.endswith(f"{' & '.join(rubber['sides'][0])} wins it (ICF 139)") else 2)
    got = desk(client, eid, key)["rounds"][0]["matches"][0].get("result")
    assert got is not None and got["rubbers_won"] == [winners.count(1), winners.count(2)]


def _shape(store, eid):
    """The event and its open tablets, as both front ends must leave them: matches by round and table with their
    competitors and results, and which match each tablet is bound to."""
    event = store.load(eid)
    ids = {m.id: (m.round, m.table) for m in event.matches}
    matches = [(m.round, m.table, m.side1, m.side2, None if m.result is None else m.result.games) for m in event.matches]
    bound = sorted((t.round, t.table, t.rubber, ids.get(t.match_id), t.sides)
                   for t in service.tablets(store, eid, event))
    return event.published, matches, bound


def test_one_event_step_by_step_through_both_front_ends_alike(client):
    """The same steps, one event on the command line and one on the web desk, on one database: after each step the
    two events and their tablets are the same (register, pair, publish, a tablet's result, undo, re-pair with a
    swap)."""
    web_id, key = made(client, "Twin")
    carrom(client.db, "new", "Twin", "--system", "swiss", *[x for n in NAMES for x in ("--player", n)])
    store = TournamentStore(client.db)
    cli_id = max(i for i, *_ in store.events())
    assert _shape(store, cli_id) == _shape(store, web_id)

    def both(cli_args, web_step, **body):
        carrom(client.db, *cli_args[:1], cli_id, *cli_args[1:])
        step(client, web_id, key, web_step, **body)
        assert _shape(store, cli_id) == _shape(store, web_id), cli_args

    both(["pair"], "pair")
    both(["publish"], "publish")
    assert len(service.tablets(store, cli_id)) == 2
    both(["result", 1, 2, "25-10", "25-3"], "result", round=1, table=2, games="25-10 25-3")
    both(["result", 1, 1, "25-10", "25-3"], "result", round=1, table=1, games="25-10 25-3")
    both(["pair"], "pair")
    assert not [t for t in service.tablets(store, cli_id) if t.round == 2]  # a draft round has none
    both(["undo"], "undo")
    both(["pair"], "pair")
    r2 = store.load(cli_id).round_matches(2)
    both(["swap", r2[0].side1, r2[1].side1], "swap", a=str(r2[0].side1), b=str(r2[1].side1))
    both(["publish"], "publish")
    assert len([t for t in service.tablets(store, cli_id) if t.round == 2]) == 2
    both(["undo"], "undo")  # round 2 taken back on both: its tablets closed alike
    assert not [t for t in service.tablets(store, cli_id) if t.round == 2]
    assert len(service.tablets(store, cli_id)) == 2  # round 1's, bound to its finished matches
