"""Swiss pairing as SoL names its methods: every active player once a round, no rematch, the bye to the lowest
ranked without one; knockout seeding, round robin and groups."""

import random

import pytest
from hypothesis import given, settings, strategies as st

from carrom.tournament import DeskError, Pairing, System, pair, retire, standings, undo
from carrom.tournament.brackets import circle, cross_seed, first_round, seed_order, snake
from carrom.tournament.swiss import combine, met, order

from tournament_helpers import event, play_round


@settings(max_examples=40, deadline=None)
@given(n=st.integers(4, 40), rounds=st.integers(1, 6), method=st.sampled_from(list(Pairing)), seed=st.integers(0, 999),
       retire_one=st.booleans())
def test_swiss_rounds_keep_the_rules(n, rounds, method, seed, retire_one):
    rng = random.Random(seed)
    ev = event(n, pairing=method, seed=seed)
    rounds = min(rounds, (n - 1) // 2)
    for r in range(1, rounds + 1):
        if retire_one and r == 2:
            ev = retire(ev, 1)
        before = ev
        ev = pair(ev)
        new = ev.round_matches(r)
        active = [c.id for c in ev.competitors if not c.retired(r)]
        seen = [s for m in new for s in m.sides]
        assert sorted(seen) == sorted(active), "every active competitor exactly once"
        earlier = met(before)
        for m in new:
            assert (m.side1, m.side2) not in earlier, "no rematch, no second bye"
        byes = [m.side1 for m in new if m.side2 is None]
        assert len(byes) == len(active) % 2
        if byes:
            ranked = order(before, r)
            below = ranked[ranked.index(byes[0]) + 1:]
            for c in below:  # each one lower had a bye already, or giving it the bye leaves no pairing
                if (c, None) not in earlier:
                    rest = [x for x in ranked if x != c]
                    assert combine(rest, earlier, lambda rest: iter(rest[1:])) is None
        assert sorted(m.table for m in new) == list(range(1, len(new) + 1))
        if byes:
            assert new[-1].side2 is None and new[-1].table == len(new)
        ev = play_round(ev, rng)


def ids_of(ev, r):
    return [(m.side1, m.side2) for m in ev.round_matches(r)]


def test_first_round_by_method():
    """serial: 1-2, 3-4; dazed: the first meets the middle one; staggered: in 50 or more, the first meets the 26th."""
    ev = event(8, pairing=Pairing.SERIAL)
    o = order(ev, 1)
    assert ids_of(pair(ev), 1) == [(o[0], o[1]), (o[2], o[3]), (o[4], o[5]), (o[6], o[7])]
    ev = event(8, pairing=Pairing.DAZED)
    o = order(ev, 1)
    assert ids_of(pair(ev), 1) == [(o[0], o[4]), (o[1], o[5]), (o[2], o[6]), (o[3], o[7])]
    ev = event(60, pairing=Pairing.STAGGERED)
    o = order(ev, 1)
    assert ids_of(pair(ev), 1)[0] == (o[0], o[25])
    ev = event(40, pairing=Pairing.STAGGERED)  # fewer than 50: as dazed
    o = order(ev, 1)
    assert ids_of(pair(ev), 1)[0] == (o[0], o[20])


def test_compatriots_kept_apart_when_asked():
    ev = event(12, pairing=Pairing.SERIAL, delay_compatriots=1)
    nation = {c.id: ev.players[c.players[0]].country for c in ev.competitors}
    first = pair(ev).round_matches(1)
    assert all(nation[m.side1] != nation[m.side2] for m in first[:3])


def test_a_round_is_paired_once():
    ev = pair(event(6))
    with pytest.raises(DeskError, match="paired once"):
        pair(ev)
    assert undo(ev).matches == ()


def test_retired_player_not_paired_again_and_keeps_results():
    rng = random.Random(1)
    ev = play_round(pair(event(6)), rng)
    kept = {r.competitor: r.points for r in standings(ev)}
    ev = retire(ev, 3)
    ev = pair(ev)
    assert all(3 not in m.sides for m in ev.round_matches(2))
    row = next(r for r in standings(ev) if r.competitor == 3)
    assert row.retired and row.points == kept[3]


def test_seed_order_keeps_the_top_seeds_apart():
    assert seed_order(8) == [1, 8, 4, 5, 2, 7, 3, 6]
    lines = seed_order(16)
    assert lines.index(1) < 8 <= lines.index(2)  # 1 and 2 in different halves: they meet only in the final


def test_byes_go_to_the_top_seeds():
    pairs = first_round([10, 20, 30, 40, 50, 60])  # seeds 1..6 in a bracket of 8
    byes = [a for a, b in pairs if b is None]
    assert sorted(byes) == [10, 20]


def test_circle_meets_everyone_once():
    for n in (4, 5, 8, 9):
        rounds = circle(list(range(n)))
        games = [frozenset(p) for r in rounds for p in r if p[1] is not None]
        assert len(games) == len(set(games)) == n * (n - 1) // 2
        for r in rounds:
            assert sorted(x for p in r for x in p if x is not None) == list(range(n))


def test_groups_snake_and_cross_seeding():
    assert snake([1, 2, 3, 4, 5, 6, 7, 8], 2) == [[1, 4, 5, 8], [2, 3, 6, 7]]
    seeds = cross_seed([["A1", "A2"], ["B1", "B2"]])
    assert first_round(seeds) == [("A1", "B2"), ("B1", "A2")]


def test_knockout_end_to_end_with_third_place():
    rng = random.Random(5)
    ev = event(6, system=System.KNOCKOUT, third_place=True)
    while True:
        try:
            ev = pair(ev)
        except DeskError:
            break
        ev = play_round(ev, rng)
    final = [m for m in ev.matches if m.stage == "knockout"][-1]
    third = [m for m in ev.matches if m.stage == "third"]
    assert len(third) == 1
    rows = standings(ev)
    assert rows[0].competitor == final.winner() and rows[1].competitor == final.loser()
    assert rows[2].competitor == third[0].winner() and rows[3].competitor == third[0].loser()


def test_delay_top_orders_equal_points_by_rating():
    """SoL's delaytoppairing: while the rounds ranked are fewer than N, equal points and Buchholz are ordered by
    rating (so dazed and staggered keep the best apart); afterwards by net and total score, then by rating."""
    from dataclasses import replace

    from carrom.tournament import Format, Match, check

    def drawn(delay):
        ev = event(4, format=Format.SINGLE, delay_top=delay)
        ev = replace(ev, players={i: replace(p, rating=100.0 * i) for i, p in ev.players.items()})
        return ev.with_matches([Match(1, 1, 1, 2, check(((10, 10),), Format.SINGLE)),
                                Match(1, 2, 3, 4, check(((5, 5),), Format.SINGLE))])

    assert order(drawn(2), 2) == [4, 3, 2, 1]  # by rating, the best first
    assert order(drawn(1), 2) == [2, 1, 4, 3]  # one round ranked, not fewer than 1: by total, then rating


def test_a_closed_event_changes_no_more():
    from dataclasses import replace

    from carrom.tournament import record

    ev = replace(pair(event(4)), closed=True)
    for step in (lambda e: pair(e), lambda e: record(e, 1, 1, ((25, 1), (25, 2))), lambda e: retire(e, 1),
                 lambda e: undo(e)):
        with pytest.raises(DeskError, match="closed"):
            step(ev)


def test_swiss_tables_change_when_they_can():
    """As SoL assigns boards: a match goes to a table neither side has played at, when one is free."""
    rng = random.Random(2)
    ev = event(20)
    for _ in range(4):
        ev = play_round(pair(ev), rng)
    for c in ev.competitors:
        tables = [m.table for m in ev.matches if c.id in m.sides]
        assert len(set(tables)) == len(tables), (c.id, tables)
