"""Films of shots the engine plays with known parameters: the test of ``track`` then ``calibrate``.

``PROTOCOL`` is the set of shots docs/calibration.md asks a club to film (lone slides, cushion rebounds,
cut shots at several angles and speeds); ``film`` plays them one after another, with a still board
between them as a real film has, and ``render_video`` draws the film as an overhead camera held a
little off square would see it (perspective, blur, sensor noise, JPEG compression).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

from carrom.calibrate.tracks import Track
from carrom.equipment.layout import Disc, Layout, PieceKind
from carrom.equipment.spec import CARROMMAN, STANDARD_BOARD, STRIKER
from carrom.physics import PhysicsParams, Strike, simulate

HALF = STANDARD_BOARD.half


@dataclass(frozen=True)
class FilmedShot:
    """A shot to film: the coins at rest and the strike."""

    coins: tuple[tuple[float, float], ...]
    strike: Strike


def cut(coin: tuple[float, float], heading: float, angle_deg: float, speed: float, run: float = 0.22) -> FilmedShot:
    """The striker sent at ``speed`` along ``heading`` (rad) from ``run`` metres short of the coin, offset so
    it meets the coin at a cut of ``angle_deg`` (0: full)."""
    ux, uy = math.cos(heading), math.sin(heading)
    b = (STRIKER.radius + CARROMMAN.radius) * math.sin(math.radians(angle_deg))
    x = coin[0] - run * ux - b * uy
    y = coin[1] - run * uy + b * ux
    return FilmedShot((coin,), Strike(x, y, heading, speed))


PROTOCOL: tuple[FilmedShot, ...] = (
    FilmedShot((), Strike(-0.20, -0.25, math.radians(30), 1.0)),  # lone slides
    FilmedShot((), Strike(0.25, -0.10, math.pi, 0.9)),
    FilmedShot((), Strike(0.0, -0.20, math.pi / 2, 1.3)),  # straight into the north cushion
    FilmedShot((), Strike(-0.10, -0.10, math.radians(20), 1.3)),  # the east cushion at a slant
    cut((0.0, 0.05), math.radians(80), 25, 1.5),  # cut shots
    cut((0.05, 0.0), math.radians(10), 45, 1.2),
    cut((-0.05, 0.05), math.radians(100), 60, 1.6),
    cut((0.0, -0.05), math.radians(-80), 40, 0.8),
)


@dataclass(frozen=True)
class Film:
    """Frames of a filmed session: ``frames[f]`` the discs on the board (kind, x, y) at ``times[f]``, and
    the true tracks (one disc per shot and role, so ``carrom track``'s numbering need not match)."""

    times: np.ndarray
    frames: tuple[tuple[tuple[str, float, float], ...], ...]
    tracks: dict[str, Track]


def film(shots: tuple[FilmedShot, ...], params: PhysicsParams, fps: float = 120.0, still: float = 0.6,
         empty: float = 0.5) -> Film:
    """The shots played under ``params`` one after another: ``empty`` seconds of the empty board first, then
    each shot with ``still`` seconds of its discs at rest before and after."""
    dt = 1.0 / fps
    times: list[float] = []
    frames: list[tuple] = []
    samples: dict[str, list] = {}
    kinds: dict[str, str] = {}
    t = 0.0
    for _ in range(int(round(empty * fps))):
        times.append(t)
        frames.append(())
        t += dt
    for k, shot in enumerate(shots, start=1):
        layout = Layout(tuple(Disc(PieceKind.BLACK, x, y) for x, y in shot.coins))
        result = simulate(layout, shot.strike, params)
        names = [f"s{k}c{j}" for j in range(len(shot.coins))] + [f"s{k}striker"]
        for j, name in enumerate(names):
            kinds[name] = "striker" if j == len(shot.coins) else "coin"
        local = np.arange(-still, result.duration + still, dt)
        pos, _vel, present = result.state_at(np.maximum(local, 0.0))
        for f, tl in enumerate(local):
            on = []
            for j, name in enumerate(names):
                if present[f, j]:
                    x, y = pos[f, j]
                    on.append((kinds[name], float(x), float(y)))
                    samples.setdefault(name, []).append((t, float(x), float(y)))
            times.append(t)
            frames.append(tuple(on))
            t += dt
    tracks = {n: Track(n, kinds[n], np.array([s[0] for s in v]), np.array([s[1:] for s in v]))
              for n, v in samples.items()}
    return Film(np.array(times), tuple(frames), tracks)


def noisy(tracks: dict[str, Track], sigma: float, seed: int = 0) -> dict[str, Track]:
    """The tracks with Gaussian noise of ``sigma`` metres on every coordinate."""
    rng = np.random.default_rng(seed)
    return {n: Track(n, tr.kind, tr.t, tr.xy + rng.normal(0.0, sigma, tr.xy.shape)) for n, tr in tracks.items()}


# -- the camera -------------------------------------------------------------------------------------------------

BOARD_BGR = (150, 200, 228)  # lacquered plywood
FRAME_BGR = (40, 70, 110)
TABLE_BGR = (60, 60, 60)
POCKET_BGR = (25, 25, 25)
DISC_BGR = {"striker": (235, 235, 240), "coin": (35, 35, 45)}
FRAME_WIDTH = 0.07  # metres of wooden frame around the playing surface


@dataclass(frozen=True)
class Camera:
    """Where the playing surface's corners fall in the picture (south-west, south-east, north-east,
    north-west: the board seen with south at the bottom), the picture's size, and its faults."""

    corners: tuple[tuple[float, float], ...] = ((52.0, 300.0), (356.0, 292.0), (330.0, 24.0), (70.0, 34.0))
    size: tuple[int, int] = (400, 320)  # width, height
    blur: float = 0.8  # pixels (Gaussian sigma)
    noise: float = 3.0  # grey levels (Gaussian sigma)

    def homography(self, scale: float, margin: float) -> np.ndarray:
        """From a square drawing of the board (``scale`` pixels a metre, ``margin`` metres round the
        playing surface) to the picture."""
        lo, hi = margin * scale, (margin + 2 * HALF) * scale
        src = np.float32([(lo, hi), (hi, hi), (hi, lo), (lo, lo)])
        return cv2.getPerspectiveTransform(src, np.float32(self.corners))


def _board_drawing(scale: float, margin: float):
    side = int(round((2 * HALF + 2 * margin) * scale))
    img = np.full((side, side, 3), TABLE_BGR, np.uint8)

    def px(x: float, y: float) -> tuple[int, int]:
        return int(round((margin + HALF + x) * scale * 16)), int(round((margin + HALF - y) * scale * 16))

    f = HALF + FRAME_WIDTH
    cv2.rectangle(img, px(-f, f), px(f, -f), FRAME_BGR, -1, cv2.LINE_AA, 4)
    (x0, y0), (x1, y1) = px(-HALF, HALF), px(HALF, -HALF)  # a filled pixel reaches half a pixel past its centre
    cv2.rectangle(img, (x0 + 8, y0 + 8), (x1 - 8, y1 - 8), BOARD_BGR, -1, cv2.LINE_AA, 4)
    c = STANDARD_BOARD.pocket_centre_offset
    for sx in (-1, 1):
        for sy in (-1, 1):
            cv2.circle(img, px(sx * c, sy * c), int(STANDARD_BOARD.pocket_radius * scale * 16), POCKET_BGR, -1,
                       cv2.LINE_AA, 4)
    b = STANDARD_BOARD.baseline_axis_distance
    for s in (-1, 1):  # the baselines, as marks the tracker must ignore
        cv2.line(img, px(-0.24, s * b), px(0.24, s * b), (90, 110, 140), 1, cv2.LINE_AA, 4)
        cv2.line(img, px(s * b, -0.24), px(s * b, 0.24), (90, 110, 140), 1, cv2.LINE_AA, 4)
    return img, px


def render_video(path: Path | str, shots_film: Film, camera: Camera = Camera(), fps: float = 120.0,
                 scale: float = 500.0, seed: int = 0) -> None:
    """Write ``shots_film`` as a video (MJPG in AVI) seen through ``camera``."""
    margin = FRAME_WIDTH + 0.03
    board, px = _board_drawing(scale, margin)
    h = camera.homography(scale, margin)
    rng = np.random.default_rng(seed)
    bank = [rng.normal(0.0, camera.noise, (camera.size[1], camera.size[0], 3)).astype(np.int16) for _ in range(7)]
    out = cv2.VideoWriter(str(path), cv2.VideoWriter_fourcc(*"MJPG"), fps, camera.size)
    if not out.isOpened():  # pragma: no cover - OpenCV built without its own MJPG writer
        raise RuntimeError(f"OpenCV cannot write {path}")
    try:
        for frame in shots_film.frames:
            img = board.copy()
            for kind, x, y in frame:
                r = (STRIKER if kind == "striker" else CARROMMAN).radius
                cv2.circle(img, px(x, y), int(round(r * scale * 16)), DISC_BGR[kind], -1, cv2.LINE_AA, 4)
            pic = cv2.warpPerspective(img, h, camera.size, flags=cv2.INTER_LINEAR)
            if camera.blur > 0:
                pic = cv2.GaussianBlur(pic, (0, 0), camera.blur)
            if camera.noise > 0:  # sensor noise, from a bank of seven frames of it (drawing it anew is slow)
                pic = np.clip(pic + bank[int(rng.integers(len(bank)))], 0, 255).astype(np.uint8)
            out.write(pic)
    finally:
        out.release()
