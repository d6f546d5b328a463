"""The break: a full-force striker into the opening formation (everything touching)."""

import math

import numpy as np
import pytest
from physics_checks import assert_sound

from carrom.equipment import Seat, opening_formation
from carrom.physics import DEFAULT_PARAMS, MODELS, EventKind, Strike, simulate, simulate_batch

MAX = DEFAULT_PARAMS.max_speed


def test_straight_break_is_sensible():
    layout = opening_formation()
    result = simulate(layout, Strike.from_seat(Seat.SOUTH, 0.0, 0.0, MAX))
    assert_sound(result)
    assert result.first_contact == 7  # the outer white at the tip of the Y's southern arm
    assert len(result.coins_moved) == 19  # the blow reaches every coin of the formation
    spread = np.nanmax(np.hypot(*result.final_positions[:19].T))
    assert spread > 0.2  # the formation (radius ~6 cm) is broken up
    assert result.n_events < 1000 and result.iterations < DEFAULT_PARAMS.max_events
    assert result.left_baseline and not result.striker_pocketed
    assert sum(1 for e in result.events if e.kind is EventKind.CUSHION) > 5


def test_breaks_over_many_aims_and_every_seat():
    rng = np.random.default_rng(7)
    layout = opening_formation()
    strikes = [
        Strike.from_seat(seat, rng.uniform(-0.05, 0.05), math.radians(rng.uniform(-4, 4)), rng.uniform(4.0, MAX))
        for seat in Seat
        for _ in range(10)
    ]
    batch = simulate_batch(layout, strikes)
    assert not batch.capped.any()
    assert batch.n_events.max() < 1000
    assert (batch.first_contact >= 0).all()
    # Over forty full-force breaks some coins reach a pocket.
    assert (batch.pocket_of[:, :19] >= 0).sum() > 0
    for k in (0, 13, 27, 39):
        assert_sound(simulate(layout, strikes[k]))


def test_break_with_a_rotated_formation_and_a_small_gap():
    for rotation, gap in ((0.3, 0.0), (-math.pi / 2, 1e-4)):
        result = simulate(opening_formation(rotation, gap=gap), Strike.from_seat(Seat.SOUTH, 0.01, 0.01, MAX))
        assert_sound(result)
        assert result.touched_any


def test_the_v2_straight_break_is_pinned():
    """A golden summary of v2's straight full-force break, to catch drift: the blow meets
    29 contacts of the pack at one instant; the queen ends 1.27 cm south of the centre."""
    result = simulate(opening_formation(), Strike.from_seat(Seat.SOUTH, 0.0, 0.0, MAX), MODELS["v2"])
    assert_sound(result)
    t0 = result.events[0].time
    assert sum(1 for e in result.events if e.time == t0) == 29
    assert (result.n_events, result.first_contact, result.pocketed) == (108, 7, ())
    assert tuple(result.final_positions[0]) == pytest.approx((0.0, -0.012666), abs=1e-6)
    assert result.striker_position == pytest.approx((0.0, -0.306730), abs=1e-6)
