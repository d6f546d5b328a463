"""Impacts: momentum, energy, restitution, cushions, chains of touching discs, pushes."""

import math

import pytest
from physics_checks import H, assert_sound, impacts

from carrom.equipment import CARROMMAN, STANDARD_BOARD, STRIKER, Disc, DiscSpec, Layout, PieceKind, Seat, opening_formation
from carrom.physics import DEFAULT_PARAMS, MODELS, EventKind, PhysicsParams, Strike, simulate

ELASTIC = PhysicsParams(restitution_coin_coin=1.0, restitution_striker_coin=1.0, restitution_cushion=1.0)
COIN_LIKE_STRIKER = DiscSpec(name="coin-like striker", diameter=CARROMMAN.diameter, mass=CARROMMAN.mass)
AXIS = STANDARD_BOARD.baseline_axis_distance


def test_head_on_equal_masses_elastic_exchange_velocities():
    layout = Layout((Disc(PieceKind.WHITE, 0.0, 0.0),))
    result = simulate(layout, Strike(0.0, -0.2, math.pi / 2, 2.0), ELASTIC, striker=COIN_LIKE_STRIKER)
    ev, pre, post = impacts(result)[0]
    assert ev.kind is EventKind.CONTACT and ev.bodies == (0, 1)
    coin_pre, striker_pre = pre
    coin_post, striker_post = post
    v = math.hypot(striker_pre[2], striker_pre[3])
    assert coin_pre[2:4] == (0.0, 0.0)
    assert math.hypot(*striker_post[2:4]) <= 1e-12 * v
    assert coin_post[2] == pytest.approx(striker_pre[2], abs=1e-12 * v)
    assert coin_post[3] == pytest.approx(striker_pre[3], rel=1e-12)


def test_head_on_striker_against_coin_with_restitution():
    # 15 g striker on a 5.5 g coin, e = 0.85: the one-dimensional impact formulas.
    layout = Layout((Disc(PieceKind.WHITE, 0.0, 0.0),))
    result = simulate(layout, Strike.from_seat(Seat.SOUTH, 0.0, 0.0, 1.0))
    _ev, pre, post = impacts(result)[0]
    ms, mc, e = STRIKER.mass.value, CARROMMAN.mass.value, DEFAULT_PARAMS.restitution_striker_coin
    v = pre[1][3]
    assert post[0][3] == pytest.approx((1 + e) * ms / (ms + mc) * v, rel=1e-12)
    assert post[1][3] == pytest.approx((ms - e * mc) / (ms + mc) * v, rel=1e-12)


def test_gentle_shot_coin_stops_where_sliding_friction_says():
    """A gentle straight shot: everything follows from v^2 = v0^2 - 2 mu g d and the impact law."""
    a = DEFAULT_PARAMS.deceleration
    ms, mc, e = STRIKER.mass.value, CARROMMAN.mass.value, DEFAULT_PARAMS.restitution_striker_coin
    v0 = 0.8  # the coin stops 0.2 m on, short of the cushion on the default board (mu 0.10)
    layout = Layout((Disc(PieceKind.QUEEN, 0.0, 0.0),))
    result = simulate(layout, Strike.from_seat(Seat.SOUTH, 0.0, 0.0, v0))
    assert_sound(result)
    gap = AXIS - STRIKER.radius - CARROMMAN.radius
    v1 = math.sqrt(v0 * v0 - 2 * a * gap)
    coin_v = (1 + e) * ms / (ms + mc) * v1
    striker_v = (ms - e * mc) / (ms + mc) * v1
    coin_y = coin_v**2 / (2 * a)
    striker_y = -CARROMMAN.radius - STRIKER.radius + striker_v**2 / (2 * a)
    assert result.final_positions[0, 1] == pytest.approx(coin_y, abs=1e-12)
    assert result.final_positions[1, 1] == pytest.approx(striker_y, abs=1e-12)
    # It stays on the board, nothing is pocketed, both come to rest.
    assert result.on_board.all() and result.pocketed == ()
    assert abs(result.final_positions[0, 1]) < H - CARROMMAN.radius
    assert [e.kind for e in result.events] == [EventKind.CONTACT, EventKind.STOPPED, EventKind.STOPPED]


@pytest.mark.parametrize("params", [MODELS["v2"], ELASTIC], ids=["e=0.7", "e=1"])
def test_cushion_reflection(params):
    """Frictionless cushions (v1, v2; v3's friction: test_physics_friction.py)."""
    direction = 0.3  # towards the east cushion, a little north
    result = simulate(Layout(()), Strike(0.0, 0.0, direction, 2.0), params)
    ev, pre, post = impacts(result)[0]
    assert ev.kind is EventKind.CUSHION and ev.cushion is Seat.EAST
    (x, _y, vx_in, vy_in, _w), (_x, _y2, vx_out, vy_out, _w2) = pre[0], post[0]
    assert x == pytest.approx(H - STRIKER.radius, abs=1e-15)
    e = params.restitution_cushion
    assert vx_out == pytest.approx(-e * vx_in, rel=1e-14)
    assert vy_out == pytest.approx(vy_in, rel=1e-14)
    assert ev.impulse == pytest.approx(STRIKER.mass.value * (1 + e) * vx_in, rel=1e-12)
    if e == 1.0:
        # Angle of incidence = angle of reflection, measured from the cushion's normal.
        assert math.atan2(vy_out, -vx_out) == pytest.approx(math.atan2(vy_in, vx_in), abs=1e-14)
        assert math.atan2(vy_in, vx_in) == pytest.approx(direction, abs=1e-14)


def test_newtons_cradle_passes_the_blow_down_a_touching_row_at_one_instant():
    d = CARROMMAN.diameter.value
    layout = Layout(tuple(Disc(PieceKind.BLACK, 0.0, k * d) for k in range(4)))
    result = simulate(layout, Strike(0.0, -0.2, math.pi / 2, 1.2), ELASTIC, striker=COIN_LIKE_STRIKER)
    assert_sound(result)
    contacts = [e for e in result.events if e.kind is EventKind.CONTACT]
    assert [c.bodies for c in contacts] == [(0, 4), (0, 1), (1, 2), (2, 3)]
    assert len({c.time for c in contacts}) == 1
    # Only the last coin leaves; the others, and the striker, never moved after the blow.
    for k in range(3):
        assert tuple(result.final_positions[k]) == pytest.approx((layout.discs[k].x, layout.discs[k].y), abs=1e-15)
    assert result.final_positions[4, 1] == pytest.approx(-d, abs=1e-15)
    assert result.final_positions[3, 1] > 4 * d
    assert result.coins_moved == (0, 1, 2, 3)


def test_the_opening_cascade_resolves_at_one_instant_in_index_order():
    result = simulate(opening_formation(), Strike.from_seat(Seat.SOUTH, 0.0, 0.0, 6.5), MODELS["v1"])
    assert_sound(result)
    t0 = result.events[0].time
    cascade = [e for e in result.events if e.time == t0]
    assert len(cascade) > 10 and all(e.kind is EventKind.CONTACT for e in cascade)
    assert cascade[0].bodies == (7, 19)  # the striker hits the white at the tip of the Y first


def test_a_coin_driven_into_the_cushion_bounces_back_cleanly():
    layout = Layout((Disc(PieceKind.WHITE, 0.0, H - CARROMMAN.radius),))
    result = simulate(layout, Strike(0.0, 0.2, math.pi / 2, 1.0), MODELS["v1"])
    assert_sound(result)
    kinds = [e.kind for e in result.events]
    assert kinds[:2] == [EventKind.CONTACT, EventKind.CUSHION]  # the touching coin meets the cushion at once
    assert result.events[0].time == result.events[1].time


# A chain of touching coins near the east cushion, struck obliquely (found by a random
# search): the coins end up squeezing one another while they slide.
SQUEEZE = Layout(
    tuple(
        Disc(PieceKind.WHITE, x, y)
        for x, y in [
            (0.27016813778409454, -0.08042352005503522),
            (0.2505859031477643, -0.055368059838792755),
            (0.26428043196472834, -0.026667887705487676),
            (0.27634370075564263, 0.002755190754764457),
        ]
    )
)
SQUEEZE_STRIKE = Strike(0.04504015932323918, -0.2526, 0.8472961229498245, 0.8684998442114797)


def test_a_squeeze_ends_in_a_few_events_because_repeated_impacts_stick():
    """Sustained contact (a coin pushed along between two others) must not become an
    endless chatter of micro-impacts: a pair striking again within stick_within sticks."""
    result = simulate(SQUEEZE, SQUEEZE_STRIKE)
    assert_sound(result)
    assert result.n_events < 100
    chatter = simulate(SQUEEZE, SQUEEZE_STRIKE, PhysicsParams(stick_within=0.0, max_events=10**6))
    assert chatter.n_events > 50 * result.n_events  # the rule is what ends it


def test_touching_but_separating_discs_do_not_collide():
    # The striker sits touching a coin behind it and moves away from it.
    layout = Layout((Disc(PieceKind.WHITE, 0.0, -AXIS - STRIKER.radius - CARROMMAN.radius),))
    result = simulate(layout, Strike(0.0, -AXIS, math.pi / 2, 1.0))
    assert result.first_contact is None and not result.touched_any
    assert [e.kind for e in result.events] == [EventKind.STOPPED]
