"""The tablet says who moves where after each game (ICF 58, 59) and in the deciding game (ICF 60), names players by
where they sit now, and announces and times the rest before the third game (ICF 138)."""

from test_web_umpire import MATCH, client, enter, new_match  # noqa: F401 (client: the fixture)


def test_the_tablet_says_who_moves_where_and_times_the_rest(client):  # noqa: F811
    """ICF 58: in singles the players change sides at the end of each game; ICF 138: ten minutes of rest between the
    second and the third game. The state the tablet and the scoreboard get says both."""
    m = new_match(client)
    assert enter(client, m, "concede game").status_code == 200  # South (Asha) concedes game 1 (ICF 139)
    state = client.get(f"/api/umpire/{m['id']}").json()
    moved = state["seating"]["moved"]
    assert moved["law"] == "ICF 58" and moved["params"]["moves"]["params"]["p1"] == "Asha"
    assert moved["params"]["moves"]["params"]["to1"] == {"id": "North"}
    assert [(c["chair"], c["name"]) for c in state["seating"]["chairs"]] == [("south", "Ravi"), ("north", "Asha")]
    assert state["who"] == {"south": "North (Asha)", "north": "South (Ravi)"}
    assert state["prompt"].startswith("South (Ravi)") and state["rest"] is None
    # the offender named by the chair he sits in now: Asha, in the north chair
    assert enter(client, m, "declare technical north").status_code == 200
    record = client.get(f"/api/umpire/{m['id']}/record").json()
    assert record["games"][-1]["boards"][-1]["actions"][-1]["offender"] == "south"
    assert enter(client, m, "concede game").status_code == 200  # 1–1: the third game decides (ICF 57)
    state = client.get(f"/api/umpire/{m['id']}").json()
    rest = state["rest"]
    assert rest["law"] == "ICF 138" and rest["minutes"] == 10 and rest["game"] == 3 and rest["since"]
    assert any(line.get("law") == "ICF 138" for line in state["log"][0]["said"]["lines"])
    assert enter(client, m, "-").status_code == 200
    assert client.get(f"/api/umpire/{m['id']}").json()["rest"] is None
