"""The desk announces a match for a time (default now), and the laws' time to report counts from it: ICF 143 i
(15 minutes), 004 laws 18 and 126 (7 minutes under the timed rules). The desk and the public page show when it was
announced for and until when the players may report; a walkover before that time is refused with the law."""

import time

from test_web_desk import client, made, refusal, step  # noqa: F401 (the fixture)


def table(view, number=1, round_number=1):
    return next(m for m in view["rounds"][round_number - 1]["matches"] if m["table"] == number)


def test_a_match_announced_for_a_later_time_counts_the_report_time_from_then(client):
    """ICF 143 i: a side that has not reported 15 minutes after the match's announcement loses it by walkover; a
    match announced for 20 minutes from now cannot be lost so before 35 minutes from now."""
    eid, key = made(client, system="swiss", rounds=2)
    step(client, eid, key, "pair")
    step(client, eid, key, "publish")
    later = time.time() + 20 * 60
    state = step(client, eid, key, "announce", round=1, table=1, at=later)  # on main: refused, "not in the future"
    m = table(state)
    assert m["announced"] == later and m["report_by"] == later + 15 * 60
    public = table(client.get(f"/api/t/{eid}").json())
    assert public["announced"] == later and public["report_by"] == later + 15 * 60
    assert any("announced round 1, table 1 for" in line["what"] and line["law"] == "ICF 143 i" for line in state["log"])

    said = refusal(client, eid, key, "walkover", round=1, table=1, present=1)
    assert "announced for 20 minutes from now" in said and "ICF 143 i" in said
    assert "result" not in table(client.get(f"/api/desk/{eid}", headers=key).json())  # nothing changed

    # announced by default now: still refused now (0 minutes of 15), allowed once announced 15 minutes back
    state = step(client, eid, key, "announce", round=1, table=2)
    assert abs(table(state, 2)["announced"] - time.time()) < 60
    assert "ICF 143 i" in refusal(client, eid, key, "walkover", round=1, table=2, present=2)
    step(client, eid, key, "announce", round=1, table=2, at=time.time() - 15 * 60 - 1)
    assert table(step(client, eid, key, "walkover", round=1, table=2, present=2), 2)["result"]["walkover"]

    # a time that is not one, or more than a day ahead, is refused and nothing changes
    for bad in ("10:30", time.time() + 2 * 24 * 3600, True):
        assert "at" in refusal(client, eid, key, "announce", round=1, table=3, at=bad)
    assert table(client.get(f"/api/desk/{eid}", headers=key).json(), 3)["announced"] is None


def test_the_timed_rules_give_seven_minutes_from_the_announcement(client):
    """004 laws 18 and 126: under the timed rules a side has 7 minutes after the announcement to report."""
    eid, key = made(client, system="swiss", rounds=1, timed=True)
    step(client, eid, key, "pair")
    step(client, eid, key, "publish")
    at = time.time() - 6 * 60
    assert table(step(client, eid, key, "announce", round=1, table=1, at=at))["report_by"] == at + 7 * 60
    assert "004 laws 18 and 126" in refusal(client, eid, key, "walkover", round=1, table=1, present=1)
