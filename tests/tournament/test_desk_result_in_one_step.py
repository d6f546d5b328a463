"""A typed result's check and its write are one step (issue 42 item 10): the desk's result is checked against the
result its page showed on the very event ``step`` writes, so a result another desk (another server) stores meanwhile
is never overwritten without a word; and the event is loaded and changed once, not twice."""

import pytest

from carrom.desk import TournamentStore, service
from carrom.desk.store import ConflictError
from carrom.tournament import announce, pair, parse_games, publish

NAMES = ["Ann Alpha", "Bob Beta", "Cid Gamma", "Dan Delta"]


@pytest.fixture
def event(tmp_path):
    url = f"sqlite:///{tmp_path / 'one-step.db'}"
    store = TournamentStore(url)
    eid, _ = service.register(store, "One Step", service.Settings(), [service.entry_named(n) for n in NAMES])
    service.step(store, eid, pair, "round paired")
    service.step(store, eid, publish, "round published")
    return url, store, eid


def test_a_result_stored_by_another_desk_meanwhile_is_not_overwritten(event, monkeypatch):
    url, store, eid = event
    other = TournamentStore(url)  # another server's desk on the same database
    real, typed = service.record, []

    def record_while_the_other_desk_types(e, *args, **kwargs):
        changed = real(e, *args, **kwargs)
        if not typed:  # between this desk's reading and its write, the other desk saves its result
            typed.append(1)
            service.type_result(other, eid, 1, 1, parse_games("25-3 25-4"), replacing=None)
        return changed
    monkeypatch.setattr(service, "record", record_while_the_other_desk_types)
    with pytest.raises(ConflictError):  # on main: checked on an event read before, written over the other's
        service.type_result(store, eid, 1, 1, parse_games("3-25 4-25"), replacing=None)
    monkeypatch.undo()
    stored = TournamentStore(url).load(eid)
    assert [list(g) for g in stored.matches[0].result.games] == [[25, 3], [25, 4]]  # the other desk's stands
    assert sum("result typed: round 1, table 1" in w for _, w, _ in store.log(eid)) == 1


def test_a_result_is_loaded_and_checked_once(event, monkeypatch):
    _, store, eid = event
    loads, records = [], []
    real_load, real_record = TournamentStore.load, service.record
    monkeypatch.setattr(TournamentStore, "load", lambda self, e: loads.append(e) or real_load(self, e))
    monkeypatch.setattr(service, "record", lambda *a, **k: records.append(1) or real_record(*a, **k))
    service.type_result(store, eid, 1, 1, parse_games("25-3 25-4"), replacing=None)
    assert (len(loads), len(records)) == (1, 1)  # on main: (2, 2)
    service.step(store, eid, lambda e: announce(e, 1, 2, 0.0), "announced")
    service.walkover_given(store, eid, 1, 2, 1, now=3600.0, replacing=None)
    assert len(loads) == 3
    corrected = service.type_result(store, eid, 1, 1, parse_games("25-3 24-25 25-0"), replacing=[[25, 3], [25, 4]])
    assert [list(g) for g in corrected.matches[0].result.games] == [[25, 3], [24, 25], [25, 0]]
    lines = [(w, law) for _, w, law in store.log(eid)]
    assert ("result corrected: round 1, table 1: 25-3 25-4 replaced by 25-3 24-25 25-0", "ICF 57") in lines
    assert ("walkover: round 1, table 2, side 2 absent", "ICF 143 i") in lines


def test_a_conflict_is_kept_in_the_log_and_changes_nothing(event):
    _, store, eid = event
    service.type_result(store, eid, 1, 1, parse_games("25-3 25-4"), replacing=None)
    with pytest.raises(service.ResultConflict) as refused:
        service.type_result(store, eid, 1, 1, parse_games("3-25 4-25"), replacing=None)
    assert refused.value.stored == [[25, 3], [25, 4]] and refused.value.yours == [[3, 25], [4, 25]]
    assert store.log(eid)[-1][1] == ("result refused: round 1, table 1: 3-25 4-25 typed on a page showing no "
                                     "result; 25-3 25-4 stands")
    assert [list(g) for g in store.load(eid).matches[0].result.games] == [[25, 3], [25, 4]]
