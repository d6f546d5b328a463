"""Standings worked out by hand, SoL's way (docs/tournaments.md, "Standings")."""

from carrom.tournament import Format, Match, check, standings
from carrom.tournament.model import Settings

from tournament_helpers import event


def played(r, t, a, b, games, fmt=Format.SINGLE):
    return Match(round=r, table=t, side1=a, side2=b, result=None if b is None else check(games, fmt))


def test_two_rounds_by_hand():
    """Round 1: 1 beat 2 25-10, 3 and 4 drew 15-15, 5 a bye; round 2: 3 beat 1 25-20, 2 beat 5 25-24, 4 a bye.
    The bye is worth the phantom score, here 20: 2 points, 20 net, 20 total."""
    ev = event(5, format=Format.SINGLE, phantom_score=20).with_matches([
        played(1, 1, 1, 2, ((25, 10),)), played(1, 2, 3, 4, ((15, 15),)), played(1, 3, 5, None, ()),
        played(2, 1, 1, 3, ((20, 25),)), played(2, 2, 2, 5, ((25, 24),)), played(2, 3, 4, None, ()),
    ])
    rows = [(r.competitor, r.points, r.buchholz, r.net_score, r.total_score) for r in standings(ev)]
    assert rows == [
        (3, 3, 5, 5, 40),  # draw + win; opponents 4 (3) and 1 (2)
        (4, 3, 3, 20, 35),  # draw + bye; opponent 3 (3), the phantom has none
        (1, 2, 5, 10, 45),  # +15 -5; opponents 2 (2) and 3 (3)
        (2, 2, 4, -14, 35),  # -15 +1; opponents 1 (2) and 5 (2)
        (5, 2, 2, 19, 44),  # bye 20, then -1
    ]


def test_best_of_three_net_score_is_points_scored_minus_conceded():
    """The winner of 25-24 0-25 25-24 won two games but scored 50 to 73: net -23, and still 2 points."""
    ev = event(2).with_matches([played(1, 1, 1, 2, ((25, 24), (0, 25), (25, 24)), Format.BEST_OF_THREE)])
    rows = {r.competitor: r for r in standings(ev)}
    assert (rows[1].points, rows[1].net_score, rows[1].total_score) == (2, -23, 50)
    assert (rows[2].points, rows[2].net_score, rows[2].total_score) == (0, 23, 73)


def test_held_and_unplayed_matches_count_for_nothing():
    """ICF 150: the result of a match under protest is not published until the protest is heard."""
    ev = event(4, format=Format.SINGLE).with_matches([
        Match(round=1, table=1, side1=1, side2=2, result=check(((25, 10),), Format.SINGLE), held=True),
        Match(round=1, table=2, side1=3, side2=4),
    ])
    assert all(r.points == r.total_score == 0 for r in standings(ev))


def test_retirement_trend_adds_to_opponents_buchholz():
    """SoL's ``trend`` policy: a withdrawn competitor who played fewer rounds than the event counts, for his
    opponents' Buchholz, his average points a match over the rounds he missed (truncated)."""
    from dataclasses import replace

    ev = event(4, format=Format.SINGLE)
    ev = replace(ev, competitors=tuple(replace(c, retired_from=3) if c.id == 1 else c for c in ev.competitors))
    ev = replace(ev, settings=Settings(format=Format.SINGLE, retirements="trend")).with_matches([
        played(1, 1, 1, 2, ((25, 10),)), played(1, 2, 3, 4, ((25, 10),)),
        played(2, 1, 1, 3, ((25, 10),)), played(2, 2, 2, 4, ((25, 10),)),
        played(3, 1, 3, 2, ((25, 10),)),  # 1 (withdrawn) and 4 did not play round 3
    ])
    rows = {r.competitor: r for r in standings(ev)}
    # 1 has 4 points in 2 matches: average 2, one round missed: +2 for his opponents' Buchholz
    # 4 has 0 points: nothing to add. 2 met 1 (4 + 2), 4 (0) and 3 (4): 10
    assert rows[2].buchholz == 10
    assert rows[3].buchholz == 0 + (4 + 2) + 2  # met 4, 1 and 2


def stored_event(store) -> int:
    """A 4-player event written to ``store`` with its players registered there; its id."""
    from dataclasses import replace

    ids = [store.add_player("First", f"Last{i}") for i in range(4)]
    ev = event(4)
    return store.create(replace(ev, players={i: replace(p, id=i) for i, p in zip(ids, ev.players.values())},
                                competitors=tuple(replace(c, players=(i,)) for i, c in zip(ids, ev.competitors))))


def test_two_desks_writing_one_event_the_second_is_refused(tmp_path):
    """Two desks read the same event; the first writes; the second's write, made from the older event, is refused
    and nothing of it is written."""
    from carrom.desk import ConflictError, TournamentStore
    from carrom.tournament import pair

    import pytest

    url = f"sqlite:///{tmp_path / 'two.db'}"
    one, two = TournamentStore(url), TournamentStore(url)
    eid = stored_event(one)
    a, b = one.load(eid), two.load(eid)
    one.save(eid, pair(a), "round paired")
    with pytest.raises(ConflictError):
        two.save(eid, pair(b), "round paired")
    assert len(TournamentStore(url).load(eid).matches) == 2
    assert len(TournamentStore(url).log(eid)) == 2  # created, paired once


def test_a_reader_on_another_thread_does_not_vouch_for_a_stale_writer(tmp_path):
    """One server's step read the event in its worker thread; another server then wrote; a public page's read on
    a second thread of the first server sees the new version. The step's write, made from the older event, must
    still be refused: one thread's reading says nothing of what another thread holds (else the other server's
    write would be overwritten unseen)."""
    import threading
    from carrom.desk import ConflictError, TournamentStore
    from carrom.tournament import pair

    import pytest

    url = f"sqlite:///{tmp_path / 'threads.db'}"
    server, other = TournamentStore(url), TournamentStore(url)
    eid = stored_event(server)
    stale = server.load(eid)  # the step's read, on this thread
    other.save(eid, pair(other.load(eid)), "round paired")  # the other server's write
    reader = threading.Thread(target=server.load, args=(eid,))  # the public page, on another thread
    reader.start()
    reader.join()
    with pytest.raises(ConflictError):
        server.save(eid, pair(stale), "round paired")
    assert len(TournamentStore(url).log(eid)) == 2  # created, paired once
