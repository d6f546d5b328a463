"""Seats and pieces as the referee sees them: names only, no geometry.

The referee is pure standard-library Python, so it keeps its own small ``Seat`` rather
than the equipment's; both spell the seats the same way, so adapters convert by value.
Facing the board from a seat, the next seat to the right is the next in
south → east → north → west: the turn passes that way (ICF 49 b).
"""

from __future__ import annotations

from enum import Enum


class Seat(str, Enum):
    """A seat; its value is how files, messages and the notation spell it. Adapters convert at their edges with
    ``Seat.named`` (a clear refusal for a bad name) and keep ``Seat`` values inside."""

    SOUTH = "south"
    EAST = "east"
    NORTH = "north"
    WEST = "west"

    def __str__(self) -> str:  # as written in files and messages: "south" (an f-string too)
        return self.value

    @classmethod
    def named(cls, name: object) -> "Seat":
        """The seat spelled ``name`` ("south", any case); ``ValueError`` naming the four for anything else."""
        try:
            return cls(name.lower() if isinstance(name, str) else name)
        except ValueError:
            raise ValueError(f"{name!r} is not a seat (south, east, north, west)") from None

    @property
    def opposite(self) -> "Seat":
        """The partner in doubles, the opponent in singles (ICF 27, 28)."""
        return ORDER[(ORDER.index(self) + 2) % 4]

    @property
    def right(self) -> "Seat":
        """The seat on this player's right (ICF 49 b)."""
        return ORDER[(ORDER.index(self) + 1) % 4]


ORDER: tuple[Seat, ...] = (Seat.SOUTH, Seat.EAST, Seat.NORTH, Seat.WEST)


class Coin(str, Enum):
    """A carromman's colour, or the queen (ICF 4, 12)."""

    WHITE = "white"
    BLACK = "black"
    QUEEN = "queen"

    @property
    def other(self) -> "Coin":
        """The other colour of carrommen; the queen belongs to neither side (ICF 43)."""
        if self is Coin.QUEEN:
            raise ValueError("the queen has no opposite colour")
        return Coin.BLACK if self is Coin.WHITE else Coin.WHITE


COLOURS: tuple[Coin, Coin] = (Coin.WHITE, Coin.BLACK)
COINS_PER_COLOUR = 9  # ICF part I: nine white, nine black, one queen
