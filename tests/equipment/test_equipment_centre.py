"""Coins placed by hand: due and penalty coins (ICF 84–89) and the umpire's returns (65, 94)."""

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from carrom.equipment import (
    CARROMMAN,
    STANDARD_BOARD,
    Disc,
    EquipmentError,
    Layout,
    PieceKind,
    Seat,
    centre_return_positions,
    opening_formation,
    placement_problems,
)
from carrom.equipment.centre import aligned_pocket, inner_circle_coverage, nearest_free_point

B = STANDARD_BOARD
r = CARROMMAN.radius
D = CARROMMAN.diameter.value
EMPTY = Layout(())
NE = (1 / math.sqrt(2), 1 / math.sqrt(2))


def codes(problems):
    return [p.code for p in problems]


# --- due and penalty coins -------------------------------------------------------------------


def test_a_free_spot_inside_the_outer_circle_is_fine():
    assert placement_problems(EMPTY, 0.05, 0.0) == ()


def test_wholly_within_the_outer_circle():
    """ICF 84 a, 85: the placed coin lies within the outer centre circle."""
    edge = B.outer_circle_radius - r
    assert placement_problems(EMPTY, edge, 0.0) == ()
    problems = placement_problems(EMPTY, edge + 0.001, 0.0)
    assert codes(problems) == ["outside-outer-circle"]
    assert problems[0].law == "ICF 84 a, 85"


def test_never_covering_the_inner_circle():
    """ICF 89 b: not covering the inner circle wholly or partly."""
    clear = B.inner_circle_radius + r
    assert placement_problems(EMPTY, 0.0, clear) == ()  # touching its edge is not covering
    partly = placement_problems(EMPTY, 0.0, clear - 0.002)
    assert codes(partly) == ["covers-inner-circle"] and "in part" in partly[0].message
    wholly = placement_problems(EMPTY, 0.0, 0.0)
    assert codes(wholly) == ["covers-inner-circle"] and "wholly" in wholly[0].message
    assert wholly[0].law == "ICF 89 b"


def test_never_overlapping_another_piece():
    layout = Layout((Disc(PieceKind.BLACK, 0.05, 0.0),))
    problems = placement_problems(layout, 0.05, 0.02)
    assert codes(problems) == ["overlaps-piece"]
    assert problems[0].law == "ICF 86" and "piece 0 (black)" in problems[0].message


def test_cannon_towards_a_pocket():
    """ICF 89 a; 16 b: touching, their line towards a pocket."""
    p = (0.035 * NE[0], 0.035 * NE[1])
    layout = Layout((Disc(PieceKind.WHITE, *p),))
    x, y = p[0] + D * NE[0], p[1] + D * NE[1]
    problems = placement_problems(layout, x, y)
    assert codes(problems) == ["cannon"]
    assert problems[0].law == "ICF 89 a; 16 b"
    assert "north-east" in problems[0].message or "south-west" in problems[0].message


def test_pair_towards_a_pocket():
    """ICF 89 a; 16 a: a gap between them, their line towards a pocket."""
    q = 0.02 / math.sqrt(2)
    layout = Layout((Disc(PieceKind.QUEEN, q, -q),))  # on the SE–NW diagonal
    gap = 0.01
    step = (D + gap) / math.sqrt(2)
    problems = placement_problems(layout, q + step, -q - step)
    assert codes(problems) == ["pair"]
    assert "1.00 cm apart" in problems[0].message


def test_side_by_side_across_any_pocket_line_is_fine():
    layout = Layout((Disc(PieceKind.WHITE, 0.05, 0.0),))
    assert placement_problems(layout, 0.05, D) == ()  # their line is x = 5 cm: no pocket


def test_far_apart_is_not_a_pair():
    a = 0.045 / math.sqrt(2)
    layout = Layout((Disc(PieceKind.WHITE, -a, -a),))  # 5.82 cm between edges, across the centre
    assert placement_problems(layout, a, a) == ()
    assert codes(placement_problems(layout, a, a, pair_gap=0.06)) == ["pair"]


def test_aim_tolerance_is_the_pocket_radius():
    a = (0.06, 0.02)
    px, py = B.pocket_centres()[2]  # north-east
    vx, vy = px - a[0], py - a[1]
    n = math.hypot(vx, vy)
    nx, ny = -vy / n, vx / n
    for miss, expected in ((B.pocket_radius * 0.99, 2), (B.pocket_radius * 1.02, None)):
        tx, ty = px + miss * nx, py + miss * ny  # the line a→b passes this far from the pocket
        t = math.hypot(tx - a[0], ty - a[1])
        b = (a[0] + 0.04 * (tx - a[0]) / t, a[1] + 0.04 * (ty - a[1]) / t)
        assert aligned_pocket(a, b) == expected
        assert aligned_pocket(b, a) == expected


def test_the_striker_does_not_make_pairs():
    striker = Disc(PieceKind.STRIKER, 0.01 * NE[0], 0.01 * NE[1])
    d = r + striker.radius
    x, y = (0.01 + d) * NE[0], (0.01 + d) * NE[1]
    assert placement_problems(Layout((striker,)), x, y) == ()
    coin = Disc(PieceKind.WHITE, (0.01 + d - D) * NE[0], (0.01 + d - D) * NE[1])
    assert codes(placement_problems(Layout((coin,)), x, y)) == ["cannon"]


def test_bad_input():
    with pytest.raises(EquipmentError, match="x must be"):
        placement_problems(EMPTY, math.nan, 0.0)
    with pytest.raises(EquipmentError, match="y must be a finite number"):
        placement_problems(EMPTY, 0.0, 10**400)  # an integer beyond the floats


# --- the umpire's returns --------------------------------------------------------------------


def test_queen_on_the_inner_circle_then_coins_away_from_the_player():
    """ICF 65 a–b: queen first on the inner circle; the coin touches it on the far side."""
    placed = centre_return_positions(EMPTY, [PieceKind.QUEEN, PieceKind.WHITE], Seat.SOUTH)
    q, w = placed
    assert (q.kind, q.x, q.y) == (PieceKind.QUEEN, 0.0, 0.0)
    assert (w.x, w.y) == pytest.approx((0.0, D))  # north of the queen: away from south
    placed = centre_return_positions(EMPTY, ["queen", "black"], Seat.EAST)
    assert (placed[1].x, placed[1].y) == pytest.approx((-D, 0.0))  # away from east


def test_third_and_fourth_touch_the_first_two():
    """ICF 65 d: further pieces touch the first two as much as possible."""
    placed = centre_return_positions(EMPTY, ["queen", "white", "black", "white"], Seat.SOUTH)
    q, a, b, c = placed
    for p in (b, c):
        assert math.hypot(p.x - q.x, p.y - q.y) == pytest.approx(D)
        assert math.hypot(p.x - a.x, p.y - a.y) == pytest.approx(D)
    assert b.y > 0 and c.y > 0  # both crossings lie north of the queen here


def test_blocked_centre_goes_as_close_as_room_allows():
    """ICF 94: the inner circle covered, the queen goes as near it as possible."""
    f = opening_formation()
    (q,) = centre_return_positions(f, ["queen"], Seat.SOUTH)
    d = math.hypot(q.x, q.y)
    assert d == pytest.approx(math.sqrt(7) * D)  # the nearest hole in a hexagonal packing
    assert q.y > 0  # ties go away from the player
    for x in [i / 200 for i in range(-20, 21)]:
        for y in [j / 200 for j in range(-20, 21)]:
            if math.hypot(x, y) < d - 1e-4:
                assert any(math.hypot(x - o.x, y - o.y) < r + o.radius for o in f)


def test_partly_covered_circle_maximises_coverage():
    blocker = Layout((Disc(PieceKind.BLACK, 0.0, -0.02),))
    (q,) = centre_return_positions(blocker, ["queen"], Seat.SOUTH)
    assert (q.x, q.y) == pytest.approx((0.0, -0.02 + D))
    assert 0 < inner_circle_coverage(q.x, q.y) < 1
    assert inner_circle_coverage(0, 0) == 1.0 and inner_circle_coverage(0.1, 0) == 0.0


def test_bad_kinds():
    with pytest.raises(EquipmentError, match="not the striker"):
        centre_return_positions(EMPTY, ["striker"], Seat.SOUTH)
    with pytest.raises(EquipmentError, match="unknown piece kind 'green'"):
        centre_return_positions(EMPTY, ["green"], Seat.SOUTH)


def test_no_room_is_an_error():
    obstacles = [(0.0, 0.0, 10.0)]
    with pytest.raises(EquipmentError, match="no room"):
        nearest_free_point((0.0, 0.0), r, obstacles)


centre_coin = st.tuples(
    st.floats(-0.12, 0.12), st.floats(-0.12, 0.12), st.sampled_from([PieceKind.WHITE, PieceKind.BLACK])
)


@settings(max_examples=80, deadline=None)
@given(
    st.lists(centre_coin, max_size=12),
    st.lists(st.sampled_from(["queen", "white", "black"]), min_size=1, max_size=5),
    st.sampled_from(list(Seat)),
)
def test_returns_never_overlap_anything(coins, kinds, seat):
    layout = Layout(tuple(Disc(k, x, y) for x, y, k in coins))
    placed = centre_return_positions(layout, kinds, seat)
    assert [p.kind.value for p in placed] == kinds
    everything = list(layout.discs)
    for p in placed:
        for o in everything:
            assert math.hypot(p.x - o.x, p.y - o.y) >= p.radius + o.radius - 1e-9
        assert abs(p.x) <= B.half - p.radius and abs(p.y) <= B.half - p.radius
        everything.append(p)
    first = placed[0]
    if all(math.hypot(o.x, o.y) >= r + o.radius for o in layout.discs):
        assert (first.x, first.y) == (0.0, 0.0)
    if len(placed) > 1:
        # the second touches the first whenever there is room around it
        d = math.hypot(placed[1].x - first.x, placed[1].y - first.y)
        assert d >= 2 * r - 1e-9
