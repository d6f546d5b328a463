"""A simulated match's record names the carrom that played it and its physics' fingerprint (issue 41 item 2:
"`info`, records, arena files and benchmark output carry the package version and the physics model's
fingerprint"; docs/record-format.md, `made_with`). On main the records named the model only, whose name had
meant three dynamics; now the fingerprint ties a record to the code whose outcomes it holds.
"""

import pytest

from carrom import __version__
from carrom.game import Game
from carrom.physics import MODELS, physics_model
from carrom.records.errors import RecordError
from carrom.records.io import dumps, load_record
from carrom.records.record import Record

PLAYERS = {"south": "Ann", "north": "Bob"}


@pytest.mark.parametrize("model", ["v1", "v3", "v4", "v4-fast"])
def test_a_simulated_match_names_its_carrom_and_its_physics_fingerprint(model):
    game = Game.new(PLAYERS, params=physics_model(model))
    game.strike("south", 0.0, 0.0, 6.0)
    data = game.record.to_dict()
    assert data["made_with"] == {"carrom": __version__, "fingerprint": physics_model(model).fingerprint}
    again = load_record(dumps(game.record))  # the file's text, read back and replayed
    assert again.header.made_with == game.record.header.made_with
    assert Game.resume(again).layout == game.layout


def test_the_fingerprints_tell_the_models_apart():
    prints = {Game.new(PLAYERS, params=p).record.header.made_with.fingerprint for p in MODELS.values()}
    assert len(prints) == len(MODELS)


def test_a_record_made_by_another_carrom_keeps_what_made_it():
    """Resumed and saved again by this carrom, a record still says which carrom played it."""
    game = Game.new(PLAYERS)
    game.strike("south", 0.0, 0.0, 6.0)
    data = game.record.to_dict() | {"made_with": {"carrom": "0.0.9", "fingerprint": "0123456789abcdef"}}
    again = Game.resume(Record.from_dict(data))
    assert again.record.to_dict()["made_with"] == {"carrom": "0.0.9", "fingerprint": "0123456789abcdef"}


def test_a_record_scored_by_hand_names_no_physics():
    """A real board's record (the umpire's) has no simulation to tie it to."""
    game = Game.new(PLAYERS)
    data = game.record.to_dict()
    del data["made_with"], data["physics"]
    assert "made_with" not in Record.from_dict(data).to_dict()


@pytest.mark.parametrize("made_with, path", [
    ({"carrom": "0.1.0", "fingerprint": "xyz"}, "made_with.fingerprint"),
    ({"carrom": "0.1.0", "fingerprint": "0123456789ABCDEF"}, "made_with.fingerprint"),
    ({"carrom": "0.1.0", "fingerprint": "0" * 17}, "made_with.fingerprint"),
    ({"fingerprint": "0123456789abcdef"}, "made_with"),
    ({"carrom": "", "fingerprint": "0123456789abcdef"}, "made_with.carrom"),
    ({"carrom": "9" * 41, "fingerprint": "0123456789abcdef"}, "made_with.carrom"),
    ({"carrom": "0.1.0", "fingerprint": "0123456789abcdef", "by": "me"}, "made_with"),
    ("0.1.0", "made_with"),
])
def test_a_wrong_made_with_is_refused_with_its_field(made_with, path):
    data = Game.new(PLAYERS).record.to_dict() | {"made_with": made_with}
    with pytest.raises(RecordError) as err:
        Record.from_dict(data)
    assert err.value.path.startswith(path), (err.value.path, str(err.value))
