"""A score typed with the dash the desk itself shows, 25–13, is read by both front ends, through the one parser
(``tournament.parse_games``; issue 42 item 17, fixed in c725096 for the core): the web desk's result and the
command line's ``tournament result``."""

from typer.testing import CliRunner

from carrom.cli.app import app as cli
from test_web_desk_both_fronts import client  # noqa: F401  (the app on a test database)
from test_web_desk import step

NAMES = ["Ann Alpha", "Bob Beta", "Cid Gamma", "Dan Delta"]


def test_the_en_dash_is_read_on_the_web_and_the_command_line(client):
    r = client.post("/api/desk", json={"name": "Dash Open", "players": NAMES, "system": "swiss"})
    eid, key = r.json()["id"], {"X-Desk-Key": r.json()["key"]}
    step(client, eid, key, "pair")
    step(client, eid, key, "publish")
    state = step(client, eid, key, "result", round=1, table=1, games="25–13 20–25 25–9")
    assert state["rounds"][0]["matches"][0]["result"]["games"] == [[25, 13], [20, 25], [25, 9]]
    run = CliRunner().invoke(cli, ["tournament", "result", str(eid), "1", "2", "25–13", "25–20", "--db", client.db])
    assert run.exit_code == 0, run.output
    view = client.get(f"/api/desk/{eid}", headers=key).json()
    assert view["rounds"][0]["matches"][1]["result"]["games"] == [[25, 13], [25, 20]]
