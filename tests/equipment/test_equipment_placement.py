"""Legal striker positions on a baseline (ICF 130 a–b, 142; Italian 110–111)."""

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from carrom.equipment import (
    CARROMMAN,
    STANDARD_BOARD,
    STRIKER,
    Disc,
    EquipmentError,
    Layout,
    PieceKind,
    Seat,
    has_legal_position,
    is_legal_position,
    legal_intervals,
    nearest_legal,
    opening_formation,
    why_illegal,
)
from carrom.equipment.placement import base_circle_centres, critical_offsets, offset_band, striker_centre
from carrom.equipment.spec import DiscSpec, Range

B = STANDARD_BOARD
R = STRIKER.radius
r = CARROMMAN.radius
RB = B.base_circle_radius
BC = B.base_circle_offset
AXIS = B.baseline_axis_distance
HALF_ARROW = B.arrow_thickness.value / 2
EMPTY = Layout(())


def oracle(seat, along, offset, layout, tol):
    """The law's conditions, computed in board coordinates; ``tol`` > 0 relaxes each by tol."""
    px, py = seat.to_board(along, -AXIS + offset)
    d_circle = min(math.hypot(px - x, py - y) for x, y in base_circle_centres(seat))
    covers_whole = d_circle <= R - RB + tol
    overlaps_circle = d_circle < R + RB - tol

    def touches(f0, f1):  # the line painted over along ∈ [-BC, BC], forward ∈ [f0, f1]
        a, f = seat.from_board(px, py)
        dx = max(-BC - a, 0.0, a - BC)
        df = max(f0 - f, 0.0, f - f1)
        return math.hypot(dx, df) <= R + tol

    outer, inner = B.baseline_outer_distance, B.baseline_inner_distance
    lower = touches(-outer, -outer + B.baseline_thickness.value)
    upper = touches(-inner - B.upper_baseline_thickness.value, -inner)
    placed_ok = covers_whole or (not overlaps_circle and lower and upper)
    arrows_ok = all(dist >= R + HALF_ARROW - tol for dist in (abs(px - py) / math.sqrt(2), abs(px + py) / math.sqrt(2)))
    coins_ok = all(
        math.hypot(px - d.x, py - d.y) >= R + d.radius - tol for d in layout.discs if d.kind is not PieceKind.STRIKER
    )
    return placed_ok and arrows_ok and coins_ok


def inside(intervals, a, margin):
    return any(lo + margin <= a <= hi - margin for lo, hi in intervals)


# --- the empty baseline ----------------------------------------------------------------------


@pytest.mark.parametrize("seat", list(Seat))
def test_empty_baseline_has_three_symmetric_stretches(seat):
    iv = legal_intervals(seat, EMPTY)
    assert len(iv) == 3
    for (lo, hi), (lo2, hi2) in zip(iv, reversed(iv)):
        assert lo == pytest.approx(-hi2, abs=1e-15) and hi == pytest.approx(-lo2, abs=1e-15)
    middle = iv[1]
    assert middle[1] == pytest.approx(BC - R - RB)  # the striker just clear of the base circle
    right = iv[2]
    assert right[0] == pytest.approx(BC - (R - RB))  # covering the whole base circle
    # the outer end is where the striker would touch the arrow, before it stops covering the circle
    arrow_limit = AXIS - math.sqrt(2) * (R + HALF_ARROW)
    assert right[1] == pytest.approx(arrow_limit)
    assert right[1] < BC + (R - RB)
    assert iv == legal_intervals(Seat.SOUTH)


def test_the_figures_in_centimetres():
    iv = legal_intervals(Seat.SOUTH)
    assert [round(v * 100, 3) for v in iv[1:][0]] == [-18.255, 18.255]
    assert [round(v * 100, 3) for v in iv[2]] == [21.435, 22.234]


def test_base_circle_fully_covered_is_legal_partly_is_not():
    assert is_legal_position(Seat.SOUTH, BC)
    assert is_legal_position(Seat.SOUTH, -BC)
    partly = BC - (R - RB) - 0.001
    assert not is_legal_position(Seat.SOUTH, partly)
    assert [p.code for p in why_illegal(Seat.SOUTH, partly)] == ["partly-covers-base-circle"]
    assert why_illegal(Seat.SOUTH, partly)[0].law == "ICF 130 b"
    # just clear of the circle: legal, touching both lines
    assert is_legal_position(Seat.SOUTH, BC - R - RB)


def test_the_arrow_is_never_touched():
    too_far = BC + (R - RB) - 0.0001  # still covers the whole circle, but reaches the arrow
    assert [p.code for p in why_illegal(Seat.EAST, too_far)] == ["touches-arrow"]
    assert "130 b" in why_illegal(Seat.EAST, too_far)[0].law
    for seat in Seat:
        for lo, hi in legal_intervals(seat):
            for k in range(11):
                x, y = striker_centre(seat, lo + (hi - lo) * k / 10)
                assert abs(x - y) / math.sqrt(2) >= R + HALF_ARROW - 1e-12
                assert abs(x + y) / math.sqrt(2) >= R + HALF_ARROW - 1e-12


def test_beyond_the_baseline_and_off_the_lines():
    assert [p.code for p in why_illegal(Seat.NORTH, 0.0, offset=0.02)] == ["not-touching-both-lines"]
    assert "upper" in why_illegal(Seat.NORTH, 0.0, offset=-0.02)[0].message
    assert "lower" in why_illegal(Seat.NORTH, 0.0, offset=0.02)[0].message
    codes = [p.code for p in why_illegal(Seat.NORTH, 0.30)]
    assert codes[0] == "beyond-baseline"


def test_offset_band():
    lo, hi = offset_band()
    assert lo == pytest.approx(-0.00625) and hi == pytest.approx(0.01025)
    assert is_legal_position(Seat.SOUTH, 0.0, offset=hi)
    assert not is_legal_position(Seat.SOUTH, 0.0, offset=hi + 1e-6)
    assert legal_intervals(Seat.SOUTH, offset=0.02) == ()
    # off-axis, the striker can still cover a base circle only within R − rb of its centre
    w = math.sqrt((R - RB) ** 2 - 0.004**2)
    assert legal_intervals(Seat.SOUTH, offset=0.004)[-1][0] == pytest.approx(BC - w)
    assert len(legal_intervals(Seat.SOUTH, offset=0.0048)) == 1  # beyond R − rb: only between the circles


def test_positions_in_board_coordinates():
    assert striker_centre(Seat.SOUTH, 0.1) == pytest.approx((0.1, -AXIS))
    assert striker_centre(Seat.EAST, 0.1) == pytest.approx((AXIS, 0.1))
    assert striker_centre(Seat.NORTH, 0.1) == pytest.approx((-0.1, AXIS))
    assert striker_centre(Seat.WEST, 0.1) == pytest.approx((-AXIS, -0.1))


# --- coins in the way ------------------------------------------------------------------------


def test_a_coin_removes_a_stretch():
    x, y = striker_centre(Seat.SOUTH, 0.10)
    layout = Layout((Disc(PieceKind.BLACK, x, y),))
    iv = legal_intervals(Seat.SOUTH, layout)
    assert len(iv) == 4
    reach = R + r
    assert (iv[1][1], iv[2][0]) == pytest.approx((0.10 - reach, 0.10 + reach))
    assert is_legal_position(Seat.SOUTH, 0.10 - reach, layout)  # tangent: allowed
    problems = why_illegal(Seat.SOUTH, 0.10, layout)
    assert [p.code for p in problems] == ["overlaps-coin"]
    assert "piece 0 (black)" in problems[0].message
    # the other seats are not affected
    assert legal_intervals(Seat.NORTH, layout) == legal_intervals(Seat.NORTH)


def test_a_coin_off_the_axis_blocks_a_shorter_stretch():
    x, y = striker_centre(Seat.WEST, 0.0, offset=0.03)
    iv = legal_intervals(Seat.WEST, Layout((Disc(PieceKind.WHITE, x, y),)))
    half = math.sqrt((R + r) ** 2 - 0.03**2)
    assert (iv[1][1], iv[2][0]) == pytest.approx((-half, half))


def test_the_striker_in_a_layout_is_ignored():
    x, y = striker_centre(Seat.SOUTH, 0.0)
    assert legal_intervals(Seat.SOUTH, Layout((Disc(PieceKind.STRIKER, x, y),))) == legal_intervals(Seat.SOUTH)


def row_on_baseline(seat, offset=0.0, step=CARROMMAN.diameter.value):
    n = int(2 * 0.25 / step) + 2
    return Layout(
        tuple(Disc(PieceKind.WHITE, *striker_centre(seat, -0.25 + k * step, offset=offset)) for k in range(n))
    )


def test_no_room_means_no_legal_position():
    """ICF 142: coins on the baseline leave no room for the striker: the board is replayed."""
    layout = row_on_baseline(Seat.SOUTH)
    assert legal_intervals(Seat.SOUTH, layout) == ()
    assert not has_legal_position(Seat.SOUTH, layout)
    assert nearest_legal(Seat.SOUTH, 0.0, layout) is None
    assert has_legal_position(Seat.NORTH, layout)


def test_an_offset_can_make_room():
    """Coins 3 cm behind the axis block a striker centred on it, not one pushed forward."""
    layout = row_on_baseline(Seat.SOUTH, offset=-0.03)
    assert legal_intervals(Seat.SOUTH, layout, offset=0.0) == ()
    assert not has_legal_position(Seat.SOUTH, layout, offset=0.0)
    assert has_legal_position(Seat.SOUTH, layout)
    assert legal_intervals(Seat.SOUTH, layout, offset=offset_band()[1])


def test_opening_formation_leaves_every_baseline_free():
    f = opening_formation()
    for seat in Seat:
        assert legal_intervals(seat, f) == legal_intervals(seat)
        assert has_legal_position(seat, f)


def test_nearest_legal_snaps():
    assert nearest_legal(Seat.SOUTH, 0.05) == 0.05
    assert nearest_legal(Seat.SOUTH, 0.19) == pytest.approx(BC - R - RB)
    assert nearest_legal(Seat.SOUTH, 0.21) == pytest.approx(BC - (R - RB))
    assert nearest_legal(Seat.SOUTH, 0.40) == pytest.approx(legal_intervals(Seat.SOUTH)[-1][1])


@pytest.mark.parametrize("bad", [math.nan, math.inf, "0.1", None, pytest.param(10**400, id="beyond-floats")])
def test_bad_numbers(bad):
    with pytest.raises(EquipmentError):
        is_legal_position(Seat.SOUTH, bad)
    with pytest.raises(EquipmentError):
        legal_intervals(Seat.SOUTH, offset=bad)


# --- properties ------------------------------------------------------------------------------

coin = st.tuples(st.floats(-0.28, 0.28), st.floats(-0.05, 0.05), st.sampled_from([PieceKind.WHITE, PieceKind.BLACK, PieceKind.QUEEN]))


def layout_for(seat, coins):
    return Layout(tuple(Disc(k, *striker_centre(seat, a, offset=f)) for a, f, k in coins))


@settings(max_examples=150, deadline=None)
@given(
    st.sampled_from(list(Seat)),
    st.lists(coin, max_size=8),
    st.floats(-0.008, 0.012),
    st.lists(st.floats(-0.30, 0.30), min_size=1, max_size=12),
    st.floats(0, 1),
)
def test_intervals_agree_with_the_law(seat, coins, offset, probes, u):
    layout = layout_for(seat, coins)
    iv = legal_intervals(seat, layout, offset=offset)
    for lo, hi in iv:
        assert lo <= hi
        for a in (lo, hi, (lo + hi) / 2, lo + u * (hi - lo)):
            assert oracle(seat, a, offset, layout, tol=1e-7), (a, iv)
            assert is_legal_position(seat, a, layout, offset=offset) or not inside(iv, a, 1e-7)
    for (_, hi), (lo, _) in zip(iv, iv[1:]):
        assert hi < lo  # sorted, disjoint
    for a in probes:
        if oracle(seat, a, offset, layout, tol=-1e-7):
            assert inside(iv, a, -1e-7)
        if not oracle(seat, a, offset, layout, tol=1e-7):
            assert not inside(iv, a, 1e-7)
        legal = is_legal_position(seat, a, layout, offset=offset)
        assert legal == (not why_illegal(seat, a, layout, offset=offset))
        if inside(iv, a, 1e-7):
            assert legal
        if not inside(iv, a, -1e-7):
            assert not legal
        snapped = nearest_legal(seat, a, layout, offset=offset)
        assert (snapped is None) == (not iv)
        if snapped is not None:
            assert is_legal_position(seat, snapped, layout, offset=offset)


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(list(Seat)), st.lists(coin, max_size=14))
def test_has_legal_position_finds_any_offset_a_grid_finds(seat, coins):
    layout = layout_for(seat, coins)
    lo, hi = offset_band()
    grid = [lo + (hi - lo) * k / 40 for k in range(41)]
    if any(legal_intervals(seat, layout, offset=o) for o in grid):
        assert has_legal_position(seat, layout)
    if has_legal_position(seat, layout, offset=0.0):
        assert has_legal_position(seat, layout)


def test_segments_in_board_coordinates():
    from carrom.equipment.placement import legal_positions_board

    segments = legal_positions_board(Seat.EAST)
    assert len(segments) == 3
    for (x0, y0), (x1, y1) in segments:
        assert x0 == pytest.approx(AXIS) and x1 == pytest.approx(AXIS)  # east's baseline is x = axis
        assert y0 < y1


# --- where the legal set can change with the offset (ICF 130 a-b, 142) ----------------------------


def all_but_one_base_circle(seat, side=1, last=0.17):
    """Touching coins on the axis from ``last`` on ``side`` (+1 right, -1 left) to the far other end: only that
    side's base circle has room (at 18.5 cm, only part of it, between the last coin and the arrow)."""
    step = CARROMMAN.diameter.value
    return Layout(tuple(Disc(PieceKind.WHITE, *striker_centre(seat, side * (last - k * step))) for k in range(14)))


ROOM = [  # the layout, the offset its row's reach ends at (None: on the axis, no such edge in the band)
    (lambda: row_on_baseline(Seat.SOUTH, offset=-0.03), -0.03 + R + r),
    (lambda: row_on_baseline(Seat.SOUTH, offset=0.04), 0.04 - R - r),
    (lambda: all_but_one_base_circle(Seat.SOUTH, 1), None),
    (lambda: all_but_one_base_circle(Seat.SOUTH, -1), None),
    (lambda: all_but_one_base_circle(Seat.SOUTH, 1, last=0.185), None),
]


@pytest.mark.parametrize("layout, reach", ROOM, ids=["coins behind the axis", "coins in front of the axis",
                                                      "only the right base circle free", "only the left base circle free",
                                                      "between a coin and the arrow"])
def test_critical_offsets_are_where_the_room_on_the_baseline_can_change(layout, reach):
    """ICF 130 a: the striker may sit anywhere it touches both lines, so the offset is free within the band;
    ICF 142: the board is replayed only when no offset leaves room. Each layout leaves room at some offsets and
    none at others (a row's reach; a base circle that can be covered only so far off the axis before the
    striker reaches the arrow, 130 b): between two consecutive critical offsets whether there is room never
    changes, and the critical offsets include the band's ends and R − rb either side (130 b)."""
    layout = layout()
    crit = critical_offsets(Seat.SOUTH, layout)
    lo, hi = offset_band()
    assert list(crit) == sorted(set(crit))
    assert crit[0] == min(lo, -(R - RB)) and crit[-1] == max(hi, R - RB)
    assert {lo, hi, -(R - RB), R - RB} <= set(crit)
    if reach is not None:
        assert any(c == pytest.approx(reach, abs=1e-12) for c in crit)
    seen = set()
    for a, b in zip(crit, crit[1:]):
        if b - a < 1e-9:
            continue
        room = {bool(legal_intervals(Seat.SOUTH, layout, offset=a + (b - a) * k / 10)) for k in range(1, 10)}
        assert len(room) == 1, (a, b)
        seen |= room
    assert seen == {True, False}, "the row leaves room at some offsets only"
    assert has_legal_position(Seat.SOUTH, layout)


def test_a_striker_the_size_of_the_base_circle_covers_it_exactly():
    """ICF 130 b: played from a base circle the striker must cover all of it. A striker of exactly the circle's
    size covers it only when centred on it: that one point is legal, and the two ways of computing it agree."""
    same = DiscSpec("striker", Range(2 * RB, 0.0, 2 * RB, "test"), STRIKER.mass)
    iv = legal_intervals(Seat.SOUTH, striker=same)
    assert (BC, BC) in [(pytest.approx(lo), pytest.approx(hi)) for lo, hi in iv]
    assert is_legal_position(Seat.SOUTH, BC, striker=same)
    assert not is_legal_position(Seat.SOUTH, BC + 1e-4, striker=same)
    assert critical_offsets(Seat.SOUTH, striker=same)[0] == offset_band(striker=same)[0]


def test_a_coin_centred_on_the_baseline_leaves_the_tangent_positions_legal():
    """ICF 142 with ICF 130: a coin lying on the base line takes the stretch where the striker would overlap it;
    the striker just touching it at one point is not on it, so both ends of the stretch stay legal."""
    x, y = striker_centre(Seat.EAST, 0.0)
    layout = Layout((Disc(PieceKind.WHITE, x, y),))
    iv = legal_intervals(Seat.EAST, layout)
    reach = R + r
    assert (iv[1][1], iv[2][0]) == pytest.approx((-reach, reach))
    for along in (-reach, reach):
        assert why_illegal(Seat.EAST, along, layout) == ()
    for along in (-reach + 1e-6, 0.0, reach - 1e-6):
        assert [p.code for p in why_illegal(Seat.EAST, along, layout)] == ["overlaps-coin"]
    assert nearest_legal(Seat.EAST, 0.001, layout) == pytest.approx(reach)
    assert nearest_legal(Seat.EAST, -0.001, layout) == pytest.approx(-reach)


def test_a_seat_may_be_given_by_its_name():
    """The record and the web name seats by words ("south"): every placement function takes them as a Seat."""
    layout = Layout((Disc(PieceKind.WHITE, *striker_centre(Seat.SOUTH, 0.0)),))
    assert legal_intervals("south", layout) == legal_intervals(Seat.SOUTH, layout)
    assert why_illegal("south", 0.0, layout) == why_illegal(Seat.SOUTH, 0.0, layout)
    assert critical_offsets("south", layout) == critical_offsets(Seat.SOUTH, layout)
    assert has_legal_position("south", layout) and has_legal_position("north", row_on_baseline(Seat.SOUTH))
    assert not has_legal_position("south", row_on_baseline(Seat.SOUTH))
    with pytest.raises(ValueError):
        legal_intervals("centre")


@pytest.mark.parametrize("side", [1, -1], ids=["right arrow", "left arrow"])
def test_critical_offsets_include_where_a_coins_reach_meets_the_arrows_clearance(side):
    """ICF 130 b: the striker must not touch the arrow; ICF 142: nor any coin. A coin beside an arrow leaves
    a short stretch between its reach and the arrow's clearance; that stretch closes at the offset where the
    two boundaries cross, so that offset is critical. Computed here in board coordinates: south's striker at
    offset o next to the arrow on ``side`` sits at (side·(k − o), −axis + o)."""
    k = AXIS - math.sqrt(2) * (R + HALF_ARROW)
    o0 = 0.002
    ux, uy = -1 / math.hypot(1, 0.3), 0.3 / math.hypot(1, 0.3)
    right = (k - o0 + (R + r) * ux, -AXIS + o0 + (R + r) * uy)  # the coin for the right arrow
    coin = (side * right[0], right[1])
    layout = Layout((Disc(PieceKind.WHITE, *coin),))
    # Where the striker at (k − o, −axis + o) is at distance R + r from the mirrored coin: a quadratic in o.
    dx, dy = k - right[0], -AXIS - right[1]
    b, c = 2 * (dy - dx), dx * dx + dy * dy - (R + r) ** 2
    roots = [(-b + s * math.sqrt(b * b - 8 * c)) / 4 for s in (1, -1)]
    lo, hi = offset_band()
    assert [o for o in roots if lo <= o <= hi] == [pytest.approx(o0, abs=1e-12)]
    crit = critical_offsets(Seat.SOUTH, layout)
    assert any(x == pytest.approx(o0, abs=1e-12) for x in crit), crit

    def between(offset):  # the stretches between the coin and the arrow
        return [iv for iv in legal_intervals(Seat.SOUTH, layout, offset=offset) if side * iv[0] > side * coin[0]]

    assert between(o0 - 1e-5) and not between(o0 + 1e-5)
