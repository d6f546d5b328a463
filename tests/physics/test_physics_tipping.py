"""Pockets from mechanics (v2, PocketModel.TIPPING): a disc falls when it tips over the rim
far enough before its leading edge reaches the far rim, or meets a cushion while it
overhangs; a fast disc skims over and continues (issue 12's reproducer)."""

import math

import numpy as np
import pytest
from physics_checks import assert_sound

from carrom.equipment import CARROMMAN, STANDARD_BOARD, STRIKER, Disc, Layout, PieceKind, Seat
from carrom.physics import MODELS, EventKind, Strike, simulate
from carrom.physics import _engine as E

V1 = MODELS["v1"]
V2 = MODELS["v2"]
RP = STANDARD_BOARD.pocket_radius
H = STANDARD_BOARD.half
G = V2.g
NE = STANDARD_BOARD.pocket_centres()[2]
SKIMMER = Strike.from_seat(Seat.SOUTH, 0.030600259798020724, 0.5251748321216219, 4.93658532466462)


def tipping_radius(r):
    return math.sqrt(RP * RP - r * r)


def test_the_reproducer_skims_over_the_pocket_and_goes_on():
    assert simulate(Layout(()), SKIMMER, V1).striker_pocket == 3  # v1: in, 0.51 mm deep
    result = simulate(Layout(()), SKIMMER, V2)
    assert_sound(result)
    assert not result.striker_pocketed
    assert result.events[0].kind is EventKind.CUSHION  # it reaches the cushion beyond the mouth


def test_capture_speed_is_zero_where_the_centre_of_mass_never_overhangs():
    for r in (CARROMMAN.radius, STRIKER.radius):
        assert E.capture_speed(tipping_radius(r) + 1e-6, r, 0.008, RP, G) == 0.0
        assert E.capture_speed(RP - 0.00051, r, 0.008, RP, G) == 0.0


def test_capture_speed_grows_with_the_cut_and_is_less_for_the_striker():
    cuts = np.linspace(0.0075, RP, 12)
    coin = [E.capture_speed(RP - c, CARROMMAN.radius, 0.008, RP, G) for c in cuts]
    striker = [E.capture_speed(RP - c, STRIKER.radius, 0.008, RP, G) for c in cuts]
    assert all(b > a for a, b in zip(coin, coin[1:]))
    assert all(s < c for s, c in zip(striker, coin))


def test_a_point_disc_falls_freely_across_the_whole_hole():
    """Closed form: a disc of vanishing radius is unsupported over the whole chord 2 L
    (L^2 = Rp^2 - b^2) and falls freely: g G / v^2 with G = (2 L)^2 / 2."""
    for b in (0.0, 0.01, 0.02):
        assert E.tipping_integral(b, 1e-9, 0.008, RP) == pytest.approx(2 * (RP * RP - b * b), rel=1e-2)


def test_a_thicker_disc_needs_to_be_slower_to_fall():
    b = RP - 0.015
    assert E.capture_speed(b, CARROMMAN.radius, 0.009, RP, G) < E.capture_speed(b, CARROMMAN.radius, 0.007, RP, G)


def across_the_mouth(speed: float, b: float = 0.0066):
    """A coin sliding south-east across the NE pocket's mouth on the board's side of its
    centre, passing b from it (a cut of Rp - b), just after leaving the north cushion."""
    r = CARROMMAN.radius
    ux, uy = math.sqrt(0.5), -math.sqrt(0.5)
    mx, my = NE[0] - b * math.sqrt(0.5), NE[1] - b * math.sqrt(0.5)
    back = math.sqrt(tipping_radius(r) ** 2 - b * b) + 0.0005
    x, y = mx - back * ux, my - back * uy
    assert abs(x) < H - r and abs(y) < H - r and math.dist((x, y), NE) > tipping_radius(r)
    pos = np.array([[x, y]])
    vel = np.array([[speed * ux, speed * uy]])
    prm = V2.vector(H, RP, STANDARD_BOARD.pocket_centre_offset)
    out = E.run(pos[:, 0].copy(), pos[:, 1].copy(), vel[:, 0].copy(), vel[:, 1].copy(),
                np.array([r]), np.array([CARROMMAN.mass.value]), np.zeros(1, dtype=np.int64), prm, -1, True)
    return out


def test_a_slow_coin_crossing_the_lip_falls():
    v_c = E.capture_speed(0.0066, CARROMMAN.radius, V2.coin_thickness, RP, G)
    assert 0.3 < v_c < 0.5
    _ef, ei, *_rest, alive, pocket, _ptime, _first, _disp = across_the_mouth(0.9 * v_c)
    assert not alive[0] and pocket[0] == 2
    assert ei[-1, E.EI_KIND] == E.POCKETED


def test_a_fast_coin_crossing_the_lip_skims_on():
    v_c = E.capture_speed(0.0066, CARROMMAN.radius, V2.coin_thickness, RP, G)
    _ef, ei, _n, _it, _capped, st, alive, pocket, *_rest = across_the_mouth(1.1 * v_c + 0.2)
    assert alive[0] and pocket[0] == -1
    assert math.dist((st[0, E.SX], st[0, E.SY]), NE) > RP  # it came to rest past the hole


def test_a_coin_sliding_into_the_corner_falls_at_any_speed():
    """Aimed at the corner, the coin meets a cushion while it overhangs: it falls."""
    c = STANDARD_BOARD.pocket_centre_offset
    coin = Disc(PieceKind.BLACK, 0.6 * c, 0.6 * c)
    result = simulate(Layout((coin,)), Strike(0.2 * c, 0.2 * c, math.pi / 4, 6.5), V2)
    assert_sound(result)
    assert [(p.index, p.pocket) for p in result.pocketed][:1] == [(0, 2)]


def test_a_coin_may_rest_on_the_lip():
    """Its centre over the hole but its centre of mass still over the board: it stays (v2);
    v1 refuses such a layout (the centre in the pocket circle)."""
    d = 0.5 * (RP + tipping_radius(CARROMMAN.radius))
    lip = Layout((Disc(PieceKind.WHITE, NE[0] - d * math.sqrt(0.5), NE[1] - d * math.sqrt(0.5)),))
    with pytest.raises(ValueError, match="in pocket 2"):
        simulate(lip, Strike.from_seat(Seat.SOUTH, 0.0, 0.0, 1.0), V1)
    result = simulate(lip, Strike.from_seat(Seat.SOUTH, 0.0, 0.0, 1.0), V2)
    assert result.on_board[0] and tuple(result.final_positions[0]) == (lip.discs[0].x, lip.discs[0].y)
    too_deep = Layout((Disc(PieceKind.WHITE, NE[0] - 0.01, NE[1] - 0.01),))
    with pytest.raises(ValueError, match="in pocket 2"):
        simulate(too_deep, Strike.from_seat(Seat.SOUTH, 0.0, 0.0, 1.0), V2)


def test_a_coin_struck_while_it_skims_falls():
    """Found by the property tests: coin 7 skims over the NW pocket and is struck there; it
    may not bounce off the cushion with its centre of mass over the hole: it falls."""
    w = PieceKind.WHITE
    layout = Layout((
        Disc(w, -0.3125, 0.3125), Disc(w, -0.3034795425022694, 0.2820062080657122), Disc(w, 0.25, 0.0),
        Disc(w, 0.0, 0.0), Disc(w, 0.0, 0.25), Disc(w, -0.25, 0.0), Disc(w, -0.2716795425022694, 0.2820062080657122),
        Disc(w, -0.3257334694021991, 0.3414156581730567),
    ))
    result = simulate(layout, Strike(0.25259999999999994, 0.125, 2.7242936010198404, 4.0), V2)
    assert_sound(result)
    # Since a disc that would stop overhanging the hole falls at once (below), coin 7 falls
    # as it enters, before coin 0 can reach it; coin 0, struck on by the striker, follows.
    assert [(p.index, p.pocket) for p in result.pocketed] == [(7, 3), (0, 3)]


@pytest.mark.parametrize(
    "model, coin, strike",
    [
        ("v2", (0.21615212416271276, -0.25973991128065366), Strike(0.15891051521585145, -0.2038525405679908, -0.773427989557349, 0.636888332990857)),
        ("v3", (0.27672563865876654, -0.25085219539954384), Strike(0.21852241103415287, -0.19596700346148638, -0.7560663884542231, 0.6108432500836256)),
    ],
)
def test_a_disc_that_stops_overhanging_the_hole_falls(model, coin, strike):
    """A disc faster than its capture speed skims on, unless it stops before leaving the
    tipping circle: at rest with its centre of mass over the hole, it tips in. Found on
    main (v2: the coin rested 0.56 mm inside the tipping circle, and the next stroke
    refused the layout as a coin in a pocket), and when v3 became the default."""
    result = simulate(Layout((Disc(PieceKind.BLACK, *coin),)), strike, MODELS[model])
    assert [p.index for p in result.pocketed] == [0] and result.pocketed[0].pocket == 1
    assert_sound(result)
