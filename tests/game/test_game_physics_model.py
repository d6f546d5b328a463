"""The record names the physics model a simulated match was played with, and resuming
re-simulates with it; a record without a name is v1 (docs/physics.md, docs/record-format.md)."""

import pytest

from carrom.game import Game
from carrom.game.game import GameError
from carrom.physics import MODELS
from carrom.records.record import Record

PLAYERS = {"south": "Ann", "north": "Bob"}


def test_a_v2_game_names_its_model_and_resumes_with_it():
    game = Game.new(PLAYERS, params=MODELS["v2"])
    game.strike("south", 0.0, 0.0, 6.0)
    data = game.record.to_dict()
    assert data["physics"] == "v2"
    again = Game.resume(Record.from_dict(data))
    assert again.params == MODELS["v2"]
    assert again.layout == game.layout
    v1 = Game.new(PLAYERS)
    v1.strike("south", 0.0, 0.0, 6.0)
    assert v1.layout != game.layout  # the models differ on this break: the name matters


def test_a_v1_game_writes_no_name_and_an_unnamed_record_resumes_as_v1():
    game = Game.new(PLAYERS)
    game.strike("south", 0.0, 0.0, 6.0)
    data = game.record.to_dict()
    assert "physics" not in data
    again = Game.resume(Record.from_dict(data))
    assert again.params == MODELS["v1"] and again.layout == game.layout


def test_an_unknown_model_is_refused_by_name():
    data = Game.new(PLAYERS).record.to_dict()
    data["physics"] = "v9"
    with pytest.raises(GameError, match="unknown physics model 'v9'"):
        Game.resume(Record.from_dict(data))
