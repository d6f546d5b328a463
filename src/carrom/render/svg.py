"""The board as SVG, drawn to scale from a ``BoardSpec``, with the pieces of a ``Layout``.

The drawing's user unit is the millimetre (the viewBox spans the whole board, frame
included); ``size_px`` only sets the displayed width and height. Every marking carries an
``id`` and a ``class`` so that programs and tests can find it, as chess.svg does:

=========================  ======================================  =================
marking                    id                                       class
=========================  ======================================  =================
frame, playing surface     ``frame``, ``surface``                   same
pockets                    ``pocket-sw`` … (sw, se, ne, nw)         ``pocket``
baselines (2 per side)     ``baseline-south-lower``, ``-upper`` …   ``baseline lower`` / ``baseline upper``
base circles (2 per side)  ``base-circle-south-left`` …             ``base-circle``
their red insides          ``base-circle-south-left-red`` …         ``base-circle-red``
arrows                     ``arrow-sw`` …                           ``arrow``
decorative arcs            ``arrow-arc-sw`` …                       ``arrow-arc``
arc barbs (2 per arc)      ``arrow-head-sw-1``, ``-2`` …            ``arrow-head``
centre circles             ``centre-circle-inner``, ``-outer``      ``centre-circle inner`` / ``outer``
the inner circle's red     ``centre-ring``, ``centre-dot``          ``centre-design``
the outer circle's star    ``centre-star``                          ``centre-design``
pieces                     ``piece-0`` … (layout order)             ``piece white`` / ``black`` / ``queen`` / ``striker``
legal striker stretches    ``legal-south-0`` …                      ``legal-interval``
=========================  ======================================  =================
"""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from collections.abc import Iterable

from carrom.equipment.errors import EquipmentError
from carrom.equipment.layout import Layout, PieceKind
from carrom.equipment.placement import base_circle_centres, legal_intervals, striker_centre
from carrom.equipment.seats import Seat
from carrom.equipment.spec import STANDARD_BOARD, BoardSpec

SVG_NS = "http://www.w3.org/2000/svg"
POCKET_NAMES = ("sw", "se", "ne", "nw")

COLOURS = {
    "frame": "#6b4423",
    "surface": "#f2d8a7",
    "line": "#1a1a1a",
    "red": "#c8102e",
    "pocket": "#141414",
    "white": "#f7f2e2",
    "black": "#2b2b2b",
    "queen": "#c8102e",
    "striker": "#e8eef5",
    "legal": "#1f9d55",
}

# The centre's printed design, as fractions of the circles' radii; the web client draws the same from
# these numbers (carrom.web.views.geometry). ICF I.A.6 colours the inner circle red inside a black
# line; solid, it is a red disc the size of a coin and is taken for the queen, so the red is a ring
# and a dot. I.A.7 lets the outer circle be decorated: an eight-pointed star, drawn in outline.
CENTRE_DESIGN = {
    "ring": 0.15,  # the red ring's width, of the inner circle's radius
    "dot": 0.16,  # the red dot's radius, of the inner circle's radius
    "star_points": 8,
    "star_outer": 0.8,  # the star's tips, of the outer circle's radius
    "star_inner": 0.32,  # its notches, of the outer circle's radius
}


def star_points(radius_outer: float, radius_inner: float, points: int) -> list[tuple[float, float]]:
    """The corners of a star centred on the board's middle, a tip towards each seat first."""
    return [((radius_outer if k % 2 == 0 else radius_inner) * math.sin(math.pi * k / points),
             (radius_outer if k % 2 == 0 else radius_inner) * math.cos(math.pi * k / points))
            for k in range(2 * points)]


def _fmt(v: float) -> str:
    s = f"{v:.3f}".rstrip("0").rstrip(".")
    return "0" if s in ("-0", "") else s


class _Canvas:
    def __init__(self, board: BoardSpec, bottom: Seat) -> None:
        self.board = board
        self.bottom = bottom
        self.h = board.outer_side / 2

    def xy(self, x: float, y: float) -> tuple[float, float]:
        """Board metres → drawing millimetres (the ``bottom`` seat at the bottom)."""
        along, forward = self.bottom.from_board(x, y)
        return ((along + self.h) * 1000.0, (self.h - forward) * 1000.0)

    @staticmethod
    def mm(length_m: float) -> str:
        return _fmt(length_m * 1000.0)


def _el(parent: ET.Element, tag: str, **attrs: object) -> ET.Element:
    clean = {k.rstrip("_").replace("_", "-"): (v if isinstance(v, str) else _fmt(float(v))) for k, v in attrs.items()}
    return ET.SubElement(parent, tag, clean)


def _rect(parent: ET.Element, c: _Canvas, corners: list[tuple[float, float]], **attrs: object) -> ET.Element:
    pts = [c.xy(*p) for p in corners]
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    return _el(parent, "rect", x=min(xs), y=min(ys), width=max(xs) - min(xs), height=max(ys) - min(ys), **attrs)


def _circle(parent: ET.Element, c: _Canvas, x: float, y: float, r: float, **attrs: object) -> ET.Element:
    cx, cy = c.xy(x, y)
    return _el(parent, "circle", cx=cx, cy=cy, r=r * 1000.0, **attrs)


def _seat(value: Seat | str) -> Seat:
    """A seat given to ``board_svg`` (a ``Seat``, or its name from a caller), once; ``EquipmentError`` for a bad one."""
    seat = value if isinstance(value, Seat) else _NAMED.get(value) if isinstance(value, str) else None
    if seat is None:
        raise EquipmentError(f"unknown seat {value!r}; use south, east, north or west")
    return seat


_NAMED = {s.value: s for s in Seat}  # a caller's name for a seat (the edge: board_svg's arguments)


def _seats(value: Seat | str | Iterable[Seat | str] | None) -> list[Seat]:
    if value is None:
        return []
    if isinstance(value, (Seat, str)):
        value = [value]
    out = []
    for s in value:
        out.append(_seat(s))
    return out


def board_svg(
    layout: Layout | None = None,
    board: BoardSpec = STANDARD_BOARD,
    size_px: int = 600,
    *,
    bottom: Seat | str = Seat.SOUTH,
    legal_for: Seat | str | Iterable[Seat | str] | None = None,
    title: str | None = "Carrom board (ICF standard)",
) -> str:
    """The board (and the pieces of ``layout``, if any) as an SVG document string.

    ``bottom``: the seat drawn at the bottom. ``legal_for``: seat(s) whose legal striker
    positions (centre on the baseline axis, ICF 130) are drawn as green strokes.
    """
    if isinstance(size_px, bool) or not isinstance(size_px, int) or size_px <= 0:
        raise EquipmentError(f"size_px must be a positive whole number of pixels, got {size_px!r}")
    bottom = _seat(bottom)
    seats_legal = _seats(legal_for)
    b = board
    c = _Canvas(b, bottom)
    side_mm = b.outer_side * 1000.0
    root = ET.Element(
        "svg",
        {
            "xmlns": SVG_NS,
            "version": "1.1",
            "width": str(size_px),
            "height": str(size_px),
            "viewBox": f"0 0 {_fmt(side_mm)} {_fmt(side_mm)}",
        },
    )
    if title:
        ET.SubElement(root, "title").text = title
    _el(root, "rect", id="frame", class_="frame", x=0, y=0, width=side_mm, height=side_mm, fill=COLOURS["frame"])
    h = b.half
    _rect(root, c, [(-h, -h), (h, h)], id="surface", class_="surface", fill=COLOURS["surface"])

    g = ET.SubElement(root, "g", {"id": "pockets"})
    for name, (px, py) in zip(POCKET_NAMES, b.pocket_centres()):
        _circle(g, c, px, py, b.pocket_radius, id=f"pocket-{name}", class_="pocket", fill=COLOURS["pocket"])

    g = ET.SubElement(root, "g", {"id": "baselines"})
    bc = b.base_circle_offset
    outer, inner = b.baseline_outer_distance, b.baseline_inner_distance
    lower_t, upper_t = b.baseline_thickness.value, b.upper_baseline_thickness.value
    for seat in Seat:
        for which, f0, f1 in (("lower", -outer, -outer + lower_t), ("upper", -inner - upper_t, -inner)):
            corners = [seat.to_board(-bc, f0), seat.to_board(bc, f1)]
            _rect(g, c, corners, id=f"baseline-{seat.value}-{which}", class_=f"baseline {which}", fill=COLOURS["line"])
    g = ET.SubElement(root, "g", {"id": "base-circles"})
    for seat in Seat:
        for hand, (x, y) in zip(("left", "right"), base_circle_centres(seat, b)):
            ident = f"base-circle-{seat.value}-{hand}"
            _circle(g, c, x, y, b.base_circle_radius, id=ident, class_="base-circle", fill=COLOURS["line"])
            _circle(g, c, x, y, b.base_circle_red_radius, id=f"{ident}-red", class_="base-circle-red", fill=COLOURS["red"])

    g = ET.SubElement(root, "g", {"id": "arrows"})
    rho = b.arrow_arc_radius
    t = b.arrow_thickness.value
    for name, (px, py) in zip(POCKET_NAMES, b.pocket_centres()):
        n = math.hypot(px, py)
        ux, uy = px / n, py / n  # towards the pocket
        nx, ny = -uy, ux
        s0, s1 = b.arrow_start, b.arrow_end
        x0, y0 = c.xy(s0 * ux, s0 * uy)
        x1, y1 = c.xy(s1 * ux, s1 * uy)
        _el(g, "line", id=f"arrow-{name}", class_="arrow", x1=x0, y1=y0, x2=x1, y2=y1,
            stroke=COLOURS["line"], stroke_width=c.mm(t), stroke_linecap="butt")
        cx, cy = (s0 + rho) * ux, (s0 + rho) * uy
        ends = [(cx + rho * nx, cy + rho * ny), (cx - rho * nx, cy - rho * ny)]
        mid = (s0 * ux, s0 * uy)
        pa, pm, pb = c.xy(*ends[0]), c.xy(*mid), c.xy(*ends[1])
        pc = c.xy(cx, cy)
        r_mm = c.mm(rho)

        def sweep(p: tuple[float, float], q: tuple[float, float]) -> str:
            cross = (p[0] - pc[0]) * (q[1] - pc[1]) - (p[1] - pc[1]) * (q[0] - pc[0])
            return "1" if cross > 0 else "0"

        d = (
            f"M {_fmt(pa[0])} {_fmt(pa[1])} "
            f"A {r_mm} {r_mm} 0 0 {sweep(pa, pm)} {_fmt(pm[0])} {_fmt(pm[1])} "
            f"A {r_mm} {r_mm} 0 0 {sweep(pm, pb)} {_fmt(pb[0])} {_fmt(pb[1])}"
        )
        _el(g, "path", id=f"arrow-arc-{name}", class_="arrow-arc", d=d, fill="none",
            stroke=COLOURS["line"], stroke_width=c.mm(t))
        head_len, head_half = 0.25 * rho, 0.11 * rho  # barbs in proportion to the arc
        for k, (ex, ey) in enumerate(ends, start=1):
            tip = c.xy(ex + head_len * ux, ey + head_len * uy)
            left = c.xy(ex + head_half * nx, ey + head_half * ny)
            right = c.xy(ex - head_half * nx, ey - head_half * ny)
            pts = " ".join(f"{_fmt(p[0])},{_fmt(p[1])}" for p in (tip, left, right))
            _el(g, "polygon", id=f"arrow-head-{name}-{k}", class_="arrow-head", points=pts, fill=COLOURS["line"])

    g = ET.SubElement(root, "g", {"id": "centre"})
    line_w = c.mm(t)
    _circle(g, c, 0.0, 0.0, b.outer_circle_radius, id="centre-circle-outer", class_="centre-circle outer",
            fill="none", stroke=COLOURS["line"], stroke_width=line_w)
    design, r_in, r_out = CENTRE_DESIGN, b.inner_circle_radius, b.outer_circle_radius
    star = star_points(design["star_outer"] * r_out, design["star_inner"] * r_out, design["star_points"])
    _el(g, "polygon", id="centre-star", class_="centre-design", fill="none", stroke=COLOURS["red"],
        stroke_width=c.mm(t / 2), points=" ".join(f"{_fmt(p[0])},{_fmt(p[1])}" for p in (c.xy(*q) for q in star)))
    ring = design["ring"] * r_in
    _circle(g, c, 0.0, 0.0, r_in - ring / 2, id="centre-ring", class_="centre-design", fill="none",
            stroke=COLOURS["red"], stroke_width=c.mm(ring))
    _circle(g, c, 0.0, 0.0, design["dot"] * r_in, id="centre-dot", class_="centre-design", fill=COLOURS["red"])
    _circle(g, c, 0.0, 0.0, r_in, id="centre-circle-inner", class_="centre-circle inner",
            fill="none", stroke=COLOURS["line"], stroke_width=line_w)

    if seats_legal:
        g = ET.SubElement(root, "g", {"id": "legal"})
        for seat in seats_legal:
            for i, (lo, hi) in enumerate(legal_intervals(seat, layout, b)):
                (x0, y0), (x1, y1) = (c.xy(*striker_centre(seat, v, board=b)) for v in (lo, hi))
                _el(g, "line", id=f"legal-{seat.value}-{i}", class_="legal-interval", x1=x0, y1=y0, x2=x1, y2=y1,
                    stroke=COLOURS["legal"], stroke_width=3, stroke_linecap="round", opacity="0.8")

    if layout is not None:
        g = ET.SubElement(root, "g", {"id": "pieces"})
        for i, disc in enumerate(layout.discs):
            kind = disc.kind
            edge = "#555555" if kind in (PieceKind.WHITE, PieceKind.STRIKER) else "#000000"
            _circle(g, c, disc.x, disc.y, disc.radius, id=f"piece-{i}", class_=f"piece {kind.value}",
                    fill=COLOURS[kind.value], stroke=edge, stroke_width=0.4)
            _circle(g, c, disc.x, disc.y, disc.radius * 0.62, class_="piece-ring", fill="none",
                    stroke=edge, stroke_width=0.3, opacity="0.6")
    ET.indent(root)
    return ET.tostring(root, encoding="unicode")
