"""The two pictures of docs/calibration.md, made again: a frame of the protocol's synthetic film
(``PROTOCOL`` at 60 fps) and the preview ``carrom track`` draws of it.

Run: .venv/bin/python benchmarks/calibration_figures.py --film calibration-film.png --preview calibration-preview.png
(scripts/figures runs it with the paths docs/calibration.md shows.)
"""

from __future__ import annotations

import argparse
import tempfile
from pathlib import Path

import cv2

from carrom.calibrate.synthetic import PROTOCOL, Camera, film, render_video
from carrom.calibrate.video import preview, track_video
from carrom.physics import MODELS

FPS = 60.0


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--film", type=Path, required=True, help="where the film's frame goes (PNG)")
    ap.add_argument("--preview", type=Path, required=True, help="where the tracks' preview goes (PNG)")
    args = ap.parse_args(argv)
    for path in (args.film, args.preview):
        if not path.parent.is_dir():
            ap.error(f"--{'film' if path is args.film else 'preview'}: no folder {path.parent}")
    shots = film(PROTOCOL, MODELS["v4"], fps=FPS, still=0.3, empty=0.3)
    with tempfile.TemporaryDirectory() as where:
        video = Path(where) / "protocol.avi"
        render_video(video, shots, Camera(), fps=FPS)
        capture = cv2.VideoCapture(str(video))
        capture.set(cv2.CAP_PROP_POS_FRAMES, int(0.3 * FPS) + 12)  # just after the first shot sets off
        ok, frame = capture.read()
        capture.release()
        if not ok:
            raise SystemExit(f"cannot read a frame back from {video}")
        cv2.imwrite(str(args.film), frame)
        preview(track_video(video, empty=0.3), args.preview)
    print(f"wrote {args.film} and {args.preview}")


if __name__ == "__main__":
    main()
