"""Calibration against the law: a full-force striker from a baseline makes at least three
and a half runs to the opposite frame (ICF I.A.1: 000_169fbbd52fae402d.txt part I A.1;
001_f76cd345fd7b091a.txt official rules 2.1 a: 'rebondisse au minimum 3 fois 1/2')."""

import math

import pytest
from physics_checks import assert_sound

from carrom.equipment import STANDARD_BOARD, STRIKER, Layout, Seat
from carrom.physics import DEFAULT_PARAMS, EventKind, PhysicsParams, Strike, physics_model, simulate

SIDE = STANDARD_BOARD.playing_side.value


def path_length(result, body):
    points = [tuple(result.initial_positions[body])]
    for e in result.events:
        if body in e.bodies:
            points.append(e.positions[e.bodies.index(body)])
    return sum(math.dist(p, q) for p, q in zip(points, points[1:]))


def full_force(params=DEFAULT_PARAMS):
    return simulate(Layout(()), Strike.from_seat(Seat.SOUTH, 0.0, 0.0, params.max_speed), params)


def test_full_force_striker_makes_three_and_a_half_runs():
    result = full_force()
    assert_sound(result)
    cushions = [e.cushion for e in result.events if e.kind is EventKind.CUSHION]
    # Runs to the opposite frame, back, and again: north, south, north at least.
    assert len(cushions) >= 3
    assert cushions == [Seat.NORTH, Seat.SOUTH] * (len(cushions) // 2) + [Seat.NORTH] * (len(cushions) % 2)
    # And the whole path measures at least three and a half lengths of the board.
    assert path_length(result, 0) >= 3.5 * SIDE
    assert not result.striker_pocketed


def test_full_force_is_not_absurdly_strong():
    # With the default friction and cushion, the top speed gives under five lengths.
    assert path_length(full_force(), 0) < 5 * SIDE


def test_the_law_fails_a_board_that_is_too_slow():
    """The test above can fail: on a board twice as rough as the slowest preset (v4-slow, mu 0.15;
    twice v4's medium 0.10 still passes the law: 3.6 lengths) the same stroke falls short."""
    rough = PhysicsParams(mu=2 * physics_model("v4-slow").mu)
    assert path_length(full_force(rough), 0) < 3.5 * SIDE


def test_distance_on_a_clear_path_is_v_squared_over_two_mu_g():
    v = 0.9  # stops 0.41 m on, short of the north cushion on the default board (mu 0.10)
    result = simulate(Layout(()), Strike(0.0, -0.3, math.pi / 2, v))
    assert [e.kind for e in result.events] == [EventKind.STOPPED]
    assert result.final_positions[0, 1] == pytest.approx(-0.3 + v * v / (2 * DEFAULT_PARAMS.deceleration), abs=1e-15)
    assert result.duration == pytest.approx(v / DEFAULT_PARAMS.deceleration, rel=1e-15)
    assert result.striker_max_displacement == pytest.approx(v * v / (2 * DEFAULT_PARAMS.deceleration), rel=1e-12)
    assert STRIKER.mass.value == 0.015
