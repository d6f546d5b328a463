"""The calibration end to end (issue 20): shots the engine plays with known parameters, filmed by a
synthetic overhead camera (perspective, blur, sensor noise, JPEG), then ``carrom track`` and
``carrom calibrate`` as a club would run them: every parameter comes back within 5 %, and the model
file they write plays wherever a model's name does.

The film is small (320x256 pixels, 60 frames a second, six shots) so the whole file runs in seconds.
"""

import json
import math

import pytest
from typer.testing import CliRunner

from carrom.calibrate.fit import with_values
from carrom.calibrate.synthetic import PROTOCOL, Camera, film, render_video
from carrom.calibrate.tracks import read_tracks
from carrom.physics import MODELS, Strike, simulate
from carrom.physics.model_file import load_model_file, load_physics
from carrom.cli.app import app
from carrom.envs.spaces import check_physics
from carrom.equipment import Layout

runner = CliRunner()
NAMES = ("mu", "restitution_cushion", "restitution_striker_coin", "disc_friction")
TRUE = {"mu": 0.12, "restitution_cushion": 0.62, "restitution_striker_coin": 0.80, "disc_friction": 1.4}
"""A slower board than v4's medium one, deader cushions and discs, and 1.4 times v4's disc-disc friction."""
CAMERA = Camera(corners=((42.0, 240.0), (285.0, 234.0), (264.0, 19.0), (56.0, 27.0)), size=(320, 256))
FPS = 60.0
SHOTS = tuple(PROTOCOL[i] for i in (1, 2, 3, 4, 6, 7))  # a lone slide, two cushion rebounds, three cuts


@pytest.fixture(scope="module")
def filmed(tmp_path_factory):
    """The synthetic film, tracked and calibrated through the CLI; everything the commands wrote."""
    where = tmp_path_factory.mktemp("film")
    truth = with_values(MODELS["v4"], NAMES, tuple(TRUE[n] for n in NAMES))
    shots = film(SHOTS, truth, fps=FPS, still=0.3, empty=0.3)
    video = where / "board.avi"
    render_video(video, shots, CAMERA, fps=FPS)
    tracked = runner.invoke(app, ["track", str(video), "--out", str(where / "tracks.csv"),
                                  "--preview", str(where / "preview.png"), "--empty", "0.3"])
    fitted = runner.invoke(app, ["calibrate", str(where / "tracks.csv"), "--out", str(where / "board.json")],
                           terminal_width=140)
    return where, shots, tracked, fitted


def test_track_finds_the_board_and_follows_every_disc(filmed):
    where, shots, tracked, _fitted = filmed
    assert tracked.exit_code == 0, tracked.output
    assert "corners (42." in tracked.stdout and "6 shots" in tracked.stdout, tracked.stdout
    found = [float(v) for v in tracked.stdout.split("corners ")[1].split(";")[0].replace("(", "").replace(")", "").split(",")]
    for (x, y), (fx, fy) in zip(CAMERA.corners, zip(found[::2], found[1::2])):
        assert math.hypot(fx - x, fy - y) < 1.5  # pixels
    tracks = read_tracks(where / "tracks.csv")
    # every disc of every shot is followed from before the shot to its rest: a striker per shot, a coin per cut
    assert sorted(t.kind for t in tracks.values()) == ["coin"] * 3 + ["striker"] * 6
    assert (where / "preview.png").stat().st_size > 1000
    # positions within a few millimetres of the truth, at every sample
    for tr in tracks.values():
        for t, (x, y) in zip(tr.t, tr.xy):
            frame = shots.frames[int(round(t * FPS))]
            assert min(math.hypot(x - a, y - b) for _k, a, b in frame) < 0.004


def test_calibrate_recovers_every_parameter_within_five_percent(filmed):
    where, _shots, _tracked, fitted = filmed
    assert fitted.exit_code == 0, fitted.output
    data = json.loads((where / "board.json").read_text())
    assert data["base"] == "v4" and set(data["uncertainty"]) == set(NAMES)
    params = load_model_file(where / "board.json")
    a, b, c = MODELS["v4"].disc_friction
    got = {"mu": params.mu, "restitution_cushion": params.restitution_cushion,
           "restitution_striker_coin": params.restitution_striker_coin,
           "disc_friction": params.disc_friction[0] / a}
    assert params.disc_friction == pytest.approx((got["disc_friction"] * a, got["disc_friction"] * b, c), rel=1e-6)
    for name in NAMES:
        assert got[name] == pytest.approx(TRUE[name], rel=0.05), (name, got[name])
    for name in ("mu", "restitution_cushion", "restitution_striker_coin"):
        assert 0 < data["uncertainty"][name] < 0.05 * TRUE[name]
    # the table names each parameter with its uncertainty
    for label in ("board friction", "cushion restitution", "disc-disc restitution", "disc-disc friction"):
        assert label in fitted.stdout
    # the rest of the model is v4's
    assert params.max_speed == MODELS["v4"].max_speed and params.pack_friction == MODELS["v4"].pack_friction


def test_the_model_file_plays_where_a_model_name_does(filmed, monkeypatch):
    where, *_ = filmed
    monkeypatch.chdir(where)
    params = load_physics("board.json")
    assert params == load_physics(str(where / "board.json")) == load_model_file(where / "board.json")
    assert params != MODELS["v4"]
    shot = simulate(Layout(()), Strike(0.0, 0.0, 0.0, 0.6), params)
    # a lone slide stops where the fitted friction says: v^2 / (2 mu g)
    assert shot.striker_position[0] == pytest.approx(0.36 / (2 * params.mu * params.g), abs=1e-9)
    assert check_physics(str(where / "board.json")) == params
