"""A player's games are found by an index (issue 39, the review's note: `_games_of` read every ended game of the
lobby and kept the player's in Python, so each profile, history and export cost the whole lobby's games). Now a
row per player of a game (lobby_game_players) finds them; a database of an earlier carrom, whose games have no
such rows, is indexed when it is opened. On SQLite and on PostgreSQL."""

import pytest
from sqlalchemy import delete, event

from carrom.lobby.accounts import AccountStore
from carrom.lobby.tables import GamePlayerRow, GameRow


@pytest.fixture
def store(db_url):
    return AccountStore(db_url)


def played(store, a, b, room, winner=0, rated=True):
    store.open_game(room, "icf", [[a.id], [b.id]], rated)
    store.finish_game(room, winner)


@pytest.fixture
def loaded():
    """How many games the ORM reads from the database while the block runs."""
    count = {"games": 0}

    def one(target, context):
        count["games"] += 1

    event.listen(GameRow, "load", one)
    yield count
    event.remove(GameRow, "load", one)


def test_a_players_games_are_read_alone(store, loaded):
    me, _ = store.guest("Asha")
    others = [store.guest(f"P{i}")[0] for i in range(6)]
    for i in range(60):  # the lobby's other games
        played(store, others[i % 6], others[(i + 1) % 6], f"other-{i}")
    for i in range(3):
        played(store, me, others[i], f"mine-{i}", winner=i % 2)
    loaded["games"] = 0
    history = store.history(me.id, "icf")
    assert [room for room, _ in history] == ["mine-0", "mine-1", "mine-2"]
    assert loaded["games"] == 3, loaded  # on main: all 63 ended games read
    loaded["games"] = 0
    exported = store.export(me)
    assert [g["room"] for g in exported["games"]] == ["mine-0", "mine-1", "mine-2"] and loaded["games"] == 3


def test_games_noted_before_the_index_are_indexed_when_the_database_is_opened(store, db_url):
    a, _ = store.guest("Asha")
    b, _ = store.guest("Ravi")
    played(store, a, b, "old-1")
    with store.sessions.begin() as s:  # as an earlier carrom left it: the game without its players' rows
        s.execute(delete(GamePlayerRow))
    assert store.history(a.id, "icf") == []
    again = AccountStore(db_url)
    assert [room for room, _ in again.history(a.id, "icf")] == ["old-1"]
    assert [room for room, _ in again.history(b.id, "icf")] == ["old-1"]
    AccountStore(db_url)  # opened again: nothing indexed twice
    with again.sessions() as s:
        assert s.query(GamePlayerRow).count() == 2
