"""Bad input to the calibration, refused with a message that names what is wrong and no traceback: model
files, tracks files, films and corners (issue 20). And the small pieces: shots cut from tracks, a fit that
keeps what the shots do not measure."""

import json
from dataclasses import replace

import cv2
import numpy as np
import pytest
from typer.testing import CliRunner

from carrom.calibrate.fit import calibrate
from carrom.calibrate.synthetic import PROTOCOL, film
from carrom.calibrate.tracks import TracksError, read_tracks, shots, write_tracks
from carrom.calibrate.video import TrackingError, parse_corners, track_video
from carrom.cli.app import app
from carrom.envs.spaces import check_physics
from carrom.physics import MODELS
from carrom.physics.model_file import ModelFileError, load_model_file, load_physics, model_file_dict

runner = CliRunner()


def write(path, text):
    path.write_text(text)
    return path


# -- model files -----------------------------------------------------------------------------------------------

GOOD = {"carrom_physics_model": 1, "base": "v4", "parameters": {"mu": 0.12}}

BAD_FILES = [
    ("not json", "{mu: 0.1", "line 1 column 2: not JSON"),
    ("a list", "[1, 2]", "the file: must hold a JSON object"),
    ("no format", json.dumps({"base": "v4"}), "carrom_physics_model: must be 1"),
    ("unknown base", json.dumps({**GOOD, "base": "v9"}), "base: unknown physics model 'v9'"),
    ("unknown key", json.dumps({**GOOD, "params": {}}), "params: is not a key of a model file"),
    ("unknown parameter", json.dumps({**GOOD, "parameters": {"board_mu": 0.1}}),
     "parameters.board_mu: is not a parameter of the model"),
    ("restitution above 1", json.dumps({**GOOD, "parameters": {"restitution_cushion": 1.5}}),
     "parameters.restitution_cushion: restitution_cushion must lie in [0, 1], got 1.5"),
    ("negative friction", json.dumps({**GOOD, "parameters": {"mu": -0.1}}),
     "parameters.mu: mu must be a finite number > 0"),
    ("friction curve of two numbers", json.dumps({**GOOD, "parameters": {"disc_friction": [0.1, 0.2]}}),
     "parameters.disc_friction: disc_friction must be None or (a, b, c)"),
    ("parameters not an object", json.dumps({**GOOD, "parameters": [0.1]}), "parameters: must be an object"),
]


@pytest.mark.parametrize("text, message", [(t, m) for _n, t, m in BAD_FILES], ids=[n for n, _t, _m in BAD_FILES])
def test_a_bad_model_file_is_refused_naming_the_field(tmp_path, text, message):
    path = write(tmp_path / "board.json", text)
    with pytest.raises(ModelFileError) as caught:
        load_model_file(path)
    assert str(caught.value) == f"{path}: {message}" or str(caught.value).startswith(f"{path}: {message}"), caught.value


def test_a_model_file_is_its_base_with_the_parameters_it_names(tmp_path):
    path = write(tmp_path / "board.json", json.dumps({**GOOD, "uncertainty": {"mu": 0.001}, "note": "x", "fit_rms_m": 1}))
    params = load_model_file(path)
    assert params.mu == 0.12 and params.disc_friction == MODELS["v4"].disc_friction
    assert params == load_physics(str(path)) == check_physics(str(path))
    assert load_physics("v2") is MODELS["v2"]


def test_a_name_that_is_neither_a_model_nor_a_file_lists_the_models(tmp_path):
    with pytest.raises(ValueError, match=r"unknown physics model 'v9'; known: \['v1', .*\(or a model file"):
        load_physics("v9")
    with pytest.raises(ModelFileError, match="missing.json: the file: does not exist"):
        load_physics(str(tmp_path / "missing.json"))
    with pytest.raises(ValueError, match="physics 'v9' is not one of v1, v2, v3"):
        check_physics("v9")


def test_a_model_file_written_always_loads():
    with pytest.raises(ModelFileError, match="the model written: parameters.mu"):
        model_file_dict("v4", {"mu": 0.0})


# -- tracks ----------------------------------------------------------------------------------------------------


def test_a_tracks_file_missing_a_column_is_refused(tmp_path):
    path = write(tmp_path / "tracks.csv", "time,disc,x\n0.0,s,0.1\n")
    with pytest.raises(TracksError, match=r"tracks.csv: the header lacks the column y \(it needs time, disc, x, y; "
                                          r"found time, disc, x\)"):
        read_tracks(path)
    result = runner.invoke(app, ["calibrate", str(path), "--out", str(tmp_path / "board.json")])
    assert result.exit_code == 2
    assert "error:" in result.stderr and "lacks the column y" in result.stderr and "Traceback" not in result.output
    assert not (tmp_path / "board.json").exists()


@pytest.mark.parametrize("rows, message", [
    ("0.0,s,0.1,0.2\n0.1,s,abc,0.2\n", "row 3, column x: 'abc' is not a number"),
    ("0.0,s,0.1,nan\n", "row 2, column y: 'nan' is not a finite number"),
    ("0.0,,0.1,0.2\n", "row 2, column disc: empty"),
    ("0.0,s,0.1,0.2\n0.0,s,0.1,0.2\n", "disc s has two rows at one time 0 s"),
    ("", "no rows after the header"),
])
def test_a_bad_row_is_refused_naming_row_and_column(tmp_path, rows, message):
    path = write(tmp_path / "tracks.csv", "time,disc,x,y\n" + rows)
    with pytest.raises(TracksError, match=message):
        read_tracks(path)


def test_tracks_of_discs_at_rest_hold_no_shot(tmp_path):
    path = write(tmp_path / "tracks.csv", "time,disc,x,y\n" + "".join(f"{i / 60},s,0.1,0.2\n" for i in range(60)))
    with pytest.raises(TracksError, match="no shot found"):
        shots(read_tracks(path), str(path))
    result = runner.invoke(app, ["calibrate", str(path), "--base", "v9"])
    assert result.exit_code == 2 and "--base: unknown physics model 'v9'" in result.stderr


def test_shots_are_cut_at_the_rests_and_the_struck_disc_is_the_first_to_move(tmp_path):
    filmed = film(PROTOCOL[0:1] + PROTOCOL[4:5], MODELS["v4"], fps=60.0, still=0.6)
    write_tracks(tmp_path / "tracks.csv", filmed.tracks)
    found = shots(read_tracks(tmp_path / "tracks.csv"))
    assert [(s.struck, tuple(s.resting)) for s in found] == [("s1striker", ()), ("s2striker", ("s2c0",))]
    assert found[1].resting["s2c0"] == pytest.approx(PROTOCOL[4].coins[0], abs=1e-5)
    assert found[0].t0 > 0.6  # after the still board before the first shot


def test_a_fit_keeps_from_the_base_what_the_shots_do_not_measure():
    """Lone slides measure the board's friction and nothing else: the rest stays the base's."""
    truth = replace(MODELS["v4"], mu=0.13, restitution_cushion=0.5)
    found = shots(film(PROTOCOL[0:2], truth, fps=60.0).tracks)
    result = calibrate(found, MODELS["v4"])
    assert [f.name for f in result.fitted] == ["mu"]
    assert result.value("mu") == pytest.approx(0.13, rel=1e-4)
    assert result.params.restitution_cushion == MODELS["v4"].restitution_cushion
    assert result.shot_kinds == ("slide", "slide") and result.rms < 1e-5


# -- films and corners -----------------------------------------------------------------------------------------


def test_a_film_that_cannot_be_opened_is_refused(tmp_path):
    fake = write(tmp_path / "film.avi", "not a film")
    with pytest.raises(TrackingError, match="film.avi: cannot be opened as a video"):
        track_video(fake)
    result = runner.invoke(app, ["track", str(fake), "--out", str(tmp_path / "tracks.csv")])
    assert result.exit_code == 2 and "cannot be opened as a video" in result.stderr
    assert "Traceback" not in result.output and not (tmp_path / "tracks.csv").exists()
    result = runner.invoke(app, ["track", str(tmp_path / "none.mp4")])
    assert result.exit_code == 2 and "none.mp4: no such file" in result.stderr


@pytest.fixture
def small_film(tmp_path):
    path = tmp_path / "small.avi"
    out = cv2.VideoWriter(str(path), cv2.VideoWriter_fourcc(*"MJPG"), 30.0, (160, 120))
    for _ in range(3):
        out.write(np.full((120, 160, 3), 90, np.uint8))
    out.release()
    return path


def test_corners_outside_the_frame_are_refused(small_film):
    corners = "10,110,150,110,170,10,10,10"
    with pytest.raises(TrackingError, match=r"small.avi: the north-east corner \(170, 10\) lies outside the frame "
                                            r"\(160x120 pixels\)"):
        track_video(small_film, parse_corners(corners))
    result = runner.invoke(app, ["track", str(small_film), "--corners", corners])
    assert result.exit_code == 2 and "north-east corner (170, 10) lies outside" in result.stderr


def test_corners_in_the_wrong_order_or_count_are_refused(small_film):
    with pytest.raises(TrackingError, match="do not make a convex four-sided board"):
        track_video(small_film, parse_corners("10,110,150,10,150,110,10,10"))
    with pytest.raises(TrackingError, match="--corners needs 8 numbers .* got 6"):
        parse_corners("1,2,3,4,5,6")
    with pytest.raises(TrackingError, match="--corners: 'x' is not a number"):
        parse_corners("1,2,3,4,5,6,7,x")


def test_a_film_without_a_board_asks_for_the_corners(small_film):
    with pytest.raises(TrackingError, match="no board found in the first frame.*give --corners"):
        track_video(small_film)


# -- records name the model ------------------------------------------------------------------------------------


def test_a_game_under_a_model_file_records_the_model_inline_and_replays_with_it(tmp_path):
    """A record names the model it was played with (docs/record-format.md); a model file's parameters have no name,
    so the record holds them inline, and the record replays with them without the file."""
    from carrom.game import Game
    from carrom.records import Record

    path = write(tmp_path / "board.json", json.dumps({**GOOD, "parameters": {"mu": 0.12, "disc_friction": [0.01, 0.2, 1.5]}}))
    params = load_physics(str(path))
    game = Game.new({"south": "A", "north": "B"}, params=params)
    named = game.record.to_dict()["physics"]
    assert json.loads(named) == {"carrom_physics_model": 1, "base": "v4",
                                 "parameters": {"mu": 0.12, "disc_friction": [0.01, 0.2, 1.5]}}
    assert Game.resume(Record.from_dict(game.record.to_dict())).params == params
    assert Game.new({"south": "A", "north": "B"}, params=MODELS["v2"]).record.to_dict()["physics"] == "v2"


def test_a_record_naming_a_file_opens_no_file(tmp_path):
    """A record comes from anywhere: its physics is a model's name or a model inline, never a path to read."""
    from carrom.game import Game, GameError
    from carrom.records import Record

    path = write(tmp_path / "board.json", json.dumps(GOOD))
    data = Game.new({"south": "A", "north": "B"}).record.to_dict()
    data["physics"] = str(path)
    with pytest.raises(GameError, match="unknown physics model"):
        Game.resume(Record.from_dict(data))
    data["physics"] = '{"carrom_physics_model": 1, "base": "v4", "parameters": {"mu": -1}}'
    with pytest.raises(GameError, match="the model inline: parameters.mu: mu must be a finite number > 0"):
        Game.resume(Record.from_dict(data))


def test_a_measured_board_takes_no_board_speed(tmp_path):
    """A model file is one board measured: the environments refuse a speed preset on top of it, naming both."""
    path = write(tmp_path / "board.json", json.dumps(GOOD))
    with pytest.raises(ValueError, match=r"board_speed 'fast' cannot be given with a model file .*board\.json"):
        check_physics(str(path), "fast")
    assert check_physics(str(path), None) == load_model_file(path)
