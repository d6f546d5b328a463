"""The size of a shot's motion as the server sends it (views.motion_of: the engine's slides and the
sounding events) beside what it sent before issue 11 (every disc's position 30 times a second).

    python benchmarks/motion_payload.py

Prints the JSON bytes of both for a few strokes of the break, the first with the speed of a hard break.
"""

from __future__ import annotations

import json

import numpy as np

from carrom.equipment import Seat, opening_formation
from carrom.physics import Strike, simulate
from carrom.web.views import motion_of

BREAKS = [(0.0, 0.0, 6.5), (0.03, 0.02, 6.5), (-0.05, 0.04, 5.0), (0.1, -0.02, 3.0)]


def sampled(shot, fps: int = 30) -> dict:
    """The motion as main sent it until issue 11: positions at 30 fps rounded to 10 µm."""
    frames = shot.sample(fps)
    pos = np.round(np.nan_to_num(frames.positions, nan=0.0), 5)
    data = [[[float(pos[f, b, 0]), float(pos[f, b, 1])] if frames.present[f, b] else None for b in range(pos.shape[1])]
            for f in range(len(frames))]
    return {"fps": fps, "seat": "south", "duration": round(float(shot.duration), 4),
            "kinds": [k.value for k in shot.kinds], "frames": data,
            "pocketed": [{"kind": p.kind.value, "pocket": p.pocket, "time": round(p.time, 4)} for p in shot.pocketed]}


def size(payload: dict) -> int:
    return len(json.dumps(payload, separators=(",", ":")).encode())


def main() -> None:
    print(f"{'along':>6} {'angle':>6} {'speed':>5} {'s':>5} {'events':>6}  {'frames (bytes)':>14}  {'slides (bytes)':>14}")
    for along, angle, speed in BREAKS:
        shot = simulate(opening_formation(), Strike.from_seat(Seat.SOUTH, along, angle, speed))
        print(f"{along:6.2f} {angle:6.2f} {speed:5.1f} {shot.duration:5.2f} {shot.n_events:6d}  "
              f"{size(sampled(shot)):14d}  {size(motion_of(shot, 'south')):14d}")


if __name__ == "__main__":
    main()
