"""The four seats and each seat's own frame on the board.

Board frame: origin at the centre, +y from south towards north, +x to south's right.
Facing the board from south, the player on your right is east, so the turn passes
south → east → north → west (ICF law 49 b: to the right), and partners sit opposite.

Each seat has its own frame: ``forward`` points from that seat across the board,
``right`` to that player's right hand. A striker position on a seat's baseline is one
number, ``along``: the distance to the player's right from the middle of the baseline.
"""

from __future__ import annotations

from enum import Enum


class Seat(str, Enum):
    SOUTH = "south"
    EAST = "east"
    NORTH = "north"
    WEST = "west"

    def __str__(self) -> str:  # as written in files and messages: "south" (an f-string too)
        return self.value

    @property
    def forward(self) -> tuple[float, float]:
        """Unit vector from this seat towards the opposite seat."""
        return _FORWARD[self]

    @property
    def right(self) -> tuple[float, float]:
        """Unit vector to this player's right hand (forward turned clockwise)."""
        fx, fy = self.forward
        return (fy, -fx)

    @property
    def next(self) -> "Seat":
        """The seat on this player's right: who plays next in doubles (ICF 49 b)."""
        order = list(Seat)
        return order[(order.index(self) + 1) % 4]

    @property
    def opposite(self) -> "Seat":
        return self.next.next

    def to_board(self, along: float, forward: float) -> tuple[float, float]:
        """Board coordinates of the point ``along`` to the right and ``forward`` from the centre,
        in this seat's frame (forward measured from the board centre towards the far side)."""
        rx, ry = self.right
        fx, fy = self.forward
        return (along * rx + forward * fx, along * ry + forward * fy)

    def from_board(self, x: float, y: float) -> tuple[float, float]:
        """Inverse of :meth:`to_board`: (along, forward) of a board point in this seat's frame."""
        rx, ry = self.right
        fx, fy = self.forward
        return (x * rx + y * ry, x * fx + y * fy)



def seat_of(value: object) -> Seat:
    """The board's seat for a seat, or for its name as a caller writes it ("south", "North"): the equipment's and
    the physics' public functions take either; ``ValueError`` naming the four seats for anything else."""
    if isinstance(value, Seat):
        return value
    try:
        return Seat(value.lower() if isinstance(value, str) else value)
    except ValueError:
        raise ValueError(f"seat: {value!r} is not a seat (south, east, north, west)") from None


_FORWARD = {
    Seat.SOUTH: (0.0, 1.0),
    Seat.EAST: (-1.0, 0.0),
    Seat.NORTH: (0.0, -1.0),
    Seat.WEST: (1.0, 0.0),
}
