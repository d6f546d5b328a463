"""A table's tablet key is kept as the desk's is, by its hash (issue 43 item 8): the database holds no key that opens
a tablet, the desk still shows each umpire's link (the key is derived from the desk's own), a round published on the
command line is keyed when the web desk opens, and an older database's plain keys are replaced by their hashes."""

import hashlib
import sqlite3

from sqlalchemy import create_engine, text

from carrom.desk import TournamentStore
from test_web_desk import client, made, step, toss  # noqa: F401 (the fixture)
from test_web_desk_both_fronts import carrom, desk


def tablet_rows(db_url):
    path = db_url.removeprefix("sqlite:///")
    with sqlite3.connect(path) as conn:
        return [dict(zip(("umpire_match", "umpire_key", "key_hash"), r)) for r in
                conn.execute("SELECT umpire_match, umpire_key, key_hash FROM tournament_tablets")]


def link_key(match):
    return match["umpire"].split("#key=")[1]


def opens(client, match, key):
    path = match["umpire"].split("#")[0]
    return client.get("/api" + path, headers={"X-Umpire-Key": key}).status_code


def test_the_database_holds_no_tablet_key_and_no_value_of_it_opens_a_tablet(client):
    eid, key = made(client, system="swiss", rounds=1)
    step(client, eid, key, "pair")
    matches = step(client, eid, key, "publish")["rounds"][0]["matches"]
    keys = [link_key(m) for m in matches]
    assert all(opens(client, m, k) == 200 for m, k in zip(matches, keys))
    tablet = toss(client, matches[0]["umpire"], winner=1, choice="break")
    assert tablet.endswith("#key=" + keys[0])  # the umpire's match opens with the tablet's key
    dump = "\n".join(sqlite3.connect(client.db.removeprefix("sqlite:///")).iterdump())
    assert not any(k in dump for k in keys)  # on main: every key in tournament_tablets.umpire_key
    rows = tablet_rows(client.db)
    assert len(rows) == len(matches) >= 2 and all(r["umpire_key"] == "" and len(r["key_hash"]) == 64 for r in rows)
    for row in rows:  # a copy of the database gives nothing that opens a tablet
        for value in (row["umpire_match"], row["key_hash"]):
            assert opens(client, matches[0], value) == 403
    again = desk(client, eid, key)["rounds"][0]["matches"]  # the desk shows the same links again
    assert [link_key(m) for m in again] == keys


def test_a_round_published_on_the_command_line_is_keyed_when_the_web_desk_opens(client):
    eid, key = made(client, system="swiss", rounds=2)
    carrom(client.db, "pair", eid)
    assert "4 tablets ready" in carrom(client.db, "publish", eid)
    assert all(r["key_hash"] is None for r in tablet_rows(client.db))  # no desk key on the command line
    matches = desk(client, eid, key)["rounds"][0]["matches"]
    assert all(len(r["key_hash"]) == 64 for r in tablet_rows(client.db))
    assert all(opens(client, m, link_key(m)) == 200 for m in matches)
    toss(client, matches[1]["umpire"], winner=2, choice="side")
    assert desk(client, eid, key)["rounds"][0]["matches"][1]["toss"] is True


def test_an_older_databases_plain_keys_become_hashes(client):
    """The tossed tablet keeps its umpire's key (it still opens, and the desk can no longer show it); the tablet
    not tossed yet gets a key from the desk's, and its old key opens nothing."""
    eid, key = made(client, system="swiss", rounds=1)
    step(client, eid, key, "pair")
    matches = step(client, eid, key, "publish")["rounds"][0]["matches"]
    toss(client, matches[0]["umpire"], winner=1, choice="break")
    engine = create_engine(client.db)
    with engine.begin() as conn:  # as an older carrom kept them: the key itself, no hash column
        conn.execute(text("ALTER TABLE tournament_tablets DROP COLUMN key_hash"))
        conn.execute(text("DROP INDEX IF EXISTS ix_tournament_tablets_umpire_match"))
        rows = conn.execute(text("SELECT id, umpire_match FROM tournament_tablets ORDER BY table_no")).all()
        old = {}
        for (row_id, umpire_match), m in zip(rows, matches):
            old[umpire_match] = "old-" + umpire_match
            conn.execute(text("UPDATE tournament_tablets SET umpire_key = :k WHERE id = :i"),
                         {"k": old[umpire_match], "i": row_id})
        conn.execute(text("UPDATE umpire_matches SET key_hash = :h WHERE id = :i"),
                     {"h": hashlib.sha256(old[rows[0][1]].encode()).hexdigest(), "i": rows[0][1]})
    engine.dispose()
    TournamentStore(client.db).close()  # opened once: upgraded
    assert all(r["umpire_key"] == "" and len(r["key_hash"]) == 64 for r in tablet_rows(client.db))
    assert opens(client, matches[0], old[rows[0][1]]) == 200  # the tossed tablet's umpire keeps his key
    assert opens(client, matches[1], old[rows[1][1]]) == 200  # ... and so, until the desk opens, does the other
    shown = desk(client, eid, key)["rounds"][0]["matches"]
    assert shown[0]["umpire"] is None  # its key is kept nowhere: the desk cannot show it again
    assert opens(client, matches[1], link_key(shown[1])) == 200
    assert opens(client, matches[1], old[rows[1][1]]) == 403  # re-keyed before its toss
    indexes = {r[1] for r in sqlite3.connect(client.db.removeprefix("sqlite:///")).execute(
        "PRAGMA index_list('tournament_tablets')")}
    assert "ix_tournament_tablets_umpire_match" in indexes
