"""Every HTTP refusal of the desk, of practice and of Starlette itself says what kind it is, as the game's do
(docs/web.md): ``{"error", "refusal", "kind"}`` and ``law`` when one forbids it. On main the desk's and practice's
refusals and Starlette's own 404 and 405 carried no kind, and an unknown championship was a 400."""

from test_web_desk import NAMES, client, made, step  # noqa: F401 (the fixture)


def refused(answer, status, kind, law=None):
    assert answer.status_code == status, answer.text
    body = answer.json()
    assert body["kind"] == kind, body
    assert body.get("law") == law, body
    assert body["error"] and "refusal" in body, body
    return body


def test_the_desks_refusals_say_their_kind(client):
    eid, key = made(client, rounds=1)
    post = lambda what, **body: client.post(f"/api/desk/{eid}/{what}", headers=key, json=body)  # noqa: E731
    round_one = step(client, eid, key, "pair")["rounds"][0]["matches"]
    refused(post("pair"), 400, "out-of-turn")  # a round is paired once
    table = next(m["table"] for m in round_one if len(m["sides"]) == 2)
    refused(post("result", round=1, table=table, games="25-3 25-7 25-1"), 400, "illegal", "ICF 57")  # after a 2-0
    refused(post("result", round=1, table=table, games="twenty"), 400, "malformed", "ICF 57")
    refused(post("result", round=1, table="one", games="25-3 25-7"), 400, "malformed")
    refused(post("fly"), 404, "not-found")
    refused(client.post(f"/api/desk/{eid}/pair", json={}), 401, "forbidden")
    refused(client.post(f"/api/desk/{eid}/pair", headers={"X-Desk-Key": "nope"}, json={}), 403, "forbidden")
    refused(client.get("/api/desk/999", headers=key), 403, "forbidden")  # not this event's key
    refused(client.get("/api/t/999"), 404, "not-found")
    for m in round_one:
        if len(m["sides"]) == 2:
            step(client, eid, key, "result", round=1, table=m["table"], games="25-3 25-7")
    step(client, eid, key, "close")
    over = refused(post("pair"), 400, "over")
    assert over["refusal"]["id"] == "{event} is closed (its prizes are given): no round can be paired any more"
    refused(post("close"), 400, "over")


def test_practices_refusals_say_their_kind(client):
    opening = client.get("/api/practice/opening").json()
    position = opening["position"]
    refused(client.post("/api/practice/predict", content=b"{not json"), 400, "malformed")
    refused(client.post("/api/practice/predict", json={"position": position, "aim": {"along": 0}}), 400, "malformed")
    off = {"along": 0.9, "angle": 0.0, "speed": 2.0}  # the striker off its baseline
    refused(client.post("/api/practice/predict", json={"position": position, "aim": off}), 400, "illegal", "ICF 130")
    no_queen = dict(position, pieces=[p for p in position["pieces"] if p["kind"] != "queen"])
    body = refused(client.post("/api/practice/position", json={"position": no_queen}), 400, "illegal", "ICF 92")
    assert "queen" in body["error"]
    refused(client.get("/api/practice/match/nowhere/stroke/1"), 404, "not-found")


def test_starlettes_own_answers_have_the_same_shape(client):
    nothing = refused(client.get("/api/nothing-here"), 404, "not-found")
    assert nothing["refusal"]["id"] == "there is nothing at {path}: check the address"
    method = refused(client.delete("/api/desk"), 405, "malformed")
    assert method["refusal"]["params"]["method"] == "DELETE"
    refused(client.post("/api/rooms", content=b"{" + b" " * 70_000 + b"}"), 413, "malformed")  # the server's limits


def test_every_page_is_served_at_its_addresses(client):
    """The desk's and the umpire's pages come from one helper (carrom.web.pages): each address gives its file."""
    for path, title in (("/desk", "tournament desk"), ("/desk/7", "tournament desk"), ("/t/7", "tournament"),
                        ("/ratings", "rating lists"), ("/ratings/Slovenia", "rating lists"),
                        ("/championships", "championships"), ("/championships/Cup", "championships"),
                        ("/desk/7/tablet/1/2", "the toss"), ("/umpire", "umpire"), ("/umpire/abc", "umpire"),
                        ("/scoreboard/abc", "scoreboard"), ("/replay/umpire/abc", "carrom")):
        r = client.get(path)
        assert r.status_code == 200 and r.headers["cache-control"] == "no-cache", path
        assert "<html" in r.text and title in r.text.split("</title>")[0], path
