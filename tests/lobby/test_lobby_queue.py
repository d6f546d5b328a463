"""The seek pool in the database (issue 39): seek, pair, find one's room; a guest plays casual games only; blocked
accounts never meet; old seeks expire; and two servers pairing the same pool at once never pair a seek twice
(PostgreSQL: the rows taken FOR UPDATE SKIP LOCKED). Each test runs on SQLite and on PostgreSQL."""

import threading

import pytest

from carrom.lobby.accounts import AccountStore, LobbyError
from carrom.lobby.queue import MAX_WAIT, SeekQueue, want_of


@pytest.fixture
def store(db_url):
    return AccountStore(db_url)


def rooms_for(made):
    counter = iter(range(1, 10_000))
    return lambda match: f"room-{next(counter)}-" + "-".join(str(s.account) for s in match)


def test_two_seekers_are_paired_into_one_room_and_each_finds_it(store):
    queue = SeekQueue(store)
    a, _ = store.sign_up("Asha Rao", "a long password")
    b, _ = store.sign_up("Ravi Kumar", "a long password")
    sa = queue.seek(a, want_of(), now=100)
    assert queue.pair(rooms_for(None), now=100) == []  # alone in the pool
    sb = queue.seek(b, want_of(), now=101)
    ((room, match),) = queue.pair(rooms_for(None), now=101)
    assert queue.status(sa, a) == queue.status(sb, b) == room
    assert [s.account for s in match] == [a.id, b.id]
    assert store.finish_game(room, winner=1)[b.id][1] > 1500  # the lobby's game is rated when it ends
    with pytest.raises(LobbyError, match="no seek"):
        queue.status(sa, b)


def test_a_guest_seeks_casual_games_only_and_a_new_seek_replaces_the_old(store):
    queue = SeekQueue(store)
    guest, _ = store.guest("Asha")
    with pytest.raises(LobbyError) as refused:
        queue.seek(guest, want_of(rated=True))
    assert refused.value.field == "rated"
    first = queue.seek(guest, want_of(rated=False), now=1)
    queue.seek(guest, want_of(rated=False, clocks=False), now=2)
    with pytest.raises(LobbyError, match="withdrawn"):
        queue.status(first, guest)


@pytest.mark.parametrize("fields, field", [({"ruleset": "snooker"}, "ruleset"), ({"players": 3}, "players"),
                                           ({"players": True}, "players"), ({"clocks": "yes"}, "clocks")])
def test_bad_wants_name_their_field(fields, field):
    with pytest.raises(LobbyError) as refused:
        want_of(**fields)
    assert refused.value.field == field


def test_blocked_accounts_never_meet_and_stale_seeks_expire(store):
    queue = SeekQueue(store)
    a, _ = store.sign_up("Asha Rao", "a long password")
    b, _ = store.sign_up("Ravi Kumar", "a long password")
    store.block(b, a.id)
    queue.seek(a, want_of(), now=0)
    queue.seek(b, want_of(), now=0)
    assert queue.pair(rooms_for(None), now=5) == []
    c, _ = store.sign_up("Ana Novak", "a long password")
    old = queue.seek(c, want_of(), now=0)
    assert queue.pair(rooms_for(None), now=MAX_WAIT + 1) == []  # everyone expired
    with pytest.raises(LobbyError, match="expired"):
        queue.status(old, c)


def test_two_servers_pairing_one_pool_at_once_pair_each_seek_once(db_url):
    """Two stores on one database (two servers), each pairing in its own thread while seekers arrive."""
    servers = [AccountStore(db_url), AccountStore(db_url)]
    queues = [SeekQueue(s) for s in servers]
    accounts = [servers[0].guest(f"Player {i:02d}")[0] for i in range(40)]
    for i, account in enumerate(accounts):
        queues[i % 2].seek(account, want_of(rated=False), now=float(i % 3))
    made: list[list] = [[], []]
    start = threading.Barrier(2)

    def serve(k):
        start.wait()
        for _ in range(5):
            made[k].extend(queues[k].pair(lambda m, k=k: f"s{k}-" + "-".join(str(s.id) for s in m), now=30.0))

    threads = [threading.Thread(target=serve, args=(k,)) for k in (0, 1)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    seeks = [s.id for room, match in made[0] + made[1] for s in match]
    assert len(seeks) == len(set(seeks)) == 40  # every seek paired, none twice
    rooms = {room for room, _ in made[0] + made[1]}
    assert len(rooms) == 20
