"""The tournament's public page while results arrive (issue 19): the desk's step on a big event costs tens of
milliseconds, not seconds, and never holds the server's event loop, so spectators are answered while it runs (their
subscription: test_web_desk_public_feed.py)."""

import random
import threading

import pytest
from fastapi.testclient import TestClient

import httpx
from sqlalchemy import event as sa_event

from carrom.desk import TournamentStore, service
from carrom.desk.tables import EventRow, MatchRow
from carrom.tournament import pair, parse_games, publish, record
from carrom.web import create_app
from carrom.web.desk import Desk

@pytest.fixture
def client_app(sqlite_db):
    with TestClient(create_app(sqlite_db, bot_pause=0)) as c:
        yield c


NAMES = ["Asha Rao", "Ravi Kumar", "Ana Novak", "Luc Martin", "Mira Sen", "Jon Berg", "Ivo Kos", "Eva Lind"]


def new_event(base: str, players=NAMES) -> tuple[int, dict, list[int]]:
    """An event made, paired and published on the server; its id, the desk's key header and its tables."""
    made = httpx.post(f"{base}api/desk", json={"name": "Feed Open", "players": players, "system": "swiss",
                                               "rounds": 3}).json()
    eid, key = made["id"], {"X-Desk-Key": made["key"]}
    assert httpx.post(f"{base}api/desk/{eid}/pair", headers=key, json={}).status_code == 200
    desk = httpx.post(f"{base}api/desk/{eid}/publish", headers=key, json={}).json()
    return eid, key, [m["table"] for m in desk["rounds"][0]["matches"] if len(m["sides"]) == 2]


def test_a_desk_steps_answer_is_made_off_the_event_loop_so_a_reading_meanwhile_is_answered_first(server, monkeypatch):
    """The desk's step ran in a worker thread, but its answer (the desk's view: ~300 kB of JSON for a 500-player
    event) was encoded by FastAPI on the event loop, a quarter of a second in which no spectator was answered, at
    every result. Now the view is encoded where it is made. Here the encoding of the step's answer waits for a
    public reading sent meanwhile: with the loop free the reading is answered first; on the loop, the reading waited
    for the encoding, which waited in vain (10 s) and came first."""
    base = server.url
    eid, key, tables = new_event(base)
    assert httpx.get(f"{base}api/t/{eid}").status_code == 200  # read: the public view is cached
    order, read, encoding = [], threading.Event(), threading.Event()

    class Probe:
        """A value of the step's answer that the JSON encoder asks for its keys: wherever the answer is encoded."""

        def keys(self):
            encoding.set()
            read.wait(10)
            order.append("the step's answer encoded")
            return []

        def __getitem__(self, key):
            raise KeyError(key)

    real = Desk.desk_view
    monkeypatch.setattr(Desk, "desk_view", lambda self, event_id, key: real(self, event_id, key) | {"probe": Probe()})
    answers = []
    step = threading.Thread(target=lambda: answers.append(httpx.post(
        f"{base}api/desk/{eid}/result", headers=key, json={"round": 1, "table": tables[0], "games": "25-3 25-4"},
        timeout=30)))
    step.start()
    assert encoding.wait(20)
    reading = httpx.get(f"{base}api/t/{eid}", timeout=30)
    order.append("the public page read")
    read.set()
    step.join(30)
    assert reading.status_code == 200 and answers[0].status_code == 200
    done = next(m for m in answers[0].json()["rounds"][0]["matches"] if m["table"] == tables[0])
    assert done["result"]["games"] == [[25, 3], [25, 4]]
    assert order == ["the public page read", "the step's answer encoded"]



def test_a_result_writes_its_one_match_not_the_whole_event_and_reads_it_back_alike(db_url):
    """A desk's step loaded the event whole three times and wrote it back whole (every competitor and match deleted
    and inserted again): on a 500-player event 3.5 s of the one process for each result. Now a save writes only the
    rows that changed (a result: one match, updated in place, its extras kept), and a reading of an unchanged
    version is the one already read. What is read back, by this store or another on the same database, is the
    event the step made; a step from a store that read an older version is still refused (someone else's step)."""
    store = TournamentStore(db_url)
    eid, event = service.register(store, "Step Open", service.settings_of(rounds=3),
                                  [service.Entry(f"First{i}", f"Last{i:03d}") for i in range(1, 41)])
    rng = random.Random(1)
    for number in (1, 2):
        event = publish(pair(event))
        for m in event.round_matches(number):
            if m.side2 is not None and number == 1:
                event = record(event, number, m.table, [(25, rng.randint(0, 24)), (25, rng.randint(0, 24))])
    store.save(eid, event, "two rounds")
    with store.transaction("an extra of a match, as a SoL file keeps, and the event's version raised") as s:
        s.query(MatchRow).filter_by(event_id=eid, round=2, table_no=2).update({"extra": {"sol": {"board": 7}}})
        s.query(EventRow).filter_by(id=eid).update({"version": EventRow.version + 1})
    statements: list[str] = []
    sa_event.listen(store.engine, "before_cursor_execute",
                    lambda conn, cursor, sql, params, context, many: statements.append(sql.strip()))
    done = service.step(store, eid, lambda e: record(e, 2, 2, parse_games("25-7 19-25 25-0")), "result", "ICF 57")
    writes = [s for s in statements if s.split()[0].upper() in ("INSERT", "UPDATE", "DELETE")]
    matches = [s for s in writes if "tournament_matches" in s]
    assert not any(s.startswith("DELETE") for s in writes), writes
    assert len(matches) == 1 and matches[0].startswith("UPDATE"), matches
    assert not any("tournament_competitors" in s for s in writes)
    other = TournamentStore(db_url)  # another server on the same database
    for reader in (store, other):
        again, _, _, m_extra = reader.load_with_extras(eid)
        assert again == done and m_extra[(2, 2)] == {"sol": {"board": 7}}
    changed = service.step(other, eid, lambda e: record(e, 2, 3, parse_games("25-1 25-2")), "result", "ICF 57")
    assert store.load(eid) == changed, "read again: the other store's step is seen"
    stale = TournamentStore(db_url)
    stale._versions[eid] = 1
    try:
        stale.save(eid, done, "a step from an old reading")
    except Exception as exc:
        assert "changed by someone else" in str(exc)
    else:
        raise AssertionError("a step from an old reading was written")
    fresh = TournamentStore(db_url)
    assert fresh.load(eid) == changed
    for opened in (store, other, stale, fresh):
        opened.close()


def test_a_crowd_arriving_at_once_waits_for_one_working_out_of_the_view(client_app, sqlite_db, monkeypatch):
    """Every spectator that read an event's page before its view was cached worked the view out itself: 1,600
    arriving at once on a 500-player event queued 1,600 workings-out (~0.1 s each) in the server's few threads,
    and took minutes to be answered. Now the first readings all wait for the same one."""
    import asyncio
    import concurrent.futures

    from carrom.store import Store

    made = client_app.post("/api/desk", json={"name": "Crowd Open", "players": NAMES, "system": "swiss"}).json()
    eid, key = made["id"], {"X-Desk-Key": made["key"]}
    client_app.post(f"/api/desk/{eid}/pair", headers=key, json={})
    client_app.post(f"/api/desk/{eid}/publish", headers=key, json={})
    desk = Desk(Store(sqlite_db))  # a server that has not read the event yet
    made_now = []
    public_now = Desk.public_now
    monkeypatch.setattr(Desk, "public_now", lambda self, e: made_now.append(e) or public_now(self, e))

    async def crowd():
        return await asyncio.gather(*(desk.public_bytes(eid) for _ in range(40)))

    with concurrent.futures.ThreadPoolExecutor(1) as pool:  # a loop of its own (see test_web_crowd_public.run)
        views = pool.submit(asyncio.run, crowd()).result(timeout=120)
    assert made_now == [eid] and len({v.etag for v in views}) == 1
