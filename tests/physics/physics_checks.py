"""Checks shared by the physics tests: an independent replay of a shot's event log and
the invariants every shot must keep (no overlap, nothing off the board, ...)."""

from __future__ import annotations

import math

import numpy as np

from carrom.equipment import STANDARD_BOARD, Layout
from carrom.physics import CollisionModel, EventKind, ImpactSolver, PocketModel, ShotResult, Slide

H = STANDARD_BOARD.half
OVERLAP_TOL = 1e-9
MOTION_TOL = 1e-6  # metres a disc may press into a cushion while it moves (docs/physics.md)
"""Metres: what the tests accept as 'no overlap' (the engine's allowance is 1e-10)."""


def advance(slide: Slide, t: float, r: float, mu_g: float):
    """State (x, y, vx, vy, spin) at t of a slide (docs/physics.md: constant deceleration
    along the path, the spin falling linearly to zero as the disc stops; on the spot at
    4 mu g / (3 r))."""
    x, y = slide.position
    vx, vy = slide.velocity
    w = slide.spin
    s = math.hypot(vx, vy)
    dt = max(t - slide.time, 0.0)
    if s == 0.0:
        return x, y, 0.0, 0.0, math.copysign(max(abs(w) - 4.0 * mu_g / (3.0 * r) * dt, 0.0), w)
    a = slide.deceleration
    dt = min(dt, s / a)
    d = dt * (s - 0.5 * a * dt)
    v = max(s - a * dt, 0.0)
    return x + vx / s * d, y + vy / s * d, vx / s * v, vy / s * v, w * v / s


def impacts(result: ShotResult):
    """For every event, (event, pre-states, post-states) of its bodies as (x, y, vx, vy,
    spin), replayed from the slides in the log's order (pre: the body's previous slide
    advanced to the event's time)."""
    slides = [iter(result.slides(b)) for b in range(result.n_bodies)]
    current = [next(it) for it in slides]
    mu_g = result.params.deceleration
    out = []
    for ev in result.events:
        pre = [advance(current[b], ev.time, result.radii[b], mu_g) for b in ev.bodies]
        for b in ev.bodies:
            current[b] = next(slides[b])
        post = [(*current[b].position, *current[b].velocity, current[b].spin) for b in ev.bodies]
        assert post == [(*p, *v, w) for p, v, w in zip(ev.positions, ev.velocities, ev.spins)]
        out.append((ev, pre, post))
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
    # v2 holds a persistent (pressing) contact to about params.persistent_overlap (taking
    # one pair's overlap out may press a third disc a little: 1.2e-6 m is the most seen in the
    # random shots here; one break pressed 3.45e-6 m, tests/physics/test_physics_rest.py).
    allowed = OVERLAP_TOL + (2 * result.params.persistent_overlap if result.params.impact_solver is ImpactSolver.SIMULTANEOUS else 0.0)
    assert pair >= -allowed, f"discs overlap by {-pair:.3g} m"
    # during motion a disc may press into a cushion by as much as docs/physics.md allows ("held to a micrometre"):
    # 1.32e-7 m was met on a v4 shot (hypothesis 6.x's derandomized sample on a fresh install); issue 40 item 4
    # asks for the honest bound and a mechanism that keeps it; at rest the correction puts every disc back
    assert edge >= -MOTION_TOL, f"a disc is {-edge:.3g} m past a cushion"
    # Everything that is left rests where the log says.
    rest, vel, present = result.state_at(result.duration + 1.0)
    assert not np.any(vel[present]), "a disc still moves after the last event"
    at_rest = ((H - result.radii)[:, None] - np.abs(rest.reshape(-1, 2)))[present.ravel()]
    assert not at_rest.size or at_rest.min() >= -OVERLAP_TOL, "a disc rests past a cushion"
    assert np.array_equal(present, result.on_board)
    # No cushion contact with the centre where the disc falls (v1: the pocket circle; v2:
    # the tipping circle): the pocket takes the disc first. Nor does any disc come to rest
    # there (the next stroke would refuse the layout).
    pockets = STANDARD_BOARD.pocket_centres()
    rp = STANDARD_BOARD.pocket_radius
    tipping = result.params.pocket_model is not PocketModel.CIRCLE
    for b in np.nonzero(result.on_board)[0]:
        reach = math.sqrt(rp * rp - result.radii[b] ** 2) if tipping else rp
        x, y = result.final_positions[b]
        assert all(math.hypot(x - cx, y - cy) >= reach for cx, cy in pockets), f"disc {b} rests in a pocket"
    for ev in result.events:
        # With jaws a disc may strike the cushion over the hole and rattle out (only then).
        if ev.kind is EventKind.CUSHION and not result.params.pocket_jaws:
            x, y = ev.positions[0]
            r = result.radii[ev.bodies[0]]
            reach = math.sqrt(rp * rp - r * r) if result.params.pocket_model is not PocketModel.CIRCLE else rp
            for cx, cy in pockets:
                assert math.hypot(x - cx, y - cy) >= reach - 1e-12
    # Momentum and angular momentum kept (where no cushion takes part) and energy, spins'
    # included, never gained, over each group of impacts that share an instant and bodies
    # (one simultaneous impact, or a cascade).
    m = result.masses
    inertia = m * result.radii**2 / 2
    for group in impact_groups(result):
        bodies = sorted(group["pre"])
        pre = np.array([group["pre"][b] for b in bodies])
        post = np.array([group["post"][b] for b in bodies])
        mass = m[bodies]
        scale = float((mass * np.hypot(pre[:, 2], pre[:, 3])).sum())
        if not group["cushion"]:
            momentum = (mass[:, None] * (post[:, 2:4] - pre[:, 2:4])).sum(axis=0)
            assert np.abs(momentum).max() <= 1e-12 * scale + 1e-18
        if not group["cushion"] and result.params.collision_model is CollisionModel.COULOMB:
            # About where the impacts happened (a pressing contact moves its discs apart by
            # a micrometre, which is no impulse). Not v1's sticking pushes (one common
            # velocity is no impulse along the line of centres), not for v2's spinless
            # discs (nothing to check). To 1e-6: the compliant integration's energy guard
            # (it scales the group's relative velocities and spins down by parts in 1e5 at
            # most) does not keep it exactly; a lone impact keeps it to rounding
            # (test_physics_friction.py).
            orbital = mass * (pre[:, 0] * (post[:, 3] - pre[:, 3]) - pre[:, 1] * (post[:, 2] - pre[:, 2]))
            spin = inertia[bodies] * (post[:, 4] - pre[:, 4])
            assert abs(orbital.sum() + spin.sum()) <= 1e-6 * scale * H + 1e-18
        energy = lambda s: (mass * (s[:, 2] ** 2 + s[:, 3] ** 2)).sum() + (inertia[bodies] * s[:, 4] ** 2).sum()  # noqa: E731
        assert energy(post) <= energy(pre) * (1 + 1e-12) + 1e-24


def impact_groups(result: ShotResult):
    """The impacts (contacts and cushions) grouped by instant and by shared bodies: per
    group, every body's state before the instant and after its last event ("pre", "post")
    and whether a cushion took part."""
    groups = []
    current_time = None
    parent: dict[int, int] = {}
    pre: dict[int, tuple] = {}
    post: dict[int, tuple] = {}
    cushion: set[int] = set()

    def find(b):
        while parent[b] != b:
            b = parent[b]
        return b

    def flush():
        roots: dict[int, dict] = {}
        for b in pre:
            g = roots.setdefault(find(b), {"pre": {}, "post": {}, "cushion": False})
            g["pre"][b] = pre[b]
            g["post"][b] = post[b]
            g["cushion"] |= b in cushion
        groups.extend(roots.values())

    for ev, before, after in impacts(result):
        if ev.kind not in (EventKind.CONTACT, EventKind.CUSHION):
            continue
        if ev.time != current_time:
            flush()
            current_time = ev.time
            parent, pre, post, cushion = {}, {}, {}, set()
        for b, s0, s1 in zip(ev.bodies, before, after):
            if b not in pre:
                parent[b] = b
                pre[b] = s0
            post[b] = s1
        if ev.kind is EventKind.CUSHION:
            cushion.add(ev.bodies[0])
        else:
            parent[find(ev.bodies[0])] = find(ev.bodies[1])
    flush()
    return groups


def mirrored_layout(layout: Layout) -> Layout:
    return Layout(tuple(type(d)(d.kind, -d.x, d.y) for d in layout.discs))
