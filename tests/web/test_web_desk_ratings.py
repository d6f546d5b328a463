"""Rating lists on the web: closing an event with a list (a federation's, say) updates it by Glicko-2 (the glicko2
package, as `carrom tournament close --rating` does); the lists and each list, best first, are public pages, and the
desk links them. The figures are the command line's, to the last digit shown."""

import json

from typer.testing import CliRunner

from carrom.cli.app import app as cli
from test_web_desk import NAMES, client, made, step  # noqa: F401 (the fixture)


def test_a_closed_event_updates_its_federations_list_shown_on_the_web(client):
    eid, key = made(client, system="swiss", rounds=1)
    matches = step(client, eid, key, "pair")["rounds"][0]["matches"]
    step(client, eid, key, "publish")
    for m in matches:
        step(client, eid, key, "result", round=1, table=m["table"], games="25-3 25-7")  # side 1 wins every match
    assert client.get("/api/ratings").json() == []  # on main: no such page (404)
    closed = step(client, eid, key, "close", rating="Slovenia")
    assert closed["rating_lists"] == ["Slovenia"]  # the desk links it

    lists = client.get("/api/ratings").json()
    assert lists == [{"name": "Slovenia", "players": len(NAMES)}]
    shown = client.get("/api/ratings/Slovenia").json()
    rows = shown["players"]
    assert [r["rank"] for r in rows] == list(range(1, len(NAMES) + 1))
    assert [r["rating"] for r in rows] == sorted((r["rating"] for r in rows), reverse=True)
    winners = {" & ".join(m["sides"][0]) for m in matches}
    assert {r["name"] for r in rows[:len(winners)]} == winners  # each winner above each loser
    assert all(r["rating"] > 1500 for r in rows[:4]) and all(r["rating"] < 1500 for r in rows[4:])

    cli_rows = json.loads(CliRunner().invoke(cli, ["tournament", "ratings", "Slovenia", "--json", "--db",
                                                   client.db]).output)
    assert [(r["name"], round(r["rating"], 1), round(r["deviation"], 1)) for r in cli_rows] == \
        [(r["name"], r["rating"], r["deviation"]) for r in rows]

    assert client.get("/ratings/Slovenia").status_code == 200 and client.get("/ratings").status_code == 200
    missing = client.get("/api/ratings/Nowhere")
    assert missing.status_code == 404 and "Nowhere" in missing.json()["error"]
