"""The figures of spec.py against the text of ICF part I (000_169fbbd52fae402d.txt)."""

import math

import pytest

from carrom.equipment.spec import CARROMMAN, CM, GRAM, STANDARD_BOARD, STRIKER

# (field, low cm, high cm, default cm) as transcribed from 000 part I.A, letters A–N.
LAW = [
    ("playing_side", 73.50, 74.00),  # A: 73,50 – 74 cm
    ("frame_width", 6.35, 7.60),  # B: 6.35 – 7,60 cm
    ("frame_height", 1.90, 2.54),  # I.A.2: 1,90 – 2,54 cm
    ("pocket_diameter", 4.30, 4.60),  # C: 4.45 cm ± 0.15
    ("baseline_length", 46.70, 47.30),  # D: 47 cm [0,30 cm]
    ("baseline_thickness", 0.50, 0.65),  # E: 0,50 – 0,65 cm
    ("baseline_from_frame", 10.15, 10.15),  # F
    ("baseline_gap", 3.18, 3.18),  # I.A.4 a: second line 3,18 cm from the lower one
    ("base_circle_diameter", 3.18, 3.18),  # G
    ("base_circle_red_diameter", 2.54, 2.54),  # H
    ("arrow_max_length", 0.0, 26.70),  # I: at most 26,70 cm
    ("arrow_thickness", 0.0, 0.15),  # I.A.5: no thicker than 0,15 cm
    ("arrow_end_from_pocket", 5.0, 5.0),  # J
    ("inner_circle_diameter", 3.02, 3.34),  # K: 3,18 cm [0,16 cm]
    ("outer_circle_diameter", 16.70, 17.30),  # L: 17 cm [0,30 cm]
    ("arrow_arc_diameter", 6.35, 6.35),  # M
]


@pytest.mark.parametrize("name,low,high", LAW)
def test_board_ranges_match_the_law(name, low, high):
    r = getattr(STANDARD_BOARD, name)
    assert r.low == pytest.approx(low * CM, abs=1e-12)
    assert r.high == pytest.approx(high * CM, abs=1e-12)
    assert r.low <= r.value <= r.high
    assert "ICF" in r.source


def test_surface_thickness_minimum_is_8_mm():
    assert STANDARD_BOARD.surface_thickness_min == pytest.approx(0.008)


def test_carromman_figures():
    """ICF I.B: diameter 3,02–3,18 cm, thickness 0,70–0,90 cm, weight 5,25–5,50 g."""
    assert (CARROMMAN.diameter.low, CARROMMAN.diameter.high) == pytest.approx((3.02 * CM, 3.18 * CM))
    assert (CARROMMAN.thickness.low, CARROMMAN.thickness.high) == pytest.approx((0.70 * CM, 0.90 * CM))
    assert (CARROMMAN.mass.low, CARROMMAN.mass.high) == pytest.approx((5.25 * GRAM, 5.50 * GRAM))


def test_striker_has_only_the_law_s_maxima():
    """ICF I.C gives no more than 4,13 cm and 15,00 g, and no minimum."""
    assert STRIKER.diameter.high == pytest.approx(4.13 * CM)
    assert STRIKER.mass.high == pytest.approx(15 * GRAM)
    assert STRIKER.diameter.low == 0.0
    assert STRIKER.mass.low == 0.0
    assert "no minimum" in STRIKER.diameter.source


def test_base_circles_touch_both_lines_and_fit_the_baseline_length():
    b = STANDARD_BOARD
    # centred midway between the lower line's outer edge and the upper line's inner edge
    assert b.baseline_axis_distance + b.base_circle_radius == pytest.approx(b.baseline_outer_distance)
    assert b.baseline_axis_distance - b.base_circle_radius == pytest.approx(b.baseline_inner_distance)
    # D runs from the outer edge of one base circle to the other's
    assert 2 * (b.base_circle_offset + b.base_circle_radius) == pytest.approx(b.baseline_length.value)


def test_arrow_passes_between_the_base_circles_and_ends_5cm_before_the_pocket():
    b = STANDARD_BOARD
    # the corner's two base circles (south-east): (offset, -axis) and (axis, -offset)
    c1 = (b.base_circle_offset, -b.baseline_axis_distance)
    c2 = (b.baseline_axis_distance, -b.base_circle_offset)
    for cx, cy in (c1, c2):
        distance_to_diagonal = abs(cx + cy) / math.sqrt(2)  # the diagonal y = -x
        assert distance_to_diagonal > b.base_circle_radius
    assert b.diagonal_pocket_edge - b.arrow_end == pytest.approx(0.05)
    assert b.arrow_end - b.arrow_start == pytest.approx(b.arrow_max_length.value)
    assert b.arrow_start > b.outer_circle_radius


def test_pockets_are_tangent_to_both_cushions():
    b = STANDARD_BOARD
    for x, y in b.pocket_centres():
        assert abs(x) + b.pocket_radius == pytest.approx(b.half)
        assert abs(y) + b.pocket_radius == pytest.approx(b.half)


def test_letter_n_as_the_figures_imply_is_about_1_56_cm():
    """N is 'approximately 1,27 cm'; D, F, G and the 3,18 cm gap give about 1.56 cm."""
    gap = STANDARD_BOARD.derived_base_circle_gap
    assert gap == pytest.approx(0.01558, abs=1e-5)
    assert STANDARD_BOARD.base_circle_gap.contains(gap)


def test_upper_line_is_thinner_than_the_lower():
    b = STANDARD_BOARD
    assert b.upper_baseline_thickness.value < b.baseline_thickness.low
