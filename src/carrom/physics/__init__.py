"""Exact event-driven physics of sliding discs on the carrom board (no turns, no colours, no points).

>>> from carrom.equipment import Seat, opening_formation
>>> from carrom.physics import Strike, simulate
>>> result = simulate(opening_formation(), Strike.from_seat(Seat.SOUTH, 0.0, 0.0, 6.5))
>>> result.first_contact  # the white at the tip of the Y's southern arm
7

See docs/physics.md for the model, the parameters and the event order.
"""

from carrom.physics.params import (
    ALCIATORE_THROW,
    APPROACH_TOLERANCE,
    BOARD_SPEED_PRESETS,
    BOARD_SPEEDS,
    CONTACT_TOLERANCE,
    DEFAULT_PARAMS,
    MODELS,
    CollisionModel,
    ImpactSolver,
    PackFriction,
    PhysicsParams,
    PocketModel,
    board_speed,
    board_speed_of,
    physics_model,
)
from carrom.physics.result import (
    CUSHIONS,
    EVENT_KINDS,
    POCKET_NAMES,
    BatchResult,
    Event,
    EventArrays,
    EventKind,
    Frames,
    Pocketing,
    ShotResult,
    Slide,
    SlideArrays,
)
from carrom.physics.simulation import PLACEMENT_TOLERANCE, EventCapExceeded, simulate, simulate_batch
from carrom.physics.strike import Strike

__all__ = [
    "ALCIATORE_THROW",
    "APPROACH_TOLERANCE",
    "BOARD_SPEED_PRESETS",
    "BOARD_SPEEDS",
    "BatchResult",
    "CONTACT_TOLERANCE",
    "CUSHIONS",
    "CollisionModel",
    "ImpactSolver",
    "MODELS",
    "PackFriction",
    "PocketModel",
    "DEFAULT_PARAMS",
    "EVENT_KINDS",
    "Event",
    "EventArrays",
    "EventCapExceeded",
    "EventKind",
    "Frames",
    "PLACEMENT_TOLERANCE",
    "POCKET_NAMES",
    "PhysicsParams",
    "Pocketing",
    "ShotResult",
    "Slide",
    "SlideArrays",
    "Strike",
    "simulate",
    "board_speed",
    "board_speed_of",
    "physics_model",
    "simulate_batch",
]
