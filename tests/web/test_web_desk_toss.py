"""The toss before the tablet (ICF 39): a table's tablet opened from the tournament asks who won the toss and what
they chose (the break or a side), as the umpire's own new match does, or takes the toss the desk recorded; the
umpire's match then starts with that toss and the first break it gives (ICF 42). Through the real endpoints."""

from test_web_desk import client, made, refusal, step, toss  # noqa: F401 (the fixture)


def tablet_header(client, umpire_link):
    match_id = umpire_link.split("/umpire/")[1].split("#")[0]
    return client.get(f"/api/umpire/{match_id}").json()["header"]


def test_the_tablet_asks_the_toss_first_then_opens_with_it(client):
    """ICF 39 a, c: the toss winner takes the break or a side; a side chosen gives the other party the break
    (ICF 42: the first break is the toss's)."""
    eid, key = made(client, system="swiss", rounds=1)
    step(client, eid, key, "pair")
    matches = step(client, eid, key, "publish")["rounds"][0]["matches"]
    link = matches[0]["umpire"]
    assert link.startswith(f"/desk/{eid}/tablet/1/1#key=")  # on main: straight to /umpire/, no toss asked
    assert client.get(link.split("#")[0]).status_code == 200  # the page that asks it
    path, umpire_key = link.split("#key=")
    before = client.get("/api" + path, headers={"X-Umpire-Key": umpire_key}).json()
    assert before["toss"] is False and before["umpire"] is None
    assert before["sides"] == matches[0]["sides"]
    assert "scoreboard" not in client.get(f"/api/t/{eid}").json()["rounds"][0]["matches"][0]

    # a wrong key records nothing; a choice that is not the break or a side is refused with the law
    wrong = client.post(f"/api{path}/toss", headers={"X-Umpire-Key": "nope"}, json={"winner": 1, "choice": "break"})
    assert wrong.status_code == 403
    assert "ICF 39" in client.post(f"/api{path}/toss", headers={"X-Umpire-Key": umpire_key},
                                   json={"winner": 1, "choice": "heads"}).json()["error"]

    # side 2 won the toss and chose a side: side 1 (South) breaks first
    tablet = toss(client, link, winner=2, choice="side")
    header = tablet_header(client, tablet)
    north = header["players"]["north"]["name"]
    assert north == " & ".join(matches[0]["sides"][1])
    assert header["toss"] == {"winner": "north", "choice": "side"} and header["first_breaker"] == "south"
    assert header["event"]["round"] == "1" and header["event"]["table"] == "1"
    again = client.get("/api" + path, headers={"X-Umpire-Key": umpire_key}).json()
    assert again["toss"] is True and again["umpire"] == tablet  # the link now goes straight to the tablet
    assert "is in already" in refusal(client, eid, key, "toss", round=1, table=1, winner=1, choice="break")  # once
    view = client.get(f"/api/desk/{eid}", headers=key).json()
    assert view["rounds"][0]["matches"][0]["toss"] is True
    assert any("toss of round 1, table 1" in line["what"] and line["law"] == "ICF 39" for line in view["log"])
    assert "scoreboard" in client.get(f"/api/t/{eid}").json()["rounds"][0]["matches"][0]

    # the desk takes table 2's toss: side 1 won it and took the break; the tablet opens without asking
    step(client, eid, key, "toss", round=1, table=2, winner=1, choice="break")
    link2 = next(m for m in client.get(f"/api/desk/{eid}", headers=key).json()["rounds"][0]["matches"]
                 if m["table"] == 2)["umpire"]
    path2, key2 = link2.split("#key=")
    state = client.get("/api" + path2, headers={"X-Umpire-Key": key2}).json()
    assert state["toss"] is True
    header = tablet_header(client, state["umpire"])
    assert header["toss"] == {"winner": "south", "choice": "break"} and header["first_breaker"] == "south"
