"""Measured tracks (time, disc, x, y in metres on the board) and the shots they hold.

A tracks file is CSV with a header naming at least ``time``, ``disc``, ``x`` and ``y`` (any order;
``kind``, ``striker`` or ``coin``, is optional): one row per disc per frame, seconds and metres in the
board frame (origin at the centre, +y north; docs/architecture.md). ``carrom track`` writes one.

``shots`` cuts the tracks into shots: a shot is the time from the first disc setting off until every
disc has rested; shots are told apart by at least ``REST_BETWEEN`` seconds of rest. The disc that sets
off first is the struck one; the others wait where they rest before it.
"""

from __future__ import annotations

import csv
import math
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from carrom.calibrate.errors import TracksError

COLUMNS = ("time", "disc", "x", "y")
KINDS = ("striker", "coin")
MOVING_SPEED = 0.05
"""m/s: a disc faster than this (over ``SPEED_WINDOW``) is moving; measurement noise of a millimetre
at 60 frames a second reads about 0.01 m/s."""
SPEED_WINDOW = 0.05
"""Seconds each side of a sample over which the speed that says "moving" is measured."""
REST_BETWEEN = 0.5
"""Seconds: every disc at rest this long ends a shot (and starts the wait for the next)."""
REST_KEPT = 0.25
"""Seconds of rest kept at the end of each shot: where the discs stopped is measured too."""
SET_OFF_DISTANCE = 0.002
"""Metres: the least distance from its rest at which the struck disc has set off (more when the tracks are noisier)."""
NOISE_SIGMAS = 4.0
"""How many of the tracker's standard deviations a disc must move to be moving (once in 3,000 by chance)."""


@dataclass(frozen=True)
class Track:
    """One disc's samples, in time order."""

    disc: str
    kind: str | None
    t: np.ndarray
    xy: np.ndarray  # (n, 2)


def read_tracks(path: Path | str) -> dict[str, Track]:
    """The tracks in a CSV file, by disc; ``TracksError`` naming the row and column of a bad value."""
    path = Path(path)
    try:
        handle = path.open(newline="", encoding="utf-8")
    except FileNotFoundError:
        raise TracksError(f"{path}: no such file") from None
    except OSError as exc:
        raise TracksError(f"{path}: cannot be read ({exc.strerror or exc})") from None
    with handle:
        reader = csv.DictReader(handle)
        header = [h.strip() for h in (reader.fieldnames or [])]
        missing = [c for c in COLUMNS if c not in header]
        if missing:
            raise TracksError(f"{path}: the header lacks the column{'s' if len(missing) > 1 else ''} "
                              f"{', '.join(missing)} (it needs {', '.join(COLUMNS)}; found {', '.join(header) or 'none'})")
        reader.fieldnames = header
        rows: dict[str, list[tuple[float, float, float]]] = {}
        kinds: dict[str, str | None] = {}
        for line, row in enumerate(reader, start=2):
            values = []
            for column in ("time", "x", "y"):
                text = (row.get(column) or "").strip()
                try:
                    v = float(text)
                except ValueError:
                    raise TracksError(f"{path}: row {line}, column {column}: {text!r} is not a number") from None
                if not math.isfinite(v):
                    raise TracksError(f"{path}: row {line}, column {column}: {text!r} is not a finite number")
                values.append(v)
            disc = (row.get("disc") or "").strip()
            if not disc:
                raise TracksError(f"{path}: row {line}, column disc: empty (name the disc the row follows)")
            kind = (row.get("kind") or "").strip() or None
            if kind is not None and kind not in KINDS:
                raise TracksError(f"{path}: row {line}, column kind: {kind!r} is not one of {', '.join(KINDS)}")
            rows.setdefault(disc, []).append((values[0], values[1], values[2]))
            kinds[disc] = kind or kinds.get(disc)
    if not rows:
        raise TracksError(f"{path}: no rows after the header")
    tracks = {}
    for disc, samples in rows.items():
        a = np.array(sorted(samples))
        if np.any(np.diff(a[:, 0]) <= 0):
            raise TracksError(f"{path}: disc {disc} has two rows at one time {a[np.argmin(np.diff(a[:, 0])), 0]:g} s")
        tracks[disc] = Track(disc, kinds[disc], a[:, 0], a[:, 1:])
    return tracks


def write_tracks(path: Path | str, tracks: dict[str, Track]) -> None:
    """Write tracks as ``read_tracks`` reads them, rows in time order."""
    rows = sorted((t, disc, x, y, tr.kind or "") for disc, tr in tracks.items() for t, (x, y) in zip(tr.t, tr.xy))
    with Path(path).open("w", newline="", encoding="utf-8") as handle:
        out = csv.writer(handle)
        out.writerow((*COLUMNS, "kind"))
        for t, disc, x, y, kind in rows:
            out.writerow((f"{t:.6f}", disc, f"{x:.5f}", f"{y:.5f}", kind))


@dataclass(frozen=True)
class Shot:
    """One shot as measured: the struck disc and the resting discs it may meet, and every sample of
    them from ``t0`` (the struck disc already moving) until all rest."""

    number: int
    struck: str
    t0: float
    start: tuple[float, float]  # the struck disc at t0, as measured
    velocity: tuple[float, float]  # its velocity at t0, estimated from the first samples
    resting: dict[str, tuple[float, float]]  # the other discs, where they rest before the shot
    samples: dict[str, tuple[np.ndarray, np.ndarray]]  # disc -> (times - t0, positions)
    kinds: dict[str, str | None]

    @property
    def discs(self) -> tuple[str, ...]:
        return (self.struck, *self.resting)

    @property
    def n_samples(self) -> int:
        return sum(len(t) for t, _ in self.samples.values())


def noise(track: Track) -> float:
    """Metres: the tracker's scatter on one coordinate, read from the second differences of the samples
    (a sliding disc's own are a fraction of a millimetre at 60 frames a second; the median ignores impacts)."""
    if len(track.t) < 5:
        return 0.0
    d2 = track.xy[2:] - 2 * track.xy[1:-1] + track.xy[:-2]
    return float(np.median(np.abs(d2)) / 0.6745 / math.sqrt(6.0))


def _moving(track: Track) -> np.ndarray:
    t, xy = track.t, track.xy
    out = np.zeros(len(t), dtype=bool)
    if len(t) < 3:
        return out
    lo = np.searchsorted(t, t - SPEED_WINDOW)
    hi = np.minimum(np.searchsorted(t, t + SPEED_WINDOW, side="right") - 1, len(t) - 1)
    span = t[hi] - t[lo]
    ok = span > SPEED_WINDOW  # a window cut short by the track's ends is too noisy to say
    speed = np.zeros(len(t))
    speed[ok] = np.hypot(*(xy[hi[ok]] - xy[lo[ok]]).T) / span[ok]
    # moving: faster than MOVING_SPEED and than the tracker's noise could make a resting disc seem
    threshold = np.maximum(MOVING_SPEED, NOISE_SIGMAS * math.sqrt(2.0) * noise(track) / np.maximum(span, 1e-9))
    out = speed > threshold
    # a flicker of noise is not a shot: moving means moving for a whole window
    idx = np.flatnonzero(out)
    if len(idx):
        breaks = np.flatnonzero(np.diff(idx) > 1)
        for a, b in zip(np.r_[0, breaks + 1], np.r_[breaks, len(idx) - 1]):
            if t[idx[b]] - t[idx[a]] < SPEED_WINDOW:
                out[idx[a]: idx[b] + 1] = False
    return out


def _intervals(tracks: dict[str, Track]) -> list[tuple[float, float]]:
    spans = []
    for tr in tracks.values():
        m = _moving(tr)
        idx = np.flatnonzero(m)
        if not len(idx):
            continue
        breaks = np.flatnonzero(np.diff(idx) > 1)
        for a, b in zip(np.r_[0, breaks + 1], np.r_[breaks, len(idx) - 1]):
            spans.append((float(tr.t[idx[a]]), float(tr.t[idx[b]])))
    spans.sort()
    merged: list[list[float]] = []
    for a, b in spans:
        if merged and a - merged[-1][1] < REST_BETWEEN:
            merged[-1][1] = max(merged[-1][1], b)
        else:
            merged.append([a, b])
    return [(a, b) for a, b in merged]


def _set_off(struck: Track, first: float, a: float, b: float) -> tuple[int, tuple[float, float], int] | None:
    """Where the shot starts: the struck disc's last sample at rest (its index and the median rest
    position), and the index of its first sample away from it. A brisk cut meets its coin a frame or
    two after setting off, so the shot must start before the disc moves, not once it is surely sliding;
    the fit's start (free) absorbs the moment within the frame. ``None`` when it cannot be told."""
    before = (struck.t >= a - REST_BETWEEN) & (struck.t <= first - SPEED_WINDOW)
    if not before.any():  # seen only once moving: its first sample a speed window on is surely sliding free
        after = np.flatnonzero(struck.t >= first + 2 * SPEED_WINDOW)
        if len(after) < 4:
            return None
        i0 = int(after[0])
        return i0, (float(struck.xy[i0, 0]), float(struck.xy[i0, 1])), i0
    rest = np.median(struck.xy[before], axis=0)
    away = np.hypot(*(struck.xy - rest).T) > max(SET_OFF_DISTANCE, NOISE_SIGMAS * noise(struck))
    away &= (struck.t > struck.t[np.flatnonzero(before)[-1]]) & (struck.t <= b)
    if np.count_nonzero(away) < 4:
        return None
    own_from = int(np.argmax(away))
    return own_from - 1, (float(rest[0]), float(rest[1])), own_from


def shots(tracks: dict[str, Track], source: str = "the tracks") -> list[Shot]:
    """The shots in ``tracks``, in time order; ``TracksError`` if there is none."""
    found = []
    spans = _intervals(tracks)
    for number, (a, b) in enumerate(spans, start=1):
        # the struck disc: the one that sets off first
        first: tuple[float, str] | None = None
        for disc, tr in tracks.items():
            m = _moving(tr) & (tr.t >= a) & (tr.t <= b)
            if m.any():
                ts = float(tr.t[np.argmax(m)])
                if first is None or ts < first[0]:
                    first = (ts, disc)
        assert first is not None
        struck = tracks[first[1]]
        set_off = _set_off(struck, first[0], a, b)
        if set_off is None:
            continue
        i0, start, own_from = set_off
        t0 = float(struck.t[i0])
        end = b + REST_KEPT
        if number < len(spans):
            end = min(end, spans[number][0])
        j = slice(own_from, min(own_from + 2, len(struck.t)))
        tt, pp = struck.t[j] - t0, struck.xy[j]
        velocity = tuple(float(v) for v in np.polyfit(tt, pp, 1)[0]) if len(tt) >= 2 else (0.0, 0.0)
        resting, samples, kinds = {}, {}, {}
        for disc, tr in tracks.items():
            inside = (tr.t >= t0) & (tr.t <= end)
            if disc == struck.disc:
                inside &= np.arange(len(tr.t)) >= own_from
                samples[disc] = (tr.t[inside] - t0, tr.xy[inside])
                kinds[disc] = tr.kind
                continue
            before = (tr.t >= a - REST_BETWEEN) & (tr.t <= a)
            if not before.any():  # first seen as the shot began: its first samples, before anything reaches it
                before = (tr.t >= a - REST_BETWEEN) & (tr.t <= t0)
            if not before.any() or not inside.any():
                continue  # not on the board when the shot began, or gone before it
            resting[disc] = tuple(float(v) for v in np.median(tr.xy[before], axis=0))
            samples[disc] = (tr.t[inside] - t0, tr.xy[inside])
            kinds[disc] = tr.kind
        found.append(Shot(len(found) + 1, struck.disc, t0, start, velocity, resting, samples, kinds))
    if not found:
        raise TracksError(f"{source}: no shot found (no disc moves faster than {MOVING_SPEED} m/s for long enough)")
    return found
