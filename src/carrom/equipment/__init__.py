"""The standard equipment of the laws: board, carrommen, striker, the opening formation."""

from carrom.equipment.formation import opening_formation
from carrom.equipment.layout import Disc, Layout, PieceKind
from carrom.equipment.seats import Seat
from carrom.equipment.spec import CARROMMAN, STANDARD_BOARD, STRIKER, BoardSpec, DiscSpec, Range

__all__ = [
    "BoardSpec",
    "CARROMMAN",
    "Disc",
    "DiscSpec",
    "Layout",
    "PieceKind",
    "Range",
    "Seat",
    "STANDARD_BOARD",
    "STRIKER",
    "opening_formation",
]
