"""Discs at rest held within what the next stroke accepts: a last positional correction.

Under the simultaneous solver (v2, v3) a pressed pair may rest overlapping by up to
``2 * persistent_overlap`` (docs/physics.md, "persistent contacts"), and the next stroke
accepts that much (``simulation.PLACEMENT_TOLERANCE``). Taking one pair's overlap out
during the motion can press a third disc, and a few shots end a little deeper: a v3 break
from north left two coins 3.45 µm into each other, a layout the next stroke refused. So the
rest positions are corrected once the motion is over: every pair deeper than that limit is
pushed apart along its line of centres, each disc by its share of the inverse mass, to
half the limit, then kept inside the frame; a few sweeps settle a cluster. The moves are of
micrometres and are made to the rest positions only: the event log keeps the motion as
computed (its last positions may differ from the rest positions by those micrometres).

A pressed pair can also hold a disc in a cushion: under v4 a white came to rest 2.8 µm past
the south cushion's line, pressed there by a black it touched (a soak of the server, stroke
108 of a match), deeper than the next stroke accepts, and that stroke was refused. So a
disc past its cushion's line by more than the limit (``beyond_frame``) is put back on the
line first, and the pairs are then held apart as above.
"""

from __future__ import annotations

import math

import numpy as np
from numba import njit

SWEEPS = 20  # Gauss-Seidel sweeps over the pairs too deep; one or two settle any case seen


@njit(cache=True)
def _too_deep(pos, alive, radius, limit) -> bool:
    n = radius.shape[0]
    for i in range(n):
        if not alive[i]:
            continue
        for j in range(i + 1, n):
            if alive[j] and math.hypot(pos[j, 0] - pos[i, 0], pos[j, 1] - pos[i, 1]) - (radius[i] + radius[j]) < -limit:
                return True
    return False


@njit(cache=True)
def _rows_too_deep(pos, alive, radius, limit):
    out = np.zeros(pos.shape[0], dtype=np.bool_)
    for k in range(pos.shape[0]):
        out[k] = _too_deep(pos[k], alive[k], radius, limit)
    return out


def too_deep(pos: np.ndarray, alive: np.ndarray, radius: np.ndarray, limit: float):
    """Whether rest positions ``(n, 2)`` hold a pair overlapping by more than ``limit``; for a batch
    ``(shots, n, 2)``, which shots do (compiled: it runs after every shot and almost always finds none)."""
    if pos.ndim == 2:
        return bool(_too_deep(pos, alive, radius, limit))
    return _rows_too_deep(pos, alive, radius, limit)


def _past_frame(pos: np.ndarray, alive: np.ndarray, radius: np.ndarray, half: float, limit: float) -> np.ndarray:
    """Which discs of rest positions ``(..., n, 2)`` are past their cushion's line by more than ``limit``."""
    with np.errstate(invalid="ignore"):  # the pocketed discs' NaN
        return (np.abs(pos) > (half - radius + limit)[:, None]).any(axis=-1) & alive


def beyond_frame(pos: np.ndarray, alive: np.ndarray, radius: np.ndarray, half: float, limit: float):
    """Whether rest positions ``(n, 2)`` hold a disc past its cushion's line by more than ``limit``; for a batch
    ``(shots, n, 2)``, which shots do."""
    past = _past_frame(pos, alive, radius, half, limit)
    return bool(past.any()) if pos.ndim == 2 else past.any(axis=-1)


def _within_frame(pos: np.ndarray, radius: np.ndarray, half: float, discs) -> None:  # noqa: ANN001
    """Put each of ``discs`` back within the frame (on its cushion's line if past it), as the cushions hold it."""
    for i in discs:
        lim = half - radius[i]
        pos[i, 0] = min(max(pos[i, 0], -lim), lim)
        pos[i, 1] = min(max(pos[i, 1], -lim), lim)


def hold_apart(pos: np.ndarray, alive: np.ndarray, radius: np.ndarray, mass: np.ndarray, limit: float,
               half: float) -> None:
    """Correct one shot's rest positions ``(n, 2)`` in place so no disc is in a cushion and no pair overlaps by more
    than ``limit``."""
    n = len(radius)
    inv = 1.0 / mass
    target = limit / 2
    touched: set[int] = set(np.nonzero(_past_frame(pos, alive, radius, half, limit))[0].tolist())
    _within_frame(pos, radius, half, touched)  # first: the pairs a disc put back then presses are held apart below
    for _ in range(SWEEPS):
        moved = False
        for i in range(n):
            if not alive[i]:
                continue
            for j in range(i + 1, n):
                if not alive[j]:
                    continue
                dx, dy = pos[j, 0] - pos[i, 0], pos[j, 1] - pos[i, 1]
                dist = float(np.hypot(dx, dy))
                depth = radius[i] + radius[j] - dist
                if depth <= limit or dist == 0.0:
                    continue
                push = depth - target
                ux, uy = dx / dist, dy / dist
                wi, wj = inv[i] / (inv[i] + inv[j]), inv[j] / (inv[i] + inv[j])
                pos[i, 0] -= ux * push * wi
                pos[i, 1] -= uy * push * wi
                pos[j, 0] += ux * push * wj
                pos[j, 1] += uy * push * wj
                moved = True
                touched.update((i, j))
        _within_frame(pos, radius, half, touched)  # a disc moved stays within the frame
        if not moved:
            return
