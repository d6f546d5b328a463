"""Championships on the web: events made on the desk name their championship (a series with its own ranking, as
SoL's); each closed event gives its competitors a prize by final place (SoL's fixed prizes: 18, 16, 14, 13, then one
less a place down to 1 for the 16th), and the championship's public page ranks them by the total; the command line
prints the same ranking. The figures are checked against the standings of each event, worked out here apart."""

import json

from typer.testing import CliRunner

from carrom.cli.app import app as cli
from carrom.tournament.championship import fixed_prize, ranking
from test_web_desk import NAMES, client, step  # noqa: F401 (the fixture)

PRIZES = [18, 16, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1]


def test_sols_fixed_prizes_and_the_worst_skipped():
    """SoL's fixed prize-giving by place, nothing after the 16th; the worst skipped only when more were played."""
    assert [fixed_prize(p) for p in range(1, 18)] == PRIZES + [0]
    rows = ranking([{("A a",): 18, ("B b",): 16}, {("B b",): 18, ("A a",): 16}, {("A a",): 1}], skip_worst=1)
    # an event missed is a prize of 0, so it is B's worst; level on 34, the one with more events first
    assert [(r.players, r.total, r.skipped) for r in rows] == [(("A a",), 34, (1,)), (("B b",), 34, (0,))]
    level = ranking([{("Z z",): 18, ("Y y",): 16}, {("Y y",): 18}])
    assert [r.players for r in level] == [(("Y y",)), ("Z z",)]  # 34 before 18


def play_event(client, name, winners_first, championship="Slovenian Cup", **more):
    players = NAMES[:4]
    r = client.post("/api/desk", json={"name": name, "players": players, "rounds": 1, "championship": championship,
                                       **more})
    assert r.status_code == 200, r.text  # on main: "unknown field championship"
    eid, key = r.json()["id"], {"X-Desk-Key": r.json()["key"]}
    matches = step(client, eid, key, "pair")["rounds"][0]["matches"]
    step(client, eid, key, "publish")
    for m in matches:
        games = "25-3 25-7" if winners_first else "3-25 7-25"
        step(client, eid, key, "result", round=1, table=m["table"], games=games)
    closed = step(client, eid, key, "close")
    return eid, closed["standings"]


def test_a_championship_of_two_events_ranked_on_the_web(client):
    first, one = play_event(client, "Cup 1", True)
    second, two = play_event(client, "Cup 2", False)
    listed = client.get("/api/championships").json()
    assert [(c["name"], [e["id"] for e in c["events"]]) for c in listed] == [("Slovenian Cup", [first, second])]

    shown = client.get("/api/championships/Slovenian%20Cup").json()
    assert [e["id"] for e in shown["events"]] == [first, second]
    expected: dict[str, list[int]] = {}
    for k, rows in enumerate((one, two)):
        for row in rows:
            expected.setdefault(" & ".join(row["players"]), [0, 0])[k] = PRIZES[row["rank"] - 1]
    got = {" & ".join(r["players"]): r["prizes"] for r in shown["ranking"]}
    assert got == expected
    totals = [r["total"] for r in shown["ranking"]]
    assert totals == sorted(totals, reverse=True) and totals[0] == max(sum(p) for p in expected.values())

    cli_rows = json.loads(CliRunner().invoke(cli, ["tournament", "championship", "Slovenian Cup", "--json", "--db",
                                                   client.db]).output)
    assert [(r["players"], r["total"]) for r in cli_rows] == [(r["players"], r["total"]) for r in shown["ranking"]]
    assert client.get("/championships/Slovenian%20Cup").status_code == 200
    missing = client.get("/api/championships/Nowhere")  # on main a 400, as if the request were wrong
    assert missing.status_code == 404 and "Nowhere" in missing.json()["error"]
    assert missing.json()["kind"] == "not-found" and missing.json()["refusal"]["id"] == "there is no championship {name}"


def test_the_desks_form_chooses_the_championships_method(client):
    """SoL's millesimal prizes chosen on the desk's form (on main: "unknown field prizes"): 1000 to the winner, then
    down 1000 // 4 = 250 a place; the championship keeps its method, another is refused with its kind."""
    eid, rows = play_event(client, "Coppa 1", True, championship="Coppa", prizes="millesimal")
    shown = client.get("/api/championships/Coppa").json()
    assert shown["prizes"] == "millesimal" and shown["skip_worst"] == 0
    want = {" & ".join(r["players"]): [1000 - 250 * (r["rank"] - 1)] for r in rows}
    assert {" & ".join(r["players"]): r["prizes"] for r in shown["ranking"]} == want
    other = client.post("/api/desk", json={"name": "Coppa 2", "players": NAMES[:4], "championship": "Coppa",
                                           "prizes": "asis"})
    assert other.status_code == 400 and other.json()["kind"] == "illegal", other.text
    assert "millesimal" in other.json()["error"] and other.json()["refusal"]["params"]["kept"] == "millesimal"
    assert client.get("/api/championships/Slovenian%20Cup").status_code == 404  # no event names it here
    negative = client.post("/api/desk", json={"name": "Coppa 3", "players": NAMES[:4], "championship": "Nuova",
                                              "skip_worst": -1})
    assert negative.status_code == 400 and negative.json()["kind"] == "malformed", negative.text
