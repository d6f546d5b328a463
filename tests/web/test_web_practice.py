"""The practice API: positions checked field by field, predictions equal to the stroke played, drills, replays."""

import pytest
from fastapi.testclient import TestClient

from carrom.game import Game
from carrom.players import GeometricPlayer
from carrom.players.driver import step
from carrom.practice import Aim, Position, predict
from carrom.practice.drills import drill_bot_shot
from carrom.records import dumps
from carrom.store import Action, SeatRow, Store
from carrom.web import create_app

AIM = {"along": 0.0, "angle": 0.0, "speed": 6.0}


@pytest.fixture
def db(tmp_path):
    return f"sqlite:///{tmp_path / 'p.db'}"


@pytest.fixture
def client(db):
    with TestClient(create_app(db, bot_pause=0)) as c:
        yield c


def opening(client):
    return client.get("/api/practice/opening").json()["position"]


def test_the_page_and_the_opening(client):
    page = client.get("/practice")
    assert page.status_code == 200 and "practice.js" in page.text
    view = client.get("/api/practice/opening").json()
    assert len(view["position"]["pieces"]) == 19 and view["position"]["broken"] is False
    assert view["legal"] and all(lo < hi for lo, hi in view["legal"])


def test_the_prediction_is_the_engine_s_and_the_strike_plays_the_same(client):
    pos = opening(client)
    predicted = client.post("/api/practice/predict", json={"position": pos, "aim": AIM}).json()
    played = client.post("/api/practice/strike", json={"position": pos, "aim": AIM}).json()
    assert played == predicted
    local = predict(Position.from_dict(pos), Aim(0.0, 0.0, 6.0))
    assert predicted["laws"] == list(local.laws) and predicted["laws"][0] == "ICF 44"
    assert predicted["after"]["position"] == local.after.to_dict()
    assert len(predicted["motion"]["discs"]) == 20  # every piece and the striker
    assert [p["index"] for p in predicted["pocketed"]] == [p.index for p in local.pocketed]


@pytest.mark.parametrize("body, words", [
    ({"aim": AIM}, "the body is an object with the position"),
    ({"position": {"pieces": "x"}, "aim": AIM}, "pieces must be a list"),
    ({"position": {"pieces": [{"kind": "white", "x": 0, "y": 0}, {"kind": "black", "x": 0.01, "y": 0}],
                   "queen": "covered", "queen_by": "north"}, "aim": AIM}, "overlap by"),
    ("OPENING", "aim must be an object with exactly along"),
    ({"aim": {"along": 0, "angle": "left", "speed": 3}}, "aim.angle must be a finite number"),
    ({"aim": {"along": 0, "angle": 10**400, "speed": 3}}, "aim.angle must be a finite number"),
    ({"aim": {"along": 0, "angle": 0, "speed": 30}}, "speed 30.0 m/s is out of range"),
    ({"aim": {"along": 0.4, "angle": 0, "speed": 3}}, "the striker may not be put at +0.4000 m"),
], ids=["no-position", "pieces", "overlap", "no-aim", "angle", "huge-angle", "speed", "place"])
def test_bad_requests_are_refused_naming_the_fault(client, body, words):
    if body == "OPENING":
        body = {"position": opening(client)}
    elif "position" not in body and set(body) == {"aim"} and body["aim"] is not AIM:
        body = {"position": opening(client), **body}
    r = client.post("/api/practice/predict", json=body)
    assert r.status_code == 400 and words in r.json()["error"], r.json()


def test_not_json_and_too_big_are_refused(client):
    r = client.post("/api/practice/predict", content=b"{oops", headers={"content-type": "application/json"})
    assert r.status_code == 400 and r.json()["error"] == "the request's body must be JSON"
    r = client.post("/api/practice/position", content=b"x" * 70_000)
    assert r.status_code == 413


def test_checking_a_position_lists_every_fault(client):
    bad = {"pieces": [{"kind": "queen", "x": 0, "y": 0}, {"kind": "queen", "x": 0.1, "y": 0}], "seat": "up"}
    r = client.post("/api/practice/position", json={"position": bad})
    assert r.status_code == 400
    assert "seat must be one of" in r.json()["error"] and "2 queen pieces: a set has 1" in r.json()["error"]


def test_drills_and_the_bot_shot(client):
    listed = client.get("/api/practice/drills").json()
    assert [d["id"] for d in listed] == ["cut", "rebound", "thumb", "queen", "cover"]
    shot = client.get("/api/practice/drills/cut/bot").json()
    assert shot["aim"] == {"along": drill_bot_shot("cut").aim.along, "angle": drill_bot_shot("cut").aim.angle,
                           "speed": drill_bot_shot("cut").aim.speed}
    assert listed[0]["target"] in [p["index"] for p in shot["pocketed"]]
    r = client.get("/api/practice/drills/masse/bot")  # no such drill: not found, naming the drills there are
    assert r.status_code == 404 and r.json()["kind"] == "not-found"
    assert "there is no drill 'masse'; the drills are cut, rebound, thumb" in r.json()["error"]


def test_a_bad_board_speed_for_the_bot_shot_is_refused_by_name(client):
    """``board_speed`` is slow, medium or fast (docs/practice.md); anything else is a 400 naming them, not a server
    error."""
    for bad in ("warp", "MEDIUM", ""):
        r = client.get(f"/api/practice/drills/cut/bot?board_speed={bad}")
        assert r.status_code == 400, (bad, r.status_code, r.text)
        assert r.json()["kind"] == "malformed"
        assert "board_speed must be one of slow, medium, fast" in r.json()["error"]
    assert client.get("/api/practice/drills/cut/bot?board_speed=fast").status_code == 200


def test_a_position_from_a_stored_match_stroke(client, db):
    game = Game.new({"south": "Asha", "north": "Ravi"})
    players = {"south": GeometricPlayer(1, 1.0), "north": GeometricPlayer(2, 1.0)}
    for _ in range(8):
        step(game, players)
    Store(db).create("m1", variant="icf", kind="singles", title="Asha v Ravi",
                     seats=[SeatRow("south", "Asha", "human", None, None), SeatRow("north", "Ravi", "human", None, None)],
                     record=dumps(game.record))
    view = client.get("/api/practice/match/m1/stroke/3").json()
    third = [e for e in game.record.entries if type(e).__name__ == "StrokeEntry"][2]
    assert view["position"]["seat"] == third.seat
    assert view["aim"] == {"along": third.choice.along, "angle": third.choice.angle, "speed": third.choice.speed}
    played = client.post("/api/practice/predict", json={"position": view["position"], "aim": view["aim"]}).json()
    assert played["completed"]
    r = client.get("/api/practice/match/m1/stroke/99")
    assert r.status_code == 400 and "stroke must be a whole number from 1 to" in r.json()["error"]
    assert client.get("/api/practice/match/nope/stroke/1").status_code == 404


def test_a_stroke_of_a_match_whose_actions_were_appended_to_the_store(client, db):
    """A match played on the server keeps its actions as rows after the record it was created with
    (docs/web.md, the store): practice reads the whole record, not just its head."""
    game = Game.new({"south": "Asha", "north": "Ravi"})
    head = dumps(game.record)
    players = {"south": GeometricPlayer(1, 1.0), "north": GeometricPlayer(2, 1.0)}
    for _ in range(8):
        step(game, players)
    store = Store(db)
    store.create("m2", variant="icf", kind="singles", title="Asha v Ravi",
                 seats=[SeatRow("south", "Asha", "human", None, None), SeatRow("north", "Ravi", "human", None, None)],
                 record=head)
    record = game.record
    store.append("m2", 0, [Action(n, e.to_dict(), *record.positions[n]) for n, e in enumerate(record.entries)],
                 over=False, result="")
    view = client.get("/api/practice/match/m2/stroke/3")
    assert view.status_code == 200, view.text
    third = [e for e in record.entries if type(e).__name__ == "StrokeEntry"][2]
    assert view.json()["aim"] == {"along": third.choice.along, "angle": third.choice.angle, "speed": third.choice.speed}
