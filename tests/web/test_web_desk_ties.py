"""Team ties on the tablets: each rubber of a tie on a published round gets its own tablet (the toss first, ICF 39),
its scorecard's header naming the rubber's players and their team (EQUIPO, ICF XIX), singles rubbers and a doubles
one; the tie's result (the rubbers won) comes into the event by itself once the rubbers finished decide it."""

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
