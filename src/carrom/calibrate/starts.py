"""Where each shot starts, guessed from its first samples: the struck disc's position and velocity at
``t0``, the point from which ``carrom.calibrate.fit`` improves on them. A guess that misses the coin
or starts inside it leaves the fit nothing to follow, so the brisk cut (its impact a frame or two after
the set-off) gets its own guess from the discs' centre of mass.
"""

from __future__ import annotations

import math

import numpy as np
from scipy.optimize import least_squares

from carrom.calibrate.tracks import Shot
from carrom.equipment.spec import CARROMMAN, STANDARD_BOARD, STRIKER

FREE_SLIDE = 0.3
"""Seconds: at most this much of a shot's start is used to guess the struck disc's state at ``t0``."""
CLEARANCE = 0.01
"""Metres: the struck disc is sliding free while its edge is farther than this from any disc or cushion."""


def _slide_fit(t: np.ndarray, xy: np.ndarray, guess, deceleration: float) -> tuple[float, float, float, float]:
    """The position and velocity at time 0 of a straight slide slowing by ``deceleration`` through ``xy``."""

    def residuals(state):
        x0, y0, vx, vy = state
        speed = math.hypot(vx, vy) or 1e-9
        run = np.minimum(t, speed / deceleration)
        d = speed * run - 0.5 * deceleration * run ** 2
        return np.concatenate([x0 + vx / speed * d - xy[:, 0], y0 + vy / speed * d - xy[:, 1]])

    return tuple(float(v) for v in least_squares(residuals, list(guess)).x)


def free_start(shot: Shot, deceleration: float) -> tuple[float, float, float, float]:
    """The struck disc's position and velocity at ``t0`` fitted to its first samples, while it slides
    free (straight, slowing by ``deceleration``): the start the whole fit improves on. A brisk cut meets
    its coin within a frame or two, too soon for that: then the discs' centre of mass, which the impact
    does not change, gives the start (``_momentum_start``)."""
    t, xy = shot.samples[shot.struck]
    free = (t <= FREE_SLIDE) & _clear_of_cushions(xy)
    for x, y in shot.resting.values():
        free &= np.hypot(xy[:, 0] - x, xy[:, 1] - y) > STRIKER.radius + CLEARANCE + CARROMMAN.radius
    n = int(np.argmin(free)) if not free.all() else len(free)  # the samples before it first comes near anything
    if n >= 3:
        return _slide_fit(t[:n], xy[:n], (*shot.start, *shot.velocity), deceleration)
    return _momentum_start(shot, deceleration)


def _clear_of_cushions(xy: np.ndarray) -> np.ndarray:
    """Which samples are far enough from every cushion that the disc cannot meet one before the next
    sample (a brisk disc travels centimetres between frames: it may have bounced unseen)."""
    step = np.r_[np.hypot(*np.diff(xy, axis=0).T), 0.0] if len(xy) else np.zeros(0)
    return (np.abs(xy) + step[:, None] <= STANDARD_BOARD.half - STRIKER.radius - CLEARANCE).all(axis=1)


def _momentum_start(shot: Shot, deceleration: float) -> tuple[float, float, float, float]:
    """The struck disc's start from the centre of mass of every disc of the shot, which slides on through
    their impacts as the struck disc alone would (momentum is kept), until a disc nears a cushion."""
    t, xy = shot.samples[shot.struck]
    striker, coin = STRIKER.mass.value, CARROMMAN.mass.value
    total = striker + coin * len(shot.resting)
    centre = striker * xy
    clear = (t <= FREE_SLIDE) & _clear_of_cushions(xy)
    for disc, rest in shot.resting.items():
        tc, pc = shot.samples[disc]
        at = np.column_stack([np.interp(t, tc, pc[:, k], left=rest[k]) for k in (0, 1)])
        centre = centre + coin * at
        clear &= _clear_of_cushions(at)
    n = int(np.argmin(clear)) if not clear.all() else len(clear)
    if n < 2:
        return (*shot.start, *shot.velocity)
    rests = np.sum(list(shot.resting.values()), axis=0) if shot.resting else np.zeros(2)
    gx, gy, vx, vy = _slide_fit(t[:n], centre[:n] / total,
                                (*shot.start, *(np.array(shot.velocity) * striker / total)), deceleration)
    x0, y0 = (total * np.array([gx, gy]) - coin * rests) / striker
    return float(x0), float(y0), vx * total / striker, vy * total / striker


def clear_start(shot: Shot, state) -> tuple[float, float, float, float]:
    """``state`` with its position moved back along its path until the struck disc overlaps no resting
    disc (noise, or a start measured a frame late, can put it a few millimetres into the coin it meets)."""
    x0, y0, vx, vy = state
    speed = math.hypot(vx, vy)
    if not speed:
        return state
    ux, uy = vx / speed, vy / speed
    reach = STRIKER.radius + CARROMMAN.radius + 1e-4
    for _ in range(len(shot.resting) + 1):
        moved = False
        for x, y in shot.resting.values():
            dx, dy = x0 - x, y0 - y
            if math.hypot(dx, dy) < reach:  # back by s along u until |d - s u| = reach
                along = dx * ux + dy * uy
                s = along + math.sqrt(max(along * along - (dx * dx + dy * dy - reach * reach), 0.0))
                x0, y0, moved = x0 - s * ux, y0 - s * uy, True
        if not moved:
            break
    return x0, y0, vx, vy
