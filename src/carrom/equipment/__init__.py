"""The standard equipment of the laws: board, carrommen, striker, the opening formation.

Also: validation of a measured board or set of pieces against the ICF or French
tolerances (``validation``), the legal striker positions on a baseline (``placement``),
and the geometry of coins placed by hand in the centre (``centre``).
"""

from carrom.equipment.centre import centre_return_positions, placement_problems
from carrom.equipment.errors import EquipmentError, Problem
from carrom.equipment.formation import opening_formation
from carrom.equipment.layout import Disc, Layout, PieceKind
from carrom.equipment.numbers import finite_number
from carrom.equipment.placement import (
    has_legal_position,
    is_legal_position,
    legal_intervals,
    nearest_legal,
    why_illegal,
)
from carrom.equipment.seats import Seat
from carrom.equipment.spec import CARROMMAN, STANDARD_BOARD, STRIKER, BoardSpec, DiscSpec, Range
from carrom.equipment.validation import (
    InvalidEquipment,
    ValidationReport,
    validate_board,
    validate_pieces,
)

__all__ = [
    "BoardSpec",
    "CARROMMAN",
    "Disc",
    "DiscSpec",
    "EquipmentError",
    "InvalidEquipment",
    "Layout",
    "PieceKind",
    "Problem",
    "Range",
    "Seat",
    "STANDARD_BOARD",
    "STRIKER",
    "ValidationReport",
    "centre_return_positions",
    "finite_number",
    "has_legal_position",
    "is_legal_position",
    "legal_intervals",
    "nearest_legal",
    "opening_formation",
    "placement_problems",
    "validate_board",
    "validate_pieces",
    "why_illegal",
]
