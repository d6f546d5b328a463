"""The standard equipment of the laws as frozen data, in SI units (metres, kilograms).

Every figure cites the letter of the board drawing (A–N) or the section of
000_169fbbd52fae402d.txt part I ("ICF I.A.4" etc.) it comes from. A ``Range`` keeps the
tolerance the law allows and the value this project uses by default.

Board frame: origin at the centre of the playing surface, +y from south to north,
+x to south's right (see docs/architecture.md).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

CM = 0.01
GRAM = 0.001


@dataclass(frozen=True)
class Range:
    """A dimension the law allows between ``low`` and ``high``; ``value`` is our default."""

    value: float
    low: float
    high: float
    source: str

    def __post_init__(self) -> None:
        if not self.low <= self.value <= self.high:
            raise ValueError(f"default {self.value} outside [{self.low}, {self.high}] ({self.source})")

    def contains(self, x: float) -> bool:
        # A tolerance of a few micrometres absorbs float rounding of cm → m.
        eps = 1e-9
        return self.low - eps <= x <= self.high + eps

    @classmethod
    def exact(cls, value: float, source: str, tol: float = 0.0) -> "Range":
        return cls(value, value - tol, value + tol, source)


@dataclass(frozen=True)
class BoardSpec:
    """The carrom board of ICF I.A: the drawing's letters A–N."""

    playing_side: Range = field(default_factory=lambda: Range(74.0 * CM, 73.5 * CM, 74.0 * CM, "ICF I.A letter A; I.A.1"))
    frame_width: Range = field(default_factory=lambda: Range(7.0 * CM, 6.35 * CM, 7.60 * CM, "ICF I.A letter B; I.A.2"))
    frame_height: Range = field(default_factory=lambda: Range(2.2 * CM, 1.90 * CM, 2.54 * CM, "ICF I.A.2"))
    pocket_diameter: Range = field(default_factory=lambda: Range.exact(4.45 * CM, "ICF I.A letter C; I.A.3", 0.15 * CM))
    baseline_length: Range = field(default_factory=lambda: Range.exact(47.0 * CM, "ICF I.A letter D; I.A.4 a", 0.30 * CM))
    baseline_thickness: Range = field(default_factory=lambda: Range(0.55 * CM, 0.50 * CM, 0.65 * CM, "ICF I.A letter E; I.A.4 a"))
    baseline_from_frame: Range = field(default_factory=lambda: Range.exact(10.15 * CM, "ICF I.A letter F; I.A.4 a"))
    baseline_gap: Range = field(default_factory=lambda: Range.exact(3.18 * CM, "ICF I.A.4 a (second line 3.18 cm from the first)"))
    base_circle_diameter: Range = field(default_factory=lambda: Range.exact(3.18 * CM, "ICF I.A letter G; I.A.4 b"))
    base_circle_red_diameter: Range = field(default_factory=lambda: Range.exact(2.54 * CM, "ICF I.A letter H; I.A.4 b"))
    arrow_max_length: Range = field(default_factory=lambda: Range(26.70 * CM, 0.0, 26.70 * CM, "ICF I.A letter I; I.A.5"))
    arrow_thickness: Range = field(default_factory=lambda: Range(0.15 * CM, 0.0, 0.15 * CM, "ICF I.A letter I; I.A.5"))
    arrow_end_from_pocket: Range = field(default_factory=lambda: Range.exact(5.0 * CM, "ICF I.A letter J; I.A.5"))
    inner_circle_diameter: Range = field(default_factory=lambda: Range.exact(3.18 * CM, "ICF I.A letter K; I.A.6", 0.16 * CM))
    outer_circle_diameter: Range = field(default_factory=lambda: Range.exact(17.0 * CM, "ICF I.A letter L; I.A.7", 0.30 * CM))
    arrow_arc_diameter: Range = field(default_factory=lambda: Range.exact(6.35 * CM, "ICF I.A letter M; I.A.5"))
    base_circle_gap: Range = field(
        default_factory=lambda: Range(
            1.27 * CM, 0.9 * CM, 1.7 * CM, "ICF I.A letter N ('approximately 1.27 cm'; the range is a project choice); I.A.4 b"
        )
    )
    surface_thickness_min: float = 8.0 * 0.001  # ICF I.A.1: not less than 8 mm
    # Added after the skeleton (keep the fields above in their order: positional use).
    upper_baseline_thickness: Range = field(
        default_factory=lambda: Range(
            0.15 * CM, 0.0, 0.65 * CM, "ICF I.A.4 b: the second line is 'thinner'; no figure given (project default: an arrow's 0.15 cm)"
        )
    )

    # Derived geometry (metres, board frame) -------------------------------------------

    @property
    def half(self) -> float:
        """Half the side of the playing surface: the cushions are at x, y = ±half."""
        return self.playing_side.value / 2

    @property
    def pocket_radius(self) -> float:
        return self.pocket_diameter.value / 2

    @property
    def pocket_centre_offset(self) -> float:
        """|x| = |y| of each pocket centre: the pocket circle is tangent to both cushions."""
        return self.half - self.pocket_radius

    def pocket_centres(self) -> tuple[tuple[float, float], ...]:
        """Pocket centres in the order SW, SE, NE, NW (counter-clockwise from south's left)."""
        c = self.pocket_centre_offset
        return ((-c, -c), (c, -c), (c, c), (-c, c))

    @property
    def baseline_outer_distance(self) -> float:
        """Distance from the board centre to the outer edge of the lower (outer) baseline."""
        return self.half - self.baseline_from_frame.value

    @property
    def baseline_inner_distance(self) -> float:
        """Distance from the board centre to the inner edge of the second (inner) baseline."""
        return self.baseline_outer_distance - self.baseline_gap.value

    @property
    def baseline_axis_distance(self) -> float:
        """Distance from the centre to the mid-line between a side's two baselines.

        The base circles (diameter = the gap) touch both lines, so their centres lie here.
        """
        return self.baseline_outer_distance - self.baseline_gap.value / 2

    @property
    def base_circle_offset(self) -> float:
        """Distance along the baseline from its middle to each base circle centre.

        The 47 cm length runs from the outer edge of one base circle to the other's.
        """
        return self.baseline_length.value / 2 - self.base_circle_diameter.value / 2

    @property
    def diagonal_pocket_edge(self) -> float:
        """Distance from the centre to the near edge of a pocket along the diagonal."""
        return math.sqrt(2) * self.pocket_centre_offset - self.pocket_radius

    @property
    def arrow_end(self) -> float:
        """Distance from the centre, along the diagonal, of the arrow's pocket-side end (5 cm before the pocket)."""
        return self.diagonal_pocket_edge - self.arrow_end_from_pocket.value

    @property
    def arrow_start(self) -> float:
        """Distance from the centre, along the diagonal, of the arrow's inner end (the arrow at its maximal length)."""
        return self.arrow_end - self.arrow_max_length.value

    @property
    def base_circle_radius(self) -> float:
        return self.base_circle_diameter.value / 2

    @property
    def base_circle_red_radius(self) -> float:
        return self.base_circle_red_diameter.value / 2

    @property
    def inner_circle_radius(self) -> float:
        return self.inner_circle_diameter.value / 2

    @property
    def outer_circle_radius(self) -> float:
        return self.outer_circle_diameter.value / 2

    @property
    def arrow_arc_radius(self) -> float:
        return self.arrow_arc_diameter.value / 2

    @property
    def outer_side(self) -> float:
        """Side of the whole board, frame included."""
        return self.playing_side.value + 2 * self.frame_width.value

    @property
    def derived_base_circle_gap(self) -> float:
        """Gap (letter N) between the two base circles that meet at a corner, as the other figures imply.

        With the defaults this is about 1.56 cm where the drawing says "approximately 1.27 cm":
        the figures D, F, G and the 3.18 cm between the lines cannot all give 1.27 exactly
        (docs/equipment.md).
        """
        across = self.baseline_axis_distance - self.base_circle_offset
        return math.sqrt(2) * across - self.base_circle_diameter.value


@dataclass(frozen=True)
class DiscSpec:
    """A round playing piece: its diameter and mass ranges."""

    name: str
    diameter: Range
    mass: Range
    thickness: Range | None = None

    @property
    def radius(self) -> float:
        return self.diameter.value / 2


CARROMMAN = DiscSpec(
    name="carromman",
    diameter=Range(3.18 * CM, 3.02 * CM, 3.18 * CM, "ICF I.B"),
    mass=Range(5.5 * GRAM, 5.25 * GRAM, 5.50 * GRAM, "ICF I.B"),
    thickness=Range(0.8 * CM, 0.70 * CM, 0.90 * CM, "ICF I.B"),
)
"""Carrommen (and the queen, of the same size, ICF I.B): 9 white, 9 black, 1 red."""

STRIKER = DiscSpec(
    name="striker",
    # The law gives only maxima; the lower bound 0 says "no minimum in the law" (an earlier
    # draft had 3.5 cm and 5.5 g here, which no text says).
    diameter=Range(4.13 * CM, 0.0, 4.13 * CM, "ICF I.C (no more than 4.13 cm; no minimum)"),
    mass=Range(15.0 * GRAM, 0.0, 15.0 * GRAM, "ICF I.C (no more than 15 g; no minimum)"),
)

STANDARD_BOARD = BoardSpec()

WHITE_COUNT = 9
BLACK_COUNT = 9
QUEEN_COUNT = 1
"""ICF I.B: nine white carrommen, nine black, one red queen."""
