"""Pieces and layouts: where the discs lie on the board, as immutable values.

A layout is what physics takes in and gives back, and what rendering draws. It carries
no colours-as-owners, turns or points: only the kind of each disc (which fixes its size
and mass) and its position in the board frame (metres).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from carrom.equipment.spec import CARROMMAN, STRIKER, DiscSpec


class PieceKind(str, Enum):
    WHITE = "white"
    BLACK = "black"
    QUEEN = "queen"
    STRIKER = "striker"

    @property
    def spec(self) -> DiscSpec:
        return STRIKER if self is PieceKind.STRIKER else CARROMMAN

    @property
    def is_carromman(self) -> bool:
        """True for white, black and the queen: the coins (ICF I.B)."""
        return self is not PieceKind.STRIKER


@dataclass(frozen=True)
class Disc:
    """One disc on the board: its kind and the position of its centre."""

    kind: PieceKind
    x: float
    y: float

    @property
    def radius(self) -> float:
        return self.kind.spec.radius


@dataclass(frozen=True)
class Layout:
    """The discs on the playing surface, in a fixed order that identifies them."""

    discs: tuple[Disc, ...]

    def count(self, kind: PieceKind) -> int:
        return sum(1 for d in self.discs if d.kind is kind)

    def without(self, index: int) -> "Layout":
        return Layout(self.discs[:index] + self.discs[index + 1 :])

    def with_disc(self, disc: Disc) -> "Layout":
        return Layout(self.discs + (disc,))

    def __len__(self) -> int:
        return len(self.discs)

    def __iter__(self):
        return iter(self.discs)
