"""A match's own id (issue 42 item 1): given when first stored, kept by a swap and by every later save, new for a
round taken back and paired again; and a database from before the ids still opens (its tablets' tables get the
binding columns, its matches their ids at the next step)."""

from sqlalchemy import create_engine, text

from carrom.desk import TournamentStore, service
from carrom.tournament import Settings, pair, swap, undo


def event_of(tmp_path):
    url = f"sqlite:///{tmp_path / 'ids.db'}"
    store = TournamentStore(url)
    entries = [service.entry_named(n) for n in ("Ann Alpha", "Bob Beta", "Cid Gamma", "Dan Delta")]
    eid, _ = service.register(store, "Ids", Settings(), entries)
    return url, store, eid


def test_ids_are_kept_by_a_swap_and_new_after_an_undo(tmp_path):
    url, store, eid = event_of(tmp_path)
    paired = service.step(store, eid, pair, "round paired")
    ids = [m.id for m in paired.matches]
    assert all(ids) and len(set(ids)) == 2
    assert [m.id for m in TournamentStore(url).load(eid).matches] == ids  # as stored, read by another store
    a, b = paired.matches[0].side1, paired.matches[1].side1
    swapped = service.step(store, eid, lambda e: swap(e, a, b), "swapped")
    assert [m.id for m in swapped.matches] == ids and swapped.matches[0].side1 == b
    service.step(store, eid, undo, "taken back")
    again = service.step(store, eid, pair, "round paired")
    assert not {m.id for m in again.matches} & set(ids)  # a tablet of the old round is bound to none of them


def test_a_database_from_before_the_ids_still_opens(tmp_path):
    url, store, eid = event_of(tmp_path)
    service.step(store, eid, pair, "round paired")
    store.close()
    engine = create_engine(url)
    with engine.begin() as conn:  # as a database made before: no binding columns, no match ids
        for table in ("tournament_tablets", "tournament_rubber_tablets"):
            for column in ("match_id", "side1", "side2"):
                conn.execute(text(f"ALTER TABLE {table} DROP COLUMN {column}"))
        conn.execute(text("UPDATE tournament_matches SET extra = '{}'"))
        conn.execute(text("INSERT INTO tournament_tablets (event_id, round, table_no, umpire_match, umpire_key) "
                          f"VALUES ({eid}, 1, 1, 'old-match', 'old-key')"))
    engine.dispose()
    reopened = TournamentStore(url)
    old = reopened.load(eid)
    assert [m.id for m in old.matches] == ["", ""]
    (tablet,) = service.tablets(reopened, eid)
    assert tablet.match_id == "" and tablet.sides is None and (tablet.round, tablet.table) == (1, 1)  # by its table
    published, made = service.publish_round(reopened, eid)
    assert all(m.id for m in published.matches) and made == 1  # table 2's; table 1 keeps its old tablet
