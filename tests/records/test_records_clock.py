"""The clock run out in the record (docs/record-format.md, `clock`) and at the umpire's keyboard (`clock`)."""

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from carrom.records import load_record
from carrom.records.describe import entry_notation
from carrom.records.entries import ClockEntry, parse_entry
from carrom.records.errors import RecordError
from carrom.records.notation import Command, NotationError, parse
from carrom.records.referee import FOUL_CODES, to_action
from carrom.rules import OutOfTime, Seat


def test_the_entry_round_trips_and_becomes_the_referees_action():
    data = {"type": "clock", "seat": "north", "what": "place"}
    entry = parse_entry(data, "actions[0]", FOUL_CODES)
    assert entry == ClockEntry("north", what="place")
    assert entry.to_dict() == data
    assert to_action(entry) == OutOfTime(Seat.NORTH, "place")
    assert entry_notation(entry) == "clock place"
    assert parse(entry_notation(entry)) == Command("clock", ("place",))


@pytest.mark.parametrize("data, where", [
    ({"type": "clock", "seat": "north", "what": "nap"}, "what"),
    ({"type": "clock", "seat": "north"}, "what"),
])
def test_a_bad_entry_names_its_field(data, where):
    with pytest.raises(RecordError, match=where):
        parse_entry(data, "actions[0]", FOUL_CODES)


def test_the_notation_refuses_an_unknown_clock():
    with pytest.raises(NotationError, match="clock break, clock stroke or clock place"):
        parse("clock lunch")


def test_the_umpire_enters_it_and_the_record_replays_it(tmp_path):
    from records_play import header
    from carrom.records.session import Session, SessionError

    session = Session.start(header(), tmp_path / "m.json", clock=lambda: "2026-11-23T14:00:00+00:00")
    with pytest.raises(SessionError, match="to break, not"):
        session.enter("clock stroke")
    assert not session.record.entries
    reply = session.enter("clock")
    assert [d.law for d in reply.ruling.decisions] == ["ICF 46", "ICF 63 a", "ICF 72 c"]  # none in the nets yet
    assert reply.entry == ClockEntry("south", what="break", at=reply.entry.at)
    record = load_record((tmp_path / "m.json").read_text())
    assert record.entries[-1].to_dict()["type"] == "clock"
