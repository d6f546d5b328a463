"""Who meets whom in the lobby (issue 39): the same settings, ratings as close as the wait allows, the longest
waiting first, blocked accounts never; doubles tables of four split into the fairest sides."""

from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from carrom.lobby.matchmaking import WINDOW_MOST, WINDOW_START, Seek, Want, acceptable, pairings, window


def seek(i, rating, since=0.0, account=None, **want):
    return Seek(i, i if account is None else account, rating, since, Want(**want))


def test_the_nearest_in_rating_is_chosen_and_the_longest_waiting_chooses_first():
    pool = [seek(1, 1500, since=0), seek(2, 1900, since=1), seek(3, 1540, since=2), seek(4, 1520, since=3)]
    assert [(a.id, b.id) for a, b in pairings(pool, now=4)] == [(1, 4)]  # 3 and 2 are 360 apart: not yet
    assert [(a.id, b.id) for a, b in pairings(pool, now=20)] == [(1, 4), (2, 3)]


def test_the_window_widens_with_waiting_up_to_its_most():
    s = seek(1, 1500, since=10)
    assert window(s, 10) == WINDOW_START
    assert window(s, 12) == WINDOW_START + 100
    assert window(s, 10_000) == WINDOW_MOST
    far = seek(2, 1500 + WINDOW_MOST + 1)
    assert pairings([s, far], now=10_000) == []


def test_different_settings_never_meet_nor_does_an_account_meet_itself_or_whom_it_blocked():
    assert pairings([seek(1, 1500, ruleset="icf"), seek(2, 1500, ruleset="fr-official")], 0) == []
    assert pairings([seek(1, 1500, clocks=True), seek(2, 1500, clocks=False)], 0) == []
    assert pairings([seek(1, 1500, rated=True), seek(2, 1500, rated=False)], 0) == []
    assert pairings([seek(1, 1500, account=7), seek(2, 1500, account=7)], 0) == []
    assert pairings([seek(1, 1500), seek(2, 1500)], 0, apart=frozenset({frozenset((1, 2))})) == []


def test_doubles_take_four_and_split_them_into_the_closest_sides():
    pool = [seek(i, r, players=4) for i, r in ((1, 1500), (2, 1560), (3, 1440), (4, 1520))]
    assert pairings(pool[:3], 0) == []
    assert pairings(pool, 0) == []  # 1440 and 1560 are 120 apart: more than a newcomer's 100
    (table,) = pairings(pool, 1)
    side1, side2 = table[:2], table[2:]
    assert {s.id for s in table} == {1, 2, 3, 4}
    assert {frozenset(s.id for s in side1), frozenset(s.id for s in side2)} == {frozenset((1, 4)), frozenset((2, 3))}
    # 1500 + 1520 against 1560 + 1440: 20 apart, the fairest of the three ways to split them


SEEKS = st.lists(st.tuples(st.integers(0, 6), st.floats(800, 2600), st.floats(0, 30), st.sampled_from([2, 4]),
                           st.booleans()), max_size=24)


@settings(max_examples=300, deadline=None)
@given(SEEKS, st.floats(0, 60))
def test_every_pairing_is_disjoint_compatible_and_leaves_no_acceptable_pair_unmade(rows, now):
    pool = [Seek(i, account, rating, since, Want(players=players, clocks=clocks))
            for i, (account, rating, since, players, clocks) in enumerate(rows)]
    made = pairings(pool, now)
    used = [s.id for match in made for s in match]
    assert len(used) == len(set(used))
    for match in made:
        assert len(match) == match[0].want.players
        assert all(acceptable(a, b, now) for a, b in combinations(match, 2))
    left = [s for s in pool if s.id not in set(used) and s.want.players == 2]
    assert not any(acceptable(a, b, now) for a, b in combinations(left, 2))
