"""The SVG board: well-formed, to scale, every marking present and findable."""

import math
import xml.etree.ElementTree as ET
from collections import Counter

import pytest

from carrom.equipment import STANDARD_BOARD, Disc, EquipmentError, Layout, PieceKind, Seat, opening_formation
from carrom.equipment.validation import board_from_dimensions
from carrom.render import board_svg

NS = "{http://www.w3.org/2000/svg}"


def parse(text):
    return ET.fromstring(text)


def by_class(root, cls):
    return [e for e in root.iter() if cls in e.get("class", "").split()]


def by_id(root):
    return {e.get("id"): e for e in root.iter() if e.get("id")}


@pytest.fixture(scope="module")
def full():
    return parse(board_svg(opening_formation()))


def test_well_formed_svg_root(full):
    assert full.tag == f"{NS}svg"
    side_mm = STANDARD_BOARD.outer_side * 1000
    assert full.get("viewBox") == f"0 0 {side_mm:g} {side_mm:g}"
    assert full.get("width") == full.get("height") == "600"


def test_every_marking_is_there_once(full):
    counts = Counter()
    for cls in ("frame", "surface", "pocket", "baseline", "base-circle", "base-circle-red", "arrow",
                "arrow-arc", "arrow-head", "centre-circle", "piece"):
        counts[cls] = len(by_class(full, cls))
    assert counts == {
        "frame": 1, "surface": 1, "pocket": 4, "baseline": 8, "base-circle": 8, "base-circle-red": 8,
        "arrow": 4, "arrow-arc": 4, "arrow-head": 8, "centre-circle": 2, "piece": 19,
    }
    assert len(by_class(full, "lower")) == 4 and len(by_class(full, "upper")) == 4
    assert len(by_class(full, "inner")) == 1 and len(by_class(full, "outer")) == 1


def test_ids_are_unique_and_named(full):
    ids = [e.get("id") for e in full.iter() if e.get("id")]
    assert len(ids) == len(set(ids))
    ident = by_id(full)
    for name in ("pocket-sw", "pocket-ne", "baseline-south-lower", "baseline-west-upper",
                 "base-circle-north-left", "base-circle-east-right-red", "arrow-se", "arrow-arc-nw",
                 "centre-circle-inner", "centre-circle-outer", "piece-0", "piece-18"):
        assert name in ident


def test_pieces_by_colour(full):
    kinds = Counter(e.get("class").split()[1] for e in by_class(full, "piece"))
    assert kinds == {"white": 9, "black": 9, "queen": 1}
    queen = by_id(full)["piece-0"]
    assert "queen" in queen.get("class")
    centre = STANDARD_BOARD.outer_side * 500
    assert float(queen.get("cx")) == pytest.approx(centre) and float(queen.get("cy")) == pytest.approx(centre)


def test_drawn_to_scale(full):
    b = STANDARD_BOARD
    ident = by_id(full)
    frame = b.frame_width.value * 1000
    sw = ident["pocket-sw"]
    assert float(sw.get("r")) == pytest.approx(b.pocket_radius * 1000)
    assert float(sw.get("cx")) == pytest.approx(frame + b.pocket_radius * 1000)
    assert float(sw.get("cy")) == pytest.approx(b.outer_side * 1000 - frame - b.pocket_radius * 1000)
    lower = ident["baseline-south-lower"]
    assert float(lower.get("height")) == pytest.approx(b.baseline_thickness.value * 1000)
    assert float(lower.get("width")) == pytest.approx(2 * b.base_circle_offset * 1000)
    # the lower line's outer edge is F from the frame
    bottom_edge = float(lower.get("y")) + float(lower.get("height"))
    assert b.outer_side * 1000 - frame - bottom_edge == pytest.approx(b.baseline_from_frame.value * 1000)
    assert float(ident["base-circle-south-left"].get("r")) == pytest.approx(b.base_circle_radius * 1000)
    assert float(ident["base-circle-south-left-red"].get("r")) == pytest.approx(b.base_circle_red_radius * 1000)
    assert float(ident["centre-circle-outer"].get("r")) == pytest.approx(85)
    assert float(ident["centre-circle-inner"].get("r")) == pytest.approx(15.9)
    arrow = ident["arrow-ne"]
    length = math.hypot(float(arrow.get("x2")) - float(arrow.get("x1")), float(arrow.get("y2")) - float(arrow.get("y1")))
    assert length == pytest.approx(b.arrow_max_length.value * 1000, abs=0.01)  # drawn to the micrometre
    assert float(arrow.get("stroke-width")) == pytest.approx(1.5)
    assert " A 31.75 31.75 " in ident["arrow-arc-ne"].get("d")  # the 6.35 cm arc


def test_arrows_point_at_their_pockets(full):
    ident = by_id(full)
    for name in ("sw", "se", "ne", "nw"):
        a, p = ident[f"arrow-{name}"], ident[f"pocket-{name}"]
        x1, y1, x2, y2 = (float(a.get(k)) for k in ("x1", "y1", "x2", "y2"))
        px, py = float(p.get("cx")), float(p.get("cy"))
        assert math.hypot(px - x2, py - y2) < math.hypot(px - x1, py - y1)
        # on the diagonal through the pocket
        cross = (x2 - x1) * (py - y1) - (y2 - y1) * (px - x1)
        assert abs(cross) < 1e-3 * math.hypot(x2 - x1, y2 - y1) * math.hypot(px - x1, py - y1) + 1e-6


def test_empty_board_has_no_pieces():
    root = parse(board_svg())
    assert by_class(root, "piece") == []
    assert len(by_class(root, "pocket")) == 4


def test_a_layout_with_the_striker():
    layout = Layout((Disc(PieceKind.STRIKER, 0.0, -STANDARD_BOARD.baseline_axis_distance),))
    root = parse(board_svg(layout))
    (s,) = by_class(root, "piece")
    assert s.get("class") == "piece striker"
    assert float(s.get("r")) == pytest.approx(20.65)


def test_bottom_seat_turns_the_drawing():
    layout = Layout((Disc(PieceKind.WHITE, 0.0, -0.2),))  # towards south
    south = by_id(parse(board_svg(layout)))["piece-0"]
    north = by_id(parse(board_svg(layout, bottom=Seat.NORTH)))["piece-0"]
    centre = STANDARD_BOARD.outer_side * 500
    assert float(south.get("cy")) == pytest.approx(centre + 200)
    assert float(north.get("cy")) == pytest.approx(centre - 200)


def test_legal_striker_stretches():
    root = parse(board_svg(legal_for=["south", Seat.EAST]))
    marks = by_class(root, "legal-interval")
    assert len(marks) == 6
    assert {m.get("id") for m in marks} >= {"legal-south-0", "legal-east-2"}


def test_a_custom_board_changes_the_drawing():
    root = parse(board_svg(board=board_from_dimensions({"A": 73.5, "B": 6.5})))
    assert root.get("viewBox") == "0 0 865 865"


@pytest.mark.parametrize("kwargs", [{"size_px": 0}, {"size_px": 1.5}, {"bottom": "up"}, {"legal_for": "left"}])
def test_bad_arguments(kwargs):
    with pytest.raises(EquipmentError):
        board_svg(**kwargs)
