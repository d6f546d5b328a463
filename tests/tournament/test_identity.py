"""A player is an identity, not a name (issue 42, item 14): two "Marco Rossi" of two clubs stay two in a swap, a
championship and a rating list; the same person entering a second event is the same player, so a rating list
carries his rating on instead of listing him twice from 1500 again."""

import pytest

from carrom.desk import service
from carrom.desk.ratings import rating_list
from carrom.desk.roster import Entry
from carrom.desk.store import TournamentStore
from carrom.tournament import DeskError, pair, publish, record
from carrom.tournament.championship import ranking

PLAYERS = [Entry("Marco", "Rossi", "CC Roma", "ITA"), Entry("Marco", "Rossi", "CC Bari", "ITA"),
           Entry("Ana", "Novak", "Ljubljana", "SLO"), Entry("Luc", "Martin", "Paris CC", "FRA")]


def played(store, event_id):
    """One round, every match won 25-0 25-0 by its first side."""
    def go(event):
        event = publish(pair(event))
        for m in event.matches:
            event = record(event, m.round, m.table, ((25, 0), (25, 0)))
        return event
    return service.step(store, event_id, go, "played")


def test_namesakes_are_never_picked_silently(sqlite_db):
    store = TournamentStore(sqlite_db)
    event_id, event = service.register(store, "Open", service.settings_of(rounds=1), PLAYERS)
    with pytest.raises(DeskError, match="2 competitors have a player named 'Marco Rossi': give the number instead"):
        service.competitor_named(event, "Marco Rossi")
    with pytest.raises(DeskError, match="2 players are named 'marco rossi'"):
        service.player_named(event, "marco rossi")
    assert service.competitor_named(event, "Ana Novak") == 3


def test_the_same_person_in_two_events_is_one_player_and_namesakes_stay_two(sqlite_db):
    store = TournamentStore(sqlite_db)
    first, e1 = service.register(store, "Spring", service.settings_of(rounds=1), PLAYERS, championship="Cup")
    second, e2 = service.register(store, "Autumn", service.settings_of(rounds=1),
                                  [Entry("marco", "ROSSI", "cc roma", "ITA"), *PLAYERS[1:]], championship="Cup")
    assert sorted(e1.players) == sorted(e2.players)  # the same four people, Marco Rossi of Rome whatever the case
    assert len({(p.first, p.last) for p in e1.players.values()}) == 3  # and two Marco Rossi
    for event_id in (first, second):
        played(store, event_id)
        service.close_event(store, event_id, rating_list="Italia")
    listed = rating_list(store, "Italia")
    assert len(listed) == 4  # each player once, not once an event
    _counted, rows, _method, _skip = service.championship_ranking(store, "Cup")
    assert len(rows) == 4 and [r.players for r in rows].count(("Marco Rossi",)) == 2


def test_the_ranking_by_identity_keeps_namesakes_apart():
    rows = ranking([{(1,): 18.0, (2,): 16.0}, {(1,): 16.0, (2,): 18.0}], names={(1,): ("Marco Rossi",),
                                                                                (2,): ("Marco Rossi",)})
    assert len(rows) == 2 and all(r.total == 34.0 for r in rows)
    merged = ranking([{("Marco Rossi",): 18.0}, {("Marco Rossi",): 16.0}])  # by names, as before: one row
    assert len(merged) == 1
