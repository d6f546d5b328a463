"""Team ties on the tablets: each rubber of a tie on a published round gets its own tablet (the toss first, ICF 39),
its scorecard's header naming the rubber's players and their team (EQUIPO, ICF XIX), singles rubbers and a doubles
one; the tie's result (the rubbers won) comes into the event by itself once the rubbers finished decide it."""

import json

from test_web_desk import client, play_on_the_tablet, step, toss  # noqa: F401 (the fixture)

TEAMS = {"Mumbai": ["Asha Rao", "Ravi Kumar"], "Ljubljana": ["Ana Novak", "Ivo Bele"],
         "Paris": ["Luc Martin", "Eva Kos"], "Roma": ["Marta Rossi", "Joan Puig"]}


def made_teams(client):
    players = [{"first": n.split()[0], "last": n.split()[1], "team": team} for team, names in TEAMS.items()
               for n in names]
    r = client.post("/api/desk", json={"name": "Team Cup", "players": players, "rubbers": 3, "rounds": 1})
    assert r.status_code == 200, r.text
    return r.json()["id"], {"X-Desk-Key": r.json()["key"]}


def header_of(client, umpire_link):
    return client.get(f"/api/umpire/{umpire_link.split('/umpire/')[1].split('#')[0]}").json()["header"]


def test_each_rubber_gets_its_tablet_and_the_tie_result_comes_in_by_itself(client):
    eid, key = made_teams(client)
    step(client, eid, key, "pair")
    tie = step(client, eid, key, "publish")["rounds"][0]["matches"][0]
    rubbers = tie["rubbers"]  # on main: a team tie had no tablet at all
    assert [r["rubber"] for r in rubbers] == [1, 2, 3]
    one, two = (set(names) for names in tie["sides"])
    team_of = {n: team for team, names in TEAMS.items() for n in names}
    # rubbers 1 and 2 singles, each team's players in turn; rubber 3 the doubles of each team's pair
    assert [len(r["sides"][0]) for r in rubbers] == [1, 1, 2]
    assert rubbers[0]["sides"][0][0] != rubbers[1]["sides"][0][0]
    assert all(set(r["sides"][0]) <= one and set(r["sides"][1]) <= two for r in rubbers)

    links = [toss(client, r["umpire"]) for r in rubbers]
    for k, link in enumerate(links, 1):
        header = header_of(client, link)
        assert header["event"]["match"] == f"1.{tie['table']}.{k}" and header["event"]["event"] == "Team Cup"
        for seat, player in header["players"].items():
            assert player["team"] == team_of[player["name"]]  # the scorecard's EQUIPO
    doubles = header_of(client, links[2])
    assert doubles["kind"] == "doubles" and set(doubles["players"]) == {"south", "north", "east", "west"}

    # rubber 1 finished on its tablet: one rubber of three decides nothing, so no result yet
    play_on_the_tablet(client, links[0])
    view = client.get(f"/api/desk/{eid}", headers=key).json()
    assert "result" not in view["rounds"][0]["matches"][0]
    first = view["rounds"][0]["matches"][0]["rubbers"][0]  # shown as it finished: the tie's score so far
    assert first["winner"] in (1, 2) and len(first["games"]) >= 2
    public = client.get(f"/api/t/{eid}").json()["rounds"][0]["matches"][0]["rubbers"]
    assert public[0]["games"] == first["games"] and "games" not in public[1]
    # rubber 2 too: the same side has won two of three, the tie is decided and comes in by itself
    play_on_the_tablet(client, links[1])
    view = client.get(f"/api/desk/{eid}", headers=key).json()
    result = view["rounds"][0]["matches"][0]["result"]
    assert result["rubbers_won"] in ([2, 0], [0, 2]) and len(result["rubbers"]) == 2
    assert any("umpires' tablets" in line["what"] for line in view["log"])
    winner = next(r for r in view["standings"] if r["competitor"] == tie["competitors"][result["winner"] - 1])
    assert winner["points"] == 2  # a tie won is 2 points
    public = client.get(f"/api/t/{eid}").json()  # (served from the public cache, at most a second old)
    assert all("umpire" not in r for r in public["rounds"][0]["matches"][0]["rubbers"])  # never a key in public


def test_a_ties_line_up_entered_by_hand(client):
    """The desk says which players play which rubber (on main: "the desk has no step lineup"): checked (a player of
    the team, once on a side, one for a singles and two partners for a doubles, ICF 28), refused in the reader's
    words with nothing changed; the rubbers' tablets then open with the line-up's players in their headers, and
    once a rubber's toss is in the line-up no longer changes. The command line enters one too."""
    from carrom.i18n import translator

    eid, key = made_teams(client)
    ties = step(client, eid, key, "pair")["rounds"][0]["matches"]
    tie = ties[0]
    one, two = tie["sides"]
    editor = tie["lineup"]  # what the desk's page offers: each team's players, each rubber's kind and players
    assert [r["doubles"] for r in editor["rubbers"]] == [False, False, True] and editor["set"] is False
    assert [[name for _, name in team] for team in editor["teams"]] == [one, two]
    mine = [[[one[1]], [two[1]]], [[one[0]], [two[0]]], [[one[1], one[0]], [two[0], two[1]]]]
    post = lambda **body: client.post(f"/api/desk/{eid}/lineup", headers=key,  # noqa: E731
                                      json={"round": 1, "table": tie["table"], **body})

    def refused(rubbers, words, kind="illegal"):
        r = post(rubbers=rubbers)
        assert r.status_code == 400 and r.json()["kind"] == kind, r.text
        assert r.json()["refusal"]["id"] == words, r.text
        assert translator("es").gettext(words) != words  # said in the reader's words
        return r.json()["error"]

    stranger = ties[1]["sides"][0][0]
    assert stranger in refused([[[stranger], [two[1]]], *mine[1:]], "rubber {rubber}: {player} is not a player of "
                                                                     "{team}")
    refused([[[one[0]], [two[0]]], mine[1], [[one[0], one[0]], mine[2][1]]],
            "rubber {rubber}: a player is named twice on one side")
    refused([[[one[0], one[1]], [two[0]]], *mine[1:]], "rubber {rubber} is a singles: each side names one player")
    refused([*mine[:2], [[one[0]], [two[0]]]], "rubber {rubber} is a doubles: each side names two players, partners "
                                               "(ICF 28)")
    refused(mine[:2], "a line-up names both sides' players of each of the {count} rubbers, in order", "malformed")
    refused("Asha Rao", "a line-up names both sides' players of each of the {count} rubbers, in order", "malformed")
    assert client.get(f"/api/desk/{eid}", headers=key).json()["rounds"][0]["matches"][0]["lineup"]["set"] is False

    view = step(client, eid, key, "lineup", round=1, table=tie["table"], rubbers=mine)
    lineup = view["rounds"][0]["matches"][0]["lineup"]
    assert lineup["set"] is True and [r["sides"] for r in lineup["rubbers"]] == mine
    rubbers = step(client, eid, key, "publish")["rounds"][0]["matches"][0]["rubbers"]
    assert [r["sides"] for r in rubbers] == mine  # the tablets' rubbers, and the public page's
    assert [r["sides"] for r in client.get(f"/api/t/{eid}").json()["rounds"][0]["matches"][0]["rubbers"]] == mine
    first = toss(client, rubbers[0]["umpire"])
    assert [p["name"] for p in header_of(client, first)["players"].values()] == [one[1], two[1]]
    doubles = header_of(client, toss(client, rubbers[2]["umpire"]))
    assert {p["name"] for p in doubles["players"].values()} == set(one + two)
    assert doubles["players"]["south"]["name"] == one[1] and doubles["players"]["north"]["name"] == one[0]
    late = post(rubbers=mine)
    assert late.status_code == 400 and late.json()["kind"] == "over", late.text

    # the other tie, from the command line: its first two rubbers swapped
    from typer.testing import CliRunner

    from carrom.cli.app import app as cli

    other = ties[1]
    a, b = other["sides"]
    args = ["tournament", "lineup", eid, 1, other["table"], "--db", client.db, "--json"]
    bad = CliRunner().invoke(cli, [str(x) for x in args + ["--rubber", f"{a[0]} - {b[0]}"]])
    assert bad.exit_code == 2 and "First Last v First Last" in bad.output
    rubber = [f"{a[1]} v {b[1]}", f"{a[0]} v {b[0]}", f"{a[0]} & {a[1]} v {b[0]} & {b[1]}"]
    done = CliRunner().invoke(cli, [str(x) for x in args + [y for r in rubber for y in ("--rubber", r)]])
    assert done.exit_code == 0, done.output
    assert [r["players"][0] for r in json.loads(done.output)] == [[a[1]], [a[0]], a[:2]]
    shown = client.get(f"/api/desk/{eid}", headers=key).json()["rounds"][0]["matches"][1]
    assert [r["sides"][1] for r in shown["rubbers"]] == [[b[1]], [b[0]], b[:2]]
