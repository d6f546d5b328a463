"""A tie's line-up carries the line-up its page showed (issue 42 item 10: "announce, toss and line-up carry no
version"): a second desk on an older page that saves another line-up is refused, naming why, and the first desk's
stands; the line-up's log line names the players as entered."""

from test_web_desk import client, step  # noqa: F401 (the fixture)
from test_web_desk_ties import made_teams


def test_a_line_up_entered_since_the_page_showed_the_tie_is_not_replaced(client):
    eid, key = made_teams(client)
    tie = step(client, eid, key, "pair")["rounds"][0]["matches"][0]
    shown = [r["sides"] for r in tie["lineup"]["rubbers"]]  # what both desks' pages show: the fixed rule's
    one, two = tie["sides"]
    mine = [[[one[1]], [two[1]]], [[one[0]], [two[0]]], [[one[1], one[0]], [two[0], two[1]]]]
    theirs = [[[one[0]], [two[1]]], [[one[1]], [two[0]]], [[one[0], one[1]], [two[1], two[0]]]]
    assert mine != shown and theirs != shown
    step(client, eid, key, "lineup", round=1, table=tie["table"], rubbers=mine, replacing=shown)
    late = client.post(f"/api/desk/{eid}/lineup", headers=key,  # the other desk, on its older page
                       json={"round": 1, "table": tie["table"], "rubbers": theirs, "replacing": shown})
    assert late.status_code == 400 and "another line-up was entered since" in late.json()["error"], late.text
    view = client.get(f"/api/desk/{eid}", headers=key).json()  # on main: theirs, silently
    assert [r["sides"] for r in view["rounds"][0]["matches"][0]["lineup"]["rubbers"]] == mine
    again = step(client, eid, key, "lineup", round=1, table=tie["table"], rubbers=theirs, replacing=mine)
    assert [r["sides"] for r in again["rounds"][0]["matches"][0]["lineup"]["rubbers"]] == theirs
    assert any(line["what"].startswith(f"line-up of round 1, table {tie['table']}: ") and one[0] in line["what"]
               for line in again["log"])
