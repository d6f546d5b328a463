"""Accounts of the lobby (issue 39): a guest at once, a name and a password hashed with argon2id, sessions as
tokens the database keeps only hashed, no way to learn whether a name exists, ratings by Glicko-2 changed once per
game, the ladder, and one's data exported or deleted. Each test runs on SQLite and on PostgreSQL."""

import time

import pytest
from sqlalchemy import select

from carrom.lobby.accounts import AccountStore, LobbyError, SignInError, name_key
from carrom.lobby.ratings import Rating, after_game, rate
from carrom.lobby.tables import AccountRow, TokenRow


@pytest.fixture
def store(db_url):
    return AccountStore(db_url)


def test_a_guest_plays_at_once_and_its_token_is_its_session(store):
    guest, token = store.guest("Asha")
    assert guest.guest and guest.name == "Asha"
    assert store.by_token(token) == guest
    assert store.by_token(token + "x") is None and store.by_token("") is None and store.by_token("a" * 500) is None


def test_signing_up_hashes_the_password_and_keeps_no_token(store):
    account, token = store.sign_up("Léa Dubois", "correct horse battery")
    with store.sessions() as s:
        row = s.get(AccountRow, account.id)
        assert row.password.startswith("$argon2id$") and "correct horse" not in row.password
        assert token not in {t.digest for t in s.scalars(select(TokenRow))}  # only its SHA-256
    assert store.by_token(token) == account and not account.guest


def test_a_guest_signing_up_keeps_its_account(store):
    guest, token = store.guest("Ravi")
    account, _ = store.sign_up("Ravi Kumar", "a long password", guest_token=token)
    assert account.id == guest.id and not account.guest


@pytest.mark.parametrize("name, password, field", [
    ("A", "long enough", "name"), ("x" * 31, "long enough", "name"), ("<script>", "long enough", "name"),
    (7, "long enough", "name"), ("Asha Rao", "short", "password"), ("Asha Rao", None, "password"),
])
def test_bad_sign_ups_name_their_field_and_make_nothing(store, name, password, field):
    with pytest.raises(LobbyError) as refused:
        store.sign_up(name, password)
    assert refused.value.field == field
    with store.sessions() as s:
        assert s.scalars(select(AccountRow)).first() is None


def test_a_name_is_taken_whatever_its_case_or_spacing(store):
    store.sign_up("Ana Novak", "a long password")
    with pytest.raises(LobbyError, match="that name is taken"):
        store.sign_up("ANA  novak", "another password")
    assert name_key("ＡＮＡ Novak") == "ana novak"  # full-width letters fold too


def test_signing_in_says_the_same_after_the_same_work_whether_the_name_exists_or_not(store):
    store.sign_up("Ana Novak", "a long password")
    account, token = store.sign_in("ana novak", "a long password")
    assert store.by_token(token) == account
    times = {}
    for name in ("Ana Novak", "Nobody Here"):
        start = time.perf_counter()
        with pytest.raises(SignInError) as refused:
            store.sign_in(name, "a wrong password")
        times[name] = time.perf_counter() - start
        assert str(refused.value) == "that name and password do not match an account"
        assert refused.value.field == "password"
    # both verify one argon2 hash: neither answer is quick (a missing name is not told by its speed)
    assert min(times.values()) > 0.2 * max(times.values())


def test_a_rated_game_changes_both_ratings_once(store):
    a, _ = store.sign_up("Asha Rao", "a long password")
    b, _ = store.sign_up("Ravi Kumar", "a long password")
    store.open_game("room-1", "icf", [[a.id], [b.id]], rated=True)
    changes = store.finish_game("room-1", winner=0)
    assert changes[a.id][0] == changes[b.id][0] == 1500.0
    assert changes[a.id][1] > 1500.0 > changes[b.id][1]
    assert store.finish_game("room-1", winner=1) == changes  # once: a second end changes nothing
    assert store.rating(a.id, "icf").games == 1 and store.rating(a.id, "fr-official").games == 0
    assert store.finish_game("not-a-lobby-room", winner=0) is None
    board = store.leaderboard("icf")
    assert [row["name"] for row in board] == ["Asha Rao", "Ravi Kumar"] and all(r["provisional"] for r in board)
    assert store.history(a.id, "icf") == [("room-1", changes[a.id][1])]


def test_a_casual_game_changes_no_rating(store):
    a, _ = store.guest("Asha")
    b, _ = store.guest("Ravi")
    store.open_game("room-2", "icf", [[a.id], [b.id]], rated=False)
    assert store.finish_game("room-2", winner=0) == {}
    assert store.rating(a.id, "icf") == Rating()


def test_ones_data_is_exported_and_deleted(store):
    a, token = store.sign_up("Asha Rao", "a long password", country="IND", club="Mumbai CC")
    b, _ = store.sign_up("Ravi Kumar", "a long password")
    store.open_game("room-3", "icf", [[a.id], [b.id]], rated=True)
    store.finish_game("room-3", winner=1)
    data = store.export(a)
    assert data["name"] == "Asha Rao" and data["club"] == "Mumbai CC" and data["ratings"]["icf"]["games"] == 1
    assert data["games"][0]["room"] == "room-3" and data["games"][0]["winner"] == 1
    store.delete(a)
    assert store.by_token(token) is None
    with pytest.raises(SignInError):
        store.sign_in("Asha Rao", "a long password")
    assert [row["name"] for row in store.leaderboard("icf")] == ["Ravi Kumar"]
    store.sign_up("Asha Rao", "a new password")  # the name is free again


def test_glicko2_as_glickman_computes_it():
    """One game a period: a win against a lower rating gains a little and narrows the deviation; a draw between
    equals moves neither (the package's arithmetic itself is checked against Glickman's example by the desk's
    tests, tests/tournament/test_ratings.py)."""
    won = after_game(Rating(1500, 200, 0.06), [Rating(1400, 30)], 1.0)
    assert 1500 < won.rating < 1600 and won.rd < 200 and won.games == 1
    (a,), (b,) = rate(((Rating(),), (Rating(),)), winner=None)
    assert a.rating == pytest.approx(1500) and b.rating == pytest.approx(1500) and a.rd < 350
    with pytest.raises(ValueError, match="score"):
        after_game(Rating(), [Rating()], 2)
