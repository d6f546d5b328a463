"""The event-driven kernel: numba, float64 arrays, no Python objects in the loop.

Everything numba compiles lives in this one module on purpose: numba's on-disk cache
checks only the source file of the function it caches, so a kernel split over several
files could load a stale compiled copy after an edit of a helper in another file.

Helpers that take the state tables (arrays) and are called per event, per pair or per
integration step are compiled ``inline="always"``: a call of a compiled function
reference-counts each array argument, which cost more than the helpers' arithmetic (about
11 % of the v3 break); inlining changes no operation, so no result.

Model (docs/physics.md has the full story):

* A moving disc slides in a straight line and decelerates at ``a = mu * g`` along its own
  velocity. With its state ``(x, y, ux, uy, s, tref)`` (position, unit direction, speed at
  the reference time ``tref``) its position at ``t`` is ``p + u * D(t - tref)`` with
  ``D(dt) = dt * (s - a * dt / 2)`` up to ``dt = s / a``, then constant.
* Every event time is found in closed form or by isolating the first root of a quartic:
  stop (linear), cushion (quadratic in time), pocket (the centre's straight path meets the
  pocket circle: quadratic in distance), disc against a resting disc (quadratic in
  distance), two moving discs (quartic in time, isolated by its monotone pieces).
* Each body keeps its own earliest predicted event. After an event only the bodies it
  involved, and the bodies whose predicted event named one of them, are predicted again.
* Impacts: SOLVER_SEQUENTIAL (v1) resolves them pair by pair in the event order below;
  SOLVER_SIMULTANEOUS (v2) resolves every contact of the touching cluster at once
  (``_cluster_impact``: compliant contacts, frozen geometry, independent of numbering)
  and holds pressed pairs as persistent contacts. Pockets: POCKET_CIRCLE (v1),
  POCKET_TIPPING (v2, ``_captured``: decided where the centre enters the tipping circle) or
  POCKET_MECHANICAL (v5, ``_overhang_falls``: decided there by following the overhang off the
  corner's cushions).
* Simultaneous events are ordered by the key ``(time, kind, first body, second body,
  aux)`` with kinds ranked POCKETED < CUSHION < CONTACT < STOPPED, pair bodies as
  ``(min, max)`` and single-body events with second body ``-1``; ``aux`` is the pocket or
  cushion number.

Indices: bodies ``0 .. n-1`` in the caller's order. The caller puts the striker last.
"""

from __future__ import annotations

import math

import numpy as np
from numba import njit, parallel_chunksize, prange

INF = math.inf

# Event kinds. The number is also the rank used to order events at the same time.
POCKETED = 0
CUSHION = 1
CONTACT = 2
STOPPED = 3
NOTHING = 9

# Columns of the float table ``st`` (one row per body): the path (position, direction,
# speed at the reference time), then the body's record time, its own next event's time,
# its radius and mass. One table rather than ten arrays: numba reference-counts every
# array argument atomically on every call, and the per-event calls would pay for each.
SX = 0
SY = 1
SUX = 2
SUY = 3
SSPEED = 4
STREF = 5
SRT = 6  # time of the body's record (its earliest event)
SOWNT = 7  # time of the body's own earliest event (stop, cushion, pocket)
SRAD = 8
SMASS = 9
SDEC = 10  # deceleration along the path during the current slide (mu g without spin)
SW = 11  # spin (rad/s, counter-clockwise seen from above) at the reference time
SWDEC = 12  # how fast the spin falls (rad/s^2): it reaches zero when the disc stops
SBOX = 13  # four columns: x min, x max, y min, y max of where the disc's body can still go
NSTATE = 17
BOX_MARGIN = 1e-6  # metres: two discs whose boxes are this far apart cannot meet (see _set_box)

# Columns of the int table ``it``: the record (kind, first body, second body, aux), the
# own event (kind, aux), the class (0 carromman, 1 striker) and three flags.
IRK = 0
IRA = 1
IRB = 2
IRX = 3
IOK = 4
IOX = 5
ICLS = 6
IALIVE = 7
IMARK = 8
IDIRTY = 9
IPASS = 10  # the pocket a disc is passing over without falling (TIPPING), else -1
ILIST = 11  # work column: _clean's list of the dirty bodies (no allocation per call)
NINT = 12

# The parameter vector.
P_DECEL = 0  # mu * g (m/s^2)
P_E_CC = 1  # restitution carromman-carromman
P_E_SC = 2  # restitution striker-carromman
P_E_CUSHION = 3  # restitution disc-cushion
P_HALF = 4  # the cushions are at x, y = +-half
P_POCKET_R = 5  # pocket radius
P_POCKET_C = 6  # |x| = |y| of the pocket centres
P_TOUCH = 7  # metres: a gap this small counts as touching
P_VEPS = 8  # m/s: a contact approaching slower than this is no impact
P_MODEL = 9  # collision model number (MODEL_FRICTIONLESS = 0)
P_MAX_EVENTS = 10  # cap on processed events
P_STICK_WITHIN = 11  # s: a pair (or disc and cushion) striking again this soon sticks
P_OVERLAP = 12  # metres: a touching pair that does not approach meets again at this overlap
P_SOLVER = 13  # how contacts at one instant are resolved (SOLVER_*)
P_POCKET_MODEL = 14  # when a disc falls into a pocket (POCKET_*)
P_CLUSTER_GAP = 15  # metres: discs this close take part in one simultaneous impact
P_STIFFNESS = 16  # N/m: contact stiffness of the compliant impact (sets only the gap scale)
P_THICK_COIN = 17  # metres: carromman thickness (tipping over a pocket)
P_THICK_STRIKER = 18  # metres: striker thickness
P_GRAVITY = 19  # m/s^2
P_PERSIST = 20  # metres: overlap allowance of a persistent contact (a pair struck again soon)
P_MU_IMPACT = 21  # Coulomb friction coefficient at impacts (MODEL_COULOMB): cushions; v3 discs too
P_SPIN_TABLE = 22  # first of SPIN_TABLE_SIZE values: reach * z of the spin law (spin.py)
SPIN_TABLE_SIZE = 513
# v4 (after the table, so its indices stay put): disc-on-disc friction at impacts as a
# function of the sliding speed v at the contact, mu(v) = a + b exp(-c v) (MODEL_COULOMB;
# v3: a = P_MU_IMPACT, b = 0), and how the friction of a touching pack's contacts is applied.
P_MU_DISC = P_SPIN_TABLE + SPIN_TABLE_SIZE  # a
P_MU_SLOW = P_MU_DISC + 1  # b: how much more friction a slow slip has
P_MU_DECAY = P_MU_DISC + 2  # c (s/m)
P_PACK = P_MU_DISC + 3  # PACK_ORDERED (v3) or PACK_SYMMETRIC (v4)
P_JAWS = P_MU_DISC + 4  # 1: POCKET_TIPPING with jaws (a disc striking the cushion over the hole may rattle out)
NPARAMS = P_MU_DISC + 5

PACK_ORDERED = 0  # each contact's friction of a step applied in turn, in the summation order (v3)
PACK_SYMMETRIC = 1  # every contact's friction of a step from one state, then all applied (v4)

MODEL_FRICTIONLESS = 0
MODEL_COULOMB = 1  # Coulomb friction at impacts, spin, and the spin's surface law (v3)

SOLVER_SEQUENTIAL = 0  # pair by pair in the fixed event order (v1)
SOLVER_SIMULTANEOUS = 1  # every contact of a touching cluster at once, compliant (v2)

POCKET_CIRCLE = 0  # falls when the centre enters the pocket circle (v1)
POCKET_TIPPING = 1  # falls when it tips over the rim far enough before the far rim (v2)
POCKET_MECHANICAL = 2  # v5: the overhang followed over the hole, off the corner's cushions (``_overhang_falls``)

# Rows of the per-contact work arrays of a simultaneous impact (``_cluster_impact``): one
# row per quantity, so that the integration's loops over the contacts read memory in order.
CF_NX = 0  # the contact's normal (from its first body to its second, or out of the cushion)
CF_NY = 1
CF_OVERLAP = 2
CF_E = 3  # its restitution
CF_IMPULSE = 4
CF_DMAX = 5  # the deepest overlap so far
CF_FORCE = 6
CF_OVER0 = 7  # the overlap it started with
CF_KEYX = 8  # where it is: the order in which forces are summed
CF_KEYY = 9
CF_FR = 10  # five rows: MODEL_COULOMB's constants (see _step_jt)
CF_MB = 15  # the first body's mass, and the second's (0 for a cushion)
CF_MK = 16
CF_KUNLOAD = 17  # stiffness / e^2 (unloading, see _contact_force)
CF_PERMANENT = 18  # 1 - e^2
CF_JT = 19  # PACK_SYMMETRIC: the step's tangential impulse of the contact
NCF = 20
CI_B = 0  # the first body
CI_K = 1  # the second body, -1 for a cushion
CI_SIDE = 2  # the cushion, -1 for a pair
CI_SLOW = 3  # a pressing contact
CI_PERM = 4  # the order of summation
CI_ACTIVE = 5  # the contacts that push, in the order of summation
NCI = 6

# Columns of the recorded events.
EF_T = 0
EF_XI = 1
EF_YI = 2
EF_VXI = 3
EF_VYI = 4
EF_XJ = 5
EF_YJ = 6
EF_VXJ = 7
EF_VYJ = 8
EF_IMPULSE = 9
EF_AI = 10  # deceleration of body i's slide from the event on
EF_AJ = 11
EF_WI = 12  # spin of body i just after the event
EF_WJ = 13
NEF = 14
EI_KIND = 0
EI_I = 1
EI_J = 2
EI_AUX = 3
NEI = 4

# Columns of a batch summary's per-shot scalars.
BS_EVENTS = 0  # recorded events
BS_ITERATIONS = 1  # processed events (recorded + contacts found not approaching)
BS_CAPPED = 2
BS_FIRST_CONTACT = 3
NBS = 4


# ---------------------------------------------------------------------------------------
# Kinematics


@njit(cache=True)
def _slide(x, y, ux, uy, s, tr, t, a):
    """Position, velocity and speed at time ``t`` of a disc with reference state
    (x, y, ux, uy, s) at ``tr`` (t no earlier than tr; clamped if it is)."""
    if s <= 0.0:
        return x, y, 0.0, 0.0, 0.0
    dt = t - tr
    if dt < 0.0:
        dt = 0.0
    ts = s / a
    if dt >= ts:
        dt = ts
        v = 0.0
    else:
        v = s - a * dt
    d = dt * (s - 0.5 * a * dt)
    return x + ux * d, y + uy * d, ux * v, uy * v, v


@njit(cache=True)
def _time_for_distance(d, s, a):
    """Time a disc at speed ``s`` needs to slide ``d`` (``d`` no more than ``s^2 / 2a``)."""
    if d <= 0.0:
        return 0.0
    disc = s * s - 2.0 * a * d
    if disc < 0.0:
        disc = 0.0
    return 2.0 * d / (s + math.sqrt(disc))


@njit(cache=True)
def _unit(vx, vy):
    """Speed and direction of a velocity (direction (1, 0) when at rest)."""
    s = math.sqrt(vx * vx + vy * vy)
    if s > 0.0:
        return s, vx / s, vy / s
    return 0.0, 1.0, 0.0


# ---------------------------------------------------------------------------------------
# Event ordering


@njit(cache=True)
def _before(t1, k1, a1, b1, x1, t2, k2, a2, b2, x2):
    """True when event 1 comes strictly before event 2 in the fixed order."""
    if t1 != t2:
        return t1 < t2
    if k1 != k2:
        return k1 < k2
    if a1 != a2:
        return a1 < a2
    if b1 != b2:
        return b1 < b2
    return x1 < x2


# ---------------------------------------------------------------------------------------
# Events of one body alone: stop, cushion, pocket


@njit(cache=True)
def _own_event(i, x, y, ux, uy, s, tr, r, a, half, prad, pc, eps, veps, dov, pmodel, skip):
    """Earliest (time, kind, aux) among body ``i``'s stop, cushion and pocket events, its
    reference state being (x, y, ux, uy, s) at ``tr``.

    POCKET_CIRCLE: the pocket event is the centre entering the pocket circle. POCKET_TIPPING:
    the centre entering the tipping circle (radius ``sqrt(prad^2 - r^2)``: inside it the
    centre of mass overhangs the rim), where the capture is decided; pocket ``skip`` (the
    one the disc is passing over) and any circle the centre is already in are ignored."""
    if s <= 0.0:
        return INF, NOTHING, -1
    ts = s / a
    dmax = ts * (s - 0.5 * a * ts)
    bt = tr + ts
    bk = STOPPED
    bx = -1
    if pmodel != POCKET_CIRCLE:
        rt2 = prad * prad - r * r
        npockets = 4 if rt2 > 0.0 else 0  # a disc wider than the hole never tips
    else:
        rt2 = prad * prad
        npockets = 4
    # Pockets, SW SE NE NW: the centre's straight path enters the pocket (tipping) circle.
    for p in range(npockets):
        if p == skip:
            continue
        cx = -pc if (p == 0 or p == 3) else pc
        cy = -pc if p < 2 else pc
        wx = x - cx
        wy = y - cy
        cc = wx * wx + wy * wy - rt2
        if cc <= 0.0:
            if pmodel != POCKET_CIRCLE:
                continue
            d = 0.0
        else:
            b = wx * ux + wy * uy
            if b >= 0.0:
                continue
            disc = b * b - cc
            if disc < 0.0:
                continue
            d = cc / (-b + math.sqrt(disc))
            if d > dmax:
                continue
        t = tr + _time_for_distance(d, s, a)
        if _before(t, POCKETED, i, -1, p, bt, bk, i, -1, bx):
            bt = t
            bk = POCKETED
            bx = p
    # Cushions, numbered like the seats: 0 south (y = -half), 1 east, 2 north, 3 west.
    for side in range(4):
        if side == 0:
            un = -uy
            pn = -y
        elif side == 1:
            un = ux
            pn = x
        elif side == 2:
            un = uy
            pn = y
        else:
            un = -ux
            pn = -x
        if un <= 0.0:
            continue
        gap = half - r - pn
        if gap > eps:
            d = gap / un  # apart: when the centre reaches one radius from the cushion
        elif s * un > veps:
            d = 0.0  # touching and moving into it: at once
        else:
            # Touching, moving into it too slowly to count: when it is in by the allowance
            # (or a little further if rounding put it deeper), as for two discs.
            pen = dov if dov > eps - gap else eps - gap
            d = (gap + pen) / un
        if d > dmax:
            continue
        t = tr + _time_for_distance(d, s, a)
        if _before(t, CUSHION, i, -1, side, bt, bk, i, -1, bx):
            bt = t
            bk = CUSHION
            bx = side
    return bt, bk, bx


# ---------------------------------------------------------------------------------------
# Two discs: the relative position P(tau) = C + B tau + A tau^2 while both slide,
# f(tau) = |P|^2 - R^2, a quartic; f' a cubic; f'' a quadratic.


@njit(cache=True)
def _pf(t, cx, cy, bx, by, ax, ay, r2):
    px = cx + t * (bx + t * ax)
    py = cy + t * (by + t * ay)
    return px * px + py * py - r2


@njit(cache=True)
def _pfp(t, cx, cy, bx, by, ax, ay):
    px = cx + t * (bx + t * ax)
    py = cy + t * (by + t * ay)
    return 2.0 * (px * (bx + 2.0 * ax * t) + py * (by + 2.0 * ay * t))


@njit(cache=True)
def _pfpp(t, cx, cy, bx, by, ax, ay):
    px = cx + t * (bx + t * ax)
    py = cy + t * (by + t * ay)
    dx = bx + 2.0 * ax * t
    dy = by + 2.0 * ay * t
    return 2.0 * (dx * dx + dy * dy + 2.0 * (ax * px + ay * py))


@njit(cache=True)
def _quadratic_roots(qa, qb, qc):
    """Real roots of qa t^2 + qb t + qc, ascending: (count, r1, r2), numerically stable."""
    if qa == 0.0:
        if qb == 0.0:
            return 0, 0.0, 0.0
        return 1, -qc / qb, 0.0
    disc = qb * qb - 4.0 * qa * qc
    if disc < 0.0:
        return 0, 0.0, 0.0
    sq = math.sqrt(disc)
    q = -0.5 * (qb + sq) if qb >= 0.0 else -0.5 * (qb - sq)
    r1 = q / qa
    r2 = qc / q if q != 0.0 else r1
    if r2 < r1:
        r1, r2 = r2, r1
    return 2, r1, r2


@njit(cache=True)
def _root_fp(lo, hi, flo, cx, cy, bx, by, ax, ay):
    """A root of f' in [lo, hi], where f' changes sign and is monotone (safeguarded Newton).

    A critical point only splits f into monotone pieces: an error d in its place changes
    the extremum found by about f'' d^2 / 2, so 1e-12 of the interval is ample."""
    tol = 1e-12 * (hi - lo) + 1e-18
    x = 0.5 * (lo + hi)
    for _ in range(200):
        g = _pfp(x, cx, cy, bx, by, ax, ay)
        if g == 0.0:
            return x
        if (g > 0.0) == (flo > 0.0):
            lo = x
        else:
            hi = x
        if hi - lo <= tol:
            break
        d = _pfpp(x, cx, cy, bx, by, ax, ay)
        xn = x - g / d if d != 0.0 else 0.5 * (lo + hi)
        if not (lo < xn < hi):
            xn = 0.5 * (lo + hi)
        elif abs(xn - x) <= tol:
            return xn  # Newton has converged; a critical point needs no more
        x = xn
    return 0.5 * (lo + hi)


@njit(cache=True)
def _root_f_down(target, lo, hi, cx, cy, bx, by, ax, ay, r2):
    """The time where f, decreasing on [lo, hi] with f(lo) > target >= f(hi), reaches target.

    Returns the upper end of the final bracket, so that f(result) <= target: the contact is
    reached, never stopped short of, and a later search always starts past it.
    """
    x = 0.5 * (lo + hi)
    for _ in range(200):
        g = _pf(x, cx, cy, bx, by, ax, ay, r2) - target
        if g > 0.0:
            lo = x
        else:
            hi = x
        tol = 1e-15 + 1e-15 * hi
        if hi - lo <= tol:
            break
        d = _pfp(x, cx, cy, bx, by, ax, ay)
        if d < 0.0:
            xn = x - g / d
            # Newton creeps up on the root from one side: step just past it to close the bracket.
            if abs(xn - x) < tol:
                xn = x + tol if g > 0.0 else x - tol
            if not (lo < xn < hi):
                xn = 0.5 * (lo + hi)
        else:
            xn = 0.5 * (lo + hi)
        x = xn
    return hi


@njit(cache=True)
def _axis_clear(mx, my, cx, cy, bx, by, ax, ay, tm, thr):
    """True when P(tau) . m stays above thr on [0, tm] (m a unit vector): since |P| >= P . m,
    the discs' centres then stay more than thr apart, a cheap proof of no contact."""
    q0 = cx * mx + cy * my
    q1 = bx * mx + by * my
    q2 = ax * mx + ay * my
    if q0 <= thr:
        return False
    qe = q0 + tm * (q1 + tm * q2)
    if qe <= thr:
        return False
    if q2 > 0.0:
        tv = -q1 / (2.0 * q2)  # the vertex, a minimum
        if 0.0 < tv < tm and q0 + tv * (q1 + tv * q2) <= thr:
            return False
    return True


@njit(cache=True)
def _target(f, tolf, tolo):
    """The value of f = |P|^2 - R^2 at which a pair now at ``f`` next meets.

    Apart (f > tolf, the touching band): at f = 0. Touching but not approaching fast
    enough to count: when the overlap reaches the allowance (f = -tolo), an absolute depth,
    so repeated touches of a pressing pair never ratchet deeper; if already deeper (which
    only rounding could cause), a little deeper still (f - tolf), so that time always moves
    on (docs/physics.md, "touching discs")."""
    if f > tolf:
        return 0.0
    t = -tolo
    if t > f - tolf:
        t = f - tolf
    return t


@njit(cache=True)
def _mover_fixed(wx, wy, ux, uy, s, rr, a, tolf, tolo):
    """Time for a disc sliding from offset ``w`` (from the resting disc's centre) along ``u``
    at speed ``s`` to meet a resting disc, centres ``rr`` apart at contact; INF if never."""
    b = wx * ux + wy * uy
    if b >= 0.0:
        return INF
    c = wx * wx + wy * wy - rr * rr
    k = c - _target(c, tolf, tolo)
    disc = b * b - k
    if disc < 0.0:
        return INF
    d = k / (-b + math.sqrt(disc))
    ts = s / a
    if d > ts * (s - 0.5 * a * ts):
        return INF
    return _time_for_distance(d, s, a)


@njit(cache=True)
def _seg_dist2(p1x, p1y, q1x, q1y, p2x, p2y, q2x, q2y):
    """Squared distance between segments [p1, q1] and [p2, q2] (Ericson, RTCD 5.1.9)."""
    d1x = q1x - p1x
    d1y = q1y - p1y
    d2x = q2x - p2x
    d2y = q2y - p2y
    rx = p1x - p2x
    ry = p1y - p2y
    aa = d1x * d1x + d1y * d1y
    ee = d2x * d2x + d2y * d2y
    ff = d2x * rx + d2y * ry
    if aa <= 1e-300 and ee <= 1e-300:
        return rx * rx + ry * ry
    if aa <= 1e-300:
        s = 0.0
        t = min(max(ff / ee, 0.0), 1.0)
    else:
        c = d1x * rx + d1y * ry
        if ee <= 1e-300:
            t = 0.0
            s = min(max(-c / aa, 0.0), 1.0)
        else:
            b = d1x * d2x + d1y * d2y
            denom = aa * ee - b * b
            if denom > 0.0:
                s = min(max((b * ff - c * ee) / denom, 0.0), 1.0)
            else:
                s = 0.0
            t = (b * s + ff) / ee
            if t < 0.0:
                t = 0.0
                s = min(max(-c / aa, 0.0), 1.0)
            elif t > 1.0:
                t = 1.0
                s = min(max((b - c) / aa, 0.0), 1.0)
    dx = p1x + d1x * s - (p2x + d2x * t)
    dy = p1y + d1y * s - (p2y + d2y * t)
    return dx * dx + dy * dy


@njit(cache=True)
def _phase2(xi, yi, uxi, uyi, si, xj, yj, uxj, uyj, sj, di, dj, tsi, tsj, tm, rr, ai, aj, tolf, tolo, t0):
    """Phase 2 of a pair: the first to stop rests; the other slides on from tau = tm."""
    if tsi == tsj:
        return INF
    if tsi < tsj:
        qx = xi + uxi * di
        qy = yi + uyi * di
        dm = tm * (sj - 0.5 * aj * tm)
        px = xj + uxj * dm
        py = yj + uyj * dm
        sm = sj - aj * tm
        ux = uxj
        uy = uyj
        a = aj
    else:
        qx = xj + uxj * dj
        qy = yj + uyj * dj
        dm = tm * (si - 0.5 * ai * tm)
        px = xi + uxi * dm
        py = yi + uyi * dm
        sm = si - ai * tm
        ux = uxi
        uy = uyi
        a = ai
    if sm <= 0.0:
        return INF
    tau = _mover_fixed(px - qx, py - qy, ux, uy, sm, rr, a, tolf, tolo)
    return t0 + tm + tau


@njit(cache=True)
def _pair_event(xi0, yi0, uxi, uyi, si0, tri, ai, xj0, yj0, uxj, uyj, sj0, trj, aj, rr, eps, veps, dov):
    """Absolute time of the next contact between bodies i and j (INF if none).

    Computed from the later of the two reference times, so the answer depends only on the
    two paths, not on when it is asked. A contact is an approaching contact: touching
    (gap <= P_TOUCH) with the approach speed above P_VEPS counts at once; otherwise the
    first downward crossing of the target of ``_target`` (f = 0 from apart). ``ai``, ``aj``:
    each disc's deceleration along its path."""
    t0 = max(tri, trj)
    xi, yi, vxi, vyi, si = _slide(xi0, yi0, uxi, uyi, si0, tri, t0, ai)
    xj, yj, vxj, vyj, sj = _slide(xj0, yj0, uxj, uyj, sj0, trj, t0, aj)
    if si <= 0.0 and sj <= 0.0:
        return INF
    cx = xj - xi
    cy = yj - yi
    dist = math.sqrt(cx * cx + cy * cy)
    # Touching and approaching now: the very test the resolver applies.
    rate = cx * (vxj - vxi) + cy * (vyj - vyi)
    if dist - rr <= eps and rate < -veps * dist:
        return t0
    tolf = 2.0 * rr * eps
    tolo = 2.0 * rr * dov
    di = 0.0
    dj = 0.0
    if si > 0.0:
        tsi = si / ai
        di = tsi * (si - 0.5 * ai * tsi)
    if sj > 0.0:
        tsj = sj / aj
        dj = tsj * (sj - 0.5 * aj * tsj)
    # Cheap rejection: they cannot close the gap before both stop.
    if dist - rr > di + dj + 1e-9:
        return INF
    if sj <= 0.0:
        tau = _mover_fixed(xi - xj, yi - yj, uxi, uyi, si, rr, ai, tolf, tolo)
        return t0 + tau
    if si <= 0.0:
        tau = _mover_fixed(xj - xi, yj - yi, uxj, uyj, sj, rr, aj, tolf, tolo)
        return t0 + tau
    # Both slide: their whole remaining paths are segments; if those never come within rr,
    # no contact is possible. First their bounding boxes, then the segments themselves.
    m = rr + 1e-9
    exi = xi + uxi * di
    eyi = yi + uyi * di
    exj = xj + uxj * dj
    eyj = yj + uyj * dj
    if min(xi, exi) - m > max(xj, exj) or min(xj, exj) - m > max(xi, exi):
        return INF
    if min(yi, eyi) - m > max(yj, eyj) or min(yj, eyj) - m > max(yi, eyi):
        return INF
    if _seg_dist2(xi, yi, xi + uxi * di, yi + uyi * di, xj, yj, xj + uxj * dj, yj + uyj * dj) > m * m:
        return INF
    # Phase 1: both slide until the first of them stops, tau in [0, tm].
    tsi = si / ai
    tsj = sj / aj
    tm = min(tsi, tsj)
    bx = vxj - vxi
    by = vyj - vyi
    if ai == aj:
        ax = -0.5 * ai * (uxj - uxi)
        ay = -0.5 * ai * (uyj - uyi)
    else:  # spinning discs (MODEL_COULOMB) slide with decelerations of their own
        ax = -0.5 * (aj * uxj - ai * uxi)
        ay = -0.5 * (aj * uyj - ai * uyi)
    r2 = rr * rr
    # The contact needs f <= target (see _target).
    f0 = cx * cx + cy * cy - r2
    target0 = _target(f0, tolf, tolo)
    thr2 = r2 + target0
    thr = math.sqrt(thr2) if thr2 > 0.0 else 0.0
    # Separating axes: the line of centres now, and at tm.
    if dist > 0.0 and _axis_clear(cx / dist, cy / dist, cx, cy, bx, by, ax, ay, tm, thr):
        return _phase2(xi, yi, uxi, uyi, si, xj, yj, uxj, uyj, sj, di, dj, tsi, tsj, tm, rr, ai, aj, tolf, tolo, t0)
    pmx = cx + tm * (bx + tm * ax)
    pmy = cy + tm * (by + tm * ay)
    pmd = math.sqrt(pmx * pmx + pmy * pmy)
    if pmd > 0.0 and _axis_clear(pmx / pmd, pmy / pmd, cx, cy, bx, by, ax, ay, tm, thr):
        return _phase2(xi, yi, uxi, uyi, si, xj, yj, uxj, uyj, sj, di, dj, tsi, tsj, tm, rr, ai, aj, tolf, tolo, t0)
    # Monotone pieces of f': split at the roots of f'' (a quadratic).
    q2 = 6.0 * (ax * ax + ay * ay)
    q1 = 6.0 * (ax * bx + ay * by)
    q0 = bx * bx + by * by + 2.0 * (ax * cx + ay * cy)
    nq, qr1, qr2 = _quadratic_roots(q2, q1, q0)
    nb = 0  # interior boundaries b1 < b2 of f''s monotone pieces
    b1 = tm
    b2 = tm
    if nq >= 1 and 0.0 < qr1 < tm:
        b1 = qr1
        nb = 1
    if nq == 2 and 0.0 < qr2 < tm and qr2 != qr1:
        if nb == 0:
            b1 = qr2
            nb = 1
        else:
            b2 = qr2
            nb = 2
    # Critical points of f (roots of f') in increasing order, at most 3.
    c1 = INF
    c2 = INF
    c3 = INF
    nc = 0
    lo = 0.0
    glo = _pfp(0.0, cx, cy, bx, by, ax, ay)
    for k in range(nb + 1):
        if k == 0 and nb >= 1:
            hi = b1
        elif k == 1 and nb >= 2:
            hi = b2
        else:
            hi = tm
        ghi = _pfp(hi, cx, cy, bx, by, ax, ay)
        if (glo < 0.0 and ghi >= 0.0) or (glo > 0.0 and ghi <= 0.0):
            root = _root_fp(lo, hi, glo, cx, cy, bx, by, ax, ay)
            if nc == 0:
                c1 = root
            elif nc == 1:
                c2 = root
            else:
                c3 = root
            nc += 1
        lo = hi
        glo = ghi
    # Walk f's monotone pieces in order; the first downward crossing is the contact.
    lo = 0.0
    flo = _pf(0.0, cx, cy, bx, by, ax, ay, r2)
    for k in range(nc + 1):
        if k == 0:
            hi = c1 if nc > 0 else tm
        elif k == 1:
            hi = c2 if nc > 1 else tm
        elif k == 2:
            hi = c3 if nc > 2 else tm
        else:
            hi = tm
        if hi > tm:
            hi = tm
        if hi < lo:
            hi = lo
        fhi = _pf(hi, cx, cy, bx, by, ax, ay, r2)
        if fhi < flo:
            target = _target(flo, tolf, tolo)
            if fhi <= target:
                tau = _root_f_down(target, lo, hi, cx, cy, bx, by, ax, ay, r2)
                return t0 + tau
        lo = hi
        flo = fhi
    return _phase2(xi, yi, uxi, uyi, si, xj, yj, uxj, uyj, sj, di, dj, tsi, tsj, tm, rr, ai, aj, tolf, tolo, t0)


# ---------------------------------------------------------------------------------------
# Pockets from mechanics (POCKET_TIPPING; docs/physics.md, "pockets")


@njit(cache=True)
def _pocket_centre(p, pc):
    """Centre of pocket p (0 SW, 1 SE, 2 NE, 3 NW) on a board whose pockets sit at +-pc."""
    return (-pc if (p == 0 or p == 3) else pc), (-pc if p < 2 else pc)


@njit(cache=True, inline="always")
def _inside_tipping(b, p, st, prm):
    """True while body b's centre is in pocket p's tipping circle (a nanometre's margin)."""
    cx, cy = _pocket_centre(p, prm[P_POCKET_C])
    wx = st[b, SX] - cx
    wy = st[b, SY] - cy
    rt = math.sqrt(max(prm[P_POCKET_R] ** 2 - st[b, SRAD] ** 2, 0.0))
    return wx * wx + wy * wy <= (rt + 1e-9) ** 2


@njit(cache=True)
def tipping_integral(b, r, h, prad):
    """G(b), m^2: a disc (radius r, thickness h) whose centre crosses a hole of radius prad
    on a straight line passing b from the hole's centre, at speed v, has its centre of mass
    fallen by ``g G(b) / v^2`` when its leading edge reaches the far rim.

    G(b) = integral over the overhang (s from entering the tipping circle to the leading
    edge reaching the far rim) of (s_f - s) * phi(d(s)) ds, with phi the fraction of g the
    centre of mass falls with: l^2 / (k^2 + l^2) while the disc pivots on the near rim
    (lever arm l, radius of gyration k about the rim line), 1 once the whole disc is over
    the hole (docs/physics.md derives it). Simpson's rule on 128 intervals."""
    rt2 = prad * prad - r * r
    if rt2 <= 0.0 or b * b >= rt2:
        return 0.0
    se = -math.sqrt(rt2 - b * b)
    sf = math.sqrt(prad * prad - b * b) - r
    k2 = 0.25 * r * r + h * h / 12.0
    full = prad - r
    nq = 128
    hs = (sf - se) / nq
    total = 0.0
    for q in range(nq + 1):
        s = se + q * hs
        d = math.sqrt(b * b + s * s)
        if d <= full:
            phi = 1.0
        else:
            lever = (rt2 - d * d) / (2.0 * d)
            if lever < 0.0:
                lever = 0.0
            phi = lever * lever / (k2 + lever * lever)
        w = 1.0 if (q == 0 or q == nq) else (4.0 if q % 2 == 1 else 2.0)
        total += w * (sf - s) * phi
    return total * hs / 3.0


@njit(cache=True)
def capture_speed(b, r, h, prad, g):
    """The fastest a disc can cross a pocket on a line passing b from its centre and still
    fall in: its centre of mass has then fallen by h / 2 when it reaches the far rim."""
    return math.sqrt(2.0 * g * tipping_integral(b, r, h, prad) / h)


@njit(cache=True)
def _captured(i, p, st, it, prm):
    """Body i, re-based where its centre enters pocket p's tipping circle: does it fall in?

    Yes if it is no faster than ``capture_speed`` for its line, if it would stop before
    leaving the tipping circle (at rest overhanging), or if that line meets a cushion
    before leaving the tipping circle (it strikes the corner while overhanging)."""
    cx, cy = _pocket_centre(p, prm[P_POCKET_C])
    wx = st[i, SX] - cx
    wy = st[i, SY] - cy
    ux = st[i, SUX]
    uy = st[i, SUY]
    r = st[i, SRAD]
    h = prm[P_THICK_STRIKER] if it[i, ICLS] == 1 else prm[P_THICK_COIN]
    b = abs(wx * uy - wy * ux)
    if st[i, SSPEED] <= capture_speed(b, r, h, prm[P_POCKET_R], prm[P_GRAVITY]):
        return True
    chord = -2.0 * (wx * ux + wy * uy)
    if st[i, SSPEED] * st[i, SSPEED] < 2.0 * st[i, SDEC] * chord:
        return True  # it stops before leaving the tipping circle: at rest overhanging, it tips in
    lim = prm[P_HALF] - r
    hits = abs(st[i, SX] + ux * chord) > lim or abs(st[i, SY] + uy * chord) > lim
    if not hits or prm[P_JAWS] == 0.0:
        return hits
    return not _rattles_out(i, p, st, it, prm)


@njit(cache=True)
def _rattles_out(i, p, st, it, prm):
    """Jaws: body i, entering pocket p's tipping circle too fast to drop at once, meets a
    cushion before it leaves the circle (the pocket's edge, the jaw). It rebounds (the
    cushion's restitution on the normal speed, the tangential speed kept) and rattles out if
    its centre leaves the tipping circle, the rebound's straight path meeting no second
    cushion first, before its centre of mass has fallen by half its thickness: the drop
    ``g * integral over [0, T] of (T - t) phi(d(t)) dt`` along the bent path, at the entry
    speed (no friction over the hole), phi as in ``tipping_integral``."""
    cx, cy = _pocket_centre(p, prm[P_POCKET_C])
    x0 = st[i, SX]
    y0 = st[i, SY]
    ux = st[i, SUX]
    uy = st[i, SUY]
    v = st[i, SSPEED]
    r = st[i, SRAD]
    prad = prm[P_POCKET_R]
    lim = prm[P_HALF] - r
    e = prm[P_E_CUSHION]
    # Where it meets the cushion: the first of x or y to reach +-lim.
    s1 = INF
    on_x = False  # the cushion met is an east or west one (x = +-lim)
    if ux != 0.0:
        sx = ((lim if ux > 0.0 else -lim) - x0) / ux
        if sx >= 0.0 and sx < s1:
            s1 = sx
            on_x = True
    if uy != 0.0:
        sy = ((lim if uy > 0.0 else -lim) - y0) / uy
        if sy >= 0.0 and sy < s1:
            s1 = sy
            on_x = False
    if s1 == INF:
        return False
    hx = x0 + ux * s1
    hy = y0 + uy * s1
    # The rebound: the normal component reversed and scaled by e.
    vx = v * ux
    vy = v * uy
    if on_x:
        vx = -e * vx
    else:
        vy = -e * vy
    v2 = math.sqrt(vx * vx + vy * vy)
    if v2 <= 0.0:
        return False
    u2x = vx / v2
    u2y = vy / v2
    # Out of the tipping circle along the rebound: the far root of |h + u2 s - c| = rt.
    rt2 = prad * prad - r * r
    wx = hx - cx
    wy = hy - cy
    bq = wx * u2x + wy * u2y
    cq = wx * wx + wy * wy - rt2
    disc = bq * bq - cq
    if disc < 0.0:
        return False
    s2 = -bq + math.sqrt(disc)
    if s2 <= 0.0:
        return False
    # A second cushion first (deep in the corner): it stays over the hole.
    ex = hx + u2x * s2
    ey = hy + u2y * s2
    if abs(ex) > lim + 1e-12 or abs(ey) > lim + 1e-12:
        return False
    # It must not stop before it is out (board friction on the way, as _captured asks).
    if v2 * v2 < 2.0 * st[i, SDEC] * s2:
        return False
    t1 = s1 / v
    tt = t1 + s2 / v2
    h = prm[P_THICK_STRIKER] if it[i, ICLS] == 1 else prm[P_THICK_COIN]
    k2 = 0.25 * r * r + h * h / 12.0
    full = prad - r
    nq = 128
    dt = tt / nq
    total = 0.0
    for q in range(nq + 1):
        t = q * dt
        if t <= t1:
            px = x0 + ux * v * t - cx
            py = y0 + uy * v * t - cy
        else:
            px = wx + u2x * v2 * (t - t1)
            py = wy + u2y * v2 * (t - t1)
        d = math.sqrt(px * px + py * py)
        if d <= full:
            phi = 1.0
        else:
            lever = (rt2 - d * d) / (2.0 * d) if d > 0.0 else 0.0
            if lever < 0.0:
                lever = 0.0
            phi = lever * lever / (k2 + lever * lever)
        w = 1.0 if (q == 0 or q == nq) else (4.0 if q % 2 == 1 else 2.0)
        total += w * (tt - t) * phi
    return prm[P_GRAVITY] * total * dt / 3.0 < 0.5 * h


@njit(cache=True, inline="always")
def _struck_by_a_disc(b, nc, rb, rk, imps):
    """True if one of a cluster impact's ``nc`` contacts that acted joins body b to another disc
    (not a cushion)."""
    for c in range(nc):
        if imps[c] > 0.0 and rk[c] >= 0 and (rb[c] == b or rk[c] == b):
            return True
    return False


OVERHANG_NODES = 32  # Simpson intervals per straight piece of the overhang (_overhang_falls)
OVERHANG_PIECES = 4  # a right-angle corner turns a straight path back at most twice


@njit(cache=True)
def _overhang_falls(i, p, st, it, prm):
    """v5 (POCKET_MECHANICAL): body i, re-based where its centre enters pocket p's tipping circle
    (its centre of mass overhangs the rim from here): does it fall in?

    Its overhang is followed over the hole: straight pieces at the slide's own deceleration,
    each cushion of the corner met on the way (the jaws: the cushions' lines over the hole)
    played by the engine's cushion impact (restitution, friction, spin), until its centre
    leaves the tipping circle (its centre of mass is over the board again: support regained).
    Meanwhile its centre of mass falls from rest with ``z'' = g phi(d)`` (phi as in
    ``tipping_integral``: pivoting on the rim chord, freely once the whole disc is over the
    hole). It falls if ``z`` has reached half its thickness when support is regained, or if
    it comes to rest still overhanging. No rule by which cushion was met: every contact is
    played, and what decides is the drop against the time the disc spends unsupported."""
    cx, cy = _pocket_centre(p, prm[P_POCKET_C])
    r = st[i, SRAD]
    m = st[i, SMASS]
    prad = prm[P_POCKET_R]
    rt2 = prad * prad - r * r
    if rt2 <= 0.0:
        return False
    h = prm[P_THICK_STRIKER] if it[i, ICLS] == 1 else prm[P_THICK_COIN]
    k2 = 0.25 * r * r + h * h / 12.0
    full = prad - r
    lim = prm[P_HALF] - r
    e = prm[P_E_CUSHION]
    model = int(prm[P_MODEL])
    mu = prm[P_MU_IMPACT]
    a = st[i, SDEC]
    side_x = 1 if cx > 0.0 else 3  # the corner's cushions: east or west, north or south
    side_y = 2 if cy > 0.0 else 0
    sgx = 1.0 if cx > 0.0 else -1.0
    sgy = 1.0 if cy > 0.0 else -1.0
    x = st[i, SX]
    y = st[i, SY]
    v = st[i, SSPEED]
    vx = v * st[i, SUX]
    vy = v * st[i, SUY]
    w = st[i, SW]
    big_t = 0.0  # time since entering
    i0 = 0.0  # integral of phi dt
    i1 = 0.0  # integral of t phi dt
    out = False
    for _piece in range(OVERHANG_PIECES):
        v = math.sqrt(vx * vx + vy * vy)
        if v <= 0.0:
            return True
        ux = vx / v
        uy = vy / v
        # Out of the tipping circle along this piece: the far root of |q + u s - c| = rt.
        qx = x - cx
        qy = y - cy
        bq = qx * ux + qy * uy
        cq = qx * qx + qy * qy - rt2
        disc = bq * bq - cq
        s_out = -bq + math.sqrt(disc) if disc > 0.0 else 0.0
        if s_out < 0.0:
            s_out = 0.0
        # The corner's cushions ahead (a disc already pressed past a line meets it at once).
        s_end = s_out
        side = -1
        for axis in range(2):
            un = sgx * ux if axis == 0 else sgy * uy
            if un > 0.0:
                gap = lim - (sgx * x if axis == 0 else sgy * y)
                d = (gap if gap > 0.0 else 0.0) / un
                if d < s_end:
                    s_end = d
                    side = side_x if axis == 0 else side_y
        if v * v <= 2.0 * a * s_end:
            return True  # it comes to rest overhanging: unsupported, it tips in
        tau = _time_for_distance(s_end, v, a)
        # phi jumps where the whole disc comes over the hole (|q + u s| = full): integrate on
        # each side of those crossings, so that the quadrature follows the jump exactly.
        sa = 0.0
        sb = s_end
        bb = qx * ux + qy * uy
        cf = qx * qx + qy * qy - full * full
        df = bb * bb - cf if full > 0.0 else -1.0
        if df > 0.0:
            root = math.sqrt(df)
            sa = min(max(-bb - root, 0.0), s_end)
            sb = min(max(-bb + root, 0.0), s_end)
        ta = _time_for_distance(sa, v, a)
        tb = _time_for_distance(sb, v, a)
        for part in range(3):
            lo_t = 0.0 if part == 0 else (ta if part == 1 else tb)
            hi_t = ta if part == 0 else (tb if part == 1 else tau)
            if hi_t <= lo_t:
                continue
            ht = (hi_t - lo_t) / OVERHANG_NODES
            for q in range(OVERHANG_NODES + 1):
                tq = lo_t + q * ht
                sq = tq * (v - 0.5 * a * tq)
                px = qx + ux * sq
                py = qy + uy * sq
                if part == 1 and df > 0.0:
                    phi = 1.0  # between the crossings the whole disc is over the hole
                else:
                    dq = math.sqrt(px * px + py * py)
                    lever = (rt2 - dq * dq) / (2.0 * dq) if dq > 0.0 else 0.0
                    if lever < 0.0:
                        lever = 0.0
                    phi = lever * lever / (k2 + lever * lever)
                wq = 1.0 if (q == 0 or q == OVERHANG_NODES) else (4.0 if q % 2 == 1 else 2.0)
                i0 += wq * phi * ht / 3.0
                i1 += wq * (big_t + tq) * phi * ht / 3.0
        big_t += tau
        x += ux * s_end
        y += uy * s_end
        vnow = v - a * tau
        if side < 0:
            out = True
            break
        vx, vy, w, _jn = _wall_impact(model, mu, side, vnow * ux, vnow * uy, w, r, m, e)
    if not out:
        return True  # still over the hole after every turn the corner allows
    return prm[P_GRAVITY] * (big_t * i0 - i1) >= 0.5 * h


# ---------------------------------------------------------------------------------------
# Prediction bookkeeping. Every pair's next contact is cached in a symmetric matrix ``pt``
# and every body's own next event in SOWNT/IOK/IOX; a body's record (SRT, IRK..IRX) is the
# earliest of its own event and its row of ``pt``. An event recomputes only what it
# changed, all of it inside one call per event.

UPDATE_FULL = 0  # the paths of i (and j) changed
UPDATE_STOP = 1  # i came to rest: same path, no pair changes
UPDATE_PAIR = 2  # i and j touched without an impact: only their pair looks again


@njit(cache=True, inline="always")
def _set_box(b, st):
    """Body b's box: the bounding box of its path from its reference state to where it
    stops, widened by its radius and BOX_MARGIN. A re-based path (the same slide, a later
    reference) keeps the old box, which still holds it."""
    x = st[b, SX]
    y = st[b, SY]
    ex = x
    ey = y
    s = st[b, SSPEED]
    if s > 0.0:
        a = st[b, SDEC]
        ts = s / a
        d = ts * (s - 0.5 * a * ts)
        ex = x + st[b, SUX] * d
        ey = y + st[b, SUY] * d
    w = st[b, SRAD] + BOX_MARGIN
    st[b, SBOX] = min(x, ex) - w
    st[b, SBOX + 1] = max(x, ex) + w
    st[b, SBOX + 2] = min(y, ey) - w
    st[b, SBOX + 3] = max(y, ey) + w


# No array through a call: even inlined (inline="always"), a helper's array parameters are
# reference-counted (atomically) at each use, which cost the per-pair loops of _update and
# _clean more than the predictions' own arithmetic; there the two helpers that ran per
# pair (this one, and the offer of a contact to a record) are written out. Only
# _predict_all, once per shot, calls _pair_time.


@njit(cache=True)
def _pair_time(b, k, st, it, prm, ov):
    """Predicted contact time of bodies b and k from their current states (INF when
    either is gone or both rest).

    Bodies whose boxes (``_set_box``) do not overlap cannot come within a micrometre of
    touching: ``_pair_event`` would find no contact, so it is not asked."""
    if (
        st[b, SBOX] > st[k, SBOX + 1]
        or st[k, SBOX] > st[b, SBOX + 1]
        or st[b, SBOX + 2] > st[k, SBOX + 3]
        or st[k, SBOX + 2] > st[b, SBOX + 3]
    ):
        return INF
    if it[b, IALIVE] and it[k, IALIVE] and (st[b, SSPEED] > 0.0 or st[k, SSPEED] > 0.0):
        return _pair_event(
            st[b, SX], st[b, SY], st[b, SUX], st[b, SUY], st[b, SSPEED], st[b, STREF], st[b, SDEC],
            st[k, SX], st[k, SY], st[k, SUX], st[k, SUY], st[k, SSPEED], st[k, STREF], st[k, SDEC],
            st[b, SRAD] + st[k, SRAD], prm[P_TOUCH], prm[P_VEPS], ov[b, k],
        )
    return INF


@njit(cache=True, inline="always")
def _rescan_marked(st, it, pt):
    """Rebuild the record of every marked body (and clear the marks): the earliest of its
    own event and its row of pairs. One call for them all: see the note on SRAD above."""
    n = pt.shape[0]
    for b in range(n):
        if not it[b, IMARK]:
            continue
        it[b, IMARK] = 0
        bt = st[b, SOWNT]
        bk = it[b, IOK]
        ba = b if bk != NOTHING else -1
        bb = -1
        bx = it[b, IOX]
        for k in range(n):
            t = pt[b, k]
            if t == INF:
                continue
            lo = b if b < k else k
            hi = k if b < k else b
            if _before(t, CONTACT, lo, hi, -1, bt, bk, ba, bb, bx):
                bt = t
                bk = CONTACT
                ba = lo
                bb = hi
                bx = -1
        st[b, SRT] = bt
        it[b, IRK] = bk
        it[b, IRA] = ba
        it[b, IRB] = bb
        it[b, IRX] = bx


@njit(cache=True, inline="always")
def _update(mode, i, j, st, it, pt, prm, ov):
    """Predict again what an event of bodies i (and j) changed.

    In UPDATE_FULL only the pairs now touching (gap <= P_TOUCH) are predicted at once: only
    they can meet at this very instant, as in the long cascades of a touching cluster. The
    other pairs of i and j are set aside (INF) and the body marked dirty; ``_clean``
    predicts them before time moves on."""
    n = st.shape[0]
    eps = prm[P_TOUCH]
    # Own events of the bodies involved.
    for q in range(2):
        b = i if q == 0 else j
        if b < 0:
            continue
        if it[b, IALIVE] and st[b, SSPEED] > 0.0:
            pmodel = int(prm[P_POCKET_MODEL])
            if it[b, IPASS] >= 0 and not _inside_tipping(b, it[b, IPASS], st, prm):
                it[b, IPASS] = -1  # it has left the pocket it passed over
            t, k, x = _own_event(
                b, st[b, SX], st[b, SY], st[b, SUX], st[b, SUY], st[b, SSPEED], st[b, STREF], st[b, SRAD],
                st[b, SDEC], prm[P_HALF], prm[P_POCKET_R], prm[P_POCKET_C], eps, prm[P_VEPS], prm[P_OVERLAP],
                pmodel, it[b, IPASS],
            )
        else:
            t = INF
            k = NOTHING
            x = -1
        st[b, SOWNT] = t
        it[b, IOK] = k
        it[b, IOX] = x
    # Pair predictions.
    if mode != UPDATE_STOP:
        for q in range(2):
            b = i if q == 0 else j
            if b < 0:
                continue
            for k in range(n):
                if k == b or (q == 1 and k == i):
                    continue
                if mode == UPDATE_PAIR and k != j:
                    continue
                t = INF
                if it[b, IALIVE] and it[k, IALIVE] and (st[b, SSPEED] > 0.0 or st[k, SSPEED] > 0.0):
                    touching = True
                    if mode == UPDATE_FULL:
                        # b was re-based at the event's time; where is k then?
                        xk, yk, _vx, _vy, _s = _slide(
                            st[k, SX], st[k, SY], st[k, SUX], st[k, SUY], st[k, SSPEED], st[k, STREF], st[b, STREF], st[k, SDEC]
                        )
                        dx = xk - st[b, SX]
                        dy = yk - st[b, SY]
                        rr = st[b, SRAD] + st[k, SRAD]
                        touching = dx * dx + dy * dy <= (rr + eps) * (rr + eps)
                    if touching:
                        # _pair_time(b, k, ...), written out (see "no array through a call" above it).
                        t = INF
                        if not (
                            st[b, SBOX] > st[k, SBOX + 1]
                            or st[k, SBOX] > st[b, SBOX + 1]
                            or st[b, SBOX + 2] > st[k, SBOX + 3]
                            or st[k, SBOX + 2] > st[b, SBOX + 3]
                        ) and it[b, IALIVE] and it[k, IALIVE] and (st[b, SSPEED] > 0.0 or st[k, SSPEED] > 0.0):
                            t = _pair_event(
                                st[b, SX], st[b, SY], st[b, SUX], st[b, SUY], st[b, SSPEED], st[b, STREF], st[b, SDEC],
                                st[k, SX], st[k, SY], st[k, SUX], st[k, SUY], st[k, SSPEED], st[k, STREF], st[k, SDEC],
                                st[b, SRAD] + st[k, SRAD], prm[P_TOUCH], prm[P_VEPS], ov[b, k],
                            )
                    else:
                        it[b, IDIRTY] = 1
                pt[b, k] = t
                pt[k, b] = t
    # Records: rebuild those of the bodies involved and of every body whose record named
    # one of them; every other body just considers its new contacts with them.
    for k in range(n):
        it[k, IMARK] = 0
    it[i, IMARK] = 1
    if j >= 0:
        it[j, IMARK] = 1
    if mode == UPDATE_FULL:
        for k in range(n):
            if it[k, IMARK]:
                continue
            if it[k, IRK] != NOTHING and (
                it[k, IRA] == i or it[k, IRB] == i or (j >= 0 and (it[k, IRA] == j or it[k, IRB] == j))
            ):
                it[k, IMARK] = 1
                continue
            for q in range(2):
                b = i if q == 0 else j
                if b < 0:
                    continue
                t = pt[k, b]
                if t != INF:
                    # Let body k's record take the contact (k, b) at t if it comes first (written out, as
                    # the pair's prediction: see "no array through a call" above _pair_time).
                    lo = k if k < b else b
                    hi = b if k < b else k
                    if _before(t, CONTACT, lo, hi, -1, st[k, SRT], it[k, IRK], it[k, IRA], it[k, IRB], it[k, IRX]):
                        st[k, SRT] = t
                        it[k, IRK] = CONTACT
                        it[k, IRA] = lo
                        it[k, IRB] = hi
                        it[k, IRX] = -1
    _rescan_marked(st, it, pt)


@njit(cache=True, inline="always")
def _clean(st, it, pt, prm, ov):
    """Predict every pair set aside by ``_update``; then rebuild the dirty bodies' records
    and let every other body consider its new contacts with them (its record already
    holds everything else: the pairs set aside were INF when it was last built)."""
    n = st.shape[0]
    nd = 0
    for i in range(n):
        if it[i, IDIRTY]:
            it[nd, ILIST] = i
            nd += 1
    for q in range(nd):
        i = it[q, ILIST]
        for j in range(n):
            if j == i or (it[j, IDIRTY] and j < i):
                continue  # (j, i) done already with j
            # _pair_time(i, j, ...), written out (see "no array through a call" above it).
            t = INF
            if not (
                st[i, SBOX] > st[j, SBOX + 1]
                or st[j, SBOX] > st[i, SBOX + 1]
                or st[i, SBOX + 2] > st[j, SBOX + 3]
                or st[j, SBOX + 2] > st[i, SBOX + 3]
            ) and it[i, IALIVE] and it[j, IALIVE] and (st[i, SSPEED] > 0.0 or st[j, SSPEED] > 0.0):
                t = _pair_event(
                    st[i, SX], st[i, SY], st[i, SUX], st[i, SUY], st[i, SSPEED], st[i, STREF], st[i, SDEC],
                    st[j, SX], st[j, SY], st[j, SUX], st[j, SUY], st[j, SSPEED], st[j, STREF], st[j, SDEC],
                    st[i, SRAD] + st[j, SRAD], prm[P_TOUCH], prm[P_VEPS], ov[i, j],
                )
            pt[i, j] = t
            pt[j, i] = t
    for k in range(n):
        if it[k, IDIRTY]:
            it[k, IMARK] = 1
            continue
        it[k, IMARK] = 0
        for q in range(nd):
            d = it[q, ILIST]
            t = pt[k, d]
            if t != INF:
                # Let body k's record take the contact (k, d) at t if it comes first (written out, as
                # the pair's prediction: see "no array through a call" above _pair_time).
                lo = k if k < d else d
                hi = d if k < d else k
                if _before(t, CONTACT, lo, hi, -1, st[k, SRT], it[k, IRK], it[k, IRA], it[k, IRB], it[k, IRX]):
                    st[k, SRT] = t
                    it[k, IRK] = CONTACT
                    it[k, IRA] = lo
                    it[k, IRB] = hi
                    it[k, IRX] = -1
    for k in range(n):
        it[k, IDIRTY] = 0
    _rescan_marked(st, it, pt)


@njit(cache=True)
def _predict_all(st, it, pt, prm, ov):
    """Every prediction from scratch (at the start)."""
    n = st.shape[0]
    for i in range(n):
        pt[i, i] = INF
        _update(UPDATE_STOP, i, -1, st, it, pt, prm, ov)  # its own event
    for i in range(n):
        for j in range(i + 1, n):
            t = _pair_time(i, j, st, it, prm, ov)
            pt[i, j] = t
            pt[j, i] = t
    for i in range(n):
        it[i, IMARK] = 1
    _rescan_marked(st, it, pt)


# ---------------------------------------------------------------------------------------
# Collision models (the extension point: add a model number and a branch here)


@njit(cache=True)
def _collide(model, xi, yi, vxi, vyi, mi, xj, yj, vxj, vyj, mj, e):
    """Velocities after an impact of discs i and j touching at these positions, and the
    normal impulse: an instantaneous impulse along the line of centres with restitution
    ``e``; tangential velocities are unchanged (MODEL_COULOMB adds ``_friction_pair``)."""
    nx = xj - xi
    ny = yj - yi
    d = math.sqrt(nx * nx + ny * ny)
    nx /= d
    ny /= d
    vn = (vxj - vxi) * nx + (vyj - vyi) * ny
    jm = -(1.0 + e) * vn / (1.0 / mi + 1.0 / mj)
    return (
        vxi - jm / mi * nx,
        vyi - jm / mi * ny,
        vxj + jm / mj * nx,
        vyj + jm / mj * ny,
        jm,
    )


# ---------------------------------------------------------------------------------------
# Impact friction and spin (MODEL_COULOMB; docs/physics.md, "impact friction")


@njit(cache=True)
def _coulomb(stick, limit):
    """The tangential impulse: the one that stops the slip (``stick``) if friction can give
    it, else the most friction gives (``limit`` = mu times the normal impulse), same sign."""
    if stick > limit:
        return limit
    if stick < -limit:
        return -limit
    return stick


@njit(cache=True, inline="always")
def _mu_slip(ut, a, b, c):
    """Disc-on-disc friction at slip speed |ut|: a + b exp(-c |ut|) (v4), a when b = 0 (v3)."""
    if b == 0.0:
        return a
    return a + b * math.exp(-c * abs(ut))


@njit(cache=True)
def _friction_pair(nx, ny, vxi, vyi, wi, ri, mi, vxj, vyj, wj, rj, mj, jn, mu, mub, muc):
    """Tangential impulse on disc j along t = (-ny, nx) (on disc i the opposite), for a
    normal impulse ``jn`` along n (from i to j) and Coulomb friction ``mu``.

    The contact points slip at ut = (vj - vi) . t - (wi ri + wj rj). A tangential impulse
    J changes it by 3 J (1/mi + 1/mj) (each disc's inertia m r^2 / 2 doubles the effect of
    its mass), and the normal impulse leaves it alone: the slip stops (the discs stick) if
    |J| = |ut| / (3 (1/mi + 1/mj)) needs no more than mu jn; otherwise they slide
    throughout and J = mu jn against the slip. v4: mu is mu(|ut|) = mu + mub exp(-muc |ut|),
    the slip speed at the start of the impact (``_mu_slip``)."""
    ut = (vxj - vxi) * -ny + (vyj - vyi) * nx - (wi * ri + wj * rj)
    return _coulomb(-ut / (3.0 * (1.0 / mi + 1.0 / mj)), _mu_slip(ut, mu, mub, muc) * jn)


@njit(cache=True)
def _friction_wall(nx, ny, vx, vy, w, r, m, jn, mu):
    """Tangential impulse on a disc along t = (-ny, nx) from a cushion whose outward normal
    (from the disc) is n, for a normal impulse ``jn``: the contact point slips at
    v . t + w r, a tangential impulse J changes that by 3 J / m; stick or slide as in
    ``_friction_pair``."""
    ut = vx * -ny + vy * nx + w * r
    return _coulomb(-ut * m / 3.0, mu * jn)


@njit(cache=True, inline="always")
def _spin_at(b, t, st):
    """Body b's spin at time t (its slide's law: falling linearly to zero)."""
    w = st[b, SW]
    if w == 0.0:
        return 0.0
    dt = t - st[b, STREF]
    drop = st[b, SWDEC] * (dt if dt > 0.0 else 0.0)
    if w > 0.0:
        return w - drop if w > drop else 0.0
    return w + drop if -w > drop else 0.0


@njit(cache=True, inline="always")
def _set_law(b, st, prm):
    """Body b's slide law (``_set_slide``) and box (``_set_box``), its path just set."""
    _set_slide(b, st, prm)
    _set_box(b, st)


@njit(cache=True)
def _set_slide(b, st, prm):
    """Body b's slide law from its speed and spin (just set): without spin it decelerates at
    mu g; spinning, at mu g / reach(eps), eps = v / (R |w|), the exact coupled motion's
    stopping distance in units of v^2 / (2 mu g) (tabulated linearly in z = eps / (1 + eps),
    carrom/physics/spin.py), its spin falling linearly to zero as it stops. A disc spinning
    on the spot loses spin at 4 mu g / (3 R) (the torque of a spinning face, 2/3 mu m g R)."""
    mug = prm[P_DECEL]
    w = abs(st[b, SW])
    st[b, SDEC] = mug
    if w == 0.0:
        st[b, SWDEC] = 0.0
        return
    s = st[b, SSPEED]
    r = st[b, SRAD]
    if s <= 0.0:
        st[b, SWDEC] = 4.0 * mug / (3.0 * r)
        return
    z = s / (s + r * w)  # eps / (1 + eps), eps = s / (r w), without overflow
    if z < 1e-12:
        z = 1e-12
    pos = z * (SPIN_TABLE_SIZE - 1)
    k = int(pos)
    if k > SPIN_TABLE_SIZE - 2:
        k = SPIN_TABLE_SIZE - 2
    h0 = prm[P_SPIN_TABLE + k]
    h = h0 + (pos - k) * (prm[P_SPIN_TABLE + k + 1] - h0)
    st[b, SDEC] = mug * z / h
    st[b, SWDEC] = w * st[b, SDEC] / s


@njit(cache=True)
def _pair_impact(model, mu, mub, muc, xi, yi, vxi, vyi, wi, ri, mi, xj, yj, vxj, vyj, wj, rj, mj, e):
    """A lone impact of discs i and j: velocities and spins after it, and the normal impulse."""
    nvxi, nvyi, nvxj, nvyj, jn = _collide(model, xi, yi, vxi, vyi, mi, xj, yj, vxj, vyj, mj, e)
    if model == MODEL_COULOMB:
        nx = xj - xi
        ny = yj - yi
        d = math.sqrt(nx * nx + ny * ny)
        nx /= d
        ny /= d
        jt = _friction_pair(nx, ny, vxi, vyi, wi, ri, mi, vxj, vyj, wj, rj, mj, jn, mu, mub, muc)
        nvxi += jt / mi * ny
        nvyi -= jt / mi * nx
        nvxj -= jt / mj * ny
        nvyj += jt / mj * nx
        wi -= 2.0 * jt / (mi * ri)
        wj -= 2.0 * jt / (mj * rj)
    return nvxi, nvyi, wi, nvxj, nvyj, wj, jn


@njit(cache=True)
def _wall_impact(model, mu, side, vx, vy, w, r, m, e):
    """A disc striking cushion ``side``: velocity and spin after it, and the normal impulse."""
    nx, ny = _wall_normal(side)
    vn = vx * nx + vy * ny
    jn = m * (1.0 + e) * abs(vn)
    if side == 0 or side == 2:
        vy = -e * vy
    else:
        vx = -e * vx
    if model == MODEL_COULOMB:
        jt = _friction_wall(nx, ny, vx, vy, w, r, m, jn, mu)
        vx -= jt / m * ny
        vy += jt / m * nx
        w += 2.0 * jt / (m * r)
    return vx, vy, w, jn


# ---------------------------------------------------------------------------------------
# Simultaneous impacts (SOLVER_SIMULTANEOUS; docs/physics.md, "simultaneous impacts")


@njit(cache=True)
def _wall_normal(side):
    """Outward unit normal of cushion ``side`` (0 south, 1 east, 2 north, 3 west)."""
    if side == 0:
        return 0.0, -1.0
    if side == 1:
        return 1.0, 0.0
    if side == 2:
        return 0.0, 1.0
    return -1.0, 0.0


@njit(cache=True)
def _contact_force(dl, dmax, e, k):
    """Walton-Braun hysteresis: loading at stiffness k, unloading at k / e^2 down to the
    permanent overlap dmax (1 - e^2); an isolated pair leaves with restitution exactly e."""
    if dl <= 0.0:
        return 0.0
    if dl >= dmax:
        return k * dl
    if e <= 0.0:
        return 0.0
    f = k / (e * e) * (dl - dmax * (1.0 - e * e))
    return f if f > 0.0 else 0.0


@njit(cache=True)
def _separate(rb, rk, over, slow, nc, px, py, st):
    """Take the overlap (at most P_PERSIST) out of every pressing contact: its two discs
    move apart along the line of centres, each by its share of the inverse mass, so the
    next press starts from touching (docs/physics.md, "persistent contacts")."""
    for c in range(nc):
        if not slow[c] or over[c] <= 0.0:
            continue
        b = rb[c]
        k = rk[c]
        dx = px[k] - px[b]
        dy = py[k] - py[b]
        d = math.sqrt(dx * dx + dy * dy)
        wb = 1.0 / st[b, SMASS]
        wk = 1.0 / st[k, SMASS]
        sb = over[c] * wb / (wb + wk)
        sk = over[c] - sb
        px[b] -= sb * dx / d
        py[b] -= sb * dy / d
        px[k] += sk * dx / d
        py[k] += sk * dy / d


@njit(cache=True, inline="always")
def _step_jt(c, b, k, jn, mu, mud, mub, muc, cnx, cny, fr, vel, spin):
    """The tangential impulse (along t on body k, or on b for a cushion) that contact c's
    normal impulse ``jn`` of one step brings: Coulomb, stick or slide on this step's slip
    (as ``_friction_pair`` and ``_friction_wall``), with the contact's constants precomputed
    in ``fr`` (tangential mass, inverse masses, radii; body k's zero for a cushion). A
    cushion's coefficient is ``mu``; a pair's ``_mu_slip(slip, mud, mub, muc)``."""
    nx = cnx[c]
    ny = cny[c]
    if k >= 0:
        ut = (vel[k, 0] - vel[b, 0]) * -ny + (vel[k, 1] - vel[b, 1]) * nx - (spin[b] * fr[3, c] + spin[k] * fr[4, c])
        stick = -ut * fr[0, c]
        limit = mud * jn
        if mub != 0.0 and (stick > limit or stick < -limit):
            # v4: the exponential only where it decides (mu(v) >= a: what a sticks, sticks).
            limit = _mu_slip(ut, mud, mub, muc) * jn
        return _coulomb(stick, limit)
    ut = vel[b, 0] * -ny + vel[b, 1] * nx + spin[b] * fr[3, c]
    return _coulomb(-ut * fr[0, c], mu * jn)


@njit(cache=True, inline="always")
def _step_apply(c, b, k, jt, cnx, cny, fr, vel, spin):
    """Apply contact c's tangential impulse ``jt`` of a step (``_step_jt``)."""
    nx = cnx[c]
    ny = cny[c]
    if k >= 0:
        wk = fr[2, c]
        vel[k, 0] -= jt * wk * ny
        vel[k, 1] += jt * wk * nx
        spin[k] -= 2.0 * jt * wk / fr[4, c]
        jt = -jt  # on b the opposite, along t
    wb = fr[1, c]
    vel[b, 0] -= jt * wb * ny
    vel[b, 1] += jt * wb * nx
    spin[b] += 2.0 * jt * wb / fr[3, c]


@njit(cache=True)
def _cluster_impact(i, j, side, t, st, it, prm, last_cushion, bf, vel, bi, cf, ci):
    """Resolve, at time t, every contact of the cluster of discs (and cushions) within
    P_CLUSTER_GAP of the triggering contact (i, j), or (i, cushion ``side``) when j < 0.

    All contacts act at once: each is a compliant spring (Walton-Braun, restitution per
    pair of kinds; 1 for a pressing contact, one approaching slower than friction can
    bring two discs together over P_PERSIST; 0 for a disc striking the same cushion again
    within P_STICK_WITHIN) and the impact phase
    is integrated with the geometry frozen (positions move micrometres during it) by
    leapfrog steps, the forces summed in an order fixed by the contacts' positions, so the
    outcome does not depend on how the discs are numbered. A lone contact takes the closed
    form instead (exact). MODEL_COULOMB: each contact's normal impulse of a step brings its
    friction (``_friction_pair``/``_friction_wall`` on the step's impulse), applied in the
    same order; spins (``bf[:, 2]``) change with it. Returns the number of contacts; the
    work arrays hold the rest: positions and spins after (``bf``), velocities (``vel``),
    changed bodies (``bi[:, 2]``), contacts as rows (first body, second body or -1, cushion
    or -1) with their normal impulses and a pressing flag (``ci``, ``cf``)."""
    n = st.shape[0]
    a = prm[P_DECEL]
    model = int(prm[P_MODEL])
    mu = prm[P_MU_IMPACT]
    mud = prm[P_MU_DISC]
    mub = prm[P_MU_SLOW]
    muc = prm[P_MU_DECAY]
    symmetric = int(prm[P_PACK]) == PACK_SYMMETRIC
    gap_max = prm[P_CLUSTER_GAP]
    half = prm[P_HALF]
    veps = prm[P_VEPS]
    eps = prm[P_TOUCH]
    kstiff = prm[P_STIFFNESS]
    window = prm[P_STICK_WITHIN]
    # Work space, allocated once per shot by ``run`` (bf, vel, bi: per body; cf, ci: per
    # contact), viewed column by column: allocations per impact would cost more than it.
    px = bf[:, 0]
    py = bf[:, 1]
    spin = bf[:, 2]
    # The cluster: everything within gap_max of it, transitively. Each body's place,
    # velocity and spin at t are computed when first needed (``comp`` marks them: it is
    # free until the energy check): only the cluster's bodies, and those whose box
    # (``_set_box``) reaches a member, are asked; the others cannot be within gap_max.
    inc = bi[:, 0]
    order = bi[:, 1]
    changed = bi[:, 2]
    comp = bi[:, 3]
    for k in range(n):
        inc[k] = 0
        changed[k] = 0
        comp[k] = 0
        vel[k, 0] = 0.0
        vel[k, 1] = 0.0
        spin[k] = 0.0
    nb = 1
    order[0] = i
    inc[i] = 1
    if j >= 0:
        order[1] = j
        inc[j] = 1
        nb = 2
    for q in range(nb):
        k = order[q]
        px[k], py[k], vel[k, 0], vel[k, 1], _s = _slide(
            st[k, SX], st[k, SY], st[k, SUX], st[k, SUY], st[k, SSPEED], st[k, STREF], t, st[k, SDEC]
        )
        spin[k] = _spin_at(k, t, st)
        comp[k] = 1
    q = 0
    while q < nb:
        b = order[q]
        q += 1
        reach = st[b, SRAD] + gap_max + BOX_MARGIN
        for k in range(n):
            if inc[k] or not it[k, IALIVE]:
                continue
            if (
                px[b] + reach < st[k, SBOX]
                or px[b] - reach > st[k, SBOX + 1]
                or py[b] + reach < st[k, SBOX + 2]
                or py[b] - reach > st[k, SBOX + 3]
            ):
                continue  # its box, and so its centre, is more than its radius + gap_max away
            if not comp[k]:
                px[k], py[k], vel[k, 0], vel[k, 1], _s = _slide(
                    st[k, SX], st[k, SY], st[k, SUX], st[k, SUY], st[k, SSPEED], st[k, STREF], t, st[k, SDEC]
                )
                spin[k] = _spin_at(k, t, st)
                comp[k] = 1
            dx = px[k] - px[b]
            dy = py[k] - py[b]
            if math.sqrt(dx * dx + dy * dy) - (st[b, SRAD] + st[k, SRAD]) <= gap_max:
                inc[k] = 1
                order[nb] = k
                nb += 1
    # Its contacts: cushions first, then pairs (lo, hi), as the event order has it.
    maxc = 4 * nb + nb * (nb - 1) // 2
    # Per contact, one contiguous row of the work arrays for each quantity.
    rb = ci[CI_B]
    rk = ci[CI_K]
    rside = ci[CI_SIDE]
    slow = ci[CI_SLOW]
    perm = ci[CI_PERM]
    cnx = cf[CF_NX]
    cny = cf[CF_NY]
    dl = cf[CF_OVERLAP]
    ce = cf[CF_E]
    imp = cf[CF_IMPULSE]
    dmax = cf[CF_DMAX]
    force = cf[CF_FORCE]
    over0 = cf[CF_OVER0]
    keyx = cf[CF_KEYX]
    keyy = cf[CF_KEYY]
    fr = cf[CF_FR : CF_FR + 5]  # MODEL_COULOMB: per contact, its constants (see _step_jt)
    jts = cf[CF_JT]
    for c in range(maxc):
        slow[c] = 0
        imp[c] = 0.0
    # Slower than friction can bring two discs together over P_PERSIST (their relative
    # deceleration is at most 2 mu g): a persistent contact.
    v_hold = math.sqrt(4.0 * a * prm[P_PERSIST])
    nc = 0
    for b in range(n):
        if not inc[b]:
            continue
        for sd in range(4):
            nx, ny = _wall_normal(sd)
            over = st[b, SRAD] - (half - (px[b] * nx + py[b] * ny))
            if over >= -gap_max:
                rb[nc] = b
                rk[nc] = -1
                rside[nc] = sd
                cnx[nc] = nx
                cny[nc] = ny
                dl[nc] = over
                last = last_cushion[b, sd]
                ce[nc] = 0.0 if (last < t and t - last < window) else prm[P_E_CUSHION]
                nc += 1
    for b in range(n):
        if not inc[b]:
            continue
        for k in range(b + 1, n):
            if not inc[k]:
                continue
            dx = px[k] - px[b]
            dy = py[k] - py[b]
            d = math.sqrt(dx * dx + dy * dy)
            over = st[b, SRAD] + st[k, SRAD] - d
            if over >= -gap_max:
                rb[nc] = b
                rk[nc] = k
                rside[nc] = -1
                cnx[nc] = dx / d
                cny[nc] = dy / d
                dl[nc] = over
                ce[nc] = prm[P_E_SC] if (it[b, ICLS] == 1 or it[k, ICLS] == 1) else prm[P_E_CC]
                approach = (vel[b, 0] - vel[k, 0]) * cnx[nc] + (vel[b, 1] - vel[k, 1]) * cny[nc]
                if approach > veps and approach < v_hold:
                    # A pressing contact, not an impact: plastic along the line of centres
                    # (sideways sliding kept), the overlap taken out (below).
                    ce[nc] = 0.0
                    slow[nc] = 1
                nc += 1
    if nc == 1:
        # A lone contact: the closed form.
        b = rb[0]
        k = rk[0]
        if k >= 0:
            vel[b, 0], vel[b, 1], spin[b], vel[k, 0], vel[k, 1], spin[k], imp[0] = _pair_impact(
                model, mud, mub, muc, px[b], py[b], vel[b, 0], vel[b, 1], spin[b], st[b, SRAD], st[b, SMASS],
                px[k], py[k], vel[k, 0], vel[k, 1], spin[k], st[k, SRAD], st[k, SMASS], ce[0],
            )
            changed[k] = 1
        else:
            vn = vel[b, 0] * cnx[0] + vel[b, 1] * cny[0]
            imp[0] = st[b, SMASS] * (1.0 + ce[0]) * vn
            vel[b, 0] -= (1.0 + ce[0]) * vn * cnx[0]
            vel[b, 1] -= (1.0 + ce[0]) * vn * cny[0]
            if model == MODEL_COULOMB:
                jt = _friction_wall(cnx[0], cny[0], vel[b, 0], vel[b, 1], spin[b], st[b, SRAD], st[b, SMASS], imp[0], mu)
                vel[b, 0] -= jt / st[b, SMASS] * cny[0]
                vel[b, 1] += jt / st[b, SMASS] * cnx[0]
                spin[b] += 2.0 * jt / (st[b, SMASS] * st[b, SRAD])
        changed[b] = 1
        _separate(rb, rk, dl, slow, nc, px, py, st)
        return nc
    # Sum forces in an order fixed by where the contacts are, not by body numbers.
    for c in range(nc):
        b = rb[c]
        k = rk[c]
        if k >= 0:
            keyx[c] = 0.5 * (px[b] + px[k])
            keyy[c] = 0.5 * (py[b] + py[k])
        else:
            keyx[c] = px[b] + st[b, SRAD] * cnx[c]
            keyy[c] = py[b] + st[b, SRAD] * cny[c]
    for c in range(nc):
        perm[c] = c
    for u in range(1, nc):
        c = perm[u]
        w = u - 1
        while w >= 0 and (keyx[perm[w]] > keyx[c] or (keyx[perm[w]] == keyx[c] and keyy[perm[w]] > keyy[c])):
            perm[w + 1] = perm[w]
            w -= 1
        perm[w + 1] = c
    coulomb = model == MODEL_COULOMB
    if coulomb:
        for c in range(nc):
            b = rb[c]
            k = rk[c]
            fr[1, c] = 1.0 / st[b, SMASS]
            fr[3, c] = st[b, SRAD]
            fr[2, c] = 1.0 / st[k, SMASS] if k >= 0 else 0.0
            fr[4, c] = st[k, SRAD] if k >= 0 else 1.0
            fr[0, c] = 1.0 / (3.0 * (fr[1, c] + fr[2, c]))
    # Step: a tenth of the stiffest contact's time scale sqrt(m / k) (31 steps per loading half-period).
    w2 = 0.0
    for c in range(nc):
        b = rb[c]
        k = rk[c]
        im = 1.0 / st[b, SMASS] + (1.0 / st[k, SMASS] if k >= 0 else 0.0)
        ks = kstiff / (ce[c] * ce[c]) if ce[c] > 0.0 else kstiff
        if ks * im > w2:
            w2 = ks * im
    hstep = 0.1 / math.sqrt(w2)
    # An overlap already there (rounding, or a persistent contact's allowance) is no
    # compression: it stores no energy.
    for c in range(nc):
        over0[c] = dl[c]
    for c in range(nc):
        if dl[c] > 0.0:
            dl[c] = 0.0
    # What the steps read of each contact, at hand: its masses and its unloading law
    # (the very values the expressions of _contact_force and Newton's law give).
    mb = cf[CF_MB]
    mk = cf[CF_MK]
    kun = cf[CF_KUNLOAD]
    perme = cf[CF_PERMANENT]
    for c in range(nc):
        dmax[c] = 0.0
        force[c] = 0.0
        mb[c] = st[rb[c], SMASS]
        mk[c] = st[rk[c], SMASS] if rk[c] >= 0 else 0.0
        e = ce[c]
        kun[c] = kstiff / (e * e) if e > 0.0 else 0.0
        perme[c] = 1.0 - e * e
    hh = 0.5 * hstep
    # The contacts with a force, in the order of summation: both kicks around a drift use
    # the same forces, and most contacts of a cluster push during only a few steps.
    active = ci[CI_ACTIVE]
    nact = 0
    for _step in range(1_000_000):
        for half_kick in range(2):
            if half_kick == 1:
                # Drift: the overlaps change at the approach rates.
                for c in range(nc):
                    b = rb[c]
                    k = rk[c]
                    if k >= 0:
                        rx = vel[b, 0] - vel[k, 0]
                        ry = vel[b, 1] - vel[k, 1]
                    else:
                        rx = vel[b, 0]
                        ry = vel[b, 1]
                    d = dl[c] + hstep * (rx * cnx[c] + ry * cny[c])
                    dl[c] = d
                    # _contact_force, inline.
                    if d <= 0.0:
                        f = 0.0
                    elif d >= dmax[c]:
                        dmax[c] = d
                        f = kstiff * d
                    elif ce[c] <= 0.0:
                        f = 0.0
                    else:
                        f = kun[c] * (d - dmax[c] * perme[c])
                        if not f > 0.0:
                            f = 0.0
                    force[c] = f
                nact = 0
                for u in range(nc):
                    c = perm[u]
                    active[nact] = c
                    nact += 1 if force[c] != 0.0 else 0
            ordered = coulomb and half_kick == 1 and not symmetric
            for u in range(nact):
                c = active[u]
                jm = hh * force[c]
                imp[c] += jm
                b = rb[c]
                k = rk[c]
                ib = jm / mb[c]
                vel[b, 0] -= ib * cnx[c]
                vel[b, 1] -= ib * cny[c]
                if k >= 0:
                    ik = jm / mk[c]
                    vel[k, 0] += ik * cnx[c]
                    vel[k, 1] += ik * cny[c]
                if ordered:
                    # Once a step, on the step's normal impulse (two half kicks), contact by
                    # contact in the summation order (v3: a Gauss-Seidel sweep, which the
                    # order of the contacts on the board biases).
                    jt = _step_jt(c, b, k, 2.0 * jm, mu, mud, mub, muc, cnx, cny, fr, vel, spin)
                    _step_apply(c, b, k, jt, cnx, cny, fr, vel, spin)
            if coulomb and half_kick == 1 and symmetric:
                # v4: every contact's friction of the step from the one state after the
                # step's normal kicks, then all applied: no contact sees another's first.
                for u in range(nact):
                    c = active[u]
                    jts[c] = _step_jt(c, rb[c], rk[c], 2.0 * hh * force[c], mu, mud, mub, muc, cnx, cny, fr, vel, spin)
                for u in range(nact):
                    c = active[u]
                    _step_apply(c, rb[c], rk[c], jts[c], cnx, cny, fr, vel, spin)
        done = True
        for c in range(nc):
            if force[c] > 0.0:
                done = False
                break
            b = rb[c]
            k = rk[c]
            rx = vel[b, 0] - (vel[k, 0] if k >= 0 else 0.0)
            ry = vel[b, 1] - (vel[k, 1] if k >= 0 else 0.0)
            if dl[c] > -eps and rx * cnx[c] + ry * cny[c] > veps:
                done = False
                break
        if done:
            break
    for c in range(nc):
        if imp[c] > 0.0:
            changed[rb[c]] = 1
            if rk[c] >= 0:
                changed[rk[c]] = 1
    # The steps' error must not create energy (an elastic contact may leave a few parts in
    # 1e5 too fast): if it would in a group of discs joined by contacts that acted, scale
    # their velocities about their centre of mass down to the energy before, which keeps
    # the group's momentum.
    for k in range(n):
        comp[k] = k
    merged = True
    while merged:
        merged = False
        for c in range(nc):
            if imp[c] > 0.0 and rk[c] >= 0:
                lo = min(comp[rb[c]], comp[rk[c]])
                if comp[rb[c]] != lo or comp[rk[c]] != lo:
                    comp[rb[c]] = lo
                    comp[rk[c]] = lo
                    merged = True
    for q0 in range(nb):
        root = order[q0]
        if not changed[root] or comp[root] != root:
            continue
        e0 = 0.0
        e1 = 0.0
        mt = 0.0
        pxs = 0.0
        pys = 0.0
        for q in range(nb):
            b = order[q]
            if changed[b] and comp[b] == root:
                _x0, _y0, vx0, vy0, _s = _slide(st[b, SX], st[b, SY], st[b, SUX], st[b, SUY], st[b, SSPEED], st[b, STREF], t, st[b, SDEC])
                e0 += st[b, SMASS] * (vx0 * vx0 + vy0 * vy0)
                e1 += st[b, SMASS] * (vel[b, 0] ** 2 + vel[b, 1] ** 2)
                if model == MODEL_COULOMB:  # and the spins' energy, I w^2 with I = m r^2 / 2
                    w0 = _spin_at(b, t, st)
                    e0 += 0.5 * st[b, SMASS] * st[b, SRAD] ** 2 * w0 * w0
                    e1 += 0.5 * st[b, SMASS] * st[b, SRAD] ** 2 * spin[b] * spin[b]
                mt += st[b, SMASS]
                pxs += st[b, SMASS] * vel[b, 0]
                pys += st[b, SMASS] * vel[b, 1]
        cvx = pxs / mt
        cvy = pys / mt
        ecm = mt * (cvx * cvx + cvy * cvy)
        if e1 > e0 and e1 - ecm > 0.0:
            f = math.sqrt(max(e0 - ecm, 0.0) / (e1 - ecm))
            for q in range(nb):
                b = order[q]
                if changed[b] and comp[b] == root:
                    vel[b, 0] = cvx + f * (vel[b, 0] - cvx)
                    vel[b, 1] = cvy + f * (vel[b, 1] - cvy)
                    spin[b] *= f
    _separate(rb, rk, over0, slow, nc, px, py, st)
    return nc


# ---------------------------------------------------------------------------------------
# The simulation loop


@njit(cache=True)
def _grow(ef, ei):
    n = ef.shape[0]
    ef2 = np.empty((2 * n, NEF), dtype=np.float64)
    ei2 = np.empty((2 * n, NEI), dtype=np.int64)
    ef2[:n] = ef
    ei2[:n] = ei
    return ef2, ei2


@njit(cache=True, inline="always")
def _approaching(i, j, t, st, veps):
    """Bodies i and j, touching at t, approach fast enough to collide (the resolver's test)."""
    xi, yi, vxi, vyi, _si = _slide(st[i, SX], st[i, SY], st[i, SUX], st[i, SUY], st[i, SSPEED], st[i, STREF], t, st[i, SDEC])
    xj, yj, vxj, vyj, _sj = _slide(st[j, SX], st[j, SY], st[j, SUX], st[j, SUY], st[j, SSPEED], st[j, STREF], t, st[j, SDEC])
    cx = xj - xi
    cy = yj - yi
    return cx * (vxj - vxi) + cy * (vyj - vyi) < -veps * math.sqrt(cx * cx + cy * cy)


@njit(cache=True, inline="always")
def _record(ef, ei, n_ev, t, kind, i, j, aux, impulse, st):
    """Write event number n_ev (its bodies' states as they now are), growing the log."""
    if n_ev >= ef.shape[0]:
        ef, ei = _grow(ef, ei)
    ef[n_ev, EF_T] = t
    ei[n_ev, EI_KIND] = kind
    ei[n_ev, EI_I] = i
    ei[n_ev, EI_J] = j
    ei[n_ev, EI_AUX] = aux
    ef[n_ev, EF_XI] = st[i, SX]
    ef[n_ev, EF_YI] = st[i, SY]
    ef[n_ev, EF_VXI] = st[i, SUX] * st[i, SSPEED]
    ef[n_ev, EF_VYI] = st[i, SUY] * st[i, SSPEED]
    ef[n_ev, EF_AI] = st[i, SDEC]
    ef[n_ev, EF_WI] = st[i, SW]
    if j >= 0:
        ef[n_ev, EF_XJ] = st[j, SX]
        ef[n_ev, EF_YJ] = st[j, SY]
        ef[n_ev, EF_VXJ] = st[j, SUX] * st[j, SSPEED]
        ef[n_ev, EF_VYJ] = st[j, SUY] * st[j, SSPEED]
        ef[n_ev, EF_AJ] = st[j, SDEC]
        ef[n_ev, EF_WJ] = st[j, SW]
    else:
        ef[n_ev, EF_XJ] = np.nan
        ef[n_ev, EF_YJ] = np.nan
        ef[n_ev, EF_VXJ] = np.nan
        ef[n_ev, EF_VYJ] = np.nan
        ef[n_ev, EF_AJ] = np.nan
        ef[n_ev, EF_WJ] = np.nan
    ef[n_ev, EF_IMPULSE] = impulse
    return ef, ei


@njit(cache=True, nogil=True)  # the GIL let go while a shot runs: a server's other threads and its event loop go on
def run(x0, y0, vx0, vy0, radius, mass, cls, prm_in, striker, record):
    """Simulate until every disc rests or is pocketed.

    x0, y0, vx0, vy0: initial positions and velocities (any body may move at t = 0).
    radius, mass: per body. cls: 0 carromman, 1 striker (selects the restitution).
    striker: index of the striker (-1 if none) for ``first_contact``.
    record: keep the event log (False in batch runs).

    Returns (ef, ei, n_events, iterations, capped, st, alive, pocket, pocket_time,
    first_contact, max_displacement of the striker); ``st`` is the final state table.
    """
    n = x0.shape[0]
    prm = prm_in.copy()  # private to this call: shared arrays would be contended in a batch
    veps = prm[P_VEPS]
    model = int(prm[P_MODEL])
    mu = prm[P_MU_IMPACT]
    mud = prm[P_MU_DISC]
    mub = prm[P_MU_SLOW]
    muc = prm[P_MU_DECAY]
    solver = int(prm[P_SOLVER])
    pmodel = int(prm[P_POCKET_MODEL])
    max_events = int(prm[P_MAX_EVENTS])
    st = np.zeros((n, NSTATE), dtype=np.float64)
    it = np.zeros((n, NINT), dtype=np.int64)
    for i in range(n):
        st[i, SX] = x0[i]
        st[i, SY] = y0[i]
        st[i, SUX] = 1.0
        st[i, SUY] = 0.0
        st[i, SRAD] = radius[i]
        st[i, SMASS] = mass[i]
        st[i, SDEC] = prm[P_DECEL]
        st[i, SSPEED], st[i, SUX], st[i, SUY] = _unit(vx0[i], vy0[i])
        it[i, ICLS] = cls[i]
        it[i, IALIVE] = 1
        it[i, IPASS] = -1
        _set_box(i, st)
    pocket = np.full(n, -1, dtype=np.int64)
    pocket_time = np.full(n, np.nan)
    pt = np.full((n, n), INF)
    any_dirty = False
    last_hit = np.full((n, n), -INF)  # time of each pair's last impact
    ov = np.full((n, n), prm[P_OVERLAP])  # each pair's overlap allowance (see P_PERSIST)
    last_cushion = np.full((n, 4), -INF)  # time of each disc's last impact on each cushion
    maxc = 4 * n + n * (n - 1) // 2  # the most contacts one cluster can have
    wbf = np.empty((n, 3))  # work space of _cluster_impact
    wvel = np.empty((n, 2))
    wbi = np.empty((n, 4), dtype=np.int64)
    wcf = np.empty((NCF, maxc if solver == SOLVER_SIMULTANEOUS else 1))
    wci = np.empty((NCI, maxc if solver == SOLVER_SIMULTANEOUS else 1), dtype=np.int64)
    cap0 = 64 if record else 1
    ef = np.empty((cap0, NEF), dtype=np.float64)
    ei = np.empty((cap0, NEI), dtype=np.int64)
    _predict_all(st, it, pt, prm, ov)
    now = 0.0
    n_ev = 0
    iterations = 0
    capped = False
    first_contact = -1
    sx0 = x0[striker] if striker >= 0 else 0.0
    sy0 = y0[striker] if striker >= 0 else 0.0
    max_disp2 = 0.0
    while True:
        best = -1
        for k in range(n):
            if it[k, IRK] == NOTHING:
                continue
            if best < 0 or _before(
                st[k, SRT], it[k, IRK], it[k, IRA], it[k, IRB], it[k, IRX],
                st[best, SRT], it[best, IRK], it[best, IRA], it[best, IRB], it[best, IRX],
            ):
                best = k
        if any_dirty and (best < 0 or st[best, SRT] > now):
            # The instant is over: predict the pairs set aside before time moves on.
            _clean(st, it, pt, prm, ov)
            any_dirty = False
            continue
        if best < 0:
            break
        if iterations >= max_events:
            capped = True
            break
        iterations += 1
        t = st[best, SRT]
        kind = it[best, IRK]
        i = it[best, IRA]
        j = it[best, IRB]
        aux = it[best, IRX]
        if t < now:
            t = now
        now = t
        recorded = True
        impulse = 0.0
        if kind == STOPPED:
            s = st[i, SSPEED]
            a = st[i, SDEC]
            ts = s / a
            d = ts * (s - 0.5 * a * ts)
            st[i, SX] += st[i, SUX] * d
            st[i, SY] += st[i, SUY] * d
            st[i, SSPEED] = 0.0
            st[i, STREF] = t
            st[i, SW] = 0.0  # the spin ends with the slide
            _set_law(i, st, prm)
            if pmodel == POCKET_MECHANICAL or (prm[P_JAWS] != 0.0 and pmodel == POCKET_TIPPING):
                # Jaws: a disc that rattled off an edge may still come to rest with its centre
                # over a hole (the rebound the engine plays is not the decision's ideal one);
                # its centre of mass unsupported, it falls there. v4 drops any centre in the
                # pocket circle; v5 only a centre in the tipping circle (its centre of mass past
                # the rim): on the lip, between the circles, a disc is supported and stays.
                reach2 = prm[P_POCKET_R] ** 2
                if pmodel == POCKET_MECHANICAL:
                    reach2 -= st[i, SRAD] ** 2
                for q in range(4):
                    qx, qy = _pocket_centre(q, prm[P_POCKET_C])
                    if (st[i, SX] - qx) ** 2 + (st[i, SY] - qy) ** 2 < reach2:
                        kind = POCKETED
                        aux = q
                        it[i, IALIVE] = 0
                        pocket[i] = q
                        pocket_time[i] = t
                        break
        elif kind == POCKETED:
            st[i, SW] = _spin_at(i, t, st)
            st[i, SX], st[i, SY], _vx, _vy, st[i, SSPEED] = _slide(
                st[i, SX], st[i, SY], st[i, SUX], st[i, SUY], st[i, SSPEED], st[i, STREF], t, st[i, SDEC]
            )
            st[i, STREF] = t
            if pmodel == POCKET_MECHANICAL:
                falls = _overhang_falls(i, aux, st, it, prm)
            else:
                falls = pmodel != POCKET_TIPPING or _captured(i, aux, st, it, prm)
            if not falls:
                # It skims over the hole: same path, this pocket ignored until it is past.
                it[i, IPASS] = aux
                _update(UPDATE_STOP, i, -1, st, it, pt, prm, ov)
                continue
            it[i, IALIVE] = 0
            pocket[i] = aux
            pocket_time[i] = t
        elif solver == SOLVER_SIMULTANEOUS and (kind == CUSHION or _approaching(i, j, t, st, veps)):
            nc = _cluster_impact(i, j if kind == CONTACT else -1, aux, t, st, it, prm, last_cushion, wbf, wvel, wbi, wcf, wci)
            px = wbf[:, 0]
            py = wbf[:, 1]
            spin = wbf[:, 2]
            vel = wvel
            changed = wbi[:, 2]
            rb = wci[CI_B]
            rk = wci[CI_K]
            rside = wci[CI_SIDE]
            slow = wci[CI_SLOW]
            imps = wcf[CF_IMPULSE]
            best_imp = 0.0
            for b in range(n):
                if changed[b]:
                    st[b, SX] = px[b]
                    st[b, SY] = py[b]
                    st[b, STREF] = t
                    st[b, SSPEED], st[b, SUX], st[b, SUY] = _unit(vel[b, 0], vel[b, 1])
                    st[b, SW] = spin[b]
                    _set_law(b, st, prm)
            for c in range(nc):
                if imps[c] <= 0.0:
                    continue
                ci = rb[c]
                cj = rk[c]
                if cj >= 0:
                    held = prm[P_PERSIST] if slow[c] else prm[P_OVERLAP]
                    ov[ci, cj] = held
                    ov[cj, ci] = held
                    if striker >= 0 and (ci == striker or cj == striker) and imps[c] > best_imp:
                        best_imp = imps[c]  # the striker's first contact: its hardest at once
                else:
                    last_cushion[ci, rside[c]] = t
                if record:
                    ef, ei = _record(ef, ei, n_ev, t, CONTACT if cj >= 0 else CUSHION, ci, cj, rside[c] if cj < 0 else -1, imps[c], st)
                n_ev += 1
            if first_contact < 0 and striker >= 0:
                for c in range(nc):
                    cj = rk[c]
                    if cj >= 0 and imps[c] == best_imp and best_imp > 0.0 and (rb[c] == striker or cj == striker):
                        first_contact = cj if rb[c] == striker else rb[c]
                        break
            for b in range(n):
                if changed[b] and pmodel != POCKET_CIRCLE and it[b, IPASS] >= 0 and _inside_tipping(b, it[b, IPASS], st, prm):
                    if pmodel == POCKET_MECHANICAL:
                        if not _struck_by_a_disc(b, nc, rb, rk, imps):
                            continue  # v5: off the corner's cushions, as _overhang_falls followed it
                    elif prm[P_JAWS] != 0.0 and nc == 1 and rk[0] < 0:
                        continue  # jaws: it rattles off the pocket's edge (``_rattles_out``)
                    # Struck while it skims over a pocket: its skim is cut short, it falls.
                    it[b, IALIVE] = 0
                    pocket[b] = it[b, IPASS]
                    pocket_time[b] = t
                    if record:
                        ef, ei = _record(ef, ei, n_ev, t, POCKETED, b, -1, it[b, IPASS], 0.0, st)
                    n_ev += 1
            if striker >= 0 and changed[striker]:
                dx = st[striker, SX] - sx0
                dy = st[striker, SY] - sy0
                if dx * dx + dy * dy > max_disp2:
                    max_disp2 = dx * dx + dy * dy
            for b in range(n):
                if changed[b]:
                    _update(UPDATE_FULL, b, -1, st, it, pt, prm, ov)
                    if it[b, IDIRTY]:
                        any_dirty = True
            continue
        elif kind == CUSHION:
            w = _spin_at(i, t, st)
            st[i, SX], st[i, SY], vx, vy, st[i, SSPEED] = _slide(
                st[i, SX], st[i, SY], st[i, SUX], st[i, SUY], st[i, SSPEED], st[i, STREF], t, st[i, SDEC]
            )
            st[i, STREF] = t
            e = prm[P_E_CUSHION]
            last = last_cushion[i, aux]
            if last < t and t - last < prm[P_STICK_WITHIN]:
                e = 0.0  # pressed against the cushion: it slides along it
            last_cushion[i, aux] = t
            vx, vy, st[i, SW], impulse = _wall_impact(model, mu, aux, vx, vy, w, st[i, SRAD], st[i, SMASS], e)
            st[i, SSPEED], st[i, SUX], st[i, SUY] = _unit(vx, vy)
            _set_law(i, st, prm)
        else:
            st[i, SW] = _spin_at(i, t, st)
            st[j, SW] = _spin_at(j, t, st)
            xi, yi, vxi, vyi, si = _slide(st[i, SX], st[i, SY], st[i, SUX], st[i, SUY], st[i, SSPEED], st[i, STREF], t, st[i, SDEC])
            xj, yj, vxj, vyj, sj = _slide(st[j, SX], st[j, SY], st[j, SUX], st[j, SUY], st[j, SSPEED], st[j, STREF], t, st[j, SDEC])
            st[i, SX] = xi
            st[i, SY] = yi
            st[i, SSPEED] = si
            st[i, STREF] = t
            st[j, SX] = xj
            st[j, SY] = yj
            st[j, SSPEED] = sj
            st[j, STREF] = t
            cx = xj - xi
            cy = yj - yi
            dist = math.sqrt(cx * cx + cy * cy)
            rate = cx * (vxj - vxi) + cy * (vyj - vyi)
            if rate < -veps * dist:
                mi = st[i, SMASS]
                mj = st[j, SMASS]
                if it[i, ICLS] == 1 or it[j, ICLS] == 1:
                    e = prm[P_E_SC]
                else:
                    e = prm[P_E_CC]
                last = last_hit[i, j]
                last_hit[i, j] = t
                if last < t and t - last < prm[P_STICK_WITHIN]:
                    # Struck again so soon: a sustained push. Plastic; the pair slides on
                    # with one velocity (equal velocities stay equal under the sliding law).
                    mt = mi + mj
                    cvx = (mi * vxi + mj * vxj) / mt
                    cvy = (mi * vyi + mj * vyj) / mt
                    nvxi = cvx
                    nvyi = cvy
                    nvxj = cvx
                    nvyj = cvy
                    impulse = mi * math.sqrt((cvx - vxi) ** 2 + (cvy - vyi) ** 2)
                else:
                    nvxi, nvyi, st[i, SW], nvxj, nvyj, st[j, SW], impulse = _pair_impact(
                        model, mud, mub, muc, xi, yi, vxi, vyi, st[i, SW], st[i, SRAD], mi, xj, yj, vxj, vyj, st[j, SW], st[j, SRAD], mj, e
                    )
                st[i, SSPEED], st[i, SUX], st[i, SUY] = _unit(nvxi, nvyi)
                st[j, SSPEED], st[j, SUX], st[j, SUY] = _unit(nvxj, nvyj)
                _set_law(i, st, prm)
                _set_law(j, st, prm)
                if first_contact < 0 and striker >= 0:
                    if i == striker:
                        first_contact = j
                    elif j == striker:
                        first_contact = i
            else:
                recorded = False  # touching but not approaching: no impact, paths re-based
        if recorded:
            if striker >= 0 and (i == striker or j == striker):
                dx = st[striker, SX] - sx0
                dy = st[striker, SY] - sy0
                d2 = dx * dx + dy * dy
                if d2 > max_disp2:
                    max_disp2 = d2
            if record:
                ef, ei = _record(ef, ei, n_ev, t, kind, i, j, aux, impulse, st)
            n_ev += 1
        # Predict again what this event changed.
        if kind == STOPPED:
            mode = UPDATE_STOP  # same path, now at rest: every pair prediction stays valid
        elif kind == CONTACT and not recorded:
            mode = UPDATE_PAIR  # no impact; paths unchanged but re-based: this pair looks past now
        else:
            mode = UPDATE_FULL
        _update(mode, i, j, st, it, pt, prm, ov)
        if mode == UPDATE_FULL and (it[i, IDIRTY] or (j >= 0 and it[j, IDIRTY])):
            any_dirty = True
    if striker >= 0:
        dx = st[striker, SX] - sx0
        dy = st[striker, SY] - sy0
        d2 = dx * dx + dy * dy
        if d2 > max_disp2:
            max_disp2 = d2
    alive = np.empty(n, dtype=np.bool_)
    for i in range(n):
        alive[i] = it[i, IALIVE] != 0
    return (
        ef[:n_ev] if record else ef[:0],
        ei[:n_ev] if record else ei[:0],
        n_ev,
        iterations,
        capped,
        st,
        alive,
        pocket,
        pocket_time,
        first_contact,
        math.sqrt(max_disp2),
    )


@njit(cache=True)
def _one_shot(k, x0, y0, radius, mass, cls, prm, strikes, out_pos, out_alive, out_pocket, out_ptime, out_scalars, out_disp):
    """Shot k of a batch: the striker (the last body) at strikes[k] = (x, y, vx, vy)."""
    n = x0.shape[0]
    xs = x0.copy()
    ys = y0.copy()
    vx = np.zeros(n)
    vy = np.zeros(n)
    xs[n - 1] = strikes[k, 0]
    ys[n - 1] = strikes[k, 1]
    vx[n - 1] = strikes[k, 2]
    vy[n - 1] = strikes[k, 3]
    res = run(xs, ys, vx, vy, radius.copy(), mass.copy(), cls.copy(), prm, n - 1, False)
    st = res[5]
    for i in range(n):
        out_pos[k, i, 0] = st[i, SX]
        out_pos[k, i, 1] = st[i, SY]
    out_alive[k] = res[6]
    out_pocket[k] = res[7]
    out_ptime[k] = res[8]
    out_scalars[k, BS_EVENTS] = res[2]
    out_scalars[k, BS_ITERATIONS] = res[3]
    out_scalars[k, BS_CAPPED] = 1 if res[4] else 0
    out_scalars[k, BS_FIRST_CONTACT] = res[9]
    out_disp[k] = res[10]


BATCH_CHUNK = 8  # shots a thread of batch_parallel takes at a time

# Two functions, not one function compiled twice: numba's disk cache keys a function by its
# name and line, so two compilations of one function would overwrite each other's cache.
@njit(cache=True, nogil=True)  # as ``run``; not ``batch_parallel``: numba's workqueue layer takes one caller at a time
def batch_serial(x0, y0, radius, mass, cls, prm, strikes, out_pos, out_alive, out_pocket, out_ptime, out_scalars, out_disp):
    """Run one shot per row of ``strikes`` (x, y, vx, vy of the last body, the striker)."""
    for k in range(strikes.shape[0]):
        _one_shot(k, x0, y0, radius, mass, cls, prm, strikes, out_pos, out_alive, out_pocket, out_ptime, out_scalars, out_disp)


@njit(cache=True, parallel=True)
def batch_parallel(x0, y0, radius, mass, cls, prm, strikes, out_pos, out_alive, out_pocket, out_ptime, out_scalars, out_disp):
    """``batch_serial`` spread over all cores (numba prange); the same results bit for bit.

    The shots are handed out a few at a time (BATCH_CHUNK), not in one equal share per
    thread: shots differ in length, and on a shared machine a core may be taken from a
    thread at any moment; with equal shares the batch waits for the slowest thread."""
    for k in prange(strikes.shape[0]):
        _one_shot(k, x0, y0, radius, mass, cls, prm, strikes, out_pos, out_alive, out_pocket, out_ptime, out_scalars, out_disp)


def batch(parallel, *args):
    """``batch_parallel`` (the shots handed out BATCH_CHUNK at a time; set here, in
    Python: a compiled function that sets it cannot be cached) or ``batch_serial``."""
    if not parallel:
        batch_serial(*args)
        return
    with parallel_chunksize(BATCH_CHUNK):
        batch_parallel(*args)
