"""The record names the physics model a simulated match was played with, and resuming
re-simulates with it; a record without a name is v1 (docs/physics.md, docs/record-format.md)."""

import json
from pathlib import Path

import pytest

from carrom.game import Game
from carrom.game.game import GameError
from carrom.physics import MODELS
from carrom.records.record import Record

PLAYERS = {"south": "Ann", "north": "Bob"}
DATA = Path(__file__).parent / "data"


def test_a_v2_game_names_its_model_and_resumes_with_it():
    game = Game.new(PLAYERS, params=MODELS["v2"])
    game.strike("south", 0.0, 0.0, 6.0)
    data = game.record.to_dict()
    assert data["physics"] == "v2"
    again = Game.resume(Record.from_dict(data))
    assert again.params == MODELS["v2"]
    assert again.layout == game.layout
    v1 = Game.new(PLAYERS, params=MODELS["v1"])
    v1.strike("south", 0.0, 0.0, 6.0)
    assert v1.layout != game.layout  # the models differ on this break: the name matters


def test_a_v1_game_writes_no_name_and_an_unnamed_record_resumes_as_v1():
    game = Game.new(PLAYERS, params=MODELS["v1"])
    game.strike("south", 0.0, 0.0, 6.0)
    data = game.record.to_dict()
    assert "physics" not in data
    again = Game.resume(Record.from_dict(data))
    assert again.params == MODELS["v1"] and again.layout == game.layout


def test_a_v4_game_says_so_and_resumes_as_v4():
    """Issue 20: v4 is the default; a new game names it and resumes with it."""
    game = Game.new(PLAYERS, params=MODELS["v4"])
    assert Game.new(PLAYERS).params == MODELS["v4"]  # the default
    assert Game.new(PLAYERS).record.to_dict()["physics"] == "v4"
    assert game.params == MODELS["v4"]
    game.strike("south", 0.0, 0.0, 6.0)
    data = game.record.to_dict()
    assert data["physics"] == "v4"
    again = Game.resume(Record.from_dict(data))
    assert again.params == MODELS["v4"] and again.layout == game.layout


@pytest.mark.parametrize("model", ["v1", "v2", "v3"])
def test_stored_records_keep_their_models_under_the_new_default(model):
    """Records written before v4 was the default (by main's code: data/v1-record.json names no
    model, data/v2-record.json names v2, data/v3-record.json names v3, written while v3 was the
    default) re-simulate to exactly the outcomes they store; under v4 they would not."""
    stored = json.loads((DATA / f"{model}-record.json").read_text(encoding="utf-8"))
    assert stored.get("physics") == (None if model == "v1" else model)
    again = Game.resume(Record.from_dict(stored))
    assert again.params == MODELS[model]
    assert again.record.to_dict()["games"] == stored["games"]
    try:  # under v4 the outcomes differ, or a later stroke is no longer the right seat's
        assert Game.resume(Record.from_dict(stored), MODELS["v4"]).record.to_dict()["games"] != stored["games"]
    except GameError as exc:
        assert "not now, the laws wait for" in str(exc) or "may not be put" in str(exc)


def test_an_unknown_model_is_refused_by_name():
    data = Game.new(PLAYERS).record.to_dict()
    data["physics"] = "v9"
    with pytest.raises(GameError, match="unknown physics model 'v9'"):
        Game.resume(Record.from_dict(data))
