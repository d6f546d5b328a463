"""Discs at rest are a layout the next stroke accepts (carrom.physics.rest).

Found by the master bot's simulated replies: a v3 break from north (the noisy copy of a
planned break) left two coins of the pack 3.45 µm into each other, deeper than the
``2 * persistent_overlap`` the next stroke accepts, so the next stroke was refused: in a
game, a match nobody could play on (docs/physics.md, "persistent contacts").
"""

import itertools
import math

import numpy as np
import pytest
from physics_checks import worst_gaps

from carrom.equipment import opening_formation
from carrom.physics import DEFAULT_PARAMS, MODELS, Strike, simulate, simulate_batch
from carrom.physics.rest import hold_apart, too_deep

V3 = MODELS["v3"]
BREAK_FROM_NORTH = Strike(-0.019604362169869854, 0.25259999999999994, -2.7070960974280416, 3.1142727880063035)
ACCEPTED = 2 * DEFAULT_PARAMS.persistent_overlap + 1e-9  # what the next stroke accepts (PLACEMENT_TOLERANCE)


def deepest(layout) -> float:
    return max(a.kind.spec.radius + b.kind.spec.radius - math.hypot(a.x - b.x, a.y - b.y)
               for a, b in itertools.combinations(layout.discs, 2))


def test_the_break_that_pressed_two_coins_too_deep_rests_where_the_next_stroke_is_accepted():
    shot = simulate(opening_formation(), BREAK_FROM_NORTH, V3)  # the break was seen under v3
    assert -worst_gaps(shot)[0] > 3e-6  # the motion did press them that deep (so the case is still the one seen)
    assert deepest(shot.final_layout) <= ACCEPTED
    after = simulate(shot.final_layout, Strike(0.15, -0.2526, math.pi / 2, 1.0), V3)  # refused before the correction
    assert after.n_bodies == shot.n_bodies - int((~shot.on_board).sum())


def test_a_batch_corrects_its_rest_positions_as_a_single_shot_does():
    single = simulate(opening_formation(), BREAK_FROM_NORTH, V3)
    batch = simulate_batch(opening_formation(), [BREAK_FROM_NORTH, Strike(0.0, -0.2526, math.pi / 2, 6.0)], V3,
                           parallel=False)
    assert np.array_equal(batch.final_positions[0], single.final_positions, equal_nan=True)
    assert not too_deep(batch.final_positions, batch.on_board, single.radii, ACCEPTED).any()


def test_the_correction_moves_only_a_pair_too_deep_and_by_its_share_of_the_inverse_mass():
    radius = np.array([0.0159, 0.0159, 0.0159])
    mass = np.array([0.005, 0.005, 0.015])  # the third heavier
    alive = np.array([True, True, True])
    pos = np.array([[0.0, 0.0], [0.0318 - 5e-6, 0.0], [0.0, 0.1]])  # the first two 5 µm deep; the third apart
    hold_apart(pos, alive, radius, mass, 2e-6, 0.3)
    assert pos[0, 0] == pytest.approx(-2e-6, abs=1e-12) and pos[1, 0] == pytest.approx(0.0318 - 3e-6, abs=1e-12)
    assert pos[1, 0] - pos[0, 0] == pytest.approx(0.0318 - 1e-6, abs=1e-12)  # left at half the limit
    assert pos[2].tolist() == [0.0, 0.1] and pos[0, 1] == pos[1, 1] == 0.0
    heavy = np.array([[0.0, 0.0], [0.0, 0.1], [0.0318 - 5e-6, 0.0]])
    hold_apart(heavy, alive, radius, mass, 2e-6, 0.3)
    assert heavy[0, 0] == pytest.approx(-3e-6, abs=1e-12)  # the light one takes three quarters of the 4 µm
    assert heavy[2, 0] == pytest.approx(0.0318 - 4e-6, abs=1e-12)


def test_a_pair_within_the_limit_and_a_pocketed_disc_are_left_alone():
    radius = np.array([0.0159, 0.0159, 0.0159])
    mass = np.array([0.005, 0.005, 0.005])
    pos = np.array([[0.0, 0.0], [0.0318 - 1.5e-6, 0.0], [0.0, 0.0]])  # 1.5 µm: accepted; the third is in a pocket
    alive = np.array([True, True, False])
    before = pos.copy()
    assert not too_deep(pos, alive, radius, 2e-6)
    hold_apart(pos, alive, radius, mass, 2e-6, 0.3)
    assert np.array_equal(pos, before)
