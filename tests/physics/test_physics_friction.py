"""Impact friction and spin (v3, ``CollisionModel.COULOMB``): cut-induced throw against its
closed form, the spins an impact gives, cushions, the surface law of a spinning disc, and
the frictionless limit (docs/physics.md, "impact friction and spin")."""

import dataclasses
import math

import numpy as np
import pytest
from physics_checks import assert_sound, impacts

from carrom.equipment import CARROMMAN, STRIKER, Disc, Layout, PieceKind, Seat, opening_formation
from carrom.physics import MODELS, CollisionModel, EventKind, PhysicsParams, Strike, simulate
from carrom.physics import _engine as E
from carrom.physics import spin
from carrom.physics._spin_table import REACH_TIMES_Z

V2 = MODELS["v2"]
V3 = MODELS["v3"]
MU = V3.impact_friction
R, RS = CARROMMAN.radius, STRIKER.radius
MC, MS = CARROMMAN.mass.value, STRIKER.mass.value
TABLE = np.array(REACH_TIMES_Z)


def throw_closed_form(cut: float, e: float, mu: float = MU) -> float:
    """The angle between the object disc's path and the line of centres, for a disc at rest
    struck at cut angle ``cut`` (radians): the slip at the contact, v sin(cut), is stopped
    by a tangential impulse m* v sin(cut) / 3 if friction allows it (the discs stick:
    tan(throw) = tan(cut) / (3 (1 + e))), else friction gives mu times the normal impulse
    (tan(throw) = mu). Independent of the masses and of the speed."""
    return math.atan(min(math.tan(cut) / (3.0 * (1.0 + e)), mu))


def cut_shot(cut_degrees: float, speed: float = 2.0, params=V3):
    """The striker sent north at a coin 0.3 m ahead, passing to the coin's left so that
    the line of centres at contact makes ``cut_degrees`` with its path."""
    offset = (R + RS) * math.sin(math.radians(cut_degrees))
    layout = Layout((Disc(PieceKind.WHITE, offset, 0.0),))
    return simulate(layout, Strike(0.0, -0.3, math.pi / 2, speed), params)


CUTS = [0, 5, 10, 15, 20, 25, 30, 33, 34, 35, 40, 50, 60, 70, 80]


@pytest.mark.parametrize("cut_degrees", CUTS)
def test_a_cut_throws_the_object_coin_off_the_line_of_centres(cut_degrees):
    result = cut_shot(cut_degrees)
    assert_sound(result)
    ev, pre, post = impacts(result)[0]
    assert ev.kind is EventKind.CONTACT and ev.bodies == (0, 1)
    (cx, cy, *_), (sx, sy, svx, svy, _w) = pre
    n = np.array([cx - sx, cy - sy]) / math.hypot(cx - sx, cy - sy)
    # The cut as it happened (the striker slowed, not turned, on its way): as aimed.
    cut = math.atan2(svx * n[1] - svy * n[0], svx * n[0] + svy * n[1])
    assert abs(cut) == pytest.approx(math.radians(cut_degrees), abs=1e-9)
    coin_v = np.array(post[0][2:4])
    throw = math.atan2(n[0] * coin_v[1] - n[1] * coin_v[0], n @ coin_v)
    expected = throw_closed_form(abs(cut), V3.restitution_striker_coin)
    assert throw == pytest.approx(expected, abs=1e-12)
    # Thrown towards the striker's own direction of travel (counter-clockwise of the line
    # of centres, as the striker passes the coin's left), both discs then spin clockwise.
    if cut_degrees:
        assert throw > 0 and post[0][4] < 0 and post[1][4] < 0
    else:
        assert abs(throw) < 1e-15 and abs(post[0][4]) < 1e-12 and abs(post[1][4]) < 1e-12  # cos(pi / 2) rounds


def kernel_throw(cut_degrees: float, params=V3) -> float:
    """The throw the kernel gives the coin in ``cut_shot``, in degrees, measured off the line of centres."""
    _ev, pre, post = impacts(cut_shot(cut_degrees, params=params))[0]
    (cx, cy, *_), (sx, sy, *_rest) = pre
    n = np.array([cx - sx, cy - sy]) / math.hypot(cx - sx, cy - sy)
    coin_v = np.array(post[0][2:4])
    return math.degrees(math.atan2(n[0] * coin_v[1] - n[1] * coin_v[0], n @ coin_v))


def test_the_throw_table_sticks_then_slides():
    """The kernel's throw grows with the cut while the discs stick, and is atan(mu) = 6.84 degrees from the cut
    where friction no longer stops the slip: tan(cut) = 3 mu (1 + e), 33.66 degrees with v3's mu and e. Read off
    the simulated impacts, not the closed form: the kernel must stick below that cut and slide above it."""
    e = V3.restitution_striker_coin
    limit = math.degrees(math.atan(3 * MU * (1 + e)))
    assert limit == pytest.approx(33.66, abs=0.01)
    sliding = math.degrees(math.atan(MU))
    assert sliding == pytest.approx(6.84, abs=0.01)
    throws = {c: kernel_throw(c) for c in CUTS}
    sticking = [throws[c] for c in CUTS if c < limit]
    assert throws[0] == pytest.approx(0.0, abs=1e-12)
    assert all(a < b for a, b in zip(sticking, sticking[1:])) and sticking[-1] < sliding  # grows, short of the slip
    assert [throws[c] for c in CUTS if c > limit] == pytest.approx([sliding] * sum(c > limit for c in CUTS), abs=1e-9)
    # each sticking throw is the one that stops the slip: tan(throw) = tan(cut) / (3 (1 + e))
    for c in (10, 30, 33):
        assert math.tan(math.radians(throws[c])) == pytest.approx(math.tan(math.radians(c)) / (3 * (1 + e)), rel=1e-9)


@pytest.mark.parametrize("cut_degrees", [10, 50])
def test_the_spins_an_impact_gives(cut_degrees):
    """The tangential impulse J turns each disc by -2 J / (m r) (inertia m r^2 / 2), and
    moves it along the tangent: angular momentum about any point is kept."""
    result = cut_shot(cut_degrees)
    _ev, pre, post = impacts(result)[0]
    (cx, cy, *_), (sx, sy, svx, svy, _w) = pre
    n = np.array([cx - sx, cy - sy]) / math.hypot(cx - sx, cy - sy)
    t = np.array([-n[1], n[0]])
    coin_v = np.array(post[0][2:4])
    jt = MC * (coin_v @ t)
    v = math.hypot(svx, svy)
    reduced = 1.0 / (1.0 / MC + 1.0 / MS)
    slip = -(np.array([svx, svy]) @ t)  # the coin's contact point against the striker's
    stick = -slip * reduced / 3.0
    jn = (1 + V3.restitution_striker_coin) * reduced * v * math.cos(math.radians(cut_degrees))
    assert jt == pytest.approx(stick if abs(stick) <= MU * jn else math.copysign(MU * jn, stick), rel=1e-10)
    assert post[0][4] == pytest.approx(-2 * jt / (MC * R), rel=1e-12)
    assert post[1][4] == pytest.approx(-2 * jt / (MS * RS), rel=1e-12)
    before = MS * (sx * svy - sy * svx)
    after = sum(m * (x * vy - y * vx) + m * r * r / 2 * w for m, r, (x, y, vx, vy, w) in zip((MC, MS), (R, RS), post))
    assert after == pytest.approx(before, rel=1e-12)
    energy = lambda m, r, s: m * (s[2] ** 2 + s[3] ** 2) + m * r * r / 2 * s[4] ** 2  # noqa: E731
    assert energy(MC, R, post[0]) + energy(MS, RS, post[1]) < energy(MS, RS, pre[1])


def test_two_coins_closed_form_in_the_kernel():
    """Coin on coin (e = 0.93): the kernel's lone impact against the closed form."""
    e = V3.restitution_coin_coin
    for cut in (0.2, 0.5, 1.0):
        v = 1.5
        # i moves along +x; j touches it at angle ``cut`` below the path.
        xj, yj = 2 * R * math.cos(cut), -2 * R * math.sin(cut)
        out = E._pair_impact(E.MODEL_COULOMB, MU, 0.0, 0.0, 0.0, 0.0, v, 0.0, 0.0, R, MC, xj, yj, 0.0, 0.0, 0.0, R, MC, e)  # mu(v) = MU + 0
        vjx, vjy = out[3], out[4]
        n = np.array([xj, yj]) / (2 * R)
        throw = math.atan2(abs(n[0] * vjy - n[1] * vjx), n @ np.array([vjx, vjy]))
        assert throw == pytest.approx(throw_closed_form(cut, e), abs=1e-12)
        assert out[2] == pytest.approx(out[5], rel=1e-12)  # equal discs: equal spins


@pytest.mark.parametrize("angle_degrees", [20, 70])
def test_a_cushion_grips_or_lets_slide(angle_degrees):
    """A disc without spin into the south cushion at ``angle_degrees`` from it: the contact
    point slips at the tangential speed; friction stops it (the disc leaves with 2/3 of its
    tangential speed, rolling along the cushion: v_t = -w r) if mu (1 + e) v_n allows,
    else takes mu (1 + e) v_n off it."""
    a = math.radians(angle_degrees)
    result = simulate(Layout(()), Strike(-0.3, -0.25, -a, 2.0), V3)
    assert_sound(result)
    ev, pre, post = next(x for x in impacts(result) if x[0].kind is EventKind.CUSHION)
    assert ev.cushion is Seat.SOUTH
    (_x, _y, vt, vn, w0), (_x1, _y1, vt1, vn1, w1) = pre[0], post[0]
    e = V3.restitution_cushion
    assert w0 == 0.0 and vn1 == pytest.approx(-e * vn, rel=1e-12)
    if vt / 3 <= MU * (1 + e) * abs(vn):
        assert angle_degrees == 70
        assert vt1 == pytest.approx(2 * vt / 3, rel=1e-12) and w1 * STRIKER.radius == pytest.approx(-vt1, rel=1e-12)
    else:
        assert angle_degrees == 20
        assert vt1 == pytest.approx(vt - MU * (1 + e) * abs(vn), rel=1e-12)
        assert w1 == pytest.approx(-2 * MU * (1 + e) * abs(vn) / STRIKER.radius, rel=1e-12)


# -- the surface law of a spinning disc ----------------------------------------------------


def test_the_friction_of_a_spinning_face_in_closed_form():
    """Farkas et al. (2003): at v = R w the force is 8 / (3 pi) of mu m g; spinning on the
    spot the torque is 2/3 mu m g R; without spin plain sliding. Sliding and spinning end
    together at eps = v / (R w) = 0.653, where F = 2 eps T (with I = m R^2 / 2)."""
    assert spin.force_factor(1.0) == pytest.approx(8 / (3 * math.pi), rel=1e-9)
    assert spin.torque_factor(0.0) == pytest.approx(2 / 3, rel=1e-12)
    assert spin.force_factor(math.inf) == 1.0 and spin.torque_factor(math.inf) == 0.0
    assert spin.force_factor(1e6) == pytest.approx(1.0, abs=1e-9)
    fixed = 0.653
    assert spin.force_factor(fixed) == pytest.approx(2 * fixed * spin.torque_factor(fixed), rel=2e-3)


def test_the_table_is_the_coupled_motion():
    """The kernel's table against the coupled motion integrated afresh; at the fixed point the
    true motion has a constant deceleration, so its distance and its time agree."""
    eps = np.array([0.01, 0.1, 0.653, 1.0, 3.0, 30.0])
    dist, when = spin.coupled_motion(eps)
    for e, d in zip(eps.tolist(), dist.tolist()):
        assert spin.reach(e, TABLE) == pytest.approx(d, rel=2e-5)
    assert dist[2] == pytest.approx(when[2], rel=1e-5)
    assert list(dist) == sorted(dist, reverse=True) and dist[-1] > 1.0  # spin carries further
    assert len(TABLE) == E.SPIN_TABLE_SIZE and TABLE[-1] == 1.0


def test_a_spinning_coin_slides_further_on_a_constant_law():
    """After a cut the coin spins: its slide decelerates at mu g / reach(eps), and it stops
    where that law says, further than without spin."""
    result = cut_shot(40, speed=1.0)
    first = result.slides(0)[1]
    speed = math.hypot(*first.velocity)
    eps = speed / (R * abs(first.spin))
    a = V3.deceleration / spin.reach(eps, TABLE)
    assert first.deceleration == pytest.approx(a, rel=1e-12) and a < V3.deceleration
    stopped = [e for e in result.events if 0 in e.bodies][1:]
    assert [e.kind for e in stopped] == [EventKind.STOPPED] and stopped[0].spins == (0.0,)
    gone = math.dist(result.final_positions[0], first.position)
    assert gone == pytest.approx(speed**2 / (2 * a), rel=1e-12)
    assert gone > speed**2 / (2 * V3.deceleration) * 1.005


def test_without_impact_friction_v3_is_v2_bit_for_bit():
    """COULOMB with impact_friction 0 (and v2's restitution) plays v2 exactly: the friction
    code runs and changes nothing."""
    frictionless = dataclasses.replace(V3, impact_friction=0.0, restitution_coin_coin=V2.restitution_coin_coin)
    assert frictionless.collision_model is CollisionModel.COULOMB
    layout = opening_formation()
    for strike in [Strike.from_seat(Seat.SOUTH, 0.0, 0.0, 6.5), Strike.from_seat(Seat.WEST, 0.03, 0.1, 5.0), Strike.from_seat(Seat.NORTH, -0.05, -0.2, 3.0)]:
        a = simulate(layout, strike, V2)
        b = simulate(layout, strike, frictionless)
        assert np.array_equal(a.event_floats, b.event_floats, equal_nan=True)
        assert np.array_equal(a.event_ints, b.event_ints)
        assert np.array_equal(a.final_positions, b.final_positions, equal_nan=True)
        assert not b.event_floats[:, E.EF_WI].any()


def test_impact_friction_is_validated():
    for bad in (-0.1, math.nan, math.inf, True, "0.1"):
        with pytest.raises(ValueError, match="impact_friction must be a finite number >= 0"):
            PhysicsParams(impact_friction=bad)
    assert MODELS["v3"].model == "v3" and V3.collision_model is CollisionModel.COULOMB
