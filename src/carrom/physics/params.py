"""The physical parameters of the simulation, as one frozen value.

Every default is documented, with where it came from, in docs/physics.md.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from enum import Enum

import numpy as np

from carrom.physics import _engine as E

CONTACT_TOLERANCE = 1e-12
"""Metres. Two discs (or a disc and a cushion) closer than this count as touching: a
touching pair that approaches collides at once, so chains of touching coins (the opening
formation) resolve at one instant in the fixed order instead of at instants a rounding
error apart."""

APPROACH_TOLERANCE = 1e-9
"""Metres per second. Two touching discs approaching slower than this do not collide (an
impact would change nothing measurable); the simulation waits until they close by
another ``CONTACT_TOLERANCE`` instead, so it always makes progress in time."""


OVERLAP_ALLOWANCE = 1e-10
"""Metres. Two touching discs that press together without approaching fast enough to
count (a sustained push) meet again when they overlap by this much, a fixed depth, so a
long push is a bounded number of small impacts and no overlap ever exceeds this."""


class CollisionModel(str, Enum):
    """How two discs exchange momentum at an impact (the pluggable part)."""

    FRICTIONLESS = "frictionless"
    """An instantaneous impulse along the line of centres, restitution per pair of kinds;
    no tangential friction, no spin."""


_MODEL_CODES = {CollisionModel.FRICTIONLESS: E.MODEL_FRICTIONLESS}


@dataclass(frozen=True)
class PhysicsParams:
    """Friction, restitution, the top striker speed and the event cap (SI units)."""

    mu: float = 0.15
    """Sliding friction coefficient, disc on board (DESIGN.md starting value)."""
    g: float = 9.80665
    """Standard gravity, m/s^2 (the conventional value, CGPM 1901)."""
    restitution_coin_coin: float = 0.9
    """Carromman against carromman (and the queen)."""
    restitution_striker_coin: float = 0.85
    """Striker against a carromman."""
    restitution_cushion: float = 0.7
    """Any disc against a cushion, on the normal speed."""
    max_speed: float = 6.5
    """Top striker speed (m/s): a full-force stroke. With mu 0.15 and a cushion at 0.7 it
    gives 3.9 board lengths from a baseline; the law asks at least 3.5 (ICF I.A.1)."""
    stick_within: float = 1e-4
    """Seconds. Two discs that strike each other again this soon after their last impact
    (at a later instant) are pushing: the impact is plastic and they slide on together
    with one velocity. A disc striking the same cushion again this soon keeps no normal
    speed. This ends the endless micro-impacts of a sustained push (docs/physics.md)."""
    max_events: int = 100_000
    """Cap on processed events; never reached in play (the break takes about a hundred)."""
    collision_model: CollisionModel = CollisionModel.FRICTIONLESS

    def __post_init__(self) -> None:
        def positive(name: str) -> None:
            v = getattr(self, name)
            if isinstance(v, bool) or not isinstance(v, (int, float)) or not math.isfinite(v) or v <= 0:
                raise ValueError(f"{name} must be a finite number > 0, got {v!r}")

        for name in ("mu", "g", "max_speed"):
            positive(name)
        for name in ("restitution_coin_coin", "restitution_striker_coin", "restitution_cushion"):
            v = getattr(self, name)
            if isinstance(v, bool) or not isinstance(v, (int, float)) or not 0.0 <= v <= 1.0:
                raise ValueError(f"{name} must lie in [0, 1], got {v!r}")
        v = self.stick_within
        if isinstance(v, bool) or not isinstance(v, (int, float)) or not math.isfinite(v) or v < 0:
            raise ValueError(f"stick_within must be a finite number >= 0, got {v!r}")
        if isinstance(self.max_events, bool) or not isinstance(self.max_events, int) or self.max_events < 1:
            raise ValueError(f"max_events must be an integer >= 1, got {self.max_events!r}")
        try:
            object.__setattr__(self, "collision_model", CollisionModel(self.collision_model))
        except ValueError:
            raise ValueError(
                f"unknown collision_model {self.collision_model!r}; known: {[m.value for m in CollisionModel]}"
            ) from None

    @property
    def deceleration(self) -> float:
        """mu * g: how fast a sliding disc loses speed (m/s^2)."""
        return self.mu * self.g

    def stopping_distance(self, speed: float) -> float:
        """How far a disc at ``speed`` slides on a clear board: v^2 / (2 mu g)."""
        return speed * speed / (2.0 * self.deceleration)

    def vector(self, half: float, pocket_radius: float, pocket_offset: float) -> np.ndarray:
        """The kernel's parameter vector for a board with these dimensions."""
        p = np.empty(E.NPARAMS, dtype=np.float64)
        p[E.P_DECEL] = self.deceleration
        p[E.P_E_CC] = self.restitution_coin_coin
        p[E.P_E_SC] = self.restitution_striker_coin
        p[E.P_E_CUSHION] = self.restitution_cushion
        p[E.P_HALF] = half
        p[E.P_POCKET_R] = pocket_radius
        p[E.P_POCKET_C] = pocket_offset
        p[E.P_TOUCH] = CONTACT_TOLERANCE
        p[E.P_VEPS] = APPROACH_TOLERANCE
        p[E.P_MODEL] = _MODEL_CODES[self.collision_model]
        p[E.P_MAX_EVENTS] = self.max_events
        p[E.P_STICK_WITHIN] = self.stick_within
        p[E.P_OVERLAP] = OVERLAP_ALLOWANCE
        return p


DEFAULT_PARAMS = PhysicsParams()
