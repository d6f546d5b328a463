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


# The discs at rest after stroke 319 of a soak's match (benchmarks/load.py --soak, 27 November 2026, v4): the black
# at index 7 rested 84 nm past the north cushion's line, and every stroke after it was refused ("layout disc 7
# (black) ... is off the board"): the server answered each with a failure and the match could not go on.
PRESSED_INTO_THE_CUSHION = (
    ("queen", -0.19183778277556668, 0.029947951049732524), ("white", -0.03717606286660143, -0.31062510149965156),
    ("white", 0.3159614614991496, -0.3173973552028465), ("black", -0.060086215324500536, 0.31152242968901755),
    ("white", 0.22942351445942924, -0.34660151622816643), ("white", -0.210803109427447, -0.16592204902384539),
    ("black", -0.22822077494630133, -0.31164889992718814), ("black", -0.00691654204548493, 0.354100083627555))


def test_a_coin_pressed_into_a_cushion_as_a_shot_left_it_is_accepted_by_the_next_stroke():
    """A coin may rest pressed into a cushion as deep as two discs into each other (``2 * persistent_overlap``): the
    next stroke plays on (the laws never stop a board for it, ICF 102-112); further out it is still refused."""
    from carrom.equipment import STANDARD_BOARD, Seat
    from carrom.equipment.layout import Disc, Layout, PieceKind

    layout = Layout(tuple(Disc(PieceKind(k), x, y) for k, x, y in PRESSED_INTO_THE_CUSHION))
    black = layout.discs[7]
    assert 5e-8 < black.y - (STANDARD_BOARD.half - black.radius) < ACCEPTED  # past the line, within what rests allow
    shot = simulate(layout, Strike.from_seat(Seat.NORTH, -0.21630301565237825, -0.3870187495654629, 1.086414511341002))
    assert shot.n_events > 0 and shot.final_layout.discs
    out = Layout(layout.discs[:7] + (Disc(PieceKind.BLACK, black.x, STANDARD_BOARD.half - black.radius + 1e-5),))
    with pytest.raises(ValueError, match=r"layout disc 7 \(black\) at .* is off the board"):
        simulate(out, Strike.from_seat(Seat.NORTH, -0.2163, -0.387, 1.086))


# The discs at rest after stroke 107 of a soak's match (benchmarks/load.py --soak, 27 November 2026, v4), and South's
# stroke 108: it left the white at index 3 resting 2.8 µm past the south cushion's line, pressed there by the black
# at index 8 it touched; the next stroke was refused ("layout disc 3 (white) ... is off the board").
PRESSED_BY_A_NEIGHBOUR = (
    ("queen", 0.3351946386053868, 0.22271629424719175), ("white", 0.21230803136047016, 0.20628926541576897),
    ("black", -0.30749304903368607, 0.2774066950373437), ("white", 0.10299637144713789, -0.1932135650693769),
    ("black", 0.16811922973886334, -0.3184252018634448), ("white", 0.12595339789692028, 0.02685939553859381),
    ("black", -0.24248433053978524, 0.3449658337051707), ("white", -0.3332244869405909, 0.22227063698468386),
    ("black", 0.20123342238080386, -0.33069740804926046))
STROKE_108 = (-0.21683049162464632, -0.2534888076356616, 4.848998604272312)  # South: along, angle, speed


def furthest_into_a_cushion(layout) -> float:
    from carrom.equipment import STANDARD_BOARD

    return max(max(abs(d.x), abs(d.y)) - (STANDARD_BOARD.half - d.radius) for d in layout.discs)


def test_a_coin_pressed_into_a_cushion_by_a_neighbour_rests_on_the_cushion_line_and_the_match_goes_on():
    """The rest positions hold every disc within its cushion's line (the pair that pressed it held apart as
    before), single shot and batch alike; the next stroke, refused on main, plays (ICF 102-112 never stop a board)."""
    from carrom.equipment import Seat
    from carrom.equipment.layout import Disc, Layout, PieceKind

    layout = Layout(tuple(Disc(PieceKind(k), x, y) for k, x, y in PRESSED_BY_A_NEIGHBOUR))
    strike = Strike.from_seat(Seat.SOUTH, *STROKE_108)
    after = simulate(layout, strike).final_layout
    assert len(after.discs) == 9
    assert furthest_into_a_cushion(after) <= ACCEPTED
    assert deepest(after) <= ACCEPTED
    white = after.discs[3]
    assert white.y == pytest.approx(-0.3541, abs=3e-6)  # moved by micrometres, not elsewhere
    batch = simulate_batch(layout, [strike, strike])
    assert np.array_equal(batch.final_positions[0], batch.final_positions[1])
    assert np.allclose(batch.final_positions[0][:9], [(d.x, d.y) for d in after.discs], atol=1e-12)
    nxt = simulate(after, Strike.from_seat(Seat.NORTH, 0.21640765579718738, -0.959502549706358, 5.928204660632597))
    assert nxt.n_events > 0
