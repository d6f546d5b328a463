"""Pockets (v1, PocketModel.CIRCLE): the centre entering the pocket circle pockets a disc;
the corner rule. v2 and v3 tip: test_physics_tipping.py."""

import math

import pytest
from physics_checks import H, assert_sound

from carrom.equipment import CARROMMAN, STANDARD_BOARD, STRIKER, Disc, Layout, PieceKind, Seat
from carrom.physics import MODELS, EventKind, Strike, simulate

POCKETS = STANDARD_BOARD.pocket_centres()
RP = STANDARD_BOARD.pocket_radius
V1 = MODELS["v1"]


@pytest.mark.parametrize("pocket", range(4))
def test_striker_sent_straight_at_a_pocket_falls_into_that_pocket(pocket):
    cx, cy = POCKETS[pocket]
    start = (0.3 * cx, 0.3 * cy)
    result = simulate(Layout(()), Strike(*start, math.atan2(cy, cx), 3.0), V1)
    assert_sound(result)
    assert result.striker_pocketed and result.striker_pocket == pocket
    assert result.striker_position is None
    (p,) = result.pocketed
    assert (p.index, p.kind, p.pocket) == (0, PieceKind.STRIKER, pocket)
    ev = result.events[-1]
    assert ev.kind is EventKind.POCKETED and ev.pocket == pocket and ev.time == p.time
    # Pocketed the moment its centre reaches the pocket circle.
    assert math.dist(ev.positions[0], (cx, cy)) == pytest.approx(RP, abs=1e-12)
    assert [e.kind for e in result.events] == [EventKind.POCKETED]


@pytest.mark.parametrize("pocket", range(4))
def test_coin_driven_straight_at_a_pocket_falls_in(pocket):
    cx, cy = POCKETS[pocket]
    ux, uy = cx / math.hypot(cx, cy), cy / math.hypot(cx, cy)
    coin = Disc(PieceKind.QUEEN, 0.15 * ux, 0.15 * uy)
    result = simulate(Layout((coin,)), Strike(-0.1 * ux, -0.1 * uy, math.atan2(cy, cx), 4.0), V1)
    assert_sound(result)
    assert result.pocketed[0].index == 0 and result.pocketed[0].pocket == pocket
    assert result.pocketed[0].kind is PieceKind.QUEEN
    assert result.first_contact == 0


def test_disc_sliding_along_a_cushion_falls_into_the_corner_pocket():
    """Its centre runs at one radius from the cushion, a line that crosses the pocket
    circle: it drops in and never 'bounces' off the end of the cushion."""
    x = H - STRIKER.radius
    result = simulate(Layout(()), Strike(x, 0.0, math.pi / 2, 3.0), V1)
    kinds = [e.kind for e in result.events]
    assert kinds == [EventKind.POCKETED] and result.striker_pocket == 2


def _first_cushion_point(start, direction, radius):
    """Where the centre's straight path first meets the east cushion line x = H - radius."""
    x0, y0 = start
    t = (H - radius - x0) / math.cos(direction)
    return (H - radius, y0 + t * math.sin(direction))


def test_corner_rule_pocket_before_cushion():
    """A disc whose path reaches the cushion inside the pocket mouth is pocketed, no bounce;
    a disc reaching the cushion just outside the mouth bounces."""
    start = (0.2, 0.3)
    inside = 0.25
    hit = _first_cushion_point(start, inside, STRIKER.radius)
    assert math.dist(hit, POCKETS[2]) < RP  # the cushion point lies in the pocket circle
    result = simulate(Layout(()), Strike(*start, inside, 3.0), V1)
    assert [e.kind for e in result.events] == [EventKind.POCKETED]
    outside = -0.3
    hit = _first_cushion_point(start, outside, STRIKER.radius)
    assert math.dist(hit, POCKETS[2]) > RP
    result = simulate(Layout(()), Strike(*start, outside, 3.0), V1)
    assert result.events[0].kind is EventKind.CUSHION and result.events[0].cushion is Seat.EAST


def test_a_coin_resting_by_the_pocket_is_knocked_in():
    # A coin touching both cushions' lines cannot exist outside the pocket: put one close.
    c = STANDARD_BOARD.pocket_centre_offset
    d = RP + 0.002
    coin = Disc(PieceKind.BLACK, c - d / math.sqrt(2), c - d / math.sqrt(2))
    result = simulate(Layout((coin,)), Strike(0.0, 0.0, math.pi / 4, 2.0), V1)
    assert_sound(result)
    assert [(p.index, p.pocket) for p in result.pocketed][:1] == [(0, 2)]
    assert result.coins_pocketed[0].kind is PieceKind.BLACK


def test_pocket_radius_is_the_law_s():
    assert 2 * RP == pytest.approx(0.0445)
    assert CARROMMAN.diameter.value < 2 * RP
