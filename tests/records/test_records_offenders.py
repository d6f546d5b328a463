"""The offender of a forfeit or a breach, and the match's stage, as records carry them (docs/record-format.md).

Both are optional fields: records written before them load with their old meaning (the entry's seat is the
offender, unchecked; the stage an early round).
"""

import json

import pytest

from carrom.records import RecordError, load_record
from carrom.records.replay import replay

PLAYERS = {"south": {"name": "Asha"}, "north": {"name": "Ravi"}}


def record(actions, **top):
    return json.dumps({"format": "carrom-record", "version": 1, "variant": "icf", "kind": "singles",
                       "players": PLAYERS, "first_breaker": "south", **top,
                       "games": [{"boards": [{"actions": actions}]}]})


STROKE = {"type": "stroke", "seat": "south", "outcome": {"pocketed": ["white"]}}


def test_an_old_forfeit_without_offender_loads_with_its_old_meaning():
    """ICF 51 as the old terminal and tablet entered it: the side in turn loses the board, the law unchecked."""
    rec = load_record(record([STROKE, {"type": "forfeit", "seat": "south", "law": "ICF 51"}]))
    assert rec.entries[-1].offender is None
    row = replay(rec).match.state.results[-1]
    assert row.winner == 1


def test_a_named_offender_is_checked_against_the_law():
    """ICF 51 punishes a player who strikes out of turn: North named while South is in turn loses the board;
    South named is refused, at the entry's path."""
    rec = load_record(record([STROKE, {"type": "forfeit", "seat": "south", "law": "ICF 51", "offender": "north"}]))
    assert replay(rec).match.state.results[-1].winner == 0
    with pytest.raises(RecordError, match="ICF 51"):
        load_record(record([STROKE, {"type": "forfeit", "seat": "south", "law": "ICF 51", "offender": "south"}]))


def test_offender_and_stage_round_trip_and_bad_values_are_named():
    """ICF 63 b (the offender of a technical foul) and ICF 56 b, 60 b (the stage) survive save and load; a value
    that is not a seat or a stage is refused at its path."""
    text = record([STROKE, {"type": "declare", "seat": "south", "what": "technical", "offender": "north"}],
                  stage="quarter-final")
    rec = load_record(text, replay=False)
    assert rec.header.stage == "quarter-final" and rec.entries[-1].offender == "north"
    assert json.loads(json.dumps(rec.to_dict())) == json.loads(text)
    state = replay(rec).match.state
    assert state.late_stage and state.board.debts == (0, 1)  # North's penalty, none of his coins in the nets yet
    with pytest.raises(RecordError, match="stage"):
        load_record(record([STROKE], stage="semi"))
    with pytest.raises(RecordError, match="offender"):
        load_record(record([STROKE, {"type": "declare", "seat": "south", "what": "technical", "offender": "up"}]))


def test_an_old_record_is_an_early_round():
    """ICF 56 a: without a stage the game keeps its 8-board limit, as every record did before."""
    rec = load_record(record([STROKE]))
    assert rec.header.stage is None and not replay(rec).match.state.late_stage
