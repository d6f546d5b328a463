"""What calibration refuses: input it cannot use, with the shape of the referee's refusals (``kind`` and ``law``
as data, as ``carrom.rules.Refusal`` and the game's errors carry them), so a researcher's script tells it from a
failure of its own. Each message names the file (its row and column, the corner, the option) and what is wrong.

``kind`` is always ``"malformed"`` (``rules.Refusal.MALFORMED``'s value: calibration imports only the physics
and the equipment): a film, a tracks file or shots that do not give what calibration needs; no law is involved.
"""

from __future__ import annotations

MALFORMED = "malformed"


class CalibrateError(ValueError):
    """Input calibration cannot use; the message names the file or option and what is wrong."""

    kind = MALFORMED
    law: str | None = None


class TracksError(CalibrateError):
    """Tracks that cannot be used: the file, the row or column, and what is wrong (``carrom.calibrate.tracks``)."""


class TrackingError(CalibrateError):
    """A film that cannot be tracked: the file and what is wrong (``carrom.calibrate.video``)."""


class CalibrationError(CalibrateError):
    """Shots that cannot give a fit: too few, or none the engine can replay (``carrom.calibrate.fit``)."""
