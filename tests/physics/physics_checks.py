"""Checks shared by the physics tests: an independent replay of a shot's event log and
the invariants every shot must keep (no overlap, nothing off the board, ...)."""

from __future__ import annotations

import math

import numpy as np

from carrom.equipment import STANDARD_BOARD, Layout
from carrom.physics import EventKind, ShotResult

H = STANDARD_BOARD.half
OVERLAP_TOL = 1e-9
"""Metres: what the tests accept as 'no overlap' (the engine's allowance is 1e-10)."""


def advance(seg, t, a):
    """State (x, y, vx, vy) at t of a slide that started at seg = (t0, x, y, vx, vy)."""
    t0, x, y, vx, vy = seg
    s = math.hypot(vx, vy)
    if s == 0.0:
        return x, y, 0.0, 0.0
    dt = min(max(t - t0, 0.0), s / a)
    d = dt * (s - 0.5 * a * dt)
    v = max(s - a * dt, 0.0)
    return x + vx / s * d, y + vy / s * d, vx / s * v, vy / s * v


def impacts(result: ShotResult):
    """For every event, (event, pre-states, post-states) of its bodies, replayed from the log
    in its own order (pre: the body's previous slide advanced to the event's time)."""
    a = result.params.deceleration
    seg = [
        (0.0, *result.initial_positions[b], *result.initial_velocities[b]) for b in range(result.n_bodies)
    ]
    out = []
    for ev in result.events:
        pre = [advance(seg[b], ev.time, a) for b in ev.bodies]
        post = [(p[0], p[1], v[0], v[1]) for p, v in zip(ev.positions, ev.velocities)]
        out.append((ev, pre, post))
        for b, p in zip(ev.bodies, post):
            seg[b] = (ev.time, *p)
    return out


def worst_gaps(result: ShotResult, fps: float = 240.0):
    """(smallest gap between any two discs, smallest clearance to a cushion) over every
    event time and frames at ``fps``: negative means overlap / off the board."""
    times = np.unique(np.concatenate([result.event_floats[:, 0], result.sample(fps).times]))
    pos, _vel, present = result.state_at(times)
    r = result.radii
    worst_pair = math.inf
    n = result.n_bodies
    for b in range(n):
        for c in range(b + 1, n):
            m = present[:, b] & present[:, c]
            if m.any():
                d = np.hypot(*(pos[m, b] - pos[m, c]).T) - (r[b] + r[c])
                worst_pair = min(worst_pair, float(d.min()))
    worst_edge = math.inf
    for b in range(n):
        m = present[:, b]
        if m.any():
            worst_edge = min(worst_edge, float(((H - r[b]) - np.abs(pos[m, b])).min()))
    return worst_pair, worst_edge


def assert_sound(result: ShotResult) -> None:
    """The invariants of every shot."""
    times = result.event_floats[:, 0]
    assert np.all(np.diff(times) >= 0), "events out of time order"
    pair, edge = worst_gaps(result)
    assert pair >= -OVERLAP_TOL, f"discs overlap by {-pair:.3g} m"
    assert edge >= -OVERLAP_TOL, f"a disc is {-edge:.3g} m past a cushion"
    # Everything that is left rests where the log says.
    _pos, vel, present = result.state_at(result.duration + 1.0)
    assert not np.any(vel[present]), "a disc still moves after the last event"
    assert np.array_equal(present, result.on_board)
    # No cushion contact inside a pocket mouth: the pocket takes the disc first.
    pockets = STANDARD_BOARD.pocket_centres()
    for ev in result.events:
        if ev.kind is EventKind.CUSHION:
            x, y = ev.positions[0]
            for cx, cy in pockets:
                assert math.hypot(x - cx, y - cy) >= STANDARD_BOARD.pocket_radius - 1e-12
    # Momentum kept and energy never gained at any impact between discs.
    m = result.masses
    for ev, pre, post in impacts(result):
        if ev.kind is not EventKind.CONTACT:
            continue
        i, j = ev.bodies
        p_pre = m[i] * np.array(pre[0][2:]) + m[j] * np.array(pre[1][2:])
        p_post = m[i] * np.array(post[0][2:]) + m[j] * np.array(post[1][2:])
        scale = m[i] * math.hypot(*pre[0][2:]) + m[j] * math.hypot(*pre[1][2:])
        assert np.abs(p_post - p_pre).max() <= 1e-12 * scale + 1e-18
        e_pre = m[i] * (pre[0][2] ** 2 + pre[0][3] ** 2) + m[j] * (pre[1][2] ** 2 + pre[1][3] ** 2)
        e_post = m[i] * (post[0][2] ** 2 + post[0][3] ** 2) + m[j] * (post[1][2] ** 2 + post[1][3] ** 2)
        assert e_post <= e_pre * (1 + 1e-12) + 1e-24


def mirrored_layout(layout: Layout) -> Layout:
    return Layout(tuple(type(d)(d.kind, -d.x, d.y) for d in layout.discs))
