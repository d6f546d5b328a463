"""Calibration's refusals have the shape of the referee's (``rules.Refusal``): one error, ``CalibrateError``, whose
``kind`` is malformed and whose ``law`` is None (no law is involved in a film or a tracks file), so a researcher's
script catches one class and reads the kind as it does from the game and the records (on main: three unrelated
``ValueError``s without a kind)."""

import pytest

from carrom.calibrate.errors import CalibrateError
from carrom.calibrate.fit import calibrate
from carrom.calibrate.tracks import read_tracks, shots
from carrom.calibrate.video import parse_corners, track_video
from carrom.physics import MODELS
from carrom.rules import Refusal


def refusals(tmp_path):
    bad = tmp_path / "bad.csv"
    bad.write_text("time,disc,x,y\n0.0,c1,zero,0.1\n")
    still = tmp_path / "still.csv"
    still.write_text("time,disc,x,y\n0.0,c1,0.0,0.1\n0.1,c1,0.0,0.1\n")
    return {
        "tracks missing": lambda: read_tracks(tmp_path / "none.csv"),
        "a value not a number": lambda: read_tracks(bad),
        "no shot in the tracks": lambda: shots(read_tracks(still), "still.csv"),
        "a film missing": lambda: track_video(tmp_path / "none.mp4"),
        "corners short": lambda: parse_corners("1,2,3,4,5,6"),
        "nothing to fit": lambda: calibrate([], MODELS["v4"]),
    }


def test_every_refusal_is_one_error_of_the_malformed_kind_with_no_law(tmp_path):
    seen = []
    for name, refuse in refusals(tmp_path).items():
        with pytest.raises(CalibrateError) as info:
            refuse()
        assert (info.value.kind, info.value.law) == (Refusal.MALFORMED, None), name
        assert isinstance(info.value, ValueError) and str(info.value), name
        seen.append(type(info.value).__name__)
    assert sorted(set(seen)) == ["CalibrationError", "TrackingError", "TracksError"]
