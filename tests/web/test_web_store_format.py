"""The store's format: a match is its record as written, an action log and a version (docs/web.md, Persistence).

A stroke appends one row and moves the match row's version and snapshot on; the record is
not written again. A database written by the earlier format (the whole record rewritten
after every action) keeps working: it is read as it is and played on. Two servers on one
database: the one whose copy of a match is stale is refused its write, reads the match
again and plays the intent on the fresh match. On SQLite and PostgreSQL (``db_url``).
"""

import json
import random
from datetime import datetime, timezone

from fastapi.testclient import TestClient
from sqlalchemy import (JSON, Boolean, Column, DateTime, ForeignKey, Integer, MetaData, String, Table, Text,
                        UniqueConstraint, create_engine, insert, select)

from carrom.game import Game
from carrom.records import dumps, load_record
from carrom.web import create_app
from carrom.web.rooms import snapshot
from web_helpers import AT_TEST_SPEED, legal, numbered

LOCAL = {"south": {"type": "me", "name": "Asha"}, "north": {"type": "me", "name": "Ravi"}}


def strike_or_waive(ws, state, rng):
    """One legal action for whoever is to act, sent; the state that answers it."""
    ws.send_json(legal(state, rng))
    reply = ws.receive_json()
    assert reply["type"] == "state", reply
    return reply


def stored(db_url, room):
    """The match row and its action rows as they are in the database."""
    engine = create_engine(db_url)
    try:
        with engine.connect() as conn:
            matches = Table("matches", MetaData(), autoload_with=conn)
            match = conn.execute(select(matches).where(matches.c.id == room)).mappings().one()
            actions = Table("actions", MetaData(), autoload_with=conn)
            rows = conn.execute(select(actions).where(actions.c.match_id == room).order_by(actions.c.number))
            return dict(match), [dict(r) for r in rows.mappings()]
    finally:
        engine.dispose()


def test_a_stroke_appends_its_row_and_the_record_is_not_written_again(db_url):
    rng = random.Random(3)
    with TestClient(create_app(db_url, bot_pause=0, limits=AT_TEST_SPEED)) as c:
        r = c.post("/api/rooms", json={"players": LOCAL}).json()
        created, _ = stored(db_url, r["room"])
        with numbered(c, f"/ws/{r['room']}?token={r['token']}") as ws:
            state = ws.receive_json()
            for _ in range(12):
                state = strike_or_waive(ws, state, rng)
        match, actions = stored(db_url, r["room"])
        record = c.get(f"/api/matches/{r['room']}/record").text
    assert match["record"] == created["record"] and match["logged"] == 0  # the record as made, never rewritten
    assert match["version"] == len(actions) == 12 == len(load_record(record).entries)
    assert [a["number"] for a in actions] == list(range(12)) and all(a["game"] == 0 for a in actions)
    assert json.loads(match["snapshot"])["actions"] == 12
    assert [json.loads(json.dumps(a["entry"])) for a in actions] == [e.to_dict() for e in load_record(record).entries]


# The tables as the earlier format (today's main) made them: the whole record in ``matches.record``,
# no version, no log position, actions without their game and board.
EARLIER = MetaData()
Table("matches", EARLIER, Column("id", String(64), primary_key=True), Column("created", DateTime(timezone=True)),
      Column("updated", DateTime(timezone=True), index=True), Column("variant", String(32)),
      Column("kind", String(16)), Column("title", String(400)), Column("record", Text),
      Column("over", Boolean, index=True), Column("result", String(400)), Column("invite", String(64)),
      Column("public", Boolean, index=True), Column("snapshot", Text), Column("adjourned", DateTime(timezone=True)))
Table("players", EARLIER, Column("id", Integer, primary_key=True, autoincrement=True),
      Column("match_id", ForeignKey("matches.id"), index=True), Column("position", Integer), Column("seat", String(8)),
      Column("name", String(80)), Column("kind", String(8)), Column("level", String(32)), Column("token", String(64)),
      UniqueConstraint("match_id", "seat"))
Table("browsers", EARLIER, Column("id", Integer, primary_key=True, autoincrement=True),
      Column("match_id", ForeignKey("matches.id"), index=True), Column("browser", String(64), index=True),
      UniqueConstraint("match_id", "browser"))
Table("actions", EARLIER, Column("id", Integer, primary_key=True, autoincrement=True),
      Column("match_id", ForeignKey("matches.id"), index=True), Column("number", Integer),
      Column("type", String(16)), Column("seat", String(8)), Column("entry", JSON),
      Column("at", DateTime(timezone=True)), UniqueConstraint("match_id", "number"))


def earlier_database(db_url, room, token, actions, seed):
    """A database as the earlier format wrote it, holding one match of ``actions`` actions; the game."""
    rng = random.Random(seed)
    game = Game.new({"south": "Asha", "north": "Ravi"})
    while len(game.record.entries) < actions:
        exp = game.expected()
        kind, seat = exp.kind, exp.seat
        if kind == "stroke":
            lo, hi = rng.choice(game.legal_intervals(seat))
            game.strike(seat, rng.uniform(lo, hi), rng.uniform(-1.3, 1.3), rng.uniform(1.0, 6.5))
        elif kind == "claim":
            game.claim(seat, 0)
        else:
            game.waive(seat)
    now = datetime.now(timezone.utc)
    engine = create_engine(db_url)
    EARLIER.create_all(engine)
    t = EARLIER.tables
    with engine.begin() as conn:
        conn.execute(insert(t["matches"]).values(id=room, created=now, updated=now, variant="icf", kind="singles",
                                                 title="Asha v Ravi", record=dumps(game.record), over=False,
                                                 result="", invite=None, public=False, snapshot=snapshot(game)))
        conn.execute(insert(t["players"]), [{"match_id": room, "position": p, "seat": s, "name": n, "kind": "human",
                                             "token": token} for p, s, n in ((0, "south", "Asha"), (2, "north", "Ravi"))])
        conn.execute(insert(t["actions"]), [{"match_id": room, "number": i, "type": e.to_dict()["type"],
                                             "seat": e.seat, "entry": e.to_dict(), "at": now}
                                            for i, e in enumerate(game.record.entries)])
    engine.dispose()
    return game


def test_a_database_of_the_earlier_format_is_read_as_it_is_and_played_on(db_url):
    room, token = "earlier-room-0123456789", "earlier-token-0123456789"
    game = earlier_database(db_url, room, token, 9, seed=4)
    with TestClient(create_app(db_url, bot_pause=0, limits=AT_TEST_SPEED)) as c:
        with numbered(c, f"/ws/{room}?token={token}") as ws:
            state = ws.receive_json()
            assert len(state["log"]) == 9
            assert [d["kind"] for d in state["layout"]] == [d.kind.value for d in game.layout.discs]
            assert state["expected"] == {"kind": game.expected().kind, "seat": game.expected().seat}
            for _ in range(3):
                state = strike_or_waive(ws, state, random.Random(8))
        record = load_record(c.get(f"/api/matches/{room}/record").text)
        card = c.get(f"/matches/{room}/scorecard")
    match, actions = stored(db_url, room)
    assert [e.to_dict() for e in record.entries[:9]] == [e.to_dict() for e in game.record.entries]
    assert len(record.entries) == len(actions) == 12 and card.status_code == 200
    assert match["logged"] == 9 and match["version"] == 3  # its record holds the first 9; the log the rest
    assert match["record"] == dumps(game.record)
    assert [a["game"] for a in actions] == [None] * 9 + [0] * 3


def test_a_server_whose_copy_is_stale_reads_the_match_again_and_plays_on_the_fresh_one(db_url):
    """Two servers on one database: the second one's copy of the room is a stroke behind (on SQLite it hears
    nothing of the first one's writes: its write is refused, it reads the match again and plays the intent; on
    PostgreSQL it may have caught up already, from the first one's notification)."""
    rng = random.Random(6)
    with TestClient(create_app(db_url, bot_pause=0, limits=AT_TEST_SPEED)) as a, \
            TestClient(create_app(db_url, bot_pause=0, limits=AT_TEST_SPEED)) as b:
        r = a.post("/api/rooms", json={"players": LOCAL}).json()
        with numbered(a, f"/ws/{r['room']}?token={r['token']}") as on_a, \
                numbered(b, f"/ws/{r['room']}?token={r['token']}") as on_b:
            first_a, first_b = on_a.receive_json(), on_b.receive_json()
            assert first_a["expected"] == first_b["expected"] == {"kind": "stroke", "seat": "south"}
            after_a = strike_or_waive(on_a, first_a, rng)
            seat = after_a["expected"]["seat"]
            on_b.send_json(legal(after_a, rng))
            after_b = on_b.receive_json()
            while after_b["type"] == "state" and len(after_b["log"]) < 2:  # b's catching up, on PostgreSQL
                after_b = on_b.receive_json()
        actions = b.app.state.hub.store.actions(r["room"])
    assert after_b["type"] == "state", after_b
    assert len(after_b["log"]) == len(actions) == 2 and after_b["log"][0] == after_a["log"][0]
    assert actions[1]["seat"] == seat and b.app.state.hub.store.get(r["room"]).version == 2
