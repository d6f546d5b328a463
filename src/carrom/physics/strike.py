"""A strike: where the striker starts, which way it goes, and how fast.

Board frame (docs/architecture.md): origin at the centre of the playing surface, +y from
south to north, +x to south's right; directions in radians, counter-clockwise from +x.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from carrom.equipment.seats import Seat, seat_of
from carrom.equipment.spec import STANDARD_BOARD, BoardSpec


def _finite(name: str, value: object) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise ValueError(f"{name} must be a number, got {value!r}")
    v = float(value)
    if not math.isfinite(v):
        raise ValueError(f"{name} must be finite, got {value!r}")
    return v


@dataclass(frozen=True)
class Strike:
    """The striker at ``(x, y)`` (board frame, metres) sent in ``direction`` (radians,
    board frame, counter-clockwise from +x) at ``speed`` (m/s).

    ``speed`` must be > 0 here; :func:`carrom.physics.simulate` also checks it against
    ``PhysicsParams.max_speed``. Whether the position is legal on a baseline is the
    business of :mod:`carrom.equipment.placement`; the simulation only refuses a striker
    off the board, in a pocket, or overlapping a coin.
    """

    x: float
    y: float
    direction: float
    speed: float

    def __post_init__(self) -> None:
        for name in ("x", "y", "direction", "speed"):
            object.__setattr__(self, name, _finite(name, getattr(self, name)))
        if self.speed <= 0.0:
            raise ValueError(f"strike speed must be > 0 m/s, got {self.speed!r}")

    @classmethod
    def from_seat(
        cls,
        seat: Seat | str,
        along: float,
        angle: float,
        speed: float,
        *,
        board: BoardSpec = STANDARD_BOARD,
    ) -> "Strike":
        """A strike from ``seat``'s baseline, described as that player sees it.

        ``along``: metres to the player's right from the middle of the baseline, the
        striker's centre on the baseline axis (the mid-line between the two lines, at
        ``board.baseline_axis_distance`` from the centre; ``Seat.to_board``).
        ``angle``: radians in the seat's frame, 0 straight across the board (the seat's
        ``forward``), positive towards the player's left (counter-clockwise seen from
        above), negative towards the right.
        """
        seat = seat_of(seat)  # a name too: researchers and the README call the physics directly
        along = _finite("along", along)
        angle = _finite("angle", angle)
        x, y = seat.to_board(along, -board.baseline_axis_distance)
        fx, fy = seat.forward
        return cls(x, y, math.atan2(fy, fx) + angle, speed)

    @property
    def position(self) -> tuple[float, float]:
        return (self.x, self.y)

    @property
    def velocity(self) -> tuple[float, float]:
        """(vx, vy) in m/s."""
        return (self.speed * math.cos(self.direction), self.speed * math.sin(self.direction))

    def mirrored(self) -> "Strike":
        """This strike reflected in the line x = 0 (south's left and right swapped)."""
        return Strike(-self.x, self.y, math.pi - self.direction, self.speed)
