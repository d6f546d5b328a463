"""The store on its own: tables, order of actions, seats, clear errors; on SQLite and on PostgreSQL (``db_url``)."""

import threading
from datetime import datetime, timedelta, timezone

import pytest

from carrom.store import Action, ConflictError, SeatRow, Store, StoreError

SEATS = [SeatRow("south", "Asha", "human", None, "tok-a"), SeatRow("north", "Ravi", "human", None, None)]


@pytest.fixture
def store(db_url):
    s = Store(db_url)
    s.create("m1", variant="icf", kind="singles", title="Asha v Ravi", seats=SEATS, record='{"r": 0}')
    yield s
    s.close()


def test_actions_are_appended_in_order_and_the_record_is_never_written_again(store):
    assert store.append("m1", 0, [Action(0, {"type": "stroke", "seat": "south"}, 0, 0)], over=False, result="",
                        snapshot="s1") == 1
    assert store.append("m1", 1, [Action(1, {"type": "place", "seat": "south"}, 0, 0),
                                  Action(2, {"type": "stroke", "seat": "north"}, 0, 1)],
                        over=True, result="Ravi won", snapshot="s3") == 2
    assert [a["type"] for a in store.actions("m1")] == ["stroke", "place", "stroke"]
    row = store.get("m1")
    assert row.record == '{"r": 0}' and row.over and row.result == "Ravi won" and row.actions == 3
    assert row.version == 2 and row.snapshot == "s3"
    assert [(a.number, a.entry["type"], a.game, a.board) for a in row.tail] == [
        (0, "stroke", 0, 0), (1, "place", 0, 0), (2, "stroke", 0, 1)]
    assert [s.seat for s in row.seats] == ["south", "north"] and row.seats[0].token == "tok-a"
    assert store.matches(unfinished=True) == [] and store.matches(unfinished=False)[0].id == "m1"


def test_a_write_from_a_version_the_match_has_left_is_refused_and_changes_nothing(store):
    store.append("m1", 0, [Action(0, {"type": "stroke", "seat": "south"}, 0, 0)], over=False, result="", snapshot="a")
    with pytest.raises(ConflictError, match="moved on .*version 1, this server had 0"):
        store.append("m1", 0, [Action(0, {"type": "place", "seat": "north"}, 0, 0)], over=True, result="x",
                     snapshot="b")
    with pytest.raises(StoreError, match="no match"):
        store.append("nope", 0, [Action(0, {"type": "stroke"}, 0, 0)], over=False, result="")
    row = store.get("m1")
    assert (row.version, row.over, row.snapshot) == (1, False, "a") and store.actions("m1") == [
        {"type": "stroke", "seat": "south"}]


def test_the_writes_of_many_threads_at_once_are_all_committed_and_a_stale_one_alone_is_refused(store):
    for k in range(8):
        store.create(f"t{k}", variant="icf", kind="singles", title="t", seats=SEATS, record="{}")
    refused = []

    def play(k):
        version = 0
        for n in range(10):
            version = store.append(f"t{k}", version, [Action(n, {"type": "stroke", "n": n}, 0, 0)],
                                   over=False, result="")
        try:
            store.append(f"t{k}", version - 1, [Action(10, {"type": "stroke"}, 0, 0)], over=False, result="")
        except ConflictError:
            refused.append(k)

    threads = [threading.Thread(target=play, args=(k,)) for k in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(refused) == list(range(8))
    for k in range(8):
        assert [a["n"] for a in store.actions(f"t{k}")] == list(range(10)) and store.get(f"t{k}").version == 10


def test_a_seat_is_taken_once(store):
    assert store.seat_player("m1", "north", "Ravi", "tok-r", record='{"r": "renamed"}', logged=0) == 1
    assert store.get("m1").record == '{"r": "renamed"}' and store.get("m1").version == 1
    with pytest.raises(StoreError, match="north is taken"):
        store.seat_player("m1", "north", "Mallory", "tok-m")
    assert store.get("m1").seats[1].token == "tok-r"


def test_the_same_database_is_read_back_by_another_store(store):
    store.append("m1", 0, [Action(0, {"type": "stroke", "seat": "south"}, 0, 0)], over=False, result="")
    again = Store(store.url)
    assert again.get("m1").tail == (Action(0, {"type": "stroke", "seat": "south"}, 0, 0),)
    assert again.get("m1").version == 1 and again.get("zzz") is None
    again.close()


def test_times_are_read_back_in_utc_whatever_the_database(store):
    """SQLite gives a stored time back naive, PostgreSQL aware: the store answers aware UTC times on both."""
    store.adjourn_idle(datetime.now(timezone.utc) + timedelta(seconds=1))
    row = store.get("m1")
    for when in (row.created, row.updated, row.adjourned):
        assert when.tzinfo == timezone.utc and abs(datetime.now(timezone.utc) - when) < timedelta(minutes=1)
    assert store.matches()[0].created == row.created


@pytest.mark.parametrize("url", ["nosuchdb://x", "sqlite:////no/such/dir/x.db", "not a url"])
def test_a_database_that_cannot_be_opened_is_one_clear_error(url):
    with pytest.raises(StoreError, match="cannot open the database"):
        Store(url)


def test_an_in_memory_database_works_across_threads():
    import threading

    s = Store("sqlite://")
    s.create("m", variant="icf", kind="singles", title="t", seats=SEATS, record="{}")
    out = []
    t = threading.Thread(target=lambda: out.append(s.get("m")))
    t.start(), t.join()
    assert out[0].id == "m"
