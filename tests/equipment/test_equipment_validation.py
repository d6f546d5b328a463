"""Validation of a measured board and set of pieces against the ICF and French tolerances."""

import dataclasses

import pytest

from carrom.equipment import STANDARD_BOARD, EquipmentError, InvalidEquipment, validate_board, validate_pieces
from carrom.equipment.spec import CM, Range
from carrom.equipment.validation import (
    BOARD_DIMENSIONS,
    FR_OFFICIAL,
    ICF,
    LETTERS,
    board_from_dimensions,
    specification,
)

STANDARD_CM = {
    "A": 74.0, "B": 7.0, "frame_height": 2.2, "C": 4.45, "D": 47.0, "E": 0.55, "F": 10.15,
    "baseline_gap": 3.18, "G": 3.18, "H": 2.54, "I": 26.7, "arrow_thickness": 0.15, "J": 5.0,
    "K": 3.18, "L": 17.0, "M": 6.35, "N": 1.27, "surface_thickness": 0.9,
}


def test_the_standard_board_is_within_icf():
    report = validate_board(STANDARD_BOARD)
    assert report.ok, str(report)
    assert set(report.checked) >= set(BOARD_DIMENSIONS) - {"upper_baseline_thickness"}


def test_the_standard_board_in_cm_is_within_icf():
    report = validate_board(STANDARD_CM)
    assert report.ok, str(report)
    assert len(report.checked) == len(STANDARD_CM)


def test_the_icf_table_is_spec_py():
    for name, tol in ICF.board.items():
        if name == "surface_thickness":
            continue
        r = getattr(STANDARD_BOARD, name)
        assert (tol.low, tol.high, tol.law) == (r.low, r.high, r.source)


def test_each_bad_dimension_is_named_with_value_range_and_law():
    dims = dict(STANDARD_CM, A=75.0, E=0.7, C=4.7, L=16.5)
    report = validate_board(dims)
    assert not report.ok
    assert report.names() == ("playing_side", "pocket_diameter", "baseline_thickness", "outer_circle_diameter")
    by_name = {p.name: p for p in report.problems}
    a = by_name["playing_side"]
    assert a.value == pytest.approx(0.75)
    assert (a.low, a.high) == pytest.approx((0.735, 0.74))
    assert a.letter == "A"
    assert "75.00 cm" in a.message and "73.50 cm to 74.00 cm" in a.message and "ICF I.A" in a.message
    assert "letter L" in by_name["outer_circle_diameter"].message
    assert "16.70 cm to 17.30 cm" in by_name["outer_circle_diameter"].message
    text = str(report)
    for name in by_name:
        assert name in text


def test_only_given_dimensions_are_checked():
    report = validate_board({"playing_side": 73.8})
    assert report.ok
    assert report.checked == ("playing_side",)


def test_bare_figures_get_a_measuring_tolerance():
    assert validate_board({"F": 10.2}).ok
    report = validate_board({"F": 10.3})
    assert report.names() == ("baseline_from_frame",)
    assert "measuring tolerance" in report.problems[0].message
    assert validate_board({"F": 10.2}, measuring_tolerance=0).names() == ("baseline_from_frame",)


def test_stated_tolerances_get_no_extra_slack():
    assert validate_board({"A": 74.0}).ok
    assert validate_board({"A": 74.05}).names() == ("playing_side",)


def test_units():
    assert validate_board({"A": 740}, unit="mm").ok
    assert validate_board({"A": 0.74}, unit="m").ok
    assert validate_board({"A": 760}, unit="mm").names() == ("playing_side",)


def test_upper_line_must_be_thinner():
    report = validate_board({"E": 0.55, "upper_baseline_thickness": 0.6})
    assert report.names() == ("upper_baseline_thickness",)
    assert "thinner" in report.problems[0].message
    assert validate_board({"E": 0.55, "upper_baseline_thickness": 0.2}).ok


def test_surface_thickness_minimum():
    assert validate_board({"surface_thickness": 0.7}).names() == ("surface_thickness",)
    assert "at least 0.80 cm" in validate_board({"surface_thickness": 0.7}).problems[0].message


def test_arrow_length_is_a_maximum():
    assert validate_board({"I": 20.0}).ok
    report = validate_board({"arrow_length": 27.0})
    assert report.names() == ("arrow_max_length",)
    assert "at most 26.70 cm" in report.problems[0].message


def test_strict_raises_with_every_problem():
    with pytest.raises(InvalidEquipment) as info:
        validate_board({"A": 80, "B": 9}, strict=True)
    assert isinstance(info.value, ValueError)
    assert info.value.report.names() == ("playing_side", "frame_width")
    assert "playing_side" in str(info.value) and "frame_width" in str(info.value)
    assert validate_board({"A": 74}, strict=True).ok


@pytest.mark.parametrize(
    "dims,needle",
    [
        ({"Z": 1.0}, "'Z'"),
        ({"pocket": 4.4}, "'pocket'"),
        ({"A": -74}, "positive"),
        ({"A": "74"}, "number"),
        ({"A": True}, "number"),
        ({"A": float("nan")}, "finite"),
        ({"A": 10**400}, "finite"),
        ({"A": 74, "playing_side": 74}, "twice"),
    ],
)
def test_bad_input_is_a_clear_error(dims, needle):
    with pytest.raises(EquipmentError, match=needle):
        validate_board(dims)


def test_unknown_spec_and_unit():
    with pytest.raises(EquipmentError, match="unknown specification 'wcf'"):
        validate_board({"A": 74}, "wcf")
    with pytest.raises(EquipmentError, match="unknown length unit 'inch'"):
        validate_board({"A": 74}, unit="inch")
    with pytest.raises(EquipmentError, match="mapping"):
        validate_board([74.0])


def test_letters_cover_a_to_n():
    assert sorted(LETTERS) == list("ABCDEFGHIJKLMN")
    assert set(LETTERS.values()) <= set(BOARD_DIMENSIONS)


# --- fr-official -------------------------------------------------------------------------


def test_french_board_side_excludes_74_cm():
    """FR §2 A: 73.66 ± 0.32 cm, so the ICF default 74 cm is too large there."""
    assert validate_board(STANDARD_BOARD, "fr-official").names() == ("playing_side",)
    assert validate_board({"A": 73.9}, "fr-official").ok
    assert validate_board({"A": 73.4}, "fr-official").ok
    assert validate_board({"A": 73.4}, "icf").names() == ("playing_side",)


def test_french_pockets_and_lines_are_tighter():
    assert validate_board({"C": 4.58}).ok
    assert validate_board({"C": 4.58}, "fr-official").names() == ("pocket_diameter",)
    assert validate_board({"E": 0.49}, "fr-official").ok
    assert validate_board({"E": 0.49}).names() == ("baseline_thickness",)
    assert validate_board({"E": 0.65}, "fr-official").names() == ("baseline_thickness",)
    assert "FR §2" in validate_board({"E": 0.65}, "fr-official").problems[0].law


def test_french_text_lacks_frame_height():
    report = validate_board({"frame_height": 3.0}, "fr-official")
    assert report.ok and report.unchecked == ("frame_height",)
    assert validate_board({"frame_height": 3.0}).names() == ("frame_height",)


def test_named_specifications():
    assert specification("icf") is ICF
    assert specification("fr-official") is FR_OFFICIAL


# --- custom boards ---------------------------------------------------------------------------


def test_board_from_dimensions_builds_a_measured_spec():
    b = board_from_dimensions({"A": 73.6, "C": 4.5, "surface_thickness": 1.2})
    assert b.playing_side.value == pytest.approx(0.736)
    assert b.pocket_diameter.value == pytest.approx(0.045)
    assert b.surface_thickness_min == pytest.approx(0.012)
    assert b.frame_width == STANDARD_BOARD.frame_width
    assert validate_board(b).ok


def test_a_bad_board_spec_is_reported():
    b = dataclasses.replace(STANDARD_BOARD, frame_width=Range.exact(8.0 * CM, "measured"))
    assert validate_board(b).names() == ("frame_width",)


# --- pieces ----------------------------------------------------------------------------------


def full_set(**changes):
    coins = [{"kind": k, "diameter": 3.1, "mass": 5.4, "thickness": 0.8} for k in ["white"] * 9 + ["black"] * 9 + ["queen"]]
    for index, values in changes.items():
        coins[int(index.removeprefix("c"))].update(values)
    return coins


def test_a_legal_set_and_striker():
    report = validate_pieces(full_set(), {"diameter": 4.1, "mass": 15})
    assert report.ok, str(report)
    assert "white count" in report.checked and "striker mass" in report.checked


def test_counts_are_checked():
    coins = full_set()[1:]  # eight whites
    report = validate_pieces(coins)
    assert report.names() == ("white count",)
    assert "is 8; allowed exactly 9" in report.problems[0].message
    assert validate_pieces(["white"] * 9 + ["black"] * 9 + ["red"]).ok
    assert validate_pieces(["white"] * 9 + ["black"] * 10 + ["queen"] * 2).names() == ("black count", "queen count")


def test_each_bad_coin_is_named():
    coins = full_set(c2={"diameter": 3.3}, c11={"mass": 5.6}, c18={"thickness": 1.0})
    report = validate_pieces(coins)
    assert report.names() == ("white #3 diameter", "black #3 mass", "queen thickness", "carrommen sizes")
    assert "ICF I.B" in report.problems[0].law
    assert "5.60 g" in report.problems[1].message


def test_striker_maxima_only():
    assert validate_pieces(striker={"diameter": 3.0, "mass": 6}).ok  # no minimum in the law
    report = validate_pieces(striker={"diameter": 4.2, "mass": 16})
    assert report.names() == ("striker diameter", "striker mass")
    assert "at most 4.13 cm" in report.problems[0].message
    assert "at most 15.00 g" in report.problems[1].message


def test_french_coins_may_be_smaller_and_heavier():
    coins = full_set(c0={"diameter": 2.9, "mass": 5.9})
    assert validate_pieces(coins, spec="fr-official").ok
    assert validate_pieces(coins, spec="icf").names() == ("white #1 diameter", "white #1 mass", "carrommen sizes")


def test_same_size_rule_is_icf():
    coins = full_set(c0={"diameter": 3.02}, c1={"diameter": 3.18})
    assert validate_pieces(coins).names() == ("carrommen sizes",)


def test_mass_units_and_disc_specs():
    from carrom.equipment import STRIKER

    assert validate_pieces(striker=STRIKER).ok
    assert validate_pieces(striker={"mass": 0.016}, mass_unit="kg").names() == ("striker mass",)


@pytest.mark.parametrize(
    "coins,striker,needle",
    [
        ([{"diameter": 3.1}], None, "missing 'kind'"),
        ([{"kind": "green"}], None, "kind must be"),
        (["striker"], None, "not a carromman"),
        ([{"kind": "white", "weight": 5}], None, "unknown measurement 'weight'"),
        ("white", None, "one entry per carromman"),
        (None, {"diameter": 0}, "positive"),
        (None, [4.1], "mapping"),
    ],
)
def test_bad_piece_input(coins, striker, needle):
    with pytest.raises(EquipmentError, match=needle):
        validate_pieces(coins, striker)
