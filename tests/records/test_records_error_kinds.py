"""A record refused says what kind of refusal it is, as the referee's refusals do (``rules.Refusal``): a file or a
field that does not read is malformed; an action the referee refuses on replay keeps the referee's kind and law, so a
researcher loading records can tell a broken file from a match the laws do not allow (on main: no ``kind``)."""

import copy
import json
from pathlib import Path

import pytest

from carrom.records import RecordError, load_record
from carrom.records.notation import NotationError, parse
from carrom.rules import Refusal

BASE = json.loads((Path(__file__).parent / "data" / "example.json").read_text())


def refused(change) -> RecordError:
    data = copy.deepcopy(BASE)
    change(data["games"][0]["boards"][0]["actions"], data)
    with pytest.raises(RecordError) as info:
        load_record(json.dumps(data))
    return info.value


def test_a_field_that_does_not_read_is_malformed_with_no_law():
    error = refused(lambda actions, data: actions[0]["choice"].update(speed="fast"))
    assert (error.kind, error.law, error.path) == (Refusal.MALFORMED, None, "games[0].boards[0].actions[0].choice.speed")


def test_a_file_that_is_no_record_is_malformed(tmp_path):
    for source in (tmp_path / "missing.json", "{not json"):
        with pytest.raises(RecordError) as info:
            load_record(source)
        assert (info.value.kind, info.value.law) == (Refusal.MALFORMED, None)


def test_a_header_against_a_law_names_it():
    """ICF 28: doubles has a player on each of the four seats."""
    error = refused(lambda actions, data: data.update(kind="doubles"))
    assert (error.kind, error.law) == (Refusal.MALFORMED, "ICF 28")


def test_a_stroke_out_of_turn_keeps_the_referees_kind_and_law():
    """ICF 48: a player who pockets a coin of his colour plays on; North's stroke there is out of turn."""
    error = refused(lambda actions, data: actions[1].update(seat="north"))
    assert (error.kind, error.law, error.path) == (Refusal.OUT_OF_TURN, "ICF 48", "games[0].boards[0].actions[1]")


def test_an_action_the_laws_forbid_now_is_illegal_with_its_law():
    """ICF 87 b: extra points are claimed only when a board has just ended with dues outstanding."""
    error = refused(lambda actions, data: actions.insert(1, {"type": "declare", "seat": "south", "what": "extra",
                                                              "value": 3}))
    assert (error.kind, error.law) == (Refusal.ILLEGAL, "ICF 87 b")


@pytest.mark.parametrize("line", ["wz", "- w", "x w"])
def test_notation_that_does_not_read_is_malformed(line):
    """The umpire's notation, read by itself (a researcher scoring strokes from text): not an entry at all."""
    with pytest.raises(NotationError) as info:
        parse(line)
    assert (info.value.kind, info.value.law) == (Refusal.MALFORMED, None)
