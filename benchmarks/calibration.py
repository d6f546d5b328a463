"""The calibration on synthetic films (docs/calibration.md): shots the engine plays with known parameters,
filmed by a synthetic overhead camera, then tracked and fitted as ``carrom track`` and ``carrom calibrate``
do. Prints each parameter's true value, the recovered one with its uncertainty, and the error; and the
seconds each step took (with the machine's load).

    PYTHONPATH=src .venv/bin/python benchmarks/calibration.py
"""

from __future__ import annotations

import os
import tempfile
import time
from pathlib import Path

from carrom.calibrate.fit import PARAMETERS, calibrate, with_values
from carrom.calibrate.synthetic import PROTOCOL, Camera, film, render_video
from carrom.calibrate.tracks import shots
from carrom.calibrate.video import track_video
from carrom.physics import MODELS

NAMES = ("mu", "restitution_cushion", "restitution_striker_coin", "disc_friction")
TRUE = (0.12, 0.62, 0.80, 1.4)
SETTINGS = {
    "the test's film: 320x256, 60 fps, 6 shots": dict(
        camera=Camera(corners=((42.0, 240.0), (285.0, 234.0), (264.0, 19.0), (56.0, 27.0)), size=(320, 256)),
        fps=60.0, shots=tuple(PROTOCOL[i] for i in (1, 2, 3, 4, 6, 7))),
    "the protocol: 400x320, 120 fps, 8 shots": dict(camera=Camera(), fps=120.0, shots=PROTOCOL),
}


def main() -> None:
    truth = with_values(MODELS["v4"], NAMES, TRUE)
    print(f"load: {os.getloadavg()[0]:.1f} (1 min), {os.cpu_count()} cores")
    with tempfile.TemporaryDirectory() as where:
        for title, s in SETTINGS.items():
            clock = time.process_time()
            shots_film = film(s["shots"], truth, fps=s["fps"], still=0.3, empty=0.3)
            video = Path(where) / "board.avi"
            render_video(video, shots_film, s["camera"], fps=s["fps"])
            rendered = time.process_time()
            tracking = track_video(video, empty=0.3)
            tracked = time.process_time()
            result = calibrate(shots(tracking.tracks), MODELS["v4"])
            fitted = time.process_time()
            print(f"\n{title}: {len(shots_film.frames)} frames, {len(result.shot_kinds)} shots "
                  f"({', '.join(result.shot_kinds)}), {result.samples} samples, rms {result.rms * 1e3:.2f} mm")
            print(f"{'parameter':<48} {'true':>7} {'fitted':>8} {'±':>7} {'error':>7}")
            for name, true in zip(NAMES, TRUE):
                f = next(f for f in result.fitted if f.name == name)
                print(f"{PARAMETERS[name].label:<48} {true:7.3f} {f.value:8.4f} {f.sigma:7.2g} "
                      f"{100 * (f.value - true) / true:+6.2f}%")
            print(f"CPU seconds: film and render {rendered - clock:.1f}, track {tracked - rendered:.1f}, "
                  f"fit {fitted - tracked:.1f}")


if __name__ == "__main__":
    main()
