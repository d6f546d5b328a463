"""An aborted lobby game (no stroke in its first minutes: carrom.web.lobby) is over and never rated, whatever it
was sought as; a database of an earlier carrom, whose lobby_games have no ``aborted`` column, gets it when opened,
its games not aborted. On SQLite and on PostgreSQL."""

from sqlalchemy import create_engine, inspect, text

from carrom.lobby.accounts import AccountStore


def test_an_aborted_game_is_over_and_never_rated(db_url):
    store = AccountStore(db_url)
    a, _ = store.guest("Asha")
    b, _ = store.guest("Ravi")
    store.open_game("r1", "icf", [[a.id], [b.id]], rated=True)
    assert store.game("r1")["rated"] is True and store.game("r1")["over"] is False
    assert store.finish_game("r1", 0, aborted=True) == {}
    assert store.finish_game("r1", 0) == {}  # once
    assert store.game("r1") | {"created": 0} == {"rated": False, "over": True, "aborted": True, "created": 0,
                                                 "sides": [[a.id], [b.id]]}
    assert store.rating(a.id, "icf").games == 0 and store.history(a.id, "icf") == []
    assert store.open_games() == {}


def test_an_earlier_database_gets_the_aborted_column(tmp_path):
    url = f"sqlite:///{tmp_path / 'old.db'}"
    AccountStore(url).open_game("r1", "icf", [[1], [2]], rated=True)
    engine = create_engine(url)
    with engine.begin() as conn:
        conn.execute(text("ALTER TABLE lobby_games DROP COLUMN aborted"))  # as an earlier carrom made it
    assert "aborted" not in {c["name"] for c in inspect(engine).get_columns("lobby_games")}
    store = AccountStore(url)
    assert store.game("r1")["aborted"] is False and list(store.open_games()) == ["r1"]
