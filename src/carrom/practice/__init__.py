"""Practice: set up any position, see exactly what a stroke would do and how the referee rules it, then play it.

``Position`` (a legal layout and the board's state the referee needs), ``predict`` (the exact
motion, the pieces that fall, the ruling with its laws), ``Session`` (strike, undo, redo) and
the drills (``carrom.practice.drills``). An adapter over the game, the physics, the referee
and the bots: nothing in the library imports it but the front ends (docs/practice.md).
"""

from carrom.practice.position import Fault, Position, PracticeError, from_state
from carrom.practice.predict import Aim, Prediction, Session, check_aim, predict

__all__ = ["Aim", "Fault", "Position", "PracticeError", "Prediction", "Session", "check_aim", "from_state", "predict"]
