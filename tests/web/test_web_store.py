"""The store on its own: tables, order of actions, seats, clear errors; on SQLite and on PostgreSQL (``db_url``)."""

from datetime import datetime, timedelta, timezone

import pytest

from carrom.store import SeatRow, Store, StoreError

SEATS = [SeatRow("south", "Asha", "human", None, "tok-a"), SeatRow("north", "Ravi", "human", None, None)]


@pytest.fixture
def store(db_url):
    s = Store(db_url)
    s.create("m1", variant="icf", kind="singles", title="Asha v Ravi", seats=SEATS, record='{"r": 0}')
    yield s
    s.close()


def test_actions_are_appended_in_order_with_the_record(store):
    store.append("m1", 0, [{"type": "stroke", "seat": "south"}], '{"r": 1}', over=False, result="")
    store.append("m1", 1, [{"type": "place", "seat": "south"}, {"type": "stroke", "seat": "north"}], '{"r": 3}',
                 over=True, result="Ravi won")
    assert [a["type"] for a in store.actions("m1")] == ["stroke", "place", "stroke"]
    row = store.get("m1")
    assert row.record == '{"r": 3}' and row.over and row.result == "Ravi won" and row.actions == 3
    assert [s.seat for s in row.seats] == ["south", "north"] and row.seats[0].token == "tok-a"
    assert store.matches(unfinished=True) == [] and store.matches(unfinished=False)[0].id == "m1"


def test_an_append_out_of_order_is_refused_and_changes_nothing(store):
    with pytest.raises(StoreError, match="holds 0 actions of this match, expected 2"):
        store.append("m1", 2, [{"type": "stroke"}], '{"r": 9}', over=False, result="")
    with pytest.raises(StoreError, match="no match"):
        store.append("nope", 0, [{"type": "stroke"}], "{}", over=False, result="")
    assert store.get("m1").record == '{"r": 0}' and store.actions("m1") == []


def test_a_seat_is_taken_once(store):
    store.seat_player("m1", "north", "Ravi", "tok-r")
    with pytest.raises(StoreError, match="north is taken"):
        store.seat_player("m1", "north", "Mallory", "tok-m")
    assert store.get("m1").seats[1].token == "tok-r"


def test_the_same_database_is_read_back_by_another_store(store):
    store.append("m1", 0, [{"type": "stroke", "seat": "south"}], '{"r": 1}', over=False, result="")
    again = Store(store.url)
    assert again.get("m1").record == '{"r": 1}' and again.get("zzz") is None
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
