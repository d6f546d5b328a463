"""Tracks from an overhead film of the board (OpenCV).

1. The playing surface's four corners: given, or found in the first frame as the largest bright
   four-sided region (its sides fitted as lines, so the pockets cutting its corners do not matter).
   They are taken south-west, south-east, north-east, north-west: the board filmed with south at the
   bottom of the picture.
2. Every frame rectified to the board (a perspective transform to metres on the board).
3. The discs: what differs from the empty board (the median of the film's first ``empty`` seconds,
   which the protocol asks to be the empty board), as blobs of a disc's size; each blob's centre is
   its centre of mass weighted by how much it differs, to a fraction of a pixel. A blob of two discs
   touching is skipped for that frame.
4. Followed frame to frame: each track's next position predicted at its last velocity, blobs given to
   tracks by least total distance (Hungarian assignment, ``scipy.optimize.linear_sum_assignment``),
   the striker and the coins told apart by size; a track not seen for ``MISSED_FRAMES`` ends.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np
from scipy.optimize import linear_sum_assignment

from carrom.calibrate.errors import TrackingError
from carrom.calibrate.tracks import Track
from carrom.equipment.spec import CARROMMAN, STANDARD_BOARD, STRIKER

HALF = STANDARD_BOARD.half
MISSED_FRAMES = 12
"""A track not matched this many frames running has ended (left the board, or another film's disc)."""
GATE = 0.04
"""Metres: the farthest a blob may lie from a track's predicted position and still be that disc."""
MIN_SAMPLES = 5


@dataclass(frozen=True)
class Tracking:
    """What ``track_video`` found: the tracks and what it saw them on."""

    tracks: dict[str, Track]
    corners: tuple[tuple[float, float], ...]
    fps: float
    frames: int
    background: np.ndarray  # the rectified empty board (BGR)
    scale: float  # its pixels a metre


def parse_corners(text: str) -> tuple[tuple[float, float], ...]:
    """``x1,y1,...,x4,y4`` (pixels) as four points; ``TrackingError`` naming what is wrong."""
    parts = [p.strip() for p in text.split(",")]
    if len(parts) != 8:
        raise TrackingError(f"--corners needs 8 numbers (x,y of the south-west, south-east, north-east and "
                            f"north-west corners of the playing surface), got {len(parts)}")
    try:
        values = [float(p) for p in parts]
    except ValueError:
        bad = next(p for p in parts if not _is_number(p))
        raise TrackingError(f"--corners: {bad!r} is not a number") from None
    if not all(math.isfinite(v) for v in values):
        raise TrackingError("--corners: every number must be finite")
    return tuple((values[i], values[i + 1]) for i in range(0, 8, 2))


def _is_number(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True


def check_corners(corners, size: tuple[int, int], source: str) -> None:
    width, height = size
    names = ("south-west", "south-east", "north-east", "north-west")
    for name, (x, y) in zip(names, corners):
        if not (0 <= x <= width - 1 and 0 <= y <= height - 1):
            raise TrackingError(f"{source}: the {name} corner ({x:g}, {y:g}) lies outside the frame "
                                f"({width}x{height} pixels)")
    quad = np.float32(corners)
    if not cv2.isContourConvex(quad) or abs(cv2.contourArea(quad)) < 0.01 * width * height:
        raise TrackingError(f"{source}: the corners {corners} do not make a convex four-sided board "
                            f"(give them south-west, south-east, north-east, north-west)")


def find_corners(frame: np.ndarray, source: str) -> tuple[tuple[float, float], ...]:
    """The playing surface's corners in ``frame``: the largest bright four-sided region, its sides fitted
    as lines and crossed; ``TrackingError`` if there is none."""
    grey = cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY)
    grey = cv2.GaussianBlur(grey, (5, 5), 0)
    _t, mask = cv2.threshold(grey, 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    contours, _h = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    if not contours:
        raise TrackingError(f"{source}: no board found in the first frame; give --corners")
    contour = max(contours, key=cv2.contourArea)
    height, width = grey.shape
    if cv2.contourArea(contour) < 0.05 * width * height or float(grey.std()) < 5.0:
        raise TrackingError(f"{source}: no board found in the first frame (nothing bright and large); give --corners")
    x, y, w, h = cv2.boundingRect(contour)
    if x <= 0 or y <= 0 or x + w >= width or y + h >= height:
        raise TrackingError(f"{source}: no board found in the first frame (the bright region reaches the picture's "
                            f"edge: film the whole board with a margin round it, or give --corners)")
    hull = cv2.convexHull(contour)
    quad = None
    for eps in np.linspace(0.01, 0.1, 19):
        approx = cv2.approxPolyDP(hull, eps * cv2.arcLength(hull, True), True)
        if len(approx) == 4:
            quad = approx.reshape(4, 2).astype(np.float64)
            break
    if quad is None:
        raise TrackingError(f"{source}: the board's outline is not four-sided in the first frame; give --corners")
    # each side as a line fitted to the outline's points along its middle (clear of the pockets)
    points = contour.reshape(-1, 2).astype(np.float64)
    lines = []
    for i in range(4):
        a, b = quad[i], quad[(i + 1) % 4]
        # the quadrilateral's vertices sit on the cut corners, so its sides lie a little inside the true ones:
        # take the outline's points along the middle of a side within a wide band, then refit to those near
        # the first line
        line = (a, (b - a) / float(np.hypot(*(b - a))))
        for band in (0.08, None):
            p, u = line
            rel = points - p
            along = rel @ u
            across = np.abs(rel @ np.array([-u[1], u[0]]))
            length = float(np.hypot(*(b - a)))
            start = float((a - p) @ u)
            keep = (along > start + 0.2 * length) & (along < start + 0.8 * length)
            keep &= across < (band * length if band else 2.5)
            near = points[keep]
            if len(near) < 2:
                break
            vx, vy, x0, y0 = cv2.fitLine(near.astype(np.float32), cv2.DIST_HUBER, 0, 0.01, 0.01).ravel()
            line = (np.array([x0, y0], dtype=np.float64), np.array([vx, vy], dtype=np.float64))
        lines.append(line)
    corners = []
    for i in range(4):
        (p, u), (q, v) = lines[i - 1], lines[i]
        s = np.linalg.solve(np.array([u, -v]).T, q - p)
        corners.append(p + s[0] * u)
    corners = np.array(corners)
    # order: south-west (bottom-left in the picture), then round the board anticlockwise as seen from above
    centre = corners.mean(axis=0)
    angle = np.arctan2(-(corners[:, 1] - centre[1]), corners[:, 0] - centre[0])  # picture y points down
    corners = corners[np.argsort(angle)]  # from -pi: bottom-left, bottom-right, top-right, top-left
    return tuple((float(x), float(y)) for x, y in corners)


def _open(path: Path) -> cv2.VideoCapture:
    if not path.is_file():
        raise TrackingError(f"{path}: no such file")
    capture = cv2.VideoCapture(str(path))
    if not capture.isOpened():
        raise TrackingError(f"{path}: cannot be opened as a video (OpenCV reads AVI, MP4, MOV and others)")
    return capture


def track_video(path: Path | str, corners=None, fps: float | None = None, empty: float = 0.5,
                scale: float = 400.0, progress=None) -> Tracking:
    """The tracks of the discs in the film at ``path``; ``TrackingError`` naming what is wrong.

    ``corners``: the playing surface's corners in pixels (south-west, south-east, north-east, north-west),
    else found. ``fps``: the film's true frame rate (a phone's slow motion often claims 30), else the file's.
    ``empty``: seconds at the start showing the empty board. ``scale``: pixels a metre of the rectified board.
    ``progress(done, total)``, when given, is called after every frame (``total`` the file's frame count, 0
    when it does not say), so a caller can show how far the tracking is.
    """
    path = Path(path)
    capture = _open(path)
    try:
        ok, first = capture.read()
        if not ok:
            raise TrackingError(f"{path}: cannot be opened as a video (no frame could be read)")
        height, width = first.shape[:2]
        rate = fps or capture.get(cv2.CAP_PROP_FPS)
        if not rate or not math.isfinite(rate) or rate <= 0:
            raise TrackingError(f"{path}: the file gives no frame rate; give --fps")
        if corners is None:
            corners = find_corners(first, str(path))
        check_corners(corners, (width, height), str(path))
        side = int(round(2 * HALF * scale))
        dst = np.float32([(0, side), (side, side), (side, 0), (0, 0)])
        warp = cv2.getPerspectiveTransform(np.float32(corners), dst)

        def rectify(frame):
            return cv2.warpPerspective(frame, warp, (side, side), flags=cv2.INTER_LINEAR)

        frames = [first]
        empty_frames = max(1, int(round(empty * rate)))
        while len(frames) < empty_frames:
            ok, frame = capture.read()
            if not ok:
                break
            frames.append(frame)
        background = np.median(np.stack([rectify(f) for f in frames[:: max(1, len(frames) // 15)]]), axis=0)
        background = background.round().astype(np.uint8)
        follower = _Follower(1.0 / rate)
        total = max(int(capture.get(cv2.CAP_PROP_FRAME_COUNT) or 0), 0)
        tick = progress or (lambda done, total: None)
        index = 0
        pending = frames[1:] if empty_frames > 1 else []
        follower.step(index, _blobs(rectify(first), background, scale))
        tick(1, total)
        for frame in pending:
            index += 1
            follower.step(index, _blobs(rectify(frame), background, scale))
            tick(index + 1, total)
        while True:
            ok, frame = capture.read()
            if not ok:
                break
            index += 1
            follower.step(index, _blobs(rectify(frame), background, scale))
            tick(index + 1, total)
    finally:
        capture.release()
    return Tracking(follower.tracks(1.0 / rate), tuple(corners), float(rate), index + 1,
                    background, scale)


def _blobs(rect: np.ndarray, background: np.ndarray, scale: float) -> list[tuple[float, float, float]]:
    """(x, y, area) of each disc-sized blob that differs from the empty board: metres, square metres."""
    diff = cv2.transform(cv2.absdiff(rect, background), np.ones((1, 3), np.float32))  # summed over the colours
    mask = cv2.threshold(diff, 60.0, 1.0, cv2.THRESH_BINARY)[1].astype(np.uint8)
    mask = cv2.morphologyEx(mask, cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))
    count, labels, stats, _centroids = cv2.connectedComponentsWithStats(mask, connectivity=8)
    coin = math.pi * (CARROMMAN.radius * scale) ** 2
    striker = math.pi * (STRIKER.radius * scale) ** 2
    found = []
    for k in range(1, count):
        x, y, w, h, area = stats[k]
        if area < 0.4 * coin or area > 3.0 * striker:
            continue  # a speck, or more than two discs' worth (a hand)
        window = (slice(y, y + h), slice(x, x + w))
        inside = labels[window] == k
        d = np.where(inside, diff[window], 0.0)
        peak = float(np.percentile(d[inside], 95))
        half = d > 0.5 * peak  # a blurred edge is at half the disc's contrast: this area is the disc's own
        size = float(half.sum())
        if size < 0.5 * coin or size > 1.35 * striker:
            continue  # a speck, or two discs touching (skipped this frame)
        weight = np.minimum(d, peak)
        total = weight.sum()
        ys, xs = np.mgrid[y: y + h, x: x + w]
        cx = float((weight * xs).sum() / total)
        cy = float((weight * ys).sum() / total)
        cxx = float((weight * (xs - cx) ** 2).sum() / total)
        cyy = float((weight * (ys - cy) ** 2).sum() / total)
        cxy = float((weight * (xs - cx) * (ys - cy)).sum() / total)
        spread = math.hypot(cxx - cyy, 2 * cxy)
        if spread > 0.2 * (cxx + cyy):
            continue  # not round: two discs touching, or a finger
        found.append((cx / scale - HALF, HALF - cy / scale, size / scale ** 2))
    return found


class _Follower:
    """Tracks grown frame by frame from the blobs."""

    def __init__(self, dt: float):
        self.dt = dt
        self.live: list[dict] = []
        self.done: list[dict] = []

    def step(self, frame: int, blobs) -> None:
        predicted = []
        for tr in self.live:
            (f1, x1, y1), gap = tr["samples"][-1], frame - tr["samples"][-1][0]
            vx, vy = tr["v"]
            predicted.append((x1 + vx * gap * self.dt, y1 + vy * gap * self.dt))
        used = set()
        if self.live and blobs:
            cost = np.full((len(self.live), len(blobs)), 1e3)
            for i, (px, py) in enumerate(predicted):
                for j, (bx, by, area) in enumerate(blobs):
                    d = math.hypot(bx - px, by - py)
                    if d < GATE:
                        cost[i, j] = d
            rows, cols = linear_sum_assignment(cost)
            for i, j in zip(rows, cols):
                if cost[i, j] >= GATE:
                    continue
                tr = self.live[i]
                f1, x1, y1 = tr["samples"][-1]
                bx, by, area = blobs[j]
                gap = frame - f1
                tr["v"] = ((bx - x1) / (gap * self.dt), (by - y1) / (gap * self.dt))
                tr["samples"].append((frame, bx, by))
                tr["areas"].append(area)
                used.add(j)
        still = []
        for tr in self.live:
            (self.done if frame - tr["samples"][-1][0] > MISSED_FRAMES else still).append(tr)
        self.live = still
        for j, (bx, by, area) in enumerate(blobs):
            if j not in used:
                self.live.append({"samples": [(frame, bx, by)], "areas": [area], "v": (0.0, 0.0)})

    def tracks(self, dt: float) -> dict[str, Track]:
        """The tracks long enough to keep, named by kind and order of appearance. The striker and the coins
        are told apart by size against each other (a dark coin's blurred rim reads larger than a light
        striker's, so the sizes are compared among the discs filmed, not to the laws' radii); discs all of
        one size are of unknown kind."""
        kept = sorted((tr for tr in self.done + self.live if len(tr["samples"]) >= MIN_SAMPLES),
                      key=lambda tr: tr["samples"][0][0])
        areas = [float(np.median(tr["areas"])) for tr in kept]
        ratio = (STRIKER.radius / CARROMMAN.radius) ** 2
        split = math.sqrt(min(areas) * max(areas)) if areas and max(areas) > math.sqrt(ratio) * min(areas) else None
        out = {}
        for tr, area in zip(kept, areas):
            s = np.array(tr["samples"], dtype=np.float64)
            kind = None if split is None else ("striker" if area > split else "coin")
            name = f"{(kind or 'disc')[0]}{len(out) + 1}"
            out[name] = Track(name, kind, s[:, 0] * dt, s[:, 1:])
        return out


TRACK_COLOURS = ((0, 0, 220), (0, 160, 0), (220, 0, 0), (0, 140, 220), (160, 0, 160), (200, 140, 0))


def preview(tracking: Tracking, path: Path | str) -> None:
    """A picture of the tracks drawn on the rectified empty board (PNG, or any format OpenCV writes)."""
    zoom = 2  # the rectified board is about as fine as the film; drawn twice as large, the lines stay thin
    img = cv2.resize(tracking.background, None, fx=zoom, fy=zoom, interpolation=cv2.INTER_LINEAR)
    s = tracking.scale * zoom
    for n, tr in enumerate(tracking.tracks.values()):
        pts = np.column_stack(((tr.xy[:, 0] + HALF) * s, (HALF - tr.xy[:, 1]) * s)).round().astype(np.int32)
        colour = TRACK_COLOURS[n % len(TRACK_COLOURS)]
        cv2.polylines(img, [pts.reshape(-1, 1, 2)], False, colour, 1, cv2.LINE_AA)
        r = (STRIKER if tr.kind == "striker" else CARROMMAN).radius * s
        cv2.circle(img, tuple(int(v) for v in pts[0]), int(round(r)), colour, 1, cv2.LINE_AA)
        cv2.putText(img, tr.disc, tuple(int(v) + 4 for v in pts[0]), cv2.FONT_HERSHEY_SIMPLEX, 0.45, colour, 1,
                    cv2.LINE_AA)
    if not cv2.imwrite(str(path), img):
        raise TrackingError(f"{path}: cannot write the preview there (a .png name in a folder that exists)")
